// The rounds: drawn (asking first while the round before is being played), their tables and byes.
import { call } from "../api.js";
import { t, tn, explain } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, go, act, flash, errorBox, needTournament, openTable, gameOf } from "../shell.js";
import { printPanel } from "./print.js";
import { devicesPanel } from "./devices.js";

function seatList(seats, first, scorers = [], firstSaid = null) {
  return h("ol", {}, seats.map((s) => h("li", {}, `${s.name}${s.club ? ` (${s.club})` : ""}${s.seat === first ? ` — ${firstSaid || t("first_dealer")}` : ""}`,
    scorers.includes(s.seat) ? h("span", { class: "mark scorer" }, ` — ${t("keeps_score")}`) : null)));
}

/** A draw on its way (the button pressed again meanwhile draws nothing more). */
let drawing = false;

export async function view() {
  const tid = needTournament();
  const info = await call("tournament_list").then((l) => l.find((x) => String(x.id) === tid));
  const last = info.rounds_drawn;
  if (!state.roundsView) state.roundsView = Math.max(1, last);
  const r = state.roundsView;
  let drawn = null;
  try { drawn = await call("round_view", { tournament: tid, round: r }); } catch (_) { drawn = null; }
  // Before a round is drawn, the plan its planned draw would make, and the number that draws it.
  // Asked afresh each time the screen is drawn: players entered or withdrawn since change it
  // (the plan kept from before said the old repeat meetings). The number typed is kept.
  const mine = state.roundPlan && state.roundPlan.tid === tid && state.roundPlan.round === r ? state.roundPlan : null;
  let planned = null;
  let planRefused = null;
  // Asked first whether to draw while the round before is still played: the number it will
  // draw with is the plan shown (a plan made anew under it showed another number).
  const confirm = state.confirmDraw && state.confirmDraw.round === r ? state.confirmDraw : null;
  if (!drawn) {
    const typed = (confirm && confirm.seed) || (mine ? mine.typed : null);
    // A number the plan refuses ("12a") stays as typed, and why is said: it was emptied
    // without a word, and the round drawn by a number nobody typed.
    try {
      const p = await call("round_plan", { tournament: tid, round: r, seed: typed || null });
      planned = state.roundPlan = { ...p, tid, round: r, typed };
    } catch (e) {
      planRefused = e;
      state.roundPlan = { tid, round: r, typed };
    }
  }
  // The number typed, kept while the screen redraws (a drawn round's too: drawing it again).
  const typedKept = state.roundPlan && state.roundPlan.tid === tid && state.roundPlan.round === r ? state.roundPlan.typed : null;
  const draw = async (anyway = false) => {
    // Pressed twice: one draw (the second was a redraw of the round just drawn).
    if (drawing) return;
    drawing = true;
    try { await drawOnce(anyway); } finally { drawing = false; }
  };
  const drawOnce = async (anyway) => {
    const seedInput = document.getElementById("seed");
    // As text: a seed above 2^53 loses digits as a JavaScript number.
    const typed = seedInput && seedInput.value.trim() ? seedInput.value.trim() : null;
    const seating = document.getElementById("by-ranking")?.checked ? "by-ranking" : "planned";
    // No number typed: the one the plan shown was made with, so the draw keeps to it.
    const seed = typed || (seating === "planned" && planned && !drawn ? planned.seed : null);
    // A guard rail: drawing while the round before is still being played asks first, and says why.
    if (!anyway && r > 1) {
      const before = await call("round_view", { tournament: tid, round: r - 1 }).catch(() => null);
      const open = before ? before.tables.filter((x) => !x.complete).map((x) => x.number) : [];
      // Asked, the focus on the answer that draws (it stayed on «Draw», and Enter asked again).
      if (open.length) { state.confirmDraw = { round: r, before: r - 1, open, seed, seating }; render().then(() => document.getElementById("draw-anyway")?.focus()); return; }
    }
    state.confirmDraw = null;
    // The number typed goes once the round is drawn, not before: a draw refused kept none.
    const done = await act(() => call("round_draw", { tournament: tid, round: r, seed, seating }), () => { state.roundPlan = null; state.byRanking = false; flash(t("saved")); });
    // Drawn: the focus on «Draw again», which takes the place of the button pressed (it fell to
    // the screen, and the next Tab went to the round's picker).
    if (done) document.getElementById("draw-again")?.focus();
  };
  // Who starts at a table, in the game's own words where it has them (Kings Cribbage deals no card).
  const firstSaid = drawn ? (await gameOf(tid, info.game)).desc.labels?.first : null;
  return [
    h("h2", {}, `${t("rounds")} — ${info.name}`),
    errorBox(),
    h("div", { class: "row" },
      h("label", {}, t("round"), h("select", { id: "round-pick", onchange: (e) => { state.roundsView = Number(e.target.value); state.error = null; state.confirmDraw = null; render(); } },
        Array.from({ length: Math.min(info.rounds, last + 1) }, (_, i) => h("option", { value: i + 1, selected: i + 1 === r }, i + 1)))),
      h("label", {}, t("seed"), h("input", { id: "seed", inputmode: "numeric", maxlength: 20, autocomplete: "off", value: confirm ? confirm.seed || "" : typedKept || "",
        // A number typed: the plan shown is the one it draws (kept for a drawn round too).
        onchange: (e) => { state.roundPlan = { tid, round: r, typed: e.target.value.trim() || null, stale: true }; if (!drawn) render(); } })),
      // Kept while the screen redraws (a number typed, the devices' panel refreshing): the tick
      // was lost, and the round drawn by plan.
      // (Round 1 has no ranking to seat by: the application refuses it.)
      r > 1 ? h("label", { class: "check", title: t("by_ranking_hint") }, h("input", { type: "checkbox", id: "by-ranking", checked: confirm ? confirm.seating === "by-ranking" : !!state.byRanking,
        onchange: (e) => { state.byRanking = e.target.checked; } }), t("by_ranking")) : null,
      // Drawn again only while it is the last round drawn and no line is written at its tables
      // (the button stood on every round, and each press was refused).
      drawn
        ? (drawn.redrawable ? h("button", { id: "draw-again", onclick: () => draw() }, t("draw_again")) : null)
        : h("button", { class: "primary", id: "draw-round", onclick: () => draw() }, t("draw"))),
    planRefused ? h("p", { class: "error", id: "plan-refused" }, explain(planRefused)) : null,
    !drawn && planned
      ? h("p", { class: "hint", id: "plan-preview" }, `${tn("plan_preview", planned.to - planned.from + 1, { from: planned.from, to: planned.to, repeats: tn("repeats", planned.repeats) })} (${t(planned.following ? "plan_following" : planned.from === 1 ? "plan_first" : "plan_new")}${t("semicolon")}${t("plan_seed", { seed: planned.seed })})`)
      : null,
    confirm ? h("div", { class: "card forced", id: "confirm-draw" },
      h("p", {}, tn("round_open", confirm.open.length, { round: confirm.before, tables: confirm.open.join(", "), next: confirm.round })),
      h("div", { class: "row" },
        h("button", { class: "primary", id: "draw-anyway", onclick: () => draw(true) }, t("draw_anyway")),
        h("button", { id: "draw-cancel", onclick: () => { state.confirmDraw = null; render(); } }, t("cancel")))) : null,
    drawn ? await devicesPanel(tid, r) : null,
    drawn ? printPanel(tid, ["seating", "sheets", "completed-sheets", "lines-csv"], r) : null,
    drawn
      ? [
          h("p", { class: "hint", id: "draw-info" }, `${t("seed_short")} ${drawn.seed ?? "—"} · ${tn("repeats", drawn.repeats ?? 0)}${drawn.by_ranking ? ` · ${t("by_ranking")}` : ""}`),
          h("div", { class: "tables" }, drawn.tables.map((tb) => h("div", { class: "card", id: `table-card-${tb.number}` },
            h("h3", {}, `${t("table")} ${tb.number}`), seatList(tb.seats, tb.first_dealer, tb.scorers || [], firstSaid),
            h("button", { onclick: () => {
              // The table already open keeps the line being typed (as the Table scorer button does).
              if (r !== state.round || tb.number !== state.table) openTable(r, tb.number);
              go("scorer");
            } }, t("open_sheet"))))),
          drawn.byes.length ? h("p", { id: "byes" }, `${tn("byes", drawn.byes.length)}${t("colon")}${drawn.byes.map((b) => b.name).join(", ")}`) : null,
          redrawNeeded(drawn),
        ]
      : h("p", { class: "hint" }, t("not_drawn")),
  ];
}

/** Who this draw leaves out or seats wrongly (entered, back or withdrawn after it), said for
 * as long as it stands, with what to do while the round has not begun. It was a message that
 * went with the next screen, and the Rounds screen said nothing of it. */
function redrawNeeded(drawn) {
  const names = (list) => list.map((p) => p.name).join(", ");
  const said = [
    drawn.not_seated.length ? t("not_seated", { list: names(drawn.not_seated) }) : null,
    drawn.withdrawn_seated.length ? t("withdrawn_seated", { list: names(drawn.withdrawn_seated) }) : null,
  ].filter(Boolean);
  if (!said.length) return null;
  if (drawn.redrawable) said.push(t("redraw_now", { round: drawn.round }));
  return h("p", { class: "error", id: "redraw-needed", role: "status" }, said.join(" "));
}
