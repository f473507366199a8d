"""Whether a value from a file a user gives is a JSON Schema 2020-12, before any code walks
it as one (``properties`` an object of schemas, ``$ref`` a string, ``required`` a list, ...):
what is not is said, with the place, instead of failing deep in that code."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from .pointers import pointer


@lru_cache(maxsize=1)
def _validators() -> tuple[jsonschema_rs.Validator, Draft202012Validator]:
    """The compiled validator of the bundled 2020-12 metaschema, which decides at once, and
    python's, which words what is wrong. A def is an instance here, not a schema: the
    ``$schema`` it names is never fetched or followed."""
    meta = Draft202012Validator.META_SCHEMA
    return jsonschema_rs.validator_for(meta), Draft202012Validator(meta)


def schema_problem(value: Any) -> tuple[str, str] | None:
    """None for a JSON Schema 2020-12; else (the JSON pointer of what is wrong, relative to
    ``value`` and empty at its top, and what is wrong there)."""
    fast, words = _validators()
    try:
        if fast.is_valid(value):
            return None
    except ValueError:  # what it cannot take in (an integer past 64 bits): python's decides
        pass
    error = best_match(words.iter_errors(value))
    if error is None:
        return None
    return pointer(error.absolute_path), error.message[:200]
