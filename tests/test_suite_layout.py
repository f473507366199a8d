"""The test suite's own layout: a test module imports no other test module and not conftest
(what two modules share lives in tests/support), and support imports no test module either.

Read with ast, so imports inside functions count, and so does code in a string that a test
runs in another interpreter (``python -c``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.paths import REPO

TESTS = REPO / "tests"


def _python_files() -> list[Path]:
    """The suite's Python: the test modules, conftest and support (not the peers and
    samples that tests run as programs, which import nothing of the suite), but this
    module, whose samples below are cross imports on purpose."""
    found = [*TESTS.glob("test_*.py"), TESTS / "conftest.py", *TESTS.glob("support/*.py")]
    return sorted(path for path in found if path.name != Path(__file__).name)


def _suite_modules() -> frozenset[str]:
    return frozenset(path.stem for path in TESTS.glob("test_*.py")) | {"conftest"}


def _imported(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, top-level module) of every import in ``tree``, and in every string in it
    that parses as Python with an import (code run by ``python -c``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "import " not in node.value:
                continue
            try:
                inner = ast.parse(node.value)
            except SyntaxError:
                continue
            yield from ((node.lineno, name) for _, name in _imported(inner))


def cross_imports(source: str, suite: frozenset[str]) -> list[tuple[int, str]]:
    """Where ``source`` imports a module of ``suite`` (a test module, or conftest)."""
    return sorted({(line, name) for line, name in _imported(ast.parse(source)) if name in suite})


def test_no_module_of_the_suite_imports_a_test_module_or_conftest() -> None:
    suite = _suite_modules()
    found = [
        f"{path.relative_to(REPO)}:{line}: imports {name}"
        for path in _python_files()
        for line, name in cross_imports(path.read_text(encoding="utf-8"), suite)
    ]
    assert found == [], "move what is shared into tests/support:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "from test_vectors import import_models\n",
        "import test_docs as docs\n",
        "def f():\n    from conftest import REPO\n",
        'CODE = """\nimport sys\nfrom test_models import emit\n"""\n',
    ],
    ids=["from", "import", "nested", "in-a-string"],
)
def test_each_kind_of_cross_import_is_found(source: str) -> None:
    assert cross_imports(
        source, frozenset({"test_vectors", "test_docs", "test_models", "conftest"})
    )


def test_support_and_other_imports_are_not_cross_imports() -> None:
    source = "import json\nfrom support.models import import_models\nfrom acp_spec import cli\n"
    assert cross_imports(source, _suite_modules()) == []


def test_the_benchmark_and_type_checker_runs_are_slow_and_grouped(
    request: pytest.FixtureRequest,
) -> None:
    """`-m "not slow"` leaves out the benchmark smoke run and the type checkers' runs (their
    own marks imply slow), and a module marked cost("shared") runs on one worker."""
    for item in request.session.items:
        if item.get_closest_marker("bench") or item.get_closest_marker("typecheck"):
            assert item.get_closest_marker("slow"), item.nodeid
        if any("shared" in mark.args for mark in item.iter_markers("cost")):
            group = item.get_closest_marker("xdist_group")
            module = Path(item.nodeid.split("::")[0]).stem
            assert group is not None, item.nodeid
            assert group.args[0] in (module, "mypy_cache", "postgres_server"), item.nodeid
