// The log: every change of the tournament, oldest first, in the window's words.
import { call } from "../api.js";
import { t, currentLang, fmtWhen } from "../i18n.js";
import { h } from "../dom.js";
import { needTournament, actorSaid } from "../shell.js";
import { actionName } from "../sheet.js";

export async function view() {
  const tid = needTournament();
  const log = await call("audit", { tournament: tid });
  // Every record in words, as the application says it (the game's names, each figure named).
  const lang = currentLang();
  const place = (e) => [e.round && `${t("round")} ${e.round}`, e.table && `${t("table")} ${e.table}`, e.line && `${t("line")} ${e.line}`].filter(Boolean).join(", ");
  return [
    h("h2", {}, t("log")),
    h("p", { class: "hint" }, t("all_changes")),
    h("table", { id: "log-table" },
      h("tr", {}, h("th", {}, t("time")), h("th", {}, t("who_col")), h("th", {}, t("what")), h("th", {}, t("where_col")), h("th", {}, t("change_from_to")), h("th", {}, t("reason"))),
      log.map((e) => h("tr", {},
        h("td", { class: "nowrap" }, fmtWhen(e.at_local)), h("td", {}, actorSaid(e.by)), h("td", {}, actionName(e)), h("td", {}, place(e)),
        h("td", {}, change(e, lang)), h("td", {}, e.reason)))),
  ];
}

/**
 * A record's change in words: before → after; a record taken away (a line undone) leaves
 * nothing after it, and reads struck through, with no arrow pointing at nothing.
 */
function change(e, lang) {
  const [before, after] = [e.before_text ? e.before_texts[lang] : "", e.after_texts[lang] || ""];
  if (before && after) return `${before} → ${after}`;
  return before ? h("s", { class: "gone" }, before) : after;
}
