"""`summary.json`: what an audit found, in the shape auditors read (and the report draws)."""

import hashlib
import math
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field, NonNegativeInt, field_serializer, model_validator

import fairdice
from fairdice.audit.tally import Counts, InputRecord
from fairdice.prose import counted, was

SUMMARY = "summary.json"
FINDINGS = "findings.jsonl"
UNKNOWN_VERSION = "unknown"  # a partial written before partials named the fairdice that made them
REPORT = "report.html"
MIN_EXPECTED = 5  # dice expected of each face below which no bias is said detectable, and no band drawn (stats, report)
MIN_TESTED = 1  # dice expected of each face below which the chi-square p-value is not given (stats.uniformity)
MIN_SEQUENCE = 20  # dice of a die below which the runs and serial tests' p-values are not given (stats.independence)
# Dice on each side of the middle, in number and in share of a die's dice, below which the runs test's p-value is not
# given (stats.independence): a fair die has half of them on each side
MIN_SIDE = 20
MIN_SIDE_SHARE = 0.1
# What each of `passed_over` is, said alike in its description, on stderr and in the report (review: a folder that
# could no longer be read once the audit ended was listed, and the words named three kinds, none of them it)
NOT_READ = (
    "hidden, its name starting with a dot; not a file; put there while the audit ran; or a folder that could no longer"
    " be read"
)


def not_read(count: int) -> str:
    """`2 files or folders in the folders given were not read (…)`: `passed_over` of `count`, said alike on stderr and
    in the report, in `NOT_READ`'s words."""
    files = counted(count, "file or folder", "files or folders")
    return f"{files} in the folders given {was(count)} not read ({NOT_READ})"


# The package's files the Lambda layer leaves out (shared/Makefile's NOT_IN_LAYER, which a test holds equal): the
# command line and the test vectors. The fingerprint leaves them out too, so a layer and a checkout of one commit are
# named alike (review: they never were).
NOT_IN_LAYER = (
    "cli.py",
    "console.py",
    "daily_cli.py",
    "__main__.py",
    "vectors.py",
    "schemes/*_vectors.py",
    "audit/cli.py",
    "audit/local.py",
    "audit/progress.py",
)
_SOURCES = (".py", ".js", ".css")  # what the package is made of: not an editor's backup or swap file beside it


@cache
def audited_by() -> str:
    """This fairdice as partials and summaries name it: its version, and after `+` the start of a SHA-256 of its
    sources the layer holds too (names and bytes). The version number alone changes only at a release, and a changed
    layer or checkout may audit differently under the same one (review: every change so far was 0.1.0). `+unknown`
    where no source file is found (a package imported from a zip)."""
    root = Path(fairdice.__file__).parent
    digest = hashlib.sha256()
    found = 0
    for path in sorted(root.rglob("*")):
        named = path.relative_to(root).as_posix()
        if (
            path.suffix in _SOURCES
            and "__pycache__" not in path.parts
            and not any(fnmatchcase(named, pattern) for pattern in NOT_IN_LAYER)
            and path.is_file()
        ):
            digest.update(named.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
            found += 1
    return f"{fairdice.__version__}+{digest.hexdigest()[:12] if found else 'unknown'}"


def _finite(value: object) -> object:
    """A figure that is no number (NaN, infinity) is a test the data cannot support: null, on the page too."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


# A test's figure: a number, or null where the test cannot be made.
Figure = Annotated[float | None, BeforeValidator(_finite)]


class Uniformity(BaseModel):
    """Chi-square of a die's face counts against equal chances."""

    chi2: Figure
    df: int
    p_value: Figure


class Independence(BaseModel):
    """Runs above and below a die's middle face, and the lag-1 serial correlation of its faces."""

    runs_z: Figure
    runs_p_value: Figure
    serial_correlation: Figure
    serial_p_value: Figure


class Summary(Counts):
    """Every input read, the counts overall and per scheme, each die's faces and its tests."""

    inputs: list[InputRecord] = Field(default_factory=list)
    archives: list[str] = Field(
        default_factory=list,
        description="the daily archives daily games were checked against (none: each against what it carries)",
    )
    passed_over: list[str] = Field(
        default_factory=list,
        description=f"what the folders given held and the audit did not read, each {NOT_READ}",
    )
    not_audited: NonNegativeInt = Field(
        default=0,
        description="shards (on AWS) whose audit failed or never ran, and files (a local run) changed once they were"
        " read: none of their games is counted, and each is one of `errors`, a finding of its own",
    )
    never_listed: list[str] = Field(
        default_factory=list,
        description="keys the map run's result files name (on AWS) that are not under the input prefix, which the map"
        " never listed: no shard, and not among `not_audited` nor `errors`, but a finding of its own (`never_listed`);"
        " no shard of the run is counted then, as the files cannot be held to it",
    )
    mirror_games: dict[str, NonNegativeInt] = Field(
        default_factory=dict,
        description="by scheme, the lines that are a mirror pair's second game (seed 003), a game of its own whose dice"
        " are its first game's: they are counted again in `faces` and its tests, which then fail fair dice more often",
    )
    fairdice: list[str] = Field(
        default_factory=list,
        description="the versions of fairdice that audited the shards and merged them, sorted: one, unless partial"
        ' results were written by another ("unknown": a partial that did not name its version)',
    )
    by_scheme: dict[str, Counts] = Field(default_factory=dict)
    faces: dict[str, dict[str, list[int]]] = Field(default_factory=dict)
    uniformity: dict[str, dict[str, Uniformity]] = Field(default_factory=dict)
    independence: dict[str, dict[str, Independence]] = Field(default_factory=dict)
    power: dict[str, dict[str, Figure]] = Field(
        default_factory=dict,
        description="the smallest excess chance of one face over 1/sides that the chi-square test detects"
        " at 99% confidence with 80% power by the noncentral chi-square approximation (the true power is lower,"
        " from about 67% to near 80%, the lower the fewer dice and the more sides); null below 5 dice expected of"
        " each face, where that approximation is far off",
    )

    @model_validator(mode="after")
    def _parts_within_counts(self) -> "Summary":
        # what the report shows apart, never a negative count: the lines that name no scheme, and the lines not verified
        # beside the shards not audited, each one of `errors` (a merge of partials that hold, `Partial`, holds). A
        # line a scheme counts is no shard not audited, so the two together are within `errors` (review: each held
        # alone, the row of lines that name no scheme showed -1 for 2 errors, 1 not audited and 2 lines under a scheme)
        self.holds(self.by_scheme.values())
        named = sum(counts.errors for counts in self.by_scheme.values())
        if self.not_audited + named > self.errors:
            beside = f" beside {named} lines not verified under its schemes" if named else ""
            raise ValueError(
                f"{self.not_audited} not audited{beside}, each one of errors, more than its {self.errors} errors"
            )
        return self

    @field_serializer("inputs")
    def _inputs(self, inputs: list[InputRecord]) -> list[dict[str, Any]]:
        return [record.shown() for record in inputs]

    def document(self) -> dict[str, Any]:
        """The summary as `summary.json` holds it: `inputs` first, then the counts, then the rest, and last what is
        beyond the shape issue 13 asked for: the shards not audited, the keys never listed, the mirror pairs' second
        games, the daily archives read, what was passed over, the versions of fairdice that made it."""
        dumped = self.model_dump(mode="json")  # a test's figure that is no number is null already (`Figure`)
        order = [
            "inputs",
            *Counts.model_fields,
            "by_scheme",
            "faces",
            "uniformity",
            "independence",
            "power",
            "not_audited",
            "never_listed",
            "mirror_games",
            "archives",
            "passed_over",
            "fairdice",
        ]
        return {key: dumped[key] for key in order}

    @property
    def finding_lines(self) -> int:
        """How many lines `findings.jsonl` holds: one per game not fair, per line not verified (a shard not audited is
        one), per duplicate id, per repeated game and per key the map run's result files name that it never listed."""
        return self.games - self.fair + self.errors + self.duplicate_ids + self.repeated_games + len(self.never_listed)

    @property
    def clean(self) -> bool:
        """At least one game read, every game fair, every line read, no id used twice, no game filed twice, nothing in
        the folders given passed over, no key never listed (on AWS): the audit's exit status 0. An audit that read no
        game proves nothing fair, and one that passed a file over does not prove that file's games fair."""
        return (
            self.games > 0
            and self.all_fair
            and not self.duplicate_ids
            and not self.repeated_games
            and not self.passed_over
            and not self.never_listed
        )
