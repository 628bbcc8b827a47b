"use strict";
// The offline verifier page: a form per registered scheme, filled from a game-over link's query when
// the page is opened with one, and the verdict in words. Everything is built with text nodes, never
// HTML, so nothing pasted can run. `document.body.dataset.state` says when a check is done (for tests).
(() => {
  const DEFAULT_COUNT = 60; // rolls listed when neither their number nor the rolls are given (seed 002's snippet prints 60)
  // A phone lays out a 10,000-row table in seconds: past this many rolls the rest wait for a tap.
  const ROWS_AT_ONCE = 1000;
  const FIRST_ROWS = 500;
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

  const utcToday = () => new Date().toISOString().slice(0, 10);
  const idOf = (scheme, input) => `${scheme.id}--${input.name.replace(/\./g, "-")}`;

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
    return form;
  }

  /** The request fields a form holds; an empty field is a field not given. */
  function fromForm(scheme, form) {
    const data = { scheme: scheme.id };
    for (const input of scheme.inputs) {
      const raw = form.elements[input.name].value;
      if (fairdice.strip(raw) === "") continue;
      let value = raw;
      if (input.type === "list") value = raw.split(/[\n,]+/).map(fairdice.strip).filter(Boolean);
      else if (input.type === "labels") {
        value = raw
          .split(/[\n,]+/)
          .map(fairdice.strip)
          .filter(Boolean)
          .map((l) => (l.startsWith(input.prefix) ? l : input.prefix + l));
      } else if (input.type === "number") value = fairdice.strip(raw);
      fairdice.setPath(data, input.name, value);
    }
    return data;
  }

  function shownValue(input, value) {
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
      const size = scheme(currentScheme).sides.length;
      if (value.length % size === 0) return (value.match(new RegExp(`.{${size}}`, "g")) || []).map((r) => r.split("").join("-")).join(" ");
    }
    return String(value);
  }

  function fill(form, schemeObject, data) {
    form.reset();
    for (const input of schemeObject.inputs) {
      const shown = shownValue(input, fairdice.getPath(data, input.name));
      if (shown === "" && input.type === "yesno") continue; // not in the link: the form's own default
      form.elements[input.name].value = shown;
    }
    const more = form.querySelector("details.more");
    if (more && schemeObject.inputs.some((i) => i.more && fairdice.getPath(data, i.name) !== undefined)) more.open = true;
  }

  // ---- checking --------------------------------------------------------------------------------

  let currentScheme = null;
  const scheme = (id) => fairdice.schemes.get(id);
  const forms = new Map();
  const result = el("section", { id: "result", "aria-live": "polite" });

  function choose(id) {
    currentScheme = id;
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

  /** The input a problem is about: `client_seeds[1]` is the client seeds' field. */
  function inputFor(schemeObject, field) {
    const base = field.replace(/\[\d+\]$/, "");
    return schemeObject.inputs.find((i) => i.name === field || i.name === base) || null;
  }

  function showProblems(schemeObject, problems, source) {
    const items = problems.map((problem) => {
      const input = schemeObject ? inputFor(schemeObject, problem.field) : null;
      if (input) {
        const id = idOf(schemeObject, input);
        const note = document.getElementById(`${id}--error`);
        note.textContent = problem.message;
        note.hidden = false;
        document.getElementById(id).setAttribute("aria-invalid", "true");
      }
      const name = input ? input.label : problem.field;
      const where = source === "link" && input && input.param ? ` (the link’s ${input.param})` : source === "link" && !input ? " in the link" : "";
      return el("li", {}, el("b", { text: `${name}${where}: ` }), problem.message);
    });
    result.replaceChildren(
      el("div", { class: "verdict problem" }, el("h2", { text: "This cannot be checked yet" }), el("p", { text: problems.length === 1 ? "One thing needs changing:" : `${problems.length} things need changing:` }), el("ul", {}, items)),
    );
    document.body.dataset.state = "problem";
  }

  async function check(schemeObject, data, source) {
    document.body.dataset.state = "checking";
    clearErrors();
    result.replaceChildren(el("p", { class: "muted", text: "Checking…" }));
    let listed = null;
    const countable = schemeObject.inputs.some((i) => i.name === "count");
    if (countable && data.count === undefined && data.recorded === undefined && data.labels === undefined) {
      data = { ...data, count: String(DEFAULT_COUNT) };
      listed = DEFAULT_COUNT;
    }
    try {
      const verdict = await fairdice.verify(data, { today: utcToday() });
      render(schemeObject, verdict, data, listed);
      document.body.dataset.state = "done";
      document.body.dataset.verdict = verdict.verdict;
    } catch (error) {
      if (error instanceof fairdice.Problems) showProblems(schemeObject, error.problems, source);
      else showProblems(schemeObject, [{ field: "request", message: error.message }], source);
    }
  }

  function checkLink(query) {
    let data;
    try {
      data = fairdice.fromLink(query);
    } catch (error) {
      const problem = { field: error.field || "link", message: error.message };
      result.replaceChildren(
        el("div", { class: "verdict problem" }, el("h2", { text: "This link cannot be read" }), el("p", {}, el("b", { text: `${problem.field}: ` }), problem.message)),
      );
      document.body.dataset.state = "problem";
      return;
    }
    choose(data.scheme);
    fill(forms.get(data.scheme), scheme(data.scheme), data);
    check(scheme(data.scheme), data, "link");
  }

  // ---- the verdict in words --------------------------------------------------------------------

  const TITLES = { fair: "Fair", mismatch: "Mismatch", incomplete: "Incomplete", withheld: "Not yet verifiable" };

  function headline(schemeObject, verdict) {
    const secret = schemeObject.secret.words;
    const seal = schemeObject.seal.words;
    const compared = verdict.summary.compared;
    if (verdict.verdict === "fair") {
      const rolls = compared === 1 ? "the one recorded roll is the one" : `all ${words.number(compared)} recorded rolls are the ones`;
      return `The ${secret} matches the ${seal} shown before the game, and ${rolls} it gives.`;
    }
    if (verdict.verdict === "withheld") return `${verdict.withheld.reason[0].toUpperCase()}${verdict.withheld.reason.slice(1)}.`;
    if (verdict.verdict === "mismatch") return "Something does not match:";
    return "Nothing failed, but this check cannot show the game was fair:";
  }

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

  function sealSection(schemeObject, verdict) {
    const secret = schemeObject.secret.words;
    const seal = schemeObject.seal.words;
    const status = {
      match: el("p", {}, el("span", { class: "ok", text: "✓ " }), `The SHA-256 of the ${secret} is the ${seal} given.`),
      mismatch: el("p", {}, el("span", { class: "bad", text: "✗ " }), `The SHA-256 of the ${secret} is not the ${seal} given: the characters that differ are marked.`),
      not_given: el("p", { class: "muted", text: `Not checked: no ${seal} was given.` }),
    }[verdict.checks.seal];
    return [
      el("h3", { text: `The ${seal}` }),
      status,
      el(
        "dl",
        {},
        el("dt", { text: `${seal[0].toUpperCase()}${seal.slice(1)} given` }),
        el("dd", {}, marked(verdict.seal.given, verdict.seal.computed)),
        el("dt", { text: `SHA-256 of the ${secret}` }),
        el("dd", {}, marked(verdict.seal.computed, verdict.seal.given)),
      ),
    ];
  }

  function yoursSection(schemeObject, data) {
    if (!schemeObject.yours) return [];
    const value = fairdice.getPath(data, schemeObject.yours.field);
    const shown = Array.isArray(value) ? value.join(", ") : value && typeof value === "object" ? Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(", ") : String(value);
    return [
      el("p", { class: "yours" }, `Check that these ${schemeObject.yours.words} are yours (${schemeObject.yours.note}): `, el("code", { class: "hex", text: shown })),
    ];
  }

  const dice = (values) => (values ? values.join("-") : "");

  function rollsSection(verdict) {
    const s = verdict.summary;
    const parts = [`${words.count(s.count, "roll", "rolls")} computed`];
    if (verdict.checks.rolls !== "not_given") {
      parts.push(`${words.number(s.compared)} compared`);
      parts.push(`${words.number(s.differ)} ${words.plural(s.differ, "differs", "differ")}`);
      parts.push(`${words.number(s.missing)} not recorded`);
      if (s.extra) parts.push(`${words.count(s.extra, "extra roll", "extra rolls")} recorded`);
    }
    const row = (r) => {
      const mark = r.matches === null ? el("span", { class: "muted", text: "–" }) : r.matches ? el("span", { class: "ok", text: "✓", title: "matches" }) : el("span", { class: "bad", text: "✗", title: "differs" });
      return el(
        "tr",
        { class: r.matches === false ? "x" : null, id: verdict.summary.first_mismatch === r.index && r.matches === false ? "first-mismatch" : null },
        el("td", { text: String(r.index) }),
        el("td", { class: "msg" }, r.message === null ? el("span", { class: "muted", text: "not computed" }) : r.message),
        el("td", { class: "dice" }, dice(r.dice), r.winner ? el("span", { class: "muted", text: ` (${r.winner === "tie" ? "tie" : `${r.winner} won`})` }) : null),
        el("td", { class: "dice" }, r.recorded ? dice(r.recorded) : verdict.checks.rolls === "not_given" ? "" : el("span", { class: "muted", text: "not recorded" })),
        el("td", {}, mark),
      );
    };
    const all = verdict.rolls;
    const shown = all.length > ROWS_AT_ONCE ? FIRST_ROWS : all.length;
    const body = el("tbody", {}, all.slice(0, shown).map(row));
    const section = [
      el("h3", { text: "The rolls" }),
      el("p", { class: "muted", text: `${parts.join(", ")}.` }),
      el(
        "table",
        {},
        el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "HMAC message" }), el("th", { text: "dice" }), el("th", { text: "recorded" }), el("th", {}))),
        body,
      ),
    ];
    if (shown < all.length) {
      const more = el("button", { type: "button", id: "all-rolls", text: `Show the other ${words.count(all.length - shown, "roll", "rolls")}` });
      more.addEventListener("click", () => {
        body.append(...all.slice(shown).map(row));
        more.remove();
      });
      section.push(el("p", {}, more));
    }
    return section;
  }

  function render(schemeObject, verdict, data, listed) {
    const reasons = verdict.reasons.length && verdict.verdict !== "withheld" ? el("ul", { class: "reasons" }, verdict.reasons.map((r) => el("li", { text: r }))) : null;
    const parts = [
      el("div", { class: `verdict ${verdict.verdict}`, "data-verdict": verdict.verdict }, el("h2", { text: TITLES[verdict.verdict] }), el("p", { text: headline(schemeObject, verdict) }), reasons),
    ];
    if (verdict.verdict !== "withheld") {
      parts.push(el("h3", { text: "What was checked" }), el("p", { text: `${verdict.scope.description[0].toUpperCase()}${verdict.scope.description.slice(1)}.` }));
      if (listed) parts.push(el("p", { class: "muted", text: `No number of rolls and no rolls were given, so the first ${listed} are listed.` }));
      parts.push(...yoursSection(schemeObject, data), ...sealSection(schemeObject, verdict), ...rollsSection(verdict));
    }
    result.replaceChildren(...parts);
  }

  // ---- the page --------------------------------------------------------------------------------

  const chooser = el("select", { id: "scheme" });
  for (const s of fairdice.schemes.values()) chooser.append(el("option", { value: s.id, text: `${s.title} (${s.id})` }));
  chooser.addEventListener("change", () => choose(chooser.value));

  const linkInput = el("input", { id: "link", type: "text", spellcheck: "false", autocomplete: "off", autocapitalize: "off", class: "mono", "aria-describedby": "link--help" });
  const linkForm = el(
    "form",
    { id: "link-form", novalidate: true },
    el("label", { for: "link", text: "Game-over link (optional)" }),
    el("p", { class: "help", id: "link--help", text: "Paste the link from a game-over card and the form below is filled in and checked." }),
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
