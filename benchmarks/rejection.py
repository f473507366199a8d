"""What refusing a long list costs against accepting one (issue 28), for every def of the
models that holds a list.

    python benchmarks/rejection.py            # every def, N = 20,000 items: a table
    python benchmarks/rejection.py --worst    # the worst ratio of each kind, as JSON rows
                                              # (what benchmarks/run.py reports)
    python benchmarks/rejection.py --smoke    # N = 200, one repetition: proves it works

For each def and list field that a valid vector (generated/vectors/) fills, or else a
small document made from the def's schema (``made_values``), that value with the list holding N copies of its first item (valid), or N
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
from functools import partial
from pathlib import Path
from typing import Any

import pydantic

ROOT = Path(__file__).resolve().parents[1]

from acp_models import v2  # noqa: E402  # after ROOT, for a reader of the docstring
from acp_models.v2._failures import first_failure  # noqa: E402  # decode's choice of failure

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


def made_values() -> Iterator[tuple[type[pydantic.BaseModel], Any]]:
    """For each def of the schema, and each member where it is a union, a small document
    made from its schema with every list it has holding one item: the defs that no vector
    fills. Only those its model accepts count (a pattern, say, may refuse one)."""
    schema = json.loads((ROOT / "generated/schema.unstable.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    for name, node in sorted(defs.items()):
        model = getattr(v2, name, None)
        if isinstance(model, type) and issubclass(model, pydantic.BaseModel):
            yield from _made(model, node, defs)
    # the classes no def is named after (a tagged union's variants), from their own schema
    for name in v2.__all__:
        model = getattr(v2, name)
        if name not in defs and isinstance(model, type) and issubclass(model, pydantic.BaseModel):
            try:
                own = model.model_json_schema(by_alias=True)
            except Exception:  # pydantic can't write every class's schema
                continue
            yield from _made(model, own, own.get("$defs", {}))


def _made(
    model: type[pydantic.BaseModel], node: dict[str, Any], defs: dict[str, Any]
) -> Iterator[tuple[type[pydantic.BaseModel], Any]]:
    def make(node: Any, depth: int = 0) -> Any:
        if not isinstance(node, dict) or depth > 12:
            return None
        if "$ref" in node:
            return make(defs[node["$ref"].split("/")[-1]], depth + 1)
        if "const" in node:
            return node["const"]
        if "enum" in node:
            return node["enum"][0]
        for key in ("oneOf", "anyOf"):
            if key in node:
                members = [m for m in node[key] if m.get("type") != "null"] or node[key]
                return make(members[0], depth + 1)
        if "allOf" in node:
            parts = [make(member, depth + 1) for member in node["allOf"]]
            others = {k: v for k, v in node.items() if k != "allOf"}
            if others.get("properties"):
                parts.append(make(others, depth + 1))
            if not all(isinstance(part, dict) for part in parts):
                return parts[0]
            merged: dict[str, Any] = {}
            for part in parts:
                merged.update(part)
            return merged
        kind = node.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), "null")
        if kind == "object" or "properties" in node:
            props = node.get("properties", {})
            return {
                name: make(sub, depth + 1)
                for name, sub in props.items()
                if name in node.get("required", ()) or sub.get("type") == "array"
                or "items" in sub
            }  # fmt: skip
        if kind == "array":
            return [make(node.get("items", {}), depth + 1)] * max(node.get("minItems", 1), 1)
        if kind == "string":
            if node.get("format") in ("uri", "uri-reference"):
                return "https://example.com/x"
            return "x" * max(node.get("minLength", 1), 1)
        if kind in ("integer", "number"):
            return node.get("minimum", 1)
        return False if kind == "boolean" else None

    members = node.get("oneOf") or node.get("anyOf") or [node]
    for member in members:
        value = make({**node, **member} if member is not node else node)
        for part in (value, *(value.values() if isinstance(value, dict) else ())):
            yield model, part


def samples() -> dict[tuple[str, str | None], Sample]:
    """Every (def, list field) a valid vector, or a made document, fills, with the def's
    wire value and an item: the vector's where there is one."""
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
                    found.setdefault(
                        (type(node).__name__, str(alias)), (type(node), str(alias), wire, item)
                    )
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
    for model, data in made_values():
        try:
            walk(model.model_validate(data))
        except pydantic.ValidationError:
            continue
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
        first_failure(error, data)


def tolerant(model: type[pydantic.BaseModel], text: str) -> None:
    data = json.loads(text)
    try:
        v2.validate_tolerant(model, data)
    except pydantic.ValidationError as error:
        first_failure(error, data)


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


def measure(n: int, reps: int) -> list[dict[str, Any]]:
    rows = []
    for (name, field), sample in sorted(samples().items(), key=lambda kv: str(kv[0])):
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
        accept = cpu(partial(strict, model, valid_text), reps)
        refuse = cpu(partial(strict, model, bad_text), reps)
        lenient = cpu(partial(tolerant, model, bad_text), reps)
        small_valid = json.dumps(with_items(sample, sample[3], max(n // 10, 1)))
        small_bad = json.dumps(with_items(sample, bad, max(n // 10, 1)))
        rows.append({
            **row,
            "accept": accept,
            "refuse": refuse,
            "tolerant": lenient,
            "memory accept": peak(partial(strict, model, small_valid)) / len(small_valid),
            "memory refuse": peak(partial(strict, model, small_bad)) / len(small_bad),
            "memory tolerant": peak(partial(tolerant, model, small_bad)) / len(small_bad),
        })  # fmt: skip
    return rows


def list_fields() -> int:
    """How many (class, list field) pairs the models have."""
    count = 0
    for name in v2.__all__:
        model = getattr(v2, name)
        if isinstance(model, type) and issubclass(model, pydantic.BaseModel):
            count += sum(
                "list[" in str(f.annotation) and not str(f.annotation).startswith("dict")
                for f in model.model_fields.values()
            )
    return count


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
    rows = measure(n, reps)
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
    done = sum("skipped" not in r for r in rows)
    print(f"measured {done} of the models' {list_fields()} (class, list field) pairs; the rest")
    print("are variants no vector fills and no schema-made document reaches")
    for label, a, b, target in worst(rows):
        print(f"{label}: {a / b:.2f} (target {target})")


if __name__ == "__main__":
    main()
