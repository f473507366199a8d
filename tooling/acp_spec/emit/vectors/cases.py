"""The vector records (Case, Group), the files they go in, and the message helpers every
kind of case is built with."""

from __future__ import annotations

import copy
import importlib.util
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...constants import GENERATED_NOTE, VECTORS_SCHEMA_NAME
from ...constants import VECTORS_DIR as VECTORS_DIR
from ...model import Kind, Method, Spec
from ..schema import dump_json

SCHEMA_NAME = VECTORS_SCHEMA_NAME

# Read once at import, so that the emitter itself stays a pure function of the Spec.
VECTORS_SCHEMA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / SCHEMA_NAME).read_text(encoding="utf-8")
)

Json = Any
PathKey = tuple[str | int, ...]

# The names of the error codes the vectors expect; Codes.of reads them from the spec.
ERROR_NAMES = ("parse_error", "invalid_request", "method_not_found", "invalid_params")


@dataclass(frozen=True)
class Case:
    id: str
    description: str
    message: str
    error: int | None = None
    divergence: str | None = None
    # where a tolerant receiver (upstream's lenient deserializer) accepts what `expect`
    # rejects: the repairs it makes, as (wire path, action)
    tolerant: tuple[tuple[str, str], ...] | None = None
    # on a valid case, what a receiver must have read, as (wire path, JSON value): accepting
    # a message is not reading it (a receiver that drops an unknown key accepts every key)
    reads: tuple[tuple[str, Json], ...] | None = None
    # what a tolerant receiver must have read where its repair leaves a value (a null or a
    # malformed required list read as []): "default" alone doesn't say which default
    tolerant_reads: tuple[tuple[str, Json], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "description": self.description}
        out["message"] = self.message
        out["expect"] = {"valid": True} if self.error is None else {"error": self.error}
        if self.reads is not None:
            out["reads"] = [{"path": path, "value": value} for path, value in self.reads]
        if self.tolerant is not None:
            repairs = [{"path": path, "action": action} for path, action in self.tolerant]
            out["tolerant"] = {"valid": True, "repairs": repairs}
            if self.tolerant_reads is not None:
                out["tolerant"]["reads"] = [
                    {"path": path, "value": value} for path, value in self.tolerant_reads
                ]
        if self.divergence:
            out["divergence"] = self.divergence
        return out


@dataclass(frozen=True)
class Group:
    description: str
    cases: Sequence[Case]
    method: str | None = None
    kind: str | None = None
    def_name: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"description": self.description}
        if self.method is not None:
            out.update(method=self.method, kind=self.kind, **{"def": self.def_name})
        out["cases"] = [c.to_json() for c in sorted(self.cases, key=lambda c: c.id)]
        return out


@dataclass(frozen=True)
class Codes:
    parse: int
    request: int
    method: int
    params: int

    @classmethod
    def of(cls, spec: Spec) -> Codes:
        missing = [name for name in ERROR_NAMES if name not in spec.errors]
        if missing:
            # a rule must catch this first: every vector's expectation names one of these
            raise ValueError(f"the vectors need the error codes {', '.join(missing)}")
        parse, request, method, params = (spec.errors[name].code for name in ERROR_NAMES)
        return cls(parse, request, method, params)


# ── Files ──


def method_path(slug: str) -> str:
    return f"{VECTORS_DIR}/methods/{slug}.json"


def file_slug(method: str) -> str:
    """A method's file-safe name: `session/prompt` -> `session-prompt`, `$/x` -> `dollar-x`.

    Deterministic; the emitter refuses two names that land on the same file, even
    case-insensitively.
    """
    return method.replace("$", "dollar").replace("/", "-")


def vector_file(head: dict[str, Any], groups: Sequence[Group]) -> bytes:
    body = {"$comment": GENERATED_NOTE, **head, "groups": [g.to_json() for g in groups]}
    return dump_json(body)


# ── Messages ──

# Stands for a value that is written as raw JSON text (see ``splice``).
PLACEHOLDER = "\x00value"


def text(value: Json) -> str:
    """A message as compact JSON text (UTF-8 characters kept as they are)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def splice(value: Json, json_text: str) -> str:
    """``value`` as JSON text, its one PLACEHOLDER replaced by ``json_text`` verbatim: how a
    case carries what no Python value serializes to (escapes, duplicate names, NaN)."""
    return text(value).replace(text(PLACEHOLDER), json_text, 1)


def message(kind: Kind, method: str, params: Json, id_: Json = 1) -> dict[str, Any]:
    out: dict[str, Any] = {"jsonrpc": "2.0"}
    if kind == "request":
        out["id"] = id_
    return {**out, "method": method, "params": params}


def first_params(method: Method, kind: Kind) -> Any:
    """A copy of the params of the method's first ``kind`` example."""
    for example in method.examples:
        if example.kind == kind:
            return copy.deepcopy(example.params)
    # a rule must catch this first: keyed and envelope cases are built on this example
    raise ValueError(f"the vectors need a {kind} example of {method.name}")


class Delete:
    """The value that removes a member (see ``apply``)."""


DELETE = Delete()


def apply(base: Json, path: PathKey, value: Json) -> Json:
    """A copy of ``base`` with the member at ``path`` set to ``value`` (DELETE removes it).

    Setting a member creates the objects missing on the way (or null there), so a key can
    be put at a nested path the example leaves out; removing one that is not there changes
    nothing. A new member goes last, an existing one keeps its place: the vectors' bytes
    depend on it.

    Only the objects on the way to the member are copied; the rest is shared with ``base``,
    and nothing changes a case's params once made (they are written out as text). The
    spec's values are trees (the loader refuses aliases), so that is the value a deep copy
    has, at a fraction of the cost: a spec's walk makes thousands.
    """
    out = copied(base)
    target = out
    for step in path[:-1]:
        if isinstance(target, dict) and not isinstance(target.get(step), dict | list):
            if isinstance(value, Delete):
                return out
            target[step] = {}
        elif isinstance(target, dict | list):
            own_member(target, step)
        target = target[step]
    last = path[-1]
    if not isinstance(value, Delete):
        target[last] = value
    elif isinstance(target, dict):
        target.pop(last, None)
    else:
        del target[last]
    return out


def copied(value: Json) -> Json:
    """A container's copy, one level deep."""
    if isinstance(value, dict):
        return dict(value)
    return list(value) if isinstance(value, list) else value


def own_member(holder: Any, step: str | int) -> Json:
    """The member ``step`` of a copied object or list, replaced by its own copy."""
    member = holder[step] = copied(holder[step])
    return member


def _runtime_module(name: str) -> ModuleType:
    """The models runtime's module ``name`` (of ``acp_models.v2``), run from its source file:
    importing it by its package would run the models emitter's package and the runtime's
    ``v2`` package, whose slots are empty in the source. Only a module that imports the
    standard library alone can be so loaded."""
    path = Path(__file__).resolve().parents[1] / "models" / "runtime" / "v2" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"acp_spec.runtime_source.{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The wire path of a member, ``wire_path("params", path)``: ``params.prompt[0]``,
# ``params._meta["a.b"]``. decode's own formatter, so that a vector names a member as
# decode's errors and repairs do.
if TYPE_CHECKING:
    from ..models.runtime.v2._wire_path import wire_path as wire_path
else:
    wire_path = _runtime_module("_wire_path").wire_path


# ── Ids ──


def words_slug(words: str) -> str:
    """An example's title as an id part: `A prompt, keyed` -> `a-prompt-keyed`."""
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")


def id_part(label: str) -> str:
    """A field label or value as an id part: JSON path punctuation kept, the rest `_`."""
    return re.sub(r"[^A-Za-z0-9_{}\[\].-]", "_", label)
