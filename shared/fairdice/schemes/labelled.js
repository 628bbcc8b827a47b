"use strict";
// Seed 001's labelled rolls in the browser, shared by bg-dice-v1 and bg-online-v1: two dice from
// HMAC(key, `label:block`), bytes of 252 or more skipped. The same rule as labelled.py beside it.
fairdice.define(
  "labelled",
  (() => {
    const PAIR = [6, 6];
    const OPENING = ":opening:";

    /** The two dice of one label: `label:0`, then `label:1`… if a block runs short (`first`: block 0). */
    async function diceFor(mac, label, first) {
      const block = first || (await mac(fairdice.text(`${label}:0`)));
      return fairdice.readDice(block, (b) => mac(fairdice.text(`${label}:${b}`)), PAIR);
    }

    const winnerOf = (dice, seats) => (dice[0] === dice[1] ? "tie" : dice[0] > dice[1] ? seats[0] : seats[1]);

    /** One roll; an opening roll also says who won it (first die higher) or that it tied. */
    async function labelledRoll(mac, index, label, seats, first) {
      const dice = await diceFor(mac, label, first);
      const roll = { index, message: `${label}:0`, dice, label };
      if (label.includes(OPENING)) roll.winner = winnerOf(dice, seats);
      return roll;
    }

    /** The rolls of `labels`, numbered from 1 in the order given. */
    async function explicit(mac, labels, seats) {
      const blocks = await fairdice.macs(
        mac,
        labels.map((label) => fairdice.text(`${label}:0`)),
      );
      return Promise.all(labels.map((label, at) => labelledRoll(mac, at + 1, label, seats, blocks[at])));
    }

    /** `count` rolls in the order they came: opening roll-offs until one is not a tie, then turns. */
    async function game(mac, { prefix, opening, turnWord, firstTurn, count, line, seats }) {
      const labels = [];
      if (opening) {
        for (let k = 0; labels.length < count; k += 1) {
          labels.push(`${prefix}${OPENING}${k}`);
          const roll = await labelledRoll(mac, k + 1, labels[labels.length - 1], seats);
          if (roll.winner !== "tie") break;
        }
      }
      const suffix = line ? `:line:${line}` : "";
      for (let turn = firstTurn; labels.length < count; turn += 1) labels.push(`${prefix}:${turnWord}:${turn}${suffix}`);
      return explicit(mac, labels, seats);
    }

    /** The label of the last roll when it is an opening roll that tied, else null: the opening is rolled again after a
     * tie, so rolls that end there end before their game does (labelled.tied_at_the_end). */
    function tiedAtTheEnd(rolls) {
      const last = rolls[rolls.length - 1];
      return last !== undefined && last.winner === "tie" ? last.label : null;
    }

    /** Why rolls from a game's start that end at an opening roll that tied are no whole game (labelled.unfinished). */
    const unfinished = (checked, tied) =>
      `${checked}, ending at ${tied}, a tie: the opening is rolled again after a tie, so the game's rolls go on past it`;

    /** The form's rows for the rolls, the same in both games: the rolls seen, or how many to list. */
    const FORM_ROLLS = [
      {
        name: "recorded",
        type: "rolls",
        label: "The rolls you saw (optional)",
        help: "In the order they came, starting with the opening roll, for example 4-6 1-3 6-6. Each is compared with the key’s.",
      },
      {
        name: "count",
        type: "number",
        more: true,
        label: "Number of rolls",
        help: "Without your rolls the page lists every roll the key gives, up to this many; leave it empty with your rolls.",
      },
    ];

    return { OPENING, FORM_ROLLS, diceFor, labelledRoll, explicit, game, tiedAtTheEnd, unfinished };
  })(),
);
