"""The methods' examples as the JSON-RPC messages they stand for, each validated against
generated/schema.unstable.json first: a page never shows a message the schema rejects."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match
from markupsafe import Markup

from ...defs import DEFS_PREFIX
from ...diagnostic_ids import EXAMPLES
from ...diagnostics import Diagnostic, SpecError
from ...index import Index
from ...model import Example, Method, Spec
from ...patterns import validator_for
from ...verdicts import DefVerdict, Verdict, defs_verdict
from ..kept_verdicts import kept_verdicts
from ..schema import indented
from ..vectors import successor
from ..vectors.cases import VECTORS_DIR, Case, Codes, file_slug
from ..vectors.derive import Walker
from ..vectors.keyed import keyed_cases
from .escaping import code_block


@dataclass(frozen=True)
class RenderedExample:
    title: str
    kind: str
    messages: tuple[tuple[str, Markup], ...]  # (label, fenced JSON)
    note: str = ""  # Markdown under the title: why the request fails, for an error example


@dataclass(frozen=True)
class _Check:
    """Validates against a def of generated/schema.unstable.json, or the whole schema."""

    quick: Verdict
    full: Draft202012Validator

    def first_error(self, value: Any) -> ValidationError | None:
        """The error to report, or None if ``value`` is valid; the quick check decides."""
        if self.quick(value):
            return None
        error: ValidationError | None = best_match(self.full.iter_errors(value))
        return error


def _validators(index: Index) -> Callable[[str | None], _Check]:
    schema = index.schema

    @cache
    def by_name() -> DefVerdict:
        # every def compiled at once, kept by content: the rules compiled the same defs to
        # check the examples' params and results, so this is found, not made, on a generate
        return defs_verdict(index.defs)

    @cache
    def validator(name: str | None) -> _Check:
        # a new document around the shared $defs: the index's schema is never changed
        target = schema if name is None else {"$ref": DEFS_PREFIX + name, "$defs": schema["$defs"]}
        fragment: Verdict = partial(kept_verdicts(index), target)
        if name is None:
            return _Check(fragment, validator_for(target))

        def quick(value: Any) -> bool:
            found = by_name()(name, value)
            # None: only Python's validator can tell, as it does for the whole schema
            return fragment(value) if found is None else found

        return _Check(quick, validator_for(target))

    return validator


def example_messages(method: Method, example: Example) -> list[tuple[str, dict[str, Any]]]:
    """The JSON-RPC messages an example stands for, labelled."""
    if example.kind == "notification":
        return [
            ("Notification", {"jsonrpc": "2.0", "method": method.name, "params": example.params})
        ]
    request = {"jsonrpc": "2.0", "id": 1, "method": method.name, "params": example.params}
    return [("Request", request), ("Response", {"jsonrpc": "2.0", "id": 1, "result": example.result})]  # fmt: skip


def _fenced(message: Any) -> Markup:
    return Markup(code_block(indented(message), "json"))


def _failing_case(spec: Spec, index: Index, method: Method, walker: Walker) -> Case | None:
    """A vector (generated/vectors/) whose request the schema rejects with invalid params,
    the one a reader learns most from: a keyed method's empty key (the RFD's own case),
    else a required top-level field left out, else the first rejected change."""
    codes = Codes.of(spec)
    slug = file_slug(method.name)
    path = index.keys.key_property(method)
    if path is not None:
        keyed = [c for c in keyed_cases(method, slug, path, codes) if c.error == codes.params]
        empty = [c for c in keyed if c.id.endswith(".empty-string")]
        if empty or keyed:
            return (empty or keyed)[0]
    assert method.request is not None
    examples = [e for e in method.examples if e.kind == "request"][:1]
    walks = walker.derive(method, "request", method.request.params, examples, slug)
    cases = [c for _, found in walks for c in found if c.error == codes.params]
    missing = [c for c in cases if _TOP_MISSING.fullmatch(c.id.removeprefix(slug))]
    chosen = missing or cases
    return chosen[0] if chosen else None


# `.params.<field>.missing`: a required field of the params themselves left out
_TOP_MISSING = re.compile(r"\.params\.[A-Za-z][A-Za-z0-9]*\.missing")


def render_error_examples(spec: Spec, index: Index) -> dict[str, RenderedExample]:
    """For each request that lists invalid params among its errors, a request the schema
    rejects, taken from the method's vectors with the reason they give, and the error
    response to it; a request answered with an error it does not deserve is never shown.
    Checked like the examples: the request must be rejected, the response accepted."""
    validator = _validators(index)
    problems: list[Diagnostic] = []
    out: dict[str, RenderedExample] = {}
    walker: Walker | None = None
    for method in spec.methods.values():
        if method.request is None or "invalid_params" not in method.errors:
            continue
        if not any(e.kind == "request" for e in method.examples):
            continue
        walker = walker or Walker(index, Codes.of(spec))
        case = _failing_case(spec, index, method, walker)
        if case is None:
            continue
        error = spec.errors["invalid_params"]
        request = json.loads(case.message)
        response = {
            "jsonrpc": "2.0",
            "id": request.get("id", 1),
            "error": {"code": error.code, "message": error.title},
        }
        found = validator(None).first_error(response)
        if found is not None:
            problems.append(Diagnostic(spec.where.at(("errors", "invalid_params")),
                f"the error response with code {error.code} that {method.name}'s page shows is "
                f"rejected by generated/schema.unstable.json: {found.message}; fix the error code "
                "or the Error type", rule=EXAMPLES))  # fmt: skip
        if validator(None).quick(request):
            # the whole schema takes it: a method named as an extension (`_...`) is routed
            # as any extension request is, so no request of it earns the error here
            continue
        # the code in the label, not the title: search ranks the errors page first for it
        answer = f"Response ({error.code}, {error.title})"
        vector = successor(case.id, spec.retired_vector_ids)
        note = (f"{case.description} The request is the vector `{vector}` of "
                f"`{VECTORS_DIR}/methods/{file_slug(method.name)}.json`.")  # fmt: skip
        out[method.name] = RenderedExample(
            "An error response",
            "request",
            (("Request", _fenced(request)), (answer, _fenced(response))),
            note,
        )
    if problems:
        raise SpecError(problems)
    return out


def render_keyed_examples(spec: Spec, index: Index) -> tuple[RenderedExample, ...]:
    """The keyed-prompt rules' exchanges, each message checked against the whole schema: a
    message marked ``valid: false`` must be one the schema rejects."""
    rules = spec.keyed_prompts
    if rules is None:
        return ()
    validator = _validators(index)
    problems: list[Diagnostic] = []
    out = []
    for number, example in enumerate(rules.examples):
        blocks = []
        for position, shown in enumerate(example.messages):
            check = validator(None)
            where = ("keyedPrompts", "examples", number, "messages", position)
            # a message that must be rejected needs no error to report: the verdict, which is
            # Python's validator's (acp_spec.verdicts), is enough
            error = check.first_error(shown.message) if shown.valid else None
            if shown.valid and error is not None:
                path = " › ".join(map(str, error.absolute_path)) or "the top"
                problems.append(Diagnostic(spec.where.at(where), f"keyed-prompt example '{example.title}': "
                    f"generated/schema.unstable.json rejects '{shown.label}' at {path}: "
                    f"{error.message}; fix the message, or mark it valid: false if the schema "
                    "must reject it", rule=EXAMPLES))  # fmt: skip
            elif not shown.valid and check.quick(shown.message):
                problems.append(Diagnostic(spec.where.at(where), f"keyed-prompt example '{example.title}': "
                    f"'{shown.label}' is marked valid: false but generated/schema.unstable.json "
                    "accepts it; make it a message the schema rejects, or drop valid: false",
                    rule=EXAMPLES))  # fmt: skip
            blocks.append((shown.label, _fenced(shown.message)))
        out.append(RenderedExample(example.title, "exchange", tuple(blocks)))
    if problems:
        raise SpecError(problems)
    return tuple(out)


def render_examples(spec: Spec, index: Index) -> dict[str, tuple[RenderedExample, ...]]:
    """Every method's examples as JSON; raises SpecError if the schema rejects one."""
    validator = _validators(index)
    problems: list[Diagnostic] = []
    rendered: dict[str, tuple[RenderedExample, ...]] = {}
    for method in spec.methods.values():
        out = []
        for number, example in enumerate(method.examples):
            messages = example_messages(method, example)
            problems.extend(_check_example(spec, validator, method, number, example, messages))
            blocks = tuple(
                (label, Markup(code_block(indented(msg), "json"))) for label, msg in messages
            )
            out.append(RenderedExample(example.title, example.kind, blocks))
        rendered[method.name] = tuple(out)
    if problems:
        raise SpecError(problems)
    return rendered


def _check_example(
    spec: Spec,
    validator: Callable[[str | None], _Check],
    method: Method,
    number: int,
    example: Example,
    messages: list[tuple[str, dict[str, Any]]],
) -> Iterator[Diagnostic]:
    # The whole schema binds a method's name to its params, so the messages check those;
    # a response names no method, so its result is checked against the method's result too.
    call = method.call(example.kind)
    checks: list[tuple[str, str | None, Any]] = [(label, None, msg) for label, msg in messages]
    if call is not None and call.result is not None:
        checks.append(("result", call.result, example.result))
    where = ("methods", method.name, "examples", number)
    for label, type_name, value in checks:
        error = validator(type_name).first_error(value)
        if error is None:
            continue
        what = f"its {label} as {type_name}" if type_name else f"its JSON-RPC {label.lower()}"
        path = " › ".join(map(str, error.absolute_path)) or "the top"
        yield Diagnostic(spec.where.at(where), f"example '{example.title}' of {method.name}: generated/"
                         f"schema.unstable.json rejects {what} at {path}: {error.message}; the docs "
                         "show no example the schema rejects, so fix the example or the type",
                         rule=EXAMPLES)  # fmt: skip
