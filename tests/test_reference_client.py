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
from conftest import REPO

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
    done = run_client(json.dumps(agent), b'not json\n{"action": "cancel"}\n', tmp_path)
    assert done.returncode == 0, done.stderr
    assert "not a JSON action" in done.stderr and "Traceback" not in done.stderr
    if pid_file.exists():  # the agent may not have started before the input ended
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid_file.read_text()), 0)
