"""Where ``acp-spec docs build`` may put the site, and how it puts it there.

mkdocs empties its output folder before it writes, so a mistyped ``--site-dir`` (``spec``,
``generated``, a folder of a user's files) would lose whatever was in it. The command
refuses every folder of the project, any folder that holds the project, and any other
folder with files in it that no earlier build marked as a site (``MARK``); the site's own
folder (site/site, where mkdocs.yml puts it) is the site's by configuration.

The site is built into a new folder beside the target and swapped in only when the build
succeeds, so a failing build leaves the previous site (or nothing) as it was.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Written into every site the command builds: the folder may be replaced by the next build.
MARK = ".acp-spec-site"
MARK_TEXT = "made by `acp-spec docs build`: the next build replaces this folder\n"
# The site's own folder, relative to the project (site/mkdocs.yml: site_dir, beside docs_dir).
DEFAULT = Path("site/site")
# Folders of the project that hold its sources or its outputs, never a site.
PROJECT_FOLDERS = (
    ".git", ".venv", "benchmarks", "docs", "examples", "generated", "scripts", "site/docs",
    "spec", "tests", "tooling",
)  # fmt: skip


class SiteFolderError(Exception):
    """The folder the site was asked into is not one it may replace; the message says why
    and what to do instead."""


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_target(target: Path, root: Path, spec_path: Path) -> None:
    """Raise SiteFolderError unless the site may replace ``target`` (an absolute, resolved
    path). Nothing on disk changes."""
    root = root.resolve()
    advice = "give a new or empty folder, or one an earlier `acp-spec docs build` made"
    keep = [root, root / "site", spec_path.resolve().parent]
    for kept in keep:
        if _within(kept, target):
            verb = "is" if target == kept else "holds"
            raise SiteFolderError(
                f"{target} {verb} {_shown(kept, root)}, which the site would replace; {advice}"
            )
    for name in PROJECT_FOLDERS:
        if _within(target, root / name):
            verb = "is" if target == root / name else "is in"
            raise SiteFolderError(
                f"{target} {verb} the project's {name}/, which the site would replace; {advice}"
            )
    if target == root / DEFAULT or not target.exists():
        return
    if not target.is_dir():
        raise SiteFolderError(f"{target} is a file, not a folder; {advice}")
    if (target / MARK).is_file():
        return
    if any(target.iterdir()):
        raise SiteFolderError(
            f"{target} has files in it that no `acp-spec docs build` made (it has no {MARK}), "
            f"and the site would delete them; {advice}"
        )


def _shown(folder: Path, root: Path) -> str:
    if folder == root:
        return "the project"
    if _within(folder, root):
        return f"the project's {folder.relative_to(root).as_posix()}/"
    return f"the spec's folder {folder}/"


@contextmanager
def building(target: Path) -> Iterator[Path]:
    """A new, empty folder beside ``target`` to build the site into. The caller calls
    ``swap_in`` with it once the build has succeeded; whatever is left of it afterwards
    (the build failed, or was interrupted) is removed, and ``target`` is untouched."""
    target.parent.mkdir(parents=True, exist_ok=True)
    # beside the target: on its file system, so the swap is a rename
    new = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".building", dir=target.parent))
    try:
        yield new
    finally:
        shutil.rmtree(new, ignore_errors=True)


def swap_in(new: Path, target: Path) -> None:
    """Mark ``new`` as a site and put it where ``target`` is, removing the old site."""
    (new / MARK).write_text(MARK_TEXT, encoding="utf-8")
    if not target.exists():
        new.rename(target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    old.rmdir()
    target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)
