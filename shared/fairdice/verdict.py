"""The verdict: what one verify request is answered with (SPEC §3), and its parts."""

import datetime as dt
from typing import Literal, NamedTuple, NotRequired

from pydantic import BaseModel, ConfigDict, Field, JsonValue
from typing_extensions import TypedDict

from fairdice import __version__

Outcome = Literal["fair", "mismatch", "incomplete", "withheld"]
# What leaves a verdict `incomplete` (`verify.outcome`: no seal, rolls not recorded, a scope that is not a game, and the
# caveats of a scheme's `Revealed`, the daily archive's), each in a few words without a comma: the audit report's "How
# to read" and the README's audit paragraph list these, one source for both (review: both left out a daily roll whose
# commitment the archive does not keep under Object Lock, one whose record it does not show revealed after its day, and
# one whose versions S3 refused to list)
INCOMPLETE_WHEN: tuple[str, ...] = (
    "no seal",
    "some or all rolls not recorded",
    "a window that starts past the game's first roll",
    "a take-back line",
    "rolls that end at an opening roll that tied",
    "a daily roll without the archive's commitment published in time",
    "a daily roll whose commitment or record the archive does not keep under S3 Object Lock in compliance mode",
    "a daily roll whose record the archive does not show revealed after its day was over",
    "a daily roll whose commitment and record S3 refused to list the versions of",
)
# not_checked: given, but the secret that would check it is not revealed yet (a withheld verdict only).
CheckResult = Literal["match", "mismatch", "not_given", "not_checked"]
# partial: every recorded roll matches, but the recorded list stops before the rolls computed.
RollsCheck = Literal["match", "mismatch", "partial", "not_given", "not_checked"]
ScopeKind = Literal["game", "window", "take_back", "unfinished"]


class Checks(BaseModel):
    """The two things a verdict rests on."""

    seal: CheckResult = Field(
        description="match: the SHA-256 of the secret is the seal given; mismatch: it is not; not_given: no seal was"
        " given; not_checked: one was given, or the daily archive published one, but the secret that would check it is"
        " not revealed yet (withheld)"
    )
    rolls: RollsCheck = Field(
        description="match: every roll computed was recorded and matches; partial: those recorded match but the"
        " list stops early; mismatch: a roll differs or an extra one was recorded; not_given: none recorded;"
        " not_checked: rolls were recorded, but the secret that computes them is not revealed yet (withheld)"
    )


class Scope(BaseModel):
    """Where the rolls checked sit in the game's structure: what a verdict can be about.

    Only `game` can be `fair`: every other kind is at most `incomplete`, however well its rolls match.
    """

    model_config = ConfigDict(frozen=True)  # one scope may serve many verdicts (`numbered_scope`)

    kind: ScopeKind = Field(
        description="game: from the game's first roll, in the scheme's own order; window: a piece starting past"
        " it; take_back: rolls on a take-back line; unfinished: from the game's first roll to an opening roll that"
        " tied, rolled again"
    )
    first: int | None = Field(description="the first roll's index in the scheme's own numbering")
    last: int | None = Field(description="the last computed roll's index")
    description: str = Field(description="the same in words, such as 'rolls 1 to 52 from the game's start'")


class GameInput(BaseModel):
    """A value that identifies the game and decides every roll (the scheme, or an input that goes into each roll): the
    player must recognise it as theirs."""

    field: str
    value: JsonValue
    description: str = Field(description="what the player should recognise it as")

    @property
    def text(self) -> str:
        """The value as the pages write it: a list's items joined by commas, yes or no for a yes-or-no question."""
        if isinstance(self.value, bool):
            return "yes" if self.value else "no"
        return ", ".join(map(str, self.value)) if isinstance(self.value, list) else str(self.value)


class SealReport(BaseModel):
    """The seal the game showed, if given, and the one the revealed secret gives."""

    given: str | None = Field(
        description="the seal the secret is held to: the one given; for daily, the commitment the daily archive"
        " published for the day (with published_at, in_time, locked and versions_unseen), before the day is revealed"
        " too"
    )
    computed: str | None = Field(description="the SHA-256 of the revealed secret; null while it is withheld")
    published_at: dt.datetime | None = Field(
        default=None,
        description="when the seal was published, where an archive says (daily: its own timestamp); null where no"
        " archive was read, it published none for the day, or S3 gives no time of its own for it",
    )
    in_time: bool | None = Field(
        default=None,
        description="whether it was published before the game's play (daily: 15 minutes after 00:00 UTC); false too,"
        " with none given, for a daily day not revealed yet whose archive published none in that time, and where the"
        " archive's times are not S3's own (a folder) or S3 gives none; null where no archive was read, or it"
        " published none for the day otherwise",
    )
    locked: bool | None = Field(
        default=None,
        description="daily: whether the daily archive keeps the commitment (once revealed, the record too) under S3"
        " Object Lock in compliance mode, whose retention has not ended, as GET /daily/{date} says it (locked); false,"
        " another may be shown in its place, so the day's rolls are at most incomplete; null where no archive was read,"
        " it published none for the day, or the archive's times are not S3's own (a folder)",
    )
    versions_unseen: str | None = Field(
        default=None,
        description="daily: why the daily archive's versions of the commitment and record could not be listed (S3"
        " refused it), in words, as GET /daily/{date} says it (versions_unseen): nothing then rules out one hidden or"
        " written again, so the day's rolls are at most incomplete, whatever in_time and locked say; null where they"
        " were listed, no archive was read, or it keeps no versions (a folder), and for a day not revealed yet, whose"
        " versions are listed only once it is revealed",
    )


class RollReport(TypedDict):
    """One roll: how to recompute it, what it is, and whether it matches what was seen.

    A typed dict rather than a model: a verdict holds up to 10,000 of them, and a model per
    roll cost more than recomputing the roll (see BENCHMARKS.md). `label` and `winner` appear
    only on bg schemes' rolls (`winner` only on opening rolls).
    """

    index: int
    message: str | None
    dice: list[int] | None
    recorded: list[int] | None
    matches: bool | None
    label: NotRequired[str]
    winner: NotRequired[str]


class Summary(BaseModel):
    """Counts over the roll list: a roll that differs and a roll that is missing are counted apart."""

    count: int = Field(description="rolls computed")
    compared: int = Field(description="rolls computed that had a recorded roll to compare with")
    mismatches: int = Field(description="differ + extra: what makes a verdict mismatch")
    first_mismatch: int | None = Field(description="the index of the first roll that differs or is extra")
    differ: int = Field(default=0, description="recorded rolls that differ from the computed ones")
    missing: int = Field(default=0, description="computed rolls the recorded list stops before")
    extra: int = Field(default=0, description="recorded rolls beyond those computed")


class Verifier(BaseModel):
    """Who computed the verdict."""

    name: Literal["fairdice"] = "fairdice"
    version: str = __version__


class WithheldReport(BaseModel):
    """Why a verdict is `withheld`, and when the secret is due."""

    reason: str
    reveal_at: dt.datetime | None = None
    overdue: bool = Field(
        default=False, description="the secret was due at reveal_at and the archive has still not revealed it"
    )
    at_most_incomplete: bool = Field(
        default=False,
        description="whatever secret is revealed, the verdict will be at most incomplete, and the reasons say why"
        " (daily: no commitment published in its time, one S3 gives no time of its own for, or one not kept under S3"
        " Object Lock in compliance mode; an archive whose times are not AWS S3's own (a folder, another S3 endpoint),"
        " or no daily archive consulted, as a check without one, whose clock withholds a day not over)",
    )
    recorded: list[list[int]] | None = Field(
        default=None,
        description="the recorded rolls that came with the request, as given: none is checked before the secret is"
        " revealed",
    )


Cause = Literal[
    "numbering_shifted",
    "seat_order",
    "opening_roll",
    "match_game",
    "take_back_line",
    "dice_order",
    "spaces_at_ends",
    "letter_case",
    "date_shifted",
    "roll_count",
    "secret_and_seal_swapped",
    "secret_pasted_twice",
    "secret_in_seal_field",
    "seal_in_secret_field",
    "seal_of_hex_text",
    "seal_from_other_game",
    "rolls_from_other_game",
    "too_few_rolls_fit",
    "secret_from_other_game",
    "secret_not_committed",
    "few_rolls_differ",
    "roll_left_out",
    "roll_added",
    "roll_cut_short",
]
# What each cause means, in the words the API's document gives beside its name (review: the document listed the names
# alone, too_few_rolls_fit among them); the diagnosis' findings say it in full, the README's "For support staff" too.
# True of every scheme: where a daily finding says whose other than this game's the seal, the secret or the roll is,
# another day's or another player's (`Words.other_game`, `Words.other_rolls`), the meaning says so too (review: they
# said "another game's" alone), too_few_rolls_fit's of a day's one roll fitting in every face but one or two too.
CAUSE_MEANINGS: dict[Cause, str] = {
    "numbering_shifted": "the rolls numbered from another start",
    "seat_order": "the client seeds, or a match's two apps' numbers, in the other seat order",
    "opening_roll": "a game of the other kind, with an opening roll or without one",
    "match_game": "another game of the match",
    "take_back_line": "a take-back started a new line",
    "dice_order": "each roll's dice listed the other way round",
    "spaces_at_ends": "a space or an invisible character copied with a text",
    "letter_case": "a text typed by hand with other capitals, such as a phrase whose first letter a phone capitalised",
    "date_shifted": "daily, the local date instead of the UTC one",
    "roll_count": "the number of rolls differs",
    "secret_and_seal_swapped": "the secret and the seal in each other's fields",
    "secret_pasted_twice": "the secret written twice in its field",
    "secret_in_seal_field": "the secret given as the seal; daily, also the commitment the archive published given as"
    " the day secret with the roll computed from it: the archive's, to report; so too its SHA-256 given as the day"
    " secret with the roll computed from the commitment",
    "seal_in_secret_field": "the seal given as the secret too; daily, also the commitment the archive published given"
    " as the day secret, with or without it given as the commitment, or its SHA-256 given as the day secret",
    "seal_of_hex_text": "the seal computed over the secret's hex text, not its bytes",
    "seal_from_other_game": "the seal does not fit the secret: another game's seal, or a secret that is not the one"
    " committed to, where more recorded rolls fit the secret than another game's would; the seal, the secret or both"
    " another game's where no more fit, or none were recorded; daily, another day's in place of another game's; pair36"
    " and bg-online-v1, whose seal covers a whole match, another match's",
    "rolls_from_other_game": "none of the mistakes tried explains the rolls, no more of which fit the secret than"
    " another game's might: most likely another game's rolls; daily, another player's or another day's in place of"
    " another game's",
    "too_few_rolls_fit": "as many recorded rolls fit the secret, some or all of them, as another game's would by luck"
    " rarer than 1 time in 100, yet too few to show them its: where none of the mistakes tried explains the rolls, too"
    " few to tell another game's rolls from this game's shown with other dice; where the seal does not fit the secret"
    " either (checks.seal mismatch), too few to tell another game's secret from this game's, which, if the secret and"
    " the seal were copied right, is a secret not the one committed to, to report; so too where the rolls compared fit"
    " the secret, or a mistake tried explains them, but the seal does not, as many fitting as another game's would by"
    " luck rarer than 1 time in 100: too few to tell whether the seal or the secret is another game's; beside"
    " seal_of_hex_text, a seal that is the secret's, computed over its hex text, too few to tell whose the rolls are,"
    " as beside the secret's own seal; daily, also one roll fitting the secret in every face but one or two, as"
    " another's would by luck rarer than 1 time in 100: too few to tell it from another player's or another day's,"
    " or, beside a commitment that does not fit the secret, whether the commitment or the secret is another day's,"
    " or, with one value given as both the secret and the commitment, which of the two it is; so too one recorded roll"
    " of few dice that does not fit a secret its seal fits, or one given without a seal: one roll is too few to tell"
    " another game's from this game's copied wrong or shown with other dice; and rolls that fit a reading tried, said"
    " but offered as no fix, as another game's would fit it or one like it by luck rarer than 1 time in 100, too few"
    " to name it: too few to tell that reading from another game's rolls",
    "secret_from_other_game": "the seal does not fit the secret: daily, the seal the archive published, so the secret"
    " given is another day's or copied wrong, whatever the rolls and whether or not a commitment is given; elsewhere,"
    " and daily with no archive read, none of the mistakes tried explaining the rolls, no more of which fit the secret"
    " than another game's might, most likely another game's secret, daily another day's, pair36 and bg-online-v1"
    " another match's",
    "secret_not_committed": "daily, the archive revealed a secret it had not committed to, whose SHA-256 is not the"
    " commitment it published; where that commitment is the secret itself, the archive published the secret as its"
    " commitment",
    "few_rolls_differ": "only some rolls differ: if they were copied right, a mismatch to report",
    "roll_left_out": "a roll missing from the list",
    "roll_added": "the list holds a roll too many",
    "roll_cut_short": "the last recorded roll cut short inside a face",
}


class Tally(NamedTuple):
    """How many recorded rolls a finding accounts for, as numbers: `fit` of `of`, where `first` says only the first
    `of` recorded are counted (those the diagnosis reads, or those a count or labels ask for). A finding's `explains`
    says them."""

    fit: int
    of: int
    first: bool = False


class Finding(BaseModel):
    """One entry of a mismatch's diagnosis: a likely cause, how much it explains, what to change."""

    # `try` is a Python keyword: the attribute is `try_`, the JSON key `try` whoever dumps it.
    model_config = ConfigDict(frozen=True, serialize_by_alias=True, validate_by_name=True, validate_by_alias=True)

    cause: Cause = Field(
        description="the likely cause, one of: "
        + "; ".join(f"{name} ({meaning})" for name, meaning in CAUSE_MEANINGS.items())
    )
    explains: str = Field(
        description="how many recorded rolls this cause accounts for, as 'k of n rolls' ('k of 1 roll' for one), or"
        " 'k of the first n rolls' where only the first n recorded are counted (those the diagnosis reads, or those a"
        " count or labels ask for), in the scheme's word for a roll: three-dice's 'k of n plies'; 'the seal', in those"
        " words whatever the scheme calls it, where the cause accounts for the seal and counts no rolls"
    )
    detail: str = Field(description="the cause in words, for the person who sent the request")
    try_: dict[str, JsonValue] | None = Field(
        default=None,
        alias="try",
        description="request fields to change (null: remove the field) to test this cause; null when no change can",
    )
    # The numbers `explains` says, for whoever reads them in this process (the page), so that none parses the words
    # back; None where it names no rolls ("the seal"), or the finding was read from JSON, which does not carry them.
    tally: Tally | None = Field(default=None, exclude=True, repr=False)
    # Whether a `seal_from_other_game` finding blames the seal alone, as its words do, decided once where they are
    # written, so that the page's heading of it cannot say otherwise; False (the seal, the secret or both) for any other
    # finding, and one read from JSON, which does not carry it.
    seal_alone: bool = Field(default=False, exclude=True, repr=False)
    # Whether a `too_few_rolls_fit` finding's words, beside a seal that does not fit the secret, say too few rolls fit
    # the secret to tell whose it is (not whose the rolls are), or whether the seal or the secret is another game's, as
    # many fitting as another game's would by luck rarer than the diagnosis' OTHER_GAME_CHANCE, decided where they are
    # written, so that the page heads it so; False for any other finding, and one read from JSON.
    too_few_to_tell: bool = Field(default=False, exclude=True, repr=False)
    # Whether the finding says the seal an authority (the daily archive) published is itself a secret: the one given,
    # the recorded rolls computed from it (`secret_in_seal_field`), so that the page heads it as the archive's to
    # report, not a paste of the player's; or the one it revealed (`secret_not_committed`), so that the page heads it as
    # published, not as a secret other than the one committed to. False for any other finding, and one read from JSON.
    secret_published: bool = Field(default=False, exclude=True, repr=False)
    # The page's heading of the finding, chosen where its words are written, where they say what the cause's own heading
    # does not: in the scheme's words, "{roll}", "{secret}" and "{seal}" standing for them. A `seal_in_secret_field`
    # finding of the SHA-256 of the seal an authority (the daily archive) published given as the secret, not that seal
    # pasted; one of too few of one roll's faces fitting the seal given as the secret to tell a roll computed from that
    # seal from the seal pasted as the secret; a `too_few_rolls_fit` one of too few fitting to tell which of the two one
    # value given in both the secret's and the seal's field is, not whose the secret is. None (the cause's heading) for
    # any other finding, and one read from JSON.
    heading: str | None = Field(default=None, exclude=True, repr=False)
    # Whether a `secret_not_committed` finding counts the last recorded roll as one it accounts for cut short inside its
    # last face, as its words say, so that the page says it accounts for the rolls, as of `roll_cut_short`, not that it
    # fits them; False for any other finding, and one read from JSON.
    cut_short: bool = Field(default=False, exclude=True, repr=False)


class Verdict(BaseModel):
    """The answer to one verify request (SPEC §3)."""

    scheme: str
    verdict: Outcome
    checks: Checks
    seal: SealReport
    rolls: list[RollReport]
    summary: Summary
    verifier: Verifier = Field(default_factory=Verifier)
    withheld: WithheldReport | None = None
    scope: Scope | None = Field(default=None, description="what the rolls checked are; null when withheld")
    reasons: list[str] = Field(default_factory=list, description="why the verdict is not fair, in words")
    identified_by: list[GameInput] = Field(
        default_factory=list,
        description="the game (field scheme: the scheme, described in the words its players know) and then the inputs"
        " that identify it, all chosen by whoever gives them: the player must recognise them",
    )
    source: str | None = Field(
        default=None, description="where the secret the dice were computed from came from, when not with the request"
    )
    diagnosis: list[Finding] | None = Field(
        default=None, description="on a mismatch only: the likely causes, most rolls explained first"
    )
