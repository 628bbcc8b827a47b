"""The verdict as a page a person reads in a browser: plain HTML, no script, nothing loaded from elsewhere.

`render_page` turns a verdict (and, when known, the request it answers) into the page: the
verdict in one sentence, the seal check, every roll with its HMAC message, the diagnosis, and the
recipe to recompute it all by hand, as the seed documents give it. Who gets the page (Accept) and
with which headers is the handler's business. Every value that came from outside is escaped; the
table of rolls stops at MAX_TABLE_BYTES, so a page stays within what a Lambda function can return
(every roll of a usual game is listed).
"""

import datetime as dt
import html
import json
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import JsonValue, ValidationError

from fairdice import schemes
from fairdice.links import link_query
from fairdice.request import RequestBase
from fairdice.schemes.base import Words
from fairdice.verdict import Finding, RollReport, Verdict

# The page loads nothing and runs nothing; the policy tells the browser so, should anything slip through.
# It is the page's own (its meta tag); the handler also sends it as a header.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# The table of rolls stops here: Lambda returns at most 6 MiB, and 10,000 rows of long escaped messages can pass it.
MAX_TABLE_BYTES = 3 * 1024 * 1024

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
.scope{font-size:1.05rem}dl.identity{display:block}dl.identity dd{margin:0 0 .5rem;font-size:1.1rem}
footer{margin-top:2rem;font-size:.85rem}
"""


def headline(verdict: Verdict) -> str:
    """The verdict in one sentence, as the page's title states it: fair only with what it is about."""
    secret, seal = _words(verdict)
    summary = verdict.summary
    if verdict.verdict == "withheld":
        reason = verdict.withheld.reason if verdict.withheld else "the secret is not revealed yet"
        return f"Not yet verifiable: {reason}."
    if verdict.verdict == "fair":
        rolls = (
            "the recorded roll is the one it gives"
            if summary.compared == 1
            else f"all {summary.compared} recorded rolls are the ones it gives"
        )
        scope = f": {verdict.scope.description}" if verdict.scope is not None else ""
        return f"Fair: the {secret} matches the {seal} shown before the game, and {rolls}{scope}."
    if verdict.verdict == "mismatch":
        cause = " The likely cause is below." if verdict.diagnosis else ""
        return f"Mismatch: {'; '.join(verdict.reasons)}.{cause}"
    return f"Nothing failed, but the check is incomplete: {'; '.join(verdict.reasons)}."


def render_page(verdict: Verdict, request: RequestBase | None = None) -> str:
    """The whole HTML page for a verdict; with the request, its values fill in the recipe and retry links."""
    secret, seal = _words(verdict)
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
    if verdict.scope is not None:
        parts.append(f"<p class=scope><b>Checked:</b> {_e(verdict.scope.description)}.</p>")
    if verdict.identified_by:
        parts.extend(_identity_section(verdict))
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


def _identity_section(verdict: Verdict) -> Iterator[str]:
    yield (
        "<h2>Is this your game?</h2><p>These values identify the game and go into every roll. Whoever sends them"
        " chooses them, so check they are the ones your game showed:</p><dl class=identity>"
    )
    for given in verdict.identified_by:
        value = given.value
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        yield f"<dt>{_e(given.description[:1].upper() + given.description[1:])}</dt><dd><code>{_e(shown)}</code></dd>"
    yield "</dl>"


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
    published = verdict.seal.published_at
    if published is not None:
        when = f"{published.astimezone(dt.UTC):%Y-%m-%d %H:%M:%S} UTC"
        if verdict.seal.in_time:
            yield f"<p>{_mark(True)} The {_e(seal)} was published at {when}, before the game's play began.</p>"
        else:
            yield (
                f"<p>{_mark(False)} The {_e(seal)} was published at {when}, too late to show the {_e(secret)} was"
                " fixed before the game's play.</p>"
            )
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
    """The game-over link of the request with a finding's change applied (None leaves a field out).

    Relative to the check page it is on (its query alone), so it keeps whatever base path the page came under.
    """
    data: dict[str, Any] = request.model_dump(mode="json", exclude_none=True)
    for name, value in change.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    try:
        return "?" + link_query(schemes.parse_request(data))
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
    counts = [_counted(summary.count, "computed")]
    if summary.compared:
        counts.append(_counted(summary.compared, "compared"))
        counts.extend(_counted(n, what) for n, what in ((summary.differ, "differ"), (summary.missing, "missing")) if n)
        if summary.extra:
            counts.append(_counted(summary.extra, "recorded beyond those computed"))
    yield f"<h2>The rolls</h2><p class=muted>{_e('; '.join(counts))}.</p>"
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


def _counted(n: int, what: str) -> str:
    """`12 rolls computed`, `1 roll differs`: the count with its noun and verb in the right number."""
    if what == "differ":
        return "1 roll differs" if n == 1 else f"{n} rolls differ"
    return f"{n} roll{'' if n == 1 else 's'} {what}"


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
    scheme = schemes.get(verdict.scheme)
    return scheme.recipe(verdict, request if isinstance(request, scheme.request) else None)


def _words(verdict: Verdict) -> tuple[str, str]:
    """What the verdict's scheme calls its secret and its seal."""
    try:
        words = schemes.get(verdict.scheme).words
    except KeyError:
        words = Words("secret", "seal")
    return words.secret, words.seal
