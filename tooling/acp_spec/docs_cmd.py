"""``acp-spec docs build`` and ``acp-spec docs serve``: the docs site, from the spec.

``build`` regenerates every artifact (the whole pipeline, so generated/manifest.json keeps
recording every generated file) and then runs ``mkdocs build --strict`` into a new folder,
which replaces the site only when the build succeeds; a folder the site may not replace is
refused before anything is written (acp_spec.site_folder). ``serve`` runs
``mkdocs serve`` on 127.0.0.1 and regenerates the pages whenever the spec or a template
changes; mkdocs sees the pages change and reloads the browser.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from .diagnostics import SpecError
from .emit.docs import TEMPLATES
from .pipeline import build_outputs, load_checked
from .site_folder import DEFAULT, SiteFolderError, building, check_target, swap_in
from .writer import replace_all, reusable

CONFIG = Path("site/mkdocs.yml")
NAV = Path("site/nav.yml")
HOST = "127.0.0.1"
POLL_SECONDS = 0.5


def add_commands(subparsers: Any) -> None:
    """Add ``docs build`` and ``docs serve`` to the command's subparsers."""
    docs = subparsers.add_parser("docs", help="build or preview the docs site")
    actions = docs.add_subparsers(dest="docs_command", required=True, metavar="ACTION")
    build = actions.add_parser(
        "build", help="regenerate the pages, then mkdocs build --strict (into site/site/)"
    )
    build.add_argument("--site-dir", type=Path, metavar="DIR",
                       help="where to write the site (default: site/site/); a folder with files in "
                            "it must be one an earlier docs build made")  # fmt: skip
    serve = actions.add_parser(
        "serve", help=f"live preview on {HOST}; regenerates when the spec or templates change"
    )
    serve.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")


def run(args: argparse.Namespace) -> int:
    if args.docs_command == "build":
        return build(args.spec, args.root, args.site_dir)
    return serve(args.spec, args.root, args.port)


def regenerate(spec_path: Path, root: Path) -> list[str]:
    """Write every generated file, the docs pages among them; the paths written."""
    spec, index = load_checked(spec_path, display=str(spec_path))
    for warning in spec.warnings:
        print(warning.render(), file=sys.stderr)
    return replace_all(root, build_outputs(spec, partial(reusable, root), index)).written


def mkdocs(root: Path, *args: str) -> list[str]:
    """The command line that runs mkdocs on the site's config."""
    return [sys.executable, "-m", "mkdocs", *args, "--config-file", str(root / CONFIG)]


def mkdocs_env() -> dict[str, str]:
    # mkdocs-material prints a banner about its successor on every run otherwise
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def build(spec_path: Path, root: Path, site_dir: Path | None = None) -> int:
    target = (site_dir if site_dir is not None else root / DEFAULT).resolve()
    try:
        check_target(target, root, spec_path)
    except SiteFolderError as err:
        shown = site_dir if site_dir is not None else DEFAULT
        print(f"acp-spec docs build: --site-dir {shown}: {err}; nothing was written",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    written = regenerate(spec_path, root)
    print(f"regenerated: {len(written)} files written")
    try:
        with building(target) as new:
            command = [*mkdocs(root, "build", "--strict"), "--site-dir", str(new)]
            result = subprocess.run(command, cwd=root, env=mkdocs_env(), check=False)
            if result.returncode != 0:
                print(f"acp-spec docs build: mkdocs build --strict failed (see above); "
                      f"{target} was left as it was", file=sys.stderr)  # fmt: skip
                return EXIT_INVALID
            swap_in(new, target)
    except OSError as err:
        print(f"acp-spec docs build: cannot put the site in {target}: {err}", file=sys.stderr)
        return EXIT_INVALID
    print(f"acp-spec docs build: the site is in {target}")
    return EXIT_OK


def serve(spec_path: Path, root: Path, port: int) -> int:
    regenerate(spec_path, root)  # an invalid spec stops here, with every problem listed
    command = mkdocs(root, "serve", "--dev-addr", f"{HOST}:{port}", "--watch", str(root / NAV))
    server = subprocess.Popen(command, cwd=root, env=mkdocs_env())
    # SIGTERM would end this process without its `finally`, orphaning mkdocs' server
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(EXIT_OK))
    stop = threading.Event()
    watcher = threading.Thread(
        target=watch, args=(sources(spec_path), lambda: _regenerate_quietly(spec_path, root), stop),
        daemon=True,
    )  # fmt: skip
    watcher.start()
    try:
        return server.wait()
    except KeyboardInterrupt:
        return EXIT_OK
    finally:
        stop.set()
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def sources(spec_path: Path) -> Callable[[], list[Path]]:
    """The files the pages are made from: the spec and every template."""

    def files() -> list[Path]:
        return [spec_path, *sorted(p for p in TEMPLATES.rglob("*") if p.is_file())]

    return files


def snapshot(paths: Sequence[Path]) -> dict[Path, tuple[int, int]]:
    stamps: dict[Path, tuple[int, int]] = {}
    for path in paths:
        try:
            stat = path.stat()
        except OSError:
            continue
        stamps[path] = (stat.st_mtime_ns, stat.st_size)
    return stamps


def watch(
    files: Callable[[], list[Path]],
    on_change: Callable[[], None],
    stop: threading.Event,
    interval: float = POLL_SECONDS,
) -> None:
    """Call ``on_change`` after any of ``files()`` changes, until ``stop`` is set."""
    seen = snapshot(files())
    while not stop.wait(interval):
        now = snapshot(files())
        if now != seen:
            seen = now
            on_change()


def _regenerate_quietly(spec_path: Path, root: Path) -> None:
    """Regenerate for the live preview: report problems, never stop serving."""
    try:
        written = regenerate(spec_path, root)
    except SpecError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        print("acp-spec docs serve: the spec has problems; the pages were not regenerated",
              file=sys.stderr)  # fmt: skip
    except Exception as err:  # a template error, say: keep serving the last good pages
        print(f"acp-spec docs serve: regenerating failed: {type(err).__name__}: {err}",
              file=sys.stderr)  # fmt: skip
    else:
        print(f"acp-spec docs serve: regenerated ({len(written)} files written)", flush=True)
    finally:
        # what the loads of a long session leave in cycles (see collector.paused)
        gc.collect()
