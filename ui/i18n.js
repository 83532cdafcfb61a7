// Texts in English, French and Dutch. The UI starts in the system's language.
const texts = {
  en: {
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
    round_scores: "Round scores", table_points: "Table points", next_dealer: "Seat {dealer} deals {deal}",
    forced: "Forced", choose_game: "Choose the game", trump_suit: "Trump", taker: "Took K♥", seventh: "Trick 7", last: "Trick 13",
    counts_sum: "Sum {sum} of {total}", enter_line: "Enter line", sheet_complete: "Sheet complete",
    correct: "Correct", correcting: "Correcting line {line}", history: "History", refused: "Refused",
    fault_negative: "Fault in a negative deal", fault_trump: "Fault in a trump deal (voided, redealt)",
    free_ruling: "Free ruling", at_fault: "Player at fault", by: "Jury member", sanction: "Sanction (need not add up to 0)",
    record: "Record", all_rulings: "All rulings", no_tournament: "Create or choose a tournament first.",
    not_drawn: "This round is not drawn yet.", saved: "Saved", added: "added", known: "already registered",
    clubs: "♣ clubs", diamonds: "♦ diamonds", hearts: "♥ hearts", spades: "♠ spades", open_sheet: "Open sheet",
    games: { A: "A fewest tricks", B: "B fewest hearts", C: "C fewest queens", D: "D fewest kings & jacks", E: "E king of hearts", F: "F 7th & 13th trick", T: "T trump" },
    forced_why: {
      "negatives-only": "both trump games are played: a negative game only",
      "trumps-only": "remaining deals equal remaining trump games: trump only",
      "redeal-after-own-fault": "the dealer voided the trump deal: it is dealt again as trump",
    },
    rules: {
      "deal-total": "the counts of a deal add up to the deal total", "count-negative": "a count is never negative",
      "seat-range": "a seat is a number from 1 to 4", "game-twice": "each negative game is played exactly twice",
      "dealer-negatives": "each player chooses exactly 3 negative games", "dealer-trumps": "each player chooses exactly 2 trump games",
      "redeal-trump": "a trump deal voided by the dealer's fault is dealt again as trump", "sheet-full": "a sheet has 20 deals",
      "deal-shape": "a deal gives exactly the figures its game needs", "ruling-zero-sum": "a ruling adds up to 0 unless it is a sanction",
      "ruling-shape": "a ruling gives 4 figures, a reason and the jury member",
    },
  },
  fr: {
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
    round_scores: "Scores de la manche", table_points: "Points de table", next_dealer: "La place {dealer} donne la donne {deal}",
    forced: "Imposé", choose_game: "Choisir le jeu", trump_suit: "Atout", taker: "A pris le R♥", seventh: "7e pli", last: "13e pli",
    counts_sum: "Somme {sum} sur {total}", enter_line: "Inscrire la ligne", sheet_complete: "Feuille complète",
    correct: "Corriger", correcting: "Correction de la ligne {line}", history: "Historique", refused: "Refusé",
    fault_negative: "Faute dans un jeu négatif", fault_trump: "Faute dans un jeu d'atout (annulé, redonné)",
    free_ruling: "Décision libre", at_fault: "Joueur fautif", by: "Membre du jury", sanction: "Sanction (somme non nulle permise)",
    record: "Enregistrer", all_rulings: "Toutes les décisions", no_tournament: "Créez ou choisissez d'abord un tournoi.",
    not_drawn: "Cette manche n'est pas encore tirée.", saved: "Enregistré", added: "ajoutés", known: "déjà inscrits",
    clubs: "♣ trèfle", diamonds: "♦ carreau", hearts: "♥ cœur", spades: "♠ pique", open_sheet: "Ouvrir la feuille",
    games: { A: "A moindre plis", B: "B moindre cœurs", C: "C moindre dames", D: "D moindre valets/rois", E: "E roi de cœur", F: "F 7e et 13e pli", T: "T atout" },
    forced_why: {
      "negatives-only": "les deux atouts sont joués : jeu négatif uniquement",
      "trumps-only": "donnes restantes = atouts restants : atout uniquement",
      "redeal-after-own-fault": "le donneur a annulé la donne d'atout : elle est redonnée en atout",
    },
    rules: {
      "deal-total": "les chiffres d'une donne font le total de la donne", "count-negative": "un chiffre n'est jamais négatif",
      "seat-range": "une place va de 1 à 4", "game-twice": "chaque jeu négatif se joue exactement deux fois",
      "dealer-negatives": "chaque joueur choisit exactement 3 jeux négatifs", "dealer-trumps": "chaque joueur joue exactement 2 fois atout",
      "redeal-trump": "une donne d'atout annulée par faute du donneur est redonnée en atout", "sheet-full": "une feuille compte 20 donnes",
      "deal-shape": "une donne donne exactement les chiffres de son jeu", "ruling-zero-sum": "une décision fait 0 sauf sanction",
      "ruling-shape": "une décision donne 4 chiffres, un motif et le membre du jury",
    },
  },
  nl: {
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
    round_scores: "Rondescores", table_points: "Tafelpunten", next_dealer: "Plaats {dealer} geeft spel {deal}",
    forced: "Verplicht", choose_game: "Kies het spel", trump_suit: "Troef", taker: "Nam H♥", seventh: "7e slag", last: "13e slag",
    counts_sum: "Som {sum} van {total}", enter_line: "Lijn invoeren", sheet_complete: "Blad volledig",
    correct: "Verbeteren", correcting: "Lijn {line} verbeteren", history: "Geschiedenis", refused: "Geweigerd",
    fault_negative: "Fout in een negatief spel", fault_trump: "Fout in een troefspel (ongeldig, opnieuw gegeven)",
    free_ruling: "Vrije beslissing", at_fault: "Speler in fout", by: "Jurylid", sanction: "Sanctie (hoeft geen 0 te zijn)",
    record: "Vastleggen", all_rulings: "Alle beslissingen", no_tournament: "Maak of kies eerst een toernooi.",
    not_drawn: "Deze ronde is nog niet geloot.", saved: "Bewaard", added: "toegevoegd", known: "al gekend",
    clubs: "♣ klaveren", diamonds: "♦ ruiten", hearts: "♥ harten", spades: "♠ schoppen", open_sheet: "Blad openen",
    games: { A: "A minste slagen", B: "B minste harten", C: "C minste vrouwen", D: "D minste heren/boeren", E: "E hartenheer", F: "F 7e en 13e slag", T: "T troef" },
    forced_why: {
      "negatives-only": "beide troefspelen gespeeld: enkel een negatief spel",
      "trumps-only": "resterende spelen = resterende troeven: enkel troef",
      "redeal-after-own-fault": "de gever maakte het troefspel ongeldig: opnieuw troef",
    },
    rules: {
      "deal-total": "de cijfers van een spel tellen op tot het totaal", "count-negative": "een cijfer is nooit negatief",
      "seat-range": "een plaats is een getal van 1 tot 4", "game-twice": "elk negatief spel wordt precies twee keer gespeeld",
      "dealer-negatives": "elke speler kiest precies 3 negatieve spelen", "dealer-trumps": "elke speler speelt precies 2 keer troef",
      "redeal-trump": "een troefspel ongeldig door de gever wordt opnieuw troef", "sheet-full": "een blad telt 20 spelen",
      "deal-shape": "een spel geeft precies de cijfers die het nodig heeft", "ruling-zero-sum": "een beslissing telt op tot 0 tenzij sanctie",
      "ruling-shape": "een beslissing geeft 4 cijfers, een reden en het jurylid",
    },
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
    return `${t("refused")} — ${err.rule}: ${t("rules." + err.rule) !== "rules." + err.rule ? t("rules." + err.rule) : err.rule_text}. ${err.detail}${where ? ` (${where})` : ""}`;
  }
  return err && err.message ? err.message : String(err);
}
