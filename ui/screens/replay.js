// The jury's "Replay a deal" (RULES.md §7): pick a line of the table's sheet, enter the cards
// each seat was dealt (typed, or picked from the deck's remaining cards), then the cards played,
// typed or picked among those the seat to play still holds. Every card is checked as it is
// entered, by the rules (the hand_check command); the first illegal card is marked with the
// rule in the window's language and the cards that were allowed. The figures the cards give
// stand beside the line's; "Use these figures" writes them as a correction, with a reason.
// No rule of play lives here: the window asks.
import { call } from "../api.js";
import { t, currentLang, explain, detailOf } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act, flash } from "../shell.js";

const SUITS = ["spades", "hearts", "diamonds", "clubs"];

/** A figure as a person reads it: a list joined by dots, nothing for none. */
function shown(x) {
  if (x === undefined || x === null) return "—";
  return Array.isArray(x) ? x.map(shown).join(" · ") : String(x);
}

/** The cards typed in a field: words, upper case. */
function cardsOf(text) {
  return String(text || "").toUpperCase().split(/[\s,;]+/).filter(Boolean);
}

/** The record the jury has entered so far, from the line's frame. */
function record(r) {
  const hand = { cards: r.typed.map(cardsOf), play: cardsOf(r.play) };
  // The record's other fields the game uses (the turned trump, the called ace), as chosen.
  for (const [field, value] of Object.entries(r.fields)) if (value) hand[field] = value;
  const { hand: _old, ...deal } = r.frame.deal;
  return { ...r.frame, deal, hand };
}

/** Ask the rules about the record as it stands, and show their answer in place. */
async function check(r) {
  try {
    r.result = await call("hand_check", { record: JSON.stringify(record(r)) });
    r.error = null;
  } catch (e) {
    r.result = null;
    // A record that does not read yet (a choice the game needs not made) is work in
    // progress, not a refusal: it says what is missing.
    r.pending = e && e.rule === "hand-record";
    r.error = r.pending ? `${t("replay_pending")} — ${detailOf(e)}` : explain(e);
  }
  const box = document.getElementById("replay-result");
  if (box) box.replaceChildren(...resultView(r));
  const deck = document.getElementById("replay-deck");
  if (deck) deck.replaceChildren(...deckView(r));
}

/** The deck's cards no seat has been dealt yet, to pick into the seat being entered. */
function deckView(r) {
  const all = r.desc.deck || [];
  const dealt = new Set(r.typed.flatMap(cardsOf));
  const left = all.filter((c) => !dealt.has(c));
  return [
    h("span", { class: "hint" }, t("replay_deck_left", { n: left.length, seat: r.focus })),
    ...left.map((c) => h("button", { type: "button", class: "chip", id: `deck-${c}`, onclick: () => {
      r.typed[r.focus - 1] = [...cardsOf(r.typed[r.focus - 1]), c].join(" ");
      const field = document.getElementById(`hand-seat-${r.focus}`);
      if (field) field.value = r.typed[r.focus - 1];
      check(r);
    } }, c)),
  ];
}

/** The tricks, the first illegal card, the seat to play, the figures beside the line's. */
function resultView(r) {
  const lang = currentLang();
  if (r.error) return [h("p", r.pending ? { class: "hint", id: "replay-pending" } : { class: "error", id: "replay-refused" }, r.error)];
  const res = r.result;
  if (!res) return [];
  const v = res.verdict;
  const bad = v.first_illegal;
  const out = [];
  if (bad && bad.trick === 0) {
    out.push(h("p", { class: "hint", id: "replay-dealing" }, t("replay_dealing", { seat: bad.seat, card: bad.card || "—" }), " ", res.rule ? `(${res.rule[lang]})` : ""));
    return out;
  }
  out.push(h("table", { id: "replay-tricks" },
    h("tr", {}, h("th", {}, t("replay_trick")), h("th", {}, t("replay_cards")), h("th", {}, t("replay_won_by"))),
    res.tricks.map((tr, i) => h("tr", {}, h("td", {}, i + 1),
      h("td", {}, tr.plays.map(([seat, card]) => h("span", { class: "played" }, `${seat}: ${card} `)),
        bad && bad.trick === i + 1 ? h("span", { class: "played illegal", id: "illegal-card" }, `${bad.seat}: ${bad.card}`) : null),
      h("td", {}, tr.winner || "…"))),
    bad && bad.trick > res.tricks.length ? h("tr", {}, h("td", {}, bad.trick), h("td", {}, h("span", { class: "played illegal", id: "illegal-card" }, `${bad.seat}: ${bad.card}`)), h("td", {}, "")) : null));
  if (bad) {
    out.push(h("div", { class: "card forced", id: "replay-illegal" },
      h("p", {}, t("replay_illegal", { trick: bad.trick, seat: bad.seat, card: bad.card }), " ", h("strong", {}, res.rule ? res.rule[lang] : bad.rule)),
      h("p", {}, t("replay_allowed"), " ", bad.legal_cards.length ? bad.legal_cards.join(" ") : "—")));
    return out;
  }
  if (res.next) {
    const legal = new Set(res.next.legal);
    out.push(h("div", { id: "replay-next" }, h("span", {}, t("replay_to_play", { seat: res.next.seat }), " "),
      res.next.hand.map((c) => h("button", { type: "button", class: legal.has(c) ? "chip legal" : "chip", id: `play-${c}`, onclick: () => {
        r.play = [...cardsOf(r.play), c].join(" ");
        const field = document.getElementById("replay-play");
        if (field) field.value = r.play;
        check(r);
      } }, c))));
  }
  if (v.complete && v.figures) {
    const line = r.frame.deal;
    out.push(h("table", { id: "replay-figures" },
      h("tr", {}, h("th", {}, ""), h("th", {}, t("replay_cards_give")), h("th", {}, t("replay_line_says"))),
      Object.entries(v.figures).map(([k, x]) => h("tr", {}, h("td", {}, r.desc.fields?.[k]?.name || k), h("td", {}, shown(x)), h("td", {}, shown(line[k]))))));
    out.push(h("p", { id: "replay-line" }, t(v.line === "matches" ? "replay_matches" : v.line === "differs" ? "replay_differs" : "replay_complete")));
    if (v.line !== "matches") {
      out.push(h("form", { class: "row", id: "use-figures-form", onsubmit: (e) => {
        e.preventDefault();
        // The line keeps the cards it was settled by (shown in its history, printed for the file).
        const entry = { ...line, ...v.figures, hand: record(r).hand };
        act(() => call("deal_correct", { ...r.where, line: r.line, entry, before: line, reason: e.target.reason.value }), () => {
          state.replay = null;
          flash(t("saved"));
        });
      } },
        h("label", {}, t("reason"), h("input", { name: "reason", id: "use-figures-reason", required: true, maxlength: 500, value: t("replay_reason") })),
        h("button", { class: "primary", id: "use-figures" }, t("replay_use"))));
    }
  } else if (!v.complete) {
    out.push(h("p", { class: "hint", id: "replay-line" }, t("replay_so_far")));
  }
  return out;
}

/** The panel, for the table's sheet shown on the jury screen. */
export async function replayPanel(tid, sheet, desc) {
  const where = { tournament: tid, round: sheet.round, table: sheet.table };
  const key = `${tid}/${sheet.round}/${sheet.table}`;
  let r = state.replay && state.replay.key === key ? state.replay : null;
  if (r) r.desc = desc;
  const open = async (line) => {
    const frame = await call("hand_record", { ...where, line });
    // A line that already carries its cards opens with them.
    const kept = frame.deal.hand || {};
    const typed = sheet.seats.map((_, i) => ((kept.cards || [])[i] || []).join(" "));
    const fields = Object.fromEntries((desc.hand_fields || []).map((f) => [f, kept[f] || ""]));
    state.replay = { key, where, line, frame, desc, typed, play: (kept.play || []).join(" "), fields, focus: 1, result: null, error: null };
    render();
  };
  const lines = sheet.lines.map((l) => h("option", { value: l.line, selected: r && r.line === l.line }, `${l.line}. ${l.label} (${t("dealer")} ${l.dealer})`));
  const head = [
    h("h3", {}, t("replay_title")),
    h("div", { class: "row" },
      h("label", {}, t("replay_line"), h("select", { id: "replay-line-pick", onchange: (e) => e.target.value && open(Number(e.target.value)) },
        h("option", { value: "" }, "—"), lines))),
  ];
  if (!r) return [...head, h("p", { class: "hint" }, t("replay_pick"))];
  if (!r.result && !r.error) await check(r);
  // A suit, or none (the rules say when none will not do).
  const fieldSelect = (field) => h("label", {}, t(`replay_field_${field}`),
    h("select", { id: `replay-field-${field}`, onchange: (e) => { r.fields[field] = e.target.value; check(r); } },
      h("option", { value: "" }, "—"), [...SUITS, "none"].map((s) => h("option", { value: s, selected: r.fields[field] === s }, t(`suit_${s}`)))));
  return [
    ...head,
    Object.keys(r.fields).length ? h("div", { class: "row" }, Object.keys(r.fields).map(fieldSelect)) : null,
    h("div", { id: "replay-hands" }, sheet.seats.map((s) => h("label", { class: "wide" }, `${s.seat}. ${s.name}`,
      h("input", { id: `hand-seat-${s.seat}`, value: r.typed[s.seat - 1], autocomplete: "off", spellcheck: "false", placeholder: "AS KH 10D …",
        onfocus: () => { r.focus = s.seat; const d = document.getElementById("replay-deck"); if (d) d.replaceChildren(...deckView(r)); },
        oninput: (e) => { r.typed[s.seat - 1] = e.target.value; check(r); } })))),
    h("div", { id: "replay-deck", class: "chips" }, deckView(r)),
    h("label", { class: "wide" }, t("replay_play"),
      h("input", { id: "replay-play", value: r.play, autocomplete: "off", spellcheck: "false", placeholder: "2C KC AC 5C …", oninput: (e) => { r.play = e.target.value; check(r); } })),
    h("div", { id: "replay-result" }, resultView(r)),
  ];
}
