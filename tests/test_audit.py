"""The spec's methods agree with the RFD's method audit, read from the RFD itself.

The RFD "v2 Idempotency Keys" has three "Method audit" tables. Every method they name
must be in spec/acp-v2.yaml with the RFD's class, direction and form, with `again`
holding the RFD's "Sending it again" text verbatim, and with `audited: true`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from acp_spec.model import Method, Spec
from support.paths import RFD

# heading in the RFD -> the direction it is sent in (None: notifications, any direction)
TABLES: dict[str, str | None] = {
    "#### Client to Agent requests": "client-to-agent",
    "#### Agent to Client requests": "agent-to-client",
    "#### Notifications": None,
}

CLASS_IDS = {
    "Keyed": "keyed",
    "Idempotent": "idempotent",
    "Duplicating": "duplicating",
    "Not retried": "not_retried",
    "Out of scope, defined by MCP": "out_of_scope",
    "Out of scope": "out_of_scope",
    "As the carried message": "as_carried",
}

_METHOD_CELL = re.compile(r"^`[^`]+`(?:, `[^`]+`)*(?: \(unstable\))?$")

# The methods the RFD audits that upstream's release still lacks: they stay proposed.
PROPOSED_BY_THE_AUDIT = frozenset({"session/options"})


@dataclass(frozen=True)
class AuditEntry:
    table: str
    method: str
    direction: str | None
    again: str
    retry_class: str
    unstable: bool

    @property
    def id(self) -> str:
        return f"{self.direction or 'notification'}:{self.method}"


def parse_audit(text: str) -> list[AuditEntry]:
    """The rows of the three method-audit tables, one entry per method named."""
    lines = text.splitlines()
    entries: list[AuditEntry] = []
    for heading, direction in TABLES.items():
        starts = [i for i, line in enumerate(lines) if line.strip() == heading]
        assert len(starts) == 1, f"expected exactly one {heading!r} in the RFD, found {len(starts)}"
        rows = _table_rows(lines, starts[0] + 1)
        assert rows[0] == ["Method", "Sending it again", "Class"], f"{heading}: header {rows[0]}"
        assert all(set(cell) <= {"-", " ", ":"} for cell in rows[1]), f"{heading}: no separator"
        assert len(rows) > 2, f"{heading}: the table has no rows"
        for cells in rows[2:]:
            method_cell, again, class_title = cells
            assert _METHOD_CELL.match(method_cell), (
                f"{heading}: unexpected method cell {method_cell!r}"
            )
            assert class_title in CLASS_IDS, f"{heading}: unknown class {class_title!r}"
            for method in re.findall(r"`([^`]+)`", method_cell):
                entries.append(
                    AuditEntry(
                        table=heading.lstrip("# "),
                        method=method,
                        direction=direction,
                        again=again,
                        retry_class=CLASS_IDS[class_title],
                        unstable=method_cell.endswith("(unstable)"),
                    )
                )
    return entries


def _table_rows(lines: list[str], start: int) -> list[list[str]]:
    """The cells of the first Markdown table at or after ``start``."""
    index = start
    while index < len(lines) and not lines[index].startswith("|"):
        assert not lines[index].startswith("#"), "a heading before the table"
        index += 1
    rows = []
    while index < len(lines) and lines[index].startswith("|"):
        inner = lines[index].strip()
        assert inner.endswith("|"), f"unterminated table row: {inner!r}"
        cells = [cell.strip() for cell in inner[1:-1].split("|")]
        assert len(cells) == 3, f"expected 3 cells, got {len(cells)}: {inner!r}"
        rows.append(cells)
        index += 1
    return rows


AUDIT = parse_audit(RFD.read_text(encoding="utf-8"))
AUDITED_METHODS = {entry.method for entry in AUDIT}


def _method(spec: Spec, name: str) -> Method:
    assert name in spec.methods, f"{name} is in the RFD's method audit but not in the spec"
    return spec.methods[name]


def test_the_audit_parses_into_every_table() -> None:
    tables = {entry.table for entry in AUDIT}
    assert tables == {heading.lstrip("# ") for heading in TABLES}
    assert len(AUDIT) == len({(e.method, e.direction) for e in AUDIT}), (
        "a method repeats in a table"
    )
    by_key = {(e.method, e.direction): e for e in AUDIT}
    # a row that names two methods gives both the row's text and class
    tool, terminal = (
        by_key["tool_call/cancel", "client-to-agent"],
        by_key["terminal/cancel", "client-to-agent"],
    )
    assert tool.again == terminal.again and tool.again.startswith("Has no second effect.")
    assert tool.retry_class == terminal.retry_class == "idempotent"
    # "(unstable)" belongs to every method of its row, and to no other row
    assert by_key["session/archive", "client-to-agent"].unstable
    assert by_key["session/unarchive", "client-to-agent"].unstable
    assert not by_key["session/prompt", "client-to-agent"].unstable
    assert by_key["session/prompt", "client-to-agent"].retry_class == "keyed"
    assert by_key["mcp/message", "agent-to-client"].retry_class == "out_of_scope"
    assert by_key["proxy/successor", "client-to-agent"].retry_class == "as_carried"
    assert by_key["$/cancel_request", None].retry_class == "not_retried"


@pytest.mark.parametrize("entry", AUDIT, ids=lambda e: e.id)
def test_retry_class_and_again_match_the_rfd(real_spec: Spec, entry: AuditEntry) -> None:
    method = _method(real_spec, entry.method)
    retries = {r.direction: r for r in method.retry}
    if entry.direction is not None:
        assert entry.direction in retries, (
            f"{entry.method} is in the RFD's {entry.table} table, but the spec has no retry "
            f"entry for {entry.direction} (it has {sorted(retries)})"
        )
        checked = [retries[entry.direction]]
    else:
        checked = list(retries.values())
        assert checked, f"{entry.method} has no retry entry"
    for retry in checked:
        assert retry.retry_class == entry.retry_class, (entry.method, retry.direction)
        if entry.again.startswith("The same. "):
            # the RFD's row leans on the one above it; the spec writes it out, keeping the rest
            assert not retry.again.startswith("The same")
            assert retry.again.endswith(entry.again.removeprefix("The same. ")), entry.method
            continue
        assert retry.again == entry.again, (entry.method, retry.direction)


@pytest.mark.parametrize("entry", AUDIT, ids=lambda e: e.id)
def test_direction_and_kind_match_the_rfd(real_spec: Spec, entry: AuditEntry) -> None:
    method = _method(real_spec, entry.method)
    assert method.audited is True, f"{entry.method} is in the RFD's audit but audited is not true"
    if entry.direction is None:
        assert method.notification is not None, f"{entry.method} is in the Notifications table"
        assert method.request is None, f"{entry.method} is a notification but has a request form"
    else:
        assert method.request is not None, f"{entry.method} is in a requests table"
        assert entry.direction in method.directions
    if entry.unstable:
        assert method.stability != "stable", f"the RFD marks {entry.method} (unstable)"


def test_mcp_message_is_audited_in_both_directions(real_spec: Spec) -> None:
    directions = {e.direction for e in AUDIT if e.method == "mcp/message"}
    assert directions == {"client-to-agent", "agent-to-client"}
    assert real_spec.methods["mcp/message"].sender == "both"


def test_every_audited_method_is_in_the_spec(real_spec: Spec) -> None:
    assert AUDITED_METHODS - set(real_spec.methods) == set()


def test_audited_flag_is_exactly_the_audit(real_spec: Spec) -> None:
    flagged = {name for name, m in real_spec.methods.items() if m.audited}
    assert flagged == AUDITED_METHODS


def test_the_audit_is_upstreams_methods_and_the_proposed_ones(
    real_spec: Spec, upstream_meta_methods: set[str]
) -> None:
    """The RFD audits the v2 of the release the spec follows: every upstream method, and
    the methods it proposes beside them; the spec has exactly those, all audited."""
    assert AUDITED_METHODS - upstream_meta_methods == PROPOSED_BY_THE_AUDIT
    assert upstream_meta_methods <= AUDITED_METHODS
    assert set(real_spec.methods) == AUDITED_METHODS
    assert [n for n, m in real_spec.methods.items() if not m.audited] == []
    for name in PROPOSED_BY_THE_AUDIT:
        assert real_spec.methods[name].stability == "proposed", name


def test_stability_of_every_method_follows_upstream(
    real_spec: Spec, upstream_stable: dict[str, Any], upstream_meta_methods: set[str]
) -> None:
    """stable iff upstream's stable schema has the params; proposed iff no upstream meta lists it."""
    wrong = {}
    for name, method in real_spec.methods.items():
        in_stable = {call.params in upstream_stable["$defs"] for call in method.calls}
        assert len(in_stable) == 1, f"{name}: some params defs are stable upstream, some not"
        stable = in_stable.pop()
        expected = "stable" if stable else "unstable"
        if name not in upstream_meta_methods:
            expected = "proposed"
        if method.stability != expected:
            wrong[name] = (method.stability, expected)
    assert wrong == {}
