"""What the fuzz tests share: how long they run, hostile text and JSON of any shape, and the one verdict on a refusal.

Every run is bounded: the normal suite draws a few hundred examples per property;
`FAIRDICE_FUZZ_LONG=1` (`make fuzz`) draws twenty times as many.
"""

import os
import re

from fairdice import problems
from fairdice.problems import Problem
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

LONG = os.environ.get("FAIRDICE_FUZZ_LONG") == "1"
# A refusal must stay readable whatever was sent: no problem echoes a megabyte back. The README's Security section
# promises at most 300 characters; the core cuts a field's name at 100 (review: these tests held 400 and 120). Written
# here, not taken from the core, so that the core's bounds raised fail the tests rather than move them.
MAX_MESSAGE = 300
MAX_FIELD = 100
assert problems.MAX_MESSAGE <= MAX_MESSAGE and problems.MAX_FIELD <= MAX_FIELD, "the core's bounds passed these"


def bounded(examples: int) -> settings:
    """Hypothesis settings for `examples` draws (twenty times as many in a long run), no deadline."""
    return settings(
        max_examples=examples * 20 if LONG else examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


# Every kind of character, surrogates, controls and unassigned code points included.
any_char = st.characters(codec=None, categories=None) | st.characters(categories=["Cc", "Cs", "Cn", "Cf", "Zl", "Zp"])
any_text = st.text(any_char, max_size=80)
# Near misses: the characters the parsers care about, mixed with look-alikes (fullwidth and
# Arabic-Indic digits, a non-breaking space, dashes that are not '-', a superscript two).
near_chars = st.sampled_from([*"0123456789abcdefABCDEFxg-:/,; \t\n\r#.)[]{}\"'+%&=?", *"٣２\u00a0–×²\x00\ufeff"])
near_text = st.text(near_chars, max_size=80)
hostile_text = any_text | near_text

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()  # NaN and infinities too: Python's json module reads them
    | hostile_text
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(hostile_text, inner, max_size=6),
    max_leaves=30,
)


def field_root(field: str) -> str:
    """`client_seeds` of `client_seeds[1]` or `client_seeds.white`."""
    return re.split(r"[.\[]", field, maxsplit=1)[0]


def assert_named(problems: list[Problem], *fields: str) -> None:
    """A refusal in words: at least one problem, each naming a field and saying what is wrong, briefly.

    With `fields`, every problem is about one of them (or a part of one, `client_seeds[1]`).
    """
    assert problems, "a refusal must say what is wrong"
    for problem in problems:
        assert problem.field and problem.message.strip(), problem
        assert len(problem.message) <= MAX_MESSAGE and len(problem.field) <= MAX_FIELD, problem
        if fields:
            assert field_root(problem.field) in fields, (problem, fields)
