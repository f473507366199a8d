"""The Python models: the installable ``acp-models`` distribution (``generated/python``).

- ``lowering``: the JSON Schema's defs rewritten into shapes datamodel-code-generator
  turns into models that accept what the schema accepts, and nothing else;
- ``codegen``: datamodel-code-generator and ruff run on them, in process, with what they
  can't write added (discriminators, ``not`` validators): ``_models.py``;
- ``package``: the distribution's other files: ``runtime/`` copied (``decode``, the base
  classes, the method table's type), the spec's part written into its slots, the
  pyproject and README;
- ``names``: the Python names of wire names and defs, and the names a def can't take, for
  the rules phase.

``emit_models`` is the step the pipeline caches: its output is a function of its
arguments and of this package's code alone (see ``pipeline.models_key``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...constants import GENERATED_NOTE
from ...index import Index
from ...model import ErrorCode
from ..table import MethodRow
from .codegen import models_module
from .errors import ModelsError, ToolVersionError
from .lowering import Lowering
from .names import DECODER_NAMES, RESERVED_CLASS_NAMES, class_names, python_name
from .package import distribution

__all__ = [
    "DECODER_NAMES",
    "HEADER",
    "OUT",
    "RESERVED_CLASS_NAMES",
    "ModelsError",
    "ToolVersionError",
    "class_names",
    "emit_models",
    "python_name",
]

HEADER = f"# {GENERATED_NOTE}\n"
OUT = "generated/python"


def emit_models(
    index: Index,
    rows: Sequence[MethodRow],
    *,
    version: str,
    errors: Sequence[ErrorCode] = (),
) -> dict[str, bytes]:
    """``generated/python``: the models of every def of ``index.schema``, the method
    table of ``rows`` and the error codes of ``errors``, as an installable distribution of
    version ``version``.

    ``index`` answers from its schema alone (``Index.of_schema``): what the models are
    made of is the schema, the rows and the version, which the step's cache key covers.
    """
    lowering = Lowering(index)
    lowering.run()
    names = sorted(lowering.defs)
    if taken := sorted(set(names) & RESERVED_CLASS_NAMES):
        raise ModelsError(f"acp_models.v2 has the names {taken} itself; rename those defs")
    # a method's params and result stay classes: METHODS hands out what validates them
    keep = frozenset(d for r in rows for d in (r.params, r.result, r.notification_params) if d)
    models = models_module(lowering, keep)
    files = distribution(models, names, rows, lowering.nots, version, errors)
    return {f"{OUT}/{path}": files[path].encode() for path in sorted(files)}
