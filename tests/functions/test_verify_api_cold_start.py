"""What a cold start of the verify API loads, and that bad settings stop it, each in a fresh process."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Serves one event of each route that must stay light, then lists the AWS SDK modules loaded.
SERVE_AND_LIST = """
import json, sys
from verify_api.app import lambda_handler

class Context:
    function_name = "VerifyApiFunction"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:VerifyApiFunction"
    aws_request_id = "cold-start"

for name in ("api-verify-narde-fair", "api-check-seed000", "api-links-pair36", "api-schemes"):
    with open(f"events/{name}.json") as file:
        assert lambda_handler(json.load(file), Context())["statusCode"] == 200, name
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("boto3", "s3transfer"))))
"""


def run_fresh_python(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    # The child gets the Lambda layout's import path, as pytest's `pythonpath` gives this process.
    path = os.pathsep.join([str(ROOT / "shared"), str(ROOT / "functions")])
    env = {**os.environ, "PYTHONPATH": path, "POWERTOOLS_METRICS_DISABLED": "true", **environment}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_serving_verify_check_links_and_schemes_never_imports_boto3() -> None:
    result = run_fresh_python(SERVE_AND_LIST)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == []


def test_a_bad_setting_stops_the_cold_start_and_names_the_variable() -> None:
    result = run_fresh_python("import verify_api.app", FAIRDICE_MAX_BODY_BYTES="a lot")
    assert result.returncode != 0
    assert "FAIRDICE_MAX_BODY_BYTES" in result.stderr
    assert "valid integer" in result.stderr
