"""A function's handler at a cold start of its own: a fresh process, with the environment a test gives it.

For what a function reads once, at cold start (its settings): the process imports the handler's
module with that environment, answers each event it is given, and hands the answers back.
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_ANSWER_EACH = """
import json, sys
from {module} import lambda_handler
from testkit.lambda_context import FakeLambdaContext

{setup}
answers = []
for event in json.load(sys.stdin):
    result = lambda_handler(event, FakeLambdaContext())
    answers.append({{"status": result["statusCode"], "headers": result.get("headers", {{}}), "body": result["body"]}})
print(json.dumps(answers))
"""


def answered(events: list[dict[str, Any]], module: str, setup: str = "", **environ: str) -> list[dict[str, Any]]:
    """Each event's answer (status, headers, body) from a cold start of `module` under `environ`, after `setup`."""
    path = os.pathsep.join(str(ROOT / folder) for folder in ("shared", "functions", "."))
    env = {**os.environ, "PYTHONPATH": path, "POWERTOOLS_METRICS_DISABLED": "true", **environ}
    result = subprocess.run(
        [sys.executable, "-c", _ANSWER_EACH.format(module=module, setup=setup)],
        input=json.dumps(events),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answers: list[dict[str, Any]] = json.loads(result.stdout.splitlines()[-1])
    return answers
