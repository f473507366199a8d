"""A tagged union's discriminator (``tag_of``), and the labels of the two branches of a
union routed both natively and by it: what the models module's unions are routed with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

__all__ = ["NATIVE_BRANCH", "ROUTED_BRANCH", "Route", "tag_of"]

# (wire field, python field, {tag: member or the route beyond}, catch-all, member without it)
Route: TypeAlias = "tuple[str, str, dict[str, str | Route], str | None, str | None]"


def tag_of(route: Route) -> Callable[[Any], str | None]:
    """A tagged union's discriminator: the variant its tags name, following the route
    where variants share a tag (a session update's ``sessionUpdate``, then ``state``, then
    ``stopReason``); the catch-all for any other tag, the variant without the tag where it
    is null or absent. Without it pydantic tries every variant of a union in turn.

    Runs once per value of the union, in Python: one dict lookup per level."""
    wire, python, known, other, none = route
    table: dict[str, str | Callable[[Any], str | None]] = {
        tag: tag_of(then) if isinstance(then, tuple) else then for tag, then in known.items()
    }
    absent = other if none is None else none
    unknown = none if other is None else other

    def pick(value: Any) -> str | None:
        # a dict from the wire, or a model instance given to a constructor
        tag = value.get(wire) if type(value) is dict else getattr(value, python, None)
        if tag is None:
            return absent
        if type(tag) is not str:
            # no tag at all: where a variant goes without it, the malformed tag is that
            # variant's to refuse (or, read leniently, to read as not reported)
            return absent if none is not None else unknown
        then = table.get(tag, unknown)
        if then is None or isinstance(then, str):
            return then
        return then(value)

    return pick


# The labels of a tagged union's two branches where its members that a tag names directly
# are routed by pydantic's own discriminator first, and by ``tag_of`` after (codegen's
# `_tagging`): what the first refuses the second validates again, with the same member
# where a tag names one, so the first's errors are the second's again, and the second's
# are what the union alone reported (`_failures.own_errors`).
NATIVE_BRANCH = "by-tag"
ROUTED_BRANCH = "by-route"
