"""The verdict as a page a person reads in a browser: plain HTML, no script, nothing loaded from elsewhere.

`render_page` turns a verdict (and, when known, the request it answers) into the page: the
verdict in one sentence, the seal check, every roll with its HMAC message, the diagnosis, and the
recipe to recompute it all by hand, as the seed documents give it. Who gets the page (Accept) and
with which headers is the handler's business. Every value that came from outside is escaped; the
table of rolls stops at MAX_TABLE_BYTES, so a page stays within what a Lambda function can return
(every roll of a usual game is listed).
"""

import html
import json
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import JsonValue, ValidationError

from fairdice.links import build_link
from fairdice.models import (
    BgDiceRequest,
    BgOnlineRequest,
    DailyRequest,
    Finding,
    NardeRequest,
    Pair36Request,
    RequestBase,
    RollReport,
    ThreeDiceRequest,
    Verdict,
    parse_request,
)
from fairdice.schemes.daily import SIDES as DAILY_SIDES

# The page loads nothing and runs nothing; the policy tells the browser so, should anything slip through.
# It is the page's own (its meta tag); the handler also sends it as a header.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
MAX_LISTED_LABELS = 20  # labels written into a recipe's code; the table lists every one
# The table of rolls stops here: Lambda returns at most 6 MiB, and 10,000 rows of long escaped messages can pass it.
MAX_TABLE_BYTES = 3 * 1024 * 1024

# Per scheme: what the seed calls the secret and the seal.
_WORDS = {
    "pair36": ("server seed", "seal"),
    "bg-dice-v1": ("key", "lock"),
    "bg-online-v1": ("server number", "seal"),
    "narde-v1": ("key", "fingerprint"),
    "three-dice": ("seed", "commit"),
    "daily": ("day secret", "commitment"),
}
_CAUSE_TITLES = {
    "numbering_shifted": "The roll numbers are shifted",
    "seat_order": "The client seeds are in the other seat order",
    "opening_roll": "The opening roll is counted differently",
    "match_game": "These are another game of the match",
    "take_back_line": "A take-back started a new line",
    "dice_order": "Each roll's dice are listed the other way round",
    "date_shifted": "The date is another day",
    "roll_count": "The number of rolls differs",
    "secret_and_seal_swapped": "The secret and the seal are swapped",
    "secret_in_seal_field": "The secret was pasted as the seal",
    "seal_of_hex_text": "The seal was computed over the hex text",
    "seal_from_other_game": "The seal belongs to another game",
    "rolls_from_other_game": "The rolls belong to another game",
    "secret_from_other_game": "The secret belongs to another game",
    "few_rolls_differ": "A few rolls differ",
}
_STYLE = """
:root{color-scheme:light dark;--ok:#0a7a33;--bad:#b3261e;--muted:#666;--line:#ccc;--soft:#f3f3f3}
@media (prefers-color-scheme:dark){:root{--ok:#5fd38b;--bad:#ff8a80;--muted:#aaa;--line:#444;--soft:#222}}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}
h1{font-size:1.35rem;line-height:1.3;margin:.2rem 0 .6rem}h2{font-size:1.1rem;margin:1.6rem 0 .4rem}
.verdict{border-left:.4rem solid var(--muted);padding:.2rem .8rem;margin:0 0 1rem}
.fair{border-color:var(--ok)}.mismatch{border-color:var(--bad)}
.ok{color:var(--ok)}.bad{color:var(--bad)}.muted{color:var(--muted)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em;overflow-wrap:anywhere}
pre{background:var(--soft);padding:.7rem;overflow-x:auto}pre code{font-size:1em}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem;margin:0}
dt{color:var(--muted)}dd{margin:0;min-width:0}
@media (max-width:36rem){dl{display:block}dd{margin:0 0 .4rem}}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:.25rem .4rem;text-align:left;vertical-align:top}
td:nth-child(2){overflow-wrap:anywhere;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.8em}
td:nth-child(3),td:nth-child(4){white-space:nowrap}
tr.x td{background:color-mix(in srgb,var(--bad) 14%,transparent)}
.finding{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .8rem;margin:.5rem 0}
footer{margin-top:2rem;font-size:.85rem}
"""


def headline(verdict: Verdict) -> str:
    """The verdict in one sentence, as the page's title states it."""
    secret, seal = _WORDS.get(verdict.scheme, ("secret", "seal"))
    summary = verdict.summary
    if verdict.verdict == "withheld":
        reason = verdict.withheld.reason if verdict.withheld else "the secret is not revealed yet"
        return f"Not yet verifiable: {reason}."
    if verdict.verdict == "fair":
        rolls = "the recorded roll is" if summary.compared == 1 else f"all {summary.compared} recorded rolls are"
        return f"Fair: the {secret} matches the {seal} shown before the game, and {rolls} the ones it gives."
    if verdict.verdict == "mismatch":
        parts = []
        if verdict.checks.seal == "mismatch":
            parts.append(f"the {secret} does not match the {seal} given")
        if verdict.checks.rolls == "mismatch":
            parts.append(
                f"{summary.mismatches} of {len(verdict.rolls)} rolls differ from the recorded ones"
                f" (first: roll {summary.first_mismatch})"
            )
        cause = " The likely cause is below." if verdict.diagnosis else ""
        return f"Mismatch: {' and '.join(parts)}.{cause}"
    missing = []
    if verdict.checks.seal == "not_given":
        missing.append(f"no {seal} was given, so nothing shows the {secret} was fixed before the game")
    if verdict.checks.rolls == "not_given":
        missing.append(f"no rolls were recorded, so the {summary.count} rolls below were computed but not compared")
    return f"Nothing failed, but the check is incomplete: {'; '.join(missing)}."


def render_page(verdict: Verdict, request: RequestBase | None = None) -> str:
    """The whole HTML page for a verdict; with the request, its values fill in the recipe and retry links."""
    secret, seal = _WORDS.get(verdict.scheme, ("secret", "seal"))
    parts = [
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>",
        '<meta name=viewport content="width=device-width,initial-scale=1">',
        f'<meta http-equiv=Content-Security-Policy content="{CONTENT_SECURITY_POLICY}">',
        '<meta name=referrer content="no-referrer">',
        f"<title>{_e(verdict.verdict.capitalize())} · {_e(verdict.scheme)} · fairdice</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<p class=muted>fairdice · scheme <b>{_e(verdict.scheme)}</b></p>",
        f'<div class="verdict {_e(verdict.verdict)}"><h1>{_e(headline(verdict))}</h1></div>',
    ]
    if verdict.withheld is not None and verdict.withheld.reveal_at is not None:
        parts.append(f"<p>Revealed at <b>{_e(verdict.withheld.reveal_at.isoformat())}</b>.</p>")
    parts.extend(_seal_section(verdict, secret, seal))
    if verdict.diagnosis:
        parts.extend(_diagnosis_section(verdict.diagnosis, request))
    if request is not None:
        parts.extend(_inputs_section(request))
    if verdict.rolls:
        parts.extend(_rolls_section(verdict))
    if verdict.verdict != "withheld":
        parts.extend(_recipe_section(verdict, request, secret, seal))
    parts.append(
        f"<footer class=muted>Computed by {_e(verdict.verifier.name)} {_e(verdict.verifier.version)}."
        " Programs get the same verdict as JSON: ask with <code>Accept: application/json</code>.</footer>"
    )
    parts.append("</body></html>\n")
    return "".join(parts)


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _mark(ok: bool | None) -> str:
    if ok is None:
        return "<span class=muted>–</span>"
    return "<span class=ok>✓</span>" if ok else "<span class=bad>✗</span>"


def _seal_section(verdict: Verdict, secret: str, seal: str) -> Iterator[str]:
    check = verdict.checks.seal
    status = {
        "match": f"{_mark(True)} the SHA-256 of the {secret} is the {seal} given",
        "mismatch": f"{_mark(False)} the SHA-256 of the {secret} is not the {seal} given",
        "not_given": f"<span class=muted>not checked: no {seal} was given</span>",
    }[check]
    yield f"<h2>The {_e(seal)}</h2><p>{status}</p><dl>"
    yield f"<dt>given</dt><dd><code>{_e(verdict.seal.given or '—')}</code></dd>"
    yield f"<dt>SHA-256 of the {_e(secret)}</dt><dd><code>{_e(verdict.seal.computed or '—')}</code></dd></dl>"
    if verdict.source:
        yield f"<p class=muted>The {_e(secret)} came from {_e(verdict.source)}.</p>"


def _diagnosis_section(findings: Sequence[Finding], request: RequestBase | None) -> Iterator[str]:
    yield "<h2>Why it may not match</h2>"
    for finding in findings:
        title = _CAUSE_TITLES.get(finding.cause, finding.cause)
        yield f"<div class=finding><b>{_e(title)}</b> <span class=muted>({_e(finding.explains)})</span>"
        detail = finding.detail[:1].upper() + finding.detail[1:]
        yield f"<p>{_e(detail if detail.endswith('.') else detail + '.')}</p>"
        if finding.try_:
            shown = json.dumps(finding.try_, ensure_ascii=False)
            if len(shown) > 400:
                shown = shown[:400] + "…"
            yield f"<p>Change: <code>{_e(shown)}</code></p>"
            link = _retry_link(request, finding.try_) if request is not None else None
            if link is not None:
                yield f'<p><a href="{_e(link)}">Check again with this change</a></p>'
        yield "</div>"


def _retry_link(request: RequestBase, change: dict[str, JsonValue]) -> str | None:
    """The game-over link of the request with a finding's change applied (None leaves a field out)."""
    data: dict[str, Any] = request.model_dump(mode="json", exclude_none=True)
    for name, value in change.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    try:
        return build_link(parse_request(data))
    except ValidationError:
        # A change is built to be valid; one that is not simply gets no link, the page still shows it.
        return None


def _inputs_section(request: RequestBase) -> Iterator[str]:
    yield "<h2>What was checked</h2><dl>"
    fields: dict[str, Any] = {}
    for name, value in request.model_dump(mode="json", exclude={"recorded"}, exclude_none=True).items():
        # A nested object (three-dice's client seeds) is shown by its leaves, as the link's parameters are.
        fields.update({f"{name}.{k}": v for k, v in value.items()} if isinstance(value, dict) else {name: value})
    for name, value in fields.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        if isinstance(value, list) and len(shown) > 300:
            shown = shown[:300] + "…"
        yield f"<dt>{_e(name)}</dt><dd><code>{_e(shown)}</code></dd>"
    yield "</dl>"


def _rolls_section(verdict: Verdict) -> Iterator[str]:
    summary = verdict.summary
    compared = f", {summary.compared} compared, {summary.mismatches} differ" if summary.compared else ""
    yield f"<h2>The rolls</h2><p class=muted>{summary.count} computed{compared}.</p>"
    yield "<div class=table><table><thead><tr><th>#<th>HMAC message<th>dice<th>recorded<th></tr></thead><tbody>"
    first = summary.first_mismatch
    rows: list[str] = []
    size = 0
    for report in verdict.rolls:
        row = _row(report, anchor=report["index"] == first and report["matches"] is False)
        size += len(row.encode())
        if size > MAX_TABLE_BYTES:
            break
        rows.append(row)
    yield "".join(rows)
    yield "</tbody></table></div>"
    if len(rows) < len(verdict.rolls):
        yield (
            f"<p>The other {len(verdict.rolls) - len(rows)} rolls are not listed, to keep this page small; the JSON"
            " answer lists every one (ask with <code>Accept: application/json</code>).</p>"
        )


def _row(report: RollReport, *, anchor: bool) -> str:
    dice = "-".join(map(str, report["dice"])) if report["dice"] is not None else "—"
    if "winner" in report:
        dice += f" <span class=muted>({_e(report['winner'])})</span>"
    recorded = "-".join(map(str, report["recorded"])) if report["recorded"] is not None else ""
    attributes = (" class=x" if report["matches"] is False else "") + (" id=first-mismatch" if anchor else "")
    message = _e(report["message"]) if report["message"] is not None else "<span class=muted>not computed</span>"
    return (
        f"<tr{attributes}><td>{report['index']}<td>{message}<td>{dice}<td>{recorded}<td>{_mark(report['matches'])}</tr>"
    )


# ---- the recipe, per scheme, as the seed documents give it --------------------------------------


def _recipe_section(verdict: Verdict, request: RequestBase | None, secret: str, seal: str) -> Iterator[str]:
    yield "<h2>Check it without this page</h2>"
    yield f"<p>The {_e(seal)} is the SHA-256 of the {_e(secret)}'s bytes, written as lowercase hex.</p>"
    steps, code = _recipe(verdict, request)
    yield f"<p>{steps}</p>"
    yield "<p>In Python, with nothing to install:</p>"
    yield f"<pre id=recipe-python><code>{_e(code)}</code></pre>"


def _recipe(verdict: Verdict, request: RequestBase | None) -> tuple[str, str]:
    """The steps in words (already HTML) and a Python program that prints every roll of this verdict."""
    match verdict.scheme:
        case "pair36":
            return _pair36_recipe(verdict, request if isinstance(request, Pair36Request) else None)
        case "bg-dice-v1" | "bg-online-v1":
            return _bg_recipe(verdict, request if isinstance(request, BgDiceRequest | BgOnlineRequest) else None)
        case "narde-v1":
            return _narde_recipe(verdict, request if isinstance(request, NardeRequest) else None)
        case "three-dice":
            return _three_dice_recipe(verdict, request if isinstance(request, ThreeDiceRequest) else None)
    return _daily_recipe(verdict, request if isinstance(request, DailyRequest) else None)


def _hex_or(value: str | None, placeholder: str) -> str:
    return value if value is not None else placeholder


def _span(verdict: Verdict) -> tuple[int, int]:
    """The first index and the count of the computed rolls (extra recorded rolls were not computed)."""
    computed = [report["index"] for report in verdict.rolls if report["message"] is not None]
    return (computed[0], len(computed)) if computed else (0, 0)


def _pair36_recipe(verdict: Verdict, request: Pair36Request | None) -> tuple[str, str]:
    first, count = _span(verdict)
    seeds = request.client_seeds if request is not None else ["CLIENT SEED 1", "CLIENT SEED 2"]
    steps = (
        "Roll number <i>n</i> (from 1, across the whole match) is "
        "<code>HMAC-SHA256(key = server seed bytes, message = clientSeed1:clientSeed2:n)</code>. "
        "Take the first byte of it below 252, <code>v = byte mod 36</code>, and the dice are "
        "<code>(floor(v / 6) + 1, v mod 6 + 1)</code>. 252 is 7 × 36, so all 36 rolls are equally likely. "
        "If no byte is below 252 (never seen), a <code>+</code> is appended to the client-seed part and the MAC "
        "computed again."
    )
    code = f"""import hashlib, hmac

seed = bytes.fromhex({_py(_hex_or(request.server_seed if request else None, "PASTE THE SERVER SEED"))})
client_seeds = {_py(list(seeds))}
print(hashlib.sha256(seed).hexdigest())  # the seal

for n in range({first}, {first + count}):
    mac = hmac.new(seed, f"{{':'.join(client_seeds)}}:{{n}}".encode(), hashlib.sha256).digest()
    v = next(byte for byte in mac if byte < 252) % 36
    print(n, [v // 6 + 1, v % 6 + 1])
"""
    return steps, code


def _bg_recipe(verdict: Verdict, request: BgDiceRequest | BgOnlineRequest | None) -> tuple[str, str]:
    labels = [report.get("label", "") for report in verdict.rolls if report["message"] is not None]
    listed = labels[:MAX_LISTED_LABELS]
    more = (
        f"  # the first {len(listed)} of {len(labels)} labels: the table lists them all\n"
        if len(labels) > len(listed)
        else "\n"
    )
    steps = (
        "A roll is read from HMAC-SHA256, keyed with the key, of the roll's label followed by <code>:0</code> "
        "(then <code>:1</code>, <code>:2</code>… if more bytes are needed): a byte of 252 or more is skipped, "
        "any other gives a die of <code>(byte mod 6) + 1</code>, and the first two dice read are the roll."
    )
    if verdict.scheme == "bg-online-v1":
        steps += (
            " Online, the key is HMAC-SHA256, keyed with the server's number, of <code>bg-online-v1:seeds:</code> "
            "followed by both apps' numbers in lowercase hex, separated by a colon."
        )
        numbers = request.app_numbers if isinstance(request, BgOnlineRequest) else ["APP NUMBER 1", "APP NUMBER 2"]
        server = _hex_or(request.server_number if isinstance(request, BgOnlineRequest) else None, "PASTE IT")
        key_lines = (
            f"server_number = bytes.fromhex({_py(server)})\n"
            f"app_numbers = {_py(list(numbers))}\n"
            'message = "bg-online-v1:seeds:" + ":".join(n.lower() for n in app_numbers)\n'
            "key = hmac.new(server_number, message.encode(), hashlib.sha256).digest()\n"
            "print(hashlib.sha256(server_number).hexdigest())  # the seal\n"
        )
    else:
        key = _hex_or(request.key if isinstance(request, BgDiceRequest) else None, "PASTE THE KEY")
        key_lines = f"key = bytes.fromhex({_py(key)})\nprint(hashlib.sha256(key).hexdigest())  # the lock\n"
    code = f"""import hashlib, hmac

{key_lines}

def roll(label):
    dice, block = [], 0
    while True:
        for byte in hmac.new(key, f"{{label}}:{{block}}".encode(), hashlib.sha256).digest():
            if byte < 252:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    return dice
        block += 1


labels = {_py(listed)}{more}for label in labels:
    print(label, roll(label))
"""
    return steps, code


def _narde_recipe(verdict: Verdict, request: NardeRequest | None) -> tuple[str, str]:
    first, count = _span(verdict)
    steps = (
        "Roll number <i>i</i> (from 0, the opening roll included) is "
        "<code>HMAC-SHA256(key, narde-v1|phrase|i)</code>. Bytes 252–255 are skipped; every other byte "
        "<i>b</i> gives a die <code>b mod 6 + 1</code>. The first two dice are the roll; if a block has fewer than "
        "two usable bytes, the next one is <code>…|i|1</code>. CyberChef (gchq.github.io/CyberChef) can do it too: "
        "operation HMAC, key type Hex, function SHA256, input <code>narde-v1|phrase|0</code>; read the result two "
        "hex digits at a time, skip fc, fd, fe, ff, and take each number mod 6, plus 1."
    )
    key = _hex_or(request.key if request else None, "PASTE THE KEY")
    phrase = request.phrase if request else "PASTE THE PHRASE"
    code = f"""import hashlib, hmac

key = bytes.fromhex({_py(key)})
phrase = {_py(phrase)}
print(hashlib.sha256(key).hexdigest())  # must equal the fingerprint
for i in range({first}, {first + count}):
    mac = hmac.new(key, f"narde-v1|{{phrase}}|{{i}}".encode(), hashlib.sha256).digest()
    print(i, [b % 6 + 1 for b in mac if b < 252][:2])
"""
    return steps, code


def _three_dice_recipe(verdict: Verdict, request: ThreeDiceRequest | None) -> tuple[str, str]:
    first, count = _span(verdict)
    seats = request.client_seeds if request is not None else None
    steps = (
        "For ply <i>n</i> the message is <code>uint32be(len(white)) ++ white ++ uint32be(len(black)) ++ black ++ "
        "int64be(n)</code> (lengths in UTF-8 bytes, integers big-endian). Compute "
        "<code>HMAC-SHA256(serverSeed, message ++ int32be(block))</code> from block 0: every byte below 252 gives "
        "the die <code>(byte mod 6) + 1</code>, other bytes are skipped, and the first three dice are the roll. "
        "The table's message is that of block 0, in hex."
    )
    seed = _hex_or(request.seed if request else None, "PASTE THE SEED")
    white = seats.white if seats is not None else "WHITE'S CLIENT SEED"
    black = seats.black if seats is not None else "BLACK'S CLIENT SEED"
    code = f"""import hashlib
import hmac
import struct


def roll(server_seed_hex, client_white, client_black, ply):
    server_seed = bytes.fromhex(server_seed_hex)
    w, b = client_white.encode("utf-8"), client_black.encode("utf-8")
    message = struct.pack(">I", len(w)) + w + struct.pack(">I", len(b)) + b + struct.pack(">q", ply)
    dice, block = [], 0
    while len(dice) < 3:
        digest = hmac.new(server_seed, message + struct.pack(">i", block), hashlib.sha256).digest()
        for byte in digest:
            if len(dice) == 3:
                break
            if byte < 252:
                dice.append(byte % 6 + 1)
        block += 1
    return dice


seed = {_py(seed)}
print(hashlib.sha256(bytes.fromhex(seed)).hexdigest())  # must equal the commit
for ply in range({first}, {first + count}):
    print(ply, roll(seed, {_py(white)}, {_py(black)}, ply))
"""
    return steps, code


def _daily_recipe(verdict: Verdict, request: DailyRequest | None) -> tuple[str, str]:
    message = verdict.rolls[0]["message"] if verdict.rolls else None
    day = (message or "YYYY-MM-DD").split("|")[0]
    given = request.secret if request is not None else None
    secret = _hex_or(given, f"PASTE THE SECRET OF {day} (GET /daily/{day})")
    steps = (
        "The message is <code>YYYY-MM-DD|player id</code> (the UTC date and the lowercase hyphenated uuid); the "
        "stream is <code>HMAC-SHA256(day secret, message)</code>, then <code>message|1</code>, <code>|2</code>… if "
        "it runs out. The dice are read in the order d4, d6, d8, d10, d12, d20: for a die of <i>n</i> sides, "
        "<code>limit = 256 − (256 mod n)</code>, a byte at or above the limit is skipped, and the face is "
        "<code>(byte mod n) + 1</code>. A day's secret is published once the day is over, at "
        f"<code>GET /daily/{_e(day)}</code>."
    )
    code = f"""import hashlib, hmac
from itertools import count

secret = bytes.fromhex({_py(secret)})
message = {_py(message or "YYYY-MM-DD|PLAYER ID")}
print(hashlib.sha256(secret).hexdigest())  # the commitment


def stream():
    for block in count():
        text = message if block == 0 else f"{{message}}|{{block}}"
        yield from hmac.new(secret, text.encode(), hashlib.sha256).digest()


bytes_ = stream()
faces = []
for n in {_py(list(DAILY_SIDES))}:
    limit = 256 - 256 % n
    faces.append(next(b for b in bytes_ if b < limit) % n + 1)
print(1, faces)
"""
    return steps, code


def _py(value: object) -> str:
    """A Python literal for a value: repr escapes quotes, backslashes and line breaks in any text."""
    return repr(value)
