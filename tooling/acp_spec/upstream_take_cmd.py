"""``acp-spec upstream take SOURCE --version X`` (see upstream_take): the command's options,
the files it writes, and what it prints a person has still to decide."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK
from .diagnostic_ids import UPSTREAM_NEW_METHOD
from .diagnostics import Diagnostic, Position, SpecError
from .diff.render import as_json
from .diff.versions import methods_of, schema_view
from .diff_inputs import STABLE_FILE, UNSTABLE_FILE
from .pipeline import load_checked
from .upstream_data import listed_additions
from .upstream_stub import UNDECIDED, method_entry, render_entry
from .upstream_take import (
    FILES,
    Release,
    TakeProblem,
    add_change,
    add_methods,
    change_report,
    digest,
    import_release,
    old_label,
    read_release,
    record_release,
    temporary,
    today,
)
from .vector_ids import ids_path
from .vectors_cmd import stamp_unreleased
from .writer import replace_file
from .yamlsource import load


def add_command(actions: Any) -> None:
    take = actions.add_parser(
        "take",
        help="take a newer upstream release: copy its schemas in, record it, import its new "
        "and changed defs and methods, write its change report; then say what is left",
        description="Take a newer upstream release in one step: write the change report of "
        "the old release against the new one into spec/changes/ with a changes entry, copy "
        "the two schema files into the spec's upstream/ and record the release and their "
        "digests, import every new and changed def (the spec's recorded additions kept), "
        "write an entry for each new method; then print what a person must still decide.",
    )
    take.add_argument("source", type=Path, metavar="SOURCE",
                      help="the folder of the release's schema.json and schema.unstable.json "
                      "(package/schema/v2 of `npm pack @agentclientprotocol/sdk@X`), or the "
                      ".tgz itself")  # fmt: skip
    which = take.add_mutually_exclusive_group(required=True)
    which.add_argument("--version", metavar="X", help="the release's package version")
    which.add_argument("--commit", metavar="SHA",
                       help="the release's commit (40 hex digits), for a spec that follows one")  # fmt: skip


def take_command(spec_path: Path, source: Path, *, version: str | None, commit: str | None) -> int:
    if commit is not None and not re.fullmatch(r"[0-9a-f]{40}", commit):
        print(f"acp-spec: --commit {commit}: give the 40 hex digits", file=sys.stderr)
        return EXIT_INVALID
    try:
        with temporary() as tmp:
            release = read_release(source, Path(tmp))
            taken = _take(spec_path, release, version, commit)
    except TakeProblem as err:
        print(f"acp-spec: {err}; nothing was written", file=sys.stderr)
        return EXIT_INVALID
    _print_left(spec_path, taken)
    return EXIT_OK


class _Taken:
    def __init__(self) -> None:
        self.summary = ""
        self.report = ""
        self.replaced: list[str] = []
        self.added: list[str] = []
        self.methods: list[str] = []


def _take(spec_path: Path, release: Release, version: str | None, commit: str | None) -> _Taken:
    data = load(spec_path, display=str(spec_path)).data  # a spec YAML can't read: SpecError
    upstream = data.get("upstream") if isinstance(data, dict) else None
    if not isinstance(upstream, dict) or not isinstance(upstream.get("schemas"), dict):
        raise TakeProblem("the spec's upstream section names no schemas; see spec/README.md")
    folder = spec_path.parent
    targets = {STABLE_FILE: folder / str(upstream["schemas"].get("stable")),
               UNSTABLE_FILE: folder / str(upstream["schemas"].get("unstable"))}  # fmt: skip
    package = str(upstream.get("package", "upstream"))
    follows = f"{package} {version}" if version else f"{upstream.get('repository')} {commit}"
    old_file = targets[UNSTABLE_FILE]
    if not old_file.is_file():
        raise TakeProblem(f"{old_file}: the release the spec follows is not there to compare with")
    was = upstream.get("version") or upstream.get("commit")
    before = (
        old_label(old_file)
        or f"upstream {package if upstream.get('version') else upstream.get('repository')} {was}"
    )
    report = change_report(old_file, release, before, f"upstream {follows}")
    name = f"{package.rsplit('/', 1)[-1]}-{version}" if version else f"commit-{commit[:12]}"  # type: ignore[index]
    report_path = folder / "changes" / f"{re.sub(r'[^A-Za-z0-9_.-]', '-', name)}.json"
    if report_path.exists():
        raise TakeProblem(f"{report_path} exists: this release was taken already")
    digests = {n: digest(release.raw[n]) for n in FILES}
    lines = spec_path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines = record_release(lines, version, commit, digests)
    taken = _Taken()
    types = data.get("types") if isinstance(data.get("types"), dict) else {}
    text, taken.replaced, taken.added = import_release(
        "".join(lines), types, release, listed_additions(data)
    )
    lines = text.splitlines(keepends=True)
    ours = set(data.get("methods") or {})
    view = schema_view(release.unstable, "release")
    stable = methods_of(release.stable)
    docs = str(upstream.get("docs", ""))
    defs = release.unstable["$defs"]
    taken.methods = sorted(set(view.methods) - ours)
    blocks = [render_entry(m, method_entry(view.methods[m], defs, docs, m in stable))
              for m in taken.methods]  # fmt: skip
    if blocks:
        lines = add_methods(lines, blocks)
    relative = report_path.relative_to(folder).as_posix()
    lines = add_change(lines, f"Upstream {follows}", today(), relative)
    files: dict[Path, bytes] = {targets[n]: release.raw[n] for n in FILES}
    files[report_path] = as_json(report).encode("utf-8")
    ids = ids_path(spec_path)
    if ids.is_file():  # the ids retired while this release was not known yet are its
        taken_as = version or (commit or "")[:12]
        files[ids] = stamp_unreleased(ids.read_text(encoding="utf-8"), taken_as).encode("utf-8")
    readme = targets[UNSTABLE_FILE].parent / "README.md"
    if readme.is_file():
        files[readme] = _readme(readme.read_text(encoding="utf-8"), upstream, version, digests)
    report_path.parent.mkdir(parents=True, exist_ok=True)
    for path, content in files.items():
        replace_file(path, content)
    replace_file(spec_path, "".join(lines).encode("utf-8"))
    taken.summary = report.summary()
    taken.report = str(report_path)
    return taken


def _readme(
    text: str, upstream: dict[str, Any], version: str | None, digests: dict[str, str]
) -> bytes:
    """upstream/README.md with the release's version and the files' digests."""
    recorded = upstream.get("sha256")
    old: dict[str, Any] = recorded if isinstance(recorded, dict) else {}
    for which, name in (("stable", STABLE_FILE), ("unstable", UNSTABLE_FILE)):
        if isinstance(old.get(which), str):
            text = text.replace(old[which], digests[name])
    if version is not None and isinstance(upstream.get("version"), str):
        text = text.replace(f" {upstream['version']} (published", f" {version} (taken")
        text = re.sub(r"\(taken \d{4}-\d{2}-\d{2};", f"(taken {today()};", text)
        text = text.replace(f"` {upstream['version']}", f"` {version}")
    return text.encode("utf-8")


def _print_left(spec_path: Path, taken: _Taken) -> None:
    print(f"wrote the change report {taken.report}: {taken.summary}")
    for name in taken.replaced:
        print(f"replaced {name}")
    for name in taken.added:
        print(f"added {name}")
    for name in taken.methods:
        print(f"added method {name}")
    left: list[Diagnostic] = []
    text = spec_path.read_text(encoding="utf-8").splitlines()
    for name in taken.methods:
        line = text.index(f"  {name}:") + 1
        left.append(Diagnostic(Position(str(spec_path), line, 3), f"{name} is new: choose its "
                               "retry class in each direction it is sent in (idempotent, keyed, "
                               "duplicating, not_retried: the RFD's audit, or your reasoning), "
                               "say what sending it again does, and review its summary, errors "
                               "and example", rule=UPSTREAM_NEW_METHOD))  # fmt: skip
    try:
        spec, _ = load_checked(spec_path, display=str(spec_path))
        found: list[Diagnostic] = list(spec.warnings)
    except SpecError as err:
        found = list(err.diagnostics)
    left += [d for d in found if f'class is "{UNDECIDED}"' not in d.message]
    if left:
        print(f"\n{len(left)} thing{'s' if len(left) != 1 else ''} to decide:")
        for diagnostic in sorted(left):
            print(diagnostic.render())
    print(
        "\nthen: acp-spec generate, and settle the vector ids (acp-spec vectors publish; "
        "acp-spec vectors retire ID --reason WHY for what the release removed)"
    )
