"use strict";
// fairdice in the browser: the registry each scheme's file registers with, WebCrypto's HMAC and
// SHA-256, the rejection sampling every scheme shares, recorded rolls as people paste them, game-over
// links, and the verdict. It mirrors the Python core (fairdice.dice, recorded, links, verdict) and a
// test in real Chromium compares the two on every test vector and on random games.
//
// A scheme's file calls `fairdice.register({...})` with everything about it (fields, link parameters,
// rolls, where a game starts); nothing here names a scheme. Roll functions take a MAC (an async
// function from message bytes to 32 bytes), as the Python ones do, so tests can feed stand-in blocks.
const fairdice = (() => {
  const MAX_ROLLS = 10000;
  const MAX_TEXT = 200000;
  const schemes = new Map();
  const parts = new Map();
  const utf8 = new TextEncoder();
  const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

  // ---- the registry ----------------------------------------------------------------------------

  function register(scheme) {
    for (const key of ["id", "title", "secret", "seal", "sides", "fields", "inputs", "rolls", "roll", "scope"]) {
      if (!(key in scheme)) throw new Error(`scheme ${scheme.id}: ${key} is missing`);
    }
    if (schemes.has(scheme.id)) throw new Error(`scheme ${scheme.id} is registered twice`);
    schemes.set(scheme.id, scheme);
  }

  /** A part several schemes share (seed 001's labelled rolls), defined once by its own file. */
  function define(name, part) {
    parts.set(name, part);
  }

  function need(name) {
    const part = parts.get(name);
    if (!part) throw new Error(`${name} is needed: its file must come before this one`);
    return part;
  }

  // ---- bytes, SHA-256, HMAC --------------------------------------------------------------------

  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  function fromHex(text) {
    const bytes = new Uint8Array(text.length / 2);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(text.substr(2 * i, 2), 16);
    return bytes;
  }

  function concat(...arrays) {
    const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) {
      out.set(a, at);
      at += a.length;
    }
    return out;
  }

  const text = (value) => utf8.encode(value);

  async function sha256(bytes) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  }

  /** HMAC-SHA256 keyed once with `key`: a MAC, message bytes to 32 bytes. */
  function hmac(key) {
    const imported = crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return async (message) => new Uint8Array(await crypto.subtle.sign("HMAC", await imported, message));
  }

  // ---- dice ------------------------------------------------------------------------------------

  /** Largest multiple of `sides` not above 256: bytes at or over it are rejected. */
  const limitFor = (sides) => 256 - (256 % sides);

  /**
   * One die per entry of `sides`, read from block 0 (`first`) and then blocks 1, 2… (`next(b)`) as
   * one stream, skipping biased bytes. A further block is asked for only when the bytes run out.
   */
  async function readDice(first, next, sides) {
    const faces = [];
    let block = first;
    let at = 0;
    let number = 0;
    for (const n of sides) {
      const limit = limitFor(n);
      for (;;) {
        if (at >= block.length) {
          number += 1;
          block = await next(number);
          at = 0;
          continue;
        }
        const byte = block[at];
        at += 1;
        if (byte < limit) {
          faces.push((byte % n) + 1);
          break;
        }
      }
    }
    return faces;
  }

  /** The MAC of every message, computed side by side. */
  const macs = (mac, messages) => Promise.all(messages.map((m) => mac(m)));

  // ---- field values, checked as the core's request models check them ----------------------------

  class FieldError extends Error {
    constructor(field, message) {
      super(message);
      this.field = field;
    }
  }

  class Problems extends Error {
    constructor(problems) {
      super(problems.map((p) => `${p.field}: ${p.message}`).join("; "));
      this.problems = problems;
    }
  }

  // Python's str.strip() and re's \s: JavaScript's \s differs (it has U+FEFF, lacks U+001C-U+001F, U+0085).
  const SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
  const strip = (value) => value.replace(EDGES, "");
  const anySpace = new RegExp(`[${SPACE}]`);
  const allSpaces = new RegExp(`[${SPACE}]`, "g");
  const chars = (value) => Array.from(value).length;

  function hexValue(value, minBytes, maxBytes, what) {
    if (typeof value !== "string") throw new Error(`${what} must be a string of hex digits`);
    let digits = strip(value);
    if (anySpace.test(digits)) {
      // Copied in groups ("630d cd29 …"): read as one run of digits, which is what was meant.
      digits = digits.replace(allSpaces, "");
    }
    if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error(`${what} must be hex digits (0-9, a-f)`);
    if (digits.length % 2) throw new Error(`${what} has an odd number of hex digits (${digits.length})`);
    const size = digits.length / 2;
    if (size < minBytes || size > maxBytes) {
      const span =
        minBytes === maxBytes
          ? `${minBytes} bytes (${2 * minBytes} hex digits)`
          : `${minBytes} to ${maxBytes} bytes (${2 * minBytes}-${2 * maxBytes} hex digits)`;
      throw new Error(`${what} must be ${span}, got ${size} bytes`);
    }
    return digits.toLowerCase();
  }

  function printable(value, most, what) {
    if (typeof value !== "string" || chars(value) < 1 || chars(value) > most) {
      throw new Error(`${what} must be text of 1 to ${most} characters`);
    }
    if (/[\p{Cc}\p{Cs}\p{Cn}]/u.test(value)) throw new Error(`${what} must not contain control characters`);
    return value;
  }

  function wholeNumber(value, low, high) {
    if (typeof value === "boolean") throw new Error(`must be a whole number, got ${value}`);
    let number;
    if (typeof value === "number" && Number.isInteger(value)) number = BigInt(value);
    else if (typeof value === "bigint") number = value;
    else if (typeof value === "string" && /^\s*[+]?[0-9](_?[0-9])*\s*$/.test(value)) {
      number = BigInt(value.trim().replace(/^\+/, "").replace(/_/g, ""));
    }
    else throw new Error("must be a whole number");
    if (number < BigInt(low) || number > BigInt(high)) {
      throw new Error(`must be from ${BigInt(low).toLocaleString("en-US")} to ${BigInt(high).toLocaleString("en-US")}`);
    }
    return number;
  }

  const TRUE = new Set(["1", "true", "t", "yes", "y", "on"]);
  const FALSE = new Set(["0", "false", "f", "no", "n", "off"]);

  function yesNo(value) {
    if (typeof value === "boolean") return value;
    if (value === 0 || value === 1) return value === 1;
    if (typeof value === "string" && TRUE.has(value.toLowerCase())) return true;
    if (typeof value === "string" && FALSE.has(value.toLowerCase())) return false;
    throw new Error("must be yes or no (1 or 0)");
  }

  /** Readers for the kinds of value a scheme's fields hold; each throws an Error saying what is wrong. */
  const kinds = {
    secret: (v) => hexValue(v, 16, 64, "a secret"),
    seal: (v) => hexValue(v, 32, 32, "a seal"),
    count: (v) => wholeNumber(v, 1, MAX_ROLLS),
    bool: yesNo,
    text: (v) => v,
  };

  const MAX_NUMBER = 2 ** 53; // the core's bound on a roll number

  /** Request fields most schemes share, as the core's models define them. */
  const fields = {
    secret: (name, required = true) => ({ name, required, read: kinds.secret }),
    seal: (name) => ({ name, read: kinds.seal }),
    count: () => ({ name: "count", read: kinds.count }),
    first: (low) => ({ name: "first", default: BigInt(low), read: (v) => wholeNumber(v, low, MAX_NUMBER) }),
    recorded: (sides) => ({ name: "recorded", read: (v) => readRecorded(v, sides) }),
  };

  /** A counted scheme needs to know how many rolls: the count, or the recorded rolls. */
  function needCount(request) {
    if (request.count === null && request.recorded === null) {
      throw new FieldError("count", "give the number of rolls, or the recorded rolls");
    }
  }

  /** first, first + 1, … (`count` of them), as BigInts: a roll number may pass 2^53. */
  function numbers(first, count) {
    const out = [];
    for (let i = 0; i < count; i += 1) out.push(BigInt(first) + BigInt(i));
    return out;
  }

  /**
   * A request object (the JSON POST /verify takes, with a scheme's fields) read into checked values.
   * Every field's problem is collected, as the core's validation reports them; `extra` fields are
   * refused by name. Then the scheme's own `check` sees the values together.
   */
  function parse(data) {
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      throw new Problems([{ field: "request", message: "must be an object with a scheme and its fields" }]);
    }
    const scheme = schemes.get(data.scheme);
    if (!scheme) {
      throw new Problems([{ field: "scheme", message: `must be one of ${[...schemes.keys()].join(", ")}` }]);
    }
    const problems = [];
    const request = { scheme: scheme.id };
    const known = new Set(["scheme", ...scheme.fields.map((f) => f.name)]);
    for (const name of Object.keys(data)) {
      if (!known.has(name)) problems.push({ field: name, message: `is not a field of scheme ${scheme.id}` });
    }
    for (const field of scheme.fields) {
      const value = data[field.name];
      if (value === undefined || value === null) {
        if (field.required) problems.push({ field: field.name, message: "is required" });
        request[field.name] = field.default === undefined ? null : field.default;
        continue;
      }
      try {
        request[field.name] = field.read ? field.read(value) : kinds[field.kind](value);
      } catch (error) {
        problems.push({ field: error.field || field.name, message: error.message });
      }
    }
    if (!problems.length && scheme.check) {
      try {
        scheme.check(request);
      } catch (error) {
        problems.push({ field: error.field || "request", message: error.message });
      }
    }
    if (problems.length) throw new Problems(problems);
    return request;
  }

  // ---- recorded rolls, as fairdice.recorded reads them ------------------------------------------

  // Python's \d is any decimal digit: a line numbered "١:" loses its number there too.
  const NUMBER_PREFIX = new RegExp(`^[${SPACE}]*#?\\p{Nd}+[${SPACE}]*[:.)][${SPACE}]*`, "u");
  const TOKEN_SPLIT = new RegExp(`[${SPACE},;]+`);
  const DIE_SPLIT = /[-/x×–]/;
  const WIDE_SPLIT = new RegExp(`[${SPACE},;\\-/]+`);
  const LINES = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
  const ASCII_DIGITS = /^[0-9]+$/;
  const ANY_DIGITS = /^\p{Nd}+$/u;

  const shown = (token) => {
    const n = chars(token);
    return n <= 24 ? `“${token}”` : `“${Array.from(token).slice(0, 20).join("")}…” (${n} characters)`;
  };
  const example = (sides) => sides.map((s, i) => Math.min(s, 6 - i)).join("-");

  function die(token, sides, where) {
    if (!ASCII_DIGITS.test(token)) throw new Error(`${where}: ${shown(token)} is not a die face`);
    if (token.replace(/^0+/, "").length > String(sides).length) {
      throw new Error(`${where}: ${shown(token)} is not a face of a ${sides}-sided die`);
    }
    const face = Number(token);
    if (face < 1 || face > sides) throw new Error(`${where}: ${face} is not a face of a ${sides}-sided die`);
    return face;
  }

  function fromToken(token, sides, where) {
    const parts = token.split(DIE_SPLIT);
    if (parts.length > 1) {
      if (parts.length !== sides.length) {
        throw new Error(`${where}: ${shown(token)} has ${parts.length} dice, a roll has ${sides.length}`);
      }
      return [parts.map((p, i) => die(p, sides[i], where))];
    }
    if (!ASCII_DIGITS.test(token) || Math.max(...sides) > 9) {
      throw new Error(`${where}: ${shown(token)} is not a roll (write it like ${example(sides)})`);
    }
    if (token.length % sides.length) {
      throw new Error(
        `${where}: ${shown(token)} has ${token.length} digits, not a multiple of ${sides.length} dice`,
      );
    }
    const rolls = [];
    for (let i = 0; i < token.length; i += sides.length) {
      rolls.push(sides.map((s, j) => die(token[i + j], s, where)));
    }
    return rolls;
  }

  function singleFace(item, sides) {
    if (typeof item === "number") return Number.isInteger(item);
    if (typeof item !== "string") return false;
    const face = strip(item);
    return ANY_DIGITS.test(face) && chars(face) <= String(sides).length;
  }

  function fromList(value, sides) {
    if (
      sides.length > 2 &&
      value.length === sides.length &&
      value.every((v, i) => singleFace(v, sides[i]))
    ) {
      value = [value]; // a single roll given flat, such as daily's six faces
    }
    const rolls = [];
    value.forEach((item, n) => {
      const where = `roll ${n + 1}`;
      if (typeof item === "string") {
        rolls.push(...fromToken(strip(item), sides, where));
        return;
      }
      if (!Array.isArray(item) || item.length !== sides.length) {
        throw new Error(`${where}: expected a list of ${sides.length} dice`);
      }
      rolls.push(
        item.map((face, i) => {
          if ((typeof face !== "number" || !Number.isInteger(face)) && typeof face !== "string") {
            throw new Error(`${where}: ${JSON.stringify(face)} is not a die face`);
          }
          return die(strip(String(face)), sides[i], where);
        }),
      );
    });
    return rolls;
  }

  function fromText(value, sides) {
    if (value.length > MAX_TEXT) throw new Error(`is ${value.length} characters long, more than ${MAX_TEXT}`);
    const stripped = strip(value);
    if (stripped.startsWith("[")) {
      let list;
      try {
        list = JSON.parse(stripped);
      } catch (error) {
        throw new Error("looks like JSON but is not");
      }
      if (!Array.isArray(list)) throw new Error("looks like JSON but is not a list of rolls");
      return fromList(list, sides);
    }
    if (Math.max(...sides) > 9) {
      // Dice with two-digit faces cannot be run together: read one roll of numbers.
      const tokens = stripped.split(WIDE_SPLIT).filter(Boolean);
      return tokens.length ? fromList([tokens], sides) : [];
    }
    const rolls = [];
    stripped.split(LINES).forEach((line, n) => {
      const tokens = strip(line.replace(NUMBER_PREFIX, "")).split(TOKEN_SPLIT).filter(Boolean);
      for (const token of tokens) rolls.push(...fromToken(token, sides, `line ${n + 1}, roll ${rolls.length + 1}`));
    });
    return rolls;
  }

  /**
   * Recorded rolls for dice of these `sides`: text (`6-3 4-4`, `63 44`, numbered lines `1: 6-3`, a
   * link's digits `6344`, JSON) or a list of dice lists. An empty paste is null: nothing recorded.
   */
  function readRecorded(value, sides) {
    let rolls;
    if (typeof value === "string") rolls = fromText(value, sides);
    else if (Array.isArray(value)) rolls = fromList(value, sides);
    else throw new Error("must be text such as 6-3 4-4 or a list of dice lists");
    if (rolls.length > MAX_ROLLS) throw new Error(`has ${rolls.length} rolls, more than the limit of ${MAX_ROLLS}`);
    return rolls.length ? rolls : null;
  }

  // ---- game-over links, as fairdice.links reads them ---------------------------------------------

  const TRACKING = /^(utm_.*|fbclid|gclid)$/;

  function decode(raw, name) {
    const bytes = [];
    const plain = raw.replace(/\+/g, " ");
    for (let i = 0; i < plain.length; i += 1) {
      const c = plain[i];
      if (c === "%" && /^[0-9a-fA-F]{2}$/.test(plain.substr(i + 1, 2))) {
        bytes.push(parseInt(plain.substr(i + 1, 2), 16));
        i += 2;
      } else {
        bytes.push(...utf8.encode(c));
      }
    }
    try {
      return strictUtf8.decode(new Uint8Array(bytes));
    } catch (error) {
      throw new FieldError("link", `the parameter ${name} is not percent-encoded UTF-8`);
    }
  }

  function queryOf(link) {
    const trimmed = strip(link);
    if (trimmed.startsWith("?")) return trimmed.slice(1);
    if (trimmed.startsWith("/") || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed)) {
      const at = trimmed.indexOf("?");
      if (at < 0) return "";
      const fragment = trimmed.indexOf("#", at);
      return trimmed.slice(at + 1, fragment < 0 ? undefined : fragment);
    }
    return trimmed;
  }

  /**
   * The request a game-over link carries, as an object of request fields (before checking), and the
   * scheme. Errors name the link's own parameters. Tracking parameters a mail client adds are ignored.
   */
  function fromLink(link) {
    const pairs = [];
    for (const part of queryOf(link).split("&")) {
      if (!part) continue;
      const at = part.indexOf("=");
      const rawName = at < 0 ? part : part.slice(0, at);
      const rawValue = at < 0 ? "" : part.slice(at + 1);
      pairs.push([decode(rawName, rawName), decode(rawValue, rawName)]);
    }
    const kept = pairs.filter(([name]) => !TRACKING.test(name));
    if (!kept.length) {
      throw new FieldError("link", "has no parameters: a check link looks like /check/?seed=…&client=a,b&n=52");
    }
    const schemeValues = kept.filter(([name]) => name === "scheme").map(([, value]) => value);
    if (schemeValues.length > 1) throw new FieldError("scheme", "is given more than once in the link");
    // Seed 000's links name no scheme: the scheme that says so (`linkDefault`) is meant.
    const fallback = [...schemes.values()].find((s) => s.linkDefault);
    const id = schemeValues.length ? schemeValues[0] : fallback && fallback.id;
    const scheme = schemes.get(id);
    if (!scheme) throw new FieldError("scheme", `must be one of ${[...schemes.keys()].join(", ")}, not “${id}”`);
    const params = new Map(scheme.inputs.filter((i) => i.param).map((i) => [i.param, i]));
    const given = new Map();
    for (const [name, value] of kept) {
      if (name === "scheme") continue;
      if (!params.has(name)) {
        throw new FieldError(
          name,
          `is not a parameter of a ${id} link; it takes ${[...params.keys()].join(", ")}`,
        );
      }
      if (given.has(name)) throw new FieldError(name, "is given twice in the link; give it once");
      given.set(name, value);
    }
    const data = { scheme: id };
    for (const [name, value] of given) {
      if (value === "") continue; // a field left blank in a form is a field not given
      const input = params.get(name);
      setPath(data, input.name, linkValue(input, value));
    }
    return data;
  }

  /** A link parameter's text as its request field's value: lists are comma-separated. */
  function linkValue(input, value) {
    if (input.type === "list") return value.split(",");
    if (input.type === "labels") return value.split(",").map((l) => (l.startsWith(input.prefix) ? l : input.prefix + l));
    return value;
  }

  /** Set `data.a.b` for the path `a.b` (three-dice's seats are `client_seeds.white` and `.black`). */
  function setPath(data, path, value) {
    const keys = path.split(".");
    let at = data;
    for (const key of keys.slice(0, -1)) {
      if (at[key] === undefined || at[key] === null) at[key] = {};
      at = at[key];
    }
    at[keys[keys.length - 1]] = value;
  }

  function getPath(data, path) {
    let at = data;
    for (const key of path.split(".")) {
      if (at === undefined || at === null) return undefined;
      at = at[key];
    }
    return at;
  }

  // ---- the verdict: issue 11's rules ------------------------------------------------------------

  const plural = (n, one, many) => `${Number(n) === 1 ? one : many}`;
  const count = (n, one, many) => `${BigInt(n).toLocaleString("en-US")} ${plural(n, one, many)}`;
  const number = (n) => BigInt(n).toLocaleString("en-US");
  const span = (first, last) => (first === last ? `roll ${number(first)}` : `rolls ${number(first)} to ${number(last)}`);

  /** Runs of consecutive indexes, in words: "rolls 9 to 12", "roll 3 and rolls 7 to 8". */
  function runs(indexes) {
    const pieces = [];
    let start = null;
    let last = null;
    for (const i of indexes) {
      if (start !== null && i === last + 1n) {
        last = i;
        continue;
      }
      if (start !== null) pieces.push(span(start, last));
      start = i;
      last = i;
    }
    if (start !== null) pieces.push(span(start, last));
    if (pieces.length > 4) return `${pieces.slice(0, 3).join(", ")} and ${pieces.length - 3} more`;
    return pieces.length > 1 ? `${pieces.slice(0, -1).join(", ")} and ${pieces[pieces.length - 1]}` : pieces[0];
  }

  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  /** Computed rolls beside recorded ones: differ and missing counted apart, extra rolls listed after. */
  function compare(rolls, recorded) {
    const reports = rolls.map((r) => {
      const report = { index: r.index, message: r.message, dice: r.dice, recorded: null, matches: null };
      if (r.label !== undefined) report.label = r.label;
      if (r.winner !== undefined) report.winner = r.winner;
      return report;
    });
    const summary = { count: rolls.length, compared: 0, differ: 0, missing: 0, extra: 0, mismatches: 0, first_mismatch: null };
    if (recorded === null) return { reports, summary, check: "not_given" };
    reports.forEach((report, at) => {
      if (at >= recorded.length) {
        summary.missing += 1;
        return;
      }
      report.recorded = recorded[at];
      report.matches = same(report.dice, recorded[at]);
      summary.compared += 1;
      if (!report.matches) summary.differ += 1;
    });
    let next = rolls.length ? rolls[rolls.length - 1].index + 1n : 1n;
    for (const extra of recorded.slice(rolls.length)) {
      reports.push({ index: next, message: null, dice: null, recorded: extra, matches: false });
      next += 1n;
      summary.extra += 1;
    }
    summary.mismatches = summary.differ + summary.extra;
    const first = reports.find((r) => r.matches === false);
    summary.first_mismatch = first ? first.index : null;
    return { reports, summary, check: summary.mismatches ? "mismatch" : "match" };
  }

  /** How many rolls to compute: the count given, else as many as recorded. */
  function rollCount(request) {
    if (request.count !== null && request.count !== undefined) return Number(request.count);
    return request.recorded ? request.recorded.length : 0;
  }

  /** Every roll a checked request describes, from the MAC keyed with the scheme's key. */
  async function rolls(request, mac) {
    return schemes.get(request.scheme).rolls(mac, request, rollCount(request));
  }

  /**
   * The verdict on a request object (the JSON of POST /verify): seal, every roll, the comparison,
   * what was proven (scope) and why it is not fair when it is not. `today` (YYYY-MM-DD, UTC) is the
   * clock's day, for a scheme whose secret is revealed only after its day.
   */
  async function verify(data, { today } = {}) {
    const request = parse(data);
    const scheme = schemes.get(request.scheme);
    const words = { secret: scheme.secret.words, seal: scheme.seal.words };
    const withheld = scheme.withheld ? scheme.withheld(request, today) : null;
    if (withheld) {
      return {
        scheme: scheme.id,
        verdict: "withheld",
        checks: { seal: "not_given", rolls: "not_given" },
        seal: { given: request[scheme.seal.field], computed: null },
        rolls: [],
        summary: compare([], null).summary,
        scope: null,
        reasons: [withheld],
        withheld: { reason: withheld },
      };
    }
    if (request[scheme.secret.field] === null) {
      throw new Problems([{ field: scheme.secret.field, message: scheme.secret.missing || "is needed to recompute the rolls" }]);
    }
    const secret = fromHex(request[scheme.secret.field]);
    const given = request[scheme.seal.field];
    const computed = hex(await sha256(secret));
    const sealCheck = given === null ? "not_given" : given === computed ? "match" : "mismatch";
    const key = scheme.key ? await scheme.key(secret, request) : secret;
    const computedRolls = await rolls(request, hmac(key));
    const { reports, summary, check } = compare(computedRolls, request.recorded);
    const scope = scheme.scope(request, computedRolls);
    const failed = [];
    const short = [];
    if (sealCheck === "mismatch") failed.push(`The ${words.secret} does not give the ${words.seal} shown before the game.`);
    if (summary.differ) {
      failed.push(
        `${count(summary.differ, "roll differs", "rolls differ")} from the recorded ${plural(summary.differ, "one", "ones")}` +
          ` (${runs(reports.filter((r) => r.matches === false && r.dice).map((r) => r.index))}).`,
      );
    }
    if (summary.extra) {
      failed.push(
        `${count(summary.extra, "roll was", "rolls were")} recorded beyond the ${count(summary.count, "roll", "rolls")} computed.`,
      );
    }
    if (sealCheck === "not_given") {
      short.push(`No ${words.seal} was given, so nothing shows the ${words.secret} was fixed before the game.`);
    }
    if (check === "not_given") {
      short.push(`No rolls were recorded: the ${count(summary.count, "roll", "rolls")} below ${plural(summary.count, "was", "were")} computed but not compared.`);
    } else if (summary.missing) {
      const missing = reports.filter((r) => r.dice && r.recorded === null).map((r) => r.index);
      short.push(`${runs(missing).replace(/^r/, "R")} ${plural(summary.missing, "was", "were")} not recorded, so ${plural(summary.missing, "it was", "they were")} not compared.`);
    }
    if (scope.reason) short.push(scope.reason);
    if (scheme.offlineLimit) short.push(scheme.offlineLimit);
    const outcome = failed.length ? "mismatch" : short.length ? "incomplete" : "fair";
    return {
      scheme: scheme.id,
      verdict: outcome,
      checks: { seal: sealCheck, rolls: check },
      seal: { given, computed },
      rolls: reports,
      summary,
      scope: { kind: scope.kind, first: scope.first, last: scope.last, description: scope.description },
      reasons: [...failed, ...short],
    };
  }

  return {
    MAX_ROLLS,
    schemes,
    register,
    define,
    need,
    hex,
    fromHex,
    concat,
    text,
    sha256,
    hmac,
    limitFor,
    readDice,
    macs,
    kinds,
    strip,
    chars,
    printable,
    wholeNumber,
    hexValue,
    FieldError,
    Problems,
    fields,
    needCount,
    numbers,
    parse,
    readRecorded,
    fromLink,
    setPath,
    getPath,
    rollCount,
    rolls,
    compare,
    verify,
    words: { count, number, plural, span, runs },
  };
})();
