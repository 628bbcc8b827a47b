"""The daily publisher's keys bought no day's rolls: an archive history around a day T drawn at random (Hypothesis).

The dishonest operator holds the publisher's keys. It may put any commitment or record under a day's key that does not
exist yet, at any moment (S3 dates each object when it is put: LastModified is that moment, witnessed, and kept by
Object Lock), and keys of its own beside the days'. What it wants, for a target day T: (a) the game's route giving T's
rolls while T's secret is already public in the archive, or (b) the readers answering `fair` for a game of T while T's
secret was public before T was over.

Drawn for each day T-9 … T+1 (T-9 only as a neighbour: see below): whether its commitment is there, to its own secret,
to another day's (T's among them) or no document (junk, or one padded), and when it was put (in its day's 15 minutes,
late, before its day began, with T's own, in T's first minutes, during T, after T); whether its record is there,
revealing the secret it committed to, revealing T's secret (naming T's commitment or its own day's; T+1's naming T's)
or junk, and when it was put (at its normal reveal, before T began, in T's first minutes, during T, after T); some
objects S3 gives no time for (a multipart upload, a replica), visible from when they are put. Records are chained as
the publisher chains them (previous: the latest earlier record, by its bytes; next_commitment: the next day's, where
there by then). T's own day is the honest publisher's, but its commitment may be at its grace's end, late, before its
day or missing, and its record early (in T's first minutes, during T), late or missing. Keys beside the days' own
(`revealed/2025-03-05.json.old`, `commitments/2025-03-05-x.json`) are put too, holding junk or a copy of a record. For
both searches, a record of one day from T+2 to T+9 may be put too, well-formed and revealing T's secret, before T,
in T's first minutes, during T (dated or not) or after T.

Then the route is asked for T's roll at moments across T, cold (a new `TodaysRolls` at each moment) and warm (one asked
at each moment in turn, having served T-1 first or not), and the readers for a game of T, its honest faces recorded, at
moments during and after T, cold, warm (having read other days before) and as an audit's reader as of each moment,
reading the archive days later.

The oracle is this file's own, not the code's rules: T's secret is public at a moment iff some object put by then holds
its bytes (raw or as hex). The route gives no roll at a moment when it was public LOOK_AGAIN (5 minutes, README "Daily
secrets": a warm function refuses within 5 minutes of the run) before, for a warm route, and when it is public at that
moment, for a cold one (README: "a cold one refuses it at once"). The readers answer `fair` for T only where T's
commitment was put in its 15 minutes and T's secret was public at no moment before T was over.

What is searched, within the guarantee README makes ("Daily secrets", "A changed archive never gives a wrong
verdict"): T's secret put in well-formed records of the 8 days before T (`DAYS_LOOKED_BACK`), whatever those days'
commitments and whenever each is put; in T's own record, put during T (in its first minutes, at 09:00) or after it; in
T+1's record, well-formed, its link naming the bytes of T's record as the chain makes them (whoever holds the keys can
compute them in advance), put before T, during T or after it; in a record of one day of T+2 … T+9, put before T, in
T's first minutes, during T (dated or not) or after it; and commitments to it under those 8 days. Every record of T or
a later day put before T is over counts: the route refuses T while any is listed (README: "Never early", and the
route's listing runs on through every later day's key), and the readers refuse T where a record of any later day is
dated before T was over, or, with no time of S3's own, reveals T's secret (their one listing runs on through every
later day's key too, with the times S3 lists).

What is not searched, as README promises nothing of it: T's secret under T-9 or further back ("A secret from further
back, with the days between revealed, neither the route nor a reader refuses"); in junk, or in a key of the operator's
own beside the days' (a record that "is no record, refuses no honest day"); in records of T+10 or later, by either
search (the route's listing and the readers' would list them as they list T+2's). T-9 is drawn all the same, as a
neighbour, its objects holding other secrets, and so are keys of the operator's own (`revealed/2025-03-05.json.old`),
holding junk or a copy of a record that does not hold T's secret.
"""

import contextlib
import dataclasses
import datetime as dt
import hashlib
from collections import Counter
from collections.abc import Callable
from typing import Any

from fairdice.archive.layout import (
    ChainLink,
    Commitment,
    RevealedRecord,
    commitment_key,
    revealed_key,
    secret_key,
    sha256_hex,
)
from fairdice.archive.reader import ArchiveReader, daily_verdict
from fairdice.archive.today import TodaysRolls
from fairdice.errors import FairdiceError
from fairdice.seal import seal_of
from fairdice.storage import NOT_KNOWN, DatedKeys, EachPage, Stored, Stores
from fairdice.storage import History as Versions
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from testkit.oracles import seed_004

T = dt.date(2025, 3, 10)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"
FOREVER = dt.datetime.max.replace(tzinfo=dt.UTC)
EXAMPLES = 1500
# Derandomized: the same 1,500 draws every run, so the counts `assert_search_reaches` asks for are met or missed by the
# code alone (drawn afresh, "reader audit: fair" ranged from 74 to 189 over a few runs, against the 75 asked)
SEARCH = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
BACK = range(-9, 2)  # the days drawn, as offsets from T
# How long a warm route may go on giving a day's rolls once its secret is public: README "Daily secrets" (5 minutes,
# `LOOK_AGAIN`). Written here, not taken from the core, so that the core's raised fails the search rather than moves it.
LAG = dt.timedelta(minutes=5)
# The days before T whose records may reveal T's secret (and T's own record): README's 8 (`DAYS_LOOKED_BACK`), written
# here for the same reason
LOOKED_BACK = 8
IN_GUARANTEE = range(-LOOKED_BACK, 0)


def day_of(offset: int) -> dt.date:
    return T + dt.timedelta(days=offset)


def at(offset: int, hours: int, minutes: int = 0, seconds: int = 0) -> dt.datetime:
    """A moment of the day `offset` days from T."""
    return dt.datetime.combine(day_of(offset), dt.time(hours, minutes, seconds), dt.UTC)


def secret_of(offset: int) -> bytes:
    """The secret the day `offset` days from T was made with (T's: offset 0)."""
    return hashlib.sha256(f"fairdice levers {day_of(offset)}".encode()).digest()


T_SECRET = secret_of(0)
T_FACES = seed_004.faces(T_SECRET, T.isoformat(), PLAYER)


def named_moment(when: str, offset: int) -> dt.datetime:
    """When something of the day `offset` days from T is put, by name (`undated …`: then, S3 giving no time for it, as
    for a multipart upload or a replica)."""
    return {
        "in its grace": at(offset, 0, 0, 2),
        "at its grace's end": at(offset, 0, 14, 59),
        "with T's own": at(0, 0, 0, 2),
        "late": at(offset, 0, 30),
        "before its day": at(offset - 1, 23),
        "at its reveal": at(offset + 1, 0, 0, 3),
        "before T": at(-1, 12),
        "in T's first minutes": at(0, 0, 5),
        "during T": at(0, 9),
        "after T": at(1, 0, 30),
        "well after T": at(1, 6),
    }[when.removeprefix("undated ")]


# ---- the archive as it is at a moment ------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Put:
    key: str
    at: dt.datetime
    data: bytes
    undated: bool = False  # S3 gives no time for it (NOT_KNOWN)


class Clock:
    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now


class ArchiveAt:
    """The objects put, as S3 answers at `clock`'s moment: those put by then, dated when put, witnessed and locked.
    Nothing is written through it (the route and the readers only read)."""

    def __init__(self, puts: dict[str, Put], clock: Callable[[], dt.datetime]) -> None:
        self._puts = puts
        self._clock = clock

    @property
    def witnessed(self) -> bool:
        return True

    def _there(self, key: str) -> Put | None:
        found = self._puts.get(key)
        return found if found is not None and found.at <= self._clock() else None

    def get(self, key: str) -> bytes | None:
        found = self._there(key)
        return None if found is None else found.data

    def read(self, key: str) -> Stored | None:
        found = self._there(key)
        if found is None:
            return None
        return Stored(found.data, NOT_KNOWN if found.undated else found.at, witnessed=True, locked_until=FOREVER)

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        keys = (key for key in self._puts if self._there(key) is not None)
        return sorted(k for k in keys if k.startswith(prefix) and k > after and (not through or k <= through))

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        """As S3's ListObjectsV2 gives them: each key with when it was put (NOT_KNOWN for one undated), no witness."""
        dated = []
        for key in self.list(prefix, after, through):
            found = self._puts[key]
            dated.append((key, NOT_KNOWN if found.undated else found.at, False))
        return dated

    def history(self, key: str, *, each_page: EachPage | None = None) -> Versions:
        """As S3's ListObjectVersions gives it: the one version put, if there yet (each key is put once here)."""
        found = self._there(key)
        return Versions(() if found is None else (NOT_KNOWN if found.undated else found.at,), ())

    def put_new(self, key: str, data: bytes) -> bool:
        raise AssertionError(f"the route and the readers write nothing, but {key} was written")

    def replace(self, key: str, data: bytes) -> None:
        raise AssertionError(f"the route and the readers write nothing, but {key} was replaced")


# ---- the history drawn -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Day:
    """What the operator (or the honest publisher) put under one day: `commitment` is ("none",) or (kind, when) with
    kind "own", "junk", "padded" or an offset (a commitment to that day's secret); `record` is ("none",) or (kind,
    when) with kind "honest" (revealing the secret committed to, the day's own where none is), "T's" or "junk"."""

    offset: int
    commitment: tuple[Any, ...]
    record: tuple[Any, ...]


@dataclasses.dataclass(frozen=True)
class Extra:
    """A key beside the days' own, put at `when`: junk, or a copy of a day's record."""

    key: str
    when: str
    copy_of: int | None


COMMIT_TIMES = [
    "in its grace",
    "late",
    "before its day",
    "with T's own",
    "in T's first minutes",
    "during T",
    "after T",
    "undated in its grace",
    "undated during T",
]
RECORD_TIMES = ["at its reveal", "before T", "in T's first minutes", "during T", "after T", "undated during T"]


@st.composite
def days(draw: st.DrawFn, offset: int) -> Day:
    if draw(st.integers(0, 2)) < 2:  # two days in three honest, as the search shrinks them
        return Day(offset, ("own", "in its grace"), ("honest", "at its reveal"))
    secrets_of = [k for k in BACK if k != offset and (k == 0) <= (offset in IN_GUARANTEE)]
    kind = draw(st.sampled_from(["none", "own", "junk", "padded", *secrets_of]))
    commitment = (kind,) if kind == "none" else (kind, draw(st.sampled_from(COMMIT_TIMES)))
    # T+1's record may reveal T's secret too: well-formed, linking (as the chain does) to the bytes of T's record, which
    # whoever holds the keys can compute in advance
    # (drawn three times as often there: the one record of T+1 that holds T's secret is rare among the days drawn)
    revealing_t = ["T's", "T's, naming its own"] if offset in IN_GUARANTEE else ["T's"] * 3 if offset == 1 else []
    kinds = ["none", "honest", "junk", *revealing_t]
    record_kind = draw(st.sampled_from(kinds))
    record = (record_kind,) if record_kind == "none" else (record_kind, draw(st.sampled_from(RECORD_TIMES)))
    return Day(offset, commitment, record)


@st.composite
def t_days(draw: st.DrawFn) -> Day:
    """T's own, the honest publisher's: its commitment mostly in its grace, its record mostly at its reveal."""
    commitment = draw(
        st.sampled_from(
            [("own", "in its grace")] * 3
            + [("own", "at its grace's end"), ("own", "late"), ("own", "before its day"), ("none",)]
        )
    )
    record = draw(
        st.sampled_from(
            [("honest", "at its reveal")] * 3
            + [("honest", "in T's first minutes"), ("honest", "during T"), ("honest", "well after T"), ("none",)]
        )
    )
    return Day(0, commitment, record)


extras = st.lists(
    st.builds(
        Extra,
        key=st.sampled_from(
            [
                f"revealed/{day_of(-3)}.json.old",
                f"revealed/{day_of(-3)}-x.json",
                f"commitments/{day_of(-5)}.json.old",
                f"revealed/{day_of(-6)}_.json",
                f"commitments/{day_of(-1)}-x.json",
            ]
        ),
        when=st.sampled_from(RECORD_TIMES),
        copy_of=st.none() | st.sampled_from([k for k in BACK if k != 0]),
    ),
    max_size=3,
    unique_by=lambda extra: extra.key,
)


@dataclasses.dataclass(frozen=True)
class Far:
    """A record of the day `offset` days from T (2 … 9), well-formed, revealing T's secret, put at `when` (see the
    docstring)."""

    offset: int
    when: str


FAR_TIMES = ["before T", "in T's first minutes", "during T", "after T", "undated during T"]
far_records = st.lists(st.builds(Far, offset=st.integers(2, 9), when=st.sampled_from(FAR_TIMES)), max_size=1)


@dataclasses.dataclass(frozen=True)
class History:
    days: tuple[Day, ...]
    extras: tuple[Extra, ...]
    far: tuple[Far, ...] = ()

    def __repr__(self) -> str:  # what a failing example shows: the days that are not the honest default
        shown = [
            f"T{d.offset:+d}: commitment {d.commitment}, record {d.record}"
            for d in self.days
            if d.offset == 0 or d.commitment != ("own", "in its grace") or d.record != ("honest", "at its reveal")
        ]
        return "History(" + "; ".join(shown + [repr(extra) for extra in (*self.extras, *self.far)]) + ")"


# a record of T+2 … T+9 revealing T's secret may be put too, for the route and the readers alike; the readers' draw it
# in one history of four, so that as many are left where T is fair as the search must reach
route_histories = st.builds(
    History,
    st.tuples(*[t_days() if offset == 0 else days(offset) for offset in BACK]),
    extras.map(tuple),
    far_records.map(tuple),
)
histories = st.builds(
    History,
    st.tuples(*[t_days() if offset == 0 else days(offset) for offset in BACK]),
    extras.map(tuple),
    st.sampled_from([False, False, False, True]).flatmap(lambda far: far_records.map(tuple) if far else st.just(())),
)


def committed_secret(day: Day) -> bytes:
    kind = day.commitment[0]
    return secret_of(kind) if isinstance(kind, int) else secret_of(day.offset)


def commitment_bytes(day: Day, when: dt.datetime) -> bytes:
    kind = day.commitment[0]
    if kind == "junk":
        return b"not a commitment"
    written = Commitment(date=day_of(day.offset), commitment=seal_of(committed_secret(day)), published_at=when)
    data = written.to_bytes()
    return data.replace(b",", b", ", 1) if kind == "padded" else data


def archive_of(history: History) -> dict[str, Put]:
    """Every object of the history, keyed, each with the moment it is put; the records chained as the publisher chains
    them, in date order."""
    puts: dict[str, Put] = {}
    for day in history.days:
        if day.commitment[0] != "none":
            when = named_moment(day.commitment[1], day.offset)
            key = commitment_key(day_of(day.offset))
            puts[key] = Put(key, when, commitment_bytes(day, when), day.commitment[1].startswith("undated"))
    previous: ChainLink | None = None
    for day in history.days:
        if day.record[0] == "none":
            continue
        key, when = revealed_key(day_of(day.offset)), named_moment(day.record[1], day.offset)
        if day.record[0] == "junk":
            data = b'{"date": "not a record"}'
        else:
            secret = T_SECRET if day.record[0].startswith("T's") else committed_secret(day)
            following = puts.get(commitment_key(day_of(day.offset + 1)))
            named = None
            if following is not None and following.at <= when:
                try:
                    named = Commitment.model_validate_json(following.data).commitment
                except ValueError:
                    named = None
            data = RevealedRecord(
                date=day_of(day.offset),
                secret=secret.hex(),
                commitment=seal_of(committed_secret(day) if day.record[0].endswith("its own") else secret),
                next_commitment=named,
                previous=previous,
            ).to_bytes()
        puts[key] = Put(key, when, data, day.record[1].startswith("undated"))
        previous = ChainLink(date=day_of(day.offset), sha256=sha256_hex(data))
    for far in history.far:
        key, when = revealed_key(day_of(far.offset)), named_moment(far.when, far.offset)
        data = RevealedRecord(
            date=day_of(far.offset),
            secret=T_SECRET.hex(),
            commitment=seal_of(T_SECRET),
            next_commitment=None,
            previous=previous,
        ).to_bytes()
        puts[key] = Put(key, when, data, far.when.startswith("undated"))
    for extra in history.extras:
        copied = None if extra.copy_of is None else puts.get(revealed_key(day_of(extra.copy_of)))
        # never T's secret: a key of the operator's own is outside the guarantee (see the docstring)
        data = b"kept by the operator" if copied is None or holds_t_secret(copied) else copied.data
        puts[extra.key] = Put(extra.key, named_moment(extra.when, 0), data)
    # the private store's, each made by its day's midnight run: T's, and the day before's, which a warm route may serve
    before = history.days[BACK.index(-1)]
    kept = [
        Put(secret_key(T), at(0, 0, 0, 1), T_SECRET),
        Put(secret_key(day_of(-1)), at(-1, 0, 0, 1), committed_secret(before)),
    ]
    return {**puts, **{put.key: put for put in kept}}


def holds_t_secret(put: Put) -> bool:
    return T_SECRET in put.data or T_SECRET.hex().encode() in put.data.lower()


def public_by(puts: dict[str, Put], moment: dt.datetime) -> list[str]:
    """The archive's keys that held T's secret at `moment` (T's own record only where put before T was over: from
    then on it is the day's honest reveal)."""
    reveal = at(1, 0)
    found = []
    for put in puts.values():
        if put.key.startswith("secrets/") or put.at > moment or not holds_t_secret(put):  # the private store's
            continue
        if put.key == revealed_key(T) and put.at >= reveal:
            continue
        found.append(put.key)
    return sorted(found)


# ---- what is asked, and what is seen ----------------------------------------------------------------

ROUTE_MOMENTS = [
    at(0, 0, 0, 30),
    at(0, 0, 3),
    at(0, 0, 7),
    at(0, 0, 16, 30),
    at(0, 8, 59, 59),
    at(0, 9, 1),
    at(0, 9, 4, 59),
    at(0, 9, 5),
    at(0, 9, 6),
    at(0, 15),
    at(0, 23, 59, 59),
]
DAY_BEFORE = [at(-1, 0, 20), at(-1, 23, 59)]  # moments the warm route may serve T-1 at, first
AUDIT_READS = at(4, 0, 1)  # after every moment drawn
READER_MOMENTS = [at(0, 12), at(1, 0, 10), at(1, 0, 20), at(1, 12), at(4, 0)]
SEEN: Counter[str] = Counter()


def seen(outcome: str) -> None:
    event(outcome)
    SEEN[outcome] += 1


def gives(route: TodaysRolls, moment: dt.datetime) -> bool:
    """Whether the route gives T's roll at `moment` (a refusal in words is no roll); the faces, where given, T's."""
    try:
        given = route.roll(PLAYER, moment)
    except FairdiceError:
        return False
    assert given.dice == T_FACES, (moment, given)
    return True


def fair(reader: ArchiveReader) -> bool:
    try:
        return daily_verdict(reader, T, PLAYER, [T_FACES]).verdict == "fair"
    except FairdiceError:
        return False


def assert_route_held(history: History, moments: list[dt.datetime], day_before: list[dt.datetime]) -> None:
    puts = archive_of(history)
    warm_clock = Clock(moments[0])
    warm_view = ArchiveAt(puts, warm_clock)
    warm = TodaysRolls(Stores(secrets=warm_view, archive=warm_view))
    for moment in day_before:  # the warm route served the day before first, and keeps what it found then
        warm_clock.now = moment
        with contextlib.suppress(FairdiceError):
            warm.roll(PLAYER, moment)
    for moment in moments:
        cold_view = ArchiveAt(puts, Clock(moment))
        for name, route, lag in (
            ("cold", TodaysRolls(Stores(secrets=cold_view, archive=cold_view)), dt.timedelta(0)),
            ("warm", warm, LAG),
        ):
            warm_clock.now = moment
            given = gives(route, moment)
            public = public_by(puts, moment - lag)
            seen(f"route {name}: {'rolls' if given else 'refused'}{', secret public' if public else ''}")
            assert not (given and public), (
                f"{history!r}: the {name} route gave T's roll at {moment:%Y-%m-%d %H:%M:%S}, though T's secret was"
                f" public {lag} before in {public}"
            )


def assert_readers_held(history: History, moments: list[dt.datetime], before: list[int]) -> None:
    puts = archive_of(history)
    t_commitment = puts.get(commitment_key(T))
    in_time = t_commitment is not None and at(0, 0) <= t_commitment.at <= at(0, 0, 15)
    public = public_by(puts, at(1, 0) - dt.timedelta(microseconds=1))
    warm_clock = Clock(at(-1, 12))
    warm = ArchiveReader(ArchiveAt(puts, warm_clock), warm_clock)
    for offset, moment in zip(before, [at(-1, 12), at(0, 12)], strict=False):
        # the warm reader reads a day closed by then first, whatever it answers
        warm_clock.now = moment
        if day_of(offset) < moment.date():
            with contextlib.suppress(FairdiceError):
                warm.lookup(day_of(offset))
    for moment in moments:
        warm_clock.now = moment
        cold_clock = Clock(moment)
        # an audit as of `moment`, reading the archive once everything drawn is put: it must judge it as of `moment`
        audit = ArchiveReader(
            ArchiveAt(puts, Clock(AUDIT_READS)), cold_clock, as_of=True, read_clock=Clock(AUDIT_READS)
        )
        readers = (("cold", ArchiveReader(ArchiveAt(puts, cold_clock), cold_clock)), ("warm", warm), ("audit", audit))
        for name, reader in readers:
            verdict = fair(reader)
            seen(f"reader {name}: {'fair' if verdict else 'not fair'}{', secret public' if public else ''}")
            assert not (verdict and (public or not in_time)), (
                f"{history!r}: the {name} reader answered a game of T fair at {moment:%Y-%m-%d %H:%M:%S}, though"
                + (f" T's secret was public before T was over in {public}" if public else " T's commitment was late")
            )


def ordered_moments(pool: list[dt.datetime]) -> st.SearchStrategy[list[dt.datetime]]:
    return st.lists(st.sampled_from(pool), min_size=1, max_size=len(pool), unique=True).map(sorted)


def assert_search_reaches(search: Callable[[], None], *outcomes: str) -> None:
    """Run `search`: each of `outcomes` must be seen often enough, or a change that refused everything (or gave
    everything) would leave it asserting nothing."""
    SEEN.clear()
    search()
    for outcome in outcomes:
        assert SEEN[outcome] >= EXAMPLES // 20, SEEN


def test_the_route_gives_no_roll_of_a_day_whose_secret_is_public() -> None:
    @SEARCH
    @given(
        route_histories, ordered_moments(ROUTE_MOMENTS), st.lists(st.sampled_from(DAY_BEFORE), max_size=2).map(sorted)
    )
    def search(history: History, moments: list[dt.datetime], day_before: list[dt.datetime]) -> None:
        assert_route_held(history, moments, day_before)

    # a search that never made T's secret public, or never let the route give a roll, would assert nothing
    assert_search_reaches(search, "route cold: rolls", "route warm: rolls", "route cold: refused, secret public")


def test_the_readers_answer_no_day_fair_whose_secret_was_public_before_it_was_over() -> None:
    @SEARCH
    @given(
        histories,
        ordered_moments(READER_MOMENTS),
        st.lists(st.sampled_from([k for k in BACK if k < 0]), max_size=2),
    )
    def search(history: History, moments: list[dt.datetime], before: list[int]) -> None:
        assert_readers_held(history, moments, before)

    assert_search_reaches(
        search, "reader cold: fair", "reader warm: fair", "reader audit: fair", "reader cold: not fair, secret public"
    )
