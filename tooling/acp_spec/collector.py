"""The cyclic garbage collector, tuned for what a run of the toolchain makes."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The cyclic garbage collector held off while the spec is read, checked and built.
    Reading makes tens of thousands of containers, none of them garbage, and checking
    hundreds of thousands of objects, nearly all freed by their reference counts when it
    ends; the collector, run every few hundred of them, walked the young ones again and
    again, and every few thousand the whole heap with the loaded tree: a fifth of the
    phase's CPU. What the phase leaves (the tree, the spec, the index) lives as long as the
    run: it goes to the oldest generation at once (frozen and unfrozen), instead of being
    walked by the next young collection first, 10 to 30 ms a load. Its cycles (a few
    thousand objects, a failed load's traceback among them) wait for the next full
    collection; a process that loads again and again collects them itself (``docs serve``
    does after each rebuild). A caller that held the collector off already keeps it off,
    and one that froze objects of its own keeps them frozen (unfreezing hands back all)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def tune_for_a_run() -> None:
    """A run builds one large, long-lived spec and index: with the default thresholds the
    collector walks them again and again (a tenth of a `check`); cycles are few."""
    gc.set_threshold(10_000, 20, 1000)
