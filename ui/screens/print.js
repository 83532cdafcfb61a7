// The print panel shown on the rounds, standings and jury screens.
import { call, saveDialog } from "../api.js";
import { t, currentLang, explain } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act } from "../shell.js";

/**
 * Print / Export: the documents of this screen, the file to write (its path
 * proposed by the application, editable), a progress indicator while the file is
 * made (the window stays responsive: the work runs off its main thread), and Open.
 * Each document (and round) has its own file: the proposal follows the document
 * chosen, unless a path was typed or chosen for that document. A season's panel gives
 * `extra` ({season}) and a `tid` of its own for the files' keys. A file that exists
 * is never replaced without asking: the application refuses it, the panel asks. `more`
 * gives what a screen adds to the request as it stands (the jury's replay under way).
 */
export function printPanel(tid, docs, round, extra = null, more = null) {
  const p = state.print;
  const what = docs.includes(p.what) ? p.what : docs[0];
  const key = `${tid}/${what}/${round ?? ""}`;
  const file = p.files[key] || (p.files[key] = { path: "", own: false, asked: false });
  // The file proposed is named in the print's language: another language, another proposal (a
  // French name stayed on a Dutch print). A path the user typed is theirs, and stays.
  if (!file.own && file.lang !== currentLang()) { file.path = ""; file.asked = false; }
  file.lang = currentLang();
  // While the table devices run, the seating plan carries each table's code and QR code.
  // A season's documents name the season (`extra`) instead of a tournament.
  const request = () => ({ tournament: extra ? "" : tid, ...(extra || {}), what, round, lang: currentLang(), path: file.path || null, devices: what === "seating" ? state.devicesBase : null, ...(more ? more(what) : {}) });
  const save = async (overwrite) => {
    // Pressed again while the file is being made: nothing more (it asked whether to replace
    // the file it had just written).
    if (p.busy) return;
    p.busy = true; p.done = null; p.asking = null; render();
    try {
      // Named before it is written, so that a question can name it.
      if (!file.path) file.path = await call("print_path", { request: request() });
      const path = await call("print", { request: { ...request(), overwrite } });
      p.done = { key, path }; state.error = null;
    } catch (e) {
      // The file exists (the application replaces nothing unasked): ask, in words.
      if (e && e.kind === "conflict" && !overwrite) { p.asking = { key, path: file.path }; state.error = null; }
      else state.error = explain(e);
    }
    p.busy = false; render();
  };
  const asking = p.asking && p.asking.key === key ? p.asking : null;
  const done = p.done && p.done.key === key ? p.done : null;
  const panel = h("details", { class: "card print", id: "print-panel", open: p.open || null, ontoggle: (e) => { p.open = e.target.open; } },
    h("summary", {}, t("print_export")),
    h("div", { class: "row" },
      h("label", {}, t("what"), h("select", { id: "print-what", onchange: (e) => { p.what = e.target.value; p.asking = null; render(); } },
        docs.map((d) => h("option", { value: d, selected: d === what }, t(`docs.${d}`))))),
      h("label", { class: "wide" }, t("save_to"), h("input", { id: "print-path", "data-key": key, value: file.path, oninput: (e) => {
        // A path typed is this document's own; emptied, the application's proposal comes back.
        file.path = e.target.value; file.own = file.path.trim() !== ""; file.asked = file.own; p.asking = null;
      },
      // Enter saves, as the button beside does (it did nothing).
      onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); save(false); } } })),
      h("button", { id: "print-choose", onclick: async () => {
        // The desktop's save dialog (GTK), opened on the proposed file.
        try {
          const chosen = await saveDialog({ defaultPath: file.path || undefined });
          if (chosen) { file.path = chosen; file.own = true; p.asking = null; render(); }
        } catch (e) { state.error = explain(e); render(); }
      } }, t("choose")),
      h("button", { class: "primary", id: "print-save", onclick: () => save(false) }, t("save_file"))),
    asking ? h("div", { class: "card forced", id: "print-confirm" },
      h("p", {}, t("file_exists", { path: asking.path })),
      h("div", { class: "row" },
        h("button", { class: "primary", id: "print-replace", onclick: () => save(true) }, t("replace")),
        h("button", { id: "print-cancel", onclick: () => { p.asking = null; render(); } }, t("cancel")))) : null,
    p.busy ? h("div", { class: "row" }, h("progress", { id: "print-progress" }), t("printing")) : null,
    done ? h("div", { class: "row", id: "print-done" }, t("saved_to", { path: done.path }),
      h("button", { id: "print-open", onclick: () => act(() => call("open_file", { path: done.path })) }, t("open"))) : null);
  if (!file.path && !file.asked) {
    file.asked = true;
    call("print_path", { request: request() }).then((path) => {
      if (file.own || file.path) return;
      file.path = path;
      const el = document.getElementById("print-path");
      if (el && el.dataset.key === key && !el.value) el.value = path;
    }).catch(() => { file.asked = false; });
  }
  return panel;
}
