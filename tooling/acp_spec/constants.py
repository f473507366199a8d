"""Names and numbers that more than one part of the toolchain must agree on, written once."""

from __future__ import annotations

from typing import Final

# The note every generated file starts with, where its format allows one.
GENERATED_NOTE: Final = "generated from spec/acp-v2.yaml by acp-spec; do not edit"

# Where the vectors emitter writes its files, and the one there that is their schema, not a
# method's cases: the published vector ids (vector_ids) are read off what it writes.
VECTORS_DIR: Final = "generated/vectors"
VECTORS_SCHEMA_NAME: Final = "vectors.schema.json"

# The RFD's key type, and the retry classes the toolchain's rules are about.
KEY_TYPE: Final = "IdempotencyKey"
KEYED: Final = "keyed"
IDEMPOTENT: Final = "idempotent"
DUPLICATING: Final = "duplicating"
NOT_RETRIED: Final = "not_retried"

# Exit codes of `acp-spec` (README, "Working on the spec").
EXIT_OK: Final = 0
EXIT_INVALID: Final = 1  # the spec is invalid, or a generated file is stale
EXIT_USAGE: Final = 2  # the command line is wrong
EXIT_INTERNAL: Final = 3  # a bug in acp-spec: never something a user's input can cause
EXIT_INTERRUPTED: Final = 130
