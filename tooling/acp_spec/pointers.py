"""JSON Pointers (RFC 6901): a path of keys and indexes written as ``/a/0/b~1c``.

The bottom of the toolchain: it imports nothing of it, so any layer may use it.
"""

from __future__ import annotations

from collections.abc import Iterable

Segment = str | int


def escape(segment: Segment) -> str:
    """One segment as a pointer writes it: ``~`` as ``~0`` first, so the ``~1`` that
    stands for ``/`` is not escaped again."""
    return str(segment).replace("~", "~0").replace("/", "~1")


def unescape(segment: str) -> str:
    """A written segment as it was: ``~1`` first, so ``~01`` reads as ``~1``, not ``/``."""
    return segment.replace("~1", "/").replace("~0", "~")


def pointer(path: Iterable[Segment]) -> str:
    """The pointer of ``path``; ``""`` (the whole document) for an empty one."""
    return "".join("/" + escape(segment) for segment in path)


def segments(written: str) -> list[str]:
    """The segments of a pointer, unescaped; ``[]`` for ``""``. An index stays a string:
    only the value it is applied to says whether ``"0"`` is a key or an index."""
    if written == "":
        return []
    if not written.startswith("/"):
        raise ValueError(f"a JSON Pointer is empty or starts with '/': {written!r}")
    return [unescape(segment) for segment in written[1:].split("/")]
