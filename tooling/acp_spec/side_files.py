"""The files the spec names or keeps beside it, read for the loader: upstream's schema
snapshot, the change reports of the changelog, the releases of the history and the
retired vector ids."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from .content import Recent
from .diagnostic_ids import CHANGES, UPSTREAM_FILES, UPSTREAM_RELEASES
from .diagnostics import Diagnostic, Position
from .jsontext import JsonProblem, parse_json
from .metaschema import schema_problem
from .model import Change, Release
from .readfile import regular_bytes, regular_text
from .vector_ids import ids_path, read_published
from .yamlsource import MAX_BYTES, MAX_DEPTH, SourceMap

RELEASES_FILE = "upstream/releases/releases.json"  # beside the spec, hand-written
RELEASE_SCHEMA = "schema.unstable.json"  # all of a release's defs and methods


def retired_ids(spec_path: Path) -> frozenset[str]:
    """The retired ids of the published ids beside the spec; the file's own problems are
    `check`'s to report (a missing file retires nothing)."""
    path = ids_path(spec_path)
    return read_published(path).retired if path.is_file() else frozenset()


CHANGE_REPORT = Path(__file__).with_name("diff.schema.json")


@lru_cache(maxsize=1)
def _report_validators() -> tuple[jsonschema_rs.Validator, Draft202012Validator]:
    """The compiled validator, which decides in a millisecond that a report is valid, and
    python's, which words what is wrong with one that is not (the schema has no pattern,
    so the two agree)."""
    schema = json.loads(CHANGE_REPORT.read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for(schema), Draft202012Validator(schema)


def read_snapshot(
    folder: Path, schemas: Mapping[str, Any], digests: Mapping[str, Any], where: SourceMap
) -> tuple[list[Diagnostic], dict[str, Mapping[str, Any] | None]]:
    """Upstream's schemas the spec names (``upstream › schemas``, relative to ``folder``),
    each held to its recorded digest (``upstream › sha256``): the problems, and each schema
    by which (None: not read)."""
    problems: list[Diagnostic] = []
    snapshot: dict[str, Mapping[str, Any] | None] = {}
    for which, name in schemas.items():
        at = where.at(("upstream", "schemas", which))
        read = read_upstream(folder / str(name), at)
        if isinstance(read, Diagnostic):
            problems.append(read)
            snapshot[which] = None
            continue
        actual, value = read
        if which in digests:
            problems += digest_problem(
                actual, str(name), str(digests[which]), where.at(("upstream", "sha256", which))
            )
        snapshot[which] = value
    return problems, snapshot


def read_changes(
    folder: Path, entries: Iterable[Mapping[str, Any]], where: SourceMap
) -> tuple[list[Diagnostic], tuple[Change, ...]]:
    """The changelog's entries (``changes``) with their reports, and the problems of those
    that cannot be used."""
    read = [read_change(folder, n, entry, where) for n, entry in enumerate(entries)]
    problems = [c for c in read if isinstance(c, Diagnostic)]
    return problems, tuple(c for c in read if isinstance(c, Change))


def read_change(
    folder: Path, number: int, entry: Mapping[str, Any], where: SourceMap
) -> Change | Diagnostic:
    """One changelog entry with its report, or why the report cannot be used."""
    at = where.at(("changes", number, "report"))
    file = folder / str(entry["report"])
    try:
        report = parse_json(regular_text(file))
    except OSError as err:
        return Diagnostic(at, f"cannot read the report {file}: {err.strerror}; write it with "
                          "`acp-spec diff OLD NEW --format json` (the path is relative to the spec)", rule=CHANGES)  # fmt: skip
    except ValueError as err:
        return Diagnostic(at, f"the report {file} cannot be read ({err}); write it again with "
                          "`acp-spec diff OLD NEW --format json`", rule=CHANGES)  # fmt: skip
    fast, words = _report_validators()
    try:
        valid = fast.is_valid(report)
    except ValueError:  # what it cannot take in (an integer past 64 bits): python's decides
        valid = False
    error = None if valid else best_match(words.iter_errors(report))
    if error is not None:
        return Diagnostic(at, f"the report {file} is not what `acp-spec diff --format json` "
                          f"writes ({error.message}); write it again with that command", rule=CHANGES)  # fmt: skip
    return Change(str(entry["title"]), str(entry["date"]), report)


# by the digest of their bytes: the same snapshot is parsed once a process (a second or
# more of a run of the test suite's hundreds of loads); callers only read it
_SNAPSHOTS: Recent[Any] = Recent(4)


def read_upstream(file: Path, at: Position) -> tuple[str, Mapping[str, Any]] | Diagnostic:
    """An upstream JSON Schema the spec names (the sha256 of its bytes and its value), or the
    problem that keeps it from being read."""
    try:
        if file.stat().st_size > MAX_BYTES:
            return Diagnostic(at, f"{file.name} is over {MAX_BYTES // 1048576} MiB; name "
                              "upstream's published schema file", rule=UPSTREAM_FILES)  # fmt: skip
        raw = regular_bytes(file)
        actual = hashlib.sha256(raw).hexdigest()
        # compared with the spec by recursion: as deep as the spec may be, and a schema
        value = _SNAPSHOTS.get(actual, lambda: parse_json(raw.decode("utf-8"), MAX_DEPTH))
    except OSError as err:
        return Diagnostic(at, f"cannot read upstream's schema {file}: {err.strerror}; "
                          "fix the path (it is relative to the spec file)", rule=UPSTREAM_FILES)  # fmt: skip
    except ValueError as err:
        return Diagnostic(at, f"upstream's schema {file} cannot be read ({err}); copy "
                          "upstream's published file unchanged", rule=UPSTREAM_FILES)  # fmt: skip
    if not isinstance(value, dict) or not isinstance(value.get("$defs"), dict):
        return Diagnostic(
            at, f"{file} has no $defs; name upstream's published schema file", rule=UPSTREAM_FILES
        )
    problem = schema_problem(value)
    if problem is not None:
        return Diagnostic(at, f"{file} is not a JSON Schema 2020-12 (at #{problem[0]}: "
                          f"{problem[1]}); copy upstream's published file unchanged", rule=UPSTREAM_FILES)  # fmt: skip
    return actual, value


def digest_problem(actual: str, name: str, recorded: str, at: Position) -> list[Diagnostic]:
    """The file is not the one the spec records, so the version it names is not what is
    compared with: said at the recorded digest."""
    if actual == recorded:
        return []
    return [Diagnostic(at, f"{name} has sha256 {actual}, not the {recorded} recorded here; "
                       "if you copied in a newer upstream file, record its digest here and its "
                       "package and version (or commit) above; otherwise restore the file",
                       rule=UPSTREAM_FILES)]  # fmt: skip


def read_releases(spec_dir: Path) -> tuple[Release, ...] | Diagnostic:
    """The releases listed beside the spec, each with its schema; none without the list."""
    path = spec_dir / RELEASES_FILE
    if not path.is_file():
        return ()
    at = Position(str(path), 1, 1)
    try:
        listed = parse_json(regular_text(path))["releases"]
        releases = []
        for entry in listed:
            schema = parse_json(regular_text(path.parent / str(entry["schemas"]) / RELEASE_SCHEMA))
            if not isinstance(schema, dict) or not isinstance(schema.get("$defs"), dict):
                return Diagnostic(
                    at,
                    f"release {entry['id']}: its {RELEASE_SCHEMA} has no $defs; name in `schemas` "
                    "the folder of the release's published schemas, unchanged",
                    rule=UPSTREAM_RELEASES,
                )
            releases.append(
                Release(str(entry["id"]), str(entry["title"]), str(entry["date"]), schema)
            )
    except (OSError, JsonProblem, KeyError, TypeError) as err:
        return Diagnostic(at, f"cannot read the releases of the history: {err}; each entry "
                          f"is {{id, title, date, schemas: a folder with {RELEASE_SCHEMA}}}",
                          rule=UPSTREAM_RELEASES)  # fmt: skip
    return tuple(releases)
