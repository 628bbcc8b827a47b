"use strict";
// narde-v1 (seed 002) in the browser: roll i from 0 is HMAC(key, `narde-v1|phrase|i`), next block
// `…|i|1`. The same rules as narde.py beside it.
fairdice.register(
  (() => {
    const PAIR = [6, 6];
    const LAST = fairdice.MAX_ROLLS - 1; // rolls run to i = 9,999
    const words = { secret: "key", seal: "fingerprint", roll: "roll", rolls: "rolls" };
    const { fields } = fairdice;

    /** The HMAC message of roll `i`'s block `block` (block 0 has no block suffix). */
    const message = (phrase, i, block = 0) => `narde-v1|${phrase}|${i}${block ? `|${block}` : ""}`;

    /** Roll `i`: the first two usable bytes of its blocks (`first`: block 0, if already computed). */
    async function roll(mac, phrase, i, first) {
      const text = message(phrase, i);
      const block = first || (await mac(fairdice.text(text)));
      const dice = await fairdice.readDice(block, (b) => mac(fairdice.text(message(phrase, i, b))), PAIR);
      return { index: i, message: text, dice };
    }

    return {
      id: "narde-v1",
      title: "Narde",
      seedDocument: "002",
      sides: PAIR,
      words,
      secretField: "key",
      sealField: "fingerprint",
      numbered: { FIRST: 0, LAST, game: "game" },
      fields: [
        fields.recorded(PAIR),
        fields.count(),
        fields.key32("key"),
        fields.seal("fingerprint"),
        { name: "phrase", required: true, read: (v) => fairdice.printable(v, 256, "a phrase") },
        fields.first(0, LAST),
      ],
      link: [
        { name: "key", field: "key", kind: "text" },
        { name: "fingerprint", field: "fingerprint", kind: "text" },
        { name: "phrase", field: "phrase", kind: "text" },
        { name: "first", field: "first", kind: "int" },
        { name: "n", field: "count", kind: "int" },
        { name: "rolls", field: "recorded", kind: "rolls" },
      ],
      // The seed page's own field names (seed 002), with its words on each.
      inputs: [
        {
          name: "fingerprint",
          type: "hex",
          label: "Fingerprint shown before the game",
          help: "Before the first roll the app shows SHA-256 of the key — a sealed envelope.",
        },
        {
          name: "key",
          type: "hex",
          label: "Key shown after the game",
          help: "After the game the key is revealed. Its SHA-256 must equal the fingerprint.",
        },
        {
          name: "phrase",
          type: "text",
          label: "Phrase",
          help: "Every roll is HMAC-SHA256(key, narde-v1|phrase|i).",
        },
        {
          name: "count",
          type: "number",
          label: "Number of rolls",
          help: "Roll number i counts from 0, the opening roll included.",
        },
        {
          name: "recorded",
          type: "rolls",
          label: "Roll log (optional)",
          help: "The rolls computed from the key must equal the roll log in the app, for example 1-5 4-6 3-4.",
        },
        {
          name: "first",
          type: "number",
          more: true,
          label: "First roll number",
          help: "Leave it at 0. A later number checks only part of the game.",
        },
      ],
      how:
        "Roll number i (from 0, the opening roll included) = HMAC-SHA256(key, narde-v1|phrase|i). Bytes 252–255 are skipped; every other byte b gives a die b mod 6 + 1. The first two dice are the roll. If a block has fewer than two usable bytes, the next one is …|i|1.",
      identity: (request) => [
        { field: "phrase", value: request.phrase, description: "the phrase your app showed for this game" },
      ],
      roll: (mac, inputs) => roll(mac, inputs.phrase, Number(inputs.i)),
      rolls: (mac, request) =>
        fairdice.numberedRolls(
          mac,
          request,
          (i) => fairdice.text(message(request.phrase, i)),
          (i, block) => roll(mac, request.phrase, i, block),
        ),
    };
  })(),
);
