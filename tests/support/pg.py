"""A real, private PostgreSQL server for the tests that need one: a throwaway cluster
(``initdb`` + ``pg_ctl``) in a temporary folder, listening on a unix socket only, started
once per test session and removed after it. Run as root (as CI runs scripts/test.sh), the
server runs as the ``postgres`` user, since PostgreSQL refuses to run as root.

Without Debian's postgresql binaries the tests that need it fail, saying what to install;
they are skipped only when ``ACP_SPEC_NO_POSTGRES=1`` asks so explicitly."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

INSTALL = (
    "the PostgreSQL tests need Debian's postgresql server binaries (initdb, pg_ctl): "
    "`apt-get install -y postgresql` (scripts/test.sh does it when run as root), or set "
    "ACP_SPEC_NO_POSTGRES=1 to skip these tests"
)


def bindir() -> str | None:
    """Where initdb and pg_ctl are: on PATH, else Debian's newest /usr/lib/postgresql/N
    (``ACP_SPEC_INITDB`` names initdb's path instead, as for scripts/test.sh)."""
    named = os.environ.get("ACP_SPEC_INITDB")
    if named:
        return os.path.dirname(named) if os.access(named, os.X_OK) else None
    found = shutil.which("initdb")
    if found:
        return os.path.dirname(found)
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    return os.path.dirname(versions[-1]) if versions else None


@dataclass(frozen=True)
class Server:
    socket_dir: str

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql:///{dbname}?host={self.socket_dir}&user=postgres"

    def new_database(self) -> str:
        """A fresh, empty database's URL: each test its own tables."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)


class NoServer(Exception):
    """No PostgreSQL server could be started: the message says why and what to do."""


@contextmanager
def cluster(durable: bool = False) -> Iterator[Server]:
    """A throwaway cluster, removed on exit. ``durable`` keeps PostgreSQL's fsync (the
    benchmarks compare it with sqlite's fsynced commits); the tests turn it off."""
    bin_dir = bindir()
    if bin_dir is None:
        raise NoServer(INSTALL)
    # under /tmp, not pytest's tmp_path: the postgres user must reach it, and a unix
    # socket's path must stay under ~100 bytes
    root = tempfile.mkdtemp(prefix="acp-pg-")
    data, sock = os.path.join(root, "data"), os.path.join(root, "sock")
    os.mkdir(sock)
    prefix: list[str] = []
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            raise NoServer("running as root, and no postgres user to run the server as; " + INSTALL) from None  # fmt: skip
        for path in (root, sock):
            os.chown(path, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]

    def run(*command: str) -> None:
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise NoServer(f"{os.path.basename(command[0])} failed: {done.stderr or done.stdout}")

    ctl = os.path.join(bin_dir, "pg_ctl")
    try:
        run(os.path.join(bin_dir, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")  # fmt: skip
        options = f"-c listen_addresses='' -k {sock} -c max_connections=50"
        if not durable:
            options += " -c fsync=off"
        run(ctl, "-D", data, "-o", options, "-l", os.path.join(root, "log"), "-w", "start")
        yield Server(sock)
    finally:
        subprocess.run([*prefix, ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True, check=False)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    if os.environ.get("ACP_SPEC_NO_POSTGRES") == "1":
        pytest.skip("ACP_SPEC_NO_POSTGRES=1: the PostgreSQL tests are skipped")
    try:
        with cluster() as server:
            yield server
    except NoServer as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture
def pg_url(postgres_server: Server) -> str:
    """A fresh database on the session's server."""
    return postgres_server.new_database()
