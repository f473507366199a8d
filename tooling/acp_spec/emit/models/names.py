"""The Python names the models give the spec's wire names and defs, and the names a def
can't take: what the rules phase needs to refuse a spec the models can't be made of,
before any emitter runs. Pure: no datamodel-code-generator, nothing run.
"""

from __future__ import annotations

import ast
import builtins
import keyword
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ...content import Recent, digest
from ...index import SchemaIndex, Shapes
from .errors import ModelsError
from .lowering import Lowering
from .steps import STEPS, Source, Steps

RUNTIME = Path(__file__).resolve().parent / "runtime"

# The class datamodel-code-generator makes of the document's root, dropped afterwards.
ROOT_CLASS = "AcpSchemaRoot"

# What the generated models module imports, or may (datamodel-code-generator's imports for
# the shapes the lowering leaves, and the codegen's own): a class of that name would shadow
# it for the rest of the module. tests/test_models.py checks the generated imports are here.
GENERATED_IMPORTS = frozenset({
    "Annotated", "Any", "Literal", "Optional", "Union",
    "AnyUrl", "AwareDatetime", "BaseModel", "ConfigDict", "Discriminator", "Field",
    "RootModel", "Tag", "ValidationInfo", "confloat", "conint", "constr", "field_validator",
    "model_validator", "Enum", "tag_of", "reject_null", "omit_null", "tolerate",
    "ValidatorFunctionWrapHandler", "TypeAlias", "NATIVE_BRANCH", "ROUTED_BRANCH",
})  # fmt: skip


def _bound(tree: ast.Module) -> Iterator[str]:
    """The names a module binds at its top level, inside ``if`` blocks too."""
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, ast.If):
            todo += node.body + node.orelse
        elif isinstance(node, ast.Import | ast.ImportFrom):
            yield from ((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            yield from (t.id for t in targets if isinstance(t, ast.Name))


def _runtime_tree(path: str) -> ast.Module:
    return ast.parse((RUNTIME / path).read_text(encoding="utf-8"))


def _decoder_names() -> tuple[str, ...]:
    """What ``acp_models.v2`` loads on first use besides the models, as the keys of its
    ``_DECODER`` (name -> the runtime module that has it) list them."""
    for node in ast.walk(_runtime_tree("v2/__init__.py")):
        if (
            isinstance(node, ast.Assign)
            and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["_DECODER"]
            and isinstance(node.value, ast.Dict)
        ):
            names = [k.value for k in node.value.keys if isinstance(k, ast.Constant)]
            return tuple(str(n) for n in names)
    raise ModelsError("runtime/v2/__init__.py lists no _DECODER names")


# What acp_models.v2 exports besides METHODS and the models (decode and its types).
DECODER_NAMES = _decoder_names()

# Every def name that can't be a class of acp_models.v2: what the package binds itself
# (METHODS, Method, decode's names, TYPE_CHECKING), what the models module imports, the
# dropped root class, Python's keywords (None, True, False) and builtins (a class would
# shadow the builtin where the module or pydantic reads it; the list is the running
# Python's, which may add a builtin or two from one version to the next).
RESERVED_CLASS_NAMES = frozenset({
    *_bound(_runtime_tree("v2/__init__.py")),
    *DECODER_NAMES,
    *GENERATED_IMPORTS,
    ROOT_CLASS,
    *keyword.kwlist,
    *keyword.softkwlist,
    *(n for n in dir(builtins) if not n.startswith("__")),
})  # fmt: skip


def class_names(index: SchemaIndex) -> dict[str, tuple[str, ...]]:
    """Each class ``acp_models.v2`` would have -> where it comes from: ``$defs/X`` for def
    X's own class, ``$defs/X/anyOf/0`` for a class made for a member of X's union
    (``ContentBlockText``), in the order the models emitter makes them.

    More than one origin is two classes with one name, which the emitter refuses; so is a
    name in ``RESERVED_CLASS_NAMES``. A def the emitter refuses for another reason (an
    unsupported keyword, say) is left out, so that this answers on a spec with other
    problems too. The origin's second step is the def's name.
    """
    return survey(index).classes


@dataclass(frozen=True)
class Survey:
    classes: dict[str, tuple[str, ...]]  # ``class_names``
    refused: dict[str, ModelsError]  # each refused def's reason
    whole: Lowering | None  # every def lowered, where none was refused


# by a digest of their defs: specs with the same types are lowered once
_SURVEYS: Recent[Survey] = Recent(8)


def survey(index: SchemaIndex) -> Survey:
    """``class_names``, the reason the lowering refuses each def it refuses, and the whole
    lowering where it refuses none (the models emitter's, made by the rules phase already).
    It depends on ``index.defs`` alone. Callers only read it; it may be shared."""
    digests = index.digests.def_digests  # each def's digest, made once a load for the rules too
    return _SURVEYS.get(digest(digests), lambda: survey_with(index, STEPS, digests))


def survey_with(
    index: SchemaIndex, steps: Steps | None, digests: Mapping[str, str] | None = None
) -> Survey:
    """``survey`` made here, each def's lowering taken from ``steps`` where one recorded
    there read what it would read now (``steps``), and recorded there otherwise. None:
    every def lowered afresh, nothing kept: what the other must answer, by construction
    (tests/test_models_survey.py proves it on many specs). ``digests``: each def's, where
    the caller has them."""
    origins: dict[str, list[str]] = {}
    refused: dict[str, ModelsError] = {}

    def keep(lowering: Lowering, failed: str | None = None) -> None:
        # a refused def's classes were never made: leave them out
        own = None if failed is None else f"$defs/{failed}"
        for class_name, paths in lowering.claims.items():
            made = [p for p in paths if own is None or (p != own and not p.startswith(own + "/"))]
            if made:
                known = origins.setdefault(class_name, [])
                known += [p for p in made if p not in known]

    def fresh() -> Lowering:
        return Lowering(index, lowering.source, nulls=nulls)

    # one lowering for all defs (each def once, its references with it); a def it refuses
    # leaves it half done, so the defs after it get a fresh one
    sources: tuple[Source, ...] = ()
    nulls = index.shapes
    if steps is not None and digests is None:
        digests = index.digests.def_digests
    if steps is not None and digests is not None:
        # the lowering reads the defs through these, which tell its steps
        sources = (
            Source(index.defs, digests, boolean=True),
            Source(index.defs, digests, boolean=False),
        )
        nulls = Shapes(sources[1])
    lowering = Lowering(index, sources[0] if sources else None, nulls=nulls)
    for name in index.defs:
        try:
            if steps is None or digests is None:
                lowering.lower_def(name)
            else:
                steps.lower(lowering, name, digests, sources)
        except ModelsError as err:
            refused[name] = err
            keep(lowering, name)
            lowering = fresh()
    keep(lowering)
    classes = {name: tuple(paths) for name, paths in origins.items()}
    return Survey(classes, refused, None if refused else lowering)
