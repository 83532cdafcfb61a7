// Double King's entry: the dealer's contract (A–F, or T with a suit), then one
// figure per seat. Names, totals and which contracts are open come from the
// application (the game's description and the sheet's next choices).
import { h, seatButtons, seatKey, contractButtons, suitButtons, countsRow, gameKey } from "../dom.js";

export function newDraft(entry) {
  const d = { contract: null, trump: null, figures: ["", "", "", ""], taker: null, seventh: null, last: null };
  if (entry) {
    d.contract = entry.contract;
    d.trump = entry.trump || null;
    if (entry.counts) d.figures = entry.counts.map(String);
    d.taker = entry.taker ?? null; d.seventh = entry.seventh ?? null; d.last = entry.last ?? null;
  }
  return d;
}

function contractOf(desc, code) {
  return desc.contracts.find((c) => c.code === code);
}

/** The entry as FORMAT.md writes it, or null while a figure is missing. */
export function toEntry(d, desc) {
  const c = d.contract && contractOf(desc, d.contract);
  if (!c) return null;
  if (c.figures === "taker") return d.taker ? { contract: c.code, taker: d.taker } : null;
  if (c.figures === "seventh-last") return d.seventh && d.last ? { contract: c.code, seventh: d.seventh, last: d.last } : null;
  if (d.figures.some((x) => x === "")) return null;
  if (c.trump && !d.trump) return null;
  const entry = { contract: c.code, counts: d.figures.map(Number) };
  if (c.trump) entry.trump = d.trump;
  return entry;
}

export function entryView(ctx) {
  const { sheet, desc, next, draft: d, t } = ctx;
  // Every game while what may follow lines still waiting is not known (a table device offline).
  const allowed = ctx.correcting || next.unsure ? desc.contracts.map((c) => c.code) : next.allowed;
  const parts = [];
  if (!ctx.correcting && !next.unsure && next.forced) parts.push(h("p", { class: "forced", id: "forced" }, `${t("forced")}${t("colon")}${desc.forced[next.forced] || next.forced}`));
  parts.push(contractButtons(desc.contracts, allowed, d.contract, (code) => { d.contract = code; ctx.redraw(".figures input, .figures button, #suits button"); }));
  const c = d.contract && contractOf(desc, d.contract);
  if (!c) return parts;
  if (c.trump) {
    parts.push(suitButtons(desc.suits, d.trump, (code) => { d.trump = code; ctx.redraw(".figures input"); }));
  }
  if (c.figures === "counts") {
    parts.push(countsRow(ctx, d.figures, c.total));
  } else if (c.figures === "taker") {
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.taker), seatButtons("taker", sheet.seats, d.taker, (s) => { d.taker = s; ctx.redraw(); })));
  } else {
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.seventh), seatButtons("seventh", sheet.seats, d.seventh, (s) => { d.seventh = s; ctx.redraw(); })));
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.last), seatButtons("last", sheet.seats, d.last, (s) => { d.last = s; ctx.redraw(); })));
  }
  return parts;
}

/** Keys when no field has focus: a contract's letter, then a suit's digit, or the digit of a seat (E, F). */
export function onKey(e, ctx) {
  const key = e.key.toLowerCase();
  if ((ctx.draft.contract === "E" || ctx.draft.contract === "F") && seatKey(e, ["taker", "seventh", "last"])) return true;
  const c = ctx.desc.contracts.find((x) => x.key === key);
  if (c && gameKey(c.code, ctx.t)) return true;
  const s = ctx.desc.suits.find((x) => x.key === key);
  if (s && ctx.draft.contract === "T") { document.getElementById(`suit-${s.code}`)?.click(); return true; }
  return false;
}

/** The jury's two Double King faults: written on the sheet as its next line. */
export function juryForms(ctx) {
  const { sheet, desc, t, base, act, call, flash, seatOptions } = ctx;
  const open = (code) => !sheet.next || sheet.next.allowed.includes(code);
  const negatives = desc.contracts.filter((c) => c.negative && open(c.code));
  // A fault is written as the sheet's next line: which deal that is, said; on a complete sheet
  // there is none (the forms were offered, and refused once sent).
  // The jury's phone corrects no line (only with the cards replayed): it points to the free ruling.
  if (!sheet.next) return [h("h3", {}, desc.labels.fault_negative), h("p", { class: "hint", id: "fault-complete" }, t(ctx.onDevice ? "fault_complete_device" : "fault_complete"))];
  const dealer = sheet.seats[sheet.next.dealer - 1];
  return [
    h("p", { class: "hint", id: "fault-deal" }, t("fault_for", { deal: sheet.next.deal, name: dealer ? dealer.name : sheet.next.dealer })),
    h("h3", {}, desc.labels.fault_negative),
    h("form", { class: "row", id: "fault-negative", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      act(() => call("deal_add", { ...base, line: sheet.next?.line, entry: { contract: f.contract.value, fault_by: Number(f.seat.value), reason: f.reason.value, by: f.by.value } }), () => flash(t("saved")));
    } },
      h("label", {}, t("game_col"), h("select", { name: "contract" }, negatives.map((c) => h("option", { value: c.code }, `${c.code} ${c.name}`)))),
      // Nobody chosen before the jury chooses (seat 1 was, and a hurried jury fined seat 1).
      h("label", {}, t("at_fault"), h("select", { name: "seat", required: true }, h("option", { value: "" }, "—"), seatOptions())),
      h("label", {}, t("reason"), h("input", { name: "reason", required: true })),
      h("label", {}, t("by"), h("input", { name: "by", required: true, value: ctx.who || "" })),
      h("button", { class: "primary", id: "record-fault-negative" }, t("record"))),
    h("h3", {}, desc.labels.fault_trump),
    h("form", { class: "row", id: "fault-trump", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      act(() => call("deal_add", { ...base, line: sheet.next?.line, entry: { contract: "T", trump: f.trump.value, void_by: Number(f.seat.value), reason: f.reason.value, by: f.by.value } }), () => flash(t("saved")));
    } },
      h("label", {}, t("trump_suit"), h("select", { name: "trump" }, desc.suits.map((s) => h("option", { value: s.code }, s.label)))),
      // Nobody chosen before the jury chooses (seat 1 was, and a hurried jury fined seat 1).
      h("label", {}, t("at_fault"), h("select", { name: "seat", required: true }, h("option", { value: "" }, "—"), seatOptions())),
      h("label", {}, t("reason"), h("input", { name: "reason", required: true })),
      h("label", {}, t("by"), h("input", { name: "by", required: true, value: ctx.who || "" })),
      h("button", { class: "primary", id: "record-fault-trump" }, t("record"))),
  ];
}
