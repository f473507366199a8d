"""`acp-spec traces run --transport websocket`: the agent traces over upstream's WebSocket
profile, where a connection is not a process: one agent server takes every connection of a
trace, so a closed socket leaves the server, its sessions and its held prompts alive.

The reference agent passes every agent trace over WebSocket, among them the two only a remote
transport can express (`transports: [websocket]` in the spec: over stdio a closed connection
is an exited agent, so test_traces_run.py sees them skipped there).
The key-related defective variants still fail their traces; the rest of AGENT_DEFECTS is
played over stdio only (test_traces_run.py), to keep the suite's time small."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from acp_spec.cli import main
from acp_spec.traces_run.load import load_traces
from acp_spec.traces_run.report import text
from acp_spec.traces_run.runner import Result, play_all
from support.paths import REPO

TRACES = REPO / "generated" / "traces"
SCHEMA = REPO / "generated" / "schema.unstable.json"
AGENT = [sys.executable, str(REPO / "examples" / "reference_agent.py")]

# Which traces each key-related defect fails over WebSocket. Two differ from stdio, where
# each connection is a process of its own: keys kept in memory by one server survive a
# reconnect (only a restart loses them), and one server has no second process to lose an
# insertion race to (announce-before-claim, played over stdio).
WS_DEFECTS: dict[str, set[str]] = {
    "no-dedupe": {
        "retry-same-connection", "retry-after-resume", "retry-after-agent-restart",
        "retry-while-held", "retry-inserted-during-work", "cancel-held-key",
        "cancel-retry-while-held", "reused-key-different-prompt",
        "same-key-two-connections-at-once", "opaque-key",
        "close-while-held", "cancel-retry-on-new-connection",
    },
    "memory-keys": {"retry-after-agent-restart"},
    "record-before-insert": {"retry-after-error", "cancel-retry-while-held"},
    "echo-key": {"keys-stay-private"},
    "held-retry-error": {
        "retry-while-held", "retry-inserted-during-work", "cancel-held-key",
        "cancel-retry-while-held", "close-while-held", "cancel-retry-on-new-connection",
    },
    "shared-waiter": {"cancel-held-key", "cancel-retry-on-new-connection"},
}  # fmt: skip


def _traces() -> dict[str, dict[str, object]]:
    return {str(t["id"]): t for t in load_traces(TRACES, "agent")}


def _failed(results: list[Result]) -> set[str]:
    return {r.id for r in results if not r.passed}


@pytest.mark.slow  # seconds: a real agent server a trace
def test_the_reference_agent_passes_every_agent_trace_over_websocket() -> None:
    traces = list(_traces().values())
    results = asyncio.run(
        play_all(traces, "agent", AGENT, jobs=6, schema=SCHEMA, transport="websocket")
    )
    assert len(results) == len(traces) >= 19
    assert not _failed(results), text(results, "agent")
    assert not [r.id for r in results if r.skipped], text(results, "agent")


def test_the_traces_only_websocket_expresses_say_so() -> None:
    only = {i for i, t in _traces().items() if t.get("transports") == ["websocket"]}
    assert only == {"close-while-held", "cancel-retry-on-new-connection"}
    for trace_id in only:  # and their pages say so, and why
        page = (REPO / "site" / "docs" / "traces" / f"{trace_id}.md").read_text("utf-8")
        assert "**Transports:** WebSocket only" in page
        assert "closing a connection ends the agent" in page


@pytest.mark.slow  # seconds: a real agent server a trace
def test_the_key_defects_still_fail_their_traces_over_websocket() -> None:
    # each variant plays only the traces meant to catch it (every one must fail), and one
    # it must pass: the whole table over WebSocket would double the suite's slowest test
    traces = _traces()

    async def every() -> list[list[Result]]:
        limit = asyncio.Semaphore(8)
        return list(
            await asyncio.gather(
                *(
                    play_all(
                        [traces[i] for i in sorted(meant | {"same-key-other-session"})],
                        "agent",
                        [*AGENT, "--defect", defect],
                        limit=limit,
                        schema=SCHEMA,
                        transport="websocket",
                    )
                    for defect, meant in WS_DEFECTS.items()
                )
            )
        )

    wrong = []
    for (defect, meant), results in zip(WS_DEFECTS.items(), asyncio.run(every()), strict=True):
        if _failed(results) != meant:
            wrong.append(f"{defect}: fails {sorted(_failed(results))}, meant {sorted(meant)}")
    assert not wrong, "\n".join(wrong)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow  # seconds: a real agent server
def test_agent_url_plays_against_a_running_server_and_skips_what_needs_a_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [*AGENT, "--listen", f"127.0.0.1:{port}"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(250):  # up to 5 s for the server to listen
            try:
                socket.create_connection(("127.0.0.1", port), 0.1).close()
                break
            except OSError:
                time.sleep(0.02)
        url = f"ws://127.0.0.1:{port}/acp"
        args = ["--root", str(REPO), "traces", "run", "--agent", "--agent-url", url,
                "--trace", "retry-after-resume", "--trace", "retry-after-agent-restart"]  # fmt: skip
        assert main(args) == 0
        out = capsys.readouterr().out
        assert "pass  retry-after-resume" in out
        assert "skip  retry-after-agent-restart" in out and "--agent-url" in out
        # a path other than /acp is refused at the upgrade
        wrong = ["--root", str(REPO), "traces", "run", "--agent", "--agent-url",
                 f"ws://127.0.0.1:{port}/other", "--trace", "retry-after-resume"]  # fmt: skip
        assert main(wrong) == 1
        assert "step 1 (connect)" in (out := capsys.readouterr().out) and "HTTP 404" in out
    finally:
        server.terminate()
        server.wait(5)
    assert server.stderr is not None and "Traceback" not in server.stderr.read()


@pytest.mark.slow  # a second: a process that never listens
def test_a_command_that_never_listens_is_a_start_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--root", str(REPO), "traces", "run", "--agent", "--transport", "websocket",
            "--trace", "retry-after-resume", "--", sys.executable, "-c", "pass"]  # fmt: skip
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "before it listened" in err and "ACP_TRACE_LISTEN" in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--client", "--agent-url", "ws://127.0.0.1:1/acp"], "give --agent"),
        (["--agent", "--agent-url", "ws://127.0.0.1:1/acp", "--", "x"], "not both"),
        (["--agent", "--agent-url", "http://127.0.0.1:1/acp"], "ws:// or wss://"),
    ],
)
def test_websocket_usage_errors(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--root", str(REPO), "traces", "run", *args])
    assert exit_.value.code == 2
    assert says in capsys.readouterr().err


def _router() -> tuple[Any, list[dict[str, Any]]]:
    """The reference agent's Router around an agent that only records what it reads."""
    module = sys.modules.get("websocket_router")
    if module is None:
        path = Path(AGENT[1]).with_name("websocket_router.py")
        spec = importlib.util.spec_from_file_location("websocket_router", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["websocket_router"] = module
        spec.loader.exec_module(module)
    read: list[dict[str, Any]] = []
    agent = SimpleNamespace(sink=None, receive=lambda data: read.append(json.loads(data)))
    return module.Router(agent), read


def _frames(queue: asyncio.Queue[bytes]) -> list[dict[str, Any]]:
    return [json.loads(queue.get_nowait()) for _ in range(queue.qsize())]


def test_the_router_keeps_each_connections_request_ids_and_sessions_apart() -> None:
    router, read = _router()
    c1: asyncio.Queue[bytes] = asyncio.Queue()
    c2: asyncio.Queue[bytes] = asyncio.Queue()
    router.queues.update(c1=c1, c2=c2)
    prompt = {"jsonrpc": "2.0", "id": 3, "method": "session/prompt",
              "params": {"sessionId": "s", "prompt": []}}  # fmt: skip
    router.heard("c1", json.dumps(prompt))
    router.heard("c2", json.dumps(prompt))
    # both connections' id 3 reach the one agent as two requests
    assert read[0]["id"] != read[1]["id"]
    cancel = {"jsonrpc": "2.0", "method": "$/cancel_request", "params": {"requestId": 3}}
    router.heard("c2", json.dumps(cancel))
    assert read[2]["params"]["requestId"] == read[1]["id"]  # c2's own request
    router.agent.sink(json.dumps({"jsonrpc": "2.0", "id": read[1]["id"], "result": {}}).encode())
    assert _frames(c2) == [{"jsonrpc": "2.0", "id": 3, "result": {}}] and c1.empty()
    # the session's messages go to the connection that named it last (c2); its permission,
    # unanswered when c2 closes, is asked again on the next connection that names the session
    ask = {"jsonrpc": "2.0", "id": 7, "method": "session/request_permission",
           "params": {"sessionId": "s"}}  # fmt: skip
    router.agent.sink(json.dumps(ask).encode())
    assert _frames(c2) == [ask] and c1.empty()
    del router.queues["c2"]
    resume = {"jsonrpc": "2.0", "id": 4, "method": "session/resume", "params": {"sessionId": "s"}}
    router.heard("c1", json.dumps(resume))
    assert _frames(c1) == [ask]
    # once answered, it is not asked again
    router.heard("c1", json.dumps({"jsonrpc": "2.0", "id": 7, "result": {}}))
    c3: asyncio.Queue[bytes] = asyncio.Queue()
    router.queues["c3"] = c3
    del router.queues["c1"]
    router.heard("c3", json.dumps(resume))
    assert c3.empty()


@pytest.mark.slow  # seconds: real client processes
def test_the_reference_client_passes_the_client_traces_over_websocket_and_its_defect_fails() -> (
    None
):
    # the runner serves its scripted agent over WebSocket (ACP_TRACE_AGENT_URL)
    traces = load_traces(TRACES, "client")
    client = [sys.executable, str(REPO / "examples" / "reference_client.py")]

    async def both() -> list[list[Result]]:
        runs = (
            play_all(traces, "client", command, schema=SCHEMA, transport="websocket")
            for command in (client, [*client, "--defect", "new-key-per-attempt"])
        )
        return list(await asyncio.gather(*runs))

    reference, defective = asyncio.run(both())
    assert not _failed(reference), text(reference, "client")
    assert _failed(defective) == {"client-resends-after-reconnect", "client-resends-after-restart"}
