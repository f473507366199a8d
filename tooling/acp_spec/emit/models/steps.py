"""The survey's lowering, one def at a time, each def's made once for all the specs a
process meets that read the same.

The survey (``names.survey``) lowers every def in order, in one ``Lowering`` (a fresh one
after a refused def). Lowering def X is a step: a deterministic function of what it reads,
which is

- the source of the defs it asks about (``Lowering.source``: X's, the defs it refers to,
  the names it tries for classes), and which of them are there;
- what ``accepts_null`` reads of the index's defs (``Lowering(nulls=...)``);
- the state the steps before it left: which defs are lowered already, the lowered parents
  and union variants it builds on (``Lowering._done``, ``_lowered``, ``_variants``);

and whose effect is its writes, in order (``Lowering._put``, ``_keep``, ``_claim``) and
the ``ModelsError`` it raises, if any. A ``Step`` records all of them: the source reads as
each def's digest (None for a name that is not a def), the state reads as their answers
(digested) where the step had not written them itself. A recorded step stands for a new
one exactly when every read answers the same now; ``Lowering.redo`` makes its writes again
(a claim by running ``_claim``, whose effect depends on the claims before it, so that it
does what it did then). That covers every input by construction: the lowering reads the
defs only through ``source`` and ``nulls``, which tell the step, and its own state only
through the methods above, which do too; the rest it calls is pure (``python_name``,
``camel``, the module's constants).

Recorded steps share their lowered values with every lowering they are redone in, as the
surveys ``names`` keeps do: a lowering is only read once it is made.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

from ...content import digest
from .errors import ModelsError
from .lowering import Lowering, without_boolean_schemas

# The table of the state a read is of; a read of what the step wrote itself is not recorded.
_TABLE = {"done": "defs", "defs": "defs", "variants": "variants"}


class Step:
    """One def's lowering as it ran: what it read, and what it wrote."""

    def __init__(self) -> None:
        self.sources: dict[object, str | None] = {}  # def -> its digest; None: not a def
        self.done: dict[str, bool] = {}  # def -> whether it was lowered already
        # ("defs" or "variants", def) -> the digest of its lowering or its union's variants
        self.reads: dict[tuple[str, str], str] = {}
        self.ops: list[tuple[Any, ...]] = []
        # the ModelsError it raised, if it did: its class and arguments
        self.error: tuple[type[ModelsError], tuple[Any, ...]] | None = None
        self._written: set[tuple[str, str]] = set()

    def read(self, kind: str, key: str, answer: Any) -> None:
        if (_TABLE[kind], key) in self._written:
            return
        if kind == "done":
            self.done.setdefault(key, answer)
        elif (kind, key) not in self.reads:
            self.reads[kind, key] = digest(answer)

    def wrote(self, table: str, key: str, op: tuple[Any, ...]) -> None:
        self._written.add((table, key))
        self.ops.append(op)

    def holds(self, digests: Mapping[Any, str], lowering: Lowering) -> bool:
        """Whether every read answers now (``digests``: each def's; ``lowering``: the state
        before the step) as it did when the step ran."""
        if any(digests.get(name) != known for name, known in self.sources.items()):
            return False
        if any((key in lowering.defs) != done for key, done in self.done.items()):
            return False
        return all(
            digest((lowering.defs if kind == "defs" else lowering.variants).get(key)) == known
            for (kind, key), known in self.reads.items()
        )


class Source(Mapping[str, Mapping[str, Any]]):
    """A spec's defs, each read telling ``step``, if one is recorded: the lowering's source
    (``boolean``: JSON Schema's boolean subschemas as objects, made on first read) or the
    defs ``accepts_null`` reads."""

    def __init__(
        self, defs: Mapping[str, Mapping[str, Any]], digests: Mapping[Any, str], *, boolean: bool
    ) -> None:
        self._defs = defs
        self._digests = digests
        self._boolean = boolean
        self._made: dict[str, Mapping[str, Any]] = {}
        self.step: Step | None = None

    def _tell(self, name: object) -> None:
        if self.step is not None:
            self.step.sources[name] = self._digests.get(name)

    def __getitem__(self, name: str) -> Mapping[str, Any]:
        self._tell(name)
        node = self._defs[name]
        if not self._boolean:
            return node
        if name not in self._made:
            self._made[name] = without_boolean_schemas(node)
        return self._made[name]

    def __contains__(self, name: object) -> bool:
        self._tell(name)
        return name in self._defs

    def __iter__(self) -> Iterator[str]:
        for name in self._defs:  # which defs there are: each of them
            self._tell(name)
        return iter(self._defs)

    def __len__(self) -> int:
        for name in self._defs:
            self._tell(name)
        return len(self._defs)


class Steps:
    """Recorded steps by their def and its digest, the last ``size`` keys a process used;
    up to ``per_key`` a key: one def read in different surroundings (after a refused def,
    its parents are lowered by it, not before it)."""

    def __init__(self, size: int, per_key: int) -> None:
        self._size = size
        self._per_key = per_key
        self._known: OrderedDict[tuple[str, str], list[Step]] = OrderedDict()
        self.recorded = 0  # steps run and recorded, and steps redone: what reuse there was
        self.redone = 0

    def lower(
        self,
        lowering: Lowering,
        name: str,
        digests: Mapping[str, str],
        sources: tuple[Source, ...],
    ) -> None:
        """``lowering.lower_def(name)``, by a recorded step where one holds. ``sources``:
        the mappings ``lowering`` reads the defs through (its source, and its ``nulls``')."""
        key = (name, digests[name])
        found = self._known.get(key, [])
        for step in found:
            if step.holds(digests, lowering):
                self._known.move_to_end(key)
                self.redone += 1
                lowering.redo(step.ops)
                if step.error is not None:
                    kind, args = step.error
                    raise kind(*args)
                return
        step = Step()
        self.recorded += 1
        lowering.step = step
        for source in sources:
            source.step = step
        try:
            lowering.lower_def(name)
        except ModelsError as err:
            step.error = (type(err), err.args)
            self._remember(key, step)
            raise
        finally:
            lowering.step = None
            for source in sources:
                source.step = None
        self._remember(key, step)

    def _remember(self, key: tuple[str, str], step: Step) -> None:
        found = self._known.setdefault(key, [])
        found.insert(0, step)
        del found[self._per_key :]
        self._known.move_to_end(key)
        while len(self._known) > self._size:
            self._known.popitem(last=False)


# the last few specs' steps (a few hundred defs each)
STEPS = Steps(4096, 16)
