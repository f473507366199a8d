"""The value comparison of unions: members paired and compared, members that came and
went, and values that moved between a property and its object's variants."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..index import stands_for
from .finding import backward, forward, receivers
from .nodes import as_schema, member_path, takes_anything, variant_label, without_null
from .pairing import chase, is_open, member_tag, pair
from .place import Place
from .walk import Part


class Unions(Part):
    """Compares unions, and notes in ``moved`` the values it compares as variants."""

    def compare(
        self,
        o: Mapping[str, Any],
        n: Mapping[str, Any],
        old_members: list[Mapping[str, Any]],
        new_members: list[Mapping[str, Any]],
        at: Place,
    ) -> None:
        old_tags = [member_tag(self.old, m) for m in old_members]
        new_tags = [member_tag(self.new, m) for m in new_members]
        old_open, new_open = is_open(old_tags), is_open(new_tags)
        pairs, gone, came = pair(
            self.old, self.new, self.renames, old_members, new_members, old_tags, new_tags
        )
        catch_alls = {(i, j) for i, j in pairs if old_tags[i] is None and new_tags[j] is None}
        # a union whose catch-all (or a plain schema) takes what the other side tags is open
        # for that comparison: old receivers take a new tag as the catch-all
        old_takes_all = old_open or (new_open and bool(catch_alls))
        new_takes_all = new_open or (old_open and bool(catch_alls))
        for i, j in pairs:
            if len(new_members) == 1 and not self.new.index.shapes.members(n):
                label = at.label + variant_label(old_members[i], old_tags[i], i)
            elif len(old_members) == 1 and not self.old.index.shapes.members(o):
                label = at.label
            else:
                label = at.label + variant_label(new_members[j], new_tags[j], j)
            place = at.down(member_path(o, old_members[i]), member_path(n, new_members[j]), label)
            is_catch_all = new_tags[j] is None and new_open
            self.node(old_members[i], new_members[j], replace(place, catch_all=is_catch_all))
        for i in gone:
            label = at.label + variant_label(old_members[i], old_tags[i], i)
            place = at.down(member_path(o, old_members[i]), (), label)
            if (old_tags[i] is None and old_open) or takes_anything(old_members[i]):
                self.emit("union-closed", place, f"{at.label} lost its catch-all: unknown and "
                          f"extension values are refused; {backward(at.flow)}", gone=True)  # fmt: skip
            elif old_tags[i] is not None and new_takes_all:
                self.emit("open-variant-removed", place, f"{label} removed: new "
                          f"{receivers(at.flow)} take it as unknown", gone=True)  # fmt: skip
            else:
                self.emit("closed-variant-removed", place, f"{label} removed: "
                          f"{backward(at.flow)}", gone=True)  # fmt: skip
        for j in came:
            label = at.label + variant_label(new_members[j], new_tags[j], j)
            place = at.down((), member_path(n, new_members[j]), label)
            if (new_tags[j] is None and new_open) or takes_anything(new_members[j]):
                self.emit("union-opened", place, f"{at.label} gained a catch-all: "
                          f"{forward(at.flow)}")  # fmt: skip
            elif new_tags[j] is not None and old_takes_all:
                self.emit("open-variant-added", place, f"{label} added: old "
                          f"{receivers(at.flow)} take it as unknown")  # fmt: skip
            else:
                self.emit("closed-variant-added", place, f"{label} added: "
                          f"{forward(at.flow)}")  # fmt: skip

    def beside(
        self,
        o: Mapping[str, Any],
        n: Mapping[str, Any],
        old_members: list[Mapping[str, Any]],
        new_members: list[Mapping[str, Any]],
        at: Place,
    ) -> None:
        """An object gained (or lost) a union beside its properties. An open one sorts the
        values into variants and takes the rest as unknown, so it refuses nothing; a closed
        one is a constraint."""
        members = new_members or old_members
        view = self.new if new_members else self.old
        tags = [member_tag(view, m) for m in members]
        if self._folded(o, n, members, tags, at, into=bool(new_members)):
            return
        if is_open(tags):
            return
        if new_members:
            self.emit("constraint-tightened", at, f"{at.label} now also must match one of "
                      f"{len(members)} variants: {backward(at.flow)}")  # fmt: skip
        else:
            self.emit("constraint-loosened", at, f"{at.label} no longer must match one of "
                      f"{len(members)} variants: {forward(at.flow)}")  # fmt: skip

    def _folded(
        self,
        o: Mapping[str, Any],
        n: Mapping[str, Any],
        members: list[Mapping[str, Any]],
        tags: list[tuple[str, Any] | None],
        at: Place,
        *,
        into: bool,
    ) -> bool:
        """A union of values moved between a property and the variants of the object that
        holds it, tagged by that property (upstream's StopReason folded into IdleStateUpdate,
        ``into``; or split out of it): one ``values-moved`` finding, and the values really
        added or removed as their own. True when it is such a move."""
        names = {tag[0] for tag in tags if tag is not None}
        if len(names) != 1 or not (prop := names.pop()):
            return False
        view, holder = (self.old, o) if into else (self.new, n)
        schema = without_null(as_schema(holder.get("properties", {}).get(prop)))
        ref = stands_for(schema)
        name = chase(view, ref) if ref is not None else None
        union = view.defs.get(name, {}) if name is not None else schema
        values = [member_tag(view, m) for m in view.index.shapes.members(union)]
        held = [tag[1] for tag in values if tag is not None and tag[0] == ""]
        if not held:
            return False
        # the variant for "no value" (the property null or left out) is its nullability,
        # compared at the property
        variants = [tag[1] if tag is not None else None for tag in tags]
        before, after = (held, variants) if into else (variants, held)
        old_open, new_open = (
            (is_open(values), is_open(tags)) if into else (is_open(tags), is_open(values))
        )
        what = name or f"{at.label}.{prop}'s values"
        moved = f"{what} is now {at.label}'s variants, tagged by {prop}" if into else (
            f"{at.label}'s variants, tagged by {prop}, are now {what}, the values of {prop}")  # fmt: skip
        kept = [v for v in after if v in before and v is not None]
        self.emit("values-moved", at, f"{moved} ({len(kept)} value{'s' if len(kept) != 1 else ''} "
                  "kept): nothing changes on the wire for them")  # fmt: skip
        for number, value in enumerate(after):
            if value in before or value is None:
                continue
            label = f"{at.label}<{value}>"
            place = at.down((), member_path(n, members[number]) if into else (), label)
            rule = "open-variant-added" if old_open else "closed-variant-added"
            tail = f"old {receivers(at.flow)} take it as unknown" if old_open else forward(at.flow)
            self.emit(rule, place, f"{label} added: {tail}")
        for value in before:
            if value not in after and value is not None:
                label = f"{at.label}<{value}>"
                rule = "open-variant-removed" if new_open else "closed-variant-removed"
                tail = (
                    f"new {receivers(at.flow)} take it as unknown"
                    if new_open
                    else backward(at.flow)
                )
                self.emit(rule, at, f"{label} removed: {tail}", gone=True)
        self.moved.add((at.new, prop, into))
        return True
