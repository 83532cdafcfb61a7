// Double Lucky 7's entry: for the hand due, the bids in bidding order (the
// dealer first) with the bid the last bidder may not make shown as it becomes
// known, then the tricks taken by seat. The cards, the order and the forbidden
// bid come from the application.
import { h, seatFields, countsRow } from "../dom.js";

export function newDraft(entry, ctx) {
  const n = ctx.sheet.seats.length;
  const d = { bids: Array(n).fill(""), tricks: Array(n).fill("") };
  if (entry) {
    d.bids = entry.bids.map(String);
    d.tricks = entry.tricks.map(String);
  }
  return d;
}

function cardsOf(ctx) {
  // A line is a hand (a correction reads it so, and so does a line typed after lines still
  // waiting on a table device offline, whose hand the server has not said).
  const line = ctx.correcting || (ctx.next && (ctx.next.unsure ? ctx.next.line : ctx.next.hand));
  return ctx.desc.cards[line - 1];
}

export function toEntry(d, desc, ctx) {
  if (d.bids.some((x) => x === "") || d.tricks.some((x) => x === "")) return null;
  return { cards: cardsOf(ctx), bids: d.bids.map(Number), tricks: d.tricks.map(Number) };
}

/** What the application needs to say which bid is forbidden, while bids are typed. */
export function partial(d) {
  return { bids: d.bids.map((x) => (x === "" ? null : Number(x))) };
}

export function entryView(ctx) {
  const { sheet, desc, next, draft: d, t } = ctx;
  const hand = ctx.correcting || (next.unsure ? next.line : next.hand);
  const cards = cardsOf(ctx);
  // The bidding order comes from the application; a correction lists the bids by seat.
  const order = ctx.correcting || next.unsure ? sheet.seats.map((s) => s.seat) : next.bidding_order;
  const hint = h("p", { class: "hint", id: "bid-hint" });
  const showHint = (result) => {
    const x = result && result.hint;
    if (!x || !x.last_bidder || !x.known) { hint.textContent = ""; return; }
    // «Lies Goossens (plaats 3) mag alles bieden» (it read «plaats 3. Lies Goossens mag …»).
    hint.textContent = (x.forbidden == null ? desc.labels.free : desc.labels.forbidden)
      .replace("{name}", sheet.seats[x.last_bidder - 1].name).replace("{seat}", x.last_bidder).replace("{bid}", x.forbidden);
    // The forbidden bid, typed: marked at once, on the field and in the hint, before any trick is typed.
    const field = document.getElementById(`bid-${x.last_bidder}`);
    const broken = !!field && field.value !== "" && x.forbidden != null && Number(field.value) === x.forbidden;
    if (field) field.classList.toggle("bad", broken);
    hint.className = x.forbidden == null ? "hint" : broken ? "forced bad" : "forced";
    hint.dataset.broken = broken ? "1" : "";
  };
  ctx.onPreview(showHint);
  return [
    h("p", { id: "hand-info", class: hand === desc.doubled ? "forced" : "hint" },
      `${desc.labels.hand} ${hand} · ${cards} ${cards === 1 ? desc.labels.card : desc.labels.cards}${hand === desc.doubled ? ` · ${desc.labels.doubled}` : ""}`),
    h("div", { class: "row figures", id: "bids" }, h("span", {}, ctx.correcting || next.unsure ? desc.labels.bids_by_seat : desc.labels.bids),
      seatFields("bid", sheet.seats, d.bids, order, { max: cards, onward: true, onchange: () => ctx.check(), submit: () => document.getElementById("trick-1")?.focus() })),
    hint,
    countsRow(ctx, d.tricks, cards, { prefix: "trick", lead: h("span", {}, desc.labels.tricks), id: "tricks" }),
  ];
}

/**
 * Keys when no field has focus: a digit goes to the first figure still empty — the bids
 * in bidding order, then the tricks — so that a hand is typed at the keyboard alone; in a
 * line being corrected, where every figure is there, to the first, typed over (a digit did
 * nothing there).
 */
export function onKey(e, ctx) {
  if (!/^[0-9]$/.test(e.key)) return false;
  const fields = [...document.querySelectorAll("#bids input, #tricks input")];
  const field = fields.find((x) => x.value === "") || (ctx && ctx.correcting ? fields[0] : null);
  if (!field) return false;
  field.focus();
  field.value = e.key;
  field.dispatchEvent(new Event("input"));
  return true;
}
