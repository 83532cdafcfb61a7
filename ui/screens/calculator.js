// The hand calculator, a dialog over any screen (the header's button).
import { call } from "../api.js";
import { t, currentLang, explain } from "../i18n.js";
import { h } from "../dom.js";
import { gameModule } from "../shell.js";

/** The hand calculator, open from any screen: tiles typed, the score part by part from the application. */
export async function openCalculator() {
  const dialog = document.getElementById("calculator");
  if (!dialog.hidden) { dialog.hidden = true; return; }
  const list = (await call("games", { lang: currentLang() })).filter((g) => g.calculator);
  if (!list.length) return;
  // How a hand is typed is the game's: its entry module reads the pieces (`tiles`).
  const mod = await gameModule(list[0].code);
  const out = h("div", { id: "calc-result", class: "preview" });
  let seq = 0;
  const score = async (text) => {
    const mine = ++seq;
    const tiles = mod.tiles(text);
    if (!tiles.length) { out.textContent = ""; return; }
    try {
      const x = await call("hand_score", { game: list[0].code, tiles });
      if (mine !== seq) return;
      // Each part as the rules name it, in the window's language.
      const lang = currentLang();
      out.dataset.rule = "";
      out.replaceChildren(
        ...x.parts.map((p) => h("div", {}, `${p.name[lang]}${t("colon")}${p.count} × ${p.each} = ${p.points}`)),
        h("div", { class: "calc-total" }, h("strong", { id: "calc-points" }, `${t("points")}${t("colon")}${x.points}`)));
      out.className = "preview good";
    } catch (e) {
      if (mine !== seq) return;
      const why = explain(e);
      out.textContent = why;
      out.dataset.rule = why.rule || "";
      out.className = "preview bad";
    }
  };
  const close = () => { dialog.hidden = true; dialog.replaceChildren(); document.getElementById("calc-open").focus(); };
  dialog.replaceChildren(h("form", { id: "calc-form", onsubmit: (e) => { e.preventDefault(); close(); } },
    h("h3", {}, `${t("calculator")} — ${list[0].name}`),
    h("label", {}, t("calc_tiles"), h("input", { id: "calc-tiles", autocomplete: "off", placeholder: "4 5 5 6", oninput: (e) => score(e.target.value),
      onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); score(e.target.value); } else if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); close(); } } })),
    out,
    h("div", { class: "row" }, h("button", { id: "calc-close" }, t("close")))));
  dialog.hidden = false;
  document.getElementById("calc-tiles").focus();
}
