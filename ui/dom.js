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

/** An SVG element, as h() makes HTML ones: attributes (null ones left out), then children. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v != null) el.setAttribute(k, v);
  for (const c of children.flat(Infinity)) if (c != null) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** Figures typed in one field ("25 20 16"), each a number where it reads as one, else the
 * text as typed, for the application to name what it refuses (it said «null» of an «abc»). */
export function typedFigures(text) {
  return String(text).trim().split(/[\s,;\/]+/).filter((x) => x !== "").map((x) => (x.trim() !== "" && Number.isFinite(Number(x)) ? Number(x) : x));
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
 * `onchange` runs after each keystroke. With `max`, a figure that no further digit
 * could extend (a 2 when the most is 13) moves on by itself: one key per figure; with
 * `onward`, the last one too (to `submit`, which must then only move on, not enter a line).
 */
export function seatFields(prefix, seats, values, order, { onchange, submit, label, max = null, onward = false } = {}) {
  const ids = order.map((s) => `${prefix}-${s}`);
  const advance = (k) => {
    const next = ids[k + 1] && document.getElementById(ids[k + 1]);
    if (next) { next.focus(); next.select(); } else if (submit) submit();
  };
  return order.map((s, k) => h("label", {}, label ? label(s) : `${s}. ${seats[s - 1].name}`,
    h("input", {
      id: ids[k], inputmode: "numeric", autocomplete: "off", value: values[s - 1],
      onfocus: (e) => e.target.select(),
      oninput: (e) => {
        values[s - 1] = digits(e.target.value); e.target.value = values[s - 1];
        if (onchange) onchange(k);
        const v = values[s - 1];
        if (max != null && v !== "" && (Number(v) * 10 > max || v === "0") && (ids[k + 1] || onward)) advance(k);
      },
      onkeydown: (e) => {
        // Backspace in an empty figure goes back to the one before (the cursor had moved on
        // by itself: only Shift+Tab went back).
        if (e.key === "Backspace" && e.target.value === "" && k > 0) {
          const before = document.getElementById(ids[k - 1]);
          if (before) { e.preventDefault(); before.focus(); }
          return;
        }
        if (e.key !== "Enter") return;
        e.preventDefault();
        advance(k);
      },
    })));
}

/**
 * A row of seat buttons: pick one seat (its digit on the keyboard, see [`seatKey`]); the
 * seat picked is shown pressed, and pressing it again takes it back (`pick(null)`).
 */
export function seatButtons(prefix, seats, chosen, pick) {
  return seats.map((s, i) => h("button", { id: `${prefix}-${i + 1}`, class: chosen === i + 1 ? "chosen" : "", "aria-pressed": chosen === i + 1 ? "true" : "false",
    onclick: () => pick(chosen === i + 1 ? null : i + 1) },
    h("kbd", {}, String(i + 1)), ` ${s.name}`));
}

/**
 * A digit typed with no field focused picks a seat on the first row of seat buttons
 * (`prefixes`, in order) that has none chosen yet; once every row has its seat, digits
 * pick nothing more (a seat picked is not picked again by a later digit). Backspace
 * takes back the seat of the last row picked, which the next digit then picks again.
 */
export function seatKey(e, prefixes) {
  const rows = prefixes.filter((p) => document.getElementById(`${p}-1`));
  if (!rows.length) return false;
  const picked = (p) => document.querySelector(`[id^="${p}-"].chosen`);
  if (e.key === "Backspace") {
    const last = [...rows].reverse().find(picked);
    if (!last) return false;
    picked(last).click();
    return true;
  }
  if (!/^[1-9]$/.test(e.key)) return false;
  const open = rows.find((p) => !picked(p));
  if (!open) return true;
  const button = document.getElementById(`${open}-${e.key}`);
  if (!button) return false;
  button.click();
  return true;
}

/**
 * The buttons of a game's contracts (`desc.contracts`), those in `allowed` pressable,
 * `chosen` marked; each shows its key and name.
 */
export function contractButtons(contracts, allowed, chosen, pick) {
  return h("div", { class: "games", id: "games" }, contracts.map((c) => h("button", {
    // Chosen said to a screen reader too, not by the green fill alone.
    id: `game-${c.code}`, class: chosen === c.code ? "chosen" : "", "aria-pressed": String(chosen === c.code), disabled: !allowed.includes(c.code), title: c.name,
    onclick: () => pick(c.code),
  }, h("kbd", {}, c.key.toUpperCase()), " ", c.name)));
}

/**
 * A game's key pressed (`code`): its button pressed; or, when the game cannot be played now,
 * said so where the line's check speaks (the key did nothing, and nothing said why).
 */
export function gameKey(code, t, why = null) {
  const b = document.getElementById(`game-${code}`);
  if (!b) return false;
  if (!b.disabled) { b.click(); return true; }
  // Why, where the application says it (King's order, a récup due), else which games are open.
  const said = document.getElementById("preview");
  if (said) { said.textContent = why ? t("game_closed_why", { game: b.title, why }) : t("game_closed", { game: b.title }); said.className = "preview bad"; said.dataset.note = "1"; }
  return true;
}

/** The trump suits of a game's description, each with its key. */
export function suitButtons(suits, chosen, pick) {
  return h("div", { class: "games", id: "suits" }, suits.map((s) =>
    h("button", { id: `suit-${s.code}`, class: chosen === s.code ? "chosen" : "", "aria-pressed": String(chosen === s.code), onclick: () => pick(s.code) }, h("kbd", {}, s.key), ` ${s.label}`)));
}

/**
 * One count per seat (`values`, seat 1 first) with their sum against the deal's `total`,
 * as typed. Once every count but one is typed, the last is filled with what remains
 * (selected: Enter takes it, a digit replaces it).
 */
export function countsRow(ctx, values, total, { prefix = "fig", order = null, lead = null, id = null } = {}) {
  const sumEl = h("span", { class: "sum", id: "sum" });
  const showSum = () => {
    const s = values.reduce((a, x) => a + (x === "" ? 0 : Number(x)), 0);
    sumEl.textContent = ctx.t("counts_sum", { sum: s, total });
    // Nothing typed yet is nothing wrong yet (it read «Som 0 van 1» in red before a figure).
    sumEl.className = `sum ${s === total ? "good" : values.every((x) => x === "") ? "" : "bad"}`;
  };
  showSum();
  const seats = order || ctx.sheet.seats.map((s) => s.seat);
  // The field filled by the application (not typed) follows the others as they change; it is
  // remembered with the figures themselves, so a redraw (a refusal, a contract changed) keeps it.
  // A line being corrected comes with every figure: its last one follows the others as they are
  // typed again, as a new line's does (it kept the old figure, and the sum went wrong).
  if (!Array.isArray(values.auto)) {
    const whole = values.length > 0 && values.every((x) => x !== "");
    Object.defineProperty(values, "auto", { value: whole ? [seats[seats.length - 1]] : [], enumerable: false, writable: true });
  }
  const auto = { has: (s) => values.auto.includes(s), add: (s) => { if (!values.auto.includes(s)) values.auto.push(s); }, delete: (s) => { values.auto = values.auto.filter((x) => x !== s); } };
  const fillLast = (edited) => {
    auto.delete(seats[edited]);
    const open = seats.filter((s) => values[s - 1] === "" || auto.has(s));
    // Not the field being typed in: emptying a figure to retype it leaves it empty.
    if (open.length !== 1 || open[0] === seats[edited]) return;
    const target = open[0];
    const rest = total - values.reduce((a, x, i) => a + (x === "" || i === target - 1 ? 0 : Number(x)), 0);
    const el = document.getElementById(`${prefix}-${target}`);
    if (rest < 0 || rest > total) {
      if (auto.has(target)) { values[target - 1] = ""; auto.delete(target); if (el) { el.value = ""; el.classList.remove("filled"); } }
      return;
    }
    values[target - 1] = String(rest);
    auto.add(target);
    if (el) { el.value = String(rest); el.classList.add("filled"); }
  };
  return h("div", { class: "row figures", id }, lead,
    seatFields(prefix, ctx.sheet.seats, values, seats, { max: total, onchange: (k) => { fillLast(k); showSum(); ctx.check(); }, submit: ctx.submit }), sumEl);
}
