// Rikken's entry view (ui/games/rikken.js), run by node's test runner: what a line typed sends.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// Loaded as the modules they are (see i18n.test.mjs); rikken.js imports dom.js, which imports
// nothing: given it the same way.
const module = (path) => `data:text/javascript;base64,${readFileSync(new URL(path, import.meta.url)).toString("base64")}`;
const source = readFileSync(new URL("../../ui/games/rikken.js", import.meta.url), "utf8").replace('from "../dom.js"', `from "${module("../../ui/dom.js")}"`);
const { toEntry } = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);

const desc = { contracts: [{ code: "pass", kind: "pass" }, { code: "abondance-9", kind: "solo" }] };
const draft = (contract) => ({ contract, declarer: 2, partner: null, declarers: [], tricks: "9", each: {}, jury: "Jan", fine: null, offender: null, reason: "", by: "" });

test("a pass carries no jury member, a solo that calls for one does", () => {
  // A name typed for a solo refused, then the line changed into a pass: stored with it before.
  assert.deepEqual(toEntry(draft("pass"), desc), { contract: "pass" });
  assert.deepEqual(toEntry(draft("abondance-9"), desc), { contract: "abondance-9", declarer: 2, tricks: 9, jury: "Jan" });
});
