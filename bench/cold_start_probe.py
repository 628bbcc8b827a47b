"""Cold start of the verify handler against the bare framework: fresh processes, side by side.

Each round, interleaved, in a fresh interpreter each: the bare import (`from
aws_lambda_powertools.event_handler import APIGatewayHttpResolver; import pydantic`), then, per
tree, `import verify_api.app` followed by one POST /verify (events/api-verify-narde-fair.json).
Once as on a developer machine, once with the variables Lambda sets for a function with active
tracing (and a sampled trace header for the request, as Lambda gives each invocation). Prints
medians and ratios to the bare import of the same rounds; it is a report and never asserts.

    .venv/bin/python bench/cold_start_probe.py [--runs 9] [--root TREE ...] [--bytecode-cache DIR]

--root (repeatable, default: this repository) names trees with shared/, functions/ and events/:
a copy of the code before a change beside the working tree compares them in the same rounds.

Without --bytecode-cache the processes inherit PYTHONDONTWRITEBYTECODE: where it is set, every
process compiles the project's own modules from source, as Lambda does when the deployed code
has no .pyc (it cannot write any there). With it, every module's bytecode is cached in DIR, warmed
by one untimed round, as on a usual developer machine.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BARE = "from aws_lambda_powertools.event_handler import APIGatewayHttpResolver; import pydantic"
HANDLER = "import verify_api.app"
# Prints, as its last line, the seconds taken to import and, for the handler, to serve one request.
CHILD = """
import json, os, sys, time
started = time.perf_counter()
{statement}
figures = {{"import": time.perf_counter() - started}}
if "verify_api.app" in sys.modules:
    class Context:
        function_name = "VerifyApiFunction"
        function_version = "$LATEST"
        memory_limit_in_mb = 512
        invoked_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:VerifyApiFunction"
        aws_request_id = "cold-start-probe"
        def get_remaining_time_in_millis(self):
            return 10_000
    with open("events/api-verify-narde-fair.json") as file:
        event = json.load(file)
    if "PROBE_TRACE_ID" in os.environ:  # what Lambda's runtime sets before each traced invocation
        os.environ["_X_AMZN_TRACE_ID"] = os.environ["PROBE_TRACE_ID"]
    assert verify_api.app.lambda_handler(event, Context())["statusCode"] == 200
    figures["first_request"] = time.perf_counter() - started
    heavy = ("boto3", "aws_xray_sdk.core", "aws_lambda_powertools.event_handler.openapi.models")
    figures["loaded"] = sorted(name for name in heavy if name in sys.modules)
print(json.dumps(figures))
"""
LAMBDA_VARIABLES = {
    "LAMBDA_TASK_ROOT": "functions/verify_api",
    "AWS_LAMBDA_FUNCTION_NAME": "VerifyApiFunction",
    "AWS_XRAY_DAEMON_ADDRESS": "127.0.0.1:2000",  # nothing listens: the segments are dropped
    "AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR",
    "PROBE_TRACE_ID": "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1",
}
PLACES = {"developer machine": False, "Lambda's variables": True}


def environment(tree: Path, lambda_like: bool, data_dir: str, bytecode_cache: Path | None) -> dict[str, str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tree / "shared"), str(tree / "functions")]),
        "POWERTOOLS_SERVICE_NAME": "fairdice",
        "POWERTOOLS_METRICS_NAMESPACE": "fairdice",
        "FAIRDICE_DATA_DIR": data_dir,
    }
    for name in ("LAMBDA_TASK_ROOT", "AWS_LAMBDA_FUNCTION_NAME", "_X_AMZN_TRACE_ID", "POWERTOOLS_TRACE_DISABLED"):
        env.pop(name, None)
    if bytecode_cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode_cache)
    return {**env, **LAMBDA_VARIABLES} if lambda_like else env


def run(tree: Path, env: dict[str, str], statement: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(statement=statement)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if done.returncode:
        raise SystemExit(f"{statement} failed in {tree}:\n{done.stderr[-3000:]}")
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--root", type=Path, action="append", help="a tree with shared/, functions/ and events/")
    parser.add_argument("--bytecode-cache", type=Path, help="cache every module's bytecode in this folder")
    args = parser.parse_args()
    trees = [tree.resolve() for tree in args.root or [ROOT]]
    cache = args.bytecode_cache.resolve() if args.bytecode_cache else None
    data_dir = tempfile.mkdtemp(prefix="cold-start-probe-")

    def env(tree: Path, lambda_like: bool) -> dict[str, str]:
        return environment(tree, lambda_like, data_dir, cache)

    if cache is not None:  # one untimed round fills the cache
        for lambda_like in PLACES.values():
            run(trees[0], env(trees[0], lambda_like), BARE)
            for tree in trees:
                run(tree, env(tree, lambda_like), HANDLER)
    seconds: dict[tuple[str, str, str], list[float]] = {}
    loaded: dict[tuple[str, str], list[str]] = {}
    for _ in range(args.runs):
        for place, lambda_like in PLACES.items():
            bare = run(trees[0], env(trees[0], lambda_like), BARE)
            seconds.setdefault((place, "bare", "import"), []).append(float(bare["import"]))
            for tree in trees:
                handler = run(tree, env(tree, lambda_like), HANDLER)
                for key in ("import", "first_request"):
                    seconds.setdefault((place, str(tree), key), []).append(float(handler[key]))
                loaded[(place, str(tree))] = handler["loaded"]

    def ms(place: str, tree: str, key: str) -> float:
        return 1e3 * statistics.median(seconds[(place, tree, key)])

    setting = os.environ.get("PYTHONDONTWRITEBYTECODE", "")
    bytecode = f"bytecode cached in {cache}" if cache else f"PYTHONDONTWRITEBYTECODE={setting}"
    print(f"Median of {args.runs} fresh processes each, interleaved; {bytecode}.")
    for place in PLACES:
        framework = ms(place, "bare", "import")
        print(f"{place}: bare framework {framework:.1f} ms")
        for tree in map(str, trees):
            imported, served = ms(place, tree, "import"), ms(place, tree, "first_request")
            print(
                f"  {tree}: import {imported:.1f} ms ({imported / framework:.2f}x),"
                f" import + first POST /verify {served:.1f} ms ({served / framework:.2f}x);"
                f" loaded: {', '.join(loaded[(place, tree)]) or 'none of the heavy ones'}"
            )


if __name__ == "__main__":
    main()
