"""Published vector ids: the promise that an id SDKs pin keeps its meaning.

The published ids live beside the spec (``spec/acp-v2.yaml`` -> ``spec/acp-v2.vector-ids.txt``),
one ``<id> <digest> <meaning>`` a line, sorted, ``#`` comments allowed. It is an input, not a
generated file: ``acp-spec vectors publish`` adds the ids the vectors emitter makes that are
not in it yet, and ``acp-spec vectors retire`` retires the ones that are gone or changed;
nothing else writes it. A retired id stays, as ``<id> <digest> retired <version> <reason>``:
the digest is the meaning it had, the version the one it was retired in (the upstream release
the spec moved to), the reason why. A retired id is never generated again: the vectors
emitter gives a case whose id is retired a successor (``<id>.rev2``, ...). ``acp-spec
check`` compares the file with what the spec generates now:

- a published id the vectors no longer hold was removed;
- a published id whose meaning differs changed meaning. The meaning is a digest of what the
  case tests: the method, the message kind and the def (its id names the place and the kind
  of change), and its expected outcomes (strict and tolerant), never its message text, so
  rewording an example republishes the digests of the cases made of it (``<digest>``: of
  the message and the expected outcome, which SDKs may pin too) and retires no id; a line
  without a meaning (written before it was recorded) is held to its digest alone;
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
from typing import Any, NamedTuple

from .constants import VECTORS_DIR
from .constants import VECTORS_SCHEMA_NAME as SCHEMA_NAME
from .diagnostic_ids import VECTOR_IDS
from .diagnostics import Diagnostic, Position
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
    "# Each line: an id, a digest of its case's message and expected outcome, and a digest of\n"
    "# its meaning (what it tests: method, def and expected outcomes, not the message text); or\n"
    "# a retired id: `<id> <digest> retired <version> <reason>`, with the digest it had, the\n"
    "# version it was retired in and why. A retired id is never generated again (its case, if\n"
    "# any, has a successor id: `<id>.rev2`). `acp-spec vectors publish` adds new ids and\n"
    "# republishes the digest of a case reworded with its meaning kept; `acp-spec vectors\n"
    "# retire` retires ids that are gone or mean something else (a breaking change to call out\n"
    "# in review); `acp-spec check` fails while an id is gone, changed, reused or unpublished.\n"
)


def ids_path(spec_path: Path) -> Path:
    """Where the published ids of the spec at ``spec_path`` live: beside it, named after it."""
    return spec_path.with_suffix(IDS_SUFFIX)


def fingerprint(case: Mapping[str, Any]) -> str:
    """A case's message and its expectation (not its wording): what SDKs replay."""
    meaning = case["message"] + "\n" + json.dumps(case["expect"], sort_keys=True)
    return hashlib.sha256(meaning.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def meaning_of(group: Mapping[str, Any], case: Mapping[str, Any]) -> str:
    """What a case tests: its group's method, message kind and def (the id names the place
    and the kind of change) and its expected outcomes; not its message text."""
    tested = {
        "method": group.get("method"),
        "kind": group.get("kind"),
        "def": group.get("def"),
        "expect": case["expect"],
        "tolerant": case.get("tolerant"),
    }
    text = json.dumps(tested, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


class Emitted(NamedTuple):
    digest: str  # fingerprint: the message and the expected outcome
    meaning: str | None  # meaning_of; None where unknown


def emitted_ids(files: Mapping[str, bytes]) -> dict[str, Emitted]:
    """Id -> digests of every case in the vector files among ``files`` (the vectors
    emitter's output, or every generated file: other paths are ignored)."""
    out: dict[str, Emitted] = {}
    for path, data in sorted(files.items()):
        if path.startswith(VECTORS_DIR + "/") and path != f"{VECTORS_DIR}/{SCHEMA_NAME}":
            for group in json.loads(data)["groups"]:
                for case in group["cases"]:
                    out[case["id"]] = Emitted(fingerprint(case), meaning_of(group, case))
    return out


Made = Mapping[str, Emitted | str]  # a bare digest: of a case whose meaning is not known


def _made(value: Emitted | str) -> Emitted:
    return value if isinstance(value, Emitted) else Emitted(value, None)


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
    meaning: str | None = None  # None on a line written before meanings were recorded
    meaning_column: int = 0

    def changed_meaning(self, now: Emitted) -> bool:
        """Whether the case generated under this id now tests something else: by its
        meaning where both are known, else by its digest."""
        if self.meaning is not None and now.meaning is not None:
            return self.meaning != now.meaning
        return self.digest != now.digest


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
        meant = len(words) == 3 and _is_digest(words[2])
        if not (len(words) == 2 or meant or retired) or not _is_digest(words[1]):
            problems.append(Diagnostic(Position(file, number, 1), "expected `<id> <digest> "
                f"<meaning>` (digests of {DIGEST_LENGTH} hex digits) or `<id> <digest> {RETIRED} "
                "<version> <reason>`; restore the line from git or delete it and run "
                f"`{PUBLISH_COMMAND}`", rule=VECTOR_IDS))  # fmt: skip
            continue
        case_id, digest = words[:2]
        if case_id in entries:
            first = entries[case_id].line
            problems.append(Diagnostic(Position(file, number, 1), f"{case_id} is published "
                f"twice (first on line {first}); delete one of the lines", rule=VECTOR_IDS))  # fmt: skip
            continue
        column = line.index(case_id) + 1
        digest_column = line.index(digest, column - 1 + len(case_id)) + 1
        retirement = Retirement(words[3], words[4].strip()) if retired else None
        meaning = words[2] if meant else None
        meaning_column = line.rindex(words[2]) + 1 if meant else 0
        entries[case_id] = Entry(case_id, digest, number, column, digest_column, retirement,
                                 meaning, meaning_column)  # fmt: skip
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
            "restore it from git", rule=VECTOR_IDS),))  # fmt: skip
    return parse_published(text, file)


def vector_id_problems(published: Published, made: Made) -> list[Diagnostic]:
    """What breaks the promise, each at its line of the ids file: removed, changed and
    reused ids, then one problem for the ids reworded, one for the ids not yet published
    (and the file's own problems)."""
    emitted = {case_id: _made(value) for case_id, value in made.items()}
    problems = list(published.problems)
    reworded: list[Entry] = []
    retire = f"retire it with `{RETIRE_COMMAND} ID --reason WHY` (a breaking change to call out in review)"
    for entry in sorted(published.entries.values(), key=lambda e: e.line):
        if entry.retired is not None:
            if entry.id in emitted:
                problems.append(Diagnostic(published.at(entry.line, entry.column), "retired "
                    f"vector id {entry.id} (retired in {entry.retired.version}) is generated "
                    "again, but a retired id is never reused; generate with the ids file beside "
                    "the spec, whose retired ids the vectors emitter gives successors",
                    rule=VECTOR_IDS))  # fmt: skip
        elif entry.id not in emitted:
            problems.append(Diagnostic(published.at(entry.line, entry.column), "published "
                f"vector id {entry.id} is no longer generated, but SDKs pin published ids; "
                f"restore what the spec, an example or the vectors emitter changed, or {retire}",
                rule=VECTOR_IDS))  # fmt: skip
        elif entry.changed_meaning(now := emitted[entry.id]):
            what, was, column = (
                ("what it tests (its method, def or expected outcome): meaning", entry.meaning,
                 entry.meaning_column)
                if entry.meaning is not None and now.meaning is not None
                else ("its message or expected outcome: digest", entry.digest, entry.digest_column)
            )  # fmt: skip
            is_now = now.meaning if what.endswith("meaning") else now.digest
            problems.append(Diagnostic(published.at(entry.line, column),
                f"published vector {entry.id} changed meaning ({what} {was} is now {is_now}; "
                "once regenerated, git diff generated/vectors/ shows how); restore what changed "
                f"it, or {retire}: the corrected case then gets a new id", rule=VECTOR_IDS))  # fmt: skip
        elif entry.digest != now.digest or (entry.meaning is None and now.meaning is not None):
            reworded.append(entry)
    if reworded:
        named = ", ".join(e.id for e in reworded[:NAMED]) + (
            f" and {len(reworded) - NAMED} more" if len(reworded) > NAMED else ""
        )
        first = reworded[0]
        problems.append(Diagnostic(published.at(first.line, first.digest_column),
            f"{len(reworded)} published vector{'s' if len(reworded) != 1 else ''} changed "
            f"message but not meaning, or {'have' if len(reworded) != 1 else 'has'} no meaning "
            f"recorded yet ({named}); run `{PUBLISH_COMMAND}` to republish their digests "
            "(their ids keep their meaning) and commit the file", rule=VECTOR_IDS))  # fmt: skip
    new = sorted(set(emitted) - set(published.entries))
    if new:
        named = ", ".join(new[:NAMED]) + (
            f" and {len(new) - NAMED} more" if len(new) > NAMED else ""
        )
        line = _insertion_line(published, new[0])
        problems.append(Diagnostic(published.at(line), f"{len(new)} new vector id"
            f"{'s are' if len(new) != 1 else ' is'} not yet published ({named}); run "
            f"`{PUBLISH_COMMAND}` to publish them and commit {Path(published.file).name}",
            rule=VECTOR_IDS))  # fmt: skip
    return problems


def retirable(published: Published, made: Made) -> dict[str, str]:
    """Published ids that may be retired, and why: gone, or changed meaning."""
    out: dict[str, str] = {}
    for entry in published.entries.values():
        if entry.retired is not None:
            continue
        if entry.id not in made:
            out[entry.id] = "gone"
        elif entry.changed_meaning(_made(made[entry.id])):
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


def publish_text(published: Published | None, made: Made) -> tuple[str, list[str], list[str]]:
    """The ids file with every new id added and the digests of reworded cases republished;
    the ids added, and those republished.

    A case reworded with its meaning kept gets its new digest (and a line written before
    meanings were recorded gets its meaning, where its digest still holds); every other
    line stays as it is, a changed meaning or a retired id's absence included: only review
    may change those. New lines go where the sorted order puts them.
    """
    emitted = {case_id: _made(value) for case_id, value in made.items()}
    if published is None or not published.text:
        lines = HEADER.splitlines(keepends=True)
        entries: Mapping[str, Entry] = {}
    else:
        lines = published.text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        entries = published.entries
    republished: list[str] = []
    for entry in entries.values():
        now = emitted.get(entry.id)
        if entry.retired is not None or now is None or entry.changed_meaning(now):
            continue
        line = _line(entry.id, now)
        if lines[entry.line - 1] != line:
            lines[entry.line - 1] = line
            republished.append(entry.id)
    new = sorted(set(emitted) - set(entries))
    # where each existing entry is, in file order, to merge the new ones into
    order = sorted(entries.values(), key=lambda e: e.line)
    keys, at = [e.id for e in order], [e.line - 1 for e in order]
    inserts: dict[int, list[str]] = {}
    for case_id in new:
        i = bisect.bisect(keys, case_id) if keys == sorted(keys) else len(keys)
        index = at[i] if i < len(at) else (at[-1] + 1 if at else len(lines))
        inserts.setdefault(index, []).append(_line(case_id, emitted[case_id]))
    out: list[str] = []
    for index, line in enumerate(lines):
        out += inserts.pop(index, [])
        out.append(line)
    for index in sorted(inserts):
        out += inserts[index]
    return "".join(out), new, sorted(republished)


def _line(case_id: str, made: Emitted) -> str:
    meaning = f" {made.meaning}" if made.meaning is not None else ""
    return f"{case_id} {made.digest}{meaning}\n"


def _insertion_line(published: Published, case_id: str) -> int:
    """The line a new id would take: before the first published id that sorts after it."""
    after = [e.line for e in published.entries.values() if e.id > case_id]
    if after:
        return min(after)
    last = max((e.line for e in published.entries.values()), default=0)
    return last + 1 if last else len(published.text.splitlines()) + 1


def _is_digest(word: str) -> bool:
    return _DIGEST.fullmatch(word) is not None
