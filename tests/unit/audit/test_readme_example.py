"""README "Auditing every game": its example lines, audited by the command, give the output, findings and summary
the README shows."""

import json
import re
import shutil
from pathlib import Path

import pytest
from fairdice.audit.report import render
from fairdice.audit.summary import Summary
from fairdice.cli import main

from unit.audit import games

ROOT = Path(__file__).resolve().parents[3]


def section() -> str:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("## Auditing every game")
    return readme[start : readme.index("\n## ", start + 1)]


def blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def test_the_readmes_example_audit_prints_writes_and_exits_as_the_readme_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the README's input lines in day.jsonl
    text = section()
    lines, summary_shown, findings_shown = (b for b in blocks(text, "json"))
    (tmp_path / "day.jsonl").write_text(lines)
    monkeypatch.chdir(tmp_path)

    # When the README's command runs
    (commands,) = [b for b in blocks(text, "sh") if "fairdice audit day.jsonl" in b]
    said = commands.splitlines()
    status = main(["audit", "day.jsonl", "--out", "audit-day"])

    # Then it prints the README's line, exits with its status, and writes its findings
    assert capsys.readouterr().out.strip() == said[1]
    assert said[2:4] == ["$ echo $?", str(status)]
    assert (tmp_path / "audit-day" / "findings.jsonl").read_text() == findings_shown
    # and the summary the README shows (its figures where it gives them; "…" stands for the rest)
    summary = json.loads((tmp_path / "audit-day" / "summary.json").read_text())
    assert summary["inputs"][0]["sha256"].startswith(re.findall(r'"sha256": "([0-9a-f]+)…"', summary_shown)[0])
    counts = summary_shown.splitlines()[1:3]  # the two lines of top-level counts
    assert json.loads("{" + " ".join(counts).rstrip(",") + "}") == {
        key: summary[key] for key in summary if key in " ".join(counts)
    }
    assert f'"faces": {{"narde-v1": {json.dumps(summary["faces"]["narde-v1"])}' in summary_shown
    # and each scheme's counts, as far as it shows them
    (by_scheme,) = [line for line in summary_shown.splitlines() if line.startswith(' "by_scheme": ')]
    shown_counts = re.findall(r'"([\w-]+)": \{([^{}]*)\}', by_scheme)
    assert [scheme for scheme, _ in shown_counts] == list(summary["by_scheme"])
    for scheme, shown in shown_counts:
        for name, value in re.findall(r'"(\w+)": (\d+)', shown):
            assert summary["by_scheme"][scheme][name] == int(value), (scheme, name)
    # and its narde-v1 die 1's statistics: each figure as shown (its first digits, before "…"), or null
    for part in ("uniformity", "independence"):
        (shown,) = re.findall(rf'"{part}": {{"narde-v1": {{"1": {{(.*?)}}', summary_shown)
        for name, value in re.findall(r'"(\w+)": ([^,]+)', shown):
            figure = summary[part]["narde-v1"]["1"][name]
            assert (figure is None) if value == "null" else str(figure).startswith(value.rstrip("…")), (name, figure)


def test_the_readme_says_a_resume_of_a_run_whose_blocks_an_earlier_fairdice_cut_by_lines_alone_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a run whose plan keeps no most bytes of a block, as one of the fairdice before blocks ended at 64 MiB
    day, out = tmp_path / "day.jsonl", tmp_path / "out"
    day.write_text('{"scheme": "narde-v1"}\n')
    main(["audit", str(day), "--out", str(out)])
    plan = out / "partials" / "plan.json"
    plan.write_text(json.dumps({**json.loads(plan.read_text()), "block_bytes": None}))
    capsys.readouterr()
    # When it is resumed, Then it is refused, exit 2, saying why
    assert main(["audit", str(day), "--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "cut its blocks by their lines alone" in err and "the same command without --resume" in err
    # And the README's --resume names it among the resumes it refuses (review: it named only an earlier fairdice's
    # run that kept no word of how its inputs were named, and said that one "is audited afresh")
    (resume,) = [item for item in section().split("\n- ") if item.startswith("`--resume`")]
    said = " ".join(resume.split())
    assert "a run an earlier fairdice began" in said and "cut its blocks by their lines alone" in said


def test_the_readme_says_rolls_recorded_past_a_lines_count_make_a_mismatch_as_the_audit_finds_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a fair narde-v1 game whose line asks for its first 12 rolls of the 20 it records
    games.write(tmp_path / "day.jsonl", [games.past_what_it_asks(games.narde(1), 12)])
    # When it is audited, Then it is a mismatch, its 8 rolls past the count recorded beyond
    assert main(["audit", str(tmp_path / "day.jsonl"), "--out", str(tmp_path / "out"), "--workers", "1"]) == 1
    assert "1 game: 0 fair, 1 mismatch" in capsys.readouterr().out
    (finding,) = [json.loads(line) for line in (tmp_path / "out" / "findings.jsonl").read_text().splitlines()]
    assert (finding["verdict"], finding["differ"], finding["extra"]) == ("mismatch", 0, 8)
    # And the README says so where it says what makes a mismatch (review: it said only the rolls that differ did), and
    # that a line's count, labels or recorded rolls say how many rolls were checked
    said = " ".join(section().split())
    assert "only the second make a `mismatch`, as rolls recorded beyond those computed do" in said
    assert "past its `count` or its labels too" in said
    assert "fairdice cannot know a game's length: a line's `count`, labels or recorded rolls say how many" in said


def test_the_readme_says_a_shard_not_audited_is_one_of_errors_and_what_the_command_and_the_report_count_apart() -> None:
    # Given the README's words on `not_audited` in summary.json
    text = " ".join(section().split())
    words = text[text.index("then `not_audited`") : text.index("`never_listed` (on AWS")]

    # Then it is one of `errors` (review: "one of the lines not verified", which the command's line and the report
    # count apart from it), and the README says the two count it apart
    assert "one of the lines not verified" not in words
    assert "each is one of `errors`, a finding of its own" in words
    assert "the command's line and the report count the lines not verified apart from it" in words
    # as the report does: a summary of one file not audited and no line is 1 error, and its headline names no line
    summary = Summary(errors=1, not_audited=1)
    page = render(summary, [], read_as="file")
    assert "1 file was not audited" in page and "could not be verified" not in page.split("<h2>Counts</h2>")[0]
    assert summary.document()["errors"] == 1


@pytest.mark.parametrize("written", ["empty", "whole", "cut short"])
def test_the_readme_says_what_a_fresh_run_does_with_a_plan_a_run_staged_alone_as_it_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str
) -> None:
    # Given --out holding, alone in partials/, the plan a fresh run staged and was killed before it placed it: not yet
    # written, whole (bearing the mark its name starts with), or cut short
    day, out = tmp_path / "day.jsonl", tmp_path / "out"
    games.write(day, [games.narde(1)])
    arguments = ["audit", str(day), "--out", str(out), "--workers", "1"]
    assert main(arguments) == 0
    plan = (out / "partials" / "plan.json").read_bytes()
    staged = out / "partials" / f".incoming-{json.loads(plan)['staged']}0a1b2c3d"
    for name in ("summary.json", "findings.jsonl", "report.html"):
        (out / name).unlink()
    shutil.rmtree(out / "partials")
    (out / "partials").mkdir()
    left = {"empty": b"", "whole": plan, "cut short": plan[: len(plan) // 2]}[written]
    staged.write_bytes(left)
    capsys.readouterr()

    # When it is audited afresh into the same --out, Then the file is removed and the audit runs where it is empty or
    # whole, and kept, the run refused naming it, where it is cut short
    if written == "cut short":
        assert main(arguments) == 2
        assert f"partials/{staged.name}" in capsys.readouterr().err
        assert staged.read_bytes() == left
    else:
        assert main(arguments) == 0
        assert not staged.exists()
    # And the README says so where it says what a fresh run removes (review: it named an earlier audit's plan, its
    # blocks' files and its outputs, and what a run left staged at --out's root or in a block's folder, not this)
    said = " ".join(section().split())
    assert "(its plan, or one a run staged alone as below, its blocks' files and its three outputs)" in said
    assert (
        "a fresh run killed as it staged its plan, the first thing it writes once it has removed an earlier audit's"
        " results, leaves `partials/.incoming-…` alone, with no `plan.json` and nothing else where the audit writes: a"
        " fresh run, wherever `--out` is, removes it as an earlier audit's result where it is empty (made, not yet"
        " written) or a whole plan bearing the mark its name starts with, and audits; one that is neither (a plan cut"
        " short, another mark's, anyone's file) is kept, and the run refused (exit 2), naming it."
    ) in said
