"use strict";
// pair36 (seed 000) in the browser: one byte mod 36 per roll, `+` retry when a MAC has no usable byte.
// The same rule as pair36.py beside it.
fairdice.register(
  (() => {
    const USABLE_BELOW = 252; // 7 x 36
    const CLIENT_SEED = /^[A-Za-z0-9_-]{1,128}$/;
    const MAX_SEATS = 8;

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
            return { index: BigInt(number), message: text, dice: [Math.floor(v / 6) + 1, (v % 6) + 1] };
          }
        }
      }
    }

    function clientSeeds(value) {
      if (!Array.isArray(value) || value.length < 1 || value.length > MAX_SEATS) {
        throw new Error(`give 1 to ${MAX_SEATS} client seeds, one per seat`);
      }
      value.forEach((seed, at) => {
        if (typeof seed !== "string" || !CLIENT_SEED.test(seed)) {
          throw new fairdice.FieldError(
            `client_seeds[${at}]`,
            "a client seed is 1 to 128 characters of letters, digits, _ and -",
          );
        }
      });
      return value;
    }

    const { fields, words } = fairdice;
    return {
      id: "pair36",
      title: "Dice you can check",
      seedDocument: "000",
      linkDefault: true, // seed 000's links carry no scheme parameter
      sides: [6, 6],
      secret: { field: "server_seed", words: "server seed" },
      seal: { field: "seal", words: "seal" },
      yours: { field: "client_seeds", words: "client seeds", note: "in seat order, as the dice sheet lists them" },
      fields: [
        fields.secret("server_seed"),
        fields.seal("seal"),
        { name: "client_seeds", required: true, read: clientSeeds },
        fields.count(),
        fields.first(1),
        fields.recorded([6, 6]),
      ],
      // The seed page's own labels and help (seed 000).
      inputs: [
        {
          name: "server_seed",
          param: "seed",
          type: "hex",
          label: "Server seed",
          help: "The game-over card shows it under “Seal opened”. Tap it to copy. During a game it is still closed, on purpose.",
        },
        {
          name: "seal",
          param: "seal",
          type: "hex",
          label: "Seal shown before the game (optional)",
          help: "Leave it empty and the page just computes the fingerprint for the seed above.",
        },
        {
          name: "client_seeds",
          param: "client",
          type: "list",
          label: "Client seeds, one per line",
          help: "In seat order, as the dice sheet lists them. Offline there is only yours.",
        },
        {
          name: "count",
          param: "n",
          type: "number",
          label: "Number of rolls",
          help: "Rolls are numbered from 1 across the whole match. Opening roll-offs count too, and a Classic match keeps counting from game to game.",
        },
        {
          name: "recorded",
          param: "rolls",
          type: "rolls",
          label: "Recorded rolls (optional)",
          help: "The rolls as the dice sheet lists them, with or without their numbers. Paste them and every roll is compared, not just shown.",
        },
        {
          name: "first",
          param: "first",
          type: "number",
          more: true,
          label: "First roll number",
          help: "Leave it at 1. A later number checks only part of the match, so the check cannot show the whole match was fair.",
        },
      ],
      how:
        "mac = HMAC-SHA256(key = server seed bytes, message = clientSeed1:clientSeed2:rollNumber); byte = the first byte of mac that is below 252; v = byte mod 36; dice = (floor(v / 6) + 1, v mod 6 + 1). If no byte is below 252, a + is appended to the client-seed part and the MAC is computed again.",
      check: fairdice.needCount,
      roll: (mac, inputs) => roll(mac, inputs.client_seeds, BigInt(inputs.number)),
      async rolls(mac, request, count) {
        const numbers = fairdice.numbers(request.first, count);
        const blocks = await fairdice.macs(
          mac,
          numbers.map((n) => fairdice.text(message(request.client_seeds, n))),
        );
        return Promise.all(numbers.map((n, at) => roll(mac, request.client_seeds, n, blocks[at])));
      },
      scope(request, rolls) {
        const first = request.first;
        const last = rolls.length ? rolls[rolls.length - 1].index : first;
        const range = words.span(first, last);
        if (first > 1n) {
          return {
            kind: "window",
            first,
            last,
            description: `${range} of the match only`,
            reason: `Only ${range} ${first === last ? "was" : "were"} checked: the match's rolls from roll 1 are needed to show the whole match was fair.`,
          };
        }
        return { kind: "game", first, last, description: `${range} from the match's start` };
      },
    };
  })(),
);
