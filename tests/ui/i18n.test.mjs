// The window's and the phones' own words (ui/i18n.js), run by node's test runner: every text in
// every language, French typography, counts said in the right number.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

// i18n.js reads the saved language and the system's at load: a page's, stood in for here.
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.navigator = { language: "en" };
// Loaded as the module it is (no package.json marks ui/ as modules, and Debian's Node 18 takes
// a bare .js file for CommonJS): its text, imported as a module. It imports nothing itself.
const source = readFileSync(new URL("../../ui/i18n.js", import.meta.url));
const { texts, t, tn, setLang, fmtWhen, fmtNum, folded } = await import(`data:text/javascript;base64,${source.toString("base64")}`);

/** Every text of a language as `[key.path, text]`, nested groups (`docs`, `actions`) walked. */
const flat = (o, p = "") => Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v, `${p}${k}.`) : [[`${p}${k}`, String(v)]]));

test("every text is in English, French and Dutch, and no language has one of its own", () => {
  const keys = (lang) => new Set(flat(texts[lang]).map(([k]) => k));
  const en = keys("en");
  for (const lang of ["fr", "nl"]) {
    const other = keys(lang);
    // A text for one (`_one`) where a language says one apart: a language's own grammar, not
    // a missing text.
    const missing = [...en].filter((k) => !other.has(k) && !k.endsWith("_one"));
    assert.deepEqual(missing, [], `${lang} falls back to English for these`);
    const own = [...other].filter((k) => !en.has(k) && !k.endsWith("_one"));
    assert.deepEqual(own, [], `${lang} has texts English has not: a key misspelt?`);
  }
});

test("French elides «de» before a vowel or a French name's mute h, and only there", () => {
  // «Les cartes de Anne» (the replay), «La saison de Hélène» (a name, whatever its text).
  setLang("fr");
  assert.equal(t("replay_not_a_card", { who: "Anne" }), "Les cartes d'Anne :");
  assert.equal(t("season_player", { name: "Hélène Dubois" }), "La saison d'Hélène Dubois");
  assert.equal(t("season_player", { name: "Élise" }), "La saison d'Élise");
  assert.equal(t("replay_not_a_card", { who: "Bart" }), "Les cartes de Bart :");
  // A Flemish name's h is sounded.
  assert.equal(t("replay_not_a_card", { who: "Hendrik" }), "Les cartes de Hendrik :");
  // Dutch keeps its «de»; a number is no name.
  setLang("nl");
  assert.equal(t("replay_not_a_card", { who: "Anne" }), "De kaarten van Anne:");
  setLang("fr");
  assert.ok(!/d'\d/.test(t("season_player", { name: "8 Anne" })));
});

test("French spaces its colon, semicolon, question and exclamation marks", () => {
  const bad = flat(texts.fr).filter(([, v]) => /[^\s\d]:(\s|$)|[^\s][;?!](\s|$)/.test(v));
  assert.deepEqual(bad, []);
  setLang("fr");
  assert.equal(`Place${t("colon")}7`, "Place : 7");
  setLang("nl");
  assert.equal(`Plaats${t("colon")}7`, "Plaats: 7");
});

test("a count of one is said in the language asked, never in English", () => {
  // Every text English says apart for one (`key_one`), asked of French and Dutch for 1 and 2.
  const counted = Object.keys(texts.en).filter((k) => k.endsWith("_one")).map((k) => k.slice(0, -4));
  assert.ok(counted.length > 5, `${counted}`);
  for (const lang of ["fr", "nl"]) {
    setLang(lang);
    for (const key of counted) {
      for (const n of [1, 2]) {
        const said = tn(key, n, { name: "X" });
        setLang("en");
        const english = tn(key, n, { name: "X" });
        setLang(lang);
        assert.notEqual(said, english, `${lang} ${key} for ${n} said in English`);
      }
    }
  }
});

test("a count is said in the right number", () => {
  setLang("fr");
  assert.equal([tn("count_tournaments", 1), tn("count_rounds", 2), tn("count_lines", 0)].join(", "), "1 tournoi, 2 manches, 0 ligne");
  assert.equal(tn("pending_lines", 1), "1 ligne modifiée, pas encore enregistrée");
  assert.equal(tn("season_counts_best", 1), "Compte : la meilleure soirée de chacun");
  setLang("nl");
  assert.equal(tn("count_matched", 1), "1 speler herkend");
  // Dutch says «nieuw» for one and for many: the plural text serves both.
  assert.equal(tn("count_new", 1), "1 nieuw");
  setLang("en");
  assert.equal(tn("entered", 3), "players entered");
  assert.equal(tn("entered", 1), "player entered");
});

test("a moment and a figure as each language writes them", () => {
  setLang("en");
  assert.equal(fmtWhen("2026-11-27 20:15:03"), "2026-11-27 20:15:03");
  assert.equal(fmtNum(7 + 1 / 3), "7.33");
  assert.equal(fmtNum(10.5), "10.5");
  setLang("fr");
  assert.equal(fmtWhen("2026-11-27 20:15:03"), "27/11/2026 20:15:03");
  assert.equal(fmtNum(7 + 1 / 3), "7,33");
  assert.equal(fmtNum(16), "16");
  setLang("nl");
  assert.equal(fmtWhen("2026-11-27 20:15:03"), "27-11-2026 20:15:03");
  assert.equal(fmtNum(-2.5), "-2,5");
  assert.equal(fmtWhen(""), "");
  setLang("en");
});

test("a name is found without its accents, in any case", () => {
  // A player typing «helene» on their phone found nobody: «Hélène» was compared as typed.
  assert.equal(folded("Hélène Dubois"), "helene dubois");
  assert.equal(folded("JÜRGEN Maes"), "jurgen maes");
  assert.ok(folded("Noël Lejeune").includes(folded("noel")));
  assert.ok(folded("François Lambert-Vandenbroucke").includes(folded("FRANCOIS")));
  assert.equal(folded(null), "");
});

test("French sets its guillemets apart with a non-breaking space", () => {
  // «Spring Open 2026» was written tight, as English quotes it.
  const tight = flat(texts.fr).filter(([, s]) => /«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/.test(s)).map(([k]) => k);
  assert.deepEqual(tight, []);
});
