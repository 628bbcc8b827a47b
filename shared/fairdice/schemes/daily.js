"use strict";
// daily (seed 004) in the browser: six dice d4 … d20 from HMAC(day secret, `YYYY-MM-DD|uuid`), next
// blocks `message|1`, `|2`… The same rule as daily.py beside it. Offline there is no archive, so the
// time the day's commitment was published cannot be checked: a daily verdict here is at most incomplete.
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
      return { index: 1n, message: text, dice };
    }

    function day(value) {
      const text = typeof value === "string" ? fairdice.strip(value) : "";
      if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) throw new Error("a date is written YYYY-MM-DD (UTC)");
      const [y, m, d] = text.split("-").map(Number);
      const date = new Date(0);
      date.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0 to 99 as 1900 to 1999
      if (y < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
        throw new Error(`${text} is not a date in the calendar`);
      }
      return text;
    }

    function player(value) {
      const text = typeof value === "string" ? fairdice.strip(value) : "";
      if (!UUID.test(text)) throw new Error("a player id is a UUID such as 123e4567-e89b-12d3-a456-426614174000");
      const digits = text.replace(/-/g, "").toLowerCase();
      return [digits.slice(0, 8), digits.slice(8, 12), digits.slice(12, 16), digits.slice(16, 20), digits.slice(20)].join("-");
    }

    function recorded(value) {
      const rolls = fairdice.readRecorded(value, SIDES);
      if (rolls !== null && rolls.length !== 1) {
        throw new Error(`a daily roll is one set of six faces (d4 d6 d8 d10 d12 d20), got ${rolls.length}`);
      }
      return rolls;
    }

    return {
      id: "daily",
      title: "Raredle’s daily roll",
      seedDocument: "004",
      sides: SIDES,
      secret: {
        field: "secret",
        words: "day’s secret",
        missing: "this page has no archive to take it from: paste the day’s secret, published once the day is over",
      },
      seal: { field: "commitment", words: "commitment" },
      yours: { field: "player_id", words: "player id", note: "your own player id" },
      fields: [
        { name: "date", required: true, read: day },
        { name: "player_id", required: true, read: player },
        { name: "secret", read: (v) => fairdice.hexValue(v, 32, 32, "a day secret") },
        fields.seal("commitment"),
        { name: "recorded", read: recorded },
      ],
      inputs: [
        {
          name: "date",
          param: "date",
          type: "text",
          label: "Date (UTC)",
          help: "YYYY-MM-DD: the UTC date. Your roll is determined at UTC midnight by that day’s secret.",
          placeholder: "YYYY-MM-DD",
        },
        {
          name: "player_id",
          param: "player",
          type: "text",
          label: "Player id",
          help: "The canonical lowercase hyphenated uuid. The verifier needs your player id.",
        },
        {
          name: "secret",
          param: "secret",
          type: "hex",
          label: "That day’s secret",
          help: "32 bytes, published as 64 hex characters once the day is over.",
        },
        {
          name: "commitment",
          param: "commitment",
          type: "hex",
          label: "Commitment (optional)",
          help: "The SHA-256 of the day’s secret, published in fairdice’s archive at the start of the day.",
        },
        {
          name: "recorded",
          param: "rolls",
          type: "rolls",
          label: "Your roll (optional)",
          help: "The six faces in the order d4, d6, d8, d10, d12, d20, for example 3 5 7 10 12 20.",
        },
      ],
      how:
        "Message: YYYY-MM-DD|<player_id>. Stream: HMAC-SHA256(secret, message); if exhausted, the next block is HMAC-SHA256(secret, message + \"|1\"), then \"|2\", and so on. Dice, in this fixed order: d4, d6, d8, d10, d12, d20. Per die of n sides: limit = 256 − (256 mod n); discard any byte ≥ limit; face = (byte mod n) + 1.",
      withheld(request, today) {
        if (!today || request.date < today) return null;
        return `the secret of ${request.date} is published once that day is over in UTC`;
      },
      offlineLimit:
        "This page cannot see when the day’s commitment was published: only fairdice’s archive shows it was fixed at the start of the day, before anyone played. Check the roll online to be sure.",
      roll: (mac, inputs) => roll(mac, day(inputs.date), player(inputs.player_id)),
      async rolls(mac, request) {
        return [await roll(mac, request.date, request.player_id)];
      },
      scope(request, rolls) {
        return { kind: "game", first: 1n, last: 1n, description: `the roll of ${request.date} for this player` };
      },
    };
  })(),
);
