"""`fairdice daily create|reveal|show`: the daily archive from the command line, for local runs and operators.

Each subcommand sets `run=function(args) -> exit status` (the convention of `fairdice.cli`),
which maps `FairdiceError`s raised here to statuses 2 (bad input, unknown day) and 3 (archive
unavailable or contradicting itself). Either backend: `--dir` (default `var`, the same folders
`make serve` uses) or `--bucket` with `--secrets-bucket` (S3, credentials from the usual AWS
chain); each option defaults to its FAIRDICE_* variable, as the functions read them. This is an
entry point: it reads the clock and the environment. `--now` may say what time it is, but for
`create` and `reveal` never a time later than the clock: that would make or reveal a day early;
and for `create` never another UTC day than the clock's: that would commit to a day after its rolls.
"""

import argparse
import datetime as dt
import os
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from fairdice.archive.layout import revealed_days, revealed_key, utc_day
from fairdice.archive.publisher import open_day, opening_time, reveal_closed
from fairdice.archive.reader import ArchiveReader, daily_verdict
from fairdice.console import (  # clock: tests replace it here
    EXIT_OK,
    argument,
    clock,
    emit_json,
    not_empty,
    say,
    verdict_status,
)
from fairdice.errors import InvalidInput
from fairdice.fields import Day
from fairdice.problems import WHOLE_REQUEST
from fairdice.prose import repr_of
from fairdice.storage import BucketName, StorageSettings, Stores, endpoint_url, no_boto3

_DAY: TypeAdapter[dt.date] = TypeAdapter(Day)
_BUCKET: TypeAdapter[str] = TypeAdapter(BucketName)


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Add `daily create`, `daily reveal` and `daily show` to the `fairdice` command."""
    where = argparse.ArgumentParser(add_help=False)
    place = where.add_argument_group(
        "where the secrets and the archive are (default: the FAIRDICE_* variables, else folders under var/)"
    )
    place.add_argument(
        "--dir",
        type=not_empty("the folder of the secrets and the archive", Path),
        help="local folder: DIR/private and DIR/archive (default: $FAIRDICE_DATA_DIR, else var); given alone,"
        " local folders even where the bucket variables are set",
    )
    place.add_argument(
        "--bucket", type=_bucket, metavar="NAME", help="S3 archive bucket (default: $FAIRDICE_ARCHIVE_BUCKET)"
    )
    place.add_argument(
        "--secrets-bucket",
        type=_bucket,
        metavar="NAME",
        help="S3 private secrets bucket, for create and reveal (default: $FAIRDICE_SECRETS_BUCKET)",
    )
    place.add_argument(
        "--endpoint-url",
        type=_endpoint,
        metavar="URL",
        help="another S3 endpoint, such as a local emulator ($FAIRDICE_S3_ENDPOINT_URL)",
    )
    place.add_argument(
        "--now",
        type=_instant,
        metavar="TIME",
        help="act as if it were TIME (ISO 8601, UTC unless an offset is given), never later than the clock for"
        " create and reveal, and on the clock's UTC day for create; show judges by it only which days are over"
        " and overdue: it reads the archive as it is now, records written after TIME included; default: the clock",
    )

    daily = subparsers.add_parser("daily", help="the daily game's secrets: create, reveal, show")
    actions = daily.add_subparsers(dest="daily_command", required=True, metavar="ACTION")

    create = actions.add_parser(
        "create",
        parents=[where],
        help="make today's secret (UTC; if it does not exist yet) and publish its commitment",
    )
    create.set_defaults(run=_create)

    reveal = actions.add_parser(
        "reveal",
        parents=[where],
        help="reveal every closed day (before today, UTC) not yet revealed; acting today, make today's secret and"
        " commitment first if missing, as the scheduled run does (a closed day's record names it)",
    )
    reveal.set_defaults(run=_reveal)

    show = actions.add_parser(
        "show", parents=[where], help="print a day from the archive, or a player's roll that day with --player"
    )
    show.add_argument("--date", type=_day, metavar="YYYY-MM-DD", help="the UTC day (default: today)")
    show.add_argument("--player", metavar="UUID", help="print this player's verdict for the day instead")
    show.add_argument("--recorded", metavar="FACES", help="with --player: the six faces seen, e.g. '3 5 2 9 11 17'")
    show.set_defaults(run=_show)
    # A problem of what was given is named by the option that gave it, and one of no field by the command, not as a
    # request's (review: "player_id", "request"); a record's own fields (its date) stay the record's
    for name, command in (("create", create), ("reveal", reveal)):
        command.set_defaults(field_names={WHOLE_REQUEST: f"daily {name}"})
    show.set_defaults(field_names={WHOLE_REQUEST: "daily show", **_SHOW_OPTIONS})


_SHOW_OPTIONS = {"player_id": "--player", "recorded": "--recorded", "date": "--date"}


def _instant(text: str) -> dt.datetime:
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        words = f"{repr_of(text)} is not an ISO 8601 time such as 2025-03-01T00:05:00Z"
        raise argparse.ArgumentTypeError(words) from None
    moment = moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment
    try:
        utc = moment.astimezone(dt.UTC)
    except OverflowError:  # an offset that takes it before year 1 or past 9999
        utc = None
    # A moment whose day ends within the calendar datetime holds, as each command reads when the day it acts on ends
    # (review: 9999-12-31T12:00:00Z, or 0001-01-01T00:00:00+01:00, was a traceback and exit 1, a mismatch's status)
    if utc is None or utc.date() == dt.date.max:
        words = f"{repr_of(text)} is not a time from 0001-01-01T00:00:00Z to 9999-12-30T23:59:59Z (UTC)"
        raise argparse.ArgumentTypeError(words)
    return moment


_bucket = argument(_BUCKET.validate_python)
_endpoint = argument(endpoint_url)
_day = argument(_DAY.validate_python)


def pause(seconds: float) -> None:
    """Sleep (tests replace this)."""
    time.sleep(seconds)


def _now(args: argparse.Namespace) -> dt.datetime:
    now: dt.datetime | None = args.now
    return now if now is not None else clock()


def _acting_clock(args: argparse.Namespace, *, today_only: bool = False) -> Callable[[], dt.datetime]:
    """The clock `create` and `reveal` act by: the machine's, set back to `--now` if one is given (earlier than the
    clock, never later; with `today_only`, on the clock's UTC day), and going on from there as the machine's does."""
    machine = clock()
    now: dt.datetime | None = args.now
    if now is None:
        return clock
    if now > machine:
        raise InvalidInput(
            f"{_utc(now)} is later than this machine's clock"
            f" ({_utc(machine)}): create and reveal never act ahead of time, which would make a day's"
            " secret before its day or reveal a day that is not over",
            field="--now",
        )
    if today_only and utc_day(now) != utc_day(machine):
        raise InvalidInput(
            f"{_utc(now)} is not today ({utc_day(machine)} UTC by this machine's"
            " clock): create makes today's secret only, as the scheduled run does; a past day's would be committed"
            " after that day's rolls, and never revealed once a later day is (an orphan)",
            field="--now",
        )
    behind = machine - now
    return lambda: clock() - behind


def _utc(moment: dt.datetime) -> str:
    """`2025-03-01T00:05:00Z`: a moment as --now takes it, its year in four digits (review: strftime's %Y wrote year
    1 as `1-01-01`)."""
    return f"{moment.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0).isoformat()}Z"


def _settings(args: argparse.Namespace, *, secrets: bool = True) -> StorageSettings:
    """The FAIRDICE_* variables, with the options given on the command line over them; `secrets`: whether the command
    uses the secrets store too (create, reveal), or the archive alone (show)."""
    given = {
        "archive_bucket": args.bucket,
        "secrets_bucket": args.secrets_bucket,
        "data_dir": args.dir,
        "endpoint_url": args.endpoint_url,
    }
    chosen = {name: value for name, value in given.items() if value is not None}
    environ: Mapping[str, str] = os.environ
    if args.dir is not None and args.bucket is None and args.secrets_bucket is None:
        # --dir alone: the folders, whatever the S3 variables say (so they are not read, nor refused)
        environ = {name: value for name, value in environ.items() if name not in _S3_VARIABLES}
    # The options are valid already (argparse read them); the variables are checked here, by their names.
    settings = StorageSettings.from_environ(environ).model_copy(update=chosen)
    # `make serve` installs what the API needs, which S3 is not (review: a traceback, ModuleNotFoundError, exit 1)
    variable = settings.bucket_without_boto3(secrets=secrets)
    if variable is not None:
        options = {"FAIRDICE_ARCHIVE_BUCKET": args.bucket and "--bucket"}
        options["FAIRDICE_SECRETS_BUCKET"] = args.secrets_bucket and "--secrets-bucket"
        raise no_boto3(options[variable] or variable)
    return settings


_S3_VARIABLES = ("FAIRDICE_ARCHIVE_BUCKET", "FAIRDICE_SECRETS_BUCKET", "FAIRDICE_S3_ENDPOINT_URL")


def _both_stores(args: argparse.Namespace) -> StorageSettings:
    settings = _settings(args)
    if (settings.archive_bucket is None) != (settings.secrets_bucket is None):
        missing = "--secrets-bucket" if settings.secrets_bucket is None else "--bucket"
        raise InvalidInput(
            "give both --bucket and --secrets-bucket (S3, or FAIRDICE_ARCHIVE_BUCKET and FAIRDICE_SECRETS_BUCKET),"
            " or neither (local folders)",
            field=missing,
        )
    return settings


def _create(args: argparse.Namespace) -> int:
    stores = _both_stores(args).stores()
    # As the scheduled run does: in a day's first moments, S3's clock may not show the day yet.
    report = open_day(stores, opening_time(_acting_clock(args, today_only=True), pause))
    emit_json(report.model_dump_json(indent=2))
    return EXIT_OK


def _reveal(args: argparse.Namespace) -> int:
    stores = _both_stores(args).stores()
    acting = _acting_clock(args)
    if utc_day(asked := acting()) < utc_day(clock()):
        _nothing_revealed_since(stores, asked)
    # As the scheduled run does too: a record S3 dated before the day was over would read as revealed early.
    now = opening_time(acting, pause)
    # Today first, as the scheduled run does: the day before's record names today's commitment. Without it, a `create`
    # running at the same moment could publish that commitment between this run's reading it and writing the record,
    # which would then name none where one was published first: read as tampered, for good (review).
    opened = open_day(stores, now) if utc_day(now) == utc_day(clock()) else None
    revealed: list[dt.date] = []
    try:
        report = reveal_closed(stores, now)
        revealed = report.revealed
    finally:  # what was made today is said whether or not the reveal then failed
        if opened is not None and (opened.created or opened.commitment_published):
            # Said only when it made something: said of every run, "was made already: a closed day's record names it"
            # read as something to act on, where nothing was missing; and the record is named only where this run
            # revealed it (a folder of one day has none)
            made = (
                "made, and its commitment published"
                if opened.created
                else "was made already; its commitment is published now"
            )
            before = opened.date - dt.timedelta(days=1)
            named = f": {before}'s record, revealed now, names it" if before in revealed else ""
            say(f"fairdice: today's secret ({opened.date}) {made}{named}")
    emit_json(report.model_dump_json(indent=2))
    return EXIT_OK


def _nothing_revealed_since(stores: Stores, now: dt.datetime) -> None:
    """Refuse a reveal replayed at a past moment once a day not over by then is revealed: its pass would take the
    archive's index back to that moment and report those records as written ahead of their time (review)."""
    today = utc_day(now)
    later = [day for day in revealed_days(stores.archive) if day >= today]
    if later:
        raise InvalidInput(
            f"{_utc(now)} is before {later[-1]} was over, and the archive reveals it"
            f" already ({revealed_key(later[-1])}): a reveal replayed then would take index.json back to that moment."
            " Give a later --now, or none",
            field="--now",
        )


def _show(args: argparse.Namespace) -> int:
    now = _now(args)
    settings = _settings(args, secrets=False)
    if settings.archive_bucket is None and not (settings.data_dir / "archive").is_dir():
        # A folder typed wrong is not an archive that lacks the day (review: "pending", or "no secret for" the day),
        # named by where it was given (review: --dir, where the variable or the default gave it)
        variable = "FAIRDICE_DATA_DIR" if os.environ.get("FAIRDICE_DATA_DIR") else None
        given = "--dir" if args.dir is not None else variable
        raise InvalidInput(
            f"{settings.data_dir}{'' if given else ' (the default folder)'} holds no daily archive (no folder"
            f" {settings.data_dir / 'archive'}): name the folder fairdice daily create made (--dir), or the archive's"
            " bucket (--bucket)",
            field=given or "--dir",
        )
    # Days judged as of --now, a version's lock by when the archive is read: now
    reader = ArchiveReader(settings.archive(), clock=lambda: now, read_clock=clock)
    day: dt.date = args.date or utc_day(now)
    if args.player is None:
        if args.recorded is not None:
            raise InvalidInput("--recorded compares a player's faces: give --player too", field="--player")
        emit_json(reader.record(day).model_dump_json(indent=2))
        return EXIT_OK
    verdict = daily_verdict(reader, day, args.player, args.recorded)
    emit_json(verdict.model_dump_json(indent=2))
    return verdict_status(verdict)
