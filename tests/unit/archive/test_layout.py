"""fairdice.archive.layout: when a day's secret is due, for every day the calendar has; when a commitment is in time."""

import datetime as dt

import pytest
from fairdice.archive.layout import Commitment, Published, reveal_time, reveal_time_if_any
from hypothesis import given
from hypothesis import strategies as st

from unit.strategies import SETTINGS


@SETTINGS
@given(day=st.dates(max_value=dt.date.max - dt.timedelta(days=1)))
def test_a_days_secret_is_due_at_the_next_midnight_utc(day: dt.date) -> None:
    due = reveal_time_if_any(day)
    assert due == reveal_time(day) == dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC)


def test_the_calendars_last_day_has_no_next_midnight_so_no_time_is_due_rather_than_an_error() -> None:
    assert reveal_time_if_any(dt.date.max) is None


@pytest.mark.parametrize(
    ("published_at", "in_time"),
    [
        ("2025-03-01 23:59:59", False),  # before the day began: the secret could have been chosen for its rolls
        ("2025-02-20 00:00:00", False),
        ("2025-03-02 00:00:00", True),
        ("2025-03-02 00:15:00", True),
        ("2025-03-02 00:15:01", False),  # after the grace: players may have rolled already
    ],
)
def test_a_commitment_is_in_time_only_from_its_days_midnight_to_the_grace_after(
    published_at: str, in_time: bool
) -> None:
    # Given 2025-03-02's commitment, dated by a witnessed time
    commitment = Commitment(
        date=dt.date(2025, 3, 2), commitment="ab" * 32, published_at=dt.datetime(2025, 3, 2, tzinfo=dt.UTC)
    )
    when = dt.datetime.fromisoformat(published_at).replace(tzinfo=dt.UTC)

    # Then it is in time only within the day's first minutes
    assert Published(commitment, when, witnessed=True).in_time is in_time
