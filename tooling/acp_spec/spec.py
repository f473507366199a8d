"""Load spec/acp-v2.yaml into the typed model, or report every problem in it."""

from __future__ import annotations

import gc
import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from . import rules
from .content import Recent
from .diagnostics import Diagnostic, Position, SpecError, stamped
from .formatcheck import check_format
from .history import read_releases
from .index import Index, index_of, with_findings
from .jsontext import parse_json
from .metaschema import schema_problem
from .model import (
    AddedProperty,
    Call,
    Change,
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
from .readfile import regular_bytes, regular_text
from .vector_ids import ids_path, read_published
from .yamlsource import MAX_BYTES, MAX_DEPTH, PathKey, Source, SourceMap, load

DEFAULT_SPEC = Path("spec/acp-v2.yaml")


def load_spec(
    path: Path = DEFAULT_SPEC, display: str | None = None, *, history: bool = False
) -> Spec:
    """The spec at ``path``; raises SpecError listing every problem found (``load_checked``)."""
    return load_checked(path, display, history=history)[0]


def load_checked(
    path: Path = DEFAULT_SPEC, display: str | None = None, *, history: bool = False
) -> tuple[Spec, Index]:
    """The spec at ``path`` and the index its rules were checked with, which the emitters
    go on with (its facts are made once a run); raises SpecError listing every problem found.

    ``history``: a spec at an earlier revision, read to be compared (``acp-spec diff
    git:REF``). It was checked by the rules of its day, which today's may not be: the rules
    are not run, and of the format only what the build needs is held (``upstream`` is how it
    followed upstream then, not a protocol fact)."""
    with _collector_paused():
        try:
            source = load(path, display)
        except SpecError as err:
            raise SpecError(stamped(err.diagnostics, "yaml")) from None
        return _checked(source, path, history=history)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while the spec is read, checked and built.
    Reading makes tens of thousands of containers, none of them garbage, and checking
    hundreds of thousands of objects, nearly all freed by their reference counts when it
    ends; the collector, run every few hundred of them, walked the young ones again and
    again, and every few thousand the whole heap with the loaded tree: a fifth of the
    phase's CPU. What the phase leaves (the tree, the spec, the index) lives as long as the
    run: it goes to the oldest generation at once (frozen and unfrozen), instead of being
    walked by the next young collection first, 10 to 30 ms a load. Its cycles (a few
    thousand objects, a failed load's traceback among them) wait for the next full
    collection; a process that loads again and again collects them itself (``docs serve``
    does after each rebuild). A caller that held the collector off already keeps it off,
    and one that froze objects of its own keeps them frozen (unfreezing hands back all)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _checked(source: Source, path: Path, *, history: bool) -> tuple[Spec, Index]:
    """``load_checked`` of the loaded ``source`` of the spec at ``path``."""
    data, where = source.data, source.where
    if not isinstance(data, dict):
        raise SpecError([Diagnostic(where.at(()),
            "the spec must be a mapping with version, methods, types, ...; see spec/README.md",
            rule="format")])  # fmt: skip
    shape = check_format(data, where)
    problems = [d for p, d in shape if not (history and p[:1] == ("upstream",))]
    # left out of the build when history: snapshot and all
    broken = _damaged([p for p, _ in shape] + ([("upstream",)] if history else []))
    snapshot: dict[str, Mapping[str, Any] | None] = {}
    if _healthy(broken, ("upstream", "schemas")):
        upstream = _section(data, "upstream")
        digests = _section(upstream, "sha256") if _healthy(broken, ("upstream", "sha256")) else {}
        for which, name in _section(upstream, "schemas").items():
            at = where.at(("upstream", "schemas", which))
            read = _read_upstream(path.parent / str(name), at)
            if isinstance(read, Diagnostic):
                problems += stamped([read], "upstream-files")
                snapshot[which] = None
                continue
            actual, value = read
            if which in digests:
                problems += stamped(_digest_problem(actual, str(name), str(digests[which]),
                                    where.at(("upstream", "sha256", which))), "upstream-files")  # fmt: skip
            snapshot[which] = value
    spec = _build(data, where, broken, snapshot)
    if not history and _healthy(broken, ("changes",)):
        changes = [
            _read_change(path.parent, n, c, where) for n, c in enumerate(data.get("changes", []))
        ]
        problems += stamped([c for c in changes if isinstance(c, Diagnostic)], "changes")
        spec = replace(spec, changes=tuple(c for c in changes if isinstance(c, Change)))
    if not history:
        releases = read_releases(path.parent)
        if isinstance(releases, Diagnostic):
            problems.append(releases)
        else:
            spec = replace(spec, releases=releases)
    written = rules.Written(
        types=frozenset(_section(data, "types")),
        errors=frozenset(_section(data, "errors")),
        retry_classes=frozenset(_section(data, "retryClasses")),
        methods=frozenset(_section(data, "methods")),
        damaged=broken,
    )
    index = index_of(spec)
    findings = [] if history else rules.check(spec, index, written)
    problems += [d for d in findings if d.severity == "error"]
    if problems:
        raise SpecError(problems)
    spec = replace(
        spec,
        warnings=tuple(sorted(d for d in findings if d.severity == "warning")),
        retired_vector_ids=_retired_ids(path),
    )
    # the rules' index, for the spec their findings were added to: every fact stands
    return spec, with_findings(index, spec)


def _difference(entry: Mapping[str, Any]) -> Difference:
    added = tuple(
        AddedProperty(name, bool(record["required"]), bool(record["nullable"]))
        for name, record in entry.get("adds", {}).items()
    )
    return Difference(
        entry["type"], entry["kind"], tuple(a.name for a in added), entry["why"], added
    )


def _retired_ids(spec_path: Path) -> frozenset[str]:
    """The retired ids of the published ids beside the spec; the file's own problems are
    `check`'s to report (a missing file retires nothing)."""
    path = ids_path(spec_path)
    return read_published(path).retired if path.is_file() else frozenset()


CHANGE_REPORT = Path(__file__).with_name("diff.schema.json")


@lru_cache(maxsize=1)
def _report_validators() -> tuple[jsonschema_rs.Validator, Draft202012Validator]:
    """The compiled validator, which decides in a millisecond that a report is valid, and
    python's, which words what is wrong with one that is not (the schema has no pattern,
    so the two agree)."""
    schema = json.loads(CHANGE_REPORT.read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for(schema), Draft202012Validator(schema)


def _read_change(
    folder: Path, number: int, entry: Mapping[str, Any], where: SourceMap
) -> Change | Diagnostic:
    """One changelog entry with its report, or why the report cannot be used."""
    at = where.at(("changes", number, "report"))
    file = folder / str(entry["report"])
    try:
        report = parse_json(regular_text(file))
    except OSError as err:
        return Diagnostic(at, f"cannot read the report {file}: {err.strerror}; write it with "
                          "`acp-spec diff OLD NEW --format json` (the path is relative to the spec)")  # fmt: skip
    except ValueError as err:
        return Diagnostic(at, f"the report {file} cannot be read ({err}); write it again with "
                          "`acp-spec diff OLD NEW --format json`")  # fmt: skip
    fast, words = _report_validators()
    try:
        valid = fast.is_valid(report)
    except ValueError:  # what it cannot take in (an integer past 64 bits): python's decides
        valid = False
    error = None if valid else best_match(words.iter_errors(report))
    if error is not None:
        return Diagnostic(at, f"the report {file} is not what `acp-spec diff --format json` "
                          f"writes ({error.message}); write it again with that command")  # fmt: skip
    return Change(str(entry["title"]), str(entry["date"]), report)


# by the digest of their bytes: the same snapshot is parsed once a process (a second or
# more of a run of the test suite's hundreds of loads); callers only read it
_SNAPSHOTS: Recent[Any] = Recent(4)


def _read_upstream(file: Path, at: Position) -> tuple[str, Mapping[str, Any]] | Diagnostic:
    """An upstream JSON Schema the spec names (the sha256 of its bytes and its value), or the
    problem that keeps it from being read."""
    try:
        if file.stat().st_size > MAX_BYTES:
            return Diagnostic(at, f"{file.name} is over {MAX_BYTES // 1048576} MiB; name "
                              "upstream's published schema file")  # fmt: skip
        raw = regular_bytes(file)
        actual = hashlib.sha256(raw).hexdigest()
        # compared with the spec by recursion: as deep as the spec may be, and a schema
        value = _SNAPSHOTS.get(actual, lambda: parse_json(raw.decode("utf-8"), MAX_DEPTH))
    except OSError as err:
        return Diagnostic(at, f"cannot read upstream's schema {file}: {err.strerror}; "
                          "fix the path (it is relative to the spec file)")  # fmt: skip
    except ValueError as err:
        return Diagnostic(at, f"upstream's schema {file} cannot be read ({err}); copy "
                          "upstream's published file unchanged")  # fmt: skip
    if not isinstance(value, dict) or not isinstance(value.get("$defs"), dict):
        return Diagnostic(at, f"{file} has no $defs; name upstream's published schema file")
    problem = schema_problem(value)
    if problem is not None:
        return Diagnostic(at, f"{file} is not a JSON Schema 2020-12 (at #{problem[0]}: "
                          f"{problem[1]}); copy upstream's published file unchanged")  # fmt: skip
    return actual, value


def _digest_problem(actual: str, name: str, recorded: str, at: Position) -> list[Diagnostic]:
    """The file is not the one the spec records, so the version it names is not what is
    compared with: said at the recorded digest."""
    if actual == recorded:
        return []
    return [Diagnostic(at, f"{name} has sha256 {actual}, not the {recorded} recorded here; "
                       "if you copied in a newer upstream file, record its digest here and its "
                       "package and version (or commit) above; otherwise restore the file")]  # fmt: skip


def _section(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


# The deepest place whose health is asked: an entry of a section (``types › Foo``).
_ENTRY_DEPTH = 2


def _damaged(broken: Iterable[PathKey]) -> frozenset[PathKey]:
    """The sections and entries that a shape problem lies in, made once: asking whether one
    is healthy is then a look-up. Comparing each entry with every broken path was N x M
    steps (a spec of 8,000 types without descriptions: 34.6 million, 12 s)."""
    return frozenset(path[:n] for path in broken for n in range(1, _ENTRY_DEPTH + 1))


def _healthy(damaged: frozenset[PathKey], prefix: PathKey) -> bool:
    """True when no shape problem lies at or under ``prefix`` (``damaged``: ``_damaged``'s)."""
    assert 0 < len(prefix) <= _ENTRY_DEPTH, prefix  # deeper places are not in ``damaged``
    return prefix not in damaged


def _build(
    data: dict[str, Any],
    where: SourceMap,
    broken: frozenset[PathKey],
    snapshot: Mapping[str, Mapping[str, Any] | None],
) -> Spec:
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
            str(upstream.get("docs", "")),
            package=_optional_text(upstream.get("package")),
            version=_optional_text(upstream.get("version")),
            commit=_optional_text(upstream.get("commit")),
            stable=snapshot.get("stable"),
            unstable=snapshot.get("unstable"),
            differences=tuple(_difference(d) for d in upstream.get("differences", []))
            if _healthy(broken, ("upstream", "differences"))
            else (),
            departures=tuple(
                Departure(d.get("method"), tuple(d.get("forms", ())), d["why"])
                for d in upstream.get("departures", [])
            )
            if _healthy(broken, ("upstream", "departures"))
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
            if _healthy(broken, ("traces", n))
        )
        if isinstance(data.get("traces"), list)
        else (),
        keyed_prompts=_keyed(data["keyedPrompts"])
        if isinstance(data.get("keyedPrompts"), dict) and _healthy(broken, ("keyedPrompts",))
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
