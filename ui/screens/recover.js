// The recovery screen: the database could not be opened.
import { call } from "../api.js";
import { t, currentLang } from "../i18n.js";
import { h } from "../dom.js";
import { act, start, errorBox } from "../shell.js";
import { backupRows } from "./backups.js";

/** The database could not be opened: say why, and offer the backups. */
export async function view() {
  const r = await call("recovery");
  // Opened again (a backup put in place): startup moves on from here (`start`). Going to
  // another screen from inside this drawing raced with it and could hide the "who" form.
  if (!r.error) return [h("p", { class: "hint", id: "recovered" }, t("saved"))];
  return [
    h("h2", {}, t("cannot_open")),
    h("div", { class: "error", id: "open-error" }, r.error[currentLang()]),
    // A restore refused (the backup does not check, the disk is full) is said here.
    errorBox(),
    backupRows(r.backups, (b, i) => h("button", { class: "primary", id: `recover-${i}`, onclick: async () => { if (await act(() => call("recover", { backup: b.path }))) start(); } }, t("restore_latest"))),
  ];
}
