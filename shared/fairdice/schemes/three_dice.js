"use strict";
// three-dice (seed 003) in the browser: a length-prefixed binary message, three dice per ply from 0,
// blocks numbered by int32be. The same rule as three_dice.py beside it; messages are shown in hex.
fairdice.register(
  (() => {
    const TRIPLE = [6, 6, 6];
    const { fields, words, FieldError } = fairdice;

    function uint32(n) {
      const bytes = new Uint8Array(4);
      new DataView(bytes.buffer).setUint32(0, n);
      return bytes;
    }

    function int32(n) {
      const bytes = new Uint8Array(4);
      new DataView(bytes.buffer).setInt32(0, n);
      return bytes;
    }

    function int64(n) {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setBigInt64(0, BigInt(n));
      return bytes;
    }

    /** uint32be(len) ++ white ++ uint32be(len) ++ black ++ int64be(ply), lengths in UTF-8 bytes. */
    function message(white, black, ply) {
      const w = fairdice.text(white);
      const b = fairdice.text(black);
      return fairdice.concat(uint32(w.length), w, uint32(b.length), b, int64(ply));
    }

    /** The three dice of ply `ply`; the reported message is block 0's bytes in hex. */
    async function roll(mac, white, black, ply, first) {
      const base = message(white, black, ply);
      const start = fairdice.concat(base, int32(0));
      const block = first || (await mac(start));
      const dice = await fairdice.readDice(block, (b) => mac(fairdice.concat(base, int32(b))), TRIPLE);
      return { index: BigInt(ply), message: fairdice.hex(start), dice };
    }

    function clientSeeds(value) {
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        throw new Error("give the white and the black client seed");
      }
      for (const name of Object.keys(value)) {
        if (name !== "white" && name !== "black") {
          throw new FieldError(`client_seeds.${name}`, "is not a seat: the seats are white and black");
        }
      }
      const seats = {};
      for (const seat of ["white", "black"]) {
        if (value[seat] === undefined || value[seat] === null) throw new FieldError(`client_seeds.${seat}`, "is required");
        try {
          seats[seat] = fairdice.printable(value[seat], 256, "a client seed");
        } catch (error) {
          throw new FieldError(`client_seeds.${seat}`, error.message);
        }
      }
      return seats;
    }

    function check(request) {
      if (request.seed === null && request.client_seeds === null) return; // withheld: nothing to count
      if (request.seed === null) {
        throw new FieldError("seed", "the revealed seed is needed with the client seeds (GameEnded.seed, or GET /games/{id} after the end)");
      }
      if (request.client_seeds === null) {
        throw new FieldError("client_seeds", "client_seeds (white and black) are needed with a revealed seed");
      }
      fairdice.needCount(request);
    }

    function scope(request, rolls) {
      const first = request.first;
      const last = rolls.length ? rolls[rolls.length - 1].index : first;
      const range = words.span(first, last).replace(/^rolls/, "plies").replace(/^roll/, "ply");
      if (first > 0n) {
        return {
          kind: "window",
          first,
          last,
          description: `${range} of the game only`,
          reason: `Only ${range} ${first === last ? "was" : "were"} checked: the game’s rolls from ply 0 are needed to show the whole game was fair.`,
        };
      }
      return { kind: "game", first, last, description: `${range} from the game’s start` };
    }

    return {
      id: "three-dice",
      title: "Provably-Fair Dice: three dice a ply",
      seedDocument: "003",
      sides: TRIPLE,
      secret: { field: "seed", words: "seed" },
      seal: { field: "commit", words: "commit" },
      yours: { field: "client_seeds", words: "client seeds", note: "GameEnded.clientSeeds: white’s and black’s" },
      fields: [
        fields.secret("seed", false),
        fields.seal("commit"),
        { name: "client_seeds", read: clientSeeds },
        fields.count(),
        fields.first(0),
        fields.recorded(TRIPLE),
      ],
      // The seed's three published values, where and when it says they are found.
      inputs: [
        {
          name: "commit",
          param: "commit",
          type: "hex",
          label: "commit",
          help: "In the create response, and every Snapshot.state.commit: published at game start, constant for the game.",
        },
        {
          name: "seed",
          param: "seed",
          type: "hex",
          label: "seed",
          help: "GameEnded.seed, and GET /games/{id} after the end: the revealed server seed, hex.",
        },
        {
          name: "client_seeds.white",
          param: "white",
          type: "text",
          label: "clientSeeds: white",
          help: "GameEnded.clientSeeds, and GET /games/{id}. If a seat never submitted a seed, it is that seat’s public external id.",
        },
        {
          name: "client_seeds.black",
          param: "black",
          type: "text",
          label: "clientSeeds: black",
          help: "As for white. Both seed and clientSeeds are null only while a ladder mirror pair’s reveal is withheld.",
        },
        {
          name: "count",
          param: "n",
          type: "number",
          label: "Number of rolls",
          help: "ply is the monotonic roll counter, from ply 0.",
        },
        {
          name: "recorded",
          param: "rolls",
          type: "rolls",
          label: "The dice you saw (optional)",
          help: "The dice of each DiceRolled event, in the order they occurred, for example 4-2-6 1-1-3.",
        },
        {
          name: "first",
          param: "first",
          type: "number",
          more: true,
          label: "First ply",
          help: "Leave it at 0. A later ply checks only part of the game.",
        },
      ],
      how:
        "message(n) = uint32be(len(clientWhite)) ++ clientWhite ++ uint32be(len(clientBlack)) ++ clientBlack ++ int64be(n). Compute HMAC-SHA256(serverSeed, message(n) ++ int32be(block)), starting at block = 0. Each byte b below 252 yields the die (b mod 6) + 1; other bytes are skipped. Collect three dice; if a block runs out first, increment block and keep scanning.",
      check,
      withheld(request) {
        if (request.seed !== null || request.client_seeds !== null) return null;
        return "the server withholds this game’s seed and client seeds until both games of its mirror pair have ended: ask GET /games/{id} again then";
      },
      roll: (mac, inputs) => roll(mac, inputs.client_seeds.white, inputs.client_seeds.black, BigInt(inputs.ply)),
      async rolls(mac, request, count) {
        const { white, black } = request.client_seeds;
        const plies = fairdice.numbers(request.first, count);
        const blocks = await fairdice.macs(
          mac,
          plies.map((ply) => fairdice.concat(message(white, black, ply), int32(0))),
        );
        return Promise.all(plies.map((ply, at) => roll(mac, white, black, ply, blocks[at])));
      },
      scope,
    };
  })(),
);
