"""Facts derived from the Spec, computed once per run.

Rules and emitters ask this index; none of them derives these facts again. Every answer
is JSON Schema's (the expanded ``$defs``, as ``generated/schema.unstable.json`` holds them), so the
checker, the schema, the models, the vectors and the docs cannot disagree about, say,
whether a field takes ``null``. The index tolerates a broken spec (a dangling reference
answers "nothing there"): the rules run on it to report what is broken.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from ..constants import KEY_TYPE
from ..content import digest, digest_of, pickled
from ..defs import DEFS_PREFIX, OTHER_TITLE, referenced_names
from ..document import build_schema
from ..model import DERIVED_TYPE_NAMES, Direction, Method, Spec, Upstream
from ..verdicts import Verdicts
from ..yamlsource import SourceMap

# Keys that describe a schema without constraining its values.
ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$comment",
})  # fmt: skip


T = TypeVar("T")

# a def name that ``#/$defs/NAME`` points at as it stands: no JSON pointer escape (``~``,
# ``/``) and no percent-encoding for a resolver to read otherwise
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_]+")
# keys that make a resource of their own or resolve by scope: with one anywhere in what a
# def reaches, a reference may mean what no ``#/$defs/NAME`` says (found in the pickles,
# which hold every key as its bytes; a longer key that holds one is merely a false alarm)
_SCOPED_KEYS = re.compile(rb"\$(?:id|anchor|dynamic|schema|vocabulary)")


def ref_name(ref: Any) -> str | None:
    """The def a ``$ref`` string points at (``#/$defs/X`` -> ``X``); None for any other."""
    if isinstance(ref, str) and ref.startswith(DEFS_PREFIX):
        return ref[len(DEFS_PREFIX) :]
    return None


def constraints(node: Mapping[str, Any]) -> dict[str, Any]:
    """The node without annotations and extension keys: what constrains values."""
    return {k: v for k, v in node.items() if k not in ANNOTATIONS and not k.startswith("x-")}


def stands_for(node: Any) -> str | None:
    """The def a fragment stands for: ``{$ref: X}`` or ``{allOf: [{$ref: X}]}``, with only
    annotations beside it (upstream's way to describe a reference)."""
    if not isinstance(node, Mapping) or ("$ref" not in node and "allOf" not in node):
        return None  # the usual answer, found without copying the node
    rest = constraints(node)
    if set(rest) == {"$ref"}:
        return ref_name(rest["$ref"])
    if set(rest) == {"allOf"} and isinstance(rest["allOf"], list) and len(rest["allOf"]) == 1:
        return stands_for(rest["allOf"][0])
    return None


def is_null(node: Any) -> bool:
    """``{type: null}``: the null alternative of a union."""
    return (
        isinstance(node, Mapping)
        and node.get("type") == "null"
        and constraints(node) == {"type": "null"}
    )


def type_list(node: Mapping[str, Any]) -> list[str] | None:
    kind = node.get("type")
    if kind is None:
        return None
    return [kind] if isinstance(kind, str) else [str(k) for k in kind]


@dataclass(frozen=True)
class Variant:
    """One member of a tagged union."""

    tag: Any  # the tag's const; None for the open union's catch-all
    schema: Mapping[str, Any]  # as written in the union
    ref: str | None  # the def the member stands for, if it is only a reference


@dataclass(frozen=True)
class TaggedUnion:
    """A union whose members are told apart by one property's const."""

    field: str  # the tag property (``type``, ``sessionUpdate``)
    variants: tuple[Variant, ...]  # the tagged members, in order
    other: Variant | None  # the open union's catch-all (title ``other``), if any
    nullable: bool  # a ``{type: null}`` member is there too

    @property
    def tags(self) -> tuple[Any, ...]:
        return tuple(v.tag for v in self.variants)

    @property
    def open(self) -> bool:
        return self.other is not None


class Index:
    """Derived facts of one Spec; build it once (``Index(spec)``) and pass it along."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        # generated/schema.unstable.json (every method) as a value; emitters read it and
        # never change it
        self.schema: dict[str, Any] = build_schema(spec)
        self.defs: dict[str, dict[str, Any]] = self.schema["$defs"]

    @cached_property
    def stable_schema(self) -> dict[str, Any]:
        """generated/schema.json: the stable methods and what they reach, as upstream's
        schema.json holds them."""
        return build_schema(self.spec, "stable")

    @cached_property
    def verdicts(self) -> Verdicts:
        """Quick is-valid verdicts against fragments of ``schema``, shared by the emitters
        that ask them (each fragment is compiled once per run)."""
        return Verdicts(self.schema)

    @classmethod
    def of_schema(cls, schema: dict[str, Any]) -> Index:
        """An index of a JSON Schema document alone (``$defs`` as ``generated/schema.unstable.json``
        holds them), with no spec behind it: the facts of values (references, nullability,
        properties, unions, key paths, reachability) answer from the schema, those of the
        spec's methods and types find nothing. For a step whose cache key covers the schema,
        not the spec, and for a schema that no spec made (upstream's, to compare with)."""
        index = cls.__new__(cls)
        index.spec = Spec(
            version=0, title="", upstream=Upstream("", ""), retry_classes={}, errors={},
            methods={}, types={}, where=SourceMap(""),
        )  # fmt: skip
        index.schema = schema
        index.defs = schema["$defs"]
        return index

    def once(self, fact: Callable[[Spec], T]) -> T:
        """``fact(spec)``, computed once for this index: what several rules ask of the spec
        (its nodes, its broken references). A Spec never changes, so neither does the answer;
        the answer is shared, so callers only read it."""
        facts = self._facts
        if fact not in facts:
            facts[fact] = fact(self.spec)
        found: T = facts[fact]
        return found

    @cached_property
    def _facts(self) -> dict[Callable[[Spec], Any], Any]:
        return {}

    # ── references ──

    def resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        """Follow ``$ref`` to the def it names (a dangling one resolves to ``{}``)."""
        seen: set[str] = set()
        while "$ref" in node:
            name = ref_name(node["$ref"])
            if name is None or name in seen or name not in self.defs:
                return {}
            seen.add(name)
            node = self.defs[name]
        return node

    @cached_property
    def _references(self) -> dict[str, tuple[str, ...]]:
        """Def -> the defs its schema names directly, as written in the spec; for an index of
        a schema alone, as its ``$defs`` name them (``#/$defs/X``)."""
        if not self.spec.types:
            size = len(DEFS_PREFIX)  # ref_name's answer, without a call per reference
            return {
                name: tuple(r[size:] for r in refs if r.startswith(DEFS_PREFIX))
                for name, refs in self._schema_refs.items()
            }
        return {name: tuple(referenced_names(t.schema)) for name, t in self.spec.types.items()}

    @cached_property
    def _schema_refs(self) -> dict[str, list[str]]:
        """Def -> every ``$ref`` string of its entry in ``defs``, as written there."""
        return {name: referenced_names(d) for name, d in self.defs.items()}

    @cached_property
    def schema_index(self) -> Index:
        """The index of ``schema`` alone (``of_schema``): its references are those of the
        expanded ``$defs``, derived unions included. Made once for the rules' reach digests
        and the diff's view of the spec, which both ask it."""
        return Index.of_schema(self.schema)

    # ── digests, for the memos that outlive a load ──

    @cached_property
    def _def_digests(self) -> tuple[dict[str, str], frozenset[str]]:
        """Each def's content digest, and the defs holding a key of ``_SCOPED_KEYS``."""
        digests: dict[str, str] = {}
        scoped: set[str] = set()
        for name, definition in self.defs.items():
            data = pickled(definition)
            digests[name] = digest_of(data)
            if _SCOPED_KEYS.search(data):
                scoped.add(name)
        return digests, frozenset(scoped)

    @property
    def def_digests(self) -> Mapping[str, str]:
        """Def -> ``content.digest`` of it, in the order of ``defs``; callers only read it."""
        return self._def_digests[0]

    @cached_property
    def schema_digest(self) -> str:
        """A digest of the whole ``schema`` document (equal exactly when the documents are)."""
        digests = self._def_digests[0]
        rest = {key: value for key, value in self.schema.items() if key != "$defs"}
        return digest((rest, list(digests.items())))

    def reach_digest(self, name: str) -> str:
        """A digest of all that validating a value against def ``name`` (or walking it, as
        the rules do through ``resolve``, ``members`` and ``tag_of``) can read of ``defs``:
        the name and the content of every def its ``$ref``s reach, when each of them is a
        plain ``#/$defs/NAME`` of an existing def and none of those defs holds a key that
        scopes references (``$id``, ...); otherwise, the whole of ``defs``. Two indexes whose
        reach digests of a name agree answer alike about values of it: what a memo of such
        answers is keyed by (with the value), so that a spec that changes one def keeps the
        answers about the defs that do not reach it."""
        known = self._reach_digests
        if name not in known:
            known[name] = self._reach_digest(name)
        return known[name]

    def _reach_digest(self, name: str) -> str:
        digests, scoped = self._def_digests
        seen: set[str] = set()
        todo = [name]
        while todo:
            current = todo.pop()
            if current in seen:
                continue
            if current not in digests or current in scoped:
                return "defs:" + self.schema_digest
            seen.add(current)
            for target in self._reached_names(current):
                if not _PLAIN_NAME.fullmatch(target):
                    return "defs:" + self.schema_digest
                todo.append(target)
        # each name by its length (names are any text), each digest of a fixed length
        whole = hashlib.sha256()
        for found in sorted(seen):
            whole.update(f"{len(found)}:{found}{digests[found]}".encode())
        return "reach:" + whole.hexdigest()

    def _reached_names(self, name: str) -> tuple[str, ...]:
        """What each ``$ref`` string of def ``name`` in ``defs`` names, past ``#/$defs/``
        (``""`` for a reference of another form), or more. A spec's type expands to a def
        whose every reference is a ``$ref: X`` of the type as written, made ``#/$defs/X``
        (the keys expansion drops and the keys it adds hold none), so the names the type's
        schema refers to, as the spec's index holds them, are used: a reference too many
        only makes a digest cover more. A derived def's own are read off it."""
        if name in self.spec.types and name not in DERIVED_TYPE_NAMES:
            return self._references.get(name, ())
        known = self._derived_refs
        if name not in known:
            known[name] = tuple(
                ref[len(DEFS_PREFIX) :] if ref.startswith(DEFS_PREFIX) else ""
                for ref in referenced_names(self.defs[name])
            )
        return known[name]

    @cached_property
    def _derived_refs(self) -> dict[str, tuple[str, ...]]:
        return {}

    @cached_property
    def _reach_digests(self) -> dict[str, str]:
        return {}

    def references(self, name: str) -> tuple[str, ...]:
        """The names def ``name``'s schema refers to directly, in order of appearance, as
        written in the spec (``referenced_names``' answer); for an index of a schema alone,
        the defs its ``$defs`` entry names. ``()`` for a name that is no def."""
        return self._references.get(name, ())

    def reachable(self, name: str) -> frozenset[str]:
        """Every def reachable from ``name`` through references, ``name`` included."""
        known = self._reachable
        if name not in known:
            # found when asked: the rules and the diff ask it of the methods' roots, a
            # fraction of the defs
            references = self._references
            seen: set[str] = set()
            todo = [name]
            while todo:
                current = todo.pop()
                if current in seen or current not in references:
                    continue
                seen.add(current)
                todo.extend(references[current])
            known[name] = frozenset(seen)
        return known[name]

    @cached_property
    def _reachable(self) -> dict[str, frozenset[str]]:
        return {}

    @cached_property
    def _used_by(self) -> dict[str, tuple[str, ...]]:
        users: dict[str, list[str]] = {}
        for method in self.spec.methods.values():
            names: set[str] = set()
            for call in method.calls:
                for root in filter(None, (call.params, call.result)):
                    names |= self.reachable(root)
            for name in names:
                users.setdefault(name, []).append(method.name)
        return {name: tuple(found) for name, found in users.items()}

    def used_by(self, name: str) -> tuple[str, ...]:
        """The methods whose params or result reach def ``name``, in spec order."""
        return self._used_by.get(name, ())

    # ── values ──

    def accepts_null(self, node: Any, _seen: frozenset[str] = frozenset()) -> bool:
        """Whether the schema takes ``null``: JSON Schema's answer, keyword by keyword."""
        if isinstance(node, bool):
            return node
        if not isinstance(node, Mapping):
            return False
        ok = True
        if "$ref" in node:
            target = ref_name(node["$ref"])
            if target is None or target not in self.defs:
                return False
            ok = target in _seen or self.accepts_null(self.defs[target], _seen | {target})
        if (types := type_list(node)) is not None:
            ok = ok and "null" in types
        if "const" in node:
            ok = ok and node["const"] is None
        if "enum" in node:
            ok = ok and None in node["enum"]
        if "anyOf" in node:
            ok = ok and any(self.accepts_null(m, _seen) for m in node["anyOf"])
        if "oneOf" in node:
            ok = ok and sum(self.accepts_null(m, _seen) for m in node["oneOf"]) == 1
        if "allOf" in node:
            ok = ok and all(self.accepts_null(m, _seen) for m in node["allOf"])
        if "not" in node:
            ok = ok and not self.accepts_null(node["not"], _seen)
        return ok

    def properties(self, node: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        """The properties an object schema declares, its ``allOf`` parts' included."""
        out: dict[str, Mapping[str, Any]] = {}
        for part in self._parts(node):
            out.update(part.get("properties", {}))
        return out

    def required(self, node: Mapping[str, Any]) -> frozenset[str]:
        return frozenset(name for part in self._parts(node) for name in part.get("required", []))

    def _parts(self, node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The node (resolved) and its ``allOf`` parts, deepest first, each once: a part
        that refers back to its own def (a cycle the rules report) ends the walk."""
        found: list[Mapping[str, Any]] = []
        self._gather_parts(node, found, set())
        return found

    def _gather_parts(
        self, current: Mapping[str, Any], found: list[Mapping[str, Any]], seen: set[int]
    ) -> None:
        # a method, not a closure that calls itself: that is a reference cycle at every
        # call, left for the garbage collector (and _parts is asked thousands of times)
        current = self.resolve(current)
        if id(current) in seen:
            return
        seen.add(id(current))
        for part in current.get("allOf", []):
            if isinstance(part, Mapping):
                self._gather_parts(part, found, seen)
        found.append(current)

    # ── unions ──

    def members(self, node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The alternatives of a union (``anyOf``/``oneOf``), a nested union with nothing
        beside it flattened into its parent; ``[]`` for a node that is no union."""
        found: list[Mapping[str, Any]] = []
        for key in ("anyOf", "oneOf"):
            for member in node.get(key, []):
                if not isinstance(member, Mapping):
                    continue
                # a union alone (the usual member has neither keyword: no copy made)
                nested = ("anyOf" in member or "oneOf" in member) and set(constraints(member)) in (
                    {"anyOf"},
                    {"oneOf"},
                )
                found += self.members(member) if nested else [member]
        return found

    def tag_of(self, variant: Mapping[str, Any]) -> tuple[str, Any] | None:
        """The (property, const) pair that tags a union member, looked up through the
        member's own properties first, then the defs it refers to."""
        for part in reversed(self._parts(variant)):
            for name, prop in part.get("properties", {}).items():
                if isinstance(prop, Mapping) and "const" in prop:
                    return name, prop["const"]
        return None

    def tagged_union(self, node: Mapping[str, Any]) -> TaggedUnion | None:
        """The union ``node`` is (following a reference), if one property tags its members."""
        node = self.resolve(node)
        members = self.members(node)
        solid = [m for m in members if not is_null(m)]
        if not solid:
            return None
        field: str | None = None
        variants: list[Variant] = []
        other: Variant | None = None
        for member in solid:
            tag = self.tag_of(member)
            if tag is None:
                if other is not None or not _is_catch_all(member):
                    return None
                other = Variant(None, member, stands_for(member))
                continue
            if field is not None and tag[0] != field:
                return None
            field = tag[0]
            variants.append(Variant(tag[1], member, stands_for(member)))
        if field is None:
            return None
        return TaggedUnion(field, tuple(variants), other, len(solid) < len(members))

    # ── methods ──

    def retry_class(self, method: Method, direction: Direction | None = None) -> str:
        """The method's retry class (in ``direction``; by default the first it is sent in)."""
        wanted = direction or method.directions[0]
        return next((r.retry_class for r in method.retry if r.direction == wanted), "")

    def key_path(self, params: str) -> tuple[str, ...] | None:
        """The property path from a params def to its IdempotencyKey field, if the key is a
        field (directly, or of a nested object field); None when it is not."""
        known = self._key_paths
        if params not in known:
            # found when asked: a few params defs are, of hundreds of defs
            known[params] = (
                self._find_key({"$ref": DEFS_PREFIX + params}, (), frozenset())
                if params in self.defs
                else None
            )
        return known[params]

    @cached_property
    def _key_paths(self) -> dict[str, tuple[str, ...] | None]:
        return {}

    def _find_key(
        self, node: Mapping[str, Any], path: tuple[str, ...], seen: frozenset[str]
    ) -> tuple[str, ...] | None:
        for prop, schema in self.properties(node).items():
            target = self.field_type(schema)
            if target == KEY_TYPE:
                return (*path, prop)
            if target is not None and target not in seen and target in self.defs:
                found = self._find_key(self.defs[target], (*path, prop), seen | {target})
                if found is not None:
                    return found
        return None

    def field_type(self, schema: Mapping[str, Any]) -> str | None:
        """The def a field holds: a reference, alone or beside a ``null`` alternative
        (``anyOf: [X, null]``) or a ``type`` list that admits null."""
        if (name := stands_for(schema)) is not None:
            return name
        solid = [m for m in self.members(schema) if not is_null(m)]
        if len(solid) == 1 and len(constraints(schema)) == 1:
            return stands_for(solid[0])
        rest = constraints(schema)
        if "allOf" in rest and set(rest) <= {"allOf", "type"}:
            parts = rest["allOf"]
            if isinstance(parts, list) and len(parts) == 1:
                return stands_for(parts[0])
        return None

    def key_property(self, method: Method) -> tuple[str, ...] | None:
        """The path of a keyed request's IdempotencyKey in its params, if it has one."""
        request = method.request
        return None if request is None else self.key_path(request.params)

    def reaches_key(self, params: str) -> bool:
        return KEY_TYPE in self.reachable(params)


def _is_catch_all(member: Mapping[str, Any]) -> bool:
    return member.get("title") == OTHER_TITLE
