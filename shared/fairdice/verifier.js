"use strict";
// fairdice in the browser: the registry each scheme's file registers with, WebCrypto's HMAC and
// SHA-256, the rejection sampling every scheme shares, field values checked as the core's request
// models check them, recorded rolls as people paste them, game-over links, and the verdict with its
// scope and reasons. It follows the Python core (fairdice.fields, request, recorded, links, verify,
// prose) rule for rule and word for word: a test in real Chromium compares the two on every test
// vector, stream and link and on random games of every scheme.
//
// A scheme's file calls `fairdice.register({...})` with everything about it (fields, link parameters,
// rolls, where a game starts); nothing here names a scheme. Roll functions take a MAC (an async
// function from message bytes to 32 bytes), as the Python ones do, so tests can feed stand-in blocks.
const fairdice = (() => {
  const MAX_ROLLS = 10000;
  const MAX_TEXT = 200000;
  const MAX_FIELD = 100;
  const MAX_MESSAGE = 300;
  const schemes = new Map();
  const parts = new Map();
  const utf8 = new TextEncoder();
  // ignoreBOM: a link's value is read as Python's unquote reads it, a leading U+FEFF kept (it would otherwise vanish here and
  // stay in the server's reading: two verifiers checking two games from one link).
  const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

  // ---- the registry ----------------------------------------------------------------------------

  function register(scheme) {
    for (const key of ["id", "title", "words", "sides", "secretField", "sealField", "fields", "link", "inputs", "rolls"]) {
      if (!(key in scheme)) throw new Error(`scheme ${scheme.id}: ${key} is missing`);
    }
    // A numbered scheme's rolls are a game or a window of it by their numbers (`numberedScope`), unless it says
    if (!("scope" in scheme) && !scheme.numbered) throw new Error(`scheme ${scheme.id}: scope is missing`);
    if (schemes.has(scheme.id)) throw new Error(`scheme ${scheme.id} is registered twice`);
    // Where the player saw the seal before the play: a game's own screen unless the scheme says, and that only that one
    // shows the secret was fixed before it, and whose, other than its own, rolls, a seal or a secret may be: another
    // game's (fairdice.schemes.Words)
    scheme.words = {
      shown: "your game showed before its first roll",
      shows: "only that one shows",
      other_rolls: "another game",
      other_game: "another game",
      ...scheme.words,
    };
    schemes.set(scheme.id, scheme);
  }

  /** A part several schemes share (seed 001's labelled rolls), defined once by its own file. */
  function define(name, part) {
    parts.set(name, part);
  }

  function need(name) {
    const part = parts.get(name);
    if (!part) throw new Error(`${name} is needed: its file must come before this one`);
    return part;
  }

  // ---- bytes, SHA-256, HMAC --------------------------------------------------------------------

  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  function fromHex(text) {
    const bytes = new Uint8Array(text.length / 2);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(text.substr(2 * i, 2), 16);
    return bytes;
  }

  function concat(...arrays) {
    const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) {
      out.set(a, at);
      at += a.length;
    }
    return out;
  }

  const text = (value) => utf8.encode(value);

  /** Raised where the browser gives this page no WebCrypto: nothing the link or the form holds is at fault. */
  class NoWebCrypto extends Error {}

  // A browser gives a page WebCrypto only in a secure context: an HTTPS address, the machine's own (localhost), a file
  // opened from disk. A page served over plain HTTP from elsewhere (a static host without TLS, `make serve HOST=0.0.0.0`
  // opened from a phone) has none: said in words, not as "Cannot read properties of undefined" under the link (review).
  function subtle() {
    if (globalThis.crypto && globalThis.crypto.subtle) return globalThis.crypto.subtle;
    throw new NoWebCrypto(
      "your browser lets a page compute SHA-256 and HMAC (its WebCrypto) only at an HTTPS address, at this machine's own" +
        " or from a file: open this page at its HTTPS address, or save it and open the saved copy",
    );
  }

  async function sha256(bytes) {
    return new Uint8Array(await subtle().digest("SHA-256", bytes));
  }

  /** HMAC-SHA256 keyed once with `key`: a MAC, message bytes to 32 bytes. */
  function hmac(key) {
    const imported = subtle().importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return async (message) => new Uint8Array(await subtle().sign("HMAC", await imported, message));
  }

  // ---- dice ------------------------------------------------------------------------------------

  /** Largest multiple of `sides` not above 256: bytes at or over it are rejected. */
  const limitFor = (sides) => 256 - (256 % sides);

  /**
   * One die per entry of `sides`, read from block 0 (`first`) and then blocks 1, 2… (`next(b)`) as
   * one stream, skipping biased bytes. A further block is asked for only when the bytes run out.
   */
  async function readDice(first, next, sides) {
    const faces = [];
    let block = first;
    let at = 0;
    let number = 0;
    for (const n of sides) {
      const limit = limitFor(n);
      for (;;) {
        if (at >= block.length) {
          number += 1;
          block = await next(number);
          at = 0;
          continue;
        }
        const byte = block[at];
        at += 1;
        if (byte < limit) {
          faces.push((byte % n) + 1);
          break;
        }
      }
    }
    return faces;
  }

  /** The MAC of every message, computed side by side. */
  const macs = (mac, messages) => Promise.all(messages.map((m) => mac(m)));

  // ---- words: counts, spans and values as the core says them (fairdice.prose) --------------------

  const number = (n) => (typeof n === "bigint" ? n : Number(n)).toLocaleString("en-US"); // a BigInt to its last digit
  const counted = (n, one, many) => `${number(n)} ${Number(n) === 1 ? one : many}`;
  // `5 to 7`, `5` alone, and `5 and 6` for two (BigInts or numbers), each as `shown` writes it
  const ends = (first, last, shown = String) =>
    first === last ? shown(first) : `${shown(first)} ${Number(last - first) === 1 ? "and" : "to"} ${shown(last)}`;
  const span = (one, many, first, last) => `${first === last ? one : many} ${ends(first, last, number)}`;
  const was = (n) => (Number(n) === 1 ? "was" : "were");
  // What every message about a link that a chat, a mail program or a web page changed says to do (fairdice.prose)
  const COPY_LINK = "copy the link again from the game";
  // What a verdict and its page say where no roll came with the request, one roll said as one (fairdice.prose.none_recorded)
  const noneRecorded = (n, one, many) => (Number(n) === 1 ? `no ${one} was recorded` : `no ${many} were recorded`);

  // Characters Python's str.isprintable() calls not printable: repr() escapes them, and the pages show them
  // as their code points, so that a bidi control or a zero-width character cannot hide in a value.
  const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
  // The code points this Python's Unicode (the core's, fairdice.fields) has not assigned, written from its unicodedata: a
  // newer browser may have assigned some, and would draw them, where the core writes each as its code point. Shown
  // as code points here too, and never a letter or a mark, so the page reads a value as the core does. A test holds
  // the two alike.
  const UNASSIGNED = new RegExp(
    "[" +
      "\u0378-\u0379\u0380-\u0383\u038B\u038D\u03A2\u0530\u0557-\u0558\u058B-\u058C\u0590\u05C8-\u05CF" +
      "\u05EB-\u05EE\u05F5-\u05FF\u070E\u074B-\u074C\u07B2-\u07BF\u07FB-\u07FC\u082E-\u082F\u083F\u085C-\u085D" +
      "\u085F\u086B-\u086F\u088F\u0892-\u0897\u0984\u098D-\u098E\u0991-\u0992\u09A9\u09B1\u09B3-\u09B5" +
      "\u09BA-\u09BB\u09C5-\u09C6\u09C9-\u09CA\u09CF-\u09D6\u09D8-\u09DB\u09DE\u09E4-\u09E5\u09FF-\u0A00\u0A04" +
      "\u0A0B-\u0A0E\u0A11-\u0A12\u0A29\u0A31\u0A34\u0A37\u0A3A-\u0A3B\u0A3D\u0A43-\u0A46\u0A49-\u0A4A" +
      "\u0A4E-\u0A50\u0A52-\u0A58\u0A5D\u0A5F-\u0A65\u0A77-\u0A80\u0A84\u0A8E\u0A92\u0AA9\u0AB1\u0AB4" +
      "\u0ABA-\u0ABB\u0AC6\u0ACA\u0ACE-\u0ACF\u0AD1-\u0ADF\u0AE4-\u0AE5\u0AF2-\u0AF8\u0B00\u0B04\u0B0D-\u0B0E" +
      "\u0B11-\u0B12\u0B29\u0B31\u0B34\u0B3A-\u0B3B\u0B45-\u0B46\u0B49-\u0B4A\u0B4E-\u0B54\u0B58-\u0B5B\u0B5E" +
      "\u0B64-\u0B65\u0B78-\u0B81\u0B84\u0B8B-\u0B8D\u0B91\u0B96-\u0B98\u0B9B\u0B9D\u0BA0-\u0BA2\u0BA5-\u0BA7" +
      "\u0BAB-\u0BAD\u0BBA-\u0BBD\u0BC3-\u0BC5\u0BC9\u0BCE-\u0BCF\u0BD1-\u0BD6\u0BD8-\u0BE5\u0BFB-\u0BFF\u0C0D" +
      "\u0C11\u0C29\u0C3A-\u0C3B\u0C45\u0C49\u0C4E-\u0C54\u0C57\u0C5B-\u0C5C\u0C5E-\u0C5F\u0C64-\u0C65" +
      "\u0C70-\u0C76\u0C8D\u0C91\u0CA9\u0CB4\u0CBA-\u0CBB\u0CC5\u0CC9\u0CCE-\u0CD4\u0CD7-\u0CDC\u0CDF" +
      "\u0CE4-\u0CE5\u0CF0\u0CF4-\u0CFF\u0D0D\u0D11\u0D45\u0D49\u0D50-\u0D53\u0D64-\u0D65\u0D80\u0D84" +
      "\u0D97-\u0D99\u0DB2\u0DBC\u0DBE-\u0DBF\u0DC7-\u0DC9\u0DCB-\u0DCE\u0DD5\u0DD7\u0DE0-\u0DE5\u0DF0-\u0DF1" +
      "\u0DF5-\u0E00\u0E3B-\u0E3E\u0E5C-\u0E80\u0E83\u0E85\u0E8B\u0EA4\u0EA6\u0EBE-\u0EBF\u0EC5\u0EC7\u0ECF" +
      "\u0EDA-\u0EDB\u0EE0-\u0EFF\u0F48\u0F6D-\u0F70\u0F98\u0FBD\u0FCD\u0FDB-\u0FFF\u10C6\u10C8-\u10CC" +
      "\u10CE-\u10CF\u1249\u124E-\u124F\u1257\u1259\u125E-\u125F\u1289\u128E-\u128F\u12B1\u12B6-\u12B7\u12BF" +
      "\u12C1\u12C6-\u12C7\u12D7\u1311\u1316-\u1317\u135B-\u135C\u137D-\u137F\u139A-\u139F\u13F6-\u13F7" +
      "\u13FE-\u13FF\u169D-\u169F\u16F9-\u16FF\u1716-\u171E\u1737-\u173F\u1754-\u175F\u176D\u1771\u1774-\u177F" +
      "\u17DE-\u17DF\u17EA-\u17EF\u17FA-\u17FF\u181A-\u181F\u1879-\u187F\u18AB-\u18AF\u18F6-\u18FF\u191F" +
      "\u192C-\u192F\u193C-\u193F\u1941-\u1943\u196E-\u196F\u1975-\u197F\u19AC-\u19AF\u19CA-\u19CF\u19DB-\u19DD" +
      "\u1A1C-\u1A1D\u1A5F\u1A7D-\u1A7E\u1A8A-\u1A8F\u1A9A-\u1A9F\u1AAE-\u1AAF\u1ACF-\u1AFF\u1B4D-\u1B4F\u1B7F" +
      "\u1BF4-\u1BFB\u1C38-\u1C3A\u1C4A-\u1C4C\u1C89-\u1C8F\u1CBB-\u1CBC\u1CC8-\u1CCF\u1CFB-\u1CFF\u1F16-\u1F17" +
      "\u1F1E-\u1F1F\u1F46-\u1F47\u1F4E-\u1F4F\u1F58\u1F5A\u1F5C\u1F5E\u1F7E-\u1F7F\u1FB5\u1FC5\u1FD4-\u1FD5" +
      "\u1FDC\u1FF0-\u1FF1\u1FF5\u1FFF\u2065\u2072-\u2073\u208F\u209D-\u209F\u20C1-\u20CF\u20F1-\u20FF" +
      "\u218C-\u218F\u2427-\u243F\u244B-\u245F\u2B74-\u2B75\u2B96\u2CF4-\u2CF8\u2D26\u2D28-\u2D2C\u2D2E-\u2D2F" +
      "\u2D68-\u2D6E\u2D71-\u2D7E\u2D97-\u2D9F\u2DA7\u2DAF\u2DB7\u2DBF\u2DC7\u2DCF\u2DD7\u2DDF\u2E5E-\u2E7F" +
      "\u2E9A\u2EF4-\u2EFF\u2FD6-\u2FEF\u3040\u3097-\u3098\u3100-\u3104\u3130\u318F\u31E4-\u31EE\u321F" +
      "\uA48D-\uA48F\uA4C7-\uA4CF\uA62C-\uA63F\uA6F8-\uA6FF\uA7CB-\uA7CF\uA7D2\uA7D4\uA7DA-\uA7F1\uA82D-\uA82F" +
      "\uA83A-\uA83F\uA878-\uA87F\uA8C6-\uA8CD\uA8DA-\uA8DF\uA954-\uA95E\uA97D-\uA97F\uA9CE\uA9DA-\uA9DD\uA9FF" +
      "\uAA37-\uAA3F\uAA4E-\uAA4F\uAA5A-\uAA5B\uAAC3-\uAADA\uAAF7-\uAB00\uAB07-\uAB08\uAB0F-\uAB10\uAB17-\uAB1F" +
      "\uAB27\uAB2F\uAB6C-\uAB6F\uABEE-\uABEF\uABFA-\uABFF\uD7A4-\uD7AF\uD7C7-\uD7CA\uD7FC-\uD7FF\uFA6E-\uFA6F" +
      "\uFADA-\uFAFF\uFB07-\uFB12\uFB18-\uFB1C\uFB37\uFB3D\uFB3F\uFB42\uFB45\uFBC3-\uFBD2\uFD90-\uFD91" +
      "\uFDC8-\uFDCE\uFDD0-\uFDEF\uFE1A-\uFE1F\uFE53\uFE67\uFE6C-\uFE6F\uFE75\uFEFD-\uFEFE\uFF00\uFFBF-\uFFC1" +
      "\uFFC8-\uFFC9\uFFD0-\uFFD1\uFFD8-\uFFD9\uFFDD-\uFFDF\uFFE7\uFFEF-\uFFF8\uFFFE-\uFFFF\u{1000C}\u{10027}" +
      "\u{1003B}\u{1003E}\u{1004E}-\u{1004F}\u{1005E}-\u{1007F}\u{100FB}-\u{100FF}\u{10103}-\u{10106}" +
      "\u{10134}-\u{10136}\u{1018F}\u{1019D}-\u{1019F}\u{101A1}-\u{101CF}\u{101FE}-\u{1027F}\u{1029D}-\u{1029F}" +
      "\u{102D1}-\u{102DF}\u{102FC}-\u{102FF}\u{10324}-\u{1032C}\u{1034B}-\u{1034F}\u{1037B}-\u{1037F}\u{1039E}" +
      "\u{103C4}-\u{103C7}\u{103D6}-\u{103FF}\u{1049E}-\u{1049F}\u{104AA}-\u{104AF}\u{104D4}-\u{104D7}" +
      "\u{104FC}-\u{104FF}\u{10528}-\u{1052F}\u{10564}-\u{1056E}\u{1057B}\u{1058B}\u{10593}\u{10596}\u{105A2}" +
      "\u{105B2}\u{105BA}\u{105BD}-\u{105FF}\u{10737}-\u{1073F}\u{10756}-\u{1075F}\u{10768}-\u{1077F}\u{10786}" +
      "\u{107B1}\u{107BB}-\u{107FF}\u{10806}-\u{10807}\u{10809}\u{10836}\u{10839}-\u{1083B}\u{1083D}-\u{1083E}" +
      "\u{10856}\u{1089F}-\u{108A6}\u{108B0}-\u{108DF}\u{108F3}\u{108F6}-\u{108FA}\u{1091C}-\u{1091E}" +
      "\u{1093A}-\u{1093E}\u{10940}-\u{1097F}\u{109B8}-\u{109BB}\u{109D0}-\u{109D1}\u{10A04}\u{10A07}-\u{10A0B}" +
      "\u{10A14}\u{10A18}\u{10A36}-\u{10A37}\u{10A3B}-\u{10A3E}\u{10A49}-\u{10A4F}\u{10A59}-\u{10A5F}" +
      "\u{10AA0}-\u{10ABF}\u{10AE7}-\u{10AEA}\u{10AF7}-\u{10AFF}\u{10B36}-\u{10B38}\u{10B56}-\u{10B57}" +
      "\u{10B73}-\u{10B77}\u{10B92}-\u{10B98}\u{10B9D}-\u{10BA8}\u{10BB0}-\u{10BFF}\u{10C49}-\u{10C7F}" +
      "\u{10CB3}-\u{10CBF}\u{10CF3}-\u{10CF9}\u{10D28}-\u{10D2F}\u{10D3A}-\u{10E5F}\u{10E7F}\u{10EAA}" +
      "\u{10EAE}-\u{10EAF}\u{10EB2}-\u{10EFC}\u{10F28}-\u{10F2F}\u{10F5A}-\u{10F6F}\u{10F8A}-\u{10FAF}" +
      "\u{10FCC}-\u{10FDF}\u{10FF7}-\u{10FFF}\u{1104E}-\u{11051}\u{11076}-\u{1107E}\u{110C3}-\u{110CC}" +
      "\u{110CE}-\u{110CF}\u{110E9}-\u{110EF}\u{110FA}-\u{110FF}\u{11135}\u{11148}-\u{1114F}\u{11177}-\u{1117F}" +
      "\u{111E0}\u{111F5}-\u{111FF}\u{11212}\u{11242}-\u{1127F}\u{11287}\u{11289}\u{1128E}\u{1129E}" +
      "\u{112AA}-\u{112AF}\u{112EB}-\u{112EF}\u{112FA}-\u{112FF}\u{11304}\u{1130D}-\u{1130E}\u{11311}-\u{11312}" +
      "\u{11329}\u{11331}\u{11334}\u{1133A}\u{11345}-\u{11346}\u{11349}-\u{1134A}\u{1134E}-\u{1134F}" +
      "\u{11351}-\u{11356}\u{11358}-\u{1135C}\u{11364}-\u{11365}\u{1136D}-\u{1136F}\u{11375}-\u{113FF}\u{1145C}" +
      "\u{11462}-\u{1147F}\u{114C8}-\u{114CF}\u{114DA}-\u{1157F}\u{115B6}-\u{115B7}\u{115DE}-\u{115FF}" +
      "\u{11645}-\u{1164F}\u{1165A}-\u{1165F}\u{1166D}-\u{1167F}\u{116BA}-\u{116BF}\u{116CA}-\u{116FF}" +
      "\u{1171B}-\u{1171C}\u{1172C}-\u{1172F}\u{11747}-\u{117FF}\u{1183C}-\u{1189F}\u{118F3}-\u{118FE}" +
      "\u{11907}-\u{11908}\u{1190A}-\u{1190B}\u{11914}\u{11917}\u{11936}\u{11939}-\u{1193A}\u{11947}-\u{1194F}" +
      "\u{1195A}-\u{1199F}\u{119A8}-\u{119A9}\u{119D8}-\u{119D9}\u{119E5}-\u{119FF}\u{11A48}-\u{11A4F}" +
      "\u{11AA3}-\u{11AAF}\u{11AF9}-\u{11AFF}\u{11B0A}-\u{11BFF}\u{11C09}\u{11C37}\u{11C46}-\u{11C4F}" +
      "\u{11C6D}-\u{11C6F}\u{11C90}-\u{11C91}\u{11CA8}\u{11CB7}-\u{11CFF}\u{11D07}\u{11D0A}\u{11D37}-\u{11D39}" +
      "\u{11D3B}\u{11D3E}\u{11D48}-\u{11D4F}\u{11D5A}-\u{11D5F}\u{11D66}\u{11D69}\u{11D8F}\u{11D92}" +
      "\u{11D99}-\u{11D9F}\u{11DAA}-\u{11EDF}\u{11EF9}-\u{11EFF}\u{11F11}\u{11F3B}-\u{11F3D}\u{11F5A}-\u{11FAF}" +
      "\u{11FB1}-\u{11FBF}\u{11FF2}-\u{11FFE}\u{1239A}-\u{123FF}\u{1246F}\u{12475}-\u{1247F}\u{12544}-\u{12F8F}" +
      "\u{12FF3}-\u{12FFF}\u{13456}-\u{143FF}\u{14647}-\u{167FF}\u{16A39}-\u{16A3F}\u{16A5F}\u{16A6A}-\u{16A6D}" +
      "\u{16ABF}\u{16ACA}-\u{16ACF}\u{16AEE}-\u{16AEF}\u{16AF6}-\u{16AFF}\u{16B46}-\u{16B4F}\u{16B5A}\u{16B62}" +
      "\u{16B78}-\u{16B7C}\u{16B90}-\u{16E3F}\u{16E9B}-\u{16EFF}\u{16F4B}-\u{16F4E}\u{16F88}-\u{16F8E}" +
      "\u{16FA0}-\u{16FDF}\u{16FE5}-\u{16FEF}\u{16FF2}-\u{16FFF}\u{187F8}-\u{187FF}\u{18CD6}-\u{18CFF}" +
      "\u{18D09}-\u{1AFEF}\u{1AFF4}\u{1AFFC}\u{1AFFF}\u{1B123}-\u{1B131}\u{1B133}-\u{1B14F}\u{1B153}-\u{1B154}" +
      "\u{1B156}-\u{1B163}\u{1B168}-\u{1B16F}\u{1B2FC}-\u{1BBFF}\u{1BC6B}-\u{1BC6F}\u{1BC7D}-\u{1BC7F}" +
      "\u{1BC89}-\u{1BC8F}\u{1BC9A}-\u{1BC9B}\u{1BCA4}-\u{1CEFF}\u{1CF2E}-\u{1CF2F}\u{1CF47}-\u{1CF4F}" +
      "\u{1CFC4}-\u{1CFFF}\u{1D0F6}-\u{1D0FF}\u{1D127}-\u{1D128}\u{1D1EB}-\u{1D1FF}\u{1D246}-\u{1D2BF}" +
      "\u{1D2D4}-\u{1D2DF}\u{1D2F4}-\u{1D2FF}\u{1D357}-\u{1D35F}\u{1D379}-\u{1D3FF}\u{1D455}\u{1D49D}" +
      "\u{1D4A0}-\u{1D4A1}\u{1D4A3}-\u{1D4A4}\u{1D4A7}-\u{1D4A8}\u{1D4AD}\u{1D4BA}\u{1D4BC}\u{1D4C4}\u{1D506}" +
      "\u{1D50B}-\u{1D50C}\u{1D515}\u{1D51D}\u{1D53A}\u{1D53F}\u{1D545}\u{1D547}-\u{1D549}\u{1D551}" +
      "\u{1D6A6}-\u{1D6A7}\u{1D7CC}-\u{1D7CD}\u{1DA8C}-\u{1DA9A}\u{1DAA0}\u{1DAB0}-\u{1DEFF}\u{1DF1F}-\u{1DF24}" +
      "\u{1DF2B}-\u{1DFFF}\u{1E007}\u{1E019}-\u{1E01A}\u{1E022}\u{1E025}\u{1E02B}-\u{1E02F}\u{1E06E}-\u{1E08E}" +
      "\u{1E090}-\u{1E0FF}\u{1E12D}-\u{1E12F}\u{1E13E}-\u{1E13F}\u{1E14A}-\u{1E14D}\u{1E150}-\u{1E28F}" +
      "\u{1E2AF}-\u{1E2BF}\u{1E2FA}-\u{1E2FE}\u{1E300}-\u{1E4CF}\u{1E4FA}-\u{1E7DF}\u{1E7E7}\u{1E7EC}\u{1E7EF}" +
      "\u{1E7FF}\u{1E8C5}-\u{1E8C6}\u{1E8D7}-\u{1E8FF}\u{1E94C}-\u{1E94F}\u{1E95A}-\u{1E95D}\u{1E960}-\u{1EC70}" +
      "\u{1ECB5}-\u{1ED00}\u{1ED3E}-\u{1EDFF}\u{1EE04}\u{1EE20}\u{1EE23}\u{1EE25}-\u{1EE26}\u{1EE28}\u{1EE33}" +
      "\u{1EE38}\u{1EE3A}\u{1EE3C}-\u{1EE41}\u{1EE43}-\u{1EE46}\u{1EE48}\u{1EE4A}\u{1EE4C}\u{1EE50}\u{1EE53}" +
      "\u{1EE55}-\u{1EE56}\u{1EE58}\u{1EE5A}\u{1EE5C}\u{1EE5E}\u{1EE60}\u{1EE63}\u{1EE65}-\u{1EE66}\u{1EE6B}" +
      "\u{1EE73}\u{1EE78}\u{1EE7D}\u{1EE7F}\u{1EE8A}\u{1EE9C}-\u{1EEA0}\u{1EEA4}\u{1EEAA}\u{1EEBC}-\u{1EEEF}" +
      "\u{1EEF2}-\u{1EFFF}\u{1F02C}-\u{1F02F}\u{1F094}-\u{1F09F}\u{1F0AF}-\u{1F0B0}\u{1F0C0}\u{1F0D0}" +
      "\u{1F0F6}-\u{1F0FF}\u{1F1AE}-\u{1F1E5}\u{1F203}-\u{1F20F}\u{1F23C}-\u{1F23F}\u{1F249}-\u{1F24F}" +
      "\u{1F252}-\u{1F25F}\u{1F266}-\u{1F2FF}\u{1F6D8}-\u{1F6DB}\u{1F6ED}-\u{1F6EF}\u{1F6FD}-\u{1F6FF}" +
      "\u{1F777}-\u{1F77A}\u{1F7DA}-\u{1F7DF}\u{1F7EC}-\u{1F7EF}\u{1F7F1}-\u{1F7FF}\u{1F80C}-\u{1F80F}" +
      "\u{1F848}-\u{1F84F}\u{1F85A}-\u{1F85F}\u{1F888}-\u{1F88F}\u{1F8AE}-\u{1F8AF}\u{1F8B2}-\u{1F8FF}" +
      "\u{1FA54}-\u{1FA5F}\u{1FA6E}-\u{1FA6F}\u{1FA7D}-\u{1FA7F}\u{1FA89}-\u{1FA8F}\u{1FABE}\u{1FAC6}-\u{1FACD}" +
      "\u{1FADC}-\u{1FADF}\u{1FAE9}-\u{1FAEF}\u{1FAF9}-\u{1FAFF}\u{1FB93}\u{1FBCB}-\u{1FBEF}\u{1FBFA}-\u{1FFFF}" +
      "\u{2A6E0}-\u{2A6FF}\u{2B73A}-\u{2B73F}\u{2B81E}-\u{2B81F}\u{2CEA2}-\u{2CEAF}\u{2EBE1}-\u{2EBEF}" +
      "\u{2EE5E}-\u{2F7FF}\u{2FA1E}-\u{2FFFF}\u{3134B}-\u{3134F}\u{323B0}-\u{E0000}\u{E0002}-\u{E001F}" +
      "\u{E0080}-\u{E00FF}\u{E01F0}-\u{EFFFF}\u{FFFFE}-\u{FFFFF}\u{10FFFE}-\u{10FFFF}" +
      "]",
    "u",
  );
  // Printable all the same but showing nothing: the default-ignorable letters and marks, the blank braille pattern, the
  // musical null notehead (fairdice.prose holds the same list).
  const BLANK = /[\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{1D159}\u{E0100}-\u{E01EF}]/u;
  const MARK = /\p{M}/u;
  // Hangul's conjoining jamo: apart, they render as the composed syllable, and alone as the jamo keyboards type
  // (fairdice.prose holds the same ranges).
  const JAMO = /[\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/u;
  // Hangul's compatibility jamo, which keyboards type: shown as typed, while the conjoining jamo NFKC makes of each
  // is written as a code point; and Thai's and Lao's nikhahit, which with a sara aa looks like the sara am people
  // type (fairdice.prose holds the same).
  const TYPED = /[\u3131-\u318E]/u;
  const NIKHAHIT = /[\u0E4D\u0ECD]/u;
  // Every character Unicode's confusables list as looking like an ASCII letter, digit or punctuation mark, but for
  // those NFKC makes an ASCII letter or digit (fairdice.prose holds the same set).
  const LOOKS_ASCII = new Set(
      "\u00B4\u00B8\u00D7\u0131\u0184\u018D\u0196\u01A6\u01A7\u01B7\u01BC\u01BD\u01C0\u01C3\u021C\u0222" +
      "\u0223\u0241\u0251\u0261\u0263\u0269\u026A\u026F\u028B\u028F\u0294\u02B9\u02BB\u02BC\u02BD\u02BE" +
      "\u02C2\u02C3\u02C4\u02C6\u02C8\u02CA\u02CB\u02D0\u02D7\u02DB\u02DC\u02F4\u02F8\u0374\u037A\u037E" +
      "\u037F\u0384\u0391\u0392\u0395\u0396\u0397\u0399\u039A\u039C\u039D\u039F\u03A1\u03A4\u03A5\u03A7" +
      "\u03B1\u03B3\u03B9\u03BD\u03BF\u03C1\u03C3\u03C5\u03D2\u03DC\u03E8\u03F1\u03F2\u03F3\u03F9\u03FA" +
      "\u0405\u0406\u0408\u0410\u0412\u0415\u0417\u041A\u041C\u041D\u041E\u0420\u0421\u0422\u0423\u0425" +
      "\u042C\u0430\u0431\u0433\u0435\u043E\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u0461\u0474\u0475" +
      "\u04AE\u04AF\u04BB\u04BD\u04C0\u04CF\u04E0\u0501\u050C\u051B\u051C\u051D\u054D\u054F\u0555\u055A" +
      "\u055D\u0561\u0563\u0566\u0570\u0578\u057C\u057D\u0581\u0584\u0585\u0589\u05C0\u05C3\u05D5\u05D8" +
      "\u05D9\u05DF\u05E1\u05F3\u060D\u0627\u0647\u0660\u0661\u0665\u0667\u066B\u066D\u06BE\u06C1\u06D4" +
      "\u06D5\u06F0\u06F1\u06F5\u06F7\u0701\u0702\u0703\u0704\u07C0\u07CA\u07F4\u07F5\u07FA\u0903\u0966" +
      "\u097D\u09E6\u09EA\u09ED\u0A66\u0A67\u0A6A\u0A83\u0AE6\u0B03\u0B20\u0B66\u0B68\u0BE6\u0C02\u0C66" +
      "\u0C82\u0CE6\u0D02\u0D20\u0D66\u0D6D\u0D82\u0E50\u0ED0\u101D\u1040\u10E7\u10FF\u1200\u12D0\u13A0" +
      "\u13A1\u13A2\u13A5\u13A9\u13AA\u13AB\u13AC\u13AE\u13B3\u13B7\u13BB\u13BD\u13C0\u13C2\u13C3\u13CE" +
      "\u13CF\u13D2\u13D4\u13D5\u13D9\u13DA\u13DE\u13DF\u13E2\u13E6\u13E7\u13EE\u13F3\u13F4\u1400\u142F" +
      "\u1433\u1438\u144A\u144C\u146D\u146F\u1472\u148D\u14AA\u14BF\u1541\u157C\u157D\u1587\u15AF\u15B4" +
      "\u15C5\u15DE\u15EA\u15F0\u15F7\u166D\u166E\u16B2\u16B7\u16C1\u16CC\u16D5\u16D6\u16EC\u16ED\u1735" +
      "\u1803\u1809\u1D04\u1D0F\u1D11\u1D1C\u1D20\u1D21\u1D22\u1D26\u1D83\u1D8C\u1E9D\u1EFF\u1FBD\u1FBE" +
      "\u1FBF\u1FC0\u1FEF\u1FFD\u1FFE\u2010\u2011\u2012\u2013\u2018\u2019\u201A\u201B\u2024\u2032\u2035" +
      "\u2039\u203A\u2041\u2043\u2044\u204E\u2053\u205A\u212E\u213D\u2212\u2215\u2216\u2217\u2223\u2228" +
      "\u222A\u2236\u223C\u22A4\u22C1\u22C3\u22FF\u2373\u2374\u237A\u23FD\u2571\u2573\u2768\u2769\u276E" +
      "\u276F\u2772\u2773\u2774\u2775\u2795\u2796\u27CB\u27CD\u27D9\u292B\u292C\u29F5\u29F8\u29F9\u2A2F" +
      "\u2C85\u2C8E\u2C92\u2C94\u2C98\u2C9A\u2C9E\u2C9F\u2CA2\u2CA3\u2CA4\u2CA5\u2CA6\u2CA8\u2CAC\u2CBA" +
      "\u2CC6\u2CCA\u2CCC\u2CD0\u2CD2\u2D38\u2D39\u2D4F\u2D51\u2D54\u2D55\u2D5D\u2E40\u2F02\u2F03\u3007" +
      "\u3014\u3015\u3033\u30A0\u30CE\u31D3\u31D4\u4E36\u4E3F\uA4D0\uA4D1\uA4D2\uA4D3\uA4D4\uA4D6\uA4D7" +
      "\uA4D9\uA4DA\uA4DC\uA4DD\uA4DF\uA4E0\uA4E1\uA4E2\uA4E3\uA4E6\uA4E7\uA4EA\uA4EB\uA4EC\uA4EE\uA4F0" +
      "\uA4F2\uA4F3\uA4F4\uA4F8\uA4F9\uA4FD\uA4FF\uA60E\uA644\uA647\uA6DF\uA6EB\uA6EF\uA731\uA75A\uA76A" +
      "\uA76E\uA778\uA789\uA78C\uA798\uA799\uA79F\uA7AB\uA7B2\uA7B3\uA7B4\uAB32\uAB35\uAB3D\uAB47\uAB48" +
      "\uAB4E\uAB52\uAB5A\uAB75\uAB81\uAB83\uAB93\uABA9\uABAA\uABAF\uFBA6\uFBA7\uFBA8\uFBA9\uFBAA\uFBAB" +
      "\uFBAC\uFBAD\uFD3E\uFD3F\uFE30\uFE4D\uFE4E\uFE4F\uFE58\uFE68\uFE8D\uFE8E\uFEE9\uFEEA\uFEEB\uFEEC" +
      "\uFF01\uFF07\uFF1A\uFF3B\uFF3C\uFF3D\uFF40\uFFE8\u{10282}\u{10286}\u{10287}\u{1028A}\u{10290}" +
      "\u{10292}\u{10295}\u{10296}\u{10297}\u{1029B}\u{102A0}\u{102A1}\u{102A2}\u{102A5}\u{102AB}\u{102B0}" +
      "\u{102B1}\u{102B2}\u{102B4}\u{102CF}\u{102F5}\u{10301}\u{10302}\u{10309}\u{10311}\u{10315}\u{10317}" +
      "\u{1031A}\u{1031F}\u{10320}\u{10322}\u{10404}\u{10415}\u{1041B}\u{10420}\u{1042C}\u{1043D}\u{10448}" +
      "\u{104B4}\u{104C2}\u{104CE}\u{104D2}\u{104EA}\u{104F6}\u{10513}\u{10516}\u{10518}\u{1051C}\u{1051D}" +
      "\u{10525}\u{10526}\u{10527}\u{10A50}\u{114D0}\u{11706}\u{1170A}\u{1170E}\u{1170F}\u{118A0}\u{118A2}" +
      "\u{118A3}\u{118A4}\u{118A6}\u{118A9}\u{118AC}\u{118AE}\u{118AF}\u{118B2}\u{118B5}\u{118B8}\u{118BB}" +
      "\u{118BC}\u{118C0}\u{118C1}\u{118C2}\u{118C3}\u{118C4}\u{118C6}\u{118C8}\u{118CA}\u{118CC}\u{118D5}" +
      "\u{118D6}\u{118D7}\u{118D8}\u{118DC}\u{118E0}\u{118E5}\u{118E6}\u{118E9}\u{118EC}\u{118EF}\u{118F2}" +
      "\u{16F08}\u{16F0A}\u{16F16}\u{16F28}\u{16F35}\u{16F3A}\u{16F3B}\u{16F3F}\u{16F40}\u{16F42}\u{16F43}" +
      "\u{16F51}\u{16F52}\u{1D114}\u{1D16D}\u{1D206}\u{1D20D}\u{1D20F}\u{1D212}\u{1D213}\u{1D216}\u{1D22A}" +
      "\u{1D236}\u{1D237}\u{1D23A}\u{1D23B}\u{1D6A4}\u{1D6A8}\u{1D6A9}\u{1D6AC}\u{1D6AD}\u{1D6AE}\u{1D6B0}" +
      "\u{1D6B1}\u{1D6B3}\u{1D6B4}\u{1D6B6}\u{1D6B8}\u{1D6BB}\u{1D6BC}\u{1D6BE}\u{1D6C2}\u{1D6C4}\u{1D6CA}" +
      "\u{1D6CE}\u{1D6D0}\u{1D6D2}\u{1D6D4}\u{1D6D6}\u{1D6E0}\u{1D6E2}\u{1D6E3}\u{1D6E6}\u{1D6E7}\u{1D6E8}" +
      "\u{1D6EA}\u{1D6EB}\u{1D6ED}\u{1D6EE}\u{1D6F0}\u{1D6F2}\u{1D6F5}\u{1D6F6}\u{1D6F8}\u{1D6FC}\u{1D6FE}" +
      "\u{1D704}\u{1D708}\u{1D70A}\u{1D70C}\u{1D70E}\u{1D710}\u{1D71A}\u{1D71C}\u{1D71D}\u{1D720}\u{1D721}" +
      "\u{1D722}\u{1D724}\u{1D725}\u{1D727}\u{1D728}\u{1D72A}\u{1D72C}\u{1D72F}\u{1D730}\u{1D732}\u{1D736}" +
      "\u{1D738}\u{1D73E}\u{1D742}\u{1D744}\u{1D746}\u{1D748}\u{1D74A}\u{1D754}\u{1D756}\u{1D757}\u{1D75A}" +
      "\u{1D75B}\u{1D75C}\u{1D75E}\u{1D75F}\u{1D761}\u{1D762}\u{1D764}\u{1D766}\u{1D769}\u{1D76A}\u{1D76C}" +
      "\u{1D770}\u{1D772}\u{1D778}\u{1D77C}\u{1D77E}\u{1D780}\u{1D782}\u{1D784}\u{1D78E}\u{1D790}\u{1D791}" +
      "\u{1D794}\u{1D795}\u{1D796}\u{1D798}\u{1D799}\u{1D79B}\u{1D79C}\u{1D79E}\u{1D7A0}\u{1D7A3}\u{1D7A4}" +
      "\u{1D7A6}\u{1D7AA}\u{1D7AC}\u{1D7B2}\u{1D7B6}\u{1D7B8}\u{1D7BA}\u{1D7BC}\u{1D7BE}\u{1D7C8}\u{1D7CA}" +
      "\u{1E8C7}\u{1E8CB}\u{1EE00}\u{1EE24}\u{1EE64}\u{1EE80}\u{1EE84}\u{1F74C}\u{1F768}" +
      // and those like the string an ASCII character looks like itself: " like two apostrophes, % like a masculine
      // ordinal, a slash and a subscript zero, m like rn
      "\u02BA\u02DD\u02EE\u02F6\u05F2\u05F4\u066A\u1CD3\u201C\u201D\u201F\u2033\u2036\u2052\u3003\uFF02\u{11700}\u{118E3}",
  );
  // Every character but a letter or a mark, but those of LOOKS_ASCII, that Unicode's confusables hold alike to a
  // letter but an ASCII one (∆ like Δ, ⊂ like ᑕ, — like ー), but one in everyday use whose letters alike are not:
  // shown in any value (fairdice.prose's _LOOKS_LETTER, written by tools/script_table.py).
  const LOOKS_LETTER = new Set(
      "\u00A5\u00AF\u00B7\u02D3\u02D8\u02D9\u0375\u060F\u0BE7\u0BE8\u0BEA\u0BED\u0BEE\u0BF0\u0BF8\u0D6A" +
      "\u0D6F\u0D79\u0DEA\u0DEB\u0FD5\u0FD6\u1041\u16EB\u16EF\u16F0\u17D4\u19D0\u19D1\u1A80\u1A90\u1B52" +
      "\u1B53\u1B58\u2014\u2015\u2016\u2022\u2025\u2027\u203E\u205D\u205E\u20AC\u20AD\u20BD\u2108\u2127" +
      "\u2129\u2141\u2142\u2143\u2191\u2195\u21BE\u21BF\u2200\u2203\u2206\u2207\u220F\u2211\u2219\u2225" +
      "\u2229\u222B\u2282\u2283\u2295\u2296\u2299\u229D\u22A5\u22C2\u22C4\u22C5\u22C8\u22D6\u22D7\u22EE" +
      "\u22EF\u22F4\u2341\u2365\u2369\u236C\u2375\u237F\u239C\u239F\u23A2\u23A5\u23AA\u23AE\u2500\u2501" +
      "\u2594\u25B3\u25BD\u25C7\u25CA\u2609\u2625\u2630\u2662\u276C\u27C2\u27E8\u2999\u29C4\u29D6\u2A00" +
      "\u2A01\u2A1D\u2A21\u2AAA\u2AAB\u2E26\u2E27\u2E31\u2E39\u2E3D\u2E82\u2E83\u2E85\u2E89\u2E8B\u2E8E" +
      "\u2E8F\u2E90\u2E92\u2E93\u2E94\u2E96\u2E97\u2E98\u2E99\u2E9B\u2E9E\u2EA0\u2EA1\u2EA2\u2EA3\u2EA4" +
      "\u2EA6\u2EA8\u2EAB\u2EAD\u2EAF\u2EB1\u2EB2\u2EB9\u2EBA\u2EBE\u2EBF\u2EC0\u2EC1\u2EC2\u2EC3\u2EC4" +
      "\u2EC5\u2EC8\u2EC9\u2ECB\u2ECC\u2ECD\u2ECF\u2ED0\u2ED1\u2ED2\u2ED3\u2ED4\u2ED6\u2ED8\u2ED9\u2EDA" +
      "\u2EDB\u2EDC\u2EDD\u2EDF\u2EE0\u2EE2\u2EE4\u2EE5\u2EE8\u2EE9\u2EEB\u2EEC\u2EED\u2EEE\u2EEF\u2EF0" +
      "\u2EF2\u3008\u30FB\u31D0\u31D1\u31D6\u31DA\u31DB\u31DF\u31E0\uA494\uA49C\uA49E\uA4A7\uA4A8\uA4AC" +
      "\uA4B0\uA4BA\uA4BE\uA4BF\uA4C0\uA4C2\uA67E\uAA53\uAA56\uFE19\uFE49\uFE4A\uFE4B\uFE4C\uFF0D\uFFE3" +
      "\u{10101}\u{102E1}\u{102E4}\u{102E8}\u{102F2}\u{103D1}\u{103D3}\u{104A0}\u{1D202}\u{1D20B}" +
      "\u{1D214}\u{1D215}\u{1D217}\u{1D21A}\u{1D21C}\u{1D221}\u{1D222}\u{1D22B}\u{1D230}\u{1D23F}" +
      "\u{1D245}\u{1E8CD}\u{1F701}\u{1F702}\u{1F704}\u{1F714}\u{1F728}\u{1F754}",
  );
  // Every letter but an ASCII one alike to such a character in everyday use where the letters alike are not (ȼ like
  // ¢, ꝏ like ∞): shown in any value, its symbol as typed (fairdice.prose's _LOOKS_EVERYDAY_SIGN).
  const LOOKS_EVERYDAY_SIGN = new Set(
      "\u023C\uA699\uA74F",
  );
  // Every combining mark but those of U+0300 to U+036F and U+1DC0 to U+1DFF that Unicode's confusables hold alike to
  // another mark NFC leaves as it is (॔ and َ like ́; the spacing ঃ like ਃ): shown on a letter of SCRIPTS
  // (fairdice.prose's _MARKS_ALIKE).
  const MARKS_ALIKE = new Set(
      "\u0596\u0598\u0599\u059A\u059C\u059D\u05A4\u05A8\u05AD\u05AE\u05AF\u05B4\u05B9\u05BA\u05C1\u05C2\u05C4" +
      "\u05C5\u0618\u0619\u061A\u064B\u064C\u064D\u064E\u064F\u0650\u0652\u0653\u0655\u0656\u0657\u0658\u0659" +
      "\u065A\u065B\u065C\u065D\u065F\u0670\u06DB\u06DF\u06E8\u06EC\u073C\u0740\u0741\u0742\u0747\u07EB\u07ED" +
      "\u07EE\u07F3\u08E5\u08E8\u08EA\u08EB\u08ED\u08EE\u08F0\u08F1\u08F2\u08F3\u08F8\u08F9\u08FA\u08FF\u0900" +
      "\u0901\u0902\u0903\u093A\u093C\u0941\u0942\u0946\u094D\u0952\u0953\u0954\u0981\u0983\u09BC\u09BE\u09BF" +
      "\u09C7\u09CB\u09CC\u09CD\u09D7\u0A02\u0A03\u0A3C\u0A4B\u0A4D\u0A81\u0A82\u0A83\u0ABC\u0AC1\u0AC2\u0ACD" +
      "\u0B01\u0B3C\u0B82\u0BBF\u0BCD\u0C00\u0C02\u0C03\u0C81\u0C82\u0C83\u0D01\u0D02\u0D03\u0D3F\u0D40\u0D41" +
      "\u0D42\u0D43\u0D82\u0D83\u0E34\u0E35\u0E36\u0E37\u0E38\u0E39\u0E48\u0E49\u0E4A\u0E4B\u0EB8\u0EB9\u0EC8" +
      "\u0EC9\u0ECA\u0ECB\u0F37\u1036\u1038\u17B7\u17B8\u17B9\u17BA\u17C6\u17CB\u17D3\u1AB4\u1AB7\u1CD0\u1CD2" +
      "\u1CD5\u1CD8\u1CD9\u1CDA\u1CDC\u1CDD\u1CDE\u1CED\u20DB\u20E9\u2DE8\u2DEA\u2DEC\u2DED\u2DEF\u2DF6\u2DF7" +
      "\u302C\u302D\u309A\uA66F\uA67C\uA6F0\uA6F1\u{10A3A}\u{111CA}\u{111CB}\u{11300}\u{114B0}\u{114B1}" +
      "\u{114B9}\u{114BC}\u{114BD}\u{114BE}\u{114BF}\u{114C1}\u{114C2}\u{114C3}\u{115B2}\u{115B3}\u{115DC}" +
      "\u{115DD}\u{11CAA}\u{11CB2}\u{16F51}\u{16F52}",
  );
  // Every mark of U+0300 to U+036F and U+1DC0 to U+1DFF that Unicode's confusables hold alike to another mark NFC
  // leaves as it is (́ like ॔ and َ; ᷟ like ⷨ): with MARKS_ALIKE, every mark alike to another, shown on a character of
  // no script of SCRIPTS but where it is at home (fairdice.prose's _COMBINING_ALIKE).
  const COMBINING_ALIKE = new Set(
      "\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030A\u030B\u030C\u030D\u030E\u0310" +
      "\u0311\u0312\u0313\u0314\u0315\u0316\u0317\u0320\u0321\u0322\u0323\u0324\u0325\u0326\u0327\u0328" +
      "\u0329\u032B\u032D\u032E\u0331\u0333\u0335\u0336\u0337\u0338\u0339\u0342\u0345\u0347\u0350\u0352" +
      "\u0354\u0355\u0357\u0358\u0363\u0364\u0366\u0368\u036E\u036F\u1DDF\u1DEE",
  );
  // Of those, the marks not at home on a letter of SCRIPTS, shown there (the comma below of "ж̦", like the cedilla of
  // "ж̧"; the candrabindu of "ш̐", like the breve and dot above of "ш̆̇"): fairdice.prose's _COMBINING_ABROAD.
  const COMBINING_ABROAD = new Set(
      "\u0305\u030C\u0310\u0311\u0315\u0321\u0322\u0326\u0331\u0336\u0338\u0339\u0342\u0345\u0347\u0357" +
      "\u0358\u0366\u036E",
  );
  // On a Cyrillic letter, Cyrillic's own marks alike to Latin ones (ⷶ, like ͣ) are at home and those Latin ones shown
  // with COMBINING_ABROAD's (fairdice.prose's _CYRILLIC_MARKS_AT_HOME and _CYRILLIC_MARKS_ABROAD).
  const CYRILLIC_MARKS_AT_HOME = new Set(
      "\u2DE8\u2DEC\u2DED\u2DEF\u2DF6\u2DF7\uA66F",
  );
  const CYRILLIC_MARKS_ABROAD = new Set(
      "\u0305\u030C\u0310\u0311\u0315\u0321\u0322\u0326\u0331\u0336\u0338\u0339\u0342\u0345\u0347\u0357" +
      "\u0358\u0363\u0364\u0366\u0368\u036E\u036F\u1DDF\u1DEE",
  );
  // Each sequence of marks alike to one character (the two e signs of "കെെ", like the ai sign of "കൈ"), its last
  // shown: fairdice.prose's _MARKS_SPELLED.
  const MARKS_SPELLED = ["\u0C41\u0C3E", "\u0C43\u0C3E", "\u0D46\u0D46", "\u1083\u030A"];
  // Each deprecated character alike to another (the Tibetan ཷ, like ྲཱྀ; the Khmer ឣ, like អ), shown in any value:
  // fairdice.prose's _DEPRECATED_ALIKE.
  const DEPRECATED_ALIKE = new Set("\u0149\u0673\u0F77\u0F79\u17A3\u17A4\u2329\u232A");
  // For each script but SCRIPTS (by ISO 15924 code), its letters the core's Unicode knows and the marks at home on
  // them, of each group of marks alike the one of that script (Script_Extensions), written on its letters by a legacy
  // character set (the cedilla of ç), else in everyday use, else the first, but none of a group alike to a sequence of
  // marks at home there (the candrabindu, like the breve and the dot above); and
  // the letters Unicode composes others with (the shin dot on ש): written by tools/script_table.py (fairdice.prose's
  // _MARKS_AT_HOME and _MARKS_AT_HOME_ON). Every other such mark there, and on a character of none, is shown.
  const MARKS_AT_HOME = [
    // Caucasian Albanian
    ["Aghb", new RegExp(
      "[" +
      "\u{10530}-\u{10563}" +
      "]", "u"), new Set(
      "\u0304\u0331")],
    // Arabic
    ["Arab", new RegExp(
      "[" +
      "\u0620-\u063F\u0641-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06E5-\u06E6\u06EE-\u06EF" +
      "\u06FA-\u06FC\u06FF\u0750-\u077F\u0870-\u0887\u0889-\u088E\u08A0-\u08C9\uFB50-\uFBB1" +
      "\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC" +
      "\u{1EE00}-\u{1EE03}\u{1EE05}-\u{1EE1F}\u{1EE21}-\u{1EE22}\u{1EE24}\u{1EE27}\u{1EE29}-\u{1EE32}" +
      "\u{1EE34}-\u{1EE37}\u{1EE39}\u{1EE3B}\u{1EE42}\u{1EE47}\u{1EE49}\u{1EE4B}\u{1EE4D}-\u{1EE4F}" +
      "\u{1EE51}-\u{1EE52}\u{1EE54}\u{1EE57}\u{1EE59}\u{1EE5B}\u{1EE5D}\u{1EE5F}\u{1EE61}-\u{1EE62}" +
      "\u{1EE64}\u{1EE67}-\u{1EE6A}\u{1EE6C}-\u{1EE72}\u{1EE74}-\u{1EE77}\u{1EE79}-\u{1EE7C}\u{1EE7E}" +
      "\u{1EE80}-\u{1EE89}\u{1EE8B}-\u{1EE9B}\u{1EEA1}-\u{1EEA3}\u{1EEA5}-\u{1EEA9}\u{1EEAB}-\u{1EEBB}" +
      "]", "u"), new Set(
      "\u064B\u064C\u064D\u064E\u064F\u0650\u0652\u0653\u0655\u0656\u0657\u0658\u0659\u065B\u065C\u065D" +
      "\u0670\u06DB\u06E8\u06EC\u08EB\u08EE\u08F8\u08F9\u08FA")],
    // Bamum
    ["Bamu", new RegExp(
      "[" +
      "\uA6A0-\uA6E5\u{16800}-\u{16A38}" +
      "]", "u"), new Set(
      "\uA6F0\uA6F1")],
    // Bengali
    ["Beng", new RegExp(
      "[" +
      "\u0980\u0985-\u098C\u098F-\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE" +
      "\u09DC-\u09DD\u09DF-\u09E1\u09F0-\u09F1\u09FC" +
      "]", "u"), new Set(
      "\u0952\u0981\u0983\u09BC\u09BE\u09BF\u09C7\u09CB\u09CC\u09CD\u09D7\u1CD0\u1CD2\u1CD5\u1CD8\u1CED")],
    // Bopomofo
    ["Bopo", new RegExp(
      "[" +
      "\u3105-\u312F\u31A0-\u31BF" +
      "]", "u"), new Set(
      "\u302C\u302D")],
    // Cherokee
    ["Cher", new RegExp(
      "[" +
      "\u13A0-\u13F5\u13F8-\u13FD\uAB70-\uABBF" +
      "]", "u"), new Set(
      "\u0300\u0301\u0302\u0304\u030B\u030C\u0323\u0324\u0331")],
    // Cyrillic
    ["Cyrl", new RegExp(
      "[" +
      "\u{1E030}-\u{1E06D}" +
      "]", "u"), new Set(
      "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030A\u030B\u030D\u030E\u0312\u0313\u0314" +
      "\u0316\u0317\u0320\u0323\u0324\u0325\u0327\u0328\u0329\u032B\u032D\u032E\u0333\u0335\u0337\u0350" +
      "\u0352\u0354\u0355\u2DE8\u2DEC\u2DED\u2DEF\u2DF6\u2DF7\uA66F")],
    // Devanagari
    ["Deva", new RegExp(
      "[" +
      "\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u097F\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE" +
      "]", "u"), new Set(
      "\u0900\u0901\u0902\u0903\u093A\u093C\u0941\u0942\u0946\u094D\u0952\u1CD0\u1CD2\u1CD5\u1CD8\u1CD9" +
      "\u1CDA\u1CDC\u1CDE\u1CED")],
    // Duployan
    ["Dupl", new RegExp(
      "[" +
      "\u{1BC00}-\u{1BC6A}\u{1BC70}-\u{1BC7C}\u{1BC80}-\u{1BC88}\u{1BC90}-\u{1BC99}" +
      "]", "u"), new Set(
      "\u0307\u0308\u030A\u0323\u0324")],
    // Elbasan
    ["Elba", new RegExp(
      "[" +
      "\u{10500}-\u{10527}" +
      "]", "u"), new Set(
      "\u0305")],
    // Ethiopic
    ["Ethi", new RegExp(
      "[" +
      "\u1200-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D" +
      "\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310" +
      "\u1312-\u1315\u1318-\u135A\u1380-\u138F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6" +
      "\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\uAB01-\uAB06\uAB09-\uAB0E" +
      "\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\u{1E7E0}-\u{1E7E6}\u{1E7E8}-\u{1E7EB}\u{1E7ED}-\u{1E7EE}" +
      "\u{1E7F0}-\u{1E7FE}" +
      "]", "u"), new Set(
      "\u030E")],
    // Glagolitic
    ["Glag", new RegExp(
      "[" +
      "\u2C00-\u2C5F" +
      "]", "u"), new Set(
      "\u0303\u0305\uA66F")],
    // Gothic
    ["Goth", new RegExp(
      "[" +
      "\u{10330}-\u{10340}\u{10342}-\u{10349}" +
      "]", "u"), new Set(
      "\u0304\u0308\u0331")],
    // Grantha
    ["Gran", new RegExp(
      "[" +
      "\u{11305}-\u{1130C}\u{1130F}-\u{11310}\u{11313}-\u{11328}\u{1132A}-\u{11330}\u{11332}-\u{11333}" +
      "\u{11335}-\u{11339}\u{1133D}\u{11350}\u{1135D}-\u{11361}" +
      "]", "u"), new Set(
      "\u0952\u1CD0\u1CD2\u{11300}")],
    // Greek
    ["Grek", new RegExp(
      "[" +
      "\u1DBF\u2126" +
      "]", "u"), new Set(
      "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030A\u030B\u030D\u030E\u0312\u0313\u0314" +
      "\u0316\u0317\u0320\u0323\u0324\u0325\u0327\u0328\u0329\u032B\u032D\u032E\u0333\u0335\u0337\u0350" +
      "\u0352\u0354\u0355\u0363\u0364\u0368\u036F\u1DDF\u1DEE")],
    // Gujarati
    ["Gujr", new RegExp(
      "[" +
      "\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0" +
      "\u0AE0-\u0AE1\u0AF9" +
      "]", "u"), new Set(
      "\u0952\u0A81\u0A82\u0A83\u0ABC\u0AC1\u0AC2\u0ACD")],
    // Gurmukhi
    ["Guru", new RegExp(
      "[" +
      "\u0A05-\u0A0A\u0A0F-\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32-\u0A33\u0A35-\u0A36\u0A38-\u0A39" +
      "\u0A59-\u0A5C\u0A5E\u0A72-\u0A74" +
      "]", "u"), new Set(
      "\u0952\u0A02\u0A03\u0A3C\u0A4B\u0A4D")],
    // Han
    ["Hani", new RegExp(
      "[" +
      "\u3005\u303B\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFA6D\uFA70-\uFAD9\u{16FE3}\u{20000}-\u{2A6DF}" +
      "\u{2A700}-\u{2B739}\u{2B740}-\u{2B81D}\u{2B820}-\u{2CEA1}\u{2CEB0}-\u{2EBE0}\u{2EBF0}-\u{2EE5D}" +
      "\u{2F800}-\u{2FA1D}\u{30000}-\u{3134A}\u{31350}-\u{323AF}" +
      "]", "u"), new Set(
      "\u302C\u302D")],
    // Hebrew
    ["Hebr", new RegExp(
      "[" +
      "\u05D0-\u05EA\u05EF-\u05F2\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41" +
      "\uFB43-\uFB44\uFB46-\uFB4F" +
      "]", "u"), new Set(
      "\u0308\u0596\u0598\u0599\u059A\u059C\u05AF\u05B4\u05B9")],
    // Hiragana
    ["Hira", new RegExp(
      "[" +
      "\u3041-\u3096\u309D-\u309F\u{1B001}-\u{1B11F}\u{1B132}\u{1B150}-\u{1B152}" +
      "]", "u"), new Set(
      "\u309A")],
    // Katakana
    ["Kana", new RegExp(
      "[" +
      "\u30A1-\u30FA\u30FD-\u30FF\u31F0-\u31FF\uFF66-\uFF6F\uFF71-\uFF9D\u{1AFF0}-\u{1AFF3}" +
      "\u{1AFF5}-\u{1AFFB}\u{1AFFD}-\u{1AFFE}\u{1B000}\u{1B120}-\u{1B122}\u{1B155}\u{1B164}-\u{1B167}" +
      "]", "u"), new Set(
      "\u0305\u0323\u309A")],
    // Kharoshthi
    ["Khar", new RegExp(
      "[" +
      "\u{10A00}\u{10A10}-\u{10A13}\u{10A15}-\u{10A17}\u{10A19}-\u{10A35}" +
      "]", "u"), new Set(
      "\u{10A3A}")],
    // Khmer
    ["Khmr", new RegExp(
      "[" +
      "\u1780-\u17B3\u17D7\u17DC" +
      "]", "u"), new Set(
      "\u17B7\u17B8\u17B9\u17BA\u17C6\u17CB")],
    // Kannada
    ["Knda", new RegExp(
      "[" +
      "\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDD-\u0CDE" +
      "\u0CE0-\u0CE1\u0CF1-\u0CF2" +
      "]", "u"), new Set(
      "\u0952\u0C81\u0C82\u0C83\u1CD0\u1CD2\u1CDA")],
    // Lao
    ["Laoo", new RegExp(
      "[" +
      "\u0E81-\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EB0\u0EB2-\u0EB3\u0EBD\u0EC0-\u0EC4" +
      "\u0EC6\u0EDC-\u0EDF" +
      "]", "u"), new Set(
      "\u0EB8\u0EB9\u0EC8\u0EC9\u0ECA\u0ECB")],
    // Latin
    ["Latn", new RegExp(
      "[" +
      "\u00AA\u00BA\u02B0-\u02B8\u02E0-\u02E4\u1D80-\u1DBE\u2071\u207F\u2090-\u209C\u212A-\u212B\u2132" +
      "\u214E\u2183-\u2184\uFB00-\uFB06\uFF21-\uFF3A\uFF41-\uFF5A\u{10780}-\u{10785}\u{10787}-\u{107B0}" +
      "\u{107B2}-\u{107BA}\u{1DF00}-\u{1DF1E}\u{1DF25}-\u{1DF2A}" +
      "]", "u"), new Set(
      "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u0309\u030A\u030B\u030D\u030E\u0312\u0313\u0314" +
      "\u0316\u0317\u0320\u0323\u0324\u0325\u0327\u0328\u0329\u032B\u032D\u032E\u0333\u0335\u0337\u0350" +
      "\u0352\u0354\u0355\u0363\u0364\u0368\u036F\u1DDF\u1DEE")],
    // Marchen
    ["Marc", new RegExp(
      "[" +
      "\u{11C72}-\u{11C8F}" +
      "]", "u"), new Set(
      "\u{11CAA}")],
    // Malayalam
    ["Mlym", new RegExp(
      "[" +
      "\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F" +
      "]", "u"), new Set(
      "\u0952\u0D01\u0D02\u0D03\u0D3F\u0D41\u1CDA")],
    // Myanmar
    ["Mymr", new RegExp(
      "[" +
      "\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E" +
      "\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA60-\uAA76\uAA7A\uAA7E-\uAA7F" +
      "]", "u"), new Set(
      "\u1036\u1038")],
    // Newa
    ["Newa", new RegExp(
      "[" +
      "\u{11400}-\u{11434}\u{11447}-\u{1144A}\u{1145F}-\u{11461}" +
      "]", "u"), new Set(
      "\u0952\u1CD5\u1CD8\u1CED")],
    // Nko
    ["Nkoo", new RegExp(
      "[" +
      "\u07CA-\u07EA\u07F4-\u07F5\u07FA" +
      "]", "u"), new Set(
      "\u07EB\u07ED\u07EE\u07F3")],
    // Oriya
    ["Orya", new RegExp(
      "[" +
      "\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D" +
      "\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71" +
      "]", "u"), new Set(
      "\u0952\u0B01\u0B3C\u1CDA")],
    // Osage
    ["Osge", new RegExp(
      "[" +
      "\u{104B0}-\u{104D3}\u{104D8}-\u{104FB}" +
      "]", "u"), new Set(
      "\u0301\u0304\u030B\u0358")],
    // Old Permic
    ["Perm", new RegExp(
      "[" +
      "\u{10350}-\u{10375}" +
      "]", "u"), new Set(
      "\u0300\u0306\u0307\u0308\u0313")],
    // Miao
    ["Plrd", new RegExp(
      "[" +
      "\u{16F00}-\u{16F4A}\u{16F50}\u{16F93}-\u{16F9F}" +
      "]", "u"), new Set(
      "\u{16F51}")],
    // Sharada
    ["Shrd", new RegExp(
      "[" +
      "\u{11183}-\u{111B2}\u{111C1}-\u{111C4}\u{111DA}\u{111DC}" +
      "]", "u"), new Set(
      "\u1CD9\u1CDC\u1CDD\u1CED\u{111CB}")],
    // Siddham
    ["Sidd", new RegExp(
      "[" +
      "\u{11580}-\u{115AE}\u{115D8}-\u{115DB}" +
      "]", "u"), new Set(
      "\u{115B2}\u{115B3}")],
    // Sinhala
    ["Sinh", new RegExp(
      "[" +
      "\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6" +
      "]", "u"), new Set(
      "\u0D82\u0D83")],
    // Syriac
    ["Syrc", new RegExp(
      "[" +
      "\u0710\u0712-\u072F\u074D-\u074F\u0860-\u086A" +
      "]", "u"), new Set(
      "\u0303\u0304\u0307\u0308\u0323\u0324\u0325\u032D\u032E\u0331\u064B\u064C\u064D\u064E\u064F\u0650" +
      "\u0652\u0655\u0670\u073C")],
    // Tai Le
    ["Tale", new RegExp(
      "[" +
      "\u1950-\u196D\u1970-\u1974" +
      "]", "u"), new Set(
      "\u0300\u0301\u0307\u0308\u030C")],
    // Tamil
    ["Taml", new RegExp(
      "[" +
      "\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99-\u0B9A\u0B9C\u0B9E-\u0B9F\u0BA3-\u0BA4" +
      "\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0" +
      "]", "u"), new Set(
      "\u0952\u0B82\u0BBF\u0BCD\u1CDA")],
    // Telugu
    ["Telu", new RegExp(
      "[" +
      "\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C5D\u0C60-\u0C61" +
      "]", "u"), new Set(
      "\u0952\u0C00\u0C02\u0C03\u1CD5\u1CD8\u1CDA")],
    // Tifinagh
    ["Tfng", new RegExp(
      "[" +
      "\u2D30-\u2D67\u2D6F" +
      "]", "u"), new Set(
      "\u0302\u0304\u0306\u0307\u0308\u0309\u0323")],
    // Thai
    ["Thai", new RegExp(
      "[" +
      "\u0E01-\u0E30\u0E32-\u0E33\u0E40-\u0E46" +
      "]", "u"), new Set(
      "\u0303\u0331\u0E34\u0E35\u0E36\u0E37\u0E38\u0E39\u0E48\u0E49\u0E4A\u0E4B")],
    // Tibetan
    ["Tibt", new RegExp(
      "[" +
      "\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C" +
      "]", "u"), new Set(
      "\u0F37")],
    // Tirhuta
    ["Tirh", new RegExp(
      "[" +
      "\u{11480}-\u{114AF}\u{114C4}-\u{114C5}\u{114C7}" +
      "]", "u"), new Set(
      "\u0952\u1CD5\u{114B0}\u{114B1}\u{114B9}\u{114BC}\u{114BD}\u{114BE}\u{114BF}\u{114C1}\u{114C2}" +
      "\u{114C3}")],
  ];
  const MARKS_AT_HOME_ON = new Map([
    ["\u05E9", new Set("\u0308\u0596\u0598\u0599\u059A\u059C\u05AF\u05B4\u05C1\u05C2")],
  ]);
  // Every letter but ASCII ones of the Latin, Greek, Coptic, Cyrillic and Armenian scripts that Unicode's confusables
  // hold alike to a letter of another of them (fairdice.prose holds the same set); shown in a word that mixes those
  // scripts, and in a value holding Greek and Cyrillic letters.
  const LOOKS_ACROSS = new Set(
      "\u00C6\u00C7\u00DE\u00DF\u00E6\u00E7\u00FE\u0127\u0131\u0138\u017F\u0180\u0182\u0183\u0184\u0185" +
      "\u0186\u018D\u018F\u0190\u0196\u019E\u019F\u01A7\u01A8\u01A9\u01B7\u01BD\u01BF\u01C0\u01DD\u01F6" +
      "\u021C\u021D\u0237\u0245\u024D\u024E\u024F\u0251\u0254\u0259\u025B\u025C\u0261\u0262\u0263\u0266" +
      "\u0269\u026A\u026F\u0270\u0275\u0278\u028B\u028D\u028F\u0292\u0298\u0299\u029C\u029F\u0370\u0374" +
      "\u0376\u0377\u037A\u037B\u037D\u037F\u0391\u0392\u0393\u0394\u0395\u0396\u0397\u0398\u0399\u039A" +
      "\u039B\u039C\u039D\u039F\u03A0\u03A1\u03A3\u03A4\u03A5\u03A6\u03A7\u03A8\u03B1\u03B2\u03B3\u03B4" +
      "\u03B5\u03B7\u03B8\u03B9\u03BA\u03BB\u03BD\u03BF\u03C0\u03C1\u03C3\u03C4\u03C5\u03C6\u03C7\u03C8" +
      "\u03C9\u03D0\u03D1\u03D2\u03D5\u03D6\u03D7\u03DC\u03E8\u03E9\u03F0\u03F1\u03F2\u03F3\u03F4\u03F5" +
      "\u03F7\u03F8\u03F9\u03FA\u03FD\u03FF\u0404\u0405\u0406\u0408\u0410\u0411\u0412\u0413\u0415\u0417" +
      "\u0418\u041A\u041B\u041C\u041D\u041E\u041F\u0420\u0421\u0422\u0423\u0424\u0425\u0428\u042C\u0430" +
      "\u0431\u0432\u0433\u0435\u0437\u0438\u043A\u043B\u043C\u043D\u043E\u043F\u0440\u0441\u0442\u0443" +
      "\u0444\u0445\u0448\u044C\u044F\u0454\u0455\u0456\u0458\u0459\u045B\u0461\u0462\u0463\u0470\u0471" +
      "\u0472\u0473\u0474\u0475\u048C\u048D\u0493\u049A\u049E\u04A2\u04AA\u04AB\u04AE\u04AF\u04B0\u04B1" +
      "\u04BB\u04BD\u04C0\u04CF\u04D4\u04D5\u04D8\u04D9\u04E0\u04E1\u04E8\u04E9\u0501\u050A\u050C\u050D" +
      "\u0510\u0511\u051B\u051C\u051D\u054D\u054F\u0553\u0555\u0561\u0563\u0566\u056E\u0570\u0575\u0578" +
      "\u057A\u057C\u057D\u0581\u0584\u0585\u1D04\u1D08\u1D0B\u1D0D\u1D0E\u1D0F\u1D10\u1D11\u1D19\u1D1B" +
      "\u1D1C\u1D20\u1D21\u1D24\u1D26\u1D28\u1D2B\u1E9D\u1E9F\u1EFF\u1FBE\u2C67\u2C69\u2C75\u2C84\u2C85" +
      "\u2C86\u2C88\u2C89\u2C8E\u2C92\u2C94\u2C95\u2C96\u2C98\u2C9A\u2C9E\u2C9F\u2CA0\u2CA2\u2CA3\u2CA4" +
      "\u2CA5\u2CA6\u2CA8\u2CAA\u2CAB\u2CAC\u2CAD\u2CAE\u2CB1\u2CBC\u2CBD\u2CCA\u2CCC\u2CCD\u2CD0\u2CD1" +
      "\u2CD2\u2CE4\uA644\uA645\uA647\uA64C\uA64D\uA668\uA695\uA698\uA699\uA731\uA73E\uA73F\uA740\uA74A" +
      "\uA74B\uA74E\uA74F\uA75A\uA76A\uA76B\uA76E\uA78C\uA792\uA793\uA798\uA799\uA79F\uA7AB\uA7B2\uA7B3" +
      "\uA7B4\uA7B5\uA7B6\uA7B7\uAB32\uAB35\uAB3D\uAB47\uAB48\uAB4E\uAB52\uAB53\uAB55\uAB5A\uAB60",
  );
  // Latin, Greek, Coptic, Cyrillic and Armenian, as fairdice.prose's _SCRIPTS.
  const LATIN = /[A-Za-z\u00C0-\u024F\u0250-\u02AF\u1D00-\u1D7F\u1E00-\u1EFF\u2C60-\u2C7F\uA720-\uA7FF\uAB30-\uAB6F]/u;
  const GREEK = /[\u0370-\u03E1\u03F0-\u03FF\u1F00-\u1FFF]/u;
  const COPTIC = /[\u03E2-\u03EF\u2C80-\u2CFF]/u;
  const CYRILLIC = /[\u0400-\u052F\u1C80-\u1C8F\u2DE0-\u2DFF\uA640-\uA69F]/u;
  const ARMENIAN = /[\u0531-\u058F\uFB13-\uFB17]/u;
  const SCRIPTS = [LATIN, GREEK, COPTIC, CYRILLIC, ARMENIAN];
  const CYRILLIC_AT = SCRIPTS.indexOf(CYRILLIC); // (whose letters keep marks of their own: CYRILLIC_MARKS_AT_HOME)
  // The ASCII letters a letter of each script but Latin looks like, by the script's place in SCRIPTS, -1 for a script
  // none of them (Cherokee, Lisu, Myanmar, Ahom; read for Latin letters in a word with a letter of such a script that
  // looks like none): fairdice.prose's _ASCII_LIKE_IN; no letter looks like k or t.
  const ASCII_LIKE_IN = new Map([
    [1, "ABEFHIJKMNOPTXYZaijlopuvy"],
    [2, "CHIKLMNOPTXYclopr"],
    [3, "ABCEGHIJKMOPSTVWXYabcdehijlopqrsvwxy"],
    [4, "OSUfghnoquw"],
    [-1, "ABCDEFGHIJKLMNOPQRSTUVWXYZbcdghilmorsuvwxyz"],
  ]);
  const ASCII_ALIKE = new Set([...ASCII_LIKE_IN.values()].join(""));
  // Every letter of a script other than SCRIPTS and Han, kana and Hangul that looks like a letter of SCRIPTS but like
  // no ASCII character (the Lisu ꓥ, like Λ; the Cherokee Ꮎ, like Θ): fairdice.prose's _OTHERS_ALIKE.
  const OTHERS_ALIKE = new Set(
      "\u05F0\u0629\u06C3\u10A0\u10F3\u1206\u1223\u1240\u1260\u1261\u1294\u12AE\u1323\u13A4\u13A8\u13B0\u13B1" +
      "\u13BE\u13BF\u13C7\u13CB\u13CC\u13EB\u13EF\u13F0\u13F2\u13FB\u13FC\u1403\u1427\u1431\u1445\u144E\u14A5\u1577" +
      "\u15B7\u15C4\u15EF\u162E\u162F\u1634\u1635\u16D8\u1D90\u2183\u2184\u2D31\u2D37\u2D3A\u2D41\u2D49\u2D59\u2D60" +
      "\uA4D5\uA4DB\uA4E4\uA4E5\uA4EF\uA4F1\uA4F5\uA6A1\uA6B1\uA6CD\uA6CE\uA6DB\uAB70\uAB71\uAB72\uAB7A\uAB7B\uAB7C" +
      "\uAB7E\uAB80\uAB87\uAB8B\uAB8E\uAB90\uAB9B\uAB9C\uAB9F\uABA2\uABAE\uABB2\uABB6\uABBB\u{10285}\u{1028D}" +
      "\u{102A3}\u{102A8}\u{102AD}\u{102B3}\u{102B5}\u{102B6}\u{10312}\u{10401}\u{10412}\u{1041F}\u{10423}\u{10425}" +
      "\u{10429}\u{1042A}\u{1043A}\u{1043F}\u{10442}\u{10443}\u{1044B}\u{1044D}\u{104B0}\u{104BC}\u{104C3}\u{104C4}" +
      "\u{104CD}\u{104D1}\u{104D8}\u{104DB}\u{104EB}\u{104F9}\u{118CE}\u{16F07}\u{16F1A}\u{16F1C}\u{16F2D}\u{16F3D}",
  );
  // Every letter others() reads that looks like an ASCII digit or punctuation mark (the ו, like 1 and |): shown in a
  // value holding an ASCII letter in a word of its own script too (fairdice.prose's _LOOKS_ASCII_SIGN).
  const LOOKS_ASCII_SIGN = new Set(
      "\u05D5\u05D9\u05DF\u05F2\u0627\u07CA\u097D\u0B20\u12D0\u13AE\u13CE\u13EE\u1433\u1438\u144A\u14BF\u16B2\u16C1" +
      "\u16CC\u2D4F\u2D51\u2D54\uA4F2\uA4F3\u{1028A}\u{10292}\u{1029B}\u{102AB}\u{10309}\u{1031A}\u{1031F}" +
      "\u{10404}\u{104C2}\u{104D2}\u{10516}\u{118AC}\u{118AF}\u{118B5}\u{118BB}\u{118C6}\u{118CA}\u{118CC}" +
      "\u{118D5}\u{118D6}\u{16F28}\u{16F3B}\u{16F3F}",
  );
  // Every letter others() reads, but those of LOOKS_ASCII, that looks like what is not letters of its own script and
  // marks alone (ᑕ like ⊂, ᑆ like ·ᐹ, ᑧ like U'): a word holding one is not one whose look-alikes are as typed beside an
  // ASCII letter (fairdice.prose's _ALIKE_APART).
  const ALIKE_APART = new Set(
      "\u05F0\u05F1\u0623\u0625\u0629\u062F\u0635\u0637\u0639\u0648\u0672\u0673\u0675\u06C3\u06FF\u08B1\u093D" +
      "\u0D09\u0D0A\u0D0C\u0D19\u0D1C\u0D23\u0D34\u0D36\u0D3A\u0D4E\u0D5F\u0D7B\u0D7C\u1010\u1065\u10A0\u10F3" +
      "\u1206\u1223\u1240\u1260\u1261\u1294\u12AE\u1323\u13A4\u13A8\u13B0\u13B1\u13BE\u13BF\u13C7\u13CB\u13CC" +
      "\u13EB\u13EF\u13F0\u13F2\u13FB\u13FC\u1403\u140C\u140D\u140E\u140F\u1410\u1411\u1412\u1413\u1414\u1415" +
      "\u1417\u1418\u1419\u141A\u1427\u142C\u1431\u1435\u1437\u143A\u143B\u143C\u143D\u143E\u143F\u1440\u1441" +
      "\u1442\u1443\u1444\u1445\u1446\u1447\u144E\u1450\u1454\u1455\u1457\u1458\u1459\u145A\u145B\u145C\u145D" +
      "\u145E\u145F\u1460\u1461\u1462\u1463\u1464\u1467\u1468\u1469\u146A\u1473\u1474\u1475\u1476\u1477\u1478" +
      "\u1479\u147A\u147B\u147C\u147D\u147E\u147F\u1480\u1481\u1485\u1486\u1487\u1488\u1492\u1493\u1494\u1495" +
      "\u1496\u1497\u1498\u1499\u149A\u149B\u149C\u149D\u149E\u149F\u14A5\u14AC\u14AD\u14AE\u14AF\u14B0\u14B1" +
      "\u14B2\u14B3\u14B4\u14B5\u14B6\u14B7\u14B8\u14B9\u14C9\u14CA\u14CB\u14CC\u14CD\u14CE\u14DC\u14DD\u14DE" +
      "\u14DF\u14E0\u14E1\u14E2\u14E3\u14E4\u14E5\u14E6\u14E7\u14E8\u14E9\u14F6\u14F7\u14F8\u14F9\u14FA\u14FB" +
      "\u14FC\u14FD\u14FE\u14FF\u1500\u1501\u1502\u1503\u150C\u150E\u1517\u1518\u1519\u151A\u151B\u151C\u151D" +
      "\u151E\u151F\u1520\u1521\u1522\u1523\u1524\u152F\u1530\u1531\u1532\u1533\u1534\u1535\u1536\u1537\u1538" +
      "\u1539\u153A\u153B\u153C\u154E\u154F\u155B\u155C\u1568\u1569\u1577\u157F\u1581\u1583\u1584\u1591\u15B5" +
      "\u15B7\u15C4\u15D2\u15D5\u15E1\u15EF\u162E\u162F\u1634\u1635\u1660\u1673\u1677\u1678\u1679\u167A\u167B" +
      "\u167C\u167D\u16B9\u16BD\u16C2\u16CB\u16CF\u16D0\u16D8\u16DA\u16DC\u16DE\u16E6\u16E8\u18B3\u18B6\u18B9" +
      "\u18C2\u18C6\u18C7\u18C8\u18C9\u18CA\u18CB\u18CC\u18CD\u18CE\u18CF\u18D0\u18D1\u18D2\u18D3\u18E0\u18E3" +
      "\u18E4\u18E5\u18E8\u18EA\u18ED\u18F0\u18F2\u1D90\u2132\u2183\u2184\u2D31\u2D37\u2D3A\u2D40\u2D41\u2D42" +
      "\u2D48\u2D49\u2D57\u2D59\u2D60\u2D63\uA4D5\uA4DB\uA4DE\uA4E4\uA4E5\uA4E8\uA4ED\uA4EF\uA4F1\uA4F5\uA4F6" +
      "\uA4F7\uA6A1\uA6B0\uA6B1\uA6CD\uA6CE\uA6DB\uA8FB\uAB70\uAB71\uAB72\uAB74\uAB7A\uAB7B\uAB7C\uAB7E\uAB80" +
      "\uAB87\uAB8B\uAB8E\uAB90\uAB9B\uAB9C\uAB9F\uABA2\uABAE\uABB2\uABB6\uABBB\uFBEA\uFBEB\uFBEC\uFBED\uFC37" +
      "\uFC51\uFC52\uFC53\uFC54\uFC80\uFC88\uFC9B\uFCA0\uFCA5\uFCCD\uFCD6\uFCD7\uFCD8\uFCD9\uFCDE\uFCE0\uFCE2" +
      "\uFCE4\uFCE6\uFCE8\uFCEA\uFCEF\uFCF1\uFD31\uFD32\uFD3C\uFD3D\uFD93\uFD94\uFDF2\uFDF3\uFDF7\uFDFA\uFDFB" +
      "\uFEF7\uFEF8\uFEF9\uFEFA\uFEFB\uFEFC\u{10285}\u{1028D}\u{10294}\u{102A3}\u{102A8}\u{102AD}\u{102B3}" +
      "\u{102B5}\u{102B6}\u{102B8}\u{102BC}\u{102C0}\u{10312}\u{10401}\u{10411}\u{10412}\u{1041F}\u{10423}" +
      "\u{10425}\u{10429}\u{1042A}\u{1043A}\u{1043F}\u{10442}\u{10443}\u{1044B}\u{1044D}\u{104B0}\u{104BC}" +
      "\u{104C3}\u{104C4}\u{104CD}\u{104D0}\u{104D1}\u{104D8}\u{104DB}\u{104EB}\u{104F9}\u{118A8}\u{118B7}" +
      "\u{118CE}\u{16F00}\u{16F07}\u{16F1A}\u{16F1C}\u{16F26}\u{16F2D}\u{16F3D}",
  );
  // Hebrew, Arabic and Georgian, with the ASCII letters one of their letters looks like: a word of their look-alikes
  // is as typed in a value holding one of their letters that looks like none ("כוס יין"), and a Latin word beside it
  // is shown instead where each of its letters looks like one of theirs (fairdice.prose's _EVERYDAY_OTHERS).
  const EVERYDAY_OTHERS = [
    [/[\u0590-\u05FF\uFB1D-\uFB4F]/u, "Ilov"],
    [/[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u, "Ilo"],
    [/[\u10A0-\u10FF\u1C90-\u1CBF\u2D00-\u2D2F]/u, "oy"],
  ];
  // The scripts of the letters others() reads that hold a letter which looks like one of another script (Cherokee,
  // Lisu, Myanmar, Hebrew…), by ISO 15924 code, each as its letters the core's Unicode knows (fairdice.prose's
  // _OTHER_SCRIPTS, written from Unicode's Script property by tools/script_table.py): a look-alike of another script
  // than a word's letters that look like none is shown (the Lisu ꓟ of "ᏣᎳꓟ", like the Cherokee Ꮇ of "ᏣᎳᎷ").
  const OTHER_SCRIPTS = [
    // Ahom
    ["Ahom", new RegExp(
      "[" +
      "\u{11700}-\u{1171A}\u{11740}-\u{11746}" +
      "]", "u")],
    // Arabic
    ["Arab", new RegExp(
      "[" +
      "\u0620-\u063F\u0641-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06EE-\u06EF\u06FA-\u06FC\u06FF" +
      "\u0750-\u077F\u0870-\u0887\u0889-\u088E\u08A0-\u08C8\uFBDD\uFBEA-\uFBFB\uFC00-\uFD3D" +
      "\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFE7F\uFEF5-\uFEFC" +
      "]", "u")],
    // Bamum
    ["Bamu", new RegExp(
      "[" +
      "\uA6A0-\uA6E5\u{16800}-\u{16A38}" +
      "]", "u")],
    // Canadian Aboriginal
    ["Cans", new RegExp(
      "[" +
      "\u1401-\u166C\u166F-\u167F\u18B0-\u18F5\u{11AB0}-\u{11ABF}" +
      "]", "u")],
    // Carian
    ["Cari", new RegExp(
      "[" +
      "\u{102A0}-\u{102D0}" +
      "]", "u")],
    // Cherokee
    ["Cher", new RegExp(
      "[" +
      "\u13A0-\u13F5\u13F8-\u13FD\uAB70-\uABBF" +
      "]", "u")],
    // Devanagari
    ["Deva", new RegExp(
      "[" +
      "\u0904-\u0939\u093D\u0950\u0958-\u0961\u0972-\u097F\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE" +
      "]", "u")],
    // Deseret
    ["Dsrt", new RegExp(
      "[" +
      "\u{10400}-\u{1044F}" +
      "]", "u")],
    // Elbasan
    ["Elba", new RegExp(
      "[" +
      "\u{10500}-\u{10527}" +
      "]", "u")],
    // Ethiopic
    ["Ethi", new RegExp(
      "[" +
      "\u1200-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D" +
      "\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310" +
      "\u1312-\u1315\u1318-\u135A\u1380-\u138F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6" +
      "\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\uAB01-\uAB06\uAB09-\uAB0E" +
      "\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\u{1E7E0}-\u{1E7E6}\u{1E7E8}-\u{1E7EB}\u{1E7ED}-\u{1E7EE}" +
      "\u{1E7F0}-\u{1E7FE}" +
      "]", "u")],
    // Georgian
    ["Geor", new RegExp(
      "[" +
      "\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FD-\u10FF\u1C90-\u1CBA\u1CBD-\u1CBF\u2D00-\u2D25\u2D27" +
      "\u2D2D" +
      "]", "u")],
    // Hebrew
    ["Hebr", new RegExp(
      "[" +
      "\u05D0-\u05EA\u05EF-\u05F2\uFB1D\uFB1F\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41\uFB43-\uFB44" +
      "\uFB46-\uFB4F" +
      "]", "u")],
    // Old Italic
    ["Ital", new RegExp(
      "[" +
      "\u{10300}-\u{1031F}\u{1032D}-\u{1032F}" +
      "]", "u")],
    // Latin
    ["Latn", new RegExp(
      "[" +
      "\u1D80-\u1D9A\u2132\u214E\u2183-\u2184\u{1DF00}-\u{1DF1E}\u{1DF25}-\u{1DF2A}" +
      "]", "u")],
    // Lisu
    ["Lisu", new RegExp(
      "[" +
      "\uA4D0-\uA4F7\u{11FB0}" +
      "]", "u")],
    // Lycian
    ["Lyci", new RegExp(
      "[" +
      "\u{10280}-\u{1029C}" +
      "]", "u")],
    // Malayalam
    ["Mlym", new RegExp(
      "[" +
      "\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F" +
      "]", "u")],
    // Myanmar
    ["Mymr", new RegExp(
      "[" +
      "\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E" +
      "\uA9E0-\uA9E4\uA9E7-\uA9EF\uA9FA-\uA9FE\uAA60-\uAA6F\uAA71-\uAA76\uAA7A\uAA7E-\uAA7F" +
      "]", "u")],
    // Nko
    ["Nkoo", new RegExp(
      "[" +
      "\u07CA-\u07EA" +
      "]", "u")],
    // Oriya
    ["Orya", new RegExp(
      "[" +
      "\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D" +
      "\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71" +
      "]", "u")],
    // Osage
    ["Osge", new RegExp(
      "[" +
      "\u{104B0}-\u{104D3}\u{104D8}-\u{104FB}" +
      "]", "u")],
    // Miao
    ["Plrd", new RegExp(
      "[" +
      "\u{16F00}-\u{16F4A}\u{16F50}" +
      "]", "u")],
    // Runic
    ["Runr", new RegExp(
      "[" +
      "\u16A0-\u16EA\u16F1-\u16F8" +
      "]", "u")],
    // Tifinagh
    ["Tfng", new RegExp(
      "[" +
      "\u2D30-\u2D67" +
      "]", "u")],
    // Warang Citi
    ["Wara", new RegExp(
      "[" +
      "\u{118A0}-\u{118DF}\u{118FF}" +
      "]", "u")],
  ];
  // A letter of a script, as fairdice.prose reads one: not a modifier letter (ʼ), which stands as punctuation.
  const SCRIPT_LETTER = /^[\p{Lu}\p{Ll}\p{Lt}\p{Lo}]$/u;
  /** Where each word is, as its characters' positions: each run of letters and marks (fairdice.prose's _words). */
  function wordsOf(chars) {
    const words = [];
    let start = null;
    [...chars, " "].forEach((c, at) => {
      const inside = at < chars.length && LETTER_OR_MARK.test(c) && !UNASSIGNED.test(c);
      if (inside && start === null) start = at;
      if (inside || start === null) return;
      words.push(chars.slice(start, at).map((_, k) => start + k));
      start = null;
    });
    return words;
  }
  /** Of the letters of scripts other than SCRIPTS and Han, kana and Hangul (Cherokee, Lisu, Hebrew), those that look
   * like an ASCII letter or a letter of SCRIPTS in a word with none of such a script that looks like none, or with
   * one where OTHER_SCRIPTS tell them of another script than each of those (the Myanmar ဝ of "כוဝ", the Lisu ꓟ of
   * "ᏣᎳꓟ") or those are of
   * two scripts (the ו of "שוخ"), and the
   * positions of the words that hold one, and the scripts of EVERYDAY_OTHERS whose letters that look like none are
   * in the value, a word of whose look-alikes is as typed there where every letter of SCRIPTS or EVERYDAY_OTHERS that
   * looks like none (`anchors`, each by its base) is of that script ("ש ו ж" shows its ו, like the Cyrillic ӏ)
   * (fairdice.prose's _others). */
  function others(chars, words, stray, anchors) {
    const found = new Set();
    const beside = new Set();
    const akin = new Set();
    const other = (c) =>
      SCRIPT_LETTER.test(c) &&
      !UNASSIGNED.test(c) &&
      !compatible(c) &&
      !SCRIPTS.some((s) => s.test(c)) &&
      !EAST_ASIAN.some((s) => s.test(c));
    const base = (c) => [...c.normalize("NFD")][0];
    const everyday = EVERYDAY_OTHERS.filter(([script]) =>
      chars.some((c, at) => other(c) && !stray[at] && script.test(base(c))),
    );
    const ordinary = everyday.filter(([script]) => anchors.every((b) => script.test(b)));
    // which of OTHER_SCRIPTS a letter is of, -1 for another script
    const kind = (at) => OTHER_SCRIPTS.findIndex(([, script]) => script.test(chars[at]));
    words.forEach((word) => {
      const inWord = word.filter((at) => other(chars[at]));
      const kinds = new Set(inWord.filter((at) => !stray[at]).map(kind));
      if (kinds.size) {
        word.forEach((at) => beside.add(at));
        // one of a script of OTHER_SCRIPTS, whose letters look like others (not Thai's)
        if ([...kinds].some((k) => k >= 0)) word.forEach((at) => akin.add(at));
        // a look-alike of a script none of the word's letters that look like none is of (the Myanmar ဝ of "כוဝ")
        // and every one where they are of two (the ו of "שוخ", like the ا of "שاخ")
        inWord.forEach((at) => stray[at] && (kinds.size > 1 || !kinds.has(kind(at))) && found.add(at));
      } else inWord.forEach((at) => ordinary.some(([script]) => script.test(base(chars[at]))) || found.add(at));
    });
    return [found, beside, everyday, akin];
  }
  /** The positions of the letters that look like a letter of another script where a value written again with it looks
   * alike (fairdice.prose's _strays): a letter of a script other than SCRIPTS and Han, kana and Hangul that does, in a
   * word with none of such a script that looks like none (the Cherokee Ᏼ of "ᏴᎾᏏ 日本"); in a value holding a letter
   * that looks like none (an anchor), a letter of Greek, Coptic, Cyrillic or Armenian that does when none of its own
   * script there looks like none or its word holds a letter of such another script that does not; and, where letters
   * of two of Greek, Coptic, Cyrillic and Armenian are anchors, each letter that looks like one of another script in a
   * word of such letters alone; every Latin letter when none is an anchor and each looks like a letter of an anchor's
   * script, or like one of such another script in a word with one of its letters that looks like none (the W and Y of
   * "ᏣWY", like the Cherokee ᏣᎳᎩ), each such one there whatever else the value holds (the U of "Lucky Uገር"); and the
   * positions of the words with a letter of OTHER_SCRIPTS that looks like none. */
  function strays(chars, letter, alike, across) {
    const base = chars.map((c) => [...c.normalize("NFD")][0]);
    const script = chars.map((c) => SCRIPTS.findIndex((s) => s.test(c)));
    const stray = chars.map(
      (c, at) =>
        letter[at] && (alike[at] || across[at] || ASCII_ALIKE.has(base[at]) || OTHERS_ALIKE.has(base[at])),
    );
    // a letter NFKC makes another is shown for that whatever its script: none of its own here (𝖪 is no script's)
    const letters = chars.flatMap((c, at) => (letter[at] && !compatible(c) ? [at] : []));
    const words = wordsOf(chars);
    // (a word of Hebrew, Arabic or Georgian look-alikes is as typed only where no letter of another of those or of
    // SCRIPTS looks like none: the ו of "ש ו ж", like the Cyrillic ӏ)
    const anchors = letters
      .filter((at) => !stray[at] && (script[at] >= 0 || EVERYDAY_OTHERS.some(([s]) => s.test(base[at]))))
      .map((at) => base[at]);
    const [found, beside, everyday, akin] = others(chars, words, stray, anchors);
    // (a letter shown as its code point is read as no other)
    const anchored = new Set(letters.filter((at) => !stray[at] || found.has(at)).map((at) => script[at]));
    if (anchored.size === 0 || new Set(letters.map((at) => script[at])).size < 2) return [found, akin];
    letters.forEach((at) => {
      if (stray[at] && script[at] > 0 && (!anchored.has(script[at]) || beside.has(at))) found.add(at);
    });
    if ([...anchored].filter((n) => n > 0).length > 1) {
      // a letter of one anchored script may stand for a look-alike of another where no letter of its word tells which
      words.forEach((word) => {
        if (word.every((w) => !letter[w] || stray[w])) word.forEach((w) => across[w] && found.add(w));
      });
    }
    // a Latin letter that looks like a letter of such a script in a word with one of its letters that looks like none,
    // whatever else the value holds (the U of "Lucky Uገር", like the Ethiopic ሀ of "Lucky ሀገር")
    letters.forEach((at) => {
      const like = !ASCII.test(base[at]) || ASCII_LIKE_IN.get(-1).includes(base[at]);
      if (script[at] === 0 && akin.has(at) && stray[at] && like) found.add(at);
    });
    const latin = letters.filter((at) => script[at] === 0);
    if (latin.length && !anchored.has(0)) {
      const like = [...anchored].filter((n) => n > 0).map((n) => ASCII_LIKE_IN.get(n));
      everyday.forEach(([, letters]) => like.push(letters));
      const other = ASCII_LIKE_IN.get(-1);
      // a Latin letter that is no ASCII one with its accents (ɑ, ʙ) looks like a letter of another script itself
      const looks = (at) =>
        !ASCII.test(base[at]) || like.some((l) => l.includes(base[at])) || (beside.has(at) && other.includes(base[at]));
      if (latin.every(looks)) latin.forEach((at) => found.add(at));
    }
    return [found, akin];
  }
  // Han, Hiragana, Katakana and Hangul, as fairdice.prose's _EAST_ASIAN; and every character of them that Unicode's
  // confusables hold alike to one of another of them (ー and 一, カ and 力), shown in a value holding two of them.
  const HAN = /[\u2E80-\u2FDF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{3FFFF}]/u;
  const HIRAGANA = /[\u3040-\u309F]/u;
  const KATAKANA = /[\u30A0-\u30FF\u31F0-\u31FF\uFF65-\uFF9F]/u;
  const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7FF]/u;
  const EAST_ASIAN = [HAN, HIRAGANA, KATAKANA, HANGUL];
  const LOOKS_ACROSS_EAST = new Set(
    "\u1173\u1175\u2E85\u2F00\u2F01\u2F03\u2F06\u2F0B\u2F12\u2F18\u2F1D\u2F1E\u2F23\u2F2F\u304F\u3078" +
      "\u309B\u309C\u30A4\u30A8\u30AB\u30BF\u30C8\u30CB\u30CE\u30CF\u30D8\u30ED\u30FC\u3161\u3163\u4E00" +
      "\u4E28\u4E3F\u4E8C\u4EBB\u516B\u529B\u535C\u53E3\u56D7\u5915\u5DE5\uF98A\uFF9E\uFF9F\u{21FE8}",
  );
  // Arabic's two sets of digits, each digit alike to the same digit of the other: every one is shown, in any value
  // (fairdice.prose's _ARABIC_DIGITS).
  const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/u;
  // Arabic's letters that Persian, Urdu or Kurdish write apart from one drawn alike, where they are drawn alike: joined
  // to the letter after them (ك ک, ی like ي, ه ھ), or not (ی like ى, ە like ه), but the one in everyday use where its
  // twin is not (ي, ى, ه last); the characters a letter joins to, of Arabic and of the other joining scripts (the
  // Syriac beth of "كܒ"), that the core's Unicode knows (fairdice.prose's _ARABIC_JOINS).
  const ARABIC_JOINED = /[\u0643\u0647\u06A9\u06BE\u06CC]/u;
  const ARABIC_ENDING = /[\u06CC\u06D5]/u;
  const ARABIC_JOINS = new RegExp(
    "[\u0620\u0622-\u064A\u066E-\u066F\u0671-\u0673\u0675-\u06D3\u06D5\u06EE-\u06EF\u06FA-\u06FC\u06FF" +
      "\u0710\u0712-\u072F\u074D-\u077F\u07CA-\u07EA\u07FA\u0840-\u0858\u0860\u0862-\u0865\u0867-\u086A" +
      "\u0870-\u0886\u0889-\u088E\u08A0-\u08AC\u08AE-\u08C8\u1807\u180A\u1820-\u1878\u1887-\u18A8\u18AA" +
      "\uA840-\uA871\u{10AC0}-\u{10AC5}\u{10AC7}\u{10AC9}-\u{10ACA}\u{10ACE}-\u{10AD6}" +
      "\u{10AD8}-\u{10AE1}\u{10AE4}\u{10AEB}-\u{10AEF}\u{10B80}-\u{10B91}\u{10BA9}-\u{10BAE}" +
      "\u{10D01}-\u{10D23}\u{10F30}-\u{10F44}\u{10F51}-\u{10F54}\u{10F70}-\u{10F81}\u{10FB0}" +
      "\u{10FB2}-\u{10FB6}\u{10FB8}-\u{10FBF}\u{10FC1}-\u{10FC4}\u{10FC9}-\u{10FCA}\u{1E900}-\u{1E943}]",
    "u",
  );
  const NONSPACING_MARK = /^\p{Mn}$/u;
  /** The positions of the Arabic letters drawn there like another letter (fairdice.prose's _arabic_alike). */
  function arabicAlike(chars) {
    const found = new Set();
    chars.forEach((c, at) => {
      const joined = ARABIC_JOINED.test(c);
      const ending = ARABIC_ENDING.test(c);
      if (!joined && !ending) return;
      // (read from `at` on, not copied: a copy of the rest for each letter cost the square of the text's length)
      let next = at + 1;
      while (next < chars.length && NONSPACING_MARK.test(chars[next])) next += 1;
      const after = chars[next] ?? "";
      if (ARABIC_JOINS.test(after) ? joined : ending) found.add(at);
    });
    return found;
  }
  const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
  const ASCII = /^[\x00-\x7F]$/u;
  const LETTER = /\p{L}/u;
  const NONSPACING = /[\p{Mn}\p{Me}]/u;

  /** Whether NFKC makes the character one other, non-ASCII character (unless keyboards type it), or one or more
   * that hold an ASCII letter or digit (or, with `marks`, any ASCII character but a space) (fairdice.prose). */
  const compatible = (c, marks = false) => {
    const normal = c.normalize("NFKC");
    if (normal === c) return false;
    if ([...normal].length === 1 && !ASCII.test(normal)) return !TYPED.test(c);
    return (marks ? /[!-~]/u : /[A-Za-z0-9]/u).test(normal);
  };

  /** The positions of the characters unseen() shows for looking like ASCII ones (fairdice.prose). */
  function lookalikes(chars) {
    if (chars.every((c) => ASCII.test(c))) return new Set();
    const alike = chars.map((c) => LOOKS_ASCII.has([...c.normalize("NFD")][0]));
    const letter = chars.map((c) => LETTER.test(c) && !UNASSIGNED.test(c));
    const across = chars.map((c) => LOOKS_ACROSS.has([...c.normalize("NFD")][0]));
    // Latin text: an ASCII letter, or a Latin letter that looks like no letter of ASCII or another script itself
    // (fairdice.prose)
    const latin =
      chars.some((c) => /[A-Za-z]/u.test(c)) || chars.some((c, at) => letter[at] && !alike[at] && !across[at] && LATIN.test(c));
    const found = arabicAlike(chars);
    // a character but a letter or a mark that looks like a letter but an ASCII one, in any value (fairdice.prose)
    // (or the rare letter that looks like such a character in everyday use: ȼ, like ¢)
    // (each by its base, as one composed with a mark is drawn as it and the mark: the ⊄ of "Bob ⊄ᓕ", like "Bob ᑕ̸ᓕ")
    chars.forEach((c, at) => {
      const base = [...c.normalize("NFD")][0];
      if (LOOKS_LETTER.has(base) || LOOKS_EVERYDAY_SIGN.has(base)) found.add(at);
    });
    const [strayed, akin] = strays(chars, letter, alike, across);
    strayed.forEach((at) => found.add(at));
    const text = chars.join("");
    if (text.normalize("NFKC") !== text) chars.forEach((c, at) => compatible(c, latin) && found.add(at));
    // (but a Cyrillic mark on a Greek letter: a mark is no script's letter, fairdice.prose's _Traits.script)
    const lettered = chars.filter((c) => !MARK.test(c)).join("");
    if (GREEK.test(lettered) && CYRILLIC.test(lettered)) across.forEach((looks, at) => looks && found.add(at));
    // A word of letters of two of SCRIPTS: a look-alike among them (ʙ of "ʙася").
    let start = null;
    [...chars, " "].forEach((c, at) => {
      const inside = at < chars.length && LETTER_OR_MARK.test(c) && !UNASSIGNED.test(c);
      if (inside && start === null) start = at;
      if (inside || start === null) return;
      const word = chars.slice(start, at);
      const scripts = new Set(
        word.flatMap((ch) => (MARK.test(ch) ? [] : SCRIPTS.flatMap((script, n) => (script.test(ch) ? [n] : [])))),
      );
      if (scripts.size > 1) word.forEach((_, k) => across[start + k] && found.add(start + k));
      start = null;
    });
    // Han, kana and Hangul by position and script: a look-alike among two of them (ー and 一 in "テ一ブル"), or every
    // one when each is one (カタ, like the Han 力夕).
    const east = chars.flatMap((c, at) => EAST_ASIAN.flatMap((script, n) => (script.test(c) ? [[at, n]] : [])));
    const acrossEast = east.filter(([at]) => LOOKS_ACROSS_EAST.has(chars[at]));
    if (new Set(east.map(([, n]) => n)).size > 1 || (east.length > 0 && acrossEast.length === east.length)) {
      acrossEast.forEach(([at]) => found.add(at));
    }
    if (latin) {
      // but a letter of a script of OTHER_SCRIPTS in a word with one of its own that looks like none, which strays()
      // leaves as typed there, where it looks like no ASCII digit or punctuation mark (the ሀ of "Lucky ሀገር"), nor in a
      // word holding a letter of ALIKE_APART ("Bob ᒪᑕ", like "Bob L⊂")
      const isApart = (c) => ALIKE_APART.has(c) || ALIKE_APART.has([...c.normalize("NFD")][0]);
      const apart = new Set(
        akin.size && chars.some(isApart) ? wordsOf(chars).filter((word) => word.some((at) => isApart(chars[at]))).flat() : [],
      );
      const kept = (at) =>
        akin.has(at) &&
        !apart.has(at) &&
        OTHER_SCRIPTS.some(([, script]) => script.test(chars[at])) &&
        !LOOKS_ASCII_SIGN.has([...chars[at].normalize("NFD")][0]);
      alike.forEach((looks, at) => looks && !kept(at) && found.add(at));
      // and a letter of ALIKE_APART in a word with no letter of its script that looks like none and is of none of
      // ALIKE_APART ("Bob ᑕ", like "Bob ⊂"; not the ᑕ of "Bob ᑕᓕ")
      if (chars.some(isApart)) {
        const kind = (at) => OTHER_SCRIPTS.findIndex(([, script]) => script.test(chars[at]));
        const base = (at) => [...chars[at].normalize("NFD")][0];
        const stray = (at) => letter[at] && (alike[at] || across[at] || ASCII_ALIKE.has(base(at)) || OTHERS_ALIKE.has(base(at)));
        const anchor = (at) =>
          kind(at) >= 0 && SCRIPT_LETTER.test(chars[at]) && !compatible(chars[at]) && !stray(at) && !isApart(chars[at]);
        wordsOf(chars).forEach((word) => {
          const anchors = new Set(word.filter(anchor).map(kind));
          word.forEach((at) => isApart(chars[at]) && (kind(at) < 0 || !anchors.has(kind(at))) && found.add(at));
        });
      }
    } else {
      // Punctuation, symbols and digits that look like ASCII ones, whatever else the value holds; beside an ASCII
      // digit every character but letters that does, without one not a mark nor a fullwidth form (fairdice.prose)
      const digits = chars.some((c) => /[0-9]/u.test(c));
      const punctuation = (c) => !MARK.test(c) && c.normalize("NFKC") === c;
      const modifier = (c) => /^\p{Lm}$/u.test(c);
      alike.forEach((looks, at) => looks && (!letter[at] || modifier(chars[at])) && (digits || punctuation(chars[at])) && found.add(at));
      const letters = chars.flatMap((c, at) => (letter[at] ? [at] : []));
      if (letters.length && letters.every((at) => alike[at])) letters.forEach((at) => found.add(at));
    }
    // a mark of MARKS_ALIKE on a letter of SCRIPTS, the one before its marks ("ж॔", like "ж́") (fairdice.prose)
    // and on any other character a mark alike to another but one at home on it (MARKS_AT_HOME): the Lao ່ of "ไม່"
    let base = -1;
    let atBase = -1;
    chars.forEach((c, at) => {
      if (!MARK.test(c)) {
        base = SCRIPTS.findIndex((script) => script.test(c));
        atBase = at;
      } else if (base === CYRILLIC_AT) {
        // (Cyrillic's own marks at home, the Latin ones like them not: ⷶ, not ͣ)
        if ((MARKS_ALIKE.has(c) && !CYRILLIC_MARKS_AT_HOME.has(c)) || CYRILLIC_MARKS_ABROAD.has(c)) found.add(at);
      } else if (base >= 0) {
        if (MARKS_ALIKE.has(c) || COMBINING_ABROAD.has(c)) found.add(at);
      } else if ((MARKS_ALIKE.has(c) || COMBINING_ALIKE.has(c)) && (atBase < 0 || !marksAtHome(chars[atBase]).has(c))) {
        found.add(at);
      }
    });
    // a deprecated character alike to another (DEPRECATED_ALIKE): the ཷ of "ཀཷ", like the ྲཱྀ of "ཀྲཱྀ"; the ឣ of "កឣ"
    chars.forEach((c, at) => DEPRECATED_ALIKE.has(c) && found.add(at));
    // the last mark of a sequence of MARKS_SPELLED: the second െ of "കെെ", like the ൈ of "കൈ"
    chars.forEach((c, at) => {
      for (const sequence of MARKS_SPELLED) {
        const marks = Array.from(sequence);
        if (at + 1 >= marks.length && chars.slice(at + 1 - marks.length, at + 1).join("") === sequence) found.add(at);
      }
    });
    // A mark on nothing (the value's first), on an ASCII character or on one shown, and so on (fairdice.prose)
    if (NONSPACING.test(chars[0] ?? "")) found.add(0);
    chars.forEach((c, at) => {
      // (one shown whatever is around it too: the accent of "ж\u200D\u0301" is not drawn on the ⟩ of ⟨U+200D⟩)
      const before = ASCII.test(c) || found.has(at) || shownAlone(c);
      if (before && at + 1 < chars.length && NONSPACING.test(chars[at + 1])) found.add(at + 1);
    });
    return found;
  }

  /** The marks at home on a character (fairdice.prose's _marks_at_home): none but on a letter of MARKS_AT_HOME. */
  const marksAtHome = (c) =>
    MARKS_AT_HOME_ON.get(c) ?? MARKS_AT_HOME.find(([, letters]) => letters.test(c))?.[2] ?? NO_MARKS;
  const NO_MARKS = new Set();

  /** Whether a page writes the character as its code point whatever is around it (fairdice.prose's _Traits.hidden). */
  const shownAlone = (c) =>
    NOT_PRINTABLE.test(c) ||
    UNASSIGNED.test(c) ||
    BLANK.test(c) ||
    JAMO.test(c) ||
    NIKHAHIT.test(c) ||
    ARABIC_DIGITS.test(c);

  /**
   * For each character, whether a page writes it as its code point (fairdice.prose.unseen): one that shows nothing
   * or looks like another, a plain space a page would drop or fold (first, last, after a space), every conjoining
   * Hangul jamo and every Thai or Lao nikhahit, and, in text not in Unicode's composed form (NFC), every character
   * NFC would change or join to another: a combining mark, a character Unicode holds equal to another (the Kelvin
   * sign); every character NFKC makes one that holds an ASCII letter or digit (a mathematical or fullwidth K), or
   * one other, non-ASCII character (the micro sign, a Kangxi radical), but for the compatibility jamo keyboards
   * type; in a value holding an ASCII letter,
   * every character that looks like an ASCII one or that NFKC makes one (a fullwidth hyphen); in a value without one, every such character but letters when it
   * holds an ASCII digit, and every letter when all look like ASCII ones; in a value holding Greek and Cyrillic
   * letters, every letter of either that looks like one of the other, and in a word mixing the scripts of SCRIPTS,
   * every letter but ASCII ones that looks like one of another of them; in a value holding two of Han, Hiragana,
   * Katakana and Hangul, or whose characters of them all look like ones of another, every character of them that
   * looks like one of another; in a value holding a letter that looks like no letter of another script, every letter
   * of SCRIPTS that looks like one of another when none of its own script there looks like none (the o of "жo"),
   * or, beside such letters of two of Greek, Coptic, Cyrillic and Armenian, none of its word does (the о of "ж о ֆ");
   * every letter of a script other than SCRIPTS and Han, kana and Hangul that looks like one of another in a word with
   * none of such a script that looks like none (the Cherokee ᏦᎥᎷ of "ᏦᎥᎷ 김"), or with one of another script than it
   * (OTHER_SCRIPTS: the Myanmar ဝ of "כוဝ", the Lisu ꓟ of "ᏣᎳꓟ") or those are of two scripts (the ו of "שוخ"), and the
   * Latin letters in such a word
   * with one when each looks like a letter of such a script (the W and Y of "ᏣWY"), and whatever else the value holds
   * each that looks like one there (the U of "Lucky Uገር"), where such a letter that looks like no ASCII digit or
   * punctuation mark is as typed beside an ASCII letter too (the ሀ of "Lucky ሀገር");
   * every Arabic-Indic and Extended
   * Arabic-Indic digit; every character but a letter or a mark that looks like a letter but an ASCII one (∆, ⊂), or the rare letter for one in everyday use (ȼ for ¢);
   * every mark of MARKS_ALIKE on a letter of SCRIPTS (the ॔ of "ж॔"), and on any other character every mark alike to
   * another but those at home on it (MARKS_AT_HOME: the Lao ່ of "ไม່"); a deprecated character alike to another
   * (DEPRECATED_ALIKE: the Tibetan ཷ, the Khmer ឣ); a combining mark on an ASCII character or on one shown (a joiner too), or on nothing (the value's first).
   */
  function unseen(text) {
    const value = String(text);
    const chars = [...value];
    const decomposed = value.normalize("NFC") !== value;
    const lookalike = lookalikes(chars);
    return chars.map((c, i) =>
      c === " "
        ? i === 0 || i === chars.length - 1 || chars[i - 1] === " "
        : shownAlone(c) ||
          (decomposed && (MARK.test(c) || c.normalize("NFC") !== c)) ||
          lookalike.has(i),
    );
  }

  const codePoint = (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  /** The text with every character `unseen` picks written as its code point, ⟨U+034F⟩. */
  const withCodePoints = (text) => {
    const hidden = unseen(text);
    return [...String(text)].map((c, i) => (hidden[i] ? `⟨${codePoint(c)}⟩` : c)).join("");
  };

  // Unicode's right-to-left letters (bidi class R or AL: Hebrew, Arabic, Syriac, Thaana, N'Ko and others), written
  // from Python's unicodedata, where fairdice.prose reads the class; a test holds the two alike.
  const RIGHT_TO_LEFT = new RegExp(
    "[" +
      "\u05BE\u05C0\u05C3\u05C6\u05D0-\u05EA\u05EF-\u05F4\u0608\u060B\u060D\u061B-\u064A\u066D-\u066F" +
      "\u0671-\u06D5\u06E5-\u06E6\u06EE-\u06EF\u06FA-\u070D\u070F-\u0710\u0712-\u072F\u074D-\u07A5\u07B1" +
      "\u07C0-\u07EA\u07F4-\u07F5\u07FA\u07FE-\u0815\u081A\u0824\u0828\u0830-\u083E\u0840-\u0858\u085E" +
      "\u0860-\u086A\u0870-\u088E\u08A0-\u08C9\u200F\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E" +
      "\uFB40-\uFB41\uFB43-\uFB44\uFB46-\uFBC2\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFC\uFE70-\uFE74" +
      "\uFE76-\uFEFC\u{10800}-\u{10805}\u{10808}\u{1080A}-\u{10835}\u{10837}-\u{10838}\u{1083C}" +
      "\u{1083F}-\u{10855}\u{10857}-\u{1089E}\u{108A7}-\u{108AF}\u{108E0}-\u{108F2}\u{108F4}-\u{108F5}" +
      "\u{108FB}-\u{1091B}\u{10920}-\u{10939}\u{1093F}\u{10980}-\u{109B7}\u{109BC}-\u{109CF}\u{109D2}-\u{10A00}" +
      "\u{10A10}-\u{10A13}\u{10A15}-\u{10A17}\u{10A19}-\u{10A35}\u{10A40}-\u{10A48}\u{10A50}-\u{10A58}" +
      "\u{10A60}-\u{10A9F}\u{10AC0}-\u{10AE4}\u{10AEB}-\u{10AF6}\u{10B00}-\u{10B35}\u{10B40}-\u{10B55}" +
      "\u{10B58}-\u{10B72}\u{10B78}-\u{10B91}\u{10B99}-\u{10B9C}\u{10BA9}-\u{10BAF}\u{10C00}-\u{10C48}" +
      "\u{10C80}-\u{10CB2}\u{10CC0}-\u{10CF2}\u{10CFA}-\u{10D23}\u{10E80}-\u{10EA9}\u{10EAD}\u{10EB0}-\u{10EB1}" +
      "\u{10F00}-\u{10F27}\u{10F30}-\u{10F45}\u{10F51}-\u{10F59}\u{10F70}-\u{10F81}\u{10F86}-\u{10F89}" +
      "\u{10FB0}-\u{10FCB}\u{10FE0}-\u{10FF6}\u{1E800}-\u{1E8C4}\u{1E8C7}-\u{1E8CF}\u{1E900}-\u{1E943}\u{1E94B}" +
      "\u{1E950}-\u{1E959}\u{1E95E}-\u{1E95F}\u{1EC71}-\u{1ECB4}\u{1ED01}-\u{1ED3D}\u{1EE00}-\u{1EE03}" +
      "\u{1EE05}-\u{1EE1F}\u{1EE21}-\u{1EE22}\u{1EE24}\u{1EE27}\u{1EE29}-\u{1EE32}\u{1EE34}-\u{1EE37}\u{1EE39}" +
      "\u{1EE3B}\u{1EE42}\u{1EE47}\u{1EE49}\u{1EE4B}\u{1EE4D}-\u{1EE4F}\u{1EE51}-\u{1EE52}\u{1EE54}\u{1EE57}" +
      "\u{1EE59}\u{1EE5B}\u{1EE5D}\u{1EE5F}\u{1EE61}-\u{1EE62}\u{1EE64}\u{1EE67}-\u{1EE6A}\u{1EE6C}-\u{1EE72}" +
      "\u{1EE74}-\u{1EE77}\u{1EE79}-\u{1EE7C}\u{1EE7E}\u{1EE80}-\u{1EE89}\u{1EE8B}-\u{1EE9B}\u{1EEA1}-\u{1EEA3}" +
      "\u{1EEA5}-\u{1EEA9}\u{1EEAB}-\u{1EEBB}" +
      "]",
    "u",
  );
  // The few non-spacing marks whose bidi class is L, a strong left-to-right character; every other one goes with its
  // letter (bidi class NSM). Written from Python's unicodedata, as RIGHT_TO_LEFT is.
  const LEFT_TO_RIGHT_MARKS = /[\u0CBF\u0CC6\u{11A07}\u{11A08}\u{11C3F}]/u;
  /** Whether a character between right-to-left letters keeps its place among them: a non-spacing mark, a plain
   * space or an ASCII punctuation mark (fairdice.prose). */
  const staysBesideRightToLeft = (c) => (NONSPACING.test(c) && !LEFT_TO_RIGHT_MARKS.test(c)) || /^[\x20-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]$/u.test(c);

  /**
   * Whether a screen may show the text's characters in another order than they were typed (fairdice.prose.reorders):
   * it holds a right-to-left letter shown as itself, and a character such a letter can trade places with on screen:
   * any but another right-to-left letter, a non-spacing mark, a plain space or an ASCII punctuation mark, and any
   * character shown as its code point. A Hebrew word, a space and 12 shows in a left-to-right line just as 12, a space
   * and the word does.
   */
  function reorders(text) {
    const chars = [...String(text)];
    const rtl = chars.map((c) => RIGHT_TO_LEFT.test(c));
    if (!rtl.some(Boolean)) return false; // nearly every value: unseen(), the costly part, is not asked
    const hidden = unseen(text);
    return rtl.some((r, i) => r && !hidden[i]) && chars.some((c, i) => hidden[i] || !(rtl[i] || staysBesideRightToLeft(c)));
  }

  /** The text's characters one by one, in the order they were typed (fairdice.prose.typed_order): a right-to-left
   * letter with its code point beside it, a mark or a character unseen() picks as its code point alone, the space and
   * the comma by name. */
  const typedOrder = (text) => {
    const hidden = unseen(text);
    return [...String(text)]
      .map((c, i) =>
        c === " " ? "space" : c === "," ? "comma" : hidden[i] || NONSPACING.test(c) ? codePoint(c) : RIGHT_TO_LEFT.test(c) ? `${c} ${codePoint(c)}` : c,
      )
      .join(", ");
  };
  /** An identity value as the pages write it (GameInput.text): a list's items joined by commas, yes or no for a
   * yes-or-no question. */
  const identityText = (value) => {
    if (typeof value === "boolean") return value ? "yes" : "no";
    return Array.isArray(value) ? value.join(", ") : String(value);
  };

  /** What identifies the game: the game itself first (the scheme, by its title: one key can give fair dice under
   * several), then the scheme's inputs; a value holding unseen characters, or one a screen may show in another order,
   * is said so (fairdice.verify.identified_by). */
  function identifiedBy(scheme, request) {
    const game = { field: "scheme", value: scheme.id, description: `the game: ${scheme.title}` };
    return [game, ...(scheme.identity ? scheme.identity(request) : [])].map((given) => {
      const texts = (Array.isArray(given.value) ? given.value : [given.value]).filter((v) => typeof v === "string");
      let description = given.description;
      if (texts.some((t) => unseen(t).some(Boolean))) {
        description += `; it holds characters that show nothing or look like others, here as code points: ${texts.map(withCodePoints).join(", ")}`;
      }
      const text = identityText(given.value);
      if (reorders(text)) {
        description += `; it holds right-to-left text, which a screen may show in another order; its characters in the order they were typed: ${typedOrder(text)}`;
      }
      return description === given.description ? given : { ...given, description };
    });
  }
  const escapeOf = (code) =>
    code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : code < 0x10000 ? `\\u${code.toString(16).padStart(4, "0")}` : `\\U${code.toString(16).padStart(8, "0")}`;

  /** A JSON number written as a float (2.0, 2e0): Python reads it as a float, whatever its value, and quotes it as
   * it was written (fairdice.json_input.WrittenFloat): 1e300, 1e-400 and 1e999, not 1e+300, 0.0 and inf. */
  class PyFloat {
    constructor(written) {
      this.written = written;
    }
  }

  /** A JSON value as the core's messages quote what was given (prose.repr_of): text as Python's repr() writes it, and
   * null, true and false as JSON writes them, alone or in a list or an object; a character that draws nothing though
   * repr keeps it (BLANK: a Hangul filler) escaped as repr escapes those it refuses, and a value nested deeper than the
   * engine's stack holds said in prose.repr_of's words for one repr cannot write. */
  function pyRepr(value) {
    try {
      return reprOf(value);
    } catch (error) {
      // A RangeError: the stack ran out, as repr's recursion does (review: a list 3,000 levels deep was refused as
      // "Maximum call stack size exceeded", the engine's words)
      if (error instanceof RangeError) return "a value nested too deeply to show";
      throw error;
    }
  }

  function reprOf(value) {
    if (value instanceof PyFloat) return value.written;
    if (typeof value === "bigint") return String(value);
    if (value === null || value === undefined) return "null";
    if (value === true) return "true";
    if (value === false) return "false";
    if (typeof value === "number") return String(value);
    if (Array.isArray(value)) return `[${value.map(reprOf).join(", ")}]`;
    if (value instanceof Map) return `{${[...value].map(([k, v]) => `${reprOf(k)}: ${reprOf(v)}`).join(", ")}}`;
    if (typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${reprOf(k)}: ${reprOf(v)}`).join(", ")}}`;
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    let out = quote;
    for (const c of value) {
      if (c === "\\" || c === quote) out += `\\${c}`;
      else if (c === "\t") out += "\\t";
      else if (c === "\n") out += "\\n";
      else if (c === "\r") out += "\\r";
      else if ((c !== " " && NOT_PRINTABLE.test(c)) || BLANK.test(c)) out += escapeOf(c.codePointAt(0));
      else out += c;
    }
    return out + quote;
  }

  /** The offending input, cut short as the core cuts it (fairdice.prose.quoted). */
  const shown = (value) => {
    const text = pyRepr(value);
    return Array.from(text).length <= 40 ? text : `${Array.from(text).slice(0, 37).join("")}...`;
  };

  // ---- field values, checked as the core's request models check them ----------------------------

  class FieldError extends Error {
    constructor(field, message) {
      super(message);
      this.field = field;
    }
  }

  const cut = (text, most, mark = "…") => {
    const characters = Array.from(text);
    return characters.length <= most ? text : characters.slice(0, most - Array.from(mark).length).join("") + mark;
  };
  // How a message cut at MAX_MESSAGE ends, as fairdice.problems.CUT_SHORT: a page writes a `…` as its code point.
  const CUT_SHORT = "... (cut short)";

  class Problems extends Error {
    constructor(problems) {
      const kept = problems.map((p) => ({ field: cut(p.field, MAX_FIELD), message: cut(p.message, MAX_MESSAGE, CUT_SHORT) }));
      super(kept.map((p) => `${p.field}: ${p.message}`).join("; "));
      this.problems = kept;
    }
  }

  // The problems of a request without the secret that the server reads from an archive, which no page reads: its link
  // is checked on the server as it is, and here once the secret is given.
  class ReadsNoArchive extends Problems {}

  // Python's str.strip() and re's \s: JavaScript's \s differs (it has U+FEFF, lacks U+001C-U+001F, U+0085).
  const SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
  const strip = (value) => value.replace(EDGES, "");
  const chars = (value) => Array.from(value).length;
  // The first `count` characters, as Python's value[:count] cuts them: by code point, never half a character (review)
  const firstChars = (value, count) => Array.from(value).slice(0, count).join("");

  const WHITESPACE = new RegExp(`[${SPACE}]`, "g");
  const HEX = /^[0-9a-fA-F]*$/;

  /** The ASCII character of which `c` is the fullwidth form (U+FF01-U+FF5E), "" for any other (fields._fullwidth_of). */
  const fullwidthOf = (c) => (/^[\uff01-\uff5e]$/.test(c) ? String.fromCharCode(c.charCodeAt(0) - 0xfee0) : "");

  /** `, but 'g' is not a hex digit` for the first character that is none, as Python writes it; "" when every one is (fields._not_hex). */
  const notHex = (digits) => {
    const bad = Array.from(digits).find((c) => !/[0-9a-fA-F]/.test(c));
    if (bad === undefined) return "";
    // A fullwidth digit named as the one it looks like, as the core names it
    const alike = fullwidthOf(bad);
    return `, but ${pyRepr(bad)}${/^[0-9a-fA-F]$/.test(alike) ? `, a look-alike of ${alike},` : ""} is not a hex digit`;
  };

  // The most digits a hand's selection is taken to slip by (fields._SLIP): farther off, a value may be another one
  const SLIP = 2;

  /** What a value of `count` hex digits, where `what` has `needed`, is told, as the core tells it (fields._off_by). */
  const offBy = (count, needed, what) => {
    const off = count - needed;
    const the = `the ${what.replace(/^a /, "")}`;
    const digits = Math.abs(off) === 1 ? "one digit" : `${Math.abs(off)} digits`;
    if (off < 0 && -off <= SLIP) return `: it is ${digits} short; copy it again`;
    if (off > 0 && off <= SLIP) return `: it has ${digits} too many; copy it again`;
    if (off < 0) return `: it may be ${the} cut short by ${-off} digits, or another value; copy ${the} again`;
    return `: it may be ${the} with ${off} more digits copied beside it, or another value; copy ${the} again`;
  };

  /** Hex as the core reads it: spaces anywhere left out (seed 001 writes its key "00 01 02 … 1f"), and said so. */
  function hexValue(value, minBytes, maxBytes, what) {
    if (typeof value !== "string") throw new Error(`${what} must be a string of hex digits`);
    const digits = value.replace(WHITESPACE, "");
    const spaced = digits !== strip(value);
    if (!HEX.test(digits)) {
      // A value copied from a tool that writes hex as 0x…, as the core says it, and a 0x with no digit after it
      const drop = /^0[xX][0-9a-fA-F]+$/.test(digits)
        ? ": leave out the 0x in front"
        : /^0[xX]$/.test(digits)
          ? `: no digits follow its 0x; copy the ${what.slice(2)} again`
          : "";
      throw new Error(`${what} must be hex digits (0-9, a-f)${spaced ? "; its spaces were left out" : ""}${notHex(digits)}${drop}`);
    }
    const notCounted = spaced ? ", spaces not counted" : "";
    const range =
      minBytes === maxBytes
        ? `${minBytes} bytes (${2 * minBytes} hex digits)`
        : `${minBytes} to ${maxBytes} bytes (${2 * minBytes}-${2 * maxBytes} hex digits)`;
    if (digits.length % 2) {
      // As the core says it: with the length it must have and, for a length of its own, how far off it is (offBy);
      // within a span of lengths, that a digit was lost or added
      const slip =
        minBytes === maxBytes
          ? offBy(digits.length, 2 * minBytes, what)
          : 2 * minBytes < digits.length && digits.length < 2 * maxBytes
            ? ": a digit of it was lost or one added (hex is two digits a byte); copy it again"
            : "";
      throw new Error(`${what} has an odd number of hex digits (${digits.length}${notCounted}), where it must be ${range}${slip}`);
    }
    const size = digits.length / 2;
    if (size < minBytes || size > maxBytes) {
      const half = digits.length / 2;
      const twice =
        size === 2 * maxBytes && digits.slice(0, half).toLowerCase() === digits.slice(half).toLowerCase()
          ? `: its two halves are the same ${maxBytes} bytes, as if it was pasted twice; give it once`
          : minBytes === maxBytes && digits.length > 0
            ? // In the digits a person counts, and what to do, as the core says it (not of an empty value)
              offBy(digits.length, 2 * minBytes, what)
            : "";
      throw new Error(`${what} must be ${range}, got ${size} ${size === 1 ? "byte" : "bytes"}${spaced ? " (spaces not counted)" : ""}${twice}`);
    }
    return digits.toLowerCase();
  }

  /** The first control character of `value`, a line break or a tab by name, and where it is at an end (fields._control). */
  const control = (value) => {
    const at = value.search(/\p{Cc}/u);
    const character = value[at];
    // A vertical tab, a form feed or a next line is a line break too, said so with its escape, as the core says it
    const said =
      character === "\n" || character === "\r"
        ? "a line break"
        : character === "\t"
          ? "a tab"
          : /[\v\f\x85]/.test(character)
            ? `a line break (${pyRepr(character)})`
            : pyRepr(character);
    if (!strip(value.slice(at + 1))) return `${said} at its end`;
    return strip(value.slice(0, at)) ? said : `${said} at its start`;
  };

  // fields._COUNTED_AS
  const COUNTED_AS = " (counted as Unicode counts characters, where an emoji or an accented letter may be more than one)";

  function printable(value, most, what) {
    if (typeof value !== "string" || chars(value) < 1 || chars(value) > most) {
      // How long it is, where it is text, as the core says it (by code point, as Python counts, said so of text that is
      // not all ASCII, where a person may count otherwise)
      const counted = /[^\x00-\x7f]/.test(value) ? COUNTED_AS : "";
      const has = typeof value !== "string" ? "" : value ? `: it has ${number(chars(value))}${counted}` : ": it is empty";
      throw new Error(`${what} must be text of 1 to ${most} characters${has}`);
    }
    // Unassigned code points are accepted, as fairdice.fields accepts them: the two Unicode versions differ.
    if (/\p{Cc}/u.test(value)) throw new Error(`${what} must not contain control characters: it holds ${control(value)}`);
    if (/\p{Cs}/u.test(value)) throw new Error(`${what} must not contain a lone surrogate, which is no character`);
    return value;
  }

  const CANONICAL = /^(0|[1-9][0-9]{0,15})$/;

  /** A whole number as the core reads one (fairdice.fields.WHOLE_NUMBER, then pydantic's int and bounds). */
  function wholeNumber(value, low, high) {
    if (typeof value === "boolean") throw new Error(`must be a whole number, got ${value}`);
    let n;
    if (typeof value === "string") {
      if (!CANONICAL.test(value)) {
        if (/\p{Nd}/u.test(value)) {
          throw new Error(`must be a whole number in the digits 0-9, without leading zeros, spaces or signs, got ${shown(value)}`);
        }
        throw new Error(`must be a whole number, got ${shown(value)}`);
      }
      n = Number(value);
    } else if (typeof value === "number" && Number.isInteger(value)) n = value;
    else throw new Error(`must be a whole number, got ${shown(value)}`);
    if (n < low) throw new Error(`must be at least ${number(low)}, got ${shown(value)}`);
    if (n > high) throw new Error(`must be at most ${number(high)}, got ${shown(value)}`);
    return n;
  }

  const TRUE = new Set(["1", "on", "t", "true", "y", "yes"]);
  const FALSE = new Set(["0", "off", "f", "false", "n", "no"]);

  /** A yes or no as pydantic reads a bool: true/false, 1/0, yes/no, on/off… in any case, nothing else. */
  function yesNo(value) {
    if (typeof value === "boolean") return value;
    if (value === 0 || value === 1) return value === 1;
    if (typeof value === "string" && TRUE.has(value.toLowerCase())) return true;
    if (typeof value === "string" && FALSE.has(value.toLowerCase())) return false;
    throw new Error(`must be true or false, got ${shown(value)}`);
  }

  /** A list of `low` to `high` entries, each read by `item` (its errors name `name[i]`). */
  function listOf(name, low, high, item) {
    return (value) => {
      if (!Array.isArray(value)) throw new Error("must be a list");
      // In pydantic's order: a list too long is refused as such, before its entries are read; a list too short only
      // once its entries are all good (review: the page said "at least 2 entries" where the core named a bad entry)
      if (value.length > high) throw new Error(`must have at most ${counted(high, "entry", "entries")}`);
      const problems = [];
      const out = value.map((v, at) => {
        try {
          return item(v);
        } catch (error) {
          problems.push({ field: `${name}[${at}]`, message: error.message });
          return null;
        }
      });
      if (problems.length) throw new Problems(problems);
      if (value.length < low) throw new Error(`must have at least ${counted(low, "entry", "entries")}`);
      return out;
    };
  }

  /** Readers for the kinds of value a scheme's fields hold; each throws an Error saying what is wrong. */
  const kinds = {
    secret: (v) => hexValue(v, 16, 64, "a secret"),
    key32: (v) => hexValue(v, 32, 32, "a key"),
    seal: (v) => hexValue(v, 32, 32, "a seal"),
    count: (v) => wholeNumber(v, 1, MAX_ROLLS),
    bool: yesNo,
  };

  /**
   * Request fields most schemes share, as the core's models define them. A field may be `optional` (null
   * is "not given") or have a `default` (null is refused, as pydantic refuses None for such a field).
   */
  const fields = {
    secret: (name, optional = false) => ({ name, optional, required: !optional, read: kinds.secret }),
    // Seeds 001 and 002: a bg-dice-v1 or narde-v1 key is 32 bytes (fairdice.fields.Key32)
    key32: (name) => ({ name, optional: false, required: true, read: kinds.key32 }),
    seal: (name) => ({ name, optional: true, read: kinds.seal }),
    count: () => ({ name: "count", optional: true, read: kinds.count }),
    first: (low, high) => ({ name: "first", default: low, read: (v) => wholeNumber(v, low, high) }),
    recorded: (sides) => ({ name: "recorded", optional: true, read: (v, _, inLink) => readRecorded(v, sides, inLink) }),
  };

  // Rolls listed from the game's start when neither count nor recorded rolls say how many (fairdice.fields).
  const DEFAULT_ROLLS = 60;

  /** How many rolls a counted request describes: its count, else as many as recorded, else the default listing
   * (cut at the last number a numbered game reaches). */
  function rollCount(request) {
    if (request.count !== null) return request.count;
    if (request.recorded !== null) return request.recorded.length;
    const scheme = schemes.get(request.scheme);
    return scheme.numbered ? Math.min(DEFAULT_ROLLS, scheme.numbered.LAST - request.first + 1) : DEFAULT_ROLLS;
  }

  /** fairdice.request's model check of a numbered game: its last roll within the game. */
  function withinAGame(scheme, request, named) {
    if (!scheme.numbered) return;
    const { FIRST, LAST } = scheme.numbered;
    const last = request.first + rollCount(request) - 1;
    if (last > LAST) {
      throw new FieldError(
        "first",
        `rolls ${ends(request.first, last, number)} go past ${number(LAST)}, the last a game reaches (${named("first")} is ${number(FIRST)} at a game's start)`,
      );
    }
  }

  /**
   * Where a numbered paste's rolls sit (fairdice.request `_placed`): in a numbered scheme its first number is
   * `first` (or must agree with it); elsewhere rolls are told apart by their labels, so a paste may be numbered
   * from 1 only. The data with `first` set, or a FieldError on `recorded`.
   */
  function placed(scheme, data, paste, named, inLink = false) {
    // a link is no paste, and its rolls come from the game: it is to be copied again (request.py's _misnumbered)
    const misnumbered = (ofLink, ofPaste) => new FieldError("recorded", inLink ? `${ofLink} ${COPY_LINK}` : ofPaste);
    const at = paste.first;
    if (!scheme.numbered) {
      if (at !== 1n) {
        throw misnumbered(
          `roll ${number(at)} is the link's first roll, but these rolls are told apart by their labels, not by numbers:`,
          `is numbered from ${number(at)}, but these rolls are told apart by their labels, not by numbers: number the paste from 1, its first roll, or leave the numbers out`,
        );
      }
      return data;
    }
    const given = data.first;
    if (given !== undefined && given !== null) {
      const same = typeof given === "number" ? Number.isInteger(given) && BigInt(given) === at : given === String(at);
      if (!same && (typeof given === "boolean" || Number.isInteger(given) || (typeof given === "string" && /^\p{Nd}+$/u.test(given)))) {
        throw misnumbered(
          `roll ${number(at)} is the link's first roll, but ${named("first")} is ${String(given)}: the two must say the same;`,
          `is numbered from ${number(at)}, but ${named("first")} is ${String(given)}: the paste's numbers and ${named("first")} must say the same (or leave one of them out)`,
        );
      }
      return data;
    }
    const { FIRST, LAST } = scheme.numbered;
    const last = at + BigInt(paste.rolls.length) - 1n;
    if (at < BigInt(FIRST)) {
      throw misnumbered(
        `roll ${number(at)} is the link's first roll, but this scheme numbers its rolls from ${number(FIRST)}:`,
        `is numbered from ${number(at)}, but this scheme numbers its rolls from ${number(FIRST)}`,
      );
    }
    if (last > BigInt(LAST)) {
      // of a link, its first roll past the last
      const past = at > BigInt(LAST) ? at : BigInt(LAST) + 1n;
      throw misnumbered(
        `roll ${number(past)} of the link is past ${number(LAST)}, the last number a game reaches:`,
        `is numbered ${ends(at, last, number)}, past ${number(LAST)}, the last number a game reaches`,
      );
    }
    return { ...data, first: Number(at) };
  }

  /**
   * A numbered request's rolls from its `first`: every number's block 0, the MAC of `message(n)` (bytes), computed side
   * by side, then each roll read from its number and that block by `roll(n, block)`.
   */
  async function numberedRolls(mac, request, message, roll) {
    const all = Array.from({ length: rollCount(request) }, (_, i) => request.first + i);
    const blocks = await macs(mac, all.map(message));
    return Promise.all(all.map((n, at) => roll(n, blocks[at])));
  }

  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  /** A nested object of fields (three-dice's seats), checked as a pydantic model with extra fields refused. */
  function objectOf(named, members) {
    return (value, name = named) => {
      if (!isObject(value)) throw new Error("must be a JSON object");
      const problems = [];
      const out = {};
      for (const [member, read] of Object.entries(members)) {
        if (value[member] === undefined) {
          problems.push({ field: `${name}.${member}`, message: "is required" });
          continue;
        }
        try {
          out[member] = read(value[member]);
        } catch (error) {
          problems.push({ field: `${name}.${member}`, message: error.message });
        }
      }
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(members, key)) problems.push({ field: `${name}.${key}`, message: `is not a field of scheme ${scheme_}` });
      }
      if (problems.length) throw new Problems(problems);
      return out;
    };
  }
  let scheme_ = ""; // the scheme being parsed, for nested objects' messages

  const ids = () => [...schemes.keys()].join(", ");

  /**
   * A request object (the JSON POST /verify takes, with a scheme's fields) read into checked values, or
   * Problems listing, as the core's validation does, every field that is wrong (in the models' order:
   * recorded, count, the scheme's own fields, then fields it does not have); the models' checks of the
   * values together run only once every field is right. A scheme's checks of the raw object (seed 003's own
   * names) and a numbered paste's placing come first, and a problem there is the only one. `names` are the
   * input's own names for fields (a link's parameters), for messages that name another field.
   */
  function parse(data, names = {}) {
    if (!isObject(data)) throw new Problems([{ field: "request", message: "must be a JSON object" }]);
    if (data.scheme === undefined) {
      throw new Problems([{ field: "scheme", message: `is required and must be one of ${ids()}${schemeOfFields(data)}` }]);
    }
    const scheme = schemes.get(data.scheme);
    if (!scheme) {
      throw new Problems([{ field: "scheme", message: `must be one of ${ids()}, not ${shown(data.scheme)}${schemeMeant(data.scheme)}` }]);
    }
    scheme_ = scheme.id;
    const named = (field) => names[field] || field;
    const inLink = Object.keys(names).length > 0; // a link is read (fairdice.fields.in_link)
    try {
      // The paste is placed first, then the scheme's own names are read, in the core's order (request.py's wrap
      // validator runs before a scheme's before-validator): of two problems, the one the core names (review)
      if (typeof data.recorded === "string") {
        let paste = null;
        try {
          paste = readPaste(data.recorded, scheme.sides);
        } catch (error) {
          // the field's own validation says what is wrong, beside any other problem
        }
        if (paste !== null && paste.first !== null) data = placed(scheme, data, paste, named, inLink);
      }
      if (scheme.before) data = scheme.before(data);
    } catch (error) {
      if (error instanceof FieldError) throw new Problems([{ field: error.field, message: error.message }]);
      throw error;
    }
    const problems = [];
    const request = { scheme: scheme.id };
    for (const field of scheme.fields) {
      // A field may be read under another name too (seed 003's clientSeeds): its problems then name that one.
      const [source, value] = field.from ? field.from(data) : [field.name, data[field.name]];
      if (value === undefined || (value === null && field.optional)) {
        if (field.required) problems.push({ field: field.name, message: "is required" });
        request[field.name] = field.default === undefined ? null : field.default;
        continue;
      }
      try {
        request[field.name] = field.read(value, source, inLink);
      } catch (error) {
        if (error instanceof Problems) problems.push(...error.problems);
        else problems.push({ field: error.field || source, message: error.message });
      }
    }
    const known = new Set(["scheme", ...scheme.fields.map((f) => f.name), ...(scheme.aliases || [])]);
    for (const name of Object.keys(data)) {
      if (!known.has(name)) {
        problems.push({ field: name, message: `is not a field of scheme ${scheme.id}${didYouMean(name, scheme)}` });
      }
    }
    if (!problems.length) {
      try {
        if (scheme.check) scheme.check(request, named);
        withinAGame(scheme, request, named);
      } catch (error) {
        problems.push({ field: error.field || "request", message: error.message });
      }
    }
    if (problems.length) throw new Problems(problems);
    return request;
  }

  /** When a request without `scheme` has fields that only one scheme takes: which one (fairdice.problems). */
  function schemeOfFields(data) {
    const names = Object.keys(data);
    if (!names.length) return "";
    const fitting = [...schemes.values()].filter((scheme) => {
      const accepted = new Set(["scheme", ...scheme.fields.map((f) => f.name), ...(scheme.aliases || [])]);
      return names.every((name) => accepted.has(name));
    });
    return fitting.length === 1 ? `: these fields are ${fitting[0].id}'s, so add "scheme": "${fitting[0].id}"` : "";
  }

  // ---- did you mean: a near name for one a scheme does not take (fairdice.problems.did_you_mean) --------

  /** difflib.SequenceMatcher(None, a, b).ratio(): twice the matching characters over both lengths. */
  function ratio(a, b) {
    const [x, y] = [Array.from(a), Array.from(b)];
    const b2j = new Map();
    y.forEach((c, j) => (b2j.get(c) || b2j.set(c, []).get(c)).push(j));
    const longest = (alo, ahi, blo, bhi) => {
      let best = [alo, blo, 0];
      let j2len = new Map();
      for (let i = alo; i < ahi; i += 1) {
        const next = new Map();
        for (const j of b2j.get(x[i]) || []) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const k = (j2len.get(j - 1) || 0) + 1;
          next.set(j, k);
          if (k > best[2]) best = [i - k + 1, j - k + 1, k];
        }
        j2len = next;
      }
      return best;
    };
    let matched = 0;
    const queue = [[0, x.length, 0, y.length]];
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop();
      const [i, j, k] = longest(alo, ahi, blo, bhi);
      if (!k) continue;
      matched += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
    const total = x.length + y.length;
    return total ? (2 * matched) / total : 1;
  }

  /** difflib.get_close_matches(word, possibilities, n=1, cutoff): the nearest at or over the cutoff, or null. */
  function closest(word, possibilities, cutoff) {
    let best = null;
    for (const candidate of possibilities) {
      const score = ratio(candidate, word);
      if (score >= cutoff && (best === null || score > best[0] || (score === best[0] && candidate > best[1]))) best = [score, candidate];
    }
    return best && best[1];
  }

  /** problems.scheme_meant: "; did you mean X?" for a scheme no id is, when one is spelt alike in any case; else "". */
  function schemeMeant(given) {
    if (typeof given !== "string" || !/^[\x00-\x7f]*$/.test(given)) return "";
    const close = closest(given.toLowerCase(), [...schemes.keys()], 0.75);
    return close ? `; did you mean ${close}?` : "";
  }

  const snake = (name) => name.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();

  // What a mail program's link checker did to a link, said of what it made of a parameter: its = became %3D, its &
  // %26, or both, as the text holds them (fairdice.problems.encoded)
  const encodedHint = (text) =>
    !text.includes("&")
      ? `the link's = became %3D (a mail program rewrote it): change each %3D back to =, or ${COPY_LINK}`
      : !text.includes("=")
        ? `the link's & became %26 (a mail program rewrote it): change each %26 back to &, or ${COPY_LINK}`
        : `the link's = and & became %3D and %26 (a mail program rewrote it): change them back, or ${COPY_LINK}`;

  /** "; did you mean X?" for a name `scheme` does not take, when one it takes is near; else "". */
  function didYouMean(name, scheme, inLink = false) {
    // A link whose & a mail program or a web page wrote as &amp;, as fairdice.problems says it
    if (inLink && name.startsWith("amp;")) {
      return `; the link's & became &amp; (as a mail program or a web page writes it): change each &amp; back to &, or ${COPY_LINK}`;
    }
    if (inLink && name.includes("=")) return `; ${encodedHint(name)}`;
    const byField = new Map(scheme.link.map((p) => [p.field, p.name]));
    const namedAs = (field) => (inLink ? byField.get(field) : field);
    const key = snake(name);
    for (const [role, own, attribute] of [
      ["the revealed secret", scheme.secretField, "secretField"],
      ["the seal shown before the game", scheme.sealField, "sealField"],
    ]) {
      const words = new Set([...schemes.values()].map((other) => other[attribute]));
      for (const other of schemes.values()) for (const p of other.link) if (words.has(p.field)) words.add(p.name);
      const suggestion = namedAs(own);
      if (words.has(key) && suggestion && key !== suggestion) return `; did you mean ${suggestion} (${scheme.id}'s name for ${role})?`;
    }
    for (const param of scheme.link) {
      if (!inLink && key === param.name && !param.field.includes(".") && param.name !== param.field) {
        return `; did you mean ${param.field} (${param.name} is its name in a link)?`;
      }
      if (inLink && key === param.field.replace(/\./g, "_") && param.name !== key) {
        return `; did you mean ${param.name} (the link's name for ${param.field})?`;
      }
    }
    const names = inLink ? scheme.link.map((p) => p.name) : scheme.fields.map((f) => f.name);
    const close = closest(key, names, 0.75);
    return close && close !== name ? `; did you mean ${close}?` : "";
  }

  // ---- recorded rolls, as fairdice.recorded reads them ------------------------------------------

  // A number in front of a line's rolls: after a word ("Roll 1"), after "#", or before ".", ")", a colon and a
  // space, or a space. Its digits are ASCII: a number that places rolls is written one way.
  const NUMBER = new RegExp(
    `^[${SPACE}]*((?:roll|ply)[${SPACE}]*)?(#[${SPACE}]*)?([0-9]{1,16})([${SPACE}]*[.)][${SPACE}]*|[${SPACE}]*:(?:[${SPACE}]+|$)|[${SPACE}]+|$)`,
    "i",
  );
  const TOKEN_SPLIT = new RegExp(`[${SPACE},;]+`);
  const ROLL_WORD = /^(?:roll|ply|#)/i; // recorded._ROLL_WORD
  const DIE_MARKS = "\\-/x×–:"; // recorded._DIE_MARKS: what parts a roll's dice
  const DIE_SPLIT = new RegExp(`[${DIE_MARKS}]`);
  const NUMBER_SPLIT = new RegExp(`[${SPACE},;${DIE_MARKS}]+`); // recorded._NUMBER_SPLIT: what parts faces
  const LINES = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
  const ASCII_DIGITS = /^[0-9]+$/;
  const ANY_DIGITS = /^\p{Nd}+$/u;
  const ONLY_SPACE = new RegExp(`^[${SPACE}]*$`);

  const WHOLE = 24; // a token up to this many characters is shown whole, a longer one by its first CUT (recorded.py)
  const CUT = 20;
  const quoted = (token) => {
    const n = chars(token);
    return n <= WHOLE ? pyRepr(token) : `${pyRepr(Array.from(token).slice(0, CUT).join(""))}... (${counted(n, "character", "characters")})`;
  };
  // Where a long token that `quoted` cuts short holds a character that is no digit, past what it shows (recorded._past)
  const past = (token) => {
    const characters = Array.from(token);
    if (characters.length <= WHOLE) return "";
    const at = characters.findIndex((character) => !/^[0-9]$/.test(character));
    return at < CUT ? "" : `; its character ${number(at + 1)}, ${pyRepr(characters[at])}, is no die`;
  };
  // Where a token's mark between dice has no die on one side of it: at its start, at its end, or beside another mark
  // (recorded._stray), and that mark's place. A token of marks alone is said as it is.
  const stray = (token) => {
    const characters = Array.from(token);
    const marks = characters.map((character) => DIE_SPLIT.test(character));
    if (marks.every(Boolean)) return [0, ""];
    if (marks[0]) return [0, `; its character 1, ${pyRepr(characters[0])}, separates dice, but no die comes before it`];
    const at = marks.findIndex((mark, i) => i > 0 && mark && (i + 1 === characters.length || marks[i + 1]));
    if (at + 1 === characters.length) {
      return [at, `; its character ${number(at + 1)}, ${pyRepr(characters[at])}, separates dice, but no die comes after it`];
    }
    return [
      at,
      `; its characters ${number(at + 1)} and ${number(at + 2)}, ${pyRepr(characters[at])} and ${pyRepr(characters[at + 1])}, separate dice, but no die comes between them`,
    ];
  };
  // Whether a piece of a token between its marks is a run of digits, too many for a die of one digit (recorded._is_run)
  const isRun = (piece) => ASCII_DIGITS.test(piece) && piece.replace(/^0+/, "").length > 1;
  // Where a token's mark between dice has a run of digits on one side, piece `n` of it, too many for one die: rolls
  // written together, then a mark (recorded._run), and that mark's place.
  const run = (token, pieces, n) => {
    const start = pieces.slice(0, n).reduce((sum, piece) => sum + chars(piece) + 1, 0);
    const digits = pieces[n].length; // ASCII digits
    const [at, side] = n + 1 < pieces.length ? [start + digits, "before"] : [start - 1, "after"];
    return [
      at,
      `; its character ${number(at + 1)}, ${pyRepr(Array.from(token)[at])}, separates dice, but ${number(digits)} digits come ${side} it, not one die`,
    ];
  };
  // Of a token whose marks part no roll, the first misplaced mark: one with no die on a side, or, where every die has
  // one digit, one beside a run of digits, the stray at a tie; null where no mark is either (recorded._misplaced)
  const misplaced = (token, pieces, sides) => {
    const found = pieces.includes("") ? [stray(token)] : [];
    const n = Math.max(...sides) <= 9 ? pieces.findIndex(isRun) : -1;
    if (n >= 0) found.push(run(token, pieces, n));
    return found.length ? found.reduce((first, place) => (place[0] < first[0] ? place : first))[1] : null;
  };
  const example = (sides) => sides.map((s, i) => Math.min(s, 6 - i)).join("-");
  const short = (text) => Array.from(text).slice(0, 200).join("");

  // `line 3, roll 2,151`, or `roll 2,151` with no line (a list, a link's rolls), its numbers grouped; built only where
  // a message is raised (fairdice.recorded._at)
  const rollAt = (line, roll) => (line === null ? `roll ${number(roll)}` : `line ${number(line)}, roll ${number(roll)}`);

  function die(token, sides, line, roll) {
    if (!ASCII_DIGITS.test(token)) throw new Error(`${rollAt(line, roll)}: ${quoted(token)} is not a die face`);
    if (token.replace(/^0+/, "").length > String(sides).length) {
      throw new Error(`${rollAt(line, roll)}: ${quoted(token)} is not a face of a ${sides}-sided die`);
    }
    const face = Number(token);
    if (face < 1 || face > sides) throw new Error(`${rollAt(line, roll)}: ${face} is not a face of a ${sides}-sided die`);
    return face;
  }

  // A word pasted beside the rolls, a name or a label, from its start (recorded._LABEL)
  const LABEL = /^[a-wyzA-WYZ][A-Za-z0-9_]*(?::|$)/;

  // A token whose first roll is number `first` (`line` says which line it is on, or is null); a wrong die in a run is
  // named by its own roll's number, as fairdice.recorded names it. `link`: the token is a link's rolls, which a chat or
  // a mail program may have cut short inside a roll, where `ends` says the token ends them: only there.
  function fromToken(token, sides, line, first, link = false, ends = true) {
    const where = rollAt(line, first);
    // A word pasted beside the rolls, a name or a label (`white: 6-3`, `white:15`), as recorded._LABEL finds it; a
    // link's rolls are copied, not pasted, again (fairdice.recorded)
    if (LABEL.test(token)) {
      const again = link
        ? `, and the link's rolls hold one: ${COPY_LINK}`
        : `; paste the rolls without them (a line may start with its roll's number, Roll 1: ${example(sides)})`;
      throw new Error(
        `${where}: ${quoted(token)} is not a roll (write it like ${example(sides)}): a word, such as a name or a label, is no dice${again}`,
      );
    }
    const pieces = token.split(DIE_SPLIT);
    if (pieces.length > 1) {
      // A mark doubled or at an end, or as many dice as no roll has: the first misplaced mark is named, where one is
      if (pieces.includes("") || pieces.length !== sides.length) {
        const said = misplaced(token, pieces, sides);
        if (said === null) {
          throw new Error(`${where}: ${quoted(token)} has ${number(pieces.length)} dice, a roll has ${sides.length}`);
        }
        throw new Error(`${where}: ${quoted(token)} is not a roll (write it like ${example(sides)})${said}`);
      }
      return [
        pieces.map((p, i) => {
          // dice of one digit each may be written together, so a run of them beside a mark is rolls, not a die
          if (Math.max(...sides) <= 9 && isRun(p)) {
            throw new Error(`${where}: ${quoted(token)} is not a roll (write it like ${example(sides)})${run(token, pieces, i)[1]}`);
          }
          return die(p, sides[i], line, first);
        }),
      ];
    }
    if (!ASCII_DIGITS.test(token) || Math.max(...sides) > 9) {
      throw new Error(`${where}: ${quoted(token)} is not a roll (write it like ${example(sides)})${past(token)}`);
    }
    if (token.length === 1 && !link) {
      // in a link, a roll cut short (fairdice.recorded)
      throw new Error(
        `${where}: ${quoted(token)} is one die; write each roll's ${sides.length} dice together, such as ${example(sides)} or ${example(sides).replace(/-/g, "")}`,
      );
    }
    const over = token.length % sides.length;
    if (over) {
      const whole = (token.length - over) / sides.length;
      // Fewer digits than a roll (two of three dice) are no whole rolls and no digits "over" one (fairdice.recorded)
      const held = whole
        ? `${counted(whole, "whole roll", "whole rolls")} from there, then ${counted(over, "digit", "digits")} over`
        : "less than one roll";
      const digits = counted(token.length, "digit", "digits"); // grouped as the whole rolls are (fairdice.recorded)
      // A link is cut short at its end: digits amiss before other rolls of it were lost or added (fairdice.recorded)
      const slip = ends || !link ? "a roll was cut short, or a digit lost or added" : "a digit was lost or added";
      const again = link ? `: ${COPY_LINK}` : "";
      throw new Error(`${where}: ${quoted(token)} has ${digits}, not a multiple of ${sides.length} dice: ${held}; ${slip}${again}`);
    }
    const rolls = [];
    for (let i = 0; i < token.length; i += sides.length) {
      rolls.push(sides.map((s, j) => die(token[i + j], s, line, BigInt(first) + BigInt(i / sides.length))));
    }
    return rolls;
  }

  function singleFace(item, sides) {
    if (typeof item === "number") return Number.isInteger(item);
    if (typeof item === "bigint") return true;
    if (typeof item !== "string") return false;
    const face = strip(item);
    return ANY_DIGITS.test(face) && chars(face) <= String(sides).length;
  }

  function fromList(value, sides) {
    if (sides.length > 2 && value.length === sides.length && value.every((v, i) => singleFace(v, sides[i]))) {
      value = [value]; // a single roll given flat, such as daily's six faces
    }
    const rolls = [];
    value.forEach((item, n) => {
      if (typeof item === "string") {
        rolls.push(...fromToken(strip(item), sides, null, n + 1));
        return;
      }
      if (!Array.isArray(item) || item.length !== sides.length) {
        throw new Error(short(`${rollAt(null, n + 1)}: expected a list of ${sides.length} dice, got ${pyRepr(item)}`));
      }
      rolls.push(
        item.map((face, i) => {
          const integer = typeof face === "bigint" || (typeof face === "number" && Number.isInteger(face));
          if (!integer && typeof face !== "string") {
            // a PyFloat lands here too: a float is no die face, said as it was written (2.0)
            throw new Error(short(`${rollAt(null, n + 1)}: ${pyRepr(face)} is not a die face`));
          }
          return die(strip(String(face)), sides[i], null, n + 1);
        }),
      );
    });
    return rolls;
  }

  /** Dice with two-digit faces, which cannot be run together: one roll's faces however separated, or
   * several rolls each written with its faces joined (`3-2,2-11`). `link`: the text is a link's rolls, which a chat or
   * a mail program may have cut short. */
  function fromNumbers(stripped, sides, link = false) {
    const faces = stripped.split(NUMBER_SPLIT).filter(Boolean);
    // The first piece that is no number, and a word written beside the faces, a link's rolls copied again (recorded.py
    // alike: _word, _beside)
    const word = faces.find((face) => !ASCII_DIGITS.test(face));
    const beside = (word) => {
      const again = link ? `; the link's rolls hold a word: ${COPY_LINK}` : "";
      return new Error(`roll 1: ${quoted(word)} is no face: a day's one roll is its ${sides.length} faces alone, with no dice's names or other words beside them${again}`);
    };
    const tokens = stripped.split(TOKEN_SPLIT).filter(Boolean);
    if (faces.length !== sides.length && tokens.length > 1 && tokens.every((t) => t.split(DIE_SPLIT).length === sides.length)) {
      return fromList(tokens, sides);
    }
    if (faces.length && faces.length !== sides.length) {
      const numbered = NUMBER.exec(stripped); // "Roll 1: 3-5-7-10-12-20": its number is no face (recorded.py alike)
      if (ROLL_WORD.test(stripped) || (numbered && strip(numbered[4] || "") !== "")) {
        throw new Error(`roll 1: a day's one roll is its ${sides.length} faces alone, with no number before them`);
      }
      if (word !== undefined) throw beside(word); // the dice's names beside their faces (recorded.py alike)
      // In a link, fewer faces than a roll are a link cut short (recorded.py alike)
      const cut =
        link && faces.length < sides.length
          ? `; the link's rolls end short of the day's ${sides.length} faces: it was cut short; ${COPY_LINK}`
          : "";
      throw new Error(`roll 1: ${counted(faces.length, "face", "faces")}, where a roll has ${sides.length} dice${cut}`);
    }
    // A word and the faces after it that make as many pieces as a roll has dice (recorded.py alike)
    if (word !== undefined && LABEL.test(word)) throw beside(word);
    return faces.length ? fromList([faces], sides) : [];
  }

  /** Every one-roll token (`6-3`, `6:3`, `63`…) for dice of one-digit faces, and its dice. */
  function singleRolls(sides) {
    const table = new Map();
    const walk = (prefix, at) => {
      if (at === sides.length) {
        for (const separator of ["", "-", "/", "x", "×", "–", ":"]) table.set(prefix.join(separator), prefix.slice());
        return;
      }
      for (let face = 1; face <= sides[at]; face += 1) walk([...prefix, face], at + 1);
    };
    walk([], 0);
    return table;
  }

  /** The rolls written on line `at` (without its number), after the roll a message names `before` (`rollBefore`)
   * (`link`: a link's rolls, named without a line, as fairdice.recorded names them; `last`: the line is the text's
   * last, where a link cut short ends). */
  function rollsOfLine(text, table, sides, at, before, link = false, last = true) {
    const rolls = [];
    const tokens = text.split(TOKEN_SPLIT).filter(Boolean);
    for (const [n, token] of tokens.entries()) {
      const roll = table.get(token);
      if (roll) rolls.push(roll.slice());
      else rolls.push(...fromToken(token, sides, link ? null : at, BigInt(before) + BigInt(rolls.length + 1), link, last && n + 1 === tokens.length));
    }
    return rolls;
  }

  /**
   * The roll before the next, after `read` rolls, as a message names it: by its place, or by its number where the
   * paste numbers its rolls from `first` (fairdice.recorded._roll_before).
   */
  const rollBefore = (first, read) => (first === null ? BigInt(read) : first + BigInt(read) - 1n);

  /** Whether bare digits read as one or more rolls (`25`, `6344`), so they may not be a number. */
  const couldBeRolls = (digits, sides) =>
    digits.length % sides.length === 0 && Array.from(digits).every((d, at) => Number(d) >= 1 && Number(d) <= sides[at % sides.length]);

  /** The number a line starts with, if it starts with one: [number, the rest, whether surely a number]. */
  function numberOf(line, sides) {
    const found = NUMBER.exec(line);
    if (found === null) return null;
    const [whole, word, hash, digits, mark] = found;
    const rest = line.slice(whole.length);
    if (word || hash || (mark && !ONLY_SPACE.test(mark))) return [BigInt(digits), rest, true];
    if (ONLY_SPACE.test(rest)) return null; // bare digits alone on their line are rolls ("25", a link's "6344")
    return [BigInt(digits), rest, !couldBeRolls(digits, sides)];
  }

  /**
   * Where line `at` starts with bare digits, read as its roll's number, and `rest`, what follows them, is dice each a
   * digit alone, fewer than a roll or more: that the first number was read so, and a roll written as it should be (the
   * first roll of the dice, or else of the line's digits, where they make whole rolls); null for any other line.
   * `asRoll`: the digits could be a roll and were read as one, the lines not counting up (`12 3 4`): said so, with how
   * to number a line so that they are its number. `linkAt`: the line is a link's rolls, after that many of them: the
   * dice left named by their roll alone, written as the game writes them, and the link to be copied again
   * (fairdice.recorded._number_then_dice).
   */
  function numberThenDice(at, line, rest, sides, linkAt = null, asRoll = false) {
    const head = strip(line.slice(0, line.length - rest.length));
    const dice = rest.split(TOKEN_SPLIT).filter(Boolean);
    if (!ASCII_DIGITS.test(head) || dice.length === 0) return null;
    if (!dice.every((die) => /^[0-9]$/.test(die))) return null;
    const faces = dice.join("");
    const rolls = [faces, head + faces].find((digits) => couldBeRolls(digits, sides));
    const shape = rolls ? [...rolls.slice(0, sides.length)].join("-") : example(sides);
    // Digits that make whole rolls written as rolls, 1234 as 1-2 3-4 (fairdice.recorded._written)
    const written = (head.match(new RegExp(`.{${sides.length}}`, "g")) || []).map((roll) => [...roll].join("-")).join(" ");
    const asRolls = `${head.length === sides.length ? "the roll" : "rolls"} ${written}`;
    const left = `which leaves ${counted(dice.length, "die", "dice")}, ${quoted(dice.join(" "))}`;
    if (linkAt !== null) {
      // The dice left start the roll after those the digits made, where they were read as rolls
      const roll = BigInt(linkAt) + BigInt((asRoll ? Math.floor(head.length / sides.length) : 0) + 1);
      return (
        `${rollAt(null, roll)}: ${head} was read as ${asRoll ? asRolls : "a roll's number"}, ${left}; the game` +
        ` writes each roll's ${sides.length} dice together in a link, such as ${shape.replace(/-/g, "")}: ${COPY_LINK}`
      );
    }
    const read = asRoll
      ? `was read as ${asRolls} (bare digits number a line only where every line's do, counting the rolls up)`
      : "was read as its roll's number (a line may start with one)";
    const numbered = asRoll ? `, and a line's number with a colon, ${head}: ${shape}` : "";
    return (
      `line ${number(at)}: its first number, ${head}, ${read}, ${left}; write each roll's ${sides.length} dice together,` +
      ` such as ${shape} or ${shape.replace(/-/g, "")}${numbered}`
    );
  }

  /** Whether every line starts with a number and, read as numbers, they count the rolls up one after another. */
  function countsUp(lines, numbers, table, sides) {
    if (lines.length < 2) return false;
    let count = 0;
    for (let i = 0; i < lines.length; i += 1) {
      const number = numbers[i];
      if (number === null || numbers[0] === null || number[0] !== numbers[0][0] + BigInt(count)) return false;
      try {
        count += rollsOfLine(number[1], table, sides, lines[i][0], count).length;
      } catch (error) {
        return false;
      }
    }
    return true;
  }

  /**
   * The number of the paste's first roll, checked against line `at`, numbered `number`, after `before` rolls. `link`: a
   * link's rolls, which have no lines: the roll is named alone and the link to be copied again (fairdice.recorded).
   */
  function placedAt(at, numbered, before, first, link = false) {
    const count = BigInt(before);
    const line = `line ${number(at)} is numbered ${number(numbered)}`; // its numbers grouped (fairdice.recorded)
    if (first === null) {
      if (numbered < count) {
        if (link) {
          throw new Error(`roll ${number(numbered)} follows ${counted(before, "roll", "rolls")} in the link, which its number does not count: ${COPY_LINK}`);
        }
        throw new Error(`${line}, but ${counted(before, "roll comes", "rolls come")} before it: the numbers must count every roll, one after another`);
      }
      return numbered - count;
    }
    const expected = first + count;
    if (numbered > expected) {
      const missing = numbered === expected + 1n ? `roll ${number(expected)} is` : `rolls ${ends(expected, numbered - 1n, number)} are`;
      if (link) throw new Error(`roll ${number(numbered)} follows roll ${number(expected - 1n)}, and ${missing} not in the link: ${COPY_LINK}`);
      throw new Error(
        `${line}, but the rolls above it end at roll ${number(expected - 1n)}: ${missing} not in the paste. List every roll, in order, or leave the numbers out`,
      );
    }
    if (numbered < expected) {
      if (link) {
        // said plainly, a roll again or one before the first (fairdice.recorded)
        const after = `after roll ${number(expected - 1n)}`;
        const again = numbered === expected - 1n ? "twice in a row" : numbered >= first ? `again ${after}` : `out of order, ${after}`;
        throw new Error(`roll ${number(numbered)} comes ${again} in the link: ${COPY_LINK}`);
      }
      const held = first === expected - 1n ? `roll ${number(first)}` : `rolls ${ends(first, expected - 1n, number)}`; // one roll as one
      throw new Error(
        `${line}, but the lines above it already hold ${held}: number each line by its first roll and list each roll once, in order, or leave the numbers out`,
      );
    }
    return first;
  }

  // The most digits Python reads an integer of (sys.int_info.default_max_str_digits): JSON with a longer one is refused
  const MAX_INT_DIGITS = 4300;

  class NumberTooLong extends Error {
    constructor() {
      super("looks like JSON but holds a number too long to read");
    }
  }

  // A JSON string, with the colon after it when it is an object's key, a bracket that opens or closes an object or a
  // list, or a number as JSON writes one: strings are matched whole, so that a bracket, a colon or digits within one are
  // text
  const JSON_TOKEN = /"(?:[^"\\]|\\.)*"(\s*:)?|[{}[\]]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

  /**
   * JSON text that JSON.parse has read, as written, in one scan: the source text of every number in the order written
   * (the order JSON.parse hands numbers to its reviver, but within an object whose keys look like indices, which it
   * hands over first), and the keys of every object, each object's in the order written, the objects in the order they
   * open.
   */
  function writtenIn(text) {
    const numbers = [];
    const objects = [];
    const open = []; // the keys of each object open at this point, null for a list
    for (const [token, colon] of text.matchAll(JSON_TOKEN)) {
      if (token === "{") {
        objects.push([]);
        open.push(objects[objects.length - 1]);
      } else if (token === "[") open.push(null);
      else if (token === "}" || token === "]") open.pop();
      else if (colon !== undefined) open[open.length - 1].push(JSON.parse(token.slice(0, token.length - colon.length)));
      else if (!token.startsWith('"')) numbers.push(token);
    }
    return { numbers, objects };
  }

  /**
   * What JSON.parse read, with each object a Map of its keys in the order written, as Python's json keeps them, where
   * an object lists the keys that look like indices first (review: {"a": 1, "1": 2} was quoted as {'1': 2, 'a': 1}).
   * JSON.parse keeps the last value of a key given more than once, another reader the first: fairdice.json_input
   * refuses such JSON, and so does the core's paste reader. A number the reviver left a number is read from its source
   * text (writtenIn).
   */
  function inWrittenOrder(value, { numbers, objects }) {
    if (objects.some((keys) => new Set(keys).size < keys.length)) throw new Error("a key given more than once");
    let at = 0;
    let number = 0; // `numbers`, the source text of each, are met in the order written too
    const walk = (item) => {
      if (Array.isArray(item)) return item.map(walk);
      if (typeof item === "number" || typeof item === "bigint" || item instanceof PyFloat) number += 1;
      if (typeof item === "number") return numberRead(item, numbers[number - 1]); // one the reviver left unread
      if (item === null || typeof item !== "object" || item instanceof PyFloat) return item;
      const keys = objects[at];
      at += 1;
      return new Map(keys.map((key) => [key, walk(item[key])]));
    };
    return walk(value);
  }

  /** A number JSON.parse read, as Python's json reads its source text. */
  function numberRead(value, source) {
    if (/[.eE]/.test(source)) return new PyFloat(source);
    if (Number.isSafeInteger(value)) return value;
    // An integer past 2**53 is kept as written, as Python's int keeps it, where a number rounded it (review:
    // 99999999999999999999 was quoted as 100000000000000000000, one of 400 digits as Infinity); one of more
    // digits than Python reads is refused in the core's words
    if (source.replace("-", "").length > MAX_INT_DIGITS) throw new NumberTooLong();
    return BigInt(source);
  }

  /**
   * Whether Python's json, which reads left to right and stops at the first fault, meets an integer of more digits
   * than it reads before any fault of the text: then the core says the number is too long, where JSON.parse refused
   * the text for a fault after it. The text up to the number is closed as it is open and read; an object closed
   * before it that gives a key twice is the core's fault first, as json_input refuses it where the object ends.
   */
  function numberTooLongFirst(text) {
    const open = []; // the keys of each object open at this point, null for a list
    try {
      for (const found of text.matchAll(JSON_TOKEN)) {
        const [token, colon] = found;
        if (token === "{") open.push([]);
        else if (token === "[") open.push(null);
        else if (token === "}" || token === "]") {
          const keys = open.pop();
          if (keys && new Set(keys).size < keys.length) return false;
        } else if (colon !== undefined) open.at(-1)?.push(JSON.parse(token.slice(0, token.length - colon.length)));
        else if (/^-?\d+$/.test(token) && token.replace("-", "").length > MAX_INT_DIGITS) {
          const closed = open.map((keys) => (keys ? "}" : "]")).reverse().join("");
          JSON.parse(text.slice(0, found.index + token.length) + closed);
          return true;
        }
      }
    } catch {
      return false; // a fault before the number (a key with a bad escape among them): the core names that fault
    }
    return false;
  }

  /** Pasted text: its rolls, and the number its first roll is given (null: not numbered). */
  function fromText(value, sides, link = false) {
    if (chars(value) > MAX_TEXT) throw new Error(`is ${number(chars(value))} characters long, more than ${number(MAX_TEXT)}`);
    const stripped = strip(value);
    if (stripped.startsWith("[")) {
      let list;
      try {
        // A number written with a point or an exponent (2.0, 2e0) is a float to the core, never a die face: kept
        // apart here, where JSON.parse would read it as the integer 2. Chromium passes each number's source text; an
        // engine that does not (Node 20, older browsers) gets it from the numbers as written, in the order JSON.parse
        // hands them over (review: there 2.0 was a face); with objects, which hand over the keys that look like indices
        // first, once they are in the order written (review: there {"b": 2.0, "1": 3} was {'b': 2, '1': 3.0})
        // The text is scanned as written once, and only where it is needed: not for a list of lists in Chromium
        let scanned = null;
        const written = () => (scanned ??= writtenIn(stripped));
        const objects = stripped.includes("{");
        let at = 0;
        list = JSON.parse(stripped, (key, value, context) => {
          if (typeof value !== "number") return value;
          if (context && typeof context.source === "string") return numberRead(value, context.source);
          if (objects) return value;
          at += 1;
          return numberRead(value, written().numbers[at - 1]);
        });
        if (objects) list = inWrittenOrder(list, written());
      } catch (error) {
        // The number too long named only where the core meets it first (review: [[1111…, 2],], its number of more
        // than 4,300 digits before the comma, was "looks like JSON but is not" here, and [{"a": 1, "a": 2}, [1111…]],
        // its repeated key first, was a number too long; the core said the other)
        if (!(error instanceof RangeError) && numberTooLongFirst(stripped)) throw new NumberTooLong();
        // A RangeError: the stack ran out, where Python's json's recursion does too, in the core's words for it (review:
        // a list 100,000 levels deep was "looks like JSON but is not" here)
        throw new Error(error instanceof RangeError ? "looks like JSON but is nested too deeply" : "looks like JSON but is not");
      }
      if (!Array.isArray(list)) throw new Error("must be text such as '6-3 4-4' or a list of dice lists");
      return { rolls: fromList(list, sides), first: null };
    }
    if (Math.max(...sides) > 9) return { rolls: fromNumbers(stripped, sides, link), first: null };
    const table = singleRolls(sides);
    const lines = stripped.split(LINES).map((line, n) => [n + 1, line]).filter(([, line]) => line && !ONLY_SPACE.test(line));
    const read = lines.map(([, line]) => numberOf(line, sides));
    let numbers = read;
    if (numbers.some((n) => n !== null && !n[2]) && !countsUp(lines, numbers, table, sides)) {
      numbers = numbers.map((n) => (n === null || !n[2] ? null : n));
    }
    const rolls = [];
    let first = null;
    lines.forEach(([at, line], i) => {
      const numbered = numbers[i];
      const above = rollBefore(first, rolls.length); // the roll before the line, as the lines above it name it
      if (numbered === null) {
        try {
          rolls.push(...rollsOfLine(line, table, sides, at, above, link, at === lines[lines.length - 1][0]));
        } catch (error) {
          // Bare digits that could be a roll, read as one (`12 3 4`): said so (fairdice.recorded)
          const said = read[i] === null ? null : numberThenDice(at, line, read[i][1], sides, link ? above : null, true);
          if (said === null) throw error;
          throw new Error(said);
        }
        return;
      }
      first = placedAt(at, numbered[0], rolls.length, first, link);
      let found;
      try {
        // placed, the line's number is its first roll's: the roll before it is one less (fairdice.recorded)
        found = rollsOfLine(numbered[1], table, sides, at, numbered[0] - 1n, link, at === lines[lines.length - 1][0]);
      } catch (error) {
        // The line's number may be a die read as one (`6 3`): the dice left are named as the lines above name them
        const said = numberThenDice(at, line, numbered[1], sides, link ? above : null);
        if (said === null) throw error;
        throw new Error(said);
      }
      if (!found.length) {
        // a link has no lines: the roll alone is named (fairdice.recorded)
        throw new Error(link ? `roll ${number(numbered[0])} has no dice: ${COPY_LINK}` : `line ${number(at)}: roll ${number(numbered[0])} has no dice`);
      }
      rolls.push(...found);
    });
    return { rolls, first };
  }

  /** Recorded rolls as read, with the number a pasted text gives its first roll (fairdice.recorded.read_recorded). */
  function readPaste(value, sides, link = false) {
    if (typeof value === "string") return fromText(value, sides, link);
    if (Array.isArray(value)) return { rolls: fromList(value, sides), first: null };
    throw new Error("must be text such as '6-3 4-4' or a list of dice lists");
  }

  /**
   * Recorded rolls for dice of these `sides`: text (`6-3 4-4`, `63 44`, `6:3`, numbered lines `1: 6-3`,
   * `#1 2-5`, `Roll 1: 2-5`, `1 25`, a link's digits `6344`, JSON) or a list of dice lists. An empty paste is
   * null: nothing recorded. `link`: the text is a link's rolls, whose digits that end inside a roll, one alone too,
   * are said to be a roll cut short, the link to be copied again.
   */
  function readRecorded(value, sides, link = false) {
    const { rolls } = readPaste(value, sides, link);
    if (rolls.length > MAX_ROLLS) throw new Error(`has ${number(rolls.length)} rolls, more than the limit of ${number(MAX_ROLLS)}`);
    return rolls.length ? rolls : null;
  }

  // ---- game-over links, as fairdice.links reads them ---------------------------------------------

  // fairdice.links._MALFORMED_ESCAPE: a % that starts no percent escape, with what follows it of a mistyped one
  const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})[0-9A-Za-z]{0,2}/;

  function decode(raw, name) {
    const malformed = MALFORMED_ESCAPE.exec(raw);
    if (malformed) {
      const words = `the parameter ${shown(name)} holds ${shown(malformed[0])}, a % with no two hex digits after it: a link writes a % itself as %25; copy the link again`;
      throw new Problems([{ field: "link", message: words }]);
    }
    const bytes = [];
    const plain = raw.replace(/\+/g, " ");
    for (let i = 0; i < plain.length; i += 1) {
      const c = plain[i];
      if (c === "%" && /^[0-9a-fA-F]{2}$/.test(plain.substr(i + 1, 2))) {
        bytes.push(parseInt(plain.substr(i + 1, 2), 16));
        i += 2;
      } else {
        const point = plain.codePointAt(i);
        bytes.push(...utf8.encode(String.fromCodePoint(point)));
        if (point > 0xffff) i += 1;
      }
    }
    try {
      return strictUtf8.decode(new Uint8Array(bytes));
    } catch (error) {
      throw new Problems([{ field: "link", message: `the parameter ${shown(name)} is not percent-encoded UTF-8` }]);
    }
  }

  function queryOf(link) {
    // Its end trimmed as a browser trims a URL (C0 controls and the space only), so a pasted link is the link opened;
    // before it, any blank a chat puts there (fairdice.links._LEADING, the same characters): none is part of a value.
    const trimmed = link.replace(/^[\u0000-\u0020\u0085\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/, "").replace(/[\u0000-\u0020]+$/, "");
    if (trimmed.startsWith("?")) return trimmed.slice(1);
    const mark = trimmed.indexOf("?");
    // A link written without its scheme (fairdice.example.com/check/?…) too: before its "?", no "=" or "&"
    const location = mark > 0 && !/[=&]/.test(trimmed.slice(0, mark));
    if (location || trimmed.startsWith("/") || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed)) {
      if (mark < 0) return "";
      const fragment = trimmed.indexOf("#", mark);
      return trimmed.slice(mark + 1, fragment < 0 ? undefined : fragment);
    }
    return trimmed;
  }

  /**
   * The request a game-over link carries, as an object of request fields (before checking). Errors are
   * the core's: a parameter the link's scheme does not take, or one given twice, is named.
   */
  function fromLink(link) {
    const pairs = [];
    const query = queryOf(link);
    for (const part of query.split("&")) {
      if (!part) continue;
      const at = part.indexOf("=");
      const rawName = at < 0 ? part : part.slice(0, at);
      const rawValue = at < 0 ? "" : part.slice(at + 1);
      const name = decode(rawName, rawName);
      // A tracking parameter's value is not decoded: no part of a game, its mistyped escape refuses nothing (fairdice.links._pairs)
      if (!TRACKING.test(name)) pairs.push([name, decode(rawValue, rawName)]);
    }
    if (!pairs.length) {
      throw new Problems([{ field: "link", message: "has no parameters: a check link looks like /check/?seed=SEED&client=a,b&n=52" }]);
    }
    // prose.given_more_than_once: "twice", else the count; a parameter given more than once is counted whole
    const moreThanOnce = (field) => {
      const times = pairs.filter(([name]) => name === field).length;
      const said = times === 2 ? "twice" : `${number(times)} times`;
      return new Problems([{ field, message: `is given ${said} in the link; give it once` }]);
    };
    const named = pairs.filter(([name]) => name === "scheme").map(([, value]) => value);
    if (named.length > 1) throw moreThanOnce("scheme");
    // A query a mail program percent-encoded, whole or its = alone: a name holds its value, or every parameter, a scheme
    // among them unread, so no scheme's link is named (fairdice.links)
    const encoded = named.length ? undefined : pairs.find(([name]) => name.includes("="));
    if (encoded) {
      const [name] = encoded;
      const what =
        pairs.length === 1 ? "all of the link's parameters" : name.includes("&") ? "several parameters" : "a parameter's name and value";
      throw new Problems([{ field: name, message: `${shown(name)} is ${what} as one; ${encodedHint(name)}` }]);
    }
    // Seed 000's links name no scheme: the scheme that says so (`bareLinks`) is meant.
    const scheme = named.length ? schemes.get(named[0]) : [...schemes.values()].find((s) => s.bareLinks);
    if (!scheme) {
      // The scheme's value holding the link's other parameters, their & and = percent-encoded (fairdice.links); its =
      // became %3D only where the value holds one as the link wrote it, since a value may hold the link's own
      const raw = query.split("&").find((part) => decode(part.split("=")[0], part) === "scheme");
      const held = /%3d/i.test(raw.slice(raw.indexOf("=") + 1)) ? named[0] : named[0].replaceAll("=", "");
      const said = /[=&]/.test(held)
        ? `${shown(named[0])}; ${encodedHint(held)}`
        : `${pyRepr(named[0])}${schemeMeant(named[0])}`;
      throw new Problems([{ field: "scheme", message: `must be one of ${ids()}, not ${said}` }]);
    }
    const params = new Map(scheme.link.map((p) => [p.name, p]));
    const given = new Map();
    for (const [name, value] of pairs) {
      if (name === "scheme") continue;
      const param = params.get(name);
      if (!param) {
        throw new Problems([
          {
            field: name || "link", // a parameter with no name is the link's problem, as the core names it
            message: `${shown(name)} is not a parameter of a ${scheme.id} link; it takes ${[...params.keys()].join(", ")}${didYouMean(name, scheme, true)}`,
          },
        ]);
      }
      if (given.has(name)) throw moreThanOnce(name);
      given.set(name, value);
    }
    const data = { scheme: scheme.id };
    for (const [name, value] of given) {
      if (value === "") continue; // a field left blank in a form is a field not given
      const param = params.get(name);
      setPath(data, param.field, param.field.includes(".") ? value : linkValue(param, value));
    }
    return data;
  }

  // Added to links by mail clients, newsletters and ad networks: they say where a click came from, nothing about a game.
  const TRACKING = /^(?:utm_[\s\S]*|fbclid|gclid)$/i; // ASCII case only, any character after utm_ (fairdice.links)

  /** A request field's path (`client_seeds[1]`, `client_seeds.white`) as the scheme's link names it (`client[1]`,
   * `white`); a field no parameter fills keeps its path (fairdice.links.link_name). */
  function linkName(path, scheme) {
    const longestFirst = [...scheme.link].sort((a, b) => b.field.length - a.field.length);
    for (const param of longestFirst) {
      if (path === param.field || path.startsWith(`${param.field}[`) || path.startsWith(`${param.field}.`)) {
        return param.name + path.slice(param.field.length);
      }
    }
    const children = scheme.link.filter((p) => p.field.startsWith(`${path}.`)).map((p) => p.name);
    return children.length ? children.join(" and ") : path;
  }

  /** A link's request read as the core reads it: messages name the link's parameters, and so do problems. */
  function parseLink(data) {
    const scheme = schemes.get(data.scheme);
    const names = Object.fromEntries(scheme.link.map((p) => [p.field, p.name]));
    try {
      return parse(data, names);
    } catch (error) {
      if (!(error instanceof Problems)) throw error;
      throw new Problems(error.problems.map((p) => ({ field: linkName(p.field, scheme), message: p.message })));
    }
  }

  /** A link parameter's text as its request field's value: lists are comma-separated. */
  function linkValue(param, value) {
    if (param.kind === "list") return value.split(",");
    if (param.kind === "labels") return value.split(",").map((l) => (l.startsWith(param.prefix) ? l : param.prefix + l));
    return value;
  }

  /** Set `data.a.b` for the path `a.b` (three-dice's seats are `client_seeds.white` and `.black`). */
  function setPath(data, path, value) {
    const keys = path.split(".");
    let at = data;
    for (const key of keys.slice(0, -1)) {
      if (!isObject(at[key])) at[key] = {};
      at = at[key];
    }
    at[keys[keys.length - 1]] = value;
  }

  function getPath(data, path) {
    let at = data;
    for (const key of path.split(".")) {
      if (at === undefined || at === null) return undefined;
      at = at[key];
    }
    return at;
  }

  // ---- the verdict, as fairdice.verify gives it ---------------------------------------------------

  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  /** Computed rolls beside recorded ones: a roll that differs, one missing and one extra are counted apart. */
  function compare(rolls, recorded) {
    const reports = rolls.map((r) => {
      const report = { index: r.index, message: r.message, dice: r.dice, recorded: null, matches: null };
      if (r.label !== undefined) report.label = r.label;
      if (r.winner !== undefined) report.winner = r.winner;
      return report;
    });
    const summary = { count: rolls.length, compared: 0, mismatches: 0, first_mismatch: null, differ: 0, missing: 0, extra: 0 };
    if (recorded === null) return { reports, summary, check: "not_given" };
    reports.forEach((report, at) => {
      if (at >= recorded.length) {
        summary.missing += 1;
        return;
      }
      report.recorded = recorded[at];
      report.matches = same(report.dice, recorded[at]);
      summary.compared += 1;
      if (!report.matches) summary.differ += 1;
    });
    let next = rolls.length ? rolls[rolls.length - 1].index + 1 : 1;
    for (const extra of recorded.slice(rolls.length)) {
      reports.push({ index: next, message: null, dice: null, recorded: extra, matches: false });
      next += 1;
      summary.extra += 1;
    }
    summary.mismatches = summary.differ + summary.extra;
    const first = reports.find((r) => r.matches === false);
    summary.first_mismatch = first ? first.index : null;
    const check = summary.mismatches ? "mismatch" : summary.missing ? "partial" : "match";
    return { reports, summary, check };
  }

  /** fair only for a whole game whose seal and every roll matched, with nothing that weakens the seal. */
  function outcome(seal, rolls, scope, caveats, contradictions) {
    if (seal === "mismatch" || rolls === "mismatch" || contradictions.length) return "mismatch";
    if (seal === "match" && rolls === "match" && scope.kind === "game" && !caveats.length) return "fair";
    return "incomplete";
  }

  /** Why a verdict is not fair, in words: what differs first, then what is missing (fairdice.verify.reasons). */
  function reasons(words, seal, rolls, summary, scope, caveats, contradictions, origin = "given") {
    const { roll, rolls: plural } = words;
    const found = [...contradictions];
    if (seal === "mismatch") found.push(`the ${words.secret} does not match the ${words.seal} ${origin}`);
    if (summary.differ) {
      const first = `${roll} ${number(summary.first_mismatch || 0)}`;
      // Rolls recorded beyond the count or labels are not compared: those that were are "compared" (as verify.reasons)
      const [one, many] = summary.extra ? [`${roll} compared`, `${plural} compared`] : [`recorded ${roll}`, `recorded ${plural}`];
      if (summary.compared === 1) found.push(`the ${one} differs from the computed one (${first})`);
      else if (summary.differ === 1) {
        found.push(`1 of the ${number(summary.compared)} ${many} differs from the computed one (${first})`);
      } else {
        const every = summary.compared === 2 ? "both" : `all ${number(summary.compared)}`;
        const share = summary.differ === summary.compared ? every : `${number(summary.differ)} of the ${number(summary.compared)}`;
        found.push(`${share} ${many} differ from the computed ones (first: ${first})`);
      }
    }
    if (summary.extra) found.push(`${counted(summary.extra, `more ${roll}`, `more ${plural}`)} ${was(summary.extra)} recorded than computed`);
    if (seal === "not_given") found.push(`no ${words.seal} was given, so nothing shows the ${words.secret} was fixed before the game`);
    found.push(...caveats);
    if (scope.kind !== "game") found.push(scope.description);
    if (rolls === "not_given") {
      const n = summary.count;
      const computed = n === 1 ? `one ${roll}` : counted(n, roll, plural);
      found.push(`${noneRecorded(n, roll, plural)}, so the ${computed} computed ${was(n)} not compared`);
    } else if (summary.missing && scope.last !== null) {
      const start = scope.last - summary.missing + 1;
      found.push(`${span(roll, plural, start, scope.last)} ${was(summary.missing)} not recorded`);
    }
    return found;
  }

  /** A game when the rolls start at the game's first number, else a window of it (schemes.base.numbered_scope). */
  function numberedScope(words, game, start, first, count) {
    const last = first + count - 1;
    const rolls = span(words.roll, words.rolls, first, last);
    if (first === start) return { kind: "game", first, last, description: `${rolls} from the ${game}'s start` };
    return {
      kind: "window",
      first,
      last,
      description: `${rolls} only: the ${game}'s ${words.rolls} from ${words.roll} ${number(start)} are needed`,
    };
  }

  /** The secret to recompute with and the seal to check, by default the ones the request carries. */
  function revealedOf(scheme, request, options) {
    if (scheme.revealed) return scheme.revealed(request, options);
    const secret = request[scheme.secretField];
    if (secret === null) throw new Problems([{ field: scheme.secretField, message: "the revealed secret is needed" }]);
    return { secret, seal: request[scheme.sealField], caveats: [], contradictions: [] };
  }

  /**
   * The verdict on a request object (the JSON of POST /verify), as fairdice.verify gives it without an
   * archive: seal, every roll, the comparison, what the rolls are (scope), and why it is not fair when it
   * is not. `today` (YYYY-MM-DD, UTC), when given, is the clock's day, for a scheme whose secrets are
   * revealed only once their day is over; `link`, that the data came from a game-over link (`fromLink`), so
   * problems name the link's parameters. Problems for input that cannot be verified.
   */
  async function verify(data, options = {}) {
    const request = options.link ? parseLink(data) : parse(data);
    const scheme = schemes.get(request.scheme);
    const identified = identifiedBy(scheme, request);
    const revealed = revealedOf(scheme, request, options);
    if (revealed.withheld) {
      return {
        scheme: scheme.id,
        verdict: "withheld",
        // What was given is not_checked, never not_given (fairdice.verify.withheld_verdict).
        checks: { seal: request[scheme.sealField] === null ? "not_given" : "not_checked", rolls: request.recorded === null ? "not_given" : "not_checked" },
        seal: { given: request[scheme.sealField], computed: null, published_at: null, in_time: null, locked: null, versions_unseen: null },
        rolls: [],
        summary: compare([], null).summary,
        // no archive here: never late; at most incomplete once revealed where the scheme says why (its caveats, as
        // fairdice.verify.withheld_verdict); the recorded rolls as given, none checked
        withheld: { reason: revealed.withheld, reveal_at: revealed.revealAt || null, overdue: false, at_most_incomplete: (revealed.caveats || []).length > 0, recorded: request.recorded },
        scope: null,
        reasons: [revealed.withheld, ...(revealed.caveats || [])],
        identified_by: identified,
        source: null,
      };
    }
    const secret = fromHex(revealed.secret);
    const computed = hex(await sha256(secret));
    const given = revealed.seal;
    const sealCheck = given === null ? "not_given" : given === computed ? "match" : "mismatch";
    const key = scheme.key ? await scheme.key(secret, request) : secret;
    const mac = hmac(key);
    const rolls = await scheme.rolls(mac, request);
    let scope;
    try {
      scope = scheme.scope
        ? await scheme.scope(request, rolls, mac)
        : numberedScope(scheme.words, scheme.numbered.game, scheme.numbered.FIRST, request.first, rolls.length);
    } catch (error) {
      if (error instanceof FieldError) throw new Problems([{ field: error.field, message: error.message }]);
      throw error;
    }
    const { reports, summary, check } = compare(rolls, request.recorded);
    const { caveats, contradictions } = revealed;
    return {
      scheme: scheme.id,
      verdict: outcome(sealCheck, check, scope, caveats, contradictions),
      checks: { seal: sealCheck, rolls: check },
      seal: { given, computed, published_at: null, in_time: null, locked: null, versions_unseen: null },
      rolls: reports,
      summary,
      withheld: null,
      scope,
      reasons: reasons(scheme.words, sealCheck, check, summary, scope, caveats, contradictions),
      identified_by: identified,
      source: null,
    };
  }

  /** The rolls of a checked request under a MAC (the key's HMAC, or a stand-in for tests). */
  const rollsOf = (request, mac) => schemes.get(request.scheme).rolls(mac, request);

  return {
    MAX_ROLLS,
    schemes,
    register,
    define,
    need,
    hex,
    fromHex,
    concat,
    text,
    sha256,
    hmac,
    readDice,
    macs,
    kinds,
    strip,
    queryOf,
    withoutSpaces: (value) => value.replace(WHITESPACE, ""),
    notHex,
    offBy,
    fullwidthOf,
    chars,
    firstChars,
    printable,
    wholeNumber,
    hexValue,
    listOf,
    objectOf,
    FieldError,
    Problems,
    ReadsNoArchive,
    NoWebCrypto,
    fields,
    rollCount,
    numberedRolls,
    parse,
    readRecorded,
    fromLink,
    setPath,
    getPath,
    rollsOf,
    verify,
    pyRepr,
    shown,
    unseen,
    reorders,
    typedOrder,
    identityText,
    codePoint,
    words: { number, counted, span, cut, noneRecorded },
    SLIP,
    STARTS_SHOWN: 13, // an identity's warning names a value by its start, `…` included (fairdice.schemes.base)
  };
})();
