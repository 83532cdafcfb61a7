// The print panel shown on the rounds, standings and jury screens.
import { call, saveDialog } from "../api.js";
import { t, currentLang, explain } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act } from "../shell.js";

/**
 * Print / Export: the documents of this screen, the file to write (its path
 * proposed by the application, editable), a progress indicator while the file is
 * made (the window stays responsive: the work runs off its main thread), and Open.
 */
export function printPanel(tid, docs, round) {
  const p = state.print || (state.print = {});
  const what = docs.includes(p.what) ? p.what : docs[0];
  const request = () => ({ tournament: tid, what, round, lang: currentLang(), path: p.path || null });
  const panel = h("details", { class: "card print", id: "print-panel", open: p.open || null, ontoggle: (e) => { p.open = e.target.open; } },
    h("summary", {}, t("print_export")),
    h("div", { class: "row" },
      h("label", {}, t("what"), h("select", { id: "print-what", onchange: (e) => { p.what = e.target.value; p.path = null; p.done = null; render(); } },
        docs.map((d) => h("option", { value: d, selected: d === what }, t(`docs.${d}`))))),
      h("label", { class: "wide" }, t("save_to"), h("input", { id: "print-path", value: p.path || "", oninput: (e) => { p.path = e.target.value; } })),
      h("button", { id: "print-choose", onclick: async () => {
        // The desktop's save dialog (GTK), opened on the proposed file.
        try {
          const chosen = await saveDialog({ defaultPath: p.path || undefined });
          if (chosen) { p.path = chosen; render(); }
        } catch (e) { state.error = explain(e); render(); }
      } }, t("choose")),
      h("button", { class: "primary", id: "print-save", onclick: async () => {
        p.busy = true; p.done = null; render();
        try { p.done = await call("print", { request: request() }); state.error = null; }
        catch (e) { state.error = explain(e); }
        p.busy = false; render();
      } }, t("save_file"))),
    p.busy ? h("div", { class: "row" }, h("progress", { id: "print-progress" }), t("printing")) : null,
    p.done ? h("div", { class: "row", id: "print-done" }, t("saved_to", { path: p.done }),
      h("button", { id: "print-open", onclick: () => act(() => call("open_file", { path: p.done })) }, t("open"))) : null);
  if (!p.path) call("print_path", { request: request() }).then((path) => { p.path = path; const el = document.getElementById("print-path"); if (el && !el.value) el.value = path; }).catch(() => null);
  return panel;
}
