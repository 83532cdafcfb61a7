// About Atout: the version, the database in use and its size, where its backups go, the
// licences (Atout's and the fonts' embedded in printed documents).
import { call } from "../api.js";
import { t, fmtNum } from "../i18n.js";
import { h } from "../dom.js";

export async function view() {
  const a = await call("about");
  const size = a.size_bytes >= 1048576 ? t("size_mb", { n: fmtNum(Math.round(a.size_bytes / 104857.6) / 10) }) : t("size_kb", { n: Math.max(1, Math.round(a.size_bytes / 1024)) });
  const row = (label, value, id) => h("tr", {}, h("th", {}, label), h("td", { id }, value));
  return [
    h("h2", {}, `${t("about_title")} ${a.version}`),
    h("table", { id: "about-table" },
      row(t("about_version"), a.version, "about-version"),
      row(t("about_database"), a.database ? `${a.database} (${size})` : t("about_memory"), "about-database"),
      row(t("about_backups"), a.backups || "—", "about-backups"),
      row(t("about_licence"), a.licence, "about-licence"),
      row(t("about_fonts"), a.font, "about-font")),
    h("details", { class: "card" }, h("summary", {}, t("about_font_licence")), h("pre", { class: "licence" }, a.font_licence)),
  ];
}
