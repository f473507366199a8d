"""Processes racing on one store: forked at once, held at a barrier, their answers gathered."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any


def race(
    target: Callable[..., None], args: tuple[Any, ...], count: int, timeout: float
) -> list[Any]:
    """Run ``target(*args, n, start, out)`` in ``count`` forked processes (forked: the child
    has the imported package), each waiting at the barrier ``start`` and putting its answer
    on the queue ``out``; the answers, in the order they came, once every process exited 0."""
    context = multiprocessing.get_context("fork")
    start, out = context.Barrier(count), context.Queue()
    workers = [context.Process(target=target, args=(*args, n, start, out)) for n in range(count)]
    for worker in workers:
        worker.start()
    answers = [out.get(timeout=timeout) for _ in workers]
    for worker in workers:
        worker.join(timeout)
        assert worker.exitcode == 0
    return answers
