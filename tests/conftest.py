"""Shared fixtures (the real spec loaded once, upstream's schemas, the mypy cache) and the
run's scheduling; the helpers test modules import are in tests/support."""

from __future__ import annotations

import gc
import json
import os
from pathlib import Path
from typing import Any

import pytest
from acp_spec.defs import expand_types
from acp_spec.model import Spec
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


# Modules whose module-scoped fixtures build something costly (the site, the models): under
# pytest-xdist one worker runs each whole (`--dist loadgroup`), so it is built once, not once
# per worker. The rest, the mutation corpus above all, spreads over every worker.
SHARED_FIXTURES = frozenset({
    "test_browser", "test_docs", "test_models", "test_vectors", "test_decode",
    "test_generated_models",
    # one node tool run for the module (json2ts, Ajv), a generated project (models cache)
    "test_typescript_names", "test_ajv_recipe", "test_models_cache",
})  # fmt: skip


# Modules of a few long tests (tens of seconds each, subprocesses mostly). pytest-xdist hands
# out work in collection order: these and the groups go first, so that the last minute is
# the many short cases (the mutation corpus last of all) that even out the two workers, not
# one long test on one of them while the other has nothing left.
LONG_FIRST = frozenset({
    "test_wheel", "test_benchmarks", "test_generate", "test_traces_run", "test_sdk_types",
    "test_quality", "test_models_cache",
})  # fmt: skip


def _module(item: pytest.Item) -> str:
    return item.module.__name__ if isinstance(item, pytest.Function) else ""


# first: pytest-xdist's own hook turns the marks into the groups it schedules by, so marks
# added after it are never seen (each module's tests then spread over every worker, and its
# costly fixtures are built once per worker)
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        # the mypy runs share one worker's cache (``mypy_cache``), whatever module they are in
        if "mypy_cache" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("mypy_cache"))
        elif "postgres_server" in getattr(item, "fixturenames", ()):
            # one throwaway PostgreSQL cluster (tests/support/pg.py), started by one worker only
            item.add_marker(pytest.mark.xdist_group("postgres_server"))
        elif _module(item) in SHARED_FIXTURES:
            item.add_marker(pytest.mark.xdist_group(_module(item)))

    def order(item: pytest.Item) -> int:
        module = _module(item)
        if module in SHARED_FIXTURES or module in LONG_FIRST:
            return 0
        return 2 if module == "test_mutations" else 1

    items.sort(key=order)  # stable: each module's tests stay together and in their order


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
    from acp_spec.emit.docs import emit_docs
    from acp_spec.index import Index

    return {
        path: data.decode("utf-8") for path, data in emit_docs(real_spec, Index(real_spec)).items()
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
