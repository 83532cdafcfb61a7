// The backups: listed with what each holds, one made now, one restored after a confirmation.
import { call } from "../api.js";
import { t, tn, fmtWhen, currentLang } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act, flash, errorBox, forgetGames, go, useTournament } from "../shell.js";

export function backupRows(list, restoreWith) {
  const kind = (k) => (t(`kinds.${k}`) === `kinds.${k}` ? k : t(`kinds.${k}`));
  return h("table", { id: "backups-table" },
    h("tr", {}, h("th", {}, t("written")), h("th", {}, t("kind")), h("th", {}, t("holds")), h("th", {}, t("last_change")), h("th", {}, "")),
    list.map((b, i) => h("tr", { id: `backup-${i}` },
      h("td", {}, fmtWhen(b.written_local)), h("td", {}, kind(b.kind)),
      h("td", {}, b.problem ? h("span", { class: "bad", title: b.problem[currentLang()] }, `${t("backup_unusable")} (${b.problem[currentLang()]})`) : [tn("count_tournaments", b.tournaments), tn("count_rounds", b.rounds), tn("count_lines", b.lines)].join(", ")),
      h("td", {}, fmtWhen(b.last_change_local)),
      h("td", {}, b.problem ? "" : restoreWith(b, i)))));
}

const focusOn = (id) => document.getElementById(id)?.focus();

/** Backups: listed with what each holds; restoring one asks for a confirmation first. */
export async function view() {
  const r = await call("recovery");
  // Asked to confirm, it can be called off too (it stayed armed, one click from a restore).
  const restoreWith = (b, i) => state.confirmRestore === b.path
    ? h("span", { class: "row" },
      h("button", { class: "primary", id: `confirm-restore-${i}`, onclick: () => act(() => call("backup_restore", { backup: b.path }), (kept) => {
        // What was chosen in the database replaced goes with it (standings asked after a round
        // the restored one has not drawn showed only the refusal, with no way back).
        state.confirmRestore = null; forgetGames(); useTournament(state.tournament); flash(t("restored", { file: kept.file }));
      }) }, t("confirm_restore")),
      h("button", { id: `cancel-restore-${i}`, onclick: () => { state.confirmRestore = null; render().then(() => focusOn(`restore-${i}`)); } }, t("cancel")))
    // Asked, the focus goes to the question's answer (it fell to the page: 29 Tabs away).
    : h("button", { id: `restore-${i}`, onclick: () => { state.confirmRestore = b.path; render().then(() => focusOn(`confirm-restore-${i}`)); } }, t("restore"));
  return [
    h("h2", {}, t("backups")),
    errorBox(),
    h("p", { class: "hint" }, t("backups_where", { dir: r.dir })),
    h("div", { class: "row" },
      h("button", { class: "primary", id: "back-up-now", onclick: () => act(() => call("backup_now"), () => flash(t("saved"))) }, t("back_up_now")),
      // About Atout: the version, this database and its size, the licences.
      h("button", { id: "about-open", onclick: () => go("about") }, t("about_open"))),
    backupRows(r.backups, restoreWith),
  ];
}
