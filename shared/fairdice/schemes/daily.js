"use strict";
// daily (seed 004) in the browser: six dice d4 … d20 from HMAC(day secret, `YYYY-MM-DD|uuid`), next
// blocks `message|1`, `|2`… The same rules as daily.py beside it. Here there is no archive, so the time the
// day's commitment was published cannot be checked: a daily verdict is at most incomplete, as the core's
// is without an archive.
fairdice.register(
  (() => {
    const SIDES = [4, 6, 8, 10, 12, 20];
    const UUID = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;
    const { fields } = fairdice;

    /** `YYYY-MM-DD|<canonical lowercase hyphenated uuid>`. */
    const message = (day, player) => `${day}|${player}`;

    async function roll(mac, day, player, first) {
      const text = message(day, player);
      const block = first || (await mac(fairdice.text(text)));
      const dice = await fairdice.readDice(block, (b) => mac(fairdice.text(`${text}|${b}`)), SIDES);
      return { index: 1, message: text, dice };
    }

    /** `: '\\u200b' is none of its ${said}` for the first character that is no ASCII one, a fullwidth one named as the one of `own` it looks like (fields._stranger). */
    function stranger(text, own, said) {
      const bad = Array.from(text).find((c) => c.codePointAt(0) > 0x7f);
      if (bad === undefined) return "";
      const alike = fairdice.fullwidthOf(bad);
      const named = alike && own.test(alike) ? `, a look-alike of ${alike},` : "";
      return `: ${fairdice.pyRepr(bad)}${named} is none of its ${said}`;
    }

    /** What is wrong with ASCII text that is nearly a UUID, as the core says it (fields._uuid_off); "" for anything else. */
    function uuidOff(text) {
      const digits = text.replace(/-/g, "");
      if (/^[0-9a-fA-F]+$/.test(digits)) {
        const off = digits.length - 32;
        if (off) {
          // Farther off than a slip, worded by offBy, as the core words it with _off_by
          const advice = Math.abs(off) <= fairdice.SLIP ? "copy it again" : fairdice.offBy(digits.length, 32, "a player id").slice(2);
          return `: it has ${fairdice.words.counted(digits.length, "hex digit", "hex digits")}, where a UUID has 32; ${advice}`;
        }
        return ": its hyphens are not where a UUID's are (8-4-4-4-12 digits)";
      }
      if (text.startsWith("{") && text.endsWith("}") && UUID.test(text.slice(1, -1))) return ": leave out the braces around it";
      if (text.slice(0, 9).toLowerCase() === "urn:uuid:" && UUID.test(text.slice(9))) return ": leave out the urn:uuid: in front";
      return "";
    }

    /** Whether year, month and day name a day of the calendar. */
    function inCalendar(y, m, d) {
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0 to 99 as 1900 to 1999
      return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }

    // fields._DAY_WRITTEN: a date with its month or day in one digit, or a time after it, in UTC or at an offset
    const DAY_WRITTEN =
      /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})([Tt ][0-9]{1,2}(?::[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?)? ?([Zz]|UTC|GMT|[+-][0-9]{2}(?::?[0-9]{2})?)?)?$/;

    /** What to write for a date written with a time or with a month or day in one digit, as the core says it (fields._day_off); "" for anything else. */
    function dayOff(text) {
      const written = DAY_WRITTEN.exec(text);
      if (!written) return "";
      const [, y, m, d, time, zone] = written;
      if (!inCalendar(Number(y), Number(m), Number(d))) return "";
      const date = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
      if (zone !== undefined && !["Z", "UTC", "GMT"].includes(zone.toUpperCase()) && zone.replace(/^[+\-:0]+|[+\-:0]+$/g, "")) {
        return ": write the date alone, as the day it is in UTC";
      }
      return time === undefined ? `: write its month and day in two digits, as ${date}` : `: write the date alone, as ${date}`;
    }

    function day(value) {
      const text = typeof value === "string" ? fairdice.strip(value) : "";
      if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) {
        const said = stranger(text, /^[0-9-]$/, "digits and hyphens") || dayOff(text);
        throw new Error(`a date is written YYYY-MM-DD (UTC)${said}`);
      }
      const [y, m, d] = text.split("-").map(Number);
      if (!inCalendar(y, m, d)) throw new Error(`${text} is not a date in the calendar`);
      return text;
    }

    function player(value) {
      const text = typeof value === "string" ? fairdice.strip(value) : "";
      if (!UUID.test(text)) {
        // A character that is no ASCII one named, a fullwidth one as the one it looks like, as fairdice.fields names it
        const rule = "a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000";
        throw new Error(`${rule}${stranger(text, /^[0-9a-fA-F-]$/, "hex digits and hyphens") || uuidOff(text)}`);
      }
      const digits = text.replace(/-/g, "").toLowerCase();
      return [digits.slice(0, 8), digits.slice(8, 12), digits.slice(12, 16), digits.slice(16, 20), digits.slice(20)].join("-");
    }

    // `inLink`: a link's rolls, which a chat or a mail program may have cut short (as the recorded field reads them)
    function recorded(value, _, inLink) {
      const rolls = fairdice.readRecorded(value, SIDES, inLink);
      if (rolls !== null && rolls.length !== 1) {
        throw new Error(`a daily roll is one set of six faces (d4 d6 d8 d10 d12 d20), got ${rolls.length}`);
      }
      return rolls;
    }

    /** When a day's secret is due: the next midnight UTC, as the core writes it; null for 9999-12-31 (none). */
    function revealAt(text) {
      if (text === "9999-12-31") return null;
      const [y, m, d] = text.split("-").map(Number);
      const next = new Date(0);
      next.setUTCFullYear(y, m - 1, d + 1);
      return `${next.toISOString().slice(0, 10)}T00:00:00Z`;
    }

    // Why a day's roll checked here is at most incomplete: no archive read (daily.py `_no_archive`)
    const noArchive = (day) =>
      `no daily archive was consulted here, so nothing shows when ${day}'s commitment was published: it does not show the secret was fixed before the day's play`;
    // What the core says in its place where it read the archive and found no commitment for the day, the secret given
    // (daily.py `_unknown_to_archive`)
    const noCommitment = (day) => `the daily archive has no commitment for ${day}, so nothing shows this secret was fixed before the day's play`;

    /**
     * The secret as the core takes it without an archive: the one given, which only the archive could show
     * was fixed before the day's play. With the clock's day (`today`), a day not over is withheld, as the
     * core withholds it by its caller's `today`, and the archive by its clock.
     */
    function revealed(request, { today } = {}) {
      const day = request.date;
      // Without an archive, nothing shows when the commitment was published, before the reveal or after: a day not
      // over is withheld at most incomplete once revealed, as the core says it (daily.py `_no_archive`)
      const caveats = [noArchive(day)];
      if (today && day > today) {
        return {
          withheld: `${day} has not begun in UTC: its secret is not revealed, so none is confirmed or denied`,
          revealAt: revealAt(day),
          caveats,
        };
      }
      if (today && day === today) {
        return { withheld: `the secret of ${day} is not revealed yet: the archive reveals it in the minutes after that day ends in UTC`, revealAt: revealAt(day), caveats };
      }
      if (request.secret === null) {
        throw new fairdice.ReadsNoArchive([{ field: "secret", message: "this check reads no daily archive: give the day's secret, which the archive reveals once the day is over" }]);
      }
      return { secret: request.secret, seal: request.commitment, contradictions: [], caveats };
    }

    return {
      id: "daily",
      title: "Raredle’s daily roll",
      seedDocument: "004",
      sides: SIDES,
      // The archive's commitment, published in the grace after 00:00 UTC (fairdice.archive.layout.COMMITMENT_GRACE):
      // one published before the day began is what the archive calls early (daily.py); whose, other than the day's, a
      // roll, the commitment or the day secret may be: another player's or another day's (daily.py's Words)
      words: { secret: "day secret", seal: "commitment", roll: "roll", rolls: "rolls", shown: "the daily archive publishes for the day between 00:00 and 00:15 UTC", shows: "only the archive's, published in that time and kept under Object Lock in compliance mode, can show", other_rolls: "another player or another day", other_game: "another day" },
      secretField: "secret",
      sealField: "commitment",
      fields: [
        { name: "recorded", optional: true, read: recorded },
        { name: "date", required: true, read: day },
        { name: "player_id", required: true, read: player },
        { name: "secret", optional: true, read: (v) => fairdice.hexValue(v, 32, 32, "a day secret") },
        fields.seal("commitment"),
      ],
      link: [
        { name: "date", field: "date", kind: "text" },
        { name: "player", field: "player_id", kind: "text" },
        { name: "secret", field: "secret", kind: "text" },
        { name: "commitment", field: "commitment", kind: "text" },
        { name: "rolls", field: "recorded", kind: "rolls" },
      ],
      inputs: [
        {
          name: "date",
          type: "text",
          label: "Date (UTC)",
          help: "YYYY-MM-DD: the UTC date. Your roll is determined at UTC midnight by that day’s secret.",
          placeholder: "YYYY-MM-DD",
        },
        {
          name: "player_id",
          type: "text",
          label: "Player id",
          help: "The canonical lowercase hyphenated uuid. The verifier needs your player id.",
        },
        {
          name: "secret",
          type: "hex",
          label: "That day’s secret",
          help: "32 bytes, published as 64 hex characters once the day is over.",
        },
        {
          name: "commitment",
          type: "hex",
          label: "Commitment (optional)",
          help: "The SHA-256 of the day’s secret, published in fairdice’s archive at the start of the day.",
        },
        {
          name: "recorded",
          type: "rolls",
          label: "Your roll (optional)",
          help: "The six faces in the order d4, d6, d8, d10, d12, d20, for example 3 5 7 10 12 20.",
        },
      ],
      how:
        "Message: YYYY-MM-DD|<player_id>. Stream: HMAC-SHA256(secret, message); if exhausted, the next block is HMAC-SHA256(secret, message + \"|1\"), then \"|2\", and so on. Dice, in this fixed order: d4, d6, d8, d10, d12, d20. Per die of n sides: limit = 256 − (256 mod n); discard any byte ≥ limit; face = (byte mod n) + 1.",
      revealed,
      // A day's fair is the daily archive's to give (its commitment published in time and kept), which the browser
      // reads none of: its own check of a page that archive made fair says so (recheck.js); no other scheme's does
      archive: true,
      // The reason this check gives for reading no archive, and the one a server reading an archive with no commitment
      // for the day gives in its place: a verdict page's heading may say the second where its own check finds the first
      // (recheck.js)
      archiveReasons: (day) => ({ own: noArchive(day), server: noCommitment(day) }),
      identity: (request) => [
        { field: "player_id", value: request.player_id, description: "your player id" },
        { field: "date", value: request.date, description: "the UTC day you rolled" },
      ],
      roll: (mac, inputs) => roll(mac, day(inputs.date), player(inputs.player_id)),
      async rolls(mac, request) {
        return [await roll(mac, request.date, request.player_id)];
      },
      /** A player's one roll of the day is the whole of their daily game. */
      scope: (request) => ({
        kind: "game",
        first: 1,
        last: 1,
        description: `the roll of ${request.date} for player ${request.player_id}`,
      }),
    };
  })(),
);
