"use strict";
// bg-online-v1 (seed 001, online) in the browser: the key is HMAC(server number, `bg-online-v1:seeds:`
// and both apps' numbers), then game G's labelled rolls `gG:opening:k` and `gG:roll:1`… (labelled.js).
fairdice.register(
  (() => {
    const ID = "bg-online-v1";
    const SEATS = ["first", "second"];
    const MAX_GAME = 10 ** 6;
    const labelled = fairdice.need("labelled");
    const { fields, words, FieldError } = fairdice;

    function appNumbers(value) {
      if (!Array.isArray(value) || value.length !== 2) throw new Error("give both apps' numbers, two of them");
      return value.map((number, at) => {
        const digits = typeof number === "string" ? fairdice.strip(number) : "";
        if (!/^[0-9a-fA-F]{1,128}$/.test(digits)) {
          throw new FieldError(`app_numbers[${at}]`, "an app's number must be 1 to 128 hex digits");
        }
        return digits.toLowerCase();
      });
    }

    /** `bg-online-v1:seeds:` followed by both apps' numbers in lowercase hex, separated by a colon. */
    const keyMessage = (request) => `${ID}:seeds:${request.app_numbers.join(":")}`;
    const hasOpening = (request) => (request.opening === null ? request.game === 1n : request.opening);

    function check(request) {
      fairdice.needCount(request);
      if (request.game > 1n && request.opening === true) {
        throw new FieldError("opening", "only a match's first game begins with an opening roll: game 2 onward starts at roll:1");
      }
    }

    function scope(request, rolls) {
      const first = rolls.length ? rolls[0].index : 1n;
      const last = rolls.length ? rolls[rolls.length - 1].index : 1n;
      const range = words.span(first, last);
      if (!hasOpening(request) && request.game === 1n) {
        return {
          kind: "window",
          first,
          last,
          description: `${range} of game 1, without its opening roll`,
          reason: "Game 1 begins with an opening roll, and these rolls start after it: the rolls from the opening roll are needed to show the whole game was fair.",
        };
      }
      return { kind: "game", first, last, description: `${range} from the start of game ${request.game}` };
    }

    return {
      id: ID,
      title: "Backgammon Room, online match",
      seedDocument: "001",
      sides: [6, 6],
      secret: { field: "server_number", words: "server’s number" },
      seal: { field: "seal", words: "seal" },
      yours: { field: "app_numbers", words: "apps’ numbers", note: "the numbers both apps added to the match" },
      fields: [
        fields.secret("server_number"),
        fields.seal("seal"),
        { name: "app_numbers", required: true, read: appNumbers },
        { name: "game", default: 1n, read: (v) => fairdice.wholeNumber(v, 1, MAX_GAME) },
        { name: "opening", read: fairdice.kinds.bool },
        fields.count(),
        fields.recorded([6, 6]),
      ],
      inputs: [
        {
          name: "server_number",
          param: "server",
          type: "hex",
          label: "The server’s number",
          help: "Online, the server seals its number the same way before the first roll, and reveals it when the match ends.",
        },
        {
          name: "seal",
          param: "seal",
          type: "hex",
          label: "Seal (optional)",
          help: "The fingerprint of the server’s number, shown before the first roll.",
        },
        {
          name: "app_numbers",
          param: "app",
          type: "list",
          label: "Both apps’ numbers, one per line",
          help: "Both apps add a number of their own, so no one alone decides the dice.",
        },
        {
          name: "game",
          param: "g",
          type: "number",
          label: "Game of the match",
          help: "1 for the first game; the second game (g2) starts at roll:1, without an opening roll.",
          placeholder: "1",
        },
        {
          name: "recorded",
          param: "rolls",
          type: "rolls",
          label: "The rolls you saw (optional)",
          help: "In the order they came, starting with the opening roll, for example 4-6 1-3 6-6. Each is compared with the key’s.",
        },
        {
          name: "count",
          param: "n",
          type: "number",
          more: true,
          label: "Number of rolls",
          help: "Without your rolls the page lists every roll the key gives, up to this many; leave it empty with your rolls.",
        },
        {
          name: "opening",
          param: "opening",
          type: "yesno",
          more: true,
          label: "Did the game begin with an opening roll?",
          help: "Only a match’s first game does; leave it as it is.",
          choices: [
            ["", "Only game 1"],
            ["1", "Yes"],
            ["0", "No"],
          ],
        },
      ],
      how:
        "Online, the key is HMAC-SHA256, keyed with the server’s number, of bg-online-v1:seeds: followed by both apps’ numbers in lowercase hex, separated by a colon. The labels are bg-online-v1:g1:opening:0, then bg-online-v1:g1:roll:1, …:roll:2… (g2 for the second game, which starts at roll:1). Each label is HMAC’ed as label:0 (then :1…): bytes of 252 or more are skipped, any other gives a die of (byte mod 6) + 1.",
      check,
      keyMessage,
      async key(secret, request) {
        return fairdice.hmac(secret)(fairdice.text(keyMessage(request)));
      },
      roll: (mac, inputs) => labelled.labelledRoll(mac, 1, inputs.label, SEATS),
      rolls(mac, request, count) {
        return labelled.game(mac, {
          prefix: `${ID}:g${request.game}`,
          opening: hasOpening(request),
          turnWord: "roll",
          firstTurn: 1,
          count,
          line: 0,
          seats: SEATS,
        });
      },
      scope,
    };
  })(),
);
