"""Upstream's TypeScript SDK (@agentclientprotocol/sdk, pinned in tests/node) against the
vectors and the traces: its v2 zod schemas and a real SDK connection over every vector, each
disagreement one of the kinds tests/ts_sdk_expected.json writes down; and the agent and the
client of examples/typescript/, built on the SDK's own connection classes, pass every trace
(and their defective variants fail the traces meant to catch them)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from acp_spec.traces_run.load import load_traces
from acp_spec.traces_run.report import text
from acp_spec.traces_run.runner import Result, play_all
from support import ts_sdk_check as check
from support.paths import REPO

TRACES = REPO / "generated" / "traces"
NODE_MODULES = REPO / "tests" / "node" / "node_modules"
EXAMPLES = REPO / "examples" / "typescript"


# ── the comparison itself, on made-up observations (no node) ──


def _cases() -> dict[str, check.Case]:
    return check.load_cases()


def _first(predicate: Any) -> check.Case:
    return next(case for case in _cases().values() if predicate(case))


def _observed(*observations: dict[str, Any]) -> dict[str, Any]:
    return {
        "upstreamMethods": ["session/prompt", "session/new"],
        "observations": list(observations),
    }


def test_an_unexplained_disagreement_fails_and_names_the_case() -> None:
    case = _first(lambda c: c.expected is True and c.id.startswith("session-new."))
    seen = {"id": case.id, "layer": "agent", "outcome": "error:-32602"}
    report = check.compare(_observed(seen), [])
    assert [d.case.id for d in report.unexplained] == [case.id]
    assert case.id in report.unexplained[0].describe()


def test_agreement_is_by_code_on_a_connection_and_by_validity_in_zod() -> None:
    case = _first(lambda c: c.expected == -32602 and c.id.startswith("session-new."))
    agree = [
        {"id": case.id, "layer": "agent", "outcome": "error:-32602"},
        {"id": case.id, "layer": "zod", "outcome": "invalid"},
    ]
    assert check.compare(_observed(*agree), []).unexplained == []
    wrong_code = {"id": case.id, "layer": "agent", "outcome": "error:-32600"}
    assert len(check.compare(_observed(wrong_code), []).unexplained) == 1


def test_a_lost_read_disagrees_even_when_the_message_was_accepted() -> None:
    """Accepting is not reading: a valid case whose `reads` the SDK did not hand on is an
    "accepted but dropped" disagreement, and only an entry of that kind explains it."""
    case = _first(lambda c: c.id == "session-prompt.idempotency-key.uuid")
    assert case.reads == ("params.idempotencyKey",)
    seen = {"id": case.id, "layer": "agent", "outcome": "dispatched", "keyDropped": True,
            "lost": ["params.idempotencyKey"]}  # fmt: skip
    assert len(check.compare(_observed(seen), []).unexplained) == 1
    assert (
        "lost params.idempotencyKey" in check.compare(_observed(seen), []).unexplained[0].describe()
    )
    entries = [
        {"id": case.id, "kind": "key-unknown-upstream"},
        {"id": case.id, "kind": "accepted-but-dropped"},
    ]
    report = check.compare(_observed(seen), entries)
    assert (report.unexplained, report.misfiled) == ([], [])
    assert report.stale == [entries[0]]  # the entry of the kind that holds is the one used
    assert report.counts["agent: accepted-but-dropped"] == 1
    misfiled = check.compare(_observed(seen), entries[:1]).misfiled
    assert [(d.case.id, kind) for d, kind in misfiled] == [(case.id, "key-unknown-upstream")]
    kept = {"id": case.id, "layer": "agent", "outcome": "dispatched", "lost": []}
    assert check.compare(_observed(kept), []).unexplained == []


def test_an_invalid_key_accepted_is_key_unknown_upstream() -> None:
    case = _first(lambda c: c.id == "session-prompt.idempotency-key.empty-string")
    seen = {"id": case.id, "layer": "zod", "outcome": "valid", "keyDropped": True, "lost": []}
    entry = {"id": case.id, "kind": "key-unknown-upstream"}
    report = check.compare(_observed(seen), [entry])
    assert (report.unexplained, report.misfiled, report.stale) == ([], [], [])
    wrong = check.compare(_observed(seen), [{"id": case.id, "kind": "accepted-but-dropped"}])
    assert len(wrong.misfiled) == 1


def test_an_entry_can_not_hide_a_disagreement_of_another_kind() -> None:
    case = _first(lambda c: c.expected is True and c.divergence is None)
    seen = {"id": case.id, "layer": "zod", "outcome": "invalid"}
    report = check.compare(_observed(seen), [{"id": case.id, "kind": "divergence"}])
    assert [(d.case.id, kind) for d, kind in report.misfiled] == [(case.id, "divergence")]


def test_an_entry_that_explains_nothing_is_stale() -> None:
    case = _first(lambda c: c.expected is True)
    seen = {"id": case.id, "layer": "agent", "outcome": "dispatched"}
    entry = {"pattern": "envelope.batch.*", "kind": "batch"}
    assert check.compare(_observed(seen), [entry]).stale == [entry]


def test_the_expected_kinds_are_well_formed() -> None:
    for entry in check.load_expected():
        assert ("id" in entry) != ("pattern" in entry), entry
        assert entry["kind"] in check.KINDS, entry
        assert set(entry.get("layers", ["zod"])) <= {"zod", "agent", "client"}, entry
        if entry["kind"] == "sdk-routing-gap":
            assert entry.get("note"), f"a routing gap says what the SDK does: {entry}"


# ── the SDK itself ──


@pytest.fixture(scope="module")
def sdk_run() -> dict[str, Any]:
    try:
        return check.run_sdk()
    except RuntimeError as error:
        pytest.fail(str(error))


@pytest.mark.slow  # seconds: a node process and a connection per vector
def test_the_sdk_disagrees_only_in_the_expected_kinds(sdk_run: dict[str, Any]) -> None:
    report = check.compare(sdk_run, check.load_expected())
    problems = [f"unexplained: {d.describe()}" for d in report.unexplained]
    problems += [f"not {kind}: {d.describe()}" for d, kind in report.misfiled]
    problems += [f"stale entry: {json.dumps(e)}" for e in report.stale]
    assert not problems, "\n".join(problems)
    print(json.dumps(dict(sorted(report.counts.items())), indent=1))


@pytest.mark.slow
def test_every_vector_went_through_the_sdk(sdk_run: dict[str, Any]) -> None:
    cases = check.load_cases()
    seen: dict[str, set[str]] = {layer: set() for layer in ("zod", "agent", "client")}
    for observation in sdk_run["observations"]:
        seen[observation["layer"]].add(observation["id"])
    assert set(cases) == seen["agent"] | seen["client"]
    assert {i for i, c in cases.items() if c.method is not None} == seen["zod"]


# ── the example agent and client over every trace ──

# What each defect must fail at least (new traces may catch it too); every trace must pass
# without one.
AGENT_DEFECTS: dict[str | None, set[str]] = {
    None: set(),
    "params-key": {
        "retry-same-connection", "retry-after-resume", "retry-after-agent-restart",
        "retry-while-held", "retry-inserted-during-work", "cancel-held-key",
        "reused-key-different-prompt",
    },
    "handler-order": {"cancel-held-key"},
}  # fmt: skip
CLIENT_DEFECTS: dict[str | None, set[str]] = {
    None: set(),
    "new-key-per-attempt": {"client-resends-after-reconnect", "client-resends-after-restart"},
}


def _wrongly_skipped(result: Result) -> bool:
    return result.skipped is not None and "stdio" in result.trace.get("transports", ["stdio"])


@pytest.mark.slow  # seconds: real node agent and client processes
def test_the_typescript_examples_pass_every_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    if not (NODE_MODULES / "@agentclientprotocol" / "sdk" / "package.json").exists():
        pytest.fail(f"{NODE_MODULES} has no SDK: run `npm ci --prefix tests/node`")
    monkeypatch.setenv("NODE_PATH", str(NODE_MODULES))  # how shared.mjs finds the SDK
    every_trace = {side: load_traces(TRACES, side) for side in ("agent", "client")}
    variants = [("agent", d) for d in AGENT_DEFECTS] + [("client", d) for d in CLIENT_DEFECTS]

    def traces(side: str, defect: str | None) -> list[dict[str, Any]]:
        # a defective variant plays only the traces it must fail
        must_fail = (AGENT_DEFECTS if side == "agent" else CLIENT_DEFECTS)[defect]
        return [t for t in every_trace[side] if defect is None or t["id"] in must_fail]

    def command(side: str, defect: str | None) -> list[str]:
        script = str(EXAMPLES / f"{side}.mjs")
        return ["node", script] if defect is None else ["node", script, "--defect", defect]

    async def every() -> list[list[Result]]:
        limit = asyncio.Semaphore(12)
        runs = (play_all(traces(s, d), s, command(s, d), limit=limit) for s, d in variants)
        return list(await asyncio.gather(*runs))

    wrong = []
    for (side, defect), results in zip(variants, asyncio.run(every()), strict=True):
        assert len(results) == len(traces(side, defect))
        must_fail = (AGENT_DEFECTS if side == "agent" else CLIENT_DEFECTS)[defect]
        # a trace for another transport is skipped over stdio, neither passed nor failed;
        # any other skip (a capability the example lacks) is a failure here
        failed = {r.id for r in results if r.failure is not None or _wrongly_skipped(r)}
        bad = failed - must_fail if defect is None else must_fail - failed
        if bad:
            shown = [r for r in results if r.id in bad]
            wrong.append(f"{side} {defect or 'example'}: {sorted(bad)}\n" + text(shown, side))
    assert not wrong, "\n".join(wrong)


@pytest.mark.slow
def test_the_readme_gives_the_measured_counts(sdk_run: dict[str, Any]) -> None:
    counts = check.compare(sdk_run, check.load_expected()).counts
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    said = [
        f"zod agrees on {counts['zod: agree']:,}",
        f"{counts['agent: agree']:,} of {counts['agent: observed']:,} agent-side runs",
        f"{counts['client: agree']:,} of {counts['client: observed']:,} client-side ones",
        f"({counts['agent: sdk-routing-gap'] + counts['client: sdk-routing-gap']:,} connection runs",
    ]
    missing = [phrase for phrase in said if phrase not in readme]
    assert not missing, f"README.md's TypeScript SDK paragraph should say: {missing}"
