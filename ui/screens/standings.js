// The standings after any round, and which rounds are complete.
import { call } from "../api.js";
import { t, currentLang } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, errorBox, fmt, needTournament, act } from "../shell.js";
import { printPanel } from "./print.js";

export async function view() {
  const tid = needTournament();
  const [s, status] = await Promise.all([call("standings", { tournament: tid, afterRound: state.afterRound || null }), call("round_status", { tournament: tid })]);
  const rounds = Array.from({ length: s.after_round }, (_, i) => i + 1);
  // Any round drawn can be picked, and the latest again («live»): after picking round 1 the
  // list offered only 1 until another tournament was chosen.
  const drawn = Math.max(0, ...status.map((r) => r.round));
  // A total-score tournament has no table points: the round's score alone is shown.
  const points = s.rows.some((row) => row.table_points != null);
  const cell = (x) => {
    if (x.bye) return points ? `${t("bye")} ${fmt(x.table_points)}` : `${t("bye")} (${x.score})`;
    return points ? `${fmt(x.table_points)} (${x.score})` : String(x.score);
  };
  return [
    h("h2", {}, `${t("standings")} — ${s.tournament}`),
    h("p", { class: "hint", id: "round-status" }, roundStatusText(status.filter((r) => r.round <= s.after_round))),
    // A stored sheet that no longer checks counts nothing: said above the standings it leaves out.
    s.broken ? h("div", { class: "error", id: "standings-broken" }, s.broken[currentLang()]) : null,
    errorBox(),
    printPanel(tid, ["standings", "standings-csv", "rounds-csv", "lines-csv"], state.afterRound || null),
    await publishPanel(),
    h("div", { class: "row" }, h("label", {}, t("after_round"), h("select", { id: "after-round", onchange: (e) => { state.afterRound = Number(e.target.value) || null; render(); } },
      h("option", { value: "", selected: !state.afterRound }, t("after_latest")),
      Array.from({ length: drawn }, (_, i) => i + 1).map((r) => h("option", { value: r, selected: r === state.afterRound }, r))))),
    h("table", { id: "standings-table" },
      h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), points ? h("th", { class: "num" }, t("points")) : null, h("th", { class: "num" }, t("score")), h("th", { class: "num" }, t("best")),
        rounds.map((r) => h("th", { class: "num" }, `${t("round")} ${r}`))),
      s.rows.map((row) => h("tr", {},
        h("td", { class: `num${row.shared ? " shared" : ""}` }, row.shared ? `${row.rank}=` : row.rank),
        h("td", {}, row.name,
          row.joined_round ? h("span", { class: "mark late" }, ` ${t("joined_round", { round: row.joined_round })}`) : null,
          row.withdrawn_from ? h("span", { class: "mark withdrawn" }, ` ${withdrawnSaid(row.withdrawn_from)}`) : null),
        points ? h("td", { class: "num" }, fmt(row.table_points)) : null, h("td", { class: "num" }, row.score_sum), h("td", { class: "num" }, row.best_round ?? ""),
        rounds.map((r) => {
          const x = row.rounds.find((y) => y.round === r);
          if (!x) return h("td", {}, "");
          return h("td", { class: `num${x.provisional ? " provisional" : ""}`, title: x.provisional ? t("provisional") : "" }, cell(x));
        })))),
    withdrawnApart(s),
  ];
}

/** The players withdrawn before they played a deal: below the ranking, with no place. */
/** A ranked player's withdrawal, said by the last round they played, as the printed ranking
 * says it: one during the last round read «withdrawn from round 4» of three. */
export function withdrawnSaid(from) {
  return from > 1 ? t("withdrawn_after", { round: from - 1 }) : t("withdrawn_from", { round: from });
}

export function withdrawnApart(s) {
  if (!s.withdrawn || !s.withdrawn.length) return null;
  return h("p", { class: "hint withdrawn-apart", id: "standings-withdrawn" }, `${t("withdrawn_apart")}${t("colon")}`,
    s.withdrawn.map((w) => `${w.name} (${t("withdrawn_from", { round: w.withdrawn_from })})`).join(", "));
}

/** Which rounds are complete and which still being played, in words. */
export function roundStatusText(status) {
  // A round drawn whose tables have not begun is not «being played, 0 of 4 tables».
  return status.map((r) => r.complete === r.tables
    ? t("round_complete", { round: r.round })
    : r.started === 0 ? t("round_not_begun", { round: r.round })
      : t("round_playing", { round: r.round, done: r.complete, tables: r.tables })).join(" · ");
}

/**
 * The club's results website: every evening, season and player as plain pages in a folder,
 * to copy to the club's web host (or a USB stick). Publishing again rewrites only what changed.
 */
async function publishPanel() {
  const p = state.publish || (state.publish = { open: false, dir: "", initials: false, done: null });
  if (!p.dir) p.dir = await call("publish_dir", {});
  return h("details", { class: "card print", id: "publish-panel", open: p.open || null, ontoggle: (e) => { p.open = e.target.open; } },
    h("summary", {}, t("publish_title")),
    h("p", { class: "hint" }, t("publish_hint")),
    h("div", { class: "row" },
      h("label", { class: "wide" }, t("publish_dir"), h("input", { id: "publish-dir", value: p.dir, oninput: (e) => { p.dir = e.target.value; } })),
      h("label", {}, h("input", { type: "checkbox", id: "publish-initials", checked: p.initials || null, onchange: (e) => { p.initials = e.target.checked; } }), ` ${t("publish_initials")}`),
      h("button", { class: "primary", id: "publish-go", onclick: () => act(async () => {
        // An earlier "Published" does not stand beside this one's refusal (a stick pulled out).
        p.done = null;
        p.done = await call("publish", { dir: p.dir, lang: currentLang(), initials: p.initials });
      }) }, t("publish_go"))),
    p.done ? h("p", { id: "publish-done", class: "ok" }, t("publish_done", p.done),
      h("button", { id: "publish-open", onclick: () => act(() => call("open_file", { path: `${p.done.dir}/index.html` })) }, t("open"))) : null);
}
