"""No lever of the audit's inputs or results bought a clean audit: audits on AWS and on one machine drawn at random.

Who plays: the operator whose games are audited, who supplies the shards and may put, replace or remove them under
the input prefix (or in the folder given) at any moment while the audit runs; and whoever may write where README
("Auditing every game") promises the audit detects a change: an execution's partial results (`partials/<name>/`:
`summary.json`, `findings.jsonl`, `ids.txt`, `games.txt`), the map run's result files under `map-runs/`, and a local
run's `--out` while it runs. What it wants: an audit that reads clean (the merge's answer `"clean": true`, the command's
exit 0) while a game given was not `fair`, or was never audited, or a shard or file was left out; or `games` or `fair`
counted past the games actually audited.

Drawn for each audit by Hypothesis, derandomized (so a failure replays, and shrinks): two to four shards (fair narde-v1
and pair36 games; each run plays one lever above all, and its files are honest nine times in ten where it is a move
(on AWS, half of them where it is a partial edited), half of them where it is the lines themselves, so that clean
audits are reached;
else a mismatch, a window, a line that is no JSON, a line over the 1 MiB cap, a game again under another id, an id
again, the same game in two shards);
an empty shard; a key ending in `/` holding games or nothing (locally a folder); gzip whole, cut short, or two members
concatenated. On AWS, up to three moves: between the map's listing and the workers, and after the workers before the
merge, a shard added, removed, replaced (or written again alike), or the console's folder added; a partial edited (its
counts made fair, its findings emptied, those of a game not fair among them above all, a line of any of its files
removed, a byte changed, an entry of ids.txt or games.txt again with no line number), a file of it removed (its
summary.json too), or a file of another shard's partial, or of an earlier execution's, copied under
its name; in the result files, a child dropped, doubled, a failed one made a success, its answer's counts edited, its
key renamed to another shard's, to one outside the input prefix, or to a folder's never listed. The workers and the
merge are the real handlers, the workers on the item the map gives at its listing (its ETag); Step Functions' own
count of the children (DescribeMapRun, which no one writes in the bucket) is of those that ran. Locally, `fairdice
audit FOLDER --out OUT` (OUT inside the folder or beside it), and as blocks are handed out: a file added, a hidden one
added, one appended to, removed or written again alike, a summary put in OUT, a game put in OUT's `partials/`.

The oracle is this file's own: an audit is "bad" where a line given is not a fair game, an id or a game is given
twice, a gzip is cut short, a hidden file holds a game, a shard or file changed after it was listed (other bytes), a
worker failed, or a partial, result file or OUT was written with bytes other than those there. A bad audit is never
clean; `games` and `fair` are at most those in what the workers read (locally, what was given and added); on AWS every
game counted not fair has its line in findings.jsonl.

Outside, as README says it is not caught or is no shard: a child's answer rewritten together with its partial (by
one of the roles that write them); anyone acting as the merge's or the state machine's role; a shard changed after the
merge listed it (it merges what it lists, by ETag); the S3 console's folder (an empty key ending in `/`: no shard), its
child renamed to another folder's key or its partial edited, which count for nothing; a local run's block results
edited before `--resume`, which README says it trusts; an answer of an earlier worker with no digests.

Found, each fixed in the merge and tested alone below: a partial's summary.json, or its ids.txt or games.txt, written
over with what no worker writes failed the whole merge (a ValidationError, a ValueError) rather than being its shard's
`not_audited` finding. The AWS search relies on the partial held to its worker's answer (`merge._adds_up`): made to
hold always, it finds a clean audit of a partial whose counts were edited within the CI runs (at the first partial
edited); and with the findings' SHA-256 not held to the answer, a game not fair said nowhere (its findings emptied), at
the fourth. The same audits are
drawn at every run, and an AWS audit is its draws' alone whatever ran before it (an example replayed as it shrinks is
the same audit): each runs in an emptied bucket under the same prefixes, its gzip shards are written with no clock time
in their header, moto's version ids are seeded again, and a partial replayed is one of an earlier execution made once.
"""

import gzip
import itertools
import json
import os
import random
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from audit_aws import (  # noqa: F401 (the fixture)
    BUCKET,
    AuditAws,
    MapRuns,
    audit_aws_fixture,
    child_execution,
    put_map_run_results,
)
from botocore.exceptions import ClientError
from fairdice.audit import local
from fairdice.audit.shard import shard_name
from fairdice.cli import main
from fairdice.errors import FairdiceError, NoShards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from moto.moto_api._internal import mock_random
from unit.audit import games

from testkit.lambda_context import FakeLambdaContext

pytestmark = pytest.mark.filterwarnings("ignore:No application metrics to publish")

LEVER_RUNS = 24 if os.environ.get("CI") == "true" else 80  # the AWS search's audits of each lever: about 0.2 s each
SEED = 20261205
CAP = 1024 * 1024  # README: a line over 1 MiB (its LF not counted) is a finding
PARTIAL_FILES = ("summary.json", "findings.jsonl", "ids.txt", "games.txt")
FINDINGS = "findings.jsonl"


@dataclass
class Line:
    text: str
    games: int  # 1 for a line that is a game, 0 for one that is not
    fair: bool  # a game whose every roll is what the core computes, from its first roll
    id: str | None = None
    game: str | None = None  # what identifies the game: the same for the same game under two ids


@dataclass
class Shard:
    lines: list[Line]
    form: str  # "text", "gzip", "gzip cut short", "gzip two members", "empty"

    def data(self) -> bytes:
        """The shard's bytes: the same at every call. A gzip header holds a time (MTIME), which gzip.compress takes
        from the clock unless given: the same shard written again a second later was other bytes, another ETag, so
        "written again alike" changed the shard or not by the clock, and the search's outcome for a seed with it."""
        raw = b"".join(line.text.encode() + b"\n" for line in self.lines)
        if self.form == "gzip":
            return gzip.compress(raw, mtime=0)
        if self.form == "gzip cut short":
            return gzip.compress(raw, mtime=0)[:-12]
        if self.form == "gzip two members":
            half = len(self.lines) // 2
            first = b"".join(line.text.encode() + b"\n" for line in self.lines[:half])
            return gzip.compress(first, mtime=0) + gzip.compress(raw[len(first) :], mtime=0)
        return raw

    @property
    def whole(self) -> bool:
        """Every line in it is read (a gzip cut short loses its tail, and is a finding)."""
        return self.form != "gzip cut short"


def game_line(rng: random.Random, n: int, honest: bool = False) -> Line:
    kind = rng.choice(["narde", "pair36"] if honest else ["narde"] * 4 + ["pair36"] * 4 + ["mismatch", "window"])
    if kind == "pair36":
        game = games.pair36(n, rolls=4)
        return Line(json.dumps(game), 1, True, game["id"], f"pair36-{n}")
    game = games.narde(n, rolls=4)
    if kind == "mismatch":
        return Line(json.dumps(games.mismatched(game)), 1, False, game["id"], f"narde-{n}")
    if kind == "window":
        return Line(json.dumps(games.window(game, 1)), 1, False, game["id"], f"narde-{n}-w")
    return Line(json.dumps(game), 1, True, game["id"], f"narde-{n}")


def draw_shards(rng: random.Random, prefix: str, numbers: list[int], honesty: float = 0.5) -> dict[str, Shard]:
    """Two to four shards: in a share `honesty` of the runs every line a fair game of its own (the operator's honest
    shards, as the search must reach clean audits), else with what is drawn for each."""
    honest = rng.random() < honesty
    shards: dict[str, Shard] = {}
    for at in range(rng.randint(2, 4)):
        lines = [game_line(rng, numbers.pop(), honest) for _ in range(rng.randint(1, 3))]
        extras = ["none", "empty"] if honest else ["none", "not json", "too long", "again", "id again", "empty"]
        extra = rng.choice(extras)
        if extra == "not json":
            lines.append(Line("{", 0, False))
        elif extra == "too long":
            game = games.narde(numbers.pop(), rolls=1)
            lines.append(Line(json.dumps({**game, "note": "x" * CAP}), 0, False))
        elif extra == "again":  # the first line's game under another id
            first = json.loads(lines[0].text)
            lines.append(Line(json.dumps({**first, "id": f"again-{numbers.pop()}"}), 1, lines[0].fair, "", "dup"))
        elif extra == "id again":  # another game under the first line's id
            game = games.narde(numbers.pop(), rolls=4)
            lines.append(Line(json.dumps({**game, "id": lines[0].id}), 1, True, lines[0].id, f"new-{game['id']}"))
        elif extra == "empty":
            lines = []
        forms = ["text", "gzip", "gzip two members"] + ([] if honest else ["gzip cut short"])
        form = "empty" if not lines else rng.choice(forms)
        name = rng.choice([f"shard-{at}.jsonl", f"shard-{at}.jsonl.gz", f"folder-{at}/"])
        shards[prefix + name] = Shard(lines, form)
    if not honest and rng.random() < 0.3:  # the same game in two shards
        first, second = list(shards.values())[:2]
        if first.lines:
            second.lines.append(first.lines[0])
            second.form = second.form if second.form != "empty" else "text"
    return shards


def bad_lines(shards: list[Shard]) -> bool:
    """Whether the shards hold a line that is no fair game, an id or a game given twice, or a gzip cut short."""
    lines = [line for shard in shards for line in shard.lines]
    ids = [line.id for line in lines if line.games]
    repeated = [line for line in lines if line.game == "dup"]
    keys = [line.game for line in lines if line.games]
    return (
        any(not shard.whole for shard in shards)
        or any(not line.fair for line in lines)
        or len(set(ids)) < len(ids)
        or bool(repeated)
        or len(set(keys)) < len(keys)
    )


@dataclass
class Run:
    """One execution, as drawn and as it went: what the oracle needs."""

    aws: AuditAws
    rng: random.Random
    prefix: str
    out: str
    shards: dict[str, Shard]
    bad: list[str] = field(default_factory=list)  # why the run must not be clean
    read: dict[str, Shard] = field(default_factory=dict)  # what each worker read, by shard key
    numbers: list[int] = field(default_factory=list)

    def put(self, key: str, shard: Shard) -> None:
        self.aws.put(key, shard.data())

    def current(self) -> dict[str, bytes]:
        listed = self.aws.s3.list_objects_v2(Bucket=BUCKET, Prefix=self.prefix).get("Contents", [])
        return {item["Key"]: self.aws.get(item["Key"]) for item in listed}


def shard_move(run: Run, when: str) -> None:
    """The operator adds, removes or replaces a shard under the prefix."""
    move = run.rng.choice(["add", "remove", "replace", "replace alike", "add empty folder"])
    keys = sorted(run.shards)
    if move == "add":
        key = f"{run.prefix}late-{run.numbers[-1]}.jsonl"
        run.put(key, Shard([game_line(run.rng, run.numbers.pop())], "text"))
        run.bad.append(f"{key} added {when}")
    elif move == "add empty folder":
        run.aws.put(f"{run.prefix}late-folder/", b"")  # no shard: nothing changes
    elif move == "remove" and keys:
        key = run.rng.choice(keys)
        run.aws.s3.delete_object(Bucket=BUCKET, Key=key)
        if run.shards[key].data() or not key.endswith("/"):
            run.bad.append(f"{key} removed {when}")
    elif move.startswith("replace") and keys:
        key = run.rng.choice(keys)
        before = run.aws.get(key) if key in run.current() else None
        shard = run.shards[key] if move == "replace alike" else Shard([game_line(run.rng, run.numbers.pop())], "text")
        data = shard.data()
        run.aws.put(key, data)
        if before != data or before is None:  # judged by the bytes written, not by another call's
            run.bad.append(f"{key} replaced {when}")


def partial_move(run: Run, earlier: dict[str, bytes]) -> None:
    """Whoever may write under audits/ edits, copies or replays a partial result."""
    names = sorted({key.split("/partials/")[1].split("/")[0] for key in run.aws.keys(f"{run.out}partials/")})
    if not names:
        return
    name = run.rng.choice(names)
    moves = ["count", "findings emptied", "line removed", "copy", "replay", "byte", "junk line"]
    # the findings of a game not fair emptied, its counts kept, is caught by the findings' SHA-256 alone: drawn three
    # times as often as each other move, so that that defence taken out shows within CI's runs (drawn as often, no
    # partial drawn held a game not fair to empty where it was drawn)
    move = run.rng.choice([*moves, "file removed", *["findings of a game not fair emptied"] * 3])
    if move == "findings of a game not fair emptied":  # a partial that holds one, where there is such a partial
        held = [held for held in names if b'"verdict"' in (stored_findings(run, held) or b"")]
        if not held:
            return
        name = run.rng.choice(held)
    part = f"{run.out}partials/{name}/"
    target = f"{part}{run.rng.choice(PARTIAL_FILES)}"
    try:
        before = run.aws.get(target)
    except ClientError:
        return
    # the partial of the S3 console's folder (an empty object whose key ends in "/") is no shard's: what it says
    # counts for nothing, and is not searched
    folders = {shard_name(key) for key, shard in run.shards.items() if key.endswith("/") and not shard.data()}
    if move == "file removed":  # a whole file of the partial, its summary.json too
        run.aws.s3.delete_object(Bucket=BUCKET, Key=target)
        if name not in folders:
            run.bad.append(f"{target}: {move}")
        return
    if move == "count":
        target = f"{part}summary.json"
        found = stored(run, target)
        if found is None:  # none to change, and none to put
            return
        before = found
        summary = json.loads(before)
        counts = summary["counts"]
        counts |= {"fair": counts["games"], "mismatch": 0, "incomplete": 0, "errors": 0}
        for tally in summary["by_scheme"].values():
            tally["counts"] |= {"fair": tally["counts"]["games"], "mismatch": 0, "incomplete": 0, "errors": 0}
        after = json.dumps(summary).encode()
    elif move in ("findings emptied", "findings of a game not fair emptied"):
        target = f"{part}{FINDINGS}"
        found = stored_findings(run, name)
        if found is None:  # none to empty, and none to put
            return
        before, after = found, b""
    elif move == "line removed":
        after = b"".join(before.splitlines(keepends=True)[1:])
    elif move == "junk line":  # its first entry again, its line no number: a line no worker writes
        target = f"{part}{run.rng.choice(['ids.txt', 'games.txt'])}"
        found = stored(run, target)
        if found is None:
            return
        before = found
        first, _, rest = before.partition(b"\n")
        fields = first.split(b"\t")
        after = b"\n".join([first, b"\t".join([fields[0], b"x", *fields[2:]]), rest]) if first else before
    elif move == "byte":
        after = before + b" " if target.endswith(".json") else before.replace(b"1", b"2", 1)
    elif move == "copy":
        other = run.rng.choice(names)
        target = f"{part}{run.rng.choice(PARTIAL_FILES)}"
        found, copied = stored(run, target), stored(run, f"{run.out}partials/{other}/{target.rsplit('/', 1)[1]}")
        if found is None or copied is None:
            return
        before, after = found, copied
    else:  # an earlier run's partial file (another execution's, of another shard) replayed under this one's name
        if not earlier:
            return
        source = run.rng.choice(sorted(earlier))
        target = f"{part}{source.rsplit('/', 1)[1]}"
        found = stored(run, target)
        if found is None:
            return
        before, after = found, earlier[source]
    run.aws.put(target, after)
    if after != before and name not in folders:
        run.bad.append(f"{target}: {move}")


def stored(run: Run, key: str) -> bytes | None:
    """An object as stored; None where it is not there (a file of a partial removed, or never written): none to change,
    where a move's read failed the search with S3's NoSuchKey (review: the moves that empty findings passed over such a
    partial, and the count, junk line, copy and replay moves still read it uncaught)."""
    try:
        return run.aws.get(key)
    except ClientError as exc:
        if exc.response["Error"]["Code"] != "NoSuchKey":
            raise
        return None


def stored_findings(run: Run, name: str) -> bytes | None:
    """A partial's findings as stored; None where they are not there (a file of the partial removed, or never
    written): none to empty, where the move's read failed the search with S3's NoSuchKey (review)."""
    try:
        return run.aws.get(f"{run.out}partials/{name}/{FINDINGS}")
    except ClientError as exc:
        if exc.response["Error"]["Code"] != "NoSuchKey":
            raise
        return None


def results_move(run: Run, children: list[dict[str, Any]], map_run_arn: str) -> list[dict[str, Any]]:
    """Whoever may write under map-runs/ changes the result files (Step Functions' own counts stay what ran)."""
    written = [dict(child) for child in children]
    if not written:
        return written
    at = run.rng.randrange(len(written))
    child = written[at]
    move = run.rng.choice(["drop", "double", "made a success", "count", "renamed", "outside", "to a folder"])
    if move == "drop":
        del written[at]
    elif move == "double":
        written.append(dict(child))
    elif move == "made a success" and child["Status"] == "FAILED":
        item = json.loads(child["Input"])
        answer = {"shard": item["shard"]["Key"], "partial": f"{run.out}partials/{shard_name(item['shard']['Key'])}/"}
        answer |= {"games": 1, "not_fair": 0, "errors": 0}
        written[at] = child_execution(map_run_arn, item, answer)
    elif move == "count" and child["Status"] == "SUCCEEDED":
        output = json.loads(child["Output"])
        output |= {"not_fair": 0, "errors": 0}
        written[at] = {**child, "Output": json.dumps(output)}
    elif move in ("renamed", "outside", "to a folder"):
        item = json.loads(child["Input"])
        key = {
            "renamed": run.rng.choice(sorted(run.shards)),
            "outside": "games/elsewhere/shard.jsonl",
            "to a folder": f"{run.prefix}nothing/",
        }[move]
        item["shard"]["Key"] = key
        renamed = {**child, "Input": json.dumps(item)}
        if "Output" in child:
            renamed["Output"] = json.dumps({**json.loads(child["Output"]), "shard": key})
        written[at] = renamed
    listed = json.loads(child["Input"])["shard"]
    folder = listed["Key"].endswith("/") and listed["Size"] == 0 and move in ("renamed", "outside", "to a folder")
    # a child of the S3 console's folder (no shard: it holds nothing) given another key under the prefix leaves out
    # no game, and is not searched; given one outside it is (`never_listed`)
    if written != children and not (folder and move != "outside"):
        run.bad.append(f"result files: {move}")
    return written


def emptied(aws: AuditAws) -> None:
    """The audit bucket with no object and no version left: each audit drawn runs alone in it."""
    listed = aws.s3.list_object_versions(Bucket=BUCKET)
    for version in listed.get("Versions", []) + listed.get("DeleteMarkers", []):
        aws.s3.delete_object(Bucket=BUCKET, Key=version["Key"], VersionId=version["VersionId"])


AWS_LEVERS = ["lines", "before workers", "before merge", "partials", "result files"]


def one_run(aws: AuditAws, rng: random.Random, earlier: dict[str, bytes], lever: str) -> tuple[Run, Any]:
    """Draw and run one execution; its Run and the merge's answer (None where it failed, as NoShards). Each runs alone
    in an emptied bucket, under the same prefixes, moto's own generator seeded again (each object's version id, which a
    partial's summary.json names): what it does is its draws' alone, whatever ran before it, so that an example
    replayed as it shrinks is the same audit, and a partial replayed is one of `earlier`'s, made before the search.
    `lever`: what the run plays above all (`AWS_LEVERS`)."""
    emptied(aws)
    mock_random.seed(SEED)
    prefix, out = "games/search/", "audits/search/run/"
    numbers = list(range(999, 0, -1))
    # Each run plays one lever above all, as the local search does: the shards' lines (half of them honest), or a
    # move (and one more move in a third of the runs, over shards honest nine times in ten, or for a partial edited,
    # half of them, whose findings are then there to be edited), so that a defence against any one move taken out
    # shows in a clean audit, or a game not fair said nowhere, within CI's runs
    others = [move for move in AWS_LEVERS[1:] if move != lever]
    moves = [] if lever == "lines" else [lever, *rng.sample(others, rng.choice([0, 0, 1]))]
    shards = draw_shards(rng, prefix, numbers, honesty=0.5 if lever in ("lines", "partials") else 0.9)
    run = Run(aws, rng, prefix, out, shards, numbers=numbers)
    for key, shard in shards.items():
        run.put(key, shard)
    # the map's listing: each object under the prefix with its ETag and size (the console's folder too)
    listing = aws.s3.list_objects_v2(Bucket=BUCKET, Prefix=prefix).get("Contents", [])
    listed = {item["Key"]: run.current()[item["Key"]] for item in listing}
    if "before workers" in moves:
        shard_move(run, "before the workers")
    started = "2026-11-30T00:20:00.000Z"
    map_run_arn = f"arn:aws:states:eu-west-1:123456789012:mapRun:fairdice-audit/{uuid.uuid4()}:{uuid.uuid4()}"
    children = []
    for item in listing:
        event = {
            "shard": {"Key": item["Key"], "Etag": item["ETag"], "Size": item["Size"], "StorageClass": "STANDARD"},
            "output_prefix": out,
            "started": started,
        }
        try:
            answer = aws.worker.lambda_handler(event, FakeLambdaContext())
        except FairdiceError as failed:
            children.append(child_execution(map_run_arn, event, error=type(failed).__name__, cause=str(failed)))
            if listed[item["Key"]] or not item["Key"].endswith("/"):
                run.bad.append(f"{item['Key']}: its worker failed")
            continue
        children.append(child_execution(map_run_arn, event, answer))
        run.read[item["Key"]] = shards[item["Key"]]
    if "before merge" in moves:
        shard_move(run, "before the merge")
    if "partials" in moves:
        partial_move(run, earlier)
    manifest = f"map-runs/{map_run_arn.rsplit(':', 1)[1]}/manifest.json"
    map_run = {"MapRunArn": map_run_arn, "ResultWriterDetails": {"Bucket": BUCKET, "Key": manifest}}
    written = results_move(run, children, map_run_arn) if "result files" in moves else children
    put_map_run_results(aws.put, map_run, written)
    runs = aws.merger.sfn if isinstance(aws.merger.sfn, MapRuns) else MapRuns()
    counts = {"SUCCEEDED": 0, "FAILED": 0, "PENDING": 0}
    for child in children:  # Step Functions counts what ran, not what the files say
        counts[child["Status"]] += 1
    runs.ran(map_run_arn, counts)
    aws.merger.sfn = runs
    event = {"input_prefix": prefix, "output_prefix": out, "max_concurrency": 10}
    event |= {"tolerated_failure_percentage": 100, "map_run": map_run}
    try:
        merged = aws.merger.lambda_handler(event, FakeLambdaContext())
    except NoShards:
        merged = None
    return run, merged


def earlier_partials(aws: AuditAws) -> dict[str, bytes]:
    """The partials of an earlier execution, of other shards (a fair game's, a mismatch's and a pair36 game's, one
    gzip), by their names within its folder: what a partial move replays under a run's own. Made once, before the
    search, so that what a run replays is the same whatever ran before it."""
    out = "audits/earlier/run/"
    mismatched = games.mismatched(games.narde(5002, rolls=4))
    shards = {
        "games/earlier/a.jsonl": games.jsonl([games.narde(5001, rolls=4)]),
        "games/earlier/b.jsonl.gz": gzip.compress(games.jsonl([mismatched, games.pair36(5003, rolls=4)]), mtime=0),
    }
    map_run_of(aws, "games/earlier/", out, shards)
    return {key.removeprefix(out): aws.get(key) for key in aws.keys(f"{out}partials/")}


def assert_held(run: Run, merged: Any) -> None:
    audited = list(run.read.values())
    truly_audited = sum(line.games for shard in audited for line in shard.lines)
    truly_fair = sum(line.games for shard in audited for line in shard.lines if line.fair)
    given = [run.shards[key] for key in sorted(run.shards)]
    why = list(run.bad)
    if bad_lines(given):
        why.append("a line given is not a fair game, or is given twice")
    if merged is None:
        return
    drawn = {key: (shard.form, [line.text[:60] for line in shard.lines]) for key, shard in run.shards.items()}
    # what a failure needs to be read: the merge's answer, each shard's partial name, and the shards the workers read
    seen_by = (merged, {shard_name(key): key for key in run.shards}, sorted(run.read))
    assert not (merged["clean"] and why), f"clean though {why}: {drawn} {seen_by}"
    assert merged["games"] <= truly_audited, (drawn, why, seen_by)
    assert merged["fair"] <= truly_fair, (drawn, why, seen_by)
    # every game counted and not fair is said, its own line in findings.jsonl (a finding emptied from a partial whose
    # counts were kept was counted, and its game said nowhere, before the findings were held to the worker's answer)
    found = [json.loads(line) for line in run.aws.get(f"{run.out}findings.jsonl").splitlines()]
    said = sum(1 for finding in found if "verdict" in finding)
    assert said == merged["games"] - merged["fair"], (said, drawn, why, seen_by)
    SEEN["clean" if merged["clean"] else "not clean"] += 1
    if why and not merged["clean"]:
        SEEN["bad, not clean"] += 1


SEEN: dict[str, int] = {}


AWS_SEARCH = settings(
    max_examples=LEVER_RUNS,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_no_lever_of_shards_partials_or_result_files_buys_a_clean_aws_audit(audit_aws: AuditAws) -> None:
    SEEN.clear()
    SEEN.update({"clean": 0, "not clean": 0, "bad, not clean": 0})
    earlier = earlier_partials(audit_aws)

    # Drawn by Hypothesis, as the local search is: each audit from its own draws, so that a failure shrinks to a small
    # audit, its draws printed; derandomized, the same audits every run. Each lever has its own search, of LEVER_RUNS
    # audits: drawn among the audits, Hypothesis drew one lever in 18 of 40 and another in 2, and never a shard replaced
    for lever in AWS_LEVERS:

        @AWS_SEARCH
        @given(rng=st.randoms(note_method_calls=True))
        def search(rng: random.Random) -> None:
            run, merged = one_run(audit_aws, rng, earlier, lever)  # noqa: B023 (called within the loop's turn)
            assert_held(run, merged)

        search()
    runs = LEVER_RUNS * len(AWS_LEVERS)
    # a search that never reached a clean audit, or never a bad one, would assert nothing
    assert SEEN["clean"] >= runs // 20 and SEEN["bad, not clean"] >= runs // 4, SEEN


def test_a_seed_draws_the_same_aws_audits_at_every_run(audit_aws: AuditAws) -> None:
    # Given six audits of the AWS search, each drawn from its own seed, run in order and then in the reverse order
    earlier = earlier_partials(audit_aws)
    answers = []
    for order in (range(6), reversed(range(6))):
        answers.append(
            {at: one_run(audit_aws, random.Random(SEED + at), earlier, AWS_LEVERS[at % 5])[1] for at in order}
        )

    # Then the merge answered the same each time, the SHA-256 of every summary and findings it wrote too: a
    # partial's summary.json names the version id of the object read, which moto draws from a generator of its own
    # (seeded from os.urandom unless the search seeds it), so unseeded no two runs of a seed wrote the same summaries;
    # and an audit's answer is its draws' alone, whatever ran before it (Hypothesis replays an example as it shrinks)
    assert answers[0] == answers[1]


# ---- the local command, `fairdice audit FOLDER --out OUT`, on files ----------------------------------------------

LOCAL_RUNS = 30 if os.environ.get("CI") == "true" else 100  # each run draws its report: about 1 s of a core
LOCAL_SEARCH = settings(
    max_examples=LOCAL_RUNS,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def local_path(folder: Path, key: str) -> Path:
    """A shard's file in the input folder: a key ending in `/` is a folder, holding its games in one file."""
    return folder / (f"{key}games.jsonl" if key.endswith("/") else key)


LOCAL_MOVES = ["add", "append", "remove", "rewrite alike", "hidden", "out summary", "out partials game"]


def local_move(
    folder: Path,
    out: Path,
    files: dict[str, Shard],
    rng: random.Random,
    numbers: list[int],
    move: str,
    opened: str = "",
) -> str:
    """What is done to the input folder or `--out` as a block is handed out (`move`, of `LOCAL_MOVES`): why the audit
    must not be clean, or ''."""
    named = sorted(files)
    key = rng.choice(named)
    path = local_path(folder, key)
    if move == "add":
        local_path(folder, f"late-{numbers[-1]}.jsonl").write_text(game_line(rng, numbers.pop(), True).text + "\n")
        return "a file added while the audit ran"
    if move == "hidden":
        (folder / f".late-{numbers[-1]}.jsonl").write_text(game_line(rng, numbers.pop(), True).text + "\n")
        return "a hidden file added while the audit ran"
    if move == "append" and path.exists():
        line = game_line(rng, numbers.pop())
        with path.open("ab") as appended:
            appended.write(Shard([line], files[key].form).data())
        if str(path) > opened:  # not opened yet: its lines, the one appended too, are read as given
            return "" if line.fair else f"{key} holds a game not fair, appended before it was read"
        return f"{key} written to while the audit ran"
    if move == "remove" and path.exists():
        path.unlink()
        return f"{key} removed while the audit ran"
    if move == "rewrite alike" and path.exists():
        path.write_bytes(path.read_bytes())
        return ""
    if move == "out summary":
        out.mkdir(parents=True, exist_ok=True)
        (out / "summary.json").write_text(json.dumps({"games": 1, "fair": 1}))
        return "a summary put in --out while the audit ran"
    if move == "out partials game":
        (out / "partials").mkdir(parents=True, exist_ok=True)
        (out / "partials" / "day2.jsonl").write_text(game_line(rng, numbers.pop()).text + "\n")
        # README: a file put in a folder given while the audit runs, among the results of an --out there too, is not
        # read, and is listed; an --out beside the folders given is no input, and what is put there no game given
        return "a file put in --out's partials while the audit ran" if out.is_relative_to(folder) else ""
    return ""


def one_local_run(root: Path, rng: random.Random, number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw and run one `fairdice audit`, its moves made as blocks are handed out; assert what is promised. `number`
    names its folder alone: what is drawn is `rng`'s, so that an example replayed as it shrinks is the same audit."""
    folder = root / f"r{number}" / "in"
    numbers = list(range(999, 0, -1))
    # Each run plays one lever above all, drawn first: the files' lines (half of them honest), a hidden file beside
    # them, or a move (its first move, over files honest nine times in ten), so that a defence against any one taken
    # out shows in a clean audit within a few dozen runs (with every lever drawn alike in every run, over files honest
    # seven times in ten, a defence taken out went unseen in 40 runs, and which one moved as the draws did)
    lever = rng.choice(["lines", "hidden before", *LOCAL_MOVES])
    count = 0 if lever in ("lines", "hidden before") else rng.choice([1, 1, 2])
    files = draw_shards(rng, "", numbers, honesty=0.5 if lever == "lines" else 0.9)
    for key, shard in files.items():
        path = local_path(folder, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(shard.data())
    if lever == "hidden before":  # a hidden file of games beside them
        (folder / f".hidden-{numbers[-1]}.jsonl").write_text(game_line(rng, numbers.pop(), True).text + "\n")
    # --out in the folder or beside it; in it where the lever is a game put in its partials/, which is no game given
    # beside it (a second move there plays that)
    inside = lever == "out partials game" or rng.randrange(2) == 0
    out = folder / "out" if inside else root / f"r{number}" / "out"
    why = [name for name in os.listdir(folder) if name.startswith(".")]
    if bad_lines(list(files.values())):
        why.append("a line given is not a fair game, or is given twice")
    # a move is made as a block is handed out, one per file holding a line: drawn past the last block, as it was (at the
    # files' count, or an empty file's), it was never made, and the run searched nothing of its lever
    blocks = sum(1 for shard in files.values() if shard.lines)
    at = [rng.randrange(blocks) for _ in range(count)] if blocks else []
    moves: dict[int, str] = {}
    for block, move in zip(at, [lever, *(rng.choice(LOCAL_MOVES) for _ in at[1:])][: len(at)], strict=True):
        moves.setdefault(block, move)  # one move a block, the run's lever first
    handed = iter(range(10**6))

    # the files the run reads, in the order it reads them: the block handed out is the last opened's
    read_in_order = sorted(str(local_path(folder, key)) for key, shard in files.items() if shard.lines)

    def asked() -> None:
        index = next(handed)
        # (a file of no line may yet be handed out, as a gzip of no bytes is a finding: then every file is held opened)
        opened = read_in_order[min(index, len(read_in_order) - 1)] if read_in_order else "\U0010ffff"
        if (move := moves.get(index)) and (said := local_move(folder, out, files, rng, numbers, move, opened)):
            why.append(said)

    real = local.run
    monkeypatch.setattr(local, "run", lambda *args, **kwargs: real(*args, **{**kwargs, "asked": asked}))
    try:
        status = main(["audit", str(folder), "--out", str(out), "--workers", "1"])
    finally:  # an example that fails is run again as it shrinks: the next one wraps the command's own run
        monkeypatch.setattr(local, "run", real)
    drawn = {key: (shard.form, [line.text[:60] for line in shard.lines]) for key, shard in files.items()}
    assert not (status == 0 and why), f"exit 0 though {why}: {drawn}"
    if status in (0, 1) and (out / "summary.json").exists():
        summary = json.loads((out / "summary.json").read_text())
        given = [line for shard in files.values() for line in shard.lines]
        # a move adds at most one game
        assert summary["games"] <= sum(line.games for line in given) + len(moves), (summary, drawn)
        assert summary["fair"] <= sum(line.games for line in given if line.fair) + len(moves), (summary, drawn)
    outcome = "clean" if status == 0 else "bad, not clean" if why else "not clean"
    SEEN[outcome] = SEEN.get(outcome, 0) + 1


def test_no_lever_of_files_or_out_buys_a_clean_local_audit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    SEEN.clear()
    SEEN.update({"clean": 0, "bad, not clean": 0})
    numbered = itertools.count()

    # Drawn by Hypothesis, each audit from its own draws (`st.randoms`: each call of the drawing functions' `rng` a
    # draw), so that a failure shrinks to a small audit, its draws printed; derandomized, the same audits every run
    @LOCAL_SEARCH
    @given(rng=st.randoms(note_method_calls=True))
    def search(rng: random.Random) -> None:
        one_local_run(tmp_path, rng, next(numbered), monkeypatch)

    search()
    assert SEEN["clean"] >= 1 and SEEN["bad, not clean"] >= 1, SEEN


# ---- what the search found, each alone ----------------------------------------------------------------------------


def map_run_of(aws: AuditAws, prefix: str, out: str, shards: dict[str, bytes]) -> dict[str, Any]:
    """The merge's event after a map run whose workers audited `shards` under `prefix`, its result files as Step
    Functions writes them and Step Functions counting its children."""
    map_run_arn = f"arn:aws:states:eu-west-1:123456789012:mapRun:fairdice-audit/{uuid.uuid4()}:{uuid.uuid4()}"
    children = []
    for key, data in shards.items():
        aws.put(key, data)
        head = aws.s3.head_object(Bucket=BUCKET, Key=key)
        event = {"shard": {"Key": key, "Etag": head["ETag"], "Size": len(data)}, "output_prefix": out}
        event["started"] = "2026-11-30T00:20:00.000Z"
        children.append(child_execution(map_run_arn, event, aws.worker.lambda_handler(event, FakeLambdaContext())))
    manifest = f"map-runs/{map_run_arn.rsplit(':', 1)[1]}/manifest.json"
    map_run = {"MapRunArn": map_run_arn, "ResultWriterDetails": {"Bucket": BUCKET, "Key": manifest}}
    runs = MapRuns()
    runs.ran(map_run_arn, put_map_run_results(aws.put, map_run, children))
    aws.merger.sfn = runs
    return {"input_prefix": prefix, "output_prefix": out, "map_run": map_run}


@pytest.mark.parametrize("written", [b"", b"[]", b'{"games": 1}', b"\xff"], ids=["empty", "list", "other", "bytes"])
def test_a_partial_summary_rewritten_as_no_summary_is_its_shards_finding_not_a_failed_merge(
    audit_aws: AuditAws, written: bytes
) -> None:
    # Given two shards of fair games audited, and one partial's summary.json written over with what is no summary
    # (found by the search above: the merge failed on it, a ValidationError, and the execution with it, where README
    # promises a partial changed by a byte is its shard's `not_audited` finding)
    prefix, out = "games/found/", "audits/found/run/"
    changed, kept = f"{prefix}a.jsonl", f"{prefix}b.jsonl"
    event = map_run_of(
        audit_aws, prefix, out, {changed: games.jsonl([games.narde(1)]), kept: games.jsonl([games.narde(2)])}
    )
    audit_aws.put(f"{out}partials/{shard_name(changed)}/summary.json", written)

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(event, FakeLambdaContext())

    # Then that shard is named not audited, saying why, and the other is counted; the audit is not clean
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (1, 1, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{out}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (changed, "not_audited")
    assert "summary.json cannot be read" in finding["error"]["message"]


class _Drawing(random.Random):
    """Draws `move` where it is among the choices, and the first of any other."""

    def __init__(self, move: str) -> None:
        super().__init__(0)
        self.move = move

    def choice(self, seq: Any) -> Any:
        return self.move if self.move in seq else seq[0]


@pytest.mark.parametrize("move", ["findings of a game not fair emptied", "findings emptied"])
def test_the_moves_that_empty_findings_pass_over_a_partial_whose_findings_are_gone(
    audit_aws: AuditAws, move: str
) -> None:
    # Given two partials under the run's output prefix: the first with no findings.jsonl (a file of it removed), the
    # second holding a game not fair among its findings (review: the moves read findings uncaught, and the search
    # failed with S3's NoSuchKey, not on the audit)
    out = "audits/search/run/"
    run = Run(audit_aws, _Drawing(move), "games/search/", out, {})
    audit_aws.put(f"{out}partials/a/summary.json", b"{}")
    audit_aws.put(f"{out}partials/b/summary.json", b"{}")
    audit_aws.put(f"{out}partials/b/{FINDINGS}", b'{"verdict": "mismatch"}\n')

    # When the move is played
    partial_move(run, {})

    # Then the partial that holds a game not fair has its findings emptied, said so, where that is the move; the one
    # whose findings are gone (the first drawn, for the other move) is passed over: none put in their place
    if move == "findings emptied":
        assert run.bad == []
        assert audit_aws.get(f"{out}partials/b/{FINDINGS}") == b'{"verdict": "mismatch"}\n'
    else:
        assert run.bad == [f"{out}partials/b/{FINDINGS}: {move}"]
        assert audit_aws.get(f"{out}partials/b/{FINDINGS}") == b""
    assert f"{out}partials/a/{FINDINGS}" not in audit_aws.keys(f"{out}partials/")


class _Scripted(random.Random):
    """Draws each of `answers` in turn, each among the choices it is drawn from."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__(0)
        self.answers = iter(answers)

    def choice(self, seq: Any) -> Any:
        answer = next(self.answers)
        assert answer in seq, (answer, seq)
        return answer


@pytest.mark.parametrize(
    ("move", "answers"),
    [
        ("count", ["a", "count", FINDINGS]),
        ("junk line", ["a", "junk line", FINDINGS, "ids.txt"]),
        ("copy", ["b", "copy", "ids.txt", "a", "ids.txt"]),
        ("replay", ["a", "replay", FINDINGS, "x/ids.txt"]),
    ],
)
def test_the_moves_that_read_another_file_of_a_partial_pass_over_one_that_is_gone(
    audit_aws: AuditAws, move: str, answers: list[str]
) -> None:
    # Given two partials under the run's output prefix, the first holding its findings alone (its other files removed),
    # and a move that reads a file of a partial beside the one drawn, that file the first's, gone (review: the moves
    # that empty findings passed over a partial whose findings are gone; these read the file uncaught, and the search
    # failed with S3's NoSuchKey, not on the audit)
    out = "audits/search/run/"
    run = Run(audit_aws, _Scripted(answers), "games/search/", out, {})
    audit_aws.put(f"{out}partials/a/{FINDINGS}", b"")
    audit_aws.put(f"{out}partials/b/{FINDINGS}", b"")
    audit_aws.put(f"{out}partials/b/ids.txt", b'"g1"\t1\n')
    stored_before = {key: audit_aws.get(key) for key in audit_aws.keys(f"{out}partials/")}

    # When the move is played, Then it passes over that partial: nothing is put, and nothing said
    partial_move(run, {"x/ids.txt": b'"g2"\t1\n'})
    assert run.bad == []
    assert {key: audit_aws.get(key) for key in audit_aws.keys(f"{out}partials/")} == stored_before


@pytest.mark.parametrize("part", ["ids.txt", "games.txt"])
@pytest.mark.parametrize(
    "written", [b"a\tb\tc\n", b"\xff\tx\n" * 2, b'"id"\t1\n"id"\tx\n'], ids=["fields", "bytes", "line"]
)
def test_ids_or_game_keys_rewritten_as_lines_no_worker_writes_are_their_shards_finding_not_a_failed_merge(
    audit_aws: AuditAws, part: str, written: bytes
) -> None:
    # Given two shards of fair games audited, and one partial's ids.txt or games.txt written over with lines no worker
    # writes (found by the search above: the checks across shards read them before their digests were held to the
    # worker's answer, and the merge failed with a ValueError, the execution with it)
    prefix, out = "games/found/", "audits/found/run/"
    changed, kept = f"{prefix}a.jsonl", f"{prefix}b.jsonl"
    event = map_run_of(
        audit_aws, prefix, out, {changed: games.jsonl([games.narde(1)]), kept: games.jsonl([games.narde(2)])}
    )
    audit_aws.put(
        f"{out}partials/{shard_name(changed)}/{part}",
        written + audit_aws.get(f"{out}partials/{shard_name(kept)}/{part}"),
    )

    # When the merge runs
    merged = audit_aws.merger.lambda_handler(event, FakeLambdaContext())

    # Then that shard is named not audited, as a partial that does not add up, and the other is counted
    assert (merged["games"], merged["fair"], merged["not_audited"], merged["clean"]) == (1, 1, 1, False)
    (finding,) = [json.loads(line) for line in audit_aws.get(f"{out}findings.jsonl").splitlines()]
    assert (finding["file"], finding["error"]["code"]) == (changed, "not_audited")
    assert "does not add up to what its worker returned" in finding["error"]["message"]


@pytest.mark.parametrize("form", ["gzip", "gzip cut short", "gzip two members"])
def test_a_shard_drawn_is_the_same_bytes_whatever_the_clock(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    # Given a gzip shard as the search draws it, and its bytes as first written
    shard = Shard([game_line(random.Random(0), n, honest=True) for n in (1, 2)], form)
    first = shard.data()

    # When it is written again a second later, as "replace alike" writes it (the clock gzip reads for its header)
    later = time.time() + 1
    monkeypatch.setattr(time, "time", lambda: later)

    # Then it is the same bytes, so the same ETag: whether a move changed a shard is the seed's, not the clock's
    # (found: two runs of one seed differed in 6 of 382 AWS runs, a shard "written again alike" changed or not)
    assert shard.data() == first


@pytest.mark.parametrize("inside", [True, False], ids=["out in the folder", "out beside it"])
def test_a_game_put_in_out_partials_is_no_game_given_where_out_lies_beside_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inside: bool
) -> None:
    # Given a folder of one fair game's file, --out in it or beside it, and the search's move that puts a game in
    # --out's partials/ made as the block is handed out (found: the oracle held it a lever wherever --out was, and an
    # audit of fair files with --out beside them, rightly clean, exit 0, failed the search)
    folder, number = tmp_path / "in", itertools.count(1)
    files = {"a.jsonl": Shard([game_line(random.Random(0), next(number), honest=True)], "text")}
    folder.mkdir()
    local_path(folder, "a.jsonl").write_bytes(files["a.jsonl"].data())
    out = folder / "out" if inside else tmp_path / "out"
    why: list[str] = []

    def asked() -> None:
        why.append(local_move(folder, out, files, random.Random(0), [next(number)], "out partials game"))

    real = local.run
    monkeypatch.setattr(local, "run", lambda *args, **kwargs: real(*args, **{**kwargs, "asked": asked}))

    # When the audit runs
    status = main(["audit", str(folder), "--out", str(out), "--workers", "1"])

    # Then the game put there is a game given only where --out lies in the folder, and the audit is not clean there
    assert (status, bool(why[0])) == ((1, True) if inside else (0, False))
