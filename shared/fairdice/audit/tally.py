"""What a shard's audit adds up to, in whole numbers that merge exactly.

Every figure of the summary is built from these: outcome counts, each die's face counts, and the
sums the independence tests need (runs above and below the middle face, lag-1 products). Sums of
integers merge by addition; the two ends of each die's sequence let the runs and lag products of
two shards be joined as if their dice had been read in one stream, shard after shard.
"""

import math
import zlib
from collections.abc import Iterable, Sequence
from operator import mul
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, StringConstraints, model_validator

Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]


def _sumprod_by_map(p: Sequence[int], q: Sequence[int]) -> int:
    return sum(map(mul, p, q))


# The sum of products of two sequences of equal length: math.sumprod (Python 3.12, the runtime has 3.13) adds up a
# block's lag products in C, two and a half times as fast as sum(map(mul, ...)), which it falls back to before 3.12.
_sumprod = getattr(math, "sumprod", _sumprod_by_map)

# A die of at most this many sides writes a face in four bits: a face and the next are then one byte, `(face << 4) |
# next`, and all of a block's pairs two big integers made from its bytes, with no carry from one byte into another.
_NIBBLE_SIDES = 15
_PRODUCT = bytes((code >> 4) * (code & 15) for code in range(256))  # a pair's byte to its two faces' product
# zlib.adler32's low half is 1 plus its bytes' sum, modulo 65521: exact for bytes adding up to this at most
_ADLER_MOST = 65521 - 2


def lag_sum(raw: bytes, sides: int) -> int:
    """The sum of each face's product with the next, of a die's faces `raw` (each from 1 to `sides`, as `DieStream`
    has counted them): `math.sumprod(raw[:-1], raw[1:])`. For a die of at most 15 sides (every scheme's but the d20) in
    C passes over the block, in about a third of sumprod's time (which went mostly on a Python int for each byte): each
    pair written as one byte, translated to its product, and the products added by `zlib.adler32`, in pieces short
    enough that its modulus never wraps (BENCHMARKS.md section 7, stop 65)."""
    pairs = len(raw) - 1
    if sides > _NIBBLE_SIDES:
        return _sumprod(raw[:-1], raw[1:])
    if pairs < 1:
        return 0
    products = ((int.from_bytes(raw[:-1]) << 4) | int.from_bytes(raw[1:])).to_bytes(pairs).translate(_PRODUCT)
    piece = _ADLER_MOST // (sides * sides)  # the most products of this die that add up to no more
    return sum((zlib.adler32(products[at : at + piece]) & 0xFFFF) - 1 for at in range(0, pairs, piece))


class Counts(BaseModel):
    """How many games were read, rolls recomputed, games of each outcome, lines not read, and the rolls compared.

    A recorded roll that differs and a roll that was never recorded are counted apart, as a verdict
    counts them: the first makes a game a mismatch, the second only leaves it incomplete.
    """

    games: NonNegativeInt = 0
    rolls: NonNegativeInt = Field(default=0, description="rolls recomputed")
    fair: NonNegativeInt = 0
    mismatch: NonNegativeInt = 0
    incomplete: NonNegativeInt = 0
    withheld: NonNegativeInt = 0
    errors: NonNegativeInt = Field(default=0, description="lines that could not be verified")
    rolls_differ: NonNegativeInt = Field(default=0, description="recorded rolls that differ from the recomputed ones")
    rolls_missing: NonNegativeInt = Field(default=0, description="recomputed rolls that were not recorded")
    rolls_extra: NonNegativeInt = Field(default=0, description="recorded rolls beyond those recomputed")
    # Found by the merge, across shards (a shard's partial counts none): by scheme, the later line's.
    duplicate_ids: NonNegativeInt = Field(default=0, description="games whose id an earlier game has")
    repeated_games: NonNegativeInt = Field(
        default=0,
        description=(
            "lines filing an earlier line's game again: under another id (the same secret, inputs and start), or its"
            " secret with other inputs or under another scheme (a secret rolls one game, or one match, of one scheme,"
            " with one set of inputs)"
        ),
    )
    windows: NonNegativeInt = Field(
        default=0,
        description="games checked from a roll past the game's first (a window of it): each is one of `games`, and"
        " `incomplete` or `mismatch`, never `fair`",
    )

    def add(self, other: "Counts") -> None:
        """Add another count to this one."""
        for name in Counts.model_fields:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def all_fair(self) -> bool:
        """Every game read was fair and every line was read."""
        return self.fair == self.games and not self.errors

    def holds(self, parts: Iterable["Counts"]) -> None:
        """ValueError unless each of these counts is at least what `parts` (its counts by scheme) add up to: a line
        counted under a scheme is counted overall too, and one that names no scheme overall alone. A partial or summary
        whose schemes count more than it does was not written by fairdice (review: the report's row of lines that name
        no scheme showed a negative count for it)."""
        parts = list(parts)  # read once for each count: an iterator would be spent after the first
        for name in Counts.model_fields:
            total = sum(getattr(part, name) for part in parts)
            if total > getattr(self, name):
                raise ValueError(f"its schemes count {total} {name}, more than its {getattr(self, name)} overall")


class DieTally(BaseModel):
    """One die's recomputed faces as one stream: counts per face and the sums its tests need.

    `high` counts faces above the middle (face > sides / 2; no die here has a middle face) and
    `runs` the runs of high and low faces; `lag` is the sum of each face times the next.
    """

    sides: PositiveInt
    faces: list[NonNegativeInt]
    n: NonNegativeInt = 0
    total: NonNegativeInt = 0
    squares: NonNegativeInt = 0
    lag: NonNegativeInt = 0
    high: NonNegativeInt = 0
    runs: NonNegativeInt = 0
    first: PositiveInt | None = None
    last: PositiveInt | None = None

    @classmethod
    def empty(cls, sides: int) -> "DieTally":
        """A die with nothing seen yet."""
        return cls(sides=sides, faces=[0] * sides)

    def join(self, after: "DieTally") -> None:
        """Append a whole other stream of the same die, read after this one."""
        if after.n == 0:
            return
        if self.n == 0:
            copy = after.model_copy(deep=True)
            for name in DieTally.model_fields:
                setattr(self, name, getattr(copy, name))
            return
        assert self.last is not None and after.first is not None
        self.faces = [a + b for a, b in zip(self.faces, after.faces, strict=True)]
        self.lag += after.lag + self.last * after.first
        self.runs += after.runs - ((2 * self.last > self.sides) == (2 * after.first > self.sides))
        self.n += after.n
        self.total += after.total
        self.squares += after.squares
        self.high += after.high
        self.last = after.last


class DieStream:
    """A die's tally while a shard is read: its faces gathered, a block at a time, then added up in C.

    A game's faces are only appended to a buffer (`add`); every `block` bytes, and at the end, the
    buffer is counted and classified by bytes methods, one call per face rather than one Python step
    per game. `tally()` gives the `DieTally` that is stored and merged.
    """

    __slots__ = (
        "_block",
        "_buffer",
        "_high",
        "faces",
        "first",
        "high",
        "lag",
        "last",
        "n",
        "runs",
        "sides",
        "squares",
        "total",
    )

    def __init__(self, sides: int, block: int = 1 << 16) -> None:
        self.sides = sides
        self._block = block
        self._high = bytes(int(2 * face > sides) for face in range(256))
        self._buffer = bytearray()
        self.faces = [0] * sides
        self.n = self.total = self.squares = self.lag = self.high = self.runs = 0
        self.first: int | None = None
        self.last: int | None = None

    def add(self, faces: Iterable[int]) -> None:
        """Append one game's faces of this die, in roll order (each a face from 1 to `sides`)."""
        self._buffer.extend(faces)
        if len(self._buffer) >= self._block:
            self._flush()

    def _flush(self) -> None:
        raw = bytes(self._buffer)
        self._buffer.clear()
        if not raw:
            return
        counts = [raw.count(face) for face in range(1, self.sides + 1)]
        if sum(counts) != len(raw):
            raise ValueError(f"a face outside 1 to {self.sides} was tallied")
        high = raw.translate(self._high)  # 1 for a face above the middle, else 0
        last = self.last
        # A run that the faces before this block ended and the block goes on with is one run, not two.
        continues = last is not None and (2 * last > self.sides) == high[0]
        self.lag += lag_sum(raw, self.sides) + (last * raw[0] if last is not None else 0)
        # The places where a face and the next fall on different sides of the middle: the bits of the flags XORed with
        # the same flags one face on, each as one big integer (a byte per flag, 0 or 1). Three C passes, where counting
        # the pairs 01 and 10 took two searches of twice the time.
        changes = (int.from_bytes(high[:-1]) ^ int.from_bytes(high[1:])).bit_count()
        self.runs += 1 + changes - continues
        self.faces = [mine + more for mine, more in zip(self.faces, counts, strict=True)]
        self.n += len(raw)
        self.total += sum(face * count for face, count in enumerate(counts, start=1))
        self.squares += sum(face * face * count for face, count in enumerate(counts, start=1))
        # Every byte is a face (the counts add up), so the faces above the middle are those faces' counts.
        self.high += sum(count for face, count in enumerate(counts, start=1) if 2 * face > self.sides)
        if self.first is None:
            self.first = raw[0]
        self.last = raw[-1]

    def tally(self) -> DieTally:
        """What this die added up to."""
        self._flush()
        return DieTally(**{name: getattr(self, name) for name in DieTally.model_fields})


class SchemeTally(BaseModel):
    """One scheme's counts and its dice."""

    counts: Counts = Field(default_factory=Counts)
    dice: dict[str, DieTally] = Field(default_factory=dict)

    def join(self, after: "SchemeTally") -> None:
        """Add another shard's tally of this scheme, read after this one."""
        self.counts.add(after.counts)
        for name, die in after.dice.items():
            mine = self.dice.setdefault(name, DieTally.empty(die.sides))
            mine.join(die)


class InputRecord(BaseModel):
    """A file or S3 object read whole: its name (and S3 version), size and SHA-256 of its bytes."""

    model_config = ConfigDict(frozen=True)

    file: str
    bytes: int
    sha256: Sha256
    version: str | None = None
    etag: str | None = Field(
        default=None, description="a stored object's ETag as read: the merge counts its partial while it is listed so"
    )

    def shown(self) -> dict[str, object]:
        """As the summary lists it: `version` only for a stored object that has one (its SHA-256 says what the ETag
        would)."""
        return self.model_dump(exclude_none=True, exclude={"etag"})


class Partial(BaseModel):
    """One shard's audit: where its lines came from, what they add up to; its findings and ids beside it.

    `source` is set when the shard is a whole file or object (AWS); a local run's blocks are
    parts of files the runner hashes itself.
    """

    file: str
    first_line: int
    last_line: int
    source: InputRecord | None = None
    lines_sha256: str | None = Field(
        default=None,
        description="a local block's lines as read (`lines.lines_sha256`): a resume reuses it for them only",
    )
    format: int = Field(
        default=1,
        description="how its game keys are made and which ids it keeps (`shard.PARTIAL_FORMAT`): a resume audits"
        " another again",
    )
    archive: str | None = Field(default=None, description="the daily archive its daily games were checked against")
    fairdice: str | None = Field(
        default=None,
        description="the version of fairdice that audited the shard (none: written before partials named it)",
    )
    refused: NonNegativeInt = Field(
        default=0, description="lines whose finding is an archive read S3 refused: a local resume audits them again"
    )
    failed: NonNegativeInt = Field(
        default=0, description="lines fairdice failed on (internal_error): a local resume audits them again"
    )
    unreadable: NonNegativeInt = Field(
        default=0,
        description="lines whose finding is an archive object the store gives no bytes for yet (`NotReadableYet`: in"
        " Glacier until restored): a local resume audits them again",
    )
    counts: Counts = Field(default_factory=Counts)
    by_scheme: dict[str, SchemeTally] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _schemes_within_counts(self) -> "Partial":
        self.counts.holds([tally.counts for tally in self.by_scheme.values()])
        return self


class WorkerAnswer(BaseModel):
    """What a worker returned to the map for its shard (functions/audit_worker's ShardAudited), which the map run's
    result files keep, as far as the merge holds a partial result to it: its games, games not fair and lines not
    verified, and the SHA-256 of the summary.json, findings.jsonl, ids.txt and games.txt it stored."""

    model_config = ConfigDict(extra="ignore")

    games: NonNegativeInt
    not_fair: NonNegativeInt
    errors: NonNegativeInt
    # None from a worker that returned no digest (an earlier version): its partial is held to its counts alone
    summary_sha256: Sha256 | None = None
    findings_sha256: Sha256 | None = None
    ids_sha256: Sha256 | None = None
    games_sha256: Sha256 | None = None
