// Atout's window: the secretary's, the table scorer's and the jury's screens.
// All data comes from the application through `call` (Tauri commands).
import { call } from "./api.js";
import { t, setLang, currentLang, explain } from "./i18n.js";
import { h } from "./dom.js";

const state = {
  view: localStorage.getItem("atout.view") || "tournaments",
  tournament: localStorage.getItem("atout.tournament") || "",
  round: 1,
  table: 1,
  // The line being typed survives refusals and re-renders: typed work is never lost.
  draft: null,
  correcting: null,
  error: null,
};

function flash(message, ok = true) {
  const f = document.getElementById("flash");
  f.textContent = message;
  f.className = ok ? "ok" : "error";
  if (ok) setTimeout(() => { if (f.textContent === message) { f.textContent = ""; f.className = ""; } }, 4000);
}

const views = {};
const fmt = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ""));

/** A game's entry module (ui/games/<game>.js) and its description from the application, per language. */
const games = {};
async function gameOf(tid, code) {
  const key = `${tid}/${currentLang()}/${state.settingsVersion || 0}`;
  if (!games[key]) {
    const [mod, desc] = await Promise.all([import(`./games/${code}.js`), call("game_view", { tournament: tid, lang: currentLang() })]);
    games[key] = { mod, desc };
  }
  return games[key];
}

let rendering = 0;

/** Draw the current screen. `body[data-busy]` is set while a render is under way. */
async function render() {
  rendering += 1;
  document.body.dataset.busy = "1";
  try {
    await draw();
  } finally {
    rendering -= 1;
    if (rendering === 0) delete document.body.dataset.busy;
  }
}

async function draw() {
  document.documentElement.lang = currentLang();
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const b of document.querySelectorAll("#nav button")) {
    b.textContent = t(b.dataset.view);
    b.classList.toggle("active", b.dataset.view === state.view);
  }
  document.getElementById("lang").value = currentLang();
  const who = JSON.parse(localStorage.getItem("atout.who") || "null");
  const whoButton = document.getElementById("who");
  whoButton.textContent = who ? actorText(who) : t("nobody");
  whoButton.title = t("working");
  // The tournament picker needs an open database; on the recovery screen there is none.
  await fillTournaments().catch(() => null);
  const view = document.getElementById("view");
  try {
    const content = await views[state.view]();
    view.replaceChildren(h("div", { id: `screen-${state.view}` }, content));
    restoreKept(view);
    if (state.view === "scorer") showLastLine();
  } catch (e) {
    view.replaceChildren(h("div", { class: "error", id: "screen-error" }, explain(e)));
  }
}

/**
 * What is typed in a form is kept until the form's action succeeds: a refusal redraws
 * the screen, and the fields come back as they were (a rule broken never costs the typing).
 */
document.addEventListener("input", (e) => keep(e.target));
document.addEventListener("change", (e) => keep(e.target));
/** Where a kept form lives: its screen, tournament, round, table and id (forms marked `data-keep`). */
function keptKey(id) {
  return [state.view, state.tournament, state.round, state.table, id].join("/");
}
function keep(field) {
  const form = field.form;
  if (!form || !form.id || !field.name || !form.dataset.keep) return;
  state.kept = state.kept || {};
  const kept = (state.kept[keptKey(form.id)] ||= {});
  kept[field.name] = field.type === "checkbox" ? field.checked : field.value;
}
function restoreKept(root) {
  for (const form of root.querySelectorAll("form[data-keep]")) {
    const fields = (state.kept || {})[keptKey(form.id)];
    if (!fields) continue;
    for (const [name, value] of Object.entries(fields)) {
      const field = form.elements[name];
      if (!field || field instanceof RadioNodeList) continue;
      if (field.type === "checkbox") field.checked = value; else field.value = value;
    }
  }
}

/** On the scorer's screen, the sheet's last line just above the entry panel (which stays at the bottom). */
function showLastLine() {
  if (state.correcting) return;
  const rows = document.querySelectorAll("#sheet tr[id^=line-]");
  const entry = document.getElementById("entry");
  const last = rows[rows.length - 1];
  if (!last || !entry) return;
  last.style.scrollMarginBottom = `${entry.offsetHeight + 8}px`;
  last.scrollIntoView({ block: "end" });
}

async function fillTournaments() {
  const select = document.getElementById("current-tournament");
  const list = await call("tournament_list");
  if (state.tournament && !list.some((x) => String(x.id) === state.tournament)) state.tournament = "";
  select.replaceChildren(h("option", { value: "" }, t("none")), ...list.map((x) => h("option", { value: x.id }, x.name)));
  select.value = state.tournament;
  return list;
}

function go(view) {
  state.view = view;
  localStorage.setItem("atout.view", view);
  render();
}

/** Make `id` the current tournament: the screens start again from its first round. */
function useTournament(id) {
  state.tournament = String(id);
  localStorage.setItem("atout.tournament", state.tournament);
  state.roundsView = null; state.confirmDraw = null; state.round = 1; state.table = 1; state.draft = null; state.correcting = null; state.error = null;
  state.pending = null; state.kept = {}; state.afterRound = null; state.lastAction = null; state.showHistory = false;
}

function needTournament() {
  if (!state.tournament) throw { message: t("no_tournament") };
  return state.tournament;
}

/** Run a change; show a refusal where it happened and keep the screen as typed. */
async function act(fn, done) {
  try {
    const result = await fn();
    state.error = null;
    state.kept = {};
    if (done) done(result);
    await render();
    return result;
  } catch (e) {
    state.error = explain(e);
    // An earlier "Saved" must not stand beside this refusal.
    const f = document.getElementById("flash");
    if (f) { f.textContent = ""; f.className = ""; }
    await render();
    return null;
  }
}

function errorBox() {
  return state.error ? h("div", { class: "error", id: "error" }, state.error) : null;
}

/** A chosen file's text (`bytes`: its raw bytes, for the application to decode). */
function readFile(input, bytes = false) {
  return new Promise((resolve, reject) => {
    const file = input.files && input.files[0];
    if (!file) return reject({ message: "no file" });
    const reader = new FileReader();
    reader.onload = () => resolve(bytes ? Array.from(new Uint8Array(reader.result)) : reader.result);
    reader.onerror = () => reject({ message: String(reader.error) });
    if (bytes) reader.readAsArrayBuffer(file); else reader.readAsText(file, "utf-8");
  });
}

// ---------------------------------------------------------------- players
views.players = async () => {
  const players = await call("players_list");
  const np = state.newPlayer || (state.newPlayer = { name: "", club: "", member: "" });
  const entrants = state.tournament ? await call("tournament_players", { tournament: state.tournament }) : [];
  const editing = state.editingPlayer;
  const rows = players.map((p) =>
    editing === p.id
      ? h("tr", {}, h("td", { colspan: 4 }, h("form", { class: "row", id: "edit-player", onsubmit: (e) => {
            e.preventDefault();
            const f = e.target;
            act(() => call("player_edit", { id: p.id, name: f.name.value, club: f.club.value, member: f.member.value, reason: f.reason.value }),
              () => { state.editingPlayer = null; flash(t("saved")); });
          } },
          h("label", {}, t("name"), h("input", { name: "name", value: p.name, required: true })),
          h("label", {}, t("club"), h("input", { name: "club", value: p.club })),
          h("label", {}, t("member"), h("input", { name: "member", value: p.member })),
          h("label", {}, t("reason"), h("input", { name: "reason", required: true })),
          h("button", { class: "primary" }, t("save")),
          h("button", { type: "button", onclick: () => { state.editingPlayer = null; render(); } }, t("cancel")))))
      : h("tr", {}, h("td", {}, p.name), h("td", {}, p.club), h("td", {}, p.member),
          h("td", {}, h("button", { onclick: () => { state.editingPlayer = p.id; render(); } }, t("edit")))));
  const csv = h("input", { type: "file", id: "csv-file", accept: ".csv,.txt,text/csv", onchange: async (e) => {
    // The bytes as on disk: the application recognises the encoding (Excel's Windows-1252 included).
    const bytes = await readFile(e.target, true);
    act(() => call("players_import", { bytes, tournament: state.tournament || null }),
      (r) => {
        flash(`${r.added.length} ${t("added")}, ${r.known.length} ${t("known")}${state.tournament ? `, ${r.entered} ${t("entered")}` : ""} (${t("read_as", { encoding: r.encoding })})`);
        state.error = r.unsure.length ? t("unsure", { names: r.unsure.map((p) => p.name).join(", ") }) : null;
      });
  } });
  return [
    h("h2", {}, t("players")),
    errorBox(),
    h("form", { class: "row", id: "add-player", onsubmit: async (e) => {
      e.preventDefault();
      const p = np;
      const anyway = state.duplicate === p.name;
      try {
        await call("player_add", { name: p.name, club: p.club, member: p.member, anyway });
        state.newPlayer = null; state.duplicate = null; state.error = null;
        flash(t("saved"));
      } catch (err) {
        // A probable namesake: say who is registered, and offer to add anyway (two people).
        state.error = explain(err);
        state.duplicate = err.kind === "conflict" ? p.name : null;
      }
      await render();
      document.querySelector("#add-player input[name=name]")?.focus();
    } },
      h("label", {}, t("name"), h("input", { name: "name", required: true, maxlength: 100, value: np.name, oninput: (e) => { np.name = e.target.value; } })),
      h("label", {}, t("club"), h("input", { name: "club", maxlength: 100, value: np.club, oninput: (e) => { np.club = e.target.value; } })),
      h("label", {}, t("member"), h("input", { name: "member", maxlength: 40, value: np.member, oninput: (e) => { np.member = e.target.value; } })),
      h("button", { class: "primary", id: "add-player-button" }, state.duplicate && state.duplicate === np.name ? t("add_anyway") : t("add"))),
    h("div", { class: "row" }, h("label", { class: "filepick button" }, t("import_csv"), csv)),
    h("table", { id: "players-table" }, h("tr", {}, h("th", {}, t("name")), h("th", {}, t("club")), h("th", {}, t("member")), h("th", {}, "")), rows),
    entrants.length ? [
      h("h3", {}, t("tournament_players")),
      h("table", { id: "entrants-table" }, entrants.map((p) => h("tr", { class: p.withdrawn_from ? "withdrawn" : "" },
        h("td", {}, p.player), h("td", {}, p.name), h("td", {}, p.club),
        h("td", {}, [p.joined_round ? t("joined_round", { round: p.joined_round }) : "", p.withdrawn_from ? t("withdrawn_from", { round: p.withdrawn_from }) : ""].filter(Boolean).join(" · ")),
        h("td", {}, h("form", { class: "inline", onsubmit: (e) => {
          e.preventDefault();
          const reason = e.target.reason.value;
          const command = p.withdrawn_from ? "player_return" : "player_withdraw";
          act(() => call(command, { tournament: state.tournament, player: p.player, fromRound: null, reason }), () => flash(t("saved")));
        } }, h("input", { name: "reason", required: true, placeholder: t("reason"), maxlength: 500 }),
          h("button", { id: `withdraw-${p.player}` }, p.withdrawn_from ? t("return_player") : t("withdraw"))))))),
    ] : null,
  ];
};

// ------------------------------------------------------------ tournaments
/** The tournament form: the game's own settings come from the application, as a list of choices. */
function createForm(choices) {
  const form = state.form || (state.form = { name: "", game: choices[0].code, rounds: 5, date: "", fields: {}, ranking: null, table_points: "", bye_points: "" });
  const game = choices.find((g) => g.code === form.game) || choices[0];
  const ranking = form.ranking || game.ranking;
  const fixedSize = game.seats[0] === game.seats[1];
  const keep = (key) => (e) => { form[key] = e.target.value; };
  const rerender = (key) => (e) => { form[key] = e.target.value; render(); };
  const submit = (e) => {
    e.preventDefault();
    const settings = { ranking };
    for (const field of game.fields) Object.assign(settings, field.options[form.fields[field.key] || 0].settings);
    if (ranking === "table-points" && fixedSize && form.table_points.trim()) settings.table_points = form.table_points.trim().split(/[\s,;\/]+/).map(Number);
    if (ranking === "table-points" && form.bye_points !== "") settings.bye = { table_points: Number(form.bye_points), score: 0 };
    const request = { name: form.name, game: game.code, rounds: Number(form.rounds), date: form.date || null, settings };
    act(() => call("tournament_create", { request }), (info) => {
      useTournament(info.id);
      state.form = null;
      flash(t("saved"));
    });
  };
  const defaultPlaces = Array.from({ length: game.seats[0] }, (_, i) => 4 * (game.seats[0] - i)).join(" ");
  return h("form", { class: "row", id: "create-tournament", onsubmit: submit },
    h("label", {}, t("name"), h("input", { name: "name", id: "tournament-name", required: true, maxlength: 200, value: form.name, oninput: keep("name") })),
    h("label", {}, t("game"), h("select", { name: "game", id: "tournament-game", onchange: (e) => { form.game = e.target.value; form.fields = {}; form.ranking = null; render(); } },
      choices.map((g) => h("option", { value: g.code, selected: g.code === game.code }, g.name)))),
    game.fields.map((field) => h("label", {}, field.label, h("select", { name: field.key, id: `setting-${field.key}`, onchange: (e) => { form.fields[field.key] = Number(e.target.value); } },
      field.options.map((o, i) => h("option", { value: i, selected: (form.fields[field.key] || 0) === i }, o.label))))),
    h("label", {}, t("rounds_count"), h("input", { name: "rounds", type: "number", min: 1, max: 99, value: form.rounds, oninput: keep("rounds") })),
    h("label", {}, t("date"), h("input", { name: "date", type: "date", value: form.date, oninput: keep("date") })),
    h("label", {}, t("ranking"), h("select", { name: "ranking", id: "tournament-ranking", onchange: rerender("ranking") },
      ["table-points", "total-score"].map((r) => h("option", { value: r, selected: r === ranking }, t(`ranking_${r}`))))),
    ranking === "table-points" && fixedSize
      ? h("label", {}, t("places_points"), h("input", { name: "table_points", placeholder: defaultPlaces, value: form.table_points, style: "width:8rem", oninput: keep("table_points") }))
      : null,
    ranking === "table-points"
      ? h("label", {}, t("bye_points"), h("input", { name: "bye_points", type: "number", placeholder: t("table_average"), value: form.bye_points, style: "width:10rem", oninput: keep("bye_points") }))
      : null,
    h("button", { class: "primary", id: "create-tournament-button" }, t("create")));
}

views.tournaments = async () => {
  const [list, choices] = await Promise.all([call("tournament_list"), call("games", { lang: currentLang() })]);
  const names = Object.fromEntries(choices.map((g) => [g.code, g.name]));
  const json = h("input", { type: "file", id: "json-file", accept: ".json,application/json", onchange: async (e) => {
    const text = await readFile(e.target);
    act(() => call("import_document", { text }), (info) => { useTournament(info.id); flash(t("saved")); });
  } });
  // The current tournament's own settings editor, when its game has one (Rikken's points table).
  const current = list.find((x) => String(x.id) === state.tournament);
  let editor = null;
  if (current) {
    const game = await gameOf(state.tournament, current.game);
    if (game.mod.settingsEditor) editor = game.mod.settingsEditor({ info: current, desc: game.desc, t, act, call, flash, changed: () => { state.settingsVersion = (state.settingsVersion || 0) + 1; } });
  }
  return [
    h("h2", {}, t("tournaments")),
    errorBox(),
    createForm(choices),
    h("div", { class: "row" }, h("label", { class: "filepick button" }, t("import_json"), json)),
    h("table", { id: "tournaments-table" },
      h("tr", {}, h("th", {}, t("name")), h("th", {}, t("game")), h("th", {}, t("date")), h("th", { class: "num" }, t("players")), h("th", { class: "num" }, t("rounds")), h("th", {}, "")),
      list.map((x) => h("tr", {},
        h("td", {}, x.name), h("td", { class: "game", "data-game": x.game }, names[x.game] || x.game), h("td", {}, x.date || ""), h("td", { class: "num" }, x.players),
        h("td", { class: "num" }, `${x.rounds_drawn}/${x.rounds}`),
        h("td", {},
          h("button", { onclick: () => { useTournament(x.id); render(); } }, "✓"),
          " ",
          h("button", { id: `enter-all-${x.id}`, onclick: () => act(() => call("tournament_enter", { tournament: String(x.id), players: [] }), (i) => flash(`${i.players} ${t("entered")}`)) }, t("enter_all")))))),
    editor,
  ];
};

// ----------------------------------------------------------------- rounds
function seatList(seats, first, scorers = []) {
  return h("ol", {}, seats.map((s) => h("li", {}, `${s.name}${s.club ? ` (${s.club})` : ""}${s.seat === first ? ` — ${t("first_dealer")}` : ""}`,
    scorers.includes(s.seat) ? h("span", { class: "mark scorer" }, ` — ${t("keeps_score")}`) : null)));
}

views.rounds = async () => {
  const tid = needTournament();
  const info = await call("tournament_list").then((l) => l.find((x) => String(x.id) === tid));
  const last = info.rounds_drawn;
  if (!state.roundsView) state.roundsView = Math.max(1, last);
  const r = state.roundsView;
  let drawn = null;
  try { drawn = await call("round_view", { tournament: tid, round: r }); } catch (_) { drawn = null; }
  const draw = async (anyway = false) => {
    const seedInput = document.getElementById("seed");
    // As text: a seed above 2^53 loses digits as a JavaScript number.
    const seed = seedInput && seedInput.value.trim() ? seedInput.value.trim() : null;
    const seating = document.getElementById("by-ranking")?.checked ? "by-ranking" : "planned";
    // A guard rail: drawing while the round before is still being played asks first, and says why.
    if (!anyway && r > 1) {
      const before = await call("round_view", { tournament: tid, round: r - 1 }).catch(() => null);
      const open = before ? before.tables.filter((x) => !x.complete).map((x) => x.number) : [];
      if (open.length) { state.confirmDraw = { round: r, before: r - 1, open, seed, seating }; render(); return; }
    }
    state.confirmDraw = null;
    act(() => call("round_draw", { tournament: tid, round: r, seed, seating }), () => flash(t("saved")));
  };
  const confirm = state.confirmDraw && state.confirmDraw.round === r ? state.confirmDraw : null;
  return [
    h("h2", {}, `${t("rounds")} — ${info.name}`),
    errorBox(),
    h("div", { class: "row" },
      h("label", {}, t("round"), h("select", { id: "round-pick", onchange: (e) => { state.roundsView = Number(e.target.value); render(); } },
        Array.from({ length: Math.min(info.rounds, last + 1) }, (_, i) => h("option", { value: i + 1, selected: i + 1 === r }, i + 1)))),
      h("label", {}, t("seed"), h("input", { id: "seed", inputmode: "numeric", maxlength: 20, autocomplete: "off", value: confirm ? confirm.seed || "" : "" })),
      h("label", { class: "check", title: t("by_ranking_hint") }, h("input", { type: "checkbox", id: "by-ranking", checked: confirm ? confirm.seating === "by-ranking" : false }), t("by_ranking")),
      drawn
        ? h("button", { id: "draw-again", onclick: () => draw() }, t("draw_again"))
        : h("button", { class: "primary", id: "draw-round", onclick: () => draw() }, t("draw"))),
    confirm ? h("div", { class: "card forced", id: "confirm-draw" },
      h("p", {}, t("round_open", { round: confirm.before, tables: confirm.open.join(", "), next: confirm.round })),
      h("div", { class: "row" },
        h("button", { class: "primary", id: "draw-anyway", onclick: () => draw(true) }, t("draw_anyway")),
        h("button", { id: "draw-cancel", onclick: () => { state.confirmDraw = null; render(); } }, t("cancel")))) : null,
    drawn ? printPanel(tid, ["seating", "sheets", "completed-sheets", "lines-csv"], r) : null,
    drawn
      ? [
          h("p", { class: "hint", id: "draw-info" }, `${t("seed_short")} ${drawn.seed ?? "—"} · ${drawn.repeats ?? 0} ${t("repeats")}${drawn.by_ranking ? ` · ${t("by_ranking")}` : ""}`),
          h("div", { class: "tables" }, drawn.tables.map((tb) => h("div", { class: "card", id: `table-card-${tb.number}` },
            h("h3", {}, `${t("table")} ${tb.number}`), seatList(tb.seats, tb.first_dealer, tb.scorers || []),
            h("button", { onclick: () => { state.round = r; state.table = tb.number; state.draft = null; go("scorer"); } }, t("open_sheet"))))),
          drawn.byes.length ? h("p", { id: "byes" }, `${t("byes")}: ${drawn.byes.map((b) => b.name).join(", ")}`) : null,
        ]
      : h("p", { class: "hint" }, t("not_drawn")),
  ];
};

// -------------------------------------------------------------- standings
views.standings = async () => {
  const tid = needTournament();
  const [s, status] = await Promise.all([call("standings", { tournament: tid, afterRound: state.afterRound || null }), call("round_status", { tournament: tid })]);
  const rounds = Array.from({ length: s.after_round }, (_, i) => i + 1);
  // A total-score tournament has no table points: the round's score alone is shown.
  const points = s.rows.some((row) => row.table_points != null);
  const cell = (x) => {
    if (x.bye) return points ? `${t("bye")} ${fmt(x.table_points)}` : `${t("bye")} (${x.score})`;
    return points ? `${fmt(x.table_points)} (${x.score})` : String(x.score);
  };
  return [
    h("h2", {}, `${t("standings")} — ${s.tournament}`),
    h("p", { class: "hint", id: "round-status" }, roundStatusText(status.filter((r) => r.round <= s.after_round))),
    errorBox(),
    printPanel(tid, ["standings", "standings-csv", "rounds-csv", "lines-csv"], state.afterRound || null),
    h("div", { class: "row" }, h("label", {}, t("after_round"), h("select", { id: "after-round", onchange: (e) => { state.afterRound = Number(e.target.value); render(); } },
      rounds.map((r) => h("option", { value: r, selected: r === s.after_round }, r))))),
    h("table", { id: "standings-table" },
      h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), points ? h("th", { class: "num" }, t("points")) : null, h("th", { class: "num" }, t("score")), h("th", { class: "num" }, t("best")),
        rounds.map((r) => h("th", { class: "num" }, `${t("round")} ${r}`))),
      s.rows.map((row) => h("tr", {},
        h("td", { class: `num${row.shared ? " shared" : ""}` }, row.shared ? `${row.rank}=` : row.rank),
        h("td", {}, row.name,
          row.joined_round ? h("span", { class: "mark late" }, ` ${t("joined_round", { round: row.joined_round })}`) : null,
          row.withdrawn_from ? h("span", { class: "mark withdrawn" }, ` ${t("withdrawn_from", { round: row.withdrawn_from })}`) : null),
        points ? h("td", { class: "num" }, fmt(row.table_points)) : null, h("td", { class: "num" }, row.score_sum), h("td", { class: "num" }, row.best_round ?? ""),
        rounds.map((r) => {
          const x = row.rounds.find((y) => y.round === r);
          if (!x) return h("td", {}, "");
          return h("td", { class: `num${x.provisional ? " provisional" : ""}`, title: x.provisional ? t("provisional") : "" }, cell(x));
        })))),
  ];
};

/** Which rounds are complete and which still being played, in words. */
function roundStatusText(status) {
  return status.map((r) => r.complete === r.tables
    ? t("round_complete", { round: r.round })
    : t("round_playing", { round: r.round, done: r.complete, tables: r.tables })).join(" · ");
}

// --------------------------------------------------------------- projector
/** Each shown player's running total after each round (table points when they rank, else scores). */
function progression(s, points) {
  const rounds = s.after_round;
  return s.rows.map((row) => {
    let sum = 0;
    const ys = [0];
    for (let r = 1; r <= rounds; r += 1) {
      const x = row.rounds.find((y) => y.round === r);
      if (x) sum += points ? (x.table_points || 0) : x.score;
      ys.push(sum);
    }
    return { name: row.name, ys };
  });
}

/** A line chart of the leaders' running totals across the rounds, drawn as SVG. */
function progressionChart(s, points, shown = 8) {
  const lines = progression(s, points).slice(0, shown);
  const rounds = s.after_round;
  if (!rounds || !lines.length) return null;
  const all = lines.flatMap((l) => l.ys);
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  const W = 900, H = 320, L = 60, R = 20, T = 16, B = 36;
  const x = (r) => L + (r * (W - L - R)) / rounds;
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const colours = ["#166534", "#1d4ed8", "#b91c1c", "#a16207", "#7c3aed", "#0e7490", "#be185d", "#4d7c0f"];
  const NS = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, text) => { const e = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text != null) e.textContent = text; return e; };
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, id: "progress-chart", role: "img", "aria-label": t("progression") });
  svg.append(el("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), stroke: "#94a3b8" }));
  for (let r = 1; r <= rounds; r += 1) svg.append(el("text", { x: x(r), y: H - 10, "text-anchor": "middle", "font-size": 16 }, `${t("round")} ${r}`));
  for (const v of [lo, hi]) svg.append(el("text", { x: L - 8, y: y(v) + 5, "text-anchor": "end", "font-size": 16 }, fmt(v)));
  lines.forEach((l, i) => {
    svg.append(el("polyline", { points: l.ys.map((v, r) => `${x(r)},${y(v)}`).join(" "), fill: "none", stroke: colours[i % colours.length], "stroke-width": 3 }));
  });
  const legend = h("div", { class: "legend" }, lines.map((l, i) => h("span", {}, h("i", { style: `background:${colours[i % colours.length]}` }), ` ${l.name}`)));
  return h("div", { class: "chart" }, h("h3", {}, t("progression")), svg, legend);
}

views.projector = async () => {
  const tid = needTournament();
  const [s, status] = await Promise.all([call("standings", { tournament: tid, afterRound: null }), call("round_status", { tournament: tid })]);
  state.projectorSeen = JSON.stringify([s, status]);
  const points = s.rows.some((row) => row.table_points != null);
  const mode = state.projectorMode || "standings";
  const last = status.length ? status[status.length - 1].round : 0;
  const tables = mode === "tables" && last ? await call("round_view", { tournament: tid, round: last }) : null;
  const modeButton = (m) => h("button", { id: `projector-${m}`, class: mode === m ? "chosen" : "", onclick: () => { state.projectorMode = m; render(); } }, t(`projector_${m}`));
  return [
    h("div", { class: "row no-room" }, modeButton("standings"), modeButton("tables"),
      h("button", { id: "room-mode", onclick: () => { document.body.classList.add("room"); } }, t("room_mode"))),
    // In the room display the menu is hidden: Escape, or this discreet button, brings it back.
    h("button", { class: "room-exit", id: "room-exit", title: t("room_exit"), onclick: () => { document.body.classList.remove("room"); } }, "×"),
    h("h1", { class: "projector-title" }, s.tournament),
    h("p", { class: "projector-status", id: "projector-status" }, roundStatusText(status) || t("not_drawn")),
    tables
      ? h("div", { class: "tables projector-tables" }, tables.tables.map((tb) => h("div", { class: "card" },
        h("h2", {}, `${t("table")} ${tb.number}`), h("ol", {}, tb.seats.map((x) => h("li", {}, x.name))))),
        tables.byes.length ? h("p", {}, `${t("byes")}: ${tables.byes.map((b) => b.name).join(", ")}`) : null)
      : [
          h("table", { id: "projector-table", class: "projector" },
            h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), h("th", { class: "num" }, points ? t("points") : t("score"))),
            s.rows.map((row) => h("tr", {},
              h("td", { class: "num" }, row.shared ? `${row.rank}=` : row.rank),
              h("td", {}, row.name, row.rounds.some((x) => x.provisional) ? h("span", { class: "mark" }, ` ${t("playing")}`) : null),
              h("td", { class: "num" }, points ? fmt(row.table_points) : row.score_sum)))),
          progressionChart(s, points),
        ],
  ];
};

/** The projector refreshes itself as sheets come in: it looks every few seconds and redraws on a change. */
const projectorSeconds = Number(localStorage.getItem("atout.projector.seconds"));
setInterval(async () => {
  if (state.view !== "projector" || !state.tournament || rendering) return;
  try {
    const [s, status] = await Promise.all([call("standings", { tournament: state.tournament, afterRound: null }), call("round_status", { tournament: state.tournament })]);
    // Still on the projector (the screen may have changed while the application answered).
    if (state.view === "projector" && JSON.stringify([s, status]) !== state.projectorSeen) render();
  } catch (_) { /* the next look will tell */ }
}, (projectorSeconds >= 1 ? projectorSeconds : 4) * 1000);

// ----------------------------------------------------------------- scorer
function tableChooser(info, onchange) {
  return h("div", { class: "row" },
    h("label", {}, t("round"), h("input", { id: "sheet-round", type: "number", min: 1, max: info.rounds, value: state.round, onchange: (e) => { state.round = Number(e.target.value); leaveTable(); onchange(); } })),
    h("label", {}, t("table"), h("input", { id: "sheet-table", type: "number", min: 1, value: state.table, onchange: (e) => { state.table = Number(e.target.value); leaveTable(); onchange(); } })));
}

/** Another table: what was being typed or kept for a joint save at the last one stays there. */
function leaveTable() {
  state.draft = null; state.correcting = null; state.pending = null; state.error = null; state.showHistory = false;
}

function sheetTable(sheet, game) {
  const { mod, desc } = game;
  const named = Object.fromEntries([...(desc.contracts || []), ...(desc.fines || [])].map((c) => [c.code, c.name]));
  const labelOf = (l) => {
    const [code, ...rest] = l.label.split(" ");
    return code.length > 1 && named[code] ? [named[code], ...rest].join(" ") : l.label;
  };
  const head = h("tr", {}, h("th", { class: "num" }, t("line")), h("th", { class: "num" }, t("deal")), h("th", {}, t("contract")),
    sheet.seats.map((s) => h("th", { class: "num" }, `${s.seat}. ${s.name}`)), h("th", {}, ""));
  const rows = sheet.lines.map((l) => h("tr", { class: `${l.counts ? "" : "void"}${state.correcting === l.line ? " correcting" : ""}${state.pending && state.pending[l.line] ? " pending" : ""}`, id: `line-${l.line}` },
    h("td", { class: "num" }, l.line), h("td", { class: "num" }, l.deal), h("td", { title: named[l.label.split(" ")[0]] || "" }, `${labelOf(l)}${l.fault ? " !" : ""}`),
    l.points.map((p, i) => h("td", { class: `num${l.dealer === i + 1 ? " dealer" : ""}${l.chooser === i + 1 ? " chooser" : ""}${l.sits_out === i + 1 ? " out" : ""}`, title: `${t("totals")}: ${l.running[i]}` }, h("span", {}, l.sits_out === i + 1 ? "—" : p))),
    h("td", {}, h("button", { class: "correct", onclick: () => { state.correcting = l.line; state.draft = mod.newDraft((state.pending && state.pending[l.line]) || l.entry, { sheet, desc, next: null }); state.error = null; render(); } }, t("correct")))));
  const span = { colspan: 3 };
  const sum = h("tr", {}, h("th", span, t("totals")), sheet.totals.map((x) => h("th", { class: "num" }, x)), h("th", {}, ""));
  const scores = h("tr", { id: "round-scores" }, h("th", span, t("round_scores")), sheet.scores.map((x) => h("th", { class: "num" }, x)), h("th", {}, ""));
  const points = h("tr", { id: "table-points" }, h("th", span, `${t("table_points")}${sheet.complete ? "" : ` (${t("provisional")})`}`),
    sheet.table_points.map((x) => h("th", { class: "num" }, fmt(x))), h("th", {}, ""));
  return h("table", { class: "sheet", id: "sheet" }, head, rows, sum, scores, sheet.uses_table_points ? points : null);
}

/** The live check of the line being typed: its points, or the rule it breaks, from the application. */
let checkTimer = null;
let checkSeq = 0;

/** Corrections of several lines kept for one save, the undo of the last line, the first dealer. */
function sheetTools(sheet, tid) {
  const where = { tournament: tid, round: state.round, table: state.table };
  const pending = state.pending ? Object.keys(state.pending).map(Number).sort((a, b) => a - b) : [];
  const reasonInput = (id) => h("input", { id, name: "reason", required: true, maxlength: 500, placeholder: t("reason") });
  return h("div", { class: "tools" },
    pending.length ? h("form", { class: "row pending", id: "pending", onsubmit: (e) => {
      e.preventDefault();
      const lines = sheet.lines.map((l) => state.pending[l.line] || l.entry);
      act(() => call("sheet_replace", { ...where, lines, reason: e.target.reason.value }), () => { state.pending = null; flash(t("saved")); });
    } }, h("strong", {}, `${t("pending_lines", { n: pending.length })}: ${pending.join(", ")}`), reasonInput("pending-reason"),
      h("button", { class: "primary", id: "save-pending" }, t("save_all")),
      h("button", { type: "button", onclick: () => { state.pending = null; render(); } }, t("discard"))) : null,
    sheet.lines.length ? h("form", { class: "row", id: "undo-line", onsubmit: (e) => {
      e.preventDefault();
      act(() => call("deal_undo", { ...where, reason: e.target.reason.value }), () => flash(t("saved")));
    } }, reasonInput("undo-reason"), h("button", { id: "undo-last" }, t("undo_last"))) : null,
    h("form", { class: "row", id: "dealer-form", onsubmit: (e) => {
      e.preventDefault();
      act(() => call("table_dealer", { ...where, seat: Number(e.target.seat.value), reason: e.target.reason.value }), () => flash(t("saved")));
    } }, h("label", {}, t("new_first_dealer"), h("select", { name: "seat" }, sheet.seats.map((s) => h("option", { value: s.seat, selected: s.seat === sheet.first_dealer }, `${s.seat}. ${s.name}`)))),
      reasonInput("dealer-reason"), h("button", { id: "change-dealer" }, t("first_dealer_change"))));
}

function entryPanel(sheet, tid, game) {
  const { mod, desc } = game;
  const correcting = state.correcting;
  const next = sheet.next;
  if (!correcting && !next) return h("p", { id: "sheet-complete" }, h("strong", {}, t("sheet_complete")));
  const where = { tournament: tid, round: state.round, table: state.table };
  const previewEl = h("p", { class: "preview", id: "preview" });
  const listeners = [];
  const ctx = {
    sheet, desc, next, correcting, t,
    draft: state.draft || (state.draft = mod.newDraft(null, { sheet, desc, next })),
    submit: () => submit(),
    redraw: (focus) => render().then(() => { if (focus) document.querySelector(focus)?.focus(); }),
    onPreview: (fn) => listeners.push(fn),
    check: () => {
      clearTimeout(checkTimer);
      checkTimer = setTimeout(async () => {
        const entry = mod.toEntry(ctx.draft, desc, ctx);
        const sent = entry || (mod.partial ? mod.partial(ctx.draft) : null);
        if (!sent) { previewEl.textContent = ""; return; }
        const seq = ++checkSeq;
        let result;
        try { result = await call("deal_check", { ...where, line: correcting || null, entry: sent }); } catch (e) { return; }
        if (seq !== checkSeq) return;
        listeners.forEach((fn) => fn(result));
        if (!entry) { previewEl.textContent = ""; previewEl.className = "preview"; }
        else if (result.refused) { previewEl.textContent = explain(result.refused); previewEl.className = "preview bad"; }
        else { previewEl.textContent = `${t("points")}: ${result.points.map((p, i) => `${sheet.seats[i].name} ${p > 0 ? "+" : ""}${p}`).join(" · ")}`; previewEl.className = "preview good"; }
      }, 120);
    },
  };
  const d = ctx.draft;
  const submit = (joint = false) => {
    const entry = mod.toEntry(d, desc, ctx);
    if (!entry) { state.error = t("incomplete"); render(); return; }
    if (correcting && (joint || state.pending)) {
      // Several lines edited, saved once: the whole sheet is checked together.
      state.pending = { ...(state.pending || {}), [correcting]: entry };
      state.correcting = null; state.draft = null; state.error = null;
      render();
    } else if (correcting) {
      const before = sheet.lines[correcting - 1] && sheet.lines[correcting - 1].entry;
      act(() => call("deal_correct", { ...where, line: correcting, entry, before, reason: d.reason || "" }),
        () => { state.lastAction = { kind: "correct", ...where, line: correcting, before, after: entry }; state.correcting = null; state.draft = null; flash(t("saved")); });
    } else {
      // The line the scorer sees: refused, naming who, if someone wrote it meanwhile.
      act(() => call("deal_add", { ...where, line: next.line, entry }), () => { state.draft = null; state.lastAction = { kind: "line", ...where, line: next.line, after: entry }; flash(t("saved")); });
    }
  };
  const parts = [
    h("p", { id: "next-dealer" }, correcting ? t("correcting", { line: correcting })
      : desc.labels && desc.labels.turn ? desc.labels.turn.replace("{seat}", next.dealer).replace("{name}", sheet.seats[next.dealer - 1].name).replace("{turn}", next.deal)
        : t("next_dealer", { dealer: next.dealer, deal: next.deal, name: sheet.seats[next.dealer - 1].name })),
    // The running totals stay in sight while the sheet scrolls behind the panel.
    sheet.lines.length ? h("p", { class: "hint", id: "entry-totals" }, `${t("totals")}: ${sheet.seats.map((s, i) => `${s.name} ${sheet.totals[i]}`).join(" · ")}`) : null,
    errorBox(),
    mod.entryView(ctx),
    previewEl,
  ];
  if (correcting) parts.push(h("div", { class: "row" }, h("label", {}, t("reason"), h("input", { id: "correct-reason", value: d.reason || "", oninput: (e) => { d.reason = e.target.value; },
    onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); submit(); } } }))));
  parts.push(h("div", { class: "row" },
    h("button", { class: "primary", id: "enter-line", onclick: () => submit() }, correcting ? t("correct") : t("enter_line")),
    correcting ? h("button", { id: "keep-line", onclick: () => submit(true) }, t("keep_for_joint")) : null,
    correcting ? h("button", { onclick: () => { state.correcting = null; state.draft = null; state.error = null; render(); } }, t("cancel")) : null));
  state.keys = (e) => mod.onKey(e, ctx);
  setTimeout(() => ctx.check(), 0);
  return h("div", { class: "card", id: "entry" }, parts);
}

/**
 * A sheet's line or ruling in words of the window's language: its game, then each figure
 * by name. The game names its entry's fields (`desc.fields`, and which hold seats); a
 * ruling's fields, the same for every game, are the window's own words.
 */
function entryText(entry, sheet, game, kind = "deal") {
  if (entry == null) return "—";
  if (typeof entry !== "object") return String(entry);
  const desc = game.desc;
  const named = Object.fromEntries([...(desc.contracts || []), ...(desc.fines || []), ...(desc.bonuses || [])].map((c) => [c.code, c.name]));
  const suits = Object.fromEntries((desc.suits || []).map((s) => [s.code, `${s.symbol} ${s.name}`]));
  const seat = (n) => (sheet.seats[n - 1] ? `${n}. ${sheet.seats[n - 1].name}` : String(n));
  const fields = kind === "deal" ? desc.fields || {} : {};
  const isSeat = (k) => (fields[k] ? fields[k].seat : k === "seat");
  const value = (k, v) => {
    if (v == null) return "—";
    if (isSeat(k) && typeof v === "number") return seat(v);
    if (isSeat(k) && Array.isArray(v)) return v.map((x) => (typeof x === "number" ? seat(x) : String(x))).join(" · ");
    if (Array.isArray(v)) return v.map((x) => (Array.isArray(x) ? x.join("-") : (typeof x === "object" && x ? entryText(x, sheet, game) : named[x] || x))).join(" · ");
    if (typeof v === "object") return `(${entryText(v, sheet, game)})`;
    if (typeof v === "boolean") return v ? "✓" : "✗";
    return suits[v] || named[v] || String(v);
  };
  const parts = [];
  for (const k of ["contract", "game", "fine"]) if (entry[k] != null) parts.push(named[entry[k]] || entry[k]);
  for (const [k, v] of Object.entries(entry)) {
    if (["contract", "game", "fine"].includes(k)) continue;
    const word = fields[k] ? fields[k].name : t(`field.${k}`);
    parts.push(`${word === `field.${k}` ? k.replace(/_/g, " ") : word}: ${value(k, v)}`);
  }
  return parts.join(" · ");
}

/** Every version of every line and ruling: when, who, what, from what to what, why. */
function historyTable(history, sheet, game) {
  const seen = {};
  return h("table", { id: "history" },
    h("tr", {}, h("th", {}, t("time")), h("th", {}, t("who_col")), h("th", { class: "num" }, t("line")), h("th", {}, t("what")), h("th", {}, t("change_from_to")), h("th", {}, t("reason"))),
    history.map((x) => {
      // Lines are versions of one another; rulings are each their own record.
      const key = x.kind === "deal" ? `deal/${x.line}` : null;
      const before = key ? seen[key] : undefined;
      if (key) seen[key] = x.entry;
      const now = entryText(x.entry, sheet, game, x.kind);
      return h("tr", {}, h("td", {}, x.at_local), h("td", {}, x.by), h("td", { class: "num" }, x.line ?? "—"), h("td", {}, actionName(x.action)),
        h("td", {}, before !== undefined ? `${entryText(before, sheet, game, x.kind)} → ${now}` : now), h("td", {}, x.reason));
    }));
}

views.scorer = async () => {
  const tid = needTournament();
  const info = (await call("tournament_list")).find((x) => String(x.id) === tid);
  const chooser = tableChooser(info, render);
  let sheet;
  try { sheet = await call("sheet", { tournament: tid, round: state.round, table: state.table }); }
  catch (e) { return [h("h2", {}, t("scorer")), chooser, h("div", { class: "error" }, explain(e))]; }
  const game = await gameOf(tid, sheet.game);
  const history = state.showHistory ? await call("sheet_history", { tournament: tid, round: state.round, table: state.table }) : null;
  return [
    h("h2", {}, `${t("scorer")} — ${game.desc.name} — ${t("round")} ${sheet.round}, ${t("table")} ${sheet.table}`),
    chooser,
    (sheet.scorers || []).length ? h("p", { class: "hint", id: "scorers" }, `${t("keeps_score")}: ${sheet.scorers.map((x) => sheet.seats[x - 1].name).join(", ")}`) : null,
    sheetTable(sheet, game),
    (sheet.next_scorer || []).length ? h("p", { class: "forced", id: "next-scorer" }, `${sheet.next_scorer.map((x) => sheet.seats[x - 1].name).join(", ")}: ${t("keeps_next_score")}`) : null,
    sheet.error ? h("div", { class: "error" }, sheet.error) : null,
    entryPanel(sheet, tid, game),
    h("details", { class: "more", id: "sheet-more", open: state.moreOpen || !!state.pending || !!state.showHistory, ontoggle: (e) => { state.moreOpen = e.target.open; } },
      h("summary", {}, t("sheet_more")),
      sheetTools(sheet, tid),
      h("div", { class: "row" }, h("button", { id: "show-history", onclick: () => { state.showHistory = !state.showHistory; render(); } }, t("history")))),
    history ? historyTable(history, sheet, game) : null,
  ];
};

// ------------------------------------------------------------------- jury
views.jury = async () => {
  const tid = needTournament();
  const info = (await call("tournament_list")).find((x) => String(x.id) === tid);
  const chooser = tableChooser(info, render);
  let sheet = null;
  try { sheet = await call("sheet", { tournament: tid, round: state.round, table: state.table }); } catch (_) { sheet = null; }
  // Without a sheet, say exactly why: the round is not drawn, or it has no such table.
  let missing = null;
  if (!sheet) {
    const round = await call("round_view", { tournament: tid, round: state.round }).catch(() => null);
    missing = round
      ? t("no_such_table", { round: state.round, table: state.table, tables: round.tables.map((x) => x.number).join(", ") })
      : t("round_not_drawn", { round: state.round });
  }
  const rulings = await call("rulings_list", { tournament: tid });
  const game = sheet ? await gameOf(tid, sheet.game) : null;
  const seats = sheet ? sheet.seats : [];
  const seatOptions = () => seats.map((s) => h("option", { value: s.seat }, `${s.seat}. ${s.name}`));
  const base = { tournament: tid, round: state.round, table: state.table };
  const forms = sheet ? [
    game.mod.juryForms ? game.mod.juryForms({ sheet, desc: game.desc, t, base, act, call, flash, seatOptions }) : null,
    h("h3", {}, t("free_ruling")),
    h("form", { class: "row", id: "free-ruling", "data-keep": "1", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const ruling = { seat: Number(f.seat.value), points: seats.map((s) => Number(f[`p${s.seat}`].value || 0)), reason: f.reason.value, by: f.by.value, sanction: f.sanction.checked };
      act(() => call("ruling_add", { ...base, ruling }), () => flash(t("saved")));
    } },
      h("label", {}, t("seat"), h("select", { name: "seat" }, seatOptions())),
      seats.map((s) => h("label", {}, `${t("points")} ${s.seat}`, h("input", { name: `p${s.seat}`, type: "number", value: 0, min: -1000, max: 1000, style: "width:5rem" }))),
      h("label", {}, t("reason"), h("input", { name: "reason", required: true })),
      h("label", {}, t("by"), h("input", { name: "by", required: true })),
      h("label", {}, t("sanction"), h("input", { name: "sanction", type: "checkbox" })),
      h("button", { class: "primary", id: "record-ruling" }, t("record"))),
  ] : [h("p", { class: "hint", id: "jury-missing" }, missing)];
  return [
    h("h2", {}, t("jury")),
    chooser,
    errorBox(),
    forms,
    printPanel(tid, ["rulings"], null),
    h("h3", {}, t("all_rulings")),
    h("table", { id: "rulings-table" },
      h("tr", {}, h("th", {}, t("round")), h("th", {}, t("table")), h("th", {}, t("name")), h("th", {}, t("points")), h("th", {}, t("reason")), h("th", {}, t("by"))),
      rulings.map((r) => h("tr", { id: r.id ? `ruling-${r.id}` : null }, h("td", {}, r.round), h("td", {}, r.table), h("td", {}, `${r.seat}. ${r.name}`), h("td", {}, r.points.join(" ")), h("td", {}, r.reason), h("td", {}, `${r.by}${r.sanction ? " ⚠" : ""}`),
        h("td", {}, r.id ? h("form", { class: "inline", onsubmit: (e) => {
          e.preventDefault();
          act(() => call("ruling_withdraw", { tournament: tid, ruling: r.id, reason: e.target.reason.value }), () => flash(t("saved")));
        } }, h("input", { name: "reason", required: true, maxlength: 500, placeholder: t("reason") }), h("button", {}, t("withdraw"))) : "")))),
  ];
};

// ------------------------------------------------------------------- undo
/**
 * Undo the last action of the person at this screen (Ctrl+Z): their last line
 * written (while it is still the sheet's last), or their last correction (the
 * line goes back to what it was). Anything else is left to the explicit tools.
 */
async function undoMine() {
  const a = state.lastAction;
  if (!a) return;
  const where = { tournament: a.tournament, round: a.round, table: a.table };
  const reason = t("undo");
  const ok = await act(async () => {
    const sheet = await call("sheet", where);
    const current = sheet.lines[a.line - 1];
    if (a.kind === "line" && sheet.lines.length === a.line && JSON.stringify(current.entry) === JSON.stringify(a.after)) return call("deal_undo", { ...where, reason });
    if (a.kind === "correct" && current && JSON.stringify(current.entry) === JSON.stringify(a.after)) return call("deal_correct", { ...where, line: a.line, entry: a.before, reason });
    throw { message: t("undo_gone") };
  });
  if (ok) { state.lastAction = null; flash(t("saved")); }
}

// ------------------------------------------------------------------ print
/**
 * Print / Export: the documents of this screen, the file to write (its path
 * proposed by the application, editable), a progress indicator while the file is
 * made (the window stays responsive: the work runs off its main thread), and Open.
 */
function printPanel(tid, docs, round) {
  const p = state.print || (state.print = {});
  const what = docs.includes(p.what) ? p.what : docs[0];
  const request = () => ({ tournament: tid, what, round, lang: currentLang(), path: p.path || null });
  const panel = h("details", { class: "card print", id: "print-panel", open: p.open || null, ontoggle: (e) => { p.open = e.target.open; } },
    h("summary", {}, t("print_export")),
    h("div", { class: "row" },
      h("label", {}, t("what"), h("select", { id: "print-what", onchange: (e) => { p.what = e.target.value; p.path = null; p.done = null; render(); } },
        docs.map((d) => h("option", { value: d, selected: d === what }, t(`docs.${d}`))))),
      h("label", { class: "wide" }, t("save_to"), h("input", { id: "print-path", value: p.path || "", oninput: (e) => { p.path = e.target.value; } })),
      h("button", { id: "print-choose", onclick: async () => {
        // The desktop's save dialog (GTK), opened on the proposed file.
        try {
          const chosen = await window.__TAURI__.dialog.save({ defaultPath: p.path || undefined });
          if (chosen) { p.path = chosen; render(); }
        } catch (e) { state.error = explain(e); render(); }
      } }, t("choose")),
      h("button", { class: "primary", id: "print-save", onclick: async () => {
        p.busy = true; p.done = null; render();
        try { p.done = await call("print", { request: request() }); state.error = null; }
        catch (e) { state.error = explain(e); }
        p.busy = false; render();
      } }, t("save_file"))),
    p.busy ? h("div", { class: "row" }, h("progress", { id: "print-progress" }), t("printing")) : null,
    p.done ? h("div", { class: "row", id: "print-done" }, t("saved_to", { path: p.done }),
      h("button", { id: "print-open", onclick: () => act(() => call("open_file", { path: p.done })) }, t("open"))) : null);
  if (!p.path) call("print_path", { request: request() }).then((path) => { p.path = path; const el = document.getElementById("print-path"); if (el && !el.value) el.value = path; }).catch(() => null);
  return panel;
}

// ---------------------------------------------------------------- backups
function backupRows(list, restoreWith) {
  const kind = (k) => (t(`kinds.${k}`) === `kinds.${k}` ? k : t(`kinds.${k}`));
  return h("table", { id: "backups-table" },
    h("tr", {}, h("th", {}, t("written")), h("th", {}, t("kind")), h("th", {}, t("holds")), h("th", {}, t("last_change")), h("th", {}, "")),
    list.map((b, i) => h("tr", { id: `backup-${i}` },
      h("td", {}, b.written_local), h("td", {}, kind(b.kind)),
      h("td", {}, b.problem ? h("span", { class: "bad" }, b.problem) : t("holds_text", { t: b.tournaments, r: b.rounds, l: b.lines })),
      h("td", {}, b.last_change_local || ""),
      h("td", {}, b.problem ? "" : restoreWith(b, i)))));
}

/** Backups: listed with what each holds; restoring one asks for a confirmation first. */
views.backups = async () => {
  const r = await call("recovery");
  const restoreWith = (b, i) => state.confirmRestore === b.path
    ? h("button", { class: "primary", id: `confirm-restore-${i}`, onclick: () => act(() => call("backup_restore", { backup: b.path }), (kept) => { state.confirmRestore = null; for (const k in games) delete games[k]; flash(t("restored", { file: kept.file })); }) }, t("confirm_restore"))
    : h("button", { id: `restore-${i}`, onclick: () => { state.confirmRestore = b.path; render(); } }, t("restore"));
  return [
    h("h2", {}, t("backups")),
    errorBox(),
    h("p", { class: "hint" }, t("backups_where", { dir: r.path.replace(/[^/\\]*$/, "backups") })),
    h("button", { class: "primary", id: "back-up-now", onclick: () => act(() => call("backup_now"), () => flash(t("saved"))) }, t("back_up_now")),
    backupRows(r.backups, restoreWith),
  ];
};

/** The database could not be opened: say why, and offer the backups. */
views.recover = async () => {
  const r = await call("recovery");
  if (!r.error) { go("tournaments"); return []; }
  return [
    h("h2", {}, t("cannot_open")),
    h("div", { class: "error", id: "open-error" }, r.error),
    backupRows(r.backups, (b, i) => h("button", { class: "primary", id: `recover-${i}`, onclick: async () => { if (await act(() => call("recover", { backup: b.path }))) start(); } }, t("restore_latest"))),
  ];
};

// -------------------------------------------------------------------- who
/** Who works at this screen: asked once per device, recorded on every change. */
views.who = async () => {
  const saved = JSON.parse(localStorage.getItem("atout.who") || "null") || { role: "scorer", table: 1, name: "" };
  return [
    h("h2", {}, t("who_title")),
    errorBox(),
    h("form", { class: "row", id: "who-form", onsubmit: async (e) => {
      e.preventDefault();
      const f = e.target;
      const who = { role: f.role.value, table: Number(f.table.value || 1), name: f.name.value };
      const ok = await act(() => call("set_actor", { actor: actorText(who) }));
      if (ok) { localStorage.setItem("atout.who", JSON.stringify(who)); go(state.afterWho || "tournaments"); }
    } },
      h("label", {}, t("role"), h("select", { name: "role", id: "who-role" }, ["secretary", "jury", "scorer"].map((r) => h("option", { value: r, selected: saved.role === r }, t(`role_${r}`))))),
      h("label", {}, t("table"), h("input", { name: "table", id: "who-table", type: "number", min: 1, value: saved.table, style: "width:5rem" })),
      h("label", {}, t("name"), h("input", { name: "name", id: "who-name", required: true, maxlength: 60, value: saved.name })),
      h("button", { class: "primary", id: "who-start" }, t("set_who"))),
  ];
};

function actorText(who) {
  const role = who.role === "scorer" ? `${t("role_scorer")} ${t("table").toLowerCase()} ${who.table}` : t(`role_${who.role}`);
  return `${who.name} (${role})`;
}

// -------------------------------------------------------------------- log
/** An action code (`deal.correct`) in plain words. */
function actionName(code) {
  const key = `actions.${code.replace(".", "_")}`;
  return t(key) === key ? code : t(key);
}

views.log = async () => {
  const tid = needTournament();
  const log = await call("audit", { tournament: tid });
  // Sheet lines and rulings in the window's words (the game's names, each figure named).
  const info = (await call("tournament_list")).find((x) => String(x.id) === tid);
  const game = info ? await gameOf(tid, info.game) : null;
  const noSeats = { seats: [] };
  const gameNames = (await call("games", { lang: currentLang() })).map((g) => [g.code, g.name]);
  // Whole codes only, the longest first (`kings-cribbage` before `king`; "Viking" stays).
  const codes = new RegExp(`(?<![\\w-])(${gameNames.map(([c]) => c).sort((a, b) => b.length - a.length).join("|")})(?![\\w-])`, "g");
  const byCode = Object.fromEntries(gameNames);
  const named = (text) => (text || "").replace(codes, (c) => byCode[c] || c);
  const words = (e, v, text) => (game && ["deal", "ruling"].includes(e.kind) && v && typeof v === "object" ? entryText(v, noSeats, game, e.kind) : named(text));
  const place = (e) => [e.round && `${t("round")} ${e.round}`, e.table && `${t("table")} ${e.table}`, e.line && `${t("line")} ${e.line}`].filter(Boolean).join(", ");
  return [
    h("h2", {}, t("log")),
    h("p", { class: "hint" }, t("all_changes")),
    h("table", { id: "log-table" },
      h("tr", {}, h("th", {}, t("time")), h("th", {}, t("who_col")), h("th", {}, t("what")), h("th", {}, ""), h("th", {}, t("change_from_to")), h("th", {}, t("reason"))),
      log.map((e) => h("tr", {},
        h("td", {}, e.at_local), h("td", {}, e.by), h("td", {}, actionName(e.action)), h("td", {}, place(e)),
        h("td", {}, e.before_text ? `${words(e, e.before, e.before_text)} → ${words(e, e.after, e.after_text)}` : words(e, e.after, e.after_text)), h("td", {}, e.reason)))),
  ];
};

// ------------------------------------------------------------- calculator
/** The hand calculator, open from any screen: tiles typed, the score part by part from the application. */
async function openCalculator() {
  const dialog = document.getElementById("calculator");
  if (!dialog.hidden) { dialog.hidden = true; return; }
  const list = (await call("games", { lang: currentLang() })).filter((g) => g.calculator);
  if (!list.length) return;
  // How a hand is typed is the game's: its entry module reads the pieces (`tiles`).
  const mod = await import(`./games/${list[0].code}.js`);
  const out = h("div", { id: "calc-result", class: "preview" });
  let seq = 0;
  const score = async (text) => {
    const mine = ++seq;
    const tiles = mod.tiles(text);
    if (!tiles.length) { out.textContent = ""; return; }
    try {
      const x = await call("hand_score", { game: list[0].code, tiles });
      if (mine !== seq) return;
      out.replaceChildren(
        h("div", {}, `${t("calc_fifteens")}: ${x.fifteens} × 2 = ${2 * x.fifteens}`),
        h("div", {}, `${t("calc_runs")}: ${x.runs} × ${x.run_length} = ${x.runs * x.run_length}`),
        h("div", {}, `${t("calc_pairs")}: ${x.pairs} × 2 = ${2 * x.pairs}`),
        h("div", { class: "calc-total" }, h("strong", { id: "calc-points" }, `${t("points")}: ${x.points}`)));
      out.className = "preview good";
    } catch (e) {
      if (mine !== seq) return;
      out.textContent = explain(e);
      out.className = "preview bad";
    }
  };
  const close = () => { dialog.hidden = true; dialog.replaceChildren(); document.getElementById("calc-open").focus(); };
  dialog.replaceChildren(h("form", { id: "calc-form", onsubmit: (e) => { e.preventDefault(); close(); } },
    h("h3", {}, `${t("calculator")} — ${list[0].name}`),
    h("label", {}, t("calc_tiles"), h("input", { id: "calc-tiles", autocomplete: "off", placeholder: "4 5 5 6", oninput: (e) => score(e.target.value),
      onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); score(e.target.value); } else if (e.key === "Escape") { e.preventDefault(); close(); } } })),
    out,
    h("div", { class: "row" }, h("button", { id: "calc-close" }, t("close")))));
  dialog.hidden = false;
  document.getElementById("calc-tiles").focus();
}

// ---------------------------------------------------------------- startup
document.getElementById("calc-open").addEventListener("click", () => { openCalculator(); });
document.getElementById("nav").addEventListener("click", (e) => { if (e.target.dataset.view) { state.error = null; go(e.target.dataset.view); } });
document.getElementById("who").addEventListener("click", () => { state.afterWho = state.view === "who" ? "tournaments" : state.view; go("who"); });
document.getElementById("lang").addEventListener("change", (e) => {
  setLang(e.target.value);
  // A message shown in the language left behind goes with it.
  const f = document.getElementById("flash");
  f.textContent = ""; f.className = "";
  state.error = null;
  render();
});
document.getElementById("current-tournament").addEventListener("change", (e) => {
  useTournament(e.target.value); render();
});
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !["INPUT", "TEXTAREA"].includes(e.target.tagName)) { e.preventDefault(); undoMine(); return; }
  if (e.key === "Escape" && document.body.classList.contains("room")) { e.preventDefault(); document.body.classList.remove("room"); return; }
  // Keyboard first: on the scorer's screen, the game's keys pick contracts and suits when no field has focus.
  if (state.view !== "scorer" || ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (state.keys && state.keys(e)) { e.preventDefault(); return; }
  // Enter enters the line typed (as in a form); Escape drops it, or leaves a correction.
  if (e.key === "Enter" && !["BUTTON", "A"].includes(e.target.tagName)) { const b = document.getElementById("enter-line"); if (b) { e.preventDefault(); b.click(); } }
  if (e.key === "Escape") { e.preventDefault(); state.draft = null; state.correcting = null; state.error = null; render(); }
});
// Who works here is asked once per device; until then, the first screen asks.
// A database that could not be opened shows the recovery screen first.
async function start() {
  const r = await call("recovery").catch(() => null);
  if (r && r.error) { state.view = "recover"; render(); return; }
  const who = JSON.parse(localStorage.getItem("atout.who") || "null");
  if (who) {
    try { await call("set_actor", { actor: actorText(who) }); } catch (_) { localStorage.removeItem("atout.who"); }
  }
  if (!localStorage.getItem("atout.who")) { state.afterWho = state.view === "who" || state.view === "recover" ? "tournaments" : state.view; state.view = "who"; }
  else if (state.view === "recover") state.view = "tournaments";
  render();
}
start();
