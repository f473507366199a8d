"""The spec's YAML tree, read with positions (yamlsource), made into the typed model: each
section and entry that has no format problem becomes its record of ``model``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .model import (
    AddedProperty,
    Call,
    Departure,
    Difference,
    ErrorCode,
    Example,
    KeyedExample,
    KeyedMessage,
    KeyedPrompts,
    KeyedSection,
    Method,
    Outcome,
    Retry,
    RetryClass,
    Spec,
    Step,
    Trace,
    TypeDef,
    Upstream,
)
from .yamlsource import PathKey, SourceMap


def _difference(entry: Mapping[str, Any]) -> Difference:
    added = tuple(
        AddedProperty(name, bool(record["required"]), bool(record["nullable"]))
        for name, record in entry.get("adds", {}).items()
    )
    return Difference(
        entry["type"], entry["kind"], tuple(a.name for a in added), entry["why"], added
    )


def section(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


# The deepest place whose health is asked: an entry of a section (``types › Foo``).
_ENTRY_DEPTH = 2


def damaged_paths(broken: Iterable[PathKey]) -> frozenset[PathKey]:
    """The sections and entries that a shape problem lies in, made once: asking whether one
    is healthy is then a look-up. Comparing each entry with every broken path was N x M
    steps (a spec of 8,000 types without descriptions: 34.6 million, 12 s)."""
    return frozenset(path[:n] for path in broken for n in range(1, _ENTRY_DEPTH + 1))


def healthy(damaged: frozenset[PathKey], prefix: PathKey) -> bool:
    """True when no shape problem lies at or under ``prefix`` (``damaged``: ``damaged_paths``'s)."""
    assert 0 < len(prefix) <= _ENTRY_DEPTH, prefix  # deeper places are not in ``damaged``
    return prefix not in damaged


def build_spec(
    data: dict[str, Any],
    where: SourceMap,
    broken: frozenset[PathKey],
    snapshot: Mapping[str, Mapping[str, Any] | None],
) -> Spec:
    def entries(key: str) -> dict[str, Any]:
        return {
            name: value
            for name, value in section(data, key).items()
            if healthy(broken, (key, name))
        }

    upstream = section(data, "upstream")
    return Spec(
        version=data.get("version", 2),
        title=str(data.get("title", "")),
        upstream=Upstream(
            str(upstream.get("repository", "")),
            str(upstream.get("docs", "")),
            package=_optional_text(upstream.get("package")),
            version=_optional_text(upstream.get("version")),
            commit=_optional_text(upstream.get("commit")),
            stable=snapshot.get("stable"),
            unstable=snapshot.get("unstable"),
            differences=tuple(_difference(d) for d in upstream.get("differences", []))
            if healthy(broken, ("upstream", "differences"))
            else (),
            departures=tuple(
                Departure(d.get("method"), tuple(d.get("forms", ())), d["why"])
                for d in upstream.get("departures", [])
            )
            if healthy(broken, ("upstream", "departures"))
            else (),
        ),
        retry_classes={
            cid: RetryClass(cid, c["title"], c["meaning"], c["rule"], c.get("derived", False))
            for cid, c in entries("retryClasses").items()
        },
        errors={
            name: ErrorCode(name, e["code"], e["title"], e["description"])
            for name, e in entries("errors").items()
        },
        methods={name: _method(name, m) for name, m in entries("methods").items()},
        types={name: TypeDef(name, t) for name, t in entries("types").items()},
        where=where,
        traces=tuple(
            _trace(n, t)
            for n, t in enumerate(data.get("traces", []))
            if healthy(broken, ("traces", n))
        )
        if isinstance(data.get("traces"), list)
        else (),
        keyed_prompts=_keyed(data["keyedPrompts"])
        if isinstance(data.get("keyedPrompts"), dict) and healthy(broken, ("keyedPrompts",))
        else None,
    )


def _trace(number: int, raw: dict[str, Any]) -> Trace:
    return Trace(
        number=number,
        id=raw["id"],
        title=raw["title"],
        rule=raw["rule"],
        description=raw["description"],
        side=raw["side"],
        capability=raw.get("capability"),
        steps=tuple(_step(step) for step in raw["steps"]),
        transports=tuple(raw["transports"]) if "transports" in raw else None,
    )


def _step(raw: dict[str, Any]) -> Step:
    ((kind, body),) = raw.items()
    if kind == "connect":
        return Step("connect", connection=body)
    if kind == "wait":
        return Step("wait", ms=body)
    if kind == "user":
        return Step("user", action=body["action"], text=body.get("text"))
    if kind == "fault":
        return Step("fault", connection=body.get("on"), fault=body["type"], store=body.get("store"))
    on, sender, label = body["on"], body["from"], body.get("as")
    also = tuple(body.get("also", ()))
    if kind == "send":
        return Step("send", connection=on, also=also, sender=sender, label=label,
                    message=body["message"], valid=body.get("valid", True))  # fmt: skip
    alternatives = body.get("oneOf", [body] if "message" in body else [])
    outcomes = tuple(
        Outcome(o["message"], o.get("match", "subset"), tuple(o.get("absent", ())),
                dict(o.get("capture", {})), o.get("contains"))
        for o in alternatives
    )  # fmt: skip
    return Step("expect", connection=on, also=also, sender=sender, label=label, outcomes=outcomes,
                within=body.get("within"), after=body.get("after"), count=body.get("count"),
                when=body.get("when"))  # fmt: skip


def _rule(raw: str | dict[str, Any]) -> tuple[str, tuple[str, ...], str]:
    """A keyed-prompt rule: its text alone, or with the traces that exercise it."""
    if isinstance(raw, str):
        return raw, (), ""
    return raw["text"], tuple(raw.get("traces", ())), raw.get("untested", "")


def _keyed(raw: dict[str, Any]) -> KeyedPrompts:
    sections = tuple(
        KeyedSection(
            id=s["id"], title=s["title"], text=s.get("text", ""),
            columns=tuple(s.get("table", {}).get("columns", ())),
            rows=tuple(tuple(r) for r in s.get("table", {}).get("rows", ())),
            rules=tuple(_rule(r)[0] for r in s.get("rules", ())), after=s.get("after", ""),
            rule_traces=tuple(_rule(r)[1] for r in s.get("rules", ())),
            rule_untested=tuple(_rule(r)[2] for r in s.get("rules", ())),
            diagram=s.get("diagram", ""),
        )
        for s in raw["sections"]
    )  # fmt: skip
    examples = tuple(
        KeyedExample(e["title"], e.get("text", ""), tuple(
            KeyedMessage(m["label"], m["message"], m.get("valid", True)) for m in e["messages"]
        ))
        for e in raw.get("examples", ())
    )  # fmt: skip
    terms = tuple((t["term"], t["definition"]) for t in raw.get("terms", ()))
    return KeyedPrompts(raw["method"], raw["rfd"], terms, sections, examples)


def _optional_text(value: Any) -> str | None:
    return None if value is None else str(value)


def _method(name: str, raw: dict[str, Any]) -> Method:
    calls = []
    if "request" in raw:
        calls.append(Call("request", raw["request"]["params"], raw["request"]["result"]))
    if "notification" in raw:
        calls.append(Call("notification", raw["notification"]["params"], None))
    return Method(
        name=name,
        summary=raw["summary"],
        description=raw.get("description", ""),
        sender=raw["direction"],
        stability=raw["stability"],
        audited=raw["audited"],
        capability=raw.get("capability"),
        docs=raw["docs"],
        calls=tuple(calls),
        retry=tuple(
            Retry(direction, entry["class"], entry["again"])
            for direction, entry in raw["retry"].items()
        ),
        errors=tuple(raw["errors"]),
        examples=tuple(
            Example(
                title=ex["title"],
                kind="request" if "result" in ex else "notification",
                params=ex["params"],
                result=ex.get("result"),
            )
            for ex in raw["examples"]
        ),
    )
