// A table's phone or tablet, or the jury's: the window's own sheet, entry panel and jury
// screen, over the table devices' protocol (FORMAT.md, "Table devices") instead of the
// window's transport. Served by the app's server at /t/<code>.
//
// Never lose, never double: every line goes first into this page's outbox (localStorage,
// which survives a reload and a phone asleep), under a key chosen here once; it stays
// there until the server says it is stored (201), or was stored before under that key
// (200). Lines that cannot go now (no network, the server stopped) wait and are sent again
// by themselves, in order, when the server answers again. A line the server refuses (the
// rules, a line taken meanwhile, a locked table) stays in the outbox, marked, until the
// scorer sends it again, edits it or drops it.
import { setTransport } from "./api.js";
import { t, currentLang, explain } from "./i18n.js";
import { h } from "./dom.js";
import { state, setScreens, listen, render, flash, gameOf, dropLine, go } from "./shell.js";
import { sheetTable, entryPanel, historyTable, showLastLine, undoMine } from "./sheet.js";
import * as jury from "./screens/jury.js";

const code = readCode();
const keys = { outbox: `atout.outbox.${code}`, sheet: `atout.sheet.${code}`, device: `atout.device.${code}`, scorer: "atout.device.scorer" };
/** What the code lets this device do and its tournament, as the server last said (kept for a start without network). */
let device = JSON.parse(localStorage.getItem(keys.device) || "null");
let online = true;
/** The sheet last drawn (the confirmation names its players; an edited line is drafted on it). */
let lastSheet = null;

/** The code from the address (`/t/<code>`), else the one typed last on this device. */
function readCode() {
  const m = /^\/t\/([^/?#]+)/.exec(location.pathname);
  if (m) {
    const c = decodeURIComponent(m[1]);
    localStorage.setItem("atout.device.code", c);
    return c;
  }
  return localStorage.getItem("atout.device.code") || "";
}

const scorerName = () => localStorage.getItem(keys.scorer) || "";
const isJury = () => device && device.device.role === "jury";

// ------------------------------------------------------------------ HTTP
/**
 * One request of the protocol, with the code and the page's language. A network failure
 * throws `{kind: "offline"}`; any other answer but 2xx throws the server's `{kind, message, …}`
 * with its `status`.
 */
async function http(method, path, body) {
  let reply;
  try {
    reply = await fetch(path, {
      method, cache: "no-store",
      headers: { Authorization: `Bearer ${code}`, "Accept-Language": currentLang(), ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (_) {
    setOnline(false);
    throw { kind: "offline", message: t("device_offline") };
  }
  setOnline(true);
  const text = await reply.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!reply.ok) throw Object.assign(data && typeof data === "object" ? data : { kind: "http", message: `${reply.status} ${text}` }, { status: reply.status });
  return data;
}

function setOnline(now) {
  if (online !== now) { online = now; showStatus(); }
}

// ---------------------------------------------------------------- outbox
const outbox = {
  read: () => JSON.parse(localStorage.getItem(keys.outbox) || "[]"),
  write(list) { localStorage.setItem(keys.outbox, JSON.stringify(list)); showStatus(); },
  add(item) { this.write([...this.read(), item]); },
  remove(key) { this.write(this.read().filter((x) => x.key !== key)); },
  mark(key, refused) { this.write(this.read().map((x) => (x.key === key ? { ...x, refused } : x))); },
};

/** A key no other line of any device will have: this device's own random id, the time, a counter. */
function newKey() {
  let id = localStorage.getItem("atout.device.id");
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("atout.device.id", id);
  }
  const n = Number(localStorage.getItem("atout.device.n") || "0") + 1;
  localStorage.setItem("atout.device.n", String(n));
  return `${id}-${Date.now().toString(36)}-${n}`;
}

let flushing = null;
/**
 * Send what waits, in line order, one at a time; stop at the first line that cannot go
 * (the network: it waits; a refusal: it is marked and waits for the scorer). The number
 * of lines the server took.
 */
function flush() {
  if (flushing) return flushing;
  flushing = (async () => {
    let sent = 0;
    for (const item of outbox.read().sort((a, b) => a.line - b.line)) {
      if (item.refused) break;
      try {
        await http("POST", "/api/v1/lines", { key: item.key, line: item.line, entry: item.entry, scorer: scorerName(), confirmed_by: item.confirmed_by || null });
        outbox.remove(item.key);
        sent += 1;
      } catch (e) {
        // No network, the server restarting or too busy: the line waits for the next try.
        if (e.kind === "offline" || !e.status || e.status >= 500 || e.status === 429) break;
        outbox.mark(item.key, e);
        break;
      }
    }
    return sent;
  })().finally(() => { flushing = null; });
  return flushing;
}

/** Try again every few seconds while lines wait, and at once when the network or the page comes back. */
function keepSending() {
  const again = async () => {
    if (!outbox.read().some((x) => !x.refused)) return;
    const before = outbox.read().length;
    await flush();
    if (outbox.read().length !== before) render();
  };
  setInterval(again, 3000);
  window.addEventListener("online", again);
  window.addEventListener("pageshow", again);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") again(); });
}

function showStatus() {
  const el = document.getElementById("outbox-status");
  if (!el) return;
  const list = outbox.read();
  const waiting = list.filter((x) => !x.refused).length;
  const refused = list.length - waiting;
  el.textContent = [online ? t("device_online") : t("device_offline_short"), waiting ? t("outbox_count", { n: waiting }) : "", refused ? t("outbox_refused_count", { n: refused }) : ""].filter(Boolean).join(" · ");
  el.className = online && !list.length ? "ok" : "warn";
}

/**
 * A line waiting, said without the server (no network): each figure by the name the game's
 * description gives its field, a suit by its name; never a key of the exchange format.
 */
function shortEntry(entry, desc) {
  const field = (k) => (desc && desc.fields && desc.fields[k] && desc.fields[k].name) || k;
  const suit = (v) => ((desc && desc.suits) || []).find((s) => s.code === v);
  const value = (v) => (Array.isArray(v) ? v.join("/") : suit(v) ? `${suit(v).symbol} ${suit(v).name}` : typeof v === "object" && v ? shortEntry(v, desc) : v);
  return Object.entries(entry || {}).map(([k, v]) => `${field(k)} ${value(v)}`).join(" · ");
}

/** The lines waiting or refused, above the sheet: what each is, and what the scorer may do. */
function outboxPanel(game) {
  const list = outbox.read().sort((a, b) => a.line - b.line);
  if (!list.length) return null;
  const last = list[list.length - 1];
  return h("div", { class: "card outbox", id: "outbox" },
    h("strong", {}, t("outbox_title", { n: list.length })),
    h("p", { class: "hint" }, online ? t("outbox_sending") : t("outbox_offline")),
    h("ul", {}, list.map((x) => h("li", { class: x.refused ? "refused" : "waiting", id: `outbox-${x.line}`, "data-key": x.key },
      h("span", {}, `${t("line")} ${x.line}: ${x.texts ? x.texts[currentLang()] : shortEntry(x.entry, game.desc)} — `),
      x.refused
        ? [h("span", { class: "error", "data-rule": x.refused.rule || null }, String(explain(x.refused))),
          h("div", { class: "row" },
            h("button", { id: `outbox-retry-${x.line}`, onclick: async () => { outbox.mark(x.key, null); await flush(); render(); } }, t("outbox_retry")),
            x === last ? h("button", { id: `outbox-edit-${x.line}`, onclick: () => {
              // Typed again as the next line: the draft starts from what was refused.
              outbox.remove(x.key); dropLine();
              state.draft = game.mod.newDraft(x.entry, { sheet: lastSheet, desc: game.desc, next: lastSheet && lastSheet.next });
              render();
            } }, t("outbox_edit")) : null,
            x === last ? h("button", { id: `outbox-drop-${x.line}`, onclick: () => { outbox.remove(x.key); render(); } }, t("outbox_drop")) : null)]
        : h("span", { class: "hint" }, t("outbox_waiting"))))));
}

// ---------------------------------------------------- the opponent's consent
/**
 * The line shown to an opponent, who confirms it by tapping their own name (a tournament
 * setting): resolves with that name, or rejects when the scorer goes back to the line.
 */
function confirmLine(entry, texts, desc) {
  return new Promise((resolve, reject) => {
    const box = document.getElementById("confirm");
    const close = () => { box.hidden = true; box.replaceChildren(); };
    const me = scorerName().trim().toLowerCase();
    const seats = (lastSheet ? lastSheet.seats : []).filter((s) => s.name.trim().toLowerCase() !== me);
    box.replaceChildren(h("div", { class: "card" },
      h("h2", {}, t("confirm_title")),
      h("p", { id: "confirm-line", class: "confirm-line" }, texts ? texts[currentLang()] : shortEntry(entry, desc)),
      h("p", { class: "hint" }, t("confirm_hint")),
      h("div", { class: "confirm-seats" }, seats.map((s) => h("button", { class: "primary", id: `confirm-seat-${s.seat}`, onclick: () => { close(); resolve(s.name); } }, `✓ ${s.name}`))),
      h("button", { id: "confirm-back", onclick: () => { close(); reject({ kind: "cancelled", message: t("confirm_back_said") }); } }, t("confirm_back"))));
    box.hidden = false;
    box.querySelector("button").focus();
  });
}

// ------------------------------------------------------------ transport
/** A line written: into the outbox first, then sent. Refused at once: back to the panel, typed line kept. */
async function addLine(args) {
  let texts = null;
  try {
    const check = await http("POST", "/api/v1/check", { line: null, entry: args.entry });
    if (check.refused) throw check.refused;
    texts = check.texts;
  } catch (e) {
    if (e.kind !== "offline") throw e;
  }
  const item = { key: newKey(), line: args.line, entry: args.entry, texts };
  if (device.device.confirm) item.confirmed_by = await confirmLine(args.entry, texts, (await gameOf(state.tournament, device.device.game)).desc);
  outbox.add(item);
  await flush();
  const left = outbox.read().find((x) => x.key === item.key);
  if (left && left.refused) {
    outbox.remove(item.key);
    throw left.refused;
  }
  // Still waiting (no network): said once the window's "Saved" has been shown.
  if (left) setTimeout(() => flash(t("outbox_kept", { line: item.line }), false), 0);
  return null;
}

/** The table's sheet, or the last one seen while the server cannot be reached; the next line follows those waiting. */
async function tableSheet() {
  let sheet;
  try {
    sheet = await http("GET", "/api/v1/sheet");
    localStorage.setItem(keys.sheet, JSON.stringify(sheet));
  } catch (e) {
    sheet = e.kind === "offline" ? JSON.parse(localStorage.getItem(keys.sheet) || "null") : null;
    if (!sheet) throw e;
  }
  const waiting = outbox.read();
  if (waiting.length && sheet.next) sheet.next = { ...sheet.next, line: Math.max(sheet.next.line - 1, ...waiting.map((x) => x.line)) + 1 };
  return sheet;
}

/** The game's description in a language, kept for a page reloaded while the server cannot be reached. */
async function gameView(lang) {
  const key = `atout.game.${code}.${lang}`;
  try {
    const desc = await http("GET", `/api/v1/game?lang=${encodeURIComponent(lang)}`);
    localStorage.setItem(key, JSON.stringify(desc));
    return desc;
  } catch (e) {
    const kept = e.kind === "offline" ? JSON.parse(localStorage.getItem(key) || "null") : null;
    if (!kept) throw e;
    return kept;
  }
}

const where = (a) => `round=${encodeURIComponent(a.round)}&table=${encodeURIComponent(a.table)}`;

/** The window's commands, as this device may speak them. */
async function transport(command, args = {}) {
  const scorer = scorerName();
  switch (command) {
    case "tournament_list": return device ? [device.tournament] : [];
    case "game_view": return gameView(args.lang || currentLang());
    case "sheet": return isJury() ? http("GET", `/api/v1/sheet?${where(args)}`) : tableSheet();
    case "sheet_history": return http("GET", isJury() ? `/api/v1/history?${where(args)}` : "/api/v1/history");
    case "deal_check": return http("POST", "/api/v1/check", { line: args.line, entry: args.entry });
    case "deal_add": return isJury() ? http("POST", "/api/v1/faults", { round: args.round, table: args.table, entry: args.entry, scorer }) : addLine(args);
    case "deal_correct": return http("POST", "/api/v1/fix", { line: args.line, entry: args.entry, before: args.before || null, reason: args.reason, scorer });
    case "deal_undo": return http("POST", "/api/v1/fix", { line: args.line, entry: null, reason: args.reason, scorer });
    case "ruling_add": return http("POST", "/api/v1/rulings", { round: args.round, table: args.table, entry: args.ruling, scorer });
    case "rulings_list": return http("GET", "/api/v1/rulings");
    case "round_view": return http("GET", `/api/v1/round?round=${encodeURIComponent(args.round)}`);
    case "hand_score": return http("POST", "/api/v1/hand", { game: args.game, tiles: args.tiles });
    case "set_actor": return args.actor;
    default: throw { kind: "not-here", message: t("device_not_here") };
  }
}

// ---------------------------------------------------------------- screens
/** The table's screen: what waits to be sent, the sheet, the line being typed, its history. */
const table = {
  async view() {
    const tid = state.tournament;
    const sheet = await transport("sheet", { tournament: tid, round: state.round, table: state.table });
    lastSheet = sheet;
    const game = await gameOf(tid, sheet.game);
    const history = state.showHistory ? await transport("sheet_history", {}).catch(() => null) : null;
    return [
      h("h2", {}, `${t("table")} ${sheet.table} — ${t("round")} ${sheet.round} — ${game.desc.name}`),
      sheetTable(sheet, game),
      sheet.error ? h("div", { class: "error" }, sheet.error) : null,
      // What waits to be sent stays in sight, just above the line being typed.
      outboxPanel(game),
      entryPanel(sheet, tid, game),
      h("div", { class: "row" }, h("button", { id: "show-history", onclick: () => { state.showHistory = !state.showHistory; render(); } }, t("history"))),
      history ? historyTable(history, game.mod) : null,
    ];
  },
  shown() {
    // Lines wait: who deals next and what may be played are known once they arrive.
    const waiting = outbox.read().length;
    const next = document.getElementById("next-dealer");
    if (waiting && next && lastSheet && lastSheet.next && !state.correcting) next.textContent = t("outbox_next", { line: lastSheet.next.line });
    const box = document.getElementById("outbox");
    if (box) box.style.scrollMarginBottom = `${(document.getElementById("entry") || box).offsetHeight + 8}px`;
    if (box) box.scrollIntoView({ block: "end" }); else showLastLine();
  },
};

/** Who scores (or judges) on this device, asked once; recorded with every line. */
const who = {
  view() {
    return h("form", { class: "card", id: "scorer-form", onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.name.value.trim();
      if (!name) return;
      localStorage.setItem(keys.scorer, name);
      localStorage.setItem("atout.who", JSON.stringify({ name, role: isJury() ? "jury" : "scorer", table: device.device.table }));
      go(isJury() ? "jury" : "scorer");
    } },
    h("h2", {}, isJury() ? t("device_jury_name") : t("device_scorer_name")),
    h("label", {}, t("name"), h("input", { id: "scorer-name", name: "name", required: true, maxlength: 100, value: scorerName(), autocomplete: "name" })),
    h("button", { class: "primary", id: "scorer-save" }, t("save")));
  },
  shown: () => document.getElementById("scorer-name")?.focus(),
};

/** No code, or one the server refused: say why, and let the code be typed. */
function codeForm(why) {
  document.getElementById("view").replaceChildren(h("form", { class: "card", id: "code-form", onsubmit: (e) => {
    e.preventDefault();
    const typed = e.target.code.value.trim().replace(/\s+/g, "");
    if (typed) location.assign(`/t/${encodeURIComponent(typed)}`);
  } },
  h("h2", {}, t("device_code_title")),
  why ? h("div", { class: "error", id: "code-error" }, why) : null,
  h("label", {}, t("device_code"), h("input", { id: "code", name: "code", required: true, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "XXXX-XXXX-XXXX-XXXX" })),
  h("button", { class: "primary", id: "code-go" }, t("device_open"))));
}

async function start() {
  setTransport(transport);
  setScreens({ scorer: table, jury, who });
  listen({ calculator: () => {}, undo: undoMine });
  showStatus();
  if (!code) { codeForm(null); return; }
  try {
    device = await http("GET", "/api/v1/device");
    localStorage.setItem(keys.device, JSON.stringify(device));
  } catch (e) {
    // Without network, the device as last seen: the outbox keeps what is typed.
    if (e.kind !== "offline" || !device) { codeForm(String(explain(e))); return; }
  }
  const d = device.device;
  state.tournament = d.tournament;
  state.round = d.round;
  state.table = d.table || 1;
  // The header's own words follow the language chosen on the device.
  const header = () => { document.getElementById("device-where").textContent = d.table ? `${t("table")} ${d.table}` : t("jury"); showStatus(); };
  header();
  document.getElementById("lang").addEventListener("change", header);
  if (scorerName()) localStorage.setItem("atout.who", JSON.stringify({ name: scorerName(), role: isJury() ? "jury" : "scorer", table: d.table }));
  state.view = scorerName() ? (isJury() ? "jury" : "scorer") : "who";
  keepSending();
  await flush();
  render();
}

start();
