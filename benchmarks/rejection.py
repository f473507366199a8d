"""What refusing a long list costs against accepting one (issue 28), for every def of the
models that holds a list.

    python benchmarks/rejection.py            # every def, N = 20,000 items: a table
    python benchmarks/rejection.py --worst    # the worst ratio of each kind, as JSON rows
                                              # (what benchmarks/run.py reports)
    python benchmarks/rejection.py --smoke    # N = 200, one repetition: proves it works

For each def and list field that a valid vector (generated/vectors/) fills, or else a
document hypothesis draws from the def's schema (tests/schema_strategies.py; the smoke run
draws none), that value with the list holding N copies of its first item (valid), or N
copies of that item made invalid (a member removed, or a value of another type). Measured as ``decode``'s
checked path reads params: ``json.loads``, then the model's validation and the first
failure's path and reason; tolerant as ``validate_tolerant``. CPU seconds (process time,
median of the repetitions); memory as tracemalloc's peak over the text's length, with N/10
items (tracemalloc slows Python tenfold). Targets: refusing ≤ 2× accepting, tolerant ≤ 2×
strict accepting, peak ≤ 20× the text.

Run with generated/python/src on PYTHONPATH (run.py sets it).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pydantic

ROOT = Path(__file__).resolve().parents[1]

from acp_models import v2  # noqa: E402  # after ROOT, for a reader of the docstring

base: Any = sys.modules[v2.decode.__module__]
Sample = tuple[type[pydantic.BaseModel], str | None, Any, Any]  # class, field, wire, item


def valid_values() -> Iterator[tuple[type[pydantic.BaseModel], Any]]:
    """Each valid vector's params or result, with the def it is an instance of."""
    for path in sorted((ROOT / "generated/vectors").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for group in data.get("groups", []) if isinstance(data, dict) else []:
            model = getattr(v2, group.get("def") or "", None)
            if model is None:
                continue
            for case in group["cases"]:
                if case["expect"] == {"valid": True}:
                    message = json.loads(case["message"])
                    if isinstance(message, dict):
                        yield model, message.get("params", message.get("result"))


def drawn_values(covered: Callable[[Any], bool]) -> Iterator[tuple[type[pydantic.BaseModel], Any]]:
    """For each def of the schema, a document hypothesis draws from it that fills a list no
    value before filled (``covered`` is false), if it finds one soon."""
    from hypothesis import HealthCheck, find, settings
    from hypothesis.errors import NoSuchExample, Unsatisfiable

    sys.path.insert(0, str(ROOT / "tests"))
    from schema_strategies import Drawer

    schema = json.loads((ROOT / "generated/schema.unstable.json").read_text(encoding="utf-8"))
    drawer = Drawer(schema)
    quick = settings(database=None, derandomize=True, max_examples=300,
                     suppress_health_check=list(HealthCheck))  # fmt: skip
    for name in sorted(schema["$defs"]):
        model = getattr(v2, name, None)
        if not (isinstance(model, type) and issubclass(model, pydantic.BaseModel)):
            continue

        def new(data: Any, model: type[pydantic.BaseModel] = model) -> bool:
            try:
                return not covered(model.model_validate(data))
            except (pydantic.ValidationError, RecursionError):
                return False

        try:
            yield model, find(drawer.ref(name), new, settings=quick)
        except (NoSuchExample, Unsatisfiable):
            continue


def samples(draw: bool) -> dict[tuple[str, str | None], Sample]:
    """Every (def, list field) a valid vector, or a drawn document, fills, with the def's
    wire value and an item."""
    found: dict[tuple[str, str | None], Sample] = {}

    def walk(node: Any) -> None:
        if isinstance(node, pydantic.RootModel):
            if isinstance(node.root, list) and node.root:
                key = (type(node).__name__, None)
                wire = node.to_wire()  # type: ignore[attr-defined]
                found.setdefault(key, (type(node), None, wire, wire[0]))
            walk(node.root)
        elif isinstance(node, pydantic.BaseModel):
            fields = type(node).model_fields
            for name in node.model_fields_set & fields.keys():  # not the extension fields
                value = getattr(node, name)
                if isinstance(value, list) and value:
                    alias = fields[name].validation_alias or fields[name].alias or name
                    wire = node.to_wire()  # type: ignore[attr-defined]
                    item = wire[alias][0]
                    found.setdefault((type(node).__name__, str(alias)), (type(node), str(alias), wire, item))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)

    for model, data in valid_values():
        try:
            walk(model.model_validate(data))
        except pydantic.ValidationError:
            continue
    if draw:

        def covered(instance: Any) -> bool:
            before = len(found)
            walk(instance)
            added = list(found)[before:]
            for key in added:  # found by the check itself: taken when find returns
                del found[key]
            return not added

        for model, data in drawn_values(covered):
            walk(model.model_validate(data))
    return found


def with_items(sample: Sample, item: Any, n: int) -> Any:
    _, field, wire, _ = sample
    return [item] * n if field is None else {**wire, field: [item] * n}


def invalid_item(sample: Sample) -> Any | None:
    """The sample's item with one member removed, or a member (or itself) of another type:
    the first of those its def refuses."""
    model, _, _, item = sample
    candidates: list[Any] = []
    if isinstance(item, dict):
        candidates += [{k: v for k, v in item.items() if k != key} for key in reversed(item)]
        candidates += [{**item, key: [] if isinstance(v, str) else "x"} for key, v in item.items()]
    candidates += [5, "x", {}]
    for candidate in candidates:
        try:
            model.model_validate(with_items(sample, candidate, 1))
        except pydantic.ValidationError:
            return candidate
    return None


def strict(model: type[pydantic.BaseModel], text: str) -> None:
    data = json.loads(text)
    try:
        model.model_validate(data)
    except pydantic.ValidationError as error:
        base._first_failure(error, data)


def tolerant(model: type[pydantic.BaseModel], text: str) -> None:
    data = json.loads(text)
    try:
        base.validate_tolerant(model, data)
    except pydantic.ValidationError as error:
        base._first_failure(error, data)


def cpu(run: Callable[[], None], reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def peak(run: Callable[[], None]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(n: int, reps: int, draw: bool) -> list[dict[str, Any]]:
    rows = []
    for (name, field), sample in sorted(samples(draw).items(), key=lambda kv: str(kv[0])):
        model = sample[0]
        bad = invalid_item(sample)
        row: dict[str, Any] = {"def": name, "field": field or "(root)"}
        valid_text = json.dumps(with_items(sample, sample[3], n))
        try:
            model.model_validate(json.loads(valid_text))
        except pydantic.ValidationError:
            rows.append({**row, "skipped": f"{n} items are too many for it"})
            continue
        if bad is None:
            rows.append({**row, "skipped": "no invalid item found"})
            continue
        bad_text = json.dumps(with_items(sample, bad, n))
        for item in (sample[3], bad):  # validators built, lenient classes loaded first
            strict(model, json.dumps(with_items(sample, item, 1)))
            tolerant(model, json.dumps(with_items(sample, item, 1)))
        accept = cpu(lambda: strict(model, valid_text), reps)
        refuse = cpu(lambda: strict(model, bad_text), reps)
        lenient = cpu(lambda: tolerant(model, bad_text), reps)
        small_valid = json.dumps(with_items(sample, sample[3], max(n // 10, 1)))
        small_bad = json.dumps(with_items(sample, bad, max(n // 10, 1)))
        rows.append({
            **row,
            "accept": accept,
            "refuse": refuse,
            "tolerant": lenient,
            "memory accept": peak(lambda: strict(model, small_valid)) / len(small_valid),
            "memory refuse": peak(lambda: strict(model, small_bad)) / len(small_bad),
            "memory tolerant": peak(lambda: tolerant(model, small_bad)) / len(small_bad),
        })  # fmt: skip
    return rows


def worst(rows: list[dict[str, Any]]) -> list[tuple[str, float, float, str]]:
    """The worst row of each kind, as run.py's (measure, a, b, target)."""
    done = [r for r in rows if "skipped" not in r]
    out: list[tuple[str, float, float, str]] = []
    for label, a, b, target in (
        ("refuse N invalid ÷ accept N valid, CPU", "refuse", "accept", "≤ 2"),
        ("tolerant N invalid ÷ strict accept N valid, CPU", "tolerant", "accept", "≤ 2"),
    ):
        row = max(done, key=lambda r: r[a] / r[b])
        out.append((f"{label} (worst: {row['def']}.{row['field']})", row[a], row[b], target))
    for kind in ("refuse", "tolerant"):
        row = max(done, key=lambda r: r[f"memory {kind}"])
        out.append((f"{kind} peak memory ÷ message (worst: {row['def']}.{row['field']})",
                    row[f"memory {kind}"], 1.0, "≤ 20"))  # fmt: skip
    return out


def main() -> None:
    smoke = "--smoke" in sys.argv
    n, reps = (200, 1) if smoke else (20_000, 3)
    rows = measure(n, reps, draw=not smoke)
    if "--worst" in sys.argv:
        print(json.dumps(worst(rows)))
        return
    print(f"N = {n}; CPU ms, median of {reps}; memory: tracemalloc peak ÷ text length")
    head = f"{'def.field':58} {'accept':>8} {'refuse':>8} {'r÷a':>5} {'toler.':>8} {'t÷a':>5}"
    print(head + f" {'mem acc':>7} {'mem ref':>7} {'mem tol':>7}")
    for r in rows:
        name = f"{r['def']}.{r['field']}"
        if "skipped" in r:
            print(f"{name:58} skipped: {r['skipped']}")
            continue
        print(
            f"{name:58} {r['accept'] * 1e3:8.1f} {r['refuse'] * 1e3:8.1f} "
            f"{r['refuse'] / r['accept']:5.2f} {r['tolerant'] * 1e3:8.1f} "
            f"{r['tolerant'] / r['accept']:5.2f} {r['memory accept']:7.1f} "
            f"{r['memory refuse']:7.1f} {r['memory tolerant']:7.1f}"
        )
    for label, a, b, target in worst(rows):
        print(f"{label}: {a / b:.2f} (target {target})")


if __name__ == "__main__":
    main()
