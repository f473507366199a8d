"""The rules each constraint of a field implies, as mutations of one value: null and
required, enums, string lengths, item counts, numeric bounds, integer formats and the
annotations (format, contentEncoding) that validators don't assert.

A rule knows nothing of where it applies: the walk (derive.py) places it at a path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cases import DELETE, Json, PathKey, id_part

INT_FORMATS = {
    "int32": (-(2**31), 2**31 - 1),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint64": (0, 2**64 - 1),
}
NONCONFORMING = {"uri": "not a uri", "date-time": "yesterday", "regex": "(unclosed"}
FORMAT_PARSERS = {"uri": "pydantic's `AnyUrl`", "date-time": "pydantic's `AwareDatetime`"}

# The keywords a field's rules are made from, collected over its schemas.
BOUND_KEYS = (
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "format",
    "contentEncoding",
)


@dataclass(frozen=True)
class Mutation:
    path: PathKey
    value: Json  # DELETE removes the member
    label: str
    rule: str
    valid: bool
    why: str
    divergence: str | None = None
    ambiguous: bool = False  # under an untagged union, where another variant may take it
    repair: Repair | None = None  # what upstream's lenient deserializer mends, if anything
    taken: tuple[Any, ...] = ()  # the union variants the value takes above the site


@dataclass(frozen=True)
class Repair:
    """What upstream's lenient deserializer does at ``path`` to a value that fails there:
    ``default`` (x-deserialize-default-on-error: the member read as its default, i.e.
    omitted; ``empty``: a required array read as ``[]``; x-deserialize-default-on-null: a
    null read so, an array's as ``[]``) or ``dropped`` (x-deserialize-skip-invalid-items:
    the item left out of its list)."""

    path: PathKey
    action: str  # default | dropped
    empty: bool = False


@dataclass(frozen=True)
class Tag:
    name: str
    known: tuple[Json, ...]
    other: Mapping[str, Any] | None  # the open union's catch-all variant


@dataclass
class Leaf:
    """What a property's schemas say about its value, flattened."""

    nullable: bool
    types: set[str] = field(default_factory=set)
    bounds: dict[str, Any] = field(default_factory=dict)
    enum: tuple[Json, ...] = ()
    enum_open: bool = False
    lenient: bool = False
    null_default: bool = False  # x-deserialize-default-on-null: null read as the default


def _rule(value: Json, rule: str, valid: bool, why: str, divergence: str | None = None) -> Mutation:
    """A rule not yet placed: path and label are the walk's."""
    return Mutation((), value, "", rule, valid, why, divergence)


def property_rules(
    leaf: Leaf, required: bool, present: bool, value: Json, tagged: bool, bad: int
) -> Iterator[Mutation]:
    """One property's rules (``bad``: invalid params' code)."""
    if leaf.nullable:
        yield _rule(None, "null", True, "is nullable (its schema admits `null`): null is valid.")
    elif required:
        yield _rule(
            None, "null", False, f"is required and not nullable: null is rejected with {bad}."
        )
    else:
        yield _rule(
            None,
            "null",
            False,
            f"is optional but not nullable: a sender omits it; null is rejected with {bad}.",
        )
    if required and present:
        yield _rule(
            DELETE, "missing", False, f"is required: leaving it out is rejected with {bad}."
        )
    if tagged:
        return  # the tag's rules are the union's (tag_rules)
    if leaf.enum:
        yield from _enum_rules(leaf, bad)
        return
    yield from _type_rules(leaf, bad)
    b = leaf.bounds
    if "string" in leaf.types:
        yield from _length_rules(b, bad)
        yield from _annotation_rules(b)
    if "array" in leaf.types and isinstance(value, list) and value:
        yield from _items_rules(b, value, bad)
    if leaf.types & {"integer", "number"}:
        yield from _range_rules(b, bad)


def tag_rules(tag: Tag, other_takes: Callable[[str], bool], bad: int) -> Iterator[Mutation]:
    """A union tag's rules: unknown and extension tags. ``other_takes(tag)`` says whether the
    catch-all accepts the object with that tag."""
    known = ", ".join(f"`{k}`" for k in tag.known)
    for name, new in (
        ("unknown", "future_variant"),
        ("underscore-prefixed", "_vendor_variant"),
    ):
        # known variants have const tags: only the catch-all can take an unknown one
        valid = tag.other is not None and other_takes(new)
        kind = "an extension's" if new.startswith("_") else "an unknown (future ACP)"
        if valid:
            why = (
                f"tags an open union (known: {known}); {kind} tag `{new}` falls to its "
                "`other` variant, so the object is valid."
            )
        elif tag.other is not None:
            why = (
                f"tags an open union (known: {known}), but its `other` variant doesn't "
                f"accept this object either; rejected with {bad}."
            )
        else:
            why = (
                f"tags a closed union: only {known} are accepted; {kind} tag `{new}` "
                f"is rejected with {bad}."
            )
        yield _rule(new, f"tag.{name}", valid, why)


# The cases every string enum gets besides its values; a value spelled like one of them
# (AuthState's `unknown`) takes its case under another name, so that ids stay apart.
_ENUM_RULES = ("unknown", "underscore-prefixed")


def _enum_rules(leaf: Leaf, bad: int) -> Iterator[Mutation]:
    known = ", ".join(f"`{v}`" for v in leaf.enum)
    for value in leaf.enum:
        part = id_part(str(value))
        yield _rule(
            value,
            f"enum.{'known-' if part in _ENUM_RULES else ''}{part}",
            True,
            f"is one of {known}: `{value}` is a known value.",
        )
    if not all(isinstance(v, str) for v in leaf.enum):
        return
    for rule, new, what in zip(
        _ENUM_RULES,
        ("future_value", "_vendor_value"),
        (
            "an unknown value (reserved for future ACP values)",
            "a value starting with `_` (reserved for extensions)",
        ),
        strict=True,
    ):
        if leaf.enum_open:
            why = f"is an open enum (known: {known}, plus a catch-all): {what} is valid."
        else:
            why = f"is a closed enum ({known}): {what} is rejected with {bad}."
        yield _rule(new, f"enum.{rule}", leaf.enum_open, why)


# A value of each JSON type, tried in order for one the field's types exclude; none of them
# is what a lax parser turns into another type (pydantic reads "1" as 1, not "x").
_OF_TYPE: tuple[tuple[str, frozenset[str], Json, str], ...] = (
    ("string", frozenset({"string"}), "x", 'a string ("x")'),
    ("integer", frozenset({"integer", "number"}), 42, "a number (42)"),
    ("boolean", frozenset({"boolean"}), True, "a boolean (true)"),
)


def _type_rules(leaf: Leaf, bad: int) -> Iterator[Mutation]:
    if not leaf.types:
        return  # no type of its own (any value, or a union of objects): nothing to contradict
    for _, types, value, what in _OF_TYPE:
        if not types & leaf.types:
            kinds = " or ".join(sorted(leaf.types))
            yield _rule(
                value, "wrong-type", False, f"is of type {kinds}: {what} is rejected with {bad}."
            )
            return


def _length_rules(b: Mapping[str, Any], bad: int) -> Iterator[Mutation]:
    if "minLength" in b and b["minLength"] > 0:
        n = b["minLength"]
        yield _rule(
            "x" * n, "min-length.at", True, f"has minLength {n}: {n} character(s) is valid."
        )
        yield _rule(
            "x" * (n - 1),
            "min-length.below",
            False,
            f"has minLength {n}: {n - 1} character(s) is one short; rejected with {bad}.",
        )
    if "maxLength" in b:
        n = b["maxLength"]
        yield _rule("x" * n, "max-length.at", True, f"has maxLength {n}: {n} characters is valid.")
        yield _rule(
            "x" * (n + 1),
            "max-length.above",
            False,
            f"has maxLength {n}: {n + 1} characters is one too many; rejected with {bad}.",
        )


def _items_rules(b: Mapping[str, Any], items: list[Any], bad: int) -> Iterator[Mutation]:
    """Bounds on items, with the example's own items (repeated as needed)."""
    if b.get("minItems", 0) > 0:
        n = b["minItems"]
        yield _rule(
            (items * n)[:n], "min-items.at", True, f"has minItems {n}: {n} item(s) is valid."
        )
        yield _rule(
            items[: n - 1],
            "min-items.below",
            False,
            f"has minItems {n}: {n - 1} item(s) is one short; rejected with {bad}.",
        )
    if "maxItems" in b:
        n = b["maxItems"]
        yield _rule(
            (items * (n + 1))[:n], "max-items.at", True, f"has maxItems {n}: {n} item(s) is valid."
        )
        yield _rule(
            (items * (n + 2))[: n + 1],
            "max-items.above",
            False,
            f"has maxItems {n}: {n + 1} items is one too many; rejected with {bad}.",
        )


def _annotation_rules(b: Mapping[str, Any]) -> Iterator[Mutation]:
    fmt = b.get("format")
    if fmt in NONCONFORMING:
        parser = FORMAT_PARSERS.get(fmt)
        yield _rule(
            NONCONFORMING[fmt],
            f"format.{fmt}.nonconforming",
            True,
            f"has `format: {fmt}`, an annotation in JSON Schema 2020-12: "
            f"`{NONCONFORMING[fmt]}` is not a {fmt} but the message validates.",
            "validators that assert `format` (python-jsonschema with a format checker)"
            + (f" and typed parsers such as {parser}" if parser else "")
            + " reject it.",
        )
    if b.get("contentEncoding") == "base64":
        yield _rule(
            "not base64!",
            "content-encoding.base64.nonconforming",
            True,
            "has `contentEncoding: base64`, an annotation in JSON Schema 2020-12: text that "
            "is not base64 still validates.",
            "SDKs that decode the content (into bytes) reject it.",
        )


def _range_rules(b: Mapping[str, Any], bad: int) -> Iterator[Mutation]:
    lo, hi = b.get("minimum"), b.get("maximum")
    if lo is not None:
        yield _rule(lo, "minimum.at", True, f"has minimum {lo}: {lo} is valid.")
        yield _rule(
            lo - 1,
            "minimum.below",
            False,
            f"has minimum {lo}: {lo - 1} is below it; rejected with {bad}.",
        )
    if hi is not None:
        yield _rule(hi, "maximum.at", True, f"has maximum {hi}: {hi} is valid.")
        yield _rule(
            hi + 1,
            "maximum.above",
            False,
            f"has maximum {hi}: {hi + 1} is above it; rejected with {bad}.",
        )
    fmt = b.get("format")
    if fmt not in INT_FORMATS:
        return
    fmin, fmax = INT_FORMATS[fmt]
    for rule, value, bound in (("above-range", fmax + 1, hi), ("below-range", fmin - 1, lo)):
        if bound is None:
            yield _rule(
                value,
                f"format.{fmt}.{rule}",
                True,
                f"is `format: {fmt}` with no {'maximum' if value > 0 else 'minimum'}: {value} is "
                f"outside {fmt}, but JSON Schema treats `format` as an annotation, so the "
                "message validates.",
                f"typed SDKs that read `{fmt}` into a fixed-width integer reject {value}.",
            )
