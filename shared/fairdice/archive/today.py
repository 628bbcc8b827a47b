"""Today's daily roll for the game's own backend: a player's six faces for today, never the secret.

The daily game rolls its players' dice during the day, while the day's secret stays unrevealed and
only the publisher's role may read it. This is what runs as that role, behind a route only the
game's server may call: it reads today's secret (it never makes one), checks it against the
commitment the archive published, and answers one player's faces for today. Never another day, and
nothing that would reveal the secret: the answer holds the faces, the message they come from and
the public commitment.

Pure logic over `fairdice.storage.Stores`: the clock is passed in with each call.
"""

import copy
import datetime as dt
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Annotated

from pydantic import AwareDatetime, BaseModel, BeforeValidator

from fairdice.archive.layout import (
    GRACE_MINUTES,
    Published,
    commitment_key,
    commitment_missed,
    days_looked_back,
    earlier_day_giving_away,
    made_on_its_day,
    publication,
    published_out_of_time,
    read_published,
    records_listed_back,
    reveal_time,
    secret_key,
    secret_of_an_earlier_day,
    there_before_over,
    utc_day,
)
from fairdice.dice import Hmac, keyed_mac
from fairdice.errors import (
    ArchiveUnavailable,
    FairdiceError,
    LateCommitment,
    NotReadableYet,
    TamperedRecord,
)
from fairdice.fields import AddressPlayerId, Day, PlayerId, Seal
from fairdice.prose import utc_time
from fairdice.schemes import daily
from fairdice.seal import seal_of
from fairdice.storage import BudgetedStore, ObjectStore, Stored, Stores, known_time


class TodaysRoll(BaseModel):
    """One player's daily roll for today, as the game shows it; nothing in it reveals the day's secret."""

    date: Day
    player_id: PlayerId
    dice: list[int]
    sides: list[int]
    message: str
    commitment: Seal
    reveal_at: AwareDatetime


def _as_issued(value: object) -> object:
    """A player id as the game issued it: PlayerId strips a space before or after one, as a verifier pasting an id is
    forgiven it, but an id the game's server sends with one is no id the game issued (review: `/game/today/ {id}` was
    that player's roll). Such a value is handed on as one PlayerId refuses, so its refusal is worded as any other's."""
    return "" if isinstance(value, str) and value != value.strip() else value


class _Player(BaseModel):
    # As an address's path gives it (GET /game/today/{player_id} percent-encodes it whole): refused in the words of it
    # decoded, naming its character or the space around it, as GET /daily/{date}/{player_id} names them (review: the
    # rule alone, of `{id}%E2%80%8B`)
    player_id: Annotated[AddressPlayerId, BeforeValidator(_as_issued)]


@dataclass(frozen=True)
class _Today:
    """Today's checked secret, as a keyed MAC, and its published commitment."""

    day: dt.date
    mac: Hmac
    published: Published

    @property
    def commitment(self) -> str:
        return self.published.commitment.commitment


@dataclass
class _Memory:
    """What the route has learnt of one day, kept from one request to the next (each `within` shares it)."""

    day: dt.date | None = None
    today: _Today | None = None  # every check passed: the day's rolls are given
    late: str | None = None  # the day refused as committed late: the refusal's words
    given_away: TamperedRecord | None = None  # the day refused as committed to an earlier day's secret
    # the day refused until this look is over: an earlier day's commitment S3 gives no bytes for yet (in Glacier)
    unreadable: NotReadableYet | None = None
    agreed: _Today | None = None  # the secret gives the day's commitment, in time; the days before not all read yet
    earlier: dict[dt.date, Published | None] = field(default_factory=dict)  # the days before's commitments, as read
    absent: set[dt.date] = field(default_factory=set)  # the days before whose commitment was not there as read
    records: dict[dt.date, Stored] = field(default_factory=dict)  # the days before's records found there, as read
    # the days before (and today and later) whose record the archive listed at this look, with the listing's times
    listed: dict[dt.date, dt.datetime] | None = None
    looked: dt.datetime | None = None  # when this look began: the records were listed then

    def begin(self, day: dt.date) -> None:
        """Forget the day before, as soon as it is over, but the commitments found of the days before `day`, the day
        before's own among them: a published commitment never changes, so each is read once (review: each day read
        again the DAYS_LOOKED_BACK commitments, all but one of which the day before had read). So is one that is no
        commitment document, or no document of the store for good (None): written once, it is never another, and the
        archive's readers keep its refusal too (review: it was read again each day). One not there, or that S3 may give
        later (NotReadableYet), is read again. The records found of those days are kept too, and not read again: a
        record never changes once S3 dates it."""
        found = {**self.earlier, **({} if self.agreed is None else {self.agreed.day: self.agreed.published})}
        looked_back = days_looked_back(day)
        kept = {earlier: found[earlier] for earlier in looked_back if earlier in found}
        self.day, self.today, self.late, self.given_away, self.agreed, self.earlier = day, None, None, None, None, kept
        self.unreadable = None
        self.records = {earlier: self.records[earlier] for earlier in looked_back if earlier in self.records}
        self.absent, self.listed, self.looked = set(), None, None

    def look_again(self, now: dt.datetime) -> None:
        """Look again at the days before, from `now`, LOOK_AGAIN after the last look: the records looked back to are
        listed again, and each listed since is read (`_not_an_earlier_days`), and the commitments that were not there
        are read again. A run catching up a missed day later in the day publishes its commitment and reveals it at
        once, and whoever holds the publisher's keys may put a record revealing today's secret under any day looked
        back to, at any time of the day, whatever that day's commitment (review: one in time, with no record, left the
        route giving the day's rolls all day once its record revealed them): a day given away gives no roll from the
        next look on. The commitments found and the records read are not read again: neither changes once S3 dates
        it."""
        if self.looked is None or now < self.looked + LOOK_AGAIN:
            return
        self.listed, self.looked, self.unreadable = None, None, None
        if self.today is not None:
            self.today, self.absent = None, set()


class TodaysRolls:
    """Players' faces for today, from today's secret, which is read once a day and never shown.

    The secret is used only once the archive has published its commitment and the two agree: a
    roll given before that could not be verified later. Until then, or before the publisher has
    made the day's secret, `roll` raises ArchiveUnavailable (try again shortly), and LateCommitment once
    the commitment's grace is over (one published from then on is late); a secret that does
    not give the published commitment, or a commitment document that is not one for the day (read as the
    verifier reads it: a key given twice is tampering too), or a secret the store dates before its day
    began, or a commitment to the secret of any of the DAYS_LOOKED_BACK days before it, or a record of today or any
    later day listed (`there_before_over`), raises TamperedRecord. So
    does a commitment S3 dates before the day began or gives no time for, and one S3 dates after the grace raises
    LateCommitment: no roll of the day could be verified fair. That refusal, and the refusal of a commitment to an
    earlier day's secret or of a record listed, are kept for the rest of the day, as nothing can mend them; the others
    are read again, but for the commitments found of the days before, each read once.
    Only `get`, `read` and `list_dated` (of the archive's records looked back to and onward) are ever called on the
    stores.
    """

    def __init__(self, stores: Stores) -> None:
        self._stores = stores
        self._memory = _Memory()

    def within(self, seconds: float, monotonic: Callable[[], float]) -> "TodaysRolls":
        """These rolls for one request: their memory, and no read of either store started `seconds` after now (by
        `monotonic`), ArchiveUnavailable instead; a read started in time may take as long as the store's own patience
        allows. What a request read before it ran out is kept for the next."""
        budgeted = copy.copy(self)  # shallow: the memory is shared, so what one request learns, all keep
        budgeted._stores = Stores(
            secrets=BudgetedStore(self._stores.secrets, seconds, monotonic, advice=TRY_AGAIN),
            archive=BudgetedStore(self._stores.archive, seconds, monotonic, advice=TRY_AGAIN),
        )
        return budgeted

    def roll(self, player_id: str, now: dt.datetime) -> TodaysRoll:
        """The player's six faces (d4 d6 d8 d10 d12 d20) for the UTC day of `now`.

        `player_id` as an address's path gives it, percent-encoded or not. pydantic's ValidationError (on
        `player_id`) for a player id that is not a UUID, or has a space before or after it.
        """
        player = _Player.model_validate({"player_id": player_id}).player_id
        today = self._checked(utc_day(now), now)
        found = daily.roll(today.mac, today.day, player)
        return TodaysRoll(
            date=today.day,
            player_id=player,
            dice=list(found.dice),
            sides=list(daily.SIDES),
            message=found.message,
            commitment=today.commitment,
            reveal_at=reveal_time(today.day),
        )

    def _checked(self, day: dt.date, now: dt.datetime) -> _Today:
        memory = self._memory
        if memory.day != day:
            memory.begin(day)
        memory.look_again(now)
        if memory.today is not None:
            return memory.today
        if memory.late is not None:
            raise LateCommitment(memory.late)
        if memory.given_away is not None:
            raise memory.given_away.with_traceback(None)  # each raise would add its frames to the one kept
        if memory.unreadable is not None:
            raise memory.unreadable.with_traceback(None)
        if memory.agreed is None:
            memory.agreed = self._agreed(day, now)
        if memory.listed is None:
            # Once a look: a request that runs out of its read budget leaves the rest of the look to the next, which
            # reads on from the same listing, until LOOK_AGAIN after it (`_Memory.look_again`)
            memory.listed = records_listed_back(self._stores.archive, day)
            memory.looked = now
        try:
            _not_an_earlier_days(
                self._stores.archive, memory.agreed, memory.listed, memory.earlier, memory.absent, memory.records
            )
            # Today's own record, or any later day's, listed while today is played: the publisher writes none before
            # today is over (review: one put at 09:00 left the route giving today's rolls all day, and one under the
            # day after tomorrow or later did, as the listing stopped at tomorrow's key). The listing, made while today
            # is played, shows each there before today is over, whatever its time: nothing read, but one it dates once
            # today is over (a listing begun in today's last moment and answered after midnight, once the next day's
            # run has revealed today: `there_before_over`)
            later = {found: when for found, when in memory.listed.items() if found >= day}
            listed_at = now if memory.looked is None else memory.looked
            if early := there_before_over(self._stores.archive, memory.agreed.published, later, listed_at, {}):
                raise early
        except NotReadableYet as exc:
            # An earlier day's commitment or record S3 may give later (one in Glacier, restored): no roll until it is
            # read, as the readers answer the day 503 meanwhile; read again at the next look (`_Memory.look_again`)
            memory.unreadable = exc
            raise
        except TamperedRecord as exc:
            # Final for the day, as a late commitment is: both commitments and the earlier day's record are write-once,
            # and so is a record that is no document of the store for good (NotADocument: too large, or under a key the
            # public cannot use), as the readers keep such a commitment. Not read again (review: every request of the
            # day read that day's record again)
            memory.given_away = exc
            raise
        memory.today = memory.agreed
        return memory.today

    def _agreed(self, day: dt.date, now: dt.datetime) -> _Today:
        """Today's secret, read and checked against the commitment the archive publishes for it."""
        key = secret_key(day)
        stored = self._stores.secrets.read(key)
        if stored is None:
            missing = _missing(
                day, now, f"the secret for {day} is not made yet (the daily publisher makes it at 00:00 UTC)"
            )
            if isinstance(missing, LateCommitment) and read_published(self._stores.archive, day) is not None:
                # Published, so made in time (the publisher keeps the secret before it publishes): not a late day, but a
                # secret that cannot be read now (review: a 502 late_commitment, which tells the game no roll comes)
                raise ArchiveUnavailable(
                    f"the secret kept for {day} cannot be read, though {commitment_key(day)} is published; {TRY_AGAIN}"
                )
            raise missing
        # As the publisher's runs judge it: one the store dates before the day began was not made by the publisher,
        # and no verdict of the day is fair (review: a run whose clock read tomorrow made it the day before, the
        # midnight run stopped at it as tampered, and this route gave rolls from it all day)
        secret = made_on_its_day(key, day, stored)
        published = self._published(day, now)
        commitment = published.commitment.commitment
        if seal_of(secret) != commitment:
            raise TamperedRecord(
                f"the secret kept for {day} does not give {commitment}, the commitment {commitment_key(day)} publishes",
                field="commitment",
            )
        try:
            _in_time(published)
        except LateCommitment as exc:
            # Final for the day: the commitment is write-once and S3 dates it by its own clock, so it never turns in
            # time. Not read again (review: every request of a late day read the secret and the commitment again)
            self._memory.late = exc.message
            raise
        return _Today(day=day, mac=keyed_mac(secret), published=published)

    def _published(self, day: dt.date, now: dt.datetime) -> Published:
        try:
            # Read as the verifier reads it: a key given twice is tampering here too, or rolls would be served under a
            # commitment the verifier then calls tampered (review)
            found = read_published(self._stores.archive, day)
        except NotReadableYet:
            # Not read, so no tampering shown: an archive not read, 503 until it is restored, as the readers answer the
            # day (review: in Glacier, it was a 502 tampered_record here, which tells the game no roll comes today)
            raise
        except TamperedRecord as exc:
            raise TamperedRecord(exc.message, field=exc.field or "commitment") from None
        if found is None:
            raise _missing(
                day,
                now,
                f"{commitment_key(day)} is not published yet, and no roll is given before its day's commitment is",
            )
        return found


# A commitment not there yet is still waited for, 503, until SEEN_WITHIN after the grace: a minute costs the game two
# more tries; calling an in-time day late would cost it the day's rolls.
def _missing(day: dt.date, now: dt.datetime, missing: str) -> FairdiceError:
    """What to raise at `now` for the day's secret or commitment not there yet: ArchiveUnavailable within the
    commitment's grace, as the publisher's runs may still make them; LateCommitment after it, as a commitment published
    from then on is late and the day gives no roll (review: the route said "try again shortly" all day, and the game
    asked every 30 s for nothing), from SEEN_WITHIN after the grace, so that a commitment S3 dates in the grace's last
    moment is not called late before it is seen. Not kept for the day, unlike a late commitment's refusal: nothing is
    final until S3 has dated the commitment."""
    if not commitment_missed(day, now):
        return ArchiveUnavailable(f"{missing}; {TRY_AGAIN}")
    return LateCommitment(
        f"{missing}, and the {GRACE_MINUTES} minutes after 00:00 UTC in which the day's commitment"
        f" had to be published are over: published from now on, it shows nothing of the day's play, so no roll of"
        f" {day} is given until the next day's commitment, at 00:00 UTC"
    )


# How often a warm route looks again at the days before: it lists their records and reads again the commitments that
# were not there. The publisher's schedules run at 00:00 and 00:05 UTC (template.yaml), and a missed night is caught up
# by a run by hand ("A missed night"), at any time of the day; whoever holds the publisher's keys may put a record
# revealing the day's secret under any day looked back to, or today's or any later day's, at any time too: 5 minutes,
# the schedules' own spacing, is how long a warm route may go on giving the rolls of a day such a record has just shown
# to be public. A look costs a warm Lambda one ListObjectsV2 (the records of the days looked back to and of every day
# from today on, asked with no bound before the calendar's last day's key, which refuse the day by the listing alone:
# one page, as an honest archive lists nothing after the day before's while a day is played, but where keys the
# publisher never writes are put after the first day looked back to, a page a thousand within the one call) every 5
# minutes, on every day, and the GetObjects of what is new: each record listed since the last look (an honest
# archive's: none; the first look of a day, the day before's, once revealed; a look whose listing S3 answers after
# midnight, the day's own record too, read to see S3 dates it once the day was over: `there_before_over`), and each
# commitment not found yet, at most 2 * DAYS_LOOKED_BACK. A cold Lambda's first look reads each day's commitment and
# each record listed: 2 * DAYS_LOOKED_BACK GetObjects and the listing for an honest archive. A request that runs out of
# its read budget leaves the rest of its look to the next, which lists again and reads what it has not kept.
LOOK_AGAIN = dt.timedelta(minutes=5)

# What a request is told that may be answered when asked again: the day's secret or commitment not there or not read
# yet, or the request out of its read budget (what it read is kept, so the next request goes further).
TRY_AGAIN = "try again shortly"


def _not_an_earlier_days(
    archive: ObjectStore,
    today: _Today,
    listed: Collection[dt.date],
    earlier: dict[dt.date, Published | None],
    absent: set[dt.date],
    records: dict[dt.date, Stored],
) -> None:
    """Refuse today where any of the DAYS_LOOKED_BACK days before it gives its dice away (`earlier_day_giving_away`): a
    commitment to the same secret, which that day's record makes public once that day is over, or a record there
    revealing today's secret, whatever its day's commitment. The readers refuse every roll of the day from the next
    night over the same days (review: over a missed day, the route rolled from the secret of the day before it all day,
    and the readers answered the day tampered from the next night). The records looked back to are listed once a look
    (`listed`), and each listed is read once (`records`, kept: a record never changes once S3 dates it), so a warm look
    reads only those listed since. Each commitment is one GetObject on commitments/, made by a warm Lambda on its first
    request of a day alone (but one not there, read again LOOK_AGAIN later), and only for a day whose commitment it has
    not found yet (`_Memory.begin`: the day after one it served, with no day missed, none), and the read budget
    (`TodaysRolls.within`) keeps a slow store's day its own 503. Only one the archive dates before today's own, or whose
    record it dates before today is over, counts (`gives_away`), as for the readers: one put later, under a day the
    publisher missed, with no record, reveals nothing of today (review: it made an honest day give no roll); one a run
    catching up that day put there later, with its record, makes today's secret public (review: the route gave today's
    rolls all day). `earlier` holds the commitments read so far (None: a document its own day's readers refuse, which
    counts only where that day's record reveals today's secret) and `absent` the days whose commitment was not there,
    so that each is read once, whichever request runs out of time, and one not there again only LOOK_AGAIN later
    (`_Memory.look_again`). One S3 gives no bytes for yet (NotReadableYet: in Glacier until restored) is neither: where
    no day gives today away, it is raised, and no roll is given until it is read."""

    unread: list[NotReadableYet] = []

    def commitment_of(day: dt.date) -> Published | None:
        if day not in earlier and day not in absent:
            try:
                found = read_published(archive, day)
            except NotReadableYet as exc:
                # One S3 may give later (in Glacier, restored): neither kept nor taken as not there. Its record decides
                # meanwhile, as beside a commitment that is no document (review: one in Glacier beside a record
                # revealing today's secret left the route giving today's rolls); where none gives the day away, what it
                # holds decides the day, which may be today's own commitment published before it: no roll until it is
                # read, as the readers answer the day 503 archive_unavailable (review: taken as not there, the route
                # gave today's rolls all day). Any other NotADocument is final, kept as a commitment that is no
                # document is, as the readers keep it (review: read again each LOOK_AGAIN)
                unread.append(exc)
                return None
            except TamperedRecord:
                earlier[day] = None  # that day's own document, which its readers refuse: its record alone is read
            else:
                if found is None:
                    absent.add(day)
                else:
                    earlier[day] = found
        return earlier.get(day)

    if given := earlier_day_giving_away(archive, today.published, listed, commitment_of, records):
        raise secret_of_an_earlier_day(today.day, *given, then="; none is given")
    if unread:
        raise unread[0]


def _in_time(published: Published) -> None:
    """Refuse a commitment whose store's own time shows no roll of its day can be verified fair, as the verifier judges
    it (`Published.in_time`): a roll given under it could never be (review: a run at 00:30 published it late, and the
    route rolled from it all day). Where the store's times are no witness (a folder), no day is shown fair anyway, and
    the route rolls."""
    if not published.witnessed or published.in_time:
        return
    key = commitment_key(published.commitment.date)
    day = published.commitment.date
    when = known_time(published.published_at)
    if when is None:
        raise TamperedRecord(
            f"S3 gives no time of its own for {key} (a multipart upload or a replica, which the publisher never"
            " writes), so nothing shows it was published before the day's play",
            field="commitment",
        )
    if publication(day, when) == "early":
        raise TamperedRecord(
            f"{key} was written at {utc_time(when)}, before its day began: the publisher publishes a"
            " day's commitment on its day, so this one was put there by someone else",
            field="commitment",
        )
    raise LateCommitment(
        f"{key} was {published_out_of_time('late', when)}: no roll of {day} could be verified fair, so none is given"
        " until the next day's commitment, at 00:00 UTC"
    )
