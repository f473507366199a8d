"""``acp-spec upstream import FILE [DEF ...]``: bring upstream's defs into the spec's types.

Part of following upstream (spec/README.md, "Following upstream"): after copying a newer
upstream schema in, this writes the YAML blocks of its new and changed defs, so that
``acp-spec check`` is left with what needs judgment (methods, examples, differences).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from . import upstream_take_cmd
from .constants import EXIT_INVALID, EXIT_OK
from .jsontext import JsonProblem, parse_json
from .readfile import regular_text
from .upstream_data import listed_additions, listed_new_types
from .upstream_import import ImportProblem, changed_defs, import_defs, unusable
from .writer import replace_file
from .yamlsource import MAX_BYTES, MAX_DEPTH, load


def add_commands(subparsers: Any) -> None:
    """Add ``upstream import`` to the command's subparsers."""
    upstream = subparsers.add_parser("upstream", help="follow upstream's published schemas")
    actions = upstream.add_subparsers(dest="upstream_command", required=True, metavar="ACTION")
    command = actions.add_parser(
        "import",
        help="write upstream's defs into the spec's types: a changed one where it is, a new "
        "one after the first type that refers to it",
    )
    command.add_argument("file", type=Path, metavar="FILE",
                         help="upstream's schema, e.g. spec/upstream/schema.unstable.json")  # fmt: skip
    command.add_argument("defs", nargs="*", metavar="DEF", help="the defs to import")
    command.add_argument("--changed", action="store_true",
                         help="import every def of FILE that the spec lacks or writes differently")  # fmt: skip
    command.add_argument("--after", metavar="TYPE",
                         help="place the new defs after this type, in the order given")  # fmt: skip
    upstream_take_cmd.add_command(actions)


def run(args: argparse.Namespace) -> int:
    if args.upstream_command == "import":
        return import_command(
            args.spec, args.file, args.defs, changed=args.changed, after=args.after
        )
    if args.upstream_command == "take":
        return upstream_take_cmd.take_command(
            args.spec, args.source, version=args.version, commit=args.commit
        )
    raise AssertionError(f"unknown upstream action {args.upstream_command}")  # argparse refuses it


def import_command(
    spec_path: Path, file: Path, names: list[str], *, changed: bool, after: str | None
) -> int:
    """Edit the spec in place; a spec whose YAML can't be read raises SpecError."""
    try:
        every = _read_defs(file)
    except ImportProblem as err:
        print(f"acp-spec: {err}; nothing was written", file=sys.stderr)
        return EXIT_INVALID
    skipped = {name: why for name, d in every.items() if (why := unusable(name, d)) is not None}
    upstream = {name: d for name, d in every.items() if name not in skipped}
    asked = [name for name in names if name in skipped]
    if asked:
        print(f"acp-spec: {file}: upstream's {asked[0]} cannot be imported: {skipped[asked[0]]}; "
              "nothing was written", file=sys.stderr)  # fmt: skip
        return EXIT_INVALID
    data = load(spec_path, display=str(spec_path)).data
    types = data.get("types") if isinstance(data, dict) else None
    ours: dict[str, Any] = types if isinstance(types, dict) else {}
    adds = listed_additions(data)
    wanted = list(names)
    if changed:
        wanted += [n for n in changed_defs(upstream, ours, adds) if n not in wanted]
        listed = listed_new_types(data)
        gone = [n for n in ours if n not in every and n not in listed]
        if gone:
            print(f"{len(gone)} type{'s' if len(gone) != 1 else ''} upstream does not define: "
                  f"{', '.join(gone)}; remove {'them' if len(gone) != 1 else 'it'}, or list "
                  "under upstream › differences (kind new-type) with why")  # fmt: skip
        for name, why in skipped.items():
            print(f"acp-spec: {file}: skipped upstream's {name}: {why}; write it by hand if the "
                  "spec needs it", file=sys.stderr)  # fmt: skip
        if not wanted:
            others = "every other def" if skipped else "every def"
            print(f"{others} of {file} is the spec's already")
            return EXIT_INVALID if skipped else EXIT_OK
    if not wanted:
        print("acp-spec: nothing to import; name the defs, or give --changed", file=sys.stderr)
        return EXIT_INVALID
    text = spec_path.read_text(encoding="utf-8")
    try:
        result = import_defs(text, upstream, wanted, adds=adds, after=after, max_bytes=MAX_BYTES)
    except ImportProblem as err:
        print(f"acp-spec: {err}; nothing was written", file=sys.stderr)
        return EXIT_INVALID
    for name in result.replaced:
        print(f"replaced {name}")
    for name, anchor in result.added:
        where = f"after {anchor}" if anchor else "at the end of types (move it to its section)"
        print(f"added {name} {where}")
    for name in result.unchanged:
        print(f"{name} is upstream's already")
    if result.text != text:
        replace_file(spec_path, result.text.encode("utf-8"))
    print("run `acp-spec check`: methods, examples and differences may need you next")
    return EXIT_INVALID if skipped else EXIT_OK


def _read_defs(file: Path) -> dict[str, Any]:
    """Upstream's defs, read within the limits a spec is read within (``check`` could not
    read a spec that a larger or deeper file made)."""
    try:
        if file.stat().st_size > MAX_BYTES:
            raise ImportProblem(f"{file} is over the {MAX_BYTES // 1048576} MiB a spec may be; "
                                "give upstream's published schema")  # fmt: skip
        value = parse_json(regular_text(file), max_depth=MAX_DEPTH)
    except OSError as err:
        raise ImportProblem(f"cannot read {file}: {err.strerror}") from None
    except JsonProblem as err:
        raise ImportProblem(f"{file}:{err.line}:{err.column}: {err.reason}; give upstream's "
                            "published schema") from None  # fmt: skip
    except ValueError as err:  # not UTF-8
        raise ImportProblem(
            f"{file} cannot be read ({err}); give upstream's published schema"
        ) from None
    if not isinstance(value, dict) or not isinstance(value.get("$defs"), dict):
        raise ImportProblem(f"{file} has no $defs; give upstream's published schema")
    defs: dict[str, Any] = value["$defs"]
    return defs
