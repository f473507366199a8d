"""What every artifact that makes a file per method checks of the method names: each name
makes a file name the disks take, and no two make the same one, compared without case (as
macOS and Windows compare file names). Each artifact's check passes its own naming
function, so the check and the artifact cannot disagree."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator

from ..diagnostics import Diagnostic
from ..model import Spec

# The longest method file name any artifact makes, in characters, without its folder and
# extension (the docs' page stems, the longer form of a name, are held to it).
MAX_FILE_NAME = 120
# A file name is at most 255 bytes on every common file system; leave room for the
# extension and the staging suffix the writer adds.
MAX_NAME_BYTES = 200


def clashes(names: Iterable[str], derive: Callable[[str], str]) -> Iterator[tuple[str, str, str]]:
    """(name, earlier name, derived) for each name whose derived form (compared without
    case) an earlier name already has."""
    seen: dict[str, str] = {}
    for name in names:
        derived = derive(name)
        earlier = seen.setdefault(derived.lower(), name)
        if earlier != name:
            yield name, earlier, derived


def method_files(
    spec: Spec, what: str, file_name: Callable[[str], str], usable: Callable[[str], bool]
) -> Iterator[Diagnostic]:
    """Each method has a file of its own (``what``: "vector file"), named by ``file_name``;
    ``usable``: whether a method's name makes a file name at all. Two artifacts that find
    the same name unusable say it in the same words: the check reports it once."""
    names = list(spec.methods)
    for name in names:
        if not usable(name):
            yield Diagnostic(spec.where.at(("methods", name), key=True),
                             f"method name {json.dumps(name[:40])}... makes no usable file name "
                             f"(at most {MAX_FILE_NAME} characters); shorten it")  # fmt: skip
    for name, earlier, derived in clashes(names, file_name):
        yield Diagnostic(spec.where.at(("methods", name), key=True),
                         f"{name} and {earlier} would share the {what} {derived} (file names "
                         "are compared without case); rename one of them")  # fmt: skip
