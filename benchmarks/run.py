"""Side-by-side benchmarks: ratios against the tools we stand on and the SDK we replace.

    python benchmarks/run.py            # the full run (what BENCHMARKS.md records)
    python benchmarks/run.py --quick    # one repetition each, smaller scale
    python benchmarks/run.py --smoke    # each thing measured once, on a small spec and tiny
                                        # inputs where it can be: proves the script works; its
                                        # ratios mean nothing
    python benchmarks/run.py --models   # the models' rows only, 5 repetitions
    python benchmarks/run.py --rejection  # refusing long lists against accepting them
                                          # (benchmarks/rejection.py's worst rows)
    python benchmarks/run.py --keystores  # the key stores: sqlite and PostgreSQL
                                          # (benchmarks/keystores.py)

Absolute seconds vary on shared machines; each row is a ratio of two things measured in
the same run, interleaved, taking the median of several repetitions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
BIN = Path(PY).parent
UPSTREAM_SDK = "agent-client-protocol==0.12.1"
UPSTREAM_SDK_DIR = ROOT / "benchmarks" / ".upstream-sdk"
REFERENCE = ROOT.parent / "shared" / "reference"
UPSTREAM_RELEASES = (
    str(REFERENCE / "acp-upstream/schema/v2/schema.unstable.json"),
    str(REFERENCE / "acp-upstream-npm/sdk-2.4.0/schema/v2/schema.unstable.json"),
)

# the datamodel-code-generator options acp-spec itself uses (design.md, "Clean options")
DMCG_ARGS = [
    "--input-file-type", "jsonschema", "--output-model-type", "pydantic_v2.BaseModel",
    "--use-annotated", "--field-constraints", "--snake-case-field", "--use-schema-description",
    "--use-title-as-name", "--enum-field-as-literal", "all", "--use-union-operator",
    "--use-standard-collections", "--strict-nullable", "--disable-timestamp",
    "--formatters", "ruff-check", "ruff-format",
]  # fmt: skip


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return elapsed


def pair(a: Callable[[], float], b: Callable[[], float], reps: int) -> tuple[float, float]:
    """Medians of a and b, run alternately so both see the same machine load."""
    xs, ys = [], []
    for _ in range(reps):
        xs.append(a())
        ys.append(b())
    return statistics.median(xs), statistics.median(ys)


def project_copy(spec_text: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="acp-bench-"))
    # what the spec reads beside it: the upstream snapshot and the published vector ids
    shutil.copytree(ROOT / "spec", folder / "spec", ignore=shutil.ignore_patterns("acp-v2.yaml"))
    (folder / "spec/acp-v2.yaml").write_text(spec_text, encoding="utf-8")
    return folder


def acp_spec(folder: Path, *args: str) -> float:
    return timed([PY, "-m", "acp_spec", *args], folder)


def scaled_spec(spec_text: str, factor: int) -> str:
    """The spec with every method and type copied ``factor`` times under new names."""
    from ruamel.yaml import YAML

    data: dict[str, Any] = YAML(typ="safe").load(spec_text)
    types, methods = data["types"], data["methods"]
    # the copies are upstream's nowhere: the scaled spec is held to no upstream snapshot
    data["upstream"].pop("schemas", None)
    # every copy shares IdempotencyKey: the checker knows keyed methods by that name
    shared = {"IdempotencyKey"}
    names = sorted(set(types) - shared, key=len, reverse=True)
    pattern = re.compile(r'"\$ref": "(' + "|".join(map(re.escape, names)) + r')"')
    out_types: dict[str, Any] = dict(types)
    out_methods: dict[str, Any] = dict(methods)
    for copy in range(1, factor):
        suffix = f"X{copy}"

        def rename(value: Any, suffix: str = suffix) -> Any:
            text = pattern.sub(lambda m: f'"$ref": "{m.group(1)}{suffix}"', json.dumps(value))
            return json.loads(text)

        for name, fragment in types.items():
            if name not in shared:
                out_types[name + suffix] = rename(fragment)
        for name, method in methods.items():
            if name.startswith("$/"):
                continue
            clone = json.loads(json.dumps(method))
            for call in ("request", "notification"):
                if call in clone:
                    clone[call] = {k: v + suffix for k, v in clone[call].items()}
            noun, _, verb = name.partition("/")
            out_methods[f"{noun}_x{copy}/{verb}" if verb else f"{name}_x{copy}"] = clone
    data["types"], data["methods"] = out_types, out_methods
    return json.dumps(data, indent=1)


def upstream_env() -> dict[str, str]:
    """The environment in which this interpreter imports upstream's SDK and not ours.

    The SDK alone, in a folder of its own: its one dependency, pydantic, is this virtualenv's
    pinned one, the version its own install would take, so both sides run the same pydantic.
    A virtualenv of its own cost four times the CPU on every fresh clone's first run."""
    marker = UPSTREAM_SDK_DIR / ".installed"
    if not marker.exists() or marker.read_text(encoding="utf-8") != UPSTREAM_SDK:
        shutil.rmtree(UPSTREAM_SDK_DIR, ignore_errors=True)
        install = [PY, "-m", "pip", "install", "-q", "--no-deps", "--target",
                   str(UPSTREAM_SDK_DIR), UPSTREAM_SDK]  # fmt: skip
        subprocess.run(install, check=True)
        marker.write_text(UPSTREAM_SDK, encoding="utf-8")
    return {**os.environ, "PYTHONPATH": str(UPSTREAM_SDK_DIR)}


def import_time(module: str, env: dict[str, str]) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    result = subprocess.run([PY, "-c", code], capture_output=True, text=True, env=env, check=True)
    return float(result.stdout.strip())


def once(measure: Callable[[], float]) -> Callable[[], float]:
    """``measure``, run the first time only: the smoke run measures each thing once."""
    seconds: list[float] = []

    def first() -> float:
        if not seconds:
            seconds.append(measure())
        return seconds[0]

    return first


def small_projects(factor: int) -> tuple[Path, Path]:
    """The smoke run's two projects: a small spec, with its vector ids published (check
    reads them), and that spec copied ``factor`` times."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.small_project import SMALL_METHODS, small_project

    # session/options: its params are the type of the spec's own that _regenerate edits
    names = [*SMALL_METHODS, "session/options"]
    real = small_project(Path(tempfile.mkdtemp(prefix="acp-bench-")), names)
    big = shutil.copytree(real, Path(tempfile.mkdtemp(prefix="acp-bench-")) / "project")
    acp_spec(real, "vectors", "publish")
    spec = big / "spec/acp-v2.yaml"
    spec.write_text(scaled_spec(spec.read_text(encoding="utf-8"), factor), encoding="utf-8")
    return real, big


def main() -> None:
    parser = argparse.ArgumentParser()
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--quick", action="store_true", help="one repetition, 2x scale")
    modes.add_argument("--smoke", action="store_true",
                       help="each measurement once, tiny inputs where possible: proves it works")  # fmt: skip
    modes.add_argument("--models", action="store_true",
                       help="the models' rows only (import, first use, parse rates), 5 repetitions")  # fmt: skip
    modes.add_argument("--rejection", action="store_true",
                       help="refusing N invalid list items against accepting N valid ones")  # fmt: skip
    modes.add_argument("--keystores", action="store_true",
                       help="keyed prompts/s and retry lookups: sqlite and PostgreSQL key stores")  # fmt: skip
    args = parser.parse_args()
    reps, factor = (1, 2) if args.quick or args.smoke else (3, 10)
    if args.models:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "generated/python/src")}
        report(model_rows(upstream_env(), env, False, 5), smoke=False)
        return
    if args.rejection:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "generated/python/src")}
        report(rejection_rows(env, smoke=False), smoke=False)
        return
    if args.keystores:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "generated/python/src")}
        report(keystore_rows(env, smoke=False), smoke=False)
        return
    # the smoke run reuses one measurement wherever the full run repeats it
    reuse = once if args.smoke else (lambda measure: measure)
    rows: list[tuple[str, float, float, str]] = []
    # the smoke run's "real" spec is a small one: what it proves is that each step runs
    if args.smoke:
        real, big = small_projects(factor)
    else:
        spec_text = (ROOT / "spec/acp-v2.yaml").read_text(encoding="utf-8")
        real, big = project_copy(spec_text), project_copy(scaled_spec(spec_text, factor))
    regenerate_real = reuse(lambda: _regenerate(real))
    # warm up, and make the tree the rest reads; the smoke run's one generate is this one
    regenerate_real() if args.smoke else acp_spec(real, "generate")

    # 1. generate end to end vs datamodel-code-generator alone on the same schema
    out = Path(tempfile.mkdtemp()) / "models.py"
    schema = tiny_schema(real) if args.smoke else "generated/schema.unstable.json"
    dmcg = [str(BIN / "datamodel-codegen"), "--input", schema, "--output", str(out), *DMCG_ARGS]
    gen, alone = pair(regenerate_real, lambda: timed(dmcg, real), reps)
    rows.append(("generate ÷ datamodel-codegen alone", gen, alone, "≤ 1.5"))

    # 2. check on an up-to-date tree vs generate
    check, gen2 = pair(lambda: acp_spec(real, "check"), regenerate_real, reps)
    rows.append(("check (up to date) ÷ generate", check, gen2, "≤ 0.5"))

    # 3. scale: a spec with `factor` times the methods and types
    first_big = acp_spec(big, "generate")
    regenerate_big = (lambda: first_big) if args.smoke else (lambda: _regenerate(big))
    big_gen, real_gen = pair(regenerate_big, regenerate_real, reps)
    rows.append((f"generate {factor}× spec ÷ real spec", big_gen, real_gen, f"≤ {factor}"))
    if (ROOT / "site/mkdocs.yml").exists():
        docs = [PY, "-m", "acp_spec", "docs", "build"]
        for folder in (big, real):
            shutil.copytree(ROOT / "site", folder / "site", dirs_exist_ok=True,
                            ignore=_generated_pages)  # fmt: skip
            if args.smoke:  # the small specs have no upstream snapshot
                from support.small_project import fit_about_page

                fit_about_page(folder)
        real_docs_run = reuse(lambda: timed(docs, real))
        # the smoke run builds one site, the small spec's: its ratios mean nothing
        big_docs_run = real_docs_run if args.smoke else (lambda: timed(docs, big))
        big_docs, real_docs = pair(big_docs_run, real_docs_run, reps)
        rows.append((f"docs build {factor}× spec ÷ real spec", big_docs, real_docs, f"≤ {factor}"))

    # 4. import acp_models.v2 vs the upstream SDK's import acp.schema
    upstream = upstream_env()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "generated/python/src")}
    ours, theirs = pair(
        lambda: import_time("acp_models.v2", env),
        lambda: import_time("acp.schema", upstream),
        reps,
    )
    rows.append(("import acp_models.v2 ÷ upstream import acp.schema", ours, theirs, "≤ 0.5"))
    rows += model_rows(upstream, env, args.smoke, reps)
    rows += rejection_rows(env, args.smoke)
    rows += keystore_rows(env, args.smoke)

    # 6. every vector through schema and models
    smoke = ["--smoke"] if args.smoke else []
    schema_s, models_s = (
        _rates([PY, str(ROOT / "benchmarks/vectors.py"), layer, *smoke], env)[0]
        for layer in ("schema", "models")
    )
    rows.append(
        ("run every vector: models (decode) ÷ JSON Schema, seconds", models_s, schema_s, "report")
    )

    # 7. acp-spec diff, the whole command: the spec against itself (read once) and two
    # upstream releases three months apart
    itself, releases = pair(
        lambda: acp_spec(real, "diff", "spec/acp-v2.yaml"),
        lambda: acp_spec(real, "diff", "--fail-on", "never", *UPSTREAM_RELEASES),
        reps,
    )
    rows.append(("diff: spec vs itself ÷ b7f0005 → sdk-2.4.0, seconds", itself, releases,
                 "a ≤ 1 s, b a few s"))  # fmt: skip

    report(rows, args.smoke)
    for folder in (real, big):  # a small project is a folder's "project"
        shutil.rmtree(folder.parent if args.smoke else folder, ignore_errors=True)


def model_rows(
    upstream: dict[str, str], env: dict[str, str], smoke: bool, reps: int
) -> list[tuple[str, float, float, str]]:
    """Import plus first use, and parse rates, ours and upstream's SDK side by side: each
    repetition runs both, one after the other, so that both see the same machine load."""
    script = str(ROOT / "benchmarks/parse.py")
    envs = {"ours": env, "upstream": upstream, "jsonschema": env}

    def run(kind: str, *corpora: str) -> list[float]:
        return _rates([PY, script, kind, *corpora, *(["--smoke"] if smoke else [])], envs[kind])

    shared = ("update", "prompt", "decode")
    # the smoke run parses each library's corpora in one interpreter (not first-use, whose
    # interpreter is what it measures): each of those rates is measured once anyway
    batches = {"ours": [*shared, "update-all"], "upstream": shared, "jsonschema": ["update-all"]}
    batched = {
        (kind, corpus): value
        for kind, corpora in (batches.items() if smoke else ())
        for corpus, value in zip(corpora, run(kind, *corpora), strict=True)
    }

    def rate(kind: str, corpus: str) -> Callable[[], float]:
        if (kind, corpus) in batched:
            return lambda: batched[kind, corpus]
        return lambda: run(kind, corpus)[0]

    first_ours, first_theirs = pair(rate("ours", "first-use"), rate("upstream", "first-use"), reps)
    rows = [("import + first decode ÷ upstream's import + first parse (s)", first_ours,
             first_theirs, "≤ 0.5")]  # fmt: skip
    for corpus, what in zip(shared, (
        "parse rate session/update params (msg/s)",
        "parse rate session/prompt params (msg/s)",
        "decode(raw) ÷ upstream json.loads + validate (msg/s)",
    ), strict=True):  # fmt: skip
        a, b = pair(rate("ours", corpus), rate("upstream", corpus), reps)
        rows.append((what, a, b, "≥ 1.0"))
    every, schema = rate("ours", "update-all")(), rate("jsonschema", "update-all")()
    rows.append(("parse rate every SessionUpdate variant ÷ compiled jsonschema", every, schema,
                 "reference"))  # fmt: skip
    return rows


def rejection_rows(env: dict[str, str], smoke: bool) -> list[tuple[str, float, float, str]]:
    """The worst of each ratio benchmarks/rejection.py measures over the defs with a list."""
    command = [
        PY,
        str(ROOT / "benchmarks/rejection.py"),
        "--worst",
        *(["--smoke"] if smoke else []),
    ]
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    return [(str(n), float(a), float(b), str(t)) for n, a, b, t in json.loads(result.stdout)]


def keystore_rows(env: dict[str, str], smoke: bool) -> list[tuple[str, float, float, str]]:
    """benchmarks/keystores.py's rows: the sqlite and PostgreSQL key stores."""
    command = [PY, str(ROOT / "benchmarks/keystores.py"), "--rows", *(["--smoke"] if smoke else [])]
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    return [(str(n), float(a), float(b), str(t)) for n, a, b, t in json.loads(result.stdout)]


def report(rows: list[tuple[str, float, float, str]], smoke: bool) -> None:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    if smoke:
        print("smoke run: each thing measured once, on small inputs; the ratios mean nothing")
    print(f"{'measure':62} {'a':>9} {'b':>9} {'a ÷ b':>7}  target")
    for name, a, b, target in rows:
        print(f"{name:62} {a:9.3f} {b:9.3f} {a / b:7.2f}  {target}")


def _generated_pages(folder: str, names: list[str]) -> list[str]:
    """The built site and the generated pages: each spec makes its own (the scaled one,
    held to no upstream snapshot, has no "Differences from upstream" page)."""

    def generated(name: str) -> bool:
        path = Path(folder) / name
        if not path.is_file():
            return name == "site"
        with path.open(encoding="utf-8", errors="replace") as file:
            return "generated from spec/acp-v2.yaml" in file.readline()

    return [name for name in names if generated(name)]


def tiny_schema(folder: Path) -> str:
    """A JSON Schema of one small def of the project's generated schema; its path."""
    defs = json.loads((folder / "generated/schema.json").read_text(encoding="utf-8"))["$defs"]
    path = folder / "tiny-schema.json"
    path.write_text(json.dumps({"title": "SessionId", **defs["SessionId"]}), encoding="utf-8")
    return str(path)


def _regenerate(folder: Path) -> float:
    """generate after a spec change, so no step can be skipped as unchanged."""
    spec = folder / "spec/acp-v2.yaml"
    text = spec.read_text(encoding="utf-8")
    # the title reaches every artifact, and a type's description the models module, so
    # nothing can be skipped as unchanged
    toggled = text
    for pattern, words in (
        (r'^(\s*"?title"?:\s*"?)Agent Client Protocol( \(renamed\))?', "Agent Client Protocol"),
        # a type of acp-spec's own: upstream's are held to its snapshot
        (r"^(\s*\"?description\"?:\s*\"?)Request parameters for reading a session's "
         r"configuration options\.( \(renamed\))?",
         "Request parameters for reading a session's configuration options."),
    ):  # fmt: skip

        def toggle(m: re.Match[str], words: str = words) -> str:
            return m.group(1) + words + ("" if m.group(2) else " (renamed)")

        toggled, count = re.subn(pattern, toggle, toggled, count=1, flags=re.M)
        if count != 1:
            raise SystemExit(f"benchmarks/run.py: the spec has no {words!r} to change any more")
    spec.write_text(toggled, encoding="utf-8")
    return acp_spec(folder, "generate")


def _rates(command: list[str], env: dict[str, str] | None) -> list[float]:
    """The numbers ``command`` prints, one a line."""
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    return [float(line) for line in result.stdout.split()]


if __name__ == "__main__":
    main()
