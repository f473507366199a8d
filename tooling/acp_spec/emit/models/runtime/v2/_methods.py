"""The method table: every ACP v2 method by wire name, with its models."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeGuard

from ._names import MethodName, RetryClass

if TYPE_CHECKING:
    import pydantic

__all__ = ["METHODS", "Direction", "Kind", "Method", "MethodName", "RetryClass", "Side",
           "Stability", "is_method_name"]  # fmt: skip

# who sends it
Direction: TypeAlias = Literal["client-to-agent", "agent-to-client", "both"]
# a request, a notification, or a method that is both
Kind: TypeAlias = Literal["request", "notification", "both"]
Stability: TypeAlias = Literal["stable", "unstable", "proposed"]
# who handles it (upstream's x-side): the agent, the client, either, the protocol itself
# ($/ methods) or a proxy chain (proxy/ methods)
Side: TypeAlias = Literal["agent", "client", "both", "protocol", "proxy"]


@dataclass(frozen=True)
class Method:
    """One method: who sends it, what it carries, and what sending it again does."""

    name: MethodName
    direction: Direction
    kind: Kind
    stability: Stability
    # what sending it again does; the same in every direction it is sent in
    retry_class: RetryClass
    # the class in each direction it is sent in (meta.json's retryClasses)
    retry_classes: Mapping[Direction, RetryClass]
    # whether the retry class was audited against the RFD (meta.json's audited)
    audited: bool
    side: Side
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
    model = _LOADED.get(name)
    if model is None:  # decode asks once per message: an import statement each time shows
        from . import _models

        model = _LOADED[name] = getattr(_models, name)
    return model


_LOADED: dict[str, type[pydantic.BaseModel]] = {}


def _table() -> Mapping[MethodName, Method]:
    entries: dict[MethodName, Method] = {
        # slot methods: "<wire name>": Method(...) for each method of the spec
    }
    return MappingProxyType(entries)


# keyed by MethodName: METHODS["session/promt"] is a type error
METHODS: Mapping[MethodName, Method] = _table()


def is_method_name(name: str) -> TypeGuard[MethodName]:
    """Whether ACP v2 has a method ``name``: ``METHODS[name]`` for a name read at run time
    (``if is_method_name(name): METHODS[name]``)."""
    return name in METHODS
