// The jury: rulings on a table's sheet (the game's own forms, then a free ruling), and every ruling.
import { call } from "../api.js";
import { t, currentLang, fmtWhen, fmtDate } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act, flash, errorBox, needTournament, gameOf, savedWho, actorSaid } from "../shell.js";
import { tableChooser } from "../sheet.js";
import { printPanel } from "./print.js";
import { replayPanel, replaysForPrint } from "./replay.js";

/** Once in the page: a ruling just recorded is scrolled into sight and marked. */
export function shown() {
  if (!state.newRuling) return;
  state.newRuling = false;
  const rows = [...document.querySelectorAll("#rulings-table tr[data-at]")];
  const newest = rows.reduce((a, b) => (!a || b.dataset.at > a.dataset.at ? b : a), null);
  if (newest) { newest.classList.add("new"); newest.scrollIntoView({ block: "center" }); }
}

export async function view() {
  const tid = needTournament();
  const info = (await call("tournament_list")).find((x) => String(x.id) === tid);
  const chooser = tableChooser(info, render);
  let sheet = null;
  try { sheet = await call("sheet", { tournament: tid, round: state.round, table: state.table }); } catch (_) { sheet = null; }
  // Without a sheet, say exactly why: the round is not drawn, or it has no such table.
  let missing = null;
  if (!sheet) {
    const round = await call("round_view", { tournament: tid, round: state.round }).catch(() => null);
    missing = round
      ? t("no_such_table", { round: state.round, table: state.table, tables: round.tables.map((x) => x.number).join(", ") })
      : t("round_not_drawn", { round: state.round });
  }
  // In the order they were made, as the jury lived them (they were listed by table, a ruling
  // of round 1 written late below round 3's); imported ones, all of one moment, keep theirs.
  const rulings = (await call("rulings_list", { tournament: tid })).map((r, i) => [r, i]).sort(([a, i], [b, j]) => (a.at < b.at ? -1 : a.at > b.at ? 1 : i - j)).map(([r]) => r);
  const game = sheet ? await gameOf(tid, sheet.game) : null;
  const seats = sheet ? sheet.seats : [];
  const seatOptions = () => seats.map((s) => h("option", { value: s.seat }, `${s.seat}. ${s.name}`));
  const base = { tournament: tid, round: state.round, table: state.table };
  // The jury member is who works at this screen, unless another is named.
  const who = (savedWho() || {}).name || "";
  const lang = currentLang();
  // A ruling just recorded is brought into sight in the list below (it may lie below the fold).
  const recorded = () => { state.newRuling = true; flash(t("saved")); };
  const forms = sheet ? [
    game.mod.juryForms ? game.mod.juryForms({ sheet, desc: game.desc, t, base, act, call, flash: () => recorded(), seatOptions, who, onDevice: document.body.classList.contains("device") }) : null,
    h("h3", {}, t("free_ruling")),
    h("form", { class: "row", id: "free-ruling", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const ruling = { seat: Number(f.seat.value), points: seats.map((s) => Number(f[`p${s.seat}`].value || 0)), reason: f.reason.value, by: f.by.value, sanction: f.sanction.checked };
      act(() => call("ruling_add", { ...base, ruling }), () => recorded());
    } },
      // Whom the ruling concerns is chosen, never taken by default (it went to seat 1 unasked).
      h("label", {}, t("seat"), h("select", { name: "seat", required: true }, h("option", { value: "" }, "—"), seatOptions())),
      // Each seat's points by its player (the fields read «Points 1 … 4»: whose was not said).
      seats.map((s) => h("label", {}, `${t("points")} ${s.seat}. ${s.name}`, h("input", { name: `p${s.seat}`, type: "number", value: 0, min: -1000, max: 1000, style: "width:5rem" }))),
      h("label", {}, t("reason"), h("input", { name: "reason", required: true })),
      h("label", {}, t("by"), h("input", { name: "by", required: true, value: who })),
      h("label", { class: "check" }, h("input", { name: "sanction", type: "checkbox" }), t("sanction")),
      h("button", { class: "primary", id: "record-ruling" }, t("record"))),
  ] : [h("p", { class: "hint", id: "jury-missing" }, missing)];
  return [
    h("h2", {}, t("jury")),
    chooser,
    errorBox(),
    forms,
    sheet && game.desc.plays_tricks ? await replayPanel(tid, sheet, game.desc) : null,
    // The deals replayed print with the one under way, as far as its cards are known.
    printPanel(tid, ["rulings", "hands"], null, null, (what) => (what === "hands" ? { replays: replaysForPrint(tid) } : {})),
    h("h3", {}, t("all_rulings")),
    rulings.length ? null : h("p", { class: "hint", id: "no-rulings" }, t("no_rulings")),
    h("table", { id: "rulings-table", hidden: !rulings.length },
      h("tr", {}, h("th", {}, t("time")), h("th", {}, t("round")), h("th", {}, t("table")), h("th", {}, t("name")), h("th", {}, t("points")), h("th", {}, t("reason")), h("th", {}, t("by")), h("th", {}, document.body.classList.contains("device") ? "" : t("withdraw"))),
      rulings.map((r) => h("tr", { id: r.id ? `ruling-${r.id}` : null, "data-at": r.at, class: r.withdrawn ? "withdrawn" : null }, h("td", { class: "when" }, r.imported ? t("ruling_imported", { date: fmtDate(r.at_local.slice(0, 10)) }) : dayAndHour(fmtWhen(r.at_local))), h("td", {}, r.round), h("td", {}, r.table), h("td", {}, `${r.seat}. ${r.name}`), h("td", { class: "nowrap" }, r.points.map((p) => (p > 0 ? `+${p}` : String(p))).join(" ")), h("td", {}, r.reason_texts[lang]), h("td", {}, r.by, r.sanction ? h("span", { class: "sanction-mark", title: t("sanction") }, " ⚠") : null),
        // Withdrawn since: listed with its withdrawal, counting no more.
        h("td", {}, r.withdrawn ? h("small", { class: "withdrawn-said" }, t("ruling_withdrawn", { at: fmtWhen(r.withdrawn.at_local), by: actorSaid(r.withdrawn.by), reason: r.withdrawn.reason })) : r.id && !document.body.classList.contains("device") ? h("form", { class: "inline", id: `withdraw-ruling-${r.id}`, "data-keep": "1", onsubmit: (e) => {
          e.preventDefault();
          act(() => call("ruling_withdraw", { tournament: tid, ruling: r.id, reason: e.target.reason.value }), () => flash(t("saved")));
        } }, h("input", { name: "reason", required: true, maxlength: 500, placeholder: t("reason"), "aria-label": t("reason") }), h("button", {}, t("withdraw"))) : "")))),
    // What ⚠ beside a jury member means, said under the list where one stands.
    rulings.some((r) => r.sanction) ? h("p", { class: "hint", id: "sanction-note" }, `⚠ ${t("sanction")}`) : null,
  ];
}

/** A time as its day and its hour, each kept whole: a narrow column breaks between them, not within the day. */
function dayAndHour(when) {
  const at = when.lastIndexOf(" ");
  return at < 0 ? when : [h("span", { class: "nowrap" }, when.slice(0, at)), " ", h("span", { class: "nowrap" }, when.slice(at + 1))];
}
