#!/usr/bin/env bash
# The README's test command: on a fresh Debian machine with only Python 3.11+, install what
# the tests need, then run them all. Arguments go to pytest (e.g. -m "not slow").
#
# The browser tests drive Debian's chromium at /usr/bin/chromium (never a browser that
# playwright downloads: there may be no internet but the package mirrors), so it comes
# from apt-get when it is missing. ACP_SPEC_CHROMIUM names another path, for this
# script's own tests.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'scripts/test.sh: %s\n' "$*" >&2; }

chromium=${ACP_SPEC_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    say "the browser tests need Debian's chromium at $chromium, and there is no apt-get here to install it; install chromium, then run this again"
    exit 1
  fi
  if [ "$(id -u)" -ne 0 ]; then
    say "the browser tests need Debian's chromium at $chromium; installing it needs root: run \`sudo apt-get install -y chromium\` (or this script as root), then run this again"
    exit 1
  fi
  say "installing Debian's chromium for the browser tests"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }; then
    say "apt-get could not install chromium (see above); the browser tests need it at $chromium"
    exit 1
  fi
  if [ ! -x "$chromium" ]; then
    say "apt-get installed chromium, but $chromium is still missing"
    exit 1
  fi
fi

# Node tools the tests run (pyright, Ajv, json-schema-to-typescript, axe-core), pinned in
# tests/node/package-lock.json and installed from the npm registry only.
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "the tests need Node.js and npm (for pyright, Ajv, json-schema-to-typescript and axe-core); install them (\`sudo apt-get install -y nodejs npm\`), then run this again"
    exit 1
  fi
  say "installing Debian's nodejs and npm for the tests' node tools"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm
fi
npm ci --prefix tests/node --no-audit --no-fund --loglevel=error

# The PostgreSQL key store's tests start a private, throwaway server (tests/support/pg.py) with
# Debian's postgresql binaries, as the postgres user when run as root; they fail, not skip,
# when the binaries are missing, unless ACP_SPEC_NO_POSTGRES=1. ACP_SPEC_INITDB names
# where initdb must be, for this script's own tests.
have_initdb() {
  if [ -n "${ACP_SPEC_INITDB:-}" ]; then [ -x "$ACP_SPEC_INITDB" ]; return; fi
  command -v initdb >/dev/null 2>&1 || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}
if [ "${ACP_SPEC_NO_POSTGRES:-}" != 1 ] && ! have_initdb; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "the PostgreSQL key store's tests need Debian's postgresql server (initdb, pg_ctl); install it (\`sudo apt-get install -y postgresql\`), or set ACP_SPEC_NO_POSTGRES=1 to skip them, then run this again"
    exit 1
  fi
  say "installing Debian's postgresql for the PostgreSQL key store's tests"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } || ! have_initdb; then
    say "apt-get could not install postgresql (see above); the PostgreSQL key store's tests need its initdb and pg_ctl"
    exit 1
  fi
fi

if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  say "acp-spec needs Python 3.11 or newer as python3; found: $(python3 --version 2>&1 || echo none)"
  exit 1
fi

python3 -m venv .venv
.venv/bin/pip install -q -e ".[test]"
exec .venv/bin/python -m pytest -q "$@"
