"""Is-valid verdicts against fragments of generated/schema.unstable.json, for the emitters,
each compiled once for every content of the document and the fragment a process meets.

``Verdicts`` compiles a fragment once an instance; a run of the vectors and the docs compiles
about a hundred and fifty (jsonschema-rs, a fraction of a millisecond to tens each), most of
a valid spec's validation time. The specs a process loads one after another (the tests'
mutants, ``docs serve`` after an edit) mostly make the same document and ask about the same
fragments, so the compiled checks are kept here by what they answer for: a digest of the
document (content.digest: the value exactly, types and order included) and, within it, of
the fragment. A verdict is a function of those two contents and of the value asked about,
and each kept one is compiled from copies of them, so that nothing done to a spec's values
afterwards can change what it says.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping
from typing import Any
from weakref import WeakKeyDictionary

from ..content import Recent, digest_of, pickled
from ..index import Index, SchemaIndex
from ..verdicts import Verdict, Verdicts

IsValid = Callable[[Mapping[str, Any], Any], bool]

# fragments kept for one document before they are all dropped: a spec's walk asks about a
# few hundred, the same ones for the same document, so this bounds what an odd caller adds
_MOST_FRAGMENTS = 2048


class _Document:
    """The compiled checks of one document's content, by the fragments' contents."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self._document = document
        self._verdicts = Verdicts(document)
        self._checks: dict[str, Verdict] = {}

    def check(self, written: bytes) -> Verdict:
        """The verdict of the fragment whose pickle (content.pickled) is ``written``."""
        key = digest_of(written)
        found = self._checks.get(key)
        if found is None:
            if len(self._checks) >= _MOST_FRAGMENTS:
                self._verdicts = Verdicts(self._document)
                self._checks.clear()
            fragment = pickle.loads(written)
            verdicts = self._verdicts
            found = self._checks[key] = lambda value: verdicts.is_valid(fragment, value)
        return found


_DOCUMENTS: Recent[_Document] = Recent(2)
# one a run: the vectors and the docs ask about the same fragments
_BY_INDEX: WeakKeyDictionary[Index | SchemaIndex, IsValid] = WeakKeyDictionary()


def kept_verdicts(index: Index | SchemaIndex) -> IsValid:
    """``Verdicts(index.schema).is_valid``'s answers: ``is_valid(fragment, value)`` for a fragment
    whose references resolve in ``index.schema``'s ``$defs``. One an index (it keeps each
    fragment asked about, with its id, while the index lives)."""
    found = _BY_INDEX.get(index)
    if found is None:
        found = _BY_INDEX[index] = _kept(index.schema)
    return found


def _kept(schema: Mapping[str, Any]) -> IsValid:
    written = pickled(schema)
    document = _DOCUMENTS.get(digest_of(written), lambda: _Document(pickle.loads(written)))
    known: dict[int, tuple[Mapping[str, Any], Verdict]] = {}

    def is_valid(fragment: Mapping[str, Any], value: Any) -> bool:
        entry = known.get(id(fragment))
        if entry is None:
            # the document itself is asked about too (the docs' whole messages)
            check = document.check(written if fragment is schema else pickled(fragment))
            entry = known[id(fragment)] = (fragment, check)
        return entry[1](value)

    return is_valid
