"""Is-this-valid verdicts from jsonschema-rs, where they are Python's validator's.

The rules, the vectors' derivation and the docs' example checks ask hundreds of yes/no
questions of the spec's schemas per run, most of a run's validation time in Python's
jsonschema (which still words every error reported). jsonschema-rs answers them many
times sooner. Its answer is used only where it is the one :func:`patterns.validator_for`
gives:

- ``pattern`` is a keyword of ours for it, matched by RE2 as the Python validator matches
  it (its own regex engine reads ``\\s``, ``.`` and ``\\b`` otherwise);
- every ``patternProperties`` key is *plain* (no ``.``, no ``\\`` before a letter or digit,
  no ``(?``): those its engine matches as RE2 does, for ``additionalProperties`` too;
- no ``multipleOf`` but of an integer (float remainders are each library's own: 0.3 is a
  multiple of 0.1 to one of them);
- no ``$schema``, ``$id``, ``$anchor`` or ``$dynamic…`` (resources of their own);
- formats are annotations in both (jsonschema-rs is told so);
- the fragment's references are all ``#/$defs/NAME`` of defs that exist;
- jsonschema-rs takes the schema and the value in (a lone surrogate or an integer past 64
  bits it cannot convert).

Anything else is answered by the Python validator. tests/test_verdicts.py holds the two to
the same verdicts on every value the generators ask about and where the libraries differ.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import jsonschema_rs

from .content import Recent, digest_of, pickled
from .defs import DEFS_PREFIX, referenced_names
from .patterns import quick_validator_for, search
from .pointers import escape

Verdict = Callable[[Any], bool]


class _Re2Pattern:
    """``pattern`` for jsonschema-rs (its keyword protocol), matched by RE2."""

    def __init__(self, parent: Mapping[str, Any], value: Any, path: list[str | int]) -> None:
        if not isinstance(value, str):
            raise TypeError("a pattern is a string")  # no compiled validator: Python decides
        self._pattern = value

    def validate(self, instance: Any) -> None:
        if isinstance(instance, str) and not search(self._pattern, instance):
            raise ValueError(f"{instance!r} does not match {self._pattern!r}")


# a patternProperties key every engine reads alike: literals, anchors, classes of literals,
# groups, alternation and quantifiers
_PLAIN_PATTERN = re.compile(r"(?:[^\\.(]|\\[^A-Za-z0-9]|\((?!\?))*")


def _plain(pattern: Any) -> bool:
    return isinstance(pattern, str) and _PLAIN_PATTERN.fullmatch(pattern) is not None


# keywords whose values map names to schemas: a property named `$id` is no keyword
_NAMED_SCHEMAS = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})
_OWN_RESOURCES = ("$schema", "$id", "$anchor", "$dynamicRef", "$dynamicAnchor")


DRAFT = "https://json-schema.org/draft/2020-12/schema"  # the draft both validate by


def _native_agrees(document: Mapping[str, Any]) -> bool:
    """Whether jsonschema-rs reads every keyword of ``document`` as the Python validator
    does. Values that are no schemas (``const``, ``x-`` data) are read as if they were: that
    can only send a fragment to the Python validator, never the other way."""
    rest = {k: v for k, v in document.items() if not (k == "$schema" and v == DRAFT)}
    return _agrees(rest)


def _agrees(node: Any) -> bool:
    if isinstance(node, list):
        return all(_agrees(item) for item in node)
    if not isinstance(node, dict):
        return True
    if any(keyword in node for keyword in _OWN_RESOURCES):
        return False
    patterns = node.get("patternProperties")
    if isinstance(patterns, dict) and not all(_plain(key) for key in patterns):
        return False
    step = node.get("multipleOf")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
        return False
    return all(
        _agrees(
            list(value.values()) if key in _NAMED_SCHEMAS and isinstance(value, dict) else value
        )
        for key, value in node.items()
    )


def _compiled(schema: dict[str, Any]) -> jsonschema_rs.Validator | None:
    """jsonschema-rs's validator of ``schema``, read as Python's is: formats as annotations,
    patterns by RE2; None for a schema it refuses to compile (Python's validator decides)."""
    try:
        return jsonschema_rs.validator_for(
            schema,
            validate_formats=False,
            keywords={"pattern": _Re2Pattern},
            pattern_options=jsonschema_rs.RegexOptions(),
        )
    except Exception:
        return None


class Verdicts:
    """``is_valid(fragment, value)`` for fragments of ``document`` (its ``$ref``s resolve in
    the document's ``$defs``). A fragment's compiled check is kept while this object lives,
    with the fragment, so that its id stays its own: make one per run."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self._document = document
        self._defs: Mapping[str, Any] = document.get("$defs", {})
        self._python = quick_validator_for(document)
        self._native = _native_agrees(document)
        self._checks: dict[int, tuple[Mapping[str, Any], Verdict]] = {}
        self._refs: dict[str, list[str]] = {}

    @property
    def native(self) -> bool:
        """Whether jsonschema-rs reads this document as Python's validator does."""
        return self._native

    def compiles_natively(self, fragment: Mapping[str, Any]) -> bool:
        """Whether ``fragment``'s verdicts come from jsonschema-rs."""
        return self._native_check(fragment) is not None

    def is_valid(self, fragment: Mapping[str, Any], value: Any) -> bool:
        entry = self._checks.get(id(fragment))
        if entry is None:
            entry = (fragment, self._compile(fragment))
            self._checks[id(fragment)] = entry
        return entry[1](value)

    def _python_verdict(self, fragment: Mapping[str, Any]) -> Verdict:
        validator = (
            self._python if fragment is self._document else self._python.evolve(schema=fragment)
        )
        return lambda value: bool(validator.is_valid(value))

    def _native_check(self, fragment: Mapping[str, Any]) -> Any:
        """jsonschema-rs's compiled ``fragment``, with the defs it reaches; None where the
        Python validator must answer."""
        # the fragment's own keywords: its $defs, if any, are the document's
        own = {k: v for k, v in fragment.items() if k != "$defs"}
        reached = self._reached(own) if self._native else None
        if reached is None:
            return None
        return _compiled({**own, "$defs": {name: self._defs[name] for name in sorted(reached)}})

    def _compile(self, fragment: Mapping[str, Any]) -> Verdict:
        python = self._python_verdict(fragment)
        native = self._native_check(fragment)
        if native is None:
            return python

        def verdict(value: Any) -> bool:
            try:
                return bool(native.is_valid(value))
            except Exception:  # a value it cannot convert
                return python(value)

        return verdict

    def _reached(self, fragment: Any) -> frozenset[str] | None:
        """The defs ``fragment`` reaches; None if a reference is not to an existing def."""
        found: set[str] = set()
        todo = referenced_names(fragment)
        while todo:
            ref = todo.pop()
            name = ref.removeprefix(DEFS_PREFIX)
            if name == ref or name not in self._defs:
                return None
            if name not in found:
                found.add(name)
                todo.extend(self._references(name))
        return frozenset(found)

    def _references(self, name: str) -> list[str]:
        if name not in self._refs:
            self._refs[name] = referenced_names(self._defs[name])
        return self._refs[name]


# ── by def name, for the rules: every def compiled at once, kept across runs by content ──

DefVerdict = Callable[[str, Any], "bool | None"]
_DEFS_VALIDATORS: Recent[jsonschema_rs.Validator | None] = Recent(4)


# the keys that can make ``_agrees`` say no: a document none of whose strings is one of
# these agrees, known without walking it
_DISAGREEING_KEYS = tuple(k.encode() for k in (*_OWN_RESOURCES, "patternProperties", "multipleOf"))


def _compiled_defs(defs: Mapping[str, Any], written: bytes) -> jsonschema_rs.Validator | None:
    """One validator for every def at once: an object ``{name: value}`` is checked against
    def ``name`` (a property each), so the defs are compiled once, not once per name.
    ``written``: the defs' pickle, which holds every key of theirs as its bytes."""
    if any(key in written for key in _DISAGREEING_KEYS) and not _agrees(list(defs.values())):
        return None
    # jsonschema-rs compiles from its own copy of the defs (what the caller does to
    # ``defs`` later cannot change the validator), so none is made here
    schema = {
        "$defs": defs,
        "properties": {name: {"$ref": DEFS_PREFIX + escape(name)} for name in defs},
    }
    return _compiled(schema)


def defs_verdict(defs: Mapping[str, Any]) -> DefVerdict:
    """Whether a value is valid as def ``name`` of ``defs`` (a ``$defs`` whose references
    are ``#/$defs/X``), from a compiled validator; None where only Python's can say. The
    same verdict as :func:`patterns.validator_for`'s on every value it answers for. Compiled
    once per content of ``defs`` a process meets (the last few are kept)."""
    written = pickled(defs)
    validator = _DEFS_VALIDATORS.get(digest_of(written), lambda: _compiled_defs(defs, written))
    known = frozenset(defs)

    def verdict(name: str, value: Any) -> bool | None:
        if validator is None or name not in known:
            return None
        try:
            return bool(validator.is_valid({name: value}))
        except Exception:  # a value it cannot take in: Python's validator decides
            return None

    return verdict
