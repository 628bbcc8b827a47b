"""`make bench` (second part): the audit's figures, measured here, ratios from this one run (prints; never pass/fail).

1. One worker against the core on the same games: the core's recompute() alone, the core's verify
   path (parse_request + verify, what POST /verify does without HTTP) and the audit worker
   (reading, JSON, the core's check, tallies, findings, ids, writing its partial; and the same with its fast path
   for the common line turned off, every line by the full path), in games per CPU-second;
   and how long the same recompute takes inside the worker, and the ratio the worker reaches with the
   request's validation taken out of it (validated before the timing), and the ratio for the same games with their
   rolls recorded as JSON lists rather than text.
1b. The same ratio for games of other lengths (60 to 4,000 rolls), with what the worker spends beyond
   recompute, a game and a roll.
2. N workers on N cores against one worker: `fairdice audit` wall time, best of a few alternating runs.
3. Peak memory of `fairdice audit` for 10,000 and for 1,000,000 games, each run in a fresh process
   (its own peak and its worker processes' peak), and the merge alone for the large run.
3b. The merge of an AWS run's partials held to their workers' answers, timed as is and with one shard's ids.txt
   changed (the merge made again without it, every other partial read again), with the objects and bytes it reads.
4. An AWS model for 100 million 60-roll games at MaxConcurrency 1,000, from the figures above.

Inputs are generated here (60-roll narde-v1 games, rolls recorded as text, each with its own id)
in a temporary folder and removed afterwards: nothing large is committed. Sections 1 and 1b cycle
through a few hundred games; the inputs of sections 2 and 3 are every one a game of its own (its
own key and phrase), since the audit reports a game filed again under another id, and a finding per
line would be measured instead of the audit.
"""

import argparse
import gzip
import hashlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "shared"), str(ROOT / "functions")]

from fairdice import schemes  # noqa: E402
from fairdice.audit.lines import numbered_lines  # noqa: E402
from fairdice.audit.merge import merge  # noqa: E402
from fairdice.audit.shard import FINDINGS, GAMES, IDS, SUMMARY, audit_shard, partial_key, shard_name  # noqa: E402
from fairdice.audit.store import FolderResults  # noqa: E402
from fairdice.audit.tally import InputRecord, WorkerAnswer  # noqa: E402
from fairdice.dice import keyed_mac  # noqa: E402
from fairdice.recompute import recompute  # noqa: E402
from fairdice.recorded import parse_recorded  # noqa: E402
from fairdice.schemes import narde, parse_request  # noqa: E402
from fairdice.verify import verify  # noqa: E402

ROLLS = 60
DISTINCT = 400
# Lambda prices (eu-west-1, arm64), as BENCHMARKS.md §5 uses them.
GB_SECOND = 0.0000133334
LAMBDA_REQUEST = 0.20 / 1e6
TRANSITION = 0.025 / 1000  # Step Functions Standard, each state transition (children included)
S3_PUT = 0.005 / 1000
EPHEMERAL_GB_SECOND = 0.0000000309  # Lambda's /tmp beyond 512 MB, each GB-second
S3_GET = 0.0004 / 1000
WORKER_GB = 1769 / 1024
MERGE_GB = 2048 / 1024
PAIRED_ROUNDS = 4  # rounds of back-to-back timing for each of --repeat


def game(n: int, rolls: int = ROLLS) -> dict[str, Any]:
    """Fair game number `n` of `rolls` rolls: its own key and phrase, every roll recorded as the core computes it."""
    secret = hashlib.sha256(f"bench-{n}".encode()).digest()
    phrase = f"table-{n}"
    dice = narde.rolls(keyed_mac(secret), phrase, 0, rolls).dice
    return {
        "scheme": "narde-v1",
        "key": secret.hex(),
        "fingerprint": hashlib.sha256(secret).hexdigest(),
        "phrase": phrase,
        "recorded": " ".join(f"{a}-{b}" for a, b in dice),
    }


def distinct_games(rolls: int = ROLLS, distinct: int = DISTINCT) -> list[dict[str, Any]]:
    """`distinct` fair games of `rolls` rolls; sections 1 and 1b cycle through them with ids of their own."""
    made = [game(n, rolls) for n in range(distinct)]
    first = made[0]
    if verify(parse_request(first)).verdict != "fair":  # the fast path above is the core's own recompute
        raise AssertionError(f"a generated game is not fair: {first}")
    return made


def lines(games: list[dict[str, Any]], count: int, start: int = 0) -> bytes:
    return b"".join(
        json.dumps({**games[n % len(games)], "id": f"game-{n:09d}"}).encode() + b"\n"
        for n in range(start, start + count)
    )


def write_shard(path: Path, start: int, count: int) -> None:
    """Games `start` to `start + count - 1`, each a game of its own, as one gzip shard (about 0.2 ms a game)."""
    numbers = range(start, start + count)
    data = b"".join(json.dumps({**game(n), "id": f"game-{n:09d}"}).encode() + b"\n" for n in numbers)
    path.write_bytes(gzip.compress(data, compresslevel=1))


def write_inputs(folder: Path, count: int, per_file: int = 100_000) -> None:
    """`count` games, each a game of its own, in shards of `per_file`: a process a shard (this script again, with
    --shard), as many at once as there are cores, since a million games take minutes to make on one."""
    folder.mkdir(parents=True, exist_ok=True)
    running: list[subprocess.Popen[bytes]] = []
    for index, start in enumerate(range(0, count, per_file)):
        if len(running) >= (os.cpu_count() or 1):
            _finished(running.pop(0))
        path = folder / f"shard-{index:04d}.jsonl.gz"
        size = min(per_file, count - start)
        running.append(subprocess.Popen([sys.executable, __file__, "--shard", str(path), str(start), str(size)]))
    for process in running:
        _finished(process)


def _finished(process: "subprocess.Popen[bytes]") -> None:
    if process.wait() != 0:
        raise RuntimeError(f"making a shard of games failed: {process.args}")


def best_cpu(repeat: int, works: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The least CPU time of each work over `repeat` rounds, the works taking turns (after one untimed round)."""
    for work in works.values():
        work()
    best = dict.fromkeys(works, float("inf"))
    for _ in range(repeat):
        for name, work in works.items():
            start = time.process_time()
            work()
            best[name] = min(best[name], time.process_time() - start)
    return best


def paired_ratio(rounds: int, first: Callable[[], object], second: Callable[[], object]) -> dict[str, float]:
    """first's CPU time over second's, each round timing the two back to back (after one untimed round of each).

    This machine has slow spells that last longer than a work: the least time of each work, taken
    independently, can pair one work's fast spell with the other's slow one (0.40x and 0.57x from
    two runs of the same code). Two works timed one right after the other share their spell, so each
    round's ratio is fair; the median of the rounds, with its quartiles, is what is reported.
    """
    first()
    second()
    ratios = []
    for _ in range(rounds):
        start = time.process_time()
        first()
        middle = time.process_time()
        second()
        ratios.append((middle - start) / (time.process_time() - middle))
    if len(ratios) < 2:
        return {"median": ratios[0], "q1": ratios[0], "q3": ratios[0]}
    q1, median, q3 = statistics.quantiles(ratios, n=4, method="inclusive")
    return {"median": median, "q1": q1, "q3": q3}


def worker_works(games: list[dict[str, Any]], count: int, scratch: Path) -> dict[str, Callable[[], None]]:
    """The three works section 1 compares, on the same `count` games: recompute alone, the verify path, the worker."""
    data = lines(games, count)
    texts = [json.dumps({k: v for k, v in json.loads(line).items() if k != "id"}) for line in data.splitlines()]
    requests = [parse_request(json.loads(text)) for text in texts]
    secrets = [bytes.fromhex(request.secret_hex or "") for request in requests]
    store = FolderResults(scratch / "worker")

    def core_recompute() -> None:
        for request, secret in zip(requests, secrets, strict=True):
            recompute(request, secret)

    def core_verify_path() -> None:
        for text in texts:
            verify(parse_request(json.loads(text)))

    def worker() -> None:
        audit_shard(numbered_lines(io.BytesIO(data), "bench.jsonl"), "bench.jsonl", store, "bench")

    def worker_full_path() -> None:  # every line by the full path, the fast path (`audit.fast`) turned off
        audit_shard(numbered_lines(io.BytesIO(data), "bench.jsonl"), "bench.jsonl", store, "bench", fast_path=False)

    return {
        "recompute": core_recompute,
        "verify_path": core_verify_path,
        "worker": worker,
        "worker_full_path": worker_full_path,
    }


def worker_section(games: list[dict[str, Any]], count: int, repeat: int, scratch: Path) -> dict[str, float]:
    works = worker_works(games, count, scratch)
    best = best_cpu(repeat, works)
    rates = {name: count / seconds for name, seconds in best.items()}
    inside = recompute_inside_the_worker(works["worker"], count, repeat)
    paired = paired_ratio(PAIRED_ROUNDS * repeat, works["recompute"], works["worker"])
    full_path = paired_ratio(PAIRED_ROUNDS * repeat, works["recompute"], works["worker_full_path"])
    # The full path's validation: the fast path validates no request of these games with the model
    unvalidated = paired_ratio(
        PAIRED_ROUNDS * repeat, works["recompute"], without_validation(games, works["worker_full_path"])
    )
    # The same games with their rolls recorded as JSON lists ([[1, 5], [4, 6], …]), as an exporter may write them.
    listed = [
        {**game, "recorded": [list(roll) for roll in parse_recorded(game["recorded"], narde.SCHEME.sides)]}
        for game in games
    ]
    as_lists = worker_works(listed, count, scratch / "lists")
    lists = paired_ratio(PAIRED_ROUNDS * repeat, as_lists["recompute"], as_lists["worker"])
    print(f"1. One worker against the core, {count:,} games of {ROLLS} rolls, best of {repeat} (games per CPU-second)")
    print(f"   core recompute() alone      {rates['recompute']:10,.0f}")
    print(f"   core parse_request+verify   {rates['verify_path']:10,.0f}")
    print(f"   audit worker (audit_shard)  {rates['worker']:10,.0f}")
    print(f"   the same, fast path off     {rates['worker_full_path']:10,.0f}")
    print(
        f"   worker / recompute, timed back to back: median {paired['median']:.2f}x"
        f" (quartiles {paired['q1']:.2f}-{paired['q3']:.2f}, {PAIRED_ROUNDS * repeat} rounds; target >= 0.7x);"
        f" from the best rates {rates['worker'] / rates['recompute']:.2f}x;"
        f" worker / verify path {rates['worker'] / rates['verify_path']:.2f}x"
    )
    print(
        f"   the worker with its fast path off (every line by the full path), against recompute: median"
        f" {full_path['median']:.2f}x (quartiles {full_path['q1']:.2f}-{full_path['q3']:.2f})"
    )
    alone = best["recompute"] / count
    print(
        f"   inside the worker the same recompute takes {inside['per_game'] * 1e6:.0f} us a game"
        f" ({inside['share']:.0%} of the worker's time) against {alone * 1e6:.0f} us alone:"
        f" the worker could reach {alone / inside['per_game']:.2f}x if nothing else cost anything"
    )
    print(
        f"   the worker with its fast path off and each game's request validated before the timing (validation free),"
        " against recompute:"
        f" median {unvalidated['median']:.2f}x (quartiles {unvalidated['q1']:.2f}-{unvalidated['q3']:.2f})"
    )
    print(
        f"   the same games with their rolls recorded as JSON lists, worker against recompute: median"
        f" {lists['median']:.2f}x (quartiles {lists['q1']:.2f}-{lists['q3']:.2f})"
    )
    print()
    return {
        **rates,
        "lists_worker_over_recompute": lists["median"],
        "worker_over_recompute": paired["median"],
        "worker_over_recompute_q1": paired["q1"],
        "worker_over_recompute_q3": paired["q3"],
        "full_path_worker_over_recompute": full_path["median"],
        "full_path_worker_over_recompute_q1": full_path["q1"],
        "full_path_worker_over_recompute_q3": full_path["q3"],
        "unvalidated_worker_over_recompute": unvalidated["median"],
        "unvalidated_worker_over_recompute_q1": unvalidated["q1"],
        "unvalidated_worker_over_recompute_q3": unvalidated["q3"],
        "worker_seconds_per_game": best["worker"] / count,
        "recompute_inside_worker_s": inside["per_game"],
        "recompute_share_of_worker": inside["share"],
    }


def without_validation(games: list[dict[str, Any]], worker: Callable[[], None]) -> Callable[[], None]:
    """The worker with the request's validation taken out of it: each game's request is validated before any
    timing, and `parse_request` becomes a lookup of it by its phrase (the bench's games each have their own).

    Everything else the worker does (reading, JSON, the check, tallies, findings, ids, writing) is unchanged:
    what this worker reaches is what cheaper validation alone could bring, at best.
    """
    validated = {game["phrase"]: parse_request(game) for game in games}
    if len(validated) != len(games):
        raise ValueError("the games must each have a phrase of their own")

    def looked_up(data: dict[str, Any], names: dict[str, str] | None = None) -> Any:
        return validated[data["phrase"]]

    def run() -> None:
        with mock.patch.object(schemes, "parse_request", looked_up):
            worker()

    return run


def recompute_inside_the_worker(worker: Callable[[], None], count: int, repeat: int) -> dict[str, float]:
    """How long the scheme's recompute takes when the worker calls it, among the worker's other work.

    The room's roll function (`narde.rolls`, which the scheme's `rolls` and the worker's fast path both call) is wrapped
    with a wall clock (the worker runs on one thread, so its wall time is its CPU time when nothing else takes the
    core); the least of `repeat` runs is kept.
    """
    rolls = narde.rolls
    spent = 0.0

    def timed(*args: Any) -> Any:
        nonlocal spent
        start = time.perf_counter()
        try:
            return rolls(*args)
        finally:
            spent += time.perf_counter() - start

    best = (float("inf"), 0.0)
    with mock.patch.object(narde, "rolls", timed):  # the room's own function again afterwards
        for _ in range(repeat):
            spent = 0.0
            start = time.perf_counter()
            worker()
            best = min(best, (spent, time.perf_counter() - start))
    return {"per_game": best[0] / count, "share": best[0] / best[1]}


def length_section(lengths: list[int], rolls_each: int, repeat: int, scratch: Path) -> dict[str, Any]:
    """Section 1's worker / recompute ratio for games of other lengths, the same number of rolls at each length.

    A game costs the worker a part whatever its length (its line, JSON, validation, its counts) and
    a part per roll (reading and comparing the recorded roll, tallying its dice) besides the
    recompute. At each length the two works take turns, as in section 1; the worker's time beyond
    recompute is shown a game and a roll (from the least times). Lengths are measured one after another, so their
    absolute times may fall in different spells of the machine: the ratio is the median of rounds timed back to
    back (`paired_ratio`).
    """
    rounds = PAIRED_ROUNDS * repeat
    print(f"1b. One worker against recompute by game length, {rolls_each:,} rolls at each, {rounds} rounds")
    rows = []
    for rolls in lengths:
        count = max(1, rolls_each // rolls)
        made = worker_works(distinct_games(rolls, min(DISTINCT, count)), count, scratch / f"length-{rolls}")
        best = best_cpu(repeat, {name: made[name] for name in ("recompute", "worker")})
        paired = paired_ratio(rounds, made["recompute"], made["worker"])
        recomputed, worked = best["recompute"] / count, best["worker"] / count
        rows.append(
            {
                "rolls": rolls,
                "games": count,
                "recompute_s": recomputed,
                "worker_s": worked,
                "ratio": paired["median"],
                "ratio_q1": paired["q1"],
                "ratio_q3": paired["q3"],
            }
        )
        beyond = worked - recomputed
        print(
            f"   {rolls:>6,} rolls: {count:>6,} games; a game: recompute {recomputed * 1e6:7.0f} us,"
            f" worker {worked * 1e6:7.0f} us ({beyond * 1e6:6.0f} us beyond, {beyond / rolls * 1e6:5.2f} us a roll);"
            f" worker / recompute {paired['median']:.2f}x ({paired['q1']:.2f}-{paired['q3']:.2f})"
        )
    print()
    return {"lengths": rows}


def audit_command(inputs: Path, out: Path, workers: int) -> dict[str, Any]:
    """`fairdice audit` in a fresh process: wall times (all, and reading and auditing alone), peak memory.

    The audit phase is timed by the run's own progress hooks (start, then stop before the merge).
    """
    probe = f"""
import json, resource, time
from pathlib import Path
from fairdice.audit.local import Progress, run

class Clock(Progress):
    def start(self, total_bytes):
        self.started, self.cpu_started = time.perf_counter(), time.process_time()
    def stop(self):
        self.stopped, self.cpu_stopped = time.perf_counter(), time.process_time()

clock = Clock()
begun = time.perf_counter()
result = run([{str(inputs)!r}], Path({str(out)!r}), workers={workers}, progress=clock)
print(json.dumps({{
    "wall": time.perf_counter() - begun,
    "audit": clock.stopped - clock.started,
    # CPU of reading and auditing: this process's share, and its workers' (they end before the merge).
    "audit_cpu": clock.cpu_stopped - clock.cpu_started
    + sum(getattr(resource.getrusage(resource.RUSAGE_CHILDREN), f) for f in ("ru_utime", "ru_stime")),
    "games": result.summary.games,
    # VmHWM, not ru_maxrss: Linux keeps in ru_maxrss the peak of the process before it exec'd
    # (this bench, forked), where VmHWM is the peak of this program alone.
    "own_kib": int(next(line for line in open("/proc/self/status") if line.startswith("VmHWM")).split()[1]),
    "workers_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
}}))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "shared")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def scaling_section(count: int, rounds: int, scratch: Path) -> dict[str, float]:
    """Wall time of N workers against one, and the CPU time each spends on the same games.

    On a machine shared with other work, the wall-time speedup says how many cores were free as
    much as how the audit scales; the CPU time does not: with N free cores, N workers take their
    CPU time divided by N, so N × (one worker's CPU) / (N workers' CPU) is the speedup they reach.
    """
    cores = os.cpu_count() or 1
    inputs = scratch / "scaling"
    write_inputs(inputs, count, per_file=max(1, count // 4))
    best: dict[int, dict[str, float]] = {}
    loads = []
    for _ in range(rounds):
        for workers in (1, cores):
            loads.append(os.getloadavg()[0])
            run = audit_command(inputs, scratch / f"out-{workers}", workers)
            if workers not in best or run["audit"] < best[workers]["audit"]:
                best[workers] = run
    one, many = best[1], best[cores]
    speedup = one["audit"] / many["audit"]
    cpu_speedup = cores * one["audit_cpu"] / many["audit_cpu"]
    print(f"2. {cores} workers on {cores} cores against one worker, {count:,} games, best of {rounds}")
    print("   (reading and auditing; the merge and report after it are one process either way)")
    for workers, figures in best.items():
        print(
            f"   {workers} worker{'s' if workers > 1 else ' '} {figures['audit']:7.2f} s wall"
            f" ({count / figures['audit']:,.0f} games/s), {figures['audit_cpu']:7.2f} s CPU,"
            f" {figures['audit_cpu'] / figures['audit']:.2f} cores obtained"
        )
    print(
        f"   wall speedup {speedup:.2f}x = {speedup / cores:.2f}·N; from CPU time, {cpu_speedup:.2f}x ="
        f" {cpu_speedup / cores:.2f}·N on {cores} free cores (target >= 0.85·N);"
        f" 1-minute load average before the runs {min(loads):.1f}-{max(loads):.1f}"
    )
    print()
    return {"one": one, "many": many, "speedup": speedup, "cpu_speedup": cpu_speedup, "cores": cores}


def memory_section(small: int, large: int, scratch: Path) -> dict[str, Any]:
    from fairdice.audit import stats  # noqa: F401  (scipy imported before the merges are timed)

    figures = {}
    merges = {}
    for count in (small, large):
        inputs = scratch / f"memory-{count}"
        write_inputs(inputs, count)
        out = scratch / f"memory-out-{count}"
        figures[count] = audit_command(inputs, out, os.cpu_count() or 1)
        listed = json.loads((out / "summary.json").read_text())["inputs"]
        records = [InputRecord(file=r["file"], bytes=r["bytes"], sha256=r["sha256"]) for r in listed]
        start = time.perf_counter()
        merge(FolderResults(out), inputs=records)
        merges[count] = time.perf_counter() - start
    s, b = figures[small], figures[large]
    print(f"3. Peak memory of fairdice audit (fresh process each, {os.cpu_count()} workers)")
    for count, f in figures.items():
        print(
            f"   {count:>9,} games: main {f['own_kib'] / 1024:6.1f} MiB,"
            f" largest worker {f['workers_kib'] / 1024:6.1f} MiB, {f['wall']:7.1f} s;"
            f" the merge alone {merges[count]:.1f} s"
        )
    ratio = max(b["own_kib"], b["workers_kib"]) / max(s["own_kib"], s["workers_kib"])
    print(
        f"   peak {large:,} / {small:,}: {ratio:.2f}x (target <= 1.2x); main alone {b['own_kib'] / s['own_kib']:.2f}x"
    )
    print()
    per_game = merges[large] / large  # the large run's whole merge, fixed costs included: an upper bound
    return {
        "runs": figures,
        "ratio": ratio,
        "merge_s": merges,
        "merge_per_game_s": per_game,
        "merge_fixed_s": merges[small],
    }


class _CountedReads(FolderResults):
    """The merge bench's store, counting the objects the merge opens and the bytes it reads of them."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.opened = 0
        self.read_bytes = 0

    @contextmanager
    def open(self, name: str) -> Iterator[BinaryIO]:
        self.opened += 1
        self.read_bytes += (self.root / name).stat().st_size
        with super().open(name) as stream:
            yield stream


def tampered_merge_section(count: int, shards: int, repeat: int, scratch: Path) -> dict[str, Any]:
    """The merge of an AWS run's partials held to their workers' answers, as is and with one shard's ids.txt changed:
    a changed ids.txt or games.txt is known only once the checks across shards have read it, so the merge is made
    again without that shard, reading every other partial a second time."""
    from fairdice.audit import stats  # noqa: F401  (scipy imported before the merges are timed)

    inputs = scratch / f"tampered-{count}"
    write_inputs(inputs, count, per_file=-(-count // shards))
    store = _CountedReads(scratch / f"tampered-out-{count}")
    expected: dict[str, str] = {}
    returned: dict[str, WorkerAnswer] = {}
    for path in sorted(inputs.iterdir()):
        data = path.read_bytes()
        file, etag = f"games/{path.name}", f'"{path.name}"'
        source = InputRecord(file=file, bytes=len(data), sha256=hashlib.sha256(data).hexdigest(), etag=etag)
        name = shard_name(file)
        part = audit_shard(numbered_lines(io.BytesIO(data), file), file, store, name, source=lambda r=source: r)
        digests = {
            f"{kind}_sha256": hashlib.sha256((store.root / partial_key(name, stored)).read_bytes()).hexdigest()
            for kind, stored in (("summary", SUMMARY), ("findings", FINDINGS), ("ids", IDS), ("games", GAMES))
        }
        counts = part.counts
        returned[file] = WorkerAnswer(
            games=counts.games, not_fair=counts.games - counts.fair, errors=counts.errors, **digests
        )
        expected[file] = etag
    ids = store.root / partial_key(shard_name(min(expected)), IDS)
    kept = ids.read_bytes()
    changed = kept[: kept.rindex(b"\n", 0, len(kept) - 1) + 1]  # its last id left out

    def merged(tampered: bool) -> tuple[float, int, int, int]:
        ids.write_bytes(changed if tampered else kept)
        store.opened = store.read_bytes = 0
        start = time.perf_counter()
        summary = merge(store, expected=expected, returned=returned)
        return time.perf_counter() - start, store.opened, store.read_bytes, summary.not_audited

    runs: dict[bool, list[tuple[float, int, int, int]]] = {False: [], True: []}
    for _ in range(repeat):
        for tampered in (False, True):
            runs[tampered].append(merged(tampered))
    ids.write_bytes(kept)
    best = {tampered: min(timed) for tampered, timed in runs.items()}
    if (best[False][3], best[True][3]) != (0, 1):
        raise AssertionError(f"the tampered shard was not refused, or an untouched one was: {best}")
    print(f"3b. The merge held to the workers' answers: {count:,} games in {len(expected)} shards, best of {repeat}")
    for tampered, (seconds, opened, read, _) in best.items():
        label = "one shard's ids.txt changed" if tampered else "every partial as its worker stored it"
        print(f"   {label:<38} {seconds:6.2f} s, {opened:,} objects opened, {read / 2**20:,.1f} MiB read")
    ratio = best[True][0] / best[False][0]
    print(f"   the changed shard costs the merge {ratio:.2f}x its time (a second pass without it)")
    print()
    return {
        "games": count,
        "shards": len(expected),
        "clean_s": best[False][0],
        "tampered_s": best[True][0],
        "ratio": ratio,
        "clean_objects": best[False][1],
        "tampered_objects": best[True][1],
        "clean_bytes": best[False][2],
        "tampered_bytes": best[True][2],
    }


def aws_model(seconds_per_game: float, merge_per_game: float, merge_fixed: float) -> dict[str, float]:
    games, concurrency, shard_games = 100_000_000, 1000, 10_000
    shards = games // shard_games
    # A whole vCPU at 1,769 MB: a game takes on Lambda about what it takes on one core here
    # (an estimate: Graviton and this machine's core are not measured side by side).
    shard_s = shard_games * seconds_per_game + 1.0  # + reading, writing and a cold start, about a second
    waves = -(-shards // concurrency)
    map_wall = waves * shard_s
    # The merge: this machine's per-game merge time, plus each shard's four partial objects (summary, findings,
    # ids, game keys) read READ_AHEAD at a time at about 20 ms a round trip.
    merge_wall = merge_fixed + merge_per_game * games + shards * 4 * 0.020 / 16
    cost = {
        "Lambda workers (GB-s)": shards * shard_s * WORKER_GB * GB_SECOND,
        "Lambda merge and report (GB-s)": (merge_wall * MERGE_GB + 60 * 1.0) * GB_SECOND,
        "Lambda requests": (shards + 2) * LAMBDA_REQUEST,
        "Step Functions transitions": (shards * 2 + 10) * TRANSITION,
        "S3 PUT (4 a shard) and GET (5 a shard)": shards * (4 * S3_PUT + 5 * S3_GET),
        # /tmp beyond the free 512 MB: the worker's 2,048 MB and the merge's 10,240 MB (template.yaml)
        "Lambda /tmp beyond 512 MB (GB-s)": (
            (shards * shard_s * (2048 - 512) + merge_wall * (10240 - 512)) / 1024 * EPHEMERAL_GB_SECOND
        ),
    }
    total = sum(cost.values())
    print(f"4. AWS model: {games:,} games of {ROLLS} rolls in {shards:,} shards of {shard_games:,}")
    print(f"   a shard: {shard_games:,} x {seconds_per_game * 1e3:.3f} ms + 1 s = {shard_s:.1f} s on 1 vCPU (1,769 MB)")
    print(f"   map at MaxConcurrency {concurrency}: {waves} waves x {shard_s:.1f} s = {map_wall / 60:.1f} min")
    print(
        f"   merge: {merge_fixed:.1f} s + {games:,} x {merge_per_game * 1e6:.2f} µs + reads = {merge_wall / 60:.1f} min"
    )
    print(f"   wall time about {(map_wall + merge_wall) / 60:.1f} min")
    for item, dollars in cost.items():
        print(f"   {item:<42} ${dollars:8.2f}")
    print(f"   {'total':<42} ${total:8.2f}")
    return {"map_wall_s": map_wall, "merge_wall_s": merge_wall, "total_usd": total, **cost}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker-games", type=int, default=4000)
    parser.add_argument("--scaling-games", type=int, default=40_000)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--large", type=int, default=1_000_000)
    parser.add_argument("--tampered-games", type=int, default=200_000, help="games of section 3b's merges")
    parser.add_argument("--tampered-shards", type=int, default=20, help="shards of section 3b's merges")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--lengths", default="60,250,1000,4000", help="game lengths for section 1b, in rolls")
    parser.add_argument("--length-rolls", type=int, default=48_000, help="rolls at each length in section 1b")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--shard", nargs=3, metavar=("PATH", "START", "COUNT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.shard:  # one shard of the inputs, made in a process of its own by write_inputs
        path, start, count = args.shard
        write_shard(Path(path), int(start), int(count))
        return
    print(f"fairdice audit bench - Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    games = distinct_games()
    with tempfile.TemporaryDirectory(prefix="fairdice-audit-bench-") as folder:
        scratch = Path(folder)
        worker = worker_section(games, args.worker_games, args.repeat, scratch)
        lengths = [int(n) for n in args.lengths.split(",")]
        by_length = length_section(lengths, args.length_rolls, args.repeat, scratch)
        scaling = scaling_section(args.scaling_games, args.rounds, scratch)
        memory = memory_section(args.small, args.large, scratch)
        tampered = tampered_merge_section(args.tampered_games, args.tampered_shards, args.rounds, scratch)
    model = aws_model(worker["worker_seconds_per_game"], memory["merge_per_game_s"], memory["merge_fixed_s"])
    if args.json:
        figures = {
            "worker": worker,
            "by_length": by_length,
            "scaling": scaling,
            "memory": memory,
            "tampered": tampered,
            "aws": model,
        }
        print(json.dumps(figures, indent=2, default=str))


if __name__ == "__main__":
    main()
