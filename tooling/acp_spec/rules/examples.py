"""Rules about examples: each validates, and warnings where one validates but is probably
not what was meant.

Objects in ACP are open and unions have a catch-all, so a misspelt field (`sesionId`) or tag
(`type: stdoi`) still validates, and would be published as a valid example and vector. Each
is reported once, with the names it was probably meant to be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .. import patterns, verdicts
from ..content import Recent, digest
from ..defs import DEFS_PREFIX, OTHER_TITLE
from ..diagnostics import Diagnostic, did_you_mean, one_of
from ..index import Index, TaggedUnion, Variant, is_null, stands_for
from ..model import Call, Example, Spec
from ..yamlsource import PathKey
from .common import Written
from .common import at as _at
from .references import dangling_refs, reference_loops
from .types import bad_patterns


def examples_validate(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    broken = (
        dangling_refs(spec, index)
        or index.facts.once(bad_patterns)
        or index.facts.once(reference_loops)
    )
    if written.types - set(spec.types) or broken:
        return  # some types are too broken to validate against; their problems are reported
    errors_of = type_errors(index)
    for method in spec.methods.values():
        for number, example in enumerate(method.examples):
            base: PathKey = ("methods", method.name, "examples", number)
            call = method.call(example.kind)
            if call is None:
                other = (
                    "give it a result" if example.kind == "notification" else "remove its result"
                )
                yield _at(spec, base, f"example '{example.title}' is a {example.kind} example but "
                          f"{method.name} is not a {example.kind}; {other}")  # fmt: skip
                continue
            for role, type_name, value in _roles(call, example):
                if type_name not in spec.types:
                    continue
                for inner, message in _example_errors(index, errors_of, type_name, value):
                    where = " › ".join([role, *map(str, inner)])
                    yield _at(spec, base + (role, *inner), f"example '{example.title}' does not "
                              f"match {type_name} at {where}: {message}; fix the example or the type")  # fmt: skip


Found = tuple[tuple[PathKey, str], ...]

# The rules' answers about one value as one type, kept across the loads of a process (the
# tests load hundreds of specs that differ from the real one in a place or two), each by
# what it is made of: the rule, the value exactly, and the type's reach digest (the content
# of every def the answer can read).
_FOUND: Recent[Found] = Recent(2048)


def _example_errors(index: Index, errors_of: TypeErrors, type_name: str, value: Any) -> Found:
    """(path in the value, what is wrong there) of every error of the value as the type."""
    key = digest(("validate", type_name, index.digests.reach_digest(type_name), value))
    return _FOUND.get(
        key,
        lambda: tuple(
            (tuple(error.absolute_path), error.message) for error in errors_of(type_name, value)
        ),
    )


def _roles(call: Call, example: Example) -> list[tuple[str, str, Any]]:
    """What an example holds to its method's types: (role, type name, value)."""
    roles = [("params", call.params, example.params)]
    if call.result is not None:
        roles.append(("result", call.result, example.result))
    return roles


TypeErrors = Callable[[str, Any], Iterator[ValidationError]]


def type_errors(index: Index, *, mostly_valid: bool = True) -> TypeErrors:
    """What is wrong with a value as the spec's type of a name, for the rules. A compiled
    verdict answers for the values it finds valid; where it cannot answer and most values
    are valid (``mostly_valid``), python's quick one does."""
    validators = _SHARED.get(index)
    if validators is None:
        validators = _SHARED[index] = _Validators(index)
    compiled, quick, full = validators.compiled, validators.quick, validators.full

    def errors(name: str, value: Any) -> Iterator[ValidationError]:
        verdict = compiled()(name, value)
        if verdict or (verdict is None and mostly_valid and quick(name).is_valid(value)):
            return iter(())
        return full(name).iter_errors(value)

    return errors


class _Validators:
    """The validators of an index's defs, made when first asked and shared by the rules
    that validate against them (examples and traces) for the run."""

    def __init__(self, index: Index) -> None:
        self._defs = index.defs
        uri = "urn:acp-spec:types"
        self._uri = uri
        root = {"$id": uri, "$defs": index.defs}
        self._registry: Registry[Any] = Registry().with_resource(
            uri, Resource.from_contents(root, DRAFT202012)
        )
        self._quick: dict[str, Draft202012Validator] = {}
        self._full: dict[str, Draft202012Validator] = {}
        self._compiled: verdicts.DefVerdict | None = None

    def _schema(self, name: str) -> dict[str, str]:
        return {"$ref": f"{self._uri}#/$defs/{name}"}

    # patterns matched in linear time: no pattern in the spec can make check hang
    def quick(self, name: str) -> Draft202012Validator:
        if name not in self._quick:
            self._quick[name] = patterns.quick_validator_for(
                self._schema(name), registry=self._registry
            )
        return self._quick[name]

    def full(self, name: str) -> Draft202012Validator:
        if name not in self._full:
            self._full[name] = patterns.validator_for(self._schema(name), registry=self._registry)
        return self._full[name]

    def compiled(self) -> verdicts.DefVerdict:
        # made on the first value asked about: a spec with no examples compiles nothing
        if self._compiled is None:
            self._compiled = verdicts.defs_verdict(self._defs)
        return self._compiled


_SHARED: WeakKeyDictionary[Index, _Validators] = WeakKeyDictionary()


def examples_say_what_they_mean(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    facts = _Facts(index)  # shared by every example: they meet the same nodes
    for method in spec.methods.values():
        for number, example in enumerate(method.examples):
            call = method.call(example.kind)
            if call is None:
                continue  # examples_validate reports it
            base: PathKey = ("methods", method.name, "examples", number)
            for role, type_name, value in _roles(call, example):
                if type_name not in index.defs:
                    continue
                what = f"example '{example.title}'"
                key = digest(
                    ("lint", type_name, index.digests.reach_digest(type_name), what, value)
                )
                found = _FOUND.get(key, partial(_linted, facts, what, value, type_name))
                for path, message in found:
                    yield Diagnostic(
                        spec.where.at((*base, role, *path), key=True), message, "warning"
                    )


def _linted(facts: _Facts, what: str, value: Any, type_name: str) -> Found:
    return tuple(_Lint(facts, what).walk(value, facts.root(type_name), ()))


N = TypeVar("N")
Memo = dict[int, tuple[Any, N]]


def _remembered(table: Memo[N], node: Any, make: Callable[[], N]) -> N:
    """``make()``, found once per node: by its id, kept with the node so that the id stays
    the node's while the table lives."""
    entry = table.get(id(node))
    if entry is None or entry[0] is not node:
        entry = table[id(node)] = (node, make())
    return entry[1]


@dataclass(frozen=True)
class _Shape:
    """What the walk reads of a schema node before it looks at the value."""

    described: Mapping[str, Any] | None  # {description, allOf: [{$ref}]}: the reference
    name: str | None  # the def the node stands for
    resolved: Mapping[str, Any]  # the node, its reference followed
    members: list[Mapping[str, Any]]  # its union's members, null left out


class _Facts:
    """The index's answers about the nodes the examples meet, each found once per run (the
    examples of a method, and the methods sharing types, walk the same nodes again)."""

    def __init__(self, index: Index) -> None:
        self.index = index
        self._shapes: Memo[_Shape] = {}
        self._unions: Memo[TaggedUnion | None] = {}
        self._chosen: dict[tuple[int, int], tuple[Any, Any, dict[str, Any]]] = {}
        self._declared: Memo[dict[str, Any]] = {}
        self._enums: Memo[tuple[list[str], bool]] = {}
        self._roots: dict[str, Mapping[str, Any]] = {}

    def root(self, name: str) -> Mapping[str, Any]:
        """The reference to def ``name`` an example's walk starts from, one per def."""
        return self._roots.setdefault(name, {"$ref": DEFS_PREFIX + name})

    def shape(self, node: Mapping[str, Any]) -> _Shape:
        return _remembered(self._shapes, node, lambda: self._shape(node))

    def _shape(self, node: Mapping[str, Any]) -> _Shape:
        name = stands_for(node)
        if name is not None and "$ref" not in node:
            return _Shape(node["allOf"][0], name, node, [])
        resolved = self.index.shapes.resolve(node)
        members = [m for m in self.index.shapes.members(resolved) if not is_null(m)]
        return _Shape(None, name, resolved, members)

    def union(self, node: Mapping[str, Any]) -> TaggedUnion | None:
        return _remembered(self._unions, node, lambda: self.index.shapes.tagged_union(node))

    def chosen(self, node: Mapping[str, Any], variant: Variant) -> dict[str, Any]:
        """The schema a tagged union's value is held to once its tag chose ``variant``: a
        flattened union's base properties hold beside the variant's own."""

        def make() -> dict[str, Any]:
            base = {k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}
            return {"allOf": [base, variant.schema]}

        key = (id(node), id(variant.schema))  # a member may be in a nested union too
        entry = self._chosen.get(key)
        if entry is None or entry[0] is not node or entry[1] is not variant.schema:
            entry = self._chosen[key] = (node, variant.schema, make())
        return entry[2]

    def declared(self, node: Mapping[str, Any]) -> dict[str, Any]:
        return _remembered(self._declared, node, lambda: self._declared_in(node, frozenset()))

    def _declared_in(self, node: Mapping[str, Any], seen: frozenset[int]) -> dict[str, Any]:
        """The properties an object may have: its own, its parts', and those of every member
        of an untagged union inside it (which member applies is not ours to guess)."""
        node = self.index.shapes.resolve(node)
        if id(node) in seen:
            return {}
        seen |= {id(node)}
        found: dict[str, Any] = {}
        for part in [*node.get("allOf", []), *self.index.shapes.members(node)]:
            if isinstance(part, Mapping):
                for key, schema in self._declared_in(part, seen).items():
                    found.setdefault(key, schema)
        found.update(node.get("properties", {}))
        return found

    def enum(
        self, node: Mapping[str, Any], members: list[Mapping[str, Any]]
    ) -> tuple[list[str], bool]:
        """An enum's listed values, and whether it is open (a catch-all member)."""

        def make() -> tuple[list[str], bool]:
            resolved = [self.index.shapes.resolve(m) for m in members]
            known = [str(m["const"]) for m in resolved if isinstance(m.get("const"), str)]
            return known, any(m.get("title") == OTHER_TITLE for m in resolved)

        return _remembered(self._enums, node, make)


class _Lint:
    def __init__(self, facts: _Facts, what: str) -> None:
        self.facts = facts
        self.index = facts.index
        self.what = what

    def walk(
        self, value: Any, node: Mapping[str, Any], path: PathKey
    ) -> Iterator[tuple[PathKey, str]]:
        shape = self.facts.shape(node)
        if shape.described is not None:
            # a described reference ({description, allOf: [{$ref}]}): the def decides, a
            # tagged union by its tag rather than by every member's properties at once
            yield from self.walk(value, shape.described, path)
            return
        node, members = shape.resolved, shape.members
        if isinstance(value, dict):
            if members:
                yield from self._union(value, node, members, path)
                return
            yield from self._object(value, node, shape.name, path)
        elif isinstance(value, list) and isinstance(node.get("items"), Mapping):
            for number, item in enumerate(value):
                yield from self.walk(item, node["items"], (*path, number))
        elif len(members) == 1:
            yield from self.walk(value, members[0], path)
        elif isinstance(value, str) and members:
            yield from self._open_enum(value, node, members, path)

    def _open_enum(
        self, value: str, node: Mapping[str, Any], members: list[Mapping[str, Any]], path: PathKey
    ) -> Iterator[tuple[PathKey, str]]:
        """A string outside an open enum's listed values (``stopReason: end_trun``)."""
        known, open_ = self.facts.enum(node, members)
        if open_ and known and value not in known and not value.startswith("_"):
            yield (
                path,
                f"{self.what}: {value!r} is no known value, so only the open union's catch-all "
                f"accepts it{did_you_mean(value, known)}; use one of {one_of(known)}, or start "
                "an extension's value with '_'",
            )

    def _union(
        self,
        value: dict[str, Any],
        node: Mapping[str, Any],
        members: list[Mapping[str, Any]],
        path: PathKey,
    ) -> Iterator[tuple[PathKey, str]]:
        union = self.facts.union(node)
        if union is None:
            if len(members) == 1:
                yield from self.walk(value, members[0], path)
            return  # untagged: which member was meant is a guess, so say nothing
        tag = value.get(union.field)
        chosen = next((v for v in union.variants if v.tag == tag), None)
        if chosen is not None:
            yield from self.walk(value, self.facts.chosen(node, chosen), path)
            return
        if union.open and isinstance(tag, str) and not tag.startswith("_"):
            known = [str(t) for t in union.tags]
            yield (
                (*path, union.field),
                f"{self.what}: {union.field} {tag!r} is no known variant, so only the open "
                f"union's catch-all accepts it{did_you_mean(tag, known)}; use one of "
                f"{one_of(known)}, or start an extension's tag with '_'",
            )

    def _object(
        self, value: dict[str, Any], node: Mapping[str, Any], name: str | None, path: PathKey
    ) -> Iterator[tuple[PathKey, str]]:
        for field, known in self._inherited_tags(node, value, set()):
            tag = value.get(field)
            if isinstance(tag, str) and tag not in known and not tag.startswith("_"):
                yield (
                    (*path, field),
                    f"{self.what}: {tag!r} is no known value, so only the open union's "
                    f"catch-all accepts it{did_you_mean(tag, known)}; use one of "
                    f"{one_of(known)}, or start an extension's value with '_'",
                )
        props = self.facts.declared(node)
        extra = node.get("additionalProperties")
        for key, item in value.items():
            if key in props:
                yield from self.walk(item, props[key], (*path, key))
            elif isinstance(extra, Mapping):
                yield from self.walk(item, extra, (*path, key))
            elif props and not key.startswith("_"):
                owner = name or "its type"
                yield (
                    (*path, key),
                    f"{self.what}: {owner} declares no field {key!r}"
                    f"{did_you_mean(key, props)}; fix the name, or put custom data under _meta",
                )

    def _inherited_tags(
        self, node: Mapping[str, Any], value: dict[str, Any], seen: set[int]
    ) -> Iterator[tuple[str, list[str]]]:
        """(field, known values) of each open union an object inherits (``allOf``, and in
        the member its tag chooses) that tells its members apart by one field, though a
        member may leave it out (IdleStateUpdate's ``stopReason``: a member per reason, one
        without, a catch-all)."""
        for part in node.get("allOf", []):
            if not isinstance(part, Mapping):
                continue
            resolved = self.index.shapes.resolve(part)
            if id(resolved) in seen:
                continue
            seen.add(id(resolved))
            members = [m for m in self.index.shapes.members(resolved) if not is_null(m)]
            tags = [self.index.shapes.tag_of(m) for m in members]
            fields = {t[0] for t in tags if t is not None}
            if len(fields) == 1:
                (field,) = fields
                if any(self.index.shapes.resolve(m).get("title") == OTHER_TITLE for m in members):
                    yield field, [str(t[1]) for t in tags if t is not None]
                for member, tag in zip(members, tags, strict=True):
                    if tag is not None and tag[1] == value.get(field):
                        yield from self._inherited_tags({"allOf": [member]}, value, seen)
            yield from self._inherited_tags(resolved, value, seen)
