"""What the CoreLayer's shipped bytecode is worth at a cold start (`make bench-layer`; prints, never asserts).

Lambda cannot write bytecode into a layer, so a layer shipped without it compiles pydantic,
Powertools and fairdice from source at every cold start. This builds the layer the way `sam
build` does (`shared/Makefile`), for this machine's platform instead of arm64 so that it can be
imported here, then copies it without its `__pycache__` folders. In interleaved rounds, each a
fresh process with Lambda's variables and PYTHONDONTWRITEBYTECODE=1 (nothing can be cached, as
in Lambda), it times the bare framework import and the handler import from each copy.

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

ROOT = Path(__file__).resolve().parents[1]
BARE = "from aws_lambda_powertools.event_handler import APIGatewayHttpResolver; import pydantic"
HANDLER = "import verify_api.app"
CHILD = "import time; started = time.perf_counter(); {statement}; print(time.perf_counter() - started)"
LAMBDA_VARIABLES = {
    "LAMBDA_TASK_ROOT": "functions/verify_api",
    "AWS_LAMBDA_FUNCTION_NAME": "VerifyApiFunction",
    "AWS_XRAY_DAEMON_ADDRESS": "127.0.0.1:2000",
    "AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR",
    "POWERTOOLS_SERVICE_NAME": "fairdice",
    "POWERTOOLS_METRICS_NAMESPACE": "fairdice",
    "PYTHONDONTWRITEBYTECODE": "1",
}


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


def seconds(layer: Path, statement: str) -> float:
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTHONPYCACHE")}
    env.update(LAMBDA_VARIABLES, PYTHONPATH=os.pathsep.join([str(layer / "python"), str(ROOT / "functions")]))
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(statement=statement)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="fairdice-layer-"))
    shipped, source_only = work / "with-bytecode", work / "source-only"
    build(shipped)
    shutil.copytree(shipped, source_only, ignore=shutil.ignore_patterns("__pycache__"))
    layers = {"layer with its bytecode (as built)": shipped, "the same layer without bytecode": source_only}
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.runs):
        for name, layer in layers.items():
            for what, statement in (("bare", BARE), ("handler", HANDLER)):
                samples.setdefault((name, what), []).append(seconds(layer, statement))
    print(f"Cold import from the built CoreLayer, median of {args.runs} fresh processes, Lambda's variables:")
    for name in layers:
        bare, handler = (1e3 * statistics.median(samples[(name, what)]) for what in ("bare", "handler"))
        print(f"  {name}: bare framework {bare:.0f} ms, verify_api.app {handler:.0f} ms")
    with_code, without = (statistics.median(samples[(name, "handler")]) for name in layers)
    print(f"  the shipped bytecode makes the handler's cold import {without / with_code:.2f}x faster")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
