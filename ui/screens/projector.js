// The projector: standings or the round's tables in large type for the room, and the leaders' progression.
// The standings fit the screen whatever the number of players: a page of rows that fits, turning by
// itself every few seconds ("page 1/2"); the chart stays in view beside them (below them on a narrow
// or upright screen), drawn to the room that is left.
import { call } from "../api.js";
import { t, tn } from "../i18n.js";
import { h, svg } from "../dom.js";
import { state, render, busy, fmt, needTournament } from "../shell.js";
import { roundStatusText, withdrawnApart, withdrawnSaid } from "./standings.js";

/** How the chart's lines are told apart: each its own colour, dash pattern and marker. */
const COLOURS = ["#166534", "#1d4ed8", "#b91c1c", "#a16207", "#7c3aed", "#0e7490", "#be185d", "#4d7c0f"];
const DASHES = ["", "11 5", "3 5", "14 5 3 5", "7 4", "2 3", "18 4 4 4 4 4", "9 3 2 3"];
const MARKERS = ["circle", "square", "triangle", "diamond", "down", "ring", "box", "rhomb"];
/** The leaders drawn on the chart. */
const SHOWN = 8;

/**
 * The projector's own page: which page of the standings shows, and what the chart is drawn from.
 * It lives here, not in `state`: it is how this screen lays out, nothing the window remembers
 * (a redraw on a change keeps the page shown; the next page comes every `atout.projector.page.seconds`
 * seconds when set, else 8).
 */
const board = { page: 0, pages: 1, per: 0, turned: 0, chart: null, size: "" };

/** A leader as the chart names them: «1. Anne Peeters», a shared place «2= Bart Maes» (it read «2=. Bart»). */
function placed(l) {
  return l.rank.endsWith("=") ? `${l.rank} ${l.name}` : `${l.rank}. ${l.name}`;
}

/** A marker of `kind` centred on (x, y), `r` its half size: filled, or hollow (ring, box, rhomb). */
function marker(kind, x, y, r, colour) {
  const p = (pts) => `M${pts.map(([a, b]) => `${(x + a * r).toFixed(1)},${(y + b * r).toFixed(1)}`).join("L")}Z`;
  const shapes = {
    circle: `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`,
    square: p([[-0.9, -0.9], [0.9, -0.9], [0.9, 0.9], [-0.9, 0.9]]),
    triangle: p([[0, -1.2], [1.1, 0.85], [-1.1, 0.85]]),
    diamond: p([[0, -1.3], [1.3, 0], [0, 1.3], [-1.3, 0]]),
    down: p([[0, 1.2], [1.1, -0.85], [-1.1, -0.85]]),
  };
  const hollow = { ring: "circle", box: "square", rhomb: "diamond" }[kind];
  return svg("path", { d: shapes[hollow || kind], fill: hollow ? "white" : colour, stroke: colour, "stroke-width": hollow ? Math.max(1.5, r / 2.5) : 1 });
}

/** A small picture of line `i`: its colour, dash pattern and marker, as in the chart. */
function swatch(i) {
  const drawing = svg("svg", { viewBox: "0 0 40 16", width: "2.5em", height: "1em", class: "swatch", "aria-hidden": "true" });
  drawing.append(svg("line", { x1: 1, y1: 8, x2: 39, y2: 8, stroke: COLOURS[i], "stroke-width": 3, "stroke-dasharray": DASHES[i] || null }));
  drawing.append(marker(MARKERS[i], 20, 8, 4.5, COLOURS[i]));
  return drawing;
}

/** Ticks for an axis from `lo` to `hi`: steps of 1, 2 or 5 times a power of ten, about `count` of them. */
function ticks(lo, hi, count) {
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toFixed(6)));
  if (out[out.length - 1] < hi) out.push(out[out.length - 1] + step);
  return out;
}

/**
 * The leaders' running totals across the evening (the application's steps: after each round, and
 * line by line in a round under way), drawn as SVG at `W`×`H` pixels. Players on equal totals stay
 * apart: each line has its own colour, dash pattern and marker, and lines meeting on exactly the
 * same total at the same moment are drawn a few pixels apart there (in the legend's order, first on top).
 */
function chartSvg({ lines, rounds }, W, H, fs) {
  const all = lines.flatMap((l) => l.steps.map(([, v]) => v));
  const marks = ticks(Math.min(0, ...all), Math.max(1, ...all), H > 260 ? 5 : 3);
  const lo = marks[0], hi = marks[marks.length - 1];
  const L = fs * 3, R = fs * 0.9, T = fs * 0.7, B = fs * 1.8;
  const x = (r) => L + (r * (W - L - R)) / rounds;
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  // Equal totals at one moment: the k-th of m lines there moves (k − (m − 1) / 2) × gap pixels, at
  // least a line's width apart, so that tied players' lines never lie on one another.
  const offset = lines.map((l) => l.steps.map(() => 0));
  const groups = new Map();
  lines.forEach((l, i) => l.steps.forEach(([at, v], k) => {
    if (k === 0) return;
    const key = `${at}|${v}`;
    groups.set(key, [...(groups.get(key) || []), [i, k]]);
  }));
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const gap = Math.max(Math.max(2.5, fs / 5) * 1.4, Math.min(fs * 0.45, (fs * 3) / (group.length - 1)));
    group.forEach(([i, k], n) => { offset[i][k] = (n - (group.length - 1) / 2) * gap; });
  }
  const drawing = svg("svg", { id: "progress-chart", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": t("progression") });
  for (const v of marks) {
    drawing.append(svg("line", { x1: L, y1: y(v), x2: W - R, y2: y(v), stroke: v === 0 ? "#94a3b8" : "#e5e7eb", "stroke-width": 1 }));
    drawing.append(svg("text", { x: L - fs * 0.35, y: y(v) + fs * 0.35, "text-anchor": "end", "font-size": fs, fill: "#555" }, fmt(v)));
  }
  const wide = (W - L - R) / rounds >= fs * 6;
  for (let r = 1; r <= rounds; r += 1) {
    drawing.append(svg("line", { x1: x(r), y1: T, x2: x(r), y2: H - B, stroke: "#f1f1ee", "stroke-width": 1 }));
    const label = wide ? `${t("round")} ${r}` : String(r);
    // A label that would pass the right edge ends there.
    const end = x(r) + (label.length * fs * 0.6) / 2 > W;
    drawing.append(svg("text", { x: end ? W - 2 : x(r), y: H - fs * 0.45, "text-anchor": end ? "end" : "middle", "font-size": fs, fill: "#555" }, label));
  }
  const width = Math.max(2.5, fs / 5);
  // The leader is drawn last, on top.
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const l = lines[i];
    const pts = l.steps.map(([at, v], k) => [x(at), y(v) + offset[i][k]]);
    const line = svg("polyline", {
      "data-line": i, points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "), fill: "none", stroke: COLOURS[i], "stroke-width": width,
      "stroke-dasharray": DASHES[i] ? DASHES[i].split(" ").map((d) => Number(d) * (width / 3)).join(" ") : null, "stroke-linejoin": "round", "stroke-linecap": "round",
    });
    line.append(svg("title", {}, placed(l)));
    drawing.append(line);
    // Markers where a round ends (and at the last line written), not at every line.
    pts.forEach(([a, b], k) => {
      const at = l.steps[k][0];
      if (k > 0 && (Number.isInteger(at) || k === pts.length - 1)) drawing.append(marker(MARKERS[i], a, b, fs * 0.3, COLOURS[i]));
    });
  }
  return drawing;
}

/** The chart's frame: its title, the room the drawing takes (drawn once laid out), the legend naming every line. */
function progressionChart(progress) {
  // The leaders, as many as the chart has colours for, but never half of a shared place: the
  // players sharing the place where the list would stop are all left out (one more is asked
  // for, to see whether the place goes on).
  let shown = progress.players.slice(0, SHOWN);
  const next = progress.players[SHOWN];
  if (next && shown.length && next.rank === shown[shown.length - 1].rank) shown = shown.filter((p) => p.rank !== next.rank);
  const lines = shown.map((p) => ({ name: p.name, rank: p.shared ? `${p.rank}=` : String(p.rank), steps: p.steps }));
  const rounds = progress.after_round;
  board.chart = rounds && lines.length && lines.some((l) => l.steps.length > 1) ? { lines, rounds } : null;
  if (!board.chart) return null;
  return h("div", { class: "chart", id: "projector-chart" },
    h("h3", {}, t("progression")),
    h("div", { class: "plot", id: "progress-plot" }),
    h("div", { class: "legend", id: "progress-legend" }, lines.map((l, i) => h("span", { class: "item", title: placed(l) },
      swatch(i), h("span", { class: "who" }, placed(l)), h("b", {}, fmt(l.steps[l.steps.length - 1][1]))))));
}

/**
 * The standings as the room reads them: rank (2= for a shared place), name with where they stand in
 * the round (playing; not started: nothing written at their table yet), points or score, then the
 * tournament's tie-breaks. Where equal points were placed by a tie-break (the api says which: the
 * board's `decided`), that tie-break's figures are highlighted and a note names it.
 */
function standingsTable(s, points) {
  const [primary, ...breaks] = s.criteria;
  const rows = s.rows;
  const shown = (row, c) => (c === "table-points" ? fmt(row.table_points) : c === "score-sum" ? row.score_sum : row.best_round ?? "–");
  const status = (row) => {
    if (row.not_started != null) return h("span", { class: "status waiting", title: t("not_started_at", { table: row.not_started }) }, h("span", { class: "word" }, t("not_started")));
    if (row.rounds.some((x) => x.provisional)) return h("span", { class: "status playing", title: t("provisional") }, h("span", { class: "word" }, t("playing")));
    if (row.rounds.some((x) => x.bye && x.round === s.after_round)) return h("span", { class: "status bye" }, t("bye"));
    return null;
  };
  const table = h("table", { id: "projector-table", class: "projector" },
    h("colgroup", {}, h("col", { class: "rank" }), h("col", {}), h("col", { class: "total" }), breaks.map(() => h("col", { class: "tb" }))),
    h("thead", {}, h("tr", {},
      h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), h("th", { class: "num" }, points ? t("points") : t("score")),
      breaks.map((c) => h("th", { class: "num tb", title: t(`tiebreak_by_${c}`) }, t(`tiebreak_${c}`))))),
    h("tbody", {}, rows.map((row, i) => h("tr", { class: row.withdrawn_from ? "withdrawn" : null, "data-rank": row.rank },
      h("td", { class: `num rank${row.shared ? " shared" : ""}` }, row.shared ? `${row.rank}=` : row.rank),
      h("td", {}, h("div", { class: "who" }, h("span", { class: "nm" }, row.name), status(row),
        // A late entry too, as the Standings screen says it (the room saw only a name).
        // Each said whole, and short where names are cut (the name gave way, «Lieve…», to
        // the whole «withdrawn after round 1» beside it).
        row.joined_round ? h("span", { class: "mark late" }, h("span", { class: "word" }, ` ${t("joined_round", { round: row.joined_round })}`),
          h("span", { class: "short" }, ` ${t("joined_short", { round: row.joined_round })}`)) : null,
        row.withdrawn_from ? h("span", { class: "mark withdrawn" }, h("span", { class: "word" }, ` ${withdrawnSaid(row.withdrawn_from)}`),
          h("span", { class: "short" }, ` ${t("withdrawn_short")}`)) : null)),
      h("td", { class: "num total" }, shown(row, primary)),
      breaks.map((c) => h("td", { class: `num tb${s.decided[i].includes(c) ? " decided" : ""}` }, shown(row, c)))))));
  const by = s.decided_by.map((c) => h("mark", {}, t(`tiebreak_by_${c}`)));
  const notes = [
    by.length ? h("p", { class: "note", id: "projector-tiebreak" }, t(points ? "tiebreak_note_points" : "tiebreak_note_score"), " ",
      by.flatMap((m, k) => (k ? [t("tiebreak_then"), m] : [m]))) : null,
    rows.some((r) => r.shared) ? h("p", { class: "note", id: "projector-shared" }, t("shared_note")) : null,
    // Where the statuses keep only their sign (a name would be cut otherwise), what each sign means.
    h("p", { class: "note", id: "projector-signs", hidden: true }, `● ${t("playing")} · ○ ${t("not_started")}`),
    withdrawnApart(s),
  ];
  return h("div", { class: "projector-standings", id: "projector-list" },
    h("div", { class: "rows" }, table),
    h("div", { class: "foot" }, h("div", { class: "notes" }, notes),
      h("button", { class: "page", id: "projector-page", title: t("page_next"), onclick: () => turn(1) })));
}

export async function view() {
  const tid = needTournament();
  const [s, status, progress] = await Promise.all([call("standings_board", { tournament: tid }), call("round_status", { tournament: tid }),
    call("standings_progress", { tournament: tid, limit: SHOWN + 1 })]);
  state.projectorSeen = JSON.stringify([s, status]);
  const points = s.criteria[0] === "table-points";
  const mode = state.projectorMode;
  const last = status.length ? status[status.length - 1].round : 0;
  const tables = mode === "tables" && last ? await call("round_view", { tournament: tid, round: last }) : null;
  const modeButton = (m) => h("button", { id: `projector-${m}`, class: mode === m ? "chosen" : "", onclick: () => { state.projectorMode = m; render(); } }, t(`projector_${m}`));
  board.chart = null;
  return [
    h("div", { class: "row no-room" }, modeButton("standings"), modeButton("tables"),
      h("button", { id: "room-mode", onclick: () => { document.body.classList.add("room"); layout(); } }, t("room_mode"))),
    // In the room display the menu is hidden: Escape, or this discreet button, brings it back.
    h("button", { class: "room-exit", id: "room-exit", title: t("room_exit"), onclick: () => { document.body.classList.remove("room"); layout(); } }, "×"),
    h("h1", { class: "projector-title" }, s.tournament),
    h("p", { class: "projector-status", id: "projector-status" }, statusText(status) || t("not_drawn")),
    // Which round's tables: the last drawn, said (read by the players of the round before, still
    // playing, as their own).
    tables ? h("h2", { class: "projector-round", id: "projector-round" }, `${t("round")} ${tables.round}`) : null,
    tables
      ? h("div", { class: "tables projector-tables" }, tables.tables.map((tb) => h("div", { class: "card" },
        h("h2", {}, `${t("table")} ${tb.number}`), h("ol", {}, tb.seats.map((x) => h("li", {}, x.name))))),
        tables.byes.length ? h("p", {}, `${tn("byes", tables.byes.length)}${t("colon")}${tables.byes.map((b) => b.name).join(", ")}`) : null)
      : boardOf(standingsTable(s, points), progressionChart(progress)),
  ];
}

/** The board: the standings, and the chart beside or below them (the standings alone before any round). */
function boardOf(list, chart) {
  return h("div", { class: chart ? "projector-board" : "projector-board alone", id: "projector-board" }, list, chart);
}

/**
 * Where the rounds stand, on one line for the room: rounds complete one after another said
 * together ("Rounds 1–3 complete"), each round still being played said as the standings say it.
 */
function statusText(status) {
  const parts = [];
  for (let i = 0; i < status.length;) {
    let j = i;
    while (j < status.length && status[j].complete === status[j].tables && (j === i || status[j].round === status[j - 1].round + 1)) j += 1;
    if (j - i > 1) { parts.push(t("rounds_complete", { from: status[i].round, to: status[j - 1].round })); i = j; continue; }
    parts.push(roundStatusText([status[i]]));
    i += 1;
  }
  return parts.join(" · ");
}

/** Once in the page: lay the board out to the window. */
export function shown() {
  layout();
}

/**
 * The board takes the height left in the window; the chart goes beside the standings on a wide
 * screen, below them on a narrow or upright one; the standings show as many rows as fit, a page at
 * a time; the chart is drawn to its room. Runs again whenever the window or the menu changes size.
 */
function layout() {
  const el = document.getElementById("projector-board");
  if (!el) return;
  // A phone: the standings as a list the page scrolls through, the chart under them (a page of
  // rows that fits the screen held half a row at 390 × 844, and none at 360 × 640).
  const listed = window.innerWidth < 700;
  el.classList.toggle("listed", listed);
  if (listed) {
    el.style.height = "";
    el.classList.remove("beside");
    el.classList.add("below");
    listAll();
    drawChart();
    return;
  }
  const top = el.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(300, Math.floor(window.innerHeight - top - 20));
  if (Math.abs(el.getBoundingClientRect().height - height) > 1) el.style.height = `${height}px`;
  // Beside only where the standings keep room for whole names in the room's large type (18 px at
  // least): below 1100 px (a 1024 × 768 projector) the chart goes under them.
  const beside = el.clientWidth >= 1100 && el.clientWidth / height >= 1.2;
  el.classList.toggle("beside", beside);
  el.classList.toggle("below", !beside);
  paginate();
  drawChart();
}

/** As many rows a page as fit, the pages as even as can be. */
function paginate() {
  const table = document.getElementById("projector-table");
  if (!table) return;
  const rows = [...table.tBodies[0].rows];
  const room = () => table.parentElement.clientHeight - table.tHead.getBoundingClientRect().height - 2;
  const tallest = () => Math.max(1, ...rows.map((r) => r.getBoundingClientRect().height));
  for (const r of rows) { r.hidden = false; r.style.height = ""; }
  fitNames(table);
  const fit = Math.max(1, Math.floor(room() / tallest()));
  const before = board.pages;
  board.pages = Math.max(1, Math.ceil(rows.length / fit));
  if (before < 2 && board.pages > 1) board.turned = Date.now();
  board.per = Math.ceil(rows.length / board.pages) || 1;
  board.page = Math.min(board.page, board.pages - 1);
  // Fewer rows than fit (a short field, or pages made even): the rows spread over the room, up to twice as tall.
  const each = Math.min(Math.floor(room() / board.per), Math.floor(tallest() * 2));
  if (each > tallest() + 1) for (const r of rows) r.style.height = `${each}px`;
  showPage();
}

/** Every row shown, on one page (a phone scrolls through them). */
function listAll() {
  const table = document.getElementById("projector-table");
  if (!table) return;
  const rows = [...table.tBodies[0].rows];
  for (const r of rows) { r.hidden = false; r.style.height = ""; }
  fitNames(table);
  Object.assign(board, { pages: 1, per: Math.max(1, rows.length), page: 0 });
  showPage();
}

/**
 * Names whole before the statuses' words: where a name would be cut (a long name beside "not
 * started" on a 1280-pixel display), every status keeps only its sign, and a note says what
 * each sign means.
 */
function fitNames(table) {
  table.classList.remove("terse");
  const cut = [...table.querySelectorAll(".nm")].some((n) => n.scrollWidth > n.clientWidth + 1);
  table.classList.toggle("terse", cut);
  const note = document.getElementById("projector-signs");
  if (note) note.hidden = !cut || !table.querySelector(".status .word");
}

/** The rows of the current page shown, the others hidden, and "page 1/2" said. */
function showPage() {
  const table = document.getElementById("projector-table");
  if (!table) return;
  const from = board.page * board.per;
  [...table.tBodies[0].rows].forEach((r, i) => { r.hidden = i < from || i >= from + board.per; });
  table.dataset.page = String(board.page + 1);
  table.dataset.pages = String(board.pages);
  const label = document.getElementById("projector-page");
  if (label) {
    label.textContent = t("page", { page: board.page + 1, pages: board.pages });
    label.hidden = board.pages < 2;
  }
}

/** The next (or, with −1, the previous) page of the standings. */
function turn(step) {
  if (board.pages < 2) return;
  board.page = (board.page + step + board.pages) % board.pages;
  board.turned = Date.now();
  showPage();
}

/** The chart drawn to the room its frame has (again only when that changed). */
function drawChart() {
  const plot = document.getElementById("progress-plot");
  if (!plot || !board.chart) return;
  const W = Math.floor(plot.clientWidth), H = Math.floor(plot.clientHeight);
  const size = `${W}×${H}`;
  if (plot.firstChild && board.size === size) return;
  board.size = size;
  // Readable from the back of the room: 18 px at least.
  const fs = Math.max(18, Math.min(24, parseFloat(getComputedStyle(plot).fontSize) * 0.62));
  plot.replaceChildren(chartSvg(board.chart, Math.max(W, 120), Math.max(H, 80), fs));
}

/** Said in a corner of the screen while the standings shown may not be the latest. */
function stale(on) {
  const el = document.getElementById("projector-offline");
  if (on && !el) document.body.appendChild(h("p", { class: "projector-offline", id: "projector-offline", role: "status" }, t("live_offline")));
  if (!on && el) el.remove();
}

/**
 * The projector refreshes itself as sheets come in: it looks every few seconds and redraws on a change
 * (every `atout.projector.seconds` seconds when set, else 4). Its standings turn a page every
 * `atout.projector.page.seconds` seconds (else 8); PageDown / PageUp (or the arrows) and a click on
 * "page 1/2" turn it by hand. Started once, at startup.
 */
export function watch() {
  const projectorSeconds = Number(localStorage.getItem("atout.projector.seconds"));
  setInterval(async () => {
    if (state.view !== "projector" || !state.tournament || busy()) return;
    try {
      const [s, status] = await Promise.all([call("standings_board", { tournament: state.tournament }), call("round_status", { tournament: state.tournament })]);
      stale(false);
      // Still on the projector (the screen may have changed while the application answered).
      if (state.view === "projector" && JSON.stringify([s, status]) !== state.projectorSeen) render();
    } catch (e) {
      // The club's computer out of reach: what is shown stays, said perhaps not the latest
      // (the room went on showing old standings with no sign); the next look will tell.
      if (e && (e.kind === "offline" || e.kind === "no-backend" || e instanceof TypeError)) stale(true);
    }
  }, (projectorSeconds >= 1 ? projectorSeconds : 4) * 1000);
  setInterval(() => {
    const seconds = Number(localStorage.getItem("atout.projector.page.seconds"));
    // Away from the standings the clock waits: back on them, a page shows its full time.
    if (state.view !== "projector" || !document.getElementById("projector-table")) { board.turned = Date.now(); return; }
    if (busy() || Date.now() - board.turned < (seconds >= 1 ? seconds : 8) * 1000 - 100) return;
    turn(1);
  }, 250);
  document.addEventListener("keydown", (e) => {
    if (state.view !== "projector" || e.ctrlKey || e.metaKey || e.altKey || ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    const step = { PageDown: 1, ArrowDown: 1, ArrowRight: 1, PageUp: -1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    if (step && document.getElementById("projector-table")) { e.preventDefault(); turn(step); }
  });
  // The window resized, the menu hidden or shown (room display), the font loaded: lay out again.
  let pending = false;
  const again = () => {
    if (pending || state.view !== "projector") return;
    pending = true;
    requestAnimationFrame(() => { pending = false; if (!busy()) layout(); });
  };
  window.addEventListener("resize", again);
  if (window.ResizeObserver) new ResizeObserver(again).observe(document.body);
}
