"""Parse throughput of one library on one corpus (messages/second).

    python benchmarks/parse.py ours|upstream|jsonschema prompt|update|update-all|decode... [--smoke]
    python benchmarks/parse.py ours|upstream first-use

- ``prompt``: session/prompt params with 1-8 content blocks (text, resource links, images,
  embedded resources), shapes that are the same in ACP v1 and v2;
- ``update``: session/update params of the variants upstream's v1 SDK has too (message and
  thought chunks, tool call updates, commands, session info, usage), chunks the most;
- ``update-all``: session/update params of every v2 variant, each state and stop reason of
  ``state_update`` included (ours and the JSON Schema only: upstream's v1 has most not);
- ``decode``: whole ``session/update`` messages as raw bytes, the ``update`` corpus in its
  envelope: ours ``decode``, upstream's ``json.loads`` and its ``SessionNotification``;
- ``first-use``: seconds to import and parse one message, in a fresh interpreter.

``--smoke`` parses a few messages once instead of the whole corpus for a second. Each
library runs in its own interpreter (upstream's SDK from a folder of its own); given several
corpora, it prints one rate a line, each measured after the ones before it.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
Make = Callable[[random.Random, int], dict[str, Any]]


def _text(rng: random.Random, i: int) -> dict[str, Any]:
    return {"type": "text", "text": f"Refactor module {i} " * rng.randint(1, 40)}


def _prompt_blocks() -> list[Make]:
    return [
        _text,
        lambda rng, i: {"type": "resource_link", "uri": f"file:///src/m{i}.py", "name": f"m{i}.py"},
        lambda rng, i: {"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgo=" * rng.randint(1, 20)},
        lambda rng, i: {"type": "resource", "resource": {"uri": f"file:///src/m{i}.py", "mimeType": "text/x-python",
                                                         "text": "def f():\n    return 1\n" * rng.randint(1, 30)}},
    ]  # fmt: skip


def prompts(size: int = 400) -> list[dict[str, Any]]:
    rng = random.Random(2)  # the same corpus on every run and machine
    blocks = _prompt_blocks()
    return [
        {"sessionId": f"sess_{i:06d}",
         "prompt": [rng.choice(blocks)(rng, i) for _ in range(rng.randint(1, 8))]}
        for i in range(size)
    ]  # fmt: skip


def _chunk(kind: str) -> Make:
    return lambda rng, i: {"sessionUpdate": kind, "messageId": f"msg_{i}", "content": _text(rng, i)}


def _tool_call_update(rng: random.Random, i: int) -> dict[str, Any]:
    return {"sessionUpdate": "tool_call_update", "toolCallId": f"call_{i}",
            "status": rng.choice(["pending", "in_progress", "completed"]), "title": f"Read m{i}.py",
            "content": [{"type": "content", "content": _text(rng, i)}]}  # fmt: skip


_COMMAND = {"type": "command", "name": "plan", "description": "Make a plan"}
# what both protocol versions share, streamed chunks weighted as they are in real sessions
SHARED: list[tuple[int, Make]] = [
    (8, _chunk("agent_message_chunk")),
    (3, _chunk("agent_thought_chunk")),
    (1, _chunk("user_message_chunk")),
    (3, _tool_call_update),
    (1, lambda rng, i: {"sessionUpdate": "available_commands_update",
                        "availableCommands": [_COMMAND] * rng.randint(1, 5)}),
    (1, lambda rng, i: {"sessionUpdate": "session_info_update", "title": f"Session {i}"}),
    (1, lambda rng, i: {"sessionUpdate": "usage_update", "used": i * 10, "size": 200_000}),
]  # fmt: skip


def _state(state: str, **more: Any) -> Make:
    return lambda rng, i: {"sessionUpdate": "state_update", "state": state, **more}


_STOPS = ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled", "error", "_custom"]
# every v2 variant, each state and stop reason of state_update among them
EVERY: list[Make] = [
    *(make for _, make in SHARED),
    _chunk("session_message_chunk"),
    lambda rng, i: {"sessionUpdate": "user_message", "messageId": f"msg_{i}"},
    lambda rng, i: {"sessionUpdate": "agent_message", "messageId": f"msg_{i}"},
    lambda rng, i: {"sessionUpdate": "agent_thought", "messageId": f"msg_{i}"},
    lambda rng, i: {"sessionUpdate": "session_message", "messageId": f"msg_{i}"},
    _state("running"), _state("requires_action"), _state("unknown"), _state("_paused"),
    _state("idle"), *(_state("idle", stopReason=stop) for stop in _STOPS),
    lambda rng, i: {"sessionUpdate": "tool_call_content_chunk", "toolCallId": f"call_{i}",
                    "content": {"type": "content", "content": _text(rng, i)}},
    lambda rng, i: {"sessionUpdate": "terminal_update", "terminalId": f"term_{i}", "command": "make"},
    lambda rng, i: {"sessionUpdate": "terminal_output_chunk", "terminalId": f"term_{i}", "data": "b2sK"},
    lambda rng, i: {"sessionUpdate": "plan_update",
                    "plan": {"type": "markdown", "planId": f"plan_{i}", "content": "- step"}},
    lambda rng, i: {"sessionUpdate": "plan_removed", "planId": f"plan_{i}"},
    lambda rng, i: {"sessionUpdate": "config_option_update", "configOptions": [
        {"type": "boolean", "configId": "fast", "name": "Fast", "currentValue": True}]},
    lambda rng, i: {"sessionUpdate": "notice", "severity": "info", "title": "Rate limited"},
    lambda rng, i: {"sessionUpdate": "compaction_update", "compactionId": f"c_{i}", "status": "completed"},
    lambda rng, i: {"sessionUpdate": "compaction_summary_chunk", "compactionId": f"c_{i}",
                    "content": _text(rng, i)},
    lambda rng, i: {"sessionUpdate": "subagent_update", "sessionId": f"sess_{i}_sub"},
    lambda rng, i: {"sessionUpdate": "_custom_update", "anything": [i]},
]  # fmt: skip


def updates(size: int = 400, every: bool = False) -> list[dict[str, Any]]:
    rng = random.Random(3)
    makes = EVERY if every else [make for _, make in SHARED]
    weights = None if every else [weight for weight, _ in SHARED]
    return [
        {"sessionId": f"sess_{i:06d}", "update": rng.choices(makes, weights)[0](rng, i)}
        for i in range(size)
    ]


def messages(size: int = 400) -> list[dict[str, Any]]:
    return [{"jsonrpc": "2.0", "method": "session/update", "params": p} for p in updates(size)]


def corpus(name: str, size: int = 400) -> list[bytes]:
    values = {
        "prompt": lambda: prompts(size),
        "update": lambda: updates(size),
        "update-all": lambda: updates(size, every=True),
        "decode": lambda: messages(size),
    }[name]()
    return [json.dumps(value).encode() for value in values]


def parser(kind: str, name: str) -> Callable[[bytes], object]:
    if kind == "ours":
        from acp_models.v2 import METHODS, decode

        if name == "decode":
            return decode
        return METHODS[
            "session/prompt" if name == "prompt" else "session/update"
        ].params.model_validate_json
    if kind == "upstream":
        import acp.schema as upstream

        if name == "decode":
            notification: Any = upstream.SessionNotification  # untyped package

            def validate(raw: bytes) -> object:
                message = json.loads(raw)
                return notification.model_validate(message["params"])

            return validate
        model_of: Any = upstream.PromptRequest if name == "prompt" else upstream.SessionNotification
        parse: Callable[[bytes], object] = model_of.model_validate_json
        return parse
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "generated/schema.unstable.json").read_text())
    root = "PromptRequest" if name == "prompt" else "UpdateSessionNotification"
    validator = Draft202012Validator({"$ref": f"#/$defs/{root}", "$defs": schema["$defs"]})
    return lambda raw: validator.validate(json.loads(raw))


def installed(package: str, folder: Path) -> None:
    """``package`` copied into ``folder`` with its bytecode compiled, as ``pip install``
    leaves a package (upstream's SDK, installed by pip, has its own), and imported from there:
    with PYTHONDONTWRITEBYTECODE set, as on these machines, every run would compile ours
    from source (0.13 s of _models.py alone), which no installed copy does."""
    import compileall
    import importlib.util
    import shutil

    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise SystemExit(f"no package {package}")
    shutil.copytree(Path(spec.origin).parent, folder / package)
    compileall.compile_dir(folder / package, quiet=1)  # beside the copy, as pip writes them
    sys.path.insert(0, str(folder))


def first_use(kind: str) -> float:
    """Import, then parse one message: what a short-lived program pays before its first."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        if kind == "ours":
            installed("acp_models", Path(folder))
        raw = corpus("decode", 1)[0]
        start = time.perf_counter()
        parser(kind, "decode")(raw)
        return time.perf_counter() - start


def rate(kind: str, name: str, smoke: bool) -> float:
    parse, raws = parser(kind, name), corpus(name, 20 if smoke else 400)
    for raw in raws[:50]:
        parse(raw)  # warm up: build lazy validators before timing
    count, start = 0, time.perf_counter()
    while count == 0 or (not smoke and time.perf_counter() - start < 1.0):
        for raw in raws:
            parse(raw)
        count += len(raws)
    return count / (time.perf_counter() - start)


def main() -> None:
    kind, *names = (arg for arg in sys.argv[1:] if arg != "--smoke")
    if names == ["first-use"]:
        print(first_use(kind))
        return
    for name in names:  # a rate a line
        print(rate(kind, name, "--smoke" in sys.argv))


if __name__ == "__main__":
    main()
