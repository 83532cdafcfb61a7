// The season: the club's championship over many evenings (RULES.md §6). Its standings and
// club ranking live, a chart of the leaders' totals, its evenings (put in, taken out, other
// clubs' archives imported), the players an import could not be sure of, a player's page,
// and printing. Every figure comes from the application: this screen holds no rule.
import { call } from "../api.js";
import { t, tn, fmtDate, currentLang } from "../i18n.js";
import { h, svg, typedFigures } from "../dom.js";
import { state, render, act, flash, errorBox, fmt, readFile, useSeason } from "../shell.js";
import { printPanel } from "./print.js";

/** The leaders' totals after each evening, one line each, labelled at its end. */
function chart(s) {
  if (!s.leaders.length || s.evenings < 1) return null;
  const width = 720, height = 240, left = 48, right = 170, top = 12, bottom = 28;
  // From the lowest total to the highest, zero included: a score-sum season goes below zero.
  const all = s.leaders.flatMap((l) => l.totals);
  const least = Math.min(0, ...all);
  const most = Math.max(least + 1, 0, ...all);
  const x = (i) => left + (s.evenings === 1 ? 0 : (i * (width - left - right)) / (s.evenings - 1));
  const y = (v) => top + (height - top - bottom) * (1 - (v - least) / (most - least));
  const labelEvery = s.evenings > 1 ? Math.max(1, Math.ceil(32 / ((width - left - right) / (s.evenings - 1)))) : 1;
  const colours = ["#1f5fa8", "#c0392b", "#2e8b57", "#b8860b", "#6a3d9a"];
  // The names at the lines' ends, moved apart where totals are close (14 px a label at least).
  const ends = s.leaders.map((l, k) => ({ k, at: y(l.totals[l.totals.length - 1]) })).sort((a, b) => a.at - b.at);
  ends.forEach((e, i) => { if (i > 0) e.at = Math.max(e.at, ends[i - 1].at + 14); });
  const overflow = ends.length ? ends[ends.length - 1].at - (height - bottom) : 0;
  if (overflow > 0) ends.forEach((e) => { e.at -= overflow; });
  const labelAt = Object.fromEntries(ends.map((e) => [e.k, e.at]));
  return h("figure", { class: "card", id: "season-chart" },
    h("figcaption", {}, t("season_chart")),
    svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": t("season_chart") },
      svg("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), stroke: "#999" }),
      svg("text", { x: left - 6, y: y(most) + 4, "text-anchor": "end", "font-size": 11 }, fmt(most)),
      svg("text", { x: left - 6, y: y(0) + 4, "text-anchor": "end", "font-size": 11 }, "0"),
      least < 0 ? svg("text", { x: left - 6, y: y(least) + 4, "text-anchor": "end", "font-size": 11 }, fmt(least)) : null,
      // Every evening's number where they have room, else every second, third… counted back
      // from the last (at 30 evenings they ran together: «A9A10A11…»).
      s.tournaments.map((e, i) => ((s.evenings - 1 - i) % labelEvery === 0 ? svg("text", { x: x(i), y: height - 8, "text-anchor": "middle", "font-size": 11 }, `${t("evening_short")}${i + 1}`) : null)),
      s.leaders.map((l, k) => [
        svg("polyline", { fill: "none", stroke: colours[k % colours.length], "stroke-width": 2.5, points: l.totals.map((v, i) => `${x(i)},${y(v)}`).join(" ") }),
        svg("text", { x: x(s.evenings - 1) + 8, y: labelAt[k] + 4, "font-size": 12, fill: colours[k % colours.length], class: "season-end" }, `${l.name} ${fmt(l.totals[l.totals.length - 1])}`),
      ])));
}

/** A season's settings as a form holds them (`f`), from `settings` (the rules' defaults for a new season). */
function formOf(settings, defaults) {
  const scale = Array.isArray(settings.points) ? settings.points : defaults.scale;
  return { points: settings.points === "result" ? "result" : "scale", scale: scale.join(" "),
    best: settings.count && settings.count.best ? String(settings.count.best) : "", min: String(settings.min_evenings), clubs: String(settings.clubs.best) };
}

/** The settings a form holds, as the api takes them (`d`: the defaults, for a field left empty). */
function settingsOf(f, d) {
  const settings = { min_evenings: Number(f.min || d.min_evenings), clubs: { best: Number(f.clubs || d.clubs.best) } };
  settings.points = f.points === "scale" ? typedFigures(f.scale) : "result";
  settings.count = f.best.trim() ? { best: Number(f.best) } : "all";
  return settings;
}

/** How a season is ranked, as fields: `p` prefixes their ids (a new season's and the season's own side by side). */
function rankedFields(f, p) {
  const keep = (key) => (e) => { f[key] = e.target.value; };
  return [
    h("label", {}, t("season_points"), h("select", { id: `${p}-points`, onchange: (e) => { f.points = e.target.value; render(); } },
      h("option", { value: "result", selected: f.points === "result" }, t("season_points_result")),
      h("option", { value: "scale", selected: f.points === "scale" }, t("season_points_scale")))),
    f.points === "scale" ? h("label", {}, t("season_scale"), h("input", { id: `${p}-scale`, value: f.scale, style: "width:16rem", oninput: keep("scale") })) : null,
    h("label", {}, t("season_count_best"), h("input", { id: `${p}-best`, type: "number", min: 1, max: 1000, placeholder: t("season_count_all"), value: f.best, style: "width:6rem", oninput: keep("best") })),
    h("label", {}, t("season_min"), h("input", { id: `${p}-min`, type: "number", min: 1, max: 1000, value: f.min, style: "width:5rem", oninput: keep("min") })),
    h("label", {}, t("season_clubs_best"), h("input", { id: `${p}-clubs`, type: "number", min: 1, max: 1000, value: f.clubs, style: "width:5rem", oninput: keep("clubs") })),
  ];
}

/** The form of a new season: its name and how it is ranked. */
function createForm(defaults) {
  // What a season has unless told otherwise, and the scale offered, are the rules' (season_defaults).
  const d = defaults.settings;
  const f = state.seasonForm || (state.seasonForm = { name: "", ...formOf(d, defaults) });
  const submit = (e) => {
    e.preventDefault();
    act(() => call("season_create", { name: f.name, settings: settingsOf(f, d) }), (info) => {
      useSeason(info.id);
      state.seasonForm = null; flash(t("saved"));
    });
  };
  return h("form", { class: "row", id: "season-create", onsubmit: submit },
      h("label", {}, t("season_name"), h("input", { id: "season-name", required: true, maxlength: 100, value: f.name, oninput: (e) => { f.name = e.target.value; } })),
      rankedFields(f, "season"),
      h("button", { class: "primary", id: "season-create-button" }, t("create")));
}

/** How this season is ranked, changed (a new version of its settings; the standings follow), with why. */
function settingsForm(info, defaults) {
  const sid = String(info.id);
  // Kept while the secretary types, for this season only: another season picked starts from its own.
  if (!state.seasonEdit || state.seasonEdit.season !== sid) state.seasonEdit = { season: sid, reason: "", ...formOf(info.settings, defaults) };
  const f = state.seasonEdit;
  const submit = (e) => {
    e.preventDefault();
    act(() => call("season_settings", { season: sid, settings: settingsOf(f, defaults.settings), reason: f.reason }), () => {
      state.seasonEdit = null; flash(t("saved"));
    });
  };
  return h("details", { class: "card", id: "season-settings", open: state.seasonSettingsOpen || null, ontoggle: (e) => { state.seasonSettingsOpen = e.target.open; } },
    h("summary", {}, t("season_settings")),
    h("form", { class: "row", id: "season-settings-form", onsubmit: submit },
      rankedFields(f, "season-edit"),
      h("label", {}, t("reason"), h("input", { id: "season-edit-reason", maxlength: 500, value: f.reason, oninput: (e) => { f.reason = e.target.value; } })),
      h("button", { class: "primary", id: "season-settings-save" }, t("save"))));
}

/** The season's evenings: each with its date, taken out on request; a tournament put in; an archive imported. */
function evenings(info, tournaments, games) {
  const sid = String(info.id);
  const inSeason = new Set(info.evenings.map((e) => e.id));
  const others = tournaments.filter((x) => !inSeason.has(x.id));
  const archive = h("input", { type: "file", id: "season-archive", accept: ".json,application/json", onchange: async (e) => {
    const text = await readFile(e.target);
    act(() => call("season_import", { season: sid, text }), (r) => {
      const name = r.tournament.name;
      flash(r.already ? t("season_already", { name }) : r.in_season ? t("season_shared", { name, season: r.in_season }) : t("season_imported", { name, counts: [tn("count_matched", r.matched.length), tn("count_new", r.added.length), tn("count_unsure", new Set(r.unsure.map((d) => d.player.id)).size)].join(", ") }));
    });
  } });
  return h("details", { class: "card", id: "season-evenings", open: state.seasonEveningsOpen || null, ontoggle: (e) => { state.seasonEveningsOpen = e.target.open; } },
    h("summary", {}, `${t("season_evenings")} (${info.evenings.length})`),
    h("ol", {}, info.evenings.map((e) => h("li", { "data-tournament": e.id }, `${e.name}${e.date ? ` — ${fmtDate(e.date)}` : ""}${e.archive ? ` (${t("season_archive")})` : ""} `,
      // Each row's button its own (pressed on two rows at once, the second was taken for the
      // first pressed twice, and dropped).
      h("button", { class: "small", id: `season-remove-${e.id}`, onclick: () => act(() => call("season_remove", { season: sid, tournament: String(e.id), reason: "" }), () => flash(t("saved"))) }, t("season_remove"))))),
    h("div", { class: "row" },
      others.length ? h("label", {}, t("tournament"), h("select", { id: "season-add-pick", onchange: (e) => { state.seasonPick = e.target.value; } },
        // Each with its game (an evening of another game went in unseen).
        others.map((x) => h("option", { value: x.id, selected: String(x.id) === state.seasonPick }, `${x.name} — ${games[x.game] || x.game}${x.date ? ` (${fmtDate(x.date)})` : ""}`)))) : null,
      others.length ? h("button", { id: "season-add", onclick: () => {
        // The tournament picked survives a redraw of the screen (kept in the state, not read off the page).
        const pick = others.some((x) => String(x.id) === state.seasonPick) ? state.seasonPick : String(others[0].id);
        // Done, it lets go of that pick only: another chosen meanwhile stays chosen.
        act(() => call("season_add", { season: sid, tournament: pick }), () => { if (state.seasonPick === pick) state.seasonPick = null; flash(t("saved")); });
      } }, t("season_add")) : null,
      h("label", { class: "filepick button", id: "season-archive-pick" }, t("season_import"), archive)));
}

/** The players imports could not be sure of: the secretary says once whether they are one person. */
function doubts(list) {
  const open = list.filter((d) => d.same === null);
  if (!open.length) return null;
  const who = (p) => `${p.name} (${p.club || "—"}${p.member ? `, ${p.member}` : ""})`;
  const settle = (d, same) => act(() => call("player_settle", { player: d.player.id, other: d.candidate.id, same, reason: "" }), () => flash(t("saved")));
  return h("div", { class: "card forced", id: "season-doubts" },
    h("h3", {}, t("season_doubts")),
    h("table", {}, open.map((d) => h("tr", { "data-player": d.player.id },
      h("td", {}, who(d.player)), h("td", {}, "≟"), h("td", {}, who(d.candidate)),
      h("td", {}, h("button", { class: "season-same", id: `season-same-${d.player.id}-${d.candidate.id}`, onclick: () => settle(d, true) }, t("season_same")), " ",
        h("button", { class: "season-apart", id: `season-apart-${d.player.id}-${d.candidate.id}`, onclick: () => settle(d, false) }, t("season_apart")))))));
}

/** The standings: the qualified, then those under the minimum, each evening's points (brackets: not counted). */
function table(s) {
  const cell = (row, e) => {
    const r = row.results.find((x) => x.tournament_id === e.id);
    if (!r) return h("td", { class: "num" }, "");
    return h("td", { class: `num${r.counted ? "" : " uncounted"}`, title: r.counted ? t("season_counted") : "" }, r.counted ? fmt(r.points) : `(${fmt(r.points)})`);
  };
  const line = (row) => h("tr", { "data-player": row.player, class: row.qualified ? "" : "unqualified" },
    h("td", { class: `num${row.shared ? " shared" : ""}` }, row.shared ? `${row.rank}=` : row.rank),
    h("td", {}, h("a", { href: "#", class: "season-player", onclick: (ev) => { ev.preventDefault(); state.seasonPlayer = row.player; render(); } }, row.name)),
    h("td", {}, row.club), h("td", { class: "num" }, row.evenings), h("td", { class: "num total" }, fmt(row.total)),
    s.tournaments.map((e) => cell(row, e)));
  const head = h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("name")), h("th", {}, t("club")), h("th", { class: "num" }, t("season_played")), h("th", { class: "num" }, t("season_total")),
    s.tournaments.map((e, i) => h("th", { class: "num", title: `${e.name}${e.date ? ` (${fmtDate(e.date)})` : ""}` }, `${t("evening_short")}${i + 1}`)));
  const under = s.rows.filter((r) => !r.qualified);
  return [
    h("table", { id: "season-table" }, head, s.rows.filter((r) => r.qualified).map(line),
      under.length ? h("tr", {}, h("th", { colspan: 5 + s.tournaments.length, class: "note" }, t("season_under", { n: s.settings.min_evenings }))) : null,
      under.map(line)),
    // An evening still being played counts as it stands: said so (its places may change).
    h("p", { class: "hint", id: "season-legend" }, s.tournaments.map((e, i) => `${t("evening_short")}${i + 1} ${e.name}${e.provisional ? ` (${t("provisional")})` : ""}`).join(" · "),
      s.settings.count && typeof s.settings.count === "object" ? ` — ${t("season_brackets")}` : ""),
    // What counts, said where the standings are read.
    h("p", { class: "hint", id: "season-counts" }, [s.settings.count && s.settings.count.best ? tn("season_counts_best", s.settings.count.best) : t("season_counts_all"),
      s.settings.min_evenings > 1 ? t("season_counts_min", { n: s.settings.min_evenings }) : null].filter(Boolean).join(" · ")),
    s.clubs.length ? h("div", { class: "card" }, h("h3", {}, t("season_clubs")),
      h("table", { id: "season-clubs-table" }, h("tr", {}, h("th", { class: "num" }, t("rank")), h("th", {}, t("club")), h("th", { class: "num" }, t("season_total")), h("th", {}, t("players"))),
        s.clubs.map((c) => h("tr", {}, h("td", { class: "num" }, c.shared ? `${c.rank}=` : c.rank), h("td", {}, c.club), h("td", { class: "num" }, fmt(c.total)), h("td", {}, c.players.join(", ")))))) : null,
  ];
}

/** A player's page: every evening with place, points and tables, as asked at the bar. */
async function playerPage(sid) {
  const p = await call("season_player", { season: sid, player: String(state.seasonPlayer) });
  const rank = p.rank == null ? "—" : `${p.rank}${p.shared ? "=" : ""}`;
  return [
    // French elides before a vowel or a mute h: « la saison d'Hélène ».
    h("h2", { id: "season-player-name" }, t("season_player", { name: p.player.name })),
    h("p", {}, `${p.player.club || ""} — ${t("rank")} ${rank}, ${t("season_total")} ${fmt(p.total)}${p.qualified ? "" : ` (${t("season_under", { n: p.min_evenings })})`}`),
    h("table", { id: "season-player-table" },
      h("tr", {}, h("th", {}, t("tournament")), h("th", {}, t("date")), h("th", { class: "num" }, t("season_place")), h("th", { class: "num" }, t("season_points_col")), h("th", {}, t("season_tables"))),
      p.evenings.map((e) => h("tr", { class: e.played ? "" : "unqualified" },
        // An evening still being played says so: its place may yet change.
        h("td", {}, e.provisional ? `${e.tournament} (${t("provisional")})` : e.tournament), h("td", { class: "date" }, fmtDate(e.date || "")),
        h("td", { class: "num" }, e.played ? `${e.place}${e.shared ? "=" : ""}` : t("season_not_played")),
        h("td", { class: `num${e.counted ? "" : " uncounted"}` }, e.points == null ? "" : e.counted ? fmt(e.points) : `(${fmt(e.points)})`),
        h("td", {}, e.tables.map((x) => x.table == null ? t("bye") : t("season_table_at", { round: x.round, table: x.table })).join(" · "))))),
    h("button", { id: "season-back", onclick: () => { state.seasonPlayer = null; render(); } }, t("season_back")),
  ];
}

export async function view() {
  const [list, tournaments, doubtList, defaults, choices] = await Promise.all([call("seasons"), call("tournament_list"), call("player_doubts"), call("season_defaults"), call("games", { lang: currentLang() })]);
  const games = Object.fromEntries(choices.map((g) => [g.code, g.name]));
  if (!list.some((x) => String(x.id) === state.season)) state.season = list.length ? String(list[list.length - 1].id) : "";
  const pick = list.length ? h("label", { class: "pick" }, t("season"), h("select", { id: "season-pick", onchange: (e) => {
    useSeason(e.target.value); render();
  } }, list.map((x) => h("option", { value: x.id, selected: String(x.id) === state.season }, x.name)))) : null;
  if (!state.season) return [h("h2", {}, t("seasons")), errorBox(), h("p", { class: "hint", id: "season-none" }, t("season_none")),
    h("div", { class: "card", id: "season-new" }, h("h3", {}, t("season_new")), createForm(defaults))];
  const sid = state.season;
  if (state.seasonPlayer != null) return [errorBox(), ...(await playerPage(sid))];
  const info = list.find((x) => String(x.id) === sid);
  const s = await call("season_standings", { season: sid });
  return [
    h("h2", {}, `${t("season")} — ${s.season}`), pick,
    errorBox(),
    doubts(doubtList),
    evenings(info, tournaments, games),
    settingsForm(info, defaults),
    s.tournaments.length ? printPanel(`season-${sid}`, ["season", "season-csv"], null, { season: sid }) : null,
    s.tournaments.length ? chart(s) : h("p", { class: "hint" }, t("season_no_evening")),
    s.tournaments.length ? table(s) : null,
    h("details", { class: "card", id: "season-new", open: state.seasonForm && state.seasonForm.name ? true : null }, h("summary", {}, t("season_new")), createForm(defaults)),
  ];
}
