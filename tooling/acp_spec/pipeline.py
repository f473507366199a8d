"""Every artifact the spec produces, built in memory: the registry of artifacts.

Each artifact is one registration below (``emit/artifact.py`` says what it declares): its
name and description (the README's and the site home page's artifact tables are made of
them), the output roots it owns, its emit function, its checks of the names it derives
(run in the check phase: ``load_checked``) and, when slow, its cached step. Adding an
artifact is one package and one registration.
"""

from __future__ import annotations

from pathlib import Path

from . import spec as spec_loader
from .emit.artifact import (
    AnyArtifact,
    Artifact,
    CachedArtifact,
    markdown_table,
    registry,
    stray_outputs,
    table_rows,
)
from .emit.cached_step import Reuse
from .emit.docs import DOCS_DIR, NAV_PATH, emit_docs
from .emit.docs.checks import CHECKS as DOCS_CHECKS
from .emit.meta import META_PATH, UNSTABLE_META_PATH, emit_meta
from .emit.models import OUT as MODELS_OUT
from .emit.models_checks import CHECKS as MODELS_CHECKS
from .emit.models_step import MODELS_MODULE, MODELS_STAMP, MODELS_STEP, emit_models, models_key
from .emit.schema import SCHEMA_PATH, UNSTABLE_SCHEMA_PATH, emit_schema
from .emit.traces import TRACES_DIR, emit_traces
from .emit.vectors import emit_vectors
from .emit.vectors.cases import VECTORS_DIR
from .emit.vectors.checks import CHECKS as VECTORS_CHECKS
from .formatcheck import FORMAT_SCHEMA
from .history import HISTORY_PATH, emit_history
from .index import Index, index_of
from .model import Spec
from .rules import Check

__all__ = [
    "ARTIFACTS",
    "MODELS_MODULE",
    "MODELS_STAMP",
    "artifact_table",
    "build_outputs",
    "checks",
    "load_checked",
    "load_spec",
    "models_key",
    "step_files",
]

FORMAT_SCHEMA_PATH = "spec/format.schema.json"


def emit_format_schema(spec: Spec, index: Index) -> dict[str, bytes]:
    """spec/format.schema.json, beside the spec, where its first line points editors."""
    return {FORMAT_SCHEMA_PATH: FORMAT_SCHEMA.read_bytes()}


def emit_site(spec: Spec, index: Index) -> dict[str, bytes]:
    """The docs site's pages, the home page's artifact table made of the registry's."""
    return emit_docs(spec, index, table_rows(ARTIFACTS))


ARTIFACTS: tuple[AnyArtifact, ...] = registry((
    Artifact(
        name="schema",
        roots=(SCHEMA_PATH, UNSTABLE_SCHEMA_PATH),
        emit=emit_schema,
        description="JSON Schema 2020-12 of the v2 messages, in upstream ACP's shape (`$defs`, "
        "`x-method`, `x-side`) and under upstream's names: `schema.json` of the stable "
        "methods and what they reach, without what upstream marks unstable (its defs are "
        "upstream's but for the differences the spec lists, each with its reason); "
        "`schema.unstable.json` of every message, the unstable and proposed methods too, so "
        "a consumer of upstream's files switches by path alone; each method name is bound "
        "to its params",
    ),
    Artifact(
        name="meta",
        roots=(META_PATH, UNSTABLE_META_PATH),
        emit=emit_meta,
        description="upstream's method tables (`agentMethods`, `clientMethods`, "
        "`protocolMethods`; `proxyMethods` for `proxy/*`, which upstream routes apart) plus "
        "`methods`: direction, kind, stability, retry class, params and result of each "
        "method; of the stable methods, and of every method",
    ),
    CachedArtifact(
        name="models",
        roots=(f"{MODELS_OUT}/",),
        step=MODELS_STEP,
        emit=emit_models,
        checks=MODELS_CHECKS,
        description="`acp-models`: pydantic v2 models of every def (`acp_models.v2`), the "
        "`METHODS` table (wire name → direction, kind, stability, retry class, params and "
        "result classes) and `decode`, which turns a raw message into a typed one or the "
        "JSON-RPC error to answer with; `pip install ./generated/python`",
    ),
    Artifact(
        name="docs",
        roots=(f"{DOCS_DIR}/", NAV_PATH),
        emit=emit_site,
        checks=DOCS_CHECKS,
        description="the docs site's generated pages (mkdocs-material, `site/`): a page per "
        "method with its retry-class table, the retry classes, types and error codes, the "
        "traces, the differences from upstream (each with its reason and what "
        "`acp-spec diff` finds) and the changelog (`spec/changes/`, one `acp-spec diff` "
        "report per step)",
    ),
    Artifact(
        name="vectors",
        roots=(f"{VECTORS_DIR}/",),
        emit=emit_vectors,
        checks=VECTORS_CHECKS,
        description="serialization test vectors any SDK can run: one file per method plus "
        "`envelope.json`, checked against `vectors.schema.json`; every method's, so they "
        "agree with `schema.unstable.json`",
    ),
    Artifact(
        name="traces",
        roots=(f"{TRACES_DIR}/",),
        emit=emit_traces,
        description="retry traces any SDK can replay against an agent or a client "
        "(`acp-spec traces run`): the RFD's rules (a retry on the same connection, after "
        "`session/resume`, after an agent restart, while held, after an error, ...) as "
        "scripted exchanges with faults, one file per trace, checked against "
        "`traces.schema.json`",
    ),
    Artifact(
        name="history",
        roots=(HISTORY_PATH,),
        emit=emit_history,
        description="when each method, type, field and variant appeared, and each breaking "
        "change's release, over the upstream releases the project keeps and the spec "
        "(`acp-spec history` prints it)",
    ),
    Artifact(
        name="format-schema",
        roots=(FORMAT_SCHEMA_PATH,),
        emit=emit_format_schema,
        description="the JSON Schema of the spec's source format, beside the spec: editors "
        "with the YAML language server validate and complete the spec with it",
    ),
))  # fmt: skip


def checks() -> tuple[Check, ...]:
    """Every artifact's checks of the names it derives, for the check phase."""
    return tuple(c for a in ARTIFACTS for c in a.checks)


def load_checked(
    path: Path = spec_loader.DEFAULT_SPEC, display: str | None = None, *, history: bool = False
) -> tuple[Spec, Index]:
    """The spec at ``path`` and its index, checked by the rules and by every artifact's
    checks (``spec.load_checked``, which the emitters may then be given)."""
    return spec_loader.load_checked(path, display, history=history, checks=checks())


def load_spec(path: Path = spec_loader.DEFAULT_SPEC, display: str | None = None) -> Spec:
    """The spec of ``load_checked``."""
    return load_checked(path, display)[0]


def step_files() -> list[str]:
    """The files the cached steps make (what their stamps' keys cover)."""
    return [p for a in ARTIFACTS if isinstance(a, CachedArtifact) for p in a.step.made]


def artifact_table() -> str:
    """The artifact table, as Markdown (the README's)."""
    return markdown_table(table_rows(ARTIFACTS))


def build_outputs(
    spec: Spec,
    reuse: Reuse = lambda stamp, key: None,
    index: Index | None = None,
    *,
    remake_steps: bool = True,
) -> dict[str, bytes]:
    """Every generated file; ``index``: the spec's, where the rules phase made one. Not
    ``remake_steps``: without the files of a cached step (the models module) where its
    stamp's key is not the input's (`check`: datamodel-code-generator takes seconds, and
    the stamp differs anyway)."""
    artifacts = registry(ARTIFACTS)  # the registry as it is (a test adds to it)
    outputs: dict[str, bytes] = {}
    index = index_of(spec) if index is None else index
    # the slow ones last: what another finds (the docs, an example) comes before seconds pass
    for artifact in sorted(artifacts, key=lambda a: isinstance(a, CachedArtifact)):
        result = artifact.build(spec, index, reuse, remake=remake_steps)
        if strays := stray_outputs(artifact, result):
            raise ValueError(f"artifact {artifact.name} made {strays}, outside its roots")
        outputs.update(result)  # the roots are disjoint: so are the paths
    return dict(sorted(outputs.items()))
