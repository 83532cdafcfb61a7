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
