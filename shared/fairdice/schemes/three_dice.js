"use strict";
// three-dice (seed 003) in the browser: a length-prefixed binary message, three dice per ply from 0,
// blocks numbered by int32be. The same rules as three_dice.py beside it; messages are shown in hex.
fairdice.register(
  (() => {
    const TRIPLE = [6, 6, 6];
    const { fields, FieldError } = fairdice;

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
      return { index: ply, message: fairdice.hex(start), dice };
    }

    const words = { secret: "seed", seal: "commit", roll: "ply", rolls: "plies" };
    const LAST = fairdice.MAX_ROLLS - 1; // plies run to 9,999
    const seat = (v) => fairdice.printable(v, 256, "a client seed");

    // Seed 003's GameEnded event, `{"GameEnded": {"over": …, "seed": …, "clientSeeds": {"white", "black"}}}`.
    const GAME_ENDED = "GameEnded";
    const EVENT_FIELDS = ["over", "seed", "clientSeeds"];
    const SHAPE = 'seed 003\'s GameEnded event, {"over": {"result": {...}, "termination": "..."}, "seed": "<hex>", "clientSeeds": {"white": "<text>", "black": "<text>"}}';
    const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
    const has = (data, name) => Object.prototype.hasOwnProperty.call(data, name);
    const given = (value) => (value === undefined ? null : value);

    /** The seed and the client seeds of a GameEnded event given whole, each with its name in the event. */
    function gameEnded(data) {
      const event = data[GAME_ENDED];
      if (!isObject(event)) throw new FieldError(GAME_ENDED, `must be ${SHAPE}`);
      for (const name of Object.keys(event)) {
        if (!EVENT_FIELDS.includes(name)) throw new FieldError(`${GAME_ENDED}.${fairdice.firstChars(name, 40)}`, `is not in ${SHAPE}`);
      }
      for (const name of ["seed", "clientSeeds"]) {
        if (!has(event, name)) {
          throw new FieldError(`${GAME_ENDED}.${name}`, `is required: ${SHAPE}; both null while the reveal is withheld`);
        }
      }
      for (const name of ["seed", "client_seeds", "clientSeeds"]) {
        if (has(data, name)) throw new FieldError(name, `is given beside ${GAME_ENDED}, which carries it already: give it once`);
      }
      return [[`${GAME_ENDED}.seed`, event.seed], [`${GAME_ENDED}.clientSeeds`, event.clientSeeds]];
    }

    /**
     * Seed 003's own names, looked for where the request put them (three_dice.py `_seed_003_names`): the seeds
     * revealed together, or both null (a mirror pair's game, withheld); problems named as the request named them.
     */
    function before(data) {
      if (has(data, "client_seeds") && has(data, "clientSeeds")) {
        throw new FieldError("clientSeeds", "is seed 003's name for client_seeds: give one of them");
      }
      // A name three-dice does not take is said first, with the one it most likely meant (three_dice.py)
      const known = new Set(["scheme", "recorded", "count", "seed", "commit", "client_seeds", "first", "clientSeeds", GAME_ENDED]);
      if (Object.keys(data).some((name) => !known.has(name))) return data;
      let seed;
      let seeds;
      if (has(data, GAME_ENDED)) [seed, seeds] = gameEnded(data);
      else {
        const seedsName = has(data, "clientSeeds") ? "clientSeeds" : "client_seeds";
        [seed, seeds] = [["seed", data.seed], [seedsName, data[seedsName]]];
      }
      if (given(seed[1]) !== null && given(seeds[1]) === null) {
        throw new FieldError(seeds[0], "white's and black's client seeds are needed with a revealed seed");
      }
      if (given(seed[1]) === null && given(seeds[1]) !== null) {
        throw new FieldError(
          seed[0],
          "the revealed seed is needed with the client seeds; only a mirror pair's game not revealed yet shows seed and client seeds both null",
        );
      }
      return data;
    }

    /** Where a field is read from: its own name, seed 003's names for it, or the GameEnded event (pydantic's aliases). */
    const from = (...names) => (data) => {
      for (const name of names) {
        const [head, tail] = name.split(".");
        if (tail === undefined && has(data, head)) return [name, data[head]];
        if (tail !== undefined && isObject(data[head]) && has(data[head], tail)) return [name, data[head][tail]];
      }
      return [names[0], undefined];
    };

    return {
      id: "three-dice",
      title: "Provably-Fair Dice: three dice a ply",
      seedDocument: "003",
      sides: TRIPLE,
      words,
      secretField: "seed",
      sealField: "commit",
      numbered: { FIRST: 0, LAST, game: "game" },
      aliases: ["clientSeeds", GAME_ENDED],
      before,
      fields: [
        fields.recorded(TRIPLE),
        fields.count(),
        { ...fields.secret("seed", true), from: from("seed", `${GAME_ENDED}.seed`) },
        fields.seal("commit"),
        {
          name: "client_seeds",
          optional: true,
          from: from("client_seeds", "clientSeeds", `${GAME_ENDED}.clientSeeds`),
          read: fairdice.objectOf("client_seeds", { white: seat, black: seat }),
        },
        fields.first(0, LAST),
      ],
      link: [
        { name: "seed", field: "seed", kind: "text" },
        { name: "commit", field: "commit", kind: "text" },
        { name: "white", field: "client_seeds.white", kind: "text" },
        { name: "black", field: "client_seeds.black", kind: "text" },
        { name: "first", field: "first", kind: "int" },
        { name: "n", field: "count", kind: "int" },
        { name: "rolls", field: "recorded", kind: "rolls" },
      ],
      // The seed's three published values, where and when it says they are found.
      inputs: [
        {
          name: "commit",
          type: "hex",
          label: "commit",
          help: "In the create response, and every Snapshot.state.commit: published at game start, constant for the game.",
        },
        {
          name: "seed",
          type: "hex",
          label: "seed",
          help: "GameEnded.seed, and GET /games/{id} after the end: the revealed server seed, hex.",
        },
        {
          name: "client_seeds.white",
          type: "text",
          label: "clientSeeds: white",
          help: "GameEnded.clientSeeds, and GET /games/{id}. If a seat never submitted a seed, it is that seat’s public external id.",
        },
        {
          name: "client_seeds.black",
          type: "text",
          label: "clientSeeds: black",
          help: "As for white. Both seed and clientSeeds are null only while a ladder mirror pair’s reveal is withheld.",
        },
        {
          name: "count",
          type: "number",
          label: "Number of rolls",
          help: "ply is the monotonic roll counter, from ply 0.",
        },
        {
          name: "recorded",
          type: "rolls",
          label: "The dice you saw (optional)",
          help: "The dice of each DiceRolled event, in the order they occurred, for example 4-2-6 1-1-3.",
        },
        {
          name: "first",
          type: "number",
          more: true,
          label: "First ply",
          help: "Leave it at 0. A later ply checks only part of the game.",
        },
      ],
      how:
        "message(n) = uint32be(len(clientWhite)) ++ clientWhite ++ uint32be(len(clientBlack)) ++ clientBlack ++ int64be(n). Compute HMAC-SHA256(serverSeed, message(n) ++ int32be(block)), starting at block = 0. Each byte b below 252 yields the die (b mod 6) + 1; other bytes are skipped. Collect three dice; if a block runs out first, increment block and keep scanning.",
      /** A mirror pair's game reveals nothing until both its games have ended. */
      revealed(request) {
        if (request.seed === null && request.client_seeds === null) {
          return {
            withheld:
              "no seed and no client seeds were given: seed 003's server shows both null while it withholds a mirror pair's game, until both its games have ended; check again then, with the seed and client seeds the game shows (its GET /games/{id} gives them)",
          };
        }
        return { secret: request.seed, seal: request.commit, caveats: [], contradictions: [] };
      },
      identity: (request) =>
        request.client_seeds === null
          ? []
          : [
              { field: "client_seeds.white", value: request.client_seeds.white, description: "white's client seed, as the game showed it" },
              { field: "client_seeds.black", value: request.client_seeds.black, description: "black's client seed, as the game showed it" },
            ],
      roll: (mac, inputs) => roll(mac, inputs.client_seeds.white, inputs.client_seeds.black, Number(inputs.ply)),
      rolls(mac, request) {
        const { white, black } = request.client_seeds;
        return fairdice.numberedRolls(
          mac,
          request,
          (ply) => fairdice.concat(message(white, black, ply), int32(0)),
          (ply, block) => roll(mac, white, black, ply, block),
        );
      },
    };
  })(),
);
