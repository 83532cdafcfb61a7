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
import { t, tn, currentLang, explain, titlePage, LANGS } from "./i18n.js";
import { h } from "./dom.js";
import { state, setScreens, listen, render, flash, clearFlash, gameOf, dropLine, go, actorSaid } from "./shell.js";
import { sheetTable, entryPanel, historyTable, showLastLine, undoMine, undoForm } from "./sheet.js";
import * as jury from "./screens/jury.js";

const code = readCode();
const keys = { outbox: `atout.outbox.${code}`, sheet: `atout.sheet.${code}`, device: `atout.device.${code}`, scorer: `atout.device.scorer.${code}`, jury: `atout.jury.${code}` };
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
async function http(method, path, body, as = code) {
  let reply;
  let text;
  // A server that takes the request and never answers (a laptop frozen or asleep) is a server
  // out of reach after a few seconds: the line typed goes into the outbox and waits, and the
  // page says so (it hung, «connected», the line kept nowhere). The searches of a claim take
  // their own time.
  // A correction waits longer: its answer lost, the change is in doubt until sent again.
  const searching = ["/api/v1/solve", "/api/v1/claim", "/api/v1/hand-cards", "/api/v1/hand-check"].includes(path);
  const patience = searching ? 60000 : path === "/api/v1/fix" ? 30000 : 8000;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), patience);
  try {
    reply = await fetch(path, {
      method, cache: "no-store", signal: stop.signal,
      headers: { Authorization: `Bearer ${as}`, "Accept-Language": currentLang(), ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    text = await reply.text();
  } catch (_) {
    setOnline(false);
    // The jury's phone keeps nothing waiting: what was typed stays on the screen.
    throw { kind: "offline", message: t(device && isJury() ? "device_offline_jury" : "device_offline") };
  } finally {
    clearTimeout(timer);
  }
  setOnline(true);
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!reply.ok) {
    const err = Object.assign(data && typeof data === "object" ? data : { kind: "http", message: `${reply.status} ${text}` }, { status: reply.status });
    // This page's code refused while the page is open (revoked by the secretary, its round
    // over): the page turns to the code screen, which lists the lines never sent and asks
    // for the table's new code (it stayed on a refusal, a dead end, until loaded again).
    if ((reply.status === 401 || (reply.status === 403 && path === "/api/v1/device")) && as === code && device) setTimeout(() => codeRefused(err), 0);
    throw err;
  }
  return data;
}

/**
 * Whether a refusal was of the code itself rather than of what it asked: revoked (401), or
 * a table's code whose round is over — a 403 that the device's own question answers too (a
 * locked sheet or another table's round is refused 403 while the code still opens its page).
 * Asked, the code screen comes by itself; the line that met the refusal waits with the others
 * never sent (it was shown as refused, a dead end: the next round's code takes nothing of it).
 */
async function codeGone(e) {
  if (e.status === 401) return true;
  if (e.status !== 403 || !device || !device.device.table) return false;
  try {
    await http("GET", "/api/v1/device");
    return false;
  } catch (again) {
    return again.status === 401 || again.status === 403;
  }
}

let refusedOnce = false;
async function codeRefused(err) {
  if (refusedOnce) return;
  refusedOnce = true;
  // What the server stored under the code before it went is no line "never sent".
  await dropStored(keys.outbox, code);
  codeForm(err);
}

/** A failure that passes by itself (no network, the body cut off on the way — 408 —, the
 * server busy or asking to wait): the page keeps what it last had, and a line waits. */
const passing = (e) => e.kind === "offline" || e.status === 408 || e.status === 429 || e.status >= 500;

function setOnline(now) {
  if (online !== now) { online = now; showStatus(); }
  // Back: a screen kept as it was while the server was out of reach is drawn again.
  if (now && state.offlineKept) { state.offlineKept = false; render(); }
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

/**
 * The jury's ruling or fault, sent under a key kept until the server answers (on the device,
 * so that a page reloaded meanwhile keeps it too): tapped again after a lost answer, the same
 * write goes with the same key and is stored once (the server answers 200, nothing new); once
 * answered, the same figures again are a write of their own.
 */
/** Keys kept on the device under `name`, each by what it was made for, until answered. */
const keptKeys = (name) => ({
  read: () => JSON.parse(localStorage.getItem(name) || "{}"),
  write(all) { localStorage.setItem(name, JSON.stringify(all)); },
});
const juryKeys = keptKeys(keys.jury);
async function juryWrite(path, payload) {
  const what = `${path} ${JSON.stringify(payload)}`;
  const kept = juryKeys.read();
  if (!kept[what]) { kept[what] = newKey(); juryKeys.write(kept); }
  const answer = await http("POST", path, { ...payload, key: kept[what] });
  const left = juryKeys.read();
  delete left[what];
  juryKeys.write(left);
  return answer;
}

/**
 * A correction or an undo, under a key kept until the server answers (on the device, as the
 * jury's writes): sent again after a lost answer, it is made once. An undo tapped again goes
 * as first sent, whatever the sheet shows since: rebuilt from the sheet as it then stood (the
 * line undone gone from it), it took back the line before.
 */
const fixKeys = keptKeys(`atout.fix.${code}`);
async function fixOnce(payload) {
  const undo = payload.entry === null;
  const what = undo ? "undo" : JSON.stringify({ round: payload.round, table: payload.table, line: payload.line, entry: payload.entry, before: payload.before });
  const kept = fixKeys.read();
  // An undo kept is that one sent again only while the sheet says it may have been made (its
  // line gone) or not yet (its line as it saw it); else it went long ago, and the undo asked now
  // is one of its own (a kept undo swallowed a later one, and nothing was said).
  const old = kept[what];
  if (old && undo && lastSheet) {
    const line = lastSheet.lines[old.body.line - 1];
    const stands = line && JSON.stringify(line.entry) === JSON.stringify(old.body.before);
    if (!(old.body.line > lastSheet.lines.length || stands)) delete kept[what];
  }
  if (!kept[what]) { kept[what] = { key: newKey(), body: payload }; fixKeys.write(kept); }
  const { key, body } = kept[what];
  const forget = () => {
    const left = fixKeys.read();
    delete left[what];
    fixKeys.write(left);
  };
  try {
    const answer = await http("POST", "/api/v1/fix", { ...(undo ? body : payload), key });
    forget();
    return answer;
  } catch (e) {
    // Refused, nothing was made: the next try is a change of its own.
    if (e.kind !== "offline") forget();
    throw e;
  }
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
        await http("POST", "/api/v1/lines", { key: item.key, line: item.line, entry: item.entry, scorer: item.scorer || scorerName(), confirmed_by: item.confirmed_by || null });
        outbox.remove(item.key);
        sent += 1;
      } catch (e) {
        // No network, the body cut off on the way, the server restarting or too busy: the
        // line waits for the next try. The code refused (revoked, its round over) is no
        // refusal of the line: it waits for the table's new code.
        if (passing(e) || !e.status || (await codeGone(e))) break;
        outbox.mark(item.key, e);
        break;
      }
    }
    return sent;
  })().finally(() => { flushing = null; });
  return flushing;
}

/**
 * Lines waiting in this device's outboxes under other codes (the secretary issued the table a
 * new code, or a new round was drawn, before they were sent): each other code's outbox with
 * the device as that code last saw it.
 */
function otherOutboxes() {
  const out = [];
  for (const k of Object.keys(localStorage)) {
    if (!k.startsWith("atout.outbox.") || k === keys.outbox) continue;
    const other = k.slice("atout.outbox.".length);
    const list = JSON.parse(localStorage.getItem(k) || "[]");
    if (!list.length) { localStorage.removeItem(k); continue; }
    const seen = JSON.parse(localStorage.getItem(`atout.device.${other}`) || "null");
    out.push({ storeKey: k, list, device: seen && seen.device });
  }
  return out;
}

/**
 * The lines of the outbox `storeKey` (typed under the code `owner`) the server holds already:
 * their answer was lost, then the code was revoked or its round ended. Sent again under that
 * code, in line order, a stored line is answered "stored" whatever became of the code and
 * leaves the outbox (it was listed as never sent, for the secretary to enter a second time).
 * The first line that does not go ends it: the lines after it were never sent either, and a
 * refused code is not tried again and again.
 */
async function dropStored(storeKey, owner) {
  for (const x of JSON.parse(localStorage.getItem(storeKey) || "[]").sort((a, b) => a.line - b.line)) {
    try {
      await http("POST", "/api/v1/lines", { key: x.key, line: x.line, entry: x.entry, scorer: x.scorer || scorerName() || "", confirmed_by: x.confirmed_by || null }, owner);
    } catch (_) {
      return;
    }
    const left = JSON.parse(localStorage.getItem(storeKey) || "[]").filter((y) => y.key !== x.key);
    if (left.length) localStorage.setItem(storeKey, JSON.stringify(left));
    else localStorage.removeItem(storeKey);
  }
}

/**
 * Lines typed under an earlier code of this very table, round and draw (revoked, the
 * secretary issued a new one) and never sent: they go with this code, in their order and
 * under their own keys (a line the old code did store is answered as stored, so nothing is
 * doubled). A round drawn again seats other players: its lines stay stranded, for the
 * secretary.
 */
function adoptWaiting(d) {
  if (!d.table) return;
  for (const o of otherOutboxes()) {
    const od = o.device;
    if (!od || String(od.tournament) !== String(d.tournament) || od.round !== d.round || od.table !== d.table) continue;
    // (A device seen before the draw was recorded on the phone: its draw is not known.)
    if (od.draw !== undefined && od.draw !== d.draw) continue;
    const mine = outbox.read();
    const have = new Set(mine.map((x) => x.key));
    // The same table's scorer on the same phone: not asked again.
    const was = localStorage.getItem(`atout.device.scorer.${o.storeKey.slice("atout.outbox.".length)}`);
    if (was && !scorerName()) localStorage.setItem(keys.scorer, was);
    outbox.write([...mine, ...o.list.filter((x) => !have.has(x.key)).map((x) => ({ scorer: was || undefined, ...x, refused: null }))]);
    localStorage.removeItem(o.storeKey);
  }
}

/** A waiting line in words without the server: as checked when typed, else from the game's
 * description `owner` (the code it was typed under) last fetched. */
function saidKept(x, owner) {
  if (x.texts) return x.texts[currentLang()];
  const desc = JSON.parse(localStorage.getItem(`atout.game.${owner}.${currentLang()}`) || "null");
  return shortEntry(x.entry, desc);
}

/** Lines typed under another table's or round's code and never sent: the secretary enters them (they are shown, then dropped). */
function strandedPanel() {
  const left = otherOutboxes();
  if (!left.length) return null;
  return h("div", { class: "card outbox", id: "stranded" },
    left.map((o) => [
      h("strong", {}, o.device && o.device.table
        ? t("outbox_stranded_at", { n: o.list.length, round: o.device.round, table: o.device.table })
        : t("outbox_stranded", { n: o.list.length })),
      h("ul", {}, o.list.sort((a, b) => a.line - b.line).map((x) => h("li", { class: "refused" }, t("outbox_line", { line: x.line, what: saidKept(x, o.storeKey.slice("atout.outbox.".length)) })))),
      h("p", { class: "hint" }, t("outbox_stranded_hint")),
      h("button", { id: `stranded-drop-${o.storeKey.slice("atout.outbox.".length)}`, onclick: () => { localStorage.removeItem(o.storeKey); render(); } }, t("outbox_stranded_drop")),
    ]));
}

/** Try again every few seconds while lines wait, and at once when the network or the page comes back. */
function keepSending() {
  // What the outbox holds, as the panel shows it: each line and whether it was refused.
  const shown = () => JSON.stringify(outbox.read().map((x) => [x.key, x.line, !!x.refused]));
  const again = async () => {
    if (!outbox.read().some((x) => !x.refused)) return;
    const before = shown();
    await flush();
    // Drawn again when anything changed, a refusal too: a line refused in the background
    // (another phone wrote its line meanwhile) stayed shown as "waiting", without its ways on.
    if (shown() !== before) render();
  };
  setInterval(again, 3000);
  // With nothing to send, a look every ten seconds all the same: the page says "connected" only
  // while it is (it said so with the server stopped, until the scorer sent a line).
  setInterval(async () => {
    if (document.visibilityState !== "visible" || outbox.read().some((x) => !x.refused)) return;
    const here = await http("GET", "/api/v1/device").catch(() => null);
    // The sheet changed elsewhere (a line corrected at the club's computer, the jury's ruling
    // or fine): drawn again while nobody is typing on this phone (it showed the old line and
    // totals until the scorer did something).
    if (!here || isJury() || state.correcting || state.outboxEdit || Date.now() - lastTyped < 20000) return;
    const sheet = await http("GET", "/api/v1/sheet").catch(() => null);
    const seen = (x) => JSON.stringify([x.first_dealer, x.lines.map((l) => l.entry), x.rulings]);
    if (sheet && lastSheet && seen(sheet) !== seen(lastSheet)) render();
  }, 10000);
  for (const kind of ["keydown", "input", "pointerdown"]) document.addEventListener(kind, () => { lastTyped = Date.now(); }, true);
  window.addEventListener("online", again);
  window.addEventListener("pageshow", again);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") again(); });
}

/** When the scorer last typed or tapped on this page: the sheet is not drawn again under them. */
let lastTyped = 0;

/** The message that a line waits on this device, while it is shown (null: none). */
let keptSaid = null;
/** This page's code refused for good (revoked, its round over): nothing of it waits to be sent. */
let codeDead = false;

function showStatus() {
  const el = document.getElementById("outbox-status");
  if (!el) return;
  const list = outbox.read();
  const waiting = codeDead ? 0 : list.filter((x) => !x.refused).length;
  // Nothing waits any more, or what waits is held back by a refused line with the connection
  // back: «line 4 waits on this device, sent as soon as the connection returns» goes (it
  // stayed, red, over a refusal that came when the line arrived, and over the lines held back
  // behind a refused one).
  if ((!waiting || (online && list.some((x) => x.refused))) && keptSaid) {
    if (document.getElementById("flash")?.textContent === keptSaid) clearFlash();
    keptSaid = null;
  }
  const refused = codeDead ? 0 : list.length - waiting;
  el.textContent = [online ? t("device_online") : t("device_offline_short"), waiting ? t("outbox_count", { n: waiting }) : "", refused ? tn("outbox_refused_count", refused) : ""].filter(Boolean).join(" · ");
  el.className = online && !(waiting + refused) ? "ok" : "warn";
}

/**
 * A line waiting, said without the server (no network): its game by name first, then each
 * figure by the name the game's description gives its field, a seat by its player, a suit by
 * its name; never a key of the exchange format nor a game's code.
 */
function shortEntry(entry, desc) {
  const fields = (desc && desc.fields) || {};
  const contract = (v) => ((desc && desc.contracts) || []).find((c) => c.code === v || c.key === v);
  const suit = (v) => ((desc && desc.suits) || []).find((s) => s.code === v);
  const seat = (n) => (lastSheet && lastSheet.seats[n - 1] ? lastSheet.seats[n - 1].name : n);
  // A code the description names (a bonus, a fine) by its name.
  const named = (v) => {
    const x = [...((desc && desc.bonuses) || []), ...((desc && desc.fines) || [])].find((b) => b.code === v);
    return x ? x.name : v;
  };
  const value = (k, v) => {
    if (fields[k] && fields[k].seat) return Array.isArray(v) ? v.map(seat).join(", ") : seat(v);
    if (Array.isArray(v)) return v.some((x) => typeof x === "string") ? v.map(named).join(", ") : v.join("/");
    if (suit(v)) return suit(v).label;
    if (typeof v === "object" && v) return shortEntry(v, desc);
    return named(v);
  };
  const parts = Object.entries(entry || {});
  const is = (test) => ([, v]) => typeof v === "string" && !!test(v);
  // The game, its suit (« ♥ cœur »), then every other figure by its field's name.
  const lead = parts.filter(is(contract)).map(([, v]) => contract(v).name);
  const suits = parts.filter((p) => !is(contract)(p) && is(suit)(p)).map(([k, v]) => value(k, v));
  const rest = parts.filter((p) => !is(contract)(p) && !is(suit)(p))
    .map(([k, v]) => `${(fields[k] && Array.isArray(v) && v.length === 1 && fields[k].one) || (fields[k] && fields[k].name) || (desc && desc.labels && desc.labels[k]) || k} ${value(k, v)}`);
  return [...lead, ...suits, ...rest].join(" · ");
}

/**
 * The waiting lines renumbered to follow the sheet as the server holds it now, in their order:
 * after a line is dropped (those after it move up) or kept after a line written meanwhile
 * by another device. Keys stay: a line already stored under its key is answered as such.
 */
async function renumberWaiting() {
  let stored;
  try { stored = (await http("GET", "/api/v1/sheet")).lines.length; } catch (_) { return; }
  const list = outbox.read().sort((a, b) => a.line - b.line);
  outbox.write(list.map((x, i) => ({ ...x, line: stored + 1 + i })));
}

/** What the scorer may do with a refused line: each way on, whatever the refusal. */
function refusedActions(x, game) {
  const conflict = x.refused.kind === "conflict";
  const rule = x.refused.kind === "rule";
  const after = conflict && lastSheet ? lastSheet.lines.length + 1 : null;
  const again = async () => { await flush(); render(); };
  return h("div", { class: "row outbox-actions" },
    // A line written meanwhile by another device: theirs is on the sheet; this one goes after it, or is dropped.
    conflict ? h("button", { class: "primary", id: `outbox-after-${x.line}`, onclick: async () => { outbox.mark(x.key, null); await renumberWaiting(); await again(); } },
      t("outbox_after", { line: after || x.line + 1 })) : null,
    // The rules refuse it: typed again in its place, the lines after it waiting.
    rule ? h("button", { class: "primary", id: `outbox-edit-${x.line}`, onclick: () => {
      dropLine();
      state.outboxEdit = { key: x.key, line: x.line };
      state.draft = game.mod.newDraft(x.entry, { sheet: lastSheet, desc: game.desc, next: lastSheet && lastSheet.next });
      render();
    } }, t("outbox_edit")) : null,
    !conflict && !rule ? h("button", { id: `outbox-retry-${x.line}`, onclick: async () => { outbox.mark(x.key, null); await again(); } }, t("outbox_retry")) : null,
    h("button", { id: `outbox-drop-${x.line}`, onclick: async () => {
      if (state.outboxEdit && state.outboxEdit.key === x.key) { state.outboxEdit = null; dropLine(); }
      outbox.remove(x.key);
      await renumberWaiting();
      await again();
    } }, t("outbox_drop")));
}

/** A line stored meanwhile by another device, where this one meant to go: what it holds, who wrote it. */
function storedInstead(x) {
  const line = x.refused.line || x.line;
  const stored = lastSheet && lastSheet.lines[line - 1];
  if (!stored) return null;
  return h("p", { class: "stored-instead", id: `outbox-stored-${x.line}` },
    t("outbox_stored", { line, by: x.refused.by ? actorSaid(x.refused.by) : "?", what: stored.entry_texts ? stored.entry_texts[currentLang()] : stored.label_texts[currentLang()] }));
}

/** The lines waiting or refused, above the sheet: what each is, and what the scorer may do. */
function outboxPanel(game) {
  const list = outbox.read().sort((a, b) => a.line - b.line);
  if (!list.length) return null;
  return h("div", { class: "card outbox", id: "outbox" },
    h("strong", {}, t("outbox_title", { n: list.length })),
    // A refused line holds back those after it: said so, not «being sent».
    h("p", { class: "hint", id: "outbox-hint" }, list.some((x) => x.refused) ? t("outbox_blocked", { line: list.find((x) => x.refused).line })
      : online ? t("outbox_sending") : t("outbox_offline")),
    h("ul", {}, list.map((x) => h("li", { class: x.refused ? "refused" : "waiting", id: `outbox-${x.line}`, "data-key": x.key },
      h("span", { class: "outbox-line" }, t("outbox_line", { line: x.line, what: x.texts ? x.texts[currentLang()] : shortEntry(x.entry, game.desc) })),
      x.refused
        ? state.outboxEdit && state.outboxEdit.key === x.key
          ? h("p", { class: "hint", id: `outbox-editing-${x.line}` }, t("outbox_editing", { line: x.line }))
          : [h("p", { class: "error", "data-rule": x.refused.rule || null }, String(explain(x.refused))),
            x.refused.kind === "conflict" ? storedInstead(x) : null,
            refusedActions(x, game)]
        : h("span", { class: "hint" }, ` — ${t("outbox_waiting")}`)))));
}

// ---------------------------------------------------- the opponent's consent
/**
 * The line shown to an opponent, who confirms it by tapping their own name (a tournament
 * setting): resolves with that name, or rejects when the scorer goes back to the line.
 */
function confirmLine(entry, texts, desc) {
  return new Promise((resolve, reject) => {
    const box = document.getElementById("confirm");
    const close = () => { box.hidden = true; box.replaceChildren(); document.removeEventListener("keydown", escape, true); };
    const back = () => { close(); reject({ kind: "cancelled", message: t("confirm_back_said") }); };
    // Escape goes back to the line (it dropped the line and left this question up, whose
    // names still sent it).
    const escape = (e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); back(); } };
    document.addEventListener("keydown", escape, true);
    const me = scorerName().trim().toLowerCase();
    const seats = (lastSheet ? lastSheet.seats : []).filter((s) => s.name.trim().toLowerCase() !== me);
    box.replaceChildren(h("div", { class: "card" },
      h("h2", {}, t("confirm_title")),
      h("p", { id: "confirm-line", class: "confirm-line" }, texts ? texts[currentLang()] : shortEntry(entry, desc)),
      h("p", { class: "hint" }, t("confirm_hint")),
      h("div", { class: "confirm-seats" }, seats.map((s) => h("button", { class: "primary", id: `confirm-seat-${s.seat}`, onclick: () => { close(); resolve(s.name); } }, `✓ ${s.name}`))),
      h("button", { id: "confirm-back", onclick: back }, t("confirm_back"))));
    box.hidden = false;
    // The focus on going back, never on a name: one Enter on a tablet's keyboard confirmed in
    // an opponent's name, without them.
    document.getElementById("confirm-back").focus();
  });
}

// ------------------------------------------------------------ transport
/** A line written: into the outbox first, then sent. Refused at once: back to the panel, typed line kept. */
async function addLine(args) {
  let texts = null;
  try {
    const check = await http("POST", "/api/v1/check", { line: null, entry: args.entry, after: waitingBefore() });
    if (check.refused) throw check.refused;
    texts = check.texts;
  } catch (e) {
    // No network, the server busy or asking to wait: the line waits in the outbox all the
    // same (it is checked again when it is sent); only a refusal comes back to the scorer. The
    // code revoked meanwhile (401) or its round over (403) is no refusal of the line: it waits
    // too, listed with the lines never sent for the table's new code (it was lost as the page
    // turned).
    if (!passing(e) && !(await codeGone(e))) throw e;
  }
  // A refused line typed again in its place: it takes the refused one's place in the outbox, under a new key.
  const editing = state.outboxEdit && outbox.read().find((x) => x.key === state.outboxEdit.key);
  // Who typed it goes with it, whatever code sends it in the end.
  const item = { key: newKey(), line: editing ? editing.line : args.line, entry: args.entry, texts, scorer: scorerName() };
  if (device.device.confirm) item.confirmed_by = await confirmLine(args.entry, texts, (await gameOf(state.tournament, device.device.game)).desc);
  if (editing) {
    outbox.write(outbox.read().map((x) => (x.key === editing.key ? item : x)));
    state.outboxEdit = null;
  } else {
    outbox.add(item);
  }
  await flush();
  const left = outbox.read().find((x) => x.key === item.key);
  if (left && left.refused && editing) {
    // Typed again and refused again: it keeps its place, still being typed.
    state.outboxEdit = { key: item.key, line: item.line };
    throw left.refused;
  }
  if (left && left.refused) {
    outbox.remove(item.key);
    throw left.refused;
  }
  // Still waiting (no network): said once the window's "Saved" has been shown, until it is sent.
  if (left) setTimeout(() => { keptSaid = t("outbox_kept", { line: item.line }); flash(keptSaid, false); }, 0);
  // Taken (sent, or kept to be sent): an answer, as the window's is, so that the sheet does not
  // take it for a refusal and put the focus back in the field it was in (the next line's
  // figures went to the last seat's).
  return { line: item.line, waiting: Boolean(left) };
}

/**
 * The entries of the lines waiting on this device before the line being typed (all of them, or
 * those before a refused one typed again in its place), in order: the server checks a new line,
 * and says what it may be, as following them.
 */
function waitingBefore(onSheet = lastSheet ? lastSheet.lines.length : 0) {
  const waiting = outbox.read();
  const editing = state.outboxEdit && waiting.find((x) => x.key === state.outboxEdit.key);
  // A line the sheet holds already (stored, its answer lost; or written by another) is no
  // line to come: counted again, it moved the next deal and its dealer one on, and closed the
  // game it was.
  return waiting.slice(0, editing ? waiting.indexOf(editing) : waiting.length).filter((x) => x.line > onSheet).map((x) => x.entry);
}

/**
 * The table's sheet, or the last one seen while the server cannot be reached; the next line
 * follows those waiting. What it may be (who deals, the games open, the hand) is the server's
 * answer for the sheet with the waiting lines written; while that cannot be asked (no network,
 * or a waiting line the rules will refuse), it is not known (`unsure`): the panel then offers
 * every choice, and the line is checked when it arrives.
 */
async function tableSheet() {
  let sheet;
  let online = true;
  try {
    sheet = await http("GET", "/api/v1/sheet");
    localStorage.setItem(keys.sheet, JSON.stringify(sheet));
  } catch (e) {
    sheet = passing(e) ? JSON.parse(localStorage.getItem(keys.sheet) || "null") : null;
    if (!sheet) throw e;
    online = false;
  }
  const waiting = outbox.read();
  // The next line follows those waiting — unless a refused one is being typed again in its place
  // (the first waiting line: the sheet's next as the server holds it).
  const editing = state.outboxEdit && waiting.find((x) => x.key === state.outboxEdit.key);
  if (state.outboxEdit && !editing) state.outboxEdit = null;
  if (editing && sheet.next) sheet.next = { ...sheet.next, line: editing.line };
  else if (waiting.length && sheet.next) {
    const line = Math.max(sheet.next.line - 1, ...waiting.map((x) => x.line)) + 1;
    let known = null;
    if (online) {
      try { known = await http("POST", "/api/v1/next", { after: waitingBefore(sheet.lines.length) }); } catch (e) { if (!passing(e)) throw e; }
    }
    if (known && known.known) sheet.next = known.next ? { ...known.next, line } : null;
    else sheet.next = { ...sheet.next, line, unsure: true };
  }
  return sheet;
}

/** The game's description in a language, kept for a page reloaded while the server cannot be reached. */
async function gameView(lang) {
  const keyOf = (l) => `atout.game.${code}.${l}`;
  try {
    const desc = await http("GET", `/api/v1/game?lang=${encodeURIComponent(lang)}`);
    localStorage.setItem(keyOf(lang), JSON.stringify(desc));
    // The other languages kept too while the server answers: the phone handed to an opponent
    // who reads another language, the network down, lost its whole table screen.
    for (const other of LANGS.filter((l) => l !== lang && !localStorage.getItem(keyOf(l)))) {
      http("GET", `/api/v1/game?lang=${encodeURIComponent(other)}`).then((d) => localStorage.setItem(keyOf(other), JSON.stringify(d)), () => {});
    }
    return desc;
  } catch (e) {
    if (!passing(e)) throw e;
    // Kept in this language, else in any other: the game's words in another language rather
    // than no screen at all.
    const kept = [lang, ...LANGS].map((l) => localStorage.getItem(keyOf(l))).find(Boolean);
    if (!kept) throw e;
    return JSON.parse(kept);
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
    case "deal_check": return http("POST", "/api/v1/check", { line: args.line, entry: args.entry, after: args.line ? [] : waitingBefore() });
    case "deal_add": return isJury() ? juryWrite("/api/v1/faults", { round: args.round, table: args.table, entry: args.entry, scorer }) : addLine(args);
    // The jury's correction names its table (it corrects a line only with the cards it replayed).
    case "deal_correct": return fixOnce({ ...(isJury() ? { round: args.round, table: args.table } : {}), line: args.line, entry: args.entry, before: args.before || null, reason: args.reason, scorer });
    case "deal_undo": return fixOnce({ line: args.line, entry: null, before: args.before || null, reason: args.reason, scorer });
    case "ruling_add": return juryWrite("/api/v1/rulings", { round: args.round, table: args.table, entry: args.ruling, scorer });
    case "rulings_list": return http("GET", "/api/v1/rulings");
    case "round_view": return http("GET", `/api/v1/round?round=${encodeURIComponent(args.round)}`);
    case "hand_score": return http("POST", "/api/v1/hand", { game: args.game, tiles: args.tiles });
    // The jury's replay of a deal, its claims and "could it have been made?" (the jury's code).
    case "hand_record": return http("GET", `/api/v1/hand-record?${where(args)}&line=${encodeURIComponent(args.line)}`);
    case "hand_cards": return http("POST", "/api/v1/hand-cards", { game: args.game, typed: args.typed, lang: args.lang });
    case "hand_check": return http("POST", "/api/v1/hand-check", { record: args.record });
    case "hand_claim": return http("POST", "/api/v1/claim", { record: args.record, seat: args.seat, at_least: args.atLeast, at_most: args.atMost, lang: args.lang, names: args.names });
    case "hand_solve": return http("POST", "/api/v1/solve", { record: args.record, seat: args.seat, lang: args.lang, names: args.names });
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
      sheet.error ? h("div", { class: "error" }, (sheet.error_texts && sheet.error_texts[currentLang()]) || sheet.error) : null,
      // What waits to be sent stays in sight, just above the line being typed; and what an
      // earlier code of another table or round left unsent, for the secretary.
      strandedPanel(),
      outboxPanel(game),
      entryPanel(sheet, tid, game),
      // The last line taken back by a tap, with why (only Ctrl+Z did, on a keyboard).
      // Not while lines wait (the stored line before them would go), nor for a jury's fine.
      outbox.read().length || (sheet.lines.length && sheet.lines[sheet.lines.length - 1].fault) ? null : undoForm(sheet, { tournament: tid, round: state.round, table: state.table }),
      h("div", { class: "row" }, h("button", { id: "show-history", onclick: () => { state.showHistory = !state.showHistory; render(); } }, t("history"))),
      history ? historyTable(history, game.mod) : null,
    ];
  },
  shown() {
    // Lines wait and the server could not say what follows them (no network): who deals next
    // and what may be played are known once they arrive.
    const waiting = outbox.read().length;
    const next = document.getElementById("next-dealer");
    if (waiting && next && lastSheet && lastSheet.next && lastSheet.next.unsure && !state.correcting) next.textContent = t("outbox_next", { line: lastSheet.next.line });
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

/**
 * No code, or one the server refused: say why, and let the code be typed. Asked to wait
 * (too many wrong codes from this address): the seconds left are counted down, and the
 * page tries again by itself when they are over. A screen of its own: the language changed,
 * it is said again in the new one (the page was drawn outside the screens, and a change of
 * language threw it away).
 */
let codeAsked = { why: null, wait: 0 };
function codeForm(why, wait = 0) {
  codeAsked = { why, wait };
  // Refused, this code sends nothing more: what it kept is listed on the code screen as never
  // sent, and «kept on this device, sent as soon as the connection returns» goes (it stayed,
  // red, over the code screen with the connection back).
  if (why) { codeDead = true; showStatus(); }
  if (wait > 0) {
    let left = wait;
    const tick = setInterval(() => {
      left -= 1;
      const el = document.getElementById("code-wait");
      if (el) el.textContent = t("device_wait", { n: Math.max(left, 0) });
      if (left <= 0) { clearInterval(tick); location.reload(); }
    }, 1000);
  }
  state.view = "code";
  render();
}

const codeScreen = {
  view: () => {
    const { why, wait } = codeAsked;
    return h("form", { class: "card", id: "code-form", onsubmit: (e) => {
      e.preventDefault();
      const typed = e.target.code.value.trim().replace(/\s+/g, "");
      if (typed) location.assign(`/t/${encodeURIComponent(typed)}`);
    } },
    h("h2", {}, t("device_code_title")),
    // Said at once to a screen reader, and tied to the field it is about.
    why ? h("div", { class: "error", id: "code-error", role: "alert" }, String(explain(why))) : null,
    // What this code's device typed and could not send: it goes with the table's new code.
    outbox.read().length ? h("div", { class: "card outbox", id: "outbox-stranded" },
      h("strong", {}, t("outbox_stranded", { n: outbox.read().length })),
      h("ul", {}, outbox.read().sort((a, b) => a.line - b.line).map((x) => h("li", { class: "refused" }, t("outbox_line", { line: x.line, what: saidKept(x, code) })))),
      h("p", { class: "hint" }, t("outbox_stranded_new_code"))) : null,
    wait > 0 ? h("p", { class: "hint", id: "code-wait" }, t("device_wait", { n: wait })) : null,
    h("label", {}, t("device_code"), h("input", { id: "code", name: "code", required: true, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "XXXX-XXXX-XXXX-XXXX",
      "aria-describedby": why ? "code-error" : null })),
    h("button", { class: "primary", id: "code-go" }, t("device_open")));
  },
  // The field ready to type in.
  shown: () => { const f = document.getElementById("code"); if (f && !f.value) f.focus(); },
};

async function start() {
  setTransport(transport);
  setScreens({ scorer: table, jury, who, code: codeScreen });
  listen({ calculator: () => {}, undo: undoMine });
  showStatus();
  if (!code) { codeForm(null); return; }
  try {
    device = await http("GET", "/api/v1/device");
    localStorage.setItem(keys.device, JSON.stringify(device));
  } catch (e) {
    // Without network, the device as last seen: the outbox keeps what is typed.
    if (!passing(e) || !device) {
      // A code revoked or of a round over: what the server stored is not "never sent".
      if (!passing(e)) await dropStored(keys.outbox, code);
      codeForm(e, e.status === 429 ? Number(e.retry_after) || 60 : 0);
      return;
    }
  }
  const d = device.device;
  state.tournament = d.tournament;
  state.round = d.round;
  state.table = d.table || 1;
  // The header's own words follow the language chosen on the device.
  // The jury's phone is titled as the jury's (the page is a table's by default).
  if (!d.table) document.documentElement.dataset.title = "page_jury";
  const header = () => { document.getElementById("device-where").textContent = d.table ? `${t("table")} ${d.table}` : t("jury"); showStatus(); titlePage(); };
  header();
  document.getElementById("lang").addEventListener("change", header);
  adoptWaiting(d);
  // Other codes' lines left on this phone: those the server holds are not the secretary's to enter.
  for (const o of otherOutboxes()) await dropStored(o.storeKey, o.storeKey.slice("atout.outbox.".length));
  if (scorerName()) localStorage.setItem("atout.who", JSON.stringify({ name: scorerName(), role: isJury() ? "jury" : "scorer", table: d.table }));
  state.view = scorerName() ? (isJury() ? "jury" : "scorer") : "who";
  keepSending();
  await flush();
  render();
}

start();
