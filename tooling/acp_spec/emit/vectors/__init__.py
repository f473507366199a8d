"""generated/vectors/: serialization test vectors any SDK can run, made from the spec.

Shaped like the JSON-Schema-Test-Suite (groups of described cases), extended for a
protocol: each case has a stable id, the raw JSON-RPC message as text and the expected
outcome (valid, or a JSON-RPC error code). One file per method plus envelope.json;
tooling/acp_spec/vectors.schema.json is the schema of the files (copied beside them).

The cases come from four places, one module each:
- the spec's examples: one valid message per example, results as responses (methods.py);
- the keyed-method rules of the v2 Idempotency Keys RFD, for every method whose params
  reach an ``IdempotencyKey``: counting code points, raw escapes, retries (keyed.py);
- JSON-RPC's envelope rules (envelope.py);
- every constraint of the expanded schema, found by walking each method's params def
  (through $ref, allOf and unions) along its first example, and along each later example
  for the union variants it is the first to take (every ``sessionUpdate``), one field
  mutated per case (derive.py, with the rules of constraints.py).

Every expectation agrees with generated/schema.unstable.json; where a known implementation or layer
disagrees with the schema, the case says so in ``divergence``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ...index import Index
from ...model import Spec
from ..schema import dump_json
from .cases import (
    SCHEMA_NAME,
    VECTORS_DIR,
    VECTORS_SCHEMA,
    Case,
    Codes,
    Group,
    file_slug,
    method_path,
    vector_file,
)
from .derive import Walker
from .envelope import ENVELOPE_ABOUT, envelope_groups
from .methods import method_groups

__all__ = ["SCHEMA_NAME", "VECTORS_DIR", "VECTORS_SCHEMA", "emit_vectors", "file_slug"]


def emit_vectors(spec: Spec, index: Index) -> dict[str, bytes]:
    codes = Codes.of(spec)
    walker = Walker(index, codes)
    files = {f"{VECTORS_DIR}/{SCHEMA_NAME}": dump_json(VECTORS_SCHEMA)}
    slugs: dict[str, str] = {}
    every: list[Case] = []
    for method in sorted(spec.methods.values(), key=lambda m: m.name):
        slug = file_slug(method.name)
        # case-insensitive file systems (macOS, Windows) would merge the two files
        if (clash := slugs.setdefault(slug.lower(), method.name)) != method.name:
            raise ValueError(f"{method.name} and {clash} share the vector file name {slug}")
        groups = method_groups(spec, index, method, slug, walker, codes)
        groups = _successors(groups, spec.retired_vector_ids)
        every += [c for g in groups for c in g.cases]
        files[method_path(slug)] = vector_file(
            {"$schema": "../" + SCHEMA_NAME, "method": method.name}, groups
        )
    groups = _successors(envelope_groups(spec, codes), spec.retired_vector_ids)
    every += [c for g in groups for c in g.cases]
    files[f"{VECTORS_DIR}/envelope.json"] = vector_file(
        {"$schema": SCHEMA_NAME, "envelope": ENVELOPE_ABOUT}, groups
    )
    check_ids(every)
    return dict(sorted(files.items()))


def _successors(groups: Sequence[Group], retired: frozenset[str]) -> list[Group]:
    """The groups with each case whose id is retired under its successor id: a retired id
    keeps the meaning it had for good, so its case, which now means something else, takes
    another (see vector_ids.py)."""
    return [replace(g, cases=[_renamed(c, retired) for c in g.cases]) for g in groups]


def _renamed(case: Case, retired: frozenset[str]) -> Case:
    """The case under its successor id; itself if its id is not retired (most are not)."""
    return case if case.id not in retired else replace(case, id=successor(case.id, retired))


def successor(case_id: str, retired: frozenset[str]) -> str:
    """The id a case takes when its own is retired: ``<id>.rev2``, ``.rev3``, ... the first
    that is not retired too."""
    if case_id not in retired:
        return case_id
    revision = 2
    while f"{case_id}.rev{revision}" in retired:
        revision += 1
    return f"{case_id}.rev{revision}"


# What vectors.schema.json promises SDKs of every id (they may key files or tests by it).
ID_PATTERN = re.compile(VECTORS_SCHEMA["$defs"]["case"]["properties"]["id"]["pattern"])


def check_ids(cases: Sequence[Case]) -> None:
    # a rule must catch these first: example titles, method, property and enum names
    # become id parts, so two that read alike, or one with no letter or digit, break ids
    if repeated := sorted(i for i, n in Counter(c.id for c in cases).items() if n > 1):
        raise ValueError(f"vector ids must be unique; repeated: {', '.join(repeated)}")
    if malformed := [c.id for c in cases if not ID_PATTERN.fullmatch(c.id)]:
        raise ValueError(
            f"vector ids must match {ID_PATTERN.pattern} (vectors.schema.json); "
            f"these do not: {', '.join(malformed)}"
        )
