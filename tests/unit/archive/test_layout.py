"""fairdice.archive.layout: when a day's secret is due, for every day the calendar has."""

import datetime as dt

from fairdice.archive.layout import reveal_time, reveal_time_if_any
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
