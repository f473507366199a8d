"""Load spec/acp-v2.yaml into the typed model, or report every problem in it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import rules
from .diagnostics import Diagnostic, SpecError
from .formatcheck import check_format
from .model import (
    Call,
    ErrorCode,
    Example,
    Method,
    Retry,
    RetryClass,
    Spec,
    TypeDef,
    Upstream,
)
from .yamlsource import PathKey, SourceMap, load

DEFAULT_SPEC = Path("spec/acp-v2.yaml")


def load_spec(path: Path = DEFAULT_SPEC, display: str | None = None) -> Spec:
    """The spec at ``path``; raises SpecError listing every problem found."""
    source = load(path, display)
    data, where = source.data, source.where
    if not isinstance(data, dict):
        raise SpecError([Diagnostic(where.at(()),
            "the spec must be a mapping with version, methods, types, ...; see spec/README.md")])  # fmt: skip
    shape = check_format(data, where)
    broken = {path for path, _ in shape}
    spec = _build(data, where, broken)
    problems = [d for _, d in shape]
    written = rules.Written(
        types=frozenset(_section(data, "types")),
        errors=frozenset(_section(data, "errors")),
        retry_classes=frozenset(_section(data, "retryClasses")),
    )
    problems += rules.check(spec, written)
    if problems:
        raise SpecError(problems)
    return spec


def _section(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _healthy(broken: set[PathKey], prefix: PathKey) -> bool:
    """True when no shape problem lies at or under ``prefix``."""
    return not any(path[: len(prefix)] == prefix for path in broken)


def _build(data: dict[str, Any], where: SourceMap, broken: set[PathKey]) -> Spec:
    def entries(key: str) -> dict[str, Any]:
        return {
            name: value
            for name, value in _section(data, key).items()
            if _healthy(broken, (key, name))
        }

    upstream = _section(data, "upstream")
    return Spec(
        version=data.get("version", 2),
        title=str(data.get("title", "")),
        upstream=Upstream(
            str(upstream.get("repository", "")),
            str(upstream.get("commit", "")),
            str(upstream.get("docs", "")),
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
    )


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
