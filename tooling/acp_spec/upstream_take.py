"""``acp-spec upstream take SOURCE --version X``: take a newer upstream release in one step.

SOURCE holds the release's two published v2 schemas (a folder with ``schema.json`` and
``schema.unstable.json``, such as ``package/schema/v2/`` of ``npm pack``, or the ``.tgz``
itself). The command, all or nothing:

1. writes the change report of the old release against the new one (``acp-spec diff`` of
   upstream's files, which holds exactly the release's changes, none of the spec's own) to
   ``spec/changes/`` and a ``changes:`` entry on top naming it;
2. copies the two files into the spec's ``upstream/``, unchanged, and records the version
   (or commit) and their digests in the spec and in ``upstream/README.md``;
3. imports every def that is new or changed (the spec's recorded additions kept);
4. writes an entry for each method upstream added, with what the release says of it.

Then it checks the spec and prints only what a person must still decide: the retry class
of each new method, and what ``check`` finds (a reason for each new difference, ...).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tarfile
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .diff import compare
from .diff.accept import judge
from .diff.compare import skipped
from .diff.render import Report
from .diff_inputs import STABLE_FILE, UNSTABLE_FILE, view_of_json
from .jsontext import JsonProblem, parse_json
from .metaschema import schema_problem
from .model import AddedProperty
from .upstream_import import ImportProblem, changed_defs, import_defs, unusable
from .yamlsource import MAX_BYTES, MAX_DEPTH

FILES = (STABLE_FILE, UNSTABLE_FILE)
_NPM_FOLDER = "package/schema/v2/"  # where an npm pack of the SDK keeps them
_TOP_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*:")


class TakeProblem(Exception):
    """What keeps the release from being taken; nothing was written."""


@dataclass(frozen=True)
class Release:
    folder: Path  # where both files lie side by side (a temporary one for a .tgz)
    raw: Mapping[str, bytes]  # file name -> bytes
    unstable: Mapping[str, Any]
    stable: Mapping[str, Any]


# ── the release ──


def read_release(source: Path, into: Path) -> Release:
    """The release's two files, from a folder or an npm package (.tgz, unpacked into
    ``into``: only the two files, by name, so nothing else of the archive is written)."""
    if source.is_file() and source.name.endswith((".tgz", ".tar.gz")):
        folder = into
        try:
            with tarfile.open(source) as archive:
                for name in FILES:
                    try:
                        member = archive.getmember(_NPM_FOLDER + name)
                    except KeyError:
                        raise TakeProblem(f"{source} has no {_NPM_FOLDER}{name}; give the "
                                          "package upstream publishes, or the folder of its "
                                          "schemas") from None  # fmt: skip
                    data = archive.extractfile(member) if member.isfile() else None
                    if data is None or member.size > MAX_BYTES:
                        raise TakeProblem(f"{source}: {name} is not a file of at most "
                                          f"{MAX_BYTES // 1048576} MiB")  # fmt: skip
                    (folder / name).write_bytes(data.read())
        except (tarfile.TarError, OSError) as err:
            raise TakeProblem(f"cannot read {source}: {err}") from None
    elif source.is_dir():
        folder = source
    else:
        raise TakeProblem(f"{source} is neither a folder nor an npm package (.tgz); give the "
                          f"folder that holds {STABLE_FILE} and {UNSTABLE_FILE}")  # fmt: skip
    raw: dict[str, bytes] = {}
    values: dict[str, Any] = {}
    for name in FILES:
        path = folder / name
        try:
            if path.stat().st_size > MAX_BYTES:
                raise TakeProblem(f"{path} is over {MAX_BYTES // 1048576} MiB")
            raw[name] = path.read_bytes()
            values[name] = parse_json(raw[name].decode("utf-8"), max_depth=MAX_DEPTH)
        except OSError as err:
            raise TakeProblem(f"cannot read {path}: {err.strerror}") from None
        except JsonProblem as err:
            raise TakeProblem(f"{path}:{err.line}:{err.column}: {err.reason}") from None
        except ValueError as err:
            raise TakeProblem(f"{path} cannot be read ({err})") from None
        value = values[name]
        if not isinstance(value, dict) or not isinstance(value.get("$defs"), dict):
            raise TakeProblem(f"{path} has no $defs; give upstream's published schema")
        problem = schema_problem(value)
        if problem is not None:
            raise TakeProblem(f"{path} is not a JSON Schema 2020-12 (at #{problem[0]}: "
                              f"{problem[1]})")  # fmt: skip
    return Release(folder, raw, values[UNSTABLE_FILE], values[STABLE_FILE])


# ── the report of old release -> new release ──


def change_report(old_unstable: Path, release: Release, old_label: str, new_label: str) -> Report:
    old = view_of_json(old_unstable, old_label)
    new = view_of_json(release.folder / UNSTABLE_FILE, new_label)
    judged, _ = judge(compare(old, new), ())
    shown = [j for j in judged if j.finding.rule != "docs-changed"]
    return Report(
        old=old_label,
        new=new_label,
        notes=tuple(skipped(old, new)),
        findings=tuple(sorted(shown, key=lambda j: j.finding.sort_key())),
        hidden_docs=len(judged) - len(shown),
    )


def old_label(file: Path) -> str | None:
    """How the report names the release the spec followed: the file at the commit that
    holds it (``git:COMMIT:PATH``) when the repository has it so; None when it has not
    (the file is about to be replaced, so its path would name the new release)."""

    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(["git", "-C", str(file.parent), *args], capture_output=True,
                                  text=True, check=False)  # fmt: skip
        except OSError:
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    top = git("rev-parse", "--show-toplevel")
    commit = git("rev-parse", "HEAD")
    if top is None or commit is None:
        return None
    inside = file.resolve().relative_to(Path(top).resolve()).as_posix()
    if git("rev-parse", f"HEAD:{inside}") != git("hash-object", str(file)):
        return None  # not committed as it is
    return f"git:{commit}:{inside}"


# ── the spec's text ──


def _section(lines: list[str], key: str) -> tuple[int, int] | None:
    """Where top-level ``key:`` is (its line) and where its section ends (the next
    top-level key; trailing blank and comment lines left to what follows)."""
    start = next((i for i, line in enumerate(lines) if line.startswith(f"{key}:")), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if _TOP_KEY.match(lines[i])), len(lines))
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1
    return start, end


def record_release(
    lines: list[str], version: str | None, commit: str | None, digests: Mapping[str, str]
) -> list[str]:
    """The upstream section with the release and its files' digests recorded."""
    place = _section(lines, "upstream")
    if place is None:
        raise TakeProblem("the spec has no upstream section; see spec/README.md")
    start, end = place
    out = list(lines)
    which = {STABLE_FILE: "stable", UNSTABLE_FILE: "unstable"}
    in_digests = False
    for i in range(start + 1, end):
        line = out[i]
        if re.match(r"^  \S", line):
            in_digests = line.startswith("  sha256:")
        if version is not None and re.match(r"^  version: ", line):
            out[i] = f'  version: "{version}"\n'
        elif commit is not None and re.match(r"^  commit: ", line):
            out[i] = f"  commit: {commit}\n"
        elif in_digests and (m := re.match(r"^    (stable|unstable): ", line)):
            name = next(n for n, w in which.items() if w == m[1])
            out[i] = f"    {m[1]}: {digests[name]}\n"
    if version is not None and not any(re.match(r"^  version: ", row) for row in out[start:end]):
        raise TakeProblem("the upstream section names no version: the release is a commit; "
                          "give --commit")  # fmt: skip
    if commit is not None and not any(re.match(r"^  commit: ", row) for row in out[start:end]):
        raise TakeProblem("the upstream section names no commit: the release is a package "
                          "version; give --version")  # fmt: skip
    return out


def add_change(lines: list[str], title: str, date: str, report: str) -> list[str]:
    entry = [
        f"  - title: {json.dumps(title)}\n",
        f'    date: "{date}"\n',
        f"    report: {report}\n",
    ]
    place = _section(lines, "changes")
    if place is None:
        upstream = _section(lines, "upstream")
        at = upstream[1] if upstream else len(lines)
        return [*lines[:at], "\n", "changes:\n", *entry, *lines[at:]]
    start, _ = place
    if lines[start].rstrip() == "changes: []":
        return [*lines[:start], "changes:\n", *entry, *lines[start + 1 :]]
    return [*lines[: start + 1], *entry, *lines[start + 1 :]]


def add_methods(lines: list[str], blocks: Sequence[list[str]]) -> list[str]:
    place = _section(lines, "methods")
    if place is None:
        raise TakeProblem("the spec has no methods section")
    _, end = place
    return [*lines[:end], *(line for block in blocks for line in block), *lines[end:]]


def import_release(
    text: str,
    ours: Mapping[str, Any],
    release: Release,
    adds: Mapping[str, Sequence[AddedProperty]],
) -> tuple[str, list[str], list[str]]:
    """The text with every new and changed def of the release imported: (text, replaced,
    added)."""
    defs = {n: d for n, d in release.unstable["$defs"].items() if unusable(n, d) is None}
    wanted = changed_defs(defs, ours, adds)
    if not wanted:
        return text, [], []
    try:
        result = import_defs(text, defs, wanted, adds=adds, max_bytes=MAX_BYTES)
    except ImportProblem as err:
        raise TakeProblem(str(err)) from None
    return result.text, result.replaced, [name for name, _ in result.added]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def today() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d")


def temporary() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="acp-spec-take-")
