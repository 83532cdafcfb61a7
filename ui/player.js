// A player's evening on their own phone (/p/<tournament> on the devices' server, opened from
// the room display's QR code): they pick their name once, then see their place, their table
// and its lines as they arrive, and their seat when the next round is drawn. Read-only: it
// asks the server's room view and the player's live view, and writes nothing.
import { t, currentLang, setLang, explain, titlePage, fmtNum, folded } from "./i18n.js";
import { h } from "./dom.js";

const tournament = decodeURIComponent((/^\/p\/([^/?#]+)/.exec(location.pathname) || [])[1] || "");
const mine = `atout.me.${tournament}`;
const view = document.getElementById("view");
let filter = "";

async function get(path) {
  let r;
  try {
    r = await fetch(path, { cache: "no-store", headers: { "Accept-Language": currentLang() } });
  } catch (_) {
    // The club's Wi-Fi dropped: said in words (the browser's own «Failed to fetch» was shown).
    throw { kind: "offline", message: t("live_offline") };
  }
  const body = await r.json().catch(() => null);
  if (!r.ok) throw body || { kind: "http", message: String(r.status) };
  return body;
}

const placeText = (place, shared) => (place == null ? "—" : `${place}${shared ? "=" : ""}`);

/** The names of the evening, to pick one's own (searchable: a club evening has many). */
async function pick() {
  let room;
  try {
    room = await get(`/api/v1/room/${encodeURIComponent(tournament)}`);
  } catch (e) {
    // Said, not a blank page: last week's QR code (no such evening), the server down or away.
    if (!view.querySelector("#people")) view.replaceChildren(h("p", { class: "error", id: "live-error" }, String(explain(e))));
    return;
  }
  document.getElementById("player-where").textContent = room.tournament ? room.tournament.name : "";
  const people = [...room.standings.rows, ...(room.standings.withdrawn || [])].map((r) => ({ player: r.player, name: r.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const draw = () => {
    const shown = people.filter((p) => folded(p.name).includes(folded(filter)));
    document.getElementById("people").replaceChildren(...shown.map((p) => h("li", {}, h("button", { class: "person", id: `me-${p.player}`, onclick: () => { localStorage.setItem(mine, p.player); show(); } }, p.name))));
  };
  view.replaceChildren(h("div", { class: "card" },
    h("h2", {}, t("live_pick")),
    h("label", {}, t("live_search"), h("input", { id: "people-search", type: "search", value: filter, autocomplete: "off", oninput: (e) => { filter = e.target.value; draw(); } })),
    h("ul", { class: "people", id: "people" })));
  draw();
}

/** The player's evening: place, table, lines, seat; the standings below. */
async function show() {
  const me = localStorage.getItem(mine);
  if (!me) { await pick(); return; }
  let live;
  let room;
  try {
    [live, room] = await Promise.all([get(`/api/v1/room/${encodeURIComponent(tournament)}/player/${encodeURIComponent(me)}`), get(`/api/v1/room/${encodeURIComponent(tournament)}`)]);
  } catch (e) {
    if (e && e.kind === "not-found") { localStorage.removeItem(mine); await pick(); return; }
    // Offline with the evening shown: it stays, with a word that it is not the latest.
    if (e && e.kind === "offline" && view.querySelector("#live-standings")) {
      const note = document.getElementById("live-offline") || view.insertBefore(h("p", { class: "hint", id: "live-offline" }), view.firstChild);
      note.textContent = e.message;
      return;
    }
    view.replaceChildren(h("p", { class: "error", id: "live-error" }, String(explain(e))));
    return;
  }
  const lang = currentLang();
  document.getElementById("player-where").textContent = live.tournament;
  const tables = live.tables.map((tb, i) => {
    const started = tb.lines.length > 0;
    return h("section", { class: "card live-table", id: `live-round-${tb.round}` },
      h("h3", {}, t("live_table", { round: tb.round, table: tb.table, seat: tb.seat })),
      i === 0 && !started ? h("p", { class: "hint", id: "live-seat" }, t("live_seat_now", { round: tb.round, table: tb.table, seat: tb.seat })) : null,
      h("p", { class: "hint" }, tb.seats.map((name, k) => `${k + 1}. ${name}`).join(" · ")),
      started ? h("div", { class: "sheet-box" }, h("table", { class: "sheet", id: i === 0 ? "live-lines" : null },
        h("tr", {}, h("th", { class: "num" }, t("line")), h("th", {}, t("game_col")),
          tb.seats.map((name, k) => h("th", { class: `num${k + 1 === tb.seat ? " me" : ""}`, scope: "col" }, k + 1 === tb.seat ? `▶ ${name}` : name)),
          h("th", { class: "num" }, t("live_running"))),
        tb.lines.map((l) => h("tr", {}, h("td", { class: "num" }, l.line), h("td", {}, l.label_texts[lang]),
          l.points.map((p, k) => h("td", { class: `num${k + 1 === tb.seat ? " me" : ""}` }, p)), h("td", { class: "num me" }, l.running))),
        h("tr", {}, h("th", { colspan: 2 }, t("totals")), tb.totals.map((x, k) => h("th", { class: `num${k + 1 === tb.seat ? " me" : ""}` }, x)), h("th", {}, "")),
        // The jury's rulings take the totals to the round's scores: both shown, or the totals
        // and the standings would seem to disagree.
        (tb.rulings || []).map((r) => h("tr", { class: "ruling-row" }, h("td", { colspan: 2 }, `${t("ruling_row")}${t("colon")}${r.texts[lang]}`),
          r.points.map((p, k) => h("td", { class: `num${k + 1 === tb.seat ? " me" : ""}` }, p > 0 ? `+${p}` : String(p))), h("td", {}, ""))),
        (tb.rulings || []).length ? h("tr", { id: i === 0 ? "live-scores" : null }, h("th", { colspan: 2 }, t("round_scores")), tb.scores.map((x, k) => h("th", { class: `num${k + 1 === tb.seat ? " me" : ""}` }, x)), h("th", {}, "")) : null)) : null,
      tb.complete ? h("p", { class: "hint" }, t("sheet_complete")) : null);
  });
  // What the figure is: table points, or (a tournament ranked by total score) the score.
  const byPoints = room.standings.rows.some((r) => r.table_points != null);
  const figure = byPoints ? t("points") : t("score");
  const rows = room.standings.rows.map((r) => h("tr", { class: r.player === me ? "me" : "" },
    h("td", { class: "num" }, placeText(r.rank, r.shared)),
    h("th", { scope: "row" }, r.player === me ? `▶ ${r.name}` : r.name),
    h("td", { class: "num" }, fmtNum(r.table_points != null ? r.table_points : r.score_sum))));
  // Drawn again every few seconds: a sheet scrolled sideways to the player's own column stays
  // where the player put it (it went back to the left at every drawing).
  const scrolled = [...view.querySelectorAll(".sheet-box")].map((box) => box.scrollLeft);
  view.replaceChildren(
    h("div", { class: "card live-me", id: "live-me" },
      h("h2", {}, live.name),
      h("p", { class: "live-place", id: "live-place" }, `${t("live_place")}${t("colon")}${placeText(live.place, live.shared)} · ${figure}${t("colon")}${live.value ? fmtNum(Number(live.value)) : "—"}`),
      live.provisional ? h("p", { class: "hint" }, t("provisional")) : null,
      h("button", { id: "not-me", onclick: () => { localStorage.removeItem(mine); show(); } }, t("live_not_me"))),
    ...tables,
    h("section", { class: "card" }, h("h3", {}, t("standings")),
      h("div", { class: "sheet-box" }, h("table", { id: "live-standings" }, h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), h("th", { class: "num" }, figure)), rows))));
  view.querySelectorAll(".sheet-box").forEach((box, i) => { if (scrolled[i]) box.scrollLeft = scrolled[i]; });
}

const select = document.getElementById("lang");
select.value = currentLang();
document.documentElement.lang = currentLang();
titlePage();
select.addEventListener("change", (e) => { setLang(e.target.value); document.documentElement.lang = currentLang(); titlePage(); show(); });
show();
// Lines arrive as the tables play: asked again every few seconds while the page is in sight.
// Not while a name is being looked for: the list drawn again took the field away (and the
// phone's keyboard with it) every five seconds.
setInterval(() => {
  if (document.visibilityState === "visible" && document.activeElement?.id !== "people-search") show();
}, 5000);
