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
    // None beside it: said, with where they would be (an empty table said nothing).
    r.backups.length ? backupRows(r.backups, (b, i) => h("button", { class: "primary", id: `recover-${i}`, onclick: async () => { if (await act(() => call("recover", { backup: b.path }))) start(); } }, t("restore_latest")))
      : h("p", { class: "hint", id: "no-backups" }, t("no_backups", { dir: r.dir })),
    // A backup kept elsewhere, by its path.
    h("form", { class: "row", id: "recover-file", onsubmit: async (e) => {
      e.preventDefault();
      const backup = e.target.elements.path.value.trim();
      if (await act(() => call("recover", { backup }))) start();
    } },
      h("label", {}, t("restore_path"), h("input", { name: "path", id: "recover-path", required: true, style: "width:28rem" })),
      h("button", { id: "recover-file-button" }, t("restore_file"))),
  ];
}
