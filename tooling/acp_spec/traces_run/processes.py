"""The processes of a side under test: each is started in a group of its own (a new
session), so its children and theirs are found, and stopped, by the group's id."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

_PROC = Path("/proc")


def group_members(group: int) -> list[str]:
    """The live processes of ``group`` (zombies, already dead, left out), each as
    ``pid command``. Linux reads /proc; elsewhere a signal 0 says only whether any is left."""
    if not _PROC.is_dir():
        try:
            os.killpg(group, 0)
        except (ProcessLookupError, PermissionError):
            return []
        return [f"group {group}"]
    found = []
    for entry in _PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text("utf-8", "replace")
            # pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses
            state, _, pgrp = stat[stat.rindex(")") + 2 :].split(" ", 3)[:3]
            if int(pgrp) != group or state == "Z":
                continue
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").strip()
        except (OSError, ValueError):
            continue  # gone while looking
        found.append(f"{entry.name} {command.decode('utf-8', 'replace')[:200]}")
    return found


async def kill_group(group: int, within: float = 2.0) -> list[str]:
    """SIGKILL every process of ``group`` and wait until none is left; what is still
    there after ``within`` seconds (nothing, unless it could not be killed)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)
    return await still_running(group, within)


async def still_running(group: int, within: float) -> list[str]:
    """The processes of ``group`` left after waiting up to ``within`` seconds for it to
    empty (polled: a process group has no event to wait on)."""
    left = group_members(group)
    for _ in range(int(within / 0.02)):
        if not left:
            break
        await asyncio.sleep(0.02)
        left = group_members(group)
    return left
