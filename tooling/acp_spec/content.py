"""Digests of values, for the caches that are keyed by exactly what they are given.

A cache keyed by less than all of its inputs answers for a spec it never saw (the models
step once called a stale package current that way), and one keyed by an object's identity
answers for what the object held when it was first asked. So a cache here is keyed by the
digest of the whole value it computes from.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


def digest(value: Any) -> str:
    """A sha256 that two values share only when they are equal, types and key order
    included (``1``, ``1.0`` and ``True`` differ; so do ``{a, b}`` and ``{b, a}``).

    It digests the value's pickle, which writes every str, number and container exactly and
    in order; in pickle's fast mode, without its memo, so that how the value's parts are
    shared does not matter either. It takes a fifth of the time of ``json.dumps``, which
    counts for a schema of a few hundred kilobytes asked on every load."""
    return digest_of(pickled(value))


def pickled(value: Any) -> bytes:
    """What :func:`digest` digests: the value's pickle, every part written out where it is
    (so every str of it, a dict's keys included, is in it as its UTF-8 bytes)."""
    written = io.BytesIO()
    pickler = pickle.Pickler(written, protocol=5)
    pickler.fast = True  # every part written out where it is, however often it occurs
    pickler.dump(value)
    return written.getvalue()


def digest_of(data: bytes) -> str:
    """:func:`digest` of the value ``data`` is the :func:`pickled` form of."""
    return hashlib.sha256(data).hexdigest()


class Recent(Generic[V]):
    """The last few values a process made, each by the digest of what it is made of: a run
    that loads many specs alike (the tests, ``docs serve`` after an edit) makes each once."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._made: OrderedDict[str, V] = OrderedDict()

    def get(self, key: str, make: Callable[[], V]) -> V:
        """The value made for ``key``, made by ``make`` if it is not among the last few."""
        if key in self._made:
            self._made.move_to_end(key)
            return self._made[key]
        made = self._made[key] = make()
        if len(self._made) > self._size:
            self._made.popitem(last=False)
        return made

    def __len__(self) -> int:
        return len(self._made)

    def clear(self) -> None:
        """Forget every value (a test that needs a process that has made nothing yet)."""
        self._made.clear()
