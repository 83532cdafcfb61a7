// The window's shell: the one state every screen reads and writes, drawing the current
// screen, moving between screens, running a change, messages, the keyboard and startup.
// The screens (screens/*.js) and the sheet view (sheet.js) import from here and nothing
// here imports them: app.js hands the screens over (`setScreens`), then `listen` and `start`.
import { call } from "./api.js";
import { t, tIn, LANGS, setLang, systemLang, currentLang, explain, titlePage, fmtNum } from "./i18n.js";
import { h } from "./dom.js";

/** Everything the window remembers between renders, each field with its starting value. */
export const state = {
  view: localStorage.getItem("atout.view") || "tournaments", // the screen shown: a key of the screens given to `setScreens`
  tournament: localStorage.getItem("atout.tournament") || "", // the current tournament's id, as text ("": none)
  round: 1, // the round of the sheet on the scorer's and the jury's screens
  table: 1, // the table of that sheet
  // The line being typed survives refusals and re-renders: typed work is never lost.
  draft: null, // the line being typed, as its game module drafts it (null: a new one when the entry panel is drawn)
  correcting: null, // the number of the sheet line being corrected (null: the next line is typed)
  pending: null, // corrections kept for one joint save, {line: entry} (null: none)
  showHistory: false, // the sheet's history is shown below it
  moreOpen: false, // the sheet's "undo, first dealer, history" section was opened by hand
  newRuling: false, // a ruling was just recorded: the jury screen brings it into sight once drawn
  keys: null, // the game's keys for the line being typed, (event) => handled; set by the entry panel
  lastAction: null, // this screen's last line written or corrected, for Ctrl+Z: {kind, tournament, round, table, line, before, after}
  error: null, // the refusal shown on the current screen, as text (null: none)
  refused: false, // the database could not be opened: the screens show the recovery's
  offlineKept: false, // a phone's screen kept as it was while the server was out of reach: drawn again once it answers
  errorNear: null, // the form whose change that refusal answers, {form: its id, error} (null: none): it is said above it
  refusedDraft: null, // the entry as sent when the entry panel's refusal came, as JSON (the check does not take that refusal away while it stands)
  kept: {}, // what is typed in forms marked data-keep, by screen/tournament/round/table/form id, until their action succeeds
  settingsVersion: 0, // counts the tournament settings saved here: a game's description is read again after one
  newPlayer: null, // the player being added, {name, club, member} (null: an empty form)
  editingPlayer: null, // the id of the player being edited (null: none)
  duplicate: null, // the name refused as a probable namesake: adding that name again adds anyway
  form: null, // the tournament being created, {name, game, rounds, date, fields, ranking, table_points, bye_points} (null: an empty form)
  roundsView: null, // the round shown on the rounds screen (null: the last drawn)
  roundPlan: null, // the plan a planned draw of the round shown would make, with its draw number
  replay: null, // the jury's replay of a deal: the line, its frame, the cards entered, the rules' answer
  replayShelf: null, // the replays left for another line, by table and line: picked again, they come back as typed
  confirmDraw: null, // a draw asking first while the round before is played, {round, before, open, seed, seating} (null: none)
  afterRound: null, // the round the standings are shown after (null: the latest)
  projectorMode: "standings", // what the projector shows: "standings" or "tables"
  projectorSeen: null, // what the projector last drew (standings and round status as JSON), to redraw on a change only
  // The print panel: the document chosen; each document's file by "tournament/document/round",
  // {path, own: typed or chosen here, asked: proposal requested}; the file being asked
  // about before it is replaced, and the file last saved, each {key, path} (null: none).
  print: { what: null, files: {}, open: false, busy: false, asking: null, done: null },
  confirmRestore: null, // the path of the backup whose restore asks for a confirmation (null: none)
  afterWho: null, // the screen shown once who works here is said (null: tournaments)
  devicesOpen: false, // the Rounds screen's table devices panel is open (its codes are then issued and shown)
  devicesBase: null, // the address of the table devices' server while it runs (the seating plan then prints the codes), else null
  season: localStorage.getItem("atout.season") || "", // the season shown on the Season screen, its id as text ("": none)
  seasonPlayer: null, // the registry id of the player whose season page is shown (null: the standings)
  seasonPick: null, // the id (text) of the tournament picked to put in the season (null: the first offered)
  seasonEveningsOpen: true, // the season's evenings are listed (the secretary may fold them away)
  seasonForm: null, // the season being created, {name, points, scale, best, min, clubs} (null: an empty form)
  devicesSeen: null, // what the devices panel last drew (status and sheets as JSON), to redraw on a change only
};

// ------------------------------------------------------------ resets
/** The line being typed or corrected is dropped (Escape, Cancel, a line saved), and the refusal shown with it. */
export function dropLine() {
  state.draft = null; state.correcting = null; state.error = null; state.outboxEdit = null;
}

/** Another table: what was being typed or kept for a joint save at the last one stays there. */
export function leaveTable() {
  dropLine(); state.pending = null; state.showHistory = false;
}

/** The sheet of `round`, `table` becomes the one the scorer and the jury see. */
export function openTable(round, table) {
  state.round = round; state.table = table; leaveTable();
}

/** Make `id` the current tournament: the screens start again from its first round. */
/** Show season `id` (its id as text; "" none) on the Season screen, remembered for the next start. */
export function useSeason(id) {
  state.season = String(id);
  state.seasonPlayer = null;
  localStorage.setItem("atout.season", state.season);
}

export function useTournament(id) {
  state.tournament = String(id);
  localStorage.setItem("atout.tournament", state.tournament);
  openTable(1, 1);
  // The deal the jury was replaying is kept aside with the others (each by its tournament,
  // round, table and line): back in its tournament and picked again, it comes back as it was
  // left (every card typed for it was lost).
  if (state.replay) (state.replayShelf ||= {})[`${state.replay.key}/${state.replay.line}`] = state.replay;
  state.roundsView = null; state.roundPlan = null; state.replay = null; state.confirmDraw = null; state.byRanking = false; state.afterRound = null; state.lastAction = null; state.kept = {};
}

// ---------------------------------------------------------- messages
export function flash(message, ok = true) {
  const f = document.getElementById("flash");
  f.textContent = message;
  f.className = ok ? "ok" : "error";
  if (ok) setTimeout(() => { if (f.textContent === message) { f.textContent = ""; f.className = ""; } }, 4000);
}

/**
 * After players are entered or withdrawn: a round drawn and not begun is to be drawn again, so
 * that they are seated there, or taken out (said, and it stays said; nothing is drawn again
 * unasked). Otherwise `done`.
 */
export async function redrawSaid(tournament, done) {
  const status = await call("round_status", { tournament }).catch(() => []);
  const waiting = status.filter((r) => r.started === 0).map((r) => r.round);
  if (waiting.length) flash(t("redraw_hint", { round: Math.max(...waiting) }), false);
  else done();
}

/** What stands in the entry panel's fields' part (a field, the board's cursor) is scrolled into
 * that part's sight, where it lay hidden under its scrolled part or under the panel's foot. */
export function inPanelSight(el) {
  if (el instanceof HTMLElement && el.closest("#entry-body")) el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** The message line emptied: a message must not stand beside what replaces it. */
export function clearFlash() {
  const f = document.getElementById("flash");
  if (f) { f.textContent = ""; f.className = ""; }
}

export function errorBox() {
  // A refusal's rule code rides along for the tooltip (and the tests), not in the words.
  const rule = state.error && state.error.rule;
  return state.error ? h("div", { class: "error", id: "error", role: "alert", "data-rule": rule || null, title: rule || null }, String(state.error)) : null;
}

// ----------------------------------------------------------- helpers
export const fmt = fmtNum;

/** A game's entry module, ui/games/<code>.js (see games/README.md). */
export function gameModule(code) {
  return import(`./games/${code}.js`);
}

/** A game's entry module and its description from the application, per language. */
const games = {};
export async function gameOf(tid, code) {
  const key = `${tid}/${currentLang()}/${state.settingsVersion || 0}`;
  if (!games[key]) {
    const [mod, desc] = await Promise.all([gameModule(code), call("game_view", { tournament: tid, lang: currentLang() })]);
    games[key] = { mod, desc };
  }
  return games[key];
}

/** Games' descriptions are read again (another database was restored). */
export function forgetGames() {
  for (const k in games) delete games[k];
}

export function needTournament() {
  if (!state.tournament) throw { message: t("no_tournament") };
  return state.tournament;
}

/** A chosen file's text (`bytes`: its raw bytes, for the application to decode). */
export function readFile(input, bytes = false) {
  return new Promise((resolve, reject) => {
    const file = input.files && input.files[0];
    if (!file) return reject({ message: t("no_file") });
    const reader = new FileReader();
    reader.onload = () => resolve(bytes ? Array.from(new Uint8Array(reader.result)) : reader.result);
    reader.onerror = () => reject({ message: String(reader.error) });
    if (bytes) reader.readAsArrayBuffer(file); else reader.readAsText(file, "utf-8");
  });
}

/** Who works here as the changes record it: "Marie (secretary)". */
export function actorText(who) {
  const role = who.role === "scorer" ? `${t("role_scorer")} ${t("table").toLowerCase()} ${who.table}` : t(`role_${who.role}`);
  return `${who.name} (${role})`;
}

/**
 * Who made a change, as recorded ("Marie (secrétariat)"), said in the window's language: the
 * role is this screen's own word for it, whatever language it was chosen in ("Marie (secretariaat)").
 */
export function actorSaid(by) {
  // Written on a table's phone or the jury's: "Anne [table 3]", "Paul [jury]" (the server's record).
  const device = /^(.*) \[(?:table (\d+)|(jury))\]$/.exec(by || "");
  if (device) {
    const role = device[2] ? `${t("role_scorer")} ${t("table").toLowerCase()} ${device[2]}` : t("role_jury");
    return `${device[1]} (${role}, ${t("on_device")})`;
  }
  const m = /^(.*) \((.+)\)$/.exec(by || "");
  if (!m) return by || "";
  for (const role of ["secretary", "jury", "scorer"]) {
    for (const lang of LANGS) {
      const word = tIn(lang, `role_${role}`);
      if (role !== "scorer" && m[2] === word) return `${m[1]} (${t(`role_${role}`)})`;
      const table = new RegExp(`^${word} ${tIn(lang, "table").toLowerCase()} (\\d+)$`).exec(m[2]);
      if (role === "scorer" && table) return actorText({ name: m[1], role, table: table[1] });
    }
  }
  return by;
}

export const savedWho = () => JSON.parse(localStorage.getItem("atout.who") || "null");

// ------------------------------------------------------------ render
/** The screens by name, each a module with `view()` (its content) and maybe `shown()` (once it is in the page). */
let screens = {};
export function setScreens(list) {
  screens = list;
}

let rendering = 0;
/** The latest render, settled (a key pressed while it draws waits for it). */
let drawing = Promise.resolve();
/** The scorer's keys pressed while the screen was being drawn, to be taken in order once it is. */
const keysWaiting = [];
let pumping = false;
/** A render is under way. */
export function busy() {
  return rendering > 0;
}

/** Draw the current screen. `body[data-busy]` is set while a render is under way. */
export async function render() {
  rendering += 1;
  document.body.dataset.busy = "1";
  try {
    const drawn = draw();
    drawing = drawn.catch(() => null);
    await drawn;
  } finally {
    rendering -= 1;
    if (rendering === 0 && !keysWaiting.length && !pumping) delete document.body.dataset.busy;
  }
}

async function draw() {
  // Drawings overlap (a language chosen while the window starts, a phone's poll beside a
  // press): the last begun is the one shown. An earlier one, finished late, drew its screen
  // over the later (the Tournaments screen came back over the form asking who works here).
  // One overtaken waits for the later, so that what follows a render finds its screen drawn.
  const mine = ++draws;
  const overtaken = () => mine !== draws;
  document.documentElement.lang = currentLang();
  titlePage();
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const b of document.querySelectorAll("#nav button")) {
    b.textContent = t(b.dataset.view);
    b.classList.toggle("active", b.dataset.view === state.view);
  }
  document.getElementById("lang").value = currentLang();
  const who = savedWho();
  const whoButton = document.getElementById("who");
  whoButton.textContent = who ? actorText(who) : t("nobody");
  whoButton.title = t("working");
  // Nobody to name yet (a phone before its code is opened): no empty button in the header.
  if (!whoButton.textContent.trim()) whoButton.hidden = true;
  else if (!document.body.classList.contains("room-page")) whoButton.hidden = false;
  document.getElementById("current-tournament").title = t("tournament");
  // The tournament picker needs an open database; on the recovery screen there is none.
  // On the recovery screen (no database open) there is no tournament to pick: no empty picker.
  const listed = await fillTournaments().catch(() => null);
  // A failed automatic backup is said above every screen until a backup is taken (it went to
  // standard error alone, which nobody sees behind a window).
  if (!document.body.classList.contains("device") && !state.refused) {
    showBackupFailure(await call("backup_failure").catch(() => null));
    // A database that may not be written is said before anyone types what would not be kept.
    banner("read-only", await call("read_only").catch(() => null));
  }
  if (overtaken()) return drawing;
  const picker = document.getElementById("current-tournament");
  if (picker && !document.body.classList.contains("device")) picker.closest("label").hidden = !listed;
  const view = document.getElementById("view");
  if (state.refused && !["recover", "who", "about"].includes(state.view)) state.view = "recover";
  const focused = focusPlace(view);
  try {
    const content = await screens[state.view].view();
    // Its screen is dropped; but what its view set on the way (the scorer's keys, a check
    // timed to run) may stand over the later's: drawn again once the later is done.
    if (overtaken()) return drawing.then(() => render());
    view.replaceChildren(h("div", { id: `screen-${state.view}` }, content));
    drawnFor = screenKey();
    state.offlineKept = false;
    restoreKept(view);
    errorNearForm(view);
    if (focused && focused.view === state.view) refocus(view, focused);
    underPanel();
    // A cursor in the entry panel (Kings Cribbage's board) stays in the panel's sight as it
    // moves: the tile being laid or corrected lay under the panel's scrolled part.
    inPanelSight(view.querySelector("#entry-body .cursor"));
    const shown = screens[state.view] && screens[state.view].shown;
    if (shown) shown();
  } catch (e) {
    if (overtaken()) return drawing;
    // Out of reach (a phone's network): the screen stays as it was, what was typed in it too,
    // and the refusal is said above it (the jury's phone lost its whole screen, the ruling
    // typed with it, until the page was loaded again).
    // Only the screen drawn for this very view, round and table: another table's screen kept
    // under this table's chooser would take a ruling typed there to the wrong table.
    if (e && e.kind === "offline" && view.firstChild && !view.querySelector("#screen-error") && drawnFor === screenKey()) {
      const said = document.getElementById("error") || h("div", { class: "error", id: "error", role: "alert" });
      said.textContent = String(explain(e));
      if (!said.isConnected) view.prepend(said);
      // Drawn again once the server answers (the notice stayed under «connected»).
      state.offlineKept = true;
      return;
    }
    view.replaceChildren(h("div", { class: "error", id: "screen-error" }, explain(e)));
    drawnFor = null;
  }
}

/** How many drawings of the screen were begun: the last begun is the one shown. */
let draws = 0;

/** What a screen was drawn for: its view, round and table. */
const screenKey = () => `${state.view}/${state.tournament}/${state.round}/${state.table}`;
/** What the screen shown was drawn for (null: none, or an error). */
let drawnFor = null;

/** The refusal of a form's change, moved from the screen's top to just above that form. */
function errorNearForm(view) {
  const near = state.errorNear && state.errorNear.error === state.error ? document.getElementById(state.errorNear.form) : null;
  const box = document.getElementById("error");
  if (near && box && view.contains(near) && !near.contains(box)) near.before(box);
}

/** What a focusable thing is, for finding the one in the same place once the screen is drawn anew. */
const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]";

/**
 * Where the focus is in the screen, so that it comes back there once the screen is drawn anew
 * (keyboard first: after Create, Draw, a refusal, the focus fell to the page and Tab started
 * again from the menu): the ids of what holds it, from itself up, and which focusable it is
 * within the nearest of them. Not on the scorer's screen nor in an entry panel, where a key
 * pressed with no field focused picks a contract and the panel puts the focus itself, nor on
 * a phone, whose keyboard would open by itself.
 */
function focusPlace(view) {
  const el = document.activeElement;
  if (!el || !view.contains(el) || el === view || state.view === "scorer" || el.closest("#entry") || document.body.classList.contains("device")) return null;
  const ids = [];
  for (let n = el; n && n !== view; n = n.parentElement) if (n.id) ids.push(n.id);
  const anchor = el.id ? null : el.closest("[id]");
  const index = anchor && view.contains(anchor) ? [...anchor.querySelectorAll(FOCUSABLE)].indexOf(el) : -1;
  return { view: state.view, ids, index, tag: el.tagName };
}

/** The focus put back where `focusPlace` found it: the same control, else the same place
 * within what holds it (a table's row), else what held it, so that Tab goes on from there. */
function refocus(view, place) {
  if (view.contains(document.activeElement) && document.activeElement !== view) return;
  const own = place.index < 0 && place.ids.length ? document.getElementById(place.ids[0]) : null;
  if (own && view.contains(own)) { own.focus({ preventScroll: true }); if (document.activeElement === own) return; }
  for (const [at, id] of place.ids.entries()) {
    const anchor = document.getElementById(id);
    if (!anchor || !view.contains(anchor)) continue;
    if (at === 0 && place.index >= 0) {
      const same = anchor.querySelectorAll(FOCUSABLE)[place.index];
      if (same && same.tagName === place.tag) { same.focus({ preventScroll: true }); if (document.activeElement === same) return; }
    }
    if (!anchor.matches(FOCUSABLE)) anchor.tabIndex = -1;
    anchor.focus({ preventScroll: true });
    if (document.activeElement === anchor) return;
  }
}

/**
 * A control reached by Tab is scrolled above the entry panel that stays at the foot of the
 * scorer's screen (a line's "Correct" took the focus under it, unseen): the page keeps the
 * panel's height as room at its foot, followed as the panel grows and shrinks.
 */
function underPanel() {
  const entry = document.getElementById("entry");
  panelRoom();
  if (!window.ResizeObserver) return;
  panelWatch ||= new ResizeObserver(panelRoom);
  panelWatch.disconnect();
  if (entry) panelWatch.observe(entry);
}
let panelWatch = null;
/** The room kept at the page's foot: the entry panel's height, when the screen has one and
 * the focus is not in it (a field of the panel, which stays in sight, is not scrolled to:
 * the sheet went up out of sight behind it). */
function panelRoom() {
  const entry = document.getElementById("entry");
  const inside = entry && entry.contains(document.activeElement);
  // The window's keyboard (a phone is tapped: its panel takes most of the screen, and the
  // lines waiting above it went out of sight).
  const inWindow = !document.body.classList.contains("device");
  document.documentElement.style.scrollPaddingBottom = entry && !inside && inWindow ? `${entry.offsetHeight + 8}px` : "";
  // And the sheet's header row, which stays at the top over the lines: its lines keep room
  // under it when brought into sight (a line's Correct was, behind it). On the lines alone:
  // room kept at the page's top made the window's driver find the fields below it not there.
  const head = inWindow && document.querySelector("table.sheet tr.sheet-head");
  document.documentElement.style.setProperty("--sheet-head", head ? `${head.offsetHeight + 4}px` : "0px");
}

/**
 * What is typed in a form is kept until the form's action succeeds: a refusal redraws
 * the screen, and the fields come back as they were (a rule broken never costs the typing).
 * Where a kept form lives: its screen, tournament, round, table and id (forms marked `data-keep`).
 */
function keptKey(id) {
  return [state.view, state.tournament, state.round, state.table, id].join("/");
}
function keep(field) {
  const form = field.form;
  if (!form || !form.id || !field.name || !form.dataset.keep) return;
  const kept = (state.kept[keptKey(form.id)] ||= {});
  kept[field.name] = field.type === "checkbox" ? field.checked : field.value;
}
/** Let go of what was typed in form `id` of this screen (called off: Cancel). */
export function forgetKept(id) {
  delete state.kept[keptKey(id)];
}
function restoreKept(root) {
  for (const form of root.querySelectorAll("form[data-keep]")) {
    const fields = state.kept[keptKey(form.id)];
    if (!fields) continue;
    for (const [name, value] of Object.entries(fields)) {
      const field = form.elements[name];
      if (!field || field instanceof RadioNodeList) continue;
      if (field.type === "checkbox") field.checked = value; else field.value = value;
    }
  }
}

/** The failed automatic backup's words above the screen, with the way to the Backups screen;
 * none once a backup is taken. */
function showBackupFailure(failed) {
  banner("backup-failed", failed, h("button", { id: "backup-failed-go", onclick: () => { state.error = null; go("backups"); } }, t("backups")));
}

/** A banner above every screen, with `id`, saying `said` (the api's words in every language)
 * and holding `more`; none when `said` is none. */
function banner(id, said, ...more) {
  let box = document.getElementById(id);
  if (!said) { if (box) box.remove(); return; }
  const words = said[currentLang()] || said.en;
  if (!box) {
    box = h("div", { class: "error", id, role: "alert" });
    document.getElementById("view").before(box);
  }
  // A line of its own: it opens with a capital.
  box.replaceChildren(words.charAt(0).toUpperCase() + words.slice(1), ...(more.length ? [" ", ...more] : []));
}

async function fillTournaments() {
  const select = document.getElementById("current-tournament");
  const list = await call("tournament_list");
  if (state.tournament && !list.some((x) => String(x.id) === state.tournament)) state.tournament = "";
  select.replaceChildren(h("option", { value: "" }, t("none")), ...list.map((x) => h("option", { value: x.id }, x.name)));
  select.value = state.tournament;
  return list;
}

export function go(view) {
  // A restore asked to be confirmed is not left armed behind another screen, nor a refusal said
  // of the screen left («Remplissez d'abord « Nom ».» stood over the next two screens).
  if (view !== state.view) {
    state.confirmRestore = null;
    const f = document.getElementById("flash");
    if (f && f.className === "error") clearFlash();
  }
  state.view = view;
  localStorage.setItem("atout.view", view);
  render();
}

/** Run a change; show a refusal where it happened and keep the screen as typed. */
export async function act(fn, done) {
  // The same press again (a button clicked twice, Enter twice in a form, the form's fields
  // unchanged) while the first is on its way or its screen being drawn sends nothing more: a
  // jury's fault was written twice. Any other change waits for the one under way, then goes.
  const key = pressed();
  if (key && acting.has(key)) return null;
  if (key) acting.add(key);
  // The form this press sent, if any: only its typing is let go once the change succeeds (every
  // kept form was emptied: a free ruling half typed went when another ruling was withdrawn).
  const sent = window.event && window.event.target instanceof Element ? window.event.target.closest("form") : null;
  const sentKey = sent && sent.id ? keptKey(sent.id) : null;
  const before = queue;
  let settled;
  queue = new Promise((resolve) => { settled = resolve; });
  try {
    await before;
    const result = await fn();
    state.error = null;
    if (sentKey) delete state.kept[sentKey];
    // Its message said before the next change goes: said after, a late answer's message could
    // stand over the next change's.
    if (done) await done(result);
    await render();
    return result;
  } catch (e) {
    state.error = explain(e);
    // Said above the form sent, where the eyes are (a season's form at the foot of a long
    // screen was refused at its top, out of sight).
    state.errorNear = sent && sent.id ? { form: sent.id, error: state.error } : null;
    // An earlier "Saved" must not stand beside this refusal.
    clearFlash();
    await render();
    return null;
  } finally {
    if (key) acting.delete(key);
    settled();
  }
}
/** The presses on their way, and the last change queued (each waits for the one before). */
const acting = new Set();
let queue = Promise.resolve();

/** What the user pressed to ask for the change being made, when it is asked while the event
 * is dispatched: the form and what its fields hold, or the element and its value. */
function pressed() {
  const e = window.event;
  const el = e && e.target instanceof Element ? e.target : null;
  if (!el) return null;
  const form = el.closest("form");
  if (form) return `form ${form.id} ${JSON.stringify([...new FormData(form)].map(([k, v]) => [k, typeof v === "string" ? v : v.name]))}`;
  return `${e.type} ${el.id || el.textContent} ${"value" in el ? el.value : ""}`;
}

// ---------------------------------------------------- keyboard, header
/**
 * The window's own listeners, installed once: kept forms, the header (menu, who,
 * language, tournament, `calculator()`), and the keyboard: Ctrl+Z runs `undo()`,
 * Escape leaves the room display, and on the scorer's screen the game's keys,
 * Enter and Escape work when no field has focus.
 */
export function listen({ calculator, undo }) {
  document.addEventListener("input", (e) => keep(e.target));
  document.addEventListener("change", (e) => keep(e.target));
  document.getElementById("calc-open").addEventListener("click", () => { calculator(); });
  document.getElementById("nav").addEventListener("click", (e) => { if (e.target.dataset.view) { state.error = null; go(e.target.dataset.view); } });
  document.getElementById("who").addEventListener("click", () => { state.afterWho = state.view === "who" ? "tournaments" : state.view; go("who"); });
  document.getElementById("lang").addEventListener("change", (e) => {
    setLang(e.target.value);
    // A message shown in the language left behind goes with it.
    clearFlash();
    state.error = null;
    render();
  });
  document.getElementById("current-tournament").addEventListener("change", (e) => {
    useTournament(e.target.value); render();
  });
  // Back in the window (from the command line, or another window), the tournaments made there
  // can be picked at once: the header's list is read again (it waited for a screen to be drawn,
  // and picking the new one said to create or pick a tournament first).
  window.addEventListener("focus", () => {
    const picker = document.getElementById("current-tournament");
    // Not on a phone or the room's display, whose header has no list to pick from.
    if (picker && !document.body.classList.contains("device") && !picker.closest("label")?.hidden && document.activeElement !== picker) fillTournaments().catch(() => {});
  });
  document.addEventListener("keydown", (e) => scorerKey(e, undo));
  // A form sent with a field left empty that must be filled: said in words, in the window's
  // language (the window's engine says nothing: Enter did nothing but move the focus).
  document.addEventListener("invalid", (e) => fieldSaid(e.target), true);
  // Before the browser scrolls to what takes the focus: room at the foot, or none.
  document.addEventListener("focusin", panelRoom);
  // A field of the entry panel that takes the focus is scrolled into the panel's sight (at
  // 1024 × 768 the tricks being typed lay under the panel's scrolled part, unseen).
  document.addEventListener("focusin", (e) => inPanelSight(e.target));
}

/** What a field still needs, said once for the form sent (its first such field, which the
 * browser focuses), by the field's label. */
export function fieldSaid(el) {
  if (!(el instanceof HTMLElement) || fieldSaid.at === Date.now()) return;
  fieldSaid.at = Date.now();
  const label = el.closest("label");
  const name = el.getAttribute("aria-label") || (label && label.firstChild && label.firstChild.nodeType === 3 ? label.firstChild.textContent : "") || el.getAttribute("placeholder") || el.name || "";
  const v = el.validity || {};
  // A number out of its bounds says them (it said «does not read: see what it asks», and
  // nothing on screen said what it asks).
  const bounds = (v.rangeUnderflow || v.rangeOverflow || v.stepMismatch) && el.min !== "" ? { min: el.min, max: el.max || "…" } : null;
  // An earlier refusal no longer stands beside this one (two contradicting messages at once).
  state.error = null;
  document.getElementById("error")?.remove();
  flash(bounds ? t("field_between", { field: name.trim(), ...bounds }) : t(v.valueMissing ? "field_missing" : "field_wrong", { field: name.trim() }), false);
}

/**
 * The keys pressed while the screen was being drawn, taken one by one, each once the screen
 * is drawn: where a field now has the focus (the panel puts it in a figure once a game is
 * picked), typed into it; else as a key pressed with no field focused. The page stays busy
 * (`body[data-busy]`) until they are all taken.
 */
async function pumpKeys(undo) {
  if (pumping) return;
  pumping = true;
  document.body.dataset.busy = "1";
  try {
    while (keysWaiting.length) {
      while (rendering > 0) {
        await drawing;
        await new Promise((next) => setTimeout(next, 0));
      }
      // A key and whether Shift was held (Kings Cribbage's board: Shift+J the joker, not a jack).
      const { key, shiftKey } = keysWaiting.shift();
      const field = document.activeElement;
      if (field && field.tagName === "INPUT") {
        if (key.length === 1) {
          // As typed: over what is selected (a field selects its figure when focused).
          if (field.selectionStart != null) field.setRangeText(key, field.selectionStart, field.selectionEnd, "end");
          else field.value += key;
          field.dispatchEvent(new Event("input", { bubbles: true }));
        } else {
          field.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
        }
      } else {
        scorerKey({ key, shiftKey, target: document.body, ctrlKey: false, metaKey: false, altKey: false, replayed: true, preventDefault() {} }, undo);
      }
      await new Promise((next) => setTimeout(next, 0));
    }
  } finally {
    pumping = false;
    if (rendering === 0) delete document.body.dataset.busy;
  }
}

/**
 * A key on the window: Ctrl+Z, Escape out of the room display, and the scorer's keys. A
 * scorer's key pressed while the screen is being drawn is taken once it is drawn, in the
 * order pressed: it landed on the panel going away, and was lost (a game picked just after
 * Escape dropped the line was picked on the old panel).
 */
function scorerKey(e, undo) {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !["INPUT", "TEXTAREA"].includes(e.target.tagName)) { e.preventDefault(); undo(); return; }
  if (e.key === "Escape" && document.body.classList.contains("room")) { e.preventDefault(); document.body.classList.remove("room"); return; }
  if (state.view !== "scorer" || e.ctrlKey || e.metaKey || e.altKey) return;
  if ((busy() || keysWaiting.length || pumping) && e.target.tagName !== "INPUT" && !e.replayed) {
    e.preventDefault();
    keysWaiting.push({ key: e.key, shiftKey: !!e.shiftKey });
    pumpKeys(undo);
    return;
  }
  // Escape drops the line typed (or leaves a correction) from the entry panel, a figure's field
  // included (the panel puts it there once a game is picked), or with no field in focus; not
  // from a field of its own elsewhere (a reason for the first dealer or an undo, the round's
  // box): giving up that field cost the line typed above it.
  const field = ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName);
  if (e.key === "Escape" && !["TEXTAREA", "SELECT"].includes(e.target.tagName) && (!field || e.target.closest("#entry"))) { e.preventDefault(); dropLine(); render(); return; }
  // In a figure's field (digits only), a letter still picks another game.
  const figure = e.target.tagName === "INPUT" && e.target.inputMode === "numeric";
  if (figure && /^\p{L}$/u.test(e.key) && state.keys && state.keys(e)) { e.preventDefault(); return; }
  // Keyboard first: on the scorer's screen, the game's keys pick contracts and suits when no field has focus.
  if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
  if (state.keys && state.keys(e)) { e.preventDefault(); return; }
  // Enter enters the line typed (as in a form); Escape drops it, or leaves a correction.
  if (e.key === "Enter" && !["BUTTON", "A"].includes(e.target.tagName)) { const b = document.getElementById("enter-line"); if (b) { e.preventDefault(); b.click(); } }
}

// ----------------------------------------------------------- startup
/**
 * Who works here is asked once per device; until then, the first screen asks.
 * A database that could not be opened shows the recovery screen first.
 */
export async function start() {
  // The system's language, as the application reads it (the window's engine said English
  // where the system's locale files were missing).
  systemLang(await call("system_lang").catch(() => null));
  const r = await call("recovery").catch(() => null);
  // A database that cannot be opened: every screen but the recovery's (and who works here,
  // and About) shows the recovery's until a backup is put in place (the menu led to screens
  // that said only an English error, and to a restore that could not work).
  state.refused = !!(r && r.error);
  if (state.refused) { state.view = "recover"; render(); return; }
  const who = savedWho();
  if (who) {
    try { await call("set_actor", { actor: actorText(who) }); } catch (_) { localStorage.removeItem("atout.who"); }
  }
  if (!localStorage.getItem("atout.who")) { state.afterWho = state.view === "who" || state.view === "recover" ? "tournaments" : state.view; state.view = "who"; }
  else if (state.view === "recover") state.view = "tournaments";
  render();
}
