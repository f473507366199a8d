"""A corpus of mutated specs (fixed seed): `check` and `generate` never crash or hang.

Each case mutates the real spec (data edits an adversary or a careless maintainer might
make, and a few byte-level ones), then runs the command in process with a time limit. It
must answer with exit 0 (a valid spec), 1 (every problem as ``file:line:col: message``)
and never an internal error, traceback or unpositioned message; and a `generate` that fails
must leave every file of the project as it was.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
import pickle
import random
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from support.commands import run_command

# 300 mutated specs, a generate each: spread over the workers, last of all
pytestmark = pytest.mark.cost("many")

REPO = Path(__file__).resolve().parents[1]
SPEC_NAME = "acp-v2.yaml"
SEED = 20261201
COUNT = 300

Data = dict[str, Any]
RESERVED = ["Message", "Any", "BaseModel", "Field", "None", "True", "METHODS", "Method", "decode"]
ODD_VALUES: list[Any] = [
    None, True, 0, -1, 1.5, 1e300, "", "x" * 300, [], {}, ["a"], {"a": 1},
    "⟦", "\u2028", "a\x00b", "$ref", "#/$defs/Nowhere",
]  # fmt: skip


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path in ``value``, in pre-order (a node before its children, in their order)."""
    found: list[tuple[Any, ...]] = []
    todo = [(value, path)]
    while todo:
        node, at = todo.pop()
        found.append(at)
        if isinstance(node, dict):
            todo += [(item, (*at, key)) for key, item in reversed(node.items())]
        elif isinstance(node, list):
            todo += [(node[n], (*at, n)) for n in range(len(node) - 1, -1, -1)]
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _pick(rng: random.Random, data: Data, under: tuple[Any, ...] = ()) -> tuple[Any, ...]:
    paths = _paths(_get(data, under), under)[1:]  # not ``under`` itself
    return rng.choice(paths)


def delete_something(rng: random.Random, data: Data) -> str:
    path = _pick(rng, data)
    parent = _get(data, path[:-1])
    del parent[path[-1]]
    return f"delete {path}"


def replace_a_value(rng: random.Random, data: Data) -> str:
    path = _pick(rng, data)
    value = copy.deepcopy(rng.choice(ODD_VALUES))
    _get(data, path[:-1])[path[-1]] = value
    return f"set {path} = {value!r:.40}"


def rename_a_type(rng: random.Random, data: Data) -> str:
    old = rng.choice(sorted(data["types"]))
    new = rng.choice(RESERVED + [old.lower(), old + "Item", "_" + old])
    data["types"][new] = data["types"].pop(old)
    return f"rename type {old} -> {new}"


def a_colliding_method(rng: random.Random, data: Data) -> str:
    name = rng.choice(sorted(data["methods"]))
    twin = rng.choice([
        name.replace("_", "").replace("/", "/X") if "/" in name else "_" + name.upper(),
        name.replace("$", "dollar"),
        "_" + name.replace("/", "_").upper(),
        "_" + "a" * rng.choice([200, 250, 300]),
        name.replace("/", "//"),
    ])  # fmt: skip
    data["methods"][twin] = copy.deepcopy(data["methods"][name])
    return f"copy method {name} as {twin[:40]}"


def remove_a_method_or_type(rng: random.Random, data: Data) -> str:
    # a type is usually referenced (a dangling reference); a method rarely is
    section = rng.choice(["methods", "types"])
    name = rng.choice(sorted(data[section]))
    del data[section][name]
    return f"remove {section[:-1]} {name}"


def a_schema_keyword(rng: random.Random, data: Data) -> str:
    name = rng.choice(sorted(data["types"]))
    node = data["types"][name]
    keyword, value = rng.choice([
        ("items", True), ("items", False), ("additionalProperties", False),
        ("required", ["nothere"]), ("const", None), ("pattern", "^(a+)+$"), ("pattern", "["),
        ("type", ["object", "null"]), ("minLength", 5), ("maxItems", 0), ("enum", []),
        ("anyOf", []), ("not", {}), ("$ref", name), ("$ref", "Nowhere"), ("format", "uri"),
        ("default", float("inf")), ("oneOf", [{"const": 1}, {"const": 1}]),
    ])  # fmt: skip
    target = node
    props = node.get("properties")
    if isinstance(props, dict) and props and rng.random() < 0.6:
        target = props[rng.choice(sorted(props))]
    if isinstance(target, dict):
        target[keyword] = value
    return f"{name}: {keyword} = {value!r}"


def an_example(rng: random.Random, data: Data) -> str:
    name = rng.choice(sorted(data["methods"]))
    examples = data["methods"][name].get("examples") or [{}]
    example = rng.choice(examples)
    params = example.get("params")
    if isinstance(params, dict) and params:
        key = rng.choice(sorted(params))
        params[key + rng.choice(["", "x", "_"])] = copy.deepcopy(rng.choice(ODD_VALUES))
    example["title"] = rng.choice([examples[0].get("title", "t"), "!!!", "", "A" * 500])
    return f"{name}: an example changed"


DATA_MUTATIONS: list[Callable[[random.Random, Data], str]] = [
    delete_something, replace_a_value, rename_a_type, a_colliding_method, remove_a_method_or_type,
    a_schema_keyword, an_example,
]  # fmt: skip


def text_mutation(rng: random.Random, text: str) -> tuple[str, str]:
    at = rng.randrange(len(text))
    kind = rng.choice(["cut", "insert", "indent", "nest"])
    if kind == "cut":
        return text[:at], f"cut at {at}"
    if kind == "insert":
        junk = rng.choice(
            [
                "\x00",
                "\x0c",
                "\u2028",
                "\x85",
                "\t",
                ": :",
                "[",
                "&a",
                "*a",
                "!!python/object:os.system",
                "\ufeff",
            ]
        )
        return text[:at] + junk + text[at:], f"insert {junk!r} at {at}"
    if kind == "indent":
        lines = text.split("\n")
        line = rng.randrange(len(lines))
        lines[line] = " " + lines[line]
        return "\n".join(lines), f"indent line {line + 1}"
    depth = rng.choice([100, 5000, 30000])
    return text + f"\nx: {'[' * depth}{']' * depth}\n", f"nest {depth} deep"


@dataclass(frozen=True)
class Mutant:
    id: str
    what: str
    text: str  # the spec's text


@functools.cache
def corpus() -> list[Mutant]:
    rng = random.Random(SEED)
    original = (REPO / "spec" / "acp-v2.yaml").read_text(encoding="utf-8")
    base = pickle.dumps(YAML(typ="safe").load(original))
    found: list[Mutant] = []
    seen: set[str] = set()
    while len(found) < COUNT:
        if rng.random() < 0.2:
            source, what = text_mutation(rng, original)
            mutant = Mutant(f"m{len(found):03d}", what, source)
        else:
            data: Data = pickle.loads(base)  # deepcopy's result, in a fraction of the time
            steps = [rng.choice(DATA_MUTATIONS)(rng, data) for _ in range(rng.choice([1, 1, 2]))]
            if rng.random() < 0.3 and isinstance(data.get("upstream"), dict):
                # without the snapshot nothing holds the types to upstream's, so the
                # emitters meet the mutated types themselves
                data["upstream"].pop("schemas", None)
                steps.append("(no upstream snapshot)")
            # JSON is YAML; the dump keeps every value exactly (ruamel's would fold some),
            # an item a line: JSON's C encoder writes that in a third of the time of an
            # indented dump, which is pure Python. Kept as text, which the garbage collector
            # never walks: 240 specs' worth of dicts slowed every later collection.
            text = json.dumps(data, ensure_ascii=False, allow_nan=True, separators=(",\n", ": "))
            mutant = Mutant(f"m{len(found):03d}", "; ".join(steps), text)
        if mutant.text not in seen:  # distinct mutants only: a repeat would test nothing new
            seen.add(mutant.text)
            found.append(mutant)
    return found


def tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


Stamps = dict[str, tuple[int, int, int]]


def tree_stamps(root: Path) -> Stamps:
    """Each file of generated/ and site/ with its inode, size and modification time: a file
    written, replaced, added or deleted changes them, so equal stamps are an unchanged tree,
    known without reading its bytes (a tenth of a second a case)."""
    stamps: Stamps = {}
    for part in ("generated", "site"):
        for folder, _, files in os.walk(root / part):
            for name in files:
                stat = os.stat(os.path.join(folder, name))
                stamps[os.path.join(folder, name)] = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
    return stamps


@dataclass(frozen=True)
class Project:
    root: Path
    digest: tuple[str, str]  # of its generated/ and site/ as the real spec makes them
    stamps: Stamps  # of both, as they are now
    source: Path = REPO  # the project whose generated/ and site/ are the real tree

    def unchanged(self) -> bool:
        if tree_stamps(self.root) == self.stamps:
            return True
        # something was touched: it may still hold the same bytes
        after = tree_digest(self.root / "generated"), tree_digest(self.root / "site")
        return after == self.digest

    def reset(self) -> None:
        """The real tree back, after a valid mutant rewrote it: the files whose stamps
        changed (written, replaced, added or deleted) put back as they are in the source,
        on the premise ``unchanged`` stands on; the rest are the real tree's already."""
        now = tree_stamps(self.root)
        for path in sorted(set(now) | set(self.stamps)):
            if now.get(path) != self.stamps.get(path):
                _restore(self.root, self.source, path)
        self.stamps.clear()
        self.stamps.update(tree_stamps(self.root))


def _ignored(relative: Path) -> bool:
    """A path _real_tree leaves out (a built site, site/site/)."""
    return "site" in relative.parts[1:]


def _restore(root: Path, source: Path, path: str) -> None:
    """One file of ``root`` made the source's again: copied, or deleted if the source has
    none (with the folders that held it and that the source does not have)."""
    relative = Path(path).relative_to(root)
    original = source / relative
    target = Path(path)
    if original.is_file() and not _ignored(relative):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(original, target)
        return
    target.unlink(missing_ok=True)
    folder = target.parent
    while folder != root and not (source / folder.relative_to(root)).is_dir():
        if any(folder.iterdir()):
            break
        folder.rmdir()
        folder = folder.parent


def _real_tree(root: Path) -> None:
    for part in ("generated", "site"):
        shutil.rmtree(root / part, ignore_errors=True)
        shutil.copytree(REPO / part, root / part, ignore=shutil.ignore_patterns("site"))


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(REPO / "spec", root / "spec")
    _real_tree(root)
    # What the first case would pay for, paid here, outside any case (its time limit
    # included), so that a case costs the same whatever ran before it on its worker: the
    # corpus, built once a process, and the toolchain's process-wide caches
    # (tests/support/caches.py), which the real spec's generate fills. The first case
    # took 2.3 s of CPU, the next invalid ones 0.05 s, and the first valid one 0.86 s
    # against 0.5 s (2026-12-04).
    corpus()
    code, err = run_command(
        ["--spec", str(root / "spec" / SPEC_NAME), "--root", str(root), "generate"]
    )
    assert code == 0, err
    # every case starts from this tree (a valid mutant's is put back): read it once
    digest = tree_digest(root / "generated"), tree_digest(root / "site")
    return Project(root, digest, tree_stamps(root))


POSITIONED = re.compile(r"^\S.*:\d+:\d+: ")


@pytest.mark.slow
@pytest.mark.parametrize("number", range(COUNT), ids=[f"m{n:03d}" for n in range(COUNT)])
def test_a_mutated_spec_is_answered_with_positions(number: int, project: Project) -> None:
    mutant = corpus()[number]  # built by ``project``: collecting the tests stays quick
    spec = project.root / "spec" / "mutant.yaml"
    spec.write_text(mutant.text, encoding="utf-8")
    code, err = run_command(["--spec", str(spec), "--root", str(project.root), "generate"])
    assert code in (0, 1), f"{mutant.what}: exit {code}\n{err}"
    assert "Traceback" not in err and "internal error" not in err, f"{mutant.what}\n{err}"
    if code == 1:
        problems = [line for line in err.splitlines() if line and not line.startswith(" ")]
        summary = problems.pop()
        assert "nothing was written" in summary, f"{mutant.what}\n{err}"
        unplaced = [line for line in problems if not POSITIONED.match(line)]
        assert unplaced == [], f"{mutant.what}: messages without file:line:col\n{err}"
        assert project.unchanged(), f"{mutant.what}: a failing generate changed files"
    else:
        # a valid mutant rewrote the tree: the next case needs the real one
        project.reset()


@pytest.mark.slow
def test_the_corpus_is_big_and_varied() -> None:
    mutants = corpus()
    assert len(mutants) >= 300
    assert len({m.text for m in mutants}) == len(mutants)
    kinds = {m.what.split(" ")[0] for m in mutants}
    assert {"delete", "set", "rename", "copy", "remove", "cut", "insert"} <= kinds


@pytest.mark.parametrize("change", ["same bytes", "same size", "added", "deleted", "replaced"])
def test_a_changed_tree_is_seen_and_a_rewrite_of_the_same_bytes_is_not_a_change(
    tmp_path: Path, change: str
) -> None:
    for part in ("generated", "site"):
        (tmp_path / part / "sub").mkdir(parents=True)
        (tmp_path / part / "sub" / "a.txt").write_text(part, encoding="utf-8")
    digest = tree_digest(tmp_path / "generated"), tree_digest(tmp_path / "site")
    project = Project(tmp_path, digest, tree_stamps(tmp_path))
    assert project.unchanged()
    target = tmp_path / "site" / "sub" / "a.txt"
    if change == "same bytes":  # touched, not changed
        target.write_text("site", encoding="utf-8")
    elif change == "same size":
        target.write_text("sitE", encoding="utf-8")
    elif change == "added":
        (tmp_path / "generated" / "new.txt").write_text("", encoding="utf-8")
    elif change == "deleted":
        target.unlink()
    else:
        (tmp_path / "other").write_text("siTe", encoding="utf-8")  # as the writer does
        os.replace(tmp_path / "other", target)
    assert project.unchanged() == (change == "same bytes")


@pytest.mark.parametrize("change", ["changed", "added", "added in a new folder", "deleted"])
def test_a_reset_puts_back_exactly_the_source_tree(tmp_path: Path, change: str) -> None:
    source, root = tmp_path / "source", tmp_path / "project"
    for part in ("generated", "site"):
        (source / part / "sub").mkdir(parents=True)
        (source / part / "sub" / "a.txt").write_text(part, encoding="utf-8")
        (source / part / "b.txt").write_text(part * 2, encoding="utf-8")
    shutil.copytree(source, root)
    digest = tree_digest(root / "generated"), tree_digest(root / "site")
    project = Project(root, digest, tree_stamps(root), source)
    folders = sorted(p.relative_to(root) for p in root.rglob("*") if p.is_dir())
    if change == "changed":  # as the writer does: another file in its place
        (root / "other").write_text("sitE", encoding="utf-8")
        os.replace(root / "other", root / "site" / "sub" / "a.txt")
    elif change == "added":
        (root / "generated" / "sub" / "new.txt").write_text("new", encoding="utf-8")
    elif change == "added in a new folder":
        (root / "site" / "new" / "deeper").mkdir(parents=True)
        (root / "site" / "new" / "deeper" / "new.txt").write_text("new", encoding="utf-8")
    else:
        (root / "generated" / "b.txt").unlink()
    assert not project.unchanged()
    project.reset()
    assert (tree_digest(root / "generated"), tree_digest(root / "site")) == digest
    assert sorted(p.relative_to(root) for p in root.rglob("*") if p.is_dir()) == folders
    assert project.stamps == tree_stamps(root) and project.unchanged()
