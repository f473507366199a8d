"""A corpus of broken specs: `acp-spec check` refuses each with `file:LINE:COL: message`.

Most cases are small textual edits of the real spec/acp-v2.yaml, so they stay realistic;
the loader's cases are small files in tests/bad_specs/ (see its README) or bytes built here.
In both, the mark ``⟦`` is put where a problem must be reported and removed before the spec
is written, so line and column are computed from the text, never hard-coded.

Every case runs the real command and asserts: exit code 1, a stderr line
``PATH:LINE:COL: message`` at each mark whose message says what is wrong and what to do,
and no traceback anywhere. The edits of the real spec run it in this process (``cli.main``,
its output captured), which spares a second of interpreter start-up each; the hostile
inputs (tags that would run code, alias bombs, deep nesting, bad bytes: what could crash,
hang or escape) run it in a subprocess with a timeout, as do the usage and exit-code
tests, and a few edits run both ways to prove the two agree.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import pytest
from acp_spec import cli
from acp_spec.pipeline import load_spec
from support.spec_edits import (
    MARK,
    TIMEOUT,
    append,
    chain,
    edit,
    in_trace,
    lines_equal_to,
    resolve,
    run_check,
)
from support.specs import write_spec

REPO = Path(__file__).resolve().parents[1]
SPEC = REPO / "spec" / "acp-v2.yaml"
CORPUS = Path(__file__).with_name("bad_specs")
FAST = 20  # seconds: what must be refused fast (alias bombs, huge files) is refused in this


# ── the patch language: small edits of the real spec ──

Text = Callable[[str], str]
What = str | Callable[[str], str]  # a message substring, or one computed from the clean text


# ── cases ──


@dataclass(frozen=True)
class Expect:
    what: What  # says what is wrong
    todo: str  # says what to do


@dataclass(frozen=True)
class Case:
    id: str
    build: Callable[[Path], bytes]  # the folder to write into -> the spec's bytes, marks resolved
    positions: Callable[[], list[tuple[int, int]]]
    expect: tuple[Expect, ...]
    clean: Callable[[], str] = field(default=lambda: "")
    xfail: str | None = None
    fast: bool = False


def from_spec(case_id: str, patch: Text, *expect: Expect, xfail: str | None = None) -> Case:
    """A case made by editing the real spec."""

    def marked() -> str:
        return patch(SPEC.read_text(encoding="utf-8"))

    def build(_: Path) -> bytes:
        return resolve(marked())[0].encode("utf-8")

    return Case(
        case_id,
        build,
        lambda: resolve(marked())[1],
        tuple(expect),
        clean=lambda: resolve(marked())[0],
        xfail=xfail,
    )


def from_text(
    case_id: str,
    make: Callable[[Path], str],
    *expect: Expect,
    xfail: str | None = None,
    fast: bool = False,
) -> Case:
    """A case from text built in Python (it may use the folder the spec is written to)."""
    probe = Path("/nonexistent-folder")
    return Case(
        case_id,
        lambda folder: resolve(make(folder))[0].encode("utf-8"),
        lambda: resolve(make(probe))[1],
        tuple(expect),
        clean=lambda: resolve(make(probe))[0],
        xfail=xfail,
        fast=fast,
    )


def from_corpus(path: Path) -> Case:
    marked = path.read_text(encoding="utf-8")
    text, positions = resolve(marked)
    expect = []
    xfail = None
    for line in text.splitlines():
        if line.startswith("# expect:"):
            what, _, todo = line.removeprefix("# expect:").partition("|")
            assert todo.strip(), f"{path.name}: '# expect: what | todo' needs both parts"
            expect.append(Expect(what.strip(), todo.strip()))
        elif line.startswith("# xfail:"):
            xfail = line.removeprefix("# xfail:").strip()
    assert len(expect) == len(positions), (
        f"{path.name}: {len(positions)} marks, {len(expect)} expects"
    )
    return Case(
        f"corpus/{path.stem}",
        lambda _: text.encode("utf-8"),
        lambda: positions,
        tuple(expect),
        clean=lambda: text,
        xfail=xfail,
        fast=True,
    )


def first_defined(needle: str) -> What:
    """The duplicate-key message's pointer to the first of two lines equal to ``needle``."""

    def what(text: str) -> str:
        lines = lines_equal_to(needle, text)
        assert len(lines) == 2, f"{needle!r} should be on two lines, is on {lines}"
        return f"duplicate key '{needle.strip().rstrip(':')}' (first defined at line {lines[0]})"

    return what


CLOSE_RETRY = (
    "    retry:\n      client-to-agent:\n        class: idempotent\n"
    "        again: Succeeds. The spec already defines closing as idempotent.\n"
)

SPEC_CASES = [
    # ── loader, on the real spec ──
    from_spec(
        "duplicate-method",
        edit("methods", "session/list", "  session/list:\n", "  ⟦session/close:\n"),
        Expect(first_defined("  session/close:"), "remove or rename one of them"),
    ),
    from_spec(
        "duplicate-type",
        edit(
            "types",
            "CloseSessionResponse",
            "  CloseSessionResponse:\n",
            "  ⟦CloseSessionRequest:\n",
        ),
        Expect(first_defined("  CloseSessionRequest:"), "remove or rename one of them"),
    ),
    from_spec(
        "alias-in-real-spec",
        chain(
            edit(
                "methods",
                "session/close",
                "        params:\n          sessionId: sess_789xyz",
                "        params: &close\n          sessionId: sess_789xyz",
            ),
            edit("methods", "session/delete", "        result: {}", "        result: ⟦*close"),
        ),
        Expect(
            "aliases ('*name') are not allowed in the spec", "write the value out where it is used"
        ),
    ),
    # ── shape (format.schema.json) ──
    from_spec(
        # one mistake, one problem: not also "methods › session/close is missing 'retry'"
        "unknown-method-field-did-you-mean",
        edit("methods", "session/close", "    retry:\n", "    ⟦retyr:\n"),
        Expect(
            "unknown field 'retyr' in methods › session/close (did you mean 'retry'?)",
            "remove it or fix its name",
        ),
    ),
    from_spec(
        "unknown-type-field-did-you-mean",
        edit(
            "types",
            "CloseSessionRequest",
            "    required: [sessionId]",
            "    ⟦requried: [sessionId]",
        ),
        Expect(
            "unknown field 'requried' in types › CloseSessionRequest (did you mean 'required'?)",
            "remove it or fix its name",
        ),
    ),
    from_spec(
        "wrong-value-type-audited-string",
        edit("methods", "session/close", "    audited: true\n", '    audited: ⟦"yes"\n'),
        Expect(
            "methods › session/close › audited must be a boolean, not a string", "change its value"
        ),
    ),
    from_spec(
        "missing-retry",
        chain(
            edit("methods", "session/close", "  session/close:\n", "  ⟦session/close:\n"),
            edit("methods", "session/close", CLOSE_RETRY, ""),
        ),
        Expect("methods › session/close is missing 'retry'", "add it"),
    ),
    from_spec(
        "unknown-direction-value",
        edit(
            "methods",
            "session/close",
            "    direction: client-to-agent\n",
            "    direction: ⟦client-to-agnet\n",
        ),
        Expect(
            "direction is \"client-to-agnet\" (did you mean 'client-to-agent'?)",
            "use 'client-to-agent', 'agent-to-client', 'both'",
        ),
    ),
    from_spec(
        "unknown-retry-direction-key",
        edit("methods", "mcp/message", "      agent-to-client:\n", "      ⟦agent-to-clinet:\n"),
        Expect("agent-to-clinet", "use 'client-to-agent', 'agent-to-client'"),
    ),
    from_spec(
        "unknown-stability",
        edit("methods", "session/close", "    stability: stable\n", "    stability: ⟦beta\n"),
        Expect('stability is "beta"', "use 'stable', 'unstable', 'proposed'"),
    ),
    from_spec(
        "neither-request-nor-notification",
        chain(
            edit("methods", "session/close", "  session/close:\n", "  ⟦session/close:\n"),
            edit(
                "methods",
                "session/close",
                "    request:\n      params: CloseSessionRequest\n      result: CloseSessionResponse\n",
                "",
            ),
        ),
        Expect("methods › session/close has neither 'request' nor 'notification'", "add one"),
    ),
    from_spec(
        "docs-not-https",
        edit("methods", "session/close", "    docs: https://", "    docs: ⟦http://"),
        Expect('methods › session/close › docs "http://', "give an https:// URL"),
    ),
    from_spec(
        "capability-not-a-path",
        edit(
            "methods",
            "session/close",
            "    capability: agentCapabilities.session\n",
            "    capability: ⟦session.close\n",
        ),
        Expect('capability "session.close" does not match', "write the capability as a path"),
    ),
    from_spec(
        "no-examples",
        edit(
            "methods",
            "session/close",
            "    examples:\n      - title: Close an active session\n        params:\n"
            "          sessionId: sess_789xyz\n        result: {}\n",
            "    examples: ⟦[]\n",
        ),
        Expect("methods › session/close › examples is empty", "give it at least one entry"),
    ),
    from_spec(
        "wrong-version",
        lambda text: text.replace("\nversion: 2\n", "\nversion: ⟦3\n", 1),
        Expect("version is 3", "use 2"),
    ),
    from_spec(
        "type-name-not-upper-camel-case",
        append("  ⟦orphanThing:\n    description: Nobody uses it.\n    type: string\n"),
        Expect("'orphanThing' is not a valid name", "type names are UpperCamelCase"),
    ),
    # ── semantic rules (rules.py) ──
    from_spec(
        "unknown-params-type",
        edit(
            "methods",
            "session/close",
            "      params: CloseSessionRequest\n",
            "      params: ⟦CloseSessionRequets\n",
        ),
        Expect(
            "request params 'CloseSessionRequets' is not a type in this spec "
            "(did you mean 'CloseSessionRequest'?)",
            "define it under types or fix the name",
        ),
    ),
    from_spec(
        "unknown-result-type",
        edit(
            "methods",
            "session/close",
            "      result: CloseSessionResponse\n",
            "      result: ⟦CloseSessionRespons\n",
        ),
        Expect(
            "request result 'CloseSessionRespons' is not a type in this spec "
            "(did you mean 'CloseSessionResponse'?)",
            "define it under types or fix the name",
        ),
    ),
    from_spec(
        "unknown-notification-params-type",
        edit(
            "methods",
            "session/cancel",
            "      params: CancelSessionNotification\n",
            "      params: ⟦CancelSessionNotifcation\n",
        ),
        Expect(
            "notification params 'CancelSessionNotifcation' is not a type in this spec "
            "(did you mean 'CancelSessionNotification'?)",
            "define it under types or fix the name",
        ),
    ),
    from_spec(
        "unknown-ref-did-you-mean",
        append(
            "  OrphanHolder:\n    description: Holds a session ID.\n    type: object\n"
            "    properties:\n      sessionId:\n        $ref: ⟦SesionId\n"
        ),
        Expect(
            "$ref 'SesionId' is not a type in this spec (did you mean 'SessionId'?)",
            "define it under types or fix the name",
        ),
    ),
    from_spec(
        "unknown-ref-in-a-type-examples-use",
        edit("types", "PromptRequest", "        $ref: SessionId\n", "        $ref: ⟦SesionId\n"),
        Expect(
            "$ref 'SesionId' is not a type in this spec (did you mean 'SessionId'?)",
            "define it under types or fix the name",
        ),
    ),
    from_spec(
        "unknown-error-name",
        edit(
            "methods",
            "session/close",
            "[resource_not_found, invalid_params, internal_error]",
            "[resource_not_found, ⟦invalid_parms, internal_error]",
        ),
        Expect(
            "error 'invalid_parms' is not defined under errors (did you mean 'invalid_params'?)",
            "add it there or fix the name",
        ),
    ),
    from_spec(
        "unknown-retry-class",
        edit(
            "methods",
            "session/close",
            "        class: idempotent\n",
            "        class: ⟦idempotnet\n",
        ),
        # the format schema's enum: an editor flags it and completes the class too
        Expect(
            "class is \"idempotnet\" (did you mean 'idempotent'?)",
            "use 'idempotent', 'keyed', 'duplicating', 'not_retried', 'out_of_scope', 'as_carried'",
        ),
    ),
    from_spec(
        "reserved-type-name",
        append(
            "  ⟦AgentRequest:\n    description: Collides with a routing union.\n    type: object\n"
        ),
        Expect(
            "type name 'AgentRequest' is derived by the generator", "rename this type or remove it"
        ),
    ),
    from_spec(
        "reference-cycle",
        append(
            "  CycleA:\n    description: One name for another.\n    $ref: ⟦CycleB\n"
            "  CycleB:\n    description: And back again.\n    $ref: CycleA\n"
        ),
        Expect("reference cycle CycleA → CycleB → CycleA", "give one of them a real schema"),
    ),
    from_spec(
        "self-reference",
        append("  Loop:\n    description: Only itself.\n    $ref: ⟦Loop\n"),
        Expect("reference cycle Loop → Loop", "give one of them a real schema"),
    ),
    from_spec(
        "both-method-missing-a-direction",
        chain(
            edit(
                "methods",
                "mcp/message",
                "    retry:\n      client-to-agent:\n",
                "    retry:\n      ⟦client-to-agent:\n",
            ),
            edit(
                "methods",
                "mcp/message",
                "      agent-to-client:\n        class: out_of_scope\n"
                "        again: Depends on the MCP message it carries.\n",
                "",
            ),
        ),
        Expect(
            "mcp/message is sent agent-to-client but states no retry class for it",
            "add retry › agent-to-client with its class",
        ),
    ),
    from_spec(
        "extra-retry-direction",
        edit(
            "methods",
            "session/close",
            CLOSE_RETRY,
            CLOSE_RETRY
            + "      ⟦agent-to-client:\n        class: idempotent\n        again: Succeeds.\n",
        ),
        Expect(
            "session/close is only sent client-to-agent, so it takes no retry class for "
            "agent-to-client",
            "remove that entry",
        ),
    ),
    from_spec(
        "retried-notification",
        edit(
            "methods",
            "session/cancel",
            "        class: not_retried\n",
            "        class: ⟦idempotent\n",
        ),
        Expect(
            "session/cancel is a notification, which has no response to lose, so it is never "
            "retried",
            "its class must be not_retried, not idempotent",
        ),
    ),
    from_spec(
        "keyed-without-a-key",
        edit("methods", "session/close", "        class: idempotent\n", "        class: ⟦keyed\n"),
        Expect(
            "session/close is keyed but its params never reach an IdempotencyKey",
            "add an optional idempotencyKey field of type IdempotencyKey or choose another class",
        ),
    ),
    from_spec(
        "key-on-a-method-that-is-not-keyed",
        chain(
            edit(
                "methods",
                "session/close",
                "      params: CloseSessionRequest\n",
                "      params: ⟦CloseSessionRequest\n",
            ),
            edit(
                "types",
                "CloseSessionRequest",
                "        $ref: SessionId\n",
                "        $ref: SessionId\n      idempotencyKey:\n        description: A key.\n"
                "        anyOf:\n          - $ref: IdempotencyKey\n          - type: 'null'\n",
            ),
        ),
        Expect(
            "session/close's params (CloseSessionRequest) reach an IdempotencyKey, but the "
            "method is not keyed",
            "make its retry class keyed or remove the key",
        ),
    ),
    from_spec(
        "method-name-upper-case",
        edit("methods", "session/prompt", "  session/prompt:\n", "  ⟦Session/Prompt:\n"),
        Expect('method name "Session/Prompt" is not valid: ACP names are noun/verb', "rename it"),
    ),
    from_spec(
        "method-name-dot-dot",
        edit("methods", "session/close", "  session/close:\n", "  ⟦session/../../etc:\n"),
        Expect(
            'method name "session/../../etc" is not valid: it would escape the output folders',
            "rename it",
        ),
    ),
    from_spec(
        "method-name-nul",
        edit("methods", "session/close", "  session/close:\n", '  ⟦"session/\\0close":\n'),
        Expect(
            'method name "session/\\u0000close" is not valid: it would escape the output folders',
            "rename it",
        ),
    ),
    from_spec(
        "method-name-backslash",
        edit("methods", "session/close", "  session/close:\n", "  ⟦session\\close:\n"),
        Expect(
            'method name "session\\\\close" is not valid: it would escape the output folders',
            "rename it",
        ),
    ),
    from_spec(
        "method-name-leading-slash",
        edit("methods", "session/close", "  session/close:\n", "  ⟦/session/close:\n"),
        Expect(
            'method name "/session/close" is not valid: it would escape the output folders',
            "rename it",
        ),
    ),
    from_spec(
        "method-name-trailing-newline",
        edit("methods", "session/close", "  session/close:\n", '  ⟦"session/close\\n":\n'),
        Expect('method name "session/close\\n" is not valid', "rename it"),
    ),
    from_spec(
        "extension-method-name-escapes",
        edit("methods", "session/close", "  session/close:\n", "  ⟦_x/../../../tmp/escape:\n"),
        Expect(
            'method name "_x/../../../tmp/escape" is not valid: it would escape the output folders',
            "rename it",
        ),
    ),
    from_spec(
        "example-contradicts-its-schema",
        edit(
            "methods",
            "session/close",
            "          sessionId: sess_789xyz\n",
            "          sessionId: ⟦42\n",
        ),
        Expect(
            "example 'Close an active session' does not match CloseSessionRequest at params › "
            "sessionId: 42 is not of type 'string'",
            "fix the example or the type",
        ),
    ),
    from_spec(
        "nested-example-field-contradicts-its-schema",
        edit(
            "methods",
            "initialize",
            "            title: My Client\n            version: 1.0.0\n",
            "            title: My Client\n            version: ⟦[1, 0, 0]\n",
        ),
        Expect(
            "example 'A Client initializes and the Agent advertises sessions with rich prompts "
            "and MCP transports' does not match InitializeRequest at params › info › version: "
            "[1, 0, 0] is not of type 'string'",
            "fix the example or the type",
        ),
    ),
    from_spec(
        "example-union-item-contradicts-its-schema",
        edit(
            "methods",
            "session/new",
            "            - type: stdio\n              name: workspace-tools\n",
            "            - ⟦type: stdio\n              name: [workspace-tools]\n",
        ),
        Expect(
            "does not match NewSessionRequest at params › mcpServers › 0: ",
            "fix the example or the type",
        ),
    ),
    from_spec(
        "notification-example-on-a-request",
        edit(
            "methods",
            "session/close",
            "      - title: Close an active session\n        params:\n"
            "          sessionId: sess_789xyz\n        result: {}\n",
            "      - ⟦title: Close an active session\n        params:\n"
            "          sessionId: sess_789xyz\n",
        ),
        Expect(
            "example 'Close an active session' is a notification example but session/close "
            "is not a notification",
            "give it a result",
        ),
    ),
    from_spec(
        "request-example-on-a-notification",
        edit(
            "methods",
            "session/cancel",
            "      - title: Cancel the active work\n        params:\n"
            "          sessionId: sess_abc123def456\n",
            "      - ⟦title: Cancel the active work\n        params:\n"
            "          sessionId: sess_abc123def456\n        result: {}\n",
        ),
        Expect(
            "example 'Cancel the active work' is a request example but session/cancel is not a "
            "request",
            "remove its result",
        ),
    ),
    from_spec(
        "invalid-regex-in-a-type",
        edit("types", "SessionId", "    type: string\n", "    type: string\n    pattern: ⟦'(['\n"),
        Expect("pattern", "fix the pattern"),
    ),
    # ── traces (rules/traces.py): one problem of each rule, each in its own place ──
    from_spec(
        "trace-problems",
        chain(
            in_trace("retry-same-connection", "method: session/new,", "method: ⟦session/nwe,"),
            in_trace(
                "retry-after-resume",
                "params: {cwd: /home/user/project}}",
                "params: {cwd: ⟦42}}",
            ),
            in_trace(
                "same-key-other-session",
                "params: {sessionId: $other, update: {sessionUpdate: user_message, messageId: $second",
                "params: {sessionId: ⟦$othr, update: {sessionUpdate: user_message, messageId: $second",
            ),
            in_trace(
                "retry-after-agent-restart",
                "      - send: {from: client, on: c2, message: {id: 2,",
                "      - send: {from: client, on: ⟦c3, message: {id: 2,",
            ),
            in_trace(
                "keys-stay-private",
                "      - send: {from: client, on: c1, message: {id: 4,",
                "      - send: {from: ⟦agent, on: c1, message: {id: 4,",
            ),
            # a trace no keyed-prompt rule names: renamed, it leaves no rule naming nothing
            in_trace(
                "idempotent-resend", "  - id: idempotent-resend\n", "  - id: ⟦retry-while-held\n"
            ),
            in_trace(
                "duplicating-resend",
                "      - expect: {from: agent, on: c1, message: {id: 4, result:",
                "      - expect: {from: agent, on: c1, message: {id: ⟦14, result:",
            ),
            in_trace(
                "retry-after-error",
                "idempotencyKey: 8f1a6c3d-5e20-4b97-a4d8-2c9e0b7f1d35, prompt: [{type: text, text: Also update the changelog}]}}}\n      - expect",
                "idempotencyKey: ⟦$sessionId, prompt: [{type: text, text: Also update the changelog}]}}}\n      - expect",
            ),
            in_trace(
                "key-forgotten-with-the-session",
                "      - fault: {type: restart-agent, store: lose}\n",
                "      - fault: ⟦{type: restart-agent}\n",
            ),
            in_trace("not-retried-client", "after: hello}", "after: ⟦helo}"),
            in_trace(
                "retry-inserted-during-work",
                "      - fault: {type: drop-response, on: c1}\n",
                "      - user: ⟦{action: cancel}\n",
            ),
            in_trace(
                "reused-key-different-prompt",
                "error: {code: -32602, message: $any}}",
                "error: {code: ⟦-32601, message: $any}}",
            ),
            in_trace(
                "cancel-held-key",
                "            - message: {id: 5, result: {messageId: $held}}\n",
                "            - message: {id: 5, result: {messageId: $held}}\n"
                "      - send: {from: client, on: c1, message: {method: session/cancel, "
                "params: {sessionId: ⟦$nope}}}\n",
            ),
            in_trace("client-resends-after-restart", "      - wait: 500\n", "      - ⟦wiat: 500\n"),
            in_trace(
                "cancel-retry-while-held",
                "messageId: $kept}}}, count: 1}",
                "messageId: ⟦$held}}}, count: 1}",
            ),
            in_trace(
                "same-key-two-connections-at-once",
                "      - send: {from: client, on: c1, also: [c2],",
                "      - send: {from: client, on: c1, also: [⟦c3],",
            ),
            in_trace(
                "same-key-two-connections-at-once",
                "      - expect: {from: agent, on: c2, message: {id: 3,",
                "      - expect: {from: agent, on: c2, ⟦also: [c1], message: {id: 3,",
            ),
        ),
        Expect(
            "method 'session/nwe' is not a method of the spec (did you mean 'session/new'?)",
            "use one of its methods",
        ),
        Expect("the message does not match NewSessionRequest at params › cwd", "fix the message"),
        Expect("connection 'c3' is not connected here", "add `- connect: c3` before this step"),
        Expect("user steps drive a client under test", "send the client's messages instead"),
        Expect(
            "$nope is not captured by an earlier step",
            "capture it with `capture:` in an expect before this step",
        ),
        Expect(
            "$held is captured in only some outcomes of the expect at line",
            "use it only in the outcomes of a oneOf",
        ),
        Expect("connection 'c3' is not connected here", "add `- connect: c3` before this step"),
        Expect("only an expect with count looks at several connections", "remove `also`"),
        Expect("the idempotencyKey a runner sends is a fixed value", "write the key out (a UUID)"),
        Expect(
            "$othr is not captured by an earlier step (did you mean 'other'?)",
            "capture it with `capture:` in an expect before this step",
        ),
        Expect(
            "session/prompt does not list method_not_found (-32601) among its errors",
            "or list it there",
        ),
        Expect(
            "this trace tests the agent, so the runner sends as the client",
            "what the agent sends is an expect",
        ),
        Expect(
            "trace id 'retry-while-held' is taken by the trace at line", "give this one its own"
        ),
        Expect(
            "no earlier step sends or expects a request with id 14 on c1", "a response answers one"
        ),
        Expect(
            "fault restart-agent must say whether the agent keeps its stored sessions",
            "add `store: keep`",
        ),
        Expect(
            "unknown field 'wiat' in traces › 18 › steps › ",
            "remove it or fix its name",
        ),
        Expect("no earlier step is labelled 'helo' (did you mean 'hello'?)", "label it with `as:`"),
    ),
    # ── several problems in different places, all in one run ──
    from_spec(
        "several-problems-in-one-run",
        chain(
            edit("methods", "session/new", "    summary:", "    ⟦sumary:"),
            edit(
                "methods",
                "session/close",
                "[resource_not_found, invalid_params, internal_error]",
                "[resource_not_found, ⟦invalid_parms, internal_error]",
            ),
            edit(
                "methods",
                "session/cancel",
                "        class: not_retried\n",
                "        class: ⟦idempotent\n",
            ),
            edit(
                "types",
                "CloseSessionRequest",
                "    required: [sessionId]",
                "    ⟦requried: [sessionId]",
            ),
            append("  ⟦ClientNotification:\n    description: Collides.\n    type: object\n"),
        ),
        Expect(
            "unknown field 'sumary' in methods › session/new (did you mean 'summary'?)",
            "remove it or fix its name",
        ),
        Expect("error 'invalid_parms' is not defined under errors", "add it there or fix the name"),
        Expect("session/cancel is a notification", "its class must be not_retried"),
        Expect(
            "unknown field 'requried' in types › CloseSessionRequest", "remove it or fix its name"
        ),
        Expect(
            "type name 'ClientNotification' is derived by the generator",
            "rename this type or remove it",
        ),
    ),
]


def _nested(depth: int, mark_at: int) -> Callable[[Path], str]:
    """A minimal spec whose title is ``depth`` nested flow sequences, marked at one level."""

    def make(_: Path) -> str:
        opening = "[" * mark_at + MARK + "[" * (depth - mark_at)
        return f"version: 2\ntitle: {opening}{']' * depth}\n"

    return make


PYTHON_CASES = [
    from_text(
        "python-tag-does-not-run",
        lambda folder: (
            "version: 2\ntitle: Agent Client Protocol\n"
            f'methods: ⟦!!python/object/apply:os.system ["touch {folder}/pwned"]\n'
        ),
        Expect("tag '!!python/object/apply:os.system' is not allowed", "remove the tag"),
        fast=True,
    ),
    from_text(
        "nested-too-deep",
        _nested(100, 64),  # the k-th '[' is at depth k: the first one refused is the 65th
        Expect("nested more than 64 levels deep", "flatten it"),
        fast=True,
    ),
    from_text(
        "nested-far-too-deep",
        _nested(5000, 64),
        Expect("nested more than 64 levels deep", "flatten it"),
        fast=True,
    ),
]


def _bytes_case(
    case_id: str, marked: str, insert: bytes, *expect: Expect, xfail: str | None = None
) -> Case:
    """A case whose bytes are ``marked`` with ``insert`` (a BOM, a bad byte) put at the mark."""
    before, after = marked.split(MARK)
    data = before.encode("utf-8") + insert + after.encode("utf-8")
    _, positions = resolve(marked)
    return Case(case_id, lambda _: data, lambda: positions, tuple(expect), xfail=xfail, fast=True)


HEAD = "version: 2\ntitle: Agent Client Protocol\nmethods:\n  session/close:\n"
BYTES_CASES = [
    _bytes_case(
        "utf8-bom",
        MARK + HEAD,
        b"\xef\xbb\xbf",
        Expect("starts with a UTF-8 byte-order mark", "save it as UTF-8 without a BOM"),
    ),
    _bytes_case(
        "invalid-utf8",
        HEAD + f"    summary: Closes a sess{MARK}ion.\n",
        b"\xff",
        Expect("byte 0xff is not UTF-8", "save the file as UTF-8"),
    ),
    _bytes_case(
        "invalid-utf8-after-a-multibyte-character",
        HEAD + f"    summary: Ferme la séance {MARK}(\n",
        b"\xc3",
        Expect("byte 0xc3 is not UTF-8", "save the file as UTF-8"),
    ),
    _bytes_case(
        "control-character",
        HEAD + f"    summary: Closes{MARK} a session.\n",
        b"\x07",
        Expect("#x0007", "remove"),
    ),
]


CORPUS_CASES = [from_corpus(path) for path in sorted(CORPUS.glob("*.yaml"))]
CASES = SPEC_CASES + PYTHON_CASES + BYTES_CASES + CORPUS_CASES


# ── running the command ──


@contextlib.contextmanager
def _without_debug() -> Iterator[None]:
    """As run_check's environment: ACP_SPEC_DEBUG would turn an internal error into a raise."""
    saved = os.environ.pop("ACP_SPEC_DEBUG", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["ACP_SPEC_DEBUG"] = saved


def check_in_process(spec: Path) -> subprocess.CompletedProcess[str]:
    """What ``run_check(spec)`` gives, from ``cli.main`` called here (the root given as the
    folder run_check runs in)."""
    args = ["--spec", str(spec), "--root", str(REPO), "check"]
    out, err = io.StringIO(), io.StringIO()
    with _without_debug(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(args)
        except SystemExit as exit:  # argparse's usage errors
            code = exit.code if isinstance(exit.code, int) else 1
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@dataclass
class Outcome:
    path: Path
    result: subprocess.CompletedProcess[str] | None
    seconds: float
    error: BaseException | None = None


BATCH = [sys.executable, str(Path(__file__).parent / "support" / "batch_check.py")]


def _read_lines(stream: IO[str] | None, into: queue.Queue[str | None]) -> None:
    """Each line of ``stream`` into ``into``, then None at its end."""
    for line in stream or ():
        into.put(line)
    into.put(None)


Run = tuple[subprocess.CompletedProcess[str] | subprocess.TimeoutExpired, float]


def run_batch(specs: Sequence[Path], timeout: float) -> list[Run]:
    """What ``run_check(spec, timeout)`` gives for each spec, and how long its check took,
    from one interpreter for all (tests/support/batch_check.py) rather than one each. A spec that
    crashes that interpreter, or keeps it past ``timeout``, ends it (killed), and the specs
    after it go on in a new one."""
    env = {k: v for k, v in os.environ.items() if k != "ACP_SPEC_DEBUG"}
    runs: list[Run] = []
    while len(runs) < len(specs):
        todo = [str(spec) for spec in specs[len(runs) :]]
        with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as stderr:
            child = subprocess.Popen(
                [*BATCH, *todo], cwd=REPO, env=env, text=True,
                encoding="utf-8", errors="replace", stdout=subprocess.PIPE, stderr=stderr,
            )  # fmt: skip
            lines: queue.Queue[str | None] = queue.Queue()
            # a thread reads, so that a line can be waited for with a time limit
            reader = threading.Thread(target=_read_lines, args=(child.stdout, lines))
            reader.start()
            for spec in todo:
                try:
                    line = lines.get(timeout=timeout)
                except queue.Empty:
                    line = ""
                if not line:  # this spec crashed the interpreter (None), or hung it ("")
                    child.kill()
                    child.wait()
                    stderr.seek(0)
                    if line is None:
                        crash = subprocess.CompletedProcess(
                            [spec], child.returncode, "", stderr.read()
                        )
                        runs.append((crash, 0.0))
                    else:
                        runs.append((subprocess.TimeoutExpired([spec], timeout), timeout))
                    break
                done = json.loads(line)
                result = subprocess.CompletedProcess(
                    [spec], done["code"], done["stdout"], done["stderr"]
                )
                runs.append((result, float(done["seconds"])))
            child.wait()
            reader.join()
    return runs


def _write_case(case: Case, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = write_spec(folder)
    path.write_bytes(case.build(folder))
    return path


def _run_case(case: Case, folder: Path) -> Outcome:
    started = time.monotonic()
    try:
        path = _write_case(case, folder)
        result = check_in_process(path)
    except BaseException as err:  # reported by the case's own test
        return Outcome(folder, None, time.monotonic() - started, err)
    return Outcome(path, result, time.monotonic() - started)


class Outcomes:
    """Each case's run, made once, when a test first asks for it (under pytest-xdist each
    worker runs only the cases it was given). The hostile inputs, which could crash or hang
    the interpreter, run in a subprocess with a time limit: all of them in one, the first
    time one is asked for."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.done: dict[str, Outcome] = {}

    def folder(self, case: Case) -> Path:
        return self.root / re.sub(r"[^A-Za-z0-9_-]", "_", case.id)

    def __getitem__(self, case_id: str) -> Outcome:
        if case_id not in self.done:
            case = next(c for c in CASES if c.id == case_id)
            if case.fast:
                self._run_fast()
            else:
                self.done[case_id] = _run_case(case, self.folder(case))
        return self.done[case_id]

    def _run_fast(self) -> None:
        written: list[tuple[Case, Path]] = []
        for case in (c for c in CASES if c.fast and c.id not in self.done):
            try:
                written.append((case, _write_case(case, self.folder(case))))
            except BaseException as err:  # reported by the case's own test
                self.done[case.id] = Outcome(self.folder(case), None, 0.0, err)
        runs = run_batch([path for _, path in written], FAST)
        for (case, path), (result, seconds) in zip(written, runs, strict=True):
            if isinstance(result, subprocess.TimeoutExpired):
                self.done[case.id] = Outcome(path, None, seconds, result)
            else:
                self.done[case.id] = Outcome(path, result, seconds)


_FAKE_BATCH = """
import json, os, sys, time
for arg in sys.argv[1:]:
    if arg == "crash":
        os.abort()
    if arg == "hang":
        time.sleep(60)
    print(json.dumps({"code": 1, "stdout": "", "stderr": arg, "seconds": 0.5}), flush=True)
"""


@pytest.mark.slow  # five interpreters, one waited on for its time limit
def test_a_batch_goes_on_after_a_crash_or_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "BATCH", [sys.executable, "-c", _FAKE_BATCH])
    runs = run_batch([Path(a) for a in ("a", "crash", "b", "hang", "c")], timeout=2)
    results = [r for r, _ in runs]
    assert [r.stderr for r in results[::2]] == ["a", "b", "c"]
    assert isinstance(results[1], subprocess.CompletedProcess) and results[1].returncode < 0
    assert isinstance(results[3], subprocess.TimeoutExpired)
    assert [s for _, s in runs] == [0.5, 0.0, 0.5, 2, 0.5]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> Outcomes:
    return Outcomes(tmp_path_factory.mktemp("bad_specs"))


def assert_reported(
    result: subprocess.CompletedProcess[str],
    path: Path,
    positions: Sequence[tuple[int, int]],
    expect: Sequence[Expect],
    clean: str = "",
) -> None:
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 1, f"exit {result.returncode}, expected 1:\n{output}"
    assert len(positions) == len(expect)
    lines = result.stderr.splitlines()
    assert re.fullmatch(r"\d+ problems? found; nothing was written", lines[-1]), lines[-1]
    for (line, col), want in zip(positions, expect, strict=True):
        what = want.what(clean) if callable(want.what) else want.what
        prefix = f"{path}:{line}:{col}: "
        hits = [ln for ln in lines if ln.startswith(prefix) and what in ln and want.todo in ln]
        assert hits, (
            f"expected a line starting {prefix!r} that says {what!r} and {want.todo!r}; "
            f"stderr was:\n{result.stderr}"
        )


# a duplicate key (the loader), a rule, and several problems of every layer in one run
AGREEMENT = ["duplicate-method", "keyed-without-a-key", "several-problems-in-one-run"]
# of which the inner loop runs one: each runs the command twice, once in a subprocess
AGREEMENT_INNER = {"duplicate-method"}


# The hostile inputs run in one batch, on the worker that first asks for one of them: their
# tests on one worker, or each worker would run the whole batch (a second's CPU each).
HOSTILE = pytest.mark.xdist_group("test_bad_specs-hostile")


def _param(case: Case) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
    if case.fast:
        marks.append(HOSTILE)
    if not case.fast and case.id not in AGREEMENT:
        # each loads the whole real spec (~0.5 s); together they would double the inner loop,
        # which keeps the hostile inputs and the edits that AGREEMENT names
        marks.append(pytest.mark.slow)
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_bad_spec_is_refused_with_its_position(case: Case, outcomes: Outcomes) -> None:
    outcome = outcomes[case.id]
    if outcome.error is not None:
        raise outcome.error
    assert outcome.result is not None
    assert_reported(outcome.result, outcome.path, case.positions(), case.expect, case.clean())
    if case.fast:
        assert outcome.seconds < FAST


@pytest.mark.parametrize(
    "case_id",
    [pytest.param(c, marks=[] if c in AGREEMENT_INNER else [pytest.mark.slow]) for c in AGREEMENT],
)
def test_in_process_runs_say_what_the_command_says(case_id: str, tmp_path: Path) -> None:
    case = next(c for c in SPEC_CASES if c.id == case_id)
    path = write_spec(tmp_path)
    path.write_bytes(case.build(tmp_path))
    command, here = run_check(path), check_in_process(path)
    assert (here.returncode, here.stdout, here.stderr) == (
        command.returncode,
        command.stdout,
        command.stderr,
    )


def test_trace_problems_are_each_reported_once(outcomes: Outcomes) -> None:
    """A broken trace is left out of the model, and the rules still place every problem of
    the others; none is reported twice or as a consequence of another."""
    case = next(c for c in SPEC_CASES if c.id == "trace-problems")
    result = outcomes[case.id].result
    assert result is not None
    count = int(result.stderr.splitlines()[-1].split()[0])
    assert count == len(case.positions()), result.stderr


def test_the_corpus_is_big_enough() -> None:
    assert len(CASES) >= 40
    assert len({case.id for case in CASES}) == len(CASES), "case ids must be unique"


@HOSTILE
def test_the_python_tag_ran_nothing(outcomes: Outcomes) -> None:
    outcome = outcomes["python-tag-does-not-run"]
    assert outcome.result is not None and outcome.result.returncode == 1
    assert not (outcome.path.parent / "pwned").exists(), "the YAML tag executed a command"
    echo = outcomes["corpus/python_object_tag"]
    assert echo.result is not None and echo.result.returncode == 1
    assert "pwned" not in echo.result.stdout, "the YAML tag ran `echo pwned`"


def test_the_unchanged_spec_loads(tmp_path: Path) -> None:
    """The edits above start from a spec that is valid: each case breaks it on purpose."""
    copy = write_spec(tmp_path)
    copy.write_bytes(SPEC.read_bytes())
    spec = load_spec(copy)
    assert "session/close" in spec.methods and "CloseSessionRequest" in spec.types


@pytest.mark.parametrize("case", SPEC_CASES, ids=lambda c: c.id)
def test_each_edit_changes_the_spec(case: Case) -> None:
    assert case.clean() != SPEC.read_text(encoding="utf-8")
    assert case.positions(), "every case marks where its problem is reported"


def test_a_50_mb_file_is_refused_fast(tmp_path: Path) -> None:
    path = write_spec(tmp_path)
    filler = b"# " + b"x" * 1021 + b"\n"
    with path.open("wb") as out:
        out.write(SPEC.read_bytes())
        for _ in range(50 * 1024):
            out.write(filler)
    assert path.stat().st_size > 50 * 1024 * 1024
    started = time.monotonic()
    result = run_check(path, FAST)
    elapsed = time.monotonic() - started
    assert_reported(
        result,
        path,
        [(1, 1)],
        [Expect("MiB, over the 8 MiB limit", "check that this is the right file")],
    )
    assert elapsed < 5, f"took {elapsed:.1f} s: a huge file must be refused before it is parsed"


def test_a_missing_spec_file(tmp_path: Path) -> None:
    path = tmp_path / "no-such-spec.yaml"
    result = run_check(path)
    assert_reported(
        result,
        path,
        [(1, 1)],
        [Expect("cannot read the spec: No such file or directory", "check the path")],
    )


def test_a_directory_as_the_spec(tmp_path: Path) -> None:
    result = run_check(tmp_path)
    assert_reported(result, tmp_path, [(1, 1)], [Expect("cannot read the spec", "check the path")])


def test_a_broken_error_entry_is_reported_once(tmp_path: Path) -> None:
    """A shape problem in errors: must not also make every use of the error 'not defined'."""
    text, [(line, col)] = resolve(
        edit(
            "errors",
            "invalid_params",
            "  invalid_params:\n    code: -32602\n    title: Invalid params\n",
            "  ⟦invalid_params:\n    code: -32602\n",
        )(SPEC.read_text(encoding="utf-8"))
    )
    path = write_spec(tmp_path)
    path.write_text(text, encoding="utf-8")
    result = check_in_process(path)  # an edit of the real spec, like the corpus's
    assert_reported(
        result,
        path,
        [(line, col)],
        [Expect("errors › invalid_params is missing 'title'", "add it")],
    )


def test_a_broken_error_entry_causes_no_cascade(tmp_path: Path) -> None:
    text, _ = resolve(
        edit("errors", "invalid_params", "    title: Invalid params\n", "")(
            SPEC.read_text(encoding="utf-8")
        )
    )
    path = write_spec(tmp_path)
    path.write_text(text, encoding="utf-8")
    result = check_in_process(path)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == "1 problem found; nothing was written", result.stderr


def test_wrong_usage_exits_2(tmp_path: Path) -> None:
    result = run_check(SPEC, TIMEOUT, "bogus")
    assert result.returncode == 2
    assert "invalid choice: 'bogus'" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_no_command_exits_2() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ACP_SPEC_DEBUG"}
    result = subprocess.run(
        [sys.executable, "-m", "acp_spec"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 2
    assert (
        "required: COMMAND" in result.stderr
        or "the following arguments are required" in result.stderr
    )
