"""Where things are: the repository, the real spec, the reference material beside the
repository and the pinned node tools."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO / "spec" / "acp-v2.yaml"
# The reference material lives in shared/ beside the repository (CI lays a copy beside its
# clone); every test finds it through these names, never by rebuilding the path.
REFERENCE = REPO.parent / "shared" / "reference"
# the upstream release the spec follows (spec/upstream/ holds a copy, named in the spec)
UPSTREAM_V2 = REFERENCE / "acp-upstream-npm" / "sdk-2.4.0" / "schema" / "v2"
RFD = REFERENCE / "rfd-v2-idempotency-keys.md"

# Node tools pinned in tests/node/package-lock.json (scripts/test.sh runs `npm ci` there)
NODE_BIN = REPO / "tests" / "node" / "node_modules" / ".bin"


def node_tool(name: str) -> Path:
    """A pinned node tool's command; a clear failure (not a skip) when it is missing, since
    scripts/test.sh installs them all."""
    path = NODE_BIN / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run `npm ci --prefix tests/node` (scripts/test.sh does)")
    return path
