"use strict";
// What the offline page and the verdict page's browser check both show: elements built from text nodes
// only (never HTML, so nothing pasted can run), values with their invisible characters made visible, two
// seals with the characters that differ marked, the counts of a verdict in words, and the table of rolls.
fairdice.view = (() => {
  const { words } = fairdice;

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const { codePoint } = fairdice;

  /**
   * The text as nodes, every character that shows nothing or looks like another (fairdice.unseen: a bidi control,
   * a zero-width or other format character, a space other than the plain one, a space a page would fold, an accent
   * apart from its letter) written as its code point, ⟨U+202E⟩, so that no value can look like another. The value
   * itself is unchanged. With `spaces`, every other space is in a span of its own (class `sp`) that the style marks,
   * so that a space at the end of a line still shows (fairdice.markup.visible); the text is unchanged.
   */
  function visible(text, { spaces = false } = {}) {
    const out = document.createDocumentFragment();
    const hidden = fairdice.unseen(text);
    let run = "";
    const apart = (node) => {
      if (run) out.append(document.createTextNode(run));
      run = "";
      out.append(node);
    };
    [...String(text)].forEach((c, i) => {
      if (hidden[i]) apart(el("span", { class: "cp", title: `${codePoint(c)}, shown as its code point: it shows nothing, or looks like another character`, text: `⟨${codePoint(c)}⟩` }));
      else if (spaces && c === " ") apart(el("span", { class: "sp", text: " " }));
      else run += c;
    });
    if (run) out.append(document.createTextNode(run));
    return out;
  }

  /**
   * The nodes with each date in their text (2026-12-04) a <time>, which the style keeps on one line, as
   * fairdice.markup.whole_dates does on the server's pages: a browser breaks a line after a date's hyphen ("2026-" above
   * "12-04"), read as two numbers. The text is unchanged.
   */
  function wholeDates(nodes) {
    const walker = document.createTreeWalker(nodes, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
    for (const node of texts) {
      const parts = node.data.split(/\b([0-9]{4}-[0-9]{2}-[0-9]{2})\b/);
      if (parts.length === 1) continue;
      node.replaceWith(...parts.map((part, i) => (i % 2 ? el("time", { text: part }) : part)).filter((part) => part !== ""));
    }
    return nodes;
  }

  // A text whose first word names a key or a path (it holds a "/") is kept as written, as markup.capital keeps it.
  const capital = (text) => (text && !/^[^ ]*\//.test(text) ? text[0].toUpperCase() + text.slice(1) : text);
  const sentence = (text) => {
    const capitalised = capital(text);
    return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
  };

  /** Hex with the characters where it differs from `other` marked. */
  function marked(value, other) {
    if (value === null) return el("span", { class: "muted", text: "not given" });
    if (other === null || value === other) return el("code", { class: "hex", text: value });
    const code = el("code", { class: "hex" });
    let run = "";
    let runDiffers = false;
    const flush = () => {
      if (run) code.append(runDiffers ? el("mark", { text: run }) : document.createTextNode(run));
      run = "";
    };
    Array.from(value).forEach((c, at) => {
      const differs = c !== other[at];
      if (differs !== runDiffers) flush();
      runDiffers = differs;
      run += c;
    });
    flush();
    return code;
  }

  /** The verdict's counts in words: differ and missing apart, singular and plural right (as fairdice.page). */
  function counts(scheme, verdict) {
    const s = verdict.summary;
    const { roll, rolls } = scheme.words;
    const parts = [`${words.counted(s.count, roll, rolls)} computed`];
    if (verdict.checks.rolls === "not_given") parts.push("none recorded to compare");
    else {
      const matched = s.compared - s.differ;
      parts.push(`${words.number(s.compared)} compared: ${words.counted(matched, "matches", "match")}, ${words.counted(s.differ, "differs", "differ")}`);
      if (s.missing) parts.push(`${words.number(s.missing)} not recorded`);
      if (s.extra) parts.push(`${words.number(s.extra)} more recorded than computed`);
    }
    return `${parts.join("; ")}.`;
  }

  /** Which rolls the verdict is about, as labelled sentences (as fairdice.page.checked): "Checked" only when every
   * roll computed had a recorded one to compare with; else what was computed, and how many of them were compared. */
  function checked(scheme, verdict) {
    const s = verdict.summary;
    const scope = verdict.scope.description;
    const { roll, rolls } = scheme.words;
    // one roll said as one, as the verdict's reasons say it (fairdice.page)
    if (verdict.checks.rolls === "not_given") return [["Computed", scope], ["Compared", `none: ${words.noneRecorded(s.count, roll, rolls)}`]];
    if (s.missing) {
      const first = s.compared === 1 ? `the first ${roll}` : `the first ${words.number(s.compared)}`;
      return [["Computed", scope], ["Compared", `${first} only: the rest were not recorded`]];
    }
    return [["Checked", scope]];
  }

  const dice = (values) => (values ? values.join("-") : "");

  /** A roll's ✓, ✗, or – for one not compared, named in words as fairdice.markup.roll_mark names it: an image named by
   * its label, as a title alone names nothing in Chromium's accessibility tree (review: the cell was read as ✓). */
  function mark(matches) {
    if (matches === null) return el("span", { class: "muted", role: "img", "aria-label": "not compared", text: "–" });
    const [kind, glyph, said] = matches ? ["ok", "✓", "matches"] : ["bad", "✗", "differs"];
    return el("span", { class: kind, role: "img", "aria-label": said, title: said, text: glyph });
  }

  /** The table of rolls: number, HMAC message (escaped), dice, what was recorded, and whether they match. */
  function rollTable(scheme, verdict, reports) {
    // A roll of more than three dice (a daily roll's six faces) is drawn in a smaller type on a phone (offline.css), as
    // the server's page draws it (fairdice.page), so that it stays on one line and the table within the screen
    const diceCell = { class: verdict.rolls.some((r) => (r.dice || r.recorded || []).length > 3) ? "dice long" : "dice" };
    const row = (r) =>
      el(
        "tr",
        { class: r.matches === false ? "x" : null, id: verdict.summary.first_mismatch === r.index && r.matches === false ? "first-mismatch" : null },
        el("td", { class: "n", text: words.number(r.index) }),
        el("td", { class: "msg" }, r.message === null ? el("span", { class: "muted", text: "not computed" }) : visible(r.message)),
        el("td", diceCell, dice(r.dice), r.winner ? el("span", { class: "muted", text: ` (${r.winner === "tie" ? "tie" : `${r.winner} won`})` }) : null),
        el("td", diceCell, r.recorded ? dice(r.recorded) : verdict.checks.rolls === "not_given" ? "" : el("span", { class: "muted", text: "not recorded" })),
        el("td", {}, mark(r.matches)),
      );
    const body = el("tbody", {}, reports.map(row));
    // "message" may break at its soft hyphen: on a small phone the six faces beside it need the room (fairdice.page); named
    // by the words whole, without it, as fairdice.page names it
    const head = el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "HMAC mes\u00adsage", "aria-label": "HMAC message" }), el("th", { text: "dice" }), el("th", { text: "recorded" }), el("th", { "aria-label": "match" })));
    // In a box that scrolls sideways, as on the server's page: a narrow phone's screen may be narrower than the table.
    // A named region a keyboard can reach and scroll, as the server's page has it.
    const box = el("div", { class: "scroll", role: "region", tabindex: "0", "aria-label": `The ${scheme.words.rolls}` }, el("table", { id: "rolls" }, head, body));
    return { table: box, body, row };
  }

  return { el, visible, wholeDates, capital, sentence, marked, checked, counts, rollTable };
})();
