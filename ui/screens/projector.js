// The projector: standings or the round's tables in large type for the room, and the leaders' progression.
import { call } from "../api.js";
import { t } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, busy, fmt, needTournament } from "../shell.js";
import { roundStatusText } from "./standings.js";

/** Each shown player's running total after each round (table points when they rank, else scores). */
function progression(s, points) {
  const rounds = s.after_round;
  return s.rows.map((row) => {
    let sum = 0;
    const ys = [0];
    for (let r = 1; r <= rounds; r += 1) {
      const x = row.rounds.find((y) => y.round === r);
      if (x) sum += points ? (x.table_points || 0) : x.score;
      ys.push(sum);
    }
    return { name: row.name, ys };
  });
}

/** A line chart of the leaders' running totals across the rounds, drawn as SVG. */
function progressionChart(s, points, shown = 8) {
  const lines = progression(s, points).slice(0, shown);
  const rounds = s.after_round;
  if (!rounds || !lines.length) return null;
  const all = lines.flatMap((l) => l.ys);
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const W = 900, H = 320, L = 60, R = 20, T = 16, B = 36;
  const x = (r) => L + (r * (W - L - R)) / rounds;
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const colours = ["#166534", "#1d4ed8", "#b91c1c", "#a16207", "#7c3aed", "#0e7490", "#be185d", "#4d7c0f"];
  const NS = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, text) => { const e = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text != null) e.textContent = text; return e; };
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, id: "progress-chart", role: "img", "aria-label": t("progression") });
  svg.append(el("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), stroke: "#94a3b8" }));
  for (let r = 1; r <= rounds; r += 1) svg.append(el("text", { x: x(r), y: H - 10, "text-anchor": "middle", "font-size": 16 }, `${t("round")} ${r}`));
  for (const v of [lo, hi]) svg.append(el("text", { x: L - 8, y: y(v) + 5, "text-anchor": "end", "font-size": 16 }, fmt(v)));
  lines.forEach((l, i) => {
    svg.append(el("polyline", { points: l.ys.map((v, r) => `${x(r)},${y(v)}`).join(" "), fill: "none", stroke: colours[i % colours.length], "stroke-width": 3 }));
  });
  const legend = h("div", { class: "legend" }, lines.map((l, i) => h("span", {}, h("i", { style: `background:${colours[i % colours.length]}` }), ` ${l.name}`)));
  return h("div", { class: "chart" }, h("h3", {}, t("progression")), svg, legend);
}

export async function view() {
  const tid = needTournament();
  const [s, status] = await Promise.all([call("standings", { tournament: tid, afterRound: null }), call("round_status", { tournament: tid })]);
  state.projectorSeen = JSON.stringify([s, status]);
  const points = s.rows.some((row) => row.table_points != null);
  const mode = state.projectorMode;
  const last = status.length ? status[status.length - 1].round : 0;
  const tables = mode === "tables" && last ? await call("round_view", { tournament: tid, round: last }) : null;
  const modeButton = (m) => h("button", { id: `projector-${m}`, class: mode === m ? "chosen" : "", onclick: () => { state.projectorMode = m; render(); } }, t(`projector_${m}`));
  return [
    h("div", { class: "row no-room" }, modeButton("standings"), modeButton("tables"),
      h("button", { id: "room-mode", onclick: () => { document.body.classList.add("room"); } }, t("room_mode"))),
    // In the room display the menu is hidden: Escape, or this discreet button, brings it back.
    h("button", { class: "room-exit", id: "room-exit", title: t("room_exit"), onclick: () => { document.body.classList.remove("room"); } }, "×"),
    h("h1", { class: "projector-title" }, s.tournament),
    h("p", { class: "projector-status", id: "projector-status" }, roundStatusText(status) || t("not_drawn")),
    tables
      ? h("div", { class: "tables projector-tables" }, tables.tables.map((tb) => h("div", { class: "card" },
        h("h2", {}, `${t("table")} ${tb.number}`), h("ol", {}, tb.seats.map((x) => h("li", {}, x.name))))),
        tables.byes.length ? h("p", {}, `${t("byes")}: ${tables.byes.map((b) => b.name).join(", ")}`) : null)
      : [
          h("table", { id: "projector-table", class: "projector" },
            h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), h("th", { class: "num" }, points ? t("points") : t("score"))),
            s.rows.map((row) => h("tr", {},
              h("td", { class: "num" }, row.shared ? `${row.rank}=` : row.rank),
              h("td", {}, row.name, row.rounds.some((x) => x.provisional) ? h("span", { class: "mark" }, ` ${t("playing")}`) : null),
              h("td", { class: "num" }, points ? fmt(row.table_points) : row.score_sum)))),
          progressionChart(s, points),
        ],
  ];
}

/**
 * The projector refreshes itself as sheets come in: it looks every few seconds and redraws on a change
 * (every `atout.projector.seconds` seconds when set, else 4). Started once, at startup.
 */
export function watch() {
  const projectorSeconds = Number(localStorage.getItem("atout.projector.seconds"));
  setInterval(async () => {
    if (state.view !== "projector" || !state.tournament || busy()) return;
    try {
      const [s, status] = await Promise.all([call("standings", { tournament: state.tournament, afterRound: null }), call("round_status", { tournament: state.tournament })]);
      // Still on the projector (the screen may have changed while the application answered).
      if (state.view === "projector" && JSON.stringify([s, status]) !== state.projectorSeen) render();
    } catch (_) { /* the next look will tell */ }
  }, (projectorSeconds >= 1 ? projectorSeconds : 4) * 1000);
}
