// Small helpers shared by the screens and the game modules.

/** A tiny element builder: h("td", {class: "num"}, "12"). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v == null) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "value") el.value = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c != null && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

/** Digits only, as typed into a figure field ("" stays ""). */
export function digits(text) {
  return String(text).replace(/[^0-9]/g, "");
}

/** A typed figure as a number, or null while the field is empty. */
export function figure(text) {
  return text === "" || text == null ? null : Number(text);
}

/**
 * A row of number fields, one per seat, with Enter moving to the next field and
 * submitting on the last. `values` is the draft's array (changed in place);
 * `onchange` runs after each keystroke.
 */
export function seatFields(prefix, seats, values, order, { onchange, submit, label } = {}) {
  const ids = order.map((s) => `${prefix}-${s}`);
  return order.map((s, k) => h("label", {}, label ? label(s) : `${s}. ${seats[s - 1].name}`,
    h("input", {
      id: ids[k], inputmode: "numeric", autocomplete: "off", value: values[s - 1],
      oninput: (e) => { values[s - 1] = digits(e.target.value); e.target.value = values[s - 1]; if (onchange) onchange(); },
      onkeydown: (e) => {
        if (e.key !== "Enter") return;
        e.preventDefault();
        const next = ids[k + 1] && document.getElementById(ids[k + 1]);
        if (next) next.focus(); else if (submit) submit();
      },
    })));
}

/** A row of seat buttons: pick one seat. */
export function seatButtons(prefix, seats, chosen, pick) {
  return seats.map((s, i) => h("button", { id: `${prefix}-${i + 1}`, class: chosen === i + 1 ? "chosen" : "", onclick: () => pick(i + 1) }, `${i + 1}. ${s.name}`));
}

/**
 * The buttons of a game's contracts (`desc.contracts`), those in `allowed` pressable,
 * `chosen` marked; each shows its key and name.
 */
export function contractButtons(contracts, allowed, chosen, pick) {
  return h("div", { class: "games", id: "games" }, contracts.map((c) => h("button", {
    id: `game-${c.code}`, class: chosen === c.code ? "chosen" : "", disabled: !allowed.includes(c.code), title: c.name,
    onclick: () => pick(c.code),
  }, h("kbd", {}, c.key.toUpperCase()), " ", c.name)));
}

/** The trump suits of a game's description, each with its key. */
export function suitButtons(suits, chosen, pick) {
  return h("div", { class: "games", id: "suits" }, suits.map((s) =>
    h("button", { id: `suit-${s.code}`, class: chosen === s.code ? "chosen" : "", onclick: () => pick(s.code) }, h("kbd", {}, s.key), ` ${s.symbol} ${s.name}`)));
}

/** One count per seat (`values`, seat 1 first) with their sum against the deal's `total`, as typed. */
export function countsRow(ctx, values, total, { prefix = "fig", order = null, lead = null, id = null } = {}) {
  const sumEl = h("span", { class: "sum", id: "sum" });
  const showSum = () => {
    const s = values.reduce((a, x) => a + (x === "" ? 0 : Number(x)), 0);
    sumEl.textContent = ctx.t("counts_sum", { sum: s, total });
    sumEl.className = `sum ${s === total ? "good" : "bad"}`;
  };
  showSum();
  const seats = order || ctx.sheet.seats.map((s) => s.seat);
  return h("div", { class: "row figures", id }, lead, seatFields(prefix, ctx.sheet.seats, values, seats, { onchange: () => { showSum(); ctx.check(); }, submit: ctx.submit }), sumEl);
}
