"""`make bench`: fairdice's figures, side by side in one run (prints; never pass/fail).

1. Core throughput per scheme against the seed documents' own Python (001, 002, 003 print
   theirs; 000 and 004 are transcriptions of their recipes) and against the floor: a bare loop
   of the same HMAC-SHA256 calls over pre-built messages, with nothing else.
2. The verify handler in-process for a 60-roll game and a 10,000-roll request (median, p99),
   against the core compute alone for the same rolls.
3. Cold start: importing the handler against a bare import of Powertools' event handler and
   pydantic, in fresh processes, and the heaviest modules the handler imports.
4. The local server under a bounded load from a second process on loopback (wrk when it is
   installed, else a small Python client in its own process).

It runs from the repo root like the tests: `shared` and `functions` are put on sys.path the
way the Lambda layer and function folders are.
"""

import argparse
import contextlib
import datetime as dt
import hashlib
import hmac
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "shared"), str(ROOT / "functions"), str(ROOT)]

from fairdice.dice import D6_PAIR, fill, keyed_mac  # noqa: E402
from fairdice.recompute import recompute  # noqa: E402
from fairdice.schemes import (  # noqa: E402
    daily,
    parse_request,
    three_dice,
)
from fairdice.schemes import narde as narde_scheme  # noqa: E402
from fairdice.verify import verify  # noqa: E402

from testkit.lambda_context import FakeLambdaContext  # noqa: E402
from testkit.oracles import seed_000, seed_001, seed_003, seed_004  # noqa: E402

KEY_HEX = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
KEY = bytes.fromhex(KEY_HEX)
DAY = dt.date(2026, 11, 29)
WHITE, BLACK = "white-seed-7f3a", "black-seed-19c2"


K = TypeVar("K")


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The least CPU time of `repeat` runs, in seconds.

    CPU time of this process, not wall time: other processes on a shared machine then change
    the figures far less, and every figure compared here is single-threaded compute.
    """
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def race(repeat: int, works: dict[K, Callable[[], object]]) -> dict[K, float]:
    """`best_of` for several works at once, taking turns, so a busy spell slows them all alike.

    A first round is not timed: it warms the caches, the allocator and the CPU's clock.
    """
    for work in works.values():
        work()
    best = dict.fromkeys(works, float("inf"))
    for _ in range(repeat):
        for name, work in works.items():
            best[name] = min(best[name], best_of(1, work))
    return best


def hmac_floor(key: bytes, messages: list[bytes]) -> list[bytes]:
    """HMAC-SHA256 of every message and nothing else, the fastest way Python offers.

    RFC 2104 with the padded key blocks hashed once: two SHA-256 state copies per message,
    inline in the loop (no call per message). `hmac.digest` rekeys on every call and is
    2-3 times slower; the report shows it too.
    """
    padded = key.ljust(64, b"\0")
    inner_copy = hashlib.sha256(bytes(b ^ 0x36 for b in padded)).copy
    outer_copy = hashlib.sha256(bytes(b ^ 0x5C for b in padded)).copy
    out = []
    append = out.append
    for message in messages:
        inner = inner_copy()
        inner.update(message)
        outer = outer_copy()
        outer.update(inner.digest())
        append(outer.digest())
    return out


def stdlib_floor(keys: list[bytes], messages: list[bytes]) -> list[bytes]:
    """The same HMACs through the standard library's one-shot `hmac.digest`."""
    return [hmac.digest(key, message, "sha256") for key, message in zip(keys, messages, strict=True)]


def fresh_key_floor(keys: list[bytes], messages: list[bytes]) -> list[bytes]:
    """One HMAC per (key, message), each key padded and hashed for its one message, inline."""
    out = []
    for key, message in zip(keys, messages, strict=True):
        padded = key.ljust(64, b"\0")
        inner = hashlib.sha256(padded.translate(_XOR_36))
        inner.update(message)
        outer = hashlib.sha256(padded.translate(_XOR_5C))
        outer.update(inner.digest())
        out.append(outer.digest())
    return out


_XOR_36 = bytes(b ^ 0x36 for b in range(256))
_XOR_5C = bytes(b ^ 0x5C for b in range(256))


def _seed_002_loop(key_hex: str, phrase: str, count: int) -> list[list[int]]:
    # Seed 002's printed loop with `print(i, …)` replaced by collecting the same list.
    key = bytes.fromhex(key_hex)
    out = []
    for i in range(count):
        mac = hmac.new(key, f"narde-v1|{phrase}|{i}".encode(), hashlib.sha256).digest()
        out.append([b % 6 + 1 for b in mac if b < 252][:2])
    return out


def throughput(rolls: int, repeat: int) -> list[dict[str, Any]]:
    """Rolls per second for the core, the seed code and the floor, per scheme."""
    seeds = [f"seat{n}" for n in range(2)]
    pair36 = parse_request({"scheme": "pair36", "server_seed": KEY_HEX, "client_seeds": seeds, "count": rolls})
    bot = parse_request({"scheme": "bg-dice-v1", "key": KEY_HEX, "opening": False, "count": rolls})
    narde = parse_request({"scheme": "narde-v1", "key": KEY_HEX, "phrase": "test", "count": rolls})
    three = parse_request(
        {"scheme": "three-dice", "seed": KEY_HEX, "client_seeds": {"white": WHITE, "black": BLACK}, "count": rolls}
    )
    players = [str(uuid.UUID(int=n * 0x9E3779B97F4A7C15 % 2**128, version=4)) for n in range(rolls)]

    _, bot_roll = seed_001.snippet(KEY_HEX)
    cases: list[tuple[str, Callable[[], object], Callable[[], object], list[bytes]]] = [
        (
            "pair36",
            lambda: recompute(pair36, KEY),
            lambda: [seed_000.roll(KEY, seeds, n) for n in range(1, rolls + 1)],
            [f"seat0:seat1:{n}".encode() for n in range(1, rolls + 1)],
        ),
        (
            "bg-dice-v1",
            lambda: recompute(bot, KEY),
            lambda: [bot_roll(f"bg-dice-v1:turn:{t}") for t in range(1, rolls + 1)],
            [f"bg-dice-v1:turn:{t}:0".encode() for t in range(1, rolls + 1)],
        ),
        (
            "narde-v1",
            lambda: recompute(narde, KEY),
            lambda: _seed_002_loop(KEY_HEX, "test", rolls),
            [f"narde-v1|test|{i}".encode() for i in range(rolls)],
        ),
        (
            "three-dice",
            lambda: recompute(three, KEY),
            lambda: [seed_003.roll(KEY_HEX, WHITE, BLACK, ply) for ply in range(rolls)],
            [three_dice.message(WHITE, BLACK, ply) + b"\0\0\0\0" for ply in range(rolls)],
        ),
        (
            "daily",
            lambda: daily.rolls(keyed_mac(KEY), DAY, players),
            lambda: [seed_004.faces(KEY, DAY.isoformat(), p) for p in players],
            [f"{DAY.isoformat()}|{p}".encode() for p in players],
        ),
    ]
    works = [
        (name, core, seed_code, partial(hmac_floor, KEY, messages), partial(stdlib_floor, [KEY] * rolls, messages))
        for name, core, seed_code, messages in cases
    ]
    # daily as the API meets it: one request per player and day, each day with its own secret.
    secrets = [hashlib.sha256(b"day %d" % n).digest() for n in range(rolls)]
    requests = [
        parse_request({"scheme": "daily", "date": DAY.isoformat(), "player_id": p, "secret": s.hex()})
        for p, s in zip(players, secrets, strict=True)
    ]
    day_messages = [f"{DAY.isoformat()}|{p}".encode() for p in players]
    works.append(
        (
            "daily, 1 per request",
            lambda: [recompute(r, s) for r, s in zip(requests, secrets, strict=True)],
            lambda: [seed_004.faces(s, DAY.isoformat(), p) for s, p in zip(secrets, players, strict=True)],
            partial(fresh_key_floor, secrets, day_messages),
            partial(stdlib_floor, secrets, day_messages),
        )
    )
    # Every work of every scheme takes its turn in each round: a slow spell of a shared machine
    # then falls on all of them alike, and the best of the rounds is what each one costs.
    every = race(
        repeat,
        {
            (name, kind): work
            for name, *kinds in works
            for kind, work in zip(("core", "seed", "floor", "stdlib"), kinds, strict=True)
        },
    )
    rows = []
    for name, *_ in works:
        best = {kind: every[(name, kind)] for kind in ("core", "seed", "floor", "stdlib")}
        rows.append(
            {
                "scheme": name,
                "core_rps": rolls / best["core"],
                "seed_rps": rolls / best["seed"],
                "floor_rps": rolls / best["floor"],
                "stdlib_floor_rps": rolls / best["stdlib"],
                "core_vs_seed": best["seed"] / best["core"],
                "core_vs_floor": best["core"] / min(best["floor"], best["stdlib"]),
            }
        )
    return rows


def handler_latency(repeat: int) -> list[dict[str, Any]]:
    """In-process handler latency against the core alone, for a small and a capped request."""
    os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "fairdice")
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    from verify_api import app  # the handler, as Lambda imports it

    event = json.loads((ROOT / "events" / "api-verify-narde-fair.json").read_text())
    rows = []
    for count in (60, 10_000):
        narde = parse_request({"scheme": "narde-v1", "key": KEY_HEX, "phrase": "test", "count": count})
        recorded = " ".join(f"{a}-{b}" for a, b in (r.dice for r in recompute(narde, KEY)))
        body = json.dumps({"scheme": "narde-v1", "key": KEY_HEX, "phrase": "test", "recorded": recorded})
        request_event = {**event, "body": body, "isBase64Encoded": False}
        request_event["headers"] = {**event["headers"], "content-length": str(len(body))}
        samples, core_samples, seed_samples = [], [], []
        runs = max(5, repeat * (20 if count == 60 else 2))
        for _ in range(runs):
            start = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):  # EMF metric lines go to stdout
                response = app.lambda_handler(request_event, FakeLambdaContext())
            samples.append(time.perf_counter() - start)
            assert response["statusCode"] == 200, response
            start = time.perf_counter()
            verify(parse_request(json.loads(body)))
            core_samples.append(time.perf_counter() - start)
            start = time.perf_counter()
            _seed_002_loop(KEY_HEX, "test", count)
            seed_samples.append(time.perf_counter() - start)
        samples.sort()
        rows.append(
            {
                "rolls": count,
                "runs": runs,
                "handler_median_ms": 1e3 * statistics.median(samples),
                "handler_p99_ms": 1e3 * samples[min(len(samples) - 1, int(0.99 * len(samples)))],
                "core_verify_median_ms": 1e3 * statistics.median(core_samples),
                "core_rolls_only_ms": 1e3 * best_of(3, lambda narde=narde: recompute(narde, KEY)),
                "seed_code_median_ms": 1e3 * statistics.median(seed_samples),
                "response_bytes": len(response["body"]),
            }
        )
    return rows


# What Lambda's runtime sets: with it, the X-Ray SDK samples locally instead of building a botocore
# client for the X-Ray service at import (which is what happens on a developer machine).
def cold_start(runs: int) -> dict[str, Any]:
    """Import time of the handler module against the bare framework, fresh processes each.

    `bench/cold_start_probe.py` does the measuring: interleaved rounds, as on a developer machine
    and with the variables Lambda sets, the import alone and the import plus one POST /verify.
    Every module's bytecode is cached (in a temporary folder, warmed first) for both sides, so
    neither pays for compiling and the ratio compares the imports alone.
    """
    from cold_start_probe import BARE, HANDLER, PLACES, environment, run

    cache = Path(tempfile.mkdtemp(prefix="fairdice-bytecode-"))
    data_dir = tempfile.mkdtemp(prefix="fairdice-bench-")
    envs = {place: environment(ROOT, lambda_like, data_dir, cache) for place, lambda_like in PLACES.items()}
    for env in envs.values():  # one untimed round fills the bytecode cache
        run(ROOT, env, BARE)
        run(ROOT, env, HANDLER)
    samples: dict[tuple[str, str], list[float]] = {}
    loaded: dict[str, list[str]] = {}
    for _ in range(runs):
        for place, env in envs.items():
            samples.setdefault((place, "bare"), []).append(run(ROOT, env, BARE)["import"])
            handler = run(ROOT, env, HANDLER)
            samples.setdefault((place, "import"), []).append(handler["import"])
            samples.setdefault((place, "first_request"), []).append(handler["first_request"])
            loaded[place] = handler["loaded"]
        # What the handler cannot do without, on a developer machine: the floor under its import.
        for layer, statement in LAYERS.items():
            samples.setdefault(("layers", layer), []).append(run(ROOT, envs["developer machine"], statement)["import"])
    floor = 1e3 * statistics.median(samples[("developer machine", "bare")])
    layers = {layer: 1e3 * statistics.median(samples[("layers", layer)]) / floor for layer in LAYERS}
    places = {}
    for place in envs:
        bare, imported, served = (
            1e3 * statistics.median(samples[(place, k)]) for k in ("bare", "import", "first_request")
        )
        places[place] = {
            "bare_ms": bare,
            "import_ms": imported,
            "ratio": imported / bare,
            "first_request_ms": served,
            "first_request_ratio": served / bare,
            "heavy_loaded": loaded[place],
        }
    timing = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", HANDLER],
        capture_output=True,
        text=True,
        check=True,
        env=envs["developer machine"],
        cwd=ROOT,
    )
    heavy = []
    for line in timing.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            heavy.append((int(parts[1]), parts[2].rstrip()))
    heavy.sort(reverse=True)
    heaviest = [(us / 1e3, name) for us, name in heavy[:12]]
    return {"runs": runs, "places": places, "layers": layers, "heaviest": heaviest}


_FRAMEWORK = "from aws_lambda_powertools.event_handler import APIGatewayHttpResolver; import pydantic"
# Each adds to the one before what the handler needs; ratios are to the bare framework import.
LAYERS = {
    "+ pydantic.BaseModel (any model at all)": f"{_FRAMEWORK}; from pydantic import BaseModel",
    "+ fairdice.schemes (every scheme's request model, and the verdict's)": f"{_FRAMEWORK}; import fairdice.schemes",
    "+ fairdice.verify (all the core /verify needs)": f"{_FRAMEWORK}; import fairdice.verify",
    "+ Powertools' request validation": (
        f"{_FRAMEWORK}; import fairdice.verify;"
        " import aws_lambda_powertools.event_handler.middlewares.openapi_validation"
    ),
}


def _python_load(url: str, body: bytes, seconds: float, connections: int) -> dict[str, Any]:
    """A bounded load from a separate process: bench/load_client.py, `connections` threads for `seconds`."""
    client = [sys.executable, str(ROOT / "bench" / "load_client.py"), url]
    client += ["--seconds", str(seconds), "--connections", str(connections)]
    out = subprocess.run(client, input=body, capture_output=True, check=True, timeout=seconds + 60)
    result: dict[str, Any] = json.loads(out.stdout)
    result["tool"] = f"python urllib, {connections} threads, {seconds:.0f} s"
    return result


def _wrk_load(url: str, body: bytes, seconds: float, connections: int) -> dict[str, Any]:
    script = ROOT / "bench" / "post.lua"
    env = {**os.environ, "FAIRDICE_BENCH_BODY": body.decode()}
    args = ["wrk", "-t2", f"-c{connections}", f"-d{seconds:.0f}s", "--latency", "-s", str(script), url]
    out = subprocess.run(args, capture_output=True, text=True, check=True, timeout=120, env=env).stdout
    result: dict[str, Any] = {"tool": f"wrk -t2 -c{connections} -d{seconds:.0f}s"}
    for line in out.splitlines():
        words = line.split()
        if line.startswith("Requests/sec:"):
            result["rps"] = float(words[1])
        elif len(words) == 2 and words[0] in ("50%", "90%", "99%"):
            value = words[1]
            scale = 1e-3 if value.endswith("us") else 1e3 if value.endswith("s") and not value.endswith("ms") else 1
            result[f"p{words[0][:-1]}_ms"] = float(value.rstrip("mus")) * scale
        elif "requests in" in line:
            result["requests"] = int(words[0])
        elif line.strip().startswith("Non-2xx"):
            result["errors"] = int(words[-1])
    result.setdefault("errors", 0)
    return result


def server_load(seconds: float, connections: int) -> dict[str, Any]:
    """Start the local server on a free loopback port and load it from another process."""
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "local_server.py"), "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={
            **os.environ,
            "POWERTOOLS_LOG_LEVEL": "WARNING",
            "POWERTOOLS_TRACE_DISABLED": "true",
            "POWERTOOLS_METRICS_DISABLED": "true",
        },
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline().strip()
        base = first.rsplit(" ", 1)[-1]
        body = json.dumps(
            {"scheme": "narde-v1", "key": KEY_HEX, "phrase": "test", "recorded": "1-5 4-6 3-4", "count": 60}
        ).encode()
        url = f"{base}/verify"
        use_wrk = shutil.which("wrk") is not None
        load = _wrk_load if use_wrk else _python_load
        result = load(url, body, seconds, connections)
        result["request"] = "POST /verify, narde-v1, 60 rolls"
        return result
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=10_000, help="rolls per throughput run (at most 10,000)")
    parser.add_argument("--repeat", type=int, default=15, help="runs per figure (best or median taken)")
    parser.add_argument("--load-seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--only", type=int, action="append", choices=range(1, 5), help="run just these sections")
    args = parser.parse_args()
    sections = set(args.only or range(1, 5))

    report: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpu_count": os.cpu_count(),
            "processor": platform.machine(),
        }
    }
    print(f"fairdice bench - Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores\n")

    if 1 in sections:
        report["throughput"] = throughput_section(args.rolls, args.repeat)
    if 2 in sections:
        report["handler"] = handler_section(args.repeat)
    if 3 in sections:
        report["cold_start"] = cold_start_section(args.repeat)
    if 4 in sections:
        report["server"] = server_section(args.load_seconds, args.connections)
    if args.json:
        print(json.dumps(report, indent=2, default=str))


def throughput_section(rolls: int, repeat: int) -> list[dict[str, Any]]:
    rows = throughput(rolls, repeat)
    print(f"1. Core throughput, {rolls:,} rolls, best of {repeat} (rolls/s; ratios from the same run)")
    print(
        f"{'scheme':<22}{'core':>12}{'seed code':>12}{'HMAC floor':>12}{'stdlib hmac':>12}"
        f"{'core/seed':>11}{'floor ratio':>12}"
    )
    for r in rows:
        print(
            f"{r['scheme']:<22}{r['core_rps']:>12,.0f}{r['seed_rps']:>12,.0f}{r['floor_rps']:>12,.0f}"
            f"{r['stdlib_floor_rps']:>12,.0f}{r['core_vs_seed']:>10.2f}x{r['core_vs_floor']:>11.2f}x"
        )
    print("   core/seed: how many times faster than the seed documents' code (target >= 3x)")
    print("   floor ratio: core time / time of the bare HMAC calls alone (target <= 1.5x)")
    steps = narde_steps(rolls, repeat)
    print("   where a narde-v1 roll's time goes (ns per roll, each step timed alone, best of the same rounds):")
    for step, ns in steps.items():
        print(f"     {ns:7.0f}  {step}")
    print()
    return rows


def narde_steps(rolls: int, repeat: int) -> dict[str, float]:
    """`narde.rolls` taken apart: each of its steps over the same rolls, timed on its own."""
    mac = keyed_mac(KEY)
    numbers = range(rolls)
    prefix = "narde-v1|test|"
    digits = list(map(str, numbers))
    tails = list(map(str.encode, digits))
    blocks = mac.each(prefix.encode(), tails)
    messages = list(map(prefix.__add__, digits))
    work = {
        "all of narde.rolls": lambda: narde_scheme.rolls(mac, "test", 0, rolls),
        "the HMACs alone (the floor's loop)": lambda: mac.each(prefix.encode(), tails),
        "roll numbers as text": lambda: list(map(str, numbers)),
        "their UTF-8 bytes": lambda: list(map(str.encode, digits)),
        "the reported messages": lambda: list(map(prefix.__add__, digits)),
        "dice read by translation, short rolls by the rule": lambda: fill(
            numbers, messages, blocks, lambda at, block: narde_scheme.roll(mac, "test", at, block), sides=D6_PAIR
        ),
    }
    return {step: 1e9 * t / rolls for step, t in race(repeat, work).items()}


def handler_section(repeat: int) -> list[dict[str, Any]]:
    handler_rows = handler_latency(repeat)
    print("2. Verify handler in-process (narde-v1, recorded rolls given, JSON verdict)")
    for h in handler_rows:
        print(
            f"   {h['rolls']:>6,} rolls: handler median {h['handler_median_ms']:8.2f} ms,"
            f" p99 {h['handler_p99_ms']:8.2f} ms"
            f" | core verify() {h['core_verify_median_ms']:8.2f} ms | rolls only {h['core_rolls_only_ms']:8.2f} ms"
            f" | seed code alone {h['seed_code_median_ms']:8.2f} ms | {h['response_bytes']:,} bytes ({h['runs']} runs)"
        )
    print()
    return handler_rows


def cold_start_section(repeat: int) -> dict[str, Any]:
    cold = cold_start(runs=max(7, min(repeat, 11)))
    print(f"3. Cold start (median of {cold['runs']} fresh processes each, interleaved, bytecode cached for both)")
    for place, f in cold["places"].items():
        print(
            f"   {place}: bare framework {f['bare_ms']:.1f} ms | verify_api.app {f['import_ms']:.1f} ms"
            f" ({f['ratio']:.2f}x; target <= 1.3x) | import + first POST /verify {f['first_request_ms']:.1f} ms"
            f" ({f['first_request_ratio']:.2f}x)"
        )
        print(f"     heavy optional modules loaded: {', '.join(f['heavy_loaded']) or 'none'}")
    print("   the floor under the handler's import (developer machine, ratio to the bare framework):")
    for layer, ratio in cold["layers"].items():
        print(f"     {ratio:5.2f}x  {layer}")
    print("   heaviest imports on a developer machine (cumulative ms, -X importtime):")
    for ms, name in cold["heaviest"]:
        print(f"     {ms:8.1f}  {name.strip()}")
    print()
    return cold


def server_section(seconds: float, connections: int) -> dict[str, Any]:
    load = server_load(seconds, connections)
    print(f"4. Local server under load from a second process ({load['tool']}, {load['request']})")
    latency = (
        f"p50 {load['p50_ms']:.2f} ms, p90 {load['p90_ms']:.2f} ms, p99 {load['p99_ms']:.2f} ms"
        if "p50_ms" in load
        else "no request succeeded"
    )
    errors = f"{load.get('errors', 0)} errors" + (f" (first: {load['first_error']})" if "first_error" in load else "")
    print(f"   {load.get('rps', 0):,.0f} requests/s, {latency}, {load.get('requests', 0):,} requests, {errors}")
    return load


if __name__ == "__main__":
    main()
