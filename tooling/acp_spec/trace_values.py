"""The two markers of a trace's messages: ``$any`` (any value, in an expect) and ``$name``
(a value an earlier expect captured). Read by the rules and the traces emitter alike."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

ANY: Final = "$any"
# `$` and an identifier, exactly: `$/cancel_request` and other method names are not markers
CAPTURE: Final = re.compile(r"\$([a-z][A-Za-z0-9]*)")

PathKey = tuple[str | int, ...]


def capture_name(value: Any) -> str | None:
    """The capture ``value`` refers to (``$messageId`` -> ``messageId``); None for any other
    value, ``$any`` included."""
    if not isinstance(value, str) or value == ANY:
        return None
    found = CAPTURE.fullmatch(value)
    return found.group(1) if found else None


def references(value: Any, path: PathKey = ()) -> Iterator[tuple[PathKey, str]]:
    """Every capture a message refers to, with where it is in the message."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from references(item, (*path, key))
    elif isinstance(value, list):
        for number, item in enumerate(value):
            yield from references(item, (*path, number))
    elif (name := capture_name(value)) is not None:
        yield path, name
