"""What the CoreLayer's shipped bytecode is worth at a cold start (`make bench-layer`; prints, never asserts).

Lambda cannot write bytecode into a layer, so a layer shipped without it compiles pydantic,
Powertools and fairdice from source at every cold start. This builds the layer the way `sam
build` does (`shared/Makefile`), for this machine's platform instead of arm64 so that it can be
imported here, then copies it without its `__pycache__` folders. In interleaved rounds, each a
fresh process with Lambda's variables and PYTHONDONTWRITEBYTECODE=1 (nothing can be cached, as
in Lambda), it times the bare framework import and the handler import from each copy, with
`bench/cold_start_probe.py`'s child process.

It downloads the layer's wheels from the package index (as `sam build` does).

    .venv/bin/python bench/layer_bytecode.py [--runs 9]
"""

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from cold_start_probe import BARE, HANDLER, LAMBDA_VARIABLES, run

ROOT = Path(__file__).resolve().parents[1]


def build(into: Path) -> None:
    """`shared/Makefile`'s recipe, for this machine's platform."""
    wheels = f"--platform manylinux2014_{platform.machine()} --implementation cp --python-version 3.13"
    subprocess.run(
        [
            "make",
            "-s",
            "-C",
            str(ROOT / "shared"),
            "build-CoreLayer",
            f"ARTIFACTS_DIR={into}",
            f"PYTHON={sys.executable}",
            f"PLATFORM={wheels} --only-binary=:all:",
        ],
        check=True,
    )


def seconds(layer: Path, statement: str, data_dir: str) -> float:
    """One fresh process importing from `layer` as Lambda would: nothing can write bytecode."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTHONPYCACHE")}
    env.update(
        LAMBDA_VARIABLES,
        PYTHONDONTWRITEBYTECODE="1",
        POWERTOOLS_SERVICE_NAME="fairdice",
        POWERTOOLS_METRICS_NAMESPACE="fairdice",
        FAIRDICE_DATA_DIR=data_dir,
        PYTHONPATH=os.pathsep.join([str(layer / "python"), str(ROOT / "functions")]),
    )
    return float(run(ROOT, env, statement)["import"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="fairdice-layer-"))
    data_dir = str(work / "data")
    shipped, source_only = work / "with-bytecode", work / "source-only"
    build(shipped)
    shutil.copytree(shipped, source_only, ignore=shutil.ignore_patterns("__pycache__"))
    layers = {"layer with its bytecode (as built)": shipped, "the same layer without bytecode": source_only}
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.runs):
        for name, layer in layers.items():
            for what, statement in (("bare", BARE), ("handler", HANDLER)):
                samples.setdefault((name, what), []).append(seconds(layer, statement, data_dir))
    print(f"Cold import from the built CoreLayer, median of {args.runs} fresh processes, Lambda's variables:")
    for name in layers:
        bare, handler = (1e3 * statistics.median(samples[(name, what)]) for what in ("bare", "handler"))
        print(f"  {name}: bare framework {bare:.0f} ms, verify_api.app {handler:.0f} ms")
    with_code, without = (statistics.median(samples[(name, "handler")]) for name in layers)
    print(f"  the shipped bytecode makes the handler's cold import {without / with_code:.2f}x faster")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
