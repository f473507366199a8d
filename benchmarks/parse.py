"""Parse throughput of one library on a corpus of session/prompt params (messages/second).

    python benchmarks/parse.py ours|upstream|jsonschema [--smoke]

``--smoke`` parses a few messages once instead of the whole corpus for a second.

The corpus uses only shapes that are the same in ACP v1 and v2 (prompt content blocks:
text, resource links, images, embedded resources), so the upstream v1 SDK can parse it too.
Each library runs in its own interpreter (upstream's SDK lives in its own venv).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def corpus(size: int = 400) -> list[bytes]:
    rng = random.Random(2)  # the same corpus on every run and machine
    blocks: list[Callable[[int], dict[str, Any]]] = [
        lambda i: {"type": "text", "text": f"Refactor module {i} " * rng.randint(1, 40)},
        lambda i: {"type": "resource_link", "uri": f"file:///src/m{i}.py", "name": f"m{i}.py"},
        lambda i: {"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgo=" * rng.randint(1, 20)},
        lambda i: {"type": "resource", "resource": {"uri": f"file:///src/m{i}.py", "mimeType": "text/x-python",
                                                    "text": "def f():\n    return 1\n" * rng.randint(1, 30)}},
    ]  # fmt: skip
    return [
        json.dumps({
            "sessionId": f"sess_{i:06d}",
            "prompt": [rng.choice(blocks)(i) for _ in range(rng.randint(1, 8))],
        }).encode()
        for i in range(size)
    ]  # fmt: skip


def parser(kind: str) -> Callable[[bytes], object]:
    if kind == "ours":
        from acp_models.v2 import PromptRequest

        return PromptRequest.model_validate_json
    if kind == "upstream":
        from acp.schema import PromptRequest as Upstream

        upstream: Callable[[bytes], object] = Upstream.model_validate_json  # untyped package
        return upstream
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "generated/schema.json").read_text())
    validator = Draft202012Validator({"$ref": "#/$defs/PromptRequest", "$defs": schema["$defs"]})
    return lambda raw: validator.validate(json.loads(raw))


def main() -> None:
    smoke = "--smoke" in sys.argv[2:]
    parse, messages = parser(sys.argv[1]), corpus(20 if smoke else 400)
    for raw in messages[:50]:
        parse(raw)  # warm up: build lazy validators before timing
    count, start = 0, time.perf_counter()
    while count == 0 or (not smoke and time.perf_counter() - start < 1.0):
        for raw in messages:
            parse(raw)
        count += len(messages)
    print(count / (time.perf_counter() - start))


if __name__ == "__main__":
    main()
