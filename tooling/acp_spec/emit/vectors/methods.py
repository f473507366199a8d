"""A method's vector file: its groups, in order: the spec's examples and their results, the
keyed cases and retries (keyed.py), carried keyed messages, then every constraint of each
params def along its first example, and the union variants later examples take (derive.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from ...defs import ref_target
from ...index import Index
from ...model import Method, Spec
from .cases import Case, Codes, Group, Json, message, text, wire_path, words_slug
from .derive import Walker
from .keyed import KEYED_ABOUT, carried_cases, check_key_cases, keyed_cases, label, retry_cases


def method_groups(
    spec: Spec, index: Index, method: Method, slug: str, walker: Walker, codes: Codes
) -> list[Group]:
    groups: list[Group] = []
    path = index.keys.key_property(method)

    def add(kind: str, def_name: str, description: str, cases: Sequence[Case]) -> None:
        if cases and kind == "request" and path is not None:
            cases = [with_reads(c, path) for c in cases]
        if cases:
            groups.append(Group(description, cases, method.name, kind, def_name))

    for call in method.calls:
        examples = [e for e in method.examples if e.kind == call.kind]
        where = "" if call.kind == "request" else "notification-"
        add(call.kind, call.params, f"The spec's `{method.name}` {call.kind} examples: each is "
            "a valid message.", [
            Case(f"{slug}.{where}example.{words_slug(e.title)}", f"{e.title}: a spec example.",
                 text(message(call.kind, method.name, e.params)))
            for e in examples
        ])  # fmt: skip
        if call.result is not None:
            add("response", call.result, f"The results of the spec's `{method.name}` examples, "
                "as responses to request 1: each is a valid message.", [
                Case(f"{slug}.result.{words_slug(e.title)}", f"The result of '{e.title}'.",
                     text({"jsonrpc": "2.0", "id": 1, "result": e.result}))
                for e in examples
            ])  # fmt: skip
    written: list[Case] = []
    if method.request is not None:
        params = method.request.params
        if path is not None:
            written = keyed_cases(method, slug, path, codes)
            retries = retry_cases(method, slug, path)
            top = {"$ref": ref_target(params)}
            check_key_cases(method, [*written, *retries], lambda p: walker.valid(top, p))
            add("request", params, KEYED_ABOUT.format(key=label(path), method=method.name,
                bad=codes.params), written)  # fmt: skip
            add("request", params, f"Retries of `{method.name}` (retry class `keyed`): what "
                "the key links, as messages.", retries)  # fmt: skip
        add("request", params, f"`{method.name}` carrying a keyed message: the key is "
            "forwarded unchanged.", carried_cases(spec, index, method, slug, codes))  # fmt: skip
    # the walk meets the key's own constraints too: the keyed cases already say those
    taken = {c.message for c in written}
    for call in method.calls:
        examples = [e for e in method.examples if e.kind == call.kind]
        walks = walker.derive(method, call.kind, call.params, examples, slug)
        for number, (example, cases) in enumerate(walks):
            if number == 0:
                about = (f"Every constraint of `{call.params}` (from generated/schema.unstable.json), "
                         f"each exercised by changing one field of the first `{method.name}` "
                         f"{call.kind} example.")  # fmt: skip
            else:
                about = (f"The constraints under the union variants '{example.title}' takes "
                         "that no earlier example takes, each exercised by changing one field "
                         "of it.")  # fmt: skip
            add(call.kind, call.params, about, [c for c in cases if c.message not in taken])
    return groups


def with_reads(case: Case, path: tuple[str, ...]) -> Case:
    """A valid request ``case`` that carries a key at ``path`` in its params, with the key
    as what a receiver must have read (``reads``): accepting a keyed request while losing
    the key is the failure the RFD exists to prevent. A key UTF-8 can't carry (a lone
    surrogate) can't be written as a value; that case says why in its divergence note."""
    if case.error is not None:
        return case
    params: Json = json.loads(case.message).get("params")
    for step in path:
        params = params.get(step) if isinstance(params, dict) else None
    if not isinstance(params, str) or not _utf8(params):
        return case  # no key (omitted, null, or outside the params): nothing to read
    return replace(case, reads=((wire_path("params", path), params),))


def _utf8(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
