"""The toolchain's process-wide caches, found and emptied on demand.

The toolchain keeps what it made across the specs a process loads (``functools.cache`` and
``lru_cache`` functions, ``content.Recent`` memos, weak dictionaries keyed by an index), so
in one test process a test's cost depends on what ran before it: the first ``generate`` on a
worker compiles the format schema, the metaschema and the models' templates, the later ones
find them. ``clear_toolchain_caches`` puts a process back in the state of one that has
loaded nothing, for a test that measures or depends on cold state. The caches are found by
walking ``sys.modules``, not listed, so a cache added or moved is reset with the others
(tests/test_caches.py holds the walk to every cache the source declares).
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from acp_spec.content import Recent

PACKAGE = "acp_spec"


@dataclass(frozen=True)
class Cache:
    where: str  # module.name, or module.Class.name, where the walk found it first
    target: object  # the cached function, the Recent or the weak dictionary
    size: Callable[[], int]
    clear: Callable[[], None]


def _toolchain_modules() -> list[ModuleType]:
    return [
        module
        for name, module in sorted(sys.modules.items())
        if (name == PACKAGE or name.startswith(PACKAGE + ".")) and isinstance(module, ModuleType)
    ]


def _unwrapped(value: Any) -> Any:
    return value.__func__ if isinstance(value, staticmethod | classmethod) else value


def _as_cache(where: str, value: Any) -> Cache | None:
    value = _unwrapped(value)
    if callable(value) and hasattr(value, "cache_clear") and hasattr(value, "cache_info"):
        return Cache(where, value, lambda: int(value.cache_info().currsize), value.cache_clear)
    if isinstance(value, Recent | weakref.WeakKeyDictionary | weakref.WeakValueDictionary):
        return Cache(where, value, lambda: len(value), value.clear)
    return None


def _members(module: ModuleType) -> Iterator[tuple[str, Any]]:
    """Each value the module defines at its top level, and each member of a class it
    defines (a cached static method keeps what it made for the whole process too)."""
    for name, value in vars(module).items():
        yield f"{module.__name__}.{name}", value
        if isinstance(value, type) and value.__module__ == module.__name__:
            for member, inner in vars(value).items():
                yield f"{module.__name__}.{name}.{member}", inner


def toolchain_caches() -> list[Cache]:
    """Every process-wide cache of the toolchain's imported modules, each once (a name
    imported into another module is the same cache)."""
    found: dict[int, Cache] = {}
    for module in _toolchain_modules():
        for where, value in _members(module):
            if id(_unwrapped(value)) in found:
                continue
            cache = _as_cache(where, value)
            if cache is not None:
                found[id(cache.target)] = cache
    return sorted(found.values(), key=lambda cache: cache.where)


def clear_toolchain_caches() -> int:
    """Empties every cache of the toolchain; how many there are."""
    caches = toolchain_caches()
    for cache in caches:
        cache.clear()
    return len(caches)
