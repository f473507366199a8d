"""The notes that generated files start with, where their format allows one."""

from __future__ import annotations

from typing import Final

from .constants import GENERATED_NOTE

# Every generated docs page's first line. In site/docs/, which hand-written pages share, it
# is what tells the writer that a page is generated.
PAGE_NOTE: Final = f"<!-- {GENERATED_NOTE} -->"
