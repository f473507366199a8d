"""scripts/test.sh, the README's test command: when chromium is missing and cannot be
installed, it says why and what to do, and stops before touching anything.

The machine's chromium stays installed: ACP_SPEC_CHROMIUM points the script at a path that
does not exist, and PATH holds only fakes of the commands it may call."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "test.sh"
BASH = shutil.which("bash") or "/bin/bash"


def _fake(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!{BASH}\n{body}\n")
    path.chmod(0o755)


def _run(
    tmp_path: Path,
    uid: int,
    apt_get: str | None,
    *,
    chromium: bool = False,
    npm: bool = False,
) -> subprocess.CompletedProcess[str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    dirname = shutil.which("dirname")
    assert dirname, "coreutils' dirname is missing"
    (bin_dir / "dirname").symlink_to(dirname)
    _fake(bin_dir, "id", f"echo {uid}")
    # a python3 that records being called: the script must stop before it
    _fake(bin_dir, "python3", f"touch {tmp_path}/python-ran")
    if apt_get is not None:
        _fake(bin_dir, "apt-get", f'echo "apt-get $*" >> {tmp_path}/apt-calls\n{apt_get}')
    browser = tmp_path / ("chromium" if chromium else "no-chromium")
    if chromium:
        _fake(tmp_path, "chromium", "exit 0")
    if npm:
        _fake(bin_dir, "npm", "exit 0")
    env = {
        "PATH": str(bin_dir),
        "ACP_SPEC_CHROMIUM": str(browser),
        "ACP_SPEC_INITDB": str(tmp_path / "no-initdb"),
    }
    return subprocess.run(
        [BASH, str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_not_root_says_what_to_run(tmp_path: Path) -> None:
    result = _run(tmp_path, uid=1000, apt_get="exit 0")
    assert result.returncode == 1
    assert "needs root" in result.stderr and "sudo apt-get install -y chromium" in result.stderr
    assert not (tmp_path / "apt-calls").exists() and not (tmp_path / "python-ran").exists()


def test_no_apt_get_says_so(tmp_path: Path) -> None:
    result = _run(tmp_path, uid=0, apt_get=None)
    assert result.returncode == 1
    assert "no apt-get" in result.stderr and "install chromium" in result.stderr
    assert not (tmp_path / "python-ran").exists()


@pytest.mark.parametrize(
    ("apt_get", "message"),
    [
        ("exit 100", "apt-get could not install chromium"),
        ("exit 0", "is still missing"),  # "installed", yet no browser where the tests look
    ],
)
def test_a_failed_install_stops_the_run(tmp_path: Path, apt_get: str, message: str) -> None:
    result = _run(tmp_path, uid=0, apt_get=apt_get)
    assert result.returncode == 1
    assert message in result.stderr, result.stderr
    assert "apt-get update" in (tmp_path / "apt-calls").read_text()
    assert not (tmp_path / "python-ran").exists()


def test_no_npm_says_what_to_install(tmp_path: Path) -> None:
    # chromium is there; npm (for the tests' node tools) is not, and this is no root
    result = _run(tmp_path, uid=1000, apt_get="exit 0", chromium=True)
    assert result.returncode == 1
    assert "Node.js and npm" in result.stderr and "apt-get install -y nodejs npm" in result.stderr
    assert not (tmp_path / "apt-calls").exists() and not (tmp_path / "python-ran").exists()


def test_no_postgresql_says_what_to_install(tmp_path: Path) -> None:
    # chromium and npm are there; postgresql (for the key store's tests) is not: no root
    result = _run(tmp_path, uid=1000, apt_get="exit 0", chromium=True, npm=True)
    assert result.returncode == 1
    assert "apt-get install -y postgresql" in result.stderr
    assert "ACP_SPEC_NO_POSTGRES=1" in result.stderr
    assert not (tmp_path / "apt-calls").exists() and not (tmp_path / "python-ran").exists()


def test_a_failed_postgresql_install_stops_the_run(tmp_path: Path) -> None:
    # as root: apt-get "succeeds", yet no initdb where the tests look
    result = _run(tmp_path, uid=0, apt_get="exit 0", chromium=True, npm=True)
    assert result.returncode == 1
    assert "could not install postgresql" in result.stderr
    assert "install -y -qq postgresql" in (tmp_path / "apt-calls").read_text()
    assert not (tmp_path / "python-ran").exists()


def test_ci_runs_the_readme_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "```sh\nbash scripts/test.sh\n```" in readme
    assert "\nbash scripts/test.sh\n" in ci
