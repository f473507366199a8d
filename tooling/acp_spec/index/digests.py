"""Digests of a schema document and of what each def reaches: the keys of the memos that
outlive a load (a spec that changes one def keeps the answers about the defs that do not
reach it)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ..content import digest, digest_of, pickled
from ..defs import DEFS_PREFIX, referenced_names
from ..model import DERIVED_TYPE_NAMES
from .refs import References

# a def name that ``#/$defs/NAME`` points at as it stands: no JSON pointer escape (``~``,
# ``/``) and no percent-encoding for a resolver to read otherwise
_PLAIN_NAME = re.compile(r"[A-Za-z0-9_]+")
# keys that make a resource of their own or resolve by scope: with one anywhere in what a
# def reaches, a reference may mean what no ``#/$defs/NAME`` says (found in the pickles,
# which hold every key as its bytes; a longer key that holds one is merely a false alarm)
_SCOPED_KEYS = re.compile(rb"\$(?:id|anchor|dynamic|schema|vocabulary)")


class Digests:
    """The digests of ``schema`` (a JSON Schema document with ``$defs``), each made when
    first asked and then only read. ``written``: the references of the spec's types the
    document expands, where there is a spec (its own types' reach is read off those, which
    are found for the rules anyway)."""

    def __init__(self, schema: Mapping[str, Any], written: References | None = None) -> None:
        self._schema = schema
        self._defs: Mapping[str, Any] = schema["$defs"]
        self._written = written
        self._reach: dict[str, str] = {}
        self._derived_refs: dict[str, tuple[str, ...]] = {}

    @cached_property
    def _def_digests(self) -> tuple[dict[str, str], frozenset[str]]:
        """Each def's content digest, and the defs holding a key of ``_SCOPED_KEYS``."""
        digests: dict[str, str] = {}
        scoped: set[str] = set()
        for name, definition in self._defs.items():
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
        """A digest of the whole document (equal exactly when the documents are)."""
        digests = self._def_digests[0]
        rest = {key: value for key, value in self._schema.items() if key != "$defs"}
        return digest((rest, list(digests.items())))

    def reach_digest(self, name: str) -> str:
        """A digest of all that validating a value against def ``name`` (or walking it, as
        the rules do through ``Shapes``) can read of ``defs``: the name and the content of
        every def its ``$ref``s reach, when each of them is a plain ``#/$defs/NAME`` of an
        existing def and none of those defs holds a key that scopes references (``$id``,
        ...); otherwise, the whole of ``defs``. Two documents whose reach digests of a name
        agree answer alike about values of it: what a memo of such answers is keyed by
        (with the value)."""
        known = self._reach
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
        """What each ``$ref`` string of def ``name`` names, past ``#/$defs/`` (``""`` for a
        reference of another form), or more. A spec's type expands to a def whose every
        reference is a ``$ref: X`` of the type as written, made ``#/$defs/X`` (the keys
        expansion drops and the keys it adds hold none), so the names the type's schema
        refers to, as ``written`` holds them, are used: a reference too many only makes a
        digest cover more. A derived def's own are read off it."""
        written = self._written
        if written is not None and name in written.table and name not in DERIVED_TYPE_NAMES:
            return written.direct(name)
        known = self._derived_refs
        if name not in known:
            known[name] = tuple(
                ref[len(DEFS_PREFIX) :] if ref.startswith(DEFS_PREFIX) else ""
                for ref in referenced_names(self._defs[name])
            )
        return known[name]
