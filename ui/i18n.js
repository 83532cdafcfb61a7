// Texts in English, French and Dutch. The UI starts in the system's language.
const texts = {
  en: {
    ranking: "Ranking", "ranking_table-points": "table points per table", "ranking_total-score": "total score", table_average: "table average",
    incomplete: "Some figures of the line are missing.",
    app: "Atout", players: "Players", tournaments: "Tournaments", rounds: "Rounds", standings: "Standings",
    scorer: "Table scorer", jury: "Jury", secretary: "Secretary", language: "Language",
    tournament: "Tournament", none: "— none —", name: "Name", club: "Club", member: "Member no.",
    add: "Add", save: "Save", cancel: "Cancel", edit: "Edit", reason: "Reason", import_csv: "Import players (CSV)…",
    import_json: "Import tournament (JSON)…", create: "Create", game: "Game", date: "Date", round: "Round", table: "Table",
    rounds_count: "Rounds", places_points: "Table points by place", bye_points: "Bye: table points", enter_all: "Enter all registered players", entered: "players entered",
    draw: "Draw round", draw_again: "Draw again", seed: "Seed (optional)", seat: "Seat", first_dealer: "first dealer",
    repeats: "repeat meetings not avoided", bye: "bye", byes: "Byes", after_round: "After round",
    rank: "Rank", points: "Points", score: "Score", best: "Best", provisional: "provisional",
    deal: "Deal", line: "Line", dealer: "Dealer", contract: "Game", total: "Total", totals: "Totals",
    round_scores: "Round scores", table_points: "Table points", next_dealer: "Seat {dealer} deals {deal} ({name})",
    forced: "Forced", choose_game: "Choose the game", trump_suit: "Trump",
    counts_sum: "Sum {sum} of {total}", enter_line: "Enter line", sheet_complete: "Sheet complete",
    correct: "Correct", correcting: "Correcting line {line}", history: "History", refused: "Refused",
    free_ruling: "Free ruling", at_fault: "Player at fault", by: "Jury member", sanction: "Sanction (need not add up to 0)",
    record: "Record", all_rulings: "All rulings", no_tournament: "Create or choose a tournament first.",
    not_drawn: "This round is not drawn yet.", saved: "Saved", added: "added", known: "already registered",
    open_sheet: "Open sheet",
  },
  fr: {
    ranking: "Classement", "ranking_table-points": "points de table", "ranking_total-score": "score total", table_average: "moyenne de table",
    incomplete: "Il manque des chiffres à la ligne.",
    app: "Atout", players: "Joueurs", tournaments: "Tournois", rounds: "Manches", standings: "Classement",
    scorer: "Marqueur de table", jury: "Jury", secretary: "Secrétariat", language: "Langue",
    tournament: "Tournoi", none: "— aucun —", name: "Nom", club: "Club", member: "N° de membre",
    add: "Ajouter", save: "Enregistrer", cancel: "Annuler", edit: "Modifier", reason: "Motif", import_csv: "Importer des joueurs (CSV)…",
    import_json: "Importer un tournoi (JSON)…", create: "Créer", game: "Jeu", date: "Date", round: "Manche", table: "Table",
    rounds_count: "Manches", places_points: "Points de table par place", bye_points: "Exempt : points de table", enter_all: "Inscrire tous les joueurs", entered: "joueurs inscrits",
    draw: "Tirer la manche", draw_again: "Tirer à nouveau", seed: "Graine (facultatif)", seat: "Place", first_dealer: "premier donneur",
    repeats: "rencontres répétées inévitables", bye: "exempt", byes: "Exempts", after_round: "Après la manche",
    rank: "Rang", points: "Points", score: "Score", best: "Meilleure", provisional: "provisoire",
    deal: "Donne", line: "Ligne", dealer: "Donneur", contract: "Jeu", total: "Total", totals: "Totaux",
    round_scores: "Scores de la manche", table_points: "Points de table", next_dealer: "La place {dealer} donne la donne {deal} ({name})",
    forced: "Imposé", choose_game: "Choisir le jeu", trump_suit: "Atout",
    counts_sum: "Somme {sum} sur {total}", enter_line: "Inscrire la ligne", sheet_complete: "Feuille complète",
    correct: "Corriger", correcting: "Correction de la ligne {line}", history: "Historique", refused: "Refusé",
    free_ruling: "Décision libre", at_fault: "Joueur fautif", by: "Membre du jury", sanction: "Sanction (somme non nulle permise)",
    record: "Enregistrer", all_rulings: "Toutes les décisions", no_tournament: "Créez ou choisissez d'abord un tournoi.",
    not_drawn: "Cette manche n'est pas encore tirée.", saved: "Enregistré", added: "ajoutés", known: "déjà inscrits",
    open_sheet: "Ouvrir la feuille",
  },
  nl: {
    ranking: "Rangschikking", "ranking_table-points": "tafelpunten", "ranking_total-score": "totale score", table_average: "tafelgemiddelde",
    incomplete: "Er ontbreken cijfers in de lijn.",
    app: "Atout", players: "Spelers", tournaments: "Toernooien", rounds: "Ronden", standings: "Stand",
    scorer: "Tafelschrijver", jury: "Jury", secretary: "Secretariaat", language: "Taal",
    tournament: "Toernooi", none: "— geen —", name: "Naam", club: "Club", member: "Lidnummer",
    add: "Toevoegen", save: "Bewaren", cancel: "Annuleren", edit: "Wijzigen", reason: "Reden", import_csv: "Spelers importeren (CSV)…",
    import_json: "Toernooi importeren (JSON)…", create: "Aanmaken", game: "Spel", date: "Datum", round: "Ronde", table: "Tafel",
    rounds_count: "Ronden", places_points: "Tafelpunten per plaats", bye_points: "Vrij: tafelpunten", enter_all: "Alle spelers inschrijven", entered: "spelers ingeschreven",
    draw: "Ronde loten", draw_again: "Opnieuw loten", seed: "Zaad (optioneel)", seat: "Plaats", first_dealer: "eerste gever",
    repeats: "onvermijdbare herhaalde ontmoetingen", bye: "vrij", byes: "Vrij", after_round: "Na ronde",
    rank: "Plaats", points: "Punten", score: "Score", best: "Beste", provisional: "voorlopig",
    deal: "Spel", line: "Lijn", dealer: "Gever", contract: "Spel", total: "Totaal", totals: "Totalen",
    round_scores: "Rondescores", table_points: "Tafelpunten", next_dealer: "Plaats {dealer} geeft spel {deal} ({name})",
    forced: "Verplicht", choose_game: "Kies het spel", trump_suit: "Troef",
    counts_sum: "Som {sum} van {total}", enter_line: "Lijn invoeren", sheet_complete: "Blad volledig",
    correct: "Verbeteren", correcting: "Lijn {line} verbeteren", history: "Geschiedenis", refused: "Geweigerd",
    free_ruling: "Vrije beslissing", at_fault: "Speler in fout", by: "Jurylid", sanction: "Sanctie (hoeft geen 0 te zijn)",
    record: "Vastleggen", all_rulings: "Alle beslissingen", no_tournament: "Maak of kies eerst een toernooi.",
    not_drawn: "Deze ronde is nog niet geloot.", saved: "Bewaard", added: "toegevoegd", known: "al gekend",
    open_sheet: "Blad openen",
  },
};

export const languages = ["fr", "nl", "en"];
let lang = (() => {
  const saved = localStorage.getItem("atout.lang");
  if (languages.includes(saved)) return saved;
  const sys = (navigator.language || "en").slice(0, 2).toLowerCase();
  return languages.includes(sys) ? sys : "en";
})();

export function currentLang() { return lang; }
export function setLang(l) { if (languages.includes(l)) { lang = l; localStorage.setItem("atout.lang", l); } }

/** The text of `key` (dotted for nested keys), with `{name}` filled from `params`. */
export function t(key, params = {}) {
  const find = (table) => key.split(".").reduce((v, k) => (v == null ? v : v[k]), table);
  const text = find(texts[lang]) ?? find(texts.en) ?? key;
  return String(text).replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? ""));
}

/** A refused change as the user reads it: the rule, in their language, then the detail. */
export function explain(err) {
  if (err && err.rule) {
    const where = err.place ? [err.place.round && `${t("round")} ${err.place.round}`, err.place.table && `${t("table")} ${err.place.table}`, err.place.deal && `${t("line")} ${err.place.deal}`].filter(Boolean).join(", ") : "";
    const rule = (err.rule_texts && err.rule_texts[lang]) || err.rule_text;
    return `${t("refused")} — ${err.rule}: ${rule}. ${err.detail}${where ? ` (${where})` : ""}`;
  }
  return err && err.message ? err.message : String(err);
}
