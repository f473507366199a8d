"""support.caches empties every process-wide cache the toolchain declares: each
``functools.cache`` or ``lru_cache`` function (a class's static ones too), each
``content.Recent`` memo and each weak dictionary, found in the source, is one the reset
reaches, and after it every one is empty."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import acp_spec
import pytest
from support.caches import PACKAGE, toolchain_caches
from support.paths import REPO, SPEC_PATH

TOOLING = REPO / "tooling" / PACKAGE
# copied into the generated package, never imported as part of the toolchain; and the
# command's entry point, which runs it
NOT_TOOLCHAIN = ("emit.models.runtime", "__main__")
DECORATORS = {"cache", "lru_cache"}
MEMOS = {"Recent", "WeakKeyDictionary", "WeakValueDictionary"}


def _modules() -> list[str]:
    found = [PACKAGE]
    for info in pkgutil.walk_packages(acp_spec.__path__, PACKAGE + "."):
        inner = info.name.removeprefix(PACKAGE + ".")
        if not any(inner == skip or inner.startswith(skip + ".") for skip in NOT_TOOLCHAIN):
            found.append(info.name)
    return found


def _name(node: ast.expr) -> str | None:
    """``name`` of ``name``, ``module.name`` and either called."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _cached(node: ast.stmt) -> bool:
    return isinstance(node, ast.FunctionDef) and any(
        _name(d) in DECORATORS for d in node.decorator_list
    )


def declared(source: str) -> Iterator[tuple[str, ...]]:
    """The attribute path (from its module) of each process-wide cache ``source`` declares
    at its top level or in a class's body."""
    for node in ast.parse(source).body:
        if _cached(node):
            yield (node.name,)  # type: ignore[attr-defined]
        elif isinstance(node, ast.ClassDef):
            yield from ((node.name, inner.name) for inner in node.body if _cached(inner))  # type: ignore[attr-defined]
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if isinstance(node.value, ast.Call) and _name(node.value) in MEMOS:
                yield from ((t.id,) for t in targets if isinstance(t, ast.Name))


def _source(module: str) -> Path:
    path = TOOLING.joinpath(*module.split(".")[1:])
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _value(module: str, path: tuple[str, ...]) -> Any:
    found: Any = importlib.import_module(module)
    for name in path:
        found = vars(found)[name]
    return found.__func__ if isinstance(found, staticmethod | classmethod) else found


def test_the_reset_reaches_every_cache_the_source_declares() -> None:
    caches = {
        (module, path): _value(module, path)
        for module in _modules()
        for path in declared(_source(module).read_text(encoding="utf-8"))
    }
    assert len(caches) >= 30  # the issue counted 32; a walk that finds few is looking wrong
    reached = {id(cache.target) for cache in toolchain_caches()}
    missed = [".".join((module, *path)) for (module, path), value in caches.items()
              if id(value) not in reached]  # fmt: skip
    assert missed == []


# in another interpreter: emptied here, the caches would make this worker's next tests
# pay for a cold start, the order dependence the reset is there to remove
AFTER_THE_RESET = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from acp_spec.spec import load_spec
from support.caches import clear_toolchain_caches, toolchain_caches
load_spec(Path({spec!r}))  # fills the loader's and the rules' caches
assert sum(cache.size() for cache in toolchain_caches()) > 0
assert clear_toolchain_caches() == len(toolchain_caches())
print({{cache.where: cache.size() for cache in toolchain_caches() if cache.size()}})
"""


def test_after_the_reset_every_cache_is_empty() -> None:
    code = AFTER_THE_RESET.format(tests=str(REPO / "tests"), spec=str(SPEC_PATH))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "{}"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("@functools.cache\ndef f(): pass\n", [("f",)]),
        ("@lru_cache(maxsize=4)\ndef f(): pass\n", [("f",)]),
        ("class C:\n    @staticmethod\n    @cache\n    def load(): pass\n", [("C", "load")]),
        ("_M: Recent[int] = Recent(4)\n", [("_M",)]),
        ("_W = weakref.WeakKeyDictionary()\n", [("_W",)]),
        ("TABLE = {'a': 1}\ndef f(): pass\n", []),
    ],
    ids=["cache", "lru_cache", "static", "recent", "weak", "none"],
)
def test_each_kind_of_declared_cache_is_found(source: str, expected: list[tuple[str, ...]]) -> None:
    assert list(declared(source)) == expected
