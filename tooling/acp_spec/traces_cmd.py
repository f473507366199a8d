"""``acp-spec traces run``: the retry traces against a real agent or client."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from .emit.traces import TRACES_DIR
from .traces_run.load import TraceFileError, load_traces


def add_commands(subparsers: Any) -> None:
    """Add ``traces run`` to the command's subparsers."""
    traces = subparsers.add_parser("traces", help="run the retry traces against a real peer")
    actions = traces.add_subparsers(dest="traces_command", required=True, metavar="ACTION")
    run = actions.add_parser(
        "run",
        help="start the agent (or client) under test and play the other side of its traces",
        description="Start COMMAND as the side under test, speaking newline-delimited "
        "JSON-RPC over stdio (an agent: or WebSocket, --transport websocket or --agent-url), "
        "and play the runner's side of every trace of that side. "
        "Exit 0 when every trace passes, 1 when some fail, 2 for wrong usage.",
    )
    side = run.add_mutually_exclusive_group(required=True)
    side.add_argument("--agent", action="store_const", const="agent", dest="side",
                      help="COMMAND is an agent: play the client side of the agent traces")  # fmt: skip
    side.add_argument("--client", action="store_const", const="client", dest="side",
                      help="COMMAND is a client: play a scripted agent for the client traces")  # fmt: skip
    run.add_argument("--traces", type=Path, metavar="DIR",
                     help=f"the folder of trace files (default: ROOT/{TRACES_DIR})")  # fmt: skip
    run.add_argument("--trace", action="append", default=[], metavar="ID",
                     help="run only this trace (shell-style patterns; repeat for more)")  # fmt: skip
    run.add_argument("--format", choices=["text", "junit", "json"], default="text",
                     help="text for a person (default), junit XML for CI, json for a machine "
                     "(described by traces-report.schema.json)")  # fmt: skip
    run.add_argument("--output", type=Path, metavar="FILE",
                     help="write the report here instead of to stdout")  # fmt: skip
    run.add_argument("--jobs", type=int, default=4, metavar="N",
                     help="traces run at once, each with its own processes and state (default 4)")  # fmt: skip
    run.add_argument("--transport", choices=["stdio", "websocket"], default="stdio",
                     help="how the runner reaches an agent: stdio (a process per connection, "
                     "the default) or websocket (COMMAND is started as a server with "
                     "ACP_TRACE_LISTEN=127.0.0.1:PORT; a WebSocket per connection to "
                     "ws://127.0.0.1:PORT/acp; a client is given its agent's URL in "
                     "ACP_TRACE_AGENT_URL)")  # fmt: skip
    run.add_argument("--agent-url", metavar="ws://HOST:PORT/acp",
                     help="play the agent traces over WebSocket against this agent, already "
                     "running (no COMMAND; traces that restart the agent are skipped)")  # fmt: skip
    run.add_argument("--verbose", action="store_true",
                     help="show the transcript of passing traces too")  # fmt: skip
    run.add_argument("program", nargs=argparse.REMAINDER, metavar="-- COMMAND...",
                     help="the program under test and its arguments, after --")  # fmt: skip
    run.set_defaults(traces_parser=run)


def run(args: argparse.Namespace) -> int:
    # the runner (asyncio, a tenth of a second to import) only for this command: every other
    # command builds this one's parser too
    import asyncio

    from .traces_run import report
    from .traces_run.hygiene import SCHEMA_FILE
    from .traces_run.runner import play_all

    parser: argparse.ArgumentParser = args.traces_parser
    command = list(args.program)
    if command[:1] == ["--"]:
        command = command[1:]
    transport = "websocket" if args.agent_url else args.transport
    if args.agent_url and command:
        parser.error("give either --agent-url or a program after --, not both")
    if args.agent_url and args.side != "agent":
        parser.error("--agent-url plays agent traces: give --agent")
    if not command and not args.agent_url:
        parser.error("give the program under test after --, e.g. -- python my_agent.py")
    if args.agent_url and not args.agent_url.startswith(("ws://", "wss://")):
        parser.error(f"--agent-url {args.agent_url}: give a ws:// or wss:// URL")
    if args.jobs < 1:
        parser.error(f"--jobs {args.jobs}: give 1 or more")
    folder = args.traces if args.traces is not None else args.root / TRACES_DIR
    try:
        traces = load_traces(folder, args.side, args.trace)
    except TraceFileError as error:
        print(f"acp-spec: {error}", file=sys.stderr)
        return EXIT_USAGE
    schema: Path | None = folder.resolve().parent / SCHEMA_FILE
    if schema is not None and not schema.is_file():
        print(f"acp-spec: {schema}: no such file, so the peer's messages are not checked "
              "against the schema (the traces folder of a checkout has it beside it)",
              file=sys.stderr)  # fmt: skip
        schema = None
    results = asyncio.run(
        play_all(
            traces, args.side, command, jobs=args.jobs, schema=schema,
            transport=transport, url=args.agent_url,
        )
    )  # fmt: skip
    # traces skipped for another transport start nothing: they neither show nor hide it
    played = [r for r in results if r.skipped is None] or results
    if all(r.failure is not None and r.failure.kind == "start" for r in played):
        print(f"acp-spec: {played[0].failure.what if played[0].failure else ''}; "
              "check the command after -- (or --agent-url)", file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    if args.format == "junit":
        text = report.junit(results, args.side)
    elif args.format == "json":
        text = report.json_report(results, args.side, command or [args.agent_url])
    else:
        text = report.text(results, args.side, args.verbose)
    if args.output is not None:
        args.output.write_text(text, "utf-8")
        print(report.text(results, args.side).splitlines()[-1])
    else:
        sys.stdout.write(text)
    # a skipped trace (a capability the agent does not advertise) is no failure
    return EXIT_INVALID if any(r.failure is not None for r in results) else EXIT_OK
