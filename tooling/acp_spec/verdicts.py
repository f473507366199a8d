"""Is-this-valid verdicts against the fragments of one schema document, quickly.

The vectors' derivation and the docs' example checks ask hundreds of yes/no questions of
generated/schema.unstable.json per run, most of a run's validation time in Python's
jsonschema. jsonschema-rs answers them about five times sooner, counting the compile, when
each fragment is compiled with only the defs it reaches. Its verdict is used only where it
must be the same as :func:`patterns.quick_validator_for`'s:

- every ``pattern`` and ``patternProperties`` key of the document is *plain*: no ``.`` and
  no ``\\`` before a letter or digit (those are where RE2, Rust's regex and ECMA-262 differ:
  ``\\d``, ``\\s``, ``\\w``, ``\\b``, what ``.`` excludes) and no ``(?`` group;
- no ``multipleOf`` but of an integer (float remainders are each library's own);
- formats are annotations in both (jsonschema-rs is told so);
- the fragment's references are all ``#/$defs/NAME`` of defs that exist;
- jsonschema-rs takes the schema and the value (a lone surrogate or an integer past 64 bits
  it cannot convert: Python's validator answers those).

Anything else is answered by the Python validator, as before. tests/test_verdicts.py holds
the two to the same verdicts on every value the vectors and examples ask about.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import jsonschema_rs

from .defs import DEFS_PREFIX, referenced_names
from .patterns import quick_validator_for

Verdict = Callable[[Any], bool]

# a pattern every engine reads alike: literals, anchors, classes of literals, groups,
# alternation and quantifiers
_PLAIN_PATTERN = re.compile(r"(?:[^\\.(]|\\[^A-Za-z0-9]|\((?!\?))*")


def _plain(pattern: Any) -> bool:
    return isinstance(pattern, str) and _PLAIN_PATTERN.fullmatch(pattern) is not None


# keywords whose values map names to schemas: a property named `pattern` is no keyword
_NAMED_SCHEMAS = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})


def _native_agrees(node: Any) -> bool:
    """Whether jsonschema-rs reads every keyword under ``node`` as the Python validator does.
    Values that are no schemas (``const``, ``x-`` data) are read as if they were: that can
    only send a fragment to the Python validator, never the other way."""
    if isinstance(node, list):
        return all(_native_agrees(item) for item in node)
    if not isinstance(node, dict):
        return True
    if "pattern" in node and not _plain(node["pattern"]):
        return False
    patterns = node.get("patternProperties")
    if isinstance(patterns, dict) and not all(_plain(key) for key in patterns):
        return False
    step = node.get("multipleOf")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
        return False
    return all(
        _native_agrees(
            list(value.values()) if key in _NAMED_SCHEMAS and isinstance(value, dict) else value
        )
        for key, value in node.items()
    )


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
        try:
            return jsonschema_rs.validator_for(
                {**own, "$defs": {name: self._defs[name] for name in sorted(reached)}},
                validate_formats=False,
                pattern_options=jsonschema_rs.RegexOptions(),
            )
        except Exception:  # a schema it refuses to compile
            return None

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
