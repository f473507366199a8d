"""A page per trace: its steps as a sequence diagram and every message as JSON.

The diagram is inline SVG drawn here at build time, so a page loads nothing from outside
the site (the site is built offline and strictly; a diagram library from a CDN would be an
external asset). Everything the spec wrote that reaches the SVG is HTML-escaped, and the
messages are fenced code blocks no content can close early, as the examples are.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from markupsafe import Markup

from ...model import Spec, Trace
from ..schema import indented
from ..traces import rules_of, trace_file
from .escaping import code_block, code_span, markdown_text
from .paths import method_page

TRACES_INDEX = "traces.md"
_SIDES = ("client", "agent")


def trace_page_path(trace_id: str) -> str:
    # trace ids are kebab-case (the rules hold them to it), so the id is the file name
    return f"traces/{trace_id}.md"


@dataclass(frozen=True)
class ShownMessage:
    label: str  # what the message is, as plain text (autoescaped by the template)
    notes: tuple[Markup, ...]  # how an expect matches it (absent, capture, ...), Markdown
    json: Markup  # a fenced JSON block


@dataclass(frozen=True)
class ShownStep:
    number: int
    summary: str  # one line: what the step does, plain text
    messages: tuple[ShownMessage, ...]


@dataclass(frozen=True)
class TracePage:
    trace: Trace
    path: str
    runner: str  # the side the runner plays
    diagram: Markup
    steps: tuple[ShownStep, ...]
    rules: tuple[RuleLink, ...] = ()  # the keyed-prompt rules that name it
    methods: tuple[str, ...] = ()  # the methods its steps send or expect, first sent first

    @property
    def transports(self) -> str:
        """The transports it is limited to, by their names ("" when it plays over every one)."""
        names = {"stdio": "stdio", "websocket": "WebSocket"}
        return " or ".join(names[t] for t in self.trace.transports or ())

    @property
    def quoted_rule(self) -> Markup:
        """The rule as written (its Markdown made safe), as a block quote."""
        lines = markdown_text(self.trace.rule.strip()).splitlines()
        return Markup("\n".join(f"> {line}" if line else ">" for line in lines))


@dataclass(frozen=True)
class RuleLink:
    """A keyed-prompt rule that names the trace: where it is shown, and its words."""

    page: str  # the keyed method's page, relative to site/docs
    anchor: str  # its section's
    title: str  # its section's title, Markdown
    number: int  # in its section, from 1
    text: str  # Markdown


def trace_pages(spec: Spec) -> tuple[TracePage, ...]:
    return tuple(_trace_page(spec, trace) for trace in spec.traces)


def _rule_links(spec: Spec, trace: Trace) -> tuple[RuleLink, ...]:
    keyed = spec.keyed_prompts
    if keyed is None or keyed.method not in spec.methods:
        return ()
    titles = {section.id: section.title for section in keyed.sections}
    return tuple(
        RuleLink(
            method_page(keyed.method), r["section"], titles[r["section"]], r["rule"], r["text"]
        )
        for r in rules_of(spec, trace.id)
    )


def _trace_page(spec: Spec, trace: Trace) -> TracePage:
    data = trace_file(trace)
    steps = tuple(_shown_step(step) for step in data["steps"])
    return TracePage(
        trace=trace,
        path=trace_page_path(trace.id),
        runner=str(data["runner"]),
        diagram=sequence_diagram(trace.title, data["side"], data["steps"]),
        steps=steps,
        rules=_rule_links(spec, trace),
        methods=_methods(data["steps"]),
    )


def _methods(steps: list[dict[str, Any]]) -> tuple[str, ...]:
    """Every method a message of the trace is of (a request, its response, a notification)."""
    found: dict[str, None] = {}
    for step in steps:
        messages = [step["message"]] if step["kind"] == "send" else []
        messages += [o["message"] for o in step.get("outcomes", ())]
        for message in messages:
            if isinstance(message, dict) and isinstance(message.get("method"), str):
                found[message["method"]] = None
        if messages and isinstance(step.get("method"), str):
            found[step["method"]] = None
    return tuple(found)


def _what(step: dict[str, Any], message: Any) -> str:
    """A message named by its method: ``session/prompt request``, ``initialize result``."""
    method = step.get("method") or "a message"
    if not isinstance(message, dict):
        return str(method)
    if "method" in message:
        return f"{message['method']} {'request' if 'id' in message else 'notification'}"
    if "error" in message:
        return f"{method} error response"
    return f"{method} response"


def _arrow_label(step: dict[str, Any]) -> str:
    number = step["step"]
    kind = step["kind"]
    if kind == "connect":
        return f"{number}. connect {step['connection']}"
    if kind == "wait":
        return f"{number}. wait {step['ms']} ms"
    if kind == "user":
        text = f" “{step['text']}”" if "text" in step else ""
        return f"{number}. user: {step['action']}{text}"
    if kind == "fault":
        where = f" on {step['on']}" if "on" in step else ""
        store = f" (store: {step['store']})" if "store" in step else ""
        return f"{number}. fault: {step['fault']}{where}{store}"
    if kind == "send":
        return f"{number}. {_what(step, step['message'])} on {step['on']}"
    names = sorted({_what(step, o["message"]) for o in step["outcomes"]})
    what = " or ".join(names)
    if step.get("count") == 0:
        return f"{number}. never: {what} on {step['on']}"
    if "count" in step:
        return f"{number}. exactly {step['count']}: {what} on {step['on']}"
    return f"{number}. expect {what} on {step['on']}"


def _shown_step(step: dict[str, Any]) -> ShownStep:
    summary = _arrow_label(step).split(". ", 1)[1]
    messages: list[ShownMessage] = []
    if step["kind"] == "send":
        label = f"{step['from']} → {_other(step['from'])} on {step['on']}: {_what(step, step['message'])}"
        messages.append(ShownMessage(label, (), _fenced(step["message"])))
    elif step["kind"] == "expect":
        outcomes = step["outcomes"]
        for position, outcome in enumerate(outcomes, start=1):
            which = f" (outcome {position} of {len(outcomes)})" if len(outcomes) > 1 else ""
            label = (
                f"{step['from']} → {_other(step['from'])} on {step['on']}: "
                f"{_what(step, outcome['message'])}{which}"
            )
            messages.append(ShownMessage(label, _notes(step, outcome), _fenced(outcome["message"])))
    return ShownStep(step["step"], summary, tuple(messages))


def _notes(step: dict[str, Any], outcome: dict[str, Any]) -> tuple[Markup, ...]:
    """How an expect matches an outcome, as Markdown: the values as code spans."""
    notes = [
        Markup("match: exact (nothing more)") if outcome["match"] == "exact"
        else Markup("match: subset (every member written is there with that value)")
    ]  # fmt: skip
    if outcome["absent"]:
        notes.append(Markup("must not have: ") + _codes(outcome["absent"]))
    if outcome["capture"]:
        pairs = [f"${name} = {pointer}" for name, pointer in outcome["capture"].items()]
        notes.append(Markup("captures: ") + _codes(pairs))
    if "contains" in outcome:
        notes.append(Markup("some string of it holds: ") + _codes([outcome["contains"]]))
    if "after" in step:
        notes.append(Markup("arrives after: ") + _codes([step["after"]]))
    if "count" in step:
        notes.append(Markup(f"exactly {int(step['count'])} such messages by the end of the trace"))
        if "when" in step:
            notes.append(
                Markup("only when an earlier step captured ") + _codes(["$" + step["when"]])
            )
    else:
        notes.append(Markup(f"within {int(step['within'])} ms"))
    return tuple(notes)


def _codes(values: list[str]) -> Markup:
    return Markup(", ".join(code_span(str(v)) for v in values))


def _other(side: str) -> str:
    return "agent" if side == "client" else "client"


def _fenced(message: Any) -> Markup:
    return Markup(code_block(indented(message), "json"))


# The diagram's geometry, in SVG user units, shown at its natural size (a pixel a unit): on
# a screen narrower than the diagram it scrolls sideways in its frame (assets/acp.css),
# where scaled to the screen's width its text would shrink to 6.5 px on a phone.
_WIDTH, _ROW, _TOP = 720, 36, 64
_X = {"client": 120, "agent": 600}


def sequence_diagram(title: str, side: str, steps: list[dict[str, Any]]) -> Markup:
    """The steps as an SVG sequence diagram: a lifeline per side, an arrow per message
    (solid: the runner sends it; dashed: the side under test must), a box per fault, wait or
    user action. ``currentColor`` throughout, so it follows the light or dark scheme."""
    height = _TOP + _ROW * len(steps) + 24
    bottom = height - 12
    parts = [
        f'<svg class="acp-trace" role="img" viewBox="0 0 {_WIDTH} {height}" '
        f'width="{_WIDTH}" height="{height}" font-size="13" '
        f'aria-label="{escape("Sequence diagram: " + title)}">',
        f"<title>{escape('Sequence diagram: ' + title)}</title>",
        '<defs><marker id="acp-arrow" viewBox="0 0 10 10" refX="10" refY="5" '
        'markerWidth="8" markerHeight="8" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs>',
    ]
    for name, x in _X.items():
        role = "under test" if name == side else "the runner"
        parts.append(
            f'<rect x="{x - 80}" y="8" width="160" height="32" rx="4" fill="none" '
            f'stroke="currentColor"/><text x="{x}" y="29" text-anchor="middle" '
            f'fill="currentColor">{escape(name.title())} ({role})</text>'
            f'<line x1="{x}" y1="40" x2="{x}" y2="{bottom}" stroke="currentColor" '
            'stroke-opacity="0.4"/>'
        )
    for row, step in enumerate(steps):
        parts.append(_step_svg(step, _TOP + _ROW * row))
    parts.append("</svg>")
    return Markup("".join(parts))


def _step_svg(step: dict[str, Any], y: int) -> str:
    label = escape(_arrow_label(step))
    kind = step["kind"]
    middle = (_X["client"] + _X["agent"]) // 2
    open_group = f'<g data-step="{step["step"]}" data-kind="{escape(kind)}">'
    if kind in ("send", "expect", "connect"):
        start = _X[step.get("from", "client")]
        end = _X[_other(step.get("from", "client"))]
        dash = ' stroke-dasharray="6 4"' if kind == "expect" else ""
        dash = ' stroke-dasharray="2 3"' if kind == "connect" else dash
        if step.get("count") == 0:
            dash += ' stroke-opacity="0.5"'
        return (
            f'{open_group}<text x="{middle}" y="{y + 10}" text-anchor="middle" '
            f'fill="currentColor">{label}</text>'
            f'<line x1="{start}" y1="{y + 18}" x2="{end}" y2="{y + 18}" '
            f'stroke="currentColor" stroke-width="1.5"{dash} marker-end="url(#acp-arrow)"/></g>'
        )
    # a fault, a wait or a user's action: a box over the lifelines it concerns
    if kind == "user":
        left, right = _X["client"] - 100, _X["client"] + 200
    else:
        left, right = _X["client"] - 100, _X["agent"] + 100
    return (
        f'{open_group}<rect x="{left}" y="{y + 2}" width="{right - left}" height="26" rx="4" '
        'fill="currentColor" fill-opacity="0.08" stroke="currentColor" stroke-opacity="0.5"/>'
        f'<text x="{(left + right) // 2}" y="{y + 20}" text-anchor="middle" '
        f'fill="currentColor">{label}</text></g>'
    )
