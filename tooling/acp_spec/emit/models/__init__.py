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

``models_module`` (datamodel-code-generator's run, seconds) is the step the pipeline
caches: its output is a function of its argument, a ``ModelsInput``, and of this package's
code alone (see ``pipeline.models_key``). The rest of the distribution (the method table, the error codes,
the runtime) is made afresh on every run, in a fraction of a second, so an edit that only
the method rows see (a retry class, an example, a method's summary) never waits for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...constants import GENERATED_NOTE
from ...index import Index
from ...model import ErrorCode
from ..table import MethodRow
from .codegen import ModelsInput, models_module
from .errors import ModelsError, ToolVersionError
from .lowering import Lowering
from .names import DECODER_NAMES, RESERVED_CLASS_NAMES, class_names, python_name, survey
from .package import distribution

__all__ = [
    "DECODER_NAMES",
    "HEADER",
    "OUT",
    "RESERVED_CLASS_NAMES",
    "ModelsError",
    "ModelsInput",
    "ToolVersionError",
    "class_names",
    "emit_models",
    "kept_classes",
    "lowered",
    "models_module",
    "python_name",
]

HEADER = f"# {GENERATED_NOTE}\n"
OUT = "generated/python"


def kept_classes(rows: Iterable[MethodRow]) -> frozenset[str]:
    """The defs that stay classes whatever their shape: a method's params and result, since
    ``METHODS`` hands out what validates them."""
    return frozenset(d for r in rows for d in (r.params, r.result, r.notification_params) if d)


def lowered(index: Index) -> Lowering:
    """The defs of ``index.schema`` (``Index.of_schema``) lowered for the models."""
    lowering = survey(index).whole  # the rules phase's, on a valid spec
    if lowering is None:  # a def is refused: say which
        lowering = Lowering(index)
        lowering.run()
    else:
        lowering.refuse_clashes()
    if taken := sorted(set(lowering.defs) & RESERVED_CLASS_NAMES):
        raise ModelsError(f"acp_models.v2 has the names {taken} itself; rename those defs")
    return lowering


def emit_models(
    lowering: Lowering,
    rows: Sequence[MethodRow],
    *,
    version: str,
    errors: Sequence[ErrorCode] = (),
    models: str | None = None,
) -> dict[str, bytes]:
    """``generated/python``: the models of every lowered def, the method table of ``rows``
    and the error codes of ``errors``, as an installable distribution of version
    ``version``. ``models``: ``models_module`` of their ``ModelsInput``, where the caller
    has it already (the pipeline's cache); made here otherwise."""
    if models is None:
        models = models_module(ModelsInput.of(lowering, kept_classes(rows)))
    files = distribution(models, sorted(lowering.defs), rows, lowering.nots, version, errors)
    return {f"{OUT}/{path}": files[path].encode() for path in sorted(files)}
