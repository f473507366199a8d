"""The spec's JSON Schema documents, as generated/schema*.json hold them."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from ..document import build_schema
from ..model import Spec


class StableSchema:
    """generated/schema.json: the stable methods and what they reach, as upstream's
    schema.json holds it; made when first asked (the emitters ask, the rules do not).
    ``spec``: read for its methods and types alone."""

    def __init__(self, spec: Spec) -> None:
        self._spec = spec

    @cached_property
    def schema(self) -> dict[str, Any]:
        return build_schema(self._spec, "stable")
