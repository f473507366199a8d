"""Turn one input of ``acp-spec diff`` into a ProtocolView.

An input is a spec YAML file, a JSON Schema in upstream's shape (``schema.json`` /
``schema.unstable.json`` as upstream publishes them, with ``x-method``/``x-side``), or
``git:REF[:PATH]``: the spec (or any of those files) at a revision of the repository the
command runs in. A problem with an input raises SpecError (positioned, as ``check``'s) or
InputError; either way the command exits 2.
"""

from __future__ import annotations

import json
import re
import subprocess
import tarfile
import tempfile
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any

from ..defs import referenced_names
from ..diagnostics import Diagnostic, Position, SpecError
from ..index import Index, index_of, ref_name
from ..jsontext import JsonProblem, line_column, parse_json
from ..metaschema import schema_problem
from ..model import Kind, Sender, Spec
from ..readfile import NOT_REGULAR, regular_bytes, regular_text
from ..yamlsource import MAX_BYTES, MAX_DEPTH
from .view import FACTS, CallFacts, MethodFacts, ProtocolView

GIT_PREFIX = "git:"
DEFAULT_SPEC_PATH = "spec/acp-v2.yaml"  # spec.DEFAULT_SPEC, which this module cannot import
STABLE_FILE = "schema.json"
UNSTABLE_FILE = "schema.unstable.json"

# upstream's x-side names the side that handles a method; the call goes the other way
_SENDER_OF_SIDE: dict[str, Sender] = {
    "agent": "client-to-agent",
    "client": "agent-to-client",
    "both": "both",
    "protocol": "both",
}
# upstream's routing unions (and its naming of message defs) say what a def is
_ROLE_OF_SUFFIX: tuple[tuple[str, str], ...] = (
    ("Response", "result"),
    ("Notification", "notification"),
    ("Request", "request"),
)


class InputError(Exception):
    """An input that cannot be read, with no position to point at (a bad git ref, say)."""


def load_view(text: str, root: Path) -> ProtocolView:
    """The view of one input as the user wrote it; ``root`` is where ``git:`` looks."""
    if text.startswith(GIT_PREFIX):
        return _from_git(text, root)
    path = Path(text)
    if not path.is_file():
        if path.is_dir():
            what = "is a folder"
        elif path.exists():
            what = f"is {NOT_REGULAR}"
        else:
            what = "does not exist"
        raise InputError(
            f"{text} {what}; give a spec YAML file, upstream's {STABLE_FILE} or "
            f"{UNSTABLE_FILE}, or git:REF[:PATH]"
        )
    return _from_file(path, text)


def _from_file(path: Path, label: str, *, history: bool = False) -> ProtocolView:
    if _is_json(path):
        return view_of_json(path, label)
    # imported here: the loader's rules and the docs compare the spec with upstream
    # through this package, so it cannot import the loader at its own import
    from ..spec import load_checked

    spec, index = load_checked(path, display=label, history=history)
    return view_of_spec(spec, label, index)


def _is_json(path: Path) -> bool:
    if path.suffix == ".json":
        return True
    if path.suffix in (".yaml", ".yml"):
        return False
    return regular_bytes(path, 64).lstrip()[:1] == b"{"


# ── the spec ──


def view_of_spec(spec: Spec, label: str, index: Index | None = None) -> ProtocolView:
    """The spec's protocol: build_schema's document, the methods and the index's facts
    (``index``: the spec's, when the caller has it)."""
    index = index_of(spec) if index is None else index
    methods: dict[str, MethodFacts] = {}
    for method in spec.methods.values():
        calls = tuple(CallFacts(c.kind, c.params, c.result, method.sender) for c in method.calls)
        methods[method.name] = MethodFacts(
            name=method.name,
            calls=calls,
            stability=method.stability,
            capability=method.capability,
            errors=method.errors,
            retry=tuple((d, index.retry_class(method, d)) for d in method.directions),
            audited=method.audited,
            key_path=index.keys.key_property(method),
        )
    return ProtocolView(
        label=label,
        schema=index.schema,
        methods=methods,
        carries=frozenset(FACTS),
        error_codes={name: error.code for name, error in spec.errors.items()},
        schema_index=index.of_schema,
    )


# ── upstream's JSON ──


def view_of_json(path: Path, label: str) -> ProtocolView:
    """Upstream's published schema: methods from ``x-method``/``x-side``; stability when
    ``schema.json`` and ``schema.unstable.json`` lie side by side."""
    schema = read_schema(path, label)
    notes: list[str] = []
    stable: frozenset[str] | None = None
    pair = {STABLE_FILE: UNSTABLE_FILE, UNSTABLE_FILE: STABLE_FILE}.get(path.name)
    if pair is not None and (path.parent / pair).is_file():
        beside = label[: -len(path.name)] + pair if label.endswith(path.name) else pair
        other = read_schema(path.parent / pair, beside)
        stable = methods_of(schema if path.name == STABLE_FILE else other)
    else:
        notes.append(f"{label}: stability is known only when upstream's {STABLE_FILE} and "
                     f"{UNSTABLE_FILE} lie side by side")  # fmt: skip
    return schema_view(schema, label, stable, tuple(notes))


def methods_of(schema: Mapping[str, Any]) -> frozenset[str]:
    """The methods an upstream schema has: those its defs name in ``x-method``."""
    defs = schema.get("$defs", {})
    return frozenset(d["x-method"] for d in defs.values() if isinstance(d.get("x-method"), str))


def schema_view(
    schema: Mapping[str, Any],
    label: str,
    stable: frozenset[str] | None = None,
    notes: tuple[str, ...] = (),
) -> ProtocolView:
    """The view of a JSON Schema in upstream's shape. ``stable`` names the methods that
    are stable (the others are unstable); None when unknown."""
    defs: Mapping[str, Mapping[str, Any]] = schema["$defs"]
    methods, more = _methods(defs)
    if stable is not None:
        methods = {
            name: MethodFacts(m.name, m.calls, "stable" if name in stable else "unstable")
            for name, m in methods.items()
        }
    return ProtocolView(
        label=label,
        schema=schema,
        methods=methods,
        carries=frozenset() if stable is None else frozenset({"stability"}),
        notes=notes + more,
    )


def read_schema(path: Path, label: str) -> dict[str, Any]:
    at = Position(label, 1, 1)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SpecError([Diagnostic(at, f"the file is over {MAX_BYTES // 1048576} MiB; "
                                        "give upstream's published schema file")])  # fmt: skip
        text = regular_text(path)
    except UnicodeDecodeError as err:
        raise SpecError([Diagnostic(at, f"not UTF-8 ({err.reason} at byte {err.start}); "
                                    "give upstream's published schema file")]) from None  # fmt: skip
    except OSError as err:
        raise InputError(f"{label}: cannot read it: {err.strerror}") from None
    try:
        # as deep as a spec may be, and text the report can print
        value = parse_json(text, max_depth=MAX_DEPTH, unicode=True)
    except JsonProblem as err:
        raise SpecError([Diagnostic(Position(label, err.line, err.column),
            f"{err.reason}; give upstream's published {STABLE_FILE} or "
            f"{UNSTABLE_FILE} unchanged")]) from None  # fmt: skip
    if not isinstance(value, dict) or not isinstance(value.get("$defs"), dict):
        raise SpecError([Diagnostic(at, "a JSON Schema with $defs in upstream's shape was "
            f"expected (upstream's {STABLE_FILE} or {UNSTABLE_FILE}); give one of those, a "
            "spec YAML file or git:REF")])  # fmt: skip
    bad = sorted(n for n, d in value["$defs"].items() if not isinstance(d, dict))
    if bad:
        raise SpecError([Diagnostic(_def_place(text, label, bad[0]), f"$defs/{bad[0]} is not a "
                        "schema object; give upstream's published schema file unchanged")])  # fmt: skip
    problem = schema_problem(value)  # what the comparison walks, it walks as a schema
    if problem is not None:
        pointer, what = problem
        name = (
            pointer.split("/")[2].replace("~1", "/").replace("~0", "~")
            if pointer.startswith("/$defs/")
            else None
        )
        raise SpecError([Diagnostic(_def_place(text, label, name), f"not a JSON Schema 2020-12 "
                        f"at #{pointer}: {what}; give upstream's published schema file unchanged")])  # fmt: skip
    return value


def _def_place(text: str, label: str, name: str | None) -> Position:
    """Where def ``name``'s key is written (the file's start if not found as written)."""
    start = text.find('"$defs"')
    found = None
    if name is not None and start >= 0:
        found = re.compile(re.escape(json.dumps(name, ensure_ascii=False)) + r"\s*:").search(
            text, start
        )
    line, column = line_column(text, found.start()) if found else (1, 1)
    return Position(label, line, column)


def _methods(
    defs: Mapping[str, Mapping[str, Any]],
) -> tuple[dict[str, MethodFacts], tuple[str, ...]]:
    """The method table upstream's defs imply, and notes on what they leave unsaid."""
    roles = _routing_roles(defs)
    found: dict[str, dict[str, list[str]]] = {}
    for name in sorted(defs):
        method = defs[name].get("x-method")
        if not isinstance(method, str):
            continue
        role = roles.get(name) or _role_by_name(name)
        found.setdefault(method, {}).setdefault(role, []).append(name)
    methods: dict[str, MethodFacts] = {}
    unsaid: set[str] = set()
    for method, by_role in sorted(found.items()):
        calls: list[CallFacts] = []
        for kind, role in (("request", "request"), ("notification", "notification")):
            params = by_role.get(role)
            if not params:
                continue
            side = defs[params[0]].get("x-side")
            sender = _SENDER_OF_SIDE.get(side) if isinstance(side, str) else None
            if sender is None:
                unsaid.add(f"{method} (x-side {side!r})")
            result = by_role.get("result", [None])[0] if kind == "request" else None
            calls.append(CallFacts(_kind(kind), params[0], result, sender))
        if calls:
            methods[method] = MethodFacts(method, tuple(calls))
    notes: tuple[str, ...] = ()
    if unsaid:
        notes = (f"who sends {', '.join(sorted(unsaid))} is not said; judged both ways and "
                 "direction not compared",)  # fmt: skip
    return methods, notes


def _role_by_name(name: str) -> str:
    """A message def no routing union lists: upstream names it for what it is."""
    return next((role for suffix, role in _ROLE_OF_SUFFIX if name.endswith(suffix)), "request")


def _kind(kind: str) -> Kind:
    return "request" if kind == "request" else "notification"


def _routing_roles(defs: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Message def -> request, result or notification, from the routing union it is in."""
    roles: dict[str, str] = {}
    for name in sorted(defs):
        if defs[name].get("x-docs-ignore") is not True:
            continue
        role = next((r for suffix, r in _ROLE_OF_SUFFIX if name.endswith(suffix)), None)
        if role is None:
            continue
        for ref in referenced_names(defs[name]):
            target = ref_name(ref)
            if target is not None and "x-method" in defs.get(target, {}):
                roles.setdefault(target, role)
    return roles


# ── git ──


def _from_git(text: str, root: Path) -> ProtocolView:
    ref, _, path_text = text[len(GIT_PREFIX) :].partition(":")
    if not ref:
        raise InputError(f"{text}: name a revision, as git:REF or git:REF:PATH (git:HEAD, say)")
    top = _git(root, "rev-parse", "--show-toplevel", what=f"{text}: {root} is not in a git "
               "repository; run acp-spec diff inside the repository, or give a file").strip()  # fmt: skip
    commit = _git(Path(top), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}",
                  what=f"{text}: {ref!r} is not a revision of the repository at {top}; "
                  "give a branch, tag or commit (git log shows them)").strip()  # fmt: skip
    inside = PurePosixPath(path_text or DEFAULT_SPEC_PATH)
    if inside.is_absolute() or ".." in inside.parts:
        raise InputError(f"{text}: the path must be relative to the repository's top folder")
    _git(Path(top), "cat-file", "-e", f"{commit}:{inside}",
         what=f"{text}: {ref} has no {inside}; give the path of the spec (or schema) at that "
         "revision as git:REF:PATH")  # fmt: skip
    what = _entry_kind(Path(top), commit, inside)
    if what is not None:
        raise InputError(f"{text}: {inside} is {what} at {ref}; give the path of the spec (or "
                         "schema) file itself as git:REF:PATH")  # fmt: skip
    # the spec names files beside it (upstream's snapshot, the vector ids): take its folder
    folder = inside.parent.as_posix()
    with tempfile.TemporaryDirectory(prefix="acp-spec-diff-") as tmp:
        archive = subprocess.run(
            ["git", "-C", top, "archive", "--format=tar", commit, "--", folder],
            capture_output=True, check=False,
        )  # fmt: skip
        if archive.returncode != 0:
            raise InputError(f"{text}: git archive failed: {archive.stderr.decode().strip()}")
        tar_path = Path(tmp) / "tree.tar"
        tar_path.write_bytes(archive.stdout)
        left_out: list[str] = []
        with tarfile.open(tar_path) as tar:
            tar.extractall(Path(tmp) / "tree", filter=partial(_files_only, left_out))
        label = f"{GIT_PREFIX}{ref}:{inside}"
        # a spec of the past held to the rules of its own day, not today's (see load_spec)
        view = _from_file(Path(tmp) / "tree" / inside, label, history=True)
    if left_out:
        view = replace(view, notes=(*view.notes, f"{label}: left out of what the spec could "
                       f"read beside it at {ref}: {'; '.join(left_out)}"))  # fmt: skip
    return view


def pinned(text: str, root: Path) -> str:
    """An input as a stored report names it: ``git:REF[:PATH]`` with the commit REF is now
    (``git:HEAD`` means another commit tomorrow); any other input as given. Called once the
    input was read, so the revision exists."""
    if not text.startswith(GIT_PREFIX):
        return text
    ref, colon, path_text = text[len(GIT_PREFIX) :].partition(":")
    commit = _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}",
                  what=f"{text}: {ref!r} is not a revision of the repository").strip()  # fmt: skip
    return f"{GIT_PREFIX}{commit}{colon}{path_text}"


def _entry_kind(top: Path, commit: str, inside: PurePosixPath) -> str | None:
    """What the entry at ``inside`` is in ``commit`` when it is not a file to read (a
    folder, a symbolic link, a submodule); None for a file."""
    listed = _git(top, "ls-tree", "-z", commit, "--", str(inside), what=f"git ls-tree {inside}")
    mode = listed.split(" ", 1)[0]
    kinds = {"040000": "a folder", "120000": "a symbolic link", "160000": "a submodule"}
    return kinds.get(mode)


def _files_only(left_out: list[str], member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
    """The archive's folders and regular files, as tarfile's data filter takes them; a link
    (which may point outside the tree, or to an absolute path) or anything else it refuses
    is left out and said, so that one such entry does not keep the spec from being read."""
    if not (member.isfile() or member.isdir()):
        left_out.append(f"{member.name} (a {'symbolic ' if member.issym() else ''}link)"
                        if member.issym() or member.islnk() else f"{member.name} (not a file)")  # fmt: skip
        return None
    try:
        return tarfile.data_filter(member, dest)
    except tarfile.FilterError as err:
        left_out.append(f"{member.name} ({err})")
        return None


def _git(cwd: Path, *args: str, what: str) -> str:
    try:
        result = subprocess.run(
            ["git", "-C", str(cwd), *args], capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise InputError(f"{what.split(':')[0]}: git is not installed") from None
    if result.returncode != 0:
        raise InputError(what)
    return result.stdout
