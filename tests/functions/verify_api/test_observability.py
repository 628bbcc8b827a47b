"""What each request leaves in the logs and the metrics (traces: test_cold_start.py, in Lambda's environment)."""

import json
from collections.abc import Callable

import pytest
from verify_api import app as api
from verify_api_calls import Event, invoke

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


def test_logs_carry_the_api_gateway_request_id_as_correlation_id(load_event: Callable[[str], Event]) -> None:
    event = load_event("api-verify-narde-fair")
    invoke(event)
    assert api.logger.get_correlation_id() == event["requestContext"]["requestId"]


def test_each_verdict_is_counted_by_scheme_and_outcome_as_emf(
    load_event: Callable[[str], Event], capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    invoke(load_event("api-verify-pair36-mismatch"))
    emf = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith('{"_aws"')]
    assert len(emf) == 1
    directive = emf[0]["_aws"]["CloudWatchMetrics"][0]
    assert directive["Namespace"] == "fairdice"
    assert [m["Name"] for m in directive["Metrics"]] == ["Verdicts"]
    assert set(directive["Dimensions"][0]) == {"service", "scheme", "outcome"}
    assert (emf[0]["scheme"], emf[0]["outcome"], emf[0]["Verdicts"]) == ("pair36", "mismatch", [1.0])
