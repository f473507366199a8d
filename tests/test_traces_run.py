"""`acp-spec traces run`: the runner plays every trace against real subprocesses, the
reference agent and client pass them all, and each defective variant fails exactly the
traces that are meant to catch its defect (so the traces have teeth)."""

from __future__ import annotations

import ast
import asyncio
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from acp_spec.cli import main
from acp_spec.traces_run.load import load_traces
from acp_spec.traces_run.matching import fits
from acp_spec.traces_run.runner import Result, _Play, play_all
from support.paths import REPO

# every trace against every defective peer: tens of seconds a test
pytestmark = pytest.mark.cost("long")

TRACES = REPO / "generated" / "traces"
SCHEMA = REPO / "generated" / "schema.unstable.json"
AGENT = [sys.executable, str(REPO / "examples" / "reference_agent.py")]
CLIENT = [sys.executable, str(REPO / "examples" / "reference_client.py")]

# Which traces each defect must fail; every other trace it must pass. Over stdio a new
# connection is a new agent process, so keys kept only in memory are lost on a reconnect
# (retry-after-resume) as on a restart.
EVERY_AGENT_TRACE = {
    "cancel-held-key", "cancel-retry-while-held", "duplicating-resend", "idempotent-resend",
    "invalid-key-rejected", "key-forgotten-with-the-session", "keys-stay-private", "opaque-key",
    "retry-after-agent-restart", "retry-after-error", "retry-after-resume",
    "retry-inserted-during-work", "retry-same-connection", "retry-while-held",
    "reused-key-different-prompt", "same-key-other-session", "same-key-two-connections-at-once",
}  # fmt: skip
# Traces only a remote transport can express (`transports: [websocket]`): over stdio each is
# skipped, neither passed nor failed, by every variant (test_traces_websocket.py plays them).
WEBSOCKET_ONLY = {"close-while-held", "cancel-retry-on-new-connection"}
AGENT_DEFECTS: dict[str | None, set[str]] = {
    None: set(),
    "no-dedupe": {
        "retry-same-connection", "retry-after-resume", "retry-after-agent-restart",
        "retry-while-held", "retry-inserted-during-work", "cancel-held-key",
        "cancel-retry-while-held", "reused-key-different-prompt",
        "same-key-two-connections-at-once", "opaque-key",
    },
    # two processes on one store: each keeps its own keys, so both insert
    "memory-keys": {
        "retry-after-resume", "retry-after-agent-restart", "same-key-two-connections-at-once",
    },
    "record-before-insert": {"retry-after-error", "cancel-retry-while-held"},
    "echo-key": {"keys-stay-private"},
    "held-retry-error": {
        "retry-while-held", "retry-inserted-during-work", "cancel-held-key",
        "cancel-retry-while-held",
    },
    # the loser of the race announces a message that was never stored
    "announce-before-claim": {"same-key-two-connections-at-once"},
    # the runner's hygiene: one response per request
    "answer-twice": EVERY_AGENT_TRACE,
    # the runner's hygiene: no response to a notification ($/cancel_request, session/cancel)
    "answer-notification": {"cancel-held-key", "cancel-retry-while-held", "retry-after-error"},
    # the runner's process-group check
    "leave-child": EVERY_AGENT_TRACE,
    # -32800 to both requests for the key, yet the held prompt inserted when the work ends
    "shared-waiter": {"cancel-held-key"},
    # a key that spells a word of the protocol ("text") holds the agent's own updates back
    "leaky-check": {"opaque-key"},
}  # fmt: skip
CLIENT_DEFECTS: dict[str | None, set[str]] = {
    None: set(),
    "new-key-per-attempt": {"client-resends-after-reconnect", "client-resends-after-restart"},
}


def test_every_variant_of_the_reference_agent_is_in_a_table() -> None:
    # read, not imported: importing it would put its copy of the models on sys.path
    tree = ast.parse(Path(AGENT[1]).read_text("utf-8"))
    [defects] = [
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "DEFECTS"
    ]
    assert set(defects) == {d for d in AGENT_DEFECTS if d is not None}


def _variant(command: list[str], defect: str | None) -> list[str]:
    return command if defect is None else [*command, "--defect", defect]


Runs = dict[tuple[str, str | None], list[Result]]


def _every_variant(traces: dict[str, list[dict[str, Any]]]) -> Runs:
    # every variant of both sides in one run: the traces mostly wait, so they overlap
    variants = [("agent", d) for d in AGENT_DEFECTS] + [("client", d) for d in CLIENT_DEFECTS]

    async def every() -> list[list[Result]]:
        # 12 traces at a time keep 2 busy cores busy, and no first step waits for CPU
        # behind a hundred starting processes
        limit = asyncio.Semaphore(12)
        return list(
            await asyncio.gather(
                *(
                    play_all(
                        traces[side],
                        side,
                        _variant(AGENT if side == "agent" else CLIENT, defect),
                        limit=limit,
                        schema=SCHEMA,
                    )
                    for side, defect in variants
                )
            )
        )

    return dict(zip(variants, asyncio.run(every()), strict=True))


def _explain(results: list[Result], ids: set[str]) -> str:
    from acp_spec.traces_run.report import text

    return text([r for r in results if r.id in ids], "peer")


# One test, not one per variant: pytest-xdist would run a shared module fixture once per
# worker (its group marks do not keep them together here), and the variants' runs overlap
# best in one event loop. The message names every variant that is wrong.
@pytest.mark.slow  # seconds: real agent and client processes
def test_each_variant_fails_exactly_the_traces_meant_to_catch_it() -> None:
    # each side's traces read (and checked against their schema) once, not once a variant
    traces = {side: load_traces(TRACES, side) for side in ("agent", "client")}
    runs = _every_variant(traces)
    wrong = []
    for (side, defect), results in runs.items():
        assert len(results) == len(traces[side])
        expected = (AGENT_DEFECTS if side == "agent" else CLIENT_DEFECTS)[defect]
        failed = {r.id for r in results if r.failure is not None}
        skipped = {r.id for r in results if r.skipped is not None}
        if skipped != (WEBSOCKET_ONLY if side == "agent" else set()):
            wrong.append(f"{side} {defect or 'reference'}: skips {sorted(skipped)}")
        if failed != expected:
            wrong.append(
                f"{side} {defect or 'reference'}: fails {sorted(failed - expected)} wrongly, "
                f"passes {sorted(expected - failed)} wrongly\n"
                + _explain(results, failed ^ expected)
            )
    assert not wrong, "\n".join(wrong)


@pytest.mark.slow  # seconds: real agent processes
def test_a_failure_says_where_what_was_expected_and_what_came() -> None:
    traces = load_traces(TRACES, "agent", ["keys-stay-private"])
    [result] = asyncio.run(play_all(traces, "agent", _variant(AGENT, "echo-key")))
    failure = result.failure
    assert failure is not None and failure.expected
    step = result.trace["steps"][failure.step - 1]
    assert step["kind"] == "expect" and any("contains" in o for o in step["outcomes"])
    assert "idempotencyKey" in "".join(failure.came)
    assert "idempotencyKey" in result.transcript.render()


def _outcome(message: Any, **extra: Any) -> dict[str, Any]:
    return {"message": message, "match": "subset", "absent": [], "capture": {}, **extra}


@pytest.mark.parametrize(
    ("pattern", "message", "fits_it"),
    [
        ({"id": 1, "result": {"x": "$any"}}, {"id": 1, "result": {"x": None}}, True),
        ({"id": 1, "result": {"x": "$any"}}, {"id": 1, "result": {}}, False),
        ({"id": 1}, {"id": True}, False),  # JSON's 1 is not true
        ({"a": [1, 2]}, {"a": [1, 2, 3]}, False),  # arrays item by item, same length
        ({"a": "$seen"}, {"a": "v"}, True),
        ({"a": "$seen"}, {"a": "w"}, False),
    ],
)
def test_subset_matching(pattern: Any, message: Any, fits_it: bool) -> None:
    assert (fits(_outcome(pattern), message, {"seen": "v"}) is None) is fits_it


def test_exact_absent_contains_and_captures() -> None:
    message = {"id": 4, "result": {"sessions": [{"sessionId": "s", "idempotencyKey": "k"}]}}
    exact = {**_outcome({"id": 4}), "match": "exact"}
    assert "unexpected member 'result'" in (fits(exact, message, {}) or "")
    absent = _outcome({"id": 4}, absent=["/result/sessions/*/idempotencyKey"])
    assert "must be absent" in (fits(absent, message, {}) or "")
    assert fits(_outcome({}, contains="k"), message, {}) is None
    assert fits(_outcome({}, contains="zz"), message, {}) is not None
    grab = _outcome({"id": "$any"}, capture={"first": "/result/sessions/0/sessionId"})
    assert fits(grab, message, {}) is None
    assert "$gone" in (fits(_outcome({}, capture={"gone": "/nope"}), message, {}) or "")


@pytest.mark.slow  # seconds: real agent and client processes
def test_cli_junit_and_exit_codes(tmp_path: Path) -> None:
    out = tmp_path / "report.xml"
    args = ["--root", str(REPO), "traces", "run", "--agent", "--format", "junit",
            "--output", str(out), "--trace", "same-key-other-*"]  # fmt: skip
    assert main([*args, "--", *AGENT]) == 0
    suite = ET.parse(out).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "1" and suite.get("failures") == "0"
    both = [*args, "--trace", "keys-stay-private", "--", *AGENT, "--defect", "echo-key"]
    assert main(both) == 1
    suite = ET.parse(out).getroot().find("testsuite")
    assert suite is not None and suite.get("tests") == "2" and suite.get("failures") == "1"
    failure = suite.find("testcase[@name='keys-stay-private']/failure")
    assert failure is not None and (failure.get("message") or "").startswith("step ")
    assert suite.find("testcase[@name='keys-stay-private']/system-out") is not None


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--agent"], "give the program under test after --"),
        (["--agent", "--trace", "no-such-trace", "--", "true"], "no agent trace has that id"),
        (["--agent", "--", "/no/such/program"], "cannot start"),
        (["--agent", "--traces", "/no/such/dir", "--", "true"], "no such folder"),
    ],
)
def test_usage_errors(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["--root", str(REPO), "traces", "run", *args])
    except SystemExit as exit:  # argparse's own usage errors
        code = int(exit.code or 0)
    assert code == 2
    assert says in capsys.readouterr().err


def test_a_broken_trace_file_is_named_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "syntax.json").write_text('{"id": 1,\n  "x": }', "utf-8")
    run = ["--root", str(REPO), "traces", "run", "--agent", "--traces", str(tmp_path), "--", "true"]
    assert main(run) == 2
    assert f"{tmp_path / 'syntax.json'}:2:8: not JSON" in capsys.readouterr().err
    (tmp_path / "syntax.json").unlink()
    trace = json.loads((TRACES / "retry-same-connection.json").read_text("utf-8"))
    trace["steps"][2]["within"] = "soon"
    (tmp_path / "retry-same-connection.json").write_text(json.dumps(trace), "utf-8")
    assert main(run) == 2
    assert "/steps/2/within: 'soon' is not of type 'integer'" in capsys.readouterr().err


# an agent without `capabilities.session`: it answers initialize and nothing else
SESSIONLESS = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("method") == "initialize":
        r = {"protocolVersion": 2, "capabilities": {}, "info": {"name": "x", "version": "1"}}
        print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
"""


# the same, which first sends a line nested deeper than Python's json reads
HOSTILE = SESSIONLESS.replace(
    '    if m.get("method") == "initialize":\n',
    '    if m.get("method") == "initialize":\n        print("[" * 100000 + "]" * 100000, flush=True)\n',
)


@pytest.mark.slow  # seconds: a real agent process
def test_a_line_too_deep_to_read_is_kept_as_text_and_fails_as_no_json_rpc_message() -> None:
    assert HOSTILE != SESSIONLESS
    traces = load_traces(TRACES, "agent", ["retry-same-connection", "retry-after-error"])
    results = asyncio.run(play_all(traces, "agent", [sys.executable, "-c", HOSTILE]))
    for result in results:
        assert result.failure is not None and result.failure.kind == "protocol"
        assert result.failure.what == "c1: not a JSON-RPC 2.0 message"
        assert result.failure.came[0].endswith("(199500 more characters cut)")  # kept as text


@pytest.mark.slow  # seconds: real agent and client processes
def test_a_trace_whose_capability_the_agent_lacks_is_skipped() -> None:
    traces = load_traces(TRACES, "agent", ["retry-same-connection", "retry-after-error"])
    results = asyncio.run(play_all(traces, "agent", [sys.executable, "-c", SESSIONLESS]))
    assert [r.skipped for r in results] == [
        "the agent does not advertise agentCapabilities.session"
    ] * 2
    assert all(r.failure is None for r in results)


def test_a_trace_for_another_transport_is_skipped_before_anything_starts() -> None:
    # a command that would fail every trace it is started for: none is started
    traces = load_traces(TRACES, "agent", sorted(WEBSOCKET_ONLY))
    results = asyncio.run(play_all(traces, "agent", [sys.executable, "-c", "raise SystemExit(3)"]))
    assert {r.id for r in results} == WEBSOCKET_ONLY
    for result in results:
        assert result.failure is None and result.skipped is not None
        assert "websocket only, not stdio" in result.skipped
        assert "a closed connection is an exited agent" in result.skipped
        assert not result.transcript.render()


def test_every_agent_trace_is_in_the_stdio_table_or_websocket_only() -> None:
    every = {str(t["id"]) for t in load_traces(TRACES, "agent")}
    assert every == EVERY_AGENT_TRACE | WEBSOCKET_ONLY
    assert not EVERY_AGENT_TRACE & WEBSOCKET_ONLY


@pytest.mark.slow  # seconds: real agent processes
def test_cli_json_report_names_rules_outcome_and_failing_step(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    args = ["--root", str(REPO), "traces", "run", "--agent", "--format", "json",
            "--output", str(out), "--trace", "keys-stay-private", "--trace", "same-key-other-*",
            "--", *AGENT, "--defect", "echo-key"]  # fmt: skip
    assert main(args) == 1
    report = json.loads(out.read_text("utf-8"))
    schema = json.loads((REPO / "tooling/acp_spec/traces-report.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator(schema).validate(report)
    assert report["summary"] == {"pass": 1, "fail": 1, "skip": 0}
    failed, passed = report["traces"]
    assert (failed["id"], failed["outcome"], passed["outcome"]) == (
        "keys-stay-private",
        "fail",
        "pass",
    )
    assert [r["section"] for r in failed["rules"]] == ["what-the-agent-does"]
    assert failed["failure"]["kind"] == "expect" and failed["failure"]["step"] > 1
    assert failed["transcript"]["entries"][0]["seq"] == 1 and failed["transcript"]["cut"] == 0


def test_a_report_never_shows_a_capture_in_an_outcome_that_cannot_have_it() -> None:
    # cancel-held-key's first answer was an error: its result branch made no capture, so
    # the second answer's result outcome cannot fit; it is said so, not shown holding the
    # error's code as a messageId (as one capture for both branches made it say)
    [trace] = load_traces(TRACES, "agent", ["cancel-held-key"])
    play = _Play(trace, None)  # type: ignore[arg-type]  # only its captures are asked
    play.captures = {"sessionId": "s", "permission": 0, "option": "allow", "cancelled": -32800}
    [last] = [s for s in trace["steps"] if s["kind"] == "expect" and "count" not in s][-1:]
    error, result = play._expected(last)
    assert error == {"jsonrpc": "2.0", "id": 5, "error": {"code": -32800, "message": "$any"}}
    assert result["message"]["result"] == {"messageId": "$held"}
    assert "$held was never captured" in result["cannot fit"]


def test_traces_without_the_schema_beside_them_run_unchecked_and_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "traces"
    folder.mkdir()
    name = "retry-same-connection.json"
    (folder / name).write_text((TRACES / name).read_text("utf-8"), "utf-8")
    run = ["--root", str(REPO), "traces", "run", "--agent", "--traces", str(folder), "--", "true"]
    assert main(run) == 1  # `true` answers nothing
    assert "schema.unstable.json: no such file, so the peer's messages are not checked" in (
        capsys.readouterr().err
    )
