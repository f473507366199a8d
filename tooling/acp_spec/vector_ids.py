"""Published vector ids: the promise that an id SDKs pin keeps its meaning.

The published ids live beside the spec (``spec/acp-v2.yaml`` -> ``spec/acp-v2.vector-ids.txt``),
one ``<id> <digest>`` a line, sorted, ``#`` comments allowed. It is an input, not a
generated file: ``acp-spec vectors publish`` adds the ids the vectors emitter makes that are
not in it yet, and ``acp-spec vectors retire`` retires the ones that are gone or changed;
nothing else writes it. A retired id stays, as ``<id> <digest> retired <version> <reason>``:
the digest is the meaning it had, the version the one it was retired in (the upstream release
the spec moved to), the reason why. A retired id is never generated again: the vectors
emitter gives a case whose id is retired a successor (``<id>.rev2``, ...). ``acp-spec
check`` compares the file with what the spec generates now:

- a published id the vectors no longer hold was removed;
- a published id whose digest differs changed meaning. The digest is of the case's meaning:
  its message text and its expected outcome, not its description or divergence note, so
  rewording a case is free but changing what an SDK must do with it is not;
- a retired id the vectors hold again would be reused;
- an id the vectors hold that is not published yet needs publishing.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Position
from .emit.vectors import SCHEMA_NAME, VECTORS_DIR
from .readfile import regular_text

IDS_SUFFIX = ".vector-ids.txt"
PUBLISH_COMMAND = "acp-spec vectors publish"
RETIRE_COMMAND = "acp-spec vectors retire"
RETIRED = "retired"
DIGEST_LENGTH = 12  # hex digits: 48 bits, plenty for telling a few thousand cases apart
_DIGEST = re.compile(f"[0-9a-f]{{{DIGEST_LENGTH}}}")
# How many new ids a problem names before it counts the rest.
NAMED = 5

HEADER = (
    "# Published ids of generated/vectors/: SDKs pin them, so each keeps its meaning for good.\n"
    "# Each line: an id and a digest of its case's message and expected outcome, or a retired\n"
    "# id: `<id> <digest> retired <version> <reason>`, with the digest it had, the version it\n"
    "# was retired in and why. A retired id is never generated again (its case, if any, has a\n"
    "# successor id: `<id>.rev2`). `acp-spec vectors publish` adds new ids and never changes or\n"
    "# removes a line; `acp-spec vectors retire` retires ids that are gone or mean something\n"
    "# else (a breaking change to call out in review); `acp-spec check` fails while an id is\n"
    "# gone, changed, reused or unpublished.\n"
)


def ids_path(spec_path: Path) -> Path:
    """Where the published ids of the spec at ``spec_path`` live: beside it, named after it."""
    return spec_path.with_suffix(IDS_SUFFIX)


def fingerprint(case: Mapping[str, Any]) -> str:
    """What a case means: its message and its expectation (not its wording)."""
    meaning = case["message"] + "\n" + json.dumps(case["expect"], sort_keys=True)
    return hashlib.sha256(meaning.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def emitted_ids(files: Mapping[str, bytes]) -> dict[str, str]:
    """Id -> digest of every case in the vector files among ``files`` (the vectors
    emitter's output, or every generated file: other paths are ignored)."""
    out: dict[str, str] = {}
    for path, data in sorted(files.items()):
        if path.startswith(VECTORS_DIR + "/") and path != f"{VECTORS_DIR}/{SCHEMA_NAME}":
            for group in json.loads(data)["groups"]:
                for case in group["cases"]:
                    out[case["id"]] = fingerprint(case)
    return out


@dataclass(frozen=True)
class Retirement:
    version: str  # the version it was retired in
    reason: str


@dataclass(frozen=True)
class Entry:
    id: str
    digest: str
    line: int
    column: int
    digest_column: int
    retired: Retirement | None = None


@dataclass(frozen=True)
class Published:
    """The published ids as read from the file, with where each is written."""

    file: str  # as messages name it
    entries: Mapping[str, Entry]  # read only: parse_published hands one out many times
    problems: tuple[Diagnostic, ...] = ()  # lines that are no entry, ids written twice
    text: str = ""

    def at(self, line: int, column: int = 1) -> Position:
        return Position(self.file, line, column)

    @property
    def retired(self) -> frozenset[str]:
        return frozenset(e.id for e in self.entries.values() if e.retired is not None)


# A check or generate reads the file twice (its retired ids when the spec loads, every id
# after the vectors are made), and a process that loads many specs beside one file (`docs
# serve`, the tests) reads the same bytes each time: a few thousand lines, 9 ms a parse.
# What it returns is never changed by its readers.
@functools.lru_cache(maxsize=4)
def parse_published(text: str, file: str) -> Published:
    entries: dict[str, Entry] = {}
    problems: list[Diagnostic] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split(maxsplit=4)
        retired = len(words) == 5 and words[2] == RETIRED
        if not (len(words) == 2 or retired) or not _is_digest(words[1]):
            problems.append(Diagnostic(Position(file, number, 1), "expected `<id> <digest>` "
                f"(a digest of {DIGEST_LENGTH} hex digits) or `<id> <digest> {RETIRED} "
                "<version> <reason>`; restore the line from git or delete it and run "
                f"`{PUBLISH_COMMAND}`"))  # fmt: skip
            continue
        case_id, digest = words[:2]
        if case_id in entries:
            first = entries[case_id].line
            problems.append(Diagnostic(Position(file, number, 1), f"{case_id} is published "
                f"twice (first on line {first}); delete one of the lines"))  # fmt: skip
            continue
        column = line.index(case_id) + 1
        digest_column = line.index(digest, column - 1 + len(case_id)) + 1
        retirement = Retirement(words[3], words[4].strip()) if retired else None
        entries[case_id] = Entry(case_id, digest, number, column, digest_column, retirement)
    return Published(file, entries, tuple(problems), text)


def read_published(path: Path, display: str | None = None) -> Published:
    """The published ids in ``path``; a file that cannot be read is one problem."""
    file = display if display is not None else str(path)
    try:
        text = regular_text(path)
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        return Published(file, {}, (Diagnostic(Position(file, 1, 1), "cannot read the "
            f"published vector ids: {why}; run `{PUBLISH_COMMAND}` to create the file, or "
            "restore it from git"),))  # fmt: skip
    return parse_published(text, file)


def vector_id_problems(published: Published, emitted: Mapping[str, str]) -> list[Diagnostic]:
    """What breaks the promise, each at its line of the ids file: removed, changed and
    reused ids, then one problem for the ids not yet published (and the file's own problems)."""
    problems = list(published.problems)
    retire = f"retire it with `{RETIRE_COMMAND} ID --reason WHY` (a breaking change to call out in review)"
    for entry in sorted(published.entries.values(), key=lambda e: e.line):
        if entry.retired is not None:
            if entry.id in emitted:
                problems.append(Diagnostic(published.at(entry.line, entry.column), "retired "
                    f"vector id {entry.id} (retired in {entry.retired.version}) is generated "
                    "again, but a retired id is never reused; generate with the ids file beside "
                    "the spec, whose retired ids the vectors emitter gives successors"))  # fmt: skip
        elif entry.id not in emitted:
            problems.append(Diagnostic(published.at(entry.line, entry.column), "published "
                f"vector id {entry.id} is no longer generated, but SDKs pin published ids; "
                f"restore what the spec, an example or the vectors emitter changed, or {retire}"))  # fmt: skip
        elif emitted[entry.id] != entry.digest:
            problems.append(Diagnostic(published.at(entry.line, entry.digest_column),
                f"published vector {entry.id} changed meaning (its message or expected "
                f"outcome: digest {entry.digest} is now {emitted[entry.id]}; once regenerated, "
                "git diff generated/vectors/ shows how); restore what changed it, or "
                f"{retire}: the corrected case then gets a new id"))  # fmt: skip
    new = sorted(set(emitted) - set(published.entries))
    if new:
        named = ", ".join(new[:NAMED]) + (
            f" and {len(new) - NAMED} more" if len(new) > NAMED else ""
        )
        line = _insertion_line(published, new[0])
        problems.append(Diagnostic(published.at(line), f"{len(new)} new vector id"
            f"{'s are' if len(new) != 1 else ' is'} not yet published ({named}); run "
            f"`{PUBLISH_COMMAND}` to publish them and commit {Path(published.file).name}"))  # fmt: skip
    return problems


def retirable(published: Published, emitted: Mapping[str, str]) -> dict[str, str]:
    """Published ids that may be retired, and why: gone, or changed meaning."""
    out: dict[str, str] = {}
    for entry in published.entries.values():
        if entry.retired is not None:
            continue
        if entry.id not in emitted:
            out[entry.id] = "gone"
        elif emitted[entry.id] != entry.digest:
            out[entry.id] = "changed"
    return out


def retire_text(published: Published, ids: Iterable[str], version: str, reason: str) -> str:
    """The ids file with ``ids`` retired in ``version`` for ``reason``: each line keeps its
    id and digest and gains the rest; every other line stays as it is."""
    lines = published.text.splitlines(keepends=True)
    why = " ".join(reason.split())
    for case_id in ids:
        entry = published.entries[case_id]
        lines[entry.line - 1] = f"{entry.id} {entry.digest} {RETIRED} {version} {why}\n"
    return "".join(lines)


def publish_text(published: Published | None, emitted: Mapping[str, str]) -> tuple[str, list[str]]:
    """The ids file with every new id added, and the ids added.

    Every line already there stays as it is, a wrong digest or a retired id's absence
    included: only review may change those. New lines go where the sorted order puts them.
    """
    if published is None or not published.text:
        lines = HEADER.splitlines(keepends=True)
        entries: Mapping[str, Entry] = {}
    else:
        lines = published.text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        entries = published.entries
    new = sorted(set(emitted) - set(entries))
    # where each existing entry is, in file order, to merge the new ones into
    order = sorted(entries.values(), key=lambda e: e.line)
    keys, at = [e.id for e in order], [e.line - 1 for e in order]
    inserts: dict[int, list[str]] = {}
    for case_id in new:
        i = bisect.bisect(keys, case_id) if keys == sorted(keys) else len(keys)
        index = at[i] if i < len(at) else (at[-1] + 1 if at else len(lines))
        inserts.setdefault(index, []).append(f"{case_id} {emitted[case_id]}\n")
    out: list[str] = []
    for index, line in enumerate(lines):
        out += inserts.pop(index, [])
        out.append(line)
    for index in sorted(inserts):
        out += inserts[index]
    return "".join(out), new


def _insertion_line(published: Published, case_id: str) -> int:
    """The line a new id would take: before the first published id that sorts after it."""
    after = [e.line for e in published.entries.values() if e.id > case_id]
    if after:
        return min(after)
    last = max((e.line for e in published.entries.values()), default=0)
    return last + 1 if last else len(published.text.splitlines()) + 1


def _is_digest(word: str) -> bool:
    return _DIGEST.fullmatch(word) is not None
