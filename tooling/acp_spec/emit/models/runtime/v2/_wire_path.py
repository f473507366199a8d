"""A wire path: where in a message a member is, as ``decode``'s errors and repairs name it
(``params.prompt[0].text``, ``params._meta["a.b"]``).

Python's standard library only: the toolchain's vectors load this very file to name the
members they break, so that the vectors and ``decode`` say the same path.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import TypeAlias

__all__ = ["Step", "wire_path"]

# a member's key in an object, or an item's index in an array
Step: TypeAlias = str | int

# a key written after a dot; any other is written as a JSON string in brackets
_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def wire_path(start: str, steps: Iterable[Step]) -> str:
    """``start`` followed by each step: ``[0]`` for an index, ``.name`` for a key that is
    a name, ``["a.b"]`` for any other key."""
    path = start
    for step in steps:
        if isinstance(step, int):
            path += f"[{step}]"
        elif _NAME.fullmatch(step):
            path += f".{step}"
        else:
            path += f"[{json.dumps(step, ensure_ascii=False)}]"
    return path
