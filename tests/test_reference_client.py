"""examples/reference_client.py beyond the traces (tests/test_traces_run.py plays those): what
its user can get wrong is an error message, never a traceback, and when its user's input ends
it ends, and its agent with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import REPO
from support.runs import time_limit

CLIENT = [sys.executable, str(REPO / "examples" / "reference_client.py")]


def run_client(agent: str | None, actions: bytes, state: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ACP_TRACE_STATE_DIR": str(state)}
    env.pop("ACP_TRACE_AGENT", None)
    if agent is not None:
        env["ACP_TRACE_AGENT"] = agent
    # timeout: a client that never ends fails here instead of stopping the run
    done = subprocess.run(CLIENT, input=actions, env=env, capture_output=True, timeout=30)
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


@pytest.mark.parametrize(
    ("agent", "says"),
    [
        ('{"command": "agent"}', "JSON array of strings"),
        ('["/nonexistent/agent"]', "no program '/nonexistent/agent'"),
    ],
)
def test_a_bad_agent_command_is_a_usage_error(agent: str | None, says: str, tmp_path: Path) -> None:
    done = run_client(agent, b"", tmp_path)
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr


def test_the_client_ends_with_its_users_input_and_its_agent_with_it(tmp_path: Path) -> None:
    # an agent that never answers: the client is still initializing when the input ends
    pid_file = tmp_path / "agent.pid"
    agent = [sys.executable, "-c", f"import os, sys; open({str(pid_file)!r}, 'w').write(str(os.getpid())); sys.stdin.read()"]  # fmt: skip
    done = run_client(json.dumps(agent), b'not json\n[1]\n{"action": "cancel"}\n', tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("not an action") == 2 and "Traceback" not in done.stderr
    if pid_file.exists():  # the agent may not have started before the input ended
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid_file.read_text()), 0)


AGENT_WITH_LONG_LINES = """
import json, sys
hello = json.loads(sys.stdin.readline())
update = {"sessionId": "s", "update": {"sessionUpdate": "agent_message_chunk", "messageId": "m",
          "content": {"type": "text", "text": "x" * 100_000}}}
for line in (
    json.dumps({"jsonrpc": "2.0", "method": "session/update", "params": update}),  # over 64 KiB
    "y" * (17 * 1024 * 1024),  # over any sensible limit: skipped
    json.dumps({"jsonrpc": "2.0", "id": hello["id"], "result": {"protocolVersion": 2,
                "capabilities": {}, "info": {"name": "agent", "version": "1"}}}),
):
    sys.stdout.write(line + "\\n")
sys.stdout.flush()
with open(sys.argv[1], "w") as told:
    told.write(json.loads(sys.stdin.readline())["method"])
sys.stdin.read()
"""


def test_long_lines_from_the_agent_neither_stop_nor_break_the_client(tmp_path: Path) -> None:
    told = tmp_path / "told"
    os.mkfifo(told)
    agent = [sys.executable, "-c", AGENT_WITH_LONG_LINES, str(told)]
    env = {**os.environ, "ACP_TRACE_STATE_DIR": str(tmp_path), "ACP_TRACE_AGENT": json.dumps(agent)}
    with (
        time_limit(30, "the client's next request after long lines"),
        subprocess.Popen(CLIENT, stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as client,
    ):
        assert client.stdin is not None and client.stderr is not None
        client.stdin.write(b'{"action": "submit", "text": "hi"}\n')
        client.stdin.flush()
        # the client read the initialize response behind the long lines: it asks for a session
        assert told.read_text() == "session/new"
        client.stdin.close()
        stderr = client.stderr.read().decode()
        assert client.wait() == 0
    assert "over 16 MiB" in stderr and "Traceback" not in stderr
