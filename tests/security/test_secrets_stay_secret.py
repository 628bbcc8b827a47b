"""No secret shows anywhere before its day is over, and seals are compared in constant time.

Two days in the life of fairdice, on local folders with a fixed clock: the publisher's scheduled
runs (one of them failing), the verify API asked about the open day every way it can be (JSON,
the HTML page, links, batches, errors, an unreachable archive), and the `fairdice daily` CLI.
Everything any of them says is captured: responses with their headers, both functions' log
lines at DEBUG, the EMF metric lines, tracing annotations, other loggers, exceptions with their
tracebacks, and the CLI's output. No form of a secret appears in it before its reveal; after,
the revealed one does (so the search would have found it). The verify API never opens a file in
the private folder: it cannot leak what it never reads.
"""

import base64
import contextlib
import datetime as dt
import io
import json
import logging
import sys
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from daily_publisher import app as publisher
from fairdice import cli, daily_cli, seal
from fairdice.archive.layout import secret_key
from fairdice.archive.reader import ArchiveReader
from fairdice.errors import ArchiveUnavailable
from fairdice.schemes import parse_request
from fairdice.seal import seal_of
from fairdice.storage import FolderStore, StorageSettings, Stored, Stores
from fairdice.verify import verify
from verify_api import app as api
from verify_api import archive as api_archive

from testkit.lambda_context import FakeLambdaContext
from testkit.stores import PassingStore

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

EVENTS = Path(__file__).resolve().parents[2] / "events"
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
DAY1, DAY2 = dt.date(2025, 3, 1), dt.date(2025, 3, 2)
Event = dict[str, Any]


def forms_of(secret: bytes) -> list[str]:
    """Every way a secret might be written: hex either case, base64 either alphabet, Python's repr."""
    return [
        secret.hex(),
        secret.hex().upper(),
        base64.b64encode(secret).decode(),
        base64.urlsafe_b64encode(secret).decode(),
        repr(secret),
    ]


def at(day: dt.date, time: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day.isoformat()} {time}").replace(tzinfo=dt.UTC)


# ---- the API never opens the private folder -----------------------------------------------------

_opened: list[str] | None = None


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _opened is not None and event == "open" and isinstance(args[0], str | Path):
        _opened.append(str(args[0]))


_hooked = False


@contextlib.contextmanager
def files_opened() -> Iterator[list[str]]:
    """Every file opened in this process meanwhile (a Python audit hook: it sees every open)."""
    global _opened, _hooked
    if not _hooked:
        sys.addaudithook(_audit)  # hooks cannot be removed; this one does nothing outside the block
        _hooked = True
    _opened = []
    try:
        yield _opened
    finally:
        _opened = None


# ---- two days ---------------------------------------------------------------------------------


@dataclass
class Life:
    """What two days of fairdice said, in order, and what it did."""

    said: list[tuple[dt.datetime, str]] = field(default_factory=list)
    opened_by_api: list[str] = field(default_factory=list)
    secrets: dict[dt.date, bytes] = field(default_factory=dict)

    def before(self, moment: dt.datetime) -> str:
        return "\n".join(text for when, text in self.said if when < moment)

    def everything(self) -> str:
        return "\n".join(text for _, text in self.said)


class FailingArchive(PassingStore):
    """An archive that S3 will not write to."""

    def put_new(self, key: str, data: bytes) -> bool:
        raise ArchiveUnavailable(f"S3 bucket fairdice-archive: cannot write {key} (SlowDown); try again later")

    def replace(self, key: str, data: bytes) -> None:
        raise ArchiveUnavailable(f"S3 bucket fairdice-archive: cannot write {key} (SlowDown); try again later")


class UnreadableArchive(FailingArchive):
    """An archive that S3 will not read either."""

    def get(self, key: str) -> bytes | None:
        raise ArchiveUnavailable(f"S3 bucket fairdice-archive: cannot read {key} (ReadTimeoutError); try again later")

    def read(self, key: str) -> Stored | None:
        raise ArchiveUnavailable(f"S3 bucket fairdice-archive: cannot read {key} (ReadTimeoutError); try again later")


def load(name: str, **changes: Any) -> Event:
    event: Event = json.loads((EVENTS / f"{name}.json").read_text())
    if "path" in changes:
        event["rawPath"] = event["requestContext"]["http"]["path"] = changes["path"]
    if "body" in changes:
        event["body"], event["isBase64Encoded"] = json.dumps(changes["body"]), False
    if "query" in changes:
        event["rawQueryString"] = changes["query"]
    if "accept" in changes:
        event["headers"]["accept"] = changes["accept"]
    return event


def api_requests(day: dt.date, guess: str) -> list[Event]:
    """Every way to ask the API about a day's roll, and a few ways to get an error."""
    date = day.isoformat()
    daily = {"scheme": "daily", "date": date, "player_id": PLAYER}
    return [
        load("api-daily-record", path=f"/daily/{date}"),
        load("api-daily-roll", path=f"/daily/{date}/{PLAYER}"),
        load("api-daily-roll", path=f"/daily/{date}/{PLAYER}", accept="text/html"),
        load("api-daily-roll", path=f"/daily/{date}/{PLAYER}", query="recorded=1%202%203%204%205%206"),
        load("api-verify-daily-from-archive", body=daily),
        load("api-verify-daily-from-archive", body=daily | {"secret": guess, "recorded": "1 2 3 4 5 6"}),
        load("api-verify-daily-from-archive", path="/verify/batch", body={"requests": [daily, daily | {"secret": 1}]}),
        load("api-check-seed000", query=f"scheme=daily&date={date}&player={PLAYER}"),
        load("api-check-seed000", query=f"scheme=daily&date={date}&player={PLAYER}", accept="text/html"),
        load("api-links-pair36", body=daily | {"secret": guess}),
        load("api-daily-record", path=f"/daily/{(day + dt.timedelta(days=1)).isoformat()}"),
        load("api-verify-bad-json"),
        load("api-not-found"),
    ]


@pytest.fixture
def life(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> Life:
    lived = Life()
    clock = [at(DAY1, "00:00:01")]
    stores = StorageSettings(data_dir=tmp_path).stores()
    logs = io.StringIO()
    for logger in (api.logger, publisher.logger):
        monkeypatch.setattr(logger.registered_handler, "stream", logs)
        logger.setLevel("DEBUG")
    caplog.set_level(logging.DEBUG)  # every other logger, the libraries' included
    traced: list[str] = []
    for method in ("put_annotation", "put_metadata"):
        monkeypatch.setattr(api.tracer, method, lambda key, value, *a, **k: traced.append(f"{key}={value}"))
    monkeypatch.setattr(publisher.metrics.provider, "namespace", "fairdice")
    monkeypatch.setattr(publisher, "stores", stores)
    monkeypatch.setattr(publisher, "clock", lambda: clock[0])
    monkeypatch.setattr(daily_cli, "clock", lambda: clock[0])
    monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: clock[0]))

    def note(text: str) -> None:
        output = capsys.readouterr()
        lived.said.append((clock[0], "\n".join([text, logs.getvalue(), caplog.text, *traced, *output])))
        logs.seek(0)
        logs.truncate()
        caplog.clear()
        traced.clear()

    def run_publisher(moment: dt.datetime, event: str) -> None:
        clock[0] = moment
        try:
            scheduled = json.loads((EVENTS / f"{event}.json").read_text())
            note(json.dumps(publisher.lambda_handler(scheduled, FakeLambdaContext())))
        except Exception as failure:  # what the Lambda runtime would log about a failed run
            note("".join(traceback.format_exception(failure)))

    def ask_api(moment: dt.datetime, day: dt.date) -> None:
        clock[0] = moment
        with files_opened() as opened:
            for event in api_requests(day, guess="ab" * 32):
                answer = api.lambda_handler(event, FakeLambdaContext())
                note(json.dumps(answer))
            monkeypatch.setattr(
                api_archive, "DAILY", ArchiveReader(UnreadableArchive(stores.archive), clock=lambda: clock[0])
            )
            note(
                json.dumps(
                    api.lambda_handler(load("api-daily-roll", path=f"/daily/{day}/{PLAYER}"), FakeLambdaContext())
                )
            )
            monkeypatch.setattr(api_archive, "DAILY", ArchiveReader(stores.archive, clock=lambda: clock[0]))
        lived.opened_by_api += opened

    def use_cli(moment: dt.datetime, *argv: str) -> None:
        clock[0] = moment
        cli.main([*argv, "--dir", str(tmp_path), "--now", moment.isoformat()])
        note("")

    try:
        run_publisher(at(DAY1, "00:00:01"), "scheduled-midnight")
        ask_api(at(DAY1, "09:00"), DAY1)
        run_publisher(at(DAY1, "00:10:00"), "scheduled-retry")
        use_cli(at(DAY1, "12:00"), "daily", "show", "--player", PLAYER)
        use_cli(at(DAY1, "12:00"), "daily", "create")
        # The next midnight run cannot publish: it made day 2's secret, then failed.
        monkeypatch.setattr(publisher, "stores", Stores(secrets=stores.secrets, archive=FailingArchive(stores.archive)))
        run_publisher(at(DAY2, "00:00:01"), "scheduled-midnight")
        monkeypatch.setattr(publisher, "stores", stores)
        run_publisher(at(DAY2, "00:10:00"), "scheduled-retry")
        ask_api(at(DAY2, "09:00"), DAY2)
        ask_api(at(DAY2, "09:00"), DAY1)
        use_cli(at(DAY2, "12:00"), "daily", "show", "--date", DAY1.isoformat())
    finally:
        for logger in (api.logger, publisher.logger):
            logger.setLevel("INFO")
    lived.secrets = {day: stores.secrets.get(secret_key(day)) or b"" for day in (DAY1, DAY2)}
    return lived


def test_no_secret_is_said_anywhere_before_its_day_is_over(life: Life) -> None:
    assert all(len(secret) == 32 for secret in life.secrets.values())
    for day, secret in life.secrets.items():
        before_reveal = life.before(at(day + dt.timedelta(days=1), "00:00:00"))
        assert before_reveal, "nothing was captured before the reveal"
        for form in forms_of(secret):
            assert form not in before_reveal, (day, form)
    for form in forms_of(life.secrets[DAY2]):  # day 2 never ended
        assert form not in life.everything()


def test_the_search_finds_a_secret_once_it_is_revealed(life: Life) -> None:
    # Day 1's secret is in what was said on day 2 (the archive, GET /daily, the CLI): the capture sees it.
    assert life.secrets[DAY1].hex() in life.everything()


def test_what_was_said_includes_every_channel(life: Life) -> None:
    everything = life.everything()
    assert '"message":"daily secrets published"' in everything  # the functions' structured logs
    assert "Calling API Route Handler" in everything  # the libraries' own DEBUG lines
    assert '"_aws"' in everything  # EMF metric lines
    assert "Traceback" in everything and "SlowDown" in everything  # the failed run's exception
    assert "scheme=daily" in everything  # tracing annotations
    assert "archive_unavailable" in everything and "unknown_day" in everything  # error answers
    assert "<!DOCTYPE html>" in everything.replace("<!doctype html>", "<!DOCTYPE html>")  # the HTML page


def test_the_verify_api_never_opens_the_private_folder(life: Life, tmp_path: Path) -> None:
    archive_reads = [path for path in life.opened_by_api if path.startswith(str(tmp_path / "archive"))]
    assert archive_reads, "the API read the archive (the audit hook saw it)"
    assert not [path for path in life.opened_by_api if path.startswith(str(tmp_path / "private"))]


def test_secrets_on_disk_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    stores = StorageSettings(data_dir=tmp_path).stores()
    stores.secrets.put_new(secret_key(DAY1), bytes(32))
    assert (tmp_path / "private" / secret_key(DAY1)).stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "private" / "secrets").stat().st_mode & 0o777 == 0o700
    assert isinstance(stores.archive, FolderStore)


# ---- seals are compared in constant time ----------------------------------------------------------


def test_seal_checks_go_through_hmac_compare_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real: Callable[[bytes, bytes], bool] = seal.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(seal.hmac, "compare_digest", spy)
    key = bytes(range(32))
    for given, expected in ((seal_of(key).upper(), "match"), ("00" * 32, "mismatch")):
        compared.clear()
        request = {"scheme": "pair36", "server_seed": key.hex(), "seal": given, "client_seeds": ["a"], "count": 1}
        verdict = verify(parse_request(request))
        assert verdict.checks.seal == expected
        # The verdict's seal check is exactly one constant-time comparison of the two seals.
        assert compared == [(given.lower().encode(), seal_of(key).encode())]
