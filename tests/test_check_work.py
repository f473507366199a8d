"""`check` on specs of many types takes work in proportion to them: counted, not timed."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from acp_spec import spec as spec_module
from acp_spec.diagnostics import SpecError
from acp_spec.formatcheck import check_format
from acp_spec.model import Spec, TypeDef
from acp_spec.rules.references import reference_loops
from acp_spec.yamlsource import PathKey
from support.paths import SPEC_PATH
from support.specs import write_spec


class CountedPath(tuple[str | int, ...]):
    """A broken place whose parts are counted each time they are read."""

    reads = 0

    def __getitem__(self, key: Any) -> Any:
        CountedPath.reads += 1
        return super().__getitem__(key)


def with_types(entries: str) -> str:
    """The real spec's text with ``entries`` (lines under ``types:``) first among its types."""
    return SPEC_PATH.read_text(encoding="utf-8").replace("types:\n", "types:\n" + entries, 1)


def test_thousands_of_broken_types_take_linear_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each entry of the spec was compared with every broken path (8,000 types without a
    description: 34.6 million steps, 12 s; 32,000: minutes). The reads of the broken paths
    are counted: once each, not once for each entry."""
    count = 1000
    path = write_spec(
        tmp_path, with_types("".join(f"  T{n}:\n    type: string\n" for n in range(count)))
    )

    def counted(data: Any, where: Any) -> list[tuple[PathKey, Any]]:
        return [(CountedPath(p), d) for p, d in check_format(data, where)]

    monkeypatch.setattr(spec_module, "check_format", counted)
    CountedPath.reads = 0
    with pytest.raises(SpecError) as raised:
        spec_module.load_checked(path)
    missing = [d for d in raised.value.diagnostics if "missing 'description'" in d.message]
    assert len(missing) == count
    # a few reads a path; before, one a path for each of the spec's ~1,700 entries
    assert CountedPath.reads <= 5 * count


@contextmanager
def calls_counted() -> Iterator[Callable[[], int]]:
    """How many functions (Python's and built-in ones) run in the block: its work."""
    calls = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(profile)
    try:
        yield lambda: calls
    finally:
        sys.setprofile(None)


def chain(real_spec: Spec, count: int, *, back: bool = False) -> Spec:
    """The real spec's types and T0 → T1 → ... → T<count>, each the next (T<count> back to
    T0 if ``back``)."""
    links = {f"T{n}": TypeDef(f"T{n}", {"$ref": f"T{n + 1}"}) for n in range(count)}
    end = {"$ref": "T0"} if back else {"type": "string"}
    links[f"T{count}"] = TypeDef(f"T{count}", end)
    return dataclasses.replace(real_spec, types={**links, **real_spec.types})


def test_a_chain_of_references_is_walked_in_linear_work(real_spec: Spec) -> None:
    """The walk for reference cycles started again from every type, copying the chain at
    each step: a chain of N references took N³ steps (x3.3, then x4.3, per doubling;
    32,000 types, 53 s), and one over a thousand long overflowed Python's stack."""
    work = []
    for count in (400, 800):
        spec = chain(real_spec, count)
        with calls_counted() as calls:
            assert reference_loops(spec) == ()
        work.append(calls())
    assert work[1] <= 2.5 * work[0], work  # was x4 and more
    assert reference_loops(chain(real_spec, 5000)) == ()  # RecursionError before


def test_a_long_loop_is_reported_once_where_it_starts(real_spec: Spec) -> None:
    loops = reference_loops(chain(real_spec, 5000, back=True))
    assert len(loops) == 1
    names, where = loops[0]
    assert names == [f"T{n}" for n in range(5001)]
    assert where == ("types", "T0", "$ref")
