"""A misbehaving agent for the runner's tests: it runs examples/reference_agent.py (which
passes every trace) and passes its messages through, with one defect added, so that only
the runner's own checks can catch it.

    proxy.py pass           no defect: the reference agent as it is (a control)
    proxy.py twice          answers every request twice (the second time with another id)
    proxy.py notification   answers every notification the client sends
    proxy.py stranger       answers an id the client never sent, once
    proxy.py invalid        sends a session/update whose params fit no schema, once
    proxy.py child          starts a child (and it a grandchild) that keeps the pipes open
    proxy.py flood BYTES    after the first response, writes BYTES of small valid messages
    proxy.py stderr BYTES   after the first response, writes BYTES to stderr on one line
    proxy.py line BYTES     after the first response, writes one line of BYTES
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

AGENT = Path(__file__).resolve().parents[2] / "examples" / "reference_agent.py"
SLEEPER = "trace-peers-sleeper"  # in the command line of each child, for a test to look for
_lock = threading.Lock()


def out(message: Any) -> None:
    with _lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def write_raw(data: bytes) -> None:
    with _lock:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()


def blast(mode: str, size: int) -> None:
    if mode == "flood":
        line = json.dumps({"jsonrpc": "2.0", "method": "_flood", "params": {}}).encode() + b"\n"
        chunk = line * (65536 // len(line))
        for _ in range(size // len(chunk) + 1):
            write_raw(chunk)
    elif mode == "stderr":
        block = b"e" * 65536
        for _ in range(size // len(block)):
            sys.stderr.buffer.write(block)
        sys.stderr.buffer.write(b"\n")
        sys.stderr.flush()
    elif mode == "line":
        block = b"x" * 65536
        with _lock:
            for _ in range(size // len(block)):
                sys.stdout.buffer.write(block)
            sys.stdout.buffer.write(b"\n")
            sys.stdout.flush()


def main(mode: str, size: int) -> None:
    if mode == "child":
        # a child and a grandchild, both with the agent's stdout: they outlive the agent
        sleeper = [sys.executable, "-c", "import time; time.sleep(600)", SLEEPER]
        spawn = "import subprocess, sys, time; subprocess.Popen(sys.argv[1:]); time.sleep(600)"
        subprocess.Popen([sys.executable, "-c", spawn, *sleeper])
    agent = subprocess.Popen(
        [sys.executable, str(AGENT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert agent.stdin is not None and agent.stdout is not None
    done = {"stranger": False, "invalid": False, "blast": False}

    def from_agent() -> None:
        assert agent.stdout is not None
        for line in agent.stdout:
            message = json.loads(line)
            out(message)
            response = "method" not in message
            if mode == "twice" and response:
                again = dict(message)
                if isinstance(again.get("result"), dict) and "messageId" in again["result"]:
                    again["result"] = {**again["result"], "messageId": "msg_second_answer"}
                out(again)
            if mode == "stranger" and response and not done["stranger"]:
                done["stranger"] = True
                out({"jsonrpc": "2.0", "id": 9999, "result": {}})
            if mode == "invalid" and response and not done["invalid"]:
                done["invalid"] = True
                out({"jsonrpc": "2.0", "method": "session/update", "params": {"update": 7}})
            if mode in ("flood", "stderr", "line") and response and not done["blast"]:
                done["blast"] = True
                blast(mode, size)

    reader = threading.Thread(target=from_agent)
    reader.start()
    for line in sys.stdin.buffer:
        message = json.loads(line)
        if mode == "notification" and "method" in message and "id" not in message:
            out({"jsonrpc": "2.0", "id": None, "result": {}})
        agent.stdin.write(line)
        agent.stdin.flush()
    agent.stdin.close()
    reader.join()
    os._exit(agent.wait())


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
