"""A small but valid project: the spec cut down to a few methods, for what does not depend
on the spec's size (tests/test_docs.py's serve test, benchmarks/run.py --smoke)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from acp_spec.defs import DEFS_PREFIX, referenced_names
from acp_spec.emit.docs import NAV_PATH, PAGE_NOTE

ROOT = Path(__file__).resolve().parents[2]

# The methods of the small project: the one the serve test edits, initialize (whose result
# holds the capability that gates it) and a notification-only method (the envelope vectors
# need one).
SMALL_METHODS = ("initialize", "session/prompt", "session/cancel")


def _reached(types: dict[str, Any], names: Iterable[str]) -> set[str]:
    """The types ``names`` are, and every type they refer to."""
    todo = list(names)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += referenced_names(types[name])
    return seen


def small_project(folder: Path, names: Iterable[str] = SMALL_METHODS) -> Path:
    """A project (``folder``/project) of the spec cut down to the methods ``names``: the
    types they reach, and those the schema's envelopes name (RequestId, Error, the extension
    messages: what generated/schema.unstable.json's routing unions refer to that is no
    method's params or result). The traces (of the other methods; the keyed-prompt rules name none), the upstream snapshot
    (the types are no longer upstream's) and the published vector ids (the vectors are
    others) are left out. The site is the project's hand-written files; its generated pages
    and the models are made afresh."""
    from ruamel.yaml import YAML

    data: dict[str, Any] = YAML(typ="safe").load((ROOT / "spec/acp-v2.yaml").read_bytes())
    schema = json.loads((ROOT / "generated/schema.unstable.json").read_bytes())
    types: dict[str, Any] = data["types"]
    derived = {name: d for name, d in schema["$defs"].items() if name not in types}
    calls = {name for m in data["methods"].values() for call in ("request", "notification")
             for name in m.get(call, {}).values()}  # fmt: skip
    envelope = (
        {ref.removeprefix(DEFS_PREFIX) for ref in referenced_names(derived)} - calls - set(derived)
    )
    wanted = set(names)
    methods = {name: m for name, m in data["methods"].items() if name in wanted}
    if len(methods) != len(wanted):
        raise ValueError(f"the spec has no method {sorted(wanted - set(methods))}")
    own = [name for m in methods.values() for call in ("request", "notification")
           for name in m.get(call, {}).values()]  # fmt: skip
    kept = _reached(types, [*own, *envelope])
    data["types"] = {name: t for name, t in types.items() if name in kept}
    data["methods"] = methods
    data.pop("traces", None)
    for section in data.get("keyedPrompts", {}).get("sections", ()):
        # the rules' traces go with the traces (and no warning says a MUST lost them)
        section["rules"] = [
            {"text": r["text"], "untested": "the traces are left out"}
            if isinstance(r, dict) and "traces" in r
            else r
            for r in section.get("rules", ())
        ]
        section.pop("diagram", None)  # drawn from a trace
    for key in ("schemas", "sha256"):
        data["upstream"].pop(key, None)
    root = folder / "project"
    shutil.copytree(ROOT / "spec", root / "spec", ignore=shutil.ignore_patterns(
        "acp-v2.yaml", "upstream", "*.vector-ids.txt"))  # fmt: skip
    # JSON is YAML, and its dump keeps every value exactly
    (root / "spec/acp-v2.yaml").write_text(json.dumps(data, indent=1), encoding="utf-8")
    shutil.copytree(ROOT / "site", root / "site", ignore=shutil.ignore_patterns("site"))
    for path in list((root / "site").rglob("*")):
        if path.is_file() and path.read_bytes().startswith(PAGE_NOTE.encode()):
            path.unlink()
    (root / NAV_PATH).unlink()
    fit_about_page(root)
    return root


def fit_about_page(root: Path) -> None:
    """The hand-written pages link generated pages a small spec has not (the upstream page:
    no snapshot; trace pages: no traces): those links point home instead, so the strict
    build passes."""
    for name in ("about.md", "remote-transports.md"):
        page = root / "site/docs" / name
        text = re.sub(r"\]\((upstream|traces/[a-z0-9-]+)\.md(#[^)]*)?\)", "](index.md)",
                      page.read_text("utf-8"))  # fmt: skip
        page.write_text(text, "utf-8")
