"""`make bench` on a fresh machine: its local-server section runs to the end without wrk, and the audit's
figures are measured on a few games.

Only counts are checked here, never a timing (the bench prints its figures; it passes or fails nothing).
"""

import json
import os
import runpy
import subprocess
import sys
import tempfile
from pathlib import Path

from fairdice import schemes
from fairdice.schemes import narde, parse_request

ROOT = Path(__file__).resolve().parents[2]
ROOM_ROLLS = narde.rolls  # the room's roll function, which the bench wraps to time the recompute inside the worker


def test_the_local_server_section_loads_the_server_with_the_python_client_where_wrk_is_missing(
    tmp_path: Path,
) -> None:
    # Given a PATH on which no wrk can be found (the bench starts its server and client with its own interpreter)
    environ = {**os.environ, "PATH": str(tmp_path), "FAIRDICE_DATA_DIR": str(tmp_path / "var")}
    bench = [sys.executable, str(ROOT / "bench" / "run.py"), "--only", "4", "--load-seconds", "1"]

    # When the bench's fourth section runs with two connections
    done = subprocess.run(
        [*bench, "--connections", "2", "--json"], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120
    )

    # Then it ends normally, and every request it sent was a verification the server answered
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout[done.stdout.index("{\n") :])
    load = report["server"]
    assert load["tool"].startswith("python urllib")
    assert load["requests"] > 0
    assert load["errors"] == 0, load.get("first_error")
    assert {"p50_ms", "p90_ms", "p99_ms"} <= set(load)


def test_each_import_the_cold_start_section_times_is_one_this_tree_has() -> None:
    # Section 3 times imports written as statements; a module renamed in the core must be renamed there.
    layers = runpy.run_path(str(ROOT / "bench" / "run.py"), run_name="bench")["LAYERS"]
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "shared"), str(ROOT / "functions")])}
    for layer, statement in layers.items():
        done = subprocess.run(
            [sys.executable, "-c", statement], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, f"{layer}: {done.stderr[-1000:]}"


def test_the_audit_bench_measures_each_of_its_figures_on_a_few_games() -> None:
    # bench/audit.py (make bench's second part) imports the audit and the core by name: run each
    # section on a few games, so that a renamed module or a changed shape shows here, not at the next bench.
    bench = runpy.run_path(str(ROOT / "bench" / "audit.py"), run_name="bench")
    games = bench["distinct_games"]()[:20]

    with tempfile.TemporaryDirectory() as folder:
        worker = bench["worker_section"](games, 40, 1, Path(folder))
        assert {"recompute", "verify_path", "worker"} <= set(worker) and worker["worker_seconds_per_game"] > 0
        assert (
            0
            < worker["worker_over_recompute_q1"]
            <= worker["worker_over_recompute"]
            <= worker["worker_over_recompute_q3"]
        )
        assert (
            0
            < worker["unvalidated_worker_over_recompute_q1"]
            <= worker["unvalidated_worker_over_recompute"]
            <= worker["unvalidated_worker_over_recompute_q3"]
        )
        assert schemes.parse_request is parse_request  # the lookup is taken back when the timing ends
        # and the timed recompute: the room's own roll function again, which the scheme and the fast path both call
        assert narde.rolls is ROOM_ROLLS
        assert "rolls" not in vars(schemes.get("narde-v1"))
        assert worker["recompute_inside_worker_s"] > 0 and 0 < worker["recompute_share_of_worker"] <= 1
        by_length = bench["length_section"]([5, 20], 40, 1, Path(folder))
        assert [(row["rolls"], row["games"]) for row in by_length["lengths"]] == [(5, 8), (20, 2)]
        assert all(row["recompute_s"] > 0 and row["worker_s"] > 0 for row in by_length["lengths"])
        assert all(0 < row["ratio_q1"] <= row["ratio"] <= row["ratio_q3"] for row in by_length["lengths"])
        inputs = Path(folder) / "in"
        bench["write_inputs"](inputs, 50, per_file=20)
        run = bench["audit_command"](inputs, Path(folder) / "out", 1)
        summary = json.loads((Path(folder) / "out" / "summary.json").read_text())
        tampered = bench["tampered_merge_section"](30, 3, 1, Path(folder))
    # the merge with one shard's ids.txt changed refuses it (the section checks) and reads the other partials again
    assert (tampered["games"], tampered["shards"]) == (30, 3)
    assert tampered["tampered_objects"] > tampered["clean_objects"] > 0 and tampered["clean_s"] > 0
    assert run["games"] == 50 and run["own_kib"] > 0 and run["audit_cpu"] > 0
    # every game of sections 2 and 3 is fair and a game of its own: the audit measured, not its findings
    assert (summary["fair"], summary["duplicate_ids"], summary["repeated_games"]) == (50, 0, 0)

    model = bench["aws_model"](worker["worker_seconds_per_game"], 1e-6, 1.0)
    assert model["total_usd"] > 0 and model["map_wall_s"] > 0


def test_the_validation_free_worker_audits_every_game_as_the_worker_does_with_its_requests_looked_up() -> None:
    bench = runpy.run_path(str(ROOT / "bench" / "audit.py"), run_name="bench")
    games = bench["distinct_games"]()[:5]
    looked_up = []

    def probe() -> None:
        looked_up.append(schemes.parse_request(dict(games[3])))

    bench["without_validation"](games, probe)()
    assert looked_up == [parse_request(games[3])] and schemes.parse_request is parse_request

    with tempfile.TemporaryDirectory() as folder:
        works = bench["worker_works"](games, 12, Path(folder))
        bench["without_validation"](games, works["worker"])()
        partial = json.loads((Path(folder) / "worker" / "partials" / "bench" / "summary.json").read_text())
    assert partial["counts"]["games"] == partial["counts"]["fair"] == 12
