"""Calling the verify API's handler in tests with the events/api-*.json files, and what those events give."""

import base64
import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from verify_api import app as api

from testkit.lambda_context import FakeLambdaContext

Event = dict[str, Any]
EVENTS = Path(__file__).resolve().parent.parent / "events"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str

    @property
    def json(self) -> Any:
        return json.loads(self.text)


def invoke(event: Event) -> Answer:
    result = api.lambda_handler(event, FakeLambdaContext())
    return Answer(result["statusCode"], result.get("headers", {}), result.get("body", ""))


def with_body(event: Event, body: str, *, base64_encoded: bool = False, content_type: str | None = None) -> Event:
    changed = copy.deepcopy(event)
    changed["body"] = base64.b64encode(body.encode()).decode() if base64_encoded else body
    changed["isBase64Encoded"] = base64_encoded
    if content_type is not None:
        changed["headers"]["content-type"] = content_type
    return changed


def at(event: Event, method: str, path: str, query: str = "") -> Event:
    changed = copy.deepcopy(event)
    changed["rawPath"] = changed["requestContext"]["http"]["path"] = path
    changed["requestContext"]["http"]["method"] = method
    changed["rawQueryString"] = query
    changed["routeKey"] = changed["requestContext"]["routeKey"] = f"{method} {path}"
    return changed


def assert_error(answer: Answer, status: int, code: str) -> dict[str, Any]:
    assert answer.status == status, answer.text
    assert answer.headers["Content-Type"] == "application/json"
    body = answer.json
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "problems"}
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    error: dict[str, Any] = body["error"]
    return error


# The events that get a verdict: their scheme and verdict.
VERDICT_EVENTS = {
    "api-verify-pair36-fair": ("pair36", "fair"),
    "api-verify-pair36-mismatch": ("pair36", "mismatch"),
    "api-verify-bg-dice-fair": ("bg-dice-v1", "fair"),
    "api-verify-bg-online-incomplete": ("bg-online-v1", "incomplete"),
    "api-verify-narde-fair": ("narde-v1", "fair"),
    "api-verify-narde-base64": ("narde-v1", "fair"),
    "api-verify-three-dice-fair": ("three-dice", "fair"),
    "api-verify-three-dice-withheld": ("three-dice", "withheld"),
    # a secret and commitment of its own, for a day the archive has no commitment for: never more than incomplete
    "api-verify-daily-own-secret": ("daily", "incomplete"),
    "api-check-seed000": ("pair36", "fair"),
    "api-check-narde-mismatch": ("narde-v1", "mismatch"),
}

# The events that get an error: its status, its code and the field it names.
ERROR_EVENTS = {
    "api-verify-bad-json": (400, "malformed_body", None),
    "api-verify-unknown-scheme": (422, "invalid_input", "scheme"),
    "api-verify-bad-hex": (422, "invalid_input", "server_seed"),
    "api-verify-daily-from-archive": (404, "unknown_day", "date"),
    "api-verify-form-encoded": (415, "unsupported_media_type", None),
    "api-check-bad-link": (422, "invalid_input", "sede"),
    "api-not-found": (404, "not_found", None),
    "api-method-not-allowed": (405, "method_not_allowed", None),
}
