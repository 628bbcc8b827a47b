"""Events API Gateway's HTTP API (payload format 2.0) never sends, which only a direct invoke holds, and what every
function that answers HTTP answers each: 400 `malformed_request` naming what cannot be read
(`fairdice.http.unsent_answer`). The verify API's tests and the game's route's take the same cases from here."""

from collections.abc import Mapping
from typing import Any

import pytest

# Each: a change that makes any event of the API one API Gateway never sends, and the field the 400 names.
UNSENT = [
    pytest.param(lambda event: event.pop("rawPath"), "rawPath", id="no-rawPath"),
    pytest.param(lambda event: event.pop("rawQueryString"), "rawQueryString", id="no-rawQueryString"),
    pytest.param(lambda event: event.update(body={"field": "value"}), "body", id="a-body-an-object"),
    pytest.param(
        lambda event: event["headers"].update({"content-type": 1}), "headers.content-type", id="a-content-type-a-number"
    ),
    pytest.param(lambda event: event["headers"].update(accept=1), "headers.accept", id="a-header-a-number"),
    pytest.param(
        lambda event: event["requestContext"]["http"].update(method=5),
        "requestContext.http.method",
        id="a-method-a-number",
    ),
]


def assert_unsent(status: int, headers: Mapping[str, str], body: Any, field: str) -> list[dict[str, Any]]:
    """That an answer is the 400 of an event API Gateway never sends, in the one error shape, naming `field`, with every
    answer's headers; its problems, which the function logs."""
    assert status == 400, body
    assert headers["Content-Type"] == "application/json"
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "problems"}
    assert body["error"]["code"] == "malformed_request"
    assert [problem["field"] for problem in body["error"]["problems"]] == [field]
    assert body["error"]["message"].startswith(
        "the request could not be read: it is no event API Gateway's HTTP API sends"
    )
    assert headers["X-Content-Type-Options"] == "nosniff"
    problems: list[dict[str, Any]] = body["error"]["problems"]
    return problems
