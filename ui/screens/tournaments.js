// The tournaments: created with their game's own settings, imported, made current, players entered.
import { call } from "../api.js";
import { t, tn, currentLang, fmtDate, parseDate, dateHint } from "../i18n.js";
import { h, typedFigures } from "../dom.js";
import { state, render, act, flash, errorBox, readFile, useTournament, gameOf, redrawSaid } from "../shell.js";

/** The tournament form: the game's own settings come from the application, as a list of choices. */
function createForm(choices) {
  // The rounds and the place points a tournament has unless told otherwise are the rules' (each game's choice says them).
  const form = state.form || (state.form = { name: "", game: choices[0].code, rounds: choices[0].rounds, date: "", fields: {}, ranking: null, table_points: "", bye_points: "", table_size: "" });
  const game = choices.find((g) => g.code === form.game) || choices[0];
  const ranking = form.ranking || game.ranking;
  const fixedSize = game.seats[0] === game.seats[1];
  const keep = (key) => (e) => { form[key] = e.target.value; };
  const rerender = (key) => (e) => { form[key] = e.target.value; render(); };
  const submit = (e) => {
    e.preventDefault();
    const settings = { ranking };
    for (const field of game.fields) Object.assign(settings, field.options[form.fields[field.key] || 0].settings);
    if (ranking === "table-points" && fixedSize && form.table_points.trim()) settings.table_points = typedFigures(form.table_points);
    if (!fixedSize && form.table_size !== "") settings.table_size = Number(form.table_size);
    if (ranking === "table-points" && form.bye_points !== "") settings.bye = { table_points: Number(form.bye_points), score: 0 };
    // The date as the language writes it, stored as 2026-11-22.
    const date = parseDate(form.date);
    if (date === null) { state.error = t("bad_date", { hint: dateHint() }); render(); return; }
    const request = { name: form.name, game: game.code, rounds: Number(form.rounds), date: date || null, settings };
    act(() => call("tournament_create", { request }), (info) => {
      useTournament(info.id);
      state.form = null;
      flash(t("saved"));
    });
  };
  const defaultPlaces = game.places.join(" ");
  return h("form", { class: "row", id: "create-tournament", onsubmit: submit },
    h("label", {}, t("name"), h("input", { name: "name", id: "tournament-name", required: true, maxlength: 200, value: form.name, oninput: keep("name") })),
    h("label", {}, t("game"), h("select", { name: "game", id: "tournament-game", onchange: (e) => { form.game = e.target.value; form.fields = {}; form.ranking = null; form.table_size = ""; render(); } },
      choices.map((g) => h("option", { value: g.code, selected: g.code === game.code }, g.name)))),
    game.fields.map((field) => h("label", {}, field.label, h("select", { name: field.key, id: `setting-${field.key}`, onchange: (e) => { form.fields[field.key] = Number(e.target.value); } },
      field.options.map((o, i) => h("option", { value: i, selected: (form.fields[field.key] || 0) === i }, o.label))))),
    // A game played at tables of several sizes: the most players at one table (FORMAT.md "Tables").
    fixedSize ? null : h("label", {}, t("table_size"), h("select", { name: "table_size", id: "tournament-table-size", onchange: keep("table_size") },
      h("option", { value: "", selected: form.table_size === "" }, t("table_size_game")),
      Array.from({ length: game.seats[1] - game.seats[0] + 1 }, (_, i) => game.seats[0] + i)
        .map((n) => h("option", { value: n, selected: String(n) === form.table_size }, t("table_size_most", { n }))))),
    h("label", {}, t("rounds_count"), h("input", { name: "rounds", type: "number", min: 1, max: 99, value: form.rounds, oninput: keep("rounds") })),
    h("label", {}, t("date"), h("input", { name: "date", id: "tournament-date", value: form.date, placeholder: dateHint(), style: "width:9rem", oninput: keep("date") })),
    h("label", {}, t("ranking"), h("select", { name: "ranking", id: "tournament-ranking", onchange: rerender("ranking") },
      ["table-points", "total-score"].map((r) => h("option", { value: r, selected: r === ranking }, t(`ranking_${r}`))))),
    ranking === "table-points" && fixedSize
      ? h("label", {}, t("places_points"), h("input", { name: "table_points", placeholder: defaultPlaces, value: form.table_points, style: "width:8rem", oninput: keep("table_points") }))
      : null,
    ranking === "table-points"
      ? h("label", {}, t("bye_points"), h("input", { name: "bye_points", type: "number", placeholder: game.bye_points ?? t("table_average"), title: game.bye_points ?? t("table_average"), value: form.bye_points, style: "width:13rem", oninput: keep("bye_points") }))
      : null,
    h("button", { class: "primary", id: "create-tournament-button" }, t("create")));
}

export async function view() {
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
  // The first time, the database is empty: a sample tournament to look around in.
  const sample = list.length ? null : h("div", { class: "card", id: "sample-offer" },
    h("p", {}, t("sample_offer")),
    h("button", { class: "primary", id: "load-sample", onclick: () => act(() => call("sample_load"), (info) => { useTournament(info.id); flash(t("saved")); }) }, t("sample_load")));
  return [
    h("h2", {}, t("tournaments")),
    errorBox(),
    sample,
    createForm(choices),
    h("div", { class: "row" }, h("label", { class: "filepick button" }, t("import_json"), json)),
    h("table", { id: "tournaments-table" },
      h("tr", {}, h("th", {}, t("name")), h("th", {}, t("game")), h("th", {}, t("date")), h("th", { class: "num" }, t("players")), h("th", { class: "num" }, t("rounds")), h("th", {}, "")),
      list.map((x) => h("tr", {},
        h("td", {}, x.name), h("td", { class: "game", "data-game": x.game }, names[x.game] || x.game), h("td", {}, fmtDate(x.date)), h("td", { class: "num" }, x.players),
        h("td", { class: "num" }, `${x.rounds_drawn}/${x.rounds}`),
        h("td", {},
          h("button", { onclick: () => { useTournament(x.id); render(); }, title: t("work_on", { name: x.name }), "aria-label": t("work_on", { name: x.name }) }, "✓"),
          " ",
          h("button", { id: `enter-all-${x.id}`, onclick: () => act(() => call("tournament_enter", { tournament: String(x.id), players: [] }), (i) => {
            // Those entered now: the tournament's players after, less those it had (it said the
            // whole field, 48 entered when nobody was added).
            const added = Math.max(0, i.players - x.players);
            return redrawSaid(String(x.id), () => flash(`${added} ${tn("entered", added)}`));
          }) }, t("enter_all")))))),
    editor,
  ];
}
