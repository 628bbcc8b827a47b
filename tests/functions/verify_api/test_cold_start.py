"""What a cold start of the verify API loads, what it traces, and that bad settings stop it: fresh processes."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Serves one event of each route that must stay light, then lists the heavy modules loaded.
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
heavy = ("boto3", "s3transfer", "aws_xray_sdk.core", "aws_lambda_powertools.event_handler.openapi.models")
heavy += ("fairdice.page", "fairdice.offline", "fairdice.markup", "fairdice.notices")
heavy += ("fairdice.audit",)  # the audit's modules, for the audit's functions only
print(json.dumps(sorted(m for m in sys.modules if m.startswith(heavy))))
"""
# Serves events as Lambda calls a function with `Tracing: Active`: a sampled trace header each time.
SERVE_TRACED = """
import json, os
from verify_api.app import lambda_handler

class Context:
    function_name = "VerifyApiFunction"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:eu-west-1:123456789012:function:VerifyApiFunction"
    aws_request_id = "traced"

for n, name in enumerate(("api-verify-narde-fair", "api-verify-pair36-mismatch", "api-verify-bad-hex")):
    os.environ["_X_AMZN_TRACE_ID"] = f"Root=1-5759e988-bd862e3fe1be46a99427279{n};Parent=53995c3f42cd8ad8;Sampled=1"
    with open(f"events/{name}.json") as file:
        lambda_handler(json.load(file), Context())
"""


def run_fresh_python(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    # The child gets the Lambda layout's import path, as pytest's `pythonpath` gives this process.
    path = os.pathsep.join([str(ROOT / "shared"), str(ROOT / "functions")])
    env = {**os.environ, "PYTHONPATH": path, "POWERTOOLS_METRICS_DISABLED": "true", **environment}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_serving_verify_check_links_and_schemes_never_imports_boto3_nor_the_openapi_models() -> None:
    # Outside Lambda tracing is off, so the X-Ray SDK (whose sampler builds a botocore client) stays
    # out too; the OpenAPI document's models are for GET /openapi.json and /docs only, the pages
    # (their modules, scripts and style sheets) for a browser's requests only, and the audit's modules
    # for the audit's functions only.
    result = run_fresh_python(SERVE_AND_LIST)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == []


def test_in_lambda_each_invocation_is_traced_with_x_ray_and_annotated_with_its_verdict() -> None:
    # Given a stand-in for the X-Ray daemon that Lambda runs beside a function with active tracing
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as daemon:
        daemon.bind(("127.0.0.1", 0))
        daemon.settimeout(5)
        # When the handler serves three requests in Lambda's environment
        result = run_fresh_python(
            SERVE_TRACED,
            LAMBDA_TASK_ROOT=str(ROOT / "functions" / "verify_api"),
            AWS_LAMBDA_FUNCTION_NAME="VerifyApiFunction",
            AWS_XRAY_DAEMON_ADDRESS=f"127.0.0.1:{daemon.getsockname()[1]}",
            AWS_XRAY_CONTEXT_MISSING="LOG_ERROR",
            POWERTOOLS_TRACE_DISABLED="false",
        )
        assert result.returncode == 0, result.stderr
        sent = [json.loads(daemon.recv(65536).split(b"\n", 1)[1]) for _ in range(3)]
    # Then Powertools' Tracer sent one subsegment per invocation, annotated with its verdict.
    assert [entity["name"] for entity in sent] == ["## lambda_handler"] * 3
    assert [entity["annotations"] for entity in sent] == [
        {"scheme": "narde-v1", "verdict": "fair", "ColdStart": True, "Service": "fairdice"},
        {"scheme": "pair36", "verdict": "mismatch", "ColdStart": False, "Service": "fairdice"},
        {"ColdStart": False, "Service": "fairdice"},  # a 422: no verdict to annotate
    ]


def test_a_bad_setting_stops_the_cold_start_and_names_the_variable() -> None:
    result = run_fresh_python("import verify_api.app", FAIRDICE_MAX_BODY_BYTES="a lot")
    assert result.returncode != 0
    assert "FAIRDICE_MAX_BODY_BYTES" in result.stderr
    assert "valid integer" in result.stderr
