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

/** A card of the record (FORMAT.md's `KD`) in the jury's words (`R♦`), as the game's
 * description names its deck in the window's language. */
function named(r, card) {
  if (!r.names || r.names.desc !== r.desc) {
    const deck = r.desc.deck || [], words = r.desc.deck_names || [];
    r.names = { desc: r.desc, map: new Map(deck.map((c, i) => [c, words[i] || c])) };
  }
  return r.names.map.get(card) || card;
}

/** A seat by its player's name. */
function who(r, seat) {
  const s = r.seats.find((x) => x.seat === seat);
  return s ? s.name : String(seat);
}

/** A seat picked by its player's name (`id`, `chosen` selected, `pick` told the seat). */
function seatPicker(r, seats, id, chosen, pick) {
  return h("select", { id, onchange: (e) => pick(Number(e.target.value)) },
    Array.from({ length: seats }, (_, i) => h("option", { value: i + 1, selected: chosen === i + 1 || null }, who(r, i + 1))));
}

/** The players by seat, seat 1 first, for the api's words ("" where a seat has none). */
function namesOf(r, seats) {
  return Array.from({ length: seats }, (_, i) => { const s = r.seats.find((x) => x.seat === i + 1); return s ? s.name : ""; });
}

/** The fields typed: each seat's cards, then the cards played. */
const FIELDS = (r) => [...r.seats.map((s) => `seat-${s.seat}`), "play"];
const textOf = (r, field) => (field === "play" ? r.play : r.typed[Number(field.slice(5)) - 1]);

/** Read what the jury typed in a field, in its language (the rules read it: hand_cards); a
 * token that is no card is kept as the field's refusal, the field as typed. */
async function readField(r, field) {
  // Only the answer to the field as it now reads counts: typed fast, an answer to what it read
  // a keystroke before came last and left it red («"A" is no card» beside «… RP AP»).
  const typed = textOf(r, field) || "";
  try {
    const cards = await call("hand_cards", { game: r.frame.game, typed, lang: r.lang });
    if ((textOf(r, field) || "") !== typed) return;
    if (field === "play") r.read.play = cards; else r.read.cards[Number(field.slice(5)) - 1] = cards;
    delete r.bad[field];
  } catch (e) {
    if ((textOf(r, field) || "") !== typed) return;
    r.bad[field] = e;
  }
}

/** The record the jury has entered so far, from the line's frame, in FORMAT.md's cards. */
function record(r) {
  // The line's own hand fields the jury does not type here (who led the first trick, when the
  // table played the other way) go with it as stored: a record rebuilt without `leader` was
  // replayed from the wrong seat, and its legal cards refused.
  const hand = { ...(r.kept || {}), cards: r.read.cards, play: r.read.play };
  // The record's other fields the game uses (the turned trump, the called ace), as chosen.
  for (const [field, value] of Object.entries(r.fields)) if (value) hand[field] = value;
  const { hand: _old, ...deal } = r.frame.deal;
  return { ...r.frame, deal, hand };
}

/** Ask the rules about the record as it stands, and show their answer in place. */
async function check(r) {
  const asked = (r.asked = (r.asked || 0) + 1);
  const bad = FIELDS(r).find((f) => r.bad[f]);
  if (bad) {
    // A token that is no card: said for its field; nothing else is judged meanwhile.
    const head = bad === "play" ? t("replay_not_a_card_play") : t("replay_not_a_card", { who: who(r, Number(bad.slice(5))) });
    r.result = null;
    r.pending = false;
    r.error = `${head} ${explain(r.bad[bad])}`;
  } else {
    try {
      const result = await call("hand_check", { record: JSON.stringify(record(r)) });
      if (asked !== r.asked) return;
      r.result = result;
      r.expected = result.expected;
      r.error = null;
    } catch (e) {
      if (asked !== r.asked) return;
      r.result = null;
      // A record that does not read yet (a choice the game needs not made) is work in
      // progress, not a refusal: it says what is missing.
      r.pending = e && e.rule === "hand-record";
      r.error = r.pending ? `${t("replay_pending")} — ${detailOf(e)}` : explain(e);
    }
  }
  for (const f of FIELDS(r)) {
    const el = document.getElementById(f === "play" ? "replay-play" : `hand-${f}`);
    if (el) el.classList.toggle("bad", !!r.bad[f]);
  }
  const box = document.getElementById("replay-result");
  if (box) box.replaceChildren(...resultView(r));
  const deck = document.getElementById("replay-deck");
  if (deck) deck.replaceChildren(...deckView(r));
}

/** Whether a seat holds every card the deal gives it (the rules say how many). */
function full(r, seat) {
  const due = r.expected ? r.expected[seat - 1] : undefined;
  return due !== undefined && (r.read.cards[seat - 1] || []).length >= due;
}

/** The deck's cards no seat has been dealt yet, to pick into the seat being entered; none
 * offered to a seat that has its cards, nothing said once every card is dealt. */
function deckView(r) {
  const dealt = new Set(r.read.cards.flat());
  const left = (r.desc.deck || []).filter((c) => !dealt.has(c));
  if (!left.length) return [];
  const name = who(r, r.focus);
  if (full(r, r.focus)) {
    const n = r.expected[r.focus - 1];
    return [h("span", { class: "hint", id: "replay-seat-full" }, t(n === 0 ? "replay_seat_out" : n === 1 ? "replay_seat_full_one" : "replay_seat_full", { who: name, n }))];
  }
  return [
    h("span", { class: "hint" }, left.length === 1 ? t("replay_deck_left_one", { who: name }) : t("replay_deck_left", { n: left.length, who: name })),
    ...left.map((c) => h("button", { type: "button", class: "chip", id: `deck-${c}`, onclick: () => {
      const i = r.focus - 1;
      if (full(r, r.focus) || r.bad[`seat-${r.focus}`]) return;
      r.typed[i] = [r.typed[i], named(r, c)].filter((x) => x && x.trim()).join(" ");
      r.read.cards[i] = [...(r.read.cards[i] || []), c];
      const field = document.getElementById(`hand-seat-${r.focus}`);
      if (field) field.value = r.typed[i];
      // Full: the next seat still short of cards is the one the deck gives to.
      if (full(r, r.focus)) {
        const next = r.seats.map((s) => s.seat).find((s) => !full(r, s));
        if (next) r.focus = next;
      }
      check(r);
    } }, named(r, c))),
  ];
}

/** Why the cards dealt do not stand yet, by the players' names. */
function dealingView(r, bad) {
  const held = (seat) => (r.read.cards[seat - 1] || []).length;
  const due = r.expected || [];
  const over = r.seats.find((s) => due[s.seat - 1] !== undefined && held(s.seat) > due[s.seat - 1]);
  if (over) return t(held(over.seat) === 1 ? "replay_too_many_one" : "replay_too_many", { who: over.name, n: held(over.seat), due: due[over.seat - 1] });
  if (bad.card) return t("replay_twice", { card: named(r, bad.card), who: who(r, bad.seat) });
  const left = due.reduce((a, b) => a + b, 0) - r.read.cards.reduce((a, c) => a + (c || []).length, 0);
  return left === 1 ? t("replay_dealing_one") : t("replay_dealing", { n: Math.max(left, 0) });
}

/** What "Could it have been made?" asks as the replay now stands: the cards, the seat, the
 * language of the words. */
const solveAsked = (r) => JSON.stringify([record(r), r.solve.seat, currentLang()]);

/** Whether "Could it have been made?" was answered on the cards as they stand, for the seat
 * picked, in the window's language; an answer about anything else (the jury changed a card,
 * the seat or the language since, or while it was searched) is dropped, its mark with it. */
function solvedStill(r) {
  const s = r.solve;
  if (s && s.answer && s.searched !== solveAsked(r)) { s.answer = null; r.gaveAway = null; }
  return Boolean(s && s.answer);
}

/** What the claim asks as the replay and its form now stand: the cards, who claims, at least
 * or at most how many, the language of the words. */
const claimAsked = (r) => JSON.stringify([record(r), r.claim.seat, r.claim.kind, r.claim.n, currentLang()]);

/** Whether the claim's answer is about the claim the form asks, on the cards as they stand
 * (else it is dropped: it would answer another question). */
function claimStill(r) {
  const c = r.claim;
  if (c && c.answer && c.asked !== claimAsked(r)) c.answer = null;
  return Boolean(c && c.answer);
}

/** The tricks, the first illegal card, the seat to play, the figures beside the line's. */
function resultView(r) {
  const lang = currentLang();
  solvedStill(r);
  claimStill(r);
  if (r.error) return [h("p", r.pending ? { class: "hint", id: "replay-pending" } : { class: "error", id: "replay-refused" }, r.error)];
  const res = r.result;
  if (!res) return [];
  const v = res.verdict;
  const bad = v.first_illegal;
  const out = [];
  if (bad && bad.trick === 0) {
    out.push(h("p", { class: "hint", id: "replay-dealing" }, dealingView(r, bad)));
    return out;
  }
  out.push(h("table", { id: "replay-tricks" },
    h("tr", {}, h("th", {}, t("replay_trick")), h("th", {}, t("replay_cards")), h("th", {}, t("replay_won_by"))),
    res.tricks.map((tr, i) => h("tr", {}, h("td", {}, i + 1),
      h("td", {}, tr.plays.map(([seat, card]) => {
        const away = r.gaveAway && r.gaveAway.trick === i + 1 && r.gaveAway.seat === seat && r.gaveAway.card === card;
        return h("span", away ? { class: "played gave-away", id: "gave-away-card", title: t("solve_gave_away") } : { class: "played" }, `${who(r, seat)}${t("colon")}${named(r, card)} `);
      }),
        bad && bad.trick === i + 1 ? h("span", { class: "played illegal", id: "illegal-card" }, `${who(r, bad.seat)}${t("colon")}${named(r, bad.card)}`) : null),
      h("td", {}, tr.winner ? who(r, tr.winner) : "…"))),
    bad && bad.trick > res.tricks.length ? h("tr", {}, h("td", {}, bad.trick), h("td", {}, h("span", { class: "played illegal", id: "illegal-card" }, `${who(r, bad.seat)}${t("colon")}${named(r, bad.card)}`)), h("td", {}, "")) : null));
  if (bad) {
    out.push(h("div", { class: "card forced", id: "replay-illegal" },
      h("p", {}, t("replay_illegal", { trick: bad.trick, who: who(r, bad.seat), card: named(r, bad.card) }), " ", h("strong", {}, res.rule ? res.rule[lang] : bad.rule)),
      h("p", {}, t("replay_allowed"), " ", bad.legal_cards.length ? bad.legal_cards.map((c) => named(r, c)).join(" ") : "—")));
    return out;
  }
  if (res.next) {
    const legal = new Set(res.next.legal);
    out.push(h("div", { id: "replay-next" }, h("span", {}, t("replay_to_play", { who: who(r, res.next.seat) }), " "),
      res.next.hand.map((c) => h("button", { type: "button", class: legal.has(c) ? "chip legal" : "chip", id: `play-${c}`, onclick: () => {
        if (r.bad.play) return;
        r.play = [r.play, named(r, c)].filter((x) => x && x.trim()).join(" ");
        r.read.play = [...r.read.play, c];
        const field = document.getElementById("replay-play");
        if (field) field.value = r.play;
        check(r);
      } }, named(r, c)))));
  }
  if (v.complete && v.figures) {
    const line = r.frame.deal;
    out.push(h("table", { id: "replay-figures" },
      h("tr", {}, h("th", {}, ""), h("th", {}, t("replay_cards_give")), h("th", {}, t("replay_line_says"))),
      Object.entries(v.figures).map(([k, x]) => h("tr", {}, h("td", {}, r.desc.fields?.[k]?.name || k), h("td", {}, shown(x)), h("td", {}, shown(line[k]))))));
    out.push(h("p", { id: "replay-line" }, t(v.line === "matches" ? "replay_matches" : v.line === "differs" ? "replay_differs" : "replay_complete")));
    out.push(solveView(r));
    // The figures the cards give written in the line's place, where the line says others (a
    // fault's or a void's line has none to compare: its cards cannot make it another line).
    if (v.line === "differs") {
      out.push(h("form", { class: "row", id: "use-figures-form", onsubmit: (e) => {
        e.preventDefault();
        // The line keeps the cards it was settled by (shown in its history, printed for the file).
        const entry = { ...line, ...v.figures, hand: record(r).hand };
        act(() => call("deal_correct", { ...r.where, line: r.line, entry, before: line, reason: e.target.reason.value }), () => {
          state.replay = null;
          if (state.replayShelf) delete state.replayShelf[`${r.key}/${r.line}`];
          flash(t("saved"));
        });
      } },
        h("label", {}, t("reason"), h("input", { name: "reason", id: "use-figures-reason", required: true, maxlength: 500, value: t("replay_reason") })),
        h("button", { class: "primary", id: "use-figures" }, t("replay_use"))));
    }
  } else if (!v.complete) {
    out.push(h("p", { class: "hint", id: "replay-line" }, t("replay_so_far")));
    out.push(claimView(r));
  }
  return out;
}

/**
 * A claim made where the replay stands ("the rest are mine", "I take no more"): who claims,
 * at least or at most how many of the tricks left; judged double dummy by the application
 * (every card known, the others playing together against the claim), with a line of play
 * that beats it when it fails.
 */
function claimView(r) {
  const c = r.claim || (r.claim = { seat: 1, kind: "at_least", n: 1, answer: null, busy: false, error: null });
  const seats = r.frame.seats || (r.read.cards || []).length;
  const ask = async () => {
    // The question as it stands now: what the answer is about, whatever changes meanwhile.
    const asked = claimAsked(r);
    const [rec, seat, kind, n, lang] = JSON.parse(asked);
    // A count that is no whole number (−1, 2.5, nothing typed) is not sent: it came back as
    // the window's own English («invalid value: integer `-1`, expected usize»), and an empty
    // field was judged as «at least 0» without a word.
    if (!Number.isInteger(n) || n < 0) {
      c.answer = null; c.error = t("claim_n_whole"); redraw();
      return;
    }
    c.busy = true; c.answer = null; c.error = null; redraw();
    try {
      const answer = await call("hand_claim", { record: JSON.stringify(rec), seat, atLeast: kind === "at_least" ? n : null, atMost: kind === "at_most" ? n : null,
        lang, names: namesOf(r, seats) });
      Object.assign(c, { answer, asked, judgedSeat: seat });
    } catch (e) { c.error = explain(e); }
    c.busy = false; redraw();
  };
  const redraw = () => { claimStill(r); const box = document.getElementById("replay-claim"); if (box) box.replaceChildren(...claimParts().filter(Boolean)); };
  // A changed question drops the answer to the last one at once; the form stays as typed.
  const changed = () => {
    if (!c.answer || claimStill(r)) return;
    const box = document.getElementById("claim-result");
    if (box) box.replaceChildren();
  };
  const answerParts = (a) => [
    // The api's words: the claim and where it is made, then its answer (and the bounds of a
    // search that stopped); the line that beats it is drawn on the replay's cards below.
    h("p", { id: "claim-asked", class: "hint" }, a.words[0]),
    h("div", { id: "claim-answer", class: a.holds === false ? "error" : "" }, a.words.slice(1, a.words.length - (a.line_tricks || []).length).map((w) => h("p", {}, w))),
    a.line_tricks ? h("p", { class: "hint" }, t("claim_line")) : null,
    a.line_tricks ? h("table", { id: "claim-line" },
      h("tr", {}, h("th", {}, t("replay_trick")), h("th", {}, t("replay_cards")), h("th", {}, t("replay_won_by"))),
      a.line_tricks.map((tr, i) => h("tr", {}, h("td", {}, tr.number || i + 1), h("td", {}, tr.plays.map(([seat, card], k) => k < (tr.before || 0)
        // The cards on the table when the claim was made: the trick whole, those already played set apart.
        ? h("span", { class: "played on-table", title: t("claim_on_table") }, `${who(r, seat)}${t("colon")}${named(r, card)} `)
        : h("span", { class: "played" }, `${who(r, seat)}${t("colon")}${named(r, card)} `))), h("td", {}, who(r, tr.winner))))) : null,
  ];
  const claimParts = () => [
    h("h4", {}, t("claim_title")),
    h("div", { class: "row" },
      h("label", {}, t("claim_who"), seatPicker(r, seats, "claim-seat", c.seat, (seat) => { c.seat = seat; changed(); })),
      h("label", {}, t("claim_kind"), h("select", { id: "claim-kind", onchange: (e) => { c.kind = e.target.value; changed(); } },
        h("option", { value: "at_least", selected: c.kind === "at_least" || null }, t("claim_at_least")),
        h("option", { value: "at_most", selected: c.kind === "at_most" || null }, t("claim_at_most")))),
      h("label", {}, t("claim_tricks"), h("input", { id: "claim-n", type: "number", min: 0, max: 13, value: c.n ?? "", oninput: (e) => { c.n = e.target.value.trim() === "" ? null : Number(e.target.value); changed(); } })),
      h("button", { class: "primary", id: "claim-judge", disabled: c.busy || null, onclick: ask }, c.busy ? t("claim_searching") : t("claim_judge"))),
    c.error ? h("p", { class: "error", id: "claim-error" }, c.error) : null,
    h("div", { id: "claim-result" }, c.answer ? answerParts(c.answer).filter(Boolean) : []),
  ];
  return h("div", { class: "card", id: "replay-claim" }, claimParts());
}

/**
 * "Could it have been made?" on a finished deal: a seat's side's most and fewest tricks with
 * every card known, from the first card and at each card played, searched by the application,
 * and whether the contract could have been made; the first card that cost its own side a trick
 * is marked on the tricks. The words are the api's.
 */
function solveView(r) {
  const s = r.solve || (r.solve = { seat: 1, answer: null, busy: false, error: null });
  const seats = r.frame.seats || (r.read.cards || []).length;
  const ask = async () => {
    // The question as it stands now: what the answer is about, whatever changes meanwhile.
    const asked = solveAsked(r);
    const [rec, seat, lang] = JSON.parse(asked);
    s.busy = true; s.answer = null; s.error = null; r.gaveAway = null; redraw();
    try {
      const answer = await call("hand_solve", { record: JSON.stringify(rec), seat, lang, names: namesOf(r, seats) });
      Object.assign(s, { answer, askedSeat: seat, searched: asked });
      // Its mark on the tricks only while it answers the replay as it stands.
      r.gaveAway = solvedStill(r) ? (answer.cards || []).find((c) => c.gave_away) || null : null;
    } catch (e) { s.error = explain(e); }
    s.busy = false;
    // The mark on the tricks is drawn with them.
    check(r);
  };
  const redraw = () => { const box = document.getElementById("replay-solve"); if (box) box.replaceChildren(...parts().filter(Boolean)); };
  const parts = () => [
    h("h4", {}, t("solve_title")),
    h("div", { class: "row" },
      h("label", {}, t("solve_who"), seatPicker(r, seats, "solve-seat", s.seat, (seat) => { s.seat = seat; if (s.answer && !solvedStill(r)) check(r); })),
      h("button", { type: "button", class: "primary", id: "solve-ask", disabled: s.busy || null, onclick: ask }, s.busy ? t("claim_searching") : t("solve_ask"))),
    s.error ? h("p", { class: "error", id: "solve-error" }, s.error) : null,
    s.answer ? h("div", { id: "solve-answer" }, s.answer.words.map((w) => h("p", {}, w))) : null,
  ];
  return h("div", { class: "card", id: "replay-solve" }, parts());
}

/** The deal being replayed, for the print of the replayed deals: its cards as known so far,
 * printed before any figure is written. */
export function replaysForPrint(tid) {
  const r = state.replay;
  if (!r || !r.read || String(r.where.tournament) !== String(tid)) return [];
  // The claim last judged goes on the paper too while it answers the replay as it stands
  // (judged again on the cards as printed).
  const a = claimStill(r) && r.claim.answer;
  const claim = a && a.claim ? { seat: r.claim.judgedSeat, at_least: a.claim.at_least ?? null, at_most: a.claim.at_most ?? null } : null;
  // So does "Could it have been made?", searched again on the finished deal as printed.
  const solve = solvedStill(r) ? r.solve.askedSeat : null;
  return [{ round: r.where.round, table: r.where.table, line: r.line, hand: record(r).hand, claim, solve }];
}

/** The panel, for the table's sheet shown on the jury screen. */
export async function replayPanel(tid, sheet, desc) {
  const where = { tournament: tid, round: sheet.round, table: sheet.table };
  const key = `${tid}/${sheet.round}/${sheet.table}`;
  let r = state.replay && state.replay.key === key ? state.replay : null;
  if (r) {
    r.desc = desc;
    r.seats = sheet.seats;
    // The window's language changed: the cards read so far are written again in the new one.
    if (r.lang !== currentLang()) {
      r.lang = currentLang();
      r.typed = r.read.cards.map((cards) => cards.map((c) => named(r, c)).join(" "));
      r.play = r.read.play.map((c) => named(r, c)).join(" ");
      r.bad = {};
      r.result = null;
      r.error = null;
    }
  }
  const open = async (line) => {
    // The deal being typed is kept aside, not thrown away: picking another line (an arrow key
    // on the list is enough) lost every card typed for the disputed one. Picked again, it
    // comes back as it was left.
    const shelf = (state.replayShelf ||= {});
    if (state.replay) shelf[`${state.replay.key}/${state.replay.line}`] = state.replay;
    const shelved = shelf[`${key}/${line}`];
    if (shelved) {
      delete shelf[`${key}/${line}`];
      state.replay = shelved;
      render();
      return;
    }
    const frame = await call("hand_record", { ...where, line });
    // A line that already carries its cards opens with them.
    const kept = frame.deal.hand || {};
    const cards = sheet.seats.map((_, i) => (kept.cards || [])[i] || []);
    const fields = Object.fromEntries((desc.hand_fields || []).map((f) => [f, kept[f] || ""]));
    const { cards: _cards, play: _play, ...rest } = kept;
    const others = Object.fromEntries(Object.entries(rest).filter(([f]) => !(f in fields)));
    const fresh = { key, where, line, frame, desc, seats: sheet.seats, lang: currentLang(), fields, kept: others, focus: 1, result: null, error: null, expected: null,
      read: { cards, play: kept.play || [] }, bad: {} };
    // Cards kept with the line are shown in the jury's words.
    fresh.typed = cards.map((list) => list.map((c) => named(fresh, c)).join(" "));
    fresh.play = fresh.read.play.map((c) => named(fresh, c)).join(" ");
    state.replay = fresh;
    render();
  };
  // Each line by its game's words (open misère, not `open-misere`), as the sheet shows it.
  // Its dealer by name, as the rest of the replay names players («Donneur 4» said a seat).
  const dealerOf = (seat) => (sheet.seats.find((x) => x.seat === seat) || {}).name || seat;
  const lines = sheet.lines.map((l) => h("option", { value: l.line, selected: r && r.line === l.line }, `${l.line}. ${l.label_texts[currentLang()]}${l.dealer ? ` (${t("dealer")}${t("colon")}${dealerOf(l.dealer)})` : ""}`));
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
      // An ace is called in a suit: "none" is offered for the trump alone, where the game
      // plays without one (Double Lucky 7 always turns a trump).
      h("option", { value: "" }, "—"), [...SUITS, ...(field === "called" || desc.hand_no_trump === false ? [] : ["none"])].map((s) => h("option", { value: s, selected: r.fields[field] === s }, t(`suit_${s}`)))));
  return [
    ...head,
    Object.keys(r.fields).length ? h("div", { class: "row" }, Object.keys(r.fields).map(fieldSelect)) : null,
    desc.cards_typed ? h("p", { class: "hint", id: "replay-typing" }, t("replay_typing"), " ", h("strong", {}, desc.cards_typed)) : null,
    h("div", { id: "replay-hands" }, sheet.seats.map((s) => h("label", { class: "wide" }, `${s.seat}. ${s.name}`,
      h("input", { id: `hand-seat-${s.seat}`, class: r.bad[`seat-${s.seat}`] ? "bad" : null, value: r.typed[s.seat - 1], autocomplete: "off", spellcheck: "false",
        onfocus: () => { r.focus = s.seat; const d = document.getElementById("replay-deck"); if (d) d.replaceChildren(...deckView(r)); },
        oninput: async (e) => { r.typed[s.seat - 1] = e.target.value; await readField(r, `seat-${s.seat}`); check(r); } })))),
    h("div", { id: "replay-deck", class: "chips" }, deckView(r)),
    h("label", { class: "wide" }, t("replay_play"),
      h("input", { id: "replay-play", class: r.bad.play ? "bad" : null, value: r.play, autocomplete: "off", spellcheck: "false",
        oninput: async (e) => { r.play = e.target.value; await readField(r, "play"); check(r); } })),
    h("div", { id: "replay-result" }, resultView(r)),
  ];
}
