"""The body gate: a body too large, not JSON by its Content-Type or not UTF-8 is refused before it is parsed."""

from collections.abc import Callable

import pytest
from verify_api import settings as api_settings
from verify_api.settings import ApiSettings
from verify_api_calls import Event, assert_error, invoke, with_body

# Routes that give no verdict publish no metric; Powertools warns about that on every such call.
pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")


def test_a_body_over_the_cap_is_413_before_it_is_read(
    load_event: Callable[[str], Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    event = load_event("api-verify-narde-fair")
    assert_error(invoke(with_body(event, "x" * (1024 * 1024 + 1))), 413, "body_too_large")
    monkeypatch.setattr(api_settings, "SETTINGS", ApiSettings(max_body_bytes=64))
    assert_error(invoke(with_body(event, "{}".ljust(65))), 413, "body_too_large")
    assert_error(invoke(with_body(event, "{}".ljust(65), base64_encoded=True)), 413, "body_too_large")
    thirty_seven_characters = '{"x": "' + "é" * 28 + '"}'  # 65 bytes
    assert_error(invoke(with_body(event, thirty_seven_characters)), 413, "body_too_large")
    # At the cap exactly, the body is read (and found wanting for other reasons).
    assert_error(invoke(with_body(event, "{}".ljust(64))), 422, "invalid_input")
    assert_error(invoke(with_body(event, "{}".ljust(64), base64_encoded=True)), 422, "invalid_input")


def test_a_base64_body_far_over_the_cap_is_refused_without_decoding(load_event: Callable[[str], Event]) -> None:
    not_even_base64 = with_body(load_event("api-verify-narde-fair"), "")
    not_even_base64["body"] = "!" * (2 * 1024 * 1024)
    not_even_base64["isBase64Encoded"] = True
    assert_error(invoke(not_even_base64), 413, "body_too_large")
