"""Facts derived from the Spec, each kind owned by one small index, each made once a load
and only read after.

Rules and emitters ask these; none of them derives such a fact again. Every answer about
values is JSON Schema's (the expanded ``$defs``, as ``generated/schema.unstable.json`` holds
them). The indexes tolerate a broken spec (a dangling reference answers "nothing there"):
the rules run on them to report what is broken.

- ``refs``: which defs name which, and what each reaches;
- ``shapes``: references followed, nullability, properties, unions and their tags;
- ``keys``: where a request's IdempotencyKey is;
- ``usage``: the methods that use each def;
- ``digests``: of the document and of each def's reach, for memos that outlive a load;
- ``facts``: what several rules ask of the spec, made once;
- ``Index`` holds a spec's; ``SchemaIndex`` a JSON Schema's alone (no spec behind it).
"""

from .build import FROM_RULES, index_of, schema_index, with_findings
from .containers import Index, SchemaIndex
from .digests import Digests
from .documents import StableSchema
from .facts import Facts
from .keys import Keys
from .nodes import ANNOTATIONS, constraints, is_null, ref_name, stands_for, type_list
from .refs import References
from .shapes import Shapes, TaggedUnion, Variant
from .usage import Usage

__all__ = [
    "ANNOTATIONS", "FROM_RULES", "Digests", "Facts", "Index", "Keys", "References",
    "SchemaIndex", "Shapes", "StableSchema", "TaggedUnion", "Usage", "Variant", "constraints",
    "index_of", "is_null", "ref_name", "schema_index", "stands_for", "type_list", "with_findings",
]  # fmt: skip
