"""The method table: every ACP v2 method by wire name, with its models."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pydantic


@dataclass(frozen=True)
class Method:
    """One method: who sends it, what it carries, and what sending it again does."""

    name: str
    direction: str  # client-to-agent | agent-to-client | both
    kind: str  # request | notification | both
    stability: str  # stable | unstable | proposed
    retry_class: str
    params_def: str
    result_def: str | None
    notification_params_def: str | None

    # Classes by property, so that reading the table loads no model.
    @property
    def params(self) -> type[pydantic.BaseModel]:
        """The params model: the request's, or the notification's if there is no request."""
        return _model(self.params_def)

    @property
    def result(self) -> type[pydantic.BaseModel] | None:
        """The result model; None for a notification."""
        return None if self.result_def is None else _model(self.result_def)

    @property
    def notification_params(self) -> type[pydantic.BaseModel] | None:
        """For a method that is both a request and a notification: the notification's."""
        if self.notification_params_def is None:
            return None
        return _model(self.notification_params_def)


def _model(name: str) -> type[pydantic.BaseModel]:
    from . import _models

    model: type[pydantic.BaseModel] = getattr(_models, name)
    return model


METHODS: Mapping[str, Method] = MappingProxyType(
    {
        # slot methods: "<wire name>": Method(...) for each method of the spec
    }
)
