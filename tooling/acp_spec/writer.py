"""The one module that touches the generated files on disk.

``generate`` replaces files all-or-nothing: every artifact is built in memory first, each
new file is written beside its target under a temporary name, and only when all are
written are they renamed into place. A record of what was generated (the manifest) lets
the next run delete files the spec no longer produces, and never touch anything else.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

MANIFEST = "generated/manifest.json"
# Lists the staged renames while they happen: a run killed part-way is finished (rolled
# forward) by the next generate, so the tree never stays half old, half new.
JOURNAL = "generated/.acp-spec-journal"
_TMP_SUFFIX = ".acp-spec-tmp"
_DIFF_LINES = 40


@dataclass(frozen=True)
class Drift:
    changed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    diffs: dict[str, str] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not (self.changed or self.missing or self.stale)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_bytes(outputs: Mapping[str, bytes]) -> bytes:
    record = {
        "comment": "generated from spec/acp-v2.yaml by acp-spec; do not edit. "
        "The files acp-spec generated, so it can delete them when the spec stops producing them.",
        "files": {path: sha256(outputs[path]) for path in sorted(outputs)},
    }
    return (json.dumps(record, indent=2) + "\n").encode()


def recorded(root: Path) -> dict[str, str]:
    """Path -> sha256 of every file the last generate wrote (empty if none)."""
    try:
        files = json.loads((root / MANIFEST).read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {str(p): str(h) for p, h in files.items()} if isinstance(files, dict) else {}


def reusable(root: Path, stamp: str, key: str) -> dict[str, bytes] | None:
    """The files generated beside ``stamp`` from input ``key``, if every one of them is on
    disk exactly as the manifest recorded it; None if anything differs."""
    if _read(root / stamp) != (key + "\n").encode():
        return None
    folder = stamp.rsplit("/", 1)[0] + "/"
    files: dict[str, bytes] = {}
    for path, digest in recorded(root).items():
        if path.startswith(folder) and path != stamp:
            data = _read(root / path)
            if data is None or sha256(data) != digest:
                return None
            files[path] = data
    return files or None


def with_manifest(outputs: Mapping[str, bytes]) -> dict[str, bytes]:
    return {**outputs, MANIFEST: manifest_bytes(outputs)}


def compare(root: Path, outputs: Mapping[str, bytes]) -> Drift:
    """What differs between ``outputs`` and the tree at ``root``; writes nothing."""
    full = with_manifest(outputs)
    drift = Drift()
    if (root / JOURNAL).exists():
        drift.changed.append(JOURNAL)
        drift.diffs[JOURNAL] = "an interrupted generate left staged files; run `acp-spec generate`"
    for path in sorted(full):
        target = root / path
        if not target.is_file():
            drift.missing.append(path)
            continue
        current = target.read_bytes()
        if current != full[path]:
            drift.changed.append(path)
            drift.diffs[path] = _diff(path, current, full[path])
    drift.stale.extend(p for p in sorted(recorded(root)) if p not in full and (root / p).exists())
    return drift


def _diff(path: str, old: bytes, new: bytes) -> str:
    lines = list(difflib.unified_diff(
        old.decode("utf-8", "replace").splitlines(), new.decode("utf-8", "replace").splitlines(),
        f"{path} (on disk)", f"{path} (from the spec)", lineterm="", n=1,
    ))  # fmt: skip
    if len(lines) > _DIFF_LINES:
        lines = [*lines[:_DIFF_LINES], f"... {len(lines) - _DIFF_LINES} more diff lines"]
    return "\n".join(lines)


@dataclass(frozen=True)
class Written:
    written: list[str]
    unchanged: list[str]
    deleted: list[str]


def replace_all(root: Path, outputs: Mapping[str, bytes]) -> Written:
    """Make the tree at ``root`` hold exactly ``outputs`` among generated files."""
    finish_interrupted(root)
    full = with_manifest(outputs)
    previous = recorded(root)
    todo = {p: data for p, data in full.items() if _read(root / p) != data}
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in todo.items():
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            temp = target.with_name(target.name + _TMP_SUFFIX)
            staged.append((temp, target))
            with open(temp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
    except BaseException:
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
        raise
    # the manifest goes last, so a run stopped part-way still remembers the old files
    staged.sort(key=lambda pair: pair[1].name == Path(MANIFEST).name)
    journal = root / JOURNAL
    journal.parent.mkdir(parents=True, exist_ok=True)
    lines = [str(target.relative_to(root)) for _, target in staged]
    journal.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _commit(root, lines)
    deleted = []
    for path in sorted(previous):
        if path not in full and (root / path).is_file():
            (root / path).unlink()
            deleted.append(path)
    return Written(sorted(todo), sorted(set(full) - set(todo)), deleted)


def _commit(root: Path, targets: list[str]) -> None:
    for path in targets:
        target = root / path
        temp = target.with_name(target.name + _TMP_SUFFIX)
        if temp.exists():
            os.replace(temp, target)
    (root / JOURNAL).unlink(missing_ok=True)


def finish_interrupted(root: Path) -> None:
    """Complete the renames of a generate that was stopped after staging everything."""
    journal = root / JOURNAL
    if journal.exists():
        _commit(root, journal.read_text(encoding="utf-8").split())
    # temporary files of a run stopped while staging: the old files are intact, drop these
    folders = {(root / path).parent for path in recorded(root)} | {root / "generated"}
    for folder in sorted(f for f in folders if f.is_dir()):
        for temp in folder.glob("*" + _TMP_SUFFIX):
            temp.unlink()


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None
