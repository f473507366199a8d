"""How the models spell a wire name in Python: the snake_case attribute of a field, and a
tag or title as part of a class name. Pure string functions, which the lowering and the
checks of names (``names``) share."""

from __future__ import annotations

import functools
import keyword
import re

# Attributes pydantic's BaseModel has itself: a field of that name would shadow them.
_MODEL_ATTRIBUTES = frozenset({
    "model_config", "model_fields", "model_computed_fields", "model_extra",
    "model_fields_set", "model_construct", "model_copy", "model_dump", "model_dump_json",
    "model_json_schema", "model_parametrized_name", "model_post_init", "model_rebuild",
    "model_validate", "model_validate_json", "model_validate_strings", "copy", "dict",
    "json", "schema", "schema_json", "construct", "validate", "parse_obj", "parse_raw",
    "parse_file", "from_orm", "update_forward_refs", "fields", "root",
})  # fmt: skip


@functools.cache  # the lowering asks it of each field again per class that has it
def python_name(wire: str) -> str:
    """The snake_case attribute for a wire name (``sessionId`` -> ``session_id``,
    ``_meta`` -> ``meta``), with ``_`` added where Python or pydantic has the name."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", wire)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"[^0-9a-zA-Z_]+", "_", name).lower().strip("_") or "field"
    if name[0].isdigit() or keyword.iskeyword(name) or name in _MODEL_ATTRIBUTES:
        name += "_"
    return name


@functools.cache  # asked again for every field of every class, and every spec alike
def camel(text: str) -> str:
    """``state_update`` -> ``StateUpdate``: a tag or title as part of a class name."""
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^0-9A-Za-z]+", text) if p)
