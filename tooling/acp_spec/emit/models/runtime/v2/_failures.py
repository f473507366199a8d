"""Which of a ``pydantic.ValidationError``'s failures to report, and where it is: the
wire steps into the data that failed and a reason, for ``decode``'s errors and
``encode``'s."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pydantic
from pydantic_core import ErrorDetails

from ._unions import NATIVE_BRANCH, ROUTED_BRANCH
from ._wire_path import Step

__all__ = ["first_failure", "own_errors"]


def own_errors(error: pydantic.ValidationError) -> list[ErrorDetails]:
    """``error``'s errors as the unions routed by ``tag_of`` alone report them: without
    those of a natively routed first branch, and without the routed branch's label."""
    found: list[ErrorDetails] = []
    for each in error.errors(include_url=False):
        loc = each["loc"]
        if NATIVE_BRANCH in loc:
            continue
        if ROUTED_BRANCH in loc:
            each["loc"] = tuple(step for step in loc if step != ROUTED_BRANCH)
        found.append(each)
    return found or error.errors(include_url=False)


def first_failure(error: pydantic.ValidationError, data: Any) -> tuple[list[Step], str]:
    """The failure to report, as wire steps into ``data`` and a reason.

    pydantic reports a failed union's failures in every variant, each under the variant's
    name (no part of the wire path, so dropped). A member every variant failed on
    (missing, or not the literal it takes) is reported first: no variant can match without
    it, as with a missing or unknown tag. Else a variant is passed over if it failed on
    its union's tag, the member most of its variants rejected as a literal.
    """
    failures: list[tuple[tuple[Step, ...], list[Step], list[tuple[Step, ...]], Any]] = []
    for each in own_errors(error):
        loc = tuple(each["loc"])
        steps, variants = _walk(loc, data, each["type"] == "missing")
        failures.append((loc, steps, variants, each))
    unions: dict[tuple[Step, ...], set[tuple[Step, ...]]] = {}  # union -> variants
    members: dict[tuple[Step, ...], set[Step]] = {}  # variant -> members failed so
    votes: dict[tuple[Step, ...], Counter[Step]] = {}  # union -> members failed as literals
    for loc, _, variants, each in failures:
        for variant in variants:
            unions.setdefault(variant[:-1], set()).add(variant)
        if variants and loc[:-1] == variants[-1] and each["type"] in _MEMBER_FAILURES:
            members.setdefault(variants[-1], set()).add(loc[-1])
            if each["type"] == "literal_error":
                votes.setdefault(loc[:-2], Counter())[loc[-1]] += 1
    common = {
        union: set.intersection(*(members.get(v, set()) for v in variants))
        for union, variants in unions.items()
    }
    for loc, steps, variants, each in failures:
        if variants and loc[:-1] == variants[-1] and loc[-1] in common[loc[:-2]]:
            if each["type"] == "missing":
                return steps, str(each["msg"])
            expected = [
                str(e.get("ctx", {}).get("expected"))
                for _, s, _, e in failures
                if s == steps and e["type"] == "literal_error"
            ]
            return steps, "Input should be " + " or ".join(dict.fromkeys(expected))
    tags = {union: count.most_common(1)[0][0] for union, count in votes.items()}
    missed = {v for v, failed in members.items() if tags.get(v[:-1]) in failed}
    # a variant refused whole by a check of its own (a oneOf's other member matches: the
    # request-scoped form is no session-scoped one) is not the one the value meant
    # (or, where a tagged union is tried before its catch-all, the tagged union that has
    # no such tag)
    missed |= {v[-1] for loc, _, v, e in failures if v and loc == v[-1] and e["type"] in _WHOLE}
    # a variant that only misses a member another has (an MCP result without `result`,
    # beside the error whose `error` is wrong) is not the one the value meant either
    kinds: dict[tuple[Step, ...], set[bool]] = {}
    for loc, _, v, e in failures:
        if v and not (loc == v[-1] and e["type"] in _WHOLE):
            kinds.setdefault(v[-1], set()).add(e["type"] == "missing")
    lacking = {v for v, found in kinds.items() if found == {True}}
    if any(found != {True} for v, found in kinds.items() if v[:-1] in {w[:-1] for w in lacking}):
        missed |= lacking
    for _, steps, variants, each in failures:
        if not missed.intersection(variants):
            return steps, str(each["msg"])
    return failures[0][1], str(failures[0][3]["msg"])


_MEMBER_FAILURES = frozenset({"literal_error", "missing"})
_WHOLE = frozenset({"value_error", "union_tag_invalid", "union_tag_not_found"})


def _walk(
    loc: tuple[Step, ...], data: Any, missing: bool
) -> tuple[list[Step], list[tuple[Step, ...]]]:
    """The steps of ``loc`` that are members of ``data`` (and the missing member, last),
    and the prefix of ``loc`` that ends at each union variant's name."""
    steps: list[Step] = []
    variants: list[tuple[Step, ...]] = []
    node = data
    for i, step in enumerate(loc):
        # pydantic names a tagged union's variant by its tag, which may be a key too
        # ({"type": "text", "text": ...}): after a tagged union's label it is the variant
        before = loc[i - 1] if i > 0 else None
        tagged = isinstance(before, str) and before.startswith("tagged-union[")
        if tagged and variants and variants[-1] == loc[:i]:
            variants.append(loc[: i + 1])
        elif isinstance(node, dict) and isinstance(step, str) and step in node:
            node = node[step]
            steps.append(step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
            steps.append(step)
        elif missing and i == len(loc) - 1:
            steps.append(step)
        else:
            variants.append(loc[: i + 1])
    return steps, variants
