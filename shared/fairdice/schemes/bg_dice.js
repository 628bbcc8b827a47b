"use strict";
// bg-dice-v1 (seed 001, against a bot) in the browser: opening roll-offs, then turns from 2 (or from 1 in
// a later game of a match), take-back lines, or labels listed one by one. Its rolls are labelled.js's.
fairdice.register(
  (() => {
    const PREFIX = "bg-dice-v1";
    const SEATS = ["you", "bot"];
    const MAX_TURN = 10 ** 9;
    // Canonical labels only: ASCII digits without leading zeros, a line only when there was a take-back.
    const LABEL = /^bg-dice-v1:(?:opening:(0|[1-9][0-9]{0,8})|turn:([1-9][0-9]{0,8})(?::line:([1-9][0-9]{0,8}))?)$/;
    const labelled = fairdice.need("labelled");
    const { fields, words, FieldError, wholeNumber } = fairdice;

    function labels(value) {
      if (!Array.isArray(value) || value.length < 1 || value.length > fairdice.MAX_ROLLS) {
        throw new Error(`give 1 to ${fairdice.MAX_ROLLS} labels`);
      }
      value.forEach((label, at) => {
        if (typeof label !== "string" || !LABEL.test(label)) {
          throw new FieldError(
            `labels[${at}]`,
            "a label looks like bg-dice-v1:opening:0, bg-dice-v1:turn:2 or bg-dice-v1:turn:7:line:1",
          );
        }
      });
      return value;
    }

    function check(request) {
      if (request.labels === null) {
        fairdice.needCount(request);
        return;
      }
      if (request.count !== null && Number(request.count) !== request.labels.length) {
        throw new FieldError("count", `count is ${request.count} but ${request.labels.length} labels were given`);
      }
      if (!request.opening || request.first_turn !== null || request.line) {
        throw new FieldError("labels", "labels list every roll already: leave opening, first_turn and line out");
      }
    }

    const start = (request) => (request.first_turn !== null ? request.first_turn : request.opening ? 2n : 1n);
    const part = (label) => {
      const [, opening, turn, line] = LABEL.exec(label);
      return opening !== undefined
        ? { opening: Number(opening) }
        : { turn: Number(turn), line: line === undefined ? 0 : Number(line) };
    };

    /** Where a list of labels sits in a game; a list no game produces is refused, naming its label. */
    function labelsScope(rolls) {
      const parts = rolls.map((roll) => part(roll.label));
      parts.forEach((now, at) => {
        if (!at) return;
        const before = parts[at - 1];
        const label = rolls[at].label;
        const tied = rolls[at - 1].winner === "tie";
        let fits;
        let why;
        if (now.opening !== undefined) {
          fits = before.opening === now.opening - 1 && tied;
          why = "an opening roll follows only the opening roll before it, and only when that one tied";
        } else if (before.opening !== undefined) {
          fits = !tied && now.turn === 2 && now.line === 0;
          why = "after an opening roll that did not tie comes turn:2 (its winner plays it as turn 1)";
        } else if (now.line === before.line) {
          fits = now.turn === before.turn + 1;
          why = "turns follow one another: turn:T, then turn:T+1";
        } else {
          fits = now.line === before.line + 1 && now.turn <= before.turn + 1;
          why = "a take-back starts the next line at a turn already played";
        }
        if (!fits) throw new FieldError(`labels[${at}]`, `${label} cannot follow ${rolls[at - 1].label}: ${why}`);
      });
      const first = rolls[0];
      const last = rolls[rolls.length - 1];
      const range = words.span(first.index, last.index);
      if (parts.some((p) => p.line)) {
        return {
          kind: "take_back",
          first: first.index,
          last: last.index,
          description: `${range}, on a take-back line`,
          reason:
            "These rolls are on a take-back line: the rolls taken back are not here, and whoever takes a move back starts a fresh line, so this cannot show the whole game was fair.",
        };
      }
      const head = parts[0];
      if (head.opening === 0 || head.turn === 1) {
        return { kind: "game", first: first.index, last: last.index, description: `${range} from the game's start` };
      }
      return {
        kind: "window",
        first: first.index,
        last: last.index,
        description: `${range}, from ${first.label} on`,
        reason: `These rolls start at ${first.label}, not at the game's start: the rolls from the opening roll (or from turn 1 in a later game of a match) are needed to show the whole game was fair.`,
      };
    }

    function scope(request, rolls) {
      if (request.labels !== null) return labelsScope(rolls);
      const first = rolls.length ? rolls[0].index : 1n;
      const last = rolls.length ? rolls[rolls.length - 1].index : 1n;
      const range = words.span(first, last);
      if (request.line) {
        return {
          kind: "take_back",
          first,
          last,
          description: `${range}, on take-back line ${request.line}`,
          reason: `These rolls are on take-back line ${request.line}: the rolls taken back are not here, and whoever takes a move back starts a fresh line, so this cannot show the whole game was fair.`,
        };
      }
      if (request.first_turn !== null && request.first_turn !== (request.opening ? 2n : 1n)) {
        return {
          kind: "window",
          first,
          last,
          description: `${range}, from turn ${request.first_turn} on`,
          reason: `These rolls start at turn ${request.first_turn}, not at the game's start: the rolls from the opening roll (or from turn 1 in a later game of a match) are needed to show the whole game was fair.`,
        };
      }
      return { kind: "game", first, last, description: `${range} from the game's start` };
    }

    return {
      id: PREFIX,
      title: "Backgammon Room, against a bot",
      seedDocument: "001",
      sides: [6, 6],
      secret: { field: "key", words: "key" },
      seal: { field: "lock", words: "lock" },
      fields: [
        fields.secret("key"),
        fields.seal("lock"),
        { name: "opening", default: true, read: fairdice.kinds.bool },
        { name: "first_turn", read: (v) => wholeNumber(v, 1, MAX_TURN) },
        { name: "line", default: 0n, read: (v) => wholeNumber(v, 0, MAX_TURN) },
        { name: "labels", read: labels },
        fields.count(),
        fields.recorded([6, 6]),
      ],
      // The seed page's own labels and help (seed 001); the last three are for what links carry.
      inputs: [
        {
          name: "key",
          param: "key",
          type: "hex",
          label: "Key",
          help: "Once the game is over, Game info (ⓘ on the board) shows it under Dice: tap Copy beside it.",
        },
        {
          name: "lock",
          param: "lock",
          type: "hex",
          label: "Lock (optional)",
          help: "Just under the key: the fingerprint the game showed before move 1.",
        },
        {
          name: "opening",
          param: "opening",
          type: "yesno",
          label: "Did the game begin with an opening roll?",
          help: "Yes for a single game or a match’s first game. In a match, the winner of each game starts the next without one.",
          choices: [
            ["1", "Yes"],
            ["0", "No"],
          ],
        },
        {
          name: "line",
          param: "line",
          type: "number",
          label: "Take-backs made before these rolls",
          help: "Only in a Practice game: after each take-back the rolls carry on from a fresh line. Otherwise leave it at 0.",
          placeholder: "0",
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
          name: "first_turn",
          param: "first",
          type: "number",
          more: true,
          label: "First turn",
          help: "Leave it empty: the rolls start at the game’s start. A later turn checks only part of the game.",
        },
        {
          name: "labels",
          param: "labels",
          type: "labels",
          prefix: `${PREFIX}:`,
          more: true,
          label: "Labels, one per line",
          help: "Instead of the answers above: the roll labels in the order they came, such as opening:0 and turn:2.",
        },
      ],
      how:
        "A roll is read from HMAC-SHA256, keyed with the key, of the roll’s label followed by :0 (then :1, :2… if more bytes are needed): a byte of 252 or more is skipped, any other gives a die of (byte mod 6) + 1, and the first two dice read are the roll. The opening roll’s label is bg-dice-v1:opening:0 (:1, :2… after a tie; your die first) and each turn’s is bg-dice-v1:turn:2, bg-dice-v1:turn:3…",
      check,
      roll: (mac, inputs) => labelled.labelledRoll(mac, 1, inputs.label, SEATS),
      rolls(mac, request, count) {
        if (request.labels !== null) return labelled.explicit(mac, request.labels, SEATS);
        return labelled.game(mac, {
          prefix: PREFIX,
          opening: request.opening,
          turnWord: "turn",
          firstTurn: start(request),
          count,
          line: request.line,
          seats: SEATS,
        });
      },
      scope,
    };
  })(),
);
