"""What every function of fairdice that answers HTTP answers alike: the one map from a domain error to its HTTP status,
the wait a 503 asks for, and the headers on every answer.

The core's other modules say what a thing is (a verdict, an error of `fairdice.errors`); this is where the HTTP edge
of both the verify API and the game's route (`functions/`) turns that into a status and headers, once for both. It
lives in the layer because two functions share it, and reads nothing but its arguments.
"""

from http import HTTPStatus

from fairdice.errors import (
    ArchiveUnavailable,
    FairdiceError,
    InvalidInput,
    LateCommitment,
    MissingBucket,
    TamperedRecord,
    UnknownDay,
)

# The one map from a domain error to the HTTP status a function answers it with (STYLE 4: the verify API and the game's
# route each kept a copy, review). An error it does not name is no request's doing: a 500.
_STATUS: dict[type[FairdiceError], HTTPStatus] = {
    InvalidInput: HTTPStatus.UNPROCESSABLE_ENTITY,
    UnknownDay: HTTPStatus.NOT_FOUND,
    ArchiveUnavailable: HTTPStatus.SERVICE_UNAVAILABLE,
    TamperedRecord: HTTPStatus.BAD_GATEWAY,
    LateCommitment: HTTPStatus.BAD_GATEWAY,
}
RETRY_AFTER = "30"  # seconds, sent with a 503: the archive not answering for now
# On every answer: never read as another type than it says; and HTTPS only for a year once a browser has seen the
# API over HTTPS (browsers ignore the header on plain HTTP, so the local server's answers carry it harmlessly). No
# includeSubDomains: behind a custom domain, the domain's other hosts are not this API's to decide.
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Strict-Transport-Security": "max-age=31536000"}


def http_status(exc: FairdiceError) -> HTTPStatus:
    """The HTTP status a function answers a domain error with: 422 for input that cannot be verified as it stands, 404
    for a day with no secret, 503 for an archive not answering for now (with Retry-After), 502 for one that contradicts
    itself or published today's commitment too late to show anything, and 500 for the rest: a bucket of no such name
    is the stack's fault, which waiting does not mend."""
    if isinstance(exc, MissingBucket):
        return HTTPStatus.INTERNAL_SERVER_ERROR
    return next((status for kind, status in _STATUS.items() if isinstance(exc, kind)), HTTPStatus.INTERNAL_SERVER_ERROR)


def error_headers(status: HTTPStatus) -> dict[str, str] | None:
    """The headers an error of this status carries: a 503 says when to try again (`Retry-After`)."""
    return {"Retry-After": RETRY_AFTER} if status == HTTPStatus.SERVICE_UNAVAILABLE else None
