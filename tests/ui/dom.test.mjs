// The window's small helpers (ui/dom.js) that read what is typed, run by node's test runner.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// Loaded as the module it is (see i18n.test.mjs): it imports nothing itself.
const source = readFileSync(new URL("../../ui/dom.js", import.meta.url));
const { typedFigures, digits } = await import(`data:text/javascript;base64,${source.toString("base64")}`);

test("figures typed in one field are numbers where they read as one, else the text as typed", () => {
  assert.deepEqual(typedFigures("25 20 16"), [25, 20, 16]);
  assert.deepEqual(typedFigures(" 16, 12;8/4 "), [16, 12, 8, 4]);
  // The application names what it refuses: «abc», not «null» (a NaN sent as JSON is null).
  assert.deepEqual(typedFigures("25 20 abc 10"), [25, 20, "abc", 10]);
  assert.deepEqual(typedFigures("12.5 1e400"), [12.5, "1e400"]);
  assert.deepEqual(typedFigures(""), []);
});

test("a figure's field keeps digits only", () => {
  assert.equal(digits("1a2 3"), "123");
  assert.equal(digits(""), "");
});
