"""Upstream's TypeScript SDK against the vectors: what tests/node/ts_sdk_vectors.mjs saw the
SDK do with each vector (its zod schema; the raw message in a real connection), compared
with what the vector says, and every disagreement matched to the kinds written down in
tests/ts_sdk_expected.json.

    python tests/support/ts_sdk_check.py [OBSERVATIONS.json]   # counts, and what is unexplained

Without a file it runs the node script (`npm ci --prefix tests/node` first). The SDK reads
leniently where upstream marks it (as its Rust deserializer does), so a case's `tolerant`
outcome, where it has one, is the one it is held to; else `expect`.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
VECTORS = REPO / "generated" / "vectors"
EXPECTED = Path(__file__).parents[1] / "ts_sdk_expected.json"
SCRIPT = Path(__file__).parents[1] / "node" / "ts_sdk_vectors.mjs"
NODE_MODULES = Path(__file__).parents[1] / "node" / "node_modules"

KINDS = (
    "accepted-but-dropped",
    "key-unknown-upstream",
    "divergence",
    "method-not-upstream",
    "sdk-routing-gap",
    "batch",
)


@dataclass(frozen=True)
class Case:
    id: str
    method: str | None
    message: str
    expected: bool | int  # True: valid; else the error code
    strict: bool | int
    divergence: str | None
    reads: tuple[str, ...] = ()  # the paths of its `reads` (its tolerant outcome's, if any)


@dataclass(frozen=True)
class Disagreement:
    case: Case
    layer: str  # zod, agent or client
    outcome: str
    key_dropped: bool
    lost: tuple[str, ...] = ()  # of the case's `reads`, what the SDK did not hand on

    def describe(self) -> str:
        saw = self.outcome + (f" but lost {', '.join(self.lost)}" if self.lost else "")
        if self.key_dropped and not self.lost:
            saw += " and dropped idempotencyKey"
        want = "valid" if self.case.expected is True else f"error {self.case.expected}"
        return f"{self.case.id} [{self.layer}]: the SDK {saw}; the vector says {want}"


def _outcome(expect: dict[str, Any]) -> bool | int:
    return True if expect.get("valid") else int(expect["error"])


def load_cases() -> dict[str, Case]:
    files = [VECTORS / "envelope.json", *sorted((VECTORS / "methods").glob("*.json"))]
    cases: dict[str, Case] = {}
    for path in files:
        for group in json.loads(path.read_text(encoding="utf-8"))["groups"]:
            for raw in group["cases"]:
                strict = _outcome(raw["expect"])
                cases[raw["id"]] = Case(
                    id=raw["id"],
                    method=group.get("method"),
                    message=raw["message"],
                    expected=_outcome(raw["tolerant"]) if "tolerant" in raw else strict,
                    strict=strict,
                    divergence=raw.get("divergence"),
                    reads=tuple(r["path"] for r in raw.get("tolerant", raw).get("reads", ())),
                )
    return cases


def run_sdk() -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not on PATH: install Node.js 18 or newer")
    if not (NODE_MODULES / "@agentclientprotocol" / "sdk" / "package.json").exists():
        raise RuntimeError(f"{NODE_MODULES} has no SDK: run `npm ci --prefix tests/node`")
    done = subprocess.run(
        [node, str(SCRIPT), str(VECTORS)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ},
    )
    if done.returncode != 0 or done.stderr:
        raise RuntimeError(f"{SCRIPT.name} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _agrees(case: Case, layer: str, outcome: str) -> bool:
    want = case.expected
    if outcome.startswith("error:"):
        code = int(outcome.removeprefix("error:"))
        # zod tells valid from invalid only: which code to answer is the router's
        return want is not True and (layer == "zod" or code == want)
    if outcome in ("valid", "dispatched", "delivered"):
        return want is True
    if outcome in ("invalid", "ignored"):
        # a notification can't be answered: refusing it is all a receiver can do
        return want is not True
    if outcome == "unmatched":
        # an error response with id null answers no request a v2 peer can have sent: all a
        # receiver can do with it is what the SDK does, log it
        return want is True and _id_is_null(case.message)
    return False  # no-schema, none, not-sendable


def _id_is_null(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and "id" in message and message["id"] is None


def disagreements(observed: dict[str, Any], cases: dict[str, Case]) -> list[Disagreement]:
    found = []
    for seen in observed["observations"]:
        case = cases[seen["id"]]
        dropped, lost = bool(seen.get("keyDropped")), tuple(seen.get("lost") or ())
        # accepting is not reading: a valid case whose `reads` the SDK lost disagrees too
        if lost or not _agrees(case, seen["layer"], seen["outcome"]):
            found.append(Disagreement(case, seen["layer"], seen["outcome"], dropped, lost))
    return found


def kind_holds(kind: str, found: Disagreement, upstream_methods: set[str]) -> bool:
    """Whether `found` is of the kind an entry gives it: an entry can't hide another kind."""
    case = found.case
    if kind == "accepted-but-dropped":
        # a valid case accepted, but what it says a receiver reads was not handed on
        return (
            bool(found.lost)
            and set(found.lost) <= set(case.reads)
            and found.outcome in ("valid", "dispatched")
        )
    if found.lost:
        return False
    if kind == "key-unknown-upstream":
        # an invalid key accepted: what the SDK does not know it drops, and never refuses
        return found.key_dropped
    if found.key_dropped:
        return False
    if kind == "divergence":
        return case.divergence is not None
    if kind == "method-not-upstream":
        return case.method is not None and case.method not in upstream_methods
    if kind == "batch":
        return case.message.lstrip().startswith("[")
    return kind == "sdk-routing-gap" and found.layer != "zod"


def _names(entry: dict[str, Any], case_id: str) -> bool:
    # an id is matched as is: ids have brackets, which a pattern reads as a character class
    if "id" in entry:
        return bool(entry["id"] == case_id)
    return fnmatch.fnmatchcase(case_id, entry["pattern"])


@dataclass
class Report:
    counts: Counter[str]
    unexplained: list[Disagreement]
    misfiled: list[tuple[Disagreement, str]]
    stale: list[dict[str, Any]]


def compare(observed: dict[str, Any], expected: list[dict[str, Any]]) -> Report:
    cases = load_cases()
    upstream = set(observed["upstreamMethods"])
    found = disagreements(observed, cases)
    counts: Counter[str] = Counter()
    for seen in observed["observations"]:
        counts[f"{seen['layer']}: observed"] += 1
    used = [0] * len(expected)
    unexplained, misfiled = [], []
    for item in found:
        matches = [
            i
            for i, entry in enumerate(expected)
            if item.layer in entry.get("layers", ("zod", "agent", "client"))
            and _names(entry, item.case.id)
        ]
        if not matches:
            unexplained.append(item)
            continue
        # the first entry of the disagreement's kind, if one names it, else the first
        # (misfiled): entries of two kinds may name the same cases (a valid key dropped,
        # an invalid one not refused)
        holding = [i for i in matches if kind_holds(expected[i]["kind"], item, upstream)]
        chosen = (holding or matches)[0]
        entry = expected[chosen]
        used[chosen] += 1
        if not kind_holds(entry["kind"], item, upstream):
            misfiled.append((item, entry["kind"]))
        counts[f"{item.layer}: {entry['kind']}"] += 1
    for item in found:
        counts[f"{item.layer}: disagree"] += 1
    for layer in {seen["layer"] for seen in observed["observations"]}:
        counts[f"{layer}: agree"] = counts[f"{layer}: observed"] - counts[f"{layer}: disagree"]
    stale = [entry for entry, n in zip(expected, used, strict=True) if n == 0]
    return Report(counts, unexplained, misfiled, stale)


def load_expected() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(EXPECTED.read_text(encoding="utf-8"))["expected"]
    return entries


def main(argv: list[str]) -> int:
    observed = json.loads(Path(argv[0]).read_text()) if argv else run_sdk()
    report = compare(observed, load_expected())
    for name, n in sorted(report.counts.items()):
        print(f"{name}: {n}")
    for item in report.unexplained:
        print("unexplained:", item.describe())
    for item, kind in report.misfiled:
        print(f"not {kind}:", item.describe())
    for entry in report.stale:
        print("stale entry (no such disagreement now):", json.dumps(entry))
    return 1 if report.unexplained or report.misfiled or report.stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
