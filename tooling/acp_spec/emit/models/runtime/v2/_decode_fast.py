"""``decode``'s fast path: a valid call read by pydantic-core in one pass.

Most messages are valid calls of a method the receiver handles. For those, one
``validate_json`` of an envelope made for the method (jsonrpc, the id where the method is a
request, method, params: nothing else) reads the text and checks it in pydantic-core,
without ``json`` and without the Python checks of the checked path (``_decode``). It can
only ever accept: whatever it refuses, or isn't sure of, goes to the checked path, which
answers exactly as before. So the fast path takes a message only where the checked one
would take it, with the same params:

- the envelope forbids every other key (an extra member, ``result``, ``error``, an ``id``
  on a notification) and takes the id strictly (a string or an integer: not 1.0, not null);
- the method is guessed from the text; the envelope then checks the method it was made
  for, so a wrong guess (a "method" key inside the params) is only a miss;
- pydantic-core's parser reads NaN and Infinity, which JSON (and the checked path's parser)
  refuses: text that holds either, even inside a string, goes the checked way. What else it
  refuses that ``json`` takes (lone surrogates, nesting deeper than MAX_DEPTH) is only a
  miss; an integer of more digits than ``json`` reads it refuses too ("number out of
  range"), and a number beyond a double's range (1e400) it reads as an infinity, which the
  models refuse (``allow_inf_nan=False``, ``_limits``): a miss, which the checked path
  answers;
- the params are the same classes, validated in JSON mode instead of Python mode; the
  models hold only JSON's types (str, int, float, bool, lists, dicts, Literal), which
  both modes read alike, and every Python check (a `not`, a route) gets the same value.

tests/test_decode.py holds both paths to the same outcome on every vector.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, AnyStr, ClassVar, Literal

import pydantic
from pydantic import ConfigDict

from ._messages import Notification, Request
from ._methods import METHODS, is_method_name

__all__ = ["decode_fast"]

_GUESS_TEXT = re.compile(r'"method"[ \t\n\r]*:[ \t\n\r]*"([^"\\]+)"')
_GUESS_BYTES = re.compile(rb'"method"[ \t\n\r]*:[ \t\n\r]*"([^"\\]+)"')


class _Envelope(pydantic.BaseModel):
    """A valid call of one method, read whole; each method's adds ``params``, its model,
    and ``id`` for a request."""

    model_config: ClassVar[ConfigDict] = ConfigDict(strict=True, extra="forbid")

    jsonrpc: Literal["2.0"]
    method: str


class _Reader:
    """How the fast path reads one method's calls (requests, or notifications)."""

    __slots__ = ("both", "name", "request", "validate_json")

    def __init__(
        self, name: str, request: bool, both: bool, validate_json: Callable[[str | bytes], Any]
    ) -> None:
        self.name, self.request, self.both = name, request, both
        # pydantic-core's own: model_validate_json is a Python call around it
        self.validate_json = validate_json


# The readers made so far, for the receiver (decode's `handled`), by the method's name as
# guessed (str or bytes, as the text came); of the methods that are only requests or only
# notifications (a both's reader is chosen by whether the text has an "id").
_READY: dict[tuple[str, ...] | None, dict[str | bytes, _Reader]] = {}
# For the receiver, the start of the last text the guess read, up to the method's name, and
# its reader: a stream's next message most often starts the same (one comparison, where the
# regular expression is a tenth of the fast path's time).
_LAST_TEXT: dict[tuple[str, ...] | None, tuple[str, _Reader]] = {}
_LAST_BYTES: dict[tuple[str, ...] | None, tuple[bytes, _Reader]] = {}
# (method, whether a request) -> its reader; or how often it was asked for, until the second
# time: a program that reads one message of a method never pays for its reader (making one
# reuses the params' validator: ~6 ms for session/update's)
_READERS: dict[tuple[str, bool], _Reader | int] = {}


def decode_fast(raw: str | bytes, handled: tuple[str, ...] | None) -> Request | Notification | None:
    """The call in ``raw`` if it is a valid one, read in one pass; None to read it checked."""
    # a one-character search first: it is memchr, a word's is not
    if isinstance(raw, str):
        if ("N" in raw and "NaN" in raw) or "Infinity" in raw:
            return None
        reader = _guess(raw, _GUESS_TEXT, _LAST_TEXT, handled)
    else:
        if (78 in raw and b"NaN" in raw) or b"Infinity" in raw:  # 78: "N"
            return None
        reader = _guess(raw, _GUESS_BYTES, _LAST_BYTES, handled)
    if reader is None:
        return None
    try:
        message = reader.validate_json(raw)
    except pydantic.ValidationError:
        return None
    if message.method != reader.name:
        return None  # the guess was another member's
    # the frozen dataclasses' own __init__ sets each field through object.__setattr__,
    # a sixth of this path's time: the same instance, its fields put in place at once
    if reader.request:
        request = _new(Request)
        request.__dict__.update(
            id=message.id, method=reader.name, params=message.params, repairs=()
        )
        return request
    notification = _new(Notification)
    notification.__dict__.update(method=reader.name, params=message.params, repairs=())
    return notification


_new = object.__new__


def _guess(
    raw: AnyStr,
    pattern: re.Pattern[AnyStr],
    last: dict[tuple[str, ...] | None, tuple[AnyStr, _Reader]],
    handled: tuple[str, ...] | None,
) -> _Reader | None:
    """The reader of the method ``raw`` seems to call, if there is one."""
    start = last.get(handled)
    if start is not None and raw[: len(start[0])] == start[0]:
        return start[1]
    found = pattern.search(raw)
    if found is None:
        return None
    ready = _READY.get(handled)
    reader = None if ready is None else ready.get(found[1])
    if reader is None:
        reader = _reader(found[1], raw, handled)
        if reader is None:
            return None
    if not reader.both:
        last[handled] = (raw[: found.end()], reader)
    return reader


def _reader(
    guess: str | bytes, raw: str | bytes, handled: tuple[str, ...] | None, make_at: int = 2
) -> _Reader | None:
    """The reader of the method named ``guess``, if the fast path may read it: one of ACP v2
    (not an extension's) that the receiver handles; a request's where the method is only a
    request, or where it is both and the text has an "id". Made the ``make_at``-th time it
    is asked for."""
    name = guess if isinstance(guess, str) else guess.decode("utf-8", "replace")
    entry = METHODS[name] if is_method_name(name) else None
    if entry is None or (handled is not None and entry.direction not in handled):
        return None
    if entry.kind == "both":
        request = ('"id"' in raw) if isinstance(raw, str) else (b'"id"' in raw)
    else:
        request = entry.kind == "request"
    key = (name, request)
    found = _READERS.get(key, 0)
    if isinstance(found, int):
        if found + 1 < make_at:
            _READERS[key] = found + 1
            return None
        model = entry.params
        if not request and entry.notification_params is not None:
            model = entry.notification_params
        fields: dict[str, Any] = {"params": (model, ...)}
        if request:
            fields["id"] = (str | int, ...)
        envelope = pydantic.create_model(f"_Envelope_{name}", __base__=_Envelope, **fields)
        validate = envelope.__pydantic_validator__.validate_json
        found = _READERS[key] = _Reader(name, request, entry.kind == "both", validate)
    if not found.both:
        _READY.setdefault(handled, {})[guess] = found
    return found
