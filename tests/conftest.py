"""Shared fixtures (the real spec loaded once, upstream's schemas, the mypy cache) and the
run's scheduling; the helpers test modules import are in tests/support."""

from __future__ import annotations

import gc
import importlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from acp_spec.defs import expand_types
from acp_spec.model import Spec
from support.models import import_models
from support.paths import REFERENCE, UPSTREAM_V2
from support.pg import pg_url, postgres_server  # noqa: F401  (fixtures: a real PostgreSQL server)
from support.specs import load_real_spec

# Some machines set PYTHONDONTWRITEBYTECODE: then every interpreter the tests start (the
# pytest-xdist workers, the command, the reference agents, the benchmark) compiles the
# toolchain and the 450 kB models module from source again. Bytecode goes to __pycache__
# only, which git, the manifest and the models' cache key all leave out.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The tests keep large values alive (the real spec, its index, models, the mutation corpus):
# with the default thresholds the collector walks them hundreds of times a run, a tenth of
# a worker's time. (Nothing is frozen here: a load hands what it made to the oldest
# generation by freezing and unfreezing, which it does only where nothing else is frozen.)
gc.set_threshold(10_000, 20, 1000)


if not REFERENCE.is_dir():
    raise pytest.UsageError(
        f"the tests read upstream's schemas and the RFD from {REFERENCE}: put shared/ (or a "
        "link to it) beside the repository"
    )


# What a test costs is declared where it is, with ``pytest.mark.cost(KIND, ...)`` (a module's
# ``pytestmark`` mostly), and read here to schedule the run under pytest-xdist, which hands
# out work in collection order (`--dist loadgroup`):
COSTS = frozenset({
    # its module-scoped fixtures build something costly (the site, the models, a node tool
    # run): one worker runs the whole module, so it is built once, not once per worker
    "shared",
    # a few long tests (tens of seconds each, subprocesses mostly): they and the shared
    # modules go first, so that the last minute is short cases that even out the workers,
    # not one long test on one of them while the other has nothing left
    "long",
    # many short cases (the mutation corpus), spread over every worker: last of all
    "many",
})  # fmt: skip
# The benchmark smoke run and the type checkers' runs have marks of their own (pyproject),
# so that they can be run or left out alone; either is slow, so `-m "not slow"` leaves
# them out too.
SLOW_KINDS = ("bench", "typecheck")


def _costs(item: pytest.Item) -> set[str]:
    kinds = {kind for mark in item.iter_markers("cost") for kind in mark.args}
    if unknown := kinds - COSTS:
        raise pytest.UsageError(
            f"{item.nodeid}: unknown cost {sorted(unknown)}; the costs are {sorted(COSTS)}"
        )
    return kinds


def _module(item: pytest.Item) -> str:
    return item.module.__name__ if isinstance(item, pytest.Function) else ""


# first: pytest-xdist's own hook turns the marks into the groups it schedules by, so marks
# added after it are never seen (each module's tests then spread over every worker, and its
# costly fixtures are built once per worker); -m's selection, after it, sees the slow mark
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    order: dict[str, int] = {}
    for item in items:
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)
        fixtures = getattr(item, "fixturenames", ())
        costs = _costs(item)
        if "mypy_cache" in fixtures and not item.get_closest_marker("typecheck"):
            raise pytest.UsageError(f"{item.nodeid} runs mypy (mypy_cache): mark it typecheck")
        # the mypy runs share one worker's cache (``mypy_cache``), whatever module they are in
        if "mypy_cache" in fixtures:
            item.add_marker(pytest.mark.xdist_group("mypy_cache"))
        elif "postgres_server" in fixtures:
            # one throwaway PostgreSQL cluster (tests/support/pg.py), started by one worker only
            item.add_marker(pytest.mark.xdist_group("postgres_server"))
        elif "shared" in costs:
            item.add_marker(pytest.mark.xdist_group(_module(item)))
        order[item.nodeid] = 0 if costs & {"shared", "long"} else 2 if "many" in costs else 1

    items.sort(key=lambda item: order[item.nodeid])  # stable: each module's tests stay in order


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for every test that runs mypy: each run alone analysed typeshed,
    pydantic and the 460 kB models module again (seconds each); incremental mode over a
    shared cache does that once a session and reports the same errors (mypy replays a
    cached module's errors). Under the worker's own basetemp, never in the repository; the
    tests that take it run one after another on one worker (above). Only runs whose options
    agree reuse each other's modules: all of them are --strict, with follow_imports normal."""
    return tmp_path_factory.mktemp("mypy-cache")


@pytest.fixture(scope="session")
def real_spec() -> Spec:
    return load_real_spec()


@pytest.fixture(scope="session")
def real_docs(real_spec: Spec) -> dict[str, str]:
    """The real spec's docs pages (and nav.yml, search-names.txt), rendered once a process
    for the modules that read them."""
    from acp_spec.index import index_of
    from acp_spec.pipeline import emit_site

    return {
        path: data.decode("utf-8")
        for path, data in emit_site(real_spec, index_of(real_spec)).items()
    }


@pytest.fixture(scope="session")
def expanded_defs(real_spec: Spec) -> dict[str, dict[str, Any]]:
    return expand_types({name: t.schema for name, t in real_spec.types.items()})


@pytest.fixture(scope="session")
def upstream_stable() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads((UPSTREAM_V2 / "schema.json").read_text(encoding="utf-8"))
    return schema


@pytest.fixture(scope="session")
def upstream_unstable() -> dict[str, Any]:
    path = UPSTREAM_V2 / "schema.unstable.json"
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


@pytest.fixture(scope="session")
def upstream_meta_methods(upstream_unstable: dict[str, Any]) -> set[str]:
    """Every method name upstream's v2 schemas mark a def with (``x-method``): the release
    ships no meta.json."""
    names = {d["x-method"] for d in upstream_unstable["$defs"].values() if "x-method" in d}
    assert names, f"no x-method found in {UPSTREAM_V2}/schema.unstable.json"
    return names


# The committed models (generated/python/src) for the modules that test them: imported
# afresh for each module and taken out of sys.modules after it, so that no module meets
# another's copy (tests/test_models.py generates its own, ``made_v2``).
@pytest.fixture(scope="module")
def v2() -> Iterator[ModuleType]:
    """The committed ``acp_models.v2``."""
    yield from import_models()


@pytest.fixture(scope="module")
def retry(v2: ModuleType) -> ModuleType:
    return importlib.import_module("acp_models.v2.retry")


@pytest.fixture(scope="module")
def keys(v2: ModuleType) -> ModuleType:
    return importlib.import_module("acp_models.v2.keys")


@pytest.fixture(scope="module")
def build(v2: ModuleType) -> ModuleType:
    return importlib.import_module("acp_models.v2.build")
