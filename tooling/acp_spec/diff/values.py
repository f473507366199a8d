"""Compare two JSON Schemas value by value, judging each change by who writes and reads it.

Defs are compared pairwise (same name, or renamed); a reference to the same def on both
sides is not followed, so a change is reported once, at the def or property that changed,
with the methods it affects, and never again at every def that merely refers to it. A
place that now refers to another def is compared with that def where it is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..constants import KEY_TYPE
from ..index import ANNOTATIONS, constraints, is_null, stands_for
from .finding import Finding, backward, def_pointer, either, forward, receivers, senders
from .renames import Renames, property_renames, shape
from .view import Flow, ProtocolView

_LOWER_BOUNDS = ("minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum")
_UPPER_BOUNDS = ("maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum")
# keywords that only restrict: added tightens, removed loosens, changed is another constraint
_RESTRICTIONS = (
    "pattern", "format", "contentEncoding", "contentMediaType", "multipleOf", "uniqueItems",
    "const",
)  # fmt: skip
_HANDLED = frozenset({
    "$ref", "type", "properties", "required", "additionalProperties", "items", "allOf", "anyOf",
    "oneOf", "not", "enum", *_LOWER_BOUNDS, *_UPPER_BOUNDS, *_RESTRICTIONS,
})  # fmt: skip
_DOCS = ("description", "title", "deprecated")
_HINT_PREFIX = "x-deserialize-"
# what a change of the IdempotencyKey def itself is reported as: the retry rule
_KEY_RULES = frozenset({
    "type-narrowed", "type-widened", "type-changed", "nullable-added", "nullable-removed",
    "constraint-tightened", "constraint-loosened", "constraint-changed",
})  # fmt: skip
_SHOWN_PLACES = 6


@dataclass(frozen=True)
class Place:
    """Where the comparison is: a pointer on each side, words for people, the def's flow."""

    old: str  # JSON pointer in the old document
    new: str  # JSON pointer in the new document
    label: str  # PromptRequest.prompt[], ContentBlock<text>
    flow: Flow
    owner: str  # the def (by its new name) this place belongs to
    rel: str = ""  # the pointer below the owner def, for the docs finding
    inline: bool = False  # comparing two different defs: their docs are not a change
    catch_all: bool = False  # an open union's catch-all: its `not` guard is derived

    def down(self, old: Sequence[str], new: Sequence[str], label: str) -> Place:
        return replace(
            self,
            old=self.old + "".join("/" + _escape(s) for s in old),
            new=self.new + "".join("/" + _escape(s) for s in new),
            label=label,
            rel=self.rel + "".join("/" + _escape(s) for s in new),
            catch_all=False,
        )


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


class Values:
    """The value comparison of two views; findings accumulate in ``findings``."""

    def __init__(self, old: ProtocolView, new: ProtocolView, renames: Renames) -> None:
        self.old, self.new, self.renames = old, new, renames
        self.findings: list[Finding] = []
        self._docs: dict[str, tuple[Flow, list[str]]] = {}
        self._compared: set[tuple[str, str]] = set()
        # (object, property, into) whose values moved to or from the object's variants
        self._moved: set[tuple[str, str, bool]] = set()

    # ── entry points ──

    def compare_def(self, was: str, now: str) -> None:
        if self.old.defs[was] == self.new.defs[now]:
            return  # as node() finds, before the flow it would not use is made
        flow = self.old.flow(was) | self.new.flow(now)
        at = Place(def_pointer(was), def_pointer(now), now, flow, now)
        self.node(self.old.defs[was], self.new.defs[now], at)

    def compare_roots(self, was: str, now: str, flow: Flow) -> bool:
        """A method's params (or result) moved from def ``was`` to def ``now``: compare
        them here. True when their values are the same."""
        a, b = self.chase(self.old, was), self.chase(self.new, now)
        if self.renames.same(a, b):
            return True
        before = len(self.findings)
        self._inline(a, b, Place(def_pointer(a), def_pointer(b), b, flow, b, inline=True))
        return len(self.findings) == before

    def docs_findings(self) -> list[Finding]:
        out = []
        for owner, (flow, places) in sorted(self._docs.items()):
            shown = ", ".join(p or "the def itself" for p in places[:_SHOWN_PLACES])
            more = len(places) - _SHOWN_PLACES
            shown += f" and {more} more" if more > 0 else ""
            message = f"{owner}: descriptions or titles changed ({shown})"
            out.append(Finding.of("docs-changed", def_pointer(owner), flow.methods, message))
        return out

    def chase(self, view: ProtocolView, name: str) -> str:
        """The def that def ``name`` stands for, through defs that only refer to another
        (upstream's InitializeProxyRequest is InitializeRequest)."""
        seen = {name}
        while (target := stands_for(view.defs.get(name, {}))) is not None and target not in seen:
            seen.add(target)
            name = target
        return name

    # ── one node ──

    def node(self, o: Any, n: Any, at: Place) -> None:
        if o == n:
            return  # the references in it name defs that are compared as defs
        o, n = _schema(o), _schema(n)
        if not at.inline:
            self._annotations(o, n, at)
        self._hints(o, n, at)
        if not constraints(o) or not constraints(n):
            self._any(o, n, at)
            return
        was_null, now_null = _nullable(o), _nullable(n)
        if was_null and not now_null:
            self.emit("nullable-removed", at, f"{at.label} no longer accepts null: "
                      f"{backward(at.flow)}")  # fmt: skip
        elif now_null and not was_null:
            self.emit("nullable-added", at, f"{at.label} now accepts null: {forward(at.flow)}")
        o, n = _without_null(o), _without_null(n)
        a, b = stands_for(o), stands_for(n)
        if a is not None or b is not None:
            self._references(o, n, a, b, at)
            return
        old_members, new_members = (
            self.old.index.shapes.members(o),
            self.new.index.shapes.members(n),
        )
        if old_members and new_members:
            self._union(o, n, old_members, new_members, at)
            o, n = _without_union(o), _without_union(n)
        elif old_members or new_members:
            union = o if old_members else n
            if not constraints(_without_union(union)):
                # a schema became a union of which it is one member (string → an open
                # enum of strings, say): compare it with its counterpart member; its
                # annotations and hints were compared just now
                self._union(o, n, old_members or [constraints(o)],
                            new_members or [constraints(n)], at)  # fmt: skip
                return
            self._union_beside(o, n, old_members, new_members, at)
            o, n = _without_union(o), _without_union(n)
        self._keywords(o, n, at)

    def _any(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        """One side takes any value: nothing inside the other is worth comparing."""
        if not constraints(o) and constraints(n):
            self.emit("constraint-tightened", at, f"{at.label} took any value and is now "
                      f"constrained: {backward(at.flow)}")  # fmt: skip
        elif constraints(o) and not constraints(n):
            self.emit("constraint-loosened", at, f"{at.label} now takes any value: "
                      f"{forward(at.flow)}")  # fmt: skip

    def _union_beside(
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
        tags = [self._tag(view, m) for m in members]
        if self._folded(o, n, members, tags, at, into=bool(new_members)):
            return
        if _is_open(tags):
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
        schema = _without_null(_schema(holder.get("properties", {}).get(prop)))
        ref = stands_for(schema)
        name = self.chase(view, ref) if ref is not None else None
        union = view.defs.get(name, {}) if name is not None else schema
        values = [self._tag(view, m) for m in view.index.shapes.members(union)]
        held = [tag[1] for tag in values if tag is not None and tag[0] == ""]
        if not held:
            return False
        # the variant for "no value" (the property null or left out) is its nullability,
        # compared at the property
        variants = [tag[1] if tag is not None else None for tag in tags]
        before, after = (held, variants) if into else (variants, held)
        old_open, new_open = (
            (_is_open(values), _is_open(tags)) if into else (_is_open(tags), _is_open(values))
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
            place = at.down((), _member_path(n, members[number]) if into else (), label)
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
        self._moved.add((at.new, prop, into))
        return True

    def emit(self, rule: str, at: Place, message: str, *, gone: bool = False) -> None:
        if at.owner == KEY_TYPE and rule in _KEY_RULES:
            rule = "idempotency-key-changed"
        where = at.old if gone else at.new
        self.findings.append(Finding.of(rule, where, at.flow.methods, message))

    # ── references ──

    def _references(self, o: Any, n: Any, a: str | None, b: str | None, at: Place) -> None:
        if a is not None and b is not None:
            a, b = self.chase(self.old, a), self.chase(self.new, b)
            if self.renames.same(a, b):
                return  # the pair is compared as defs, at the def
            if shape(self.old.defs.get(a), self.renames.defs) == shape(self.new.defs.get(b)):
                self.emit("reference-retargeted", at, f"{at.label} now refers to {b} instead "
                          f"of {a}, of the same shape: nothing changes on the wire")  # fmt: skip
                return
            label = f"{at.label} (now {b}, was {a})"
            self._inline(a, b, replace(at, old=def_pointer(a), new=def_pointer(b), label=label,
                                       inline=True))  # fmt: skip
            return
        # one side refers to a def, the other writes a schema out: compare with the def
        if a is not None:
            key = (self.chase(self.old, a), "\0" + at.new)
            o, place = self.old.defs.get(key[0], {}), replace(at, old=def_pointer(key[0]))
        else:
            assert b is not None
            key = ("\0" + at.old, self.chase(self.new, b))
            n, place = self.new.defs.get(key[1], {}), replace(at, new=def_pointer(key[1]))
        if key not in self._compared:
            self._compared.add(key)
            self.node(o, n, replace(place, inline=True))

    def _inline(self, a: str, b: str, at: Place) -> None:
        """Compare def ``a`` (old) with another def ``b`` (new), once per pair."""
        if (a, b) in self._compared:
            return
        self._compared.add((a, b))
        self.node(self.old.defs.get(a, {}), self.new.defs.get(b, {}), at)

    # ── unions ──

    def _union(
        self,
        o: Mapping[str, Any],
        n: Mapping[str, Any],
        old_members: list[Mapping[str, Any]],
        new_members: list[Mapping[str, Any]],
        at: Place,
    ) -> None:
        old_tags = [self._tag(self.old, m) for m in old_members]
        new_tags = [self._tag(self.new, m) for m in new_members]
        old_open, new_open = _is_open(old_tags), _is_open(new_tags)
        pairs, gone, came = self._pair(old_members, new_members, old_tags, new_tags)
        catch_alls = {(i, j) for i, j in pairs if old_tags[i] is None and new_tags[j] is None}
        # a union whose catch-all (or a plain schema) takes what the other side tags is open
        # for that comparison: old receivers take a new tag as the catch-all
        old_takes_all = old_open or (new_open and bool(catch_alls))
        new_takes_all = new_open or (old_open and bool(catch_alls))
        for i, j in pairs:
            if len(new_members) == 1 and not self.new.index.shapes.members(n):
                label = at.label + _variant_label(old_members[i], old_tags[i], i)
            elif len(old_members) == 1 and not self.old.index.shapes.members(o):
                label = at.label
            else:
                label = at.label + _variant_label(new_members[j], new_tags[j], j)
            place = at.down(_member_path(o, old_members[i]), _member_path(n, new_members[j]), label)
            is_catch_all = new_tags[j] is None and new_open
            self.node(old_members[i], new_members[j], replace(place, catch_all=is_catch_all))
        for i in gone:
            label = at.label + _variant_label(old_members[i], old_tags[i], i)
            place = at.down(_member_path(o, old_members[i]), (), label)
            if (old_tags[i] is None and old_open) or _takes_anything(old_members[i]):
                self.emit("union-closed", place, f"{at.label} lost its catch-all: unknown and "
                          f"extension values are refused; {backward(at.flow)}", gone=True)  # fmt: skip
            elif old_tags[i] is not None and new_takes_all:
                self.emit("open-variant-removed", place, f"{label} removed: new "
                          f"{receivers(at.flow)} take it as unknown", gone=True)  # fmt: skip
            else:
                self.emit("closed-variant-removed", place, f"{label} removed: "
                          f"{backward(at.flow)}", gone=True)  # fmt: skip
        for j in came:
            label = at.label + _variant_label(new_members[j], new_tags[j], j)
            place = at.down((), _member_path(n, new_members[j]), label)
            if (new_tags[j] is None and new_open) or _takes_anything(new_members[j]):
                self.emit("union-opened", place, f"{at.label} gained a catch-all: "
                          f"{forward(at.flow)}")  # fmt: skip
            elif new_tags[j] is not None and old_takes_all:
                self.emit("open-variant-added", place, f"{label} added: old "
                          f"{receivers(at.flow)} take it as unknown")  # fmt: skip
            else:
                self.emit("closed-variant-added", place, f"{label} added: "
                          f"{forward(at.flow)}")  # fmt: skip

    def _tag(self, view: ProtocolView, member: Mapping[str, Any]) -> tuple[str, Any] | None:
        if "const" in member:
            return "", member["const"]
        found = view.index.shapes.tag_of(member)
        if found is not None:
            return found
        # a variant for "the tag is null or absent" (upstream's IdleStateUpdate `none`)
        for name, prop in member.get("properties", {}).items():
            if is_null(prop):
                return name, None
        return None

    def _pair(
        self,
        old_members: list[Mapping[str, Any]],
        new_members: list[Mapping[str, Any]],
        old_tags: list[tuple[str, Any] | None],
        new_tags: list[tuple[str, Any] | None],
    ) -> tuple[list[tuple[int, int]], list[int], list[int]]:
        """Members paired by tag, then the catch-alls, then by title, by the def they
        stand for, by shape, by the def they are built on (a plain object and the tagged
        variant made of it) and, for what is left untagged, in order."""
        old_keys = [self._keys(self.old, m, t, old_tags, self.renames.defs)
                    for m, t in zip(old_members, old_tags, strict=True)]  # fmt: skip
        new_keys = [self._keys(self.new, m, t, new_tags, {})
                    for m, t in zip(new_members, new_tags, strict=True)]  # fmt: skip
        pairs: list[tuple[int, int]] = []
        left_old, left_new = list(range(len(old_members))), list(range(len(new_members)))
        for level in range(5):
            olds = _unique({i: old_keys[i][level] for i in left_old if old_keys[i][level]})
            news = _unique({j: new_keys[j][level] for j in left_new if new_keys[j][level]})
            for key, i in olds.items():
                if key in news:
                    pairs.append((i, news[key]))
                    left_old.remove(i)
                    left_new.remove(news[key])
        # what is left untagged on both sides (a plain schema beside a union, say) pairs in order
        untagged_old = [i for i in left_old if old_tags[i] is None]
        untagged_new = [j for j in left_new if new_tags[j] is None]
        for i, j in zip(untagged_old, untagged_new, strict=False):
            pairs.append((i, j))
            left_old.remove(i)
            left_new.remove(j)
        return sorted(pairs), left_old, left_new

    def _keys(
        self,
        view: ProtocolView,
        member: Mapping[str, Any],
        tag: tuple[str, Any] | None,
        tags: list[tuple[str, Any] | None],
        rename: Mapping[str, str],
    ) -> tuple[str, str, str, str, str]:
        """(tag or catch-all, title, def, shape, base): the keys a member is paired by."""
        parts = [stands_for(p) for p in member.get("allOf", []) if isinstance(p, Mapping)]
        built_on = parts[0] if len(parts) == 1 and parts[0] is not None else None
        base_node = view.defs.get(self.chase(view, built_on), {}) if built_on else member
        base = "base:" + shape(base_node, rename)
        if tag is not None:
            return ("tag:" + json.dumps(tag[1], sort_keys=True), "", "", "", base)
        if _is_open(tags):
            return ("catch-all", "", "", "", "")
        title = member.get("title")
        ref = stands_for(member)
        return (
            "",
            "title:" + title if isinstance(title, str) else "",
            "def:" + rename.get(ref, ref) if ref is not None else "",
            "shape:" + shape(member, rename),
            base,
        )

    # ── the other keywords ──

    def _keywords(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        o, old_origins = self._absorb(self.old, o, n, self.renames.defs)
        n, new_origins = self._absorb(self.new, n, o, {})
        if not self._types(o, n, at):
            return  # another type altogether: what is inside it is no longer comparable
        self._enum(o, n, at)
        self._object(o, n, at, old_origins, new_origins)
        self._additional(o, n, at)
        self._items(o, n, at)
        self._all_of(o, n, at)
        self._not(o, n, at)
        self._bounds(o, n, at)
        self._restrictions(o, n, at)
        for key in sorted((set(o) | set(n)) - _HANDLED):
            if key in ANNOTATIONS or key.startswith("x-"):
                continue
            if shape(o.get(key), self.renames.defs) != shape(n.get(key)):
                self.emit("constraint-changed", at, f"{at.label}: `{key}` changed: "
                          f"{either(at.flow)}")  # fmt: skip

    def _absorb(
        self,
        view: ProtocolView,
        node: Mapping[str, Any],
        other: Mapping[str, Any],
        rename: Mapping[str, str],
    ) -> tuple[Mapping[str, Any], dict[str, str]]:
        """The node with the plain objects it is built on (``allOf`` parts the other side
        does not share) written into it, and where each property so taken comes from. An
        object whose properties moved into a def of its own is then compared property by
        property, not as "now also must match the def"."""
        theirs = {self.chase(self.other_view(view), r) for p in other.get("allOf", [])
                  if isinstance(p, Mapping) and (r := stands_for(p)) is not None}  # fmt: skip
        kept: list[Any] = []
        out = dict(node)
        origins: dict[str, str] = {}
        for part in node.get("allOf", []):
            ref = stands_for(part) if isinstance(part, Mapping) else None
            name = self.chase(view, ref) if ref is not None else None
            body = view.defs.get(name, {}) if name is not None else {}
            plain = set(constraints(body)) <= {"type", "properties", "required",
                                               "additionalProperties"}  # fmt: skip
            if name is None or rename.get(name, name) in theirs or not plain or not body:
                kept.append(part)
                continue
            props = dict(out.get("properties", {}))
            for prop, schema in body.get("properties", {}).items():
                if prop not in props:
                    props[prop] = schema
                    origins[prop] = def_pointer(name)
            out["properties"] = props
            out["required"] = sorted(set(out.get("required", [])) | set(body.get("required", [])))
            out.setdefault("type", body.get("type"))
        if len(kept) != len(node.get("allOf", [])):
            out["allOf"] = kept
        return out, origins

    def other_view(self, view: ProtocolView) -> ProtocolView:
        return self.new if view is self.old else self.old

    def _types(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> bool:
        """Report a type change; False when the types have nothing in common."""
        was, now = _type_set(o), _type_set(n)
        if was == now:
            return True
        words = f"{at.label} type {_types_text(was)} → {_types_text(now)}"
        if was is None or (now is not None and _covers(was, now)):
            self.emit("type-narrowed", at, f"{words}: {backward(at.flow)}")
        elif now is None or _covers(now, was):
            self.emit("type-widened", at, f"{words}: {forward(at.flow)}")
        else:
            self.emit("type-changed", at, f"{words}: {either(at.flow)}")
            return False
        return True

    def _enum(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        if "enum" not in o and "enum" not in n:
            return
        if "enum" not in o or "enum" not in n:
            rule = "constraint-tightened" if "enum" in n else "constraint-loosened"
            how = backward(at.flow) if "enum" in n else forward(at.flow)
            verb = "added" if "enum" in n else "removed"
            self.emit(rule, at, f"{at.label}: `enum` {verb}: {how}")
            return
        was = {json.dumps(v, sort_keys=True) for v in o["enum"]}
        now = {json.dumps(v, sort_keys=True) for v in n["enum"]}
        for value in sorted(was - now):
            self.emit("closed-variant-removed", at, f"{at.label}: value {value} removed: "
                      f"{backward(at.flow)}")  # fmt: skip
        for value in sorted(now - was):
            self.emit("closed-variant-added", at, f"{at.label}: value {value} added: "
                      f"{forward(at.flow)}")  # fmt: skip

    def _object(
        self,
        o: Mapping[str, Any],
        n: Mapping[str, Any],
        at: Place,
        old_origins: Mapping[str, str],
        new_origins: Mapping[str, str],
    ) -> None:
        old_props: Mapping[str, Any] = o.get("properties", {})
        new_props: Mapping[str, Any] = n.get("properties", {})
        old_req, new_req = set(o.get("required", [])), set(n.get("required", []))
        gone = sorted(set(old_props) - set(new_props))
        came = sorted(set(new_props) - set(old_props))

        def place(name: str, was: str | None = None) -> Place:
            old_base = old_origins.get(was or name, at.old)
            new_base = new_origins.get(name, at.new)
            return replace(
                at,
                old=f"{old_base}/properties/{_escape(was or name)}",
                new=f"{new_base}/properties/{_escape(name)}",
                label=f"{at.label}.{name}",
                rel=f"{at.rel}/properties/{_escape(name)}",
                catch_all=False,
            )

        renamed = property_renames(
            {p: (old_props[p], p in old_req) for p in gone},
            {p: (new_props[p], p in new_req) for p in came},
            self.renames.defs,
        )
        for was, now in renamed:
            gone.remove(was)
            came.remove(now)
            self.emit("property-renamed", place(now, was), f"{at.label}.{was} renamed to "
                      f"{now}: each side looks for its own name")  # fmt: skip
        for name in gone:
            was_required = " (it was required)" if name in old_req else ""
            self.emit("property-removed", place(name), f"{at.label}.{name} "
                      f"removed{was_required}: old {receivers(at.flow)} that read it no "
                      "longer get it", gone=True)  # fmt: skip
        for name in came:
            if name in new_req:
                self.emit("property-required-added", place(name), f"{at.label}.{name} added, "
                          f"required: old {senders(at.flow)} leave it out and new "
                          f"{receivers(at.flow)} refuse that")  # fmt: skip
            else:
                self.emit("property-added", place(name), f"{at.label}.{name} added, "
                          f"optional: old {receivers(at.flow)} ignore it")  # fmt: skip
        for name in sorted(set(old_props) & set(new_props)):
            self._requiredness(name in old_req, name in new_req, place(name))
            was, now = old_props[name], new_props[name]
            if (at.new, name, True) in self._moved:  # its values were compared as variants
                was = _moved_value(was, now)
            elif (at.new, name, False) in self._moved:
                now = _moved_value(now, was)
            self.node(was, now, place(name))
        # required names the object does not declare (its allOf parts do)
        for name in sorted((old_req ^ new_req) - set(old_props) - set(new_props)):
            self._requiredness(name in old_req, name in new_req,
                               replace(at, label=f"{at.label}.{name}"))  # fmt: skip

    def _requiredness(self, was: bool, now: bool, at: Place) -> None:
        if was and not now:
            self.emit("property-now-optional", at, f"{at.label} is now optional: old "
                      f"{receivers(at.flow)} that rely on it break when new "
                      f"{senders(at.flow)} leave it out")  # fmt: skip
        elif now and not was:
            self.emit("property-now-required", at, f"{at.label} is now required: old "
                      f"{senders(at.flow)} that leave it out are refused by new "
                      f"{receivers(at.flow)}")  # fmt: skip

    def _additional(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        was, now = _extra(o.get("additionalProperties")), _extra(n.get("additionalProperties"))
        if isinstance(was, dict) and isinstance(now, dict):
            place = at.down(("additionalProperties",), ("additionalProperties",), at.label + "{*}")
            self.node(was, now, place)
            return
        rank = {False: 0, True: 2}
        a = rank.get(was, 1) if isinstance(was, bool) else 1
        b = rank.get(now, 1) if isinstance(now, bool) else 1
        if a == b:
            return
        words = f"{at.label}: additionalProperties {_json(was)} → {_json(now)}"
        if b < a:
            self.emit("constraint-tightened", at, f"{words}: {backward(at.flow)}")
        else:
            self.emit("constraint-loosened", at, f"{words}: {forward(at.flow)}")

    def _items(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        was, now = o.get("items"), n.get("items")
        if was is None and now is None:
            return
        if was is not None and now is not None:
            self.node(was, now, at.down(("items",), ("items",), at.label + "[]"))
        elif now is not None:
            self.emit("constraint-tightened", at, f"{at.label}: its items are now "
                      f"constrained: {backward(at.flow)}")  # fmt: skip
        else:
            self.emit("constraint-loosened", at, f"{at.label}: its items are no longer "
                      f"constrained: {forward(at.flow)}")  # fmt: skip

    def _all_of(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        was: list[Any] = list(o.get("allOf", []))
        now: list[Any] = list(n.get("allOf", []))
        if not was and not now:
            return
        left_old, left_new = list(range(len(was))), list(range(len(now)))
        pairs: list[tuple[int, int]] = []
        for i in list(left_old):
            ref = stands_for(was[i]) if isinstance(was[i], dict) else None
            match = next(
                (j for j in left_new if ref is not None and isinstance(now[j], dict)
                 and stands_for(now[j]) == self.renames.new_name(ref)),
                None,
            )  # fmt: skip
            if match is not None:
                pairs.append((i, match))
                left_old.remove(i)
                left_new.remove(match)
        for i, j in zip(list(left_old), list(left_new), strict=False):
            pairs.append((i, j))
            left_old.remove(i)
            left_new.remove(j)
        for i, j in pairs:
            self.node(was[i], now[j], at.down(("allOf", str(i)), ("allOf", str(j)), at.label))
        for i in left_old:
            self.emit("constraint-loosened", at, f"{at.label} no longer also matches "
                      f"{_part(was[i])}: {forward(at.flow)}")  # fmt: skip
        for j in left_new:
            self.emit("constraint-tightened", at, f"{at.label} now also must match "
                      f"{_part(now[j])}: {backward(at.flow)}")  # fmt: skip

    def _not(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        if at.catch_all:
            return  # the catch-all's guard follows its siblings' tags, reported as variants
        was, now = o.get("not"), n.get("not")
        if shape(was, self.renames.defs) == shape(now):
            return
        if was is None:
            self.emit("constraint-tightened", at, f"{at.label}: a `not` was added: "
                      f"{backward(at.flow)}")  # fmt: skip
        elif now is None:
            self.emit("constraint-loosened", at, f"{at.label}: its `not` was removed: "
                      f"{forward(at.flow)}")  # fmt: skip
        else:
            self.emit("constraint-changed", at, f"{at.label}: its `not` changed: "
                      f"{either(at.flow)}")  # fmt: skip

    def _bounds(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        for key in (*_LOWER_BOUNDS, *_UPPER_BOUNDS):
            was, now = o.get(key), n.get(key)
            if was == now:
                continue
            words = f"{at.label}: {key} {_json(was)} → {_json(now)}"
            if not all(isinstance(v, int | float) for v in (was, now) if v is not None):
                self.emit("constraint-changed", at, f"{words}: {either(at.flow)}")
                continue
            lower = key in _LOWER_BOUNDS
            tighter = was is None or (now is not None and (now > was if lower else now < was))
            if tighter:
                self.emit("constraint-tightened", at, f"{words}: {backward(at.flow)}")
            else:
                self.emit("constraint-loosened", at, f"{words}: {forward(at.flow)}")

    def _restrictions(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        for key in _RESTRICTIONS:
            was, now = o.get(key), n.get(key)
            if key == "uniqueItems":
                was, now = was or None, now or None  # false is no restriction
            if was == now:
                continue
            words = f"{at.label}: {key} {_json(was)} → {_json(now)}"
            wider = _wider_format(was, now) if key == "format" else None
            if was is None or wider is False:
                self.emit("constraint-tightened", at, f"{words}: {backward(at.flow)}")
            elif wider is True:
                self.emit("integer-format-widened", at, f"{words}: every old value stays "
                          f"valid, but {forward(at.flow)} when typed to the narrower integer")  # fmt: skip
            elif now is None:
                self.emit("constraint-loosened", at, f"{words}: {forward(at.flow)}")
            else:
                self.emit("constraint-changed", at, f"{words}: {either(at.flow)}")

    # ── what is not a constraint ──

    def _annotations(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        if any(o.get(key) != n.get(key) for key in _DOCS):
            self._docs.setdefault(at.owner, (at.flow, []))[1].append(at.rel)

    def _hints(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        changed = [
            f"{key} {_json(o.get(key))} → {_json(n.get(key))}"
            for key in sorted(k for k in set(o) | set(n) if k.startswith(_HINT_PREFIX))
            if o.get(key) != n.get(key)
        ]
        if changed:
            self.emit("tolerance-changed", at, f"{at.label}: {'; '.join(changed)}")
        if o.get("default") != n.get("default"):
            self.emit("default-changed", at, f"{at.label}: default {_json(o.get('default'))} "
                      f"→ {_json(n.get('default'))}: old and new {senders(at.flow)} and "
                      f"{receivers(at.flow)} read an omitted value differently")  # fmt: skip


# ── helpers on one schema ──


def _schema(node: Any) -> Mapping[str, Any]:
    """Boolean schemas as objects: true takes anything, false nothing."""
    if node is True or node is None:
        return {}
    if node is False:
        return {"not": {}}
    return node if isinstance(node, Mapping) else {}


def _nullable(node: Mapping[str, Any]) -> bool:
    """Whether the node itself admits null (not the defs it refers to: they are compared
    as defs)."""
    if not constraints(node):
        return True  # a schema that takes anything takes null
    kind = node.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if any(is_null(m) for key in ("anyOf", "oneOf") for m in node.get(key, [])):
        return True
    return None in node.get("enum", ()) or ("const" in node and node["const"] is None)


def _without_null(node: Mapping[str, Any]) -> Mapping[str, Any]:
    """The node with its null alternative taken out; ``anyOf: [X, null]`` is X."""
    out = dict(node)
    kind = node.get("type")
    if isinstance(kind, list) and "null" in kind:
        rest = [k for k in kind if k != "null"]
        if rest:
            out["type"] = rest[0] if len(rest) == 1 else rest
        else:
            del out["type"]
    if isinstance(out.get("enum"), list) and None in out["enum"]:
        out["enum"] = [v for v in out["enum"] if v is not None]
    for key in ("anyOf", "oneOf"):
        members = node.get(key)
        if not isinstance(members, list) or not any(is_null(m) for m in members):
            continue
        kept = [m for m in members if not is_null(m)]
        others = {k: v for k, v in constraints(out).items() if k != key}
        if len(kept) == 1 and not others and isinstance(kept[0], Mapping):
            return kept[0]
        out[key] = kept
    return out


def _without_union(node: Mapping[str, Any]) -> Mapping[str, Any]:
    return {k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}


# The integer formats upstream writes (its Rust types), as the ranges they admit.
_INTEGER_FORMATS = {
    f"{sign}int{bits}": (
        (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if sign == "" else (0, 2**bits - 1)
    )
    for sign in ("", "u")
    for bits in (8, 16, 32, 64)
}


def _wider_format(was: Any, now: Any) -> bool | None:
    """True when integer format ``now`` admits every value ``was`` does (uint32 → int64:
    every old value stays valid), False when ``was`` admits every value of ``now``, None
    when they are no two integer formats or neither holds the other."""
    a, b = _INTEGER_FORMATS.get(str(was)), _INTEGER_FORMATS.get(str(now))
    if a is None or b is None:
        return None
    if b[0] <= a[0] and a[1] <= b[1]:
        return True
    if a[0] <= b[0] and b[1] <= a[1]:
        return False
    return None


def _moved_value(kept: Any, other: Any) -> Any:
    """``other``'s constraints with ``kept``'s descriptions and hints: a property whose
    values moved is compared for what else it says (its docs, its tolerance)."""
    if not isinstance(kept, Mapping) or not isinstance(other, Mapping):
        return kept
    mine = {k: v for k, v in kept.items() if k in _DOCS or k.startswith("x-")}
    return {**{k: v for k, v in other.items() if k not in _DOCS and not k.startswith("x-")}, **mine}


def _takes_anything(member: Any) -> bool:
    """A union member with no constraint at all: whatever its siblings refuse, it takes."""
    return member is True or (isinstance(member, Mapping) and not constraints(member))


def _is_open(tags: list[tuple[str, Any] | None]) -> bool:
    """A union is open when all its members but one (the catch-all) are tagged."""
    untagged = sum(tag is None for tag in tags)
    return untagged == 1 and len(tags) > 1


def _unique(keys: Mapping[int, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for key in keys.values():
        counts[key] = counts.get(key, 0) + 1
    return {key: i for i, key in keys.items() if counts[key] == 1}


def _member_path(node: Mapping[str, Any], member: Mapping[str, Any]) -> tuple[str, ...]:
    """The pointer segments from a union to one of its (possibly nested) members."""
    for key in ("anyOf", "oneOf"):
        for i, item in enumerate(node.get(key, [])):
            if item is member:
                return key, str(i)
            if isinstance(item, Mapping):
                inner = _member_path(item, member)
                if inner:
                    return key, str(i), *inner
    return ()


def _variant_label(member: Mapping[str, Any], tag: tuple[str, Any] | None, index: int) -> str:
    if tag is not None:
        return f"<{tag[1]}>" if isinstance(tag[1], str) else f"<{_json(tag[1])}>"
    name = member.get("title") or stands_for(member)
    return f"<{name}>" if isinstance(name, str) else f"<#{index}>"


def _type_set(node: Mapping[str, Any]) -> frozenset[str] | None:
    kind = node.get("type")
    if kind is None:
        return None
    return frozenset([kind] if isinstance(kind, str) else [str(k) for k in kind])


def _covers(wide: frozenset[str], narrow: frozenset[str]) -> bool:
    return all(t in wide or (t == "integer" and "number" in wide) for t in narrow)


def _types_text(types: frozenset[str] | None) -> str:
    return "any" if types is None else "|".join(sorted(types))


def _extra(value: Any) -> Any:
    """additionalProperties with its defaults made plain: absent and {} take anything."""
    if value is None or (isinstance(value, Mapping) and not constraints(value)):
        return True
    return value


def _part(node: Any) -> str:
    name = stands_for(node) if isinstance(node, Mapping) else None
    return name if name is not None else "an inline schema"


def _json(value: Any) -> str:
    return "none" if value is None else json.dumps(value, sort_keys=True)
