"""The artifact registry (pipeline.ARTIFACTS): one owner for each output root, the tables of
the README and the site's home page made of it, the README's kept current by check."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from acp_spec import pipeline, readme_table
from acp_spec.diagnostics import Diagnostic, SpecError
from acp_spec.emit.artifact import Artifact, CachedArtifact, markdown_table, registry, table_rows
from acp_spec.emit.cached_step import Cache, CachedStep
from acp_spec.index import Index, index_of
from acp_spec.model import Spec
from acp_spec.rules import Check
from acp_spec.writer import path_problem

ROOT = Path(__file__).resolve().parents[1]


def _none(spec: Spec, index: Index) -> dict[str, bytes]:
    return {}


def _fake(name: str, *roots: str) -> Artifact:
    return Artifact(name=name, description=f"the {name}", roots=roots, emit=_none)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("generated/a.json",), ("generated/a.json",)),  # one file
        (
            ("generated/vectors/",),
            ("generated/vectors/envelope.json",),
        ),  # a folder and a file in it
        (("generated/vectors/x.json",), ("generated/vectors/",)),  # the other way round
        (("generated/a/",), ("generated/a/b/",)),  # a folder in a folder
        (("generated/x.json", "generated/t/"), ("generated/t/y.json",)),  # any of the roots
    ],
)
def test_two_artifacts_claiming_overlapping_roots_are_refused(
    first: tuple[str, ...], second: tuple[str, ...]
) -> None:
    with pytest.raises(ValueError, match="claim overlapping output roots"):
        registry([_fake("one", *first), _fake("two", *second)])


def test_roots_that_only_share_a_prefix_do_not_overlap() -> None:
    """`generated/schema.json` and `generated/schema.unstable.json`: files, not folders."""
    found = registry([_fake("one", "generated/schema.json"), _fake("two", "generated/schema.unstable.json"),
                      _fake("three", "generated/vector/"), _fake("four", "generated/vectors/")])  # fmt: skip
    assert [a.name for a in found] == ["one", "two", "three", "four"]


def test_a_name_twice_and_a_step_outside_its_roots_are_refused() -> None:
    with pytest.raises(ValueError, match="two artifacts are named one"):
        registry([_fake("one", "generated/a"), _fake("one", "generated/b")])
    step = CachedStep(stamp="generated/x/input.sha256", made=("generated/y/z.py",), package="acp_spec.traces_run")  # fmt: skip
    cached = CachedArtifact(name="slow", description="slow", roots=("generated/x/",), step=step,
                            emit=lambda spec, index, cache: {})  # fmt: skip
    with pytest.raises(ValueError, match=r"makes generated/y/z\.py, outside its roots"):
        registry([cached])


def test_the_registry_s_roots_are_generated_roots_and_its_descriptions_cells() -> None:
    for artifact in pipeline.ARTIFACTS:
        for root in artifact.roots:
            assert path_problem(root.rstrip("/") + ("/x" if root.endswith("/") else "")) is None
        # one line, no cell separator, no link (the home page and the README have other bases)
        assert "\n" not in artifact.description and "|" not in artifact.description
        assert "](" not in artifact.description, artifact.name
    names = {a.name for a in pipeline.ARTIFACTS}
    assert {"schema", "meta", "models", "docs", "vectors", "traces"} <= names


def test_an_artifact_that_writes_outside_its_roots_is_a_bug(
    real_spec: Spec, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stray(spec: Spec, index: Index) -> dict[str, bytes]:
        return {"generated/other.json": b"{}\n"}

    fake = Artifact(name="stray", description="a stray", roots=("generated/mine.json",), emit=stray)
    monkeypatch.setattr(pipeline, "ARTIFACTS", (fake,))
    with pytest.raises(ValueError, match=r"artifact stray made \['generated/other.json'\]"):
        pipeline.build_outputs(real_spec, index=index_of(real_spec))


def test_the_checks_are_the_artifacts(monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing(spec: Spec, index: Index, written: object) -> Iterator[Diagnostic]:
        yield from ()

    check = Check("fake-names", nothing)
    fake = dataclasses.replace(_fake("fake", "generated/fake.json"), checks=(check,))
    assert check not in pipeline.checks()
    monkeypatch.setattr(pipeline, "ARTIFACTS", (*pipeline.ARTIFACTS, fake))
    assert pipeline.checks()[-1] is check
    ids = {c.id for c in pipeline.checks()}
    assert {"method-files", "links", "python-models", "example-ids"} <= ids


# --- a cached step ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Input:
    names: frozenset[str]
    text: str


def test_a_cached_step_s_key_is_its_input_its_code_and_its_tools() -> None:
    step = CachedStep(
        stamp="generated/x/stamp", made=("generated/x/a",), package="acp_spec.traces_run"
    )
    key = step.key(_Input(frozenset({"b", "a"}), "t"))
    assert key == step.key(_Input(frozenset({"a", "b"}), "t"))  # a set's order is no part
    assert key != step.key(_Input(frozenset({"a"}), "t"))
    assert key != step.key(_Input(frozenset({"a", "b"}), "u"))
    other_tools = dataclasses.replace(step, tools=lambda: {"tool": "1.0"})
    assert other_tools.key(_Input(frozenset({"a", "b"}), "t")) != key
    other_code = dataclasses.replace(step, package="acp_spec.emit.models.runtime")
    assert other_code.key(_Input(frozenset({"a", "b"}), "t")) != key


def test_a_cache_hands_an_earlier_run_s_files_for_the_stamp_s_key() -> None:
    step = CachedStep(
        stamp="generated/x/stamp", made=("generated/x/a",), package="acp_spec.traces_run"
    )
    earlier = {"generated/x/a": b"made\n"}
    asked: list[tuple[str, str]] = []

    def reuse(stamp: str, key: str) -> dict[str, bytes] | None:
        asked.append((stamp, key))
        return earlier if key == "k1" else None

    cache = Cache(step, reuse)
    assert cache.earlier("k1") == earlier and cache.earlier("k2") == {}
    assert asked == [("generated/x/stamp", "k1"), ("generated/x/stamp", "k2")]
    assert cache.stamp("k2") == {"generated/x/stamp": b"k2\n"}


# --- the README's table ---------------------------------------------------------------------


def test_the_readme_holds_the_registry_s_table() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    region = text.split(readme_table.BEGIN + "\n", 1)[1].split(readme_table.END, 1)[0]
    assert region == pipeline.artifact_table()
    assert "| `generated/traces/` |" in region


TABLE = markdown_table(table_rows([_fake("one", "generated/one.json")]))


def _readme(tmp_path: Path, text: str) -> Path:
    (tmp_path / "README.md").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_stale_readme_table_is_found_at_its_marker(tmp_path: Path) -> None:
    root = _readme(tmp_path, f"# x\n\n{readme_table.BEGIN}\n| old |\n{readme_table.END}\nafter\n")
    [problem] = readme_table.problems(root, TABLE)
    assert (problem.position.file, problem.position.line) == ("README.md", 3)
    assert "run `acp-spec generate`" in problem.message
    stale = readme_table.stale(root, TABLE)
    assert stale is not None
    readme_table.write(root, stale)
    text = (root / "README.md").read_text(encoding="utf-8")
    assert text == f"# x\n\n{readme_table.BEGIN}\n{TABLE}{readme_table.END}\nafter\n"
    assert readme_table.problems(root, TABLE) == []


def test_a_readme_without_markers_or_none_has_no_table_to_keep(tmp_path: Path) -> None:
    assert readme_table.problems(tmp_path, TABLE) == []
    assert readme_table.problems(_readme(tmp_path, "# x\n"), TABLE) == []


@pytest.mark.parametrize(
    "text",
    [
        f"{readme_table.BEGIN}\n",
        f"{readme_table.END}\n{readme_table.BEGIN}\n",
        f"{readme_table.BEGIN}\n{readme_table.END}\n{readme_table.BEGIN}\n{readme_table.END}\n",
        f"{readme_table.BEGIN} {readme_table.END}\n",
    ],
    ids=["no-end", "end-first", "twice", "one-line"],
)
def test_markers_out_of_order_are_a_problem_at_their_line(tmp_path: Path, text: str) -> None:
    root = _readme(tmp_path, "# x\n" + text)
    [problem] = readme_table.problems(root, TABLE)
    assert problem.position.line == 2 and readme_table.BEGIN in problem.message
    with pytest.raises(SpecError):
        readme_table.stale(root, TABLE)


def test_the_rules_import_no_emitter() -> None:
    """The name checks lived in rules/ and imported the emitters' naming (rules/names.py,
    rules/models.py): now each artifact owns its checks and the pipeline hands them down."""
    import ast

    from acp_spec import rules

    for path in Path(rules.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        tops = [m.removeprefix("acp_spec.").split(".")[0] for m in imported]
        assert not {"emit", "pipeline"} & set(tops), path.name
