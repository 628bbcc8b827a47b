"""One shard's audit: every line checked by the core, its findings written as they come.

A shard's partial result goes to the store under `partials/<name>/`: `findings.jsonl` (a line per
game that is not fair and per line that could not be read), `ids.txt` (its games' ids, sorted, for
the duplicate check), `games.txt` (a key per game checked, sorted, for the repeated-game check)
and, last, `summary.json` (a `Partial`). A shard whose `summary.json` exists is done; auditing it
again writes the same objects.
"""

import binascii
import datetime as dt
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, NamedTuple

from pydantic import ValidationError

from fairdice import json_input, schemes
from fairdice.audit.archive import DayArchive
from fairdice.audit.fast import FairLine, fair_line, plain_lines
from fairdice.audit.lines import MAX_ID, Line, Unreadable, unread_because
from fairdice.audit.store import Results, stops_held
from fairdice.audit.summary import audited_by
from fairdice.audit.tally import Counts, DieStream, InputRecord, Partial, SchemeTally
from fairdice.errors import (
    ArchiveRefused,
    ArchiveUnavailable,
    FairdiceError,
    InvalidInput,
    NotReadableYet,
    ReadsNoArchive,
    RepeatedKey,
    ShardTooLarge,
)
from fairdice.problems import ErrorDetail, Problem, headline, invalid
from fairdice.prose import cut, not_utf8
from fairdice.schemes.base import DaySecrets, GameParts, PendingDay, RevealedDay, Withheld
from fairdice.verdict import Outcome, Summary, Verdict
from fairdice.verify import Checked, check, withheld_verdict, written

PARTIALS = "partials/"
SUMMARY = "summary.json"
FINDINGS = "findings.jsonl"
IDS = "ids.txt"
GAMES = "games.txt"
_SURROGATE = re.compile("[\ud800-\udfff]")  # a lone half of a UTF-16 pair, which JSON text may hold
# The most days a shard keeps as read (`_Consulted`): a shard's games are of few days, a year's at most in practice
SHARD_DAYS = 1024
_ID_SHOWN = 40  # an id that is no id is shown in its finding's words up to this many characters
LINE_DIGITS = 12  # line numbers in ids.txt and games.txt are zero-padded so that bytes sort as numbers do
GAME_KEY_BYTES = 16  # 128 bits: two different games share a key with a chance far below any other failure
PART_BYTES = 8  # a game's inputs and start, each told from the others of its key: 64 bits are plenty among so few
# How game keys are made and which lines' ids are kept (3: games' only). A resumed local run audits again a block whose
# partial has another: its keys and ids would not meet the new ones in the checks across blocks. Raise it whenever
# `game_key` changes, or what `ids.txt` or `games.txt` keep or how they write it (7: keyed by what the seal fixed, the
# inputs and start beside it, each line's scheme kept with its id, digests in base64; 6 was written between commits of
# one change, in hex; 8: what the seal fixed alone, without the scheme, so a secret filed under two schemes meets; 9: a
# secret a scheme's lines share, a day's, written once a shard besides, marked SHARED; 10: and its day beside the mark;
# 11: the day as the entry's inputs, the mark as its start; 12: a bg-online-v1 match's derived key marked so too; 13:
# its counts count windows, which a partial of 12 counts none of, whatever it holds; 14: a withheld game's finding says
# at_most_incomplete, which one of 13 may lack, written before it did: a report drew it as a bare "withheld"; 15: it
# counts its lines whose archive object was not readable yet (`Partial.unreadable`), which one of 14 counts none of, so
# a resume kept such a block as done).
PARTIAL_FORMAT = 15
# What a line of ids.txt and of games.txt is, as `ShardAudit.line` writes them: an id as JSON (ASCII, as json.dumps
# writes it), its line's number and its game's scheme; a game's key, its line's number, its inputs and start side by
# side (the three in unpadded URL-safe base64: a merge of 100 million games holds every line of games.txt in its
# 10 GB of scratch space, 87 bytes a line with a 16-character id where hex took 108), its scheme and its id.
_JSON_TEXT = rb'"(?:[^"\\]|\\.)*"'


def _b64_chars(size: int) -> int:
    """How many characters unpadded base64 writes `size` bytes in."""
    return -(-size * 4 // 3)


_URL_SAFE = bytes.maketrans(b"+/", b"-_")  # base64's two characters that URL-safe base64 writes otherwise


def compact(digest: bytes) -> bytes:
    """A digest as games.txt writes it: URL-safe base64 without padding (no tab, line break or quote in it), as
    `base64.urlsafe_b64encode` writes it, without its two Python calls round binascii's."""
    return binascii.b2a_base64(digest, newline=False).rstrip(b"=").translate(_URL_SAFE)


_SCHEME = rb"[^\t\r\n]+"  # a scheme id: text without tabs or line breaks
ID_LINE = re.compile(rb"%s\t[0-9]{%d}\t%s" % (_JSON_TEXT, LINE_DIGITS, _SCHEME))
_B64 = rb"[A-Za-z0-9_-]"
INPUTS_CHARS = _b64_chars(PART_BYTES)  # a games.txt line's inputs: the first characters of its third field
# The start of a games.txt line that stands for a secret a scheme's lines share (`GameKey.shared`: a day's, or the key a
# bg-online-v1 match derives), in place of a game's start; what they share it as (`GameKey.shared_by`, a day) is its
# inputs: written once a shard for each, at its first line, so that the merge meets a game of another scheme, or
# another day (other inputs), under the secret without holding every roll of a day (no digest is this, but with a
# chance of 2**-64).
SHARED = b"_" * INPUTS_CHARS
GAME_LINE = re.compile(
    rb"%s{%d}\t[0-9]{%d}\t%s{%d}\t%s\t%s"
    % (_B64, _b64_chars(GAME_KEY_BYTES), LINE_DIGITS, _B64, 2 * _b64_chars(PART_BYTES), _SCHEME, _JSON_TEXT)
)
# The same files as formats 3 to 5 wrote them (an id and its line; a key in hex, a line and an id), and format 6 (hex,
# the scheme beside each): an earlier audit's results in `--out`, which a fresh run removes (review: it refused them).
EARLIER_ID_LINE = re.compile(rb"%s\t[0-9]{%d}" % (_JSON_TEXT, LINE_DIGITS))
EARLIER_GAME_LINE = re.compile(
    rb"[0-9a-f]{%d}\t[0-9]{%d}(?:\t[0-9a-f]{%d}\t[0-9a-f]{%d}\t%s)?\t%s"
    % (2 * GAME_KEY_BYTES, LINE_DIGITS, 2 * PART_BYTES, 2 * PART_BYTES, _SCHEME, _JSON_TEXT)
)
# The keys of a finding as written: a game's (`ShardAudit._finding`) and a line's not verified (`ShardAudit._unread`,
# merge's). A finding of an older format has fewer.
GAME_FINDING_KEYS = frozenset(
    {"id", "file", "line", "scheme", "verdict", "reasons", "first_mismatch", "causes", "differ", "missing", "extra"}
    | {"at_most_incomplete"}  # a withheld game's alone
)
LINE_FINDING_KEYS = frozenset({"file", "line", "id", "error"})


SHARD_NAME = re.compile("[0-9a-f]{64}")  # what `shard_name` gives


def shard_name(key: str) -> str:
    """The name of a shard's partial result on AWS: the same for the same key, whatever characters it has, and no
    other shard's (the merge reads a partial only under a name of this form, and counts it only under its shard's)."""
    return hashlib.sha256(key.encode()).hexdigest()


def partial_key(name: str, part: str) -> str:
    """Where one part of a shard's partial result is stored."""
    return f"{PARTIALS}{name}/{part}"


class GameKey(NamedTuple):
    """A game checked, as the repeated-game check reads it (`game_key`): digests of its `Scheme.game_parts`."""

    sealed: bytes  # what the seal fixed: lines that share it are one secret's games
    inputs: bytes  # what the secret rolls its games with: one set a secret
    start: bytes  # where the line's rolls start among the secret's games
    shared: bytes | None = None  # the secret alone, where `sealed` holds more (`GameParts.shared`)
    shared_by: bytes = b""  # what the lines sharing it are lines of (`GameParts.shared_by`: a day)


def game_key(checked: Checked) -> GameKey:
    """What makes two lines one secret's, and the same game of it, as digests of the scheme's `Scheme.game_parts`: what
    its seal fixed, whatever the scheme (a secret filed under two schemes is one secret's, which the merge finds; the
    secret as HMAC uses it, where a secret rolls one game or one match: a secret
    and the same secret with zero bytes appended, 64 bytes at most in all, or a secret longer than 64 bytes and its
    SHA-256, roll the same dice, each under a commitment of its own; for a scheme published by day, the archive's
    secret and whose roll it is); the inputs the secret rolls with (one set a secret: a phrase, client seeds, apps'
    numbers); and where the line's rolls start (a pair36 match's later games and bg-online's game G start apart, as a
    window of a game does; a bot game with an opening roll and one without on one key start alike, sharing every roll
    from turn:2; a three-dice mirror pair's two games are alike in all three: `Scheme.games_alike`). Three reprs and
    hashes (the repr of bytes, text, numbers and lists of them tells any two apart, at a third of the cost of JSON)."""
    return parts_key(checked.scheme.game_parts(checked.request, checked.rolls, checked.revealed.secret))


def parts_key(parts: GameParts) -> GameKey:
    """A game's key from its scheme's `GameParts` (`game_key`), for a caller that has the parts without a `Checked`
    (the common line's fast path, `audit.fast`)."""
    shared = parts.shared
    return GameKey(
        _digest(_KEY_HASH, parts.sealed),
        _digest(_PART_HASH, parts.inputs),
        _digest(_PART_HASH, parts.start),
        None if shared is None else _digest(_KEY_HASH, shared),
        b"" if shared is None else _digest(_PART_HASH, parts.shared_by),
    )


# BLAKE2b hashers of the game key's two sizes with nothing hashed yet, each copied for a digest: a copy gives what
# `hashlib.blake2b(data, digest_size=…)` gives, without reading the constructor's ten keywords again for each digest.
# They hold no line's bytes: nothing of a line is kept for the next.
_KEY_HASH = hashlib.blake2b(digest_size=GAME_KEY_BYTES)
_PART_HASH = hashlib.blake2b(digest_size=PART_BYTES)


def _digest(empty: hashlib.blake2b, value: object) -> bytes:
    """The BLAKE2b digest, of `empty`'s size, of the value's repr (`game_key`)."""
    hasher = empty.copy()
    hasher.update(repr(value).encode())
    return hasher.digest()


class _Consulted:
    """Day secrets that note whether a game asked them for a day: a shard names the archive it was given only when it
    read it (review: an archive given for games of which none was daily was named as the one they were checked
    against, even a bucket that does not exist). Each day is read once a shard, its answer or its refusal kept for the
    shard's other games of that day, so that they all get the one verdict of the day (review: a reader not allowed
    s3:ListBucketVersions, which keeps no such day, read it again for each game, and a right granted while the shard
    ran gave one day two verdicts); at most SHARD_DAYS days, the first read forgotten first. A day whose fair rests on
    its Object Lock (revealed, or pending with its commitment kept) is not kept but asked again for each game, as the
    reader judges a lock when it reads (`_on_its_lock`)."""

    def __init__(self, secrets: DaySecrets) -> None:
        self._secrets = secrets
        self.asked = False
        self._days: dict[dt.date, RevealedDay | PendingDay | FairdiceError] = {}

    def lookup(self, day: dt.date) -> RevealedDay | PendingDay:
        """The day as the archive gives it (`DaySecrets.lookup`), noting that it was asked."""
        self.asked = True
        kept = self._days.get(day)
        if isinstance(kept, FairdiceError):
            raise _bare(kept)  # a copy: the one kept never holds the frames a raise passes through
        if kept is not None:
            return kept
        try:
            found = self._secrets.lookup(day)
        except FairdiceError as exc:  # the day's answer too; one the archive cannot give now fails the shard anyway
            self._keep(day, _bare(exc))
            raise
        if not _on_its_lock(found):
            self._keep(day, found)
        return found

    def _keep(self, day: dt.date, found: RevealedDay | PendingDay | FairdiceError) -> None:
        if len(self._days) >= SHARD_DAYS:
            del self._days[next(iter(self._days))]
        self._days[day] = found


def _on_its_lock(found: RevealedDay | PendingDay) -> bool:
    """Whether a day's answer may be fair only while its Object Lock lasts: a revealed day kept, its versions listed;
    or a pending day whose commitment is kept, which may be fair once revealed only while it is (`PendingDay.locked`).
    The reader judges the lock by its clock at each read, and keeps such a day itself, so the shard asks it again for
    each game (review: kept as first read, a lock that ended while the shard ran left its later games fair, or a pending
    day's withheld not at most incomplete)."""
    if isinstance(found, PendingDay):
        return found.locked is True
    return found.locked and found.unseen is None


def _bare(error: FairdiceError) -> FairdiceError:
    """The error as raised, its words and fields, without the frames it passed through (`__traceback__`): kept as one
    of a shard's days, it holds no line (review: each refusal kept held the frames of the line that met it, that line's
    bytes, up to 1 MiB, among them: SHARD_DAYS such days held a GiB)."""
    bare = type(error).__new__(type(error), *error.args)
    bare.__dict__.update(error.__dict__)
    return bare


class ShardAudit:
    """The running audit of one shard: counts, dice, findings written to `findings`, ids and game keys kept to
    sort."""

    def __init__(
        self,
        file: str,
        findings: IO[bytes],
        day_secrets: DaySecrets | None = None,
        today: dt.date | None = None,
        *,
        refusal_is_finding: bool = False,
        fast_path: bool = True,
    ) -> None:
        self.file = file
        self.findings = findings
        self.day_secrets = None if day_secrets is None else _Consulted(day_secrets)
        self.today = today
        self.refusal_is_finding = refusal_is_finding
        self.refused = 0  # lines whose finding is a refused archive read: a resume audits their block again
        self.failed = 0  # lines fairdice failed on (internal_error): a resume audits their block again too
        # lines whose finding is an archive object the store gives no bytes for yet (NotReadableYet: in Glacier until
        # restored): a resume audits their block again too, as the readers read such an object again
        self.unreadable = 0
        self.counts = _counter()
        # Plain counters and dice streams while reading (updated every game); models at the end.
        self.schemes: dict[str, tuple[dict[str, int], dict[str, DieStream]]] = {}
        self.ids: list[bytes] = []
        # `<sealed>\t<line>\t<inputs><start>\t<scheme>\t<id as JSON>` (the three of `game_key`, `compact`): a game
        # checked, for the repeated-game check (duplicates.repeats, in the merge).
        self.games: list[bytes] = []
        # The shared secrets written into games so far, each with what shares it (a day), as one bytes: a bg-online-v1
        # match's derived key is one a match, nearly one a line, and a pair of bytes costs twice as much
        self._shared: set[bytes] = set()
        self._known = frozenset(schemes.ids())
        # Whether a fair game in the common form is audited by the fast path (`audit.fast`), and how many were: the
        # full path alone gives the same partial, which the tests hold the fast path to
        self.fast_path = fast_path
        self.fast_lines = 0
        self._plain = plain_lines(schemes.all_schemes())  # the rooms' plain forms, which the fast path takes

    @property
    def read_archive(self) -> bool:
        """Whether a game of the shard asked the daily archive for its day."""
        return self.day_secrets is not None and self.day_secrets.asked

    def line(self, number: int, item: bytes | Unreadable) -> None:
        """Audit one numbered line: a game verified, or a finding saying why it could not be; ArchiveUnavailable when
        the daily archive it needs cannot be read now."""
        if isinstance(item, Unreadable):
            self._unread(number, None, None, _whole(item.code, item.message))
            return
        if self.fast_path and (fair := fair_line(item, self._plain)) is not None:
            self.fast_lines += 1
            self._fair(number, fair)
            return
        try:
            data = json_input.loads(item)
        except RecursionError:
            self._unread(number, None, None, _whole("not_json", "the line holds JSON nested too deeply"))
            return
        except UnicodeDecodeError as exc:  # JSON Lines are UTF-8, as POST /verify's body is: no other encoding is read
            words = not_utf8("the line", exc) + unread_because(item)
            self._unread(number, None, None, _whole("not_json", words))
            return
        except json.JSONDecodeError as exc:  # by its column: json's own "line 1" read as the file's (review)
            words = f"the line is not JSON: {exc.msg} (column {exc.colno}){unread_because(item)}"
            self._unread(number, None, None, _whole("not_json", words))
            return
        except ValueError as exc:  # a number beyond Python's digit limit
            words = f"the line is not JSON: {_first_words(exc)}{unread_because(item)}"
            self._unread(number, None, None, _whole("not_json", words))
            return
        except RepeatedKey as exc:  # which value is the game's? Readers differ: the line is not read
            self._unread(number, None, None, _whole("not_json", f"the line {exc.message}"))
            return
        if not isinstance(data, dict):
            self._unread(
                number, None, None, _whole("invalid_input", "a line is one JSON object: a verify request and its id")
            )
            return
        game_id = data.pop("id", None)
        id_problem = _id_problem(game_id)
        id_json = b""
        if id_problem is None:
            id_json = json.dumps(game_id).encode()
        shown_id = game_id if id_problem is None else None
        scheme = data.get("scheme")
        scheme = scheme if isinstance(scheme, str) and scheme in self._known else None
        same: GameKey | None = None  # the game's key, when its secret was revealed and it was checked
        try:
            request = schemes.parse_request(data)
            checked = check(request, day_secrets=self.day_secrets, today=self.today)
            # Only a game that is not fair is written up as its verdict (reasons, diagnosis), for its finding.
            if isinstance(checked, Withheld):
                withheld = withheld_verdict(request, checked)
                verdict: Verdict | None = withheld
                counted: tuple[str, Outcome, Summary, Sequence[bytearray], bool] = (
                    withheld.scheme,
                    withheld.verdict,
                    withheld.summary,
                    [],
                    False,
                )
            else:
                verdict = None if checked.verdict == "fair" else written(checked)
                window = checked.scope.kind == "window"
                counted = (checked.scheme.id, checked.verdict, checked.summary, checked.rolls.faces, window)
                same = game_key(checked)
        except ArchiveRefused as exc:
            if not self.refusal_is_finding:
                raise
            # Refused to a reader that may be refused for good (a public reader is refused a day not published yet):
            # the line's finding says so, and how it is read again, and the audit goes on.
            self.refused += 1
            self._unread(
                number, shown_id, scheme, _adding(_whole(exc.code, f"{exc.refused}. {_READ_AGAIN}"), id_problem)
            )
            return
        except ArchiveUnavailable:
            # Not the line's fault but the archive's, for now: the shard fails, to be audited again once it answers,
            # rather than stored as done with a finding that no resume or retry would look at again.
            raise
        except ReadsNoArchive as exc:
            # A daily roll without its secret, audited with no archive: say how to give it, as `fairdice check` and the
            # offline page do (review: the finding asked for the secret, not how an audit takes one)
            field = exc.field or "secret"
            words = f'{exc.message}: add "{field}" to the line, or audit against the archive with --archive s3://BUCKET'
            self._unread(number, shown_id, scheme, _adding(invalid(InvalidInput(words, field=field)), id_problem))
            return
        except NotReadableYet as exc:
            # The archive's finding all the same (no object the publisher writes is so), but one whose bytes a restore
            # gives: locally its block is audited again by a resume, on AWS its shard by a new execution, which the
            # finding says (review: a resume kept it as done, the object restored since; on AWS it said nothing of
            # what to do). Its code is the error's own, the archive not read (`archive_unavailable`), as the API
            # answers it: its bytes were not read, and read once restored the line may be fair
            self.unreadable += 1
            again = _READ_ONCE_RESTORED if self.refusal_is_finding else _AUDIT_ONCE_RESTORED
            error = ErrorDetail(code=exc.code, message=f"{exc.message}. {again}")
            self._unread(number, shown_id, scheme, _adding(error, id_problem))
            return
        except (ValidationError, FairdiceError) as exc:
            self._unread(number, shown_id, scheme, _adding(invalid(exc), id_problem))
            return
        except (ImportError, MemoryError):
            raise  # the machine's fault, not the line's: the audit stops; a resume audits the block once it is mended
        except Exception as exc:  # fairdice's own fault on this line: as the API's 500, said and counted
            # The line is not verified, so it is a finding (the run cannot end clean), and every other line is still
            # audited, rather than one odd game stopping an audit of millions. Its block is audited again by a resume.
            self.failed += 1
            self._unread(number, shown_id, scheme, _adding(_internal(exc), id_problem))
            return
        if id_problem is not None:
            self._unread(number, None, scheme, _adding(None, id_problem))
            return
        self._count(*counted)
        self._kept(number, id_json, counted[0], same)
        if verdict is not None:
            self._finding(number, game_id, verdict)

    def _fair(self, number: int, fair: FairLine) -> None:
        """Count and keep a fair game the fast path audited, as `line` does one the full path checked."""
        rolls = fair.rolls
        self._tally(fair.scheme, "fair", len(rolls), 0, 0, 0, rolls.faces, False)
        self._kept(number, fair.id_json, fair.scheme, parts_key(fair.parts))

    def _kept(self, number: int, id_json: bytes, scheme: str, same: GameKey | None) -> None:
        """Keep a verified game's id (`id_json`, as JSON) and, where its secret was revealed, its key (`same`)."""
        # Only a game's id counts for the duplicate check: a line not verified is a finding of its own already.
        named = scheme.encode()  # the game's scheme, for the merge's counts by scheme
        self.ids.append(b"%s\t%0*d\t%s" % (id_json, LINE_DIGITS, number, named))
        if same is not None:
            sealed, inputs, start = map(compact, same[:3])
            self.games.append(b"%s\t%0*d\t%s%s\t%s\t%s" % (sealed, LINE_DIGITS, number, inputs, start, named, id_json))
            if same.shared is not None and (shared := same.shared + same.shared_by) not in self._shared:
                self._shared.add(shared)
                entry = (compact(same.shared), LINE_DIGITS, number, compact(same.shared_by) + SHARED, named, id_json)
                self.games.append(b"%s\t%0*d\t%s\t%s\t%s" % entry)

    def _count(self, scheme: str, outcome: Outcome, summary: Summary, faces: Sequence[bytearray], window: bool) -> None:
        """Count one verified game and tally its dice (`faces`: a column per die, as recomputed); `window`: its rolls
        start past the game's first, which the summary counts apart (review: among the incomplete games a window read
        as a whole game with something missing, and nothing counted them)."""
        self._tally(scheme, outcome, summary.count, summary.differ, summary.missing, summary.extra, faces, window)

    def _tally(
        self,
        scheme: str,
        outcome: Outcome,
        rolls: int,
        differ: int,
        missing: int,
        extra: int,
        faces: Sequence[bytearray],
        window: bool,
    ) -> None:
        """`_count` from the summary's four counts: the game's rolls, those that differ, are missing and are extra."""
        counts, dice = self._scheme(scheme)
        if window:
            counts["windows"] += 1
            self.counts["windows"] += 1
        for counter in (counts, self.counts):
            counter["games"] += 1
            counter["rolls"] += rolls
            counter[outcome] += 1
            if differ or missing or extra:  # none in a fair game, nearly every game: three additions of 0 left out
                counter["rolls_differ"] += differ
                counter["rolls_missing"] += missing
                counter["rolls_extra"] += extra
        if rolls:
            for die, column in zip(dice.values(), faces, strict=True):
                die.add(column)

    def _finding(self, number: int, game_id: str, verdict: Verdict) -> None:
        """The finding of a game that is not fair: where it is, its verdict, reasons and likely causes."""
        summary = verdict.summary
        self._write(
            {
                "id": game_id,
                # Where the game is, as a line not read is named: an id may be given twice, in one file or two.
                "file": self.file,
                "line": number,
                "scheme": verdict.scheme,
                "verdict": verdict.verdict,
                "reasons": verdict.reasons,
                "first_mismatch": summary.first_mismatch,
                "causes": [finding.cause for finding in verdict.diagnosis or []],
                # Differing rolls make a mismatch; missing ones only leave the game incomplete.
                "differ": summary.differ,
                "missing": summary.missing,
                "extra": summary.extra,
                # A withheld game's: whether, whatever is revealed, it will be at most incomplete, as its verdict says
                # it (`WithheldReport.at_most_incomplete`; review: its finding said it in its reasons alone)
                **({} if verdict.withheld is None else {"at_most_incomplete": verdict.withheld.at_most_incomplete}),
            }
        )

    def _scheme(self, scheme: str) -> tuple[dict[str, int], dict[str, DieStream]]:
        found = self.schemes.get(scheme)
        if found is None:
            room = schemes.get(scheme)
            dice = {name: DieStream(sides) for name, sides in zip(room.die_names, room.sides, strict=True)}
            found = self.schemes[scheme] = (_counter(), dice)
        return found

    def by_scheme(self) -> dict[str, SchemeTally]:
        """Each scheme's counts and dice, as stored."""
        return {
            scheme: SchemeTally(counts=Counts(**counts), dice={name: die.tally() for name, die in dice.items()})
            for scheme, (counts, dice) in self.schemes.items()
        }

    def _unread(self, number: int, game_id: str | None, scheme: str | None, error: ErrorDetail) -> None:
        self.counts["errors"] += 1
        if scheme is not None:
            self._scheme(scheme)[0]["errors"] += 1
        self._write({"file": self.file, "line": number, "id": game_id, "error": error.model_dump()})

    def _write(self, finding: dict[str, Any]) -> None:
        self.findings.write(json.dumps(finding).encode() + b"\n")


def audit_shard(
    lines: Iterable[Line],
    file: str,
    store: Results,
    name: str,
    *,
    first_line: int = 1,
    source: Callable[[], InputRecord] | None = None,
    archive: DayArchive | None = None,
    lines_sha256: str | None = None,
    today: dt.date | None = None,
    refusal_is_finding: bool = False,
    max_lines: int | None = None,
    fast_path: bool = True,
) -> Partial:
    """Audit a shard's lines and store its partial result under `partials/<name>/`.

    `source`, called once the lines are read, says which file or object the shard was whole;
    `lines_sha256` is a local block's digest (`lines.lines_sha256`), kept for a resume to compare.
    `archive` is the daily archive that games of a scheme published by day are checked against,
    as POST /verify checks them; without one such a game is checked against what it carries alone,
    and withheld when its day is not over by `today` (the UTC day the run's clock read, as `check`
    takes it). An archive that cannot be read (ArchiveUnavailable, MissingCredentials among them) fails the shard, and
    nothing of it is stored: it is no finding of a game but an audit not finished. With `refusal_is_finding` (the local
    command, whose reader may be one the archive's policy lets get records but not list them), a read S3 refuses
    (ArchiveRefused) is instead the line's finding; the AWS worker's role may list the archive, so a refusal there is
    a fault of the stack and fails the shard.

    `max_lines`, when given, is the most lines holding games (blank ones are not counted) the shard may have: the
    running audit keeps a few hundred bytes of each game's id and key to sort at the end, so memory grows with the
    shard. Past it the shard fails with ShardTooLarge, naming it and the limit, and nothing of it is stored.

    `fast_path` False audits every line by the full path, whose partial the fast path's must equal (`audit.fast`).
    """
    with _scratch() as scratch:
        findings_path = Path(scratch) / FINDINGS
        last_line = first_line - 1
        with findings_path.open("wb") as findings:
            secrets = archive.secrets if archive else None
            audit = ShardAudit(
                file, findings, secrets, today, refusal_is_finding=refusal_is_finding, fast_path=fast_path
            )
            for read, (number, item) in enumerate(lines, 1):
                if max_lines is not None and read > max_lines:
                    raise ShardTooLarge(
                        # The limit first: a failed child's cause is cut short where the merge names the shard.
                        f"the shard holds more than {max_lines:,} games (lines that are not blank), the most one"
                        " worker audits, and was not audited: split it into shards of at most that many"
                        f" ({cut(file, 100)})"
                    )
                audit.line(number, item)
                last_line = number
        ids_path = Path(scratch) / IDS
        audit.ids.sort()
        ids_path.write_bytes(b"".join(entry + b"\n" for entry in audit.ids))
        games_path = Path(scratch) / GAMES
        audit.games.sort()
        games_path.write_bytes(b"".join(entry + b"\n" for entry in audit.games))
        partial = Partial(
            file=file,
            first_line=first_line,
            last_line=last_line,
            source=source() if source else None,
            lines_sha256=lines_sha256,
            format=PARTIAL_FORMAT,
            archive=archive.name if archive and audit.read_archive else None,
            fairdice=audited_by(),
            counts=Counts(**audit.counts),
            by_scheme=audit.by_scheme(),
            refused=audit.refused,
            failed=audit.failed,
            unreadable=audit.unreadable,
        )
        store.put_file(partial_key(name, FINDINGS), findings_path)
        store.put_file(partial_key(name, IDS), ids_path)
        store.put_file(partial_key(name, GAMES), games_path)
        store.put(partial_key(name, SUMMARY), partial.model_dump_json().encode())
    return partial


# The scratch folder each shard's audit works in, in the system's temporary folder: its findings, ids and game keys,
# stored once whole (on AWS, /tmp, which a warm worker keeps from one invocation to the next)
SCRATCH_PREFIX = "fairdice-shard-"
# A scratch folder no process holds is removed by the next shard's audit on the machine once it is this old: one made a
# moment ago may not be held yet by the process that made it
SCRATCH_STALE_AFTER = 60.0
_live: set[str] = set()  # this process's scratch folders, for `remove_scratch`


@contextmanager
def _scratch() -> Iterator[str]:
    """A scratch folder for one shard's audit (`SCRATCH_PREFIX`), held (flock on it) while the shard is audited and
    removed after, however the audit ends in this process; a process ended at once (SIGKILL, a Lambda timed out) leaves
    it, unheld, and the next shard's audit on the machine removes it (`_remove_stale`; review: every failed or stopped
    worker's was left in /tmp for good, a warm Lambda's among them). Made, held and removed with Ctrl-C and SIGTERM held
    back, so that no stop between the folder's making and its holding, or in its removal, leaves it behind."""
    _remove_stale()
    with stops_held():
        folder = tempfile.mkdtemp(prefix=SCRATCH_PREFIX)
        try:
            held = _hold(folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)  # not left behind by a descriptor that could not be opened
            raise
        _live.add(folder)
    try:
        yield folder
    finally:
        with stops_held():
            shutil.rmtree(folder, ignore_errors=True)
            _live.discard(folder)
            if held is not None:
                os.close(held)


def remove_scratch() -> None:
    """Remove this process's scratch folders now, as it is about to end without unwinding (a worker process sent
    SIGTERM, or whose main process is gone: `os._exit`)."""
    for folder in list(_live):
        shutil.rmtree(folder, ignore_errors=True)
        _live.discard(folder)


def _hold(folder: str) -> int | None:
    """A descriptor of `folder` holding it (flock), so that no other process takes it for one left behind; None where
    there is no flock (Windows), or where the temporary folder's file system keeps no locks (ENOLCK, as NFS mounted
    without them): the audit goes on unheld, as `--out`'s lock lets it, and no other process's sweep removes the folder,
    as it cannot hold it either (`_remove_stale`; review: the audit stopped, exit 3, "No locks available", its scratch
    folder left behind)."""
    try:
        import fcntl
    except ImportError:
        return None
    held = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(held)
        return None
    return held


def _remove_stale() -> None:
    """Remove the scratch folders in the system's temporary folder that no process holds and that are older than
    `SCRATCH_STALE_AFTER`: left by a shard's audit ended at once (SIGKILL), which nothing else removes."""
    try:
        import fcntl
    except ImportError:
        return
    root = Path(tempfile.gettempdir())
    try:
        found = [path for path in root.glob(f"{SCRATCH_PREFIX}*") if str(path) not in _live]
    except OSError:
        return
    for path in found:
        try:
            if path.is_symlink() or not path.is_dir() or time.time() - path.stat().st_mtime < SCRATCH_STALE_AFTER:
                continue
            held = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            continue  # held: a shard is audited in it now
        else:
            shutil.rmtree(path, ignore_errors=True)
        finally:
            os.close(held)


# A refused read's finding, locally. Its block is stored, counting its refusals (`Partial.refused`): a resume audits it
# again, and every other block it finds done is kept.
_READ_AGAIN = (
    "This line is kept as a finding: once these credentials may list the archive (s3:ListBucket), run the audit again"
    " (with --resume, only the blocks holding such lines are read again)"
)


# An archive object not readable yet, in a line's finding, locally: its block is stored, counting such lines
# (`Partial.unreadable`), and a resume audits it again.
_READ_ONCE_RESTORED = (
    "This line is kept as a finding: once S3 gives the object's bytes (restored from its archive storage class), run"
    " the audit again (with --resume, only the blocks holding such lines are read again)"
)
# The same on AWS, where a shard is audited once an execution: a new execution reads the object again (the reader never
# keeps it), and no --resume is there to run.
_AUDIT_ONCE_RESTORED = (
    "This line is kept as a finding: once S3 gives the object's bytes (restored from its archive storage class), audit"
    " its shard again in a new execution"
)


def _counter() -> dict[str, int]:
    return dict.fromkeys(Counts.model_fields, 0)


def _id_problem(game_id: object) -> Problem | None:
    if game_id is None:
        return Problem(field="id", message="is required: the game's id, 1 to 128 characters")
    if not isinstance(game_id, str) or not 1 <= len(game_id) <= MAX_ID:
        # The finding has no id to name (it is text or null), so its problem shows what was given, cut short: a number
        # with a point or an exponent as the line wrote it (json_input.WrittenFloat), where json.dumps wrote 1E5 as
        # 100000.0 and 1e999 as Infinity, which is no JSON (review)
        written = repr(game_id) if isinstance(game_id, float) else json.dumps(game_id, ensure_ascii=False)
        given = cut(written, _ID_SHOWN)
        return Problem(field="id", message=f"must be text of 1 to {MAX_ID} characters, not {given}")
    if (lone := _SURROGATE.search(game_id)) is not None:
        # No character, and written as JSON alike with others: CESU-8's two halves of 😀 and 😀 itself are one id in
        # JSON, `"\\ud83d\\ude00"`, so two games would share an id they do not share (review)
        return Problem(
            field="id", message=f"must be text: it holds U+{ord(lone.group()):04X}, half of a character and none itself"
        )
    return None


def _whole(code: str, message: str) -> ErrorDetail:
    return ErrorDetail(code=code, message=message, problems=[Problem(field="request", message=message)])


def _adding(error: ErrorDetail | None, problem: Problem | None) -> ErrorDetail:
    """An error with the id's problem first, when the id is wrong too."""
    if problem is None and error is not None:
        return error
    problems = ([problem] if problem else []) + (error.problems if error else [])
    return ErrorDetail(code=error.code if error else "invalid_input", message=headline(problems), problems=problems)


def _internal(exc: Exception) -> ErrorDetail:
    return _whole(
        "internal_error",
        f"fairdice failed on this line ({type(exc).__name__}: {_first_words(exc)}): a fault of fairdice, not a"
        " verdict on the game; report it with the line",
    )


def _first_words(exc: Exception) -> str:
    return str(exc).split("\n", 1)[0][:200]
