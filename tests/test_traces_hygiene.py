"""What every trace requires of a peer whatever its steps say (traces_run/hygiene.py,
processes.py, the limits of transport.py): each misbehaving peer of tests/trace_peers
passes every step of the traces it plays (it is the reference agent behind a proxy), so
only these checks can fail it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from acp_spec.traces_run.load import load_traces
from acp_spec.traces_run.processes import group_members
from acp_spec.traces_run.report import json_report, text
from acp_spec.traces_run.runner import Result, play_all
from acp_spec.traces_run.transport import Limits
from support.paths import REPO

TRACES = REPO / "generated" / "traces"
SCHEMA = REPO / "generated" / "schema.unstable.json"
PEERS = Path(__file__).parent / "trace_peers"
PROXY = [sys.executable, str(PEERS / "proxy.py")]
SLEEPER = "trace-peers-sleeper"
# small limits, so the floods that cross them cost little
SMALL = Limits(line=1024 * 1024, received=2 * 1024 * 1024, messages=100_000, log=16 * 1024)

# mode (and its size) -> the traces it plays; retry-same-connection is short, and
# cancel-held-key is one that sends the agent a notification
MODES: dict[tuple[str, int], list[str]] = {
    ("pass", 0): ["retry-same-connection", "cancel-held-key"],
    ("twice", 0): ["retry-same-connection"],
    ("notification", 0): ["cancel-held-key"],
    ("stranger", 0): ["retry-same-connection"],
    ("invalid", 0): ["retry-same-connection"],
    ("child", 0): ["retry-same-connection"],
    ("flood", 20_000_000): ["retry-same-connection"],
    ("stderr", 20_000_000): ["retry-same-connection"],
    ("line", 3_000_000): ["retry-same-connection"],
}


@cache
def _runs() -> dict[str, list[Result]]:
    """Every mode's traces, played once for the module's tests, in one event loop."""

    async def every() -> list[list[Result]]:
        limit = asyncio.Semaphore(6)
        return list(
            await asyncio.gather(
                *(
                    play_all(
                        load_traces(TRACES, "agent", ids),
                        "agent",
                        [*PROXY, mode, str(size)],
                        limit=limit,
                        schema=SCHEMA,
                        limits=SMALL,
                    )
                    for (mode, size), ids in MODES.items()
                )
            )
        )

    return {mode: results for ((mode, _), results) in zip(MODES, asyncio.run(every()), strict=True)}


def _failures(mode: str) -> list[str]:
    results = _runs()[mode]
    assert all(r.skipped is None for r in results)
    return [f"{r.failure.kind}: {r.failure.what}" if r.failure else "passed" for r in results]


@pytest.mark.slow  # seconds: real agent processes, two a connection
def test_the_proxy_itself_passes() -> None:
    assert _failures("pass") == ["passed", "passed"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("twice", "protocol: c1: a second response to request 1 (initialize)"),
        ("notification", "protocol: c1: a response to id null, which no request of the runner"),
        ("stranger", "protocol: c1: a response to id 9999, which no request of the runner had"),
        ("invalid", "protocol: c1: /params: 'sessionId' is a required property"),
    ],
)
def test_a_protocol_breach_fails_the_trace_naming_the_message(mode: str, says: str) -> None:
    [failure] = _failures(mode)
    assert failure.startswith(says)
    [result] = _runs()[mode]
    assert result.failure is not None and len(result.failure.came) == 1  # the message itself


@pytest.mark.slow
def test_a_child_left_running_fails_the_trace_and_nothing_outlives_it() -> None:
    [failure] = _failures("child")
    assert failure.startswith("protocol: after the last step: the agent (pid ")
    assert "exited and left 2 process(es) of its group running" in failure
    assert SLEEPER in failure
    assert not _living(SLEEPER)


def _living(marker: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if marker.encode() in command and state != "Z":
                found.append(entry.name)
    return found


@pytest.mark.slow
def test_a_flood_is_a_failure_and_the_report_stays_small() -> None:
    [failure] = _failures("flood")
    assert failure == (f"protocol: c1: more than {SMALL.received} bytes; the runner read no more")
    report = text(_runs()["flood"], "agent")
    assert "entries cut" in report
    assert len(report.encode()) < 200_000  # the peer sent 20 MB


@pytest.mark.slow
def test_stderr_on_one_long_line_is_cut_in_the_report() -> None:
    assert _failures("stderr") == ["passed"]
    [result] = _runs()["stderr"]
    assert len(result.stderr) < 2_000
    assert "bytes in all; the last 1 lines shown" in result.stderr
    assert "more characters cut" in result.stderr
    assert len(text(_runs()["stderr"], "agent", verbose=True).encode()) < 30_000


@pytest.mark.slow
def test_a_line_over_the_limit_is_a_failure() -> None:
    [failure] = _failures("line")
    assert (
        failure == f"protocol: c1: a line longer than {SMALL.line} bytes; the runner read no more"
    )


@pytest.mark.slow  # seconds: the command in its own process, for its stderr
def test_an_oversized_line_prints_no_traceback(tmp_path: Path) -> None:
    # over the command's own limit (16 MiB): the event loop used to be closed under the
    # pipe's transport, which printed "Event loop is closed" tracebacks at exit
    run = subprocess.run(
        [sys.executable, "-m", "acp_spec", "--root", str(REPO), "traces", "run", "--agent",
         "--trace", "retry-same-connection", "--", *PROXY, "line", str(80_000_000)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert run.returncode == 1
    assert run.stderr == ""
    assert "a line longer than 16777216 bytes" in run.stdout
    assert len(run.stdout) < 20_000


def test_group_members_skips_what_is_gone() -> None:
    assert group_members(2**22 + 12345) == []  # no such group


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["flood", "line", "stderr"])
def test_the_json_report_of_a_runaway_peer_is_valid_and_small(mode: str) -> None:
    results = _runs()[mode]
    out = json_report(results, "agent", [*PROXY, mode])
    schema = json.loads((REPO / "tooling/acp_spec/traces-report.schema.json").read_text("utf-8"))
    report = json.loads(out)
    jsonschema.Draft202012Validator(schema).validate(report)
    assert len(out.encode()) < 400_000  # the peer sent 3 to 20 MB
    if mode == "flood":
        assert report["traces"][0]["transcript"]["cut"] > 0
