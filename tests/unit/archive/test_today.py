"""Today's roll for the game's backend: the faces seed 004 gives, for today only, the secret never shown.

Archives are made by the publisher's lifecycle over local folders; faces are compared with seed
004's algorithm as transcribed in testkit/oracles/seed_004.py. The S3 side (moto) is in
tests/integration/test_daily_operations_s3.py.
"""

import base64
import datetime as dt
import json
import re
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from fairdice.archive.layout import (
    DAYS_LOOKED_BACK,
    ChainLink,
    Commitment,
    RevealedRecord,
    commitment_key,
    days_looked_back,
    revealed_key,
    secret_key,
    sha256_hex,
)
from fairdice.archive.publisher import get_or_create_secret, open_day, publish
from fairdice.archive.reader import ArchiveReader, daily_verdict
from fairdice.archive.today import TodaysRolls
from fairdice.errors import ArchiveUnavailable, LateCommitment, NotReadableYet, TamperedRecord
from fairdice.seal import seal_of
from fairdice.storage import MAX_OBJECT_BYTES, DatedKeys, EachPage, ObjectStore, StorageSettings, Stored, Stores
from pydantic import ValidationError

from testkit.archive import (
    SOMEONE_ELSES,
    committed_in_time_with_no_record,
    missed_days_secret_put_again,
    put_commitment_under_missed_day,
    put_secret_again,
    put_someone_elses_record,
)
from testkit.oracles import seed_004
from testkit.stores import PassingStore, RivalWritesFirst, Undated
from testkit.timeline import Timeline

DAY1, DAY2, DAY3, DAY4 = dt.date(2025, 3, 1), dt.date(2025, 3, 2), dt.date(2025, 3, 3), dt.date(2025, 3, 4)
PLAYER = "123e4567-e89b-12d3-a456-426614174000"


def at(day: dt.date, time: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day.isoformat()} {time}").replace(tzinfo=dt.UTC)


class Counted(PassingStore):
    """A store that counts its reads and its listings, and refuses every write: the route may only ever read. The rest
    of the store's protocol (`witnessed`, `history`) is handed on as is (`PassingStore`)."""

    def __init__(self, store: ObjectStore) -> None:
        super().__init__(store)
        self.reads: list[str] = []
        self.lists: list[tuple[str, str]] = []  # (prefix, after)

    def get(self, key: str) -> bytes | None:
        self.reads.append(key)
        return super().get(key)

    def read(self, key: str) -> Stored | None:
        self.reads.append(key)
        return super().read(key)

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        self.lists.append((prefix, after))
        return super().list(prefix, after, through, each_page=each_page)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self.lists.append((prefix, after))
        return super().list_dated(prefix, after, through, each_page=each_page)

    def put_new(self, key: str, data: bytes) -> bool:
        raise AssertionError(f"today's roll wrote {key}")

    def replace(self, key: str, data: bytes) -> None:
        raise AssertionError(f"today's roll replaced {key}")


@pytest.fixture
def stores(tmp_path: Path) -> Stores:
    return StorageSettings(data_dir=tmp_path).stores()


def counting_reads(stores: Stores) -> Stores:
    return Stores(secrets=Counted(stores.secrets), archive=Counted(stores.archive))


@pytest.fixture
def read_only(stores: Stores) -> Stores:
    return counting_reads(stores)


def day1_committed(tmp_path: Path) -> tuple[Timeline, Stores]:
    """Stores on a timeline under tmp_path, DAY1 committed by its midnight run."""
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at(DAY1, "00:00:02"))
    return timeline, stores


def secret_of(stores: Stores, day: dt.date) -> bytes:
    secret = stores.secrets.get(secret_key(day))
    assert secret is not None
    return secret


def test_a_players_faces_for_today_are_seed_004s_and_the_answer_holds_no_form_of_the_secret(
    stores: Stores, read_only: Stores
) -> None:
    # Given the publisher's midnight runs on both days: DAY1 is revealed, DAY2 is today
    publish(stores, at(DAY1, "00:00:02"))
    publish(stores, at(DAY2, "00:00:02"))

    # When the game asks for a player's roll during DAY2
    roll = TodaysRolls(read_only).roll(PLAYER, at(DAY2, "15:30"))

    # Then it gets seed 004's faces from DAY2's secret, and the public facts beside them
    secret = secret_of(stores, DAY2)
    assert roll.dice == seed_004.faces(secret, DAY2.isoformat(), PLAYER)
    assert (roll.date, roll.player_id, roll.sides) == (DAY2, PLAYER, [4, 6, 8, 10, 12, 20])
    assert roll.message == f"{DAY2.isoformat()}|{PLAYER}"
    published = Commitment.model_validate_json(stores.archive.get(commitment_key(DAY2)) or b"")
    assert roll.commitment == published.commitment
    assert roll.reveal_at == at(DAY3, "00:00")
    shown = roll.model_dump_json()
    for form in (secret.hex(), secret.hex().upper(), base64.b64encode(secret).decode(), repr(secret)):
        assert form not in shown
    assert set(json.loads(shown)) == {"date", "player_id", "dice", "sides", "message", "commitment", "reveal_at"}


def test_every_player_gets_their_own_faces_and_the_secret_is_read_once_a_day(stores: Stores, read_only: Stores) -> None:
    publish(stores, at(DAY2, "00:00:02"))
    rolls = TodaysRolls(read_only)
    players = [str(uuid.UUID(int=n * 7919 + 1)) for n in range(50)]

    faces = [rolls.roll(player, at(DAY2, "12:00")).dice for player in players]

    secret = secret_of(stores, DAY2)
    assert faces == [seed_004.faces(secret, DAY2.isoformat(), player) for player in players]
    assert read_only.secrets.reads == [secret_key(DAY2)]  # type: ignore[attr-defined]


def test_a_player_id_is_read_as_seed_004_writes_it(stores: Stores, read_only: Stores) -> None:
    publish(stores, at(DAY2, "00:00:02"))
    shouted = PLAYER.upper().replace("-", "")

    roll = TodaysRolls(read_only).roll(shouted, at(DAY2, "12:00"))

    assert roll.player_id == PLAYER
    assert roll.dice == seed_004.faces(secret_of(stores, DAY2), DAY2.isoformat(), PLAYER)


def test_a_player_id_that_is_not_a_uuid_is_refused_by_name(stores: Stores, read_only: Stores) -> None:
    publish(stores, at(DAY2, "00:00:02"))

    with pytest.raises(ValidationError) as refused:
        TodaysRolls(read_only).roll("2025-03-01", at(DAY2, "12:00"))

    assert [error["loc"] for error in refused.value.errors()] == [("player_id",)]


def test_only_today_whatever_day_was_asked_before(stores: Stores, read_only: Stores) -> None:
    # Given a game that asked on DAY2, and the DAY3 run that has not happened yet
    publish(stores, at(DAY2, "00:00:02"))
    rolls = TodaysRolls(read_only)
    rolls.roll(PLAYER, at(DAY2, "23:59:59"))

    # When it asks just after midnight, then it gets no roll, not DAY2's
    with pytest.raises(ArchiveUnavailable, match="not made yet"):
        rolls.roll(PLAYER, at(DAY3, "00:00:01"))

    # and once the publisher has run, DAY3's faces
    publish(stores, at(DAY3, "00:00:03"))
    roll = rolls.roll(PLAYER, at(DAY3, "00:00:04"))
    assert roll.date == DAY3
    assert roll.dice == seed_004.faces(secret_of(stores, DAY3), DAY3.isoformat(), PLAYER)


def test_no_secret_is_ever_made_here(stores: Stores, read_only: Stores) -> None:
    with pytest.raises(ArchiveUnavailable, match=r"the secret for 2025-03-02 is not made yet"):
        TodaysRolls(read_only).roll(PLAYER, at(DAY2, "00:00:01"))

    assert stores.secrets.list("") == [] and stores.archive.list("") == []


def test_no_roll_is_given_before_its_days_commitment_is_published(stores: Stores, read_only: Stores) -> None:
    # Given a secret whose commitment was never written (a run that died between its two writes)
    stores.secrets.put_new(secret_key(DAY2), bytes(range(32)))

    with pytest.raises(ArchiveUnavailable, match=r"commitments/2025-03-02.json is not published yet"):
        TodaysRolls(read_only).roll(PLAYER, at(DAY2, "00:10"))


def test_a_secret_that_cannot_be_read_for_a_day_committed_in_time_is_no_late_day(
    stores: Stores, tmp_path: Path
) -> None:
    # Given today committed in time, and its secret then not found (deleted, or another bucket named): a read of the
    # whole change found it called late, 502 late_commitment, which tells the game no roll comes that day
    publish(stores, at(DAY2, "00:00:02"))
    lost = Stores(secrets=StorageSettings(data_dir=tmp_path / "elsewhere").stores().secrets, archive=stores.archive)

    # Then the route says the secret cannot be read, and to try again, at any hour of the day
    for moment in ("00:20", "12:00"):
        with pytest.raises(ArchiveUnavailable, match=r"the secret kept for 2025-03-02 cannot be read, though"):
            TodaysRolls(lost).roll(PLAYER, at(DAY2, moment))


@pytest.mark.parametrize("secret", [True, False], ids=["commitment-missing", "nothing-made"])
def test_once_the_grace_is_over_a_day_not_committed_yet_gives_no_roll_as_a_late_one(
    stores: Stores, read_only: Stores, secret: bool
) -> None:
    # Given the publisher down at 00:20 (review: "try again shortly" every 30 s all day, though a commitment published
    # from then on is late), with today's secret made or not
    if secret:
        stores.secrets.put_new(secret_key(DAY2), bytes(range(32)))
    rolls = TodaysRolls(read_only)

    # Then the route refuses as the late day will, from a minute after the grace's end (its clock may be ahead of S3's,
    # and a write S3 dates at the grace's end be seen a little later)
    with pytest.raises(ArchiveUnavailable):
        rolls.roll(PLAYER, at(DAY2, "00:16:00"))
    for moment in ("00:16:01", "00:20", "23:59:59"):
        with pytest.raises(LateCommitment, match="no roll of 2025-03-02 is given until the next day's commitment"):
            rolls.roll(PLAYER, at(DAY2, moment))

    # and reads again each time, as S3 may still date a commitment in the grace's last moment
    assert read_only.secrets.reads == [secret_key(DAY2)] * 4  # type: ignore[attr-defined]


def test_a_commitment_the_secret_does_not_give_is_tampering(stores: Stores, read_only: Stores) -> None:
    # Given today's secret and, in the archive, the commitment of another secret
    stores.secrets.put_new(secret_key(DAY2), bytes(range(32)))
    other = Commitment(date=DAY2, commitment=seal_of(bytes(32)), published_at=at(DAY2, "00:00:02"))
    stores.archive.put_new(commitment_key(DAY2), other.to_bytes())

    with pytest.raises(TamperedRecord) as tampered:
        TodaysRolls(read_only).roll(PLAYER, at(DAY2, "12:00"))

    assert tampered.value.field == "commitment"
    assert bytes(range(32)).hex() not in tampered.value.message


@pytest.mark.parametrize(
    ("document", "field"),
    [(b"{}", "commitment"), (b"twice", "commitment"), (b"padded", "commitment"), (None, "date")],
)
def test_a_commitment_document_that_is_not_todays_is_tampering(
    stores: Stores, read_only: Stores, tmp_path: Path, document: bytes | None, field: str
) -> None:
    publish(stores, at(DAY1, "00:00:02"))
    publish(stores, at(DAY2, "00:00:02"))
    if document == b"twice":
        # Today's document giving its commitment twice: first another's, which a person reading it takes, then its
        # own, which pydantic took (review)
        own = Commitment.model_validate_json(stores.archive.get(commitment_key(DAY2)) or b"")
        shown = own.model_copy(update={"commitment": seal_of(bytes(32))}).to_bytes()
        document = shown.rstrip().removesuffix(b"}") + b', "commitment": "%s"}' % own.commitment.encode()
    elif document == b"padded":
        # Today's own, padded as no publisher writes it: read as the verifier reads it, which refuses it (review: the
        # verifier did, and the game's route served rolls under it)
        document = (stores.archive.get(commitment_key(DAY2)) or b"").replace(b'{"date":', b'{"date": ')
    replaced = document if document is not None else stores.archive.get(commitment_key(DAY1)) or b""
    (tmp_path / "archive" / commitment_key(DAY2)).write_bytes(replaced)

    with pytest.raises(TamperedRecord) as tampered:
        TodaysRolls(read_only).roll(PLAYER, at(DAY2, "12:00"))

    assert tampered.value.field == field


def test_a_commitment_to_the_day_befores_secret_gives_no_roll_as_the_archives_readers_call_the_day_tampered(
    tmp_path: Path,
) -> None:
    # Given DAY1 committed by its midnight run, and DAY2's secret and commitment put in DAY2's first second, before the
    # publisher's run, by whoever holds its keys: DAY1's secret again, which the publisher's run then keeps, commits
    # to and reveals DAY1 beside, so that anyone knows DAY2's rolls from DAY1's record on
    timeline, stores = day1_committed(tmp_path)
    again = secret_of(stores, DAY1)
    timeline.now = at(DAY2, "00:00:01")
    stores.secrets.put_new(secret_key(DAY2), again)
    written = Commitment(date=DAY2, commitment=seal_of(again), published_at=timeline.now)
    stores.archive.put_new(commitment_key(DAY2), written.to_bytes())
    assert timeline.publish(stores, at(DAY2, "00:00:02")).reveal.revealed == [DAY1]

    # Then the game's route gives no roll of DAY2, as it gives none of a day no verdict can find fair
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01") as tampered:
        TodaysRolls(stores).roll(PLAYER, at(DAY2, "09:00"))
    assert tampered.value.field == "commitment"
    assert again.hex() not in tampered.value.message

    # for the archive's readers answer every roll of DAY2 502 tampered_record once it is revealed
    timeline.publish(stores, at(DAY3, "00:00:02"))
    reader = ArchiveReader(stores.archive, clock=lambda: at(DAY3, "12:00"))
    with pytest.raises(TamperedRecord, match=r"commits to the secret of 2025-03-01, as revealed/2025-03-01\.json does"):
        daily_verdict(reader, DAY2, PLAYER)


def test_a_commitment_to_the_secret_of_the_day_before_a_missed_day_gives_no_roll_as_the_readers_call_it_tampered(
    tmp_path: Path,
) -> None:
    # Given DAY1 committed by its midnight run, no run on DAY2 (nothing of DAY2 anywhere), and DAY1's secret and
    # commitment put under DAY3 in its first second: DAY3's run reveals DAY1, whose record makes that secret public
    timeline, stores = day1_committed(tmp_path)
    again = secret_of(stores, DAY1)
    put_secret_again(timeline, stores, again, DAY3)

    # Then the game's route gives no roll of DAY3 (review: it gave them all day, the day before being no commitment)
    with pytest.raises(TamperedRecord, match=r"commitments/2025-03-03\.json commits to the secret of 2025-03-01") as no:
        TodaysRolls(stores).roll(PLAYER, at(DAY3, "00:00:03"))
    assert no.value.field == "commitment"
    assert again.hex() not in no.value.message

    # as the archive's readers answer every roll of DAY3 tampered from the next night, DAY3's record linking to DAY1's
    timeline.publish(stores, at(DAY4, "00:00:02"))
    reader = ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00"))
    with pytest.raises(TamperedRecord, match=r"commits to the secret of 2025-03-01, as revealed/2025-03-01\.json does"):
        daily_verdict(reader, DAY3, PLAYER)


def test_a_commitment_to_an_older_days_secret_over_days_revealed_between_gives_no_roll(tmp_path: Path) -> None:
    # Given DAY1 and DAY2 committed by their midnight runs, and DAY1's secret put under DAY3: DAY1's record, revealed
    # on DAY2, made it public a day before DAY3 began, though DAY3's record links to DAY2's
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY2, "00:00:02"))
    put_secret_again(timeline, stores, secret_of(stores, DAY1), DAY3)

    # Then the game's route gives no roll of DAY3: whoever read DAY1's record knows them all
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        TodaysRolls(stores).roll(PLAYER, at(DAY3, "09:00"))


def todays_commitment_put_under_missed_day2(
    tmp_path: Path, *, of: str | None = None, padded: bool = False
) -> tuple[Timeline, Stores, str]:
    """DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 DAY3's commitment (returned)
    put under DAY2 by whoever holds the publisher's keys, or the commitment `of`, `padded` as
    `put_commitment_under_missed_day` puts it."""
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY3, "00:00:02"))
    today = seal_of(secret_of(stores, DAY3))
    put_commitment_under_missed_day(timeline, stores.archive, DAY2, at(DAY3, "08:00"), of=of or today, padded=padded)
    return timeline, stores, today


def test_a_commitment_put_under_a_missed_day_after_todays_leaves_today_its_rolls(tmp_path: Path) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 DAY3's commitment put
    # under DAY2 by whoever holds the publisher's keys (its key never existed): it reveals nothing of DAY3, whose
    # secret was fixed at 00:00:02 (review: a cold route refused DAY3's rolls as committed to DAY2's secret)
    _, stores, today = todays_commitment_put_under_missed_day2(tmp_path)

    # Then a route that first reads the day after it gives the day's rolls, as the readers find the day fair
    assert TodaysRolls(stores).roll(PLAYER, at(DAY3, "09:00")).commitment == today


def test_a_missed_days_secret_put_under_the_day_its_catch_up_run_reveals_it_gives_no_roll(tmp_path: Path) -> None:
    # Given DAY1 committed by its midnight run, DAY2's run dead between making its secret and publishing its commitment,
    # no run on DAY3, and DAY2's secret and commitment put under DAY4 at 00:00:01, a second before DAY4's run, which
    # publishes DAY2's commitment late (dated after DAY4's) and reveals DAY2 at once: DAY2's record makes that secret
    # public from 00:00:02, all of DAY4's play
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    missed_days_secret_put_again(timeline, stores, DAY2, DAY4)

    # Then the game's route gives no roll of DAY4, as the readers refuse the day from the next night (review: the route
    # gave DAY4's rolls all day, DAY2's commitment being dated after DAY4's own)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        TodaysRolls(stores).roll(PLAYER, at(DAY4, "09:00"))
    timeline.publish(stores, at(DAY4 + dt.timedelta(days=1), "00:00:02"))
    reader = ArchiveReader(stores.archive, clock=lambda: at(DAY4 + dt.timedelta(days=1), "12:00"))
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        daily_verdict(reader, DAY4, PLAYER)


def test_a_warm_route_sees_within_look_again_a_catch_up_run_that_reveals_the_secret_of_its_day(tmp_path: Path) -> None:
    # Given DAY1 committed by its midnight run, DAY2's secret alone made at 00:00:02, no run after it, and DAY2's secret
    # and commitment put under DAY4 at 00:00:01; a warm route rolls DAY4 at 00:05, DAY2's commitment not there yet
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    missed_days_secret_put_again(timeline, stores, DAY2, DAY4, run=False)
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(DAY4, "00:05")).date == DAY4

    # When a run at 06:00 catches up and reveals DAY2, whose secret is DAY4's
    timeline.publish(stores, at(DAY4, "06:00"))
    counted.secrets.reads.clear()  # type: ignore[attr-defined]
    counted.archive.reads.clear()  # type: ignore[attr-defined]

    # Then the warm route refuses DAY4 as a cold one does, as the readers refuse it from the next night (review: it gave
    # DAY4's rolls for the rest of the day, having found DAY2's commitment missing at 00:05)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        TodaysRolls(stores).roll(PLAYER, at(DAY4, "09:00"))
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        warm.roll(PLAYER, at(DAY4, "09:00"))
    # having read again, latest first, the days before that were not there (up to the one that gives DAY4 away, and its
    # record), not DAY1's, which it had found, nor the day's own secret and commitment
    expected = [commitment_key(DAY3), commitment_key(DAY2), revealed_key(DAY2)]
    assert counted.archive.reads == expected  # type: ignore[attr-defined]
    assert counted.secrets.reads == []  # type: ignore[attr-defined]
    # and no commitment again for the rest of the day: the refusal stands from those it found
    counted.archive.reads.clear()  # type: ignore[attr-defined]
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        warm.roll(PLAYER, at(DAY4, "23:59"))
    assert [key for key in counted.archive.reads if key.startswith("commitments/")] == []  # type: ignore[attr-defined]


def missed_after_a_week(tmp_path: Path) -> tuple[dt.date, dt.date, Timeline, Stores, bytes]:
    """TODAY, DAYS_LOOKED_BACK days after DAY1, the days before it committed by their midnight runs but the day before
    it, MISSED, whose secret alone was made and put under TODAY at 00:00:01 (`missed_days_secret_put_again`): TODAY,
    MISSED, the timeline, the stores and that secret."""
    today = DAY1 + dt.timedelta(days=DAYS_LOOKED_BACK)
    missed = today - dt.timedelta(days=1)
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    for back in range(DAYS_LOOKED_BACK, 2, -1):  # the day before MISSED is the next call's
        timeline.publish(stores, at(today - dt.timedelta(days=back), "00:00:02"))
    return today, missed, timeline, stores, missed_days_secret_put_again(timeline, stores, missed, today, run=False)


def test_a_warm_route_that_read_a_catch_up_runs_commitment_before_its_record_sees_the_record_within_look_again(
    tmp_path: Path,
) -> None:
    # Given the DAYS_LOOKED_BACK days before TODAY committed by their midnight runs but the day before it, MISSED, whose
    # secret alone was made, and MISSED's secret and commitment put under TODAY at 00:00:01; a warm route rolls TODAY at
    # 00:05, MISSED's commitment not there yet
    today, missed, timeline, stores, _ = missed_after_a_week(tmp_path)
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(today, "00:05")).date == today

    # When a run at 06:00 catches MISSED up, and the game asks after it has published MISSED's commitment (TODAY's) and
    # before it reveals MISSED
    between: list[dt.date] = []

    def ask() -> None:
        between.append(warm.roll(PLAYER, timeline.now).date)

    catching_up = Stores(stores.secrets, RivalWritesFirst(stores.archive, revealed_key(missed), ask))
    timeline.publish(catching_up, at(today, "06:00"))
    assert between == [today]  # nothing gave TODAY away yet
    counted.archive.reads.clear()  # type: ignore[attr-defined]

    # Then from LOOK_AGAIN after, the warm route refuses TODAY as a cold one does (review: having found MISSED's
    # commitment with no record, it gave TODAY's rolls for the rest of the day)
    with pytest.raises(TamperedRecord, match=f"commits to the secret of {missed}"):
        TodaysRolls(stores).roll(PLAYER, at(today, "06:05"))
    with pytest.raises(TamperedRecord, match=f"commits to the secret of {missed}"):
        warm.roll(PLAYER, at(today, "06:05"))
    # having read MISSED's record alone, not its commitment again, which never changes
    assert counted.archive.reads == [revealed_key(missed)]  # type: ignore[attr-defined]


def test_a_day_refused_as_committed_to_an_earlier_days_secret_reads_nothing_again_that_day(tmp_path: Path) -> None:
    # Given DAY1 committed by its midnight run, DAY2's secret alone made at 00:00:02, and DAY2's secret and commitment
    # put under DAY4 at 00:00:01: DAY4's run publishes DAY2's commitment late and reveals DAY2, whose record gives DAY4
    # away, and a route that refused DAY4 at 09:00
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    missed_days_secret_put_again(timeline, stores, DAY2, DAY4)
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        rolls.roll(PLAYER, at(DAY4, "09:00"))

    # When the game asks again that day
    for moment in ("09:01", "09:02"):
        counted.secrets.reads.clear()  # type: ignore[attr-defined]
        counted.archive.reads.clear()  # type: ignore[attr-defined]
        with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02") as again:
            rolls.roll(PLAYER, at(DAY4, moment))

        # Then it is refused as before, from memory: a record, once there, never changes (review: each request read
        # revealed/2025-03-02.json again)
        assert again.value.field == "commitment"
        assert counted.archive.reads == []  # type: ignore[attr-defined]
        assert counted.secrets.reads == []  # type: ignore[attr-defined]


def test_a_day_refused_for_an_earlier_days_record_that_is_no_document_for_good_reads_it_once_that_day(
    tmp_path: Path,
) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 DAY3's commitment put
    # padded under DAY2, with an object larger than any document under DAY2's record: written once, it is never another
    _, stores, _ = todays_commitment_put_under_missed_day2(tmp_path, padded=True)
    stores.archive.put_new(revealed_key(DAY2), b" " * (MAX_OBJECT_BYTES + 1))
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)
    refused = rf"^{revealed_key(DAY2)} in .* is larger than 1,048,576 bytes"
    with pytest.raises(TamperedRecord, match=refused):
        rolls.roll(PLAYER, at(DAY3, "09:00"))
    assert counted.archive.reads.count(revealed_key(DAY2)) == 1  # type: ignore[attr-defined]

    # When the game asks again that day
    for moment in ("09:01", "09:02", "09:10"):
        counted.archive.reads.clear()  # type: ignore[attr-defined]
        with pytest.raises(TamperedRecord, match=refused):
            rolls.roll(PLAYER, at(DAY3, moment))

        # Then it is refused as before, from memory, as a day given away is (review: each request read that object
        # again, as one S3 may give later)
        assert counted.archive.reads == []  # type: ignore[attr-defined]
    # and a cold route refuses it alike
    with pytest.raises(TamperedRecord, match=refused):
        TodaysRolls(stores).roll(PLAYER, at(DAY3, "09:10"))


def test_a_warm_route_reads_the_days_before_not_there_again_only_look_again_after(tmp_path: Path) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and a warm route that rolled DAY3 at 00:05
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY3, "00:00:02"))
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)
    rolls.roll(PLAYER, at(DAY3, "00:05"))
    counted.archive.reads.clear()  # type: ignore[attr-defined]

    # When the game asks all day, then the commitments not there are read again once every LOOK_AGAIN, never DAY1's
    for moment in ("00:05:01", "00:09:59", "00:10", "00:14:59", "00:15"):
        rolls.roll(PLAYER, at(DAY3, moment))
    not_there = [commitment_key(day) for day in days_looked_back(DAY3) if day != DAY1]
    assert counted.archive.reads == not_there * 2  # type: ignore[attr-defined]
    assert commitment_key(DAY1) not in counted.archive.reads  # type: ignore[attr-defined]


def test_a_record_revealing_todays_secret_under_a_day_with_no_commitment_gives_no_roll_cold_or_warm(
    tmp_path: Path,
) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and a warm route that rolled DAY3 at 00:05,
    # having listed the records looked back to once, and read the one listed, DAY1's
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY3, "00:00:02"))
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(DAY3, "00:05")).date == DAY3
    assert counted.archive.lists == [("revealed/", revealed_key(DAY3 - dt.timedelta(days=DAYS_LOOKED_BACK + 1)))]  # type: ignore[attr-defined]
    assert [key for key in counted.archive.reads if key.startswith("revealed/")] == [revealed_key(DAY1)]  # type: ignore[attr-defined]

    # When at 07:00 a record of a secret of someone else's is put under DAY2, whose key never existed: it reveals
    # nothing of DAY3, and is read once, not at each LOOK_AGAIN after
    timeline.now = at(DAY3, "07:00")
    put_someone_elses_record(stores.archive, DAY2)
    for moment in ("07:05", "07:10", "07:15"):
        assert warm.roll(PLAYER, at(DAY3, moment)).date == DAY3
    records_read = [key for key in counted.archive.reads if key.startswith("revealed/")]  # type: ignore[attr-defined]
    assert records_read == [revealed_key(DAY1), revealed_key(DAY2)]

    # and at 08:00 one under the day before DAY1, the archive's first, revealing DAY3's secret
    before_the_first = DAY1 - dt.timedelta(days=1)
    timeline.now = at(DAY3, "08:00")
    put_someone_elses_record(stores.archive, before_the_first, revealing=secret_of(stores, DAY3))

    # Then from LOOK_AGAIN after, the route gives no roll of DAY3, warm or cold, naming that record (review: both gave
    # them all day, there being no commitment of that day to read its record beside)
    said = rf"commits to the secret of {before_the_first}, as revealed/{before_the_first}\.json does"
    for rolls in (warm, TodaysRolls(stores)):
        with pytest.raises(TamperedRecord, match=said) as refused:
            rolls.roll(PLAYER, at(DAY3, "08:05"))
        assert refused.value.field == "commitment"
        assert secret_of(stores, DAY3).hex() not in refused.value.message


def test_a_warm_routes_look_again_reads_at_most_two_objects_a_day_looked_back_to_and_lists_once(tmp_path: Path) -> None:
    # Given the archive's first day, TODAY, committed by its midnight run, and a warm route that rolled it at 00:05
    today = DAY1 + dt.timedelta(days=DAYS_LOOKED_BACK)
    timeline = Timeline(at(today, "00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at(today, "00:00:02"))
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(today, "00:05")).date == today
    counted.archive.reads.clear()  # type: ignore[attr-defined]
    counted.archive.lists.clear()  # type: ignore[attr-defined]

    # When at 06:00 a record of a secret of someone else's is put under each day before it, none with a commitment
    timeline.now = at(today, "06:00")
    for day in days_looked_back(today):
        put_someone_elses_record(stores.archive, day)

    # Then the look at 06:05 lists the records once and reads, of each day looked back to, its commitment again and its
    # record: the most a look makes (LOOK_AGAIN), and the day keeps its rolls, as no record reveals them
    assert warm.roll(PLAYER, at(today, "06:05")).date == today
    looked_back = days_looked_back(today)
    expected = [key for day in looked_back for key in (commitment_key(day), revealed_key(day))]
    assert counted.archive.reads == expected  # type: ignore[attr-defined]
    assert len(counted.archive.reads) == 2 * DAYS_LOOKED_BACK  # type: ignore[attr-defined]
    assert len(counted.archive.lists) == 1  # type: ignore[attr-defined]
    # and today's secret was read at 00:05 alone
    assert counted.secrets.reads == [secret_key(today)]  # type: ignore[attr-defined]


def test_a_warm_route_reads_a_commitment_that_is_no_document_of_the_store_once_as_readers_do(tmp_path: Path) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and under DAY2 an object larger than any
    # document, put by whoever holds the publisher's keys: written once, it is never another
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY3, "00:00:02"))
    stores.archive.put_new(commitment_key(DAY2), b" " * (MAX_OBJECT_BYTES + 1))
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)

    # When the game asks for DAY3's rolls every LOOK_AGAIN for an hour
    for minute in range(0, 65, 5):
        assert rolls.roll(PLAYER, at(DAY3, "09:00") + dt.timedelta(minutes=minute)).date == DAY3

    # Then the route read it once (review: again at each LOOK_AGAIN), its record deciding meanwhile, as beside a padded
    # commitment: looked for by the listing of the records at each look, and never read, as none is listed
    assert counted.archive.reads.count(commitment_key(DAY2)) == 1  # type: ignore[attr-defined]
    assert counted.archive.reads.count(revealed_key(DAY2)) == 0  # type: ignore[attr-defined]
    assert len(counted.archive.lists) == 13  # type: ignore[attr-defined]


def test_a_commitment_put_under_a_missed_day_after_todays_with_a_record_of_another_secret_leaves_today_its_rolls(
    tmp_path: Path,
) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 DAY3's commitment put
    # under DAY2 by whoever holds the publisher's keys, with a secret of their own and its record, dated before DAY3 is
    # over and linked as the publisher links one: the record reveals their secret, not DAY3's
    timeline, stores, today = todays_commitment_put_under_missed_day2(tmp_path)
    stores.secrets.put_new(secret_key(DAY2), SOMEONE_ELSES)
    previous = ChainLink(date=DAY1, sha256=sha256_hex(stores.archive.get(revealed_key(DAY1)) or b""))
    put_someone_elses_record(stores.archive, DAY2, previous, next_commitment=today)

    # Then the game's route gives the day's rolls, and the readers do not call the day tampered (review: a record of
    # the missed day, whatever it revealed, made DAY3 committed to DAY2's secret)
    assert TodaysRolls(stores).roll(PLAYER, at(DAY3, "09:00")).commitment == today
    timeline.publish(stores, at(DAY4, "00:00:02"))
    reader = ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00"))
    assert daily_verdict(reader, DAY3, PLAYER).verdict == "incomplete"


def test_a_commitment_put_under_a_missed_day_after_todays_with_a_record_that_is_none_gives_no_roll(
    tmp_path: Path,
) -> None:
    # Given the same, with bytes under DAY2's record that are no record the publisher writes: nothing shows what they
    # reveal, today's secret among them
    _, stores, _ = todays_commitment_put_under_missed_day2(tmp_path)
    stores.archive.put_new(revealed_key(DAY2), b'{"date": "2025-03-02", "date": "2025-03-02"}')

    # Then the game's route gives no roll of DAY3
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-02"):
        TodaysRolls(stores).roll(PLAYER, at(DAY3, "09:00"))


def missed_days_secret_revealed_beside_a_commitment_that_is_no_document(tmp_path: Path) -> tuple[Timeline, Stores]:
    """DAY1 committed by its midnight run, DAY2's secret alone made at 00:00:02, and DAY2's secret and commitment put
    under DAY4 at 00:00:01, no run after; then at 06:00 on DAY4 DAY2's commitment put padded, no document its readers
    take, and DAY2's record revealing that secret, naming another commitment: DAY4's secret is public from then on."""
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    secret = missed_days_secret_put_again(timeline, stores, DAY2, DAY4, run=False)
    put_commitment_under_missed_day(timeline, stores.archive, DAY2, at(DAY4, "06:00"), of=seal_of(secret), padded=True)
    put_someone_elses_record(stores.archive, DAY2, revealing=secret, named=seal_of(SOMEONE_ELSES))
    return timeline, stores


def test_a_missed_days_secret_revealed_beside_a_commitment_that_is_no_document_gives_no_roll(tmp_path: Path) -> None:
    # Given DAY2's record revealing DAY4's secret beside a commitment of DAY2 that is no document
    _, stores = missed_days_secret_revealed_beside_a_commitment_that_is_no_document(tmp_path)

    # Then the game's route gives no roll of DAY4, naming the record (review: the commitment, read as none, was passed
    # over, and the route gave DAY4's rolls though the archive had made its secret public)
    with pytest.raises(TamperedRecord, match=r"commits to the secret of 2025-03-02, as revealed/2025-03-02\.json does"):
        TodaysRolls(stores).roll(PLAYER, at(DAY4, "06:05"))


def test_a_missed_days_secret_revealed_beside_a_commitment_s3_gives_no_bytes_for_gives_no_roll(tmp_path: Path) -> None:
    # Given DAY1 committed by its midnight run, DAY2's secret alone made at 00:00:02, and DAY2's secret and commitment
    # put under DAY4 at 00:00:01, no run after; then at 06:00 on DAY4 an object whose bytes S3 does not give under
    # DAY2's commitment (a folder here; in S3 one in Glacier), and DAY2's record revealing DAY4's secret
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    secret = missed_days_secret_put_again(timeline, stores, DAY2, DAY4, run=False)
    timeline.now = at(DAY4, "06:00")
    (tmp_path / "archive" / commitment_key(DAY2)).mkdir()
    put_someone_elses_record(stores.archive, DAY2, revealing=secret, named=seal_of(SOMEONE_ELSES))

    # Then the game's route gives no roll of DAY4, naming the record, as beside a commitment that is no document
    # (review: read as one not there, the commitment was passed over with its record, and DAY4's rolls were given)
    with pytest.raises(TamperedRecord, match=r"commits to the secret of 2025-03-02, as revealed/2025-03-02\.json does"):
        TodaysRolls(stores).roll(PLAYER, at(DAY4, "06:05"))


@pytest.mark.parametrize("padded", [True, False], ids=["no document", "to another secret, late"])
def test_a_warm_route_that_read_an_earlier_commitment_that_shows_nothing_sees_its_record_within_look_again(
    tmp_path: Path, padded: bool
) -> None:
    # Given the DAYS_LOOKED_BACK days before TODAY committed by their midnight runs but the day before it, MISSED, whose
    # secret alone was made, put under TODAY at 00:00:01; at 00:01 MISSED's commitment put padded, no document its
    # readers take, or a commitment to another secret, dated after TODAY's own; and a warm route that rolls TODAY at
    # 00:05, with nothing missing and no record of MISSED
    today, missed, timeline, stores, secret = missed_after_a_week(tmp_path)
    named = None if padded else seal_of(SOMEONE_ELSES)
    of = seal_of(secret) if padded else seal_of(SOMEONE_ELSES)
    put_commitment_under_missed_day(timeline, stores.archive, missed, at(today, "00:01"), of=of, padded=padded)
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(today, "00:05")).date == today

    # When at 06:00 MISSED's record is put, revealing TODAY's secret
    timeline.now = at(today, "06:00")
    put_someone_elses_record(stores.archive, missed, revealing=secret, named=named)
    counted.archive.reads.clear()  # type: ignore[attr-defined]

    # Then from LOOK_AGAIN after, the warm route refuses TODAY as a cold one does (review: having read MISSED's
    # commitment with no record, it gave TODAY's rolls for the rest of the day)
    said = rf"commits to the secret of {missed}, as revealed/{missed}\.json does"
    with pytest.raises(TamperedRecord, match=said):
        TodaysRolls(stores).roll(PLAYER, at(today, "06:05"))
    with pytest.raises(TamperedRecord, match=said):
        warm.roll(PLAYER, at(today, "06:05"))
    # having read MISSED's record alone, no commitment again
    assert counted.archive.reads == [revealed_key(missed)]  # type: ignore[attr-defined]


def test_a_missed_days_secret_revealed_beside_a_late_commitment_to_another_secret_gives_no_roll(
    tmp_path: Path,
) -> None:
    # Given DAY1 committed by its midnight run, DAY2's secret alone made at 00:00:02, and DAY2's secret and commitment
    # put under DAY4 at 00:00:01, no run after; then at 06:00 on DAY4 a commitment to another secret put under DAY2,
    # well formed but dated after DAY4's own, and DAY2's record revealing DAY4's secret: it is public from then on
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    secret = missed_days_secret_put_again(timeline, stores, DAY2, DAY4, run=False)
    put_commitment_under_missed_day(timeline, stores.archive, DAY2, at(DAY4, "06:00"), of=seal_of(SOMEONE_ELSES))
    put_someone_elses_record(stores.archive, DAY2, revealing=secret, named=seal_of(SOMEONE_ELSES))

    # Then the game's route gives no roll of DAY4, naming the record (review: DAY2's commitment, to another secret,
    # was passed over, and the route gave DAY4's rolls though the archive had made its secret public)
    said = r"commitments/2025-03-04\.json commits to the secret of 2025-03-02, as revealed/2025-03-02\.json does"
    with pytest.raises(TamperedRecord, match=said) as refused:
        TodaysRolls(stores).roll(PLAYER, at(DAY4, "06:05"))
    assert refused.value.field == "commitment"
    assert secret.hex() not in refused.value.message


def test_a_record_revealing_todays_secret_beside_a_commitment_put_late_for_its_own_day_before_todays_gives_no_roll(
    tmp_path: Path,
) -> None:
    # Given DAY1 and DAY2 committed by their midnight runs, and at 12:00 on DAY2 a commitment to another secret put by
    # whoever holds the publisher's keys under the day before DAY1, one the publisher never committed: late for that
    # day, but before DAY3's own; then DAY3's midnight run, and a warm route that rolled DAY3 at 00:05 (DAY4's run
    # reveals DAY3)
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY2, "00:00:02"))
    missed = DAY1 - dt.timedelta(days=1)
    put_commitment_under_missed_day(timeline, stores.archive, missed, at(DAY2, "12:00"), of=seal_of(SOMEONE_ELSES))
    timeline.publish(stores, at(DAY3, "00:00:02"))
    warm = TodaysRolls(stores)
    assert warm.roll(PLAYER, at(DAY3, "00:05")).date == DAY3

    # When at 08:00 on DAY3 they put that day's record, revealing DAY3's secret: public from then on
    timeline.now = at(DAY3, "08:00")
    put_someone_elses_record(stores.archive, missed, revealing=stores.secrets.get(secret_key(DAY3)) or b"")

    # Then the route gives no roll of DAY3, cold or warm from LOOK_AGAIN after, and the readers refuse DAY3, naming the
    # record: a commitment no honest run publishes so (late for its own day) shows nothing of what its record reveals,
    # as one dated after DAY3's does not (review: dated before DAY3's, its record was never read, and DAY3 was fair)
    said = rf"commitments/2025-03-03\.json commits to the secret of {missed}, as revealed/{missed}\.json does"
    with pytest.raises(TamperedRecord, match=said):
        TodaysRolls(stores).roll(PLAYER, at(DAY3, "08:05"))
    with pytest.raises(TamperedRecord, match=said):
        warm.roll(PLAYER, at(DAY3, "08:05"))
    timeline.publish(stores, at(DAY4, "00:00:02"))
    with pytest.raises(TamperedRecord, match=said):
        daily_verdict(ArchiveReader(stores.archive, clock=lambda: at(DAY4, "12:00")), DAY3, PLAYER)


def test_the_day_befores_record_revealing_todays_secret_gives_no_roll_cold_or_warm(tmp_path: Path) -> None:
    # Given DAY1 committed by its midnight run, and DAY2's run stopped once it published DAY2's commitment, before it
    # revealed DAY1; and a warm route that rolled DAY2 at 00:00:03
    timeline, stores = day1_committed(tmp_path)
    timeline.now = at(DAY2, "00:00:02")
    open_day(stores, timeline.now)
    warm = TodaysRolls(stores)
    assert warm.roll(PLAYER, at(DAY2, "00:00:03")).date == DAY2

    # When at 00:00:04 whoever holds the publisher's keys puts DAY1's record, revealing DAY2's secret: public from then
    timeline.now = at(DAY2, "00:00:04")
    put_someone_elses_record(stores.archive, DAY1, revealing=stores.secrets.get(secret_key(DAY2)) or b"")

    # Then the route gives no roll of DAY2, cold or warm from LOOK_AGAIN after, naming the record, as the readers refuse
    # DAY2 once its record links to it (review: DAY1's commitment, in time and dated before DAY2's, left its record
    # unread, and the route gave DAY2's rolls all day)
    said = r"commitments/2025-03-02\.json commits to the secret of 2025-03-01, as revealed/2025-03-01\.json does"
    with pytest.raises(TamperedRecord, match=said):
        TodaysRolls(stores).roll(PLAYER, at(DAY2, "00:01"))
    with pytest.raises(TamperedRecord, match=said):
        warm.roll(PLAYER, at(DAY2, "00:05:03"))


@pytest.mark.parametrize("back", [2, 5, DAYS_LOOKED_BACK])
def test_a_record_revealing_todays_secret_under_a_day_committed_in_time_gives_no_roll_cold_or_warm_from_the_next_look(
    tmp_path: Path, back: int
) -> None:
    # Given an earlier day, `back` days before TODAY, committed in its own grace by whoever holds the publisher's keys
    # with no secret behind it, so that it has no record, the midnight runs of the days after it through TODAY, and a
    # warm route that rolled TODAY at 06:58
    earlier = DAY1
    today = earlier + dt.timedelta(days=back)
    timeline = Timeline(at(earlier, "00:00"))
    stores = timeline.stores(tmp_path)
    committed_in_time_with_no_record(timeline, stores, earlier, today)
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(today, "06:58")).date == today

    # When at 07:00 they put the earlier day's record, revealing TODAY's secret: public from then on
    timeline.now = at(today, "07:00")
    put_someone_elses_record(stores.archive, earlier, revealing=secret_of(stores, today))

    # Then a cold route gives no roll of TODAY, naming that record, and the warm one none from its next look on
    # (review: the earlier day's commitment in time, its record was never read, and the route gave TODAY's rolls all
    # day); the warm one within its look still gives them, having listed no record of that day
    said = rf"commits to the secret of {earlier}, as {re.escape(revealed_key(earlier))} does"
    with pytest.raises(TamperedRecord, match=said):
        TodaysRolls(stores).roll(PLAYER, at(today, "07:01"))
    assert warm.roll(PLAYER, at(today, "07:02")).date == today
    counted.archive.reads.clear()  # type: ignore[attr-defined]
    counted.archive.lists.clear()  # type: ignore[attr-defined]
    with pytest.raises(TamperedRecord, match=said) as refused:
        warm.roll(PLAYER, at(today, "07:03"))
    assert refused.value.field == "commitment"
    assert secret_of(stores, today).hex() not in refused.value.message
    # having listed the records once and read that record alone, listed since: the others it kept, and every
    # commitment it had found
    assert counted.archive.reads == [revealed_key(earlier)]  # type: ignore[attr-defined]
    assert len(counted.archive.lists) == 1  # type: ignore[attr-defined]


def test_a_record_revealing_a_days_secret_under_a_day_committed_in_time_put_before_the_day_began_gives_no_roll(
    tmp_path: Path,
) -> None:
    # Given DAY1 committed in its own grace by whoever holds the publisher's keys with no secret behind it, so that it
    # has no record, the midnight runs of the days after it through the day before TODAY; at 23:00 that day DAY1's
    # record put, revealing a secret they chose, and at 00:00:01 on TODAY that secret and its commitment put under
    # TODAY, in time, kept by TODAY's run at 00:00:02: TODAY's secret was public before its day began
    today = DAY1 + dt.timedelta(days=4)
    timeline = Timeline(at(DAY1, "00:00"))
    stores = timeline.stores(tmp_path)
    committed_in_time_with_no_record(timeline, stores, DAY1, today - dt.timedelta(days=1))
    chosen = bytes([7]) * 32
    timeline.now = at(today - dt.timedelta(days=1), "23:00")
    put_someone_elses_record(stores.archive, DAY1, revealing=chosen)
    put_secret_again(timeline, stores, chosen, today)

    # Then the route gives no roll of TODAY, naming that record (review: DAY1's commitment in time, its record was never
    # read, and the route gave TODAY's rolls all day)
    said = rf"{re.escape(commitment_key(today))} commits to the secret of {DAY1}, as {re.escape(revealed_key(DAY1))}"
    with pytest.raises(TamperedRecord, match=said):
        TodaysRolls(stores).roll(PLAYER, at(today, "09:00"))


def todays_record_as_the_publisher_writes_it(stores: Stores, today: dt.date) -> bytes:
    """TODAY's record as the next night's run would write it, which whoever holds the publisher's keys can compute
    during TODAY: its secret, its commitment, no next commitment yet, and the link to the day before's record."""
    before = today - dt.timedelta(days=1)
    secret = secret_of(stores, today)
    link = ChainLink(date=before, sha256=sha256_hex(stores.archive.get(revealed_key(before)) or b""))
    return RevealedRecord(
        date=today, secret=secret.hex(), commitment=seal_of(secret), next_commitment=None, previous=link
    ).to_bytes()


def put_record_before_today_is_over(stores: Stores, today: dt.date, which: str) -> str:
    """TODAY's own record, or the next day's revealing TODAY's secret and linking to the bytes of TODAY's record as the
    publisher will write it, or the record of a day further on (`which` names how many days on) revealing TODAY's
    secret, put now by whoever holds the publisher's keys; its key."""
    if which == "today's own":
        stores.archive.put_new(revealed_key(today), todays_record_as_the_publisher_writes_it(stores, today))
        return revealed_key(today)
    if which.startswith("the record of "):
        further = today + dt.timedelta(days=int(which.split()[3]))
        put_someone_elses_record(stores.archive, further, revealing=secret_of(stores, today))
        return revealed_key(further)
    following = today + dt.timedelta(days=1)
    link = ChainLink(date=today, sha256=sha256_hex(todays_record_as_the_publisher_writes_it(stores, today)))
    put_someone_elses_record(stores.archive, following, link, revealing=secret_of(stores, today))
    return revealed_key(following)


@pytest.mark.parametrize(
    "which",
    [
        "today's own",
        "tomorrow's, revealing today's secret",
        "the record of 2 days on, revealing today's secret",
        "the record of 30 days on, revealing today's secret",
    ],
)
def test_a_record_of_today_or_any_later_day_put_while_today_is_played_gives_no_roll_cold_or_warm_from_the_next_look(
    tmp_path: Path, which: str
) -> None:
    # Given DAY1 and DAY2 published by their midnight runs, and a warm route that rolled DAY2 at 08:58
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY2, "00:00:02"))
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)
    assert warm.roll(PLAYER, at(DAY2, "08:58")).date == DAY2

    # When at 09:00 whoever holds the publisher's keys puts DAY2's own record, or DAY3's revealing DAY2's secret with
    # a link to DAY2's record as the publisher will write it, or DAY4's or that of 30 days on revealing it: DAY2's
    # secret public while DAY2 is played
    timeline.now = at(DAY2, "09:00")
    key = put_record_before_today_is_over(stores, DAY2, which)

    # Then a cold route gives no roll of DAY2, naming the record and that it is there before DAY2 is over, and the warm
    # one none from its next look on, by the listing alone (review: the route gave DAY2's rolls all day; the readers
    # refused them once DAY2 was over; then, under DAY4 or later, past the key the listing stopped at, the route did
    # still); within its look the warm one still gives them
    said = rf"{re.escape(key)} is there before {DAY2} is over"
    with pytest.raises(TamperedRecord, match=said) as cold:
        TodaysRolls(stores).roll(PLAYER, at(DAY2, "09:01"))
    assert secret_of(stores, DAY2).hex() not in cold.value.message
    assert warm.roll(PLAYER, at(DAY2, "09:02")).date == DAY2
    counted.archive.reads.clear()  # type: ignore[attr-defined]
    counted.archive.lists.clear()  # type: ignore[attr-defined]
    with pytest.raises(TamperedRecord, match=said):
        warm.roll(PLAYER, at(DAY2, "09:03"))
    # no record read (the commitments not there, of the days before DAY1, are read again as at every look)
    assert [read for read in counted.archive.reads if read.startswith("revealed/")] == []  # type: ignore[attr-defined]
    assert len(counted.archive.lists) == 1  # type: ignore[attr-defined]
    # and kept for the day: nothing more is listed or read
    counted.archive.reads.clear()  # type: ignore[attr-defined]
    with pytest.raises(TamperedRecord, match=said):
        warm.roll(PLAYER, at(DAY2, "12:00"))
    assert counted.archive.reads == [] and len(counted.archive.lists) == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("record", ["its own secret's", "no record"])
def test_a_late_commitment_to_another_secret_under_a_missed_day_leaves_today_its_rolls_whatever_else_its_record_is(
    tmp_path: Path, record: str
) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 a commitment to a secret
    # of their own put under DAY2 by whoever holds the publisher's keys, dated after DAY3's own, with DAY2's record
    # revealing that secret, or bytes that are no record: neither shows DAY3's secret
    _, stores, today = todays_commitment_put_under_missed_day2(tmp_path, of=seal_of(SOMEONE_ELSES))
    if record == "its own secret's":
        previous = ChainLink(date=DAY1, sha256=sha256_hex(stores.archive.get(revealed_key(DAY1)) or b""))
        put_someone_elses_record(stores.archive, DAY2, previous, next_commitment=today)
    else:
        stores.archive.put_new(revealed_key(DAY2), b'{"date": "2025-03-02", "date": "2025-03-02"}')
    counted = counting_reads(stores)

    # Then the game's route gives the day's rolls, having read DAY2's record once, and DAY1's, the other listed: files
    # that reveal nothing of DAY3, which whoever holds the keys may put under a missed day, refuse no honest day
    rolls = TodaysRolls(counted)
    for minute in range(0, 15, 5):
        assert rolls.roll(PLAYER, at(DAY3, "09:00") + dt.timedelta(minutes=minute)).commitment == today
    records_read = [key for key in counted.archive.reads if key.startswith("revealed/")]  # type: ignore[attr-defined]
    assert records_read == [revealed_key(DAY2), revealed_key(DAY1)]


def test_a_missed_day_caught_up_by_the_next_days_run_leaves_that_day_its_rolls_for_one_read_of_its_record(
    tmp_path: Path,
) -> None:
    # Given DAY1 committed by its midnight run, DAY2's run dead after making its secret, and DAY3's midnight run, which
    # commits DAY3, then publishes DAY2's commitment late, dated with DAY3's, and reveals DAY2 at once
    timeline, stores = day1_committed(tmp_path)
    timeline.now = at(DAY2, "00:00:02")
    get_or_create_secret(stores.secrets, DAY2)
    assert timeline.publish(stores, at(DAY3, "00:00:02")).reveal.late_commitments == [DAY2]
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)

    # When the game asks for DAY3's rolls every LOOK_AGAIN for an hour
    for minute in range(0, 65, 5):
        assert rolls.roll(PLAYER, at(DAY3, "09:00") + dt.timedelta(minutes=minute)).date == DAY3

    # Then the route gave them, having read DAY2's record once, as a late commitment's: it reveals DAY2's own secret;
    # and DAY1's, the other record listed, once
    records_read = [key for key in counted.archive.reads if key.startswith("revealed/")]  # type: ignore[attr-defined]
    assert records_read == [revealed_key(DAY2), revealed_key(DAY1)]


@pytest.mark.parametrize("padded", [False, True], ids=["equal to today's", "no document"])
def test_a_warm_route_reads_the_record_of_a_day_before_once_there_and_not_again_each_look_again(
    tmp_path: Path, padded: bool
) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 DAY3's commitment put
    # under DAY2 by whoever holds the publisher's keys, as it is or padded, with a record of DAY2 revealing a secret of
    # their own: nothing of DAY3 is given away, and a record, once there, never changes
    _, stores, today = todays_commitment_put_under_missed_day2(tmp_path, padded=padded)
    previous = ChainLink(date=DAY1, sha256=sha256_hex(stores.archive.get(revealed_key(DAY1)) or b""))
    put_someone_elses_record(stores.archive, DAY2, previous, next_commitment=today)
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)

    # When the game asks for DAY3's rolls every LOOK_AGAIN for an hour
    for minute in range(0, 65, 5):
        assert rolls.roll(PLAYER, at(DAY3, "09:00") + dt.timedelta(minutes=minute)).commitment == today

    # Then the route read DAY2's record once (review: it read it again every LOOK_AGAIN all day, as if still to come),
    # and DAY1's, the other record listed, once
    records_read = [key for key in counted.archive.reads if key.startswith("revealed/")]  # type: ignore[attr-defined]
    assert records_read == [revealed_key(DAY2), revealed_key(DAY1)]


@pytest.mark.parametrize("record", ["none", "another secret's", "no record"])
def test_a_commitment_that_is_no_document_under_a_missed_day_leaves_today_its_rolls_unless_its_record_reveals_them(
    tmp_path: Path, record: str
) -> None:
    # Given DAY1 and DAY3 committed by their midnight runs, none on DAY2, and at 08:00 on DAY3 DAY3's commitment put
    # padded under DAY2 by whoever holds the publisher's keys, with no record of DAY2, one revealing a secret of their
    # own, or bytes that are no record: none of them shows DAY3's secret
    _, stores, today = todays_commitment_put_under_missed_day2(tmp_path, padded=True)
    if record == "another secret's":
        previous = ChainLink(date=DAY1, sha256=sha256_hex(stores.archive.get(revealed_key(DAY1)) or b""))
        put_someone_elses_record(stores.archive, DAY2, previous, next_commitment=today)
    elif record == "no record":
        stores.archive.put_new(revealed_key(DAY2), b'{"date": "2025-03-02", "date": "2025-03-02"}')

    # Then the game's route gives the day's rolls: broken files alone, which whoever holds the keys may put under a
    # missed day, refuse no honest day (the readers' side: test_reader.py's
    # test_an_earlier_days_commitment_that_is_not_one_is_that_days_tampering_alone)
    assert TodaysRolls(stores).roll(PLAYER, at(DAY3, "09:00")).commitment == today


def test_a_warm_route_gives_no_roll_until_an_earlier_commitment_that_was_no_document_is_read_and_refuses_the_day(
    tmp_path: Path,
) -> None:
    # Given DAY1's secret put under DAY2 and kept by its run, and DAY1's commitment no document when the route, warm,
    # first rolls DAY2 (a folder here; in S3 one in Glacier), readable again by 10:00, and DAY1's record not there
    # until then (there, it alone refuses the day, whatever the commitment beside it)
    timeline, stores = day1_committed(tmp_path)
    put_secret_again(timeline, stores, secret_of(stores, DAY1), DAY2)
    path = tmp_path / "archive" / commitment_key(DAY1)
    aside = path.rename(path.with_suffix(".aside"))
    record = tmp_path / "archive" / revealed_key(DAY1)
    record_aside = record.rename(record.with_suffix(".aside"))
    path.mkdir()
    counted = counting_reads(stores)
    warm = TodaysRolls(counted)

    # Then until it is read, it gives no roll of DAY2, as the readers answer the day 503 archive_unavailable: what it
    # holds decides the day, here DAY2's own commitment published before it (review: taken as not there, the route gave
    # DAY2's rolls); asked again within LOOK_AGAIN, it reads it no more
    for minute in ("09:00", "09:01", "09:04"):
        with pytest.raises(NotReadableYet, match=re.escape(f"{commitment_key(DAY1)} in ")):
            warm.roll(PLAYER, at(DAY2, minute))
    assert counted.archive.reads.count(commitment_key(DAY1)) == 1  # type: ignore[attr-defined]
    path.rmdir()
    aside.rename(path)
    record_aside.rename(record)

    # Then from LOOK_AGAIN after, it gives no roll of DAY2, as a cold route does (review: a warm one gave them all day)
    for rolls in (warm, TodaysRolls(stores)):
        with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
            rolls.roll(PLAYER, at(DAY2, "10:00"))


def test_the_days_before_are_read_as_far_back_as_days_looked_back_those_found_once_a_day(
    stores: Stores, read_only: Stores
) -> None:
    # Given DAY2 committed by its midnight run, the archive's first day, and DAY3 by its own
    rolls = TodaysRolls(read_only)

    # When the game asks for rolls all day, and the next (each day's run first: DAY3's reveals DAY2 once it is over)
    for day in (DAY2, DAY3):
        publish(stores, at(day, "00:00:02"))
        for hour in ("00:00:03", "00:01", "00:05:03"):
            rolls.roll(PLAYER, at(day, hour))

    # Then the commitments of the DAYS_LOOKED_BACK days before each day were read that day, and none before them, but
    # DAY2's on DAY3, which the route had read as DAY2's own; those not there were read again LOOK_AGAIN later, as a run
    # catching a missed day up may publish one (test_a_warm_route_reads_the_days_before_not_there_again_only_...);
    # and on DAY3 DAY2's record once, the day before's, the one listed (any listed may reveal DAY3's secret)
    def before(day: dt.date) -> list[str]:
        return [commitment_key(day - dt.timedelta(days=back)) for back in range(1, DAYS_LOOKED_BACK + 1)]

    expected = [
        commitment_key(DAY2),
        *before(DAY2),
        *before(DAY2),
        commitment_key(DAY3),
        revealed_key(DAY2),
        *before(DAY3)[1:],
        *before(DAY3)[1:],
    ]
    assert read_only.archive.reads == expected  # type: ignore[attr-defined]


def test_a_warm_route_reads_no_commitment_of_the_days_before_again_on_the_next_day(tmp_path: Path) -> None:
    # Given an archive with every day published by its midnight run, the DAYS_LOOKED_BACK days before DAY3 included,
    # and the route warm from DAY2's rolls (DAY3's run, which reveals DAY2, comes once DAY2 is over)
    timeline = Timeline(at(DAY3 - dt.timedelta(days=DAYS_LOOKED_BACK + 1), "00:00"))
    published = timeline.stores(tmp_path)
    for back in range(DAYS_LOOKED_BACK + 1, 0, -1):
        timeline.publish(published, at(DAY3 - dt.timedelta(days=back), "00:00:02"))
    counted = counting_reads(published)
    rolls = TodaysRolls(counted)
    rolls.roll(PLAYER, at(DAY2, "09:00"))
    counted.archive.reads.clear()  # type: ignore[attr-defined]

    # When the game asks for the next day's rolls, once DAY3's run has revealed DAY2
    timeline.publish(published, at(DAY3, "00:00:02"))
    rolls.roll(PLAYER, at(DAY3, "00:00:03"))

    # Then the route read that day's commitment, and the day before's record alone, listed since, which may reveal its
    # secret: a published commitment never changes, and it had found the days before's, and read their records (review:
    # it read all DAYS_LOOKED_BACK of them again each day, all but one read the day before)
    assert counted.archive.reads == [commitment_key(DAY3), revealed_key(DAY2)]  # type: ignore[attr-defined]
    # and a day committed to the secret of one of them is refused still, from what it kept
    put_secret_again(timeline, published, secret_of(published, DAY1), DAY4)
    with pytest.raises(TamperedRecord, match="commits to the secret of 2025-03-01"):
        rolls.roll(PLAYER, at(DAY4, "09:00"))
    assert commitment_key(DAY1) not in counted.archive.reads  # type: ignore[attr-defined]


def test_a_warm_route_reads_no_commitment_of_the_days_before_that_is_no_document_again_on_the_next_day(
    tmp_path: Path,
) -> None:
    # Given DAY1, DAY3 and DAY4 committed by their midnight runs, none on DAY2, and at 08:00 on DAY4 a commitment of
    # someone else's put padded under DAY2, no document its readers take, and no record of DAY2; a warm route that
    # rolled DAY4
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY3, "00:00:02"))
    timeline.publish(stores, at(DAY4, "00:00:02"))
    put_commitment_under_missed_day(
        timeline, stores.archive, DAY2, at(DAY4, "08:00"), of=seal_of(SOMEONE_ELSES), padded=True
    )
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)
    assert rolls.roll(PLAYER, at(DAY4, "09:00")).date == DAY4
    assert counted.archive.reads.count(commitment_key(DAY2)) == 1  # type: ignore[attr-defined]

    # When the next day is committed by its midnight run and the game asks for its rolls
    day5 = DAY4 + dt.timedelta(days=1)
    timeline.publish(stores, at(day5, "00:00:02"))
    assert rolls.roll(PLAYER, at(day5, "00:00:03")).date == day5

    # Then DAY2's commitment was not read again: written once, it is never another, and the readers keep its refusal
    # (review: it was read again each day, as the readers once read it again)
    assert counted.archive.reads.count(commitment_key(DAY2)) == 1  # type: ignore[attr-defined]
    # and its record, which decides beside it, is looked for still, each day, by the listing of the records looked back
    # to, and not read while none is listed
    assert counted.archive.reads.count(revealed_key(DAY2)) == 0  # type: ignore[attr-defined]
    assert len(counted.archive.lists) == 2  # type: ignore[attr-defined]


class Ticking:
    """A monotonic clock that every read of a store moves on by `each` seconds: a store that slow."""

    def __init__(self, each: float) -> None:
        self.each = each
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def store(self, store: ObjectStore) -> ObjectStore:
        clock = self

        class Slow(Counted):
            def get(self, key: str) -> bytes | None:
                clock.now += clock.each
                return super().get(key)

            def read(self, key: str) -> Stored | None:
                clock.now += clock.each
                return super().read(key)

            def list(
                self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
            ) -> list[str]:
                clock.now += clock.each
                return super().list(prefix, after, through, each_page=each_page)

            def list_dated(
                self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
            ) -> DatedKeys:
                clock.now += clock.each
                return super().list_dated(prefix, after, through, each_page=each_page)

        return Slow(store)


def test_a_request_starts_no_read_past_its_budget_and_the_next_goes_on_from_what_it_read(stores: Stores) -> None:
    # Given the archive's first day, and stores that take 3 s a read (PROMPT's longest), read with a 4 s budget
    publish(stores, at(DAY2, "00:00:02"))
    ticking = Ticking(3.0)
    slow = Stores(secrets=ticking.store(stores.secrets), archive=ticking.store(stores.archive))
    rolls = TodaysRolls(slow)

    # When the game asks, and asks again
    answers: list[str] = []
    for _ in range(10):
        started = ticking.now
        try:
            answers.append(str(rolls.within(4.0, ticking).roll(PLAYER, at(DAY2, "09:00")).date))
        except ArchiveUnavailable as exc:
            answers.append(exc.message)
        # Then no request read past 4 s and a read's 3 s (each is its own 503, well before a 10 s timeout)
        assert ticking.now - started <= 4.0 + 3.0

    # each request read on from where the one before stopped, each object once, listing the records looked back to
    # once a look before their commitments (the days before the archive's first have none), and rolls came once all
    # was read
    refused = "this request spent the 4 s it may wait for the archive before asking for {}; try again shortly"
    stopped_at = ["revealed/", *(commitment_key(DAY2 - dt.timedelta(days=back)) for back in (2, 4, 6, 8))]
    assert answers[:6] == [*(refused.format(key) for key in stopped_at), str(DAY2)]
    assert answers[6:] == [str(DAY2)] * 4
    read = slow.secrets.reads + slow.archive.reads  # type: ignore[attr-defined]
    assert sorted(read) == sorted({*read})
    assert slow.archive.lists == [("revealed/", revealed_key(DAY2 - dt.timedelta(days=DAYS_LOOKED_BACK + 1)))]  # type: ignore[attr-defined]


def test_a_stored_secret_of_the_wrong_length_is_tampering(stores: Stores, read_only: Stores) -> None:
    stores.secrets.put_new(secret_key(DAY2), b"short")

    with pytest.raises(TamperedRecord, match="holds 5 bytes"):
        TodaysRolls(read_only).roll(PLAYER, at(DAY2, "12:00"))


def test_no_roll_is_given_under_a_commitment_published_after_the_grace(tmp_path: Path) -> None:
    # Given the publisher down until 00:30 (by the store's own time): its first run makes today's secret and publishes
    # its commitment late, so no verdict of the day can be fair (review)
    timeline = Timeline(at(DAY2, "00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at(DAY2, "00:30"))
    rolls = TodaysRolls(stores)

    # Then the game's route gives no roll all day, and says why
    for moment in ("00:30:01", "23:59:59"):
        with pytest.raises(LateCommitment, match="published at 2025-03-02 00:30:00 UTC, after the 15 minutes"):
            rolls.roll(PLAYER, at(DAY2, moment))

    # and rolls again the next day, committed in time
    timeline.publish(stores, at(DAY3, "00:00:02"))
    assert rolls.roll(PLAYER, at(DAY3, "09:00")).date == DAY3


def test_a_late_days_refusal_is_kept_for_the_rest_of_the_day_and_read_again_the_next(tmp_path: Path) -> None:
    # Given today's commitment published at 00:30 by the store's own time, which no later write makes in time
    timeline = Timeline(at(DAY2, "00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at(DAY2, "00:30"))
    counted = counting_reads(stores)
    rolls = TodaysRolls(counted)

    # When the game asks again and again all day
    for moment in ("00:30:01", "09:00", "23:59:59"):
        with pytest.raises(LateCommitment, match="published at 2025-03-02 00:30:00 UTC"):
            rolls.roll(PLAYER, at(DAY2, moment))

    # Then the secret and the commitment were read for the first refusal alone
    assert counted.secrets.reads == [secret_key(DAY2)]  # type: ignore[attr-defined]
    assert counted.archive.reads == [commitment_key(DAY2)]  # type: ignore[attr-defined]

    # and the next day, committed in time, is read and rolled
    timeline.publish(stores, at(DAY3, "00:00:02"))
    assert rolls.roll(PLAYER, at(DAY3, "00:00:03")).date == DAY3
    assert counted.secrets.reads == [secret_key(DAY2), secret_key(DAY3)]  # type: ignore[attr-defined]


def test_a_commitment_published_at_the_end_of_its_grace_is_in_time(tmp_path: Path) -> None:
    timeline = Timeline(at(DAY2, "00:00"))
    stores = timeline.stores(tmp_path)
    timeline.publish(stores, at(DAY2, "00:15"))

    assert TodaysRolls(stores).roll(PLAYER, at(DAY2, "12:00")).date == DAY2


@pytest.mark.parametrize(
    ("written", "said"),
    [("2025-03-01 23:59", "written at 2025-03-01 23:59:00 UTC, before its day began"), (None, "gives no time")],
    ids=["early", "undated"],
)
def test_a_commitment_dated_before_its_day_or_not_dated_at_all_is_tampering(
    tmp_path: Path, written: str | None, said: str
) -> None:
    # Given today's secret made on its day, and a commitment to it S3 dates the day before or gives no time for, which
    # the publisher never writes: no verdict of the day could be fair
    timeline = Timeline(at(DAY2, "00:00"))
    stores = timeline.stores(tmp_path)
    secret = bytes(range(32))
    if written is not None:
        timeline.now = dt.datetime.fromisoformat(written).replace(tzinfo=dt.UTC)
    stores.archive.put_new(
        commitment_key(DAY2),
        Commitment(date=DAY2, commitment=seal_of(secret), published_at=at(DAY2, "00:00:02")).to_bytes(),
    )
    timeline.now = at(DAY2, "00:00:02")
    stores.secrets.put_new(secret_key(DAY2), secret)
    archive = stores.archive if written is not None else Undated(stores.archive, "commitments/")

    with pytest.raises(TamperedRecord, match=said) as tampered:
        TodaysRolls(Stores(secrets=stores.secrets, archive=archive)).roll(PLAYER, at(DAY2, "12:00"))

    assert tampered.value.field == "commitment"


class MidnightRunAsListed(PassingStore):
    """The archive as a request begun in a day's last seconds lists it: the next day's midnight run (`run`) has
    revealed the day by the time S3 answers the listing."""

    def __init__(self, inner: ObjectStore, run: Callable[[], object]) -> None:
        super().__init__(inner)
        self.run = run

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        self.run()
        return super().list(prefix, after, through, each_page=each_page)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self.run()
        return super().list_dated(prefix, after, through, each_page=each_page)


def test_a_request_in_the_days_last_seconds_whose_listing_is_answered_after_midnight_still_gets_its_roll(
    tmp_path: Path,
) -> None:
    # Given DAY1 and DAY2 published by their midnight runs, and a cold route asked for a roll at 23:59:59 of DAY2,
    # whose listing S3 answers after DAY3's midnight run has revealed DAY2 (the archive dates that record 00:00:01)
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY2, "00:00:02"))
    midnight = MidnightRunAsListed(stores.archive, lambda: timeline.publish(stores, at(DAY3, "00:00:01")))
    rolls = TodaysRolls(Stores(secrets=stores.secrets, archive=midnight))

    # When the game asks, Then it gets the player's DAY2 roll: the record listed was written once DAY2 was over, by the
    # publisher, not put there before (review: a 502 tampered_record, "revealed/2025-03-02.json is there before
    # 2025-03-02 is over")
    roll = rolls.roll(PLAYER, at(DAY2, "23:59:59"))
    assert (roll.date, roll.dice) == (DAY2, seed_004.faces(secret_of(stores, DAY2), DAY2.isoformat(), PLAYER))
    assert stores.archive.get(revealed_key(DAY2)) is not None


def test_a_record_put_in_the_days_last_minute_gives_no_roll_to_a_request_in_its_last_seconds(tmp_path: Path) -> None:
    # Given DAY1 and DAY2 published by their midnight runs, and DAY2's own record put at 23:59:30, while DAY2 is played
    timeline, stores = day1_committed(tmp_path)
    timeline.publish(stores, at(DAY2, "00:00:02"))
    timeline.now = at(DAY2, "23:59:30")
    key = put_record_before_today_is_over(stores, DAY2, "today's own")

    # When the game asks at 23:59:59, Then no roll is given: the archive dates that record before DAY2 was over
    with pytest.raises(TamperedRecord, match=rf"{re.escape(key)} is there before {DAY2} is over"):
        TodaysRolls(stores).roll(PLAYER, at(DAY2, "23:59:59"))
