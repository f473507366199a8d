"""Reading a file that a user names, or that a file they edit names: a regular file only.

A FIFO would block the command until something writes to it, and a device such as
/dev/zero would fill memory without end; both are refused with an OSError that says so, as
a missing file or a folder is refused with its own."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

NOT_REGULAR = "not a regular file (a pipe, a device or a socket)"


def regular_bytes(path: Path | str, size: int = -1) -> bytes:
    """The bytes of the regular file at ``path`` (its first ``size`` only, if given)."""
    # non-blocking, so that a FIFO opens at once to be refused (reads of a regular file
    # ignore the flag); checked on the open file, which cannot be swapped after the check
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, NOT_REGULAR, str(path))
    except BaseException:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as handle:
        return handle.read(size)


def regular_text(path: Path | str) -> str:
    """The text of the regular file at ``path``, as UTF-8 (UnicodeDecodeError if it is not)."""
    return regular_bytes(path).decode("utf-8")
