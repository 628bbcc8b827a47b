"""The verify API's settings: one model, read once at cold start from the mapping the handler passes.

They belong to the function, not the core layer: the body cap, the links' base URL and Lambda's
answer limit are HTTP matters. `ApiSettings.from_environ(os.environ)` is the one place the API
reads its environment; a bad value fails the cold start with the variable's name in the error.
"""

import os
from collections.abc import Mapping
from typing import Annotated

from fairdice.fields import BasePath, BaseUrl
from fairdice.storage import StorageSettings
from pydantic import BaseModel, ConfigDict, Field

MIB = 1 << 20
# API Gateway takes payloads of up to 10 MiB, but a synchronous Lambda call takes an event of at most 6 MB, the body in
# it base64-encoded when it is not text (4/3 of its bytes) beside the request's headers: a body past this cap might
# never reach the function to be refused by it (review: the settings took up to 10 MiB).
MAX_BODY_CAP = 4 * MIB
# A synchronous Lambda function returns at most 6 MiB, counted on the JSON of its whole answer.
LAMBDA_MAX_ANSWER = 6 * MIB


class ApiSettings(BaseModel):
    """What the verify API is told by its environment; every field has a working default."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    public_base_url: Annotated[
        BaseUrl | None,
        Field(
            alias="FAIRDICE_PUBLIC_BASE_URL",
            description="base of the links POST /links returns; unset: the request's own scheme and host",
        ),
    ] = None
    base_path: Annotated[
        BasePath,
        Field(
            alias="FAIRDICE_BASE_PATH",
            description="the path a custom domain's API mapping serves the API under, such as /dice; its routes"
            " answer there as well as at the root, and its links keep it",
        ),
    ] = None
    max_body_bytes: Annotated[
        int,
        Field(
            alias="FAIRDICE_MAX_BODY_BYTES",
            ge=1,
            le=MAX_BODY_CAP,
            description="bodies longer than this many bytes are refused with 413 before they are parsed",
        ),
    ] = MIB
    storage: StorageSettings = Field(
        default_factory=StorageSettings,
        description="where the daily archive lives (FAIRDICE_ARCHIVE_BUCKET, else a folder under FAIRDICE_DATA_DIR)",
    )

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "ApiSettings":
        """Read the settings from `environ`; an empty variable counts as unset (SAM passes "")."""
        given = {
            name: environ[name]
            for name in ("FAIRDICE_PUBLIC_BASE_URL", "FAIRDICE_BASE_PATH", "FAIRDICE_MAX_BODY_BYTES")
            if environ.get(name, "").strip()
        }
        return cls.model_validate({**given, "storage": StorageSettings.from_environ(environ)})


# Read once, at cold start: a bad value stops the function here, naming its variable. Read it as
# `settings.SETTINGS` at call time (tests put other settings in its place).
SETTINGS = ApiSettings.from_environ(os.environ)
