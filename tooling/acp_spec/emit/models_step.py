"""The models artifact's cached step, and its emit through the cache.

datamodel-code-generator (``models.models_module``) is the one slow step: the stamp
records the key of its input, and an unchanged key proves its output unchanged. A module
beside the models package, not in it: the package's files are the step's code, its key.
"""

from __future__ import annotations

from ..index import Index
from ..model import Spec
from . import models
from .cached_step import Cache, CachedStep
from .models.codegen import tool_versions
from .table import table

MODELS_STAMP = f"{models.OUT}/input.sha256"
MODELS_MODULE = f"{models.OUT}/src/acp_models/v2/_models.py"  # what the stamp's key makes
MODELS_VERSION = "0.1.0"  # the acp-models distribution's version

MODELS_STEP = CachedStep(
    stamp=MODELS_STAMP, made=(MODELS_MODULE,), package=models.__name__, tools=tool_versions
)


def models_key(source: models.ModelsInput) -> str:
    """The models step's cache key: a digest of exactly the argument ``models.models_module``
    receives (it takes the same one), of every file of its code, and of the versions of the
    tools it runs, which must be the pinned ones."""
    return MODELS_STEP.key(source)


def emit_models(spec: Spec, index: Index, cache: Cache) -> dict[str, bytes]:
    """generated/python, its models module the cache's where the stamp's key is the input's."""
    # the models get the schema's facts only: what they are made of is in the schema
    lowering = models.lowered(index.of_schema)  # the rules' too: made once a run
    rows = tuple(table(spec))
    source = models.ModelsInput.of(lowering, models.kept_classes(rows))
    key = models_key(source)
    cached = cache.earlier(key)
    # the stamp's key made the module's first part; the routing unions after it are made
    # afresh by models.emit_models
    module = models.main_part(cached[MODELS_MODULE].decode()) if MODELS_MODULE in cached else None
    errors = tuple(spec.errors.values())
    files = models.emit_models(lowering, rows, version=MODELS_VERSION, errors=errors,
                               models=module, module=module is not None or cache.remake)  # fmt: skip
    return {**files, **cache.stamp(key)}
