"""The one merge: partial results in any stored order give one summary and one findings file, nothing left out."""

import datetime as dt
import hashlib
import io
import json
import os
import re
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from fairdice.audit import merge as merge_module
from fairdice.audit.duplicates import repeats
from fairdice.audit.lines import numbered_lines
from fairdice.audit.merge import LOST, NO_OBJECT, PART_PUT_SINCE, PART_REMOVED, merge, put_summary
from fairdice.audit.shard import GAMES, audit_shard, partial_key, shard_name
from fairdice.audit.shard import SUMMARY as PART_SUMMARY
from fairdice.audit.store import FolderResults
from fairdice.audit.summary import audited_by
from fairdice.audit.tally import InputRecord
from fairdice.storage import S3Results
from pydantic import ValidationError

from unit.audit import games

SUMMARY_KEYS = [
    "inputs", "games", "rolls", "fair", "mismatch", "incomplete", "withheld", "errors",
    "rolls_differ", "rolls_missing", "rolls_extra", "duplicate_ids", "repeated_games", "windows",
    "by_scheme", "faces", "uniformity", "independence", "power",
    "not_audited",  # after the issue's own keys: the shards (on AWS) whose audit failed or never ran,
    "never_listed",  # the keys the map run's result files name outside the input prefix (no shard),
    "mirror_games",  # the lines that are a mirror pair's second game (their dice counted again),
    "archives",  # the daily archives that daily games were checked against,
    "passed_over",  # what a local run's folders held that it did not read,
    "fairdice",  # and the versions of fairdice that audited and merged
]  # fmt: skip


def shard(store: FolderResults, file: str, content: list[Any], etag: str | None = None) -> None:
    """A shard's partial as the AWS worker stores it, under its key's name."""
    data = games.jsonl(content)
    source = InputRecord(file=file, bytes=len(data), sha256="0" * 64, version="v1", etag=etag)
    audit_shard(numbered_lines(io.BytesIO(data), file), file, store, shard_name(file), source=lambda: source)


def findings(root: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (root / "findings.jsonl").read_text().splitlines()]


def test_the_summary_has_the_issues_shape_and_adds_up_every_shard(tmp_path: Path) -> None:
    store = FolderResults(tmp_path)
    a = [games.narde(1), games.mismatched(games.narde(2)), games.daily(3)]
    shard(store, "games/a.jsonl", a, etag='"a"')
    shard(store, "games/b.jsonl", [games.pair36(4), "oops", {**games.narde(5), "id": "narde-v1-1"}], etag='"b"')

    summary = merge(store, expected={"games/a.jsonl": '"a"', "games/b.jsonl": '"b"', "games/c.jsonl": '"c"'})
    put_summary(store, summary)

    document = json.loads((tmp_path / "summary.json").read_text())
    assert list(document) == SUMMARY_KEYS
    assert document["inputs"] == [
        {"file": "games/a.jsonl", "bytes": document["inputs"][0]["bytes"], "sha256": "0" * 64, "version": "v1"},
        {"file": "games/b.jsonl", "bytes": document["inputs"][1]["bytes"], "sha256": "0" * 64, "version": "v1"},
    ]
    # The daily roll is incomplete: no archive shows its commitment came before the day's play.
    assert (summary.games, summary.fair, summary.mismatch, summary.incomplete, summary.duplicate_ids) == (5, 3, 1, 1, 1)
    assert document["by_scheme"]["daily"] == {
        **dict.fromkeys(document["by_scheme"]["daily"], 0),
        "games": 1,
        "rolls": 1,
        "incomplete": 1,
    }
    assert summary.errors == 2  # "oops", and games/c.jsonl that has no partial
    assert set(document["by_scheme"]) == {"narde-v1", "pair36", "daily"}
    assert set(document["faces"]["daily"]) == {"d4", "d6", "d8", "d10", "d12", "d20"}
    assert set(document["uniformity"]["narde-v1"]["1"]) == {"chi2", "df", "p_value"}
    assert set(document["independence"]["narde-v1"]["2"]) == {
        "runs_z", "runs_p_value", "serial_correlation", "serial_p_value"
    }  # fmt: skip
    # 60 dice of each narde die, 12 of pair36's: a bias is said detectable from 5 dice expected of each face (30)
    assert isinstance(document["power"]["narde-v1"]["1"], float)
    assert document["power"]["pair36"]["1"] is None
    assert not summary.clean

    # Findings: shard a's, then b's (file order, not the order stored), then the shard left out,
    # then the duplicate id.
    lines = findings(tmp_path)
    assert [(f["file"], f["id"], f.get("verdict") or f["error"]["code"]) for f in lines] == [
        ("games/a.jsonl", "narde-v1-2", "mismatch"),
        ("games/a.jsonl", "daily-3", "incomplete"),
        ("games/b.jsonl", None, "not_json"),
        ("games/c.jsonl", None, "not_audited"),
        ("games/b.jsonl", "narde-v1-1", "duplicate_id"),
    ]
    assert lines[3]["error"]["code"] == "not_audited" and lines[3]["line"] is None
    assert lines[4]["error"]["code"] == "duplicate_id" and lines[4]["id"] == "narde-v1-1"
    assert "line 1 of games/a.jsonl" in lines[4]["error"]["message"]


def test_the_reason_a_shard_failed_is_its_finding(tmp_path: Path) -> None:
    store = FolderResults(tmp_path)
    failed = {"games/x.jsonl.gz": "its audit failed (Lambda.Timeout)"}
    merge(store, expected={"games/x.jsonl.gz": '"x"'}, not_audited=failed)
    (finding,) = findings(tmp_path)
    assert finding["error"]["message"] == "its audit failed (Lambda.Timeout)"


def test_an_earlier_runs_partials_under_the_same_prefix_count_for_nothing_in_this_run(tmp_path: Path) -> None:
    # Given partials of a shard whose object changed since, of a shard whose audit failed in this run, and of a shard
    # no longer under the input prefix, each with mismatched games in it
    store = FolderResults(tmp_path)
    bad = [games.mismatched(games.narde(n)) for n in range(3)]
    shard(store, "games/a.jsonl", [games.narde(10), games.narde(11)], etag='"a-now"')
    shard(store, "games/b.jsonl", bad, etag='"b-before"')
    shard(store, "games/c.jsonl", bad, etag='"c-now"')
    shard(store, "games/gone.jsonl", bad, etag='"d"')

    summary = merge(
        store,
        expected={"games/a.jsonl": '"a-now"', "games/b.jsonl": '"b-now"', "games/c.jsonl": '"c-now"'},
        not_audited={"games/c.jsonl": "its audit failed (Lambda.Timeout)"},
    )
    put_summary(store, summary)

    # Then only shard a's games count; b, c and the gone one are shards not audited, each saying why (review: the gone
    # one, removed while the run went on, was left out without a word, its mismatches with it)
    assert (summary.games, summary.fair, summary.mismatch, summary.errors, summary.not_audited) == (2, 2, 0, 3, 3)
    assert [record.file for record in summary.inputs] == ["games/a.jsonl"]
    assert not summary.clean
    assert [(f["file"], f["error"]["code"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/b.jsonl", "not_audited", merge_module.STALE),
        ("games/c.jsonl", "not_audited", "its audit failed (Lambda.Timeout)"),
        ("games/gone.jsonl", "not_audited", merge_module.REMOVED),
    ]
    assert "etag" not in json.loads((tmp_path / "summary.json").read_text())["inputs"][0]


def test_a_partial_written_by_another_version_is_a_shard_not_audited_not_a_failed_merge(tmp_path: Path) -> None:
    # Given a shard audited by the stack as it was before an update (PARTIAL_FORMAT 5: its games.txt a key, a line and
    # an id), beside one audited now (review: the merge failed with a bare ValueError on the old lines)
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(10)], etag='"a"')
    shard(store, "games/b.jsonl", [games.narde(11), {**games.narde(11), "id": "again"}], etag='"b"')
    old = tmp_path / partial_key(shard_name("games/b.jsonl"), GAMES)
    old.write_text("".join(f'{"0" * 32}\t{n:012d}\t"id-{n}"\n' for n in (1, 2)))
    summary_path = tmp_path / partial_key(shard_name("games/b.jsonl"), PART_SUMMARY)
    summary_path.write_text(json.dumps({**json.loads(summary_path.read_text()), "format": 5}))

    summary = merge(store, expected={"games/a.jsonl": '"a"', "games/b.jsonl": '"b"'})

    # Then shard b is not audited, saying why, and only shard a's game counts
    assert (summary.games, summary.fair, summary.not_audited, summary.repeated_games) == (1, 1, 1, 0)
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/b.jsonl", merge_module.OTHER_FORMAT)
    ]


def test_a_partial_of_another_version_whose_ids_and_keys_are_this_ones_is_said_of_another_form_not_unreadable(
    tmp_path: Path,
) -> None:
    # Given a shard audited by the stack as it was before an update (PARTIAL_FORMAT 13: its ids and game keys as now,
    # its withheld finding without at_most_incomplete), beside one audited now
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(10)], etag='"a"')
    data = games.jsonl([games.daily(11)])  # of a day not over as the shard reads it: withheld
    source = InputRecord(file="games/b.jsonl", bytes=len(data), sha256="0" * 64, version="v1", etag='"b"')
    name = shard_name("games/b.jsonl")
    lines = numbered_lines(io.BytesIO(data), "games/b.jsonl")
    audit_shard(lines, "games/b.jsonl", store, name, source=lambda: source, today=dt.date(2026, 11, 29))
    findings_path = tmp_path / partial_key(shard_name("games/b.jsonl"), "findings.jsonl")
    (withheld,) = [json.loads(line) for line in findings_path.read_text().splitlines()]
    del withheld["at_most_incomplete"]
    findings_path.write_text(json.dumps(withheld) + "\n")
    summary_path = tmp_path / partial_key(shard_name("games/b.jsonl"), PART_SUMMARY)
    summary_path.write_text(json.dumps({**json.loads(summary_path.read_text()), "format": 13}))

    summary = merge(store, expected={"games/a.jsonl": '"a"', "games/b.jsonl": '"b"'})

    # Then shard b is not audited, said as a partial of another form, its findings among what may differ, not as one
    # whose checks across shards the merge cannot read (review: said so of a partial whose ids and keys it reads)
    assert (summary.games, summary.fair, summary.not_audited) == (1, 1, 1)
    [(file, message)] = [(f["file"], f["error"]["message"]) for f in findings(tmp_path)]
    assert (file, message) == ("games/b.jsonl", merge_module.OTHER_FORMAT)
    assert "cannot read" not in message and "checks across shards" not in message, message
    assert "in another form than this merge reads" in message and "its findings" in message, message


def test_a_shard_whose_audit_failed_and_that_is_no_longer_listed_is_still_a_finding(tmp_path: Path) -> None:
    # Given a fair shard, and a shard the map listed whose audit then failed (removed before its worker read it), no
    # longer under the input prefix when the merge lists it (review: it was dropped, and the audit came out clean)
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(10)], etag='"a"')

    summary = merge(
        store, expected={"games/a.jsonl": '"a"'}, not_audited={"games/gone.jsonl": "its audit failed (NoSuchKey)"}
    )

    # Then it is a shard not audited, said with its cause, and the audit is not clean
    assert (summary.games, summary.errors, summary.not_audited, summary.clean) == (1, 1, 1, False)
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/gone.jsonl", "its audit failed (NoSuchKey)")
    ]


def test_on_aws_a_partial_that_names_no_object_counts_for_nothing(tmp_path: Path) -> None:
    # Given a listed shard's partial and, beside it, one put there that names no object read (as a local block does)
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.mismatched(games.narde(1))], etag='"1"')
    data = games.jsonl([games.narde(n) for n in range(2, 6)])
    audit_shard(numbered_lines(io.BytesIO(data), "zzz"), "zzz", store, "planted")

    summary = merge(store, expected={"games/a.jsonl": '"1"'})

    assert (summary.games, summary.mismatch) == (1, 1)
    assert [record.file for record in summary.inputs] == ["games/a.jsonl"]


def test_on_aws_a_listed_shard_whose_partial_names_no_object_is_not_audited_saying_so_not_that_it_was_removed(
    tmp_path: Path,
) -> None:
    # Given a listed shard whose partial, stored under its name, names no object read (a worker's always names one)
    store = FolderResults(tmp_path)
    data = games.jsonl([games.narde(1)])
    audit_shard(numbered_lines(io.BytesIO(data), "games/a.jsonl"), "games/a.jsonl", store, shard_name("games/a.jsonl"))

    # When the merge runs
    summary = merge(store, expected={"games/a.jsonl": '"1"'})

    # Then the shard is not audited, and its finding says its partial names no object, rather than that no partial is
    # stored (review: it said the partial was removed, which it was not)
    assert (summary.games, summary.not_audited, summary.clean) == (0, 1, False)
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [("games/a.jsonl", NO_OBJECT)]


def test_another_executions_results_inside_this_ones_partials_count_for_nothing(tmp_path: Path) -> None:
    # Given this execution's one shard, and two other executions of the same shards whose output prefixes lie inside
    # this one's folder: one whose folder is `partials/zz/` (its own partials one level deeper), one whose folder is
    # `partials/` itself (its summary.json at `partials/summary.json`); and a copy of the shard's partial under another
    # shard's name (review: the nested execution's shards were counted twice, or a summary was read as a partial)
    content = [games.narde(1), games.mismatched(games.narde(2))]
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", content, etag='"1"')
    for inner in (FolderResults(tmp_path / "partials" / "zz"), FolderResults(tmp_path / "partials")):
        shard(inner, "games/a.jsonl", content, etag='"1"')
        merge(inner, expected={"games/a.jsonl": '"1"'})
    shutil.copytree(tmp_path / "partials" / shard_name("games/a.jsonl"), tmp_path / "partials" / shard_name("copy"))

    summary = merge(store, expected={"games/a.jsonl": '"1"'})

    # Then the shard counts once, as this execution audited it
    assert (summary.games, summary.fair, summary.mismatch, summary.duplicate_ids, summary.errors) == (2, 1, 1, 0, 0)
    assert [record.file for record in summary.inputs] == ["games/a.jsonl"]
    assert [finding["id"] for finding in findings(tmp_path)] == [games.mismatched(games.narde(2))["id"]]


def test_a_partial_whose_counts_are_below_zero_is_refused_not_added(tmp_path: Path) -> None:
    # Counts below zero could cancel out a mismatch: no partial the audit writes holds one
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.mismatched(games.narde(1))], etag='"1"')
    planted = json.loads((tmp_path / "partials" / shard_name("games/a.jsonl") / "summary.json").read_text())
    planted["counts"] |= {"games": -1, "mismatch": -1}
    (tmp_path / "partials" / shard_name("games/a.jsonl") / "summary.json").write_text(json.dumps(planted))
    # A local run's partials are its own: the merge refuses the run
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        merge(store)
    # On AWS (the listed shards given), it is the shard's finding, none of its counts added (02a41e2: a partial that
    # is no summary a worker writes failed the whole merge)
    summary = merge(store, expected={"games/a.jsonl": '"1"'})
    assert (summary.games, summary.mismatch, summary.not_audited, summary.clean) == (0, 0, 1, False)
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/a.jsonl", merge_module.UNREADABLE)
    ]


def test_a_partial_whose_schemes_count_more_than_it_does_is_refused_not_added(tmp_path: Path) -> None:
    # Given a shard's partial of one fair game whose scheme is said to count 5 lines not verified, where the partial
    # counts none (review: merged, the report's row of lines that name no scheme showed -5)
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(1)], etag='"1"')
    stored = tmp_path / "partials" / shard_name("games/a.jsonl") / "summary.json"
    planted = json.loads(stored.read_text())
    planted["by_scheme"]["narde-v1"]["counts"]["errors"] = 5
    stored.write_text(json.dumps(planted))
    # Then a local run's merge refuses the run, as a partial no worker writes
    with pytest.raises(ValidationError, match="its schemes count 5 errors, more than its 0 overall"):
        merge(store)
    # and on AWS it is the shard's finding, none of its counts added
    summary = merge(store, expected={"games/a.jsonl": '"1"'})
    assert (summary.games, summary.errors, summary.not_audited, summary.by_scheme) == (0, 1, 1, {})
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/a.jsonl", merge_module.UNREADABLE)
    ]


def test_partials_of_the_listed_versions_all_count(tmp_path: Path) -> None:
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(1)], etag='"1"')
    shard(store, "games/b.jsonl", [games.narde(2)], etag='"2"')
    summary = merge(store, expected={"games/a.jsonl": '"1"', "games/b.jsonl": '"2"'})
    assert summary.clean and summary.games == 2 and len(summary.inputs) == 2


def test_the_summary_names_the_fairdice_that_audited_and_merged_and_another_partials_version_too(
    tmp_path: Path,
) -> None:
    # An auditor who audits the games again needs the version: a resumed run may merge partials another one wrote
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(1)], etag='"1"')
    shard(store, "games/b.jsonl", [games.narde(2)], etag='"2"')
    assert (
        json.loads((tmp_path / "partials" / shard_name("games/a.jsonl") / "summary.json").read_text())["fairdice"]
        == audited_by()
    )
    expected = {"games/a.jsonl": '"1"', "games/b.jsonl": '"2"'}
    merged = merge(store, expected=expected)
    put_summary(store, merged)
    assert merged.fairdice == [audited_by()]
    assert json.loads((tmp_path / "summary.json").read_text())["fairdice"] == [audited_by()]

    older = tmp_path / "partials" / shard_name("games/b.jsonl") / "summary.json"
    planted = json.loads(older.read_text())
    planted["fairdice"] = "0.0.9"
    older.write_text(json.dumps(planted))
    assert merge(store, expected=expected).fairdice == ["0.0.9", audited_by()]
    del planted["fairdice"]  # a partial written before partials named their version
    older.write_text(json.dumps(planted))
    assert merge(store, expected=expected).fairdice == [audited_by(), "unknown"]


def test_the_fairdice_an_audit_names_is_its_version_and_its_sources_fingerprint_which_any_change_of_them_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Review: partials named fairdice by its version alone, 0.1.0 through every change, so a changed layer's partials
    # merged with another's under one name
    import fairdice
    from fairdice.audit import summary

    version, _, fingerprint = audited_by().partition("+")
    assert version == fairdice.__version__ and len(fingerprint) == 12

    # Given a copy of the package, then the same copy with one byte of one module changed
    copy = tmp_path / "fairdice"
    shutil.copytree(Path(fairdice.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))

    def named(root: Path) -> str:
        monkeypatch.setattr(fairdice, "__file__", str(root / "__init__.py"))
        summary.audited_by.cache_clear()
        return summary.audited_by()

    try:
        same = named(copy)
        # an editor's files beside the sources, and a change of what the layer leaves out (the command line): the same
        (copy / ".dice.py.swp").write_bytes(b"swap")
        (copy / "dice.py~").write_bytes(b"backup")
        (copy / "cli.py").write_bytes((copy / "cli.py").read_bytes() + b"\n")
        beside = named(copy)
        (copy / "dice.py").write_bytes((copy / "dice.py").read_bytes() + b"\n")
        changed = named(copy)
        empty = tmp_path / "zipped" / "fairdice"  # a package imported from a zip: no file to read
        empty.mkdir(parents=True)
        unknown = named(empty)
    finally:
        summary.audited_by.cache_clear()

    # Then the copy is named as the package is, whatever lies beside it, and the changed copy otherwise, under the
    # same version; and a package whose files cannot be read says so
    assert same == beside == f"{version}+{fingerprint}"
    assert changed.startswith(f"{version}+") and changed != same
    assert unknown == f"{version}+unknown"


def test_the_fingerprint_leaves_out_what_the_layer_leaves_out() -> None:
    from fairdice.audit.summary import NOT_IN_LAYER

    root = Path(__file__).resolve().parents[3]
    makefile = (root / "shared" / "Makefile").read_text()
    (line,) = [line for line in makefile.splitlines() if line.startswith("NOT_IN_LAYER :=")]
    assert tuple(line.removeprefix("NOT_IN_LAYER :=").split()) == NOT_IN_LAYER
    # and the root Makefile's check that the built layer ships none of them names the same files (review)
    checked = re.search(r"&& ls (.*?) 2>/dev/null", (root / "Makefile").read_text().replace("\\\n", " "), re.S)
    assert checked is not None
    assert tuple(checked.group(1).split()) == NOT_IN_LAYER


def test_a_local_run_names_its_files_and_an_all_fair_audit_is_clean(tmp_path: Path) -> None:
    # Given a local run's block: part of a file the runner hashes itself, so no source of its own
    store = FolderResults(tmp_path)
    data = games.jsonl([games.narde(1), games.three_dice(2)])
    audit_shard(numbered_lines(io.BytesIO(data), "day.jsonl"), "day.jsonl", store, "00000-0000000")
    record = InputRecord(file="day.jsonl", bytes=len(data), sha256="f" * 64)
    summary = merge(store, inputs=[record])
    put_summary(store, summary)
    assert summary.clean and summary.games == 2
    document = json.loads((tmp_path / "summary.json").read_text())
    assert document["inputs"] == [{"file": "day.jsonl", "bytes": len(data), "sha256": "f" * 64}]
    assert (tmp_path / "findings.jsonl").read_text() == ""


def test_a_local_runs_block_whose_result_is_not_listed_stops_the_merge_naming_it_not_a_summary_without_its_games(
    tmp_path: Path,
) -> None:
    # Given a local run's three blocks of one file, the second's result removed once written, and the third's left
    # without its summary.json
    store = FolderResults(tmp_path)
    data = games.jsonl([games.narde(1)])
    for number in range(3):
        audit_shard(numbered_lines(io.BytesIO(data), "day.jsonl"), "day.jsonl", store, f"00000-000000{number}")
    shutil.rmtree(tmp_path / "partials" / "00000-0000001")
    (tmp_path / "partials" / "00000-0000002" / PART_SUMMARY).unlink()
    record = InputRecord(file="day.jsonl", bytes=len(data), sha256="f" * 64)

    # When the blocks are merged, named as the run cut them, Then the merge stops, naming the first block not listed
    # and counting the others, and writes nothing (review: it counted the blocks it listed, 1 game of 3, all fair, the
    # file named as read whole)
    with pytest.raises(FileNotFoundError) as stopped:
        merge(store, inputs=[record], names={"00000-0000000", "00000-0000001", "00000-0000002"})
    assert stopped.value.filename == str(tmp_path / "partials" / "00000-0000001")
    assert stopped.value.strerror == f"{LOST} (and 1 more)"
    assert not (tmp_path / "findings.jsonl").exists()
    # as a block's place is named on AWS: its address
    assert (
        S3Results("fairdice-audit", "audits/x/", None).where("partials/a") == "s3://fairdice-audit/audits/x/partials/a"
    )


def test_a_local_runs_file_not_audited_is_its_finding_and_left_out_of_the_counts_and_inputs_as_a_shard_is(
    tmp_path: Path,
) -> None:
    # Given a local run's blocks of two files, the first of which changed after it was read, with why
    store = FolderResults(tmp_path)
    records = []
    for number, (file, game) in enumerate((("a.jsonl", games.mismatched(games.narde(1))), ("b.jsonl", games.narde(2)))):
        data = games.jsonl([game])
        audit_shard(numbered_lines(io.BytesIO(data), file), file, store, f"{number:05d}-0000000")
        records.append(InputRecord(file=file, bytes=len(data), sha256="f" * 64))
    why = {"a.jsonl": "it was removed after the audit opened it to read"}
    # When they are merged
    summary = merge(store, inputs=records, not_audited=why)
    # Then its games are not counted, it is not named as read, and its finding says why, as a shard's on AWS does
    assert [record.file for record in summary.inputs] == ["b.jsonl"]
    assert (summary.games, summary.fair, summary.errors, summary.not_audited) == (1, 1, 1, 1)
    (finding,) = findings(tmp_path)
    assert (finding["file"], finding["line"], finding["error"]["code"]) == ("a.jsonl", None, "not_audited")
    assert finding["error"]["message"] == why["a.jsonl"]


def test_a_game_filed_again_under_another_id_is_a_repeated_game_in_any_shard_naming_the_first(tmp_path: Path) -> None:
    # Given the security review's case: one narde-v1 game under three ids, the third recording only its first two
    # rolls, across two shards stored in the other order; and a window of it, which is not the game itself
    store = FolderResults(tmp_path)
    game = {**games.narde(1), "id": "table7-0001"}
    shard(store, "games/a.jsonl", [games.narde(2), game, {**game, "id": "table7-0002"}])
    first_two = {**game, "recorded": game["recorded"][:2], "id": "table7-0003"}
    shard(store, "games/b.jsonl", [first_two, {**games.window(game), "id": "table7-0004"}])

    summary = merge(store)
    put_summary(store, summary)

    # Then every game is fair, but the audit is not clean: two lines repeat the first's game
    assert (summary.games, summary.fair, summary.duplicate_ids, summary.repeated_games) == (5, 4, 0, 2)
    assert not summary.clean
    assert json.loads((tmp_path / "summary.json").read_text())["repeated_games"] == 2
    repeated = [finding for finding in findings(tmp_path) if finding.get("error", {}).get("code") == "repeated_game"]
    assert [(f["file"], f["line"], f["id"]) for f in repeated] == [
        ("games/a.jsonl", 3, "table7-0002"),
        ("games/b.jsonl", 1, "table7-0003"),
    ]
    for finding in repeated:
        assert set(finding) == {"file", "line", "id", "error"}
        assert 'line 2 of games/a.jsonl (id "table7-0001")' in finding["error"]["message"]


def test_a_line_copied_whole_is_a_duplicate_id_once_not_a_repeated_game_too(tmp_path: Path) -> None:
    # Given one game's line twice (the same id, the same game), and the same game once more under another id
    store = FolderResults(tmp_path)
    game = {**games.narde(1), "id": "table7-0001"}
    shard(store, "games/a.jsonl", [game, game, {**game, "id": "table7-0002"}])

    summary = merge(store)

    # Then the copy is one finding, its duplicate id; the other id's line is the one repeated game
    assert (summary.duplicate_ids, summary.repeated_games) == (1, 1)
    codes = [(f["line"], f["error"]["code"]) for f in findings(tmp_path) if "error" in f]
    assert codes == [(2, "duplicate_id"), (3, "repeated_game")]


def test_runs_fetched_from_a_remote_store_are_deleted_once_merged(tmp_path: Path) -> None:
    # Given partials in a store read as S3 is (many objects fetched to scratch at once)
    class Remote(FolderResults):
        read_ahead = 16

    store = Remote(tmp_path / "store")
    scratch, names = _each_game_twice(store, 5, tmp_path)

    # When the game keys are merged, two runs at a time
    runs = merge_module._runs(store, names, GAMES, scratch)
    found = list(repeats(runs, [f"games/{n}.jsonl" for n in range(5)], scratch, fan_in=2, name="games"))

    # Then every repeat is found, and nothing fetched or merged is left in scratch but the emptied folder
    assert sorted((again.file, again.line) for again in found) == [(f"games/{n}.jsonl", 2) for n in range(5)]
    assert [path.name for path in scratch.rglob("*")] == ["games-txt"]


def _each_game_twice(store: FolderResults, shards: int, tmp_path: Path) -> tuple[Path, list[str]]:
    """`shards` partials in `store`, `games/<n>.jsonl`, each of one game filed twice under two ids; a scratch folder
    and the partials' names."""
    for n in range(shards):
        shard(store, f"games/{n}.jsonl", [games.narde(n), {**games.narde(n), "id": f"again-{n}"}])
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return scratch, [shard_name(f"games/{n}.jsonl") for n in range(shards)]


@pytest.mark.parametrize("read_ahead", [1, 16], ids=["local", "remote"])
def test_each_run_is_hashed_as_it_is_read_once_local_or_fetched(tmp_path: Path, read_ahead: int) -> None:
    # Given partials in a store read from where it is (local) or fetched to scratch first (as S3 is)
    class Store(FolderResults):
        pass

    Store.read_ahead = read_ahead
    store = Store(tmp_path / "store")
    scratch, names = _each_game_twice(store, 3, tmp_path)

    # When the game keys are merged, asking for their SHA-256
    sha256: dict[str, str] = {}
    runs = merge_module._runs(store, names, GAMES, scratch, sha256)
    found = list(repeats(runs, [f"games/{n}.jsonl" for n in range(3)], scratch, fan_in=2, name="games"))

    # Then every repeat is found, and each run's SHA-256 is that of its games.txt as stored (which the merge holds to
    # what its worker returned)
    assert len(found) == 3
    stored = {name: hashlib.sha256((store.root / partial_key(name, GAMES)).read_bytes()).hexdigest() for name in names}
    assert sha256 == stored


def test_a_figure_that_is_no_number_is_written_null_and_the_summary_stays_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No test gives one today, but `json.dumps` would write NaN and Infinity, which no JSON reader takes (review)
    from fairdice.audit import stats

    monkeypatch.setattr(stats, "detectable_bias", lambda die: float("nan"))
    monkeypatch.setattr(stats, "_serial_correlation", lambda die: float("inf"))
    store = FolderResults(tmp_path)
    shard(store, "day.jsonl", [games.narde(1)])
    put_summary(store, merge(store))

    def refused(name: str) -> None:
        raise AssertionError(f"summary.json holds {name}")

    document = json.loads((tmp_path / "summary.json").read_text(), parse_constant=refused)
    assert document["power"]["narde-v1"] == {"1": None, "2": None}
    assert {die["serial_correlation"] for die in document["independence"]["narde-v1"].values()} == {None}


def test_a_repeated_games_finding_names_the_first_id_as_written_not_escaped(tmp_path: Path) -> None:
    store = FolderResults(tmp_path)
    game = {**games.narde(1), "id": "表7-0001"}
    shard(store, "day.jsonl", [game, {**game, "id": "表7-0002"}])
    merge(store)
    (repeated,) = [finding for finding in findings(tmp_path) if "error" in finding]
    assert '(id "表7-0001")' in repeated["error"]["message"]


@pytest.mark.parametrize("part", ["findings.jsonl", "ids.txt", "games.txt"])
def test_on_aws_a_partial_one_of_whose_parts_is_gone_is_its_shards_finding_naming_the_part(
    tmp_path: Path, part: str
) -> None:
    # Given a listed shard with a mismatch whose partial's summary.json is stored without one of the parts its worker
    # stores before it, beside a fair shard (review: the merge failed as it read the part, naming no shard)
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.mismatched(games.narde(1))], etag='"a"')
    shard(store, "games/b.jsonl", [games.narde(2)], etag='"b"')
    (tmp_path / partial_key(shard_name("games/a.jsonl"), part)).unlink()

    # When the merge runs
    summary = merge(store, expected={"games/a.jsonl": '"a"', "games/b.jsonl": '"b"'})

    # Then that shard is not audited, its finding naming the part, and the fair shard alone is counted
    assert (summary.games, summary.fair, summary.mismatch, summary.not_audited, summary.clean) == (1, 1, 0, 1, False)
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/a.jsonl", PART_REMOVED.format(parts=part))
    ]


@pytest.mark.parametrize("part", ["findings.jsonl", "ids.txt", "games.txt"])
def test_on_aws_a_partials_part_the_listing_did_not_hold_put_there_since_is_its_shards_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, part: str
) -> None:
    # Given a listed shard whose partial's summary.json the listing of partials/ holds without one of the parts its
    # worker stores before it, the part put there since (removed and put back, or written late), beside a fair shard
    # (review: a part put there after the listing opened and was counted, its shard audited)
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(1), games.narde(2)], etag='"a"')
    shard(store, "games/b.jsonl", [games.narde(3)], etag='"b"')
    put_since = partial_key(shard_name("games/a.jsonl"), part)
    listing = store.list
    monkeypatch.setattr(store, "list", lambda prefix: [key for key in listing(prefix) if key != put_since])

    # When the merge runs
    summary = merge(store, expected={"games/a.jsonl": '"a"', "games/b.jsonl": '"b"'})

    # Then that shard is not audited, its finding naming the part and why, and the fair shard alone is counted
    assert (summary.games, summary.fair, summary.not_audited, summary.clean) == (1, 1, 1, False)
    assert [(f["file"], f["error"]["message"]) for f in findings(tmp_path)] == [
        ("games/a.jsonl", PART_PUT_SINCE.format(parts=part))
    ]


@pytest.mark.parametrize("part", ["findings.jsonl", "ids.txt", "games.txt"])
def test_a_partials_result_that_is_a_pipe_is_refused_naming_it_not_waited_on(tmp_path: Path, part: str) -> None:
    # Given a shard's partial whose result is then a pipe (put there once the run looked, as a local run does as it
    # begins): a read of it would wait for a writer for ever
    store = FolderResults(tmp_path)
    shard(store, "games/a.jsonl", [games.narde(1), games.narde(2)], etag='"a"')
    pipe = tmp_path / partial_key(shard_name("games/a.jsonl"), part)
    pipe.unlink()
    os.mkfifo(pipe)
    ended: list[BaseException | None] = []

    def merged() -> None:
        try:
            merge(store, expected={"games/a.jsonl": '"a"'})
        except BaseException as exc:  # what the merge stopped with, looked at below
            ended.append(exc)
        else:
            ended.append(None)

    # When the merge reads the partials (in a thread, waited on for a while: a regression fails, not hangs)
    reader = threading.Thread(target=merged, daemon=True)
    reader.start()
    reader.join(timeout=60)
    if reader.is_alive():  # let the waiting read end: a writer opens the pipe and closes it
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=60)
        pytest.fail(f"the merge waited on the pipe {pipe}")

    # Then it stops with an OSError naming the pipe and why, and the pipe is kept
    [stopped] = ended
    assert isinstance(stopped, OSError)
    assert (stopped.filename, stopped.strerror) == (str(pipe), "not a file (a pipe, a socket, a device or a folder)")
    assert pipe.is_fifo()
