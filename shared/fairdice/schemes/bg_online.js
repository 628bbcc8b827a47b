"use strict";
// bg-online-v1 (seed 001, online) in the browser: the key is HMAC(server number, `bg-online-v1:seeds:`
// and both apps' numbers), then game G's labelled rolls `gG:opening:k` and `gG:roll:1`… (labelled.js).
// The same rules as bg_online.py beside it.
fairdice.register(
  (() => {
    const ONLINE = "bg-online-v1";
    const SEATS = ["first", "second"];
    const MATCH_GAMES = 49; // a match to 25 points has at most 49 games
    const PAIR = [6, 6];
    const words = { secret: "server number", seal: "seal", roll: "roll", rolls: "rolls", other_game: "another match" };
    const labelled = fairdice.need("labelled");
    const { fields, FieldError, words: say } = fairdice;

    /** An app's number as the core reads it: hex, its spaces left out (and said so when it is refused). */
    function appNumber(value) {
      const digits = typeof value === "string" ? fairdice.withoutSpaces(value) : "";
      if (!/^[0-9a-fA-F]{1,128}$/.test(digits)) {
        const spaced = typeof value === "string" && digits !== fairdice.strip(value) ? " (its spaces were left out)" : "";
        throw new Error(`an app's number must be 1 to 128 hex digits${spaced}${fairdice.notHex(digits)}${zeroX(digits)}`);
      }
      return digits.toLowerCase();
    }

    /** What a number written 0x… is told, as the core tells it (fields._app_0x): the 0x left out, the digits after it checked. */
    function zeroX(digits) {
      if (!/^0[xX][0-9a-fA-F]*$/.test(digits)) return "";
      if (digits.length === 2) return ": no digits follow its 0x; copy the app's number again";
      return (
        ": leave out the 0x in front, and check the digits after it against your app's, zeros in front and all: with" +
        " another count of zeros, the same number rolls other dice"
      );
    }

    /** What the player must see of a number's leading zeros: with another count of them it rolls other dice (bg_online.py). */
    function leadingZeros(number) {
      const zeros = Math.min(number.length - number.replace(/^0+/u, "").length, number.length - 1);
      if (!zeros) return "";
      return (
        `; ${say.cut(number, fairdice.STARTS_SHOWN)} starts with ${say.counted(zeros, "zero", "zeros")}: written with another count of zeros in front, the` +
        ` same number rolls other dice, so check that your app showed ${zeros === 1 ? "it" : "them"}`
      );
    }

    /** `bg-online-v1:seeds:` followed by both apps' numbers in lowercase hex, separated by a colon. */
    const keyMessage = (request) => `${ONLINE}:seeds:${request.app_numbers.join(":")}`;
    const hasOpening = (request) => (request.opening === null ? request.game === 1 : request.opening);

    function check(request) {
      if (request.game > 1 && request.opening) {
        const game = request.game;
        throw new FieldError(
          "opening",
          `game ${game} has no opening roll: only a match's first game starts with one; game ${game} starts at ${ONLINE}:g${game}:roll:1`,
        );
      }
    }

    /** Game G from its start; game 1 without its opening roll is a window. */
    function scope(request, rolls) {
      const count = rolls.length;
      const start = rolls.length ? rolls[0].label : "";
      if (request.game === 1 && !hasOpening(request)) {
        return {
          kind: "window",
          first: 1,
          last: count,
          description: `rolls from ${start} only: game 1's rolls from ${ONLINE}:g1:opening:0 are needed`,
        };
      }
      const checked = `${say.span("roll", "rolls", 1, count)} of game ${request.game} from its start (${start})`;
      const tied = labelled.tiedAtTheEnd(rolls);
      if (tied !== null) return { kind: "unfinished", first: 1, last: count, description: labelled.unfinished(checked, tied) };
      return { kind: "game", first: 1, last: count, description: checked };
    }

    return {
      id: ONLINE,
      title: "Backgammon Room, online match",
      seedDocument: "001",
      sides: PAIR,
      words,
      secretField: "server_number",
      sealField: "seal",
      fields: [
        fields.recorded(PAIR),
        fields.count(),
        fields.secret("server_number"),
        fields.seal("seal"),
        { name: "app_numbers", required: true, read: fairdice.listOf("app_numbers", 2, 2, appNumber) },
        { name: "game", default: 1, read: (v) => fairdice.wholeNumber(v, 1, MATCH_GAMES) },
        { name: "opening", optional: true, read: fairdice.kinds.bool },
      ],
      link: [
        { name: "server", field: "server_number", kind: "text" },
        { name: "seal", field: "seal", kind: "text" },
        { name: "app", field: "app_numbers", kind: "list" },
        { name: "g", field: "game", kind: "int" },
        { name: "opening", field: "opening", kind: "bool" },
        { name: "n", field: "count", kind: "int" },
        { name: "rolls", field: "recorded", kind: "rolls" },
      ],
      inputs: [
        {
          name: "server_number",
          type: "hex",
          label: "The server’s number",
          help: "Online, the server seals its number the same way before the first roll, and reveals it when the match ends.",
        },
        {
          name: "seal",
          type: "hex",
          label: "Seal (optional)",
          help: "The fingerprint of the server’s number, shown before the first roll.",
        },
        {
          name: "app_numbers",
          type: "list",
          label: "Both apps’ numbers, one per line",
          help: "Both apps add a number of their own, so no one alone decides the dice.",
        },
        {
          name: "game",
          type: "number",
          label: "Game of the match",
          help: "1 for the first game; the second game (g2) starts at roll:1, without an opening roll.",
          placeholder: "1",
        },
        ...labelled.FORM_ROLLS,
        {
          name: "opening",
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
      identity: (request) => [
        {
          field: "app_numbers",
          value: request.app_numbers,
          description:
            "both apps' numbers, in the order the game lists them (the other order rolls other dice): yours is the one your app showed" +
            request.app_numbers.map(leadingZeros).join(""),
        },
        // Each game of a match rolls from labels of its own (gG) under the one server number: which it was is the
        // player's to recognise, as the numbers are.
        { field: "game", value: request.game, description: "which game of the match this was, from 1" },
      ],
      roll: (mac, inputs) => labelled.labelledRoll(mac, 1, inputs.label, SEATS),
      rolls(mac, request) {
        return labelled.game(mac, {
          prefix: `${ONLINE}:g${request.game}`,
          opening: hasOpening(request),
          turnWord: "roll",
          firstTurn: 1,
          count: fairdice.rollCount(request),
          line: 0,
          seats: SEATS,
        });
      },
      scope,
    };
  })(),
);
