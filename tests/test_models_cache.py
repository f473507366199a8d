"""The models step's cache: its key covers all the step reads, so a cached ``generate`` and
an uncached one make the same bytes, whatever the spec edit.

Run through the pipeline in process, on a tmp copy of the project generated once.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import pickle
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import datamodel_code_generator
import pytest
from acp_spec import cli, pipeline
from acp_spec.emit import models
from acp_spec.emit.cached_step import Cache, step_code
from acp_spec.emit.models.codegen import TOOL_PINS, tool_versions
from acp_spec.emit.models_step import MODELS_STEP, emit_models
from acp_spec.emit.table import table
from acp_spec.index import index_of, schema_index
from acp_spec.model import Spec
from acp_spec.spec import load_spec
from acp_spec.writer import replace_all, reusable
from support.specs import without_upstream_snapshot, write_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = "spec/acp-v2.yaml"
# each case runs datamodel-code-generator once or twice: seconds each
pytestmark = [pytest.mark.slow, pytest.mark.cost("shared", "long")]
METHODS_FILE = f"{models.OUT}/src/acp_models/v2/_methods.py"


def _one(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _method_block(text: str, name: str) -> str:
    """A method's lines in the spec, up to the next method (or section comment)."""
    found = re.search(rf"^  {re.escape(name)}:\n(?:(?:    .*)?\n)*", text, re.MULTILINE)
    assert found is not None, name
    return found.group(0)


def _retry_class(text: str) -> str:
    block = _method_block(text, "proxy/initialize")
    return _one(text, block, _one(block, "class: as_carried", "class: idempotent"))


def _without_method(text: str) -> str:
    return _one(text, _method_block(text, "session/set_title"), "")


def _with_method(text: str) -> str:
    block = _method_block(text, "session/set_title")
    copy = block.replace("  session/set_title:", "  session/set_name:", 1)
    return _one(text, block, block + copy)


def _renamed_method(text: str) -> str:
    block = _method_block(text, "session/set_title")
    return _one(text, block, block.replace("  session/set_title:", "  session/rename:", 1))


def _stability(text: str) -> str:
    block = _method_block(text, "session/fork")
    return _one(text, block, _one(block, "stability: unstable", "stability: stable"))


def _summary(text: str) -> str:
    return _one(
        text,
        "summary: Sets the title of an Agent-owned session.",
        "summary: Names an Agent-owned session.",
    )


def _type_description(text: str) -> str:
    return _one(
        text,
        "description: Unique identifier for an elicitation.",
        "description: Names one elicitation.",
    )


def _field_type(text: str) -> str:
    # ElicitationAcceptAction.content: a nullable map becomes a map
    old = "        type: [object, 'null']\n        additionalProperties:\n          $ref: ElicitationContentValue"
    return _one(text, old, old.replace("[object, 'null']", "object"))


def _field_added(text: str) -> str:
    old = "    properties:\n      content:\n        description: |-\n          The user-provided content, if any"
    note = "      note:\n        description: A note.\n        type: string\n"
    return _one(text, old, old.replace("      content:\n", note + "      content:\n"))


def _docs_link(text: str) -> str:
    return _one(
        text,
        "docs: https://agentclientprotocol.com/protocol/v2/draft/schema#session-set_title",
        "docs: https://agentclientprotocol.com/protocol/v2/draft/schema#session-set_title-top",
    )


def _again(text: str) -> str:
    block = _method_block(text, "session/set_title")
    return _one(text, block, _one(block, "again: Sets the same value again.", "again: Same."))


# (what changes, the edit, whether the cached part of the models module is made of it: the
# lowered defs but the routing unions' (which routing.py writes on every run), or which
# defs are a method's params and result where that can matter)
EDITS: list[tuple[str, Callable[[str], str], bool]] = [
    ("retry class of proxy/initialize", _retry_class, False),
    ("a method removed", _without_method, False),
    ("a method added", _with_method, False),
    ("a method's stability", _stability, False),
    ("a method's summary", _summary, False),
    ("a type's description", _type_description, True),
    ("a field's type", _field_type, True),
    ("a field added", _field_added, True),
    ("a method's docs link", _docs_link, False),
    ("a retry's `again` text", _again, False),
]


@pytest.fixture(scope="module", autouse=True)
def _one_codegen_run_per_input() -> Iterator[None]:
    """datamodel-code-generator run once for each set of arguments it is given.

    Most edits leave the step's input as it was, so each uncached run hands the code
    generator the same defs and options (seconds a run). It is a third-party pure function
    of its arguments, so its answer is reused only for arguments equal to the byte (their
    pickle: order included); everything of ours, from reading the spec to the step's
    arguments to what is made of the generator's output, still runs afresh each time."""
    made: dict[bytes, Any] = {}
    generate = datamodel_code_generator.generate

    def once(*args: Any, **kwargs: Any) -> Any:
        key = hashlib.sha256(pickle.dumps((args, kwargs))).digest()
        if key not in made:
            made[key] = generate(*args, **kwargs)
        return made[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(datamodel_code_generator, "generate", once)
        yield


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project, generated from the spec as it is.

    The models come from the repository's own tree when its stamp says they are current: a
    wrong key would show there too, as a cached result that differs from an uncached one."""
    root = tmp_path_factory.mktemp("cache") / "project"
    spec = load_spec(write_spec(root / "spec"))
    replace_all(root, pipeline.build_outputs(spec, partial(reusable, ROOT)))
    return root


def _edited(project: Path, tmp_path: Path, edit: Callable[[str], str]) -> Spec:
    text = without_upstream_snapshot((project / SPEC).read_text(encoding="utf-8"))
    return load_spec(write_spec(tmp_path, edit(text)))


@pytest.mark.parametrize(("what", "edit", "read"), EDITS, ids=[e[0] for e in EDITS])
def test_a_cached_generate_makes_what_an_uncached_one_does(
    project: Path, tmp_path: Path, what: str, edit: Callable[[str], str], read: bool
) -> None:
    spec = _edited(project, tmp_path, edit)
    # the cache still serves where the edit is of something the step doesn't read, and
    # misses where it does (a miss builds the module afresh: an uncached run, by definition)
    key = pipeline.models_key(_input(spec))
    assert (reusable(project, pipeline.MODELS_STAMP, key) is None) == read, what
    if read:
        return
    index = index_of(spec)
    cached = emit_models(spec, index, Cache(MODELS_STEP, partial(reusable, project)))
    uncached = emit_models(spec, index, Cache(MODELS_STEP, lambda stamp, key: None))
    assert cached == uncached, what


@pytest.mark.parametrize(
    ("edit", "made", "gone"),
    [
        (_with_method, "ClientRequestSessionSetName", None),
        (_without_method, None, "ClientRequestSessionSetTitle"),
        (_renamed_method, "ClientRequestSessionRename", "ClientRequestSessionSetTitle"),
    ],
    ids=["added", "removed", "renamed"],
)
def test_a_method_list_edit_reuses_the_cached_part_and_remakes_the_unions(
    project: Path, tmp_path: Path, edit: Callable[[str], str], made: str | None, gone: str | None
) -> None:
    """The routing unions follow the method list on a cached run, while the cached part
    of the module is reused as it was: no datamodel-code-generator run for it."""
    spec = _edited(project, tmp_path, edit)
    key = pipeline.models_key(_input(spec))
    cached = reusable(project, pipeline.MODELS_STAMP, key)
    assert cached is not None
    module = emit_models(spec, index_of(spec), Cache(MODELS_STEP, partial(reusable, project)))[
        pipeline.MODELS_MODULE
    ].decode()
    before = cached[pipeline.MODELS_MODULE].decode()
    assert models.main_part(module) == models.main_part(before) != before
    union = module.split("\nClientRequest: TypeAlias = ", 1)[1].split("\n]\n", 1)[0]
    for name, present in ((made, True), (gone, False)):
        if name is not None:
            assert (f"\nclass {name}(BaseModel):" in module) == present, name
            assert (f" {name},\n" in union) == present, name


def test_the_proxy_initialize_retry_class_reaches_the_models(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The case that `check` once called current: only the method table changes."""
    root = tmp_path / "project"
    shutil.copytree(project, root)
    spec = root / SPEC
    spec.write_text(_retry_class(spec.read_text(encoding="utf-8")), encoding="utf-8")
    args = ["--spec", str(spec), "--root", str(root)]
    assert cli.main([*args, "check"]) == 1
    assert f"{METHODS_FILE}: differs" in capsys.readouterr().err
    assert cli.main([*args, "generate"]) == 0
    assert f"wrote {METHODS_FILE}" in capsys.readouterr().out
    table_text = (root / METHODS_FILE).read_text(encoding="utf-8")
    entry = table_text.split('"proxy/initialize": Method(', 1)[1].split(")", 1)[0]
    assert 'retry_class="idempotent"' in entry
    assert cli.main([*args, "check"]) == 0


# --- the key is made of the step's arguments, code and tools ------------------------------


def _input(spec: Spec) -> models.ModelsInput:
    lowering = models.lowered(schema_index(index_of(spec).schema))
    return models.ModelsInput.of(lowering, models.kept_classes(table(spec)))


def test_the_key_takes_exactly_the_steps_arguments() -> None:
    key = inspect.signature(pipeline.models_key).parameters
    step = inspect.signature(models.models_module).parameters
    assert [(p.name, p.kind) for p in key.values()] == [(p.name, p.kind) for p in step.values()]


def test_each_part_of_the_input_changes_the_key(real_spec: Spec) -> None:
    source = _input(real_spec)
    key = pipeline.models_key(source)
    # what a part holds, or its order (the classes' and fields' order): each counts
    assert source.keep, "no def that keep keeps a class: the first case tests nothing"
    changed = [
        dataclasses.replace(source, keep=source.keep - {min(source.keep)}),
        dataclasses.replace(source, defs=dict(reversed(list(source.defs.items())))),
        dataclasses.replace(source, omittable=dict(list(source.omittable.items())[1:])),
        dataclasses.replace(source, tolerant=dict(list(source.tolerant.items())[1:])),
        dataclasses.replace(source, nots=dict(list(source.nots.items())[1:])),
        dataclasses.replace(source, aliases={**source.aliases, "sessionId": "session"}),
    ]
    for other in changed:
        assert pipeline.models_key(other) != key, other
    assert len({pipeline.models_key(other) for other in changed}) == len(changed)


def _tracked(under: str) -> set[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", under], cwd=ROOT, capture_output=True, check=True
    ).stdout
    return {ROOT / p for p in listed.decode().split("\0") if p}


def test_the_step_code_is_its_package_and_every_module_it_imports() -> None:
    code = set(step_code(models.__name__))
    tooling = ROOT / "tooling/acp_spec"
    package = _tracked("tooling/acp_spec/emit/models")
    assert package <= code  # runtime, templates and the stub included
    for module in (
        "emit/table.py",
        "index/__init__.py",
        "index/shapes.py",
        "constants.py",
        "defs.py",
        "__init__.py",
    ):
        assert tooling / module in code, module
    # nothing the step doesn't run; no cache or stray file (the key is the same from a wheel)
    for module in ("pipeline.py", "emit/artifact.py", "emit/models_step.py",
                   "emit/models_checks.py", "emit/docs/__init__.py", "emit/vectors/__init__.py",
                   "cli.py"):  # fmt: skip
        assert tooling / module not in code, module
    assert code <= _tracked("tooling/acp_spec")


def test_the_pins_are_the_projects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pinned = dict(d.split("==") for d in project["project"]["dependencies"] if "==" in d)
    assert {tool: pinned[tool] for tool in TOOL_PINS} == dict(TOOL_PINS)


def test_another_tool_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "importlib.metadata.version",
        lambda name: "0.0.1" if name == "pydantic" else TOOL_PINS[name],
    )
    with pytest.raises(models.ToolVersionError, match=r"pydantic 2\.14\.4, not 0\.0\.1"):
        tool_versions()
