// Rikken's entry: the contract in bidding order, the declarer (and partner, or
// several misère declarers) by seat, the tricks; the jury's name when a call is
// due (said before the contract is written); a fine one key away. Contracts,
// amounts, who sits out and who needs the jury all come from the application.
import { h, seatButtons, digits } from "../dom.js";

export function newDraft(entry) {
  const d = { contract: null, declarer: null, partner: null, declarers: [], tricks: "", each: {}, jury: "", fine: null, offender: null, reason: "", by: "" };
  if (entry) {
    d.contract = entry.contract ?? null;
    d.declarer = entry.declarer ?? null;
    d.partner = entry.partner ?? null;
    d.declarers = entry.declarers ? [...entry.declarers] : [];
    if (Array.isArray(entry.tricks)) entry.declarers.forEach((s, i) => { d.each[s] = String(entry.tricks[i]); });
    else if (entry.tricks != null) d.tricks = String(entry.tricks);
    d.jury = entry.jury ?? "";
    d.fine = entry.fine ?? null;
    d.offender = entry.offender ?? null;
    d.reason = entry.reason ?? "";
    d.by = entry.by ?? "";
  }
  return d;
}

const contractOf = (desc, code) => desc.contracts.find((c) => c.code === code);

export function toEntry(d, desc) {
  if (d.fine) return d.offender ? { fine: d.fine, offender: d.offender, reason: d.reason, by: d.by } : null;
  const c = d.contract && contractOf(desc, d.contract);
  if (!c) return null;
  const entry = { contract: c.code };
  if (c.kind === "partner") {
    if (!d.declarer || !d.partner || d.tricks === "") return null;
    Object.assign(entry, { declarer: d.declarer, partner: d.partner, tricks: Number(d.tricks) });
  } else if (c.kind === "solo") {
    if (!d.declarer || d.tricks === "") return null;
    Object.assign(entry, { declarer: d.declarer, tricks: Number(d.tricks) });
  } else if (c.kind === "misere") {
    if (!d.declarers.length || d.declarers.some((s) => (d.each[s] ?? "") === "")) return null;
    Object.assign(entry, { declarers: d.declarers, tricks: d.declarers.map((s) => Number(d.each[s])) });
  }
  // A pass calls for no jury: a name typed for a solo refused, then the line changed into a
  // pass, was stored with it («everyone passes · jury member: 1»).
  if (d.jury.trim() && c.kind !== "pass") entry.jury = d.jury.trim();
  return entry;
}

/** The seat sitting the deal out (the dealer at a table of five), as the application says it; null when none or not known. */
function sitsOut(ctx) {
  return ctx.correcting ? ctx.sheet.lines[ctx.correcting - 1].sits_out : ctx.next && !ctx.next.unsure ? ctx.next.sits_out : null;
}

/** Seats that play the deal: all but the dealer at a table of five. */
function playing(ctx) {
  const out = sitsOut(ctx);
  return ctx.sheet.seats.filter((s) => s.seat !== out);
}

function juryDue(ctx, c) {
  const d = ctx.draft;
  if (c.jury) return true;
  // Who has lost two solos is said for the sheet's next line: a line corrected stands earlier.
  const due = ctx.next && !ctx.next.unsure && !ctx.correcting ? ctx.next.jury_due_for : [];
  const who = c.kind === "misere" ? d.declarers : [d.declarer];
  return c.solo && who.some((s) => due.includes(s));
}

/**
 * A tricks field; Enter goes to the field `next` (a misère's next declarer), or enters the
 * line. Backspace in the empty field calls `back` (the last seat picked is taken back).
 */
function tricksField(ctx, id, value, set, label, next = null, back = null) {
  return h("label", {}, label, h("input", { id, inputmode: "numeric", autocomplete: "off", value, style: "width:5rem",
    onfocus: (e) => e.target.select(),
    oninput: (e) => {
      const v = digits(e.target.value);
      e.target.value = v;
      // A count never opens with a 0 before another digit (« 001 »): marked at once, not taken.
      const bad = /^0\d/.test(v);
      e.target.classList.toggle("bad", bad);
      set(bad ? "" : v);
      ctx.check();
      // A figure no further digit could extend (0, or 2 up to the deal's tricks, as the rules
      // say them) moves on by itself, as every other figure does.
      const field = next && document.getElementById(next);
      if (!bad && field && v !== "" && (v === "0" || Number(v) * 10 > ctx.desc.tricks)) { field.focus(); field.select(); }
    },
    onkeydown: (e) => {
      const f = e.target;
      if (e.key === "Backspace" && f.value === "" && back) {
        // The figure just erased whole (selected, as a refusal leaves it): this Backspace is
        // one more meant for it, not a step back (a second Backspace to erase «14» took the
        // partner back, and the next digits picked seats).
        if (f.dataset.erased) { delete f.dataset.erased; e.preventDefault(); return; }
        e.preventDefault(); back(); return;
      }
      if (e.key === "Backspace" && f.value !== "" && f.selectionStart === 0 && f.selectionEnd === f.value.length) f.dataset.erased = "1";
      else delete f.dataset.erased;
      if (e.key !== "Enter") return;
      e.preventDefault();
      const field = next && document.getElementById(next);
      if (field) field.focus(); else ctx.submit();
    } }));
}

/** A text field where Enter goes on to the field `next`, or enters the line. */
function textField(ctx, id, value, set, next = null, attrs = {}) {
  return h("input", { id, value, ...attrs,
    oninput: (e) => { set(e.target.value); ctx.check(); },
    onkeydown: (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const field = next && document.getElementById(next);
      if (field) field.focus(); else ctx.submit();
    } });
}

export function entryView(ctx) {
  const { sheet, desc, next, draft: d, t } = ctx;
  const parts = [];
  const players = playing(ctx);
  if (!ctx.correcting && !next.unsure && next.sits_out) parts.push(h("p", { class: "hint", id: "sits-out" }, `${next.sits_out}. ${sheet.seats[next.sits_out - 1].name} ${desc.labels.sits_out}`));
  if (!ctx.correcting && !next.unsure && next.jury_due_for.length) {
    parts.push(h("p", { class: "forced", id: "jury-due-for" }, next.jury_due_for.map((s) => `${s}. ${sheet.seats[s - 1].name}`).join(", ") + ` — ${desc.labels.jury_due_for}`));
  }
  parts.push(h("div", { class: "games", id: "games" }, desc.contracts.map((c) => h("button", {
    id: `game-${c.code}`, class: d.contract === c.code && !d.fine ? "chosen" : "", title: c.points ? `${c.points.made}` : "",
    onclick: () => { d.contract = c.code; d.fine = null; ctx.redraw(); },
  }, h("kbd", {}, c.key.toUpperCase()), " ", c.name, c.jury ? " ⚖" : ""))));
  // Fines are the jury's: a table's phone does not offer them (they were refused once sent).
  if (!ctx.tablePhone) parts.push(h("div", { class: "games", id: "fines" }, h("span", {}, h("kbd", {}, "F"), ` ${desc.labels.fine}${t("colon").trimEnd()}`), desc.fines.map((f) => h("button", {
    id: `fine-${f.code}`, class: d.fine === f.code ? "chosen" : "", onclick: () => { d.fine = f.code; d.contract = null; ctx.redraw(); },
  }, `${f.name} · ${f.amount}`))));
  if (d.fine) {
    // The jury member is who works at this screen (not a table's scorer), unless another is named.
    if (!d.by && ctx.who && ctx.role !== "scorer") d.by = ctx.who;
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.offender),
      seatButtons("offender", sheet.seats, d.offender, (s) => { d.offender = s; ctx.redraw(s ? "#fine-reason" : null); })));
    parts.push(h("div", { class: "row" },
      h("label", {}, t("reason"), textField(ctx, "fine-reason", d.reason, (v) => { d.reason = v; }, "fine-by", { maxlength: 500 })),
      h("label", {}, t("by"), textField(ctx, "fine-by", d.by, (v) => { d.by = v; }, null, { maxlength: 100 }))));
    return parts;
  }
  const c = d.contract && contractOf(desc, d.contract);
  if (!c || c.kind === "pass") return parts;
  const pickFrom = (prefix, chosen, pick, not = null) => players.filter((s) => s.seat !== not).map((s) => h("button", { id: `${prefix}-${s.seat}`, class: chosen(s.seat) ? "chosen" : "", "aria-pressed": chosen(s.seat) ? "true" : "false", onclick: () => pick(s.seat) },
    h("kbd", {}, String(s.seat)), ` ${s.name}`));
  // Where the jury must consent and no name is given yet, Enter after the tricks goes to the
  // jury's field (it sent the line, refused for want of it).
  const toJury = juryDue(ctx, c) && !d.jury.trim() ? "jury" : null;
  if (c.kind === "misere") {
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.declarers), pickFrom("declarer", (s) => d.declarers.includes(s), (s) => {
      d.declarers = d.declarers.includes(s) ? d.declarers.filter((x) => x !== s) : [...d.declarers, s].sort((a, b) => a - b);
      ctx.redraw();
    })));
    if (d.declarers.length) {
      // Enter after the declarers are picked goes to the first one's tricks, then to the next.
      parts.push(h("div", { class: "row figures" }, d.declarers.map((s, i) => tricksField(ctx, `tricks-${s}`, d.each[s] ?? "", (v) => { d.each[s] = v; },
        `${desc.labels.tricks}${t("colon")}${s}. ${sheet.seats[s - 1].name}`, d.declarers[i + 1] ? `tricks-${d.declarers[i + 1]}` : toJury))));
    }
  } else {
    // A seat picked moves on: to the partner, then to the tricks.
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.declarer), pickFrom("declarer", (s) => d.declarer === s, (s) => {
      d.declarer = d.declarer === s ? null : s;
      ctx.redraw(d.declarer && (c.kind !== "partner" || d.partner) ? "#tricks" : null);
    })));
    if (c.kind === "partner") {
      // The declarer is not offered as its own partner (it showed pressed in both rows).
      parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.partner), pickFrom("partner", (s) => d.partner === s, (s) => {
        d.partner = d.partner === s ? null : s;
        ctx.redraw(d.partner && d.declarer ? "#tricks" : null);
      }, d.declarer)));
    }
    // Backspace in the empty tricks takes back the last seat picked, as with no field focused.
    const back = () => { if (c.kind === "partner" && d.partner) d.partner = null; else d.declarer = null; ctx.redraw(); };
    parts.push(h("div", { class: "row figures" }, tricksField(ctx, "tricks", d.tricks, (v) => { d.tricks = v; }, c.kind === "partner" ? desc.labels.pair_tricks : desc.labels.tricks, toJury, back)));
  }
  // The jury's last call recorded on the jury screen for this declarer and contract: a consent
  // fills the name; a refusal is said (the first consent on the sheet was taken, a later
  // refusal or an earlier deal's consent alike).
  const who = c.kind === "misere" ? d.declarers : [d.declarer];
  const calls = sheet.rulings.filter((r) => r.call && r.call.contract === c.code && who.includes(r.seat));
  const last = calls[calls.length - 1];
  if (juryDue(ctx, c) && !d.jury && last && last.call.consent) d.jury = last.by;
  if (juryDue(ctx, c) && last && !last.call.consent) {
    parts.push(h("p", { class: "forced bad", id: "jury-refused" }, `${desc.labels.jury_refused}${t("colon")}${last.by}${last.reason ? ` — ${last.reason}` : ""}`));
  }
  // Correcting a line into a solo: whether its declarer needed the jury then is the check's
  // to say (jury-call); the field is there to answer it.
  const due = juryDue(ctx, c);
  if ((due || d.jury || (ctx.correcting && c.solo)) && !(c && c.kind === "pass")) {
    parts.push(h("div", { class: "row" }, due ? h("p", { class: "forced", id: "jury-due" }, desc.labels.jury_due) : null,
      h("label", {}, desc.labels.jury, textField(ctx, "jury", d.jury, (v) => { d.jury = v; }, null, { maxlength: 100 }))));
  }
  return parts;
}

/**
 * Keys when no field has focus: a contract's key; F a fine (again: the next fine). Digits
 * pick the seats the line still lacks — the declarer, then the partner, a misère's
 * declarers (each digit adds or takes one away), a fine's offender — and once every seat is
 * picked they are the tricks': a seat picked is never picked again by a later digit.
 * Backspace takes back the last seat picked; Enter after a misère's declarers goes to
 * their tricks.
 */
export function onKey(e, ctx) {
  const key = e.key.toLowerCase();
  const d = ctx.draft;
  const c = d.contract && contractOf(ctx.desc, d.contract);
  const click = (id) => { const b = document.getElementById(id); if (b) b.click(); return !!b; };
  if (e.key === "Backspace") {
    if (d.fine && d.offender) { d.offender = null; ctx.redraw(); return true; }
    if (c && c.kind === "partner" && d.partner) { d.partner = null; ctx.redraw(); return true; }
    if (c && c.kind === "misere" && d.declarers.length) { d.declarers = d.declarers.slice(0, -1); ctx.redraw(); return true; }
    if (c && d.declarer) { d.declarer = null; ctx.redraw(); return true; }
    return false;
  }
  if (/^[1-9]$/.test(key)) {
    const seat = Number(key);
    // A seat of the table that cannot be pressed — the dealer sitting out (as the application
    // says it), the declarer as its own partner — is said where the line's check speaks, and
    // nothing is picked (the digit did nothing, and nothing said why).
    const sitting = sitsOut(ctx);
    const said = (words) => {
      const preview = document.getElementById("preview");
      if (preview) { preview.textContent = `${seat}. ${ctx.sheet.seats[seat - 1].name} ${words}`; preview.className = "preview bad"; preview.dataset.note = "1"; }
      return true;
    };
    const unpressable = () => (seat === sitting ? said(ctx.desc.labels.sits_out) : c && c.kind === "partner" && d.declarer === seat && !d.partner ? said(ctx.desc.labels.own_partner) : false);
    if (d.fine) return d.offender ? false : click(`offender-${seat}`);
    if (c && c.kind === "misere") return click(`declarer-${seat}`) || unpressable();
    if (c && (c.kind === "solo" || c.kind === "partner")) {
      if (!d.declarer) return click(`declarer-${seat}`) || unpressable();
      if (c.kind === "partner" && !d.partner) return click(`partner-${seat}`) || unpressable();
      // Every seat is picked: the digit starts the tricks.
      const field = document.getElementById("tricks");
      if (!field) return false;
      field.focus();
      field.value = key;
      field.dispatchEvent(new Event("input"));
      return true;
    }
    return false;
  }
  if (e.key === "Enter" && c && c.kind === "misere" && d.declarers.length && !document.getElementById(`tricks-${d.declarers[0]}`)?.value) {
    document.getElementById(`tricks-${d.declarers[0]}`)?.focus();
    return true;
  }
  const found = ctx.desc.contracts.find((x) => x.key === key);
  if (found) return click(`game-${found.code}`);
  if (key === "f" && !ctx.tablePhone) {
    const i = ctx.desc.fines.findIndex((f) => f.code === d.fine);
    return click(`fine-${ctx.desc.fines[(i + 1) % ctx.desc.fines.length].code}`);
  }
  return false;
}

/** The points table as a grid the secretary edits (saved as a new version of the settings). */
export function settingsEditor({ info, desc, t, act, call, flash, changed }) {
  // The columns and the figures each contract's row has are the rules' (the game's description).
  const columns = desc.points_columns;
  const table = JSON.parse(JSON.stringify(info.settings.points || {}));
  const rows = desc.contracts.filter((c) => c.kind !== "pass");
  // Kept as typed when the save is refused (`data-keep`, the fields named); the table sent is
  // read off the fields as they stand (it was rebuilt from the stored settings on a refusal,
  // and every figure typed lost).
  return h("form", { id: "points-table", "data-keep": "1", onsubmit: (e) => {
    e.preventDefault();
    for (const c of rows) {
      for (const k of columns.filter((k) => c.figures.includes(k))) {
        const v = e.target.elements[`points-${c.code}-${k}`].value;
        table[c.code] = table[c.code] || {};
        // An emptied figure is sent as null, which removes it (JSON merge patch).
        table[c.code][k] = v === "" ? null : Number(v);
      }
    }
    act(() => call("tournament_settings", { tournament: String(info.id), patch: { points: table }, reason: e.target.reason.value }), () => { changed(); flash(t("saved")); });
  } },
    h("h3", {}, desc.labels.points_table),
    h("table", { class: "grid" },
      h("tr", {}, h("th", {}, t("game_col")), columns.map((k) => h("th", { class: "num" }, desc.labels[k]))),
      rows.map((c) => h("tr", {}, h("td", {}, c.name), columns.map((k) => h("td", {}, h("input", {
        id: `points-${c.code}-${k}`, name: `points-${c.code}-${k}`, "aria-label": `${c.name} — ${desc.labels[k]}`, inputmode: "numeric", value: table[c.code] && table[c.code][k] != null ? table[c.code][k] : "",
        disabled: !c.figures.includes(k),
        oninput: (e) => { e.target.value = digits(e.target.value); },
      })))))),
    h("div", { class: "row" }, h("label", {}, t("reason"), h("input", { name: "reason", id: "points-reason", required: true, maxlength: 500 })),
      h("button", { class: "primary", id: "save-points" }, t("save"))));
}

/** The jury's call: consent or refusal of a contract, recorded before play (a ruling of no points). */
export function juryForms({ sheet, desc, t, base, act, call, flash, seatOptions, who }) {
  const calls = desc.contracts.filter((c) => c.solo);
  return [
    h("h3", {}, desc.labels.jury_call),
    h("form", { class: "row", id: "jury-call", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const consent = f.consent.value === "yes";
      const ruling = { seat: Number(f.seat.value), points: sheet.seats.map(() => 0), reason: f.reason.value, by: f.by.value, call: { contract: f.contract.value, consent } };
      act(() => call("ruling_add", { ...base, ruling }), () => flash(t("saved")));
    } },
      // Nobody chosen before the jury chooses (seat 1 was, and a hurried jury named seat 1).
      h("label", {}, desc.labels.declarer, h("select", { name: "seat", required: true }, h("option", { value: "" }, "—"), seatOptions())),
      h("label", {}, t("game_col"), h("select", { name: "contract" }, calls.map((c) => h("option", { value: c.code }, c.name)))),
      h("label", {}, desc.labels.consent, h("select", { name: "consent" }, h("option", { value: "yes" }, desc.labels.consent_yes), h("option", { value: "no" }, desc.labels.consent_no))),
      h("label", {}, t("reason"), h("input", { name: "reason", required: true, maxlength: 500 })),
      h("label", {}, t("by"), h("input", { name: "by", required: true, maxlength: 100, value: who || "" })),
      h("button", { class: "primary", id: "record-jury-call" }, t("record"))),
    // A fine the jury rules (written on the sheet as its next line, as the scorer's panel
    // writes it): the jury's phone has only this screen.
    h("h3", {}, desc.labels.fine),
    h("form", { class: "row", id: "jury-fine", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const entry = { fine: f.fine.value, offender: Number(f.seat.value), reason: f.reason.value, by: f.by.value };
      act(() => call("deal_add", { ...base, line: sheet.next?.line, entry }), () => flash(t("saved")));
    } },
      h("label", {}, desc.labels.fine, h("select", { name: "fine" }, desc.fines.map((x) => h("option", { value: x.code }, x.name)))),
      h("label", {}, t("at_fault"), h("select", { name: "seat", required: true }, h("option", { value: "" }, "—"), seatOptions())),
      h("label", {}, t("reason"), h("input", { name: "reason", required: true, maxlength: 500 })),
      h("label", {}, t("by"), h("input", { name: "by", required: true, maxlength: 100, value: who || "" })),
      h("button", { class: "primary", id: "record-jury-fine" }, t("record"))),
  ];
}
