"""The stable ids of the problems found outside the rules' runner.

The runner stamps each rule's own id (``rules.RULE_IDS``) on what the rule yields; every
other diagnostic states its id where it is made, from here. spec/README.md's rule table
lists ``CHECK`` with the rules' ids, and its table of the other commands' ids lists
``COMMANDS`` (a test holds code and tables together). Ids are published, as ``acp-spec
diff``'s are (diff/catalog.py): CI annotations and tests name a problem by its id, never by
its wording, so an id keeps its meaning; retire it and add another.
"""

from __future__ import annotations

# ── what `check` reports besides the rules ──
YAML = "yaml"  # reading a YAML file: safe YAML only, a regular file, not too large
FORMAT = "format"  # the spec against format.schema.json
UPSTREAM_FILES = "upstream-files"  # the files `upstream › schemas` names, and their digests
UPSTREAM_RELEASES = "upstream-releases"  # the releases listed beside the spec (the history)
CHANGES = "changes"  # the change reports `changes` names
EXAMPLES = "examples"  # also a rule's: the examples the docs check as they render them
VECTOR_IDS = "vector-ids"  # the published vector ids
GENERATED = "generated-current"  # a generated file that is not what the spec generates
UPSTREAM_DIFFERENCES = "upstream-differences"  # made by the upstream-types rule, for its list

CHECK: tuple[str, ...] = (
    YAML, FORMAT, UPSTREAM_FILES, UPSTREAM_RELEASES, CHANGES, VECTOR_IDS, GENERATED,
    UPSTREAM_DIFFERENCES,
)  # fmt: skip

# ── what the other commands find in their own inputs ──
DIFF_INPUT = "diff-input"  # `diff OLD NEW`: an input that is no schema upstream publishes
DIFF_ACCEPT = "diff-accept"  # `diff --accept FILE`: an entry that accepts nothing it can name
UPSTREAM_NEW_METHOD = "upstream-new-method"  # `upstream take`: a method whose class to choose

COMMANDS: tuple[str, ...] = (DIFF_INPUT, DIFF_ACCEPT, UPSTREAM_NEW_METHOD)
