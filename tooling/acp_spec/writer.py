"""The one module that writes files on disk: the generated files, and (``replace_file``) the
files a command edits in place.

``generate`` replaces files all-or-nothing: every artifact is built in memory first, each
new file is written beside its target under a temporary name, and only when all are
written are they renamed into place. A record of what was generated (the manifest) lets
the next run delete files the spec no longer produces, and never touch anything else.

The manifest and the journal are read back from disk, so they are input like the spec: a
path in them outside the generated roots is refused before anything is written, and a file
is deleted only while its bytes are still the ones the manifest recorded.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .constants import GENERATED_NOTE
from .jsontext import JsonProblem, line_column, parse_json
from .notes import PAGE_NOTE
from .readfile import regular_bytes

MANIFEST = "generated/manifest.json"
# Every path an emitter produces is under one of these (a folder ends in "/"); a path read
# from the manifest or the journal anywhere else is not ours, whatever the file says.
GENERATED_ROOTS = ("generated/", "site/docs/", "site/nav.yml", "spec/format.schema.json")
# The one root shared with hand-written files: a page there is generated only if it starts
# with the note the docs emitter puts first on every page.
_SHARED_ROOT = "site/docs/"
# Lists the staged renames while they happen: a run killed part-way is finished (rolled
# forward) by the next generate, so the tree never stays half old, half new.
JOURNAL = "generated/.acp-spec-journal"
_TMP_SUFFIX = ".acp-spec-tmp"
_DIFF_LINES = 40
_SHA256 = re.compile(r"[0-9a-f]{64}")
_RESTORE = f"restore it (`git checkout {MANIFEST}`) or delete it, then run `acp-spec generate`"


class WriterError(Exception):
    """The files on disk are in a state the user caused and must fix; nothing was written."""


class ManifestError(WriterError):
    """generated/manifest.json (or the journal) is not what acp-spec writes."""


class InTheWay(WriterError):
    """A folder stands where a generated file goes, or a file where its folder goes."""


@dataclass(frozen=True)
class Drift:
    changed: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    # stale, but changed since acp-spec wrote them: generate keeps these and forgets them
    edited: list[str] = field(default_factory=list)
    # not made again, so not compared (compare's ``unmade``)
    unmade: list[str] = field(default_factory=list)
    diffs: dict[str, str] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not (self.changed or self.missing or self.stale or self.edited or self.unmade)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_bytes(outputs: Mapping[str, bytes]) -> bytes:
    record = {
        "comment": f"{GENERATED_NOTE}. The files acp-spec generated, so it can delete "
        "them when the spec stops producing them.",
        "files": {path: sha256(outputs[path]) for path in sorted(outputs)},
    }
    return (json.dumps(record, indent=2) + "\n").encode()


def recorded(root: Path) -> dict[str, str]:
    """Path -> sha256 of every file the last generate wrote (empty if there is no manifest).

    Raises ManifestError if the manifest is unreadable, misshapen or lists a path that is
    not a generated one, so neither generate nor check acts on a list it cannot trust."""
    try:
        data = regular_bytes(root / MANIFEST)
    except FileNotFoundError:
        return {}  # never generated here
    except OSError as err:
        raise ManifestError(f"{MANIFEST}: cannot read it: {err.strerror}; {_RESTORE}") from err
    files = parse_manifest(data)
    _refuse(MANIFEST, _escaping(root, files) + _hand_written(root, files), _RESTORE)
    return files


def parse_manifest(data: bytes) -> dict[str, str]:
    """The manifest's path -> sha256 table, every path a plain path under GENERATED_ROOTS."""
    try:
        record = parse_json(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        before = data[: err.start].decode("utf-8")
        line, col = line_column(before, len(before))
        raise ManifestError(
            f"{MANIFEST}:{line}:{col}: byte 0x{data[err.start]:02x} is not UTF-8; {_RESTORE}"
        ) from err
    except JsonProblem as err:
        raise ManifestError(
            f"{MANIFEST}:{err.line}:{err.column}: {err.reason}; {_RESTORE}"
        ) from err
    files = record.get("files") if isinstance(record, dict) else None
    if not isinstance(files, dict):
        raise ManifestError(f'{MANIFEST}: expected an object with a "files" object; {_RESTORE}')
    problems = [
        f"{path!r} has {digest!r} where a sha256 digest belongs"
        for path, digest in files.items()
        if not (isinstance(digest, str) and _SHA256.fullmatch(digest))
    ]
    problems += [f"{path!r} {why}" for path in files if (why := path_problem(path))]
    _refuse(MANIFEST, problems, _RESTORE)
    return dict(files)


def path_problem(path: str) -> str | None:
    """Why ``path`` cannot be a generated file's path, or None if it can be one."""
    if "\\" in path:
        return "contains a backslash; generated paths use '/'"
    if "\0" in path:
        return "contains a NUL character"
    if path.startswith("/"):  # what PurePosixPath calls absolute, without parsing it
        return "is an absolute path; generated paths are relative to the project folder"
    if any(part in ("", ".", "..") for part in path.split("/")):
        return "is not a plain relative path (it has '..', '.' or an empty part)"
    if not _under_roots(path):
        return f"is outside the generated files ({', '.join(GENERATED_ROOTS)})"
    return None


def _under_roots(path: str) -> bool:
    return any(
        path.startswith(top) if top.endswith("/") else path == top for top in GENERATED_ROOTS
    )


def _escaping(root: Path, paths: Iterable[str]) -> list[str]:
    """The problems of the paths that a symlink on disk takes out of the generated roots."""
    base = os.path.realpath(root) + os.sep
    # os.path, and each folder resolved once: a few folders hold hundreds of files
    folders: dict[str, str] = {}
    problems = []
    for path in paths:
        parent, name = os.path.split(os.path.join(root, path))
        if parent not in folders:
            folders[parent] = os.path.realpath(parent)
        real = os.path.join(folders[parent], name)
        if os.path.islink(real):
            real = os.path.realpath(real)
        inside = real.startswith(base) and _under_roots(real[len(base) :].replace(os.sep, "/"))
        if not inside:
            problems.append(f"{path!r} leads through a symlink to {real!r}, outside the "
                            "generated files")  # fmt: skip
    return problems


def _hand_written(root: Path, files: Mapping[str, str]) -> list[str]:
    """The problems of recorded pages in the shared docs folder that are hand-written. An
    edited generated page that lost the note no longer matches its digest either, and is
    only kept (see replace_all), so this never refuses a manifest generate itself wrote."""
    note = PAGE_NOTE.encode()
    problems = []
    for path, digest in files.items():
        if not path.startswith(_SHARED_ROOT):
            continue
        # a page that starts with the note is no hand-written one whatever its digest:
        # known from its first bytes, without reading and hashing hundreds of pages
        where = os.path.join(root, path)  # os.path: pathlib's parsing, hundreds of times
        start = _read(where, len(note))
        if start is None or start == note:
            continue
        data = _read(where)
        if data is not None and sha256(data) == digest and not data.startswith(note):
            problems.append(f"{path!r} is a hand-written page: it does not start with {PAGE_NOTE}")
    return problems


def _refuse(source: str, problems: list[str], todo: str) -> None:
    if problems:
        shown = problems[:10] + ([f"and {len(problems) - 10} more"] if len(problems) > 10 else [])
        listed = "\n".join(f"{source}: {problem}" for problem in shown)
        raise ManifestError(f"{listed}\n{source}: acp-spec does not act on it; {todo}")


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
    strays = [path for path in outputs if path_problem(path)]
    if strays:  # an emitter's bug, not the user's: the roots above must name its folder
        raise ValueError(f"outputs outside GENERATED_ROOTS: {strays}")
    return {**outputs, MANIFEST: manifest_bytes(outputs)}


def compare(root: Path, outputs: Mapping[str, bytes], unmade: Collection[str] = ()) -> Drift:
    """What differs between ``outputs`` and the tree at ``root``; writes nothing.
    ``unmade``: files that ``outputs`` leaves out though the spec makes them: they are
    not compared, and neither is the manifest, which records them; the drift says so."""
    full = with_manifest(outputs)
    drift = Drift(unmade=sorted({*unmade, MANIFEST}) if unmade else [])
    if (root / JOURNAL).exists():
        drift.changed.append(JOURNAL)
        drift.diffs[JOURNAL] = "an interrupted generate left staged files; run `acp-spec generate`"
    for path in sorted(full):
        if path in drift.unmade:
            continue
        target = root / path
        if not target.is_file():
            drift.missing.append(path)
            continue
        current = target.read_bytes()
        if current != full[path]:
            drift.changed.append(path)
            drift.diffs[path] = _diff(path, current, full[path])
    for path, digest in sorted(recorded(root).items()):
        data = _read(root / path)
        if path not in full and path not in unmade and data is not None:
            (drift.stale if sha256(data) == digest else drift.edited).append(path)
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
    # no longer produced, but edited since they were generated: left in place, unrecorded
    kept: list[str] = field(default_factory=list)


def replace_all(root: Path, outputs: Mapping[str, bytes]) -> Written:
    """Make the tree at ``root`` hold exactly ``outputs`` among generated files.

    Raises ManifestError, having written nothing, if the manifest or journal is not to be
    trusted."""
    full = with_manifest(outputs)
    # found before anything is touched: a rename onto a folder fails half-way through
    blocked = _in_the_way(root, full)
    if blocked:
        raise InTheWay("\n".join(blocked))
    if (root / JOURNAL).exists():
        recorded(root)  # refuses a bad manifest before the journal's renames touch anything
    previous = finish_interrupted(root)
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
    deleted, kept = [], []
    for path, digest in sorted(previous.items()):
        current = None if path in full else _read(root / path)
        if current is None:
            continue
        if sha256(current) == digest:
            (root / path).unlink()
            deleted.append(path)
        else:  # someone edited it: theirs now, so never deleted
            kept.append(path)
    return Written(sorted(todo), sorted(set(full) - set(todo)), deleted, kept)


def _in_the_way(root: Path, paths: Iterable[str]) -> list[str]:
    """What stands where ``paths`` are to be written: a folder in a file's place (a symlink
    is replaced, as a file is), a file in a folder's."""
    problems, folders = [], set()
    for path in sorted(paths):
        target = root / path
        if target.is_dir() and not target.is_symlink():
            problems.append(f"{path} is a folder where acp-spec writes a file; remove it "
                            f"(`rm -r {path}`), then run `acp-spec generate` again")  # fmt: skip
        folder = PurePosixPath(path).parent
        while folder.parts and folder not in folders:
            folders.add(folder)
            if not (root / folder).is_dir() and os.path.lexists(root / folder):
                problems.append(f"{folder} is a file where acp-spec writes a folder; move it "
                                "away, then run `acp-spec generate` again")  # fmt: skip
            folder = folder.parent
    return problems


def _commit(root: Path, targets: list[str]) -> None:
    for path in targets:
        target = root / path
        temp = target.with_name(target.name + _TMP_SUFFIX)
        if temp.exists():
            os.replace(temp, target)
    (root / JOURNAL).unlink(missing_ok=True)


def finish_interrupted(root: Path) -> dict[str, str]:
    """Complete the renames of a generate that was stopped after staging everything; the
    manifest's files (``recorded``) as they then are."""
    journal = root / JOURNAL
    if journal.exists():
        _commit(root, _journal_paths(root))
    files = recorded(root)
    # temporary files of a run stopped while staging: the old files are intact, drop these
    folders = {(root / path).parent for path in files} | {root / "generated"}
    for folder in sorted(f for f in folders if f.is_dir()):
        for temp in folder.glob("*" + _TMP_SUFFIX):
            temp.unlink()
    return files


def _journal_paths(root: Path) -> list[str]:
    """The journal's paths, refused unless each is a generated path (the staged manifest
    among them must be one acp-spec would act on)."""
    todo = f"delete {JOURNAL} and run `acp-spec generate`"
    try:
        paths = (root / JOURNAL).read_text(encoding="utf-8").split()
    except (OSError, ValueError) as err:
        raise ManifestError(f"{JOURNAL}: cannot read it ({err}); {todo}") from err
    problems = [f"{path!r} {why}" for path in paths if (why := path_problem(path))]
    _refuse(JOURNAL, problems or _escaping(root, paths), todo)
    staged = _read(root / (MANIFEST + _TMP_SUFFIX))
    if MANIFEST in paths and staged is not None:
        _refuse(JOURNAL, _escaping(root, parse_manifest(staged)), todo)
    return paths


def replace_file(path: Path, data: bytes) -> None:
    """Replace one file whole, staged beside it and renamed, so that an interrupted write
    leaves the old one: the files commands edit in place, which no manifest records (the
    spec, its vector ids, upstream's files, the README's artifact table)."""
    staged = path.with_name(path.name + _TMP_SUFFIX)
    staged.write_bytes(data)
    os.replace(staged, path)


def _read(path: Path | str, size: int = -1) -> bytes | None:
    """The file's bytes (its first ``size`` only, if given); None if it cannot be read."""
    try:
        return regular_bytes(path, size)
    except OSError:
        return None
