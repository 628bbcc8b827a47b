"""`daily` (seed 004): six dice d4 … d20 from HMAC(day secret, `YYYY-MM-DD|uuid`).

One secret a UTC day, published once the day is over: a request may carry it, or it is taken from
the daily archive (`DaySecrets`), which never reveals a day early. Without an archive, a day not over
by the caller's clock (`today`) is withheld all the same, whatever secret the request carries.
"""

import datetime as dt
import html
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from itertools import count as counter
from operator import getitem
from typing import ClassVar, Literal
from uuid import UUID

from pydantic import JsonValue, field_validator

from fairdice.archive.layout import (
    GRACE_ENDS,
    GRACE_MINUTES,
    commitment_key,
    not_kept,
    publication,
    published_out_of_time,
    reveal_deadline,
    reveal_time,
    reveal_time_if_any,
)
from fairdice.dice import Mac, Roll, Rolls, faces_in, fill, first_bytes, keyed_mac, macs, read_dice
from fairdice.errors import FutureDay, ReadsNoArchive, UnknownDay
from fairdice.fields import Day, DaySecret, PlayerId, Seal
from fairdice.prose import utc_time
from fairdice.request import RequestBase
from fairdice.schemes.base import (
    DICE_ORDER,
    EXAMPLE_KEY,
    EXAMPLE_SEAL,
    TRIED_AS,
    Case,
    DaySecrets,
    Example,
    GameParts,
    Hypothesis,
    LinkParam,
    PendingDay,
    Revealed,
    Scheme,
    Withheld,
    Words,
    or_placeholder,
    py,
)
from fairdice.seal import hex_text_form
from fairdice.storage import known_time
from fairdice.verdict import Cause, GameInput, Scope, Verdict

SIDES = (4, 6, 8, 10, 12, 20)
# The date as a mistake the diagnosis tries (`date_shifted`), as its list of those tried names it
DAY_OFF = "day before or after"
_TABLES = [table for _, table in first_bytes(SIDES)]


class DailyRequest(RequestBase):
    """Seed 004: a day and a player; the day's secret given or taken from the archive."""

    SIDES: ClassVar[tuple[int, ...]] = SIDES
    REVEALED_FIELD: ClassVar[str] = "secret"
    SEAL_FIELD: ClassVar[str] = "commitment"

    scheme: Literal["daily"]
    date: Day
    player_id: PlayerId
    secret: DaySecret | None = None
    commitment: Seal | None = None

    @field_validator("recorded", mode="after")
    @classmethod
    def _one_roll(cls, value: list[tuple[int, ...]] | None) -> list[tuple[int, ...]] | None:
        if value is not None and len(value) != 1:
            raise ValueError(f"a daily roll is one set of six faces (d4 d6 d8 d10 d12 d20), got {len(value)}")
        return value


def message(day: dt.date, player_id: UUID | str) -> str:
    """`YYYY-MM-DD|<canonical lowercase hyphenated uuid>` (a str player id must be canonical)."""
    return f"{day.isoformat()}|{player_id}"


def roll(mac: Mac, day: dt.date, player_id: UUID | str, first: bytes | None = None) -> Roll:
    """The day's six faces for one player, in the order d4, d6, d8, d10, d12, d20.

    `first` is block 0's MAC when it is already computed."""
    text = message(day, player_id)
    first = first or mac(text.encode())
    faces = tuple(map(getitem, _TABLES, first))  # each die from its byte: right when none is rejected
    if 0 in faces or len(faces) < len(SIDES):
        more = (mac(f"{text}|{block}".encode()) for block in counter(1))
        faces = faces_in(first, SIDES) or read_dice(chain((first,), more), SIDES)
    return Roll(1, text, faces)


def rolls(mac: Mac, day: dt.date, player_ids: Sequence[UUID | str]) -> Rolls:
    """The day's faces for each player (numbered from 1), with the day's MAC keyed once."""
    if len(player_ids) == 1:  # one request's one roll: columns would cost more than they save
        return Rolls.of([roll(mac, day, player_ids[0])])
    prefix = f"{day.isoformat()}|"
    ids = list(map(str, player_ids))
    blocks = macs(mac, prefix.encode(), map(str.encode, ids))
    numbers = range(1, len(ids) + 1)
    messages = list(map(prefix.__add__, ids))
    # About one player in nine (11.3%) has a rejected byte among the first six: `fill` reads on in the block.
    return fill(numbers, messages, blocks, lambda at, block: roll(mac, day, ids[at], block), sides=SIDES)


def _in_grace(day: dt.date, published_at: dt.datetime | None) -> bool:
    """Whether the archive's time for a day's commitment is within its grace (`publication`): one half of in time, the
    archive's own answer the other (`Daily.revealed` takes both)."""
    return published_at is not None and publication(day, published_at) == "in_time"


def _not_begun(day: dt.date) -> Withheld:
    """A day after today's: its secret is not made yet, so one given is neither confirmed nor denied. Said not begun,
    not over as today is (review: a day to come read "is not over")."""
    return Withheld(
        f"{day.isoformat()} has not begun in UTC: its secret is not revealed, so none is confirmed or denied",
        reveal_time_if_any(day),
    )


def _not_final(day: dt.date, reveal_at: dt.datetime, as_of: dt.datetime) -> Withheld:
    """A day an audit began before its reveal was final: withheld in every shard alike (`PendingDay.as_of`)."""
    return Withheld(
        f"this audit reads the daily archive as of {utc_time(as_of)}, when it began, before every run that"
        f" reveals {day.isoformat()} had ended ({reveal_deadline(day):%H:%M} UTC the next day): that day is withheld"
        " in the whole audit alike; audit again to check its rolls",
        reveal_at,
    )


def _not_over(day: dt.date, reveal_at: dt.datetime | None, overdue: bool = False) -> Withheld:
    """Today, or a day over whose secret the archive has not revealed yet: due at the next midnight UTC (the words
    say due, not revealed then: past it, the publisher may not have revealed it yet), and late once every run that
    reveals it has had its time (review: it read as a day still to come)."""
    if overdue:
        return Withheld(
            f"the secret of {day.isoformat()} is not revealed yet, though it was due once that day was over in UTC:"
            " the archive is late revealing it, which the operator must answer for; check again later",
            reveal_at,
            overdue=True,
        )
    return Withheld(
        f"the secret of {day.isoformat()} is not revealed yet: the archive reveals it in the minutes after that day"
        " ends in UTC",
        reveal_at,
    )


def _no_archive(day: dt.date) -> tuple[str, ...]:
    """Why a day's roll checked without the daily archive is at most incomplete, revealed or not: nothing shows when
    its commitment was published."""
    return (
        f"no daily archive was consulted here, so nothing shows when {day.isoformat()}'s commitment was published: it"
        " does not show the secret was fixed before the day's play",
    )


def _unknown_to_archive(day: dt.date) -> tuple[str, ...]:
    """Why a day's roll whose secret is given, for a day the daily archive read has no commitment for, is at most
    incomplete: nothing shows the secret was fixed before the day's play (daily.js's `noCommitment` says the same)."""
    return (
        f"the daily archive has no commitment for {day.isoformat()}, so nothing shows this secret was fixed before the"
        " day's play",
    )


def _times_not_witnessed(day: dt.date) -> tuple[str, ...]:
    """Why a day not yet revealed on an archive whose times are no witness (`PendingDay.witnessed`) is at most
    incomplete once revealed, as the same day revealed says it (`Daily.revealed`)."""
    return (
        "the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can set:"
        f" it does not show when {day.isoformat()}'s commitment was published, so once its secret is revealed, nothing"
        " shows it was fixed before the day's play, and that day's rolls are at most incomplete",
    )


def _no_commitment(day: dt.date) -> tuple[str, ...]:
    """Why a day the archive published no commitment for within its grace is at most incomplete once revealed."""
    return (
        f"the daily archive published no commitment for {day.isoformat()} in the {GRACE_MINUTES} minutes after 00:00"
        " UTC it had: once its secret is revealed, nothing shows it was fixed before the day's play, so that day's"
        " rolls are at most incomplete",
    )


def _published_out_of_its_time(day: dt.date) -> tuple[str, ...]:
    """Why a day whose commitment the daily archive published, but not in time by a time of its own (late, early, by a
    time whoever holds the archive can set, or none), is at most incomplete once revealed: its reasons then say why."""
    return (
        f"the commitment the daily archive published for {day.isoformat()} does not show the secret was fixed before"
        " the day's play (when it was published is said with it): once its secret is revealed, that day's rolls are at"
        " most incomplete",
    )


def _no_time_of_its_own(day: dt.date) -> tuple[str, ...]:
    """Why a day whose commitment S3 gives no time of its own for (a multipart upload or a replica) is at most
    incomplete once revealed, as the same day revealed says it (`Daily.revealed`): nothing says when it was
    published."""
    return (
        f"S3 gives no time of its own for the commitment of {day.isoformat()}, so nothing shows the secret was fixed"
        " before the day's play: once its secret is revealed, that day's rolls are at most incomplete",
    )


def _not_kept(day: dt.date) -> str:
    """Why a day whose commitment the daily archive published, in time or not, but does not keep under Object Lock is
    at most incomplete once revealed, as the same day revealed is (`Daily.revealed`): another may be shown in its
    place."""
    what = f"the commitment the daily archive published for {day.isoformat()}"
    return (
        f"{not_kept(what, revealed=False)}: it does not show the secret was fixed before the day's play, so once its"
        " secret is revealed, that day's rolls are at most incomplete"
    )


def _disagrees(day: dt.date, published_at: dt.datetime) -> str:
    """Why a commitment the archive says was not published in time, by a time it gives within the grace, keeps the
    day's rolls from fair: the archive's own answer and its time disagree, and the stricter is taken (review: a record
    so made read fair with `in_time` false). Said of a time S3 gives alone: one it gives none for is said so first."""
    return (
        f"the daily archive does not count the commitment of {day} as published in the {GRACE_MINUTES} minutes after"
        f" 00:00 UTC it had, though it dates it {utc_time(published_at)}: it does not show the secret was fixed before"
        " the day's play"
    )


def _other_commitment(request: DailyRequest, published: str) -> tuple[str, ...]:
    """What a commitment given says against the one the daily archive published for the day, if it differs."""
    if request.commitment is None or request.commitment == published:
        return ()
    return (f"the commitment given is not the one the daily archive published for {request.date} ({published})",)


def _revealed_early(day: dt.date, revealed_at: dt.datetime | None, witnessed: bool = True) -> str:
    """Why a record the archive's own time does not show written after its day keeps the day's rolls from fair: a
    secret public while its day was played lets anyone compute that day's rolls (of any player id) before rolling.
    Where the archive's times are no witness (`witnessed`: a folder's, which whoever holds it can set), read only as its
    own answer says not in time, its time is said as the archive's, not as when the secret was revealed, nor is S3 said
    to give none (review: a folder's time was stated as fact)."""
    if not witnessed:
        dated = (
            "gives no time for it"
            if revealed_at is None
            else f"dates it {utc_time(revealed_at)}, before its day was over, by a time whoever holds it can set"
        )
        return (
            f"the daily archive does not count the record of {day} as written after its day was over, and {dated}: it"
            " does not show the secret was kept until the day was over"
        )
    if revealed_at is None:
        return (
            f"the daily archive gives no time of its own for the record of {day} (a multipart upload or a replica, not"
            " the publisher's one write), so it does not show the secret was kept until the day was over"
        )
    return (
        f"the secret of {day} was revealed at {utc_time(revealed_at)}, before its day was over, which the"
        " publisher never does: whoever read it could compute that day's rolls while it was played"
    )


def _record_disagrees(day: dt.date, revealed_at: dt.datetime) -> str:
    """Why a record the archive does not count as written after its day, by a time it gives after it, keeps the day's
    rolls from fair: its own answer and its time disagree, and the stricter is taken (`_disagrees`, of a commitment)."""
    return (
        f"the daily archive does not count the record of {day} as written after its day was over, though it dates it"
        f" {utc_time(revealed_at)}: it does not show the secret was kept until the day was over"
    )


@dataclass(frozen=True)
class DayWords(Words):
    """Seed 004's words: a day's roll is one player's of one day, its secret and commitment the day's alone, the
    archive's, not a game's."""

    def elsewhere(self, rolls: str) -> str:
        # A daily request records one roll, its six faces (`DailyRequest._one_roll`)
        return "another player's or another day's roll: check the player id and the date (the UTC day it was rolled)"

    def apart(self, they: str) -> str:
        # A day's roll is one player's of one day, its secret the day's alone (review: "it and the day secret most
        # likely come from different games" below "The roll belongs to another player or another day")
        return (
            f"{they} is most likely another player's roll, or {they} and the {self.secret} are of different days:"
            " check the player id and the date (the UTC day it was rolled)"
        )

    def seal_shown(self) -> str:
        # A day's commitment is the archive's, published before the day's rolls, not a game's (review: "the one the
        # game showed before its first roll" of a day's commitment)
        return f"the one {self.shown}"

    def secret_shown(self) -> str:
        # The archive reveals a day's secret only once the day is over in UTC (SPEC, "Never early")
        return "the one the daily archive reveals once the day is over in UTC"

    def sealed_as(self) -> str:
        # Of a day, as the archive's own commitment over the hex text is said (review: "A game's commitment")
        return f"A day's {self.seal} is SHA-256 of the bytes"

    def copy_both(self) -> str:
        # The archive publishes a day's commitment and reveals its secret, no game (review: "copy both from the same
        # game. If both were copied correctly from this game")
        return (
            f"copy both from the daily archive for the same day. If both were copied correctly from the archive for"
            f" this day, the {self.secret} is not the one the archive committed to"
        )

    def copy_secret(self) -> str:
        # (review: "the day secret is most likely from another day than both; copy it again from the game")
        return "copy it again from the daily archive for this day"


class Daily(Scheme[DailyRequest]):
    """Seed 004's scheme."""

    request = DailyRequest
    # Where the player finds the commitment to recognise: the archive's, published in the grace after 00:00 UTC, the
    # one window in which it shows the secret was fixed before the day's play (`publication`); one published before
    # the day began is what the archive calls early, a secret that could have been chosen for the rolls it gives
    words = DayWords(
        "day secret",
        "commitment",
        shown=f"the daily archive publishes for the day between 00:00 and {GRACE_ENDS} UTC",
        # one published out of that time, or not kept under Object Lock in compliance mode, shows nothing of the sort
        shows="only the archive's, published in that time and kept under Object Lock in compliance mode, can show",
        # as its diagnosis says of them (`elsewhere`): "another player's or another day's roll"
        other_rolls="another player or another day",
        other_game="another day",
    )
    tried = (DAY_OFF, DICE_ORDER)
    tried_as: Mapping[Cause, str] = {**TRIED_AS, "date_shifted": DAY_OFF}
    link = (
        LinkParam("date", "date"),
        LinkParam("player", "player_id"),
        LinkParam("secret", "secret"),
        LinkParam("commitment", "commitment"),
        LinkParam("rolls", "recorded", "rolls"),
    )
    browser = ("daily.js",)

    def archive_day(self, request: DailyRequest) -> dt.date:
        """The request's day: the archive is asked about it even when the secret is given."""
        return request.date

    @property
    def die_names(self) -> tuple[str, ...]:
        """Seed 004 names its dice by their sides: d4, d6, d8, d10, d12, d20."""
        return tuple(f"d{n}" for n in SIDES)

    def revealed(
        self, request: DailyRequest, day_secrets: DaySecrets | None, today: dt.date | None
    ) -> Revealed | Withheld:
        """The archive is authoritative: its secret and commitment, with a given secret or commitment compared
        with them. A day not over is withheld, whatever secret is given: by the archive's clock, or without an
        archive by `today`, the caller's (no secret can be known before its day is over, so none is confirmed).
        Without the archive's commitment published in time, nothing shows the secret was fixed before the day's
        play."""
        day = request.date.isoformat()
        if day_secrets is None:
            # Without an archive, nothing shows when the commitment was published, before the reveal or after: a day
            # not over is withheld at most incomplete once revealed, as this check says it once it is (review: "Not yet
            # verifiable" alone, for a roll whose check here can never be more than incomplete)
            if today is not None and request.date > today:
                return replace(_not_begun(request.date), caveats=_no_archive(request.date))
            if today is not None and request.date == today:
                return replace(
                    _not_over(request.date, reveal_time_if_any(request.date)), caveats=_no_archive(request.date)
                )
            return replace(self._given(request), caveats=_no_archive(request.date))
        try:
            found = day_secrets.lookup(request.date)
        except FutureDay as future:
            # Withheld with or without a secret, as without an archive (review: with none, POST /verify answered 404
            # where the audit, the CLI and the offline page said withheld); at most incomplete once revealed where the
            # archive's times are no witness, as today's is (review: "Not yet verifiable" alone on a folder)
            return replace(
                _not_begun(request.date), caveats=() if future.witnessed else _times_not_witnessed(request.date)
            )
        except UnknownDay:
            if request.secret is None:
                raise
            return replace(
                self._given(request),
                caveats=_unknown_to_archive(request.date),
            )
        if isinstance(found, PendingDay):
            # An archive whose times are no witness never shows a day fair once revealed: said of a day not revealed
            # too, read or not (review: an audit's day not final, or today before its commitment, read as one that
            # could yet be fair)
            unwitnessed = () if found.witnessed else _times_not_witnessed(request.date)
            if found.as_of is not None:
                return replace(_not_final(request.date, found.reveal_at, found.as_of), caveats=unwitnessed)
            withheld = _not_over(request.date, found.reveal_at, found.overdue)
            if found.commitment is None:
                # Past its grace, a day with no commitment can never be fair, and the player is told so now: the page
                # said only when the secret is due, and that the commitment that counts is the one published by 00:15
                # (review: read at 13:40, as if one might still come in time). The verdict's seal says it too, none
                # published in time, for its page; of a commitment given with the request, the archive's time says
                # nothing, so it is said of none there, as of a secret given for a day the archive has no commitment for
                if found.in_time is not False:
                    return replace(withheld, caveats=unwitnessed)
                return replace(
                    withheld,
                    seal_in_time=False if request.commitment is None else None,
                    caveats=_no_commitment(request.date),
                )
            # The commitment the secret will be held to is published already: the player sees it now, and a commitment
            # given is compared with it, though nothing is verified before the secret is revealed (review: the roll's
            # page said no commitment came, where GET /daily/{date} showed the day's)
            # One not published in time is said now as one missed is (review: a commitment published at 00:20 read as
            # the secret being due alone, where none published said the day's rolls are at most incomplete)
            # Its own answer and its time taken together, the stricter: in time only where both say so, by a time that
            # is a witness, as of the same day revealed (review: a folder's pending day said in time read in time)
            in_time = found.witnessed and found.in_time is True and _in_grace(request.date, found.published_at)
            # Out of its time is said with the time it was published, and one S3 gives no time for as that (review:
            # "when it was published is said with it", where nothing said it)
            out_of_time = (
                ()
                if in_time
                else _published_out_of_its_time(request.date)
                if found.published_at is not None
                else _no_time_of_its_own(request.date)
            )
            return replace(
                withheld,
                seal=found.commitment,
                seal_published_at=found.published_at,
                # `in_time` alone, a bool: the answer's own None (a record made by hand) is not in time, where passed on
                # it made the archive's commitment read as one given with the request (review)
                seal_in_time=in_time,
                seal_locked=found.locked,
                contradictions=_other_commitment(request, found.commitment),
                # And one not kept is said now as the same day revealed says it (review: its roll read as a day that
                # could yet be fair, where the day's record page said its rolls are at most incomplete)
                # Where the archive's times are no witness, that is why, whatever time it gives (review: "does not
                # show the secret was fixed", beside a time within the grace)
                caveats=(
                    *(unwitnessed or out_of_time),
                    *((_not_kept(request.date),) if found.locked is False else ()),
                ),
            )
        contradictions = list(_other_commitment(request, found.commitment))
        secret = found.secret
        if request.secret is not None:
            secret = bytes.fromhex(request.secret)
            if secret != found.secret:
                contradictions.append(f"the day secret given is not the one the daily archive revealed for {day}")
        # The reader checks a record's secret against the commitment published before the day, once for the day. They
        # differ only where the operator revealed a secret it had not committed to (review).
        uncommitted = not found.committed
        form: str | None = None  # how the commitment is one over the hex text of the secret revealed, if it is
        if uncommitted:
            # A commitment over the hex text of the secret revealed is one to it, hashed as text, as the diagnosis says
            # (`seal_of_hex_text`): not a secret it had not committed to (review: the page said both)
            # With what followed the text, as the diagnosis says it (review: "its hex text" of a commitment over the hex
            # text and a line break)
            form = hex_text_form(found.commitment, found.secret)
            why = (
                f" as its bytes' SHA-256: the archive committed to it as the SHA-256 of its hex text{form}, not of its"
                " bytes"
                if form is not None
                else ": the archive revealed a secret it had not committed to"
            )
            if found.commitment.lower() == found.secret.hex():
                # The commitment is the secret itself, as the diagnosis says (`secret_not_committed`): published, not
                # changed (review: "a secret it had not committed to" beside "the archive published the day secret as
                # its commitment")
                why = (
                    " as its SHA-256: that commitment is the day secret itself, so the archive published the day secret"
                    " as its commitment"
                )
            contradictions.append(
                f"the day secret the daily archive revealed for {day} does not give the commitment it published for"
                f" {day} before the day{why}"
            )
        caveats: tuple[str, ...] = ()
        timing = publication(request.date, found.published_at)
        if not found.witnessed:
            caveats = (
                f"the daily archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it"
                f" can set: it does not show when {day}'s commitment was published, so it does not show the secret was"
                " fixed before the day's play (only AWS S3's own LastModified does)",
            )
        elif known_time(found.published_at) is None:  # review: said as published in the year 9999, after its grace
            caveats = (
                f"S3 gives no time of its own for the commitment of {day}, so nothing shows the secret was fixed before"
                " the day's play",
            )
        elif timing == "early":
            caveats = (
                f"the commitment of {day} was {published_out_of_time('early', found.published_at)}, which the publisher"
                " never does: the secret could have been chosen for the rolls it gives",
            )
        elif timing == "late":
            caveats = (
                f"the commitment of {day} was {published_out_of_time('late', found.published_at)}: it does not show"
                " the secret was fixed before the day's play",
            )
        if found.witnessed and not caveats and not found.in_time:
            # A time S3 gives, as none is said above (`known_time`)
            caveats = (_disagrees(request.date, found.published_at),)
        # A witnessed record with no time of its own shows nothing of when it was written, whatever it answers
        # (review: one answered in time with no time read fair); one answered not in time by a time after its day is
        # said as that, not as revealed before the day was over (review: "revealed at 00:01 the next day, before its
        # day was over")
        if found.revealed_in_time is False or found.witnessed:
            if found.revealed_at is None or found.revealed_at < reveal_time(request.date):
                caveats = (*caveats, _revealed_early(request.date, found.revealed_at, found.witnessed))
            elif found.revealed_in_time is not True:
                caveats = (*caveats, _record_disagrees(request.date, found.revealed_at))
        if found.witnessed and not found.locked:
            # Review: on such a bucket, two commitments were published within the grace and one deleted outright
            # after the day, which leaves no trace in the bucket: the secret kept was chosen after the day's play
            what = f"the daily archive's commitment or record of {day}"
            caveats = (
                *caveats,
                f"{not_kept(what, revealed=True)}: it does not show the secret was fixed before the day's play",
            )
        if found.unseen is not None:
            caveats = (*caveats, f"{found.unseen}: it does not show the secret was fixed before the day's play")
        # The archive's own secret, given beside another, which it revealed but had not committed to: not where its
        # commitment is one over the secret's hex text, which is one to it all the same, as its contradiction says
        other_revealed = uncommitted and form is None and secret != found.secret
        return Revealed(
            secret=secret,
            seal=found.commitment,
            # The archive is where the secret came from only where the one used is its (review: a secret given with the
            # request, not the archive's, was said to come from the archive)
            source=found.source if secret == found.secret else None,
            seal_origin="the daily archive published",
            caveats=caveats,
            contradictions=tuple(contradictions),
            seal_published_at=known_time(found.published_at),
            # In time only where its answer says so (`is True`): a None passed on (a record made by hand) read the
            # archive's commitment as one given with the request, and its page said so (review)
            seal_in_time=found.in_time is True
            and found.witnessed
            and _in_grace(request.date, known_time(found.published_at)),
            # As the day's record says it (`DayRecord.locked`): of an archive whose times are S3's own alone
            seal_locked=found.locked if found.witnessed else None,
            seal_source=f"daily archive {commitment_key(request.date)}",
            source_uncommitted=uncommitted and secret == found.secret,
            uncommitted_secret=found.secret if other_revealed else None,
            uncommitted_source=found.source if other_revealed else None,
            seal_unseen=found.unseen,
        )

    def _given(self, request: DailyRequest) -> Revealed:
        if request.secret is None:
            raise ReadsNoArchive(
                "this check reads no daily archive: give the day's secret, which the archive reveals once the day is"
                " over",
                field="secret",
            )
        return Revealed(secret=bytes.fromhex(request.secret), seal=request.commitment)

    game = (
        "One roll a player a UTC day: the six faces of HMAC(that day's secret, date|player id). The daily archive is"
        " authoritative for the secret and its commitment."
    )
    title = "Raredle’s daily roll"
    example = Example(
        "a day's roll with a secret of one's own: incomplete (no archive says when it was committed)",
        {
            "date": "2026-01-01",
            "player_id": "123e4567-e89b-12d3-a456-426614174000",
            "secret": EXAMPLE_KEY,
            "commitment": EXAMPLE_SEAL,
            "recorded": [3, 2, 1, 8, 11, 9],
        },
    )

    def rolls(self, request: DailyRequest, secret: bytes) -> Rolls:
        return rolls(keyed_mac(secret), request.date, [request.player_id])

    def scope(self, request: DailyRequest, rolls: Rolls, secret: bytes) -> Scope:
        """A player's one roll of the day is the whole of their daily game."""
        return Scope(
            kind="game",
            first=1,
            last=1,
            description=f"the roll of {request.date.isoformat()} for player {request.player_id}",
        )

    def identity(self, request: DailyRequest) -> list[GameInput]:
        return [
            GameInput(field="player_id", value=request.player_id, description="your player id"),
            GameInput(field="date", value=request.date.isoformat(), description="the UTC day you rolled"),
        ]

    def game_parts(self, request: DailyRequest, rolls: Rolls, secret: bytes) -> GameParts:
        """A day's secret rolls every player's roll of that day: a roll is the secret's for one player and day. The
        secret alone is shared by the day's rolls, and is no other scheme's game's (review: a day's secret, public once
        the day is over, filed again as a narde-v1 key was a fair game), nor another day's (review: a day's secret
        rolled with again the next day was two fair days)."""
        parts = super().game_parts(request, rolls, secret)
        return GameParts((parts.sealed, parts.inputs), [], parts.start, parts.sealed, request.date.isoformat())

    def hypotheses(self, case: Case[DailyRequest]) -> Iterator[Hypothesis]:
        """The day before or after: the local date instead of the UTC one (only with a secret given)."""
        if case.request.secret is None:
            return
        ordinal = case.request.date.toordinal()
        for day in (dt.date.fromordinal(n) for n in (ordinal - 1, ordinal + 1) if 1 <= n <= dt.date.max.toordinal()):
            yield Hypothesis(
                "date_shifted",
                f"the faces fit {day.isoformat()} with this secret: the date is the UTC day the roll was made, which"
                " can differ from the local one (and the secret must be that day's)",
                {"date": day.isoformat()},
            )

    def field_words(self, name: str, value: JsonValue) -> str | None:
        if name == "date":
            return f"the date {value}"
        return super().field_words(name, value)

    def recipe(self, verdict: Verdict, request: DailyRequest | None) -> tuple[str, str]:
        message = verdict.rolls[0]["message"] if verdict.rolls else None
        day = (message or "YYYY-MM-DD").split("|")[0]
        given = request.secret if request is not None else None
        secret = or_placeholder(given, f"PASTE THE SECRET OF {day} (GET /daily/{day})")
        steps = (
            "The message is <code>YYYY-MM-DD|player id</code> (the UTC date and the lowercase hyphenated uuid); the "
            "stream is <code>HMAC-SHA256(day secret, message)</code>, then <code>message|1</code>, <code>|2</code>… "
            "if it runs out. The dice are read in the order d4, d6, d8, d10, d12, d20: for a die of <i>n</i> sides, "
            "<code>limit = 256 − (256 mod n)</code>, a byte at or above the limit is skipped, and the face is "
            "<code>(byte mod n) + 1</code>. A day's secret is published once the day is over, at "
            f"<code>GET /daily/{html.escape(day, quote=True)}</code>."
        )
        code = f"""import hashlib, hmac
from itertools import count

secret = bytes.fromhex({py(secret)})
message = {py(message or "YYYY-MM-DD|PLAYER ID")}
print(hashlib.sha256(secret).hexdigest())  # the commitment


def stream():
    for block in count():
        text = message if block == 0 else f"{{message}}|{{block}}"
        yield from hmac.new(secret, text.encode(), hashlib.sha256).digest()


bytes_ = stream()
faces = []
for n in {py(list(SIDES))}:
    limit = 256 - 256 % n
    faces.append(next(b for b in bytes_ if b < limit) % n + 1)
print(1, faces)
"""
        return steps, code


SCHEME = Daily()
