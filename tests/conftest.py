"""Shared fixtures: where things are, the real spec loaded once, upstream's schemas."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import gc
import json
import os
import re
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from acp_spec.defs import ONE_SCHEMA, SCHEMA_LISTS, SCHEMA_MAPS, expand_types
from acp_spec.model import Spec
from acp_spec.spec import load_spec
from support.pg import pg_url, postgres_server  # noqa: F401  (fixtures: a real PostgreSQL server)

REPO = Path(__file__).resolve().parents[1]
SPEC_PATH = REPO / "spec" / "acp-v2.yaml"
# The reference material lives in shared/ beside the repository (CI lays a copy beside its
# clone); every test finds it through these names, never by rebuilding the path.
REFERENCE = REPO.parent / "shared" / "reference"
# the upstream release the spec follows (spec/upstream/ holds a copy, named in the spec)
UPSTREAM_V2 = REFERENCE / "acp-upstream-npm" / "sdk-2.4.0" / "schema" / "v2"
RFD = REFERENCE / "rfd-v2-idempotency-keys.md"

# Node tools pinned in tests/node/package-lock.json (scripts/test.sh runs `npm ci` there)
NODE_BIN = REPO / "tests" / "node" / "node_modules" / ".bin"


def node_tool(name: str) -> Path:
    """A pinned node tool's command; a clear failure (not a skip) when it is missing, since
    scripts/test.sh installs them all."""
    path = NODE_BIN / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run `npm ci --prefix tests/node` (scripts/test.sh does)")
    return path


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


@contextlib.contextmanager
def once_a_run(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """The folder ``name`` that every worker of this run shares, held under its lock for the
    block: what the first to ask makes there (with a marker that it is done), the others,
    in this worker or another, wait for and take."""
    base = tmp_path_factory.getbasetemp()
    # the workers' folders share a parent that is this run's alone
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    shared.mkdir(exist_ok=True)
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield shared


@contextlib.contextmanager
def time_limit(seconds: int, what: str) -> Iterator[None]:
    """Fail the test if the block takes over ``seconds``: a hang (a command that never
    answers) fails its test instead of stopping the run."""

    def stop(signum: int, frame: FrameType | None) -> None:
        pytest.fail(f"{what} took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@functools.cache
def load_real_spec() -> Spec:
    """The real spec, loaded once a process: for the test modules that make their parameter
    lists of it when they are collected, and for the ``real_spec`` fixture."""
    return load_spec(SPEC_PATH)


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


def write_spec(folder: Path, text: str | None = None) -> Path:
    """A spec in ``folder`` with what it reads beside it (the upstream snapshot, the change
    reports, the published vector ids): ``text``, or the real spec's. Returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("upstream", "changes", "acp-v2.vector-ids.txt"):
        source = SPEC_PATH.parent / name
        if source.is_dir():
            shutil.copytree(source, folder / name, dirs_exist_ok=True)
        else:
            shutil.copy2(source, folder / name)
    path = folder / SPEC_PATH.name
    path.write_text(
        SPEC_PATH.read_text(encoding="utf-8") if text is None else text, encoding="utf-8"
    )
    return path


_SNAPSHOT = re.compile(r"^  schemas:\n    stable: .*\n    unstable: .*\n", re.M)


def without_upstream_snapshot(text: str) -> str:
    """The spec text without `upstream › schemas`: for tests whose synthetic edits (a method
    renamed, a type changed) are about something else than following upstream."""
    out, count = _SNAPSHOT.subn("", text)
    assert count == 1, "the spec's upstream › schemas block changed; update this helper"
    return out


def subschemas(node: Any) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every subschema below ``node``, where JSON Schema nests them."""
    if not isinstance(node, dict):
        return
    for key in ONE_SCHEMA:
        if key in node:
            yield node, key
            yield from subschemas(node[key])
    for key in SCHEMA_LISTS:
        if isinstance(node.get(key), list):
            for number, item in enumerate(node[key]):
                yield node[key], number
                yield from subschemas(item)
    for key in SCHEMA_MAPS:
        if isinstance(node.get(key), dict):
            for name, item in node[key].items():
                yield node[key], name
                yield from subschemas(item)
