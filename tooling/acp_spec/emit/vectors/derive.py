"""The walk that derives cases from a params def: along the def's first example, through
``$ref``, ``allOf`` and unions, every constraint met becomes rules (constraints.py), each
exercised by changing one field of the example.

A later example that takes a variant of a tagged union no earlier example took (another
``sessionUpdate``, say) is walked too, for the rules under that variant only; their labels
name the variants taken on the way (``update[tool_call_update].toolCallId``), so that they
never read like the first example's (whose ids are published).

What a schema means (references, nullability, unions and their tags) is the index's answer;
the walk only decides where the rules apply and what the example looks like there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...defs import ref_target
from ...index import Index, TaggedUnion, is_null
from ...model import Example, Kind, Method
from ..kept_verdicts import kept_verdicts
from .cases import (
    Case,
    Codes,
    Json,
    PathKey,
    apply,
    copied,
    id_part,
    message,
    own_member,
    text,
    wire_path,
)
from .constraints import BOUND_KEYS, Leaf, Mutation, Repair, Tag, property_rules, tag_rules

# Upstream's deserializer annotations: where SDKs built like it accept what the schema rejects.
LENIENT = "x-deserialize-default-on-error"
SKIP_ITEMS = "x-deserialize-skip-invalid-items"
NULL_DEFAULT = "x-deserialize-default-on-null"
# Values tried in turn as a malformed member or item: the first its schema rejects is used.
MALFORMED: tuple[Json, ...] = (12345, "malformed", {"malformed": True}, [12345], True)


@dataclass
class View:
    """What applies to one object value: its properties, required names and the tags of
    the unions it is a variant of (outermost first), each with the value's tag."""

    props: dict[str, list[Mapping[str, Any]]] = field(default_factory=dict)
    required: set[str] = field(default_factory=set)
    tags: list[tuple[Tag, Json]] = field(default_factory=list)
    ambiguous: bool = False

    @property
    def tag(self) -> Tag | None:
        """The innermost union's tag: the one that names a list item (``content[text]``)."""
        return self.tags[-1][0] if self.tags else None


# One variant taken: where (the path, list positions left out), the tag's name and value.
Taken = tuple[tuple[str | None, ...], str, Json]


@dataclass(frozen=True)
class Context:
    """What holds above a site: upstream leniency (the innermost wins), an untagged union,
    the variants taken on the way, and whether labels name them."""

    lenient: str | None = None  # the divergence an invalid value here gets
    ambiguous: bool = False
    repair: Repair | None = None  # what a lenient deserializer mends here (the innermost)
    taken: tuple[Taken, ...] = ()
    qualify: bool = False
    # a later example's walk: the variants earlier ones took, whose rules are theirs
    old: frozenset[Taken] = frozenset()

    def done(self) -> bool:
        """Every variant above the site was taken by an earlier example: no rules here."""
        return self.qualify and set(self.taken) <= self.old


class Walker:
    def __init__(self, index: Index, codes: Codes) -> None:
        self.index = index
        self.codes = codes
        self.valid = kept_verdicts(index)

    # The walk: an object's view, then each property's rules, then its present children.

    def derive(
        self, method: Method, kind: Kind, params_def: str, examples: Sequence[Example], slug: str
    ) -> Iterator[tuple[Example, list[Case]]]:
        """The cases of every rule met along the first example; then, for each later example
        that takes a union variant no earlier one took, the cases of the rules under it."""
        section = "params" if kind == "request" else "notification"
        top = {"$ref": ref_target(params_def)}
        seen: set[Taken] = set()
        for number, example in enumerate(examples):
            base = example.params
            ctx = Context(qualify=number > 0, old=frozenset(seen))
            # the first example's walk is all new; a later one's only under a new variant
            walked = list(self._object([top], base, (), "", ctx))
            seen |= {t for m in walked for t in m.taken}
            cases = []
            for m in walked:
                params = apply(base, m.path, m.value)
                if m.ambiguous and not m.valid and self.valid(top, params):
                    continue  # another variant of an untagged union takes it: no case
                mended = None if m.valid or m.repair is None else _mend(params, m.repair)
                tolerant: tuple[tuple[str, str], ...] | None = None
                reads: tuple[tuple[str, Json], ...] | None = None
                if mended is not None and self.valid(top, mended):
                    assert m.repair is not None
                    where = wire_path("params", m.repair.path)
                    tolerant = ((where, m.repair.action),)
                    # the default a repair leaves in place, where it leaves one: []
                    reads = ((where, []),) if m.repair.empty else None
                cases.append(Case(
                    f"{slug}.{section}.{id_part(m.label)}.{m.rule}", f"`{m.label}` {m.why}",
                    text(message(kind, method.name, params)),
                    None if m.valid else self.codes.params, m.divergence, tolerant,
                    tolerant_reads=reads,
                ))  # fmt: skip
            if cases or number == 0:
                yield example, cases

    def _view(self, schemas: Sequence[Mapping[str, Any]], value: dict[str, Any]) -> View:
        view = View()
        for schema in schemas:
            self._gather(schema, value, view)
        return view

    def _gather(self, node: Mapping[str, Any], value: dict[str, Any], view: View) -> None:
        node = self.index.shapes.resolve(node)
        for name, sub in node.get("properties", {}).items():
            view.props.setdefault(name, []).append(sub)
        view.required.update(node.get("required", []))
        for sub in node.get("allOf", []):
            self._gather(sub, value, view)
        if self.index.shapes.members(node):
            self._gather_union(node, value, view)

    def _gather_union(self, node: Mapping[str, Any], value: dict[str, Any], view: View) -> None:
        """The union's part of the view: the variant the value is (by its tag, or the first
        that takes it when nothing tags the variants)."""
        solid = [m for m in self.index.shapes.members(node) if not is_null(m)]
        if len(solid) == 1:
            self._gather(solid[0], value, view)
            return
        union = self.index.shapes.tagged_union(node)
        if union is not None:
            other = union.other.schema if union.other is not None else None
            view.tags.append((Tag(union.field, union.tags, other), value.get(union.field)))
            chosen = _variant(union, value)
            if chosen is not None:
                self._gather(chosen, value, view)
            return
        view.ambiguous = True
        chosen = next((v for v in solid if self.valid(v, value)), None)
        if chosen is not None:
            self._gather(chosen, value, view)

    def _object(
        self,
        schemas: Sequence[Mapping[str, Any]],
        value: dict[str, Any],
        path: PathKey,
        label: str,
        ctx: Context,
        shown: bool = False,
    ) -> Iterator[Mutation]:
        """``shown``: the label names the object's innermost tag already (a list item's)."""
        view = self._view(schemas, value)
        if view.ambiguous:
            ctx = replace(ctx, ambiguous=True)
        site = tuple(None if isinstance(step, int) else step for step in path)
        # the first example's walk names (and gives rules to) the innermost union's tag
        # only, as it always has: its ids are published
        tags = view.tags if ctx.qualify else view.tags[-1:]
        fields = [tag.name for tag, _ in tags]
        for tag, _ in tags:
            # a tag belongs to its union, not to the variant it picks
            above, at = _under(ctx, site, view.tags, tag.name, label, shown)
            if above.done():
                continue

            def other_takes(new: str, tag: Tag = tag) -> bool:
                assert tag.other is not None
                return self.valid(tag.other, {**value, tag.name: new})

            for m in tag_rules(tag, other_takes, self.codes.params):
                yield _site(m, path + (tag.name,), at, above)
        for name, prop in view.props.items():
            if name == "_meta" and path:
                continue  # the same nullable object everywhere: checked on params only
            tagged = name in fields
            where, at = _under(ctx, site, view.tags, name, label, shown)
            leaf = self._leaf(prop)
            lenient = _lenient(at, self.codes) if leaf.lenient else where.lenient
            inner = where if lenient is where.lenient else replace(where, lenient=lenient)
            present = name in value
            required = name in view.required
            if leaf.lenient:
                # read as its default: omitted, or [] for a required array. A member some
                # variants require (a tag: `stopReason`) may still be omitted where another
                # variant takes the rest; the case says so only if the mended params are valid
                empty = required and leaf.types == {"array"}
                inner = replace(inner, repair=Repair(path + (name,), "default", empty))
            bad = self.codes.params
            rules = (
                ()
                if inner.done()
                else property_rules(leaf, required, present, value.get(name), tagged, bad)
            )
            for m in rules:
                if m.rule == "null" and not m.valid and leaf.null_default:
                    yield _site(m, path + (name,), at, _null_read(inner, path + (name,), at, leaf))
                    continue
                yield _site(m, path + (name,), at, inner)
            if not inner.done():  # a later example's walk: an earlier one met these
                yield from self._lenient_rules(prop, value.get(name), path + (name,), at, inner)
            if present:
                yield from self._child(prop, value[name], path + (name,), at, inner)

    def _lenient_rules(
        self,
        prop: Sequence[Mapping[str, Any]],
        value: Json,
        path: PathKey,
        label: str,
        ctx: Context,
    ) -> Iterator[Mutation]:
        """Where upstream reads a member leniently: a malformed value of it (the first of
        MALFORMED its schema rejects), and an invalid item appended to a list of it whose
        invalid items are skipped. Strict receivers reject both; lenient ones mend them."""
        bad = self.codes.params
        if ctx.repair is not None and ctx.repair.path == path:
            wrong = next((w for w in MALFORMED if not all(self.valid(s, w) for s in prop)), None)
            if wrong is not None:
                why = (f"is malformed ({text(wrong)}): rejected with {bad}; upstream's "
                       f"deserializer reads it as its default (`{LENIENT}`).")  # fmt: skip
                yield _site(Mutation((), wrong, label, "malformed", False, why), path, label, ctx)
        skips = any(self.index.shapes.resolve(s).get(SKIP_ITEMS) or s.get(SKIP_ITEMS) for s in prop)
        items = self._collect(prop, "items")
        if skips and isinstance(value, list) and items:
            wrong = next((w for w in MALFORMED if not all(self.valid(s, w) for s in items)), None)
            if wrong is not None:
                why = (f"has an invalid item ({text(wrong)}): rejected with {bad}; upstream's "
                       f"deserializer drops it (`{SKIP_ITEMS}`).")  # fmt: skip
                here = replace(ctx, repair=Repair(path + (len(value),), "dropped"))
                mutation = Mutation((), [*value, wrong], label, "invalid-item", False, why)
                yield _site(mutation, path, label, here)

    def _child(
        self,
        schemas: Sequence[Mapping[str, Any]],
        value: Json,
        path: PathKey,
        label: str,
        ctx: Context,
        shown: bool = False,
    ) -> Iterator[Mutation]:
        if isinstance(value, dict):
            entries = self._collect(schemas, "additionalProperties")
            if entries and not self._view(schemas, value).props:
                for key, item in value.items():
                    yield from self._child(entries, item, path + (key,), f"{label}{{{key}}}", ctx)
            else:
                yield from self._object(schemas, value, path, label, ctx, shown)
        elif isinstance(value, list):
            items = self._collect(schemas, "items")
            resolve = self.index.shapes.resolve
            skips = any(resolve(s).get(SKIP_ITEMS) or s.get(SKIP_ITEMS) for s in schemas)
            inner = replace(ctx, lenient=_skips(label, self.codes) if skips else ctx.lenient)
            done: set[str] = set()
            for index, item in enumerate(value):
                tag = self._view(items, item).tag if isinstance(item, dict) else None
                at = f"{label}[{item.get(tag.name, '')}]" if tag else f"{label}[]"
                if items and at not in done:
                    done.add(at)
                    here = (
                        replace(inner, repair=Repair(path + (index,), "dropped"))
                        if skips
                        else inner
                    )
                    yield from self._child(items, item, path + (index,), at, here, bool(tag))

    def _collect(self, schemas: Sequence[Mapping[str, Any]], key: str) -> list[Mapping[str, Any]]:
        """The subschemas under ``key`` (items, additionalProperties) of a value's schemas."""
        found: list[Mapping[str, Any]] = []
        for schema in schemas:
            node = self.index.shapes.resolve(schema)
            if isinstance(node.get(key), dict):
                found.append(node[key])
            found += self._collect(node.get("allOf", []), key)
            solid = [m for m in self.index.shapes.members(node) if not is_null(m)]
            if len(solid) == 1:
                found += self._collect(solid, key)
        return found

    def _leaf(self, schemas: Sequence[Mapping[str, Any]]) -> Leaf:
        leaf = Leaf(nullable=all(self.index.shapes.accepts_null(s) for s in schemas))
        leaf.lenient = any(s.get(LENIENT) for s in schemas)
        leaf.null_default = any(s.get(NULL_DEFAULT) for s in schemas)
        for schema in schemas:
            self._flatten(schema, leaf)
        return leaf

    def _flatten(self, node: Mapping[str, Any], leaf: Leaf) -> None:
        node = self.index.shapes.resolve(node)
        kind = node.get("type", [])
        leaf.types |= set(kind if isinstance(kind, list) else [kind]) - {"null"}
        leaf.bounds.update({k: node[k] for k in BOUND_KEYS if k in node})
        for sub in node.get("allOf", []):
            self._flatten(sub, leaf)
        solid = [
            self.index.shapes.resolve(m) for m in self.index.shapes.members(node) if not is_null(m)
        ]
        if len(solid) == 1:
            self._flatten(solid[0], leaf)
        elif solid and all("const" in v or _open_enum_rest(v) for v in solid):
            leaf.enum = tuple(v["const"] for v in solid if "const" in v)
            leaf.enum_open = any(_open_enum_rest(v) for v in solid)
            leaf.types |= {v["type"] for v in solid if isinstance(v.get("type"), str)}


def _variant(union: TaggedUnion, value: dict[str, Any]) -> Mapping[str, Any] | None:
    """The member the value's tag picks; the catch-all for any other tag (if open)."""
    if union.field in value:
        for variant in union.variants:
            if variant.tag == value[union.field]:
                return variant.schema
    return union.other.schema if union.other is not None else None


def _under(
    ctx: Context,
    site: tuple[str | None, ...],
    tags: Sequence[tuple[Tag, Json]],
    name: str,
    label: str,
    shown: bool,
) -> tuple[Context, str]:
    """The context and label of the member ``name`` of an object at ``site`` whose unions'
    tags are ``tags``: below every variant the object takes, or, for a tag, below the
    unions outside its own. ``shown``: the label already names the innermost tag."""
    names = [tag.name for tag, _ in tags]
    chosen = tags[: names.index(name)] if name in names else tags
    taken = ctx.taken + tuple((site, tag.name, value) for tag, value in chosen)
    prefix = label
    if ctx.qualify:
        hidden = len(tags) - 1 if shown else -1
        prefix += "".join(f"[{value}]" for i, (_, value) in enumerate(chosen) if i != hidden)
    # every field given: dataclasses.replace's Context, without its look at the fields
    under = Context(ctx.lenient, ctx.ambiguous, ctx.repair, taken, ctx.qualify, ctx.old)
    return under, f"{prefix}.{name}" if prefix else name


def _site(m: Mutation, path: PathKey, label: str, ctx: Context) -> Mutation:
    """Place a rule at its path; note where upstream's lenient deserializer disagrees."""
    divergence = m.divergence if m.valid else m.divergence or ctx.lenient
    # every field given: what dataclasses.replace makes, without its look at the fields
    # (a walk places thousands)
    return Mutation(
        path, m.value, label, m.rule, m.valid, m.why, divergence, ctx.ambiguous, ctx.repair,
        ctx.taken,
    )  # fmt: skip


def _mend(params: Json, repair: Repair) -> Json:
    """``params`` as a lenient deserializer reads them: the member at the repair's path
    omitted (or ``[]``), or the item dropped; None if the path is not there."""
    # the objects on the way copied, the rest shared: the params are read, never changed
    out = copied(params)
    target: Any = out
    for step in repair.path[:-1]:
        try:
            child = target[step]
        except (KeyError, IndexError, TypeError):
            return None
        target = own_member(target, step) if isinstance(target, dict | list) else child
    last = repair.path[-1]
    if isinstance(target, dict) and isinstance(last, str) and last in target:
        if repair.empty:
            target[last] = []
        else:
            del target[last]
    elif isinstance(target, list) and isinstance(last, int) and 0 <= last < len(target):
        del target[last]
    else:
        return None
    return out


def _null_read(ctx: Context, path: PathKey, label: str, leaf: Leaf) -> Context:
    """Where upstream marks a member x-deserialize-default-on-null: its null is read as the
    default, `[]` for an array (as upstream's Rust and zod read it), else omitted. Only
    that null: a malformed value there or below is no business of the marker's."""
    empty = leaf.types == {"array"}
    note = (
        f"upstream's deserializer reads a null `{label}` as its default"
        f"{', `[]`' if empty else ''} (`{NULL_DEFAULT}`), so SDKs built like it accept the "
        "message; the schema rejects it."
    )
    return replace(ctx, repair=Repair(path, "default", empty), lenient=note)


def _lenient(label: str, codes: Codes) -> str:
    return (
        f"upstream's deserializer replaces an invalid `{label}` with its default "
        f"(`{LENIENT}`), so SDKs built like it accept the message; the schema rejects it "
        f"({codes.params})."
    )


def _skips(label: str, codes: Codes) -> str:
    return (
        f"upstream's deserializer drops invalid items of `{label}` (`{SKIP_ITEMS}`), so SDKs "
        f"built like it accept the message; the schema rejects it ({codes.params})."
    )


def _open_enum_rest(node: Mapping[str, Any]) -> bool:
    """A bare ``type: string`` (or integer) member beside const members: what makes an
    enum open (any other value of the type is accepted)."""
    return node.get("type") in ("string", "integer") and set(node) <= {
        "type",
        "title",
        "description",
        "format",
    }
