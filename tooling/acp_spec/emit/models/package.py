"""The files of the ``acp-models`` distribution besides the models module: the runtime,
copied from ``runtime/``, with the few lines the spec decides written into its slots; the
pyproject and README from ``templates/``.

A slot is a comment line in a runtime file, ``# slot <name>: <what goes here>``, where the
spec's part of that file goes (the models' names, the method rows, each class's ``not``).
The runtime files are real source, linted and type-checked where they are; only a file
with a slot is formatted again once filled, the others are copied byte for byte. Each file
gets the generated-file note as its first line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import jinja2

from ...constants import GENERATED_NOTE
from ...model import ErrorCode
from ..table import MethodRow
from .codegen import literal, ruff
from .errors import ModelsError
from .lowering import Refusal, Valid
from .names import RUNTIME

TEMPLATES = Path(__file__).resolve().parent / "templates"
# What of runtime/ is the package's (the rest serves the checks of the source: a stub).
_COPIED = ("*.py", "py.typed")
_SLOT = re.compile(r"^(?P<indent>[ ]*)# slot (?P<name>[a-z_]+):.*\n", re.MULTILINE)


def runtime_files() -> list[str]:
    """The runtime's files, as paths under ``src/acp_models``, sorted."""
    found = {p for pattern in _COPIED for p in RUNTIME.rglob(pattern)}
    return sorted(p.relative_to(RUNTIME).as_posix() for p in found)


def with_note(path: str, text: str) -> str:
    """``text`` with the generated-file note first, in the comment syntax of its format."""
    if path.endswith(".md"):
        return f"<!-- {GENERATED_NOTE} -->\n{text}"
    return f"# {GENERATED_NOTE}\n{text}"


def fill(source: str, slots: Mapping[str, str]) -> str:
    """``source`` with each slot line replaced by its text, indented as the slot is."""
    found = [m["name"] for m in _SLOT.finditer(source)]
    if sorted(found) != sorted(slots):
        raise ModelsError(f"runtime slots {sorted(found)}, but filled {sorted(slots)}")

    def text(match: re.Match[str]) -> str:
        lines = slots[match["name"]].splitlines(keepends=True)
        return "".join(match["indent"] + line if line.strip() else line for line in lines)

    return _SLOT.sub(text, source)


def distribution(
    models: str | None,
    names: Sequence[str],
    rows: Sequence[MethodRow],
    nots: Mapping[str, list[Refusal]],
    checks: Mapping[str, str],
    version: str,
    errors: Sequence[ErrorCode] = (),
) -> dict[str, str]:
    """Path under the distribution -> text, for every file of it (but the models module
    where ``models`` is None). ``checks``: the name of each class's `not` check
    (``codegen.not_names``)."""
    constants = [e.name.upper() for e in errors]
    slots: dict[str, dict[str, str]] = {
        "__init__.py": {
            "code_imports": "".join(f"{n} as {n},\n" for n in constants),
            "code_names": "".join(f"{literal(n)},\n" for n in constants),
        },
        "_errors.py": {
            "codes": "".join(f"{e.name.upper()} = {e.code}\n" for e in errors),
            "texts": "".join(
                f"{e.code}: ({literal(e.title)}, {literal(' '.join(e.description.split()))}),\n"
                for e in errors
            ),
            "constants": "".join(f"{n} = JsonRpcCode.{n}\n" for n in constants),
        },
        "v2/__init__.py": {
            "models_import": _models_import(names),
            "model_names": "".join(f"{literal(n)},\n" for n in names),
        },
        "v2/_base.py": {"nots": _nots(nots, checks)},
        "v2/_methods.py": {"methods": _methods(rows, names)},
        "v2/_names.py": {"names": _names(rows)},
    }
    files: dict[str, str] = {}
    for path in runtime_files():
        source = (RUNTIME / path).read_text(encoding="utf-8")
        text = ruff(fill(source, slots.pop(path)), fix=False) if path in slots else source
        files[f"src/acp_models/{path}"] = with_note(path, text)
    if slots:
        raise ModelsError(f"no runtime file {sorted(slots)} to fill")
    if models is not None:
        files["src/acp_models/v2/_models.py"] = models
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    # .j2, the README too: ruff would format the Python in a .md file, and the README's
    # examples are written for readers
    for path in ("pyproject.toml", "README.md"):
        files[path] = with_note(path, env.get_template(f"{path}.j2").render(version=version))
    return files


def _models_import(names: Sequence[str]) -> str:
    if not names:
        return ""
    return "from ._models import (\n" + "".join(f"    {n},\n" for n in names) + ")\n"


def _nots(nots: Mapping[str, list[Refusal]], names: Mapping[str, str]) -> str:
    """Each class's `not` check, named ``names[class]``."""
    lines = []
    for name, refusals in nots.items():
        shapes = [r for r in refusals if not isinstance(r, Valid)]
        valid = [r.name for r in refusals if isinstance(r, Valid)]
        checks = [f"reject_matching({', '.join(literal(s) for s in shapes)})"] if shapes else []
        checks += [f"reject_valid({', '.join(literal(v) for v in valid)})"] if valid else []
        check = checks[0] if len(checks) == 1 else f"reject_each({', '.join(checks)})"
        lines.append(f"{names[name]} = {check}\n")
    return "".join(lines)


def _methods(rows: Sequence[MethodRow], names: Sequence[str]) -> str:
    known = set(names)
    entries = []
    for row in rows:
        refs = (row.params, row.result, row.notification_params)
        if missing := [r for r in refs if r is not None and r not in known]:
            raise ModelsError(f"methods/{row.name}: {missing} are not defs")
        fields = {
            "name": row.name,
            "direction": row.direction,
            "kind": row.kind,
            "stability": row.stability,
            "retry_class": row.retry_class,
            "retry_classes": dict(row.retry_classes),
            "audited": row.audited,
            "side": row.side,
            "params_def": row.params,
            "result_def": row.result,
            "notification_params_def": row.notification_params,
        }
        args = "".join(f"    {k}={literal(v)},\n" for k, v in fields.items())
        entries.append(f"{literal(row.name)}: Method(\n{args}),\n")
    return "".join(entries)


def _names(rows: Sequence[MethodRow]) -> str:
    methods = [row.name for row in rows]
    classes = sorted({c for row in rows for c in (row.retry_class, *row.retry_classes.values())})
    return "".join([
        "from typing import Literal, TypeAlias\n\n",
        "__all__ = [\"MethodName\", \"RetryClass\"]\n\n",
        "# each method's wire name\n",
        f"MethodName: TypeAlias = {_literal_type(methods)}\n",
        "# each retry class a method has\n",
        f"RetryClass: TypeAlias = {_literal_type(classes)}\n",
    ])  # fmt: skip


def _literal_type(values: Sequence[str]) -> str:
    # Literal[()] is no type: a spec without methods has names of none
    return f"Literal[{', '.join(literal(v) for v in values)}]" if values else "str"
