"""What every job of the value comparison shares: the two views, the renames, where the
findings go, and the comparison of one node, to go down with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .place import Place
from .record import Record
from .renames import Renames
from .view import ProtocolView

Node = Callable[[Any, Any, Place], None]


@dataclass(frozen=True)
class Walk:
    old: ProtocolView
    new: ProtocolView
    renames: Renames
    record: Record
    node: Node  # compares two nodes at a place: each job goes down through it
    # (object, property, into) whose values moved to or from the object's variants: the
    # unions note them, the objects then compare those properties for the rest
    moved: set[tuple[str, str, bool]]


class Part:
    """One job of the value comparison, with what they all share at hand."""

    def __init__(self, walk: Walk) -> None:
        self.old, self.new, self.renames = walk.old, walk.new, walk.renames
        self.emit, self.node, self.moved = walk.record.emit, walk.node, walk.moved
