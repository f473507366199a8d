"""Rules about traces: ids, connections, sides, captures, and every message a real message
of the spec's methods.

A trace is played by a runner against a peer, so each mistake here would surface as a
failure of the peer under test, not of the trace: every one is caught before generating.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from ..content import Recent, digest
from ..diagnostics import Diagnostic, did_you_mean, one_of
from ..index import Index
from ..model import Kind, Method, Spec, Step, Trace
from ..trace_values import ANY, capture_name, references
from ..yamlsource import PathKey
from .common import Written
from .common import at as _at
from .examples import type_errors
from .methods import capability_exists
from .references import dangling_refs, reference_loops
from .types import bad_patterns

ENVELOPE = frozenset({"jsonrpc", "id", "method", "params", "result", "error"})
ERROR_TYPE = "Error"  # upstream's JSON-RPC error object
ID_TYPE = "RequestId"
_MISFIT = "the message does not match"  # how _Checker._against starts its problems


def _base(number: int) -> PathKey:
    return ("traces", number)


def _line(spec: Spec, path: PathKey) -> int:
    # asked for only in a message: the rules keep paths, which cost nothing to note
    return spec.where.at(path).line


def _step_path(number: int, index: int, step: Step) -> PathKey:
    return (*_base(number), "steps", index, step.kind)


def trace_ids_unique(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    first: dict[str, int] = {}
    for trace in spec.traces:
        number = trace.number
        if trace.id in first:
            line = spec.where.at((*_base(first[trace.id]), "id")).line
            yield _at(spec, (*_base(number), "id"), f"trace id '{trace.id}' is taken by the trace "
                      f"at line {line}; ids name the generated files, so give this one its own")  # fmt: skip
        first.setdefault(trace.id, number)


def trace_capabilities(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for trace in spec.traces:
        number = trace.number
        if trace.capability is not None and not capability_exists(spec, trace.capability):
            yield _at(spec, (*_base(number), "capability"),
                      f"capability '{trace.capability}' names no field of the capability types; "
                      "write the path of a real field, like agentCapabilities.session")  # fmt: skip


def trace_connections(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """A connection is connected before it is used, once, and not used once closed."""
    for trace in spec.traces:
        number = trace.number
        opened: dict[str, PathKey] = {}
        closed: dict[str, PathKey] = {}
        told: set[str] = set()
        for i, step in enumerate(trace.steps):
            path = _step_path(number, i, step)
            name = step.connection
            if step.kind == "connect" and name is not None:
                if name in opened:
                    yield _at(spec, path, f"connection '{name}' was opened at line {_line(spec, opened[name])}; "
                              "name each connection once (c1, c2, ...)")  # fmt: skip
                opened.setdefault(name, path)
                continue
            if step.kind == "fault":
                yield from _fault_fields(spec, step, path)
                if step.fault in ("restart-agent", "restart-client"):
                    closed.update({n: path for n in opened if n not in closed})
                    continue
            if name is None or step.kind not in ("send", "expect", "fault"):
                continue
            on = (*path, "on")
            if name not in opened:
                yield _at(spec, on, f"connection '{name}' is not connected here"
                          f"{did_you_mean(name, opened)}; add `- connect: {name}` before this step")  # fmt: skip
            elif name in closed and step.count is None and name not in told:
                # a count is checked over the whole connection, closed or not; the first
                # use after the close is the one to fix (or the close)
                told.add(name)
                yield _at(spec, on, f"connection '{name}' was closed at line {_line(spec, closed[name])}; "
                          "connect a new one and use it")  # fmt: skip
            yield from _also(spec, step, path, opened, closed)
            if step.fault == "close" and name in opened:
                closed.setdefault(name, path)


def _also(
    spec: Spec, step: Step, path: PathKey, opened: dict[str, PathKey], closed: dict[str, PathKey]
) -> Iterator[Diagnostic]:
    """`also` names other open connections: a send races on them, a count counts over them."""
    if not step.also:
        return
    if step.kind == "expect" and step.count is None:
        yield _at(spec, (*path, "also"), "only an expect with count looks at several connections; "
                  "remove `also`, or write one expect per connection", key=True)  # fmt: skip
    for n, other in enumerate(step.also):
        where = (*path, "also", n)
        if other == step.connection:
            yield _at(spec, where, f"'{other}' is this step's `on` already; name other connections")
        elif other not in opened:
            yield _at(spec, where, f"connection '{other}' is not connected here"
                      f"{did_you_mean(other, opened)}; add `- connect: {other}` before this step")  # fmt: skip
        elif other in closed and step.count is None:
            yield _at(spec, where, f"connection '{other}' was closed at line "
                      f"{_line(spec, closed[other])}; connect a new one and use it")  # fmt: skip


def _fault_fields(spec: Spec, step: Step, path: PathKey) -> Iterator[Diagnostic]:
    if step.fault in ("drop-response", "close") and step.connection is None:
        yield _at(spec, path, f"fault {step.fault} needs the connection it acts on; add `on:`")
    if step.fault in ("restart-agent", "restart-client") and step.connection is not None:
        yield _at(spec, (*path, "on"), f"fault {step.fault} closes every connection; remove `on`",
                  key=True)  # fmt: skip
    if step.fault == "restart-agent" and step.store is None:
        yield _at(spec, path, "fault restart-agent must say whether the agent keeps its stored "
                  "sessions; add `store: keep` or `store: lose`")  # fmt: skip
    if step.fault != "restart-agent" and step.store is not None:
        yield _at(spec, (*path, "store"), f"only restart-agent takes store, not {step.fault}; "
                  "remove it", key=True)  # fmt: skip


def trace_sides(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """The runner sends as the side not under test; the side under test is expected."""
    for trace in spec.traces:
        number = trace.number
        runner = "client" if trace.side == "agent" else "agent"
        for i, step in enumerate(trace.steps):
            path = _step_path(number, i, step)
            if step.kind == "send" and step.sender != runner:
                yield _at(spec, (*path, "from"), f"this trace tests the {trace.side}, so the runner "
                          f"sends as the {runner}: a send is from {runner}; what the {trace.side} "
                          "sends is an expect")  # fmt: skip
            elif step.kind == "expect" and step.sender != trace.side:
                yield _at(spec, (*path, "from"), f"this trace tests the {trace.side}: an expect is "
                          f"a message from the {trace.side}; what the runner sends is a send")  # fmt: skip
            elif step.kind == "user" and trace.side != "client":
                yield _at(spec, path, "user steps drive a client under test; this trace tests the "
                          "agent, so send the client's messages instead")  # fmt: skip
            elif step.kind == "fault" and step.fault in ("restart-agent", "restart-client"):
                restarted = step.fault.removeprefix("restart-")
                if restarted != trace.side:
                    yield _at(spec, (*path, "type"), f"{step.fault} restarts the side under test, "
                              f"but this trace tests the {trace.side}; use restart-{trace.side}, "
                              "or close the connections")  # fmt: skip
            if step.kind == "user":
                if step.action == "submit" and not step.text:
                    yield _at(spec, path, "a submit gives the text the user submits; add `text:`")
                if step.action == "cancel" and step.text is not None:
                    yield _at(spec, (*path, "text"), "a cancel takes no text; remove it", key=True)


@dataclass
class _Scope:
    """What a trace has defined so far: captures and labels."""

    # each name with the step that defined it
    captures: dict[str, PathKey] = field(default_factory=dict)
    partial: dict[str, PathKey] = field(default_factory=dict)  # captured in only some outcomes
    labels: dict[str, PathKey] = field(default_factory=dict)


def trace_captures(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """Every ``$name`` and every ``after`` refers to something an earlier step defined."""
    for trace in spec.traces:
        number = trace.number
        scope = _Scope()
        for i, step in enumerate(trace.steps):
            path = _step_path(number, i, step)
            # a branch of a oneOf may name a capture only some branches of an earlier oneOf
            # make: it fits only when the earlier expect took such a branch, which is how two
            # oneOfs are paired (both answers errors, or both the same messageId)
            paired = step.kind == "expect" and len(step.outcomes) > 1 and step.count is None
            for where, value in _messages(spec, number, i, step):
                for inner, name in references(value):
                    if name not in scope.captures and not (paired and name in scope.partial):
                        yield _at(spec, (*where, *inner), _undefined(spec, name, scope))
            if step.when is not None:
                yield from _when(spec, scope, path, step)
            if step.after is not None and step.after not in scope.labels:
                yield _at(spec, (*path, "after"), f"no earlier step is labelled '{step.after}'"
                          f"{did_you_mean(step.after, scope.labels)}; label it with `as:` or fix the name")  # fmt: skip
            if step.label is not None:
                if step.label in scope.labels:
                    yield _at(spec, (*path, "as"), f"label '{step.label}' is taken by the step at "
                              f"line {_line(spec, scope.labels[step.label])}; give this step another")  # fmt: skip
                scope.labels.setdefault(step.label, path)
            yield from _define(spec, scope, number, i, step)


def _when(spec: Spec, scope: _Scope, path: PathKey, step: Step) -> Iterator[Diagnostic]:
    # `when` picks the branch of an earlier oneOf: a capture made in only some outcomes
    where = (*path, "when")
    if step.count is None:
        yield _at(spec, where, "only an expect with count can depend on a branch taken; "
                  "remove `when`, or add `count`")  # fmt: skip
    elif step.when in scope.captures:
        yield _at(spec, where, f"${step.when} is captured in every outcome of the expect at line "
                  f"{_line(spec, scope.captures[step.when])}, so this count always applies; remove `when`")  # fmt: skip
    elif step.when not in scope.partial:
        known = {**scope.partial, **scope.captures}
        yield _at(spec, where, f"no earlier expect captures '{step.when}' in one of its outcomes"
                  f"{did_you_mean(str(step.when), known)}; name a capture of a oneOf branch")  # fmt: skip


def _undefined(spec: Spec, name: str, scope: _Scope) -> str:
    if name in scope.partial:
        return (f"${name} is captured in only some outcomes of the expect at line {_line(spec, scope.partial[name])}; "
                "capture it in every outcome, or use it only in the outcomes of a oneOf")  # fmt: skip
    return (f"${name} is not captured by an earlier step{did_you_mean(name, scope.captures)}; "
            "capture it with `capture:` in an expect before this step")  # fmt: skip


def _define(spec: Spec, scope: _Scope, number: int, i: int, step: Step) -> Iterator[Diagnostic]:
    if step.kind != "expect":
        return
    path = _step_path(number, i, step)
    named = [set(o.capture) for o in step.outcomes]
    if step.count is not None and any(named):
        yield _at(spec, path, "an expect with count matches many messages, or none, so it "
                  "captures nothing; capture in an expect without count")  # fmt: skip
        return
    for k, outcome in enumerate(step.outcomes):
        for name in outcome.capture:
            where = (*_outcome_path(spec, path, k), "capture", name)
            if name == ANY[1:]:
                yield _at(spec, where, "$any stands for any value; name the capture otherwise",
                          key=True)  # fmt: skip
            elif name in scope.captures:
                yield _at(spec, where, f"${name} is captured already at line "
                          f"{_line(spec, scope.captures[name])}; use it, or give this capture another name", key=True)  # fmt: skip
    every = set.intersection(*named) if named else set()
    for name in sorted(set().union(*named) - every) if named else ():
        scope.partial.setdefault(name, path)
    for name in sorted(every):
        scope.captures.setdefault(name, path)


def _outcome_path(spec: Spec, path: PathKey, k: int) -> PathKey:
    """Where outcome ``k`` of an expect is written: in its oneOf, or the expect itself."""
    return (*path, "oneOf", k) if spec.where.holds((*path, "oneOf")) else path


def _messages(spec: Spec, number: int, i: int, step: Step) -> Iterator[tuple[PathKey, Any]]:
    """The messages of a step, each with where it is written."""
    path = _step_path(number, i, step)
    if step.kind == "send":
        yield (*path, "message"), step.message
    for k, outcome in enumerate(step.outcomes):
        yield (*_outcome_path(spec, path, k), "message"), outcome.message


def trace_expects_say_what(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for trace in spec.traces:
        number = trace.number
        for i, step in enumerate(trace.steps):
            path = _step_path(number, i, step)
            if step.kind != "expect":
                continue
            written = {key for key in ("message", "oneOf") if spec.where.holds((*path, key))}
            if written != {"message"} and written != {"oneOf"}:
                yield _at(spec, path, "an expect gives the message it waits for: either "
                          "`message:` or `oneOf:` (a list of outcomes), not both")  # fmt: skip


def trace_keys_fixed(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """Keys a runner sends are written out, so every SDK replays the very same bytes."""
    for trace in spec.traces:
        number = trace.number
        for i, step in enumerate(trace.steps):
            message = step.message
            if step.kind != "send" or not isinstance(message, dict):
                continue
            method = spec.methods.get(str(message.get("method")))
            key = index.keys.key_property(method) if method is not None else None
            value: Any = message.get("params")
            for part in key or ():
                value = value.get(part) if isinstance(value, dict) else None
            if key and capture_name(value) is not None:
                where = (*_step_path(number, i, step), "message", "params", *key)
                yield _at(spec, where, f"the {'.'.join(key)} a runner sends is a fixed value, so "
                          "every SDK replays the same trace; write the key out (a UUID)")  # fmt: skip


# ── messages against their methods ──


def trace_messages_validate(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    broken = (
        dangling_refs(spec, index)
        or index.facts.once(bad_patterns)
        or index.facts.once(reference_loops)
    )
    if written.types - set(spec.types) or broken:
        return  # some types are too broken to validate against; their problems are reported
    # an error entry the format refused is not in spec.errors: its code is no unknown one
    checker = _Checker(spec, index, errors_whole=written.errors <= set(spec.errors))
    for trace in spec.traces:
        number = trace.number
        asked: Asked = {}
        opened: set[str] = set()
        for i, step in enumerate(trace.steps):
            if step.kind == "connect" and step.connection is not None:
                opened.add(step.connection)
            for where, value in _messages(spec, number, i, step):
                exact = step.kind == "send" or any(
                    o.match == "exact" for o in step.outcomes if o.message is value
                )
                found = checker.message(value, where, step, exact, asked, trace)
                yield from found if step.valid else _refused(spec, found, where)
            _remember(spec, trace, step, asked, opened)


def _refused(spec: Spec, found: Iterator[Diagnostic], where: PathKey) -> Iterator[Diagnostic]:
    """A send with ``valid: false``: its message must not fit its type (what else is wrong
    with it, a method the spec lacks, say, is still reported)."""
    misfit = False
    for problem in found:
        if problem.message.startswith(_MISFIT):
            misfit = True
        else:
            yield problem
    if not misfit:
        yield _at(spec, (*where[:-1], "valid"), "the message fits the schema; make it the "
                  "invalid message it is meant to be, or remove `valid: false`", key=True)  # fmt: skip


@dataclass(frozen=True)
class _Request:
    method: Method | None  # None: a method the spec lacks (reported where it is named)
    sender: str
    sided: bool  # sent by the side it should be (else trace_sides reports it)


# (connection, id as JSON) -> the request; connection None: on one never connected, which
# trace_connections reports, so a response to it is not reported again
Asked = dict[tuple[str | None, str], _Request]


def _remember(spec: Spec, trace: Trace, step: Step, asked: Asked, opened: set[str]) -> None:
    """The requests a step sends or expects, by connection and id, for responses to name."""
    for value, capture in _values(step):
        if not isinstance(value, dict) or "method" not in value or "id" not in value:
            continue
        if step.sender is None:
            continue
        ident = value["id"]
        if ident == ANY:
            named = [n for n, p in capture.items() if p == "/id"]
            if not named:
                continue
            ident = "$" + named[0]
        sided = (step.sender == trace.side) == (step.kind == "expect")
        method = spec.methods.get(str(value["method"]))
        for name in (step.connection, *step.also):
            on = name if name in opened else None
            asked[(on, json.dumps(ident))] = _Request(method, step.sender, sided)


def _values(step: Step) -> list[tuple[Any, Mapping[str, str]]]:
    if step.kind == "send":
        return [(step.message, {})]
    return [(o.message, o.capture) for o in step.outcomes]


Problems = tuple[tuple[PathKey, str], ...]

# What is wrong with a value as a type, kept across the loads of a process (the tests load
# hundreds of specs that differ from the real one in a place or two) by the value, exactly,
# and the reach digest of the type: the content of every def validating it can read.
_PROBLEMS: Recent[Problems] = Recent(4096)


class _Checker:
    def __init__(self, spec: Spec, index: Index, *, errors_whole: bool) -> None:
        self.spec = spec
        self.index = index
        self.errors_whole = errors_whole
        # a trace's patterns ($name, partial messages) are seldom valid as they stand
        self.errors_of = type_errors(index, mostly_valid=False)
        self.seen: dict[tuple[str, bool, str], Problems] = {}

    def message(
        self,
        value: Any,
        where: PathKey,
        step: Step,
        exact: bool,
        asked: Asked,
        trace: Trace,
    ) -> Iterator[Diagnostic]:
        spec = self.spec
        if not isinstance(value, dict):
            yield _at(spec, where, "a message is a JSON-RPC object (a request, a notification or "
                      "a response); write it as a mapping")  # fmt: skip
            return
        for key in value:
            if key not in ENVELOPE:
                yield _at(spec, (*where, key), f"'{key}' is no member of a JSON-RPC message"
                          f"{did_you_mean(str(key), ENVELOPE)}; use {one_of(sorted(ENVELOPE))}", key=True)  # fmt: skip
        if value.get("jsonrpc", "2.0") != "2.0":
            yield _at(
                spec, (*where, "jsonrpc"), 'jsonrpc is "2.0"; fix it or leave it out (it is added)'
            )
        if "id" in value:
            yield from self._against(ID_TYPE, value["id"], (*where, "id"), exact, "id")
        if "method" in value:
            # a step from the wrong side is trace_sides' to report, once
            sided = (step.sender == trace.side) == (step.kind == "expect")
            yield from self._call(value, where, step, exact, sided)
        elif "result" in value or "error" in value:
            yield from self._response(value, where, step, exact, asked)
        elif exact:
            yield _at(spec, where, "a message has a method (a request or a notification) or a "
                      "result or an error (a response); add what it is")  # fmt: skip

    def _call(
        self, value: dict[str, Any], where: PathKey, step: Step, exact: bool, sided: bool
    ) -> Iterator[Diagnostic]:
        spec, name = self.spec, str(value["method"])
        method = spec.methods.get(name)
        if method is None:
            yield _at(spec, (*where, "method"), f"method '{name}' is not a method of the spec"
                      f"{did_you_mean(name, spec.methods)}; use one of its methods")  # fmt: skip
            return
        sent = f"{step.sender}-to-{'agent' if step.sender == 'client' else 'client'}"
        if sided and sent not in method.directions:
            yield _at(spec, (*where, "method"), f"{name} is sent {method.sender}, not by the "
                      f"{step.sender}; send it from the other side or use another method")  # fmt: skip
        kind: Kind = "request" if "id" in value else "notification"
        if not exact and "id" not in value and len(method.calls) == 1:
            kind = method.calls[0].kind  # a pattern may leave the id out of a request
        call = method.call(kind)
        if call is None:
            other = "remove its id" if kind == "request" else "give it an id"
            yield _at(
                spec, where, f"{name} is not a {kind}, so this message cannot be one; {other}"
            )
            return
        if "params" in value:
            yield from self._against(
                call.params, value["params"], (*where, "params"), exact, "params"
            )
        elif exact:
            yield _at(spec, where, f"{name} takes params ({call.params}); add them")
        if "result" in value or "error" in value:
            yield _at(spec, where, "a request carries no result or error; split it in two messages")

    def _response(
        self,
        value: dict[str, Any],
        where: PathKey,
        step: Step,
        exact: bool,
        asked: Asked,
    ) -> Iterator[Diagnostic]:
        spec = self.spec
        if "result" in value and "error" in value:
            yield _at(spec, where, "a response has a result or an error, not both; remove one")
        if "id" not in value:
            if exact:
                yield _at(spec, where, "a response names the request it answers; add its id")
            return
        if value["id"] == ANY:
            return  # answers whichever request: nothing to hold its result to
        ident = json.dumps(value["id"])
        found = asked.get((step.connection, ident))
        if found is None:
            if (None, ident) not in asked:
                yield _at(spec, (*where, "id"), f"no earlier step sends or expects a request with "
                          f"id {ident} on {step.connection}; a response answers one")  # fmt: skip
            return
        method, sender = found.method, found.sender
        if method is None:
            return
        if sender == step.sender and found.sided:
            yield _at(spec, (*where, "id"), f"request {json.dumps(value['id'])} ({method.name}) was "
                      f"sent by the {sender}, so the {sender} does not answer it; answer it from the other side")  # fmt: skip
        call = method.request
        if "result" in value and call is not None and call.result is not None:
            yield from self._against(
                call.result, value["result"], (*where, "result"), exact, "result"
            )
        if "error" in value:
            yield from self._against(ERROR_TYPE, value["error"], (*where, "error"), exact, "error")
            yield from self._listed_error(method, value["error"], (*where, "error", "code"))

    def _listed_error(self, method: Method, error: Any, where: PathKey) -> Iterator[Diagnostic]:
        code = error.get("code") if isinstance(error, dict) else None
        if not isinstance(code, int) or isinstance(code, bool):
            return
        names = [e.name for e in self.spec.errors.values() if e.code == code]
        if not names and not self.errors_whole:
            return
        if not names:
            yield _at(self.spec, where, f"error code {code} is none of the spec's errors; use the "
                      "code of one of them")  # fmt: skip
        elif not set(names) & set(method.errors):
            yield _at(self.spec, where, f"{method.name} does not list {names[0]} ({code}) among its "
                      f"errors; use one of {one_of(list(method.errors))}, or list it there")  # fmt: skip

    def _against(
        self, type_name: str, value: Any, where: PathKey, exact: bool, role: str
    ) -> Iterator[Diagnostic]:
        if type_name not in self.spec.types:
            return
        for inner, detail in self._problems(type_name, value, exact):
            shown = " › ".join([role, *map(str, inner)])
            yield _at(self.spec, (*where, *inner), f"the message does not match {type_name} at "
                      f"{shown}: {detail}; fix the message")  # fmt: skip

    def _problems(self, type_name: str, value: Any, exact: bool) -> Problems:
        """What is wrong with a value: once per distinct value, as traces repeat their
        setup (initialize, session/new) message for message."""
        key = (type_name, exact, json.dumps(value, sort_keys=True))
        if key not in self.seen:
            # the first value of the run with this key decides, as without the memo: the
            # memo's key is that value as it is (key order, 1 and 1.0 and True apart)
            kept = digest((type_name, exact, self.index.digests.reach_digest(type_name), value))
            self.seen[key] = _PROBLEMS.get(kept, lambda: self._found(type_name, value, exact))
        return self.seen[key]

    def _found(self, type_name: str, value: Any, exact: bool) -> Problems:
        return tuple(
            (tuple(error.absolute_path), (best_match([error]) or error).message)
            for error in self.errors_of(type_name, value)
            if _real(error, partial=not exact)
        )


def _real(error: ValidationError, *, partial: bool) -> bool:
    """Whether an error is the message's, not an artifact of a pattern: a ``$name`` or
    ``$any`` stands for a value the schema would take, and a subset pattern may leave
    required fields out (and so fit more than one member of a union)."""
    if capture_name(error.instance) is not None or error.instance == ANY:
        return False
    if partial and error.validator in ("required", "dependentRequired"):
        return False
    if error.validator in ("anyOf", "oneOf"):
        if not error.context:  # oneOf: valid under more than one member
            return not partial
        members = Counter(e.relative_schema_path[0] for e in error.context)
        return not any(
            all(
                not _real(e, partial=partial)
                for e in error.context
                if e.relative_schema_path[0] == m
            )
            for m in members
        )
    return True


_MUST = re.compile(r"\*\*MUST(?: NOT)?\*\*")


def keyed_rules_name_traces(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """Each keyed-prompt rule names real traces; a MUST no trace exercises is a warning,
    unless the rule says why none can (``untested``)."""
    rules = spec.keyed_prompts
    if rules is None:
        return
    # every id written, a broken trace's too: it is reported where it is broken, not here
    written = spec.where.data.get("traces") if isinstance(spec.where.data, dict) else None
    ids = {trace.id for trace in spec.traces}
    for raw in written if isinstance(written, list) else ():
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            ids.add(raw["id"])
    for n, section in enumerate(rules.sections):
        if section.diagram and section.diagram not in ids:
            yield _at(spec, ("keyedPrompts", "sections", n, "diagram"),
                      f"no trace has the id '{section.diagram}'"
                      f"{did_you_mean(section.diagram, ids)}; name a trace of `traces:`")  # fmt: skip
        for r, text in enumerate(section.rules):
            at: PathKey = ("keyedPrompts", "sections", n, "rules", r)
            traces = section.rule_traces[r] if r < len(section.rule_traces) else ()
            untested = section.rule_untested[r] if r < len(section.rule_untested) else ""
            for k, name in enumerate(traces):
                if name not in ids:
                    yield _at(spec, (*at, "traces", k), f"no trace has the id '{name}'"
                              f"{did_you_mean(name, ids)}; name a trace of `traces:`")  # fmt: skip
            if traces and untested:
                yield _at(spec, (*at, "untested"), "the rule names the traces that exercise it; "
                          "remove `untested`", key=True)  # fmt: skip
            if _MUST.search(text) and not traces and not untested:
                yield Diagnostic(
                    spec.where.at(at),
                    "no trace exercises this MUST; name the traces that do (`text:` and "
                    "`traces: [...]`), or say why none can (`untested:`)",
                    "warning",
                )
