// The shared sheet view: a table's sheet (its lines, totals, scores and table points),
// the entry panel where the next line is typed or a line corrected (through the game's
// entry module, see games/README.md), the tools below the sheet (joint corrections,
// undo, first dealer) and its history. The scorer's screen shows it; the jury's screen
// and the log use its words for entries; the table devices will reuse it.
import { call } from "./api.js";
import { t, tn, explain, currentLang, fmtWhen } from "./i18n.js";
import { h } from "./dom.js";
import { state, render, act, flash, errorBox, fmt, dropLine, openTable, savedWho, actorSaid, inPanelSight } from "./shell.js";

/** Which round and table: another one leaves what was typed at this one (`onchange` then redraws). */
export function tableChooser(info, onchange) {
  return h("div", { class: "row" },
    h("label", {}, t("round"), h("input", { id: "sheet-round", type: "number", min: 1, max: info.rounds, value: state.round, onchange: (e) => { openTable(Number(e.target.value), state.table); onchange(); } })),
    h("label", {}, t("table"), h("input", { id: "sheet-table", type: "number", min: 1, value: state.table, onchange: (e) => { openTable(state.round, Number(e.target.value)); onchange(); } })));
}

/** A word of the sheet as the game says it (`desc.words`: Kings Cribbage has turns, not
 * deals, and a seat that plays first, not a dealer), else the window's own. */
export const gameWord = (desc, key) => (desc && desc.words && desc.words[key]) || t(key);

export function sheetTable(sheet, game) {
  const { mod, desc } = game;
  // How a line reads is the game's: its label in words comes with the line.
  const lang = currentLang();
  // The figures the paper shows beside each seat's points (Double Lucky 7: bid and tricks), named as the game names them.
  const figures = sheet.seat_figures || [];
  const legend = figures.map((k) => (desc.fields[k] ? desc.fields[k].name : k)).join(" / ");
  // On a phone's narrow screen the deal column goes when every deal is its line's number.
  const deals = !(window.matchMedia && window.matchMedia("(max-width: 560px)").matches && sheet.lines.every((l) => l.deal === l.line));
  const head = h("tr", { class: "sheet-head" }, h("th", { class: "num" }, t("line")), deals ? h("th", { class: "num" }, gameWord(desc, "deal")) : null, h("th", {}, t("game_col")),
    sheet.seats.map((s) => h("th", { class: s.name.length > 12 ? "num long-name" : "num" }, `${s.seat}. ${s.name}`, legend ? h("small", { class: "seat-figures" }, `${t("points")} (${legend})`) : null)), h("th", {}, ""));
  const beside = (l, i) => (figures.length ? h("small", { class: "seat-figures" }, ` (${figures.map((k) => (Array.isArray(l.entry[k]) ? l.entry[k][i] : "")).join("/")})`) : null);
  const rows = sheet.lines.map((l) => h("tr", { class: `${l.counts ? "" : "void"}${state.correcting === l.line ? " correcting" : ""}${state.pending && state.pending[l.line] ? " pending" : ""}`, id: `line-${l.line}` },
    h("td", { class: "num" }, l.line), deals ? h("td", { class: "num" }, l.deal) : null, h("td", { class: "label", title: l.counts ? l.label_title[lang] : `${l.label_title[lang]} — ${t("void_fault")}` }, `${l.label_texts[lang]}${l.fault ? (lang === "fr" ? " !" : "!") : ""}`,
      // Who played the line (declarer, partner, offender, a fine's reason), as the game says it.
      l.who_texts && l.who_texts[lang] ? h("small", { class: "played-by" }, l.who_texts[lang]) : null),
    l.points.map((p, i) => h("td", { class: `num${l.dealer === i + 1 ? " dealer" : ""}${l.chooser === i + 1 ? " chooser" : ""}${l.sits_out === i + 1 ? " out" : ""}`, title: `${t("totals")}${t("colon")}${l.running[i]}` }, h("span", {}, l.sits_out === i + 1 ? "—" : p), l.sits_out === i + 1 ? null : beside(l, i))),
    // A fault or a fine is the jury's to correct: no button on a table's device, where it was
    // refused only once the whole line was typed again.
    h("td", {}, l.fault && document.body.classList.contains("device") ? null : h("button", { class: "correct", title: t("correct"), onclick: () => { const draft = mod.newDraft((state.pending && state.pending[l.line]) || l.entry, { sheet, desc, next: null }); dropLine(); state.correcting = l.line; state.draft = draft;
      // The focus goes to the panel where the line is now typed (it fell to the page): the
      // game's keys and Enter work from there, and Tab goes into its fields.
      render().then(() => document.getElementById("entry")?.focus({ preventScroll: true })); } }, t("correct")))));
  const span = { colspan: deals ? 3 : 2 };
  const sum = h("tr", { id: "sheet-totals" }, h("th", span, t("totals")), sheet.totals.map((x) => h("th", { class: "num" }, x)), h("th", {}, ""));
  // Every ruling where it counts: between the sheet's totals and the round's scores, so that
  // what moves the one to the other is on the sheet.
  const rulings = sheet.rulings.map((r, i) => h("tr", { class: "ruling-row", id: `sheet-ruling-${i + 1}` },
    h("td", span, `${r.sanction ? t("sanction_row") : t("ruling_row")}${t("colon")}${(sheet.ruling_texts && sheet.ruling_texts[i] && sheet.ruling_texts[i][currentLang()]) || r.reason}${r.by ? ` (${r.by})` : ""}`),
    r.points.map((p) => h("td", { class: "num" }, p > 0 ? `+${p}` : String(p))), h("td", {}, "")));
  const scores = h("tr", { id: "round-scores" }, h("th", span, t("round_scores")), sheet.scores.map((x) => h("th", { class: "num" }, x)), h("th", {}, ""));
  const points = h("tr", { id: "table-points" }, h("th", span, `${t("table_points")}${sheet.complete ? "" : ` (${t("provisional")})`}`),
    sheet.table_points.map((x) => h("th", { class: "num" }, fmt(x))), h("th", {}, ""));
  // What the marks on the figures mean, for the marks this sheet shows.
  const marks = [
    sheet.lines.some((l) => l.dealer) ? h("span", {}, h("span", { class: "mark dealer" }, "0"), ` ${(desc.labels && desc.labels.marked) || t("legend_dealer")}`) : null,
    // What the circle says is the game's (Rikken circles the declarer: «chose the game» is King's).
    sheet.lines.some((l) => l.chooser) ? h("span", {}, h("span", { class: "mark chooser" }, h("span", {}, "0")), ` ${(desc.labels && desc.labels.circled) || t("legend_chooser")}`) : null,
    sheet.lines.some((l) => l.sits_out) ? h("span", {}, h("span", { class: "mark out" }, "—"), ` ${t("legend_out")}`) : null,
    // How the game writes what the sheet abbreviates (King's sales), as the printed sheet says it.
    sheet.key ? h("span", { id: "sheet-key" }, sheet.key[currentLang()]) : null,
  ].filter(Boolean);
  return [
    h("div", { class: "sheet-box" }, h("table", { class: `sheet${deals ? "" : " no-deal-col"}`, id: "sheet" }, head, rows, sum, rulings, scores, sheet.uses_table_points ? points : null)),
    marks.length ? h("p", { class: "hint sheet-legend", id: "sheet-legend" }, marks) : null,
  ];
}

/** The live check of the line being typed: its points, or the rule it breaks, from the application. */
let checkTimer = null;
let checkSeq = 0;

/** Why a change is made, asked beside it (it is recorded with the change). */
const reasonInput = (id) => h("input", { id, name: "reason", required: true, maxlength: 500, placeholder: t("reason"), "aria-label": t("reason") });

/** Take back the sheet's last line, with why (the window's tools and a table's phone). */
export function undoForm(sheet, where) {
  return sheet.lines.length ? h("form", { class: "row", id: "undo-line", "data-keep": "1", onsubmit: (e) => {
    e.preventDefault();
    // The last line this screen shows: refused, naming who, if another was written since.
    const last = sheet.lines[sheet.lines.length - 1];
    // The line typed for the next deal goes with it: the deal it was for is no longer next
    // (the next deal's game stayed chosen, and the line was refused as the wrong game).
    act(() => call("deal_undo", { ...where, line: sheet.lines.length, before: last.entry, reason: e.target.reason.value }), () => { dropLine(); flash(t("saved")); });
  } }, reasonInput("undo-reason"), h("button", { id: "undo-last" }, t("undo_last"))) : null;
}

/** Corrections of several lines kept for one save, the undo of the last line, the first dealer. */
export function sheetTools(sheet, tid, desc) {
  const where = { tournament: tid, round: state.round, table: state.table };
  const pending = state.pending ? Object.keys(state.pending).map(Number).sort((a, b) => a - b) : [];
  return h("div", { class: "tools" },
    pending.length ? h("form", { class: "row pending", id: "pending", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const lines = sheet.lines.map((l) => state.pending[l.line] || l.entry);
      act(() => call("sheet_replace", { ...where, lines, reason: e.target.reason.value }), () => { state.pending = null; flash(t("saved")); });
    } }, h("strong", {}, `${tn("pending_lines", pending.length)}${t("colon")}${pending.join(", ")}`), reasonInput("pending-reason"),
      h("button", { class: "primary", id: "save-pending" }, t("save_all")),
      h("button", { type: "button", onclick: () => { state.pending = null; render(); } }, t("discard"))) : null,
    undoForm(sheet, where),
    h("form", { class: "row", id: "dealer-form", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      act(() => call("table_dealer", { ...where, seat: Number(e.target.seat.value), reason: e.target.reason.value }), () => { dropLine(); flash(t("saved")); });
    } }, h("label", {}, gameWord(desc, "new_first_dealer"), h("select", { name: "seat" }, sheet.seats.map((s) => h("option", { value: s.seat, selected: s.seat === sheet.first_dealer }, `${s.seat}. ${s.name}`)))),
      reasonInput("dealer-reason"), h("button", { id: "change-dealer" }, gameWord(desc, "first_dealer_change"))));
}

export function entryPanel(sheet, tid, game) {
  const { mod, desc } = game;
  const correcting = state.correcting;
  const next = sheet.next;
  if (!correcting && !next) return h("p", { id: "sheet-complete" }, h("strong", {}, t("sheet_complete")));
  const where = { tournament: tid, round: state.round, table: state.table };
  const previewEl = h("p", { class: "preview", id: "preview" });
  const listeners = [];
  const ctx = {
    sheet, desc, next, correcting, t,
    // The name of who works at this screen (a fine's jury member by default).
    who: (savedWho() || {}).name || "",
    // Their role: a table's scorer is no jury member (a fine typed at the table named the
    // scorer as the jury member who gave it).
    role: (savedWho() || {}).role || "",
    // A table's phone: its code writes lines, not the jury's fines (offered, they were refused).
    tablePhone: document.body.classList.contains("device") && (savedWho() || {}).role === "scorer",
    draft: state.draft || (state.draft = mod.newDraft(null, { sheet, desc, next })),
    submit: () => submit(),
    redraw: (focus) => render().then(() => { if (focus) document.querySelector(focus)?.focus(); }),
    onPreview: (fn) => listeners.push(fn),
    check: () => {
      clearTimeout(checkTimer);
      checkTimer = setTimeout(checkNow, 120);
    },
    // The application's answer to the draft as it now stands (null when it has not answered
    // since the draft changed): a game whose entry the rules complete from what is typed
    // (Kings Cribbage's bonuses) builds its entry from it.
    answer: () => (answered && answered.key === draftKey() ? answered.result : null),
    // True while the application cannot be reached (a table device without its network):
    // a game that completes its entry from the answer falls back on what it can say alone,
    // and the application checks the line when it arrives.
    unreachable: () => unreachable,
  };
  // What the scorer has typed, as the application is asked about it.
  const draftKey = () => JSON.stringify(mod.partial ? mod.partial(ctx.draft) : mod.toEntry(ctx.draft, desc, ctx));
  let answered = null;
  let unreachable = false;
  const checkNow = async () => {
    const entry = mod.toEntry(ctx.draft, desc, ctx);
    const sent = entry || (mod.partial ? mod.partial(ctx.draft) : null);
    // Nothing typed to check: a key's note stays (why a seat or a game cannot be pressed; the
    // check that followed the key emptied it at once).
    if (!sent) { if (!previewEl.dataset.note) previewEl.textContent = ""; return; }
    const key = draftKey();
    const seq = ++checkSeq;
    let result;
    try { result = await call("deal_check", { ...where, line: correcting || null, entry: sent }); } catch (e) {
      if (e && (e.kind === "offline" || e.kind === "no-backend")) unreachable = true;
      return;
    }
    unreachable = false;
    // Kept whenever it answers the draft as it stands, even when a later check overtook it
    // (the submit waiting on it must not lose it); the preview shows the latest check only.
    if (key === draftKey()) answered = { key, result };
    if (seq !== checkSeq) return;
    // The answer completes the entry (the rules said what the typed move earns): the line
    // itself is checked now, and the preview says that.
    if (!entry && mod.toEntry(ctx.draft, desc, ctx)) return checkNow();
    listeners.forEach((fn) => fn(result));
    // A refusal shown for an earlier try goes once the line no longer breaks that rule (it
    // breaks none, or another, which the preview then says): never two refusals, one stale.
    // A line written meanwhile by another stays said until the scorer acts: the figures
    // checked again as the next line pass, and took it away (they were then written as the
    // next deal's).
    // Nor a refusal the check cannot judge (a correction's reason, a fine's), said when the
    // line was sent: it stays until what was sent changes (it vanished a tenth of a second
    // after it came, the check finding nothing wrong with the figures).
    const stale = state.error && state.error.kind !== "conflict" && !(entry && JSON.stringify(entry) === state.refusedDraft) && (!result.refused || (state.error.rule && result.refused.rule !== state.error.rule));
    if (entry && stale) { state.error = null; document.getElementById("error")?.remove(); }
    if (!entry) { previewEl.textContent = ""; previewEl.className = "preview"; }
    else if (result.refused) {
      const why = explain(result.refused);
      // Said once: when the refusal box already says it (the line was sent and refused), the preview stays silent.
      const shown = document.getElementById("error");
      const same = shown && shown.dataset.rule && shown.dataset.rule === (result.refused.rule || "");
      previewEl.textContent = same ? "" : why; previewEl.dataset.rule = same ? "" : why.rule || ""; previewEl.title = same ? "" : why.rule || ""; previewEl.className = same ? "preview" : "preview bad";
    }
    else {
      // The line in words first (whom it credits, by name), then each seat's points.
      const words = result.texts ? `${result.texts[currentLang()]} — ` : "";
      previewEl.dataset.rule = ""; previewEl.title = "";
      previewEl.textContent = `${words}${t("points")}${t("colon")}${result.points.map((p, i) => `${sheet.seats[i].name} ${p > 0 ? "+" : ""}${p}`).join(" · ")}`;
      previewEl.className = "preview good";
    }
    // The preview grew the panel's foot and shrank its fields' part: the field being typed in
    // stays in sight (on a phone, with its keyboard open, it went under the preview).
    inPanelSight(document.activeElement);
  };
  const d = ctx.draft;
  // One sending at a time: Enter pressed again while the line goes (in a figure's field, say)
  // must not send it twice.
  let sending = false;
  const submit = async (joint = false) => {
    if (sending) return;
    sending = true;
    try {
      await submitNow(joint);
    } finally {
      sending = false;
    }
  };
  const submitNow = async (joint) => {
    let entry = mod.toEntry(d, desc, ctx);
    if (!entry && mod.partial) {
      // Typed faster than the check: the application's answer first (it may complete the entry).
      clearTimeout(checkTimer);
      await checkNow();
      entry = mod.toEntry(d, desc, ctx);
    }
    if (!entry) {
      // Said, and the focus back in the field it was in (it fell to the page, as a refusal's once did).
      const field = document.activeElement && document.activeElement.closest("#entry") ? document.activeElement.id : "";
      state.error = t("incomplete");
      await render();
      const again = field && document.getElementById(field);
      if (again) again.focus();
      return;
    }
    if (correcting && (joint || state.pending)) {
      // Several lines edited, saved once: the whole sheet is checked together.
      state.pending = { ...(state.pending || {}), [correcting]: entry };
      dropLine();
      render();
    } else {
      // Refused, the panel is drawn again with the line as typed: the focus goes back to the
      // field it was in, so that the figure is mended where it was typed (it fell to the page,
      // where a digit picks a trump suit).
      const field = document.activeElement && document.activeElement.closest("#entry") ? document.activeElement.id : "";
      const before = correcting && sheet.lines[correcting - 1] && sheet.lines[correcting - 1].entry;
      // What is sent: a refusal of it stays while it stands.
      state.refusedDraft = JSON.stringify(entry);
      const stored = correcting
        ? await act(() => call("deal_correct", { ...where, line: correcting, entry, before, reason: d.reason || "" }),
          () => { state.lastAction = { kind: "correct", ...where, line: correcting, before, after: entry }; dropLine(); flash(t("saved")); })
        // The line the scorer sees: refused, naming who, if someone wrote it meanwhile.
        : await act(() => call("deal_add", { ...where, line: next.line, entry }), () => { dropLine(); state.lastAction = { kind: "line", ...where, line: next.line, after: entry }; flash(t("saved")); });
      if (!stored && !correcting && state.error && state.error.kind === "conflict") {
        // Written meanwhile by another (the sheet now shows theirs): these figures were typed
        // for that deal, not the next one — dropped, the refusal still said.
        state.draft = null;
        await render();
        return;
      }
      // A correction refused for want of its reason (a refusal of no rule: the figures' are
      // the rules'): the reason's field is where to mend it.
      const reasonField = !stored && correcting && !(d.reason || "").trim() && state.error && !state.error.rule ? "correct-reason" : "";
      const again = !stored && (reasonField || field) && document.getElementById(reasonField || field);
      if (again) { again.focus(); if (again.select) again.select(); }
      // Stored, and the next line's game already known (a fixed order, the next hand): its first
      // field takes the focus, as when a game is chosen (it stayed in the last seat's).
      const first = stored && !correcting && document.querySelector("#entry-body .figures input, #entry-body .figures button, #entry-body #suits button");
      if (first) first.focus();
    }
  };
  const parts = [
    // Who deals, and the running totals (in sight while the sheet scrolls behind the panel), on one line where they fit.
    h("div", { class: "entry-head" },
      h("p", { id: "next-dealer" }, correcting ? t("correcting", { line: correcting })
        : desc.labels && desc.labels.turn ? desc.labels.turn.replace("{seat}", next.dealer).replace("{name}", sheet.seats[next.dealer - 1].name).replace("{turn}", next.deal)
          : t("next_dealer", { dealer: next.dealer, deal: next.deal, name: sheet.seats[next.dealer - 1].name })),
      sheet.lines.length ? h("p", { class: "hint", id: "entry-totals" }, t("totals_line", { list: sheet.seats.map((s, i) => `${s.name} ${sheet.totals[i]}`).join(" · ") })) : null),
    // The game's fields scroll on their own when the panel is short of room…
    h("div", { class: "entry-body", id: "entry-body" }, mod.entryView(ctx)),
  ];
  // … while the refusal, the preview and the buttons stay at the foot of the panel, in
  // sight however long the refusal or the game's fields.
  const foot = [errorBox(), previewEl];
  if (correcting) foot.push(h("div", { class: "row" }, h("label", {}, t("reason"), h("input", { id: "correct-reason", value: d.reason || "", oninput: (e) => { d.reason = e.target.value; },
    onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); submit(); } } }))));
  foot.push(h("div", { class: "row" },
    h("button", { class: "primary", id: "enter-line", onclick: () => submit() }, correcting ? t("correct") : t("enter_line")),
    // Kept for one save of several lines: the window's alone (a table's device saves each line
    // as it goes; kept there, every later correction vanished without a word).
    correcting && !document.body.classList.contains("device") ? h("button", { id: "keep-line", onclick: () => submit(true) }, t("keep_for_joint")) : null,
    correcting ? h("button", { id: "cancel-line", onclick: () => { dropLine(); render(); } }, t("cancel")) : null));
  parts.push(h("div", { class: "entry-foot", id: "entry-foot" }, foot));
  state.keys = (e) => mod.onKey(e, ctx);
  setTimeout(() => {
    ctx.check();
    // After a refusal the figures just typed stay in sight: the game's fields end with them.
    const body = document.getElementById("entry-body");
    if (state.error && body) body.scrollTop = body.scrollHeight;
  }, 0);
  return h("div", { class: "card", id: "entry", tabindex: "-1" }, parts);
}

/**
 * Every version of every line and ruling: when, who, what, from what to what, why. A game
 * whose lines have a picture (`mod.picture`, Kings Cribbage's tiles on the board) shows it
 * under each version's words.
 */
export function historyTable(history, mod = null) {
  const seen = {};
  const lang = currentLang();
  return h("table", { id: "history" },
    h("tr", {}, h("th", {}, t("time")), h("th", {}, t("who_col")), h("th", { class: "num" }, t("line")), h("th", {}, t("what")), h("th", {}, t("change_from_to")), h("th", {}, t("reason"))),
    history.map((x) => {
      // Lines are versions of one another; rulings are each their own record.
      const key = x.kind === "deal" ? `deal/${x.line}` : null;
      const before = key ? seen[key] : undefined;
      // Each version in words, as the game says it (a removed line reads "—").
      const now = x.entry == null ? "—" : x.texts[lang];
      if (key) seen[key] = now;
      const picture = x.kind === "deal" && x.entry && mod && mod.picture ? mod.picture(x.entry) : null;
      return h("tr", {}, h("td", {}, fmtWhen(x.at_local)), h("td", {}, actorSaid(x.by)), h("td", { class: "num" }, x.line ?? "—"), h("td", {}, actionName(x)),
        h("td", {}, before !== undefined ? `${before} → ${now}` : now, picture), h("td", {}, x.reason));
    }));
}

/**
 * On the scorer's screen, the sheet's last line and its totals — or the line being corrected — just above
 * the entry panel (which stays at the bottom), never hidden behind it.
 */
let watchedPanel = null;
export function showLastLine() {
  const rows = document.querySelectorAll("#sheet tr");
  const entry = document.getElementById("entry");
  // While a new line is typed, the sheet's foot stays in sight too: the totals, the rulings
  // between them and the round's scores, the table points (the panel hid all but the totals,
  // so that the totals and the table points seemed to disagree).
  const last = state.correcting ? document.getElementById(`line-${state.correcting}`) : rows[rows.length - 1];
  if (!last || !entry) return;
  // Above the panel: the room the page keeps at its foot for it (shell.js) counted once.
  const kept = parseFloat(document.documentElement.style.scrollPaddingBottom) || 0;
  last.style.scrollMarginBottom = `${Math.max(0, entry.offsetHeight + 8 - kept)}px`;
  last.scrollIntoView({ block: "end" });
  // The panel grows as the line is checked (the preview, a refusal): the line stays above it.
  if (entry !== watchedPanel && typeof ResizeObserver === "function") {
    watchedPanel = entry;
    let height = entry.offsetHeight;
    new ResizeObserver(() => {
      if (entry.isConnected && entry.offsetHeight !== height) { height = entry.offsetHeight; showLastLine(); }
    }).observe(entry);
  }
}

/** What a change of the log did, in plain words, as the application says it (its code, from a
 * newer version's log). */
export function actionName(entry) {
  return (entry.action_texts && entry.action_texts[currentLang()]) || entry.action;
}

/**
 * Undo the last action of the person at this screen (Ctrl+Z): their last line
 * written (while it is still the sheet's last), or their last correction (the
 * line goes back to what it was). Anything else is left to the explicit tools.
 */
export async function undoMine() {
  const a = state.lastAction;
  // Said in words, whatever happens: what was undone, or that nothing is left to undo. Only at
  // the sheet it was done on, open on the scorer's screen: Ctrl+Z at table 5 (or on another
  // screen) took back table 2's last line, unseen.
  const same = (x, y) => String(x) === String(y);
  const here = a && state.view === "scorer" && same(a.tournament, state.tournament) && same(a.round, state.round) && same(a.table, state.table);
  if (!here) { flash(t("undo_nothing")); return; }
  const where = { tournament: a.tournament, round: a.round, table: a.table };
  // Recorded as what happened («taken back with Ctrl+Z»), not as the button's word.
  const reason = t("undo_reason");
  const lang = currentLang();
  let done = "";
  const ok = await act(async () => {
    const sheet = await call("sheet", where);
    const current = sheet.lines[a.line - 1];
    if (a.kind === "line" && sheet.lines.length === a.line && JSON.stringify(current.entry) === JSON.stringify(a.after)) {
      done = t("undone_line", { line: a.line, what: current.entry_texts[lang] });
      return call("deal_undo", { ...where, line: a.line, before: current.entry, reason });
    }
    if (a.kind === "correct" && current && JSON.stringify(current.entry) === JSON.stringify(a.after)) {
      const after = await call("deal_correct", { ...where, line: a.line, entry: a.before, before: current.entry, reason });
      done = t("undone_correction", { line: a.line, what: after.lines[a.line - 1].entry_texts[lang] });
      return after;
    }
    throw { message: t("undo_gone") };
  }, () => dropLine());
  if (ok) { state.lastAction = null; flash(done); }
}
