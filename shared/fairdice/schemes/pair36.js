"use strict";
// pair36 (seed 000) in the browser: one byte mod 36 per roll, `+` retry when a MAC has no usable byte.
// The same rules as pair36.py beside it: its fields, link, numbering and words.
fairdice.register(
  (() => {
    const USABLE_BELOW = 252; // 7 x 36
    const CLIENT_SEED = /^[A-Za-z0-9_-]{1,128}$/;
    const MAX_SEATS = 8;
    const MATCH_ROLLS = 10000; // roll numbers run 1 to 10,000
    const PAIR = [6, 6];
    const words = { secret: "server seed", seal: "seal", roll: "roll", rolls: "rolls", other_game: "another match" };
    const { fields, words: say } = fairdice;

    /** What the player must see of a hex client seed's capital letters: another case rolls other dice (pair36.py). */
    function capitals(seed) {
      if (!/^[0-9a-fA-F]*[A-F][0-9a-fA-F]*$/u.test(seed)) return "";
      const capitalLetters = [...seed].filter((c) => /[A-F]/u.test(c)).length === 1 ? "a capital letter" : "capital letters";
      return `; ${say.cut(seed, fairdice.STARTS_SHOWN)} holds ${capitalLetters}: in another case the same seed rolls other dice, so check that your app showed it in the same case`;
    }

    /** `c1:c2:…:n`, with `retry` `+` signs appended to the client-seed part. */
    const message = (seeds, number, retry = 0) => `${seeds.join(":")}${"+".repeat(retry)}:${number}`;

    /** Roll number `number` (from 1) of the match (`first`: its first MAC, if already computed). */
    async function roll(mac, seeds, number, first) {
      for (let retry = 0; ; retry += 1) {
        const text = message(seeds, number, retry);
        const block = first && !retry ? first : await mac(fairdice.text(text));
        for (const byte of block) {
          if (byte < USABLE_BELOW) {
            const v = byte % 36;
            return { index: number, message: text, dice: [Math.floor(v / 6) + 1, (v % 6) + 1] };
          }
        }
      }
    }

    function clientSeed(value) {
      if (typeof value !== "string" || !CLIENT_SEED.test(value)) {
        // A space copied with a seed is said, as fairdice.fields says it
        const spaced = typeof value === "string" && CLIENT_SEED.test(fairdice.strip(value));
        // and so is any other character it may not hold, as fairdice.fields names it
        const bad = typeof value === "string" ? Array.from(value).find((c) => !CLIENT_SEED.test(c)) : undefined;
        // a fullwidth letter or digit as the one it looks like
        const alike = bad === undefined ? "" : fairdice.fullwidthOf(bad);
        const named = alike && CLIENT_SEED.test(alike) ? `, a look-alike of ${alike},` : "";
        throw new Error(
          "a client seed is 1 to 128 characters of letters, digits, _ and -" +
            (spaced
              ? `: ${fairdice.pyRepr(fairdice.strip(value))} has a space before or after it`
              : bad !== undefined
                ? `: ${fairdice.pyRepr(bad)}${named} is none of them`
                : typeof value !== "string"
                  ? ""
                  : value
                    ? `: it has ${fairdice.words.number(value.length)}`
                    : ": it is empty"),
        );
      }
      return value;
    }

    return {
      id: "pair36",
      title: "Dice you can check",
      seedDocument: "000",
      bareLinks: true, // seed 000's links carry no scheme parameter
      sides: PAIR,
      words,
      secretField: "server_seed",
      sealField: "seal",
      numbered: { FIRST: 1, LAST: MATCH_ROLLS, game: "match" },
      fields: [
        fields.recorded(PAIR),
        fields.count(),
        fields.secret("server_seed"),
        fields.seal("seal"),
        { name: "client_seeds", required: true, read: fairdice.listOf("client_seeds", 1, MAX_SEATS, clientSeed) },
        fields.first(1, MATCH_ROLLS),
      ],
      link: [
        { name: "seed", field: "server_seed", kind: "text" },
        { name: "seal", field: "seal", kind: "text" },
        { name: "client", field: "client_seeds", kind: "list" },
        { name: "first", field: "first", kind: "int" },
        { name: "n", field: "count", kind: "int" },
        { name: "rolls", field: "recorded", kind: "rolls" },
      ],
      // The seed page's own labels and help (seed 000).
      inputs: [
        {
          name: "server_seed",
          type: "hex",
          label: "Server seed",
          help: 'The game-over card shows it under "Seal opened". Tap it to copy. During a game it is still closed, on purpose.',
        },
        {
          name: "seal",
          type: "hex",
          label: "Seal shown before the game (optional)",
          help: "Leave it empty and the page just computes the fingerprint for the seed above.",
        },
        {
          name: "client_seeds",
          type: "list",
          label: "Client seeds, one per line",
          help: "In seat order, as the dice sheet lists them. Offline there is only yours.",
        },
        {
          name: "count",
          type: "number",
          label: "Number of rolls",
          help: "Rolls are numbered from 1 across the whole match. Opening roll-offs count too, and a Classic match keeps counting from game to game.",
        },
        {
          name: "recorded",
          type: "rolls",
          label: "Recorded rolls (optional)",
          help: "The rolls as the dice sheet lists them, with or without their numbers. Paste them and every roll is compared, not just shown.",
        },
        {
          name: "first",
          type: "number",
          more: true,
          label: "First roll number",
          help: "Leave it at 1. A later number checks only part of the match, so the check cannot show the whole match was fair.",
        },
      ],
      how:
        "mac = HMAC-SHA256(key = server seed bytes, message = clientSeed1:clientSeed2:rollNumber); byte = the first byte of mac that is below 252; v = byte mod 36; dice = (floor(v / 6) + 1, v mod 6 + 1). If no byte is below 252, a + is appended to the client-seed part and the MAC is computed again.",
      identity: (request) => [
        {
          field: "client_seeds",
          value: request.client_seeds,
          description:
            "the client seeds of the match's seats, in seat order: yours is the one your app showed" +
            request.client_seeds.map(capitals).join(""),
        },
      ],
      roll: (mac, inputs) => roll(mac, inputs.client_seeds, Number(inputs.number)),
      rolls: (mac, request) =>
        fairdice.numberedRolls(
          mac,
          request,
          (n) => fairdice.text(message(request.client_seeds, n)),
          (n, block) => roll(mac, request.client_seeds, n, block),
        ),
    };
  })(),
);
