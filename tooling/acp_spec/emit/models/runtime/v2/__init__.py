"""Pydantic models of every ACP v2 def, ``METHODS``, the method table, and ``decode``,
which reads a JSON-RPC message into them.

The models load on first use: defining several hundred pydantic classes takes longer than
a program wants to wait at import. ``decode`` and its types load on first use too; they
are not in ``__all__``, which lists the method table and the models.
"""

from typing import TYPE_CHECKING

from ._methods import METHODS, Method, MethodName, RetryClass, is_method_name

if TYPE_CHECKING:
    from .. import JsonRpcError as JsonRpcError
    from ._decode import decode as decode, decode_result as decode_result
    from ._encode import encode as encode
    from ._limits import MAX_DEPTH as MAX_DEPTH, MAX_REASON as MAX_REASON
    from ._messages import (
        JsonValue as JsonValue,
        Message as Message,
        Notification as Notification,
        Receiver as Receiver,
        Request as Request,
        Response as Response,
    )
    from ._repairs import Repair as Repair, validate_tolerant as validate_tolerant
    # slot models_import: from ._models import every model, for type checkers

__all__ = [
    "METHODS",
    "Method",
    "MethodName",
    "RetryClass",
    "is_method_name",
    # slot model_names: the name of every model
]

if not TYPE_CHECKING:
    # decode's names, each by the module that has it
    _DECODER = {
        "JsonRpcError": "..",
        "JsonValue": "._messages",
        "MAX_DEPTH": "._limits",
        "MAX_REASON": "._limits",
        "Message": "._messages",
        "Notification": "._messages",
        "Receiver": "._messages",
        "Repair": "._repairs",
        "Request": "._messages",
        "Response": "._messages",
        "decode": "._decode",
        "decode_result": "._decode",
        "encode": "._encode",
        "validate_tolerant": "._repairs",
    }

    def __getattr__(name: str) -> object:
        if name in __all__:
            from . import _models as source
        elif name in _DECODER:
            from importlib import import_module

            source = import_module(_DECODER[name], __name__)
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        # kept in the module: the next read is a plain attribute's, not this call's (90x)
        value = globals()[name] = getattr(source, name)
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__, *_DECODER})
