// Who works at this screen.
import { call } from "../api.js";
import { t } from "../i18n.js";
import { h } from "../dom.js";
import { state, go, act, errorBox, actorText, savedWho } from "../shell.js";

/** Who works at this screen: asked once per device, recorded on every change. */
export async function view() {
  const saved = savedWho() || { role: "scorer", table: 1, name: "" };
  return [
    h("h2", {}, t("who_title")),
    errorBox(),
    h("form", { class: "row", id: "who-form", onsubmit: async (e) => {
      e.preventDefault();
      const f = e.target;
      const who = { role: f.role.value, table: Number(f.table.value || 1), name: f.name.value };
      const ok = await act(() => call("set_actor", { actor: actorText(who) }));
      if (ok) { localStorage.setItem("atout.who", JSON.stringify(who)); go(state.afterWho || "tournaments"); }
    } },
      // The table is asked of a scorer only (a secretary's name typed into it held the form back).
      h("label", {}, t("role"), h("select", { name: "role", id: "who-role", onchange: (e) => tableAsked(e.target.value === "scorer") },
        ["secretary", "jury", "scorer"].map((r) => h("option", { value: r, selected: saved.role === r }, t(`role_${r}`))))),
      h("label", { hidden: saved.role !== "scorer" }, t("table"), h("input", { name: "table", id: "who-table", type: "number", min: 1, value: saved.table, disabled: saved.role !== "scorer", style: "width:5rem" })),
      h("label", {}, t("name"), h("input", { name: "name", id: "who-name", required: true, maxlength: 60, value: saved.name })),
      h("button", { class: "primary", id: "who-start" }, t("set_who"))),
  ];
}

/** The table's field, shown and checked for a scorer only. */
function tableAsked(asked) {
  const input = document.getElementById("who-table");
  input.disabled = !asked;
  input.closest("label").hidden = !asked;
}
