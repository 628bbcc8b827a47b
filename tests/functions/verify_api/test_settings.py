"""The verify API's settings: defaults that run anywhere, and bad values refused by name."""

import pytest
from pydantic import ValidationError
from verify_api.settings import MIB, ApiSettings


def test_an_empty_environment_gives_working_defaults() -> None:
    settings = ApiSettings.from_environ({})
    assert settings.public_base_url is None
    assert settings.max_body_bytes == MIB
    assert settings.storage.archive_bucket is None


def test_values_are_read_and_a_trailing_slash_dropped() -> None:
    settings = ApiSettings.from_environ(
        {"FAIRDICE_PUBLIC_BASE_URL": "https://dice.example.com/game/", "FAIRDICE_MAX_BODY_BYTES": "2048"}
    )
    assert settings.public_base_url == "https://dice.example.com/game"
    assert settings.max_body_bytes == 2048


@pytest.mark.parametrize("given", ["dice", "/dice", "/dice/", " dice/ "])
def test_a_base_path_is_read_as_one_leading_slash_and_no_trailing_one(given: str) -> None:
    assert ApiSettings.from_environ({"FAIRDICE_BASE_PATH": given}).base_path == "/dice"
    assert ApiSettings.from_environ({"FAIRDICE_BASE_PATH": "v1/dice"}).base_path == "/v1/dice"
    assert ApiSettings.from_environ({"FAIRDICE_BASE_PATH": "/"}).base_path is None


def test_an_empty_variable_counts_as_unset() -> None:
    # SAM passes a template parameter left blank as "".
    settings = ApiSettings.from_environ({"FAIRDICE_PUBLIC_BASE_URL": "", "FAIRDICE_MAX_BODY_BYTES": " "})
    assert settings == ApiSettings.from_environ({})


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("FAIRDICE_MAX_BODY_BYTES", "lots"),
        ("FAIRDICE_MAX_BODY_BYTES", "0"),
        ("FAIRDICE_MAX_BODY_BYTES", str(11 * MIB)),
        ("FAIRDICE_MAX_BODY_BYTES", str(4 * MIB + 1)),  # a Lambda event holds 6 MB, a body base64-encoded in it
        ("FAIRDICE_PUBLIC_BASE_URL", "dice.example.com"),
        ("FAIRDICE_PUBLIC_BASE_URL", "https://dice.example.com/?a=1"),
        ("FAIRDICE_PUBLIC_BASE_URL", "javascript:alert(1)"),
        ("FAIRDICE_BASE_PATH", "dice/../secrets"),
        ("FAIRDICE_BASE_PATH", "/dice?x=1"),
        ("FAIRDICE_ARCHIVE_BUCKET", "Fairdice_Archive"),
        ("FAIRDICE_SECRETS_BUCKET", "s3://fairdice-secrets"),
    ],
)
def test_a_bad_value_is_refused_naming_its_variable(variable: str, value: str) -> None:
    with pytest.raises(ValidationError) as raised:
        ApiSettings.from_environ({variable: value})
    assert [error["loc"] for error in raised.value.errors()] == [(variable,)]
