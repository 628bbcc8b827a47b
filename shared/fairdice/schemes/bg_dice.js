"use strict";
// bg-dice-v1 (seed 001, against a bot) in the browser: opening roll-offs, then turns from 2 (or from 1 in
// a later game of a match), take-back lines, or labels listed one by one. The same rules as bg_dice.py
// beside it: canonical labels, what may follow what, ties decided by the dice, bounds, scope and words.
fairdice.register(
  (() => {
    const BOT = "bg-dice-v1";
    const SEATS = ["you", "bot"];
    const MAX_TURN = 10000; // a game has at most as many turns as fairdice takes it to have rolls
    const MAX_TAKE_BACKS = 1000; // take-back lines of one Practice game
    // Numbers in the digits 0-9 only, without leading zeros: one spelling per label.
    const LABEL = /^bg-dice-v1:(?:opening:(0|[1-9][0-9]{0,4})|turn:([1-9][0-9]{0,4})(?::line:([1-9][0-9]{0,3}))?)$/;
    const PAIR = [6, 6];
    const words = { secret: "key", seal: "lock", roll: "roll", rolls: "rolls" };
    const labelled = fairdice.need("labelled");
    const { fields, FieldError, wholeNumber, words: say } = fairdice;

    /** A label's parts, from its match of LABEL: an opening roll-off k, or a turn on a take-back line (0: none taken
     * back). */
    function partsOf(found) {
      const [text, opening, turn, line] = found;
      return {
        text,
        opening: opening === undefined ? null : Number(opening),
        turn: turn === undefined ? null : Number(turn),
        line: line === undefined ? 0 : Number(line),
      };
    }

    /** The parts of a label that `label` accepted. */
    const read = (text) => partsOf(LABEL.exec(text));

    function label(value) {
      const found = typeof value === "string" ? LABEL.exec(value) : null;
      if (found === null) {
        throw new Error(
          "a label looks like bg-dice-v1:opening:0, bg-dice-v1:turn:2 or bg-dice-v1:turn:7:line:1, its numbers in the digits 0-9 without leading zeros",
        );
      }
      // From this match, not by `read`, which would match the label again: the request's check reads each whole
      const parts = partsOf(found);
      if ((parts.turn || 0) > MAX_TURN || parts.line > MAX_TAKE_BACKS) {
        throw new Error(`turns run to ${MAX_TURN} and take-back lines to ${MAX_TAKE_BACKS} in a game`);
      }
      return value;
    }

    /** Whether the rolls asked for by turn begin with the opening roll: yes unless `opening` says no (bg_dice.py). */
    const hasOpening = (request) => request.opening !== false;

    /** The turn a game's turns start at: first_turn where given, else 2 after the opening roll (its winner plays it as
     * turn 1), else 1 (a later game of a match). */
    const firstTurnOf = (request) => (request.first_turn !== null ? request.first_turn : hasOpening(request) ? 2 : 1);

    /** Whether a game whose listed rolls start at `first` began with an opening roll: yes from a roll-off, no from a
     * later game's turn 1 (on no take-back line); null from mid-game, which does not say. */
    function openingOf(first) {
      if (first.opening !== null) return true;
      if (first.turn === 1 && !first.line) return false;
      return null;
    }

    const turnLabel = (turn, line) => `${BOT}:turn:${turn}${line ? `:line:${line}` : ""}`;

    /** null when `now` can come right after `before` in a game, else what can (ties are checked with the dice). */
    function whatFollows(before, now, opened) {
      if (before.opening !== null) {
        // Turn 2 on any line: taking back turn 1's move (the opening roll's) rolls nothing, however often it is done
        if (now.opening === before.opening + 1 || now.turn === 2) return null;
        return `${BOT}:opening:${before.opening + 1} (after a tie) or ${BOT}:turn:2 (after take-backs of turn 1's move, ${BOT}:turn:2:line:1 and on)`;
      }
      const turn = before.turn || 0;
      // A take-back to turn 1's move in a game that began with an opening roll keeps that roll: turn 2 comes next
      const least = opened ? 2 : 1;
      if (now.opening === null && now.turn !== null) {
        if (now.line === before.line && now.turn === turn + 1) return null;
        // Take-backs: a fresh line for each; two with no roll between them leave a line unrolled (bg_dice.py)
        if (now.line > before.line && least <= now.turn && now.turn <= turn + 1) return null;
      }
      const turns = opened ? `a turn T from 2 up to ${turn + 1}` : `a turn T up to ${turn + 1}`;
      const fresh = `${BOT}:turn:T:line:L for ${turns} and a line L from ${before.line + 1}`;
      const why = opened ? "; a game that began with an opening roll plays it as turn 1" : "";
      return `${turnLabel(turn + 1, before.line)} or, after take-backs, ${fresh} (a fresh line for each take-back${why})`;
    }

    function check(request, named) {
      if (request.labels !== null) {
        if (request.count !== null && request.count !== request.labels.length) {
          throw new FieldError("count", `${named("count")} is ${request.count} but ${request.labels.length} labels were given`);
        }
        if (request.first_turn !== null || request.line) {
          throw new FieldError(
            "labels",
            `labels list every roll already: leave ${named("opening")}, ${named("first_turn")} and ${named("line")} out`,
          );
        }
        const parts = request.labels.map(read);
        const said = openingOf(parts[0]);
        if (request.opening !== null && said !== null && request.opening !== said) {
          // An answer the labels contradict is not taken silently, whichever it is (bg_dice.py)
          const first = said ? "its opening roll" : "a later game of a match's first roll";
          throw new FieldError(
            "opening",
            `${named("opening")} says the game began ${request.opening ? "with" : "without"} an opening roll, but the labels start with ${parts[0].text}, ${first}: leave ${named("opening")} out, the labels say it`,
          );
        }
        const opened = parts[0].opening !== null; // roll-offs come first in a list, or not at all
        for (let at = 1; at < parts.length; at += 1) {
          const expected = whatFollows(parts[at - 1], parts[at], opened);
          if (expected !== null) {
            throw new FieldError(`labels[${at}]`, `${parts[at].text} cannot follow ${parts[at - 1].text} in a game: ${expected} comes next`);
          }
        }
      } else if (hasOpening(request) && request.first_turn !== null && request.first_turn !== 2) {
        throw new FieldError(
          "first_turn",
          `after the opening roll the turns go on at turn 2 (its winner plays it as turn 1): leave ${named("first_turn")} out, or give ${named("opening")} false for rolls that start at another turn`,
        );
      } else {
        // As labels are bounded: the turns these rolls reach stay within a game's (bg_dice.py does the same)
        const count = fairdice.rollCount(request);
        const start = firstTurnOf(request);
        const last = start + count - (hasOpening(request) ? 2 : 1);
        if (last > MAX_TURN) {
          const { number } = fairdice.words;
          throw new FieldError(
            "count",
            `${named("count")} ${number(count)} from turn ${start} runs to turn ${number(last)}: turns run to ${number(MAX_TURN)} in a game`,
          );
        }
      }
    }

    /** A listed opening roll-off is rolled again only after a tie: the dice say which labels can follow. */
    async function checkOpenings(parts, rolls, mac) {
      const first = parts.length ? parts[0].opening : null;
      if (first) {
        for (let k = 0; k < first; k += 1) {
          const dice = await labelled.diceFor(mac, `${BOT}:opening:${k}`);
          if (dice[0] !== dice[1]) {
            throw new FieldError(
              "labels[0]",
              `${parts[0].text} is never rolled with this key: ${BOT}:opening:${k} gives ${dice[0]}-${dice[1]}, not a tie, so the opening ends there`,
            );
          }
        }
      }
      for (let at = 0; at + 1 < parts.length; at += 1) {
        const [now, following] = [parts[at], parts[at + 1]];
        if (now.opening === null) continue;
        const tied = rolls[at].winner === "tie";
        if (tied && following.opening === null) {
          throw new FieldError(
            `labels[${at + 1}]`,
            `${now.text} is a tie with this key, so the opening is rolled again as ${BOT}:opening:${now.opening + 1} before ${following.text}`,
          );
        }
        if (!tied && following.opening !== null) {
          throw new FieldError(
            `labels[${at + 1}]`,
            `${now.text} is not a tie with this key, so no ${following.text} is rolled: ${BOT}:turn:2 comes next`,
          );
        }
      }
    }

    /** Whether the game began with an opening roll: one key rolls a game that does and one that does not (a later
     * game of a match), and which it was is the player's to recognise. Labels say it by their first (none when they
     * start mid-game: a window). */
    function identity(request) {
      const opening = request.labels === null ? hasOpening(request) : openingOf(read(request.labels[0]));
      if (opening === null) return [];
      return [
        {
          field: "opening",
          value: opening,
          description:
            "whether the game began with an opening roll: yes for a single game or a match's first game, no for a later game of a match",
        },
      ];
    }

    /** A game from the opening (or from turn 1 in a later game), a window of one, or a take-back line. */
    async function scope(request, rolls, mac) {
      const texts = rolls.map((roll) => roll.label);
      if (request.labels !== null) {
        // Roll-offs lead a game: the opening's labels and the one after them are all the check reads (bg_dice.py)
        const openings = texts.findIndex((text) => !text.includes(labelled.OPENING));
        await checkOpenings(texts.slice(0, openings === -1 ? texts.length : openings + 1).map(read), rolls, mac);
      }
      const count = texts.length;
      const onALine = texts.find((text) => text.includes(":line:"));
      const line = onALine === undefined ? null : read(onALine);
      if (line) {
        return {
          kind: "take_back",
          first: 1,
          last: count,
          description: `rolls on take-back line ${line.line} (from ${line.text}): after a take-back the rolls carry on from a fresh line, so whoever decides take-backs can choose one, and the rolls taken back are not shown`,
        };
      }
      const start = read(texts[0]);
      const checked = say.span("roll", "rolls", 1, count);
      if (request.line) {
        // A line asked for with only the opening roll-off computed: those rolls come before any take-back, but what
        // the request asks for is rolls on a line, never a game.
        return {
          kind: "take_back",
          first: 1,
          last: count,
          description: `rolls asked for on take-back line ${request.line}: whoever decides take-backs can choose one, so rolls asked for on a line are at most incomplete (here ${checked}, from ${start.text}: the opening roll-off, before any take-back)`,
        };
      }
      const tied = labelled.tiedAtTheEnd(rolls);
      if (start.opening === 0 && tied !== null) {
        return {
          kind: "unfinished",
          first: 1,
          last: count,
          description: labelled.unfinished(`${checked} from the game's start (${start.text})`, tied),
        };
      }
      if (start.opening === 0) {
        return { kind: "game", first: 1, last: count, description: `${checked} from the game's start (${start.text})` };
      }
      if (start.turn === 1) {
        return {
          kind: "game",
          first: 1,
          last: count,
          description: `${checked} from the start of a later game of a match (${start.text})`,
        };
      }
      return {
        kind: "window",
        first: 1,
        last: count,
        description: `rolls from ${start.text} only: the game's rolls from ${BOT}:opening:0 (or from ${BOT}:turn:1 in a later game of a match) are needed`,
      };
    }

    return {
      id: BOT,
      title: "Backgammon Room, against a bot",
      seedDocument: "001",
      sides: PAIR,
      words,
      secretField: "key",
      sealField: "lock",
      fields: [
        fields.recorded(PAIR),
        fields.count(),
        fields.key32("key"),
        fields.seal("lock"),
        { name: "opening", optional: true, read: fairdice.kinds.bool },
        { name: "first_turn", optional: true, read: (v) => wholeNumber(v, 1, MAX_TURN) },
        { name: "line", default: 0, read: (v) => wholeNumber(v, 0, MAX_TAKE_BACKS) },
        { name: "labels", optional: true, read: fairdice.listOf("labels", 1, fairdice.MAX_ROLLS, label) },
      ],
      link: [
        { name: "key", field: "key", kind: "text" },
        { name: "lock", field: "lock", kind: "text" },
        { name: "opening", field: "opening", kind: "bool" },
        { name: "first", field: "first_turn", kind: "int" },
        { name: "line", field: "line", kind: "int" },
        { name: "labels", field: "labels", kind: "labels", prefix: `${BOT}:` },
        { name: "n", field: "count", kind: "int" },
        { name: "rolls", field: "recorded", kind: "rolls" },
      ],
      // The seed page's own labels and help (seed 001); the last three are for what links carry.
      inputs: [
        {
          name: "key",
          type: "hex",
          label: "Key",
          help: "Once the game is over, Game info (ⓘ on the board) shows it under Dice: tap Copy beside it.",
        },
        {
          name: "lock",
          type: "hex",
          label: "Lock (optional)",
          help: "Just under the key: the fingerprint the game showed before move 1.",
        },
        {
          name: "opening",
          type: "yesno",
          label: "Did the game begin with an opening roll?",
          help: "Yes for a single game or a match’s first game. In a match, the winner of each game starts the next without one.",
          // Not answered comes first, so the form starts there and sends no opening: labels say it themselves, and
          // the core refuses an answer they contradict (review: a later game's labels with No were refused, and
          // nothing in the form left the answer out). Without labels it is Yes, the core's default, as
          // bg-online-v1's "Only game 1" is its own.
          choices: [
            ["", "Not answered (Yes if no labels)"],
            ["1", "Yes"],
            ["0", "No"],
          ],
        },
        {
          name: "line",
          type: "number",
          label: "Take-backs made before these rolls",
          help: "Only in a Practice game: after each take-back the rolls carry on from a fresh line. Otherwise leave it at 0.",
          placeholder: "0",
        },
        ...labelled.FORM_ROLLS,
        {
          name: "first_turn",
          type: "number",
          more: true,
          label: "First turn",
          help: "Leave it empty: the rolls start at the game’s start. A later turn checks only part of the game.",
        },
        {
          name: "labels",
          type: "labels",
          prefix: `${BOT}:`,
          more: true,
          label: "Labels, one per line",
          help: "Instead of the answers above: the roll labels in the order they came, such as opening:0 and turn:2.",
        },
      ],
      how:
        "A roll is read from HMAC-SHA256, keyed with the key, of the roll’s label followed by :0 (then :1, :2… if more bytes are needed): a byte of 252 or more is skipped, any other gives a die of (byte mod 6) + 1, and the first two dice read are the roll. The opening roll’s label is bg-dice-v1:opening:0 (:1, :2… after a tie; your die first) and each turn’s is bg-dice-v1:turn:2, bg-dice-v1:turn:3…",
      check,
      identity,
      roll: (mac, inputs) => labelled.labelledRoll(mac, 1, inputs.label, SEATS),
      rolls(mac, request) {
        if (request.labels !== null) return labelled.explicit(mac, request.labels, SEATS);
        return labelled.game(mac, {
          prefix: BOT,
          opening: hasOpening(request),
          turnWord: "turn",
          firstTurn: firstTurnOf(request),
          count: fairdice.rollCount(request),
          line: request.line,
          seats: SEATS,
        });
      },
      scope,
    };
  })(),
);
