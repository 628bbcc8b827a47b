"use strict";
// The offline verifier page: a form per registered scheme, filled from a game-over link's query when
// the page is opened with one, and the verdict in words. Everything is built with text nodes, never
// HTML, so nothing pasted can run; a character that shows nothing (a bidi control, a zero-width space)
// is shown as its code point. `document.body.dataset.state` says when a check is done (for tests).
(() => {
  // A phone lays out a 10,000-row table in seconds: past this many rolls the rest wait for a tap.
  const ROWS_AT_ONCE = 1000;
  const FIRST_ROWS = 500;
  const { words } = fairdice;
  const view = fairdice.view;
  const { el, visible, wholeDates, capital, sentence } = view;
  const uncheckable = JSON.parse((document.getElementById("fairdice-uncheckable") || { textContent: "[]" }).textContent);

  const utcToday = () => new Date().toISOString().slice(0, 10);
  const idOf = (scheme, input) => `${scheme.id}--${input.name.replace(/\./g, "-")}`;
  const paramOf = (scheme, field) => (scheme.link.find((p) => p.field === field) || {}).name;

  // ---- the forms -------------------------------------------------------------------------------

  function control(scheme, input) {
    const id = idOf(scheme, input);
    const common = { id, name: input.name, "aria-describedby": `${id}--help ${id}--error` };
    if (input.type === "yesno") {
      const choices = input.choices.map(([value, label]) => el("option", { value, text: label }));
      return el("select", common, choices);
    }
    if (["list", "rolls", "labels"].includes(input.type)) {
      return el("textarea", { ...common, rows: input.type === "rolls" ? 4 : 2, spellcheck: "false", autocomplete: "off", class: input.type === "list" ? "mono" : null });
    }
    if (input.type === "text") {
      // A box of lines, as the link's box is: a one-line input makes a pasted line break a space, so that "te⏎st" was
      // checked as the phrase "te st", and could be fair, where the core refuses a line break in a phrase, a seat's
      // seed, a day or a player (review). Enter still checks, as in a one-line box; Shift+Enter starts a line.
      const box = el("textarea", { ...common, rows: 1, wrap: "off", spellcheck: "false", autocomplete: "off", autocapitalize: "off", placeholder: input.placeholder || null });
      box.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
          event.preventDefault();
          box.form.requestSubmit();
        }
      });
      return box;
    }
    return el("input", {
      ...common,
      type: "text",
      spellcheck: "false",
      autocomplete: "off",
      autocapitalize: "off",
      inputmode: input.type === "number" ? "numeric" : null,
      placeholder: input.placeholder || null,
      class: input.type === "hex" ? "mono" : null,
    });
  }

  function fieldBlock(scheme, input) {
    const id = idOf(scheme, input);
    return el(
      "div",
      { class: "field" },
      el("label", { for: id, text: input.label }),
      el("p", { class: "help", id: `${id}--help`, text: input.help }),
      control(scheme, input),
      el("p", { class: "error", id: `${id}--error`, hidden: true }),
    );
  }

  function schemeForm(scheme) {
    const main = scheme.inputs.filter((i) => !i.more);
    const more = scheme.inputs.filter((i) => i.more);
    const form = el(
      "form",
      { class: "scheme", "data-scheme": scheme.id, hidden: true, novalidate: true },
      main.map((input) => fieldBlock(scheme, input)),
      more.length ? el("details", { class: "more" }, el("summary", { text: "More fields" }), more.map((input) => fieldBlock(scheme, input))) : null,
      el("button", { type: "submit", text: "Check" }),
      el("details", { class: "how" }, el("summary", { text: "How a roll is computed" }), el("p", { text: scheme.how })),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      check(scheme, fromForm(scheme, form), "form").then(() => result.scrollIntoView());
    });
    form.addEventListener("input", edited);
    return form;
  }

  /**
   * The request fields a form holds, each as it was typed, as POST /verify and a link would be sent them: an empty field
   * is a field not given, a list is its lines (an empty line holds none), and a label typed without bg-dice-v1: is
   * given it, as the field's help and a link's labels have it. Nothing else is changed: the form split a line on its
   * commas and took the spaces off each entry and number, so that it checked client seeds "a", "b" where "a, b " was
   * typed, a list the core refuses, and a phrase or a seat's seed of spaces was a field not given (review).
   */
  function fromForm(scheme, form) {
    const data = { scheme: scheme.id };
    for (const input of scheme.inputs) {
      const raw = form.elements[input.name].value;
      if (raw === "") continue;
      let value = raw;
      if (input.type === "list" || input.type === "labels") value = raw.split("\n").filter((line) => line !== "");
      if (input.type === "labels") value = value.map((l) => (l.startsWith(input.prefix) ? l : input.prefix + l));
      fairdice.setPath(data, input.name, value);
    }
    return data;
  }

  function shownValue(schemeObject, input, value) {
    if (value === undefined || value === null) return "";
    if (input.type === "yesno") {
      if (typeof value === "boolean") return value ? "1" : "0";
      try {
        return fairdice.kinds.bool(value) ? "1" : "0";
      } catch (error) {
        return String(value);
      }
    }
    if (Array.isArray(value)) {
      if (input.type === "rolls") return value.map((roll) => (Array.isArray(roll) ? roll.join("-") : roll)).join(" ");
      return value.join("\n");
    }
    if (input.type === "rolls" && /^[0-9]+$/.test(value)) {
      // A link's run of digits, shown a roll at a time: "6-3 4-4 …" reads better than "6344…".
      const size = schemeObject.sides.length;
      if (value.length % size === 0) return (value.match(new RegExp(`.{${size}}`, "g")) || []).map((r) => r.split("").join("-")).join(" ");
    }
    return String(value);
  }

  function fill(form, schemeObject, data) {
    form.reset();
    for (const input of schemeObject.inputs) {
      const shown = shownValue(schemeObject, input, fairdice.getPath(data, input.name));
      if (shown === "" && input.type === "yesno") continue; // not in the link: the form's own default
      form.elements[input.name].value = shown;
    }
    const more = form.querySelector("details.more");
    if (more && schemeObject.inputs.some((i) => i.more && fairdice.getPath(data, i.name) !== undefined)) more.open = true;
  }

  // ---- checking --------------------------------------------------------------------------------

  const scheme = (id) => fairdice.schemes.get(id);
  const forms = new Map();
  // Only the verdict (or what stops the check) is a live region, read out to a screen reader's user when a check ends;
  // the sections below it, a table of up to 1,000 rolls among them, are not: the whole result was, so each check had a
  // screen reader read out every row, and "Show the other rolls" thousands more (review: WCAG 4.1.3)
  const spoken = el("div", { id: "verdict-said", "aria-live": "polite" });
  const below = el("div");
  const result = el("section", { id: "result" }, spoken, below);
  /** What a check ends with: `head`, the verdict or the problem, read out; `rest` below it, shown only. */
  const show = (head, ...rest) => {
    spoken.replaceChildren(head);
    below.replaceChildren(...rest);
  };

  /** A verdict is of the values it checked: once one of them is edited (a field, the game chosen, the link), it is set
   * aside and the page says to check again, where "Fair" stayed on screen beside values never checked (review). Only a
   * user's edit does this: a link's values filled in by the page fire no event. */
  function edited() {
    if (document.body.dataset.state !== "done") return;
    delete document.body.dataset.verdict;
    document.body.dataset.state = "edited";
    show(el("p", { class: "muted", text: "The values changed since the last check: check them again to get a verdict." }));
  }

  function choose(id) {
    chooser.value = id;
    for (const [formId, form] of forms) form.hidden = formId !== id;
  }

  function clearErrors() {
    for (const node of document.querySelectorAll(".error")) {
      node.hidden = true;
      node.textContent = "";
    }
    for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  }

  /** The input a problem is about: `client_seeds[1]` (or, from a link, `client[1]`) is the client seeds' field. */
  function inputFor(schemeObject, field) {
    const base = field.replace(/\[\d+\]$/, "");
    const param = schemeObject.link.find((p) => p.name === base);
    const names = [field, base, param ? param.field : null];
    return schemeObject.inputs.find((i) => names.includes(i.name)) || null;
  }

  function showProblems(schemeObject, problems, source, title = "This cannot be checked yet") {
    const items = problems.map((problem) => {
      const input = schemeObject ? inputFor(schemeObject, problem.field) : null;
      if (input) {
        const id = idOf(schemeObject, input);
        const note = document.getElementById(`${id}--error`);
        note.replaceChildren(visible(capital(problem.message)));
        note.hidden = false;
        document.getElementById(id).setAttribute("aria-invalid", "true");
      }
      const param = schemeObject && input ? paramOf(schemeObject, input.name) : null;
      // A name the page has no label for is the link's or the request's own text: its unseen characters shown as code
      // points (a right-to-left override would turn the sentence round), cut at 40 characters (fairdice.notices).
      const cut = fairdice.firstChars(String(problem.field), 40);
      const more = fairdice.chars(String(problem.field)) > 40 ? "…" : "";
      // Never capitalised: that would change the caller's own text (ı to I, ﬁ to FI) before its characters are shown.
      // A problem of the whole request is its message alone, and one of the whole link (a parameter with no name among
      // them) is "The link", as the server's page says them (review: "The link’s :", "The link’s link:").
      const ended = (text) => (/[.!?]$/.test(text) ? text : `${text}.`); // as the server's page ends each (fairdice.notices)
      if (!input && (problem.field === "" || problem.field === "request")) return el("li", {}, visible(ended(capital(problem.message))));
      const name = input
        ? [input.label]
        : source === "link" && problem.field === "link"
          ? ["The link"]
          : [...(source === "link" ? ["The link’s ", visible(cut)] : [visible(cut)]), more];
      const where = source === "link" && param ? ` (the link’s ${param})` : "";
      // A message that goes on from its subject ("has no parameters…", "is required") follows it as one sentence, as
      // on the server's page (fairdice.notices; review: "The link: has no parameters").
      // "'recorded' is not a parameter of a pair36 link": the subject says the name already (fairdice.notices), but
      // "The link" names none, so a parameter called link keeps its name there (review)
      const said = fairdice.shown(String(problem.field)) + " ";
      const named = name[0] !== "The link" && problem.message.startsWith(said);
      const message = named ? problem.message.slice(said.length) : problem.message;
      const joined = /^(is|must|has|was|looks) /.test(message) ? " " : ": ";
      return el("li", {}, el("b", {}, ...name, where), joined, visible(ended(message)));
    });
    const count = problems.length === 1 ? "One thing needs changing:" : `${problems.length} things need changing:`;
    show(el("div", { class: "verdict problem" }, el("h2", { text: title }), el("p", { text: count }), el("ul", {}, items)));
    document.body.dataset.state = "problem";
  }

  async function check(schemeObject, data, source) {
    document.body.dataset.state = "checking";
    delete document.body.dataset.verdict;
    clearErrors();
    // Shown below the live region, not in it, which holds only what the check ends with: "Checking…" in it was read out
    // to a screen reader's user before the verdict, or instead (review)
    show(document.createTextNode(""), el("p", { class: "muted", text: "Checking…" }));
    // Without a number of rolls or the rolls seen, the core lists the game's first ones (60, seed 002's snippet).
    const countable = schemeObject.inputs.some((i) => i.name === "count");
    const listing = countable && data.count === undefined && data.recorded === undefined && data.labels === undefined;
    try {
      const verdict = await fairdice.verify(data, { today: utcToday(), link: source === "link" });
      render(schemeObject, verdict, listing && verdict.verdict !== "withheld" ? verdict.summary.count : null);
      document.body.dataset.state = "done";
      document.body.dataset.verdict = verdict.verdict;
    } catch (error) {
      if (error instanceof fairdice.NoWebCrypto) {
        // Not the link's fault nor the form's: the browser lets this page compute nothing here (review)
        show(el("div", { class: "verdict problem" }, el("h2", { text: "Your browser cannot check it here" }), el("p", {}, sentence(error.message))));
        document.body.dataset.state = "problem";
        return;
      }
      // A link's problems are the link's, as the server's page heads them; "yet" would say waiting helps (review). But a
      // daily roll's link without its secret is not wrong: GET /check reads the secret from the archive, and it is this
      // page, which reads none, that needs it (review: "This link cannot be checked" for a link the server checks)
      const needs = error instanceof fairdice.ReadsNoArchive ? `This page needs the ${schemeObject.words.secret}` : null;
      const title = source === "link" ? needs || "This link cannot be checked" : undefined;
      if (error instanceof fairdice.Problems) showProblems(schemeObject, error.problems, source, title);
      else showProblems(schemeObject, [{ field: "request", message: error.message }], source, title);
    }
  }

  function checkLink(query) {
    let data;
    try {
      data = fairdice.fromLink(query);
    } catch (error) {
      const problems = error.problems || [{ field: "link", message: error.message }];
      const named = new URLSearchParams(fairdice.queryOf(query)).get("scheme"); // the link read as fromLink reads it
      if (problems[0].field === "scheme" && uncheckable.includes(named)) {
        problems.splice(0, 1, { field: "scheme", message: `fairdice knows ${named}, but this page cannot recompute its rolls: check it with the fairdice API` });
      }
      showProblems(null, problems, "link", "This link cannot be checked"); // as the server's page heads it (review)
      return;
    }
    choose(data.scheme);
    fill(forms.get(data.scheme), scheme(data.scheme), data);
    check(scheme(data.scheme), data, "link");
  }

  // ---- the verdict in words --------------------------------------------------------------------

  const TITLES = { fair: "Fair", mismatch: "Mismatch", incomplete: "Incomplete", withheld: "Not yet verifiable" };

  /** The verdict's heading, as the server's page titles it (fairdice.page.verdict_page): a fair one with which rolls it
   * is about, where "Fair" alone, of a game's first 3 rolls, read as the whole game's (review). */
  function title(verdict) {
    if (verdict.verdict === "fair" && verdict.scope) return `Fair: ${verdict.scope.description}`;
    // A withheld game no secret revealed can make fair says so, as the server's tab does (review: a daily roll of the
    // browser's own day read "Not yet verifiable" alone, where this page can only ever say incomplete of it)
    const most = verdict.withheld && verdict.withheld.at_most_incomplete ? ", at most incomplete once revealed" : "";
    return TITLES[verdict.verdict] + most;
  }

  function headline(schemeObject, verdict) {
    const { secret, seal, roll, rolls } = schemeObject.words;
    const compared = verdict.summary.compared;
    if (verdict.verdict === "fair") {
      // "both" for two, as the server's page says it (fairdice.page.headline; review: "all 2 recorded rolls")
      const all =
        compared === 1
          ? `the recorded ${roll} is the one`
          : compared === 2
            ? `both recorded ${rolls} are the ones`
            : `all ${words.number(compared)} recorded ${rolls} are the ones`;
      // What the rolls are, as the server's headline says it: rolls 1 to 5 of game 2, say (review: the offline page left
      // it to the section below)
      const scope = verdict.scope ? `: ${verdict.scope.description}` : "";
      return `The ${secret} matches the ${seal} shown before the game, and ${all} it gives${scope}.`;
    }
    // Why it is withheld, then what keeps it from fair once revealed, as the server's headline joins its reasons
    if (verdict.verdict === "withheld") return sentence(verdict.reasons.join("; "));
    if (verdict.verdict === "mismatch") return "Something does not match:";
    return "Nothing failed, but this check cannot show the game was fair:";
  }

  /**
   * A value that identifies the game, as the verdict page shows it (fairdice.page.identity_value): isolated from the
   * text around it (bdi), its spaces marked and kept at a line's end (code.id), and, when a screen may show its
   * characters in another order (fairdice.reorders), again in the order it was typed, left to right.
   */
  function identityValue(given) {
    const text = fairdice.identityText(given);
    // A list's items each have their spaces marked, not the ", " between them (fairdice.page.identity_value).
    const shown = () =>
      Array.isArray(given)
        ? given.flatMap((item, i) => [...(i ? [", "] : []), visible(String(item), { spaces: true })])
        : [visible(text, { spaces: true })];
    const value = (wrap, attributes) => el("code", { class: "hex id" }, el(wrap, attributes, ...shown()));
    if (!fairdice.reorders(text)) return [value("bdi", {})];
    return [value("bdi", {}), el("p", { class: "typed" }, el("span", { class: "muted", text: "In the order it was typed, left to right:" }), " ", value("bdo", { dir: "ltr" }))];
  }

  // Recorded rolls as they came, each whole on its line, cut after the whole roll that ends the first 300 characters
  // and the cut marked, as fairdice.page._rolls_given draws them
  function rollsGiven(rolls) {
    let shown = rolls.map((roll) => roll.join("-")).join(" ");
    let more = "";
    if (shown.length > 300) {
      shown = shown.slice(0, shown.lastIndexOf(" ", 300));
      more = "…";
    }
    const spans = shown.split(" ").flatMap((roll, at) => [at ? " " : "", el("span", { class: "roll", text: roll })]);
    return [el("code", {}, spans), more];
  }

  function identitySection(verdict) {
    return [
      el("h3", { text: "Is this your game?" }),
      el("p", { text: "The game and these values decide every roll. Whoever sends them chooses them, so check each is your game's:" }),
      el("dl", { class: "identity" }, verdict.identified_by.flatMap((given) => [el("dt", { text: capital(given.description) }), el("dd", {}, identityValue(given.value))])),
    ];
  }

  function sealSection(schemeObject, verdict) {
    const { secret, seal } = schemeObject.words;
    const status = {
      match: el("p", {}, el("span", { class: "ok", text: "✓ " }), `The SHA-256 of the ${secret} is the ${seal} given.`),
      mismatch: el("p", {}, el("span", { class: "bad", text: "✗ " }), `The SHA-256 of the ${secret} is not the ${seal} given: the characters that differ are marked.`),
      not_given: el("p", { class: "muted", text: `Not checked: no ${seal} was given.` }),
    }[verdict.checks.seal];
    // Whoever sent the seal chose it, as the inputs that identify the game (fairdice.page.SEAL_TO_RECOGNISE)
    const recognise =
      verdict.checks.seal === "match"
        ? [el("p", { text: `Check that this is the ${seal} ${schemeObject.words.shown}: fairdice knows only the ${seal} it was given, and ${schemeObject.words.shows} the ${secret} was fixed before the play.` })]
        : [];
    return [
      el("h3", { text: `The ${seal}` }),
      status,
      el(
        "dl",
        {},
        el("dt", { text: `${capital(seal)} given` }),
        el("dd", {}, view.marked(verdict.seal.given, verdict.seal.computed)),
        el("dt", { text: `SHA-256 of the ${secret}` }),
        el("dd", {}, view.marked(verdict.seal.computed, verdict.seal.given)),
      ),
      ...recognise,
    ];
  }

  function rollsSection(schemeObject, verdict) {
    const all = verdict.rolls;
    const shown = all.length > ROWS_AT_ONCE ? FIRST_ROWS : all.length;
    const { table, body, row } = view.rollTable(schemeObject, verdict, all.slice(0, shown));
    const section = [el("h3", { text: `The ${schemeObject.words.rolls}` }), el("p", { class: "muted", text: view.counts(schemeObject, verdict) }), table];
    if (shown < all.length) {
      const more = el("button", { type: "button", id: "all-rolls", text: `Show the other ${words.counted(all.length - shown, schemeObject.words.roll, schemeObject.words.rolls)}` });
      more.addEventListener("click", () => {
        body.append(...all.slice(shown).map(row));
        // The first roll added takes the focus the button had: removed with it, the focus fell to the page itself, and
        // the keyboard's next Tab started again from the top (review)
        const first = body.rows[shown];
        first.tabIndex = -1;
        first.focus();
        more.remove();
      });
      section.push(el("p", {}, more));
    }
    return section;
  }

  function render(schemeObject, verdict, listed) {
    const reasons = verdict.reasons.length && verdict.verdict !== "withheld" ? el("ul", { class: "reasons" }, verdict.reasons.map((r) => el("li", {}, wholeDates(visible(sentence(r)))))) : null;
    const parts = [
      el("div", { class: `verdict ${verdict.verdict}`, "data-verdict": verdict.verdict }, el("h2", {}, wholeDates(visible(title(verdict)))), el("p", {}, wholeDates(visible(headline(schemeObject, verdict)))), reasons),
    ];
    if (verdict.withheld && verdict.withheld.reveal_at) {
      // When the secret is due, as the server's page says it under its verdict (fairdice.page.verdict_page; review: the
      // offline page said a day's secret is not revealed yet, and never when it would be)
      const due = verdict.withheld.reveal_at.replace("T", " ").replace(/Z$/, " UTC");
      parts.push(el("p", {}, "To be revealed at ", el("b", { class: "when", text: due }), "."));
    }
    if (verdict.verdict !== "withheld") {
      const said = view.checked(schemeObject, verdict).map(([label, text], at) => [at ? " " : "", el("b", { text: `${label}:` }), " ", visible(`${text}.`)]);
      parts.push(el("h3", { text: "What was checked" }), el("p", { class: "scope" }, said.flat()));
      if (listed) parts.push(el("p", { class: "muted", text: `No number of rolls and no rolls were given, so the first ${listed} are listed.` }));
    }
    // The values that identify the game, withheld or not, as the server's page shows them (review: a withheld daily
    // roll showed no player and no day, where the verdict names them)
    parts.push(...identitySection(verdict));
    // After them, as the server's page has them (review: a day's faces came first)
    if (verdict.checks.rolls === "not_checked") {
      // One roll said as one, as the server's page says it (review: a day's one roll read "The recorded rolls came")
      const { roll, rolls, secret } = schemeObject.words;
      const one = Boolean(verdict.withheld && verdict.withheld.recorded && verdict.withheld.recorded.length === 1);
      const came = one ? `${roll} came with the request: it is` : `${rolls} came with the request: they are`;
      parts.push(el("p", { class: "muted", text: `The recorded ${came} compared once the ${secret} is revealed.` }));
      // Shown as given, not as checked, as the server's page shows them (review: said to have come, never shown)
      if (verdict.withheld && verdict.withheld.recorded) {
        parts.push(el("dl", { class: "values" }, el("dt", { text: "Recorded, as given (not checked)" }), el("dd", {}, rollsGiven(verdict.withheld.recorded))));
      }
    }
    if (verdict.verdict !== "withheld") parts.push(...sealSection(schemeObject, verdict), ...rollsSection(schemeObject, verdict));
    show(...parts);
  }

  // ---- the page --------------------------------------------------------------------------------

  const chooser = el("select", { id: "scheme" });
  for (const s of fairdice.schemes.values()) chooser.append(el("option", { value: s.id, text: `${s.title} (${s.id})` }));
  chooser.addEventListener("change", () => {
    choose(chooser.value);
    edited();
  });

  // A box of lines, not a one-line input: a one-line input drops the line breaks of a pasted link, which the link's
  // reading keeps as `fairdice check` does (a phrase of two lines is refused there; here it was read as one line and
  // could be fair, review). Enter still reads the link, as in a one-line box; Shift+Enter starts a line. Not wrapped:
  // a line break the link holds shows as one, apart from where a long line would wrap (review).
  const linkInput = el("textarea", { id: "link", rows: 2, wrap: "off", enterkeyhint: "go", spellcheck: "false", autocomplete: "off", autocapitalize: "off", class: "mono", "aria-describedby": "link--help" });
  linkInput.addEventListener("input", edited);
  linkInput.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      linkForm.requestSubmit();
    }
  });
  const linkForm = el(
    "form",
    { id: "link-form", novalidate: true },
    el("label", { for: "link", text: "Game-over link (optional)" }),
    el("p", { class: "help", id: "link--help", text: "Paste the link from a game-over card and the form below is filled in and checked (Enter reads it; Shift+Enter starts a new line)." }),
    el("div", { class: "row" }, linkInput, el("button", { type: "submit", text: "Read the link" })),
  );
  linkForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (fairdice.strip(linkInput.value)) checkLink(linkInput.value);
  });

  const root = document.getElementById("verifier");
  // The verdict comes first: a player who opens a link on a phone sees it without scrolling past the form.
  root.replaceChildren(linkForm, result, el("div", { class: "field" }, el("label", { for: "scheme", text: "Which game?" }), chooser));
  for (const s of fairdice.schemes.values()) {
    const form = schemeForm(s);
    forms.set(s.id, form);
    root.append(form);
  }
  choose(fairdice.schemes.keys().next().value);
  document.body.dataset.state = "ready";
  if (location.search.length > 1) {
    linkInput.value = location.search;
    checkLink(location.search);
  }
})();
