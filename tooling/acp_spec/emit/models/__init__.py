"""The Python models: the installable ``acp-models`` distribution (``generated/python``).

- ``lowering``: the JSON Schema's defs rewritten into shapes datamodel-code-generator
  turns into models that accept what the schema accepts, and nothing else;
- ``codegen``: datamodel-code-generator and ruff run on them, in process, with what they
  can't write added (discriminators, ``not`` validators): ``_models.py``, but for
- ``routing``: the routing unions' classes (``ClientRequest``, ...), which change with the
  method list, written without datamodel-code-generator and appended to its module;
- ``package``: the distribution's other files: ``runtime/`` copied (``decode``, the base
  classes, the method table's type), the spec's part written into its slots, the
  pyproject and README;
- ``names``: the Python names of wire names and defs, and the names a def can't take, for
  the rules phase, and its survey of the lowering;
- ``steps``: that survey's lowering of each def, recorded and made again for a later spec
  (``docs serve``, the mutation corpus) wherever it reads the same.

The checks of the names a def makes are ``emit/models_checks.py``'s, beside the package.

``models_module`` (datamodel-code-generator's run, seconds) is the artifact's cached step
(``emit/models_step.py``): its output is a function of its argument, a ``ModelsInput``, and
of this package's code alone (the step's key). The rest of the distribution (the routing
unions, the method table, the error codes, the runtime) is made afresh on every run, in a
fraction of a second, so an edit that only they see (a method added or removed, a retry
class, an example, a method's summary) never waits for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...constants import GENERATED_NOTE
from ...index import SchemaIndex
from ...model import ErrorCode
from ..table import MethodRow
from .codegen import ModelsInput, models_module, not_names
from .errors import ModelsError, ToolVersionError
from .identifiers import python_name
from .lowering import Lowering
from .names import DECODER_NAMES, RESERVED_CLASS_NAMES, class_names, survey
from .package import distribution
from .routing import main_part, with_routing

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
    "main_part",
    "models_module",
    "python_name",
]

HEADER = f"# {GENERATED_NOTE}\n"
OUT = "generated/python"


def kept_classes(rows: Iterable[MethodRow]) -> frozenset[str]:
    """The defs that stay classes whatever their shape: a method's params and result, since
    ``METHODS`` hands out what validates them."""
    return frozenset(d for r in rows for d in (r.params, r.result, r.notification_params) if d)


def lowered(index: SchemaIndex) -> Lowering:
    """The defs of ``index.schema`` (a ``SchemaIndex``) lowered for the models."""
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
    module: bool = True,
) -> dict[str, bytes]:
    """``generated/python``: the models of every lowered def, the method table of ``rows``
    and the error codes of ``errors``, as an installable distribution of version
    ``version``. ``models``: ``models_module`` of their ``ModelsInput``, where the caller
    has it already (the pipeline's cache); made here otherwise. The routing unions' classes
    are written after it, here, every time. Not ``module``: every file but the models
    module, which is then not made (`check` of a stale stamp)."""
    source = ModelsInput.of(lowering, kept_classes(rows))
    # the models part's `not`s named as models_module names them, the routing classes'
    # after, so that a routing class never renames one of the cached part's
    names = not_names(source.nots)
    rest = {n: v for n, v in lowering.nots.items() if n not in names}
    names |= not_names(rest, taken=frozenset(names.values()))
    whole = None
    if module:
        whole = with_routing(models_module(source) if models is None else models, lowering, names)
    files = distribution(whole, sorted(lowering.defs), rows, lowering.nots, names, version, errors)
    return {f"{OUT}/{path}": files[path].encode() for path in sorted(files)}
