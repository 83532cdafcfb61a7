// The table scorer's screen: a table's sheet, the line being typed, the tools below.
import { call } from "../api.js";
import { t, explain, currentLang } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, needTournament, gameOf } from "../shell.js";
import { tableChooser, sheetTable, entryPanel, sheetTools, historyTable, showLastLine, gameWord } from "../sheet.js";

export async function view() {
  const tid = needTournament();
  const info = (await call("tournament_list")).find((x) => String(x.id) === tid);
  const chooser = tableChooser(info, render);
  let sheet;
  try { sheet = await call("sheet", { tournament: tid, round: state.round, table: state.table }); }
  catch (e) { return [h("h2", {}, t("scorer")), chooser, h("div", { class: "error" }, explain(e))]; }
  const game = await gameOf(tid, sheet.game);
  const history = state.showHistory ? await call("sheet_history", { tournament: tid, round: state.round, table: state.table }) : null;
  return [
    h("h2", {}, `${t("scorer")} — ${game.desc.name} — ${t("round")} ${sheet.round}, ${t("table")} ${sheet.table}`),
    chooser,
    (sheet.scorers || []).length ? h("p", { class: "hint", id: "scorers" }, `${t("keeps_score")}${t("colon")}${sheet.scorers.map((x) => sheet.seats[x - 1].name).join(", ")}`) : null,
    sheetTable(sheet, game),
    (sheet.next_scorer || []).length ? h("p", { class: "forced", id: "next-scorer" }, `${sheet.next_scorer.map((x) => sheet.seats[x - 1].name).join(", ")}${t("colon")}${t("keeps_next_score")}`) : null,
    sheet.error ? h("div", { class: "error" }, (sheet.error_texts && sheet.error_texts[currentLang()]) || sheet.error) : null,
    entryPanel(sheet, tid, game),
    h("details", { class: "more", id: "sheet-more", open: state.moreOpen || !!state.pending || !!state.showHistory, ontoggle: (e) => { state.moreOpen = e.target.open; } },
      h("summary", {}, gameWord(game.desc, "sheet_more")),
      sheetTools(sheet, tid, game.desc),
      h("div", { class: "row" }, h("button", { id: "show-history", onclick: () => { state.showHistory = !state.showHistory; render(); } }, t("history")))),
    history ? historyTable(history, game.mod) : null,
  ];
}

/** Once in the page: the sheet's last line shows just above the entry panel. */
export const shown = showLastLine;
