"""The methods' examples as the JSON-RPC messages they stand for, each validated against
generated/schema.unstable.json first: a page never shows a message the schema rejects."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match
from markupsafe import Markup

from ...defs import DEFS_PREFIX
from ...diagnostics import Diagnostic, SpecError
from ...index import Index
from ...model import Example, Method, Spec
from ...patterns import validator_for
from ...verdicts import DefVerdict, Verdict, defs_verdict
from ..kept_verdicts import kept_verdicts
from ..schema import indented
from .escaping import code_block


@dataclass(frozen=True)
class RenderedExample:
    title: str
    kind: str
    messages: tuple[tuple[str, Markup], ...]  # (label, fenced JSON)


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


# The error a method's error example answers with: invalid params where the method lists it
# (any request can carry them), else the first it lists.
_PREFERRED_ERROR = "invalid_params"


def render_error_examples(spec: Spec, index: Index) -> dict[str, RenderedExample]:
    """For each request that lists error codes, a request and the error response to it:
    its first example's params answered with one of its codes, checked like the examples."""
    validator = _validators(index)
    problems: list[Diagnostic] = []
    out: dict[str, RenderedExample] = {}
    for method in spec.methods.values():
        example = next((e for e in method.examples if e.kind == "request"), None)
        if example is None or not method.errors:
            continue
        name = _PREFERRED_ERROR if _PREFERRED_ERROR in method.errors else method.errors[0]
        error = spec.errors[name]
        request = example_messages(method, example)[0][1]
        response = {
            "jsonrpc": "2.0",
            "id": 1,
            "error": {"code": error.code, "message": error.title},
        }
        found = validator(None).first_error(response)
        if found is not None:
            problems.append(Diagnostic(spec.where.at(("errors", name)),
                f"the error response with code {error.code} that {method.name}'s page shows is "
                f"rejected by generated/schema.unstable.json: {found.message}; fix the error code "
                "or the Error type"))  # fmt: skip
        # the code in the label, not the title: search ranks the errors page first for it
        answer = f"Response ({error.code}, {error.title})"
        out[method.name] = RenderedExample(
            "An error response",
            "request",
            (("Request", _fenced(request)), (answer, _fenced(response))),
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
                    "must reject it"))  # fmt: skip
            elif not shown.valid and check.quick(shown.message):
                problems.append(Diagnostic(spec.where.at(where), f"keyed-prompt example '{example.title}': "
                    f"'{shown.label}' is marked valid: false but generated/schema.unstable.json "
                    "accepts it; make it a message the schema rejects, or drop valid: false"))  # fmt: skip
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
                         "show no example the schema rejects, so fix the example or the type")  # fmt: skip
