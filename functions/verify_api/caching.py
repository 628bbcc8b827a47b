"""Cache-Control for the daily routes: what the archive reader says an answer is, as a cache policy."""

from fairdice.archive.reader import DayRecord, is_final
from fairdice.verdict import Verdict

# A revealed day never changes; anything else may.
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT_LIVED = "public, max-age=60"


def cache_control(answer: Verdict | DayRecord) -> str:
    """The Cache-Control header for a daily route's answer: long-lived only once it cannot change."""
    return IMMUTABLE if is_final(answer) else SHORT_LIVED
