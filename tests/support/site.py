"""The docs site in the tests: the real spec's pages, a project's site made of them, the
real site built once a run by the installed command, and the HTML payloads the pages must
show as text."""

from __future__ import annotations

import dataclasses
import json
import shutil
import time
from pathlib import Path

import pytest
from acp_spec.emit.docs import PAGE_NOTE
from acp_spec.index import index_of
from acp_spec.model import Spec
from acp_spec.pipeline import emit_site
from acp_spec.writer import replace_all

from support.installed import installed, run
from support.paths import REPO
from support.runs import once_a_run

SITE = REPO / "site"


# The Markdown extensions of site/mkdocs.yml that touch how text is read
EXTENSIONS = ["tables", "attr_list", "md_in_html", "admonition", "pymdownx.superfences", "toc"]
XSS_SCRIPT = "<script>window.__xss=1</script>"
XSS_IMG = '<img src=x onerror="window.__xss2=1">'


def emit_all_docs(spec: Spec) -> dict[str, bytes]:
    return emit_site(spec, index_of(spec))


def with_payloads(spec: Spec) -> Spec:
    """The real spec with raw HTML in every kind of text a page shows, in a fenced code
    block too (in a type's description, and in a field's, which its block shows)."""
    payload = f"Look: {XSS_SCRIPT} and {XSS_IMG}"
    fenced = f"{payload}\n\n```html\n{XSS_SCRIPT}\n{XSS_IMG}\n```\n\nAfter."
    prompt = spec.methods["session/prompt"]
    retry = tuple(dataclasses.replace(r, again=payload) for r in prompt.retry)
    methods = dict(spec.methods)
    methods["session/prompt"] = dataclasses.replace(
        prompt, summary=payload, description=payload, retry=retry,
        examples=tuple(dataclasses.replace(e, title=payload) for e in prompt.examples),
    )  # fmt: skip
    types = dict(spec.types)
    request = types["PromptRequest"]
    schema = dict(request.schema)
    schema["description"] = fenced
    props = dict(schema["properties"])
    props["sessionId"] = {**props["sessionId"], "description": fenced}
    schema["properties"] = props
    types["PromptRequest"] = dataclasses.replace(request, schema=schema)
    errors = dict(spec.errors)
    errors["invalid_params"] = dataclasses.replace(errors["invalid_params"], description=payload)
    classes = dict(spec.retry_classes)
    classes["keyed"] = dataclasses.replace(classes["keyed"], meaning=payload)
    return dataclasses.replace(spec, methods=methods, types=types, errors=errors,
                               retry_classes=classes)  # fmt: skip


def make_site(tmp_path: Path, spec: Spec) -> Path:
    """A copy of the project's site (hand-written files) plus the generated pages."""
    root = tmp_path / "project"
    shutil.copytree(SITE, root / "site", ignore=shutil.ignore_patterns("site"))
    for path in list((root / "site").rglob("*")):
        if path.is_file() and path.read_bytes().startswith(PAGE_NOTE.encode()):
            path.unlink()  # the committed generated pages: the emitter writes them afresh
    replace_all(root, emit_all_docs(spec))
    return root


REGENERATED_PAGE = "site/docs/methods/session-prompt.md"


def real_site(
    tmp_path_factory: pytest.TempPathFactory, spec: Spec
) -> tuple[Path, str, float, Path]:
    """The real spec's site as `acp-spec docs build` makes it, the command a regular install
    of the wheel (tests/support/installed.py) has, built once a test run: the first module to ask
    builds it while holding a lock, and the others (in this worker or another) wait and
    take it. The project it is built in is a copy of this one with one
    generated page deleted, which the command must write again. Returns the built folder,
    the command's output, how long it took and the project; asserts it built."""
    with once_a_run(tmp_path_factory, "real-site") as shared:
        done = shared / "output.json"
        project = shared / "project"
        if not done.is_file():
            shutil.rmtree(project, ignore_errors=True)  # an earlier attempt's, if it failed
            site_project(shared)
            (project / REGENERATED_PAGE).unlink()
            # built by the wheel's install (tests/test_wheel.py reads what it said)
            command = [str(installed(tmp_path_factory).acp_spec), "docs", "build"]
            started = time.perf_counter()
            result = run([*command, "--site-dir", str(shared / "built")], cwd=project)
            seconds = time.perf_counter() - started
            assert result.returncode == 0, result.stdout + result.stderr
            done.write_text(json.dumps([result.stdout + result.stderr, seconds]), encoding="utf-8")
        output, seconds = json.loads(done.read_text(encoding="utf-8"))
    return shared / "built", str(output), float(seconds), project


def site_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(REPO / "spec", root / "spec")
    shutil.copytree(SITE, root / "site", ignore=shutil.ignore_patterns("site"))
    # the models from the committed tree (its stamp proves them current): no codegen to wait for
    shutil.copytree(REPO / "generated", root / "generated")
    return root
