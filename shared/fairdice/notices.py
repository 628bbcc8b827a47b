"""Pages for what a browser gets besides a verdict: an error in words, and a day's record from the archive.

A player who opens a game-over link that is cut short, changed on the way (a mail program adding its
own parameters) or mistyped gets a page that says what is wrong with the link, naming the link's own
parameters (`rolls`, `client`, `n`), not the request's fields. The handler decides who gets a page
(Accept) and sends each page's policy; these pages run no script.
"""

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from fairdice.archive.layout import GRACE_MINUTES, not_kept, publication
from fairdice.archive.reader import DayRecord
from fairdice.errors import ArchiveRefused, BeforeArchive, FutureDay, NotReadableYet
from fairdice.markup import Page, capital, document, e, mark, sentence, visible, whole_dates
from fairdice.problems import Problem
from fairdice.prose import quoted, utc_time

Where = Literal["link", "address"]  # a game-over link, or the address of a daily route

_TITLES = {
    400: "This request cannot be read",
    404: "Nothing here",
    405: "Not a request this address takes",
    413: "This request is too large",
    415: "This request cannot be read",
    422: "This cannot be checked",
    502: "The daily archive's record does not add up",
    503: "The daily archive cannot be read right now",
}
# An error whose status's title would not say what it is: a day before the daily archive's first is no day of it, and
# a day after today's in UTC has not begun, its secret not made yet (as its JSON message says), not "Nothing here"
# (review)
_KIND_TITLES: dict[type[Exception] | None, str] = {
    BeforeArchive: "Before the daily archive's first day",
    FutureDay: "This day has not begun in UTC",
    # An object the store gives no bytes for yet (503, an archive not read): in S3 kept in Glacier until restored, in a
    # folder no regular file until its holder replaces it; neither is readable in a minute, nor any record contradicted
    NotReadableYet: "An object of the daily archive cannot be read yet",
}
# How each of a daily route's inputs is named to the person who typed or followed its address.
_DAILY_NAMES = {"date": "the date in the address", "player_id": "the player id in the address"}


def error_page(
    status: int,
    message: str,
    problems: Sequence[Problem] = (),
    *,
    where: Where | None = None,
    home: str | None = None,
    kind: type[Exception] | None = None,
) -> Page:
    """An error as a page: what is wrong in words, each problem named as the person sees it (a link's parameter,
    the date in the address), and what to do next. `home` is the offline verifier's address; `kind`, the domain error's
    class, where its title says more than its status's."""
    title = _KIND_TITLES.get(kind) or _TITLES.get(status, "Something went wrong")
    if where == "link" and status == 422:
        title = "This link cannot be checked"
    parts = [f'<p class=muted>fairdice · {e(status)}</p><div class="verdict problem"><h1>{e(title)}</h1>']
    named = [_named(problem, where) for problem in problems]
    if named:
        parts.append("<ul>" + "".join(f"<li>{item}</li>" for item in named) + "</ul>")
    else:
        parts.append(f"<p>{visible(sentence(message))}</p>")
    parts.append("</div>")
    parts.extend(_next_steps(status, where, home, kind))
    parts.append(
        "<footer class=muted>Programs get this error as JSON: ask with <code>Accept: application/json</code>.</footer>"
    )
    return document(f"{title} · fairdice", "\n".join(parts))


_NAME_SHOWN = 40


def _named(problem: Problem, where: Where | None) -> str:
    """One problem as a sentence that names what the person sees: `The link's rolls: …`."""
    field, message = problem.field, problem.message
    # "'sede' is not a parameter of a pair36 link": the subject says the name already; but "The link" and a whole
    # request's problem name no parameter, so a parameter called link or request keeps its name there (review)
    if field not in ("request", "link"):
        message = message.removeprefix(f"{quoted(field)} ")
    if field == "request":
        return visible(sentence(message))
    # A name is the caller's own text (a link's parameter, a request's key): shown with its unseen characters as code
    # points (a right-to-left override would turn the sentence round), and cut at 40 characters, as the message is.
    name = visible(field[:_NAME_SHOWN]) + ("…" if len(field) > _NAME_SHOWN else "")
    if field == "link":
        subject = "The link"
    elif where == "link":
        subject = f"The link's <code>{name}</code>"  # the core names a link's problems by its parameters
    elif where == "address" and field in _DAILY_NAMES:
        subject = capital(_DAILY_NAMES[field])
    elif where == "address":
        subject = f"The address's <code>{name}</code>"
    else:
        subject = f"<code>{name}</code>"
    ended = message if message.endswith((".", "!", "?")) else message + "."
    joined = " " if message.startswith(("is ", "must ", "has ", "was ", "looks ")) else ": "
    return f"{subject}{joined}{visible(ended)}"


def _next_steps(status: int, where: Where | None, home: str | None, kind: type[Exception] | None) -> Iterator[str]:
    if where == "link" and status == 422:
        yield (
            "<h2>What to do</h2><p>Copy the link again, whole, from the game's own game-over card: a link cut short"
            " loses its last values, and one a mail program or a chat changed on the way may carry parameters of its"
            " own.</p>"
        )
    elif kind is NotReadableYet:
        # No wait alone makes it readable (review: "Try again in a minute"): its holder restores it, which takes time
        yield (
            "<p>Try again once whoever keeps the archive has made it readable: S3 gives the bytes of an object kept in"
            " an archive storage class (Glacier) only once it is restored.</p>"
        )
    elif kind is not None and issubclass(kind, ArchiveRefused):
        # S3 refuses the same read again until its credentials or the bucket's policy change (review: "Try again in a
        # minute", which no wait alone makes true)
        yield (
            "<p>Try again later: S3 refused this read, and refuses it again until whoever keeps the archive changes"
            " what refused it.</p>"
        )
    elif status == 503:
        yield "<p>Try again in a minute.</p>"
    if home is not None:
        yield (
            f'<p>You can also type what the game showed into <a href="{e(home)}">the offline verifier</a>, which'
            " checks it in your browser.</p>"
        )


def day_page(record: DayRecord, home: str | None = None) -> Page:
    """A day's record from the daily archive as a page: revealed (the secret, its commitment, the chain) or
    pending (when it is revealed)."""
    day = record.date.isoformat()
    parts = [f"<p class=muted>fairdice · the daily archive · {whole_dates(e(day))}</p>"]
    if record.status == "revealed":
        verdict = "fair" if record.seal == "match" and record.commitment_in_time else "mismatch"
        if record.seal == "match" and (
            not record.commitment_in_time
            or record.revealed_in_time is False
            or record.locked is False
            or record.versions_unseen is not None
        ):
            verdict = "incomplete"
        headline = f"The secret of {day} is revealed{_but(record)}"
    else:
        verdict = "withheld"
        # Due, not revealed: past that time the publisher may not have revealed it yet (review)
        due = utc_time(record.reveal_at)
        headline = (
            f"The secret of {day} is not revealed yet, though it was due once that day was over in UTC, at {due}:"
            " the archive is late revealing it"
            if record.overdue
            else f"The secret of {day} is not revealed yet: the archive reveals it in the minutes after that day ends"
            f" in UTC, at {due}"
        ) + _pending_but(record)
    parts.append(f'<div class="verdict {verdict}"><h1>{whole_dates(e(headline))}.</h1></div>')
    parts.extend(_commitment(record))
    if record.record is not None:
        parts.extend(_record(record))
    rolls = f"{(home or '/').rstrip('/')}/daily/{day}/"
    if record.status == "revealed":
        yours, also = "checked against this record", "Or check it"
    else:  # not before, there or in the browser (review: the page said it was, the roll's said "Not yet verifiable")
        yours, also = "checked against this record once its secret is revealed", "Then you can also check it"
    parts.append(
        f"<h2>Your roll</h2><p>Open <code>{e(rolls)}</code> followed by your player id to see your roll of that day,"
        f" {yours}.</p>"
    )
    if home is not None:
        parts.append(f'<p>{also} in your browser with <a href="{e(home)}">the offline verifier</a>.</p>')
    parts.append(
        "<footer class=muted>Programs get this record as JSON: ask with <code>Accept: application/json</code>.</footer>"
    )
    return document(f"{_state(record, verdict)} · {day} · the daily archive · fairdice", "\n".join(parts))


def _state(record: DayRecord, verdict: str) -> str:
    """The day's state as the tab says it, first, as its heading does (review: the tab read the same for a day revealed,
    one whose record contradicts its commitment and one not revealed yet, and a link's preview in a chat shows the tab
    alone): revealed or not, and, as the heading says it, a secret that is not the one committed to, or rolls at most
    incomplete. Never fair: a day's record is no game."""
    if record.status == "revealed":
        return {
            "fair": "Revealed",
            "mismatch": "Revealed, but not the secret committed to",
            "incomplete": "Revealed, but its rolls are at most incomplete",
        }[verdict]
    said = "Not revealed yet, late" if record.overdue else "Not revealed yet"
    # What the heading says keeps the day from being proven, by the one rule it says it by (`_unproven`)
    if _unproven(record):
        said += ": its rolls are at most incomplete"
    return said


def _but(record: DayRecord) -> str:
    """What the heading of a revealed day adds when the record does not prove its day (review: the heading was the same
    for a record that contradicts its commitment, told apart by colour alone): the first thing wrong, as below."""
    if record.seal != "match":
        return ", but its SHA-256 is not the commitment published for the day: report it"
    if record.revealed_in_time is False:
        if record.revealed_at is None:
            return ", but S3 gives no time for when it was revealed, so its rolls are at most incomplete"
        return ", but before the day was over in UTC, so its rolls are at most incomplete"
    if not record.commitment_in_time:
        return (
            ", but its commitment does not show it was fixed before the day's play, so its rolls are at most incomplete"
        )
    if record.locked is False:
        return f", but {not_kept('its commitment or record', revealed=True)}: its rolls are at most incomplete"
    if record.versions_unseen is not None:
        return f", but {record.versions_unseen}: its rolls are at most incomplete"
    return ""


def _pending_but(record: DayRecord) -> str:
    """What the heading of a day not revealed yet adds when its commitment is not there, or will not prove the day, as
    its commitment section says (review: a missed commitment's day was headed as a sound one is, and said so below)."""
    return _unproven(record) or (". Its commitment is not published yet" if record.commitment is None else "")


def _unproven(record: DayRecord) -> str:
    """Why a day not revealed yet is at most incomplete whatever is revealed, as its heading says it; "" where it may
    yet be proven. The one rule its heading and its tab say it by: none published in its time, one published out of
    it, or one not kept (`DayRecord.locked`), as the roll's verdict of the day says it (`Daily.revealed`)."""
    if record.commitment is None:
        if record.commitment_in_time is False:
            return (
                f". No commitment was published in the {GRACE_MINUTES} minutes after 00:00 UTC it had, so its rolls are"
                " at most incomplete"
            )
        if not record.witnessed:
            # None yet, on an archive whose times are no witness: whatever is published, its rolls are at most
            # incomplete, as the roll's verdict of the day says it (review: the page said only that none was published)
            return (
                ". The archive here is a folder or an S3 endpoint other than AWS's, whose times whoever holds it can"
                " set, so its rolls are at most incomplete"
            )
        return ""
    if record.commitment_in_time is False:
        return (
            ". Its commitment does not show the secret was fixed before the day's play, so its rolls are at most"
            " incomplete"
        )
    if record.locked is False:
        return f". {not_kept('Its commitment', revealed=False)}: its rolls are at most incomplete"
    return ""


def _commitment(record: DayRecord) -> Iterator[str]:
    yield "<h2>The commitment</h2>"
    if record.commitment is None:
        if record.commitment_in_time is False:
            yield (
                f"<p>{mark(False)} None was published in the {GRACE_MINUTES} minutes after 00:00 UTC it had: one"
                " published later does not show the secret was fixed before the day's play, so that day's rolls are at"
                " most incomplete.</p>"
            )
        else:
            yield "<p class=muted>Not published yet.</p>"
        return
    yield f"<dl><dt>commitment</dt><dd><code>{e(record.commitment)}</code></dd>"
    if record.commitment_published_at is not None:
        yield f"<dt>published</dt><dd>{utc_time(record.commitment_published_at)}</dd>"
    yield "</dl>"
    if record.commitment_in_time is True:
        in_time = f"{mark(True)} Published within {GRACE_MINUTES} minutes of 00:00 UTC"
        if record.locked is False:
            # In time, but not kept: another commitment may have been published in the grace and deleted since, so it
            # does not show what the heading says it does not (review: the heading said incomplete, this said it did).
            # A pending day's is its commitment alone, which may yet be deleted and another shown in its place
            revealed = record.status == "revealed"
            kept = not_kept("it or the record" if revealed else "it", revealed=revealed)
            yield (
                f"<p>{in_time}, before the day's play.</p><p>{mark(False)} But {kept}: it does not show the secret was"
                " fixed before anyone rolled, and that day's rolls are at most incomplete.</p>"
            )
        elif record.versions_unseen is not None:
            # In time and kept, but S3 refused to list its versions: nothing rules out one hidden and another written
            # again over it in the grace, as the heading says (review: this still said it showed the secret fixed)
            unseen = whole_dates(e(record.versions_unseen))
            yield (
                f"<p>{in_time}, before the day's play.</p><p>{mark(False)} But {unseen}: it does not show the secret"
                " was fixed before anyone rolled, and that day's rolls are at most incomplete.</p>"
            )
        elif record.status == "pending":
            # The version read alone: a pending day's versions are not listed (one ListObjectVersions more a read), so
            # one hidden and written again in the grace is ruled out only once the day is revealed, when they are
            # (review: this said it showed the secret fixed, of a commitment rewritten in the grace)
            yield (
                f"<p>{in_time}, before the day's play, by S3's own time for the version read. Whether it is the one"
                " version S3 keeps of it, none hidden and written again in those minutes, is checked once its secret is"
                " revealed: only then does it show the secret was fixed before anyone rolled.</p>"
            )
        else:
            yield f"<p>{in_time}, before the day's play: it shows the secret was fixed before anyone rolled.</p>"
    elif record.commitment_in_time is False:
        published = record.commitment_published_at
        if published is not None and publication(record.date, published) != "in_time":
            why = (
                f"Published outside the first {GRACE_MINUTES} minutes of the day in UTC,"
                " so it does not show the secret was fixed before the day's play"
            )
        elif published is None and record.witnessed:
            # S3's own, where it gives none (review: said the archive is a folder or an emulator, of AWS's S3)
            why = (
                "S3 gives no time of its own for it (a multipart upload or a replica), so it cannot show the secret was"
                " fixed before the day's play"
            )
        else:  # in the minutes after 00:00 by a time S3 itself did not give: a folder's or an emulator's
            why = (
                "Its time of publication is not one S3 itself gave (the archive is a folder or an emulator), so it"
                " cannot show the secret was fixed before the day's play"
            )
        yield f"<p>{mark(False)} {why}: that day's rolls are at most incomplete.</p>"


def _record(record: DayRecord) -> Iterator[str]:
    revealed: Any = record.record
    yield "<h2>The revealed record</h2><dl>"
    yield f"<dt>secret</dt><dd><code>{e(revealed.secret)}</code></dd>"
    yield f"<dt>its SHA-256</dt><dd><code>{e(revealed.commitment)}</code></dd>"
    if revealed.next_commitment is not None:
        yield f"<dt>next day's commitment</dt><dd><code>{e(revealed.next_commitment)}</code></dd>"
    if revealed.previous is not None:
        previous = revealed.previous
        yield (
            f"<dt>previous record</dt><dd>{e(previous.date.isoformat())}, SHA-256"
            f" <code>{e(previous.sha256)}</code></dd>"
        )
    if record.record_sha256 is not None:
        yield f"<dt>this record's SHA-256</dt><dd><code>{e(record.record_sha256)}</code></dd>"
    if record.revealed_at is not None:
        yield f"<dt>revealed</dt><dd>{utc_time(record.revealed_at)}</dd>"
    yield "</dl>"
    if record.revealed_in_time is True and record.versions_unseen is not None:
        # The version read was, but S3 refused to list the others: one written while the day was played and hidden
        # since is not ruled out, as the commitment's section says (review: a ✓ under a heading of at most incomplete)
        yield (
            f"<p>{mark(False)} Revealed after the day was over in UTC, by S3's own time for the version read, but S3"
            " did not list the others: it does not show the secret was kept until the day was over.</p>"
        )
    elif record.revealed_in_time is True:
        yield f"<p>{mark(True)} Revealed after the day was over in UTC, by S3's own time.</p>"
    elif record.revealed_in_time is False:
        why = (
            "Revealed before the day was over in UTC, which the publisher never does: whoever read it could compute"
            " that day's rolls while it was played"
            if record.revealed_at is not None
            else "S3 gives no time of its own for this record, so it does not show the secret was kept until the day"
            " was over"
        )
        yield f"<p>{mark(False)} {why}: that day's rolls are at most incomplete.</p>"
    # "Before the day's play" only when the commitment's time shows it (`_commitment` says why not, otherwise): the
    # archive publishes it in the minutes after 00:00 UTC of the day, never before the day (`publication` calls that
    # early), as the time shown above says (review: "published before the day" beside a time of 00:00:02 that day)
    published = "published before the day's play" if record.commitment_in_time else "published for the day"
    if record.seal == "match":
        yield f"<p>{mark(True)} The SHA-256 of the secret is the commitment {published}.</p>"
    else:
        yield f"<p>{mark(False)} The SHA-256 of the secret is not the commitment {published}: report it.</p>"
