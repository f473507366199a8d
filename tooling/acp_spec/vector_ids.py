"""Published vector ids: the promise that an id SDKs pin keeps its meaning.

The published ids live beside the spec (``spec/acp-v2.yaml`` -> ``spec/acp-v2.vector-ids.txt``),
one ``<id> <digest>`` a line, sorted, ``#`` comments allowed. It is an input, not a
generated file: ``acp-spec vectors publish`` adds the ids the vectors emitter makes that are
not in it yet, and nothing else ever writes it; a person retires an id only by deleting its
line, in review. ``acp-spec check`` compares it with what the spec generates now:

- a published id the vectors no longer hold was removed;
- a published id whose digest differs changed meaning. The digest is of the case's meaning:
  its message text and its expected outcome, not its description or divergence note, so
  rewording a case is free but changing what an SDK must do with it is not;
- an id the vectors hold that is not published yet needs publishing.
"""

from __future__ import annotations

import bisect
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Position
from .emit.vectors import SCHEMA_NAME, VECTORS_DIR

IDS_SUFFIX = ".vector-ids.txt"
PUBLISH_COMMAND = "acp-spec vectors publish"
DIGEST_LENGTH = 12  # hex digits: 48 bits, plenty for telling a few thousand cases apart
# How many new ids a problem names before it counts the rest.
NAMED = 5

HEADER = (
    "# Published ids of generated/vectors/: SDKs pin them, so each keeps its meaning for good.\n"
    "# Each line: an id and a digest of its case's message and expected outcome.\n"
    f"# `{PUBLISH_COMMAND}` adds new ids and never changes or removes a line; `acp-spec check`\n"
    "# fails when a published id is gone or means something else, or a new one is unpublished.\n"
    "# Retiring an id means deleting its line by hand: a breaking change to call out in review.\n"
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
class Entry:
    id: str
    digest: str
    line: int
    column: int
    digest_column: int


@dataclass(frozen=True)
class Published:
    """The published ids as read from the file, with where each is written."""

    file: str  # as messages name it
    entries: Mapping[str, Entry]
    problems: tuple[Diagnostic, ...] = ()  # lines that are no entry, ids written twice
    text: str = ""

    def at(self, line: int, column: int = 1) -> Position:
        return Position(self.file, line, column)


def parse_published(text: str, file: str) -> Published:
    entries: dict[str, Entry] = {}
    problems: list[Diagnostic] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split()
        if len(words) != 2 or not _is_digest(words[1]):
            problems.append(Diagnostic(Position(file, number, 1), "expected `<id> <digest>` "
                f"(a digest of {DIGEST_LENGTH} hex digits); restore the line from git "
                f"or delete it and run `{PUBLISH_COMMAND}`"))  # fmt: skip
            continue
        case_id, digest = words
        if case_id in entries:
            first = entries[case_id].line
            problems.append(Diagnostic(Position(file, number, 1), f"{case_id} is published "
                f"twice (first on line {first}); delete one of the lines"))  # fmt: skip
            continue
        column = line.index(case_id) + 1
        digest_column = line.index(digest, column - 1 + len(case_id)) + 1
        entries[case_id] = Entry(case_id, digest, number, column, digest_column)
    return Published(file, entries, tuple(problems), text)


def read_published(path: Path, display: str | None = None) -> Published:
    """The published ids in ``path``; a file that cannot be read is one problem."""
    file = display if display is not None else str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        return Published(file, {}, (Diagnostic(Position(file, 1, 1), "cannot read the "
            f"published vector ids: {why}; run `{PUBLISH_COMMAND}` to create the file, or "
            "restore it from git"),))  # fmt: skip
    return parse_published(text, file)


def vector_id_problems(published: Published, emitted: Mapping[str, str]) -> list[Diagnostic]:
    """What breaks the promise, each at its line of the ids file: removed and changed ids,
    then one problem for the ids not yet published (and the file's own problems)."""
    problems = list(published.problems)
    for entry in sorted(published.entries.values(), key=lambda e: e.line):
        if entry.id not in emitted:
            problems.append(Diagnostic(published.at(entry.line, entry.column), "published "
                f"vector id {entry.id} is no longer generated, but SDKs pin published ids; "
                "restore what the spec, an example or the vectors emitter changed, or retire "
                "the id by deleting this line (a breaking change to call out in review)"))  # fmt: skip
        elif emitted[entry.id] != entry.digest:
            problems.append(Diagnostic(published.at(entry.line, entry.digest_column),
                f"published vector {entry.id} changed meaning (its message or expected "
                f"outcome: digest {entry.digest} is now {emitted[entry.id]}; once regenerated, "
                "git diff generated/vectors/ shows how); restore what changed it, or give the corrected case a new id and retire this one by "
                "deleting its line (a breaking change to call out in review)"))  # fmt: skip
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
    return len(word) == DIGEST_LENGTH and all(c in "0123456789abcdef" for c in word)
