"""Seconds to run every vector in generated/vectors/ through one layer.

python benchmarks/vectors.py schema|models [--smoke]

``--smoke`` runs the first 50 vectors only.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def cases() -> list[dict[str, Any]]:
    files = sorted((ROOT / "generated/vectors").rglob("*.json"))
    found = []
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        for group in data.get("groups", []) if isinstance(data, dict) else []:
            found.extend(group["cases"])
    return found


def main() -> None:
    all_cases = cases()[:50] if "--smoke" in sys.argv[2:] else cases()
    if sys.argv[1] == "schema":
        from jsonschema import Draft202012Validator

        validator = Draft202012Validator(
            json.loads((ROOT / "generated/schema.unstable.json").read_text())
        )

        def run(text: str) -> None:
            with contextlib.suppress(ValueError):
                validator.is_valid(json.loads(text))
    else:
        from acp_models import JsonRpcError
        from acp_models.v2 import decode

        def run(text: str) -> None:
            with contextlib.suppress(JsonRpcError):
                decode(text)

    start = time.perf_counter()
    for case in all_cases:
        run(case["message"])
    print(time.perf_counter() - start)


if __name__ == "__main__":
    main()
