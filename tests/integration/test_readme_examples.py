"""Every example the README gives against `make serve` answers as the README says it does.

The README's shell blocks are read as a person copies them: each `curl` to the local server (its
`-d` body, a `@file` written by a here-document just above it, or a game-over link) is answered by
the real handler, and the verdict or batch summary the README shows right after it must be what
comes back. An example whose answer the README does not state must still be answered (no 5xx).
"""

import json
import re
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from verify_api_calls import Event, at, invoke, with_body

ROOT = Path(__file__).resolve().parents[2]
LOCAL = "http://127.0.0.1:3000"
_BLOCK = re.compile(r"```(?:bash|sh)\n(.*?)```", re.S)
_HEREDOC = re.compile(r"cat > (\S+) <<'(\w+)'\n(.*?)\n\2\n", re.S)
_STATED = re.compile(r'"verdict":\s*"(\w+)"|The verdict is `(\w+)`|Its summary: `(\{[^`]*\})`')


def _examples() -> list[tuple[int, list[str], dict[str, str], str]]:
    """(line, curl's words, the files written just above it, what the README says right after it)."""
    text = (ROOT / "README.md").read_text()
    found = []
    for block in _BLOCK.finditer(text):
        files = {name: content for name, _, content in _HEREDOC.findall(block.group(1))}
        start = block.start(1)
        lines = block.group(1).splitlines(keepends=True)
        offsets = [start + sum(map(len, lines[:n])) for n in range(len(lines) + 1)]
        commands = [n for n, line in enumerate(lines) if line.lstrip().startswith("curl -s")]
        for number, at_line in enumerate(commands):
            end = at_line
            while lines[end].rstrip().endswith("\\"):
                end += 1
            command = "".join(lines[at_line : end + 1]).replace("\\\n", " ")
            if LOCAL not in command:
                continue
            # What the README says: up to the next command in the block, or the next code block after it.
            if number + 1 < len(commands):
                said = text[offsets[end + 1] : offsets[commands[number + 1]]]
            else:
                following = text.find("```bash", block.end())
                said = text[offsets[end + 1] : following if following > 0 else len(text)]
            found.append((text[: offsets[at_line]].count("\n") + 1, shlex.split(command, comments=True), files, said))
    return found


EXAMPLES = _examples()


def _event(words: list[str], files: dict[str, str], base: Event) -> Event:
    url = next(word for word in words if word.startswith(LOCAL))
    parts = urlsplit(url)
    accept = next((w.split(":", 1)[1].strip() for w in words if w.lower().startswith("accept:")), "application/json")
    if "-d" in words:
        data = words[words.index("-d") + 1]
        body = files[data[1:]] if data.startswith("@") else data
        event = with_body(at(base, "POST", parts.path), body, content_type="application/json")
    else:
        event = at(base, "GET", parts.path, parts.query)
        event.pop("body", None)
    event["headers"]["accept"] = accept
    return event


@pytest.mark.filterwarnings("ignore:No application metrics to publish")
@pytest.mark.parametrize(("line", "words", "files", "stated"), EXAMPLES, ids=[f"README line {e[0]}" for e in EXAMPLES])
def test_each_readme_example_answers_as_the_readme_says(
    line: int, words: list[str], files: dict[str, str], stated: str, load_event: Any
) -> None:
    answer = invoke(_event(words, files, load_event("api-verify-narde-fair")))
    assert answer.status < 500, answer.text
    said = _STATED.search(stated)
    if said is None or answer.headers.get("Content-Type", "").startswith("text/html"):
        return
    quoted, worded, summary = said.groups()
    body: Any = answer.json
    if summary is None:
        assert body["verdict"] == (quoted or worded), (line, body.get("reasons"))
    else:
        assert body["summary"] == json.loads(summary), line


def test_the_readme_has_examples_to_check() -> None:
    assert len(EXAMPLES) >= 5
