// King's entry: the game of the deal (due in the fixed orders, chosen by the
// player with the lead in the choice form — or by whoever bought that choice), then
// its figures: counts per seat, the K♥'s taker, the takers of tricks 12 and 13, or a
// récup's trump, tricks and an optional sale of the trump. Names, totals and the
// games open (to the lead, and to each possible buyer) come from the application.
import { h, seatButtons, seatKey, figure, contractButtons, suitButtons, countsRow, gameKey } from "../dom.js";

export function newDraft(entry, ctx) {
  const d = { game: null, figures: ["", "", "", ""], taker: null, t12: null, t13: null, trump: null, seller: null, buyer: null, saleTricks: "",
    choiceSeller: null, choiceBuyer: null, choiceTricks: "" };
  if (ctx && ctx.next && !ctx.next.unsure && ctx.next.allowed.length === 1) d.game = ctx.next.allowed[0];
  if (entry) {
    d.game = entry.game;
    if (entry.counts) d.figures = entry.counts.map(String);
    d.taker = entry.taker ?? null;
    if (entry.takers) [d.t12, d.t13] = entry.takers;
    d.trump = entry.trump ?? null;
    if (entry.sale) { d.seller = entry.sale.seller; d.buyer = entry.sale.buyer; d.saleTricks = String(entry.sale.tricks); }
    if (entry.choice_sale) { d.choiceSeller = entry.choice_sale.seller; d.choiceBuyer = entry.choice_sale.buyer; d.choiceTricks = String(entry.choice_sale.tricks); }
  }
  return d;
}

/** The games open to whoever chooses: the lead, or the seat that bought the choice. */
function openGames(ctx) {
  const { next, draft: d } = ctx;
  // Every game while what may follow lines still waiting is not known (a table device offline).
  if (ctx.correcting || !next || next.unsure) return null;
  if (d.choiceBuyer && next.buyers && next.buyers[d.choiceBuyer - 1]) return next.buyers[d.choiceBuyer - 1];
  return next.allowed;
}

function phaseOf(desc, code) {
  return desc.contracts.find((c) => c.code === code);
}

export function toEntry(d, desc, ctx) {
  const p = d.game && phaseOf(desc, d.game);
  if (!p) return null;
  const entry = { game: p.code };
  if (p.figures === "counts") {
    if (d.figures.some((x) => x === "")) return null;
    entry.counts = d.figures.map(Number);
  }
  if (p.figures === "taker" || p.figures === "taker-takers") {
    if (!d.taker) return null;
    entry.taker = d.taker;
  }
  if (p.figures === "takers" || p.figures === "taker-takers") {
    if (!d.t12 || !d.t13) return null;
    entry.takers = [d.t12, d.t13];
  }
  if (p.trump) {
    if (!d.trump) return null;
    entry.trump = d.trump;
    // The seller is the lead of this line: the next line's when writing one; named when
    // correcting (the next line's lead, or none once the sheet was complete, was taken).
    const seller = d.seller ?? (ctx && ctx.next && !ctx.correcting ? ctx.next.leader : null);
    // A sale typed and its seller not named is a line not yet whole (it was saved without it).
    if (d.buyer && d.saleTricks !== "" && !seller) return null;
    if (d.buyer && d.saleTricks !== "" && seller) entry.sale = { seller, buyer: d.buyer, tricks: figure(d.saleTricks) };
  }
  const choiceSeller = d.choiceSeller ?? (ctx && ctx.next && !ctx.correcting ? ctx.next.leader : null);
  if (d.choiceBuyer && d.choiceTricks !== "" && !choiceSeller) return null;
  if (d.choiceBuyer && d.choiceTricks !== "" && choiceSeller) entry.choice_sale = { seller: choiceSeller, buyer: d.choiceBuyer, tricks: figure(d.choiceTricks) };
  return entry;
}

/** The choice form: the lead sells the choice of the game (B), to a buyer (a seat) for tricks. */
function choiceSaleRow(ctx) {
  const { sheet, desc, draft: d, t } = ctx;
  // A buyer who could choose no game is not offered (every game greyed, then nothing said):
  // the games open to each buyer are the application's.
  const canChoose = (s) => ctx.correcting || !ctx.next || ctx.next.unsure || !ctx.next.buyers || (ctx.next.buyers[s.seat - 1] || []).length > 0;
  // The seller (the lead; named when correcting) is no buyer.
  const seats = sheet.seats.filter((s) => (ctx.correcting ? s.seat !== d.choiceSeller : s.seat !== ctx.next.leader) && canChoose(s))
    .map((s) => h("option", { value: s.seat, selected: d.choiceBuyer === s.seat }, `${s.seat}. ${s.name}`));
  return h("div", { class: "row", id: "choice-sale" },
    h("span", {}, h("kbd", {}, "B"), " ", desc.labels.choice_sale),
    // Correcting, the seller is named: none chosen shows as none (it showed seat 1, unchosen).
    ctx.correcting ? h("label", {}, desc.labels.seller, h("select", { id: "choice-seller", onchange: (e) => {
      d.choiceSeller = e.target.value ? Number(e.target.value) : null;
      if (d.choiceBuyer === d.choiceSeller) d.choiceBuyer = null;
      ctx.redraw("#choice-seller");
    } },
      h("option", { value: "" }, "—"), sheet.seats.map((s) => h("option", { value: s.seat, selected: d.choiceSeller === s.seat }, `${s.seat}. ${s.name}`)))) : null,
    h("label", {}, desc.labels.buyer, h("select", { id: "choice-buyer", onchange: (e) => {
      d.choiceBuyer = e.target.value ? Number(e.target.value) : null;
      // The games open change with who chooses: a game no longer open is dropped.
      const open = openGames(ctx);
      if (open && d.game && !open.includes(d.game)) d.game = null;
      // Focus stays in the panel: on to the tricks the choice was sold for.
      ctx.redraw(d.choiceBuyer ? "#choice-tricks" : "#choice-buyer");
    } }, h("option", { value: "" }, desc.labels.no_sale), seats)),
    h("label", {}, desc.labels.sale_tricks, h("input", { id: "choice-tricks", inputmode: "numeric", value: d.choiceTricks, style: "width:4rem",
      oninput: (e) => { d.choiceTricks = e.target.value.replace(/[^0-9]/g, ""); e.target.value = d.choiceTricks; ctx.check(); } })));
}

export function entryView(ctx) {
  const { sheet, desc, next, draft: d, t } = ctx;
  const allowed = openGames(ctx) || desc.contracts.map((c) => c.code);
  const parts = [];
  if (!ctx.correcting && !next.unsure) {
    // A line of its own opens with a capital («Komt uit: 2. Bram», it read «komt uit: …»).
    const leader = desc.labels.leader.charAt(0).toUpperCase() + desc.labels.leader.slice(1);
    parts.push(h("p", { class: "hint", id: "leader" }, `${leader}${t("colon")}${next.leader}. ${sheet.seats[next.leader - 1].name}`));
    if (next.forced && next.forced !== "order" && !d.choiceBuyer) parts.push(h("p", { class: "forced", id: "forced" }, `${t("forced")}${t("colon")}${desc.forced[next.forced]}`));
  }
  if (desc.order === "choice") parts.push(choiceSaleRow(ctx));
  parts.push(contractButtons(desc.contracts, allowed, d.game, (code) => { d.game = code; ctx.redraw(".figures input, .figures button, #suits button"); }));
  const p = d.game && phaseOf(desc, d.game);
  if (!p) return parts;
  if (p.trump) {
    parts.push(suitButtons(desc.suits, d.trump, (code) => { d.trump = code; ctx.redraw(".figures input"); }));
  }
  if (p.figures === "counts") {
    parts.push(countsRow(ctx, d.figures, p.total));
  }
  if (p.figures === "taker" || p.figures === "taker-takers") {
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.taker), seatButtons("taker", sheet.seats, d.taker, (s) => { d.taker = s; ctx.redraw(); })));
  }
  if (p.figures === "takers" || p.figures === "taker-takers") {
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.trick12), seatButtons("trick12", sheet.seats, d.t12, (s) => { d.t12 = s; ctx.redraw(); })));
    parts.push(h("div", { class: "row figures" }, h("span", {}, desc.labels.trick13), seatButtons("trick13", sheet.seats, d.t13, (s) => { d.t13 = s; ctx.redraw(); })));
  }
  if (p.trump) {
    // The seller (the lead) is no buyer: offered, it was refused once chosen.
    const seller = ctx.correcting ? d.seller : next && !next.unsure ? next.leader : null;
    const seats = sheet.seats.filter((s) => s.seat !== seller).map((s) => h("option", { value: s.seat, selected: d.buyer === s.seat }, `${s.seat}. ${s.name}`));
    parts.push(h("div", { class: "row", id: "sale" },
      h("span", {}, h("kbd", {}, "S"), " ", desc.labels.sale),
      ctx.correcting ? h("label", {}, desc.labels.seller, h("select", { id: "sale-seller", onchange: (e) => {
        d.seller = e.target.value ? Number(e.target.value) : null;
        // The seller is no buyer: a buyer made the seller is no longer chosen (it stayed, unseen, and the line was refused).
        if (d.buyer === d.seller) d.buyer = null;
        ctx.redraw("#sale-seller");
      } },
        h("option", { value: "" }, "—"), sheet.seats.map((s) => h("option", { value: s.seat, selected: d.seller === s.seat }, `${s.seat}. ${s.name}`)))) : null,
      // Focus on to the tricks it was sold for, as the choice's sale does (it stayed on the buyer).
      h("label", {}, desc.labels.buyer, h("select", { id: "sale-buyer", onchange: (e) => { d.buyer = e.target.value ? Number(e.target.value) : null; ctx.redraw(d.buyer ? "#sale-tricks" : "#sale-buyer"); } },
        h("option", { value: "" }, desc.labels.no_sale), seats)),
      h("label", {}, desc.labels.sale_tricks, h("input", { id: "sale-tricks", inputmode: "numeric", value: d.saleTricks, style: "width:4rem",
        oninput: (e) => { d.saleTricks = e.target.value.replace(/[^0-9]/g, ""); e.target.value = d.saleTricks; ctx.check(); },
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.submit(); } } }))));
    // A correction's sale with its seller taken away is said so (it read «figures missing»).
    if (ctx.correcting && d.buyer && !d.seller) parts.push(h("p", { class: "hint warn", id: "sale-seller-needed" }, desc.labels.seller_needed));
  }
  if (ctx.correcting && d.choiceBuyer && !d.choiceSeller) parts.push(h("p", { class: "hint warn", id: "choice-seller-needed" }, desc.labels.seller_needed));
  return parts;
}

export function onKey(e, ctx) {
  const key = e.key.toLowerCase();
  // A digit picks a seat where seats are asked (K♥, tricks 12 and 13), else a trump suit.
  if (seatKey(e, ["taker", "trick12", "trick13"])) return true;
  // S: the récup's trump is sold — the buyer (a digit picks the seat), then the tricks.
  if (key === "s" && document.getElementById("sale-buyer")) { document.getElementById("sale-buyer").focus(); return true; }
  // B: the choice of the game is sold — the buyer, then the tricks.
  if (key === "b" && document.getElementById("choice-buyer")) { document.getElementById("choice-buyer").focus(); return true; }
  // A game that cannot be played now is said so (its key did nothing, and nothing said why).
  const c = ctx.desc.contracts.find((x) => x.key === key);
  // Why, where it is why for every game greyed: the fixed order, or a récup due (not «a
  // negative game only», which does not say why a negative game is greyed; nor for a buyer).
  const reason = !ctx.correcting && ctx.next && !ctx.next.unsure && !ctx.draft.choiceBuyer ? ctx.next.forced : null;
  const forced = reason === "order" || reason === "recup-only" ? ctx.desc.forced[reason] : null;
  if (c && gameKey(c.code, ctx.t, forced)) return true;
  const s = ctx.desc.suits.find((x) => x.key === key);
  if (s && document.getElementById(`suit-${s.code}`)) { document.getElementById(`suit-${s.code}`).click(); return true; }
  return false;
}
