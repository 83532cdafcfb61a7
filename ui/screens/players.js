// The players: the register (added, edited, imported from a CSV file) and the current tournament's entrants.
import { call } from "../api.js";
import { t, tn, explain } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act, flash, errorBox, readFile, redrawSaid, forgetKept } from "../shell.js";

/** A player being added (the button pressed again meanwhile adds nothing more). */
let adding = false;

export async function view() {
  const [players, unpublished] = await Promise.all([call("players_list"), call("unpublished_players")]);
  const kept = new Set(unpublished);
  const np = state.newPlayer || (state.newPlayer = { name: "", club: "", member: "" });
  const entrants = state.tournament ? await call("tournament_players", { tournament: state.tournament }) : [];
  const editing = state.editingPlayer;
  const rows = players.map((p) =>
    editing === p.id
      // Kept as typed when the change is refused (`data-keep`): the stored details came back.
      // Each player's form its own: what was typed for one never fills in another's.
      ? h("tr", {}, h("td", { colspan: 5 }, h("form", { class: "row", id: `edit-player-${p.id}`, "data-keep": "1", onsubmit: (e) => {
            e.preventDefault();
            const f = e.target;
            act(() => call("player_edit", { id: p.id, name: f.name.value, club: f.club.value, member: f.member.value, reason: f.reason.value }),
              () => { state.editingPlayer = null; flash(t("saved")); });
          } },
          h("label", {}, t("name"), h("input", { name: "name", value: p.name, required: true, maxlength: 100 })),
          h("label", {}, t("club"), h("input", { name: "club", value: p.club, maxlength: 100 })),
          h("label", {}, t("member"), h("input", { name: "member", value: p.member, maxlength: 40 })),
          h("label", {}, t("reason"), h("input", { name: "reason", required: true, maxlength: 500 })),
          h("button", { class: "primary" }, t("save")),
          h("button", { type: "button", onclick: () => { forgetKept(`edit-player-${p.id}`); state.editingPlayer = null; render(); } }, t("cancel")))))
      : h("tr", {}, h("td", {}, p.name), h("td", {}, p.club), h("td", {}, p.member),
          // On the club's results website, or kept off it (shown there as "—").
          h("td", {}, h("label", { class: "inline check" }, h("input", { type: "checkbox", id: `published-${p.id}`, checked: kept.has(p.id) ? null : true,
            onchange: (e) => act(() => call("player_publishing", { id: p.id, published: e.target.checked }), () => flash(t("saved"))) }), ` ${t("on_website")}`)),
          // The focus goes into the form that takes the row's place (it fell to the list, and
          // the next Tab went to the first row's «published»).
          h("td", {}, h("button", { onclick: () => { state.editingPlayer = p.id; render().then(() => document.querySelector(`#edit-player-${p.id} input[name=name]`)?.focus()); } }, t("edit")))));
  const csv = h("input", { type: "file", id: "csv-file", accept: ".csv,.txt,text/csv", onchange: async (e) => {
    // The bytes as on disk: the application recognises the encoding (Excel's Windows-1252 included).
    const bytes = await readFile(e.target, true);
    act(() => call("players_import", { bytes, tournament: state.tournament || null }),
      (r) => {
        // The columns not read said too (a member number under a heading not known was dropped
        // without a word).
        const ignored = r.ignored && r.ignored.length ? `; ${t("not_read", { names: r.ignored.map((c) => `«${c}»`).join(", ") })}` : "";
        flash(`${r.added.length} ${tn("added", r.added.length)}, ${r.known.length} ${tn("known", r.known.length)}${state.tournament ? `, ${r.entered} ${tn("entered", r.entered)}` : ""} (${t("read_as", { encoding: r.encoding })})${ignored}`);
        state.error = r.unsure.length ? t("unsure", { names: r.unsure.map((p) => p.name).join(", ") }) : null;
      });
  } });
  return [
    h("h2", {}, t("players")),
    errorBox(),
    h("form", { class: "row", id: "add-player", onsubmit: async (e) => {
      e.preventDefault();
      // Pressed twice while the first is on its way: one player (a double click registered
      // the same person twice, or answered the second with a false "already registered").
      if (adding) return;
      adding = true;
      const p = np;
      const anyway = state.duplicate === p.name;
      try {
        const added = await call("player_add", { name: p.name, club: p.club, member: p.member, anyway });
        state.newPlayer = null; state.duplicate = null; state.error = null;
        // Added while the current tournament still has rounds to draw (or one drawn and not
        // begun): entered in it too, as a CSV import enters its players (a late arrival could be
        // entered only with the whole register). A finished evening is left as it is.
        const current = state.tournament ? (await call("tournament_list")).find((x) => String(x.id) === String(state.tournament)) : null;
        const status = current ? await call("round_status", { tournament: String(current.id) }) : [];
        const open = current && (current.rounds_drawn < current.rounds || status.some((r) => r.started === 0));
        if (open) {
          await call("tournament_enter", { tournament: state.tournament, players: [added.id] });
          await redrawSaid(state.tournament, () => flash(t("added_entered")));
        } else {
          flash(t("saved"));
        }
      } catch (err) {
        // A probable namesake: say who is registered, and offer to add anyway (two people).
        state.error = explain(err);
        state.duplicate = err.kind === "conflict" ? p.name : null;
      } finally {
        adding = false;
      }
      await render();
      document.querySelector("#add-player input[name=name]")?.focus();
    } },
      h("label", {}, t("name"), h("input", { name: "name", required: true, maxlength: 100, value: np.name, oninput: (e) => { np.name = e.target.value; } })),
      h("label", {}, t("club"), h("input", { name: "club", maxlength: 100, value: np.club, oninput: (e) => { np.club = e.target.value; } })),
      h("label", {}, t("member"), h("input", { name: "member", maxlength: 40, value: np.member, oninput: (e) => { np.member = e.target.value; } })),
      h("button", { class: "primary", id: "add-player-button" }, state.duplicate && state.duplicate === np.name ? t("add_anyway") : t("add"))),
    h("div", { class: "row" }, h("label", { class: "filepick button" }, t("import_csv"), csv)),
    h("table", { id: "players-table" }, h("tr", {}, h("th", {}, t("name")), h("th", {}, t("club")), h("th", {}, t("member")), h("th", {}, t("website_col")), h("th", {}, "")), rows),
    entrants.length ? [
      h("h3", {}, t("tournament_players")),
      // The tournament's own ids (`p12`) are the application's, no word for a person: a
      // number in the list, the id kept as a tooltip.
      h("table", { id: "entrants-table" }, entrants.map((p, i) => h("tr", { class: p.withdrawn_from ? "withdrawn" : "", title: p.player },
        h("td", { class: "num" }, i + 1), h("td", {}, p.name), h("td", {}, p.club),
        h("td", {}, [p.joined_round ? t("joined_round", { round: p.joined_round }) : "", p.withdrawn_from ? t("withdrawn_from", { round: p.withdrawn_from }) : ""].filter(Boolean).join(" · ")),
        h("td", {}, h("form", { class: "inline", id: `withdraw-form-${p.player}`, "data-keep": "1", onsubmit: (e) => {
          e.preventDefault();
          const reason = e.target.reason.value;
          const command = p.withdrawn_from ? "player_return" : "player_withdraw";
          act(() => call(command, { tournament: state.tournament, player: p.player, fromRound: null, reason }), () => redrawSaid(state.tournament, () => flash(t("saved"))));
        } }, h("input", { name: "reason", required: true, placeholder: t("reason"), "aria-label": t("reason"), maxlength: 500 }),
          h("button", { id: `withdraw-${p.player}` }, p.withdrawn_from ? t("return_player") : t("withdraw"))))))),
    ] : null,
  ];
}
