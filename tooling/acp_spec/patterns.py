"""Match JSON Schema ``pattern`` and ``patternProperties`` in time linear in the input.

jsonschema matches them with Python's ``re``, which backtracks: ``^(a+)+$`` against
``aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!`` takes minutes, and so did ``acp-spec check``. We match
with RE2 (google-re2), an automaton: no input makes it backtrack, so no time limit is needed
and the verdict never depends on how fast the machine is. RE2 is also the engine family of
Rust's regex crate, which the generated pydantic models match patterns with: a pattern RE2
accepts (no lookaround, no backreferences) is one the models can compile too, and one whose
matching cannot be made slow by a peer's input. A pattern that needs a backtracking feature
is refused by :func:`compile_error`, which the rules report at the pattern.

JSON Schema patterns are ECMA-262 regular expressions. RE2's syntax is that of most of them;
the one common ECMA escape it lacks, ``\\uXXXX`` (and ``\\u{X...}``), is rewritten to RE2's
``\\x{...}``. What remains different is small and documented in RE2's syntax page: RE2's
``\\s`` is ASCII white space, its ``.`` excludes only ``\\n``, and a few Perl-only forms RE2
accepts (``(?P<name>...)``, ``\\z``) are not ECMA.

:func:`validator_for` builds a Draft 2020-12 validator that matches every pattern this way;
every validator in the toolchain that meets spec-written patterns should come from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

import re2  # type: ignore[import-untyped]  # google-re2 ships no type information
from jsonschema import Draft202012Validator, ValidationError, validators
from referencing import Registry

_ECMA_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]+)\}|(.))", re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")
# how RE2 words a refusal of what only a backtracking engine does, and of a size limit
_BACKTRACKING_ONLY = ("invalid perl operator", "invalid escape sequence")
_TOO_BIG = ("invalid repetition size", "pattern too large")
_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print each refused pattern to stderr


class PatternError(ValueError):
    """A pattern RE2 cannot compile; the rules report these before anything validates."""


def to_re2(pattern: str) -> str:
    """``pattern`` (ECMA-262) in RE2's syntax: ``\\uXXXX`` and ``\\u{X...}`` become ``\\x{...}``."""

    def rewrite(escape: re.Match[str]) -> str:
        code = escape[1] or escape[2]
        return f"\\x{{{code}}}" if code else escape[0]

    return _ECMA_ESCAPE.sub(rewrite, pattern)


@cache
def _compiled(pattern: str) -> Any:
    try:
        return re2.compile(to_re2(pattern), _OPTIONS)
    except re2.error as err:
        reason = err.args[0] if err.args else "invalid pattern"
        raise PatternError(reason.decode() if isinstance(reason, bytes) else str(reason)) from None


def compile_error(pattern: str) -> str | None:
    """Why ``pattern`` cannot be matched in linear time, or None if it can."""
    try:
        _compiled(pattern)
    except PatternError as err:
        reason = str(err)
        if reason.startswith(_BACKTRACKING_ONLY):
            reason += ("; patterns are matched in linear time by RE2, as the generated models' "
                       "Rust regex does, so lookaround and backreferences are not available")  # fmt: skip
        elif reason.startswith(_TOO_BIG):
            reason += "; RE2 allows repetition counts up to 1000 (nested counts multiply)"
        return reason
    return None


def search(pattern: str, text: str) -> bool:
    """Whether ``pattern`` matches somewhere in ``text``, as JSON Schema's ``pattern`` asks."""
    regexp = _compiled(pattern)
    try:
        return regexp.search(text) is not None
    except UnicodeEncodeError:
        # A lone surrogate (JSON can hold one, UTF-8 cannot) counts as one character that
        # matches no class but its negations, as in ECMA's non-Unicode mode.
        return regexp.search(_SURROGATE.sub("\ufffd", text)) is not None


# The keywords that match patterns, each in linear time; the signature is jsonschema's.


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    if validator.is_type(instance, "string") and not search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(
    validator: Any, patterns: Mapping[str, Any], instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


_ADDITIONAL = Draft202012Validator.VALIDATORS["additionalProperties"]


def _additional_properties(
    validator: Any, additional: Any, instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    patterns = schema.get("patternProperties")
    if not patterns or not validator.is_type(instance, "object"):
        # no pattern involved: jsonschema's own keyword, its exact verdicts and messages
        yield from _ADDITIONAL(validator, additional, instance, schema)
        return
    named = schema.get("properties", {})
    extras = [k for k in instance if k not in named and not any(search(p, k) for p in patterns)]
    if validator.is_type(additional, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], additional, path=extra)
    elif additional is False and extras:
        verb = "does" if len(extras) == 1 else "do"
        keys = ", ".join(repr(k) for k in sorted(extras))
        regexes = ", ".join(repr(p) for p in sorted(patterns))
        yield ValidationError(f"{keys} {verb} not match any of the regexes: {regexes}")


# Type-checked as the class it extends: it has the same interface, and jsonschema's
# extend() is untyped.
BoundedValidator: type[Draft202012Validator] = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    {
        "pattern": _pattern,
        "patternProperties": _pattern_properties,
        "additionalProperties": _additional_properties,
    },
)


def validator_for(
    schema: Mapping[str, Any] | bool, *, registry: Registry[Any] | None = None
) -> Draft202012Validator:
    """A Draft 2020-12 validator of ``schema`` (its ``$ref``s resolved in ``registry``) that
    matches every ``pattern`` and ``patternProperties`` in linear time; use it, or
    ``evolve()`` one, wherever a schema may hold patterns the spec wrote.

    Raises PatternError, when validating, for a pattern :func:`compile_error` refuses (the
    rules report those first). Two paths stay jsonschema's own: ``unevaluatedProperties``
    decides which keys ``patternProperties`` covered with Python's ``re``, and a subschema
    declaring a ``$schema`` is validated by that draft's own class. Neither meets a pattern
    the spec wrote: its types can hold no ``patternProperties`` and no ``$schema``."""
    if registry is None:
        return BoundedValidator(schema)
    return BoundedValidator(schema, registry=registry)


def _any_of(
    validator: Any, any_of: list[Any], instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    """``anyOf`` that stops at each branch's first error: the same verdict, much sooner.
    jsonschema's own collects every error of every failing branch (for its messages), which
    the big routing unions make most of a validation's time."""
    for index, subschema in enumerate(any_of):
        if next(validator.descend(instance, subschema, schema_path=index), None) is None:
            return
    yield ValidationError(f"{instance!r} is not valid under any of the given schemas")


# a verdict only: its errors under an anyOf say less than BoundedValidator's
_QuickValidator: type[Draft202012Validator] = validators.extend(BoundedValidator, {"anyOf": _any_of})  # type: ignore[no-untyped-call]  # fmt: skip


def quick_validator_for(
    schema: Mapping[str, Any] | bool, *, registry: Registry[Any] | None = None
) -> Draft202012Validator:
    """As :func:`validator_for`, for ``is_valid`` alone: the same verdict on every value,
    sooner. Ask it first, and the full validator for the errors of a value it refuses."""
    if registry is None:
        return _QuickValidator(schema)
    return _QuickValidator(schema, registry=registry)
