"""The rules `check` enforces beyond the format: each case edits the real spec and asserts
the diagnostic (or warning) at the place marked ``⟦``, its position computed from the text.

Cases run in process (load_spec); tests/test_bad_specs.py proves the command end to end.
"""

from __future__ import annotations

import copy
import functools
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from acp_spec.diagnostics import SpecError
from acp_spec.pipeline import load_spec
from ruamel.yaml import YAML
from support.rule_cases import MARK, Case, mark_position, reported_at_the_mark, run_case

REPO = Path(__file__).resolve().parents[1]
SPEC_DIR = REPO / "spec"


UPSTREAM = "    unstable: upstream/schema.unstable.json\n"
CASES = [
    # the RFD's key: optional and nullable, a field
    Case("key-required", "key-is-optional", "    required: [sessionId, prompt]\n",
         "    ⟦required: [sessionId, prompt, idempotencyKey]\n",
         "idempotencyKey is required, but the RFD makes the IdempotencyKey optional",
         within="  PromptRequest:\n"),
    Case("key-not-nullable", "key-is-optional", "      idempotencyKey:\n", "      ⟦idempotencyKey:\n        $ref: IdempotencyKey\n      old_key:\n",
         "does not accept null, but the RFD says omitted and null mean the same",
         within="  PromptRequest:\n"),
    # types
    Case("required-undefined", "required", "    required: [sessionId, prompt]\n",
         "    required: [sessionId, prompt, ⟦sesionId]\n",
         "'sesionId' is required but not a property here (did you mean 'sessionId'?)",
         within="  PromptRequest:\n"),
    Case("const-null-tag", "tags", "            const: stdio\n", "            ⟦const: null\n",
         "tags are snake_case strings"),
    Case("standard-error-code", "jsonrpc-errors", "    code: -32602\n", "    code: ⟦-32603\n",
         "invalid_params is JSON-RPC's code -32602, not -32603"),
    # methods: one retry class, whichever way the method is sent (mcp/message goes both ways)
    Case("retry-class-differs-by-direction", "one-retry-class",
         "      agent-to-client:\n        class: out_of_scope\n",
         "      agent-to-client:\n        class: ⟦duplicating\n",
         "mcp/message is out_of_scope client-to-agent but duplicating agent-to-client; a method "
         "has one retry class in every direction"),
    # a rustdoc-style link names something of the spec
    Case("link-to-nothing", "links", "        description: |-\n          Identifies this submission, so that the Agent inserts its user message at most once.\n\n          The field is optional. Omitted and `null` are equivalent and mean no key. The Agent\n          handles the prompt without duplicate detection, as it does today.\n          When present, it is an opaque, case-sensitive string of 1 to 255 characters. The\n          Agent **MUST** reject any other value with `-32602` (Invalid params) and **MUST\n          NOT** treat it as omitted.\n\n          One key identifies one submission. The Client creates the key when the user submits\n          the input, not when it writes the request, and stores it with the pending input. It\n          sends the same key on every attempt, including after reconnecting or restarting. It\n          uses a new key for a new submission, including when the user sends the same text\n          again on purpose.\n\n          See [`IdempotencyKey`]",
         "        description: |-\n          Identifies this submission, so that the Agent inserts its user message at most once.\n\n          The field is optional. Omitted and `null` are equivalent and mean no key. The Agent\n          handles the prompt without duplicate detection, as it does today.\n          When present, it is an opaque, case-sensitive string of 1 to 255 characters. The\n          Agent **MUST** reject any other value with `-32602` (Invalid params) and **MUST\n          NOT** treat it as omitted.\n\n          One key identifies one submission. The Client creates the key when the user submits\n          the input, not when it writes the request, and stores it with the pending input. It\n          sends the same key on every attempt, including after reconnecting or restarting. It\n          uses a new key for a new submission, including when the user sends the same text\n          again on purpose.\n\n          See ⟦[`IdempotencyKe`]",
         "[`IdempotencyKe`] names no type, field or variant of the spec (did you mean 'IdempotencyKey'?)"),
    # upstream
    Case("upstream-description", "upstream-types", "        description: The ID of the session to send this user message to\n",
         "        description: ⟦The session to send this to\n",
         "type PromptRequest differs from upstream at /properties/sessionId/description",
         within="  PromptRequest:\n"),
    Case("unlisted-difference", "upstream-differences", "      adds:\n        idempotencyKey: {required: false, nullable: true}\n",
         "      adds:\n        idempotencyKey: {required: false, nullable: true}\n        ⟦stopReason: {required: false, nullable: false}\n",
         "PromptRequest does not have stopReason, which upstream › differences says it adds"),
    Case("stale-difference", "upstream-differences", "      adds:\n        idempotencyKey: {required: false, nullable: true}\n",
         "      adds:\n        idempotencyKey: {required: false, nullable: true}\n        ⟦sessionId: {required: true, nullable: false}\n",
         "upstream's PromptRequest has sessionId now, so it is no longer a difference"),
    Case("added-property-not-required-as-recorded", "upstream-differences", "      adds:\n        idempotencyKey: {required: false, nullable: true}\n",
         "      adds:\n        idempotencyKey: {required: ⟦true, nullable: true}\n",
         "PromptRequest does not require idempotencyKey, but upstream › differences records "
         "required: true; add it to PromptRequest's required list, or correct the record"),
    Case("added-property-not-nullable-as-recorded", "upstream-differences", "      adds:\n        idempotencyKey: {required: false, nullable: true}\n",
         "      adds:\n        idempotencyKey: {required: false, nullable: ⟦false}\n",
         "PromptRequest.idempotencyKey accepts null, but upstream › differences records "
         "nullable: false"),
    Case("stale-new-type", "upstream-differences", "    - type: IdempotencyKey\n      kind: new-type\n",
         "    - type: ⟦SessionId\n      kind: new-type\n",
         "upstream defines SessionId now, so it is no longer a new type"),
    Case("unlisted-new-type", "upstream-types", "  SessionOptionsResponse:\n    description: Response to",
         "  ⟦SessionOptionsAnswer:\n    description: Response to",
         "SessionOptionsAnswer is not a def of upstream's schema; remove it, or list it"),
    Case("routing-kind-of-a-type", "upstream-differences", "    - type: ClientResponse\n      kind: routing\n",
         "    - type: ⟦PromptResponse\n      kind: routing\n",
         "PromptResponse is not a routing union the generator derives"),
    Case("listed-routing-union-as-a-type", "upstream-differences", "    - type: ClientResponse\n      kind: routing\n",
         "    - type: ⟦ClientResponse\n      kind: new-type\n",
         "names ClientResponse, which is not a type of the spec"),
    Case("adds-beside-another-kind", "upstream-differences", "    - type: IdempotencyKey\n      kind: new-type\n",
         "    - type: IdempotencyKey\n      kind: new-type\n      ⟦adds: {x: {required: false, nullable: false}}\n",
         "only kind new-properties lists adds"),
    Case("digest-mismatch", "upstream-files", "    stable: b6c91055df549d6f1db1d76d692d0561dad433e03d8ed114ea9b5baed9da72c5\n",
         "    stable: ⟦0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n",
         "upstream/schema.json has sha256 b6c91055df549d6f1db1d76d692d0561dad433e03d8ed114ea9b5baed9da72c5, "
         "not the 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef recorded here; "
         "if you copied in a newer upstream file, record its digest here"),
    Case("no-upstream-version", "format",
         'upstream:\n  repository: agentclientprotocol/agent-client-protocol\n'
         "  # The release the spec follows: upstream's v2 schemas as its TypeScript SDK ships them.\n"
         '  package: "@agentclientprotocol/sdk"\n  version: "2.4.0"\n',
         '⟦upstream:\n  repository: agentclientprotocol/agent-client-protocol\n',
         "upstream names no upstream version; add 'package' and 'version'"),
    Case("upstream-file-missing", "upstream-files", UPSTREAM, "    unstable: ⟦upstream/nothere.json\n",
         "cannot read upstream's schema"),
    Case("stability-not-upstream", "upstream-methods", "    stability: stable\n    audited: true\n    capability: agentCapabilities.session\n"
         "    docs: https://agentclientprotocol.com/protocol/v2/session-setup#closing-active-sessions\n",
         "    stability: ⟦unstable\n    audited: true\n    capability: agentCapabilities.session\n"
         "    docs: https://agentclientprotocol.com/protocol/v2/session-setup#closing-active-sessions\n",
         "session/close is unstable, but upstream's schema.json has it; make it stable"),
    # warnings: valid, but probably not what was meant
    Case("example-unknown-field", "example-meaning", "          sessionId: sess_789xyz\n        result: {}\n",
         "          ⟦sesionId: sess_789xyz\n          sessionId: sess_789xyz\n        result: {}\n",
         "CloseSessionRequest declares no field 'sesionId' (did you mean 'sessionId'?)", warning=True),
    Case("example-unknown-tag", "example-meaning", "            - type: stdio\n              name: workspace-tools\n",
         "            - ⟦type: stdoi\n              name: workspace-tools\n",
         "type 'stdoi' is no known variant, so only the open union's catch-all accepts it (did you mean 'stdio'?)",
         warning=True),
    Case("example-unknown-enum-like-tag", "example-meaning", "            state: idle\n            stopReason: end_turn\n",
         "            state: idle\n            ⟦stopReason: end_trun\n",
         "'end_trun' is no known value, so only the open union's catch-all accepts it "
         "(did you mean 'end_turn'?)", warning=True),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule_reports_at_the_mark(case: Case, tmp_path: Path) -> None:
    reported_at_the_mark(case, tmp_path)


def test_the_real_spec_has_no_warnings() -> None:
    spec = load_spec(SPEC_DIR / "acp-v2.yaml")
    assert [w.render() for w in spec.warnings] == []


def test_warnings_are_labelled(tmp_path: Path) -> None:
    case = next(c for c in CASES if c.id == "example-unknown-field")
    _, warnings, _ = run_case(case, tmp_path)
    assert warnings and all(re.search(r":\d+:\d+: warning: ", w.render()) for w in warnings)


@pytest.mark.slow
def test_check_fails_on_an_unpublished_vector_id_and_says_how_to_publish(tmp_path: Path) -> None:
    """A green check means the published ids hold: new ones must be published first."""
    import contextlib
    import io

    from acp_spec import cli

    for part in ("spec", "generated", "site"):
        shutil.copytree(REPO / part, tmp_path / part, ignore=shutil.ignore_patterns("site"))
    spec = tmp_path / "spec" / "acp-v2.yaml"
    text = spec.read_text(encoding="utf-8")
    old = "          sessionId: sess_789xyz\n        result: {}\n"
    new = old + (
        "      - title: Close another session\n"
        "        params:\n          sessionId: sess_other\n        result: {}\n"
    )
    spec.write_text(text.replace(old, new, 1), encoding="utf-8")
    args = ["--spec", str(spec), "--root", str(tmp_path)]

    def run(*command: str) -> tuple[int, str]:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = cli.main([*args, *command])
        return code, err.getvalue()

    assert run("generate")[0] == 0
    code, err = run("check")
    assert code == 1
    assert (
        "acp-spec vectors publish" in err and "session-close.example.close-another-session" in err
    )
    assert run("vectors", "publish")[0] == 0
    code, err = run("check")
    assert (code, err) == (0, ""), err


def test_a_routing_union_the_list_leaves_out_is_reported_at_the_list(tmp_path: Path) -> None:
    """The list is exactly what differs: a generated routing union that is not upstream's
    and not listed fails, said at upstream › differences."""
    text = (SPEC_DIR / "acp-v2.yaml").read_text(encoding="utf-8")
    start = text.index("    - type: ClientResponse\n      kind: routing\n")
    end = text.index("    - type:", start + 1)
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    (folder / "acp-v2.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(folder / "acp-v2.yaml")
    line = text[: text.index("  differences:\n")].count("\n") + 1
    [problem] = raised.value.diagnostics
    assert (problem.position.line, problem.position.column) == (line, 3)
    assert "the generated routing union ClientResponse is not upstream's" in problem.message


def test_a_method_upstream_has_and_the_spec_lacks_is_reported(tmp_path: Path) -> None:
    data = spec_data()
    del data["methods"]["terminal/cancel"]
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    (folder / "acp-v2.yaml").write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(folder / "acp-v2.yaml")
    assert any(
        "upstream's schema has method terminal/cancel (CancelTerminalRequest, "
        "CancelTerminalResponse), which the spec lacks; add it under methods" in d.message
        for d in raised.value.diagnostics
    )


# ── names the emitters derive: data edits, the spec written as JSON (which is YAML) ──


@functools.cache
def _spec_data() -> dict[str, Any]:
    data: dict[str, Any] = YAML(typ="safe").load(
        (SPEC_DIR / "acp-v2.yaml").read_text(encoding="utf-8")
    )
    return data


def spec_data() -> dict[str, Any]:
    """The real spec as data, a fresh copy for each edit (parsed once: it takes a while)."""
    return copy.deepcopy(_spec_data())


@dataclass(frozen=True)
class DataCase:
    id: str
    edit: Callable[[dict[str, Any]], None]
    needle: str  # text of the JSON dump where the problem is reported: at "|", else its start
    message: str


def _copy_method(name: str, *copies: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        for new in copies:
            data["methods"][new] = copy.deepcopy(data["methods"][name])

    return edit


def _retitle(method: str, title: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        examples = data["methods"][method]["examples"]
        examples.append({**copy.deepcopy(examples[0]), "title": title})

    return edit


def _add_property(type_name: str, prop: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["types"][type_name]["properties"][prop] = {"type": "string"}

    return edit


def _add_type(name: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["types"][name] = {"description": "A type.", "type": "string"}

    return edit


LONG = "_" + "x" * 240
DATA_CASES = [
    DataCase("case-only-file-clash", _copy_method("session/close", "_foo", "_Foo"), '"_Foo": {',
             "_Foo and _foo would share the vector file"),
    DataCase("dollar-file-clash", _copy_method("$/cancel_request", "dollar/cancel_request"),
             '"dollar/cancel_request": {', "$/cancel_request would share the vector file dollar-cancel_request.json"),
    DataCase("name-too-long", _copy_method("session/close", LONG), f'"{LONG}": {{', "makes no usable file name"),
    DataCase("example-title-clash", _retitle("session/close", "Close an active session!"),
             '"Close an active session!"', "make the same vector id (close-an-active-session)"),
    DataCase("example-title-no-words", _retitle("session/close", "!!!"), '"!!!"', "makes no vector id"),
    *(DataCase(f"type-named-{name}", _add_type(name), f'"{name}": {{', f"type name {name} is taken in the Python models")
      for name in ("Message", "Any", "BaseModel", "Field", "None", "True")),
    DataCase("camel-and-snake-methods", _copy_method("session/set_title", "session/setTitle"),
             '"session/setTitle": {', "would both be the Python class ClientRequestSessionSetTitle"),
    DataCase("one-python-name", _add_property("SessionOptionsRequest", "session_id"), '"SessionOptionsRequest": |{',
             "properties 'sessionId', 'session_id' have one Python name; rename one"),
    DataCase("property-not-identifier", _add_property("SessionOptionsRequest", "a b"), '"a b": {',
             "is not an identifier"),
]  # fmt: skip


@pytest.mark.parametrize("case", DATA_CASES, ids=[c.id for c in DATA_CASES])
def test_derived_name_rule_reports_at_the_name(case: DataCase, tmp_path: Path) -> None:
    data = spec_data()
    case.edit(data)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    (folder / "acp-v2.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(folder / "acp-v2.yaml")
    bare = case.needle.replace("|", "")
    head, _, tail = case.needle.rpartition("|") if "|" in case.needle else ("", "", bare)
    line, column = mark_position(text.replace(bare, head + MARK + tail, 1))
    found = [
        d
        for d in raised.value.diagnostics
        if (d.position.line, d.position.column) == (line, column)
    ]
    rendered = [d.render() for d in raised.value.diagnostics]
    assert any(case.message in d.message for d in found), (line, column, rendered)


def test_two_examples_of_one_title_are_reported_at_the_second(tmp_path: Path) -> None:
    """They would repeat each other's vector ids (it once crashed the vectors emitter)."""
    data = spec_data()
    examples = data["methods"]["session/close"]["examples"]
    examples.append(copy.deepcopy(examples[0]))
    text = json.dumps(data, indent=1, ensure_ascii=False)
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    (folder / "acp-v2.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(folder / "acp-v2.yaml")
    title = json.dumps(examples[0]["title"])
    second = text.index(f'"title": {title}', text.index(f'"title": {title}') + 1)
    line = text[:second].count("\n") + 1
    assert any(
        d.position.line == line and f"two examples are titled {title}" in d.message
        for d in raised.value.diagnostics
    ), [d.render() for d in raised.value.diagnostics]


def _set(type_name: str, keyword: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["types"][type_name][keyword] = value

    return edit


SHAPE_CASES = [
    DataCase("count-with-a-fraction", _set("IdempotencyKey", "minLength", 1.0), '"minLength": |1.0',
             "a count is a whole number"),
    DataCase("bound-too-big", _set("SessionOptionsRequest", "maxProperties", 10**9),
             '"maxProperties": |1000000000', "outside 0..65536"),
    DataCase("key-longer-than-the-rfd", _set("IdempotencyKey", "maxLength", 300), '"maxLength": 300',
             "IdempotencyKey's maxLength must be 255"),
]  # fmt: skip


@pytest.mark.parametrize("case", SHAPE_CASES, ids=[c.id for c in SHAPE_CASES])
def test_shape_rule_reports_at_the_value(case: DataCase, tmp_path: Path) -> None:
    test_derived_name_rule_reports_at_the_name(case, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("items", [True, False])
def test_boolean_items_are_a_schema_not_a_crash(items: bool, tmp_path: Path) -> None:
    """`items: true` (any item) loads and makes models; `items: false` (no item) is refused
    at its place, since the models can't hold it (it once crashed the lowering)."""
    data = spec_data()
    data["types"]["SessionOptionsRequest"]["properties"]["tags"] = {"type": "array", "items": items}
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    text = json.dumps(data, indent=1)
    (folder / "acp-v2.yaml").write_text(text, encoding="utf-8")
    if items:
        spec = load_spec(folder / "acp-v2.yaml")
        from acp_spec.emit.models import emit_models, lowered
        from acp_spec.emit.table import table
        from acp_spec.index import index_of, schema_index

        lowering = lowered(schema_index(index_of(spec).schema))
        models = emit_models(lowering, table(spec), version="0.1.0")
        assert (
            "tags: list[Any] | None"
            in models["generated/python/src/acp_models/v2/_models.py"].decode()
        )
        return
    with pytest.raises(SpecError) as refused:
        load_spec(folder / "acp-v2.yaml")
    line, _ = mark_position(text.replace('"items": false', MARK + '"items": false', 1))
    assert any(
        d.position.line == line and "models can't hold" in d.message
        for d in refused.value.diagnostics
    )


def test_a_spec_without_session_close_still_makes_its_envelope_vectors(tmp_path: Path) -> None:
    """Deleting session/close once crashed the vectors (KeyError): the envelope cases ride on
    the first request method with an example instead."""
    from acp_spec.emit.vectors import emit_vectors
    from acp_spec.index import index_of

    data = spec_data()
    del data["methods"]["session/close"]
    del data["upstream"]["schemas"]  # upstream has session/close: a spec without it is no rebase
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    (folder / "acp-v2.yaml").write_text(json.dumps(data, indent=1), encoding="utf-8")
    spec = load_spec(folder / "acp-v2.yaml")
    envelope = json.loads(emit_vectors(spec, index_of(spec))["generated/vectors/envelope.json"])
    messages = [c["message"] for g in envelope["groups"] for c in g["cases"]]
    assert not any('"session/close"' in m for m in messages)
    assert any(f'"method":"{next(iter(spec.methods))}"' in m for m in messages)


def test_upstream_view_is_made_of_the_snapshot_as_it_is_when_asked() -> None:
    """upstream_view is cached by the snapshot's content: an edit of the snapshot is seen,
    a view made before keeps what it was made of, and equal content is one view."""
    from acp_spec.diff.upstream import upstream_view
    from acp_spec.model import Spec, Upstream
    from acp_spec.yamlsource import SourceMap

    def spec_of(snapshot: dict[str, Any]) -> Spec:
        upstream = Upstream("repo", "docs", commit="c" * 40, stable=snapshot, unstable=snapshot)
        return Spec(version=2, title="", upstream=upstream, retry_classes={}, errors={},
                    methods={}, types={}, where=SourceMap(""))  # fmt: skip

    snapshot: dict[str, Any] = {
        "$defs": {"PingRequest": {"type": "object", "x-method": "ping", "x-side": "agent"}}
    }
    first = upstream_view(spec_of(snapshot))
    assert first is not None and set(first.methods) == {"ping"}
    snapshot["$defs"]["PongRequest"] = {"type": "object", "x-method": "pong", "x-side": "client"}
    again = upstream_view(spec_of(snapshot))
    assert again is not None and set(again.methods) == {"ping", "pong"}
    assert set(first.methods) == {"ping"} and list(first.defs) == ["PingRequest"]
    assert upstream_view(spec_of(json.loads(json.dumps(snapshot)))) is again


def test_a_name_no_artifact_can_file_is_reported_once(tmp_path: Path) -> None:
    """The vectors and the docs each check their own file names (their checks are theirs):
    a name too long for both is still one problem, said once."""
    data = spec_data()
    _copy_method("session/close", LONG)(data)
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    (folder / "acp-v2.yaml").write_text(json.dumps(data, indent=1), encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        load_spec(folder / "acp-v2.yaml")
    found = [d for d in raised.value.diagnostics if "makes no usable file name" in d.message]
    assert len(found) == 1 and found[0].rule == "method-files", [d.render() for d in found]
