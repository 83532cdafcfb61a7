// Kings Cribbage's entry: the move log. A move is typed line by line (the tiles
// of each line it makes or extends, `4 5 5 6 Enter`), then the tiles laid; the
// points of each line, the bonuses and the move's total show before it is
// confirmed. A pass with its exchange, the end with the tiles left per seat, and
// joker claims are the other entries. A move may instead be laid on the board
// (B): a grid where each tile is placed in its cell with its colour, by keyboard or
// by touch; the application finds the lines it makes, scores them and checks the
// board's rules. Whose turn it is, what is held, which bonuses a move earns and
// every score come from the application.
import { h, digits, contractButtons, seatButtons, gameKey } from "../dom.js";

/** Tiles as typed: "4 5 5 6", "4556", "10 J Q K" or "10JQK" all read the same. */
export function tiles(text) {
  return (String(text).toUpperCase().match(/10|[2-9AJQK]|[^\s,;\-·]/g) || []);
}

export function newDraft(entry, ctx) {
  const n = ctx.sheet.seats.length;
  const d = { kind: "move", lines: [""], placed: "", bonuses: [], exchanged: "0", remaining: Array(n).fill(""), by: null, from: null, points: "", wrong: false,
    laid: [], cursor: [0, 0], colour: 1 };
  // Once the sheet's moves are laid on the board, the next one is too (while the board is known).
  if (!entry && ctx.next && ctx.next.board && ctx.sheet.lines.some((l) => l.entry && l.entry.tiles)) { d.kind = "board"; d.cursor = nearBoard(ctx); }
  if (!entry) return d;
  if (entry.tiles) { d.kind = "board"; d.laid = entry.tiles.map((t) => ({ tile: String(t.tile), colour: t.colour, at: [...t.at] })); d.cursor = [...entry.tiles[0].at]; }
  else if (entry.lines) { d.lines = entry.lines.map((l) => l.join(" ")); d.placed = String(entry.placed); d.bonuses = (entry.bonuses || []).filter((b) => b === asked(ctx.desc).code); }
  else if (entry.pass) { d.kind = "pass"; d.exchanged = String(entry.exchanged || 0); }
  else if (entry.remaining) { d.kind = "end"; d.remaining = entry.remaining.map((l) => l.join(" ")); }
  else if (entry.joker) { d.kind = "joker"; d.by = entry.joker.by; d.from = entry.joker.from ?? null; d.points = String(entry.joker.points); d.wrong = entry.joker.points === 0; }
  return d;
}

function typedLines(d) {
  return d.lines.map(tiles).filter((l) => l.length);
}

/** The bonus the scorer is asked about (one colour), as the rules describe it. */
function asked(desc) {
  return desc.bonuses.find((b) => b.asked);
}

/**
 * The bonuses a typed move lists while the application cannot be reached (a table device
 * offline): by the conditions the rules describe for each (`desc.bonuses`) — the first move
 * of the game as the sheet's next line says, so many tiles laid, a line of five the scorer
 * marks as of one colour. The application checks them when the line arrives; reached, its
 * own answer is what the entry lists.
 */
function bonusesOffline(d, ctx) {
  return ctx.desc.bonuses.filter((b) => {
    if (b.first_move) return !ctx.correcting && !!(ctx.next && ctx.next.first_move && !ctx.next.unsure);
    if (b.placed) return Number(d.placed) === b.placed;
    if (b.asked) return d.bonuses.includes(b.code) && typedLines(d).some((l) => l.length === b.line);
    return false;
  }).map((b) => b.code);
}

/** The board as the sheet's moves laid it (drawn here, never judged): cell "r,c" → tile and colour. */
function knownBoard(ctx) {
  const cells = new Map();
  const upto = ctx.correcting ? ctx.correcting - 1 : ctx.sheet.lines.length;
  for (const line of ctx.sheet.lines.slice(0, upto)) {
    for (const t of (line.entry && line.entry.tiles) || []) cells.set(`${t.at[0]},${t.at[1]}`, { tile: String(t.tile), colour: t.colour });
  }
  return cells;
}

/** Where the cursor starts: beside the last tile laid, or the board's first cell. */
function nearBoard(ctx) {
  const lines = ctx.sheet.lines.filter((l) => l.entry && l.entry.tiles);
  if (!lines.length) return [0, 0];
  const last = lines[lines.length - 1].entry.tiles;
  const t = last[last.length - 1];
  return [t.at[0] + 1, t.at[1]];
}

const TILE_KEYS = { a: "A", 0: "10", t: "10", j: "J", q: "Q", k: "K" };
for (let n = 2; n <= 9; n++) TILE_KEYS[String(n)] = String(n);

/** Lay `tile` at the cursor (replacing a tile laid there in this move), and move on along the line. */
function lay(d, tile, ctx) {
  const [r, c] = d.cursor;
  if (knownBoard(ctx).has(`${r},${c}`)) return;
  d.laid = d.laid.filter((t) => t.at[0] !== r || t.at[1] !== c);
  d.laid.push({ tile, colour: d.colour, at: [r, c] });
  // Along the move's line: the direction of the tiles laid so far, else to the right.
  const rows = new Set(d.laid.map((t) => t.at[0]));
  d.cursor = d.laid.length > 1 && rows.size > 1 ? [r + 1, c] : [r, c + 1];
}

function boardView(ctx) {
  const { desc, draft: d } = ctx;
  const L = desc.labels;
  const cells = knownBoard(ctx);
  const laidAt = new Map(d.laid.map((t) => [`${t.at[0]},${t.at[1]}`, t]));
  const points = [...cells.keys(), ...laidAt.keys()].map((k) => k.split(",").map(Number)).concat([d.cursor]);
  const rs = points.map((p) => p[0]);
  const cs = points.map((p) => p[1]);
  const [r0, r1, c0, c1] = [Math.min(...rs) - 1, Math.max(...rs) + 1, Math.min(...cs) - 1, Math.max(...cs) + 1];
  const rows = [];
  for (let r = r0; r <= r1; r++) {
    const row = [];
    for (let c = c0; c <= c1; c++) {
      const key = `${r},${c}`;
      const t = laidAt.get(key) || cells.get(key);
      const cursor = d.cursor[0] === r && d.cursor[1] === c;
      // Named for a screen reader: the tile there, or the square's place (an empty square had no text).
      // Its colour said too (it decides the bonus for five of one colour): shown by the colour
      // alone, a screen reader and an eye that tells the two apart badly had no way to know it.
      const colour = t ? (L.colours || [])[t.colour - 1] || "" : "";
      row.push(h("td", {}, h("button", { type: "button", id: `cell-${r}-${c}`, "data-at": key, "aria-label": t ? `${t.tile} ${colour}`.trim() : `${ctx.t("board_square")} ${r},${c}`, title: t ? colour : null,
        class: `cell${t ? ` colour-${t.colour}` : ""}${laidAt.has(key) ? " laid" : ""}${cursor ? " cursor" : ""}`,
        onclick: () => { d.cursor = [r, c]; ctx.redraw(); } }, t ? t.tile : "")));
    }
    rows.push(h("tr", {}, row));
  }
  // The lines the move makes, each with its parts, as the application scores them.
  const found = h("div", { id: "board-lines" });
  ctx.onPreview((result) => {
    const hint = (result && result.hint) || {};
    const lines = hint.lines || [];
    // The bonuses the move earns and its total, as the application counts them.
    const bonuses = (hint.bonuses || []).map((b) => `+${desc.bonus} ${desc.bonuses.find((x) => x.code === b)?.name || b}`).join(" · ");
    const said = lines.map((x) => h("p", { class: `line-score ${x.points > 0 ? "good" : "bad"}` },
      `${x.line}${ctx.t("colon")}${x.points} — ${x.parts.map((p) => `${L[p.key]} ${p.points}`).join(" · ")}`));
    if (lines.length && hint.total != null) said.push(h("p", { id: "board-total" }, bonuses ? `${bonuses} · ` : "", h("strong", {}, `${L.move_total}${ctx.t("colon")}${hint.total}`)));
    found.replaceChildren(...said);
  });
  // The board, and beside it (below it on a narrow screen) the lines it makes and the tile keys,
  // so that the panel stays low enough to leave the sheet's last lines in sight.
  return [
    h("p", { class: "hint" }, L.board),
    h("div", { class: "board-area" },
      h("table", { id: "board", class: "board" }, rows),
      h("div", { class: "board-side" }, found,
    h("div", { class: "row", id: "board-tiles" },
      desc.tiles.map((tile) => h("button", { type: "button", id: `lay-${tile}`, onclick: () => { lay(d, tile, ctx); ctx.redraw(); } }, tile)),
      h("button", { type: "button", id: "board-colour", class: `colour-${d.colour}`, onclick: () => { d.colour = 3 - d.colour; ctx.redraw(); } }, h("kbd", {}, "X"), ` ${L.colour}${ctx.t("colon")}${(L.colours || [])[d.colour - 1] || d.colour}`),
      h("button", { type: "button", id: "board-take-back", onclick: () => { takeBack(d); ctx.redraw(); } }, h("kbd", {}, "⌫"), ` ${L.take_back}`)))),
  ];
}

/** A move laid on the board, drawn where its tiles lie (for the sheet's history). */
export function picture(entry) {
  if (!entry.tiles || !entry.tiles.length) return null;
  const at = new Map(entry.tiles.map((t) => [`${t.at[0]},${t.at[1]}`, t]));
  const rs = entry.tiles.map((t) => t.at[0]);
  const cs = entry.tiles.map((t) => t.at[1]);
  const rows = [];
  for (let r = Math.min(...rs); r <= Math.max(...rs); r++) {
    const row = [];
    for (let c = Math.min(...cs); c <= Math.max(...cs); c++) {
      const t = at.get(`${r},${c}`);
      row.push(h("td", {}, h("span", { class: `cell${t ? ` colour-${t.colour}` : ""}`, title: `(${r}, ${c})` }, t ? String(t.tile) : "")));
    }
    rows.push(h("tr", {}, row));
  }
  return h("table", { class: "board mini" }, rows);
}

/** The tile laid at the cursor taken back (or the last one laid). */
function takeBack(d) {
  const at = d.laid.findIndex((t) => t.at[0] === d.cursor[0] && t.at[1] === d.cursor[1]);
  const gone = at >= 0 ? d.laid.splice(at, 1)[0] : d.laid.pop();
  if (gone) d.cursor = [...gone.at];
}

export function toEntry(d, desc, ctx) {
  // Whose turn it is, as the application says, or as the scorer picks it after lines still
  // waiting on a table device offline (the application checks it when the line arrives).
  const seat = ctx.correcting ? ctx.sheet.lines[ctx.correcting - 1].dealer : ctx.next.unsure ? d.turnSeat : ctx.next.seat;
  // The end is no one's turn: every seat's tiles left.
  if (d.kind === "end") return { remaining: d.remaining.map(tiles) };
  if (!seat) return null;
  if (d.kind === "board") return d.laid.length ? { seat, tiles: d.laid.map((t) => ({ tile: t.tile, colour: t.colour, at: t.at })) } : null;
  if (d.kind === "move") {
    const lines = typedLines(d);
    if (!lines.length || d.placed === "") return null;
    // The bonuses the move earns are the application's answer to the move as typed (the
    // first move of the game, the tiles laid, the lines the scorer marks as of one colour):
    // the entry waits for it.
    const said = ctx.answer && ctx.answer();
    const answered = said && said.hint && Array.isArray(said.hint.bonuses) ? said.hint.bonuses : null;
    // Without the application's answer (no network, or lines waiting the application cannot
    // judge yet): the bonuses the scorer can see, checked when the line arrives.
    const unjudged = (ctx.unreachable && ctx.unreachable()) || !!(ctx.next && ctx.next.unsure);
    const bonuses = answered || (unjudged && !ctx.correcting ? bonusesOffline(d, ctx) : null);
    if (!bonuses) return null;
    return { seat, lines, placed: Number(d.placed), bonuses };
  }
  if (d.kind === "pass") return { seat, pass: true, exchanged: Number(d.exchanged || 0) };
  if (!d.by) return null;
  if (d.wrong) return { joker: { by: d.by, points: 0 } };
  if (!d.from || d.points === "") return null;
  return { joker: { by: d.by, from: d.from, points: Number(d.points) } };
}

/** While a move is typed: its lines, for the application to score each one. */
export function partial(d) {
  // The scorer's mark (a line of one colour: `d.bonuses` holds only marks) and the tiles
  // laid go too: the application says the bonuses the move earns and its total from them.
  return d.kind === "move" ? { lines: typedLines(d), placed: d.placed === "" ? null : Number(d.placed), bonuses: d.bonuses } : null;
}

function seatPick(prefix, seats, chosen, pick) {
  return seats.map((s, i) => h("button", { type: "button", id: `${prefix}-${i + 1}`, class: chosen === i + 1 ? "chosen" : "", onclick: () => pick(i + 1) },
    h("kbd", {}, String(i + 1)), ` ${s.name}`));
}

export function entryView(ctx) {
  const { sheet, desc, next, draft: d } = ctx;
  const L = desc.labels;
  const boardOpen = ctx.correcting ? d.kind === "board" : !!(next && next.board && !next.unsure);
  const kinds = desc.contracts.map((c) => c.code).filter((c) => (c !== "joker" || desc.joker) && (c !== "board" || boardOpen));
  const parts = [contractButtons(desc.contracts.filter((c) => kinds.includes(c.code)), kinds, d.kind, (code) => {
    d.kind = code; ctx.redraw(code === "move" ? "#tiles-1" : code === "pass" ? "#exchanged" : code === "end" ? "#left-1" : "#joker-by-1");
  })];
  if (next && next.unsure && !ctx.correcting) {
    parts.push(h("div", { class: "row figures", id: "turn" }, h("span", {}, ctx.t("turn_seat")),
      seatButtons("turn", sheet.seats, d.turnSeat || null, (s) => { d.turnSeat = s; ctx.redraw(); ctx.check(); })));
  }
  if (next && !next.unsure && !ctx.correcting) parts.push(h("p", { class: "hint", id: "holds" }, (next.holds === 1 && L.holds_one ? L.holds_one : L.holds).replace("{n}", next.holds).replace("{bag}", next.bag)));
  if (next && !ctx.correcting && !next.board) parts.push(h("p", { class: "hint", id: "board-unknown" }, L.board_unknown));
  if (d.kind === "board") parts.push(...boardView(ctx));
  else if (d.kind === "move") parts.push(...moveView(ctx));
  else if (d.kind === "pass") {
    parts.push(h("div", { class: "row figures" }, h("label", {}, L.exchanged, h("input", { id: "exchanged", inputmode: "numeric", autocomplete: "off", value: d.exchanged,
      oninput: (e) => { d.exchanged = digits(e.target.value); e.target.value = d.exchanged; ctx.check(); },
      onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.submit(); } } }))));
  } else if (d.kind === "end") {
    const held = next && !next.unsure && !ctx.correcting ? next.holding : null;
    parts.push(h("div", { class: "row figures", id: "remaining" }, h("span", {}, L.remaining),
      sheet.seats.map((s, i) => h("label", {}, `${s.seat}. ${s.name}`, h("input", { id: `left-${i + 1}`, autocomplete: "off", value: d.remaining[i], style: "width:8rem",
        placeholder: held ? L.held.replace("{n}", held[i]) : null,
        oninput: (e) => { d.remaining[i] = e.target.value; ctx.check(); shortSaid(); },
        onkeydown: (e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          const nextField = document.getElementById(`left-${i + 2}`);
          if (nextField) nextField.focus(); else ctx.submit();
        } })))));
    // The seats whose field lists fewer tiles than they hold (an empty field by mistake
    // deducted nothing, unseen), said under the fields as they are typed.
    const shortText = () => {
      const short = held ? sheet.seats.filter((s, i) => tiles(d.remaining[i]).length < held[i]).map((s) => s.name) : [];
      return short.length ? L.end_short.replace("{seats}", short.join(", ")) : "";
    };
    const shortSaid = () => { const el = document.getElementById("end-short"); if (el) el.textContent = shortText(); };
    parts.push(h("p", { class: "hint warn", id: "end-short", "aria-live": "polite" }, shortText()));
  } else {
    parts.push(h("div", { class: "row figures", id: "joker-by" }, h("span", {}, L.by), seatPick("joker-by", sheet.seats, d.by, (s) => { d.by = s; ctx.redraw(d.wrong ? "#enter-line" : "#joker-from-1"); })));
    parts.push(h("label", { class: "check" }, h("input", { type: "checkbox", id: "joker-wrong", checked: d.wrong, onchange: (e) => { d.wrong = e.target.checked; ctx.redraw(); } }), ` ${L.wrong}`));
    if (!d.wrong) {
      parts.push(h("div", { class: "row figures", id: "joker-from" }, h("span", {}, L.from), seatPick("joker-from", sheet.seats, d.from, (s) => { d.from = s; ctx.redraw("#joker-points"); })));
      parts.push(h("label", { class: "row" }, ctx.t("points"), h("input", { id: "joker-points", inputmode: "numeric", autocomplete: "off", value: d.points,
        oninput: (e) => { d.points = digits(e.target.value); e.target.value = d.points; ctx.check(); },
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.submit(); } } })));
    }
  }
  return parts;
}

function moveView(ctx) {
  const { desc, next, draft: d } = ctx;
  const L = desc.labels;
  const first = next && next.first_move && !next.unsure && !ctx.correcting;
  // The bonus the scorer is asked about (one colour) is open only while a line of the
  // length it needs (five) is typed.
  const colour = asked(desc);
  const colourBox = () => document.getElementById("bonus-one-colour");
  const hasFiveNow = () => typedLines(d).some((l) => l.length === colour.line);
  const refreshColour = () => { const b = colourBox(); if (b) { b.disabled = !hasFiveNow(); if (b.disabled) { b.checked = false; d.bonuses = d.bonuses.filter((x) => x !== colour.code); } } };
  const scores = d.lines.map(() => h("span", { class: "line-score" }));
  const bonusEl = h("span", { id: "bonuses" });
  const totalEl = h("strong", { id: "move-total" });
  const show = (result) => {
    const hint = (result && result.hint) || {};
    const lines = hint.lines || [];
    let n = 0;
    d.lines.forEach((text, i) => {
      if (!tiles(text).length) { scores[i].textContent = ""; return; }
      const x = lines[n++];
      if (!x) { scores[i].textContent = ""; return; }
      // The refusal in words; its rule's code rides along for the tooltip, as everywhere.
      if (x.rule) { scores[i].textContent = (x.texts && x.texts[document.documentElement.lang]) || x.rule; scores[i].title = x.rule; scores[i].dataset.rule = x.rule; scores[i].className = "line-score bad"; return; }
      scores[i].title = ""; delete scores[i].dataset.rule;
      // The line's parts as the rules count them, named as the game names them.
      scores[i].textContent = `${x.points} — ${x.parts.map((p) => `${L[p.key]} ${p.points}`).join(" · ")}`;
      scores[i].className = `line-score ${x.points > 0 ? "good" : "bad"}`;
    });
    // The bonuses the move earns and its total, as the application counts them.
    bonusEl.textContent = (hint.bonuses || []).map((b) => `+${desc.bonus} ${desc.bonuses.find((x) => x.code === b)?.name || b}`).join(" · ");
    totalEl.textContent = hint.total != null ? `${L.move_total}${ctx.t("colon")}${hint.total}` : "";
  };
  ctx.onPreview(show);
  const setPlacedFromFirst = () => { if (first) d.placed = String(tiles(d.lines[0] || "").length || ""); };
  const lineInputs = d.lines.map((text, i) => h("div", { class: "row tiles-line" },
    h("label", {}, `${L.line} ${i + 1}`, h("input", { id: `tiles-${i + 1}`, class: "tiles", autocomplete: "off", value: text, style: "width:10rem",
      oninput: (e) => { d.lines[i] = e.target.value; setPlacedFromFirst(); const p = document.getElementById("placed"); if (p && first) p.value = d.placed; refreshColour(); ctx.check(); },
      onkeydown: (e) => {
        if (e.key !== "Enter") return;
        e.preventDefault();
        // Enter after a line opens the next one (not on the first move: one line);
        // Enter on an empty line goes to the tiles laid, or confirms when known.
        if (tiles(d.lines[i]).length && !first) {
          if (i === d.lines.length - 1) d.lines.push("");
          ctx.redraw(`#tiles-${i + 2}`);
        } else if (first && hasFiveNow() && document.activeElement !== colourBox()) {
          // Five tiles at once: one colour or not (Space ticks it), then Enter.
          colourBox()?.focus();
        } else if (d.placed !== "") ctx.submit();
        else document.getElementById("placed")?.focus();
      } })), scores[i]));
  const hasFive = hasFiveNow();
  return [
    h("p", { class: "hint" }, L.lines),
    h("div", { id: "move-lines" }, lineInputs),
    h("div", { class: "row figures" },
      h("label", {}, L.placed, h("input", { id: "placed", inputmode: "numeric", autocomplete: "off", value: d.placed, style: "width:4rem", readonly: first,
        oninput: (e) => { d.placed = digits(e.target.value).slice(0, 1); e.target.value = d.placed; ctx.check(); },
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.submit(); } } })),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "bonus-one-colour", checked: d.bonuses.includes(colour.code), disabled: !hasFive,
        onchange: (e) => { d.bonuses = d.bonuses.filter((b) => b !== colour.code); if (e.target.checked) d.bonuses.push(colour.code); ctx.check(); },
        onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); ctx.submit(); } } }),
        h("kbd", {}, colour.key.toUpperCase()), colour.name)),
    h("p", {}, bonusEl, " ", totalEl),
  ];
}

/** Keys when no field has focus: M, P, E, J pick the kind of entry; C the one-colour bonus; digits a seat of the joker. */
export function onKey(e, ctx) {
  const key = e.key.toLowerCase();
  const d = ctx.draft;
  // On the board letters lay tiles; Shift with a game's letter picks that game (J laid a jack,
  // and the joker could only be reached by Tab or the mouse). Only a game's letter: an AZERTY
  // keyboard types its digits with Shift.
  const gameAsked = e.shiftKey && ctx.desc.contracts.some((c) => c.key === key);
  if (d.kind === "board" && !gameAsked) {
    // On the board: arrows, tiles, the colour, take back; Enter (the shell's) plays the move.
    const step = { arrowup: [-1, 0], arrowdown: [1, 0], arrowleft: [0, -1], arrowright: [0, 1] }[key];
    if (step) { d.cursor = [d.cursor[0] + step[0], d.cursor[1] + step[1]]; ctx.redraw(); return true; }
    if (TILE_KEYS[key]) { lay(d, TILE_KEYS[key], ctx); ctx.redraw(); return true; }
    if (key === "x") { d.colour = 3 - d.colour; ctx.redraw(); return true; }
    if (key === "backspace" || key === "delete") { takeBack(d); ctx.redraw(); return true; }
  }
  const c = ctx.desc.contracts.find((x) => x.key === key);
  if (c && gameKey(c.code, ctx.t)) return true;
  if (key === asked(ctx.desc).key) { document.getElementById("bonus-one-colour")?.click(); return true; }
  if (/^[1-4]$/.test(key) && ctx.draft.kind === "joker") {
    const target = ctx.draft.by && !ctx.draft.wrong ? "joker-from" : "joker-by";
    document.getElementById(`${target}-${key}`)?.click();
    return true;
  }
  return false;
}
