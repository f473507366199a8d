"""The method table's rules: methods removed, added and renamed, and what changed about a
method that stays (direction, kind, params, stability, capability, errors, retry classes).
A fact only one side carries is not compared (compare.py notes it).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..constants import DUPLICATING, IDEMPOTENT, KEYED, NOT_RETRIED
from .finding import Finding
from .renames import Renames
from .values import Values
from .view import Fact, Flow, MethodFacts, ProtocolView

_STABILITY = {"proposed": 0, "unstable": 1, "stable": 2}
# How much a sender may rely on when it sends again; the derived classes are not ranked.
_RETRY_STRENGTH = {IDEMPOTENT: 3, KEYED: 2, DUPLICATING: 1, NOT_RETRIED: 0}


@dataclass(frozen=True)
class Table:
    """The two method tables, with the methods paired."""

    old: ProtocolView
    new: ProtocolView
    pairs: tuple[tuple[str, str], ...]  # (old name, new name): kept or renamed
    removed: tuple[str, ...]
    added: tuple[str, ...]

    def both_carry(self, fact: Fact) -> bool:
        return fact in self.old.carries and fact in self.new.carries


def pair_methods(old: ProtocolView, new: ProtocolView, renames: Renames) -> Table:
    kept = sorted(set(old.methods) & set(new.methods))
    gone = sorted(set(old.methods) - set(new.methods))
    came = sorted(set(new.methods) - set(old.methods))
    renamed: list[tuple[str, str]] = []
    for was in gone:
        matches = [now for now in came if _same_calls(old.methods[was], new.methods[now], renames)]
        back = [w for w in gone if matches and _same_calls(old.methods[w], new.methods[matches[0]], renames)]  # fmt: skip
        if len(matches) == 1 and back == [was]:
            renamed.append((was, matches[0]))
    for was, now in renamed:
        gone.remove(was)
        came.remove(now)
    pairs = tuple(sorted([(name, name) for name in kept] + renamed))
    return Table(old, new, pairs, tuple(gone), tuple(came))


def _same_calls(a: MethodFacts, b: MethodFacts, renames: Renames) -> bool:
    if a.kinds != b.kinds:
        return False
    for call in a.calls:
        other = b.call(call.kind)
        assert other is not None
        if not renames.same(call.params, other.params):
            return False
        if (call.result is None) != (other.result is None):
            return False
        if call.result and other.result and not renames.same(call.result, other.result):
            return False
    return True


def method_findings(table: Table, values: Values) -> Iterator[Finding]:
    for name in table.removed:
        yield Finding.of("method-removed", name, [name], f"{name} is gone: old senders "
                         "still call it and new receivers answer -32601 (method not found)")  # fmt: skip
    for name in table.added:
        yield Finding.of("method-added", name, [name], f"{name} is new: old receivers "
                         "answer -32601, so senders check that it is supported first")  # fmt: skip
    for was, now in table.pairs:
        old, new = table.old.methods[was], table.new.methods[now]
        if was != now:
            yield Finding.of("method-renamed", now, [was, now], f"{was} is now called {now} "
                             "(same params and result): each side calls the other's by a "
                             "name it does not know")  # fmt: skip
        yield from _calls(old, new, values)
        yield from _facts(table, old, new)
        yield from _retry(table, old, new)


def _calls(old: MethodFacts, new: MethodFacts, values: Values) -> Iterator[Finding]:
    name = new.name
    if set(old.kinds) != set(new.kinds):
        yield Finding.of("method-kind-changed", name, [name], f"{name} was "
                         f"{_kinds(old)} and is now {_kinds(new)}")  # fmt: skip
    for call in old.calls:
        other = new.call(call.kind)
        if other is None:
            continue
        if call.sender and other.sender and call.sender != other.sender:
            yield Finding.of("method-direction-changed", name, [name], f"{name} "
                             f"({call.kind}) was sent {call.sender} and is now sent "
                             f"{other.sender}")  # fmt: skip
        roots = [("params", call.params, other.params, other.senders, other.receivers)]
        if call.result is not None and other.result is not None:
            roots.append(("result", call.result, other.result, other.receivers, other.senders))
        for what, was, now, writers, readers in roots:
            if was == now:
                continue  # the def itself is compared, with every method that reaches it
            flow = Flow(frozenset(writers), frozenset(readers), frozenset({name}))
            if values.compare_roots(was, now, flow) and not values.renames.same(was, now):
                verb = "are" if what == "params" else "is"
                yield Finding.of("method-params-changed", name, [name], f"{name}'s {what} "
                                 f"{verb} now {now} instead of {was}, of the same shape")  # fmt: skip


def _kinds(method: MethodFacts) -> str:
    return " and ".join(f"a {kind}" for kind in method.kinds) or "nothing"


def _facts(table: Table, old: MethodFacts, new: MethodFacts) -> Iterator[Finding]:
    name = new.name
    if table.both_carry("stability") and old.stability != new.stability:
        a, b = _STABILITY.get(old.stability or "", -1), _STABILITY.get(new.stability or "", -1)
        rule = "method-stability-lowered" if b < a else "method-stability-raised"
        yield Finding.of(rule, name, [name], f"{name} was {old.stability} and is now "
                         f"{new.stability}")  # fmt: skip
    if table.both_carry("capability") and old.capability != new.capability:
        if old.capability is None:
            yield Finding.of("method-capability-added", name, [name], f"{name} is now gated "
                             f"by {new.capability}: old callers call it without checking")  # fmt: skip
        elif new.capability is None:
            yield Finding.of("method-capability-removed", name, [name], f"{name} is no "
                             f"longer gated by {old.capability}")  # fmt: skip
        else:
            yield Finding.of("method-capability-changed", name, [name], f"{name} is gated by "
                             f"{new.capability} instead of {old.capability}: old callers "
                             "check the capability new receivers no longer advertise for it")  # fmt: skip
    if table.both_carry("errors"):
        for error in sorted(set(old.errors) - set(new.errors)):
            yield Finding.of("method-error-removed", name, [name], f"{name} no longer lists "
                             f"{_error(table.old, error)}: old callers that act on it no "
                             "longer get it")  # fmt: skip
        for error in sorted(set(new.errors) - set(old.errors)):
            yield Finding.of("method-error-added", name, [name], f"{name} now lists "
                             f"{_error(table.new, error)}: old callers may not expect it")  # fmt: skip
    if table.both_carry("audited") and old.audited != new.audited:
        now = "is now in the RFD's audit" if new.audited else "is no longer in the RFD's audit"
        yield Finding.of("method-audited-changed", name, [name], f"{name} {now}")


def _error(view: ProtocolView, name: str) -> str:
    code = view.error_codes.get(name)
    return name if code is None else f"{name} ({code})"


def _retry(table: Table, old: MethodFacts, new: MethodFacts) -> Iterator[Finding]:
    if not table.both_carry("retry"):
        return
    name = new.name
    new_retry = dict(new.retry)
    for direction, was in old.retry:
        now = new_retry.get(direction)
        if now is None or now == was:
            continue
        rule = _retry_rule(was, now)
        how = {
            "retry-class-weakened": "old senders retry where it is no longer safe",
            "retry-class-strengthened": "old senders do not retry where they now could",
            "retry-class-changed": "senders follow another class's retry rule",
        }[rule]
        yield Finding.of(rule, name, [name], f"{name} ({direction}) was {was} and is now "
                         f"{now}: {how}")  # fmt: skip
    if old.key_path and new.key_path and old.key_path != new.key_path:
        yield Finding.of("retry-key-moved", name, [name], f"{name}'s IdempotencyKey moved "
                         f"from params.{'.'.join(old.key_path)} to params."
                         f"{'.'.join(new.key_path)}: old senders put it where new receivers "
                         "do not look")  # fmt: skip


def _retry_rule(was: str, now: str) -> str:
    if was not in _RETRY_STRENGTH or now not in _RETRY_STRENGTH:
        return "retry-class-changed"
    # an idempotent method retried without a key, or a keyed one with its key, is a promise
    # any other class breaks for old senders
    if was in (IDEMPOTENT, KEYED) or _RETRY_STRENGTH[now] < _RETRY_STRENGTH[was]:
        return "retry-class-weakened"
    return "retry-class-strengthened"


def error_code_findings(old: ProtocolView, new: ProtocolView) -> Iterator[Finding]:
    for name in sorted(set(old.error_codes) & set(new.error_codes)):
        was, now = old.error_codes[name], new.error_codes[name]
        if was != now:
            yield Finding.of("error-code-changed", f"errors/{name}", [], f"error {name} was "
                             f"code {was} and is now {now}")  # fmt: skip
