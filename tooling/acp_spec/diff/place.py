"""Where the value comparison is, on each side, in words and in the def it belongs to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..pointers import pointer
from .view import Flow


@dataclass(frozen=True)
class Place:
    """Where the comparison is: a pointer on each side, words for people, the def's flow."""

    old: str  # JSON pointer in the old document
    new: str  # JSON pointer in the new document
    label: str  # PromptRequest.prompt[], ContentBlock<text>
    flow: Flow
    owner: str  # the def (by its new name) this place belongs to
    rel: str = ""  # the pointer below the owner def, for the docs finding
    inline: bool = False  # comparing two different defs: their docs are not a change
    catch_all: bool = False  # an open union's catch-all: its `not` guard is derived

    def down(self, old: Sequence[str], new: Sequence[str], label: str) -> Place:
        return replace(
            self,
            old=self.old + pointer(old),
            new=self.new + pointer(new),
            label=label,
            rel=self.rel + pointer(new),
            catch_all=False,
        )
