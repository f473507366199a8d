"""The schema's defs, rewritten into the shapes datamodel-code-generator gets right.

datamodel-code-generator turns only some JSON Schema shapes into pydantic models that
accept exactly what the schema accepts, so the defs are first rewritten into those:

- every union member that needs a class gets a def of its own, named for its union and its
  tag or title (``ContentBlockText``), never numbered;
- a member that inherits from a union (``allOf`` of one) is distributed over that union's
  members, because a class can't inherit from a union;
- keywords that only annotate (``format``, ``title``, ``x-*``) are dropped, since the types
  datamodel-code-generator would make of ``format`` reject and rewrite values;
- ``number`` becomes ``int | float``, so that 1 is written back as 1, not 1.0;
- a ``type`` list with a typed ``additionalProperties`` becomes an ``anyOf`` of one
  member per type, because datamodel-code-generator drops the typed keyword there.

What a type can't say is left to validators: a field that may be omitted but not be null
(``omittable``) and ``not`` (``nots``: an open union's guard, or a key that must be
absent). Anything else that would make the models accept what the schema rejects, or the
reverse, is refused with its path, so that a new schema construct can't loosen the models
unnoticed. Every fact about the schema (references, nullability) is the index's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ...defs import DEFS_PREFIX, ONE_SCHEMA, SCHEMA_LISTS, SCHEMA_MAPS, referenced_names
from ...index import ANNOTATIONS, SchemaIndex, Shapes, ref_name, type_list
from ...model import DERIVED_TYPE_NAMES
from .errors import ModelsError
from .identifiers import camel, python_name

# 2020-12 reads `format` as an annotation; the index, which speaks of the schema as
# written, counts it among the constraints. Here it constrains nothing: left in, it would
# become AnyUrl or AwareDatetime, which reject what the schema accepts and rewrite values.
_FORMAT_ANNOTATIONS = frozenset({"format", "contentEncoding", "contentMediaType"})
_VALUE = frozenset({
    "type", "const", "enum", "items", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "pattern",
})  # fmt: skip
_COMBINE = frozenset({"anyOf", "oneOf", "allOf", "$ref"})
_ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$comment", *_FORMAT_ANNOTATIONS,
})  # fmt: skip
_KNOWN = _ANNOTATIONS | _VALUE | _COMBINE | {
    "properties", "required", "additionalProperties", "not", "unevaluatedProperties",
}  # fmt: skip
# What constrains a string, number or array beyond its type: a Field's keywords, which
# can't constrain one part of a type (an item, a map's value, a union's member).
_CONSTRAINTS = frozenset({
    "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minItems", "maxItems",
})  # fmt: skip
# The keywords that apply to values of one JSON type only, when a type list is split.
_OF_TYPE: Mapping[str, frozenset[str]] = {
    "object": frozenset({"additionalProperties"}),
    "array": frozenset({"items", "minItems", "maxItems"}),
    "string": frozenset({"minLength", "maxLength", "pattern"}),
    "number": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}),
    "integer": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}),
}


# what _strip leaves out besides the extension keys (x-*)
_NOT_CONSTRAINING = ANNOTATIONS | _FORMAT_ANNOTATIONS


def _strip(node: Mapping[str, Any]) -> dict[str, Any]:
    """What constrains values: the index's constraints, ``format`` and its kin left out."""
    return {k: v for k, v in node.items() if k not in _NOT_CONSTRAINING and not k.startswith("x-")}


def _keys(node: Mapping[str, Any]) -> set[str]:
    """``set(_strip(node))``, the question most often asked of it, without the copy."""
    return {k for k in node if k not in _NOT_CONSTRAINING and not k.startswith("x-")}


def _target(node: Mapping[str, Any], path: str) -> str:
    name = ref_name(node["$ref"])
    if name is None:  # the spec writes references by type name, always into $defs
        raise ModelsError(f"{path}: only references into $defs are supported")
    return name


def refers_to(node: Mapping[str, Any]) -> set[str]:
    """The defs a lowered def refers to."""
    return {r.removeprefix(DEFS_PREFIX) for r in referenced_names(node)}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": DEFS_PREFIX + name}


# additionalProperties keeps its boolean, which the lowering reads as it is
_ONE_SCHEMA = tuple(k for k in ONE_SCHEMA if k != "additionalProperties")


def without_boolean_schemas(node: Any) -> Any:
    """JSON Schema's boolean subschemas as objects: ``true`` is ``{}`` (any value) and
    ``false`` is ``{not: {}}`` (none), which the lowering handles or refuses by name."""
    if node is True:
        return {}
    if node is False:
        return {"not": {}}
    if not isinstance(node, Mapping):
        return node
    # a copy only where a boolean is below (the lowering never changes its source, so an
    # untouched node may be shared); most of the spec has none
    out: dict[str, Any] | None = None
    for key in node:
        if key in _ONE_SCHEMA:
            value = node[key]
            new = without_boolean_schemas(value)
        elif key in SCHEMA_LISTS and isinstance(value := node[key], list):
            items = [without_boolean_schemas(item) for item in value]
            new = value if all(i is v for i, v in zip(items, value, strict=True)) else items
        elif key in SCHEMA_MAPS and isinstance(value := node[key], Mapping):
            subs = {k: without_boolean_schemas(v) for k, v in value.items()}
            new = value if all(subs[k] is v for k, v in value.items()) else subs
        else:
            continue
        if new is not value:
            if out is None:
                out = dict(node)
            out[key] = new
    return node if out is None else out


def _unwrap(node: Mapping[str, Any]) -> Mapping[str, Any]:
    """``{allOf: [X]}`` with only annotations beside it is X: upstream's way to put a
    description on a reference."""
    if "allOf" in node and len(node["allOf"]) == 1 and _keys(node) == {"allOf"}:
        return _described(node, dict(node["allOf"][0]))
    return node


def _described(node: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    return {"description": node["description"], **out} if "description" in node else out


def _flat(members: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A nested anyOf with nothing beside it is the same union, one level up (a nested
    oneOf is not: its members are checked not to overlap, where it is)."""
    out: list[Mapping[str, Any]] = []
    for m in members:
        out += _flat(m["anyOf"]) if "anyOf" in m and _keys(m) == {"anyOf"} else [m]
    return out


def _exclusive(node: Mapping[str, Any]) -> bool:
    """A oneOf of references beside an object schema (``ElicitationFormMode``): each member
    becomes a class that also refuses what the other members' defs accept, so that exactly
    one matches, as oneOf says."""
    return (
        "oneOf" in node
        and _has_object_base(node)
        and all(_keys(_unwrap(m)) == {"$ref"} for m in node["oneOf"])
    )


def _union_of(node: Mapping[str, Any], path: str) -> list[Mapping[str, Any]] | None:
    if _exclusive(node):
        return list(node["oneOf"])
    if "oneOf" in node:
        # a pydantic union is anyOf; it is oneOf too only when no value matches two members
        consts = [repr(m.get("const")) for m in node["oneOf"]]
        plain = all(_keys(m) <= {"const", "type"} for m in node["oneOf"])
        if not plain or "None" in consts or len(set(consts)) != len(consts):
            raise ModelsError(f"{path}: a oneOf whose members may overlap")
        return _flat(node["oneOf"])
    return _flat(node["anyOf"]) if "anyOf" in node else None


def _objectish(node: Mapping[str, Any]) -> bool:
    """A node that becomes a class (a model with fields) rather than a plain value."""
    return (
        "properties" in node
        or "not" in node
        or "allOf" in node
        or node.get("additionalProperties") is False
    )


def _needs_class(member: Mapping[str, Any]) -> bool:
    """A union member that can't stay a plain reference or value."""
    m = _unwrap(member)
    return _objectish(m) or "anyOf" in m or "oneOf" in m


def _has_object_base(node: Mapping[str, Any]) -> bool:
    """An object schema beside its anyOf (upstream's flattened tagged unions)."""
    return bool(_keys(node) - _COMBINE - {"type"})


@dataclass
class _Alt:
    """One alternative of an object union: a class ``<prefix><suffix>`` to be."""

    suffix: str
    node: dict[str, Any]
    nots: list[Mapping[str, Any]] = field(default_factory=list)
    origin: str = ""  # the union member it was made for, if any (its path)
    excludes: list[str] = field(default_factory=list)  # defs whose values it refuses


def _merge(a: _Alt, b: _Alt, suffix: str, path: str) -> _Alt:
    """Both fragments at once (what allOf means), as one class."""
    if any(x.node.get("additionalProperties", True) is not True for x in (a, b)):
        # it speaks of the properties beside it only, which merging changes
        raise ModelsError(f"{path}: additionalProperties other than true in an allOf or union")
    out = dict(a.node)
    for key, value in b.node.items():
        if key == "properties":
            props = dict(out.get("properties", {}))
            for name, prop in value.items():
                props[name] = (
                    _conjoin(props[name], prop, f"{path}/{name}") if name in props else prop
                )
            out[key] = props
        elif key == "required":
            out[key] = list(dict.fromkeys([*out.get(key, []), *value]))
        elif key == "allOf":
            out[key] = [*out.get(key, []), *value]
        elif key in _ANNOTATIONS or key.startswith("x-"):
            out[key] = value
        elif out.setdefault(key, value) != value:
            raise ModelsError(f"{path}: {key!r} differs between a union and its member")
    return _Alt(
        a.suffix + suffix + b.suffix,
        out,
        [*a.nots, *b.nots],
        b.origin or a.origin,
        [*a.excludes, *b.excludes],
    )


def _conjoin(a: Mapping[str, Any], b: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    """One property constrained by both a union and its member (``{type: string}`` and
    ``{const: x}``): the narrower schema where one is a member of the other's anyOf, else
    both keyword sets side by side, which is what allOf means when they don't overlap."""
    a, b = _unwrap(a), _unwrap(b)
    if a == b:
        return a
    plain_a, plain_b = _strip(a), _strip(b)
    for wide, narrow, node in ((plain_a, plain_b, b), (plain_b, plain_a, a)):
        if set(wide) != {"anyOf"}:
            continue
        if any(_strip(_unwrap(m)) == narrow for m in _flat(wide["anyOf"])):
            return node
    out = {**a, **b}
    for key in plain_a.keys() & plain_b.keys():
        if plain_a[key] == plain_b[key]:
            continue
        if key == "type" and (narrow := _narrower_type(a, b)) is not None:
            out["type"] = narrow  # [string, null] and string: string
            continue
        raise ModelsError(f"{path}: a property a union member constrains otherwise")
    return out


def _narrower_type(a: Mapping[str, Any], b: Mapping[str, Any]) -> Any:
    """The ``type`` of the two that admits no type the other does not, if there is one:
    both at once admit exactly its types."""
    types_a, types_b = set(type_list(a) or ()), set(type_list(b) or ())
    if types_b <= types_a and types_b:
        return b["type"]
    if types_a <= types_b and types_a:
        return a["type"]
    return None


@dataclass(frozen=True)
class Tolerance:
    """How upstream's deserializer reads a field it marks: ``default``
    (``x-deserialize-default-on-error``: a value that fails becomes the field's default, or
    omitted, or for a required array ``[]``) and ``items``
    (``x-deserialize-skip-invalid-items``: the items that fail are dropped) and ``null``
    (``x-deserialize-default-on-null``: ``null`` is read as the default, ``"empty"``
    ``[]`` for an array, as upstream's Rust and zod read it, else ``"omit"``)."""

    default: bool
    items: bool
    empty: bool = False  # a required array: it becomes [] instead
    null: Literal["empty", "omit"] | None = None


def _tolerance(prop: Mapping[str, Any], required: bool) -> Tolerance | None:
    default = prop.get("x-deserialize-default-on-error") is True
    items = prop.get("x-deserialize-skip-invalid-items") is True
    null: Literal["empty", "omit"] | None = None
    if prop.get("x-deserialize-default-on-null") is True:
        null = "empty" if type_list(prop) == ["array"] else "omit"
    if not default and not items and null is None:
        return None
    if default and required:
        if type_list(prop) != ["array"]:
            # a union member's tag, required there (IdleStateUpdate's stopReason): it picks
            # the member, and a malformed one picks another, so no default stands in for it
            return Tolerance(False, items, null=null) if items or null else None
        return Tolerance(default, items, empty=True, null=null)
    return Tolerance(default, items, null=null)


# A `not` as data: refused is a value that has all of the keys and, of each key listed
# with values, one of those values (or not that key at all: `properties` is silent then).
Shape = tuple[tuple[str, ...], dict[str, tuple[Any, ...]]]


@dataclass(frozen=True)
class Valid:
    """A `not` of a oneOf's other member: refused is a value the class of def ``name``
    accepts."""

    name: str


Refusal = Shape | Valid


def _not_shapes(node: Mapping[str, Any], path: str) -> list[Shape]:
    """``not`` as upstream and acp-spec write it: an open union's guard (``{properties:
    {type: {const: text}}, required: [type]}``, one per known tag, under anyOf) or keys that
    must be absent (``{required: [id]}``). Other shapes are refused."""
    branches = node["anyOf"] if _keys(node) == {"anyOf"} else [node]
    shapes: list[Shape] = []
    for branch in branches:
        shape = {k: v for k, v in _strip(branch).items() if (k, v) != ("type", "object")}
        if not shape or not set(shape) <= {"required", "properties"}:
            raise ModelsError(f"{path}: a `not` other than a tag guard or absent keys")
        values: dict[str, tuple[Any, ...]] = {}
        for key, prop in shape.get("properties", {}).items():
            test = {k: v for k, v in _strip(prop).items() if k != "type"}  # implied by const
            if set(test) not in ({"const"}, {"enum"}):
                raise ModelsError(f"{path}: a `not` that tests {key!r} otherwise than by value")
            values[key] = (test["const"],) if "const" in test else tuple(test["enum"])
        required = tuple(shape.get("required", []))
        last = shapes[-1] if shapes else None
        if last and last[0] == required and len(values) == 1 and last[1].keys() == values.keys():
            (key,) = values  # one tag, many values: one test
            shapes[-1] = (required, {key: (*last[1][key], *values[key])})
        else:
            shapes.append((required, values))
    return shapes


def _merge_consts(members: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Const members as one enum, for one ``Literal["a", "b"]`` instead of a union of them."""
    consts = [m for m in members if "const" in m and _keys(m) <= {"const", "type"}]
    if len(consts) < 2:
        return members
    out: list[dict[str, Any]] = []
    for m in members:
        if m not in consts:
            out.append(m)
        elif m is consts[0]:
            out.append({"enum": [c["const"] for c in consts]})
    return out


def _split_types(node: Mapping[str, Any]) -> Mapping[str, Any]:
    """``{type: [object, null], additionalProperties: X}`` as ``anyOf: [{type: object,
    additionalProperties: X}, {type: null}]``: the same values, in the shape whose typed
    map datamodel-code-generator keeps (of the first it makes ``dict[str, Any] | None``,
    which takes any values). Only there: a typed ``items`` survives a type list, and every
    other type list stays as datamodel-code-generator writes it."""
    types = type_list(node)
    if (
        types is None
        or len(types) < 2
        or not isinstance(node.get("additionalProperties"), Mapping)
        or any(k in node for k in ("anyOf", "oneOf", "allOf", "$ref", "properties", "not"))
    ):
        return node
    own = frozenset().union(*_OF_TYPE.values())
    members = [{"type": t, **{k: node[k] for k in _OF_TYPE.get(t, ()) if k in node}} for t in types]
    return {**{k: v for k, v in node.items() if k != "type" and k not in own}, "anyOf": members}


def _literal_values(node: Mapping[str, Any], path: str) -> None:
    """Refuses a ``const`` or ``enum`` the models can't hold to what JSON Schema accepts:
    of an object, array or non-integer number, ``Literal`` can't be made (datamodel-code-
    generator drops the value, and the check with it); pydantic's ``Literal`` takes
    ``true`` for 1 and ``false`` for 0, and the reverse, where JSON Schema tells them apart."""
    if "const" not in node and "enum" not in node:
        return  # the usual node
    values = [node["const"]] if "const" in node else list(node.get("enum", []))
    for value in values:
        if isinstance(value, dict | list | float):
            raise ModelsError(
                f"{path}: a const or enum value {value!r}: the models take strings, integers,"
                " booleans and null"
            )
    for flag, number in ((True, 1), (False, 0)):
        has_flag = any(v is flag for v in values)
        has_number = any(type(v) is int and v == number for v in values)
        if has_flag != has_number:
            raise ModelsError(
                f"{path}: a const or enum with {'true' if flag else 'false'} or {number} but not"
                " both: the models can't tell one from the other"
            )


def _member_name(prefix: str, member: Mapping[str, Any], path: str) -> str:
    """The class for a union member that needs one of its own: named for its title, else
    its one type (``HolderSizeString``)."""
    if isinstance(member.get("title"), str) and camel(member["title"]):
        return prefix + camel(member["title"])
    types = type_list(member)
    if types is not None and len(types) == 1:
        return prefix + camel(types[0])
    raise ModelsError(f"{path}: give this union member a title to name its class")


class Recorder(Protocol):
    """Where a def's lowering is recorded (``steps.Step``): what it reads of the state the
    lowerings before it left, and what it writes."""

    def read(self, kind: str, key: str, answer: Any) -> None: ...

    def wrote(self, table: str, key: str, op: tuple[Any, ...]) -> None: ...


class Lowering:
    """The defs of ``index.schema``, rewritten; ``run()`` fills ``defs`` and the rest."""

    def __init__(
        self,
        index: SchemaIndex,
        source: Mapping[str, Mapping[str, Any]] | None = None,
        *,
        nulls: Shapes | None = None,
    ) -> None:
        """``source``: another lowering's of the same index, which none changes. ``nulls``:
        the index to ask ``accepts_null`` of, one of the same defs (``steps`` records what
        it reads)."""
        self.index = index
        self._nulls = index.shapes if nulls is None else nulls
        self.source: Mapping[str, Mapping[str, Any]] = (
            source
            if source is not None
            else {name: without_boolean_schemas(node) for name, node in index.defs.items()}
        )
        self.defs: dict[str, dict[str, Any]] = {}
        # union def -> {member def: its part of the names of classes distributed over it}
        self.variants: dict[str, dict[str, str]] = {}
        # class -> what its `not`s refuse
        self.nots: dict[str, list[Refusal]] = {}
        # class -> wire names of its own fields that may be omitted but not be null
        self.omittable: dict[str, list[str]] = {}
        # class -> its own fields upstream reads leniently (x-deserialize-*), by wire name
        self.tolerant: dict[str, dict[str, Tolerance]] = {}
        self.aliases: dict[str, str] = {}
        # class -> where each class of that name was made for (more than one: a clash)
        self.claims: dict[str, list[str]] = {}
        # class -> the def it was made for (its own name, or the union or object that
        # needed it): what the routing unions' classes are told apart by
        self.owner: dict[str, str] = {}
        self._busy: list[str] = []  # the defs being lowered, the innermost last
        # where a def's lowering is being recorded (``steps``): everything it reads of the
        # state the lowerings before it left, and everything it writes, goes through the
        # methods below that tell it
        self.step: Recorder | None = None

    def run(self) -> None:
        for name in self.source:
            self.lower_def(name)
        self.refuse_clashes()

    def refuse_clashes(self) -> None:
        if clashes := self.clashes():
            raise ModelsError("; ".join(clashes))

    def routing_classes(self) -> frozenset[str]:
        """The classes made for the routing unions the document derives from the method
        list (``DERIVED_TYPE_NAMES``): each union's own and its members'. Refuses another
        def that refers to one, since ``routing`` writes them after all the others."""
        routed = frozenset(n for n in self.defs if self.owner[n] in DERIVED_TYPE_NAMES)
        for name, node in self.defs.items():
            if name not in routed and (found := refers_to(node) & routed):
                raise ModelsError(f"$defs/{name}: refers to the routing classes {sorted(found)}")
        return routed

    def clashes(self) -> list[str]:
        """Two classes with one name (a union member's, and a def's or another member's)."""
        return [
            f"{paths[1]}: its class would be {name}, as {paths[0]}'s is;"
            " rename the def, or give the union member another title or tag"
            for name, paths in self.claims.items()
            if len(paths) > 1
        ]

    def lower_def(self, name: str) -> None:
        if self._done(name):
            return
        if name not in self.source:
            raise ModelsError(f"a reference to {name!r}, which is not in $defs")
        if name in self._busy:
            raise ModelsError(f"$defs/{name}: inherits from itself through allOf")
        self._busy.append(name)
        node, path = _unwrap(self.source[name]), f"$defs/{name}"
        if self._is_object_union(node, path) or _objectish(node):
            lowered, members = self._classes(name, node, path, own=True)
            if members is not None:
                self._claim(name, path)
                self._keep("variants", name, members)
                self._put(name, lowered)
        else:
            self._claim(name, path)
            self._put(name, self._value(node, name, path))
        self._busy.pop()

    # ── what a def's lowering reads of the state before it, and writes ──

    def _done(self, name: str) -> bool:
        done = name in self.defs
        if self.step is not None:
            self.step.read("done", name, done)
        return done

    def _lowered(self, name: str) -> dict[str, Any]:
        if self.step is not None:
            self.step.read("defs", name, self.defs.get(name))
        return self.defs[name]

    def _variants(self, name: str) -> dict[str, str]:
        if self.step is not None:
            self.step.read("variants", name, self.variants.get(name))
        return self.variants.get(name, {})

    def _put(self, name: str, lowered: dict[str, Any]) -> None:
        owner = self._busy[-1]
        self.defs[name] = lowered
        self.owner[name] = owner
        if self.step is not None:
            self.step.wrote("defs", name, ("put", name, lowered, owner))

    def _keep(self, table: str, key: str, value: Any) -> None:
        """``variants``, ``nots``, ``omittable``, ``tolerant`` or ``aliases`` of ``key``."""
        getattr(self, table)[key] = value
        if self.step is not None:
            self.step.wrote(table, key, ("keep", table, key, value))

    def redo(self, ops: Iterable[tuple[Any, ...]]) -> None:
        """The writes of a recorded lowering of a def, made again in order: what it made,
        where it read the same (``steps``)."""
        for op in ops:
            if op[0] == "put":
                _, name, lowered, owner = op
                self.defs[name] = lowered
                self.owner[name] = owner
            elif op[0] == "keep":
                _, table, key, value = op
                getattr(self, table)[key] = value
            else:
                _, name, origin = op
                self._claim(name, origin)

    def _claim(self, name: str, origin: str) -> None:
        if self.step is not None:
            # made again by running it, since what it does depends on the claims before
            self.step.wrote("claims", name, ("claim", name, origin))
        paths = self.claims.setdefault(name, [])
        own = f"$defs/{name}"
        if origin != own and name in self.source and own not in paths:
            paths.append(own)  # the def of that name makes that class, lowered or not yet
        paths.append(origin)

    def _is_object_union(self, node: Mapping[str, Any], path: str) -> bool:
        union = _union_of(node, path)
        return union is not None and (_has_object_base(node) or any(_needs_class(m) for m in union))

    def _classes(
        self, prefix: str, node: Mapping[str, Any], path: str, *, own: bool = False
    ) -> tuple[dict[str, Any], dict[str, str] | None]:
        """Classes for an object, or for each alternative of an object union: the schema
        that refers to them and, for a union, each member's part of a distributed name."""
        alts = self._expand(node, path, prefix)
        if len(alts) == 1 and isinstance(alts[0], _Alt) and _union_of(node, path) is None:
            self._add_object(prefix, alts[0], path, path)
            return _described(node, _ref(prefix)), None
        members: list[dict[str, Any]] = []
        names: dict[str, str] = {}
        for alt in alts:
            if isinstance(alt, _Alt):
                where = f"{path} ({alt.suffix})"
                self._add_object(prefix + alt.suffix, alt, where, alt.origin or where)
                names[prefix + alt.suffix] = alt.suffix
                members.append(_ref(prefix + alt.suffix))
            else:
                members.append(alt)
                if "$ref" in alt:
                    target = _target(alt, path)
                    names[target] = target
        return _described(node, {"anyOf": _merge_consts(members)}), names

    def _expand(
        self, node: Mapping[str, Any], path: str, prefix: str
    ) -> list[_Alt | dict[str, Any]]:
        """The node as a union's members: alternatives that get classes, or plain values."""
        self._check(node, path)
        union = _union_of(node, path)
        drop = {*_COMBINE, "not", *(["description"] if union else [])}
        base = _Alt("", {k: v for k, v in node.items() if k not in drop})
        base.nots += [node["not"]] if "not" in node else []
        alts: list[_Alt | dict[str, Any]] = [base]
        if union is not None:
            keep_plain = not _has_object_base(node)
            alts = []
            exclusive = _exclusive(node)
            for i, member in enumerate(union):
                member_path = f"{path}/{'oneOf' if exclusive else 'anyOf'}/{i}"
                others = [
                    _target(_unwrap(m), member_path) for j, m in enumerate(union) if j != i
                ] if exclusive else []  # fmt: skip
                if keep_plain and not _needs_class(member):
                    part = None
                    if _CONSTRAINTS & _unwrap(member).keys():
                        part = _member_name(prefix, member, member_path)
                    alts.append(self._value(_unwrap(member), prefix, member_path, part=part))
                    continue
                suffix = self._suffix(member, prefix, member_path)
                for inner in self._expand(_unwrap(member), member_path, prefix + suffix):
                    if not isinstance(inner, _Alt):
                        raise ModelsError(f"{member_path}: a union member that is not an object")
                    inner.origin = inner.origin or member_path
                    inner.excludes += others
                    alts.append(_merge(base, inner, suffix, member_path))
        parts = [
            *node.get("allOf", []),
            *([_ref(_target(node, path))] if "$ref" in node else []),
        ]
        for part in parts:
            piece = _unwrap(part)
            if _keys(piece) == {"$ref"}:
                parents = self._parents(_target(piece, path), path)
                spread = [(s, {"allOf": [_ref(c)]}) for s, c in parents]
            else:
                spread = [("", dict(piece))]
            if not all(isinstance(a, _Alt) for a in alts):
                raise ModelsError(f"{path}: allOf beside a union of values that are not objects")
            alts = [
                _merge(a, _Alt("", f), s, path)
                for a in alts
                if isinstance(a, _Alt)
                for s, f in spread
            ]
        return alts

    def _suffix(self, member: Mapping[str, Any], prefix: str, path: str) -> str:
        """A union member's part of its class name: its tag, else its title, else its ref.

        Upstream often names a member's body ``<Union><Tag>`` (``AuthMethodTerminal``); the
        tagged member is then ``<Union><TagKey><Tag>`` (``AuthMethodTypeTerminal``). A tag
        counts only where the member requires it: a member is named for what it always has.
        """
        props = member.get("properties", {})
        for key in member.get("required", []):
            const = props.get(key, {}).get("const")
            if isinstance(const, str) and camel(const):
                taken = prefix + camel(const) in self.source
                return camel(key) + camel(const) if taken else camel(const)
        if isinstance(member.get("title"), str) and camel(member["title"]):
            return camel(member["title"])
        inner = _unwrap(member)
        if _keys(inner) == {"$ref"}:
            return _target(inner, path)
        raise ModelsError(f"{path}: give this union member a title or a const tag to name it")

    def _parents(self, target: str, path: str) -> list[tuple[str, str]]:
        """The classes to inherit from for ``allOf: [{$ref: target}]``: the def itself, or
        one per member when it is a union (a class can't inherit from a union)."""
        self.lower_def(target)
        lowered = self._lowered(target)
        if lowered.get("type") == "object":
            return [("", target)]
        if _keys(lowered) == {"$ref"}:
            return self._parents(_target(lowered, path), path)
        out: list[tuple[str, str]] = []
        for member in lowered.get("anyOf", [{}]):
            if "$ref" not in member:
                raise ModelsError(f"{path}: allOf with {target}, which is not an object")
            ref = _target(member, path)
            part = self._variants(target).get(ref, ref)
            out += [(part + s, c) for s, c in self._parents(ref, path)]
        return out

    def _add_object(self, name: str, alt: _Alt, path: str, origin: str) -> None:
        self._claim(name, origin)
        node = alt.node
        self._check(node, path)
        if node.get("unevaluatedProperties", True) is not True:
            raise ModelsError(f"{path}: unevaluatedProperties other than true")
        if type_list(node) not in (None, ["object"]):
            raise ModelsError(f"{path}: a class for values of type {type_list(node)}")
        props: Mapping[str, Any] = node.get("properties", {})
        properties: dict[str, Any] = {}
        for wire, prop in props.items():
            properties[wire] = self._value(_unwrap(prop), name + camel(wire), f"{path}/{wire}")
            self._keep("aliases", wire, python_name(wire))
        by_python: dict[str, list[str]] = {}
        for wire in props:
            by_python.setdefault(python_name(wire), []).append(wire)
        if shared := [wires for wires in by_python.values() if len(wires) > 1]:
            names = " and ".join(", ".join(repr(w) for w in wires) for wires in shared)
            raise ModelsError(f"{path}: properties {names} have one Python name; rename one")
        required = list(node.get("required", []))
        if missing := [r for r in required if r not in props]:
            raise ModelsError(f"{path}: required {missing} are not among its own properties")
        out: dict[str, Any] = _described(node, {"type": "object"})
        out |= {"properties": properties} if properties else {}
        out |= {"required": required} if required else {}
        extra = node.get("additionalProperties", True)
        if extra is False:
            out["additionalProperties"] = False
        elif extra is not True:
            if props:
                raise ModelsError(f"{path}: typed additionalProperties beside properties")
            value = name + "Value"
            out["additionalProperties"] = self._value(extra, value, path, part=value)
        if parents := node.get("allOf"):
            if not all(_keys(p) == {"$ref"} for p in parents):
                raise ModelsError(f"{path}: an allOf member that is not a reference")
            out["allOf"] = [_ref(_target(p, path)) for p in parents]
        self._put(name, out)
        nonnull = [w for w in props if w not in required and not self._nulls.accepts_null(props[w])]
        if nonnull:
            self._keep("omittable", name, nonnull)
        marked = {w: t for w, p in props.items() if (t := _tolerance(p, w in required))}
        if marked:
            self._keep("tolerant", name, marked)
        refusals: list[Refusal] = [shape for n in alt.nots for shape in _not_shapes(n, path)]
        refusals += [Valid(other) for other in alt.excludes]
        if refusals:
            self._keep("nots", name, refusals)

    def _value(
        self, node: Mapping[str, Any], prefix: str, path: str, *, part: str | None = None
    ) -> dict[str, Any]:
        """A schema that is no class of its own (an inline object in it gets one).

        ``part``: the node is a part of a type (an item, a map's value, a union's member);
        a constrained value there becomes a def of that name. datamodel-code-generator
        makes a class of it otherwise, named for the field, which may be taken."""
        self._check(node, path)
        _literal_values(node, path)
        node = _split_types(node)
        if part is not None and _CONSTRAINTS & node.keys() and not self._is_class(node, path):
            self._claim(part, path)
            self._put(part, self._value(node, part, path))
            return _ref(part)
        if "$ref" in node and not _objectish(node):
            return self._reference(node, path)
        if self._is_class(node, path):
            return self._classes(prefix, node, path)[0]
        out = {k: v for k, v in node.items() if k in _VALUE or k in ("description", "default")}
        types = type_list(node)
        if types is not None and "number" in types and "integer" not in types:
            # a float turns 1 into 1.0; int | float gives back what was sent
            out["type"] = [*("integer" if t == "number" else t for t in types), "number"]
        if "items" in node:
            item, name = _unwrap(node["items"]), prefix + "Item"
            out["items"] = self._value(item, name, f"{path}/items", part=name)
        if (union := _union_of(node, path)) is not None:
            members: list[dict[str, Any]] = []
            for i, m in enumerate(union):
                member, where = _unwrap(m), f"{path}/anyOf/{i}"
                part = _member_name(prefix, m, where) if _CONSTRAINTS & member.keys() else None
                members.append(self._value(member, prefix, where, part=part))
            out["anyOf"] = _merge_consts(members)
        if isinstance(extra := node.get("additionalProperties"), Mapping):
            name = prefix + "Value"
            out["additionalProperties"] = self._value(extra, name, path, part=name)
        return out

    def _is_class(self, node: Mapping[str, Any], path: str) -> bool:
        return self._is_object_union(node, path) or _objectish(node)

    def _reference(self, node: Mapping[str, Any], path: str) -> dict[str, Any]:
        target = _target(node, path)
        if target not in self.source:
            raise ModelsError(f"{path}: a reference to {target!r}, which is not in $defs")
        beside = _keys(node) - {"$ref"}
        if beside == {"type"}:
            # {$ref, type: [..., null]} is a conjunction: null only if the def takes it too.
            # datamodel-code-generator reads it as a union, so drop the sibling where it
            # adds nothing, and refuse it where it would narrow the reference.
            target_types = type_list(self.source[target])
            if target_types is None or not set(target_types) <= set(type_list(node) or []):
                raise ModelsError(f"{path}: a `type` beside $ref that narrows it")
        elif beside:
            raise ModelsError(f"{path}: {sorted(beside)} beside $ref")
        return _described(node, _ref(target))

    def _check(self, node: Mapping[str, Any], path: str) -> None:
        unknown = [k for k in node if k not in _KNOWN and not k.startswith("x-")]
        if unknown:
            raise ModelsError(f"{path}: the models emitter does not support {sorted(unknown)}")
