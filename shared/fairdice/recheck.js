"use strict";
// The verdict page's own check in the player's browser: the server listed its rolls; this script recomputes
// them from the same request with the browser's WebCrypto (the verifier the offline page runs) and says,
// roll by roll, whether it agrees, in a column of the table and in a sentence. It trusts nothing the server
// computed: only the request (the revealed secret and the game's values) comes from the page.
// `document.body.dataset.recheck` says how it ended (for tests): agree, disagree or failed.
(async () => {
  // This script's own element, known only while it first runs: the page's policy allows it by the SHA-256 of its text
  const runs = document.currentScript;
  const { el, sentence, visible } = fairdice.view;
  const { words } = fairdice;
  const status = document.getElementById("recheck-status");
  const table = document.getElementById("rolls");
  // What the page says while the browser computes: not in the status, a live region, which holds only what the check
  // ends with, for a screen reader to read out that alone. As served, the line says the browser has checked nothing,
  // which stays where this script never runs (a page rewritten so that its policy blocks it, or an element left open
  // that swallows it): an empty status there read as the check's silence, not its absence (review)
  const wait = document.getElementById("recheck-wait");
  wait.textContent = "Your browser is recomputing these rolls itself…";
  // The page read whole before this check reads any of it: this script runs where it stands, before the browser has read
  // what follows it, and a mismatch's page with "Fair: every roll matches ✓" after its script, or after its end, got
  // "agree", that line not there yet when the check looked beside the page's parts (review)
  if (document.readyState === "loading") await new Promise((read) => document.addEventListener("DOMContentLoaded", read, { once: true }));

  // A fair verdict the browser can check whole: not one the daily archive gave, whose part (its commitment published in
  // time, kept under Object Lock, its versions seen) the browser does not read (review: a green ✓ and "agrees with this
  // page" on a daily roll whose check here was the roll and the SHA-256 alone). Fair by the browser's own verdict, not
  // by the page's flag, which is the page's word (review: a mismatch page whose data said fair got green ticks)
  let whole = false;

  // Said in every element the page gives the status's id, and the wait line taken out of every one: a page rewritten with
  // another status before its own (in a <details> left closed, say) had the check's outcome written there, out of sight,
  // and its own status and wait line left empty (review). Such a page is not agreed with (its ids, below).
  function finish(state, ...text) {
    for (const line of document.querySelectorAll("#recheck-wait")) line.remove();
    for (const said of document.querySelectorAll("#recheck-status")) {
      said.replaceChildren(...text);
      // Agreeing with a page whose verdict is not fair is no good news: said plainly, not in the colour of one (review)
      said.className = state !== "agree" ? "bad" : whole ? "ok" : "";
    }
    document.body.dataset.recheck = state;
  }

  // (the page's data read here, so that a page without it, or with other than JSON there, is said as a check that could
  // not run, where the script stopped before its status said anything: review)
  let data, verdict;
  try {
    data = JSON.parse(document.getElementById("fairdice-recheck").textContent);
    verdict = await fairdice.verify(data.request);
  } catch (error) {
    const why = error.problems ? error.problems.map((p) => `${p.field}: ${p.message}`).join("; ") : String(error.message || error);
    finish("failed", `Your browser could not recompute these rolls itself (${why}). The recipe below recomputes them by hand.`);
    return;
  }
  // Once the browser has its own verdict, whatever stops the check (a page whose data is not what this script reads)
  // is said as a check that failed, where the status said "recomputing…" for ever (review)
  try {
    whole = verdict.verdict === "fair" && data.said.verdict !== null;
    // The page's look as served: its one style, the page's own (by the hash this script carries, fairdice.page
    // recheck_script), in its head after a policy that is the page's own (fairdice.markup.content_security_policy: this
    // script and that style alone, each by its hash), and no style set on an element. A page rewritten with a policy
    // allowing a style of its own (tr.x { display: none }, or a rule colouring a mismatch's heading as a fair one's)
    // hid or recoloured what it draws and got "agree" (review)
    const hashOf = async (text) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
      return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    };
    // An element as its name and its attributes, each with its value, in order of name
    const attributed = (node) =>
      [node.localName, ...[...node.attributes].map(({ name, value }) => `${name}=${JSON.stringify(value)}`).sort()].join(" ");
    const styles = document.querySelectorAll("style, link");
    const policies = document.querySelectorAll("meta[http-equiv]");
    const policy =
      runs === null ? null : `default-src 'none'; script-src ${await hashOf(runs.textContent)}; style-src ${fairdice.pageStyle}; base-uri 'none'; form-action 'none'`;
    const lookHeld =
      styles.length === 1 &&
      styles[0].matches("head > style") &&
      styles[0].attributes.length === 0 &&
      (await hashOf(styles[0].textContent)) === fairdice.pageStyle &&
      document.styleSheets.length === 1 &&
      policies.length === 1 &&
      policies[0].matches("head > meta") &&
      policies[0].getAttribute("http-equiv") === "Content-Security-Policy" &&
      policies[0].getAttribute("content") === policy &&
      Boolean(policies[0].compareDocumentPosition(styles[0]) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      document.querySelector("[style]") === null;
    // And its head the page's own (fairdice.markup.document), each element with the attributes the page gives it, the
    // policy and the style those held above: the policy holds only what comes after it, and a page rewritten with a
    // <base href="https://elsewhere/"> before it sent its retry links to another address, its check still agreeing
    // (review). (A script put there runs before this one and may change anything: no page's own check stops that.)
    const HEAD = ['meta charset="utf-8"', 'meta content="width=device-width,initial-scale=1" name="viewport"', policies[0], 'meta content="no-referrer" name="referrer"', "title", styles[0]];
    const headHeld = document.head.children.length === HEAD.length && [...document.head.children].every((node, at) => (typeof HEAD[at] === "string" ? attributed(node) === HEAD[at] : node === HEAD[at]));
    // Each element of the page as the page draws its kind (fairdice.page, fairdice.markup), its attributes and their
    // values, read before this script adds its own: a class the page's style gives a meaning to (ok, bad, muted, fair, x)
    // set on a claim the page does not give it to, a name for screen readers (aria-label, role) said over what it
    // draws, a direction, or a part made unreachable (aria-hidden, inert), changed what a player sees or hears of a claim
    // this script held by its text and got "agree" (review).
    const ATTRIBUTES = new RegExp(
      `^(?:${[
        "(?:a|b|bdi|code|dd|dt|h1|h2|i|main|mark|noscript|p|script|span|tbody|td|th|thead|time|tr)",
        'a href="\\?[^"]*"',
        'b class="when"',
        'bdo dir="ltr"',
        'code class="id"',
        'div class="(?:finding|verdict (?:fair|mismatch|incomplete|withheld))"',
        'div aria-label="The [^"]+" class="scroll" role="region" tabindex="0"',
        'dl class="(?:identity|values|seals)"',
        'footer class="muted"',
        'html lang="en"',
        'body',
        'p class="(?:muted|scope|typed)"',
        'p id="recheck-wait"',
        'p id="recheck-status" role="status"',
        'pre aria-label="The recipe in Python" class="scroll" id="recipe-python" role="region" tabindex="0"',
        'script id="fairdice-recheck" type="application/json"',
        'span class="(?:muted|ok|bad|sp|roll|w)"',
        'span class="cp" title="U\\+[0-9A-F]{4,6}, shown as its code point: it shows nothing, or looks like another character"',
        'span aria-label="(?:matches|differs|not compared)" class="(?:ok|bad|muted)" role="img"',
        'table id="rolls"',
        'td class="(?:n|msg|dice|dice long)"',
        'th aria-label="(?:HMAC message|match)"',
        'tr class="x"(?: id="first-mismatch")?',
      ].join("|")})$`,
    );
    const unlike = [document.documentElement, document.body, ...document.body.querySelectorAll("*")].filter((node) => !ATTRIBUTES.test(attributed(node)));
    const mine = new Map(verdict.rolls.filter((r) => r.message !== null).map((r) => [r.index, r.dice]));
    // Each roll's dice as the table draws them, the reader's, read before this script adds its column: held to the
    // browser's as the page's data block is, where a page drawing other dice than its data got "=" beside them (review).
    // Its text as drawn (innerText, what shows), less who won an opening roll (its muted span), which follows the dice
    const drawn = [...table.tBodies[0].rows].map((row) => {
      const cell = row.cells[2];
      const text = cell ? cell.innerText : "";
      const winner = cell && cell.querySelector(".muted");
      return (winner ? text.slice(0, text.lastIndexOf(winner.innerText)) : text).trim();
    });
    const head = table.tHead.rows[0];
    // The table's columns named as the page names them (fairdice.page._rolls_section), read before this script adds its
    // own: where they were not read, a page naming its own dice "recorded" and the game's recorded rolls "dice" got
    // "agree" (review). Each name less the white space HTML draws nothing of at its ends (the page's markup breaks a line
    // after the fourth)
    const COLUMNS = [["#", null], ["HMAC mes\u00adsage", "HMAC message"], ["dice", null], ["recorded", null], ["", "match"]];
    const columnsHeld =
      table.tHead.children.length === 1 &&
      head.children.length === COLUMNS.length &&
      [...head.children].every(
        (th, at) => th.localName === "th" && th.childElementCount === 0 && th.textContent.replace(/^[ \t\n\f\r]+|[ \t\n\f\r]+$/g, "") === COLUMNS[at][0] && th.getAttribute("aria-label") === COLUMNS[at][1],
      );
    // A soft hyphen: on a small phone the word may break, to leave a daily roll's six faces room (page.css). Named by the
    // word whole: the accessibility tree kept the soft hyphen in the name, which a screen reader may read (review)
    head.append(el("th", { class: "recheck", text: "brow\u00adser", "aria-label": "browser", title: "your browser's own dice for this roll" }));
    const listed = new Map(data.rolls.map(([index, dice]) => [index, dice]));
    const only = (node, selector, text) => lone(node, selector) && node.firstChild.childElementCount === 0 && node.firstChild.textContent === text;
    const marks = new Map([[true, ["ok", "✓", "matches"]], [false, ["bad", "✗", "differs"]], [null, ["muted", "–", "not compared"]]]);
    function rowDrawn(cells, report) {
      if (report === undefined || cells.length !== 5) return false;
      const [n, message, dice, seen, mark] = cells;
      // (its row marked as one that differs, its background the colour of bad news, only where it does)
      if (n.parentElement.getAttribute("class") !== (report.matches === false ? "x" : null)) return false;
      const text = (node, value) => (value === "" ? node.childNodes.length === 0 : node.childNodes.length === 1 && node.firstChild.nodeType === Node.TEXT_NODE && node.firstChild.textContent === value);
      const winner = report.winner === undefined ? null : `(${report.winner === "tie" ? "tie" : `${report.winner} won`})`;
      const won = [...dice.childNodes].filter((node) => node.nodeType === Node.ELEMENT_NODE);
      const [kind, glyph, said] = marks.get(report.matches);
      const drawnMark = mark.firstChild;
      return (
        text(n, words.number(report.index)) &&
        (report.message === null ? only(message, "span.muted", "not computed") : readAs([...message.childNodes].flatMap(cell), report.message)) &&
        (winner === null ? won.length === 0 : won.length === 1 && dice.lastChild === won[0] && won[0].matches("span.muted") && won[0].childElementCount === 0 && won[0].textContent === winner) &&
        (report.recorded !== null ? text(seen, report.recorded.join("-")) : verdict.checks.rolls === "not_given" ? text(seen, "") : only(seen, "span.muted", "not recorded")) &&
        lone(mark, "span") &&
        drawnMark.className === kind &&
        drawnMark.getAttribute("role") === "img" &&
        drawnMark.getAttribute("aria-label") === said &&
        drawnMark.childElementCount === 0 &&
        drawnMark.textContent === glyph
      );
    }
    const differ = [];
    let agreed = 0;
    // The browser's dice the same as the page's: "=" in plain colour, made a ✓ in the colour of good news only once the
    // browser agrees with a fair verdict whole, where a column of them beside rolls that differ or were not recorded read
    // as those rolls checked (review), and beside "does not agree with this page" as the page's fair checked (review)
    const sames = [];
    // Each row as the page draws it beside its dice, held to the browser's own roll at its place in the table (the
    // table lists the verdict's rolls in order, stopped where it would grow too large): its number, its HMAC message
    // read back as the browser's is (each character the browser writes as its code point written so there too), who
    // won an opening roll, the roll recorded and its mark, ✓, ✗ or –. Where only the dice were held, a page drawing
    // another message, another recorded roll or a ✓ beside one that differs got "agree" (review)
    // (each row's cells read before this script adds its own; held below, once what reads a value back is defined)
    const rows = [...table.tBodies[0].rows];
    const rowCells = rows.map((row) => [...row.cells]);
    const withMessages = rows.filter((row, at) => verdict.rolls[at] !== undefined && verdict.rolls[at].message !== null).length;
    const rowsListed = rows.length <= verdict.rolls.length && withMessages === data.rolls.length;
    for (const [at, row] of rows.entries()) {
      const index = Number(row.cells[0].textContent.replace(/,/g, ""));
      const theirs = listed.get(index);
      let cell;
      // Each mark an image named in words, as the table's own marks are (fairdice.markup.roll_mark): a title alone names
      // nothing in Chromium's accessibility tree, where the cell was read as its glyph (review)
      if (theirs === undefined || theirs === null) cell = el("span", { class: "muted", role: "img", "aria-label": "not recomputed", text: "–" });
      else {
        const own = mine.get(index);
        const same =
          own !== undefined && own.length === theirs.length && own.every((face, i) => face === theirs[i]) && drawn[at] === own.join("-");
        if (same) agreed += 1;
        else differ.push(index);
        const shown = own ? own.join("-") : "none";
        cell = same
          ? el("span", { text: "=", role: "img", "aria-label": "your browser's dice are the same", title: "your browser's dice are the same" })
          : el("span", { class: "bad", role: "img", "aria-label": `your browser's dice differ: ${shown}`, text: `✗ ${shown}`, title: "your browser's dice differ" });
        if (same) sames.push(cell);
      }
      row.append(el("td", { class: "recheck" }, cell));
    }
    // The SHA-256 of the secret as the page draws it (its seals' second value), held to the browser's as the page's data
    // is, where a page drawing another than its data got "and so does the SHA-256" (review)
    const drawnSeal = document.querySelector("dl.seals > dd:nth-of-type(2)");
    const sealAgrees = verdict.seal.computed === data.seal && drawnSeal !== null && drawnSeal.innerText.trim() === data.seal;
    // And the seal it draws as given (its first value), which the player holds to the one their game showed, held to the
    // one the browser was given, where there was one: a page drawing another than the one its fair was of got "agree"
    // (review)
    const drawnGiven = document.querySelector("dl.seals > dd:nth-of-type(1)");
    const givenDrawn = verdict.seal.given === null || (drawnGiven !== null && drawnGiven.innerText.trim() === verdict.seal.given);
    // The page's verdict, held to the browser's own (its rolls' check, scope and counts; the verdict itself unless
    // the daily archive gave it, which the browser does not read).
    const { said } = data;
    const scope = verdict.scope ? [verdict.scope.kind, verdict.scope.first, verdict.scope.last] : null;
    const own = {
      verdict: said.verdict === null ? null : verdict.verdict,
      rolls: verdict.checks.rolls,
      scope,
      counts: [verdict.summary.differ, verdict.summary.missing, verdict.summary.extra],
    };
    const verdictAgrees = JSON.stringify(own) === JSON.stringify(said);
    // Whose game the page draws, its values under "Is this your game?", held to those the browser recomputed from, each
    // written as the page writes it (fairdice.page.identity_value: a list's items joined, invisible characters as code
    // points): the rolls agreeing are of the game the browser was given, which the page's data names, not of the one it
    // draws (review: a page drawing one game's values above another's rolls, its data the other's, got "agree")
    // Each value read back character by character, a code point it writes (span.cp, ⟨U+1171E⟩) as the character it
    // stands for, and held to the value: the same characters, each the browser writes as its code point written so
    // there too. The page may write more so: its core may read a character by an older Unicode than this browser's
    // (review: an honest page of a phrase holding U+1171E, written as its code point by the core, got "does not agree")
    // Any other element read as no character: one the page adds (a <bdo dir=rtl> round "abc", read back "abc") may
    // draw its text in another order than it reads back (review); so may a direction set on the value itself
    const cell = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return [...node.textContent].map((c) => [c, false]);
      const bare = node.nodeType === Node.ELEMENT_NODE && node.childElementCount === 0 && !node.hasAttribute("dir");
      if (bare && node.matches("span.sp") && node.textContent === " ") return [[" ", false]];
      const point = bare && node.matches("span.cp") && /^⟨U\+([0-9A-F]{4,6})⟩$/.exec(node.textContent);
      return point ? [[String.fromCodePoint(parseInt(point[1], 16)), true]] : [[null, false]];
    };
    const readBack = (value, dir) => (value.getAttribute("dir") === dir ? [...value.childNodes].flatMap(cell) : [[null, false]]);
    const drawnGame = [...document.querySelectorAll("dl.identity > dd > code.id > bdi")].map((value) => readBack(value, null));
    const ownGame = verdict.identified_by.map((given) =>
      (Array.isArray(given.value) ? given.value : [given.value]).flatMap((item, at) => {
        const text = fairdice.identityText(item);
        const hidden = fairdice.unseen(text);
        return [...(at ? [[",", false], [" ", false]] : []), ...[...text].map((c, i) => [c, hidden[i]])];
      }),
    );
    // And each drawn again in the order it was typed (a value a screen may show in another order), which a player reads
    // it by, the value above it read back the same (review: a page drawing another phrase there got "agree")
    // Each value drawn as the page draws it and nothing else beside (fairdice.page.identity_value, its label as
    // page.TYPED_ORDER): where the line in the order typed was read only where it sat as the page puts it, one in a
    // <span> of its own was not read, and a page drawing another phrase there got "agree" (review)
    const lone = (node, selector) => node.childNodes.length === 1 && node.firstChild.nodeType === Node.ELEMENT_NODE && node.firstChild.matches(selector);
    // The line there wherever the value the browser recomputed from may show in another order (fairdice.reorders, the
    // rule the page draws it by): where only a line that was there was read, a page leaving it out got "agree" (review)
    const ownTexts = verdict.identified_by.map((given) => (Array.isArray(given.value) ? given.value : [given.value]).map(fairdice.identityText).join(", "));
    const typedAgrees = [...document.querySelectorAll("dl.identity > dd")].every((value, at) => {
      const [code, line, ...more] = value.childNodes;
      if (more.length || !(code.nodeType === Node.ELEMENT_NODE && code.matches("code.id") && lone(code, "bdi"))) return false;
      if (line === undefined) return !(at < ownTexts.length && fairdice.reorders(ownTexts[at]));
      return typedLine(line, code);
    });
    function typedLine(line, code) {
      const [label, space, again, ...rest] = line.nodeType === Node.ELEMENT_NODE && line.matches("p.typed") ? line.childNodes : [];
      return (
        !rest.length &&
        again !== undefined &&
        label.nodeType === Node.ELEMENT_NODE &&
        label.matches("span.muted") &&
        label.textContent === "In the order it was typed, left to right:" &&
        space.nodeType === Node.TEXT_NODE &&
        space.textContent === " " &&
        again.nodeType === Node.ELEMENT_NODE &&
        again.matches("code.id") &&
        lone(again, "bdo") &&
        JSON.stringify(readBack(again.firstChild, "ltr")) === JSON.stringify(readBack(code.firstChild, null))
      );
    }
    // A value read back (each character, and whether it was written as its code point) the same as the text: each
    // character the browser writes as its code point written so there too
    const readAs = (drawn, text) => {
      const hidden = fairdice.unseen(text);
      const chars = [...text];
      return drawn.length === chars.length && chars.every((c, i) => drawn[i][0] === c && (!hidden[i] || drawn[i][1]));
    };
    // The game's values drawn again under "The link's values" (fairdice.page's inputs section: every <dl> but the
    // values above and the seals), each by its name in a link, held as those above are to the value the browser
    // recomputed from, written as the page writes it there (a list's items joined and cut after 300 characters, "…"
    // after it; yes or no; a value a screen may show in another order drawn again in the order typed): that <dl> was
    // not read, and a page drawing another phrase there got "agree" (review). Its rolls as the link gave them (below).
    // (Of a scheme with a daily archive, and what the page draws as its verdict: read below, and by the link's values)
    const archived = said.verdict === null && fairdice.schemes.get(verdict.scheme).archive === true;
    // What the page draws as its verdict, its heading and its tab, held to that as its data block is: "Fair" there only
    // where the browser finds it so (review: a mismatch page whose heading and tab said fair, its data left as served,
    // got "agree")
    // Its verdict said once, as the page draws it: one heading, alone in the box whose class colours it, that class, the
    // tab and the heading each saying the same verdict in the page's words (fairdice.page.headline and its title), read
    // whatever their case: where "Fair" was read from the tab and the heading alone, as written, a page saying "FAIR",
    // or colouring a mismatch's heading as a fair one's, or drawing another heading beside it, got "agree" (review)
    const heading = document.querySelector(".verdict h1");
    const verdictBoxes = document.querySelectorAll("div.verdict");
    const verdictBox = verdictBoxes.length === 1 ? verdictBoxes[0] : null;
    const classes = verdictBox ? [...verdictBox.classList] : [];
    const SAYS = { fair: ["Fair: ", "Fair: the "], mismatch: ["Mismatch · ", "Mismatch: "], incomplete: ["Incomplete · ", "Nothing failed, but the check is incomplete: "] };
    const drawnWord = (() => {
      // (its words all shown: nothing in it but a date kept whole and a character written as its code point, where a
      // <noscript> or <script> in it, which the browser does not draw, hid its words from the reader, not from its
      // text, and got "agree": review)
      const alone =
        verdictBox !== null &&
        document.querySelectorAll("h1").length === 1 &&
        lone(verdictBox, "h1") &&
        verdictBox.firstChild === heading &&
        [...heading.querySelectorAll("*")].every((node) => node.matches("time, span.cp") && node.childElementCount === 0);
      if (!alone || classes.length !== 2 || classes[0] !== "verdict" || !Object.hasOwn(SAYS, classes[1])) return null;
      const [tab, head] = SAYS[classes[1]];
      return document.title.startsWith(tab) && heading.textContent.startsWith(head) ? classes[1] : null;
    })();
    const link = new Map(fairdice.schemes.get(verdict.scheme).link.map((param) => [param.name, param]));
    const asLinked = (param) => {
      const [parent, child] = param.field.split(".");
      // A value of the link the request the browser recomputes from does not carry (a day's commitment, where it
      // recomputes the day the archive revealed) as the page's data gives it, not held to nothing (review)
      let value = data.request[parent] ?? (data.linked || {})[parent];
      if (child !== undefined && value !== undefined && value !== null) value = value[child];
      if (value === undefined || value === null) return null;
      if (typeof value === "boolean") return [value ? "yes" : "no", null];
      if (!Array.isArray(value)) return [String(value), null];
      const joined = [...value.map(String).join(", ")];
      return joined.length > 300 ? [joined.slice(0, 300).join(""), "…"] : [joined.join(""), null];
    };
    // The rolls a link carried, drawn as the page draws them (fairdice.page._rolls_given: each roll's faces joined by
    // "-" in a span of its own, cut after the whole roll that ends the first 300 characters, "…" after the cut), held
    // to those of the request the browser recomputed from: the table's were held, these were not, and a page drawing
    // other rolls there got "agree" (review)
    const rollsDrawn = (node, rolls) => {
      if (!Array.isArray(rolls)) return false;
      let shown = rolls.map((roll) => roll.join("-")).join(" ");
      const more = shown.length > 300 ? "…" : null;
      if (more !== null) shown = shown.slice(0, shown.lastIndexOf(" ", 300));
      const each = shown.split(" ");
      const [code, ...rest] = node.childNodes;
      if (rest.length !== (more === null ? 0 : 1) || (more !== null && !(rest[0].nodeType === Node.TEXT_NODE && rest[0].textContent === more))) return false;
      if (!(code !== undefined && code.nodeType === Node.ELEMENT_NODE && code.matches("code") && code.attributes.length === 0)) return false;
      const parts = [...code.childNodes];
      return (
        parts.length === 2 * each.length - 1 &&
        parts.every((part, i) =>
          i % 2
            ? part.nodeType === Node.TEXT_NODE && part.textContent === " "
            : part.nodeType === Node.ELEMENT_NODE && part.matches("span.roll") && part.attributes.length === 1 && part.childElementCount === 0 && part.textContent === each[i / 2],
        )
      );
    };
    const linkedAgrees = [...document.querySelectorAll("dl:not(.identity):not(.seals)")].every((list) => {
      const items = [...list.childNodes].filter((node) => !(node.nodeType === Node.TEXT_NODE && node.textContent.trim() === ""));
      if (items.length % 2) return false;
      return items.every((node, at) => {
        if (at % 2 === 0) return node.nodeType === Node.ELEMENT_NODE && node.matches("dt") && link.has(node.textContent);
        if (!(node.nodeType === Node.ELEMENT_NODE && node.matches("dd"))) return false;
        const param = link.get(items[at - 1].textContent);
        if (param.kind === "rolls") return rollsDrawn(node, data.request[param.field]);
        const linked = asLinked(param);
        if (linked === null) return false;
        const [text, more] = linked;
        const [code, ...rest] = node.childNodes;
        const cut = more === null || (rest.length && rest[rest.length - 1].nodeType === Node.TEXT_NODE && rest.pop().textContent === more);
        if (!cut || code === undefined || code.nodeType !== Node.ELEMENT_NODE) return false;
        if (fairdice.reorders(text))
          return rest.length === 1 && code.matches("code.id") && lone(code, "bdi") && readAs(readBack(code.firstChild, null), text) && typedLine(rest[0], code);
        return !rest.length && code.matches("code") && code.attributes.length === 0 && readAs([...code.childNodes].flatMap(cell), text);
      });
    });
    // What the page says of which rolls were checked ("Checked:", or "Computed:" and "Compared:", its p.scope) and its
    // counts above the table, held to the browser's own verdict, said as the page says them (fairdice.page.checked and
    // counts, as view.js says them too), and the line saying how many rolls the table leaves out: none of them was read,
    // and a page saying "Checked: the whole match" there, or "12 compared: 12 match, 0 differ" above a roll that
    // differs, got "agree" (review). The line read back as the value above (a character the browser writes as its code
    // point written so there too), each label a <b> of its own
    const scheme_ = fairdice.schemes.get(verdict.scheme);
    const scopeLines = document.querySelectorAll("p.scope");
    const scopeAgrees = (() => {
      if (!verdict.scope) return scopeLines.length === 0;
      if (scopeLines.length !== 1) return false;
      const read = [...scopeLines[0].childNodes].flatMap((node) =>
        node.nodeType === Node.ELEMENT_NODE && node.matches("b") && node.attributes.length === 0 && node.childElementCount === 0 ? [[`<b>${node.textContent}`, false]] : cell(node),
      );
      const want = fairdice.view.checked(scheme_, verdict).flatMap(([label, text], at) => {
        const hidden = fairdice.unseen(text);
        return [...(at ? [[" ", false]] : []), [`<b>${label}:`, false], [" ", false], ...[...text].map((c, i) => [c, hidden[i]]), [".", false]];
      });
      return read.length === want.length && want.every(([c, hidden], i) => read[i][0] === c && (!hidden || read[i][1]));
    })();
    const box = table.closest("div.scroll");
    const countsLine = box && box.previousElementSibling;
    const countsAgrees =
      countsLine !== null && countsLine.matches("p.muted") && countsLine.childElementCount === 0 && countsLine.textContent === fairdice.view.counts(scheme_, verdict);
    const left = verdict.rolls.length - rows.length;
    const after = box && box.nextElementSibling;
    // (as the page marks it up, its two words of code each a <code>: where its text alone was read, the command made a
    // link to another game's page got "agree", review)
    const leftOut = `The other ${words.counted(left, scheme_.words.roll, scheme_.words.rolls)} are not listed, to keep this page small. The JSON answer lists every one when it fits in one answer (ask with <code>Accept: application/json</code>); <code>fairdice check</code> with this page's address lists them all on your own machine.`;
    const leftAgrees =
      left === 0
        ? !(after !== null && after.matches("p") && after.textContent.startsWith("The other "))
        : after !== null && after.matches("p") && after.attributes.length === 0 && after.innerHTML === leftOut;
    const linesAgree = scopeAgrees && countsAgrees && leftAgrees;
    const besides = rows.filter((row, at) => !rowDrawn(rowCells[at], verdict.rolls[at])).map((row) => row.cells[0].textContent);
    // Each part of the page the browser reads holds what the page draws there and nothing else: another element or text
    // there (a <p> drawing another phrase under "Is this your game?", a scheme named otherwise above the heading, a line
    // of counts beside the table's) was not read, and got "agree" beside the values the browser read (review). Each
    // part is the elements from its heading to the next (fairdice.page's sections), its heading drawn once; the part
    // above the first, the page's first line (its game and scheme), its verdict and the line saying what was checked
    const main = document.querySelector("main");
    const partOf = (title) => {
      const heads = [...document.querySelectorAll("h2")].filter((h) => h.textContent === title);
      if (heads.length !== 1 || heads[0].parentNode !== main) return null;
      const part = [];
      for (let node = heads[0].nextSibling; node !== null && !(node.nodeType === Node.ELEMENT_NODE && node.matches("h2")); node = node.nextSibling) {
        if (node.nodeType === Node.ELEMENT_NODE) part.push(node);
        else if (node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== "") return null;
      }
      return part;
    };
    const holds = (part, ...kinds) => part !== null && part.length === kinds.length && part.every((node, at) => kinds[at](node));
    const intro = "The game and these values decide every roll. Whoever sends them chooses them, so check each is your game's:";
    const identityList = document.querySelectorAll("dl.identity");
    const identityHeld = holds(
      partOf("Is this your game?"),
      (node) => node.matches("p") && node.attributes.length === 0 && node.childElementCount === 0 && node.textContent === intro,
      (node) => identityList.length === 1 && node === identityList[0],
    );
    const linkedPart = partOf("The link's values");
    const linkedHeld =
      linkedPart === null
        ? ![...document.querySelectorAll("h2")].some((h) => h.textContent === "The link's values")
        : holds(linkedPart, (node) => node.matches("dl.values"));
    const top = [];
    for (let node = main.firstChild; node !== null && !(node.nodeType === Node.ELEMENT_NODE && node.matches("h2")); node = node.nextSibling) {
      if (node.nodeType === Node.ELEMENT_NODE) top.push(node);
      else if (node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== "") top.push(null);
    }
    const first = `fairdice · ${scheme_.title} · scheme ${verdict.scheme}`;
    const topHeld = holds(
      top,
      (node) => node !== null && node.matches("p.muted") && node.textContent === first && [...node.children].every((b) => b.matches("b") && b.childElementCount === 0),
      (node) => node === verdictBox,
      ...(verdict.scope ? [(node) => node === scopeLines[0]] : []),
    );
    const rollsHeld =
      holds(
        partOf(`The ${scheme_.words.rolls}`),
        (node) => node === countsLine,
        (node) => node === box && [...box.childNodes].every((child) => child === table || (child.nodeType === Node.TEXT_NODE && child.textContent.trim() === "")),
        ...(left ? [(node) => node === after] : []),
      ) &&
      [...table.children].every((child, at) => child === [table.tHead, table.tBodies[0]][at]) &&
      table.children.length === 2 &&
      columnsHeld;
    const ownHeld = holds(
      partOf("Your browser's own check"),
      (node) => node === wait,
      (node) => node === status,
      (node) => node.matches("noscript"),
    );
    // What the page says of its seal: its check of the secret against it, with its mark, held to the browser's own (of a
    // day's seal the archive published, the SHA-256 the browser computed held to the one the page's data gives as
    // published), and, of a game's, nothing else there but the two values read and what the page asks the player to
    // check of a seal given: neither was read, and a page saying "✓ … is the seal given" above a seal it draws as not
    // the SHA-256 of the secret got "agree" (review)
    const { seal: sealWord, secret: secretWord } = scheme_.words;
    const origin = archived ? "published" : "given";
    const sealCheck = archived ? (data.published === undefined || data.published === null ? "not_given" : data.published === verdict.seal.computed ? "match" : "mismatch") : verdict.checks.seal;
    const sealSaid = {
      match: `<span class="ok">✓</span> the SHA-256 of the ${secretWord} is the ${sealWord} ${origin}`,
      mismatch: `<span class="bad">✗</span> the SHA-256 of the ${secretWord} is not the ${sealWord} ${origin}: the characters that differ are marked`,
      not_given: `<span class="muted">not checked: no ${sealWord} was given</span>`,
    }[sealCheck];
    const asked = `Check that this is the ${sealWord} ${scheme_.words.shown}: fairdice knows only the ${sealWord} it was given, and ${scheme_.words.shows} the ${secretWord} was fixed before the play.`;
    const sealPart = partOf(`The ${sealWord}`);
    const sealStatus = (node) => node.matches("p") && node.attributes.length === 0 && node.innerHTML === sealSaid;
    const sealsList = document.querySelectorAll("dl.seals");
    const sealHeld = archived
      ? sealPart !== null && sealPart.length > 0 && sealStatus(sealPart[0]) && sealPart.filter((node) => node.matches("dl")).length === 1
      : holds(
          sealPart,
          sealStatus,
          (node) => sealsList.length === 1 && node === sealsList[0],
          ...(sealCheck === "match" ? [(node) => node.matches("p") && node.attributes.length === 0 && node.childElementCount === 0 && node.textContent === asked] : []),
        );
    // Around the page's parts, nothing but its footer as the page words it (fairdice.markup.document: the page's main,
    // its footer, then its data block and script, neither drawn): a line beside its main part, before or after it, or in the
    // footer, was not read, and a mismatch's page saying "Fair: every roll matches ✓" there got "agree" (review)
    const footers = document.querySelectorAll("footer");
    const footer = footers.length === 1 ? footers[0] : null;
    const footerHeld = (() => {
      if (footer === null || !footer.matches("footer.muted") || footer.attributes.length !== 1) return false;
      const [lead, code, end, ...more] = footer.childNodes;
      return (
        !more.length &&
        lead.nodeType === Node.TEXT_NODE &&
        /^Computed by fairdice [0-9A-Za-z.+!_-]+\. Programs get the same verdict as JSON: ask with $/.test(lead.textContent) &&
        code !== undefined &&
        code.nodeType === Node.ELEMENT_NODE &&
        code.matches("code") &&
        code.attributes.length === 0 &&
        code.childElementCount === 0 &&
        code.textContent === "Accept: application/json" &&
        end !== undefined &&
        end.nodeType === Node.TEXT_NODE &&
        end.textContent === "."
      );
    })();
    const aroundHeld = [...document.body.childNodes].every((node) =>
      node.nodeType === Node.TEXT_NODE ? node.textContent.trim() === "" : node.nodeType === Node.COMMENT_NODE || node === main || node === footer || (node.nodeType === Node.ELEMENT_NODE && node.matches("script")),
    );
    // The findings under "Why it may not match" and the recipe under "Check it without this page", held to the markup
    // the page's data gives for them (fairdice.page: the browser has no diagnosis to work the findings out by, and the
    // recipe is a program in Python), each element as the page's own parser reads that markup: neither was read, and a
    // page drawing other findings, another retry link, or a recipe printing other rolls from other seeds got "agree"
    // (review). The data's request is the one the browser recomputes from; the findings' words and the recipe's program
    // are the server's word, as the rest of its data is
    const asGiven = (markup) => {
      const parsed = document.createElement("template");
      parsed.innerHTML = markup;
      return [...parsed.content.childNodes].every((node) => node.nodeType === Node.ELEMENT_NODE || (node.nodeType === Node.TEXT_NODE && node.textContent.trim() === ""))
        ? [...parsed.content.children].map((node) => node.outerHTML)
        : null;
    };
    const givenAs = (title, markup) => {
      if (markup === null || markup === undefined) return ![...document.querySelectorAll("h2")].some((h) => h.textContent === title);
      const part = partOf(title);
      const want = asGiven(markup);
      return part !== null && want !== null && part.length === want.length && part.every((node, at) => node.outerHTML === want[at]);
    };
    const findingsHeld = givenAs("Why it may not match", data.findings);
    const recipeHeld = givenAs("Check it without this page", data.recipe);
    // And its parts those the page draws, each once, in its order (fairdice.page.verdict_page): a part of its own (a
    // heading "Note" above "every roll is fair") was not read (review)
    const titles = [
      "Is this your game?",
      `The ${sealWord}`,
      ...(data.findings ? ["Why it may not match"] : []),
      "Your browser's own check",
      ...(data.linked !== undefined ? ["The link's values"] : []),
      `The ${scheme_.words.rolls}`,
      ...(data.recipe ? ["Check it without this page"] : []),
    ];
    const heads = [...document.querySelectorAll("h2")];
    const partsHeld = heads.length === titles.length && heads.every((h, at) => h.parentNode === main && h.attributes.length === 0 && h.childElementCount === 0 && h.textContent === titles[at]);
    // Of a day's seal the archive published, its part held whole to the markup the page's data gives (when it was
    // published, whether it is kept: the archive's part, which the browser reads nothing of), where only its first line
    // and its values were read, and "✗ published at 00:40 … does not show" made "✓ … before the game's play began" got
    // "agree" (review)
    const publishedHeld = !archived || givenAs(`The ${sealWord}`, data.published_part);
    // The label of each value drawn as whose game it is and of each seal, as the page words it (fairdice.page: each
    // value's description, the seal's origin): neither was read, and a page naming the game "Backgammon Pro" above the
    // scheme's id, or calling the seal given the SHA-256 of the secret, got "agree" (review). A description's notes on
    // its characters ("; it holds …", fairdice.verify.identified_by) are the page's to give or not, whose core may read a
    // character by another Unicode than this browser's, but each only as the page words it, its characters read back to
    // the value's: where any words after "; it holds " were agreed with, a label ending "; it holds nothing odd:
    // fairdice vouches that this is your own match" got "agree" (review)
    const labelled = (selector, want) => {
      const drawnLabels = [...document.querySelectorAll(selector)];
      return drawnLabels.length === want.length && drawnLabels.every((label, at) => label.childElementCount === 0 && want[at](label.textContent));
    };
    const UNSEEN_NOTE = "; it holds characters that show nothing or look like others, here as code points: ";
    const TYPED_NOTE = "; it holds right-to-left text, which a screen may show in another order; its characters in the order they were typed: ";
    // A text written with code points (prose.shown: ⟨U+200B⟩) read back as the value, each character as itself or as its
    // code point
    const shownAs = (written, value) => {
      const chars = [...value];
      let at = 0;
      for (let i = 0; i < written.length; ) {
        const point = /^⟨U\+([0-9A-F]{4,6})⟩/.exec(written.slice(i));
        const char = String.fromCodePoint(written.codePointAt(i));
        if (point && chars[at] === String.fromCodePoint(parseInt(point[1], 16))) i += point[0].length;
        else if (chars[at] === char) i += char.length;
        else return false;
        at += 1;
      }
      return at === chars.length;
    };
    // A text's characters one by one (prose.typed_order: "space", "comma", U+05E9 alone, a right-to-left letter with its
    // code point after it, or the character) read back as the value
    const typedAs = (written, value) => {
      const read = written.split(", ").map((item) => {
        if (item === "space") return " ";
        if (item === "comma") return ",";
        const point = /^(?:(.+) )?U\+([0-9A-F]{4,6})$/u.exec(item);
        if (point) {
          const char = String.fromCodePoint(parseInt(point[2], 16));
          return point[1] === undefined || point[1] === char ? char : null;
        }
        return [...item].length === 1 ? item : null;
      });
      return !read.includes(null) && read.join("") === value;
    };
    const identityLabels = labelled(
      "dl.identity > dt",
      verdict.identified_by.map((given) => {
        const base = fairdice.view.capital(given.description.split("; it holds ")[0]);
        const texts = (Array.isArray(given.value) ? given.value : [given.value]).filter((value) => typeof value === "string");
        const text = fairdice.identityText(given.value);
        return (label) => {
          if (!label.startsWith(base)) return false;
          let notes = label.slice(base.length);
          if (notes.startsWith(UNSEEN_NOTE)) {
            const end = notes.indexOf(TYPED_NOTE);
            const listed = notes.slice(UNSEEN_NOTE.length, end < 0 ? undefined : end);
            if (!shownAs(listed, texts.join(", "))) return false;
            notes = end < 0 ? "" : notes.slice(end);
          }
          return notes === "" || (notes.startsWith(TYPED_NOTE) && typedAs(notes.slice(TYPED_NOTE.length), text));
        };
      }),
    );
    const sealLabels = labelled("dl.seals > dt", [origin, `SHA-256 of the ${secretWord}`].map((want) => (text) => text === want));
    // And each such list nothing but its labels and values, in pairs (fairdice.page: a <dt>, then its <dd>): each was read
    // by its place, not the list whole, and a page drawing a line of its own after them ("✓ the seal checks out", a <dd>
    // or a <p>) got "agree" (review). (A day's seal the archive published is held whole to the page's data, above.)
    const paired = (lists, pairs) => {
      if (lists.length !== 1) return false;
      const items = [...lists[0].childNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE && !(node.nodeType === Node.TEXT_NODE && node.textContent.trim() === ""));
      return items.length === 2 * pairs && items.every((node, at) => node.nodeType === Node.ELEMENT_NODE && node.localName === (at % 2 ? "dd" : "dt"));
    };
    const sealsPaired = archived || paired(sealsList, 2);
    const identityPaired = paired(identityList, verdict.identified_by.length);
    const held = { [`The ${sealWord}`]: sealHeld && publishedHeld && sealLabels && sealsPaired, "Is this your game?": identityHeld && identityLabels && identityPaired, "The link's values": linkedHeld, "the page's heading": topHeld, [`The ${scheme_.words.rolls}`]: rollsHeld, "Your browser's own check": ownHeld, "the page's footer": footerHeld };
    const unread = Object.keys(held).filter((name) => !held[name]);
    // Nothing of the page hidden from the reader, which the browser would read as drawn (an element with the hidden
    // attribute, a <details> or <dialog> closed, a <template>): a page hiding the row of a roll that differs, its
    // cells as the browser computed them, got "agree" beside a table reading as every roll matching (review)
    // (nor from a screen reader, nor from the keyboard and the mouse: aria-hidden, inert, review)
    const hiddenParts = document.querySelectorAll("body [hidden], details, dialog, template, [aria-hidden], [inert]").length;
    // Each id the page gives, to one element alone (fairdice.page): what this script reads or writes by its id is then
    // the page's own (review: a second status before the page's took the check's outcome)
    const ids = [...document.querySelectorAll("[id]")].map((node) => node.id);
    const idsOnce = new Set(ids).size === ids.length;
    const gameAgrees =
      typedAgrees &&
      linkedAgrees &&
      drawnGame.length === ownGame.length &&
      ownGame.every(
        (value, at) => value.length === drawnGame[at].length && value.every(([c, hidden], i) => drawnGame[at][i][0] === c && (!hidden || drawnGame[at][i][1])),
      );
    // Fair as the browser can find it: its own verdict fair; of a day's roll whose verdict the daily archive gave, its
    // rolls recomputed matching those recorded and nothing it checked failed, the archive's part alone left
    // (a day's roll: of a scheme with a daily archive, where the page's null verdict alone, the page's word, made a game's
    // incomplete with its rolls matching fair enough for a heading saying fair; review)
    // and the commitment it draws as published the SHA-256 the browser computed, which its data gives it none of to hold
    // the secret to (review: a page drawing another got "this shows the day secret gives them and the commitment this
    // page shows")
    const published = !archived || (drawnGiven !== null && drawnGiven.innerText.trim() === verdict.seal.computed);
    const fairHere = archived ? verdict.verdict === "incomplete" && verdict.checks.rolls === "match" && published : verdict.verdict === "fair";
    // A day's page draws as its seal the commitment the archive published, not the one its link gave, which the browser
    // reads no archive to hold: held to the one the page's data gives as published (a fair one is held to the SHA-256
    // the browser computed too, above), where another there was held to nothing beside a verdict the page did not call
    // fair (review). Where the page of an honest server, a link carrying another commitment than the archive's, its
    // verdict mismatch, was held to the link's and got "does not agree" (review)
    const givenAgrees = archived
      ? data.published !== undefined && drawnGiven !== null && drawnGiven.innerText.trim() === (data.published === null ? "not given" : data.published)
      : givenDrawn;
    // and fair of what the browser found fair, as the page words it (fairdice.page.headline, its tab): a heading and tab
    // saying fair of more rolls, or of a whole game, got "agree" beside a fair of its first rolls (review)
    const about = verdict.scope ? verdict.scope.description : null;
    // (the heading whole, as the page words it: its count of rolls recorded, its scope; the tab whole). A verdict other
    // than fair is the browser's own, but of a day's roll whose verdict the daily archive gave, which it does not read
    const fairOf = (() => {
      if (about === null || heading === null) return false;
      const { secret: key, seal: lock, roll: one, rolls: many } = fairdice.schemes.get(verdict.scheme).words;
      const compared = verdict.summary.compared;
      const all = compared === 1 ? `the recorded ${one} is the one` : compared === 2 ? `both recorded ${many} are the ones` : `all ${words.number(compared)} recorded ${many} are the ones`;
      const headline = `Fair: the ${key} matches the ${lock} shown before the game, and ${all} it gives: ${about}.`;
      const tab = `Fair: ${about} · ${fairdice.schemes.get(verdict.scheme).title} · ${verdict.scheme} · fairdice`;
      return document.title === tab && heading.textContent === visible(headline).textContent;
    })();
    // (a tab saying another verdict whole, as the page words it: the verdict's word, its game and scheme, a chat's
    // preview of its link showing it alone; where only its start was read, "Mismatch · all 12 rolls fair" got "agree")
    const untitled = `${verdict.verdict[0].toUpperCase()}${verdict.verdict.slice(1)} · ${fairdice.schemes.get(verdict.scheme).title} · ${verdict.scheme} · fairdice`;
    // (and a heading not fair whole, as the page words it from the browser's own verdict, its reasons and, of a mismatch
    // the page finds a likely cause of, "The likely cause is below.": where only its first words were read, a mismatch
    // headed "Mismatch: none of the 12 recorded rolls differs" got "agree", review)
    const worded = (() => {
      if (heading === null || !["mismatch", "incomplete"].includes(verdict.verdict)) return false;
      const lead = verdict.verdict === "mismatch" ? "Mismatch: " : "Nothing failed, but the check is incomplete: ";
      const cause = verdict.verdict === "mismatch" && data.findings ? " The likely cause is below." : "";
      const says = (reasons) => heading.textContent === visible(`${lead}${reasons.join("; ")}.${cause}`).textContent;
      // Of a day the daily archive the server read has no commitment for, its secret given: the server's reasons say so
      // where the browser's, which reads no archive, say none was consulted, that reason alone put otherwise (review:
      // the heading held to the browser's reasons alone got "does not agree" on the honest page)
      const instead = scheme_.archiveReasons && typeof data.request.date === "string" ? scheme_.archiveReasons(data.request.date) : null;
      return (
        says(verdict.reasons) ||
        (instead !== null && verdict.reasons.includes(instead.own) && says(verdict.reasons.map((reason) => (reason === instead.own ? instead.server : reason))))
      );
    })();
    // Of a day's roll the page does not call fair, whose verdict the daily archive gave: its verdict, heading and all, the
    // one the page's data gives (the archive's reasons, which the browser reads no archive for), and its tab that
    // verdict's as the page words it: only the heading's first words were read, and a day's mismatch headed "Nothing
    // failed, but the check is incomplete: …", or a late day's heading made "… every roll matches and the commitment was
    // published in time", got "agree" (review)
    const archiveSays =
      drawnWord !== null &&
      JSON.stringify([verdictBox.outerHTML]) === JSON.stringify(asGiven(data.heading ?? "")) &&
      document.title === `${drawnWord[0].toUpperCase()}${drawnWord.slice(1)} · ${fairdice.schemes.get(verdict.scheme).title} · ${verdict.scheme} · fairdice`;
    // The word a day's verdict from the archive is drawn with, where the browser can tell it: mismatch where its own
    // check finds a roll that differs, which wins over all the archive adds (fairdice.verify.outcome), and else fair
    // where the page's data says the archive's verdict is. Otherwise incomplete or mismatch (a link's commitment not the
    // archive's), which it reads no archive to tell apart. Where any word but fair was held to the data's heading alone,
    // a fair day's page whose heading and data's heading were rewritten to say incomplete got "agree" (review)
    const archiveWord = verdict.verdict === "mismatch" ? "mismatch" : data.fair === true ? "fair" : null;
    const headingAgrees =
      // (of a day's roll, fair only where the page's data says the archive's verdict is: review, a day's incomplete
      // page, its commitment late, headed fair got "agree")
      drawnWord !== null &&
      (drawnWord === "fair"
        ? fairHere && fairOf && (!archived || data.fair === true)
        : archived
          ? archiveSays && (archiveWord === null || drawnWord === archiveWord)
          : drawnWord === verdict.verdict && document.title === untitled && worded);
    // The secret called as the scheme calls it, as the rest of the page does (review: "the secret" of a narde-v1 key)
    const scheme = fairdice.schemes.get(verdict.scheme);
    const { roll, rolls, secret, seal } = scheme.words;
    const tableAgrees = rowsListed && !besides.length;
    if (!differ.length && !unread.length && aroundHeld && !hiddenParts && idsOnce && lookHeld && headHeld && !unlike.length && findingsHeld && recipeHeld && partsHeld && tableAgrees && linesAgree && sealAgrees && givenAgrees && verdictAgrees && headingAgrees && gameAgrees) {
      const all =
      agreed === 1 ? `the ${roll} listed agrees` : agreed === 2 ? `both ${rolls} listed agree` : `all ${words.number(agreed)} ${rolls} listed agree`;
      // The rolls listed are the page's recomputation: agreeing with them shows the page computed them right, and of a
      // verdict not fair says so, not more (review: "all 10 rolls listed agree with this page" read as good news on a
      // mismatch)
      const agreement = whole ? "this page" : "this page's recomputation";
      const archive = `. This shows the ${secret} gives them and the ${seal} this page shows; your browser reads no daily archive, so it does not check when the ${seal} was published or that it is kept, on which this page's verdict rests`;
      // Of a fair the archive gave only where the scheme the browser recomputed has one: the page's flag and its null
      // verdict are the page's word, and on another scheme's page (review: a game's mismatch whose data said both)
      // the sentence spoke of a daily archive that game has none of). And only where what it says is so by the browser's
      // own check: its rolls recomputed match those recorded and nothing it checked failed, so that only the archive's
      // part is left (review: a day's mismatch whose data said fair was told the same)
      const byArchive = scheme.archive === true && data.fair && said.verdict === null && fairHere;
      const proves = whole ? "" : byArchive ? archive : ". This shows this page computed them as your browser does; it does not show the game was fair";
      if (whole) for (const cell of sames) Object.assign(cell, { className: "ok", textContent: "✓" });
      finish("agree", sentence(`Your browser recomputed these ${rolls} itself: ${all} with ${agreement}, and so does the SHA-256 of the ${secret}${proves}`));
      return;
    }
    const parts = [];
    if (differ.length) {
      const first = differ.slice(0, 5).map((n) => words.number(n)).join(", ");
      parts.push(`${words.counted(differ.length, `${roll} differs`, `${rolls} differ`)} (${first}${differ.length > 5 ? ", …" : ""})`);
    }
    if (hiddenParts) parts.push("it hides part of what it draws from you");
    if (!idsOnce) parts.push("it gives one name (an id) to more than one of its elements, which may take what this check reads or writes");
    if (!aroundHeld) parts.push("it draws beside its parts what your browser does not read");
    if (!partsHeld) parts.push("its parts are not those this page draws, in its order");
    if (!findingsHeld) parts.push("under “Why it may not match” it draws other than this page's data gives your browser");
    if (!recipeHeld) parts.push("its recipe is not the one this page's data gives your browser");
    if (!lookHeld) parts.push("its style or its policy is not the one this page is served with, and may hide or recolour what it draws");
    if (!headHeld) parts.push("its head holds what this page's does not (an address its links are read against, or what its policy comes too late to hold)");
    if (unlike.length) parts.push(`it marks ${words.counted(unlike.length, "element", "elements")} otherwise than this page draws them (a class, a name or a part hidden)`);
    if (unread.length) parts.push(`under ${unread.map((name) => `“${name}”`).join(", ")} it draws more than your browser reads, or other than its own check finds`);
    if (!rowsListed) parts.push(`its table does not list the ${rolls} your browser recomputed, in their order`);
    else if (besides.length) {
      const first = besides.slice(0, 5).join(", ");
      parts.push(`its table shows beside the dice of ${words.counted(besides.length, roll, rolls)} (${first}${besides.length > 5 ? ", …" : ""}) another number, HMAC message, recorded ${roll} or mark than your browser's own`);
    }
    if (!linesAgree) parts.push(`what it says of which ${rolls} were checked and how many match is not what your browser's own check says`);
    if (!sealAgrees) parts.push(`the SHA-256 of the ${secret} differs`);
    if (!givenAgrees && archived) parts.push(`the ${seal} it shows as published is not the one this page's data says the archive published`);
    else if (!givenAgrees) parts.push(`the ${seal} it shows as given is not the one your browser was given`);
    if (!verdictAgrees) {
      // Each count in words beside what it counts, where "1/0/0 differ/missing/extra" was read out slashes and all (review);
      // one that differs "differs" (review: "1 differ")
      const counts = [["differs", "differ"], ["missing", "missing"], ["extra", "extra"]];
      const verdictOf = (v) => [v.verdict, `the rolls ${v.rolls.replace("_", " ")}`, v.scope ? `${v.scope[0]} ${v.scope[1]} to ${v.scope[2]}` : "no scope", v.counts.map((n, at) => words.counted(n, ...counts[at])).join(", ")].filter(Boolean).join(", ");
      parts.push(`its verdict differs (this page: ${verdictOf(said)}; your browser: ${verdictOf(own)})`);
    }
    if (!gameAgrees) parts.push("the values it shows of whose game it is are not those your browser recomputed from");
    if (!headingAgrees && drawnWord === null) parts.push("its heading, its tab and the colour of its verdict do not say one verdict as this page words it");
    else if (!headingAgrees && drawnWord !== "fair" && archived) {
      if (!archiveSays) parts.push("its heading or its tab is not the one this page's data gives for the daily archive's verdict");
      if (archiveWord === "fair") parts.push(`it says ${drawnWord}, where this page's data says the daily archive's verdict is fair`);
      else if (archiveWord !== null && drawnWord !== archiveWord) parts.push(`it says ${drawnWord}, where your browser's own verdict is ${verdict.verdict}`);
    }
    else if (!headingAgrees && drawnWord !== "fair" && drawnWord === verdict.verdict) {
      if (document.title !== untitled) parts.push("its tab does not say its verdict as this page words it");
      if (!worded) parts.push(`its heading does not give the reasons your browser's own check finds for its ${verdict.verdict}`);
    }
    else if (!headingAgrees && drawnWord !== "fair") parts.push(`it says ${drawnWord}, where your browser's own verdict is ${verdict.verdict}`);
    else if (!headingAgrees) {
      if (!published) parts.push(`the ${seal} it shows as published is not the SHA-256 of the ${secret}`);
      if (!fairHere) parts.push(`it says fair, where your browser's own verdict is ${verdict.verdict}`);
      else if (archived && data.fair !== true && fairOf) parts.push("it says fair, where this page's data says the daily archive's verdict is not fair");
      else parts.push(`it says fair of other ${rolls} than your browser finds fair, ${about}`);
    }
    finish("disagree", sentence(`Your browser recomputed these ${rolls} itself and does not agree with this page: ${parts.join(", and ")}. Trust neither: check with the offline page or the recipe below`));
  } catch (error) {
    finish("failed", `Your browser could not finish its own check of these rolls: its script stopped (${String(error.message || error)}). The recipe below recomputes them by hand.`);
  }
})();
