// Texts in English, French and Dutch. The UI starts in the system's language.
export const texts = {
  en: {
    field_between: "«{field}» takes a whole number from {min} to {max}.",
    joined_short: "from R{round}", withdrawn_short: "withdrawn",
    round_not_begun: "Round {round} drawn, not begun",
    not_seated: "Not in this draw: {list} (entered or back after it was drawn).", withdrawn_seated: "Seated though withdrawn: {list} (withdrawn after it was drawn).", redraw_now: "Draw round {round} again to seat the players as they now stand: it has not begun.",
    count_tournaments: "{n} tournaments", count_tournaments_one: "{n} tournament", count_rounds: "{n} rounds", count_rounds_one: "{n} round", count_lines: "{n} lines", count_lines_one: "{n} line", pending_lines_one: "{n} line changed, not saved yet", entered_one: "player entered", known_one: "already registered",
    page_table: "table", page_jury: "jury", page_room: "room", page_player: "my evening",
    colon: ": ", semicolon: "; ",
    room_exit: "Leave the room display (Esc)",
    field: {"seat": "seat", "points": "points", "reason": "reason", "by": "jury member", "sanction": "sanction", "call": "call"},
    no_such_table: "Round {round} has no table {table}; its tables are {tables}.", round_not_drawn: "Round {round} is not drawn yet.",
    sheet_more: "Undo, first dealer, history",
    projector: "Projector", projector_standings: "Standings", projector_tables: "Tables of the round", room_mode: "Room display (Esc to leave)", progression: "Running totals, line by line", playing: "playing", round_complete: "Round {round} complete", round_playing: "Round {round} being played: {done} of {tables} tables complete (provisional)",
    not_started: "not started", not_started_at: "Table {table}: nothing written yet", page: "page {page}/{pages}", page_next: "Next page (PageDown)", rounds_complete: "Rounds {from}–{to} complete",
    "tiebreak_table-points": "Points", "tiebreak_score-sum": "Score sum", "tiebreak_best-round": "Best round", "tiebreak_by_table-points": "table points", "tiebreak_by_score-sum": "score sum", "tiebreak_by_best-round": "best round",
    tiebreak_note_points: "Equal points, placed by", tiebreak_note_score: "Equal score, placed by", tiebreak_then: ", then ", shared_note: "= : a shared place, equal on every criterion",
    by_ranking: "Seat by ranking", by_ranking_hint: "The strongest together: table 1 takes the leaders (for a final round)", round_open: "Round {round} is not complete: tables {tables} are still being played. Their players would be seated for round {next} before their results are known.", round_open_one: "Round {round} is not complete: table {tables} is still being played. Its players would be seated for round {next} before their results are known.", draw_anyway: "Draw anyway",
    plan_preview: "The plan for rounds {from}–{to}: {repeats}", plan_preview_one: "The plan for round {from}: {repeats}", plan_following: "the plan made when round 1 was drawn", plan_new: "a new plan, from the rounds drawn so far", plan_first: "a new plan", plan_seed: "drawn with number {seed}",
    calculator: "Hand calculator", calc_short: "Calculator", calc_tiles: "Tiles", calc_fifteens: "Fifteens", calc_runs: "Runs", calc_pairs: "Pairs", close: "Close", keeps_score: "keeps the score", keeps_next_score: "keeps the score of the next game (serviteur)",
    print_export: "Print / Export", save_to: "Save to", save_file: "Save", choose: "Choose…", work_on: "Work on {name}", printing: "Preparing the file…", saved_to: "Saved to {path}", open: "Open", file_exists: "{path} exists. Replace it?", replace: "Replace",
    docs: { standings: "Ranking (PDF)", seating: "Seating plan (PDF)", sheets: "Score sheets to fill in (PDF)", "completed-sheets": "Score sheets as written (PDF)", rulings: "Rulings and fines (PDF)", hands: "Deals replayed card by card (PDF)",
      "standings-csv": "Ranking (CSV)", "rounds-csv": "Round results (CSV)", "lines-csv": "Every sheet line (CSV)", season: "Season standings (PDF)", "season-csv": "Season standings (CSV)" },
    backups: "Backups", back_up_now: "Back up now", restore: "Restore", confirm_restore: "Replace the database with this backup (the current content is kept)",
    written: "Written", holds: "Holds", kind: "Kind", last_change: "Last change",
    kinds: { auto: "automatic", manual: "by hand", "before-migration": "before an upgrade", replaced: "replaced by a restore", damaged: "damaged file set aside" },
    cannot_open: "The database cannot be opened", no_backups: "No backup of this database was found in {dir}. A backup kept elsewhere (a USB stick, another computer) is restored by its path below.", restore_path: "Backup file to restore", restore_file: "Restore this file", restore_latest: "Restore this backup", backups_where: "Backups are kept in {dir}", restored: "Restored; the replaced content is kept as {file}",
    log: "Log", who_col: "Who", where_col: "Where", who_title: "Who is working at this screen?", role: "Role", role_secretary: "secretary", role_jury: "jury", role_scorer: "scorer",
    working: "Working", set_who: "Start", nobody: "Say who you are",
    undo_last: "Undo the last line", first_dealer_change: "Correct the first dealer", new_first_dealer: "First dealer",
    keep_for_joint: "Keep for a joint save", pending_lines: "{n} lines changed, not saved yet", save_all: "Save these lines together", discard: "Discard",
    withdraw: "Withdraw", return_player: "Plays again", withdrawn_from: "withdrawn from round {round}", withdrawn_after: "withdrawn after round {round}", withdrawn_apart: "Withdrawn before playing (no seat, no bye: no place)", joined_round: "joined in round {round}",
    tournament_players: "Players of the tournament", add_anyway: "Add anyway (two people)", not_read: "columns not read: {names}", read_as: "read as {encoding}",
    unsure: "Not imported, could be several registered players: {names}", undo: "Undo", undo_reason: "taken back with Ctrl+Z", undo_gone: "Your last action can no longer be undone here: the sheet changed since. Use the tools below the sheet.", ruling_row: "Jury ruling", sample_offer: "No tournament yet. Create one below, or look around in a sample first: «Spring Open 2026», a whole evening of Double King for sixteen players.", sample_load: "Open the sample tournament", bad_date: "The date reads as no date: write it as {hint}.", void_fault: "voided and dealt again; the fault counts", undo_nothing: "Nothing of yours is left to undo here (Ctrl+Z takes back your last line or correction, once).", undone_line: "Undone: line {line} ({what}) is taken back.", undone_correction: "Undone: your correction of line {line}; it reads again {what}.",
    time: "Time", what: "What", change_from_to: "Change", all_changes: "Every change of the tournament, oldest first",
    ranking: "Ranking", "ranking_table-points": "table points per table", "ranking_total-score": "total score", table_average: "table average",
    incomplete: "Some figures of the line are missing.",
    season: "Season", seasons: "Seasons", season_new: "New season", season_settings: "How this season is ranked", season_name: "Season's name", season_points: "An evening brings", season_points_result: "its ranking value", season_points_scale: "points by place", season_scale: "Points by place, first place first", season_count_best: "Best evenings counting", season_count_all: "all", season_min: "Evenings needed to be ranked", season_clubs_best: "Players counting per club",
    season_evenings: "Evenings of the season", season_add: "Put in the season", season_remove: "Take out", season_import: "Import another club's evening (JSON)…", season_archive: "another club's", season_imported: "Imported «{name}»: {counts}", count_matched: "{n} players matched", count_matched_one: "{n} player matched", count_new: "{n} new", count_unsure: "{n} to settle", season_already: "«{name}» is in the season already: nothing changed", season_shared: "«{name}» was imported into «{season}» before: that same evening is put in this season, not a copy",
    season_doubts: "Players to settle: one person or two?", season_same: "Same person", season_apart: "Two people", season_total: "Total", season_played: "Evenings", season_under: "Fewer than {n} evenings: ranked after the others", season_clubs: "Club ranking", season_chart: "The leaders' totals, evening by evening", evening_short: "E",
    season_brackets: "(in brackets: an evening that does not count)", season_counted: "counted in the total", season_player: "{name}'s season", season_counts_best: "Counted: each player's best {n} evenings", season_counts_best_one: "Counted: each player's best evening", season_counts_all: "Counted: every evening", season_counts_min: "at least {n} evenings to be ranked", season_table_at: "round {round}, table {table}", season_back: "Back to the season standings", season_not_played: "not played", season_place: "Place", season_points_col: "Points", season_tables: "Tables", season_none: "No season yet: create one below.", season_no_evening: "No evening in this season yet: put a tournament in it, or import another club's evening.",
    app: "Atout", players: "Players", tournaments: "Tournaments", rounds: "Rounds", standings: "Standings",
    scorer: "Table scorer", jury: "Jury", secretary: "Secretary", language: "Language",
    tournament: "Tournament", none: "— none —", name: "Name", club: "Club", member: "Member no.",
    add: "Add", save: "Save", cancel: "Cancel", edit: "Edit", reason: "Reason", import_csv: "Import players (CSV)…",
    import_json: "Import tournament (JSON)…", create: "Create", game: "Game", date: "Date", round: "Round", table: "Table",
    rounds_count: "Rounds", table_size: "Players per table", table_size_game: "as the game draws", table_size_most: "at most {n}", places_points: "Table points by place", bye_points: "Bye: table points", enter_all: "Enter all registered players", entered: "players entered",
    draw: "Draw round", draw_again: "Draw again", seed: "Draw number (optional: the same number gives the same draw)", seed_short: "Draw number", seat: "Seat", first_dealer: "first dealer",
    repeats: "{n} repeat meetings not avoided", repeats_one: "{n} repeat meeting not avoided", bye: "bye", byes: "Byes", byes_one: "Bye", after_round: "After round", after_latest: "the latest", added_entered: "Registered, and entered in this tournament",
    rank: "Rank", points: "Points", score: "Score", best: "Best", provisional: "provisional",
    replay_title: "Replay a deal", replay_line: "Line", replay_pick: "Pick the disputed line: then enter the cards each seat was dealt, and the cards played.",
    replay_field_trump: "Trump turned or named", replay_field_called: "Called ace", suit_spades: "spades", suit_hearts: "hearts", suit_diamonds: "diamonds", suit_clubs: "clubs", suit_none: "no trump",
    replay_deck_left: "{n} cards not dealt yet; a click gives one to {who}:", replay_deck_left_one: "1 card not dealt yet; a click gives it to {who}:", replay_seat_full: "{who} has all {n} cards: click in another player's cards to give them the rest.", replay_seat_out: "{who} sits this deal out: no card for them.", replay_seat_full_one: "{who} has their 1 card: click in another player's cards to give them the rest.",
    replay_play: "Cards played, in order", replay_trick: "Trick", replay_cards: "Cards (player: card)", replay_won_by: "Won by", replay_typing: "Type the cards as they read, rank then suit, spaces optional:",
    replay_dealing: "The cards dealt are not complete yet: {n} still to deal.", replay_dealing_one: "The cards dealt are not complete yet: 1 still to deal.", replay_too_many: "{who} has {n} cards: the deal gives {due}.", replay_too_many_one: "{who} has 1 card: the deal gives none.", replay_twice: "{card} is dealt twice (to {who}).",
    replay_not_a_card: "The cards of {who}:", replay_not_a_card_play: "The cards played:",
    replay_illegal: "Trick {trick}: {who} played {card}, which breaks the rule:", replay_allowed: "Allowed:", replay_pending: "Not complete yet",
    replay_to_play: "{who} to play:", replay_cards_give: "The cards give", replay_line_says: "The line says", replay_matches: "Every card is legal, and the line gives the same figures.",
    replay_differs: "Every card is legal, and the line gives other figures.", replay_complete: "Every card is legal; the deal is complete.", replay_so_far: "Every card so far is legal; the deal is not played to its end.",
    replay_reason: "figures from the cards, replayed by the jury", replay_use: "Use these figures",
    deal: "Deal", line: "Line", dealer: "Dealer", game_col: "Game", total: "Total", totals: "Totals",
    round_scores: "Round scores", table_points: "Table points", fault_for: "A fault is written as deal {deal}, dealt by {name}", fault_complete: "The sheet is complete: a fault is written with Correct on its line, or as a free ruling below", fault_complete_device: "The sheet is complete: a fault is written as a free ruling below, or by the secretary with Correct on its line", next_dealer: "Deal {deal}, dealt by {name} (seat {dealer})",
    forced: "Forced", choose_game: "Choose the game", trump_suit: "Trump",
    counts_sum: "Sum {sum} of {total}", enter_line: "Enter line", sheet_complete: "Sheet complete",
    correct: "Correct", correcting: "Correcting line {line}", history: "History", refused: "Refused",
    free_ruling: "Free ruling", at_fault: "Player at fault", by: "Jury member", sanction: "Sanction (need not add up to 0)", sanction_row: "Sanction",
    record: "Record", game_closed: "«{game}» cannot be played now: the games open are those that can be pressed.", game_closed_why: "«{game}» cannot be played now: {why}.", field_missing: "Fill in «{field}» first.", field_wrong: "«{field}» does not read: see what it asks for.", ruling_imported: "imported {date}", all_rulings: "All rulings", no_rulings: "No ruling yet in this tournament.", ruling_withdrawn: "withdrawn {at} by {by}: {reason} — no longer counts", no_tournament: "Create or choose a tournament first.",
    not_drawn: "This round is not drawn yet.", saved: "Saved", added: "added", known: "already registered",
    open_sheet: "Open sheet",
    // Table devices (device.html): the outbox, the opponent's confirmation, the code.
    device_online: "● connected", device_offline_short: "○ no connection", device_offline: "The server cannot be reached: this was not sent; try again once the connection returns (a new line typed waits on this device and is sent by itself).", device_offline_jury: "The server cannot be reached: this was not sent; what you typed stays here: try again once the connection returns.",
    outbox_count: "{n} waiting", outbox_refused_count: "{n} refused", outbox_title: "Lines not yet stored: {n}", outbox_sending: "Being sent to the secretary's computer.", outbox_blocked: "Line {line} was refused: mend it or drop it; the lines after it wait for it.",
    outbox_offline: "No connection to the secretary's computer: these lines are kept on this device and sent by themselves when it answers, also after a reload.",
    outbox_waiting: "waiting", turn_seat: "Whose turn", on_device: "on the phone", board_square: "empty square", backup_unusable: "does not check: it cannot be restored", redraw_hint: "Round {round} is drawn and not begun: draw it again (Rounds) to seat the players entered, or take out a player withdrawn.", live_offline: "No connection to the club's computer: what is shown may not be the latest; the page tries again by itself.", live_pick: "Who are you?", claim_title: "A claim, from here", solve_title: "Could it have been made?", solve_who: "Whose side", solve_ask: "Search the deal", solve_gave_away: "the first card that cost its own side a trick", claim_who: "Who claims", claim_kind: "Claims", claim_at_least: "at least", claim_at_most: "at most", claim_tricks: "tricks of those left", claim_n_whole: "The number of tricks claimed is a whole number, 0 or more.", claim_on_table: "on the table when the claim was made", claim_judge: "Judge the claim", claim_searching: "Searching every play…", claim_line: "A line of play that beats the claim, both sides at their best:", live_follow: "Your evening on your phone", live_search: "Find your name", live_table: "Round {round} · table {table} · seat {seat}", live_seat_now: "Your seat in round {round}: table {table}, seat {seat}.", live_running: "My total", live_place: "Place", live_not_me: "Not me", on_website: "published", website_col: "Results website", publish_title: "Publish the results (the club's website)", publish_hint: "Every evening, season and player as plain pages in a folder, in French, Dutch and English: copy it to the club's web host or a USB stick. Publishing again rewrites only what changed.", publish_dir: "Folder", publish_initials: "Names as initials (Anne D.)", publish_go: "Publish", publish_done: "Published into {dir} — evenings: {evenings}, seasons: {seasons}, players: {players}; files written: {written}, unchanged: {unchanged}, removed: {removed}.", totals_line: "Totals: {list}", legend_dealer: "dealt", legend_chooser: "chose the game", legend_out: "sits out", outbox_line: "Line {line}: {what}", outbox_after: "Send mine as line {line}, after theirs", outbox_stored: "Line {line} as stored, by {by}: {what}", outbox_editing: "Line {line} is being typed again below; the lines after it wait.", outbox_retry: "Send again", outbox_edit: "Edit", outbox_drop: "Drop", outbox_kept: "Line {line} is kept on this device; it is sent as soon as the connection returns.", outbox_next: "Line {line}: who deals and what may be played are checked when the lines waiting arrive.", outbox_stranded: "Lines typed on this device and never sent: {n}", outbox_stranded_at: "Round {round}, table {table}: lines typed on this device and never sent: {n}", outbox_stranded_hint: "This code can no longer send them: give them to the secretary, who enters them in the window; then drop them here.", outbox_stranded_drop: "Given to the secretary: drop them", outbox_stranded_new_code: "Open this table's new code on this device (ask the secretary): they are sent with it. If the round is over, give them to the secretary.",
    confirm_title: "Another player at the table confirms this line", confirm_hint: "Another player at the table (not the scorer) reads the line, then taps their own name.", confirm_back: "Back to the line", confirm_back_said: "Not confirmed: the line was not sent; correct it or have it confirmed.",
    device_not_here: "This is done at the secretary's computer, not on a table's device.", device_scorer_name: "Who keeps this table's score?", device_jury_name: "Which jury member works on this device?",
    device_code_title: "Open a table's sheet", device_code: "The table's code (on the seating plan)", device_open: "Open", device_wait: "Tried again by itself in {n} s.",
    devices: "Table devices", devices_start: "Start the table devices", devices_stop: "Stop the table devices", devices_address: "Phones and tablets on the club's network open", devices_room: "The room's display",
    devices_jury: "Jury", devices_connected: "connected", devices_not_seen: "not seen yet", devices_seen: "seen {s} s ago", devices_revoke: "Revoke", devices_lock: "Lock", devices_unlock: "Unlock", devices_locked: "locked",
    devices_revoke_reason: "Why is this code revoked?", devices_hint: "Each table scans its code; codes are new every round. Stop the devices when the evening is over: nothing listens on the network then.",
    about: "About", about_open: "About Atout", size_mb: "{n} MB", size_kb: "{n} KB", no_file: "no file chosen", about_title: "Atout", about_version: "Version", about_database: "Database in use", about_memory: "in memory", about_backups: "Backups go to", about_licence: "Licence", about_fonts: "Fonts in printed documents", about_font_licence: "The fonts' licence",
  },
  fr: {
    field_between: "« {field} » prend un nombre entier de {min} à {max}.",
    joined_short: "dès M{round}", withdrawn_short: "retiré",
    round_not_begun: "Manche {round} tirée, pas commencée",
    not_seated: "Absents de ce tirage : {list} (inscrits ou revenus après le tirage).", withdrawn_seated: "Placés bien que retirés : {list} (retirés après le tirage).", redraw_now: "Tirez la manche {round} à nouveau pour placer les joueurs tels qu'ils sont maintenant : elle n'a pas commencé.",
    count_tournaments: "{n} tournois", count_tournaments_one: "{n} tournoi", count_rounds: "{n} manches", count_rounds_one: "{n} manche", count_lines: "{n} lignes", count_lines_one: "{n} ligne", pending_lines_one: "{n} ligne modifiée, pas encore enregistrée", entered_one: "joueur inscrit", known_one: "déjà enregistré", added_one: "ajouté",
    page_table: "table", page_jury: "jury", page_room: "salle", page_player: "ma soirée",
    colon: " : ", semicolon: " ; ",
    room_exit: "Quitter l'affichage salle (Échap)",
    field: {"seat": "place", "points": "points", "reason": "motif", "by": "membre du jury", "sanction": "sanction", "call": "appel"},
    no_such_table: "La manche {round} n'a pas de table {table} ; ses tables sont {tables}.", round_not_drawn: "La manche {round} n'est pas encore tirée.",
    sheet_more: "Annuler, premier donneur, historique",
    projector: "Projecteur", projector_standings: "Classement", projector_tables: "Tables de la manche", room_mode: "Affichage salle (Échap pour quitter)", progression: "Totaux cumulés, ligne après ligne", playing: "en jeu", round_complete: "Manche {round} terminée", round_playing: "Manche {round} en cours : {done} sur {tables} tables terminées (provisoire)",
    not_started: "pas commencé", not_started_at: "Table {table} : rien n'est encore inscrit", page: "page {page}/{pages}", page_next: "Page suivante (Page suiv.)", rounds_complete: "Manches {from} à {to} terminées",
    "tiebreak_table-points": "Points", "tiebreak_score-sum": "Somme des scores", "tiebreak_best-round": "Meilleure manche", "tiebreak_by_table-points": "les points de table", "tiebreak_by_score-sum": "la somme des scores", "tiebreak_by_best-round": "la meilleure manche",
    tiebreak_note_points: "Points égaux, départagés par", tiebreak_note_score: "Score égal, départagés par", tiebreak_then: ", puis ", shared_note: "= : place partagée, égalité sur tous les critères",
    by_ranking: "Placer selon le classement", by_ranking_hint: "Les plus forts ensemble : la table 1 reçoit les premiers (pour une manche finale)", round_open: "La manche {round} n'est pas terminée : les tables {tables} sont encore en jeu. Leurs joueurs seraient placés pour la manche {next} avant que leurs résultats soient connus.", round_open_one: "La manche {round} n'est pas terminée : la table {tables} est encore en jeu. Ses joueurs seraient placés pour la manche {next} avant que leurs résultats soient connus.", draw_anyway: "Tirer quand même",
    plan_preview: "Le plan des manches {from} à {to} : {repeats}", plan_preview_one: "Le plan de la manche {from} : {repeats}", plan_following: "le plan fait au tirage de la manche 1", plan_new: "un nouveau plan, d'après les manches déjà tirées", plan_first: "un nouveau plan", plan_seed: "tiré avec le numéro {seed}",
    calculator: "Calculateur de main", calc_short: "Calculateur", calc_tiles: "Jetons", calc_fifteens: "Quinzes", calc_runs: "Suites", calc_pairs: "Paires", close: "Fermer", keeps_score: "tient les comptes", keeps_next_score: "tient les comptes de la partie suivante (serviteur)",
    print_export: "Imprimer / Exporter", save_to: "Enregistrer sous", save_file: "Enregistrer", choose: "Choisir…", work_on: "Travailler sur {name}", printing: "Préparation du fichier…", saved_to: "Enregistré : {path}", open: "Ouvrir", file_exists: "{path} existe déjà. Le remplacer ?", replace: "Remplacer",
    docs: { standings: "Classement (PDF)", seating: "Plan de table (PDF)", sheets: "Feuilles de marque à remplir (PDF)", "completed-sheets": "Feuilles de marque remplies (PDF)", rulings: "Décisions et amendes (PDF)", hands: "Donnes rejouées carte par carte (PDF)",
      "standings-csv": "Classement (CSV)", "rounds-csv": "Résultats par manche (CSV)", "lines-csv": "Toutes les lignes (CSV)", season: "Classement de la saison (PDF)", "season-csv": "Classement de la saison (CSV)" },
    backups: "Sauvegardes", back_up_now: "Sauvegarder maintenant", restore: "Restaurer", confirm_restore: "Remplacer la base par cette sauvegarde (le contenu actuel est conservé)",
    written: "Écrite", holds: "Contient", kind: "Type", last_change: "Dernier changement",
    kinds: { auto: "automatique", manual: "à la main", "before-migration": "avant une mise à jour", replaced: "remplacée par une restauration", damaged: "fichier endommagé mis de côté" },
    cannot_open: "La base ne peut pas être ouverte", no_backups: "Aucune sauvegarde de cette base n'a été trouvée dans {dir}. Une sauvegarde gardée ailleurs (une clé USB, un autre ordinateur) se restaure par son chemin ci-dessous.", restore_path: "Fichier de sauvegarde à restaurer", restore_file: "Restaurer ce fichier", restore_latest: "Restaurer cette sauvegarde", backups_where: "Les sauvegardes sont dans {dir}", restored: "Restaurée ; le contenu remplacé est conservé sous {file}",
    log: "Journal", who_col: "Qui", where_col: "Où", who_title: "Qui travaille à cet écran ?", role: "Rôle", role_secretary: "secrétariat", role_jury: "jury", role_scorer: "marqueur",
    working: "Au travail", set_who: "Commencer", nobody: "Dites qui vous êtes",
    undo_last: "Annuler la dernière ligne", first_dealer_change: "Corriger le premier donneur", new_first_dealer: "Premier donneur",
    keep_for_joint: "Garder pour un enregistrement commun", pending_lines: "{n} lignes modifiées, pas encore enregistrées", save_all: "Enregistrer ces lignes ensemble", discard: "Abandonner",
    withdraw: "Retirer", return_player: "Réintégrer", withdrawn_from: "retiré à partir de la manche {round}", withdrawn_after: "retiré après la manche {round}", withdrawn_apart: "Retirés avant d'avoir joué (ni place à une table, ni exemption : pas de classement)", joined_round: "arrivé à la manche {round}",
    tournament_players: "Joueurs du tournoi", add_anyway: "Ajouter quand même (deux personnes)", not_read: "colonnes non lues : {names}", read_as: "lu comme {encoding}",
    unsure: "Non importés, plusieurs joueurs inscrits possibles : {names}", undo: "Annuler", undo_reason: "annulé avec Ctrl+Z", undo_gone: "Votre dernière action ne peut plus être annulée ici : la feuille a changé depuis. Utilisez les outils sous la feuille.", ruling_row: "Décision du jury", sample_offer: "Pas encore de tournoi. Créez-en un ci-dessous, ou découvrez d'abord un exemple : « Spring Open 2026 », une soirée entière de Double King à seize joueurs.", sample_load: "Ouvrir le tournoi d'exemple", bad_date: "Date non valide : écrivez-la sous la forme {hint}.", void_fault: "annulée et redonnée ; la faute compte", undo_nothing: "Plus rien de vous à annuler ici (Ctrl+Z reprend votre dernière ligne ou correction, une fois).", undone_line: "Annulé : la ligne {line} ({what}) est retirée.", undone_correction: "Annulé : votre correction de la ligne {line} ; elle se lit à nouveau {what}.",
    time: "Heure", what: "Quoi", change_from_to: "Changement", all_changes: "Tous les changements du tournoi, du plus ancien au plus récent",
    ranking: "Classement", "ranking_table-points": "points de table", "ranking_total-score": "score total", table_average: "moyenne de table",
    incomplete: "Il manque des chiffres à la ligne.",
    season: "Saison", seasons: "Saisons", season_new: "Nouvelle saison", season_settings: "Comment cette saison est classée", season_name: "Nom de la saison", season_points: "Une soirée rapporte", season_points_result: "sa valeur de classement", season_points_scale: "des points par place", season_scale: "Points par place, la première d'abord", season_count_best: "Meilleures soirées comptées", season_count_all: "toutes", season_min: "Soirées requises pour être classé", season_clubs_best: "Joueurs comptés par club",
    season_evenings: "Soirées de la saison", season_add: "Mettre dans la saison", season_remove: "Retirer", season_import: "Importer la soirée d'un autre club (JSON)…", season_archive: "d'un autre club", season_imported: "« {name} » importé : {counts}", count_matched: "{n} joueurs reconnus", count_matched_one: "{n} joueur reconnu", count_new: "{n} nouveaux", count_new_one: "{n} nouveau", count_unsure: "{n} à trancher", season_already: "« {name} » fait déjà partie de la saison : rien n'a changé", season_shared: "« {name} » a déjà été importé dans « {season} » : c'est cette même soirée qui est mise dans la saison, pas une copie",
    season_doubts: "Joueurs à trancher : une personne ou deux ?", season_same: "Même personne", season_apart: "Deux personnes", season_total: "Total", season_played: "Soirées", season_under: "Moins de {n} soirées : classés après les autres", season_clubs: "Classement des clubs", season_chart: "Les totaux des premiers, soirée après soirée", evening_short: "S",
    season_brackets: "(entre parenthèses : une soirée qui ne compte pas)", season_counted: "compté dans le total", season_player: "La saison de {name}", season_counts_best: "Comptent : les {n} meilleures soirées de chacun", season_counts_best_one: "Compte : la meilleure soirée de chacun", season_counts_all: "Comptent : toutes les soirées", season_counts_min: "au moins {n} soirées pour être classé", season_table_at: "manche {round}, table {table}", season_back: "Retour au classement de la saison", season_not_played: "pas joué", season_place: "Place", season_points_col: "Points", season_tables: "Tables", season_none: "Pas encore de saison : créez-en une ci-dessous.", season_no_evening: "Aucune soirée dans cette saison : mettez-y un tournoi, ou importez la soirée d'un autre club.",
    app: "Atout", players: "Joueurs", tournaments: "Tournois", rounds: "Manches", standings: "Classement",
    scorer: "Marqueur de table", jury: "Jury", secretary: "Secrétariat", language: "Langue",
    tournament: "Tournoi", none: "— aucun —", name: "Nom", club: "Club", member: "N° de membre",
    add: "Ajouter", save: "Enregistrer", cancel: "Annuler", edit: "Modifier", reason: "Motif", import_csv: "Importer des joueurs (CSV)…",
    import_json: "Importer un tournoi (JSON)…", create: "Créer", game: "Jeu", date: "Date", round: "Manche", table: "Table",
    rounds_count: "Manches", table_size: "Joueurs par table", table_size_game: "selon le jeu", table_size_most: "{n} au plus", places_points: "Points de table par place", bye_points: "Exempt : points de table", enter_all: "Inscrire tous les joueurs", entered: "joueurs inscrits",
    draw: "Tirer la manche", draw_again: "Tirer à nouveau", seed: "Numéro de tirage (facultatif : le même numéro donne le même tirage)", seed_short: "Numéro de tirage", seat: "Place", first_dealer: "premier donneur",
    repeats: "{n} rencontres répétées inévitables", repeats_one: "{n} rencontre répétée inévitable", bye: "exempt", byes: "Exempts", byes_one: "Exempt", after_round: "Après la manche", after_latest: "la dernière", added_entered: "Enregistré, et inscrit dans ce tournoi",
    rank: "Rang", points: "Points", score: "Score", best: "Meilleure", provisional: "provisoire",
    replay_title: "Rejouer une donne", replay_line: "Ligne", replay_pick: "Choisissez la ligne contestée : puis entrez les cartes données à chaque place, et les cartes jouées.",
    replay_field_trump: "Atout retourné ou nommé", replay_field_called: "As appelé", suit_spades: "pique", suit_hearts: "cœur", suit_diamonds: "carreau", suit_clubs: "trèfle", suit_none: "sans atout",
    replay_deck_left: "{n} cartes pas encore données ; un clic en donne une à {who} :", replay_deck_left_one: "1 carte pas encore donnée ; un clic la donne à {who} :", replay_seat_full: "{who} a ses {n} cartes : cliquez dans les cartes d'un autre joueur pour lui donner le reste.", replay_seat_out: "{who} ne joue pas cette donne : aucune carte pour lui.", replay_seat_full_one: "{who} a sa carte : cliquez dans les cartes d'un autre joueur pour lui donner le reste.",
    replay_play: "Cartes jouées, dans l'ordre", replay_trick: "Pli", replay_cards: "Cartes (joueur : carte)", replay_won_by: "Pris par", replay_typing: "Tapez les cartes comme on les lit, hauteur puis couleur, espaces au choix :",
    replay_dealing: "Les cartes données ne sont pas encore complètes : {n} encore à donner.", replay_dealing_one: "Les cartes données ne sont pas encore complètes : 1 encore à donner.", replay_too_many: "{who} a {n} cartes : la donne en donne {due}.", replay_too_many_one: "{who} a 1 carte : la donne ne lui en donne aucune.", replay_twice: "{card} est donnée deux fois (à {who}).",
    replay_not_a_card: "Les cartes de {who} :", replay_not_a_card_play: "Les cartes jouées :",
    replay_illegal: "Pli {trick} : {who} a joué {card}, contre la règle :", replay_allowed: "Permises :", replay_pending: "Pas encore complet",
    replay_to_play: "À {who} de jouer :", replay_cards_give: "Les cartes donnent", replay_line_says: "La ligne dit", replay_matches: "Toutes les cartes sont permises, et la ligne donne les mêmes chiffres.",
    replay_differs: "Toutes les cartes sont permises, et la ligne donne d'autres chiffres.", replay_complete: "Toutes les cartes sont permises ; la donne est complète.", replay_so_far: "Jusqu'ici toutes les cartes sont permises ; la donne n'est pas jouée jusqu'au bout.",
    replay_reason: "chiffres des cartes, rejouées par le jury", replay_use: "Prendre ces chiffres",
    deal: "Donne", line: "Ligne", dealer: "Donneur", game_col: "Jeu", total: "Total", totals: "Totaux",
    round_scores: "Scores de la manche", table_points: "Points de table", fault_for: "Une faute s'inscrit comme donne {deal}, distribuée par {name}", fault_complete: "La feuille est complète : une faute s'inscrit avec Corriger sur sa ligne, ou comme décision libre ci-dessous", fault_complete_device: "La feuille est complète : une faute s'inscrit comme décision libre ci-dessous, ou par le secrétariat avec Corriger sur sa ligne", next_dealer: "Donne {deal}, distribuée par {name} (place {dealer})",
    forced: "Imposé", choose_game: "Choisir le jeu", trump_suit: "Atout",
    counts_sum: "Somme {sum} sur {total}", enter_line: "Inscrire la ligne", sheet_complete: "Feuille complète",
    correct: "Corriger", correcting: "Correction de la ligne {line}", history: "Historique", refused: "Refusé",
    free_ruling: "Décision libre", at_fault: "Joueur fautif", by: "Membre du jury", sanction: "Sanction (somme non nulle permise)", sanction_row: "Sanction",
    record: "Enregistrer", game_closed: "« {game} » ne peut pas être joué maintenant : seuls les jeux qu'on peut presser sont ouverts.", game_closed_why: "« {game} » ne peut pas être joué maintenant : {why}.", field_missing: "Remplissez d'abord « {field} ».", field_wrong: "« {field} » ne se lit pas : voyez ce qu'il demande.", ruling_imported: "importée le {date}", all_rulings: "Toutes les décisions", no_rulings: "Aucune décision du jury dans ce tournoi pour l'instant.", ruling_withdrawn: "retirée le {at} par {by} : {reason} — ne compte plus", no_tournament: "Créez ou choisissez d'abord un tournoi.",
    not_drawn: "Cette manche n'est pas encore tirée.", saved: "Enregistré", added: "ajoutés", known: "déjà enregistrés",
    open_sheet: "Ouvrir la feuille",
    device_online: "● connecté", device_offline_short: "○ pas de connexion", device_offline: "Le serveur est injoignable : ceci n'a pas été envoyé ; réessayez quand la connexion revient (une nouvelle ligne tapée attend sur cet appareil et part d'elle-même).", device_offline_jury: "Le serveur est injoignable : ceci n'a pas été envoyé ; ce que vous avez tapé reste ici, réessayez quand la connexion revient.",
    outbox_count: "{n} en attente", outbox_refused_count: "{n} refusées", outbox_refused_count_one: "{n} refusée", outbox_title: "Lignes pas encore enregistrées : {n}", outbox_sending: "En cours d'envoi vers l'ordinateur du secrétariat.", outbox_blocked: "La ligne {line} a été refusée : corrigez-la ou abandonnez-la ; les lignes suivantes l'attendent.",
    outbox_offline: "Pas de connexion avec l'ordinateur du secrétariat : ces lignes sont gardées sur cet appareil et partent d'elles-mêmes dès qu'il répond, même après un rechargement.",
    outbox_waiting: "en attente", turn_seat: "À qui le tour", on_device: "sur le téléphone", board_square: "case vide", backup_unusable: "ne se vérifie pas : elle ne peut pas être restaurée", redraw_hint: "La manche {round} est tirée mais pas encore commencée : tirez-la à nouveau (Manches) pour placer les joueurs inscrits, ou écarter un joueur retiré.", live_offline: "Pas de connexion avec l'ordinateur du club : ce qui est affiché n'est peut-être pas le plus récent ; la page réessaie d'elle-même.", live_pick: "Qui êtes-vous ?", claim_title: "Une revendication, à partir d'ici", solve_title: "Le contrat pouvait-il être fait ?", solve_who: "Le camp de", solve_ask: "Chercher dans la donne", solve_gave_away: "la première carte qui a coûté un pli à son propre camp", claim_who: "Qui revendique", claim_kind: "Revendique", claim_at_least: "au moins", claim_at_most: "au plus", claim_tricks: "plis de ceux qui restent", claim_n_whole: "Le nombre de plis revendiqués est un nombre entier, 0 ou plus.", claim_on_table: "sur la table quand la revendication a été faite", claim_judge: "Juger la revendication", claim_searching: "Recherche de tous les jeux…", claim_line: "Un jeu qui bat la revendication, chaque camp jouant au mieux :", live_follow: "Votre soirée sur votre téléphone", live_search: "Cherchez votre nom", live_table: "Manche {round} · table {table} · place {seat}", live_seat_now: "Votre place à la manche {round} : table {table}, place {seat}.", live_running: "Mon total", live_place: "Place", live_not_me: "Ce n'est pas moi", on_website: "publié", website_col: "Site des résultats", publish_title: "Publier les résultats (le site du club)", publish_hint: "Chaque soirée, saison et joueur en pages simples dans un dossier, en français, néerlandais et anglais : copiez-le chez l'hébergeur du club ou sur une clé USB. Publier à nouveau ne réécrit que ce qui a changé.", publish_dir: "Dossier", publish_initials: "Noms en initiales (Anne D.)", publish_go: "Publier", publish_done: "Publié dans {dir} — soirées : {evenings}, saisons : {seasons}, joueurs : {players} ; fichiers écrits : {written}, inchangés : {unchanged}, retirés : {removed}.", totals_line: "Totaux : {list}", legend_dealer: "a donné", legend_chooser: "a choisi le jeu", legend_out: "ne joue pas", outbox_line: "Ligne {line} : {what}", outbox_after: "Envoyer la mienne comme ligne {line}, après la leur", outbox_stored: "Ligne {line} telle qu'enregistrée, par {by} : {what}", outbox_editing: "La ligne {line} est retapée ci-dessous ; les lignes suivantes attendent.", outbox_retry: "Renvoyer", outbox_edit: "Modifier", outbox_drop: "Abandonner", outbox_kept: "La ligne {line} est gardée sur cet appareil ; elle part dès que la connexion revient.", outbox_next: "Ligne {line} : le donneur et les jeux permis sont vérifiés à l'arrivée des lignes en attente.", outbox_stranded: "Lignes tapées sur cet appareil et jamais envoyées : {n}", outbox_stranded_at: "Manche {round}, table {table} : lignes tapées sur cet appareil et jamais envoyées : {n}", outbox_stranded_hint: "Ce code ne peut plus les envoyer : donnez-les au secrétariat, qui les saisit dans la fenêtre ; puis abandonnez-les ici.", outbox_stranded_drop: "Remises au secrétariat : les abandonner", outbox_stranded_new_code: "Ouvrez le nouveau code de cette table sur cet appareil (demandez-le au secrétariat) : elles partent avec lui. Si la manche est finie, donnez-les au secrétariat.",
    confirm_title: "Un autre joueur de la table confirme cette ligne", confirm_hint: "Un autre joueur de la table (pas le marqueur) lit la ligne, puis touche son propre nom.", confirm_back: "Revenir à la ligne", confirm_back_said: "Pas confirmée : la ligne n'a pas été envoyée ; corrigez-la ou faites-la confirmer.",
    device_not_here: "Cela se fait à l'ordinateur du secrétariat, pas sur l'appareil d'une table.", device_scorer_name: "Qui tient la marque de cette table ?", device_jury_name: "Quel membre du jury travaille sur cet appareil ?",
    device_code_title: "Ouvrir la feuille d'une table", device_code: "Le code de la table (sur le plan de table)", device_open: "Ouvrir", device_wait: "Nouvel essai automatique dans {n} s.",
    devices: "Appareils des tables", devices_start: "Démarrer les appareils des tables", devices_stop: "Arrêter les appareils des tables", devices_address: "Les téléphones et tablettes du réseau du club ouvrent", devices_room: "L'affichage de la salle",
    devices_jury: "Jury", devices_connected: "connecté", devices_not_seen: "pas encore vu", devices_seen: "vu il y a {s} s", devices_revoke: "Révoquer", devices_lock: "Verrouiller", devices_unlock: "Déverrouiller", devices_locked: "verrouillée",
    devices_revoke_reason: "Pourquoi ce code est-il révoqué ?", devices_hint: "Chaque table scanne son code ; les codes changent à chaque manche. Arrêtez les appareils en fin de soirée : plus rien n'écoute alors sur le réseau.",
    about: "À propos", about_open: "À propos d'Atout", size_mb: "{n} Mo", size_kb: "{n} Ko", no_file: "aucun fichier choisi", about_title: "Atout", about_version: "Version", about_database: "Base de données utilisée", about_memory: "en mémoire", about_backups: "Les sauvegardes vont dans", about_licence: "Licence", about_fonts: "Polices des documents imprimés", about_font_licence: "La licence des polices",
  },
  nl: {
    field_between: "«{field}» neemt een geheel getal van {min} tot {max}.",
    joined_short: "vanaf R{round}", withdrawn_short: "teruggetrokken",
    round_not_begun: "Ronde {round} geloot, niet begonnen",
    not_seated: "Niet in deze loting: {list} (ingeschreven of teruggekomen na de loting).", withdrawn_seated: "Geplaatst hoewel teruggetrokken: {list} (teruggetrokken na de loting).", redraw_now: "Loot ronde {round} opnieuw om de spelers te plaatsen zoals ze nu zijn: ze is niet begonnen.",
    count_tournaments: "{n} toernooien", count_tournaments_one: "{n} toernooi", count_rounds: "{n} ronden", count_rounds_one: "{n} ronde", count_lines: "{n} lijnen", count_lines_one: "{n} lijn", pending_lines_one: "{n} lijn gewijzigd, nog niet bewaard", entered_one: "speler ingeschreven",
    page_table: "tafel", page_jury: "jury", page_room: "zaal", page_player: "mijn avond",
    colon: ": ", semicolon: "; ",
    room_exit: "Zaalweergave verlaten (Esc)",
    field: {"seat": "plaats", "points": "punten", "reason": "reden", "by": "jurylid", "sanction": "sanctie", "call": "oproep"},
    no_such_table: "Ronde {round} heeft geen tafel {table}; haar tafels zijn {tables}.", round_not_drawn: "Ronde {round} is nog niet geloot.",
    sheet_more: "Ongedaan maken, eerste gever, geschiedenis",
    projector: "Projector", projector_standings: "Rangschikking", projector_tables: "Tafels van de ronde", room_mode: "Zaalweergave (Esc om te verlaten)", progression: "Lopende totalen, lijn na lijn", playing: "speelt", round_complete: "Ronde {round} af", round_playing: "Ronde {round} bezig: {done} van {tables} tafels af (voorlopig)",
    not_started: "nog niet begonnen", not_started_at: "Tafel {table}: nog niets ingevuld", page: "pagina {page}/{pages}", page_next: "Volgende pagina (PageDown)", rounds_complete: "Ronden {from} tot {to} af",
    "tiebreak_table-points": "Punten", "tiebreak_score-sum": "Som van de scores", "tiebreak_best-round": "Beste ronde", "tiebreak_by_table-points": "de tafelpunten", "tiebreak_by_score-sum": "de som van de scores", "tiebreak_by_best-round": "de beste ronde",
    tiebreak_note_points: "Gelijke punten, beslist door", tiebreak_note_score: "Gelijke score, beslist door", tiebreak_then: ", dan ", shared_note: "= : gedeelde plaats, gelijk op alle criteria",
    by_ranking: "Plaatsen volgens rangschikking", by_ranking_hint: "De sterksten samen: tafel 1 krijgt de koplopers (voor een slotronde)", round_open: "Ronde {round} is niet af: tafels {tables} spelen nog. Hun spelers zouden voor ronde {next} geplaatst worden voor hun uitslag bekend is.", round_open_one: "Ronde {round} is niet af: tafel {tables} speelt nog. Haar spelers zouden voor ronde {next} geplaatst worden voor hun uitslag bekend is.", draw_anyway: "Toch loten",
    plan_preview: "Het plan voor ronden {from} tot {to}: {repeats}", plan_preview_one: "Het plan voor ronde {from}: {repeats}", plan_following: "het plan gemaakt bij de loting van ronde 1", plan_new: "een nieuw plan, volgens de al gelote ronden", plan_first: "een nieuw plan", plan_seed: "geloot met nummer {seed}",
    calculator: "Rekenhulp voor een hand", calc_short: "Rekenhulp", calc_tiles: "Stenen", calc_fifteens: "Vijftienen", calc_runs: "Reeksen", calc_pairs: "Paren", close: "Sluiten", keeps_score: "houdt de punten bij", keeps_next_score: "houdt de punten van het volgende spel bij (serviteur)",
    print_export: "Afdrukken / Exporteren", save_to: "Opslaan als", save_file: "Opslaan", choose: "Kiezen…", work_on: "Werken aan {name}", printing: "Bestand wordt gemaakt…", saved_to: "Opgeslagen: {path}", open: "Openen", file_exists: "{path} bestaat al. Vervangen?", replace: "Vervangen",
    docs: { standings: "Stand (PDF)", seating: "Tafelschikking (PDF)", sheets: "Scorebladen om in te vullen (PDF)", "completed-sheets": "Ingevulde scorebladen (PDF)", rulings: "Beslissingen en boetes (PDF)", hands: "Spelen kaart per kaart nagespeeld (PDF)",
      "standings-csv": "Stand (CSV)", "rounds-csv": "Resultaten per ronde (CSV)", "lines-csv": "Alle lijnen (CSV)", season: "Seizoensstand (PDF)", "season-csv": "Seizoensstand (CSV)" },
    backups: "Back-ups", back_up_now: "Nu een back-up maken", restore: "Terugzetten", confirm_restore: "De databank vervangen door deze back-up (de huidige inhoud wordt bewaard)",
    written: "Gemaakt", holds: "Bevat", kind: "Soort", last_change: "Laatste wijziging",
    kinds: { auto: "automatisch", manual: "met de hand", "before-migration": "voor een update", replaced: "vervangen bij terugzetten", damaged: "beschadigd bestand opzij gezet" },
    cannot_open: "De databank kan niet geopend worden", no_backups: "Geen back-up van deze databank gevonden in {dir}. Een back-up die elders bewaard is (een USB-stick, een andere computer) wordt hieronder met zijn pad teruggezet.", restore_path: "Terug te zetten back-upbestand", restore_file: "Dit bestand terugzetten", restore_latest: "Deze back-up terugzetten", backups_where: "Back-ups staan in {dir}", restored: "Teruggezet; de vervangen inhoud is bewaard als {file}",
    log: "Logboek", who_col: "Wie", where_col: "Waar", who_title: "Wie werkt er aan dit scherm?", role: "Rol", role_secretary: "secretariaat", role_jury: "jury", role_scorer: "tafelschrijver",
    working: "Aan het werk", set_who: "Beginnen", nobody: "Zeg wie u bent",
    undo_last: "Laatste lijn ongedaan maken", first_dealer_change: "Eerste gever verbeteren", new_first_dealer: "Eerste gever",
    keep_for_joint: "Bewaren om samen op te slaan", pending_lines: "{n} lijnen gewijzigd, nog niet bewaard", save_all: "Deze lijnen samen bewaren", discard: "Weggooien",
    withdraw: "Terugtrekken", return_player: "Speelt weer", withdrawn_from: "teruggetrokken vanaf ronde {round}", withdrawn_after: "teruggetrokken na ronde {round}", withdrawn_apart: "Teruggetrokken voor ze speelden (geen tafel, niet vrij: geen plaats)", joined_round: "ingestapt in ronde {round}",
    tournament_players: "Spelers van het toernooi", add_anyway: "Toch toevoegen (twee personen)", not_read: "kolommen niet gelezen: {names}", read_as: "gelezen als {encoding}",
    unsure: "Niet geïmporteerd, kan meerdere geregistreerde spelers zijn: {names}", undo: "Ongedaan maken", undo_reason: "ongedaan gemaakt met Ctrl+Z", undo_gone: "Uw laatste handeling kan hier niet meer ongedaan worden: het blad is sindsdien gewijzigd. Gebruik de hulpmiddelen onder het blad.", ruling_row: "Beslissing van de jury", sample_offer: "Nog geen toernooi. Maak er hieronder een aan, of kijk eerst rond in een voorbeeld: «Spring Open 2026», een hele avond Dubbele King met zestien spelers.", sample_load: "Het voorbeeldtoernooi openen", bad_date: "Dit is geen geldige datum: schrijf ze als {hint}.", void_fault: "geannuleerd en opnieuw gegeven; de fout telt", undo_nothing: "Hier is niets meer van u ongedaan te maken (Ctrl+Z neemt uw laatste lijn of correctie terug, één keer).", undone_line: "Ongedaan: lijn {line} ({what}) is teruggenomen.", undone_correction: "Ongedaan: uw correctie van lijn {line}; ze luidt weer {what}.",
    time: "Tijd", what: "Wat", change_from_to: "Wijziging", all_changes: "Alle wijzigingen van het toernooi, oudste eerst",
    ranking: "Rangschikking", "ranking_table-points": "tafelpunten", "ranking_total-score": "totale score", table_average: "tafelgemiddelde",
    incomplete: "Er ontbreken cijfers in de lijn.",
    season: "Seizoen", seasons: "Seizoenen", season_new: "Nieuw seizoen", season_settings: "Hoe dit seizoen gerangschikt wordt", season_name: "Naam van het seizoen", season_points: "Een avond levert op", season_points_result: "zijn rangschikkingswaarde", season_points_scale: "punten per plaats", season_scale: "Punten per plaats, de eerste eerst", season_count_best: "Beste avonden die tellen", season_count_all: "alle", season_min: "Avonden nodig om gerangschikt te worden", season_clubs_best: "Spelers die per club tellen",
    season_evenings: "Avonden van het seizoen", season_add: "In het seizoen zetten", season_remove: "Eruit halen", season_import: "De avond van een andere club importeren (JSON)…", season_archive: "van een andere club", season_imported: "«{name}» geïmporteerd: {counts}", count_matched: "{n} spelers herkend", count_matched_one: "{n} speler herkend", count_new: "{n} nieuw", count_unsure: "{n} te beslissen", season_already: "«{name}» hoort al bij het seizoen: er veranderde niets", season_shared: "«{name}» werd eerder in «{season}» geïmporteerd: diezelfde avond komt in het seizoen, geen kopie",
    season_doubts: "Spelers om te beslissen: één persoon of twee?", season_same: "Dezelfde persoon", season_apart: "Twee personen", season_total: "Totaal", season_played: "Avonden", season_under: "Minder dan {n} avonden: gerangschikt na de anderen", season_clubs: "Clubrangschikking", season_chart: "De totalen van de koplopers, avond na avond", evening_short: "A",
    season_brackets: "(tussen haakjes: een avond die niet telt)", season_counted: "telt mee in het totaal", season_player: "Het seizoen van {name}", season_counts_best: "Tellen mee: de beste {n} avonden van elke speler", season_counts_best_one: "Telt mee: de beste avond van elke speler", season_counts_all: "Tellen mee: alle avonden", season_counts_min: "minstens {n} avonden om gerangschikt te worden", season_table_at: "ronde {round}, tafel {table}", season_back: "Terug naar de seizoensstand", season_not_played: "niet gespeeld", season_place: "Plaats", season_points_col: "Punten", season_tables: "Tafels", season_none: "Nog geen seizoen: maak er hieronder een aan.", season_no_evening: "Nog geen avond in dit seizoen: zet er een toernooi in, of importeer de avond van een andere club.",
    app: "Atout", players: "Spelers", tournaments: "Toernooien", rounds: "Ronden", standings: "Stand",
    scorer: "Tafelschrijver", jury: "Jury", secretary: "Secretariaat", language: "Taal",
    tournament: "Toernooi", none: "— geen —", name: "Naam", club: "Club", member: "Lidnummer",
    add: "Toevoegen", save: "Bewaren", cancel: "Annuleren", edit: "Wijzigen", reason: "Reden", import_csv: "Spelers importeren (CSV)…",
    import_json: "Toernooi importeren (JSON)…", create: "Aanmaken", game: "Spel", date: "Datum", round: "Ronde", table: "Tafel",
    rounds_count: "Ronden", table_size: "Spelers per tafel", table_size_game: "volgens het spel", table_size_most: "ten hoogste {n}", places_points: "Tafelpunten per plaats", bye_points: "Vrij: tafelpunten", enter_all: "Alle spelers inschrijven", entered: "spelers ingeschreven",
    draw: "Ronde loten", draw_again: "Opnieuw loten", seed: "Lotingsnummer (optioneel: hetzelfde nummer geeft dezelfde loting)", seed_short: "Lotingsnummer", seat: "Plaats", first_dealer: "eerste gever",
    repeats: "{n} onvermijdbare herhaalde ontmoetingen", repeats_one: "{n} onvermijdbare herhaalde ontmoeting", bye: "vrij", byes: "Vrij", byes_one: "Vrij", after_round: "Na ronde", after_latest: "de laatste", added_entered: "Ingeschreven in het register en in dit toernooi",
    rank: "Plaats", points: "Punten", score: "Score", best: "Beste", provisional: "voorlopig",
    replay_title: "Een spel naspelen", replay_line: "Lijn", replay_pick: "Kies de betwiste lijn: voer dan de kaarten in die elke plaats kreeg, en de gespeelde kaarten.",
    replay_field_trump: "Troef omgedraaid of genoemd", replay_field_called: "Gevraagde aas", suit_spades: "schoppen", suit_hearts: "harten", suit_diamonds: "ruiten", suit_clubs: "klaveren", suit_none: "zonder troef",
    replay_deck_left: "{n} kaarten nog niet gegeven; een klik geeft er een aan {who}:", replay_deck_left_one: "1 kaart nog niet gegeven; een klik geeft ze aan {who}:", replay_seat_full: "{who} heeft alle {n} kaarten: klik in de kaarten van een andere speler om hem de rest te geven.", replay_seat_out: "{who} speelt dit spel niet mee: geen kaart voor hem.", replay_seat_full_one: "{who} heeft zijn ene kaart: klik in de kaarten van een andere speler om hem de rest te geven.",
    replay_play: "Gespeelde kaarten, in volgorde", replay_trick: "Slag", replay_cards: "Kaarten (speler: kaart)", replay_won_by: "Genomen door", replay_typing: "Typ de kaarten zoals men ze leest, rang dan kleur, spaties naar keuze:",
    replay_dealing: "De gegeven kaarten zijn nog niet volledig: nog {n} te geven.", replay_dealing_one: "De gegeven kaarten zijn nog niet volledig: nog 1 te geven.", replay_too_many: "{who} heeft {n} kaarten: het spel geeft er {due}.", replay_too_many_one: "{who} heeft 1 kaart: het spel geeft er geen.", replay_twice: "{card} is twee keer gegeven (aan {who}).",
    replay_not_a_card: "De kaarten van {who}:", replay_not_a_card_play: "De gespeelde kaarten:",
    replay_illegal: "Slag {trick}: {who} speelde {card}, tegen de regel:", replay_allowed: "Toegelaten:", replay_pending: "Nog niet volledig",
    replay_to_play: "{who} speelt:", replay_cards_give: "De kaarten geven", replay_line_says: "De lijn zegt", replay_matches: "Elke kaart is toegelaten, en de lijn geeft dezelfde cijfers.",
    replay_differs: "Elke kaart is toegelaten, en de lijn geeft andere cijfers.", replay_complete: "Elke kaart is toegelaten; het spel is volledig.", replay_so_far: "Tot nu toe is elke kaart toegelaten; het spel is niet uitgespeeld.",
    replay_reason: "cijfers van de kaarten, door de jury nagespeeld", replay_use: "Deze cijfers nemen",
    deal: "Spel", line: "Lijn", dealer: "Gever", game_col: "Contract", total: "Totaal", totals: "Totalen",
    round_scores: "Rondescores", table_points: "Tafelpunten", fault_for: "Een fout wordt geschreven als spel {deal}, gegeven door {name}", fault_complete: "Het blad is volledig: een fout wordt geschreven met Verbeteren op haar lijn, of als vrije beslissing hieronder", fault_complete_device: "Het blad is volledig: een fout wordt geschreven als vrije beslissing hieronder, of door het secretariaat met Verbeteren op haar lijn", next_dealer: "Spel {deal}, gegeven door {name} (plaats {dealer})",
    forced: "Verplicht", choose_game: "Kies het spel", trump_suit: "Troef",
    counts_sum: "Som {sum} van {total}", enter_line: "Lijn invoeren", sheet_complete: "Blad volledig",
    correct: "Verbeteren", correcting: "Lijn {line} verbeteren", history: "Geschiedenis", refused: "Geweigerd",
    free_ruling: "Vrije beslissing", at_fault: "Speler in fout", by: "Jurylid", sanction: "Sanctie (hoeft niet op 0 uit te komen)", sanction_row: "Sanctie",
    record: "Vastleggen", game_closed: "«{game}» kan nu niet gespeeld worden: alleen de spellen die ingedrukt kunnen worden zijn open.", game_closed_why: "«{game}» kan nu niet gespeeld worden: {why}.", field_missing: "Vul eerst «{field}» in.", field_wrong: "«{field}» leest niet: kijk wat het vraagt.", ruling_imported: "geïmporteerd op {date}", all_rulings: "Alle beslissingen", no_rulings: "Nog geen beslissing van de jury in dit toernooi.", ruling_withdrawn: "ingetrokken op {at} door {by}: {reason} — telt niet meer", no_tournament: "Maak of kies eerst een toernooi.",
    not_drawn: "Deze ronde is nog niet geloot.", saved: "Bewaard", added: "toegevoegd", known: "al gekend",
    open_sheet: "Blad openen",
    device_online: "● verbonden", device_offline_short: "○ geen verbinding", device_offline: "De server is onbereikbaar: dit werd niet verstuurd; probeer opnieuw als de verbinding terug is (een nieuw getypte lijn wacht op dit toestel en wordt vanzelf verstuurd).", device_offline_jury: "De server is onbereikbaar: dit werd niet verstuurd; wat u typte blijft hier staan: probeer opnieuw als de verbinding terug is.",
    outbox_count: "{n} wachtend", outbox_refused_count: "{n} geweigerd", outbox_title: "Lijnen nog niet bewaard: {n}", outbox_sending: "Worden naar de computer van het secretariaat gestuurd.", outbox_blocked: "Lijn {line} werd geweigerd: verbeter ze of laat ze vallen; de lijnen erna wachten erop.",
    outbox_offline: "Geen verbinding met de computer van het secretariaat: deze lijnen blijven op dit toestel en worden vanzelf verstuurd zodra hij antwoordt, ook na herladen.",
    outbox_waiting: "wachtend", turn_seat: "Wie is aan de beurt", on_device: "op de telefoon", board_square: "leeg vak", backup_unusable: "klopt niet: ze kan niet teruggezet worden", redraw_hint: "Ronde {round} is geloot en niet begonnen: loot ze opnieuw (Ronden) om de ingeschreven spelers te plaatsen, of een teruggetrokken speler eruit te halen.", live_offline: "Geen verbinding met de computer van de club: wat getoond wordt is misschien niet het laatste; de pagina probeert het zelf opnieuw.", live_pick: "Wie bent u?", claim_title: "Een claim, vanaf hier", solve_title: "Kon het gehaald worden?", solve_who: "De kant van", solve_ask: "Het spel doorzoeken", solve_gave_away: "de eerste kaart die de eigen kant een slag kostte", claim_who: "Wie claimt", claim_kind: "Claimt", claim_at_least: "minstens", claim_at_most: "hoogstens", claim_tricks: "slagen van de resterende", claim_n_whole: "Het aantal geclaimde slagen is een geheel getal, 0 of meer.", claim_on_table: "op tafel toen de claim gemaakt werd", claim_judge: "De claim beoordelen", claim_searching: "Elk spel wordt doorzocht…", claim_line: "Een spel dat de claim verslaat, met elke kant op zijn best:", live_follow: "Uw avond op uw telefoon", live_search: "Zoek uw naam", live_table: "Ronde {round} · tafel {table} · plaats {seat}", live_seat_now: "Uw plaats in ronde {round}: tafel {table}, plaats {seat}.", live_running: "Mijn totaal", live_place: "Plaats", live_not_me: "Dat ben ik niet", on_website: "gepubliceerd", website_col: "Uitslagensite", publish_title: "De uitslagen publiceren (de website van de club)", publish_hint: "Elke avond, elk seizoen en elke speler als eenvoudige pagina's in een map, in het Frans, Nederlands en Engels: kopieer ze naar de webhost van de club of een USB-stick. Opnieuw publiceren herschrijft alleen wat veranderde.", publish_dir: "Map", publish_initials: "Namen als initialen (Anne D.)", publish_go: "Publiceren", publish_done: "Gepubliceerd in {dir} — avonden: {evenings}, seizoenen: {seasons}, spelers: {players}; bestanden geschreven: {written}, ongewijzigd: {unchanged}, verwijderd: {removed}.", totals_line: "Totalen: {list}", legend_dealer: "gever", legend_chooser: "koos het spel", legend_out: "speelt niet mee", outbox_line: "Lijn {line}: {what}", outbox_after: "Mijn lijn versturen als lijn {line}, na de hunne", outbox_stored: "Lijn {line} zoals bewaard, door {by}: {what}", outbox_editing: "Lijn {line} wordt hieronder opnieuw getypt; de lijnen erna wachten.", outbox_retry: "Opnieuw versturen", outbox_edit: "Aanpassen", outbox_drop: "Laten vallen", outbox_kept: "Lijn {line} blijft op dit toestel; ze wordt verstuurd zodra de verbinding terug is.", outbox_next: "Lijn {line}: wie geeft en wat gespeeld mag worden, wordt nagekeken als de wachtende lijnen aankomen.", outbox_stranded: "Lijnen op dit toestel getypt en nooit verstuurd: {n}", outbox_stranded_at: "Ronde {round}, tafel {table}: lijnen op dit toestel getypt en nooit verstuurd: {n}", outbox_stranded_hint: "Deze code kan ze niet meer versturen: geef ze aan het secretariaat, dat ze in het venster invoert; laat ze daarna hier vallen.", outbox_stranded_drop: "Aan het secretariaat gegeven: laten vallen", outbox_stranded_new_code: "Open de nieuwe code van deze tafel op dit toestel (vraag ze aan het secretariaat): ze worden ermee verstuurd. Is de ronde voorbij, geef ze dan aan het secretariaat.",
    confirm_title: "Een andere speler aan tafel bevestigt deze lijn", confirm_hint: "Een andere speler aan tafel (niet de schrijver) leest de lijn en tikt dan op zijn eigen naam.", confirm_back: "Terug naar de lijn", confirm_back_said: "Niet bevestigd: de lijn werd niet verstuurd; verbeter ze of laat ze bevestigen.",
    device_not_here: "Dat gebeurt op de computer van het secretariaat, niet op het toestel van een tafel.", device_scorer_name: "Wie schrijft de score van deze tafel?", device_jury_name: "Welk jurylid werkt op dit toestel?",
    device_code_title: "Het blad van een tafel openen", device_code: "De code van de tafel (op de tafelschikking)", device_open: "Openen", device_wait: "Nieuwe poging over {n} s.",
    devices: "Tafeltoestellen", devices_start: "De tafeltoestellen starten", devices_stop: "De tafeltoestellen stoppen", devices_address: "Gsm's en tablets op het netwerk van de club openen", devices_room: "Het zaalscherm",
    devices_jury: "Jury", devices_connected: "verbonden", devices_not_seen: "nog niet gezien", devices_seen: "{s} s geleden gezien", devices_revoke: "Intrekken", devices_lock: "Vergrendelen", devices_unlock: "Ontgrendelen", devices_locked: "vergrendeld",
    devices_revoke_reason: "Waarom wordt deze code ingetrokken?", devices_hint: "Elke tafel scant haar code; de codes zijn elke ronde nieuw. Stop de toestellen na de avond: dan luistert er niets meer op het netwerk.",
    about: "Over", about_open: "Over Atout", size_mb: "{n} MB", size_kb: "{n} kB", no_file: "geen bestand gekozen", about_title: "Atout", about_version: "Versie", about_database: "Gebruikte databank", about_memory: "in het geheugen", about_backups: "Back-ups gaan naar", about_licence: "Licentie", about_fonts: "Lettertypes in afgedrukte documenten", about_font_licence: "De licentie van de lettertypes",
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
/** The system's language `l`, spoken until one is chosen (not kept: the system may change). */
export function systemLang(l) { if (languages.includes(l) && !languages.includes(localStorage.getItem("atout.lang"))) lang = l; }

/** The text of `key` (dotted for nested keys), with `{name}` filled from `params`. */
/** The window's languages. */
export const LANGS = ["en", "fr", "nl"];

/** A word of the window in a given language (not the current one). */
export function tIn(language, key) {
  return String((texts[language] && texts[language][key]) ?? texts.en[key] ?? key);
}

/** The page's title in the current language (a phone's tab: «Atout — ma soirée»), when its
 * `<html data-title>` names one of the texts. */
export function titlePage() {
  const key = document.documentElement.dataset.title;
  if (key) document.title = `Atout — ${t(key)}`;
  // The language's own chooser named in the language chosen (it was "language" in every one).
  document.getElementById("lang")?.setAttribute("aria-label", t("language"));
}

/** A count and its word in the right number: the text `key_one` for one (where the
 * language has it), else `key`; `{n}` is the count. */
export function tn(key, n, params = {}) {
  // The text for one from the language that says the count, never another's.
  const table = texts[lang]?.[key] != null ? texts[lang] : texts.en;
  // French says 0 in the singular («0 ligne»), as 1; English and Dutch 1 alone.
  const one = (n === 1 || (n === 0 && table === texts.fr)) && table[`${key}_one`] != null;
  return t(one ? `${key}_one` : key, { ...params, n });
}

export function t(key, params = {}) {
  const find = (table) => key.split(".").reduce((v, k) => (v == null ? v : v[k]), table);
  const text = find(texts[lang]) ?? find(texts.en) ?? key;
  // French elides «de» before a vowel: «les cartes d'Anne» (it read «de Anne»), and before an
  // h followed by an accented vowel, a French name's mute h («d'Hélène»); a Flemish h is
  // sounded («de Hendrik», «de Hasselt»).
  return String(text).replace(/(\bde )?\{(\w+)\}/g, (_, de, k) => {
    const value = String(params[k] ?? "");
    if (de && lang === "fr" && /^([aeiouyàâéèêëîïôöûü]|h[éèêë])/i.test(value)) return `d'${value}`;
    return `${de || ""}${value}`;
  });
}

/** How each language writes a date: day, month and year in its order, with its separator. */
const DATES = { en: { order: "ymd", sep: "-", hint: "yyyy-mm-dd" }, fr: { order: "dmy", sep: "/", hint: "jj/mm/aaaa" }, nl: { order: "dmy", sep: "-", hint: "dd-mm-jjjj" } };

/** A name as it is looked for: lower case, its accents away («Hélène» is found typing «helene»). */
export function folded(text) {
  return String(text || "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A stored date (`2026-11-22`) as the window's language writes it (22/11/2026, 22-11-2026). */
export function fmtDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
  if (!m) return iso || "";
  const f = DATES[lang] || DATES.en;
  return f.order === "dmy" ? [m[3], m[2], m[1]].join(f.sep) : [m[1], m[2], m[3]].join(f.sep);
}

/** A stored local time (`2026-11-27 20:15:03`) as the window's language writes it
 * (27/11/2026 20:15:03, 27-11-2026 20:15:03), the time kept. */
export function fmtWhen(local) {
  const m = /^(\d{4}-\d{2}-\d{2})(.*)$/.exec(local || "");
  return m ? `${fmtDate(m[1])}${m[2]}` : local || "";
}

/** A figure as the window's language writes it: 10.5 and 7.33 in English, 10,5 and 7,33 in
 * French and Dutch (two decimals at most: a table's points shared in thirds). */
export function fmtNum(n) {
  if (typeof n !== "number" || !Number.isFinite(n)) return n == null ? "" : String(n);
  const text = Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, "");
  return lang === "en" ? text : text.replace(".", ",");
}

/** A date as typed in the window's language, as stored (`2026-11-22`); null when it reads as none; "" when empty. */
export function parseDate(text) {
  const s = String(text || "").trim();
  if (!s) return "";
  const parts = s.split(/[^0-9]+/).filter(Boolean);
  if (parts.length !== 3) return null;
  const [a, b, c] = parts.map(Number);
  const [y, m, d] = parts[0].length === 4 ? [a, b, c] : [c, b, a];
  const when = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || when.getUTCMonth() !== m - 1 || when.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** How a date is typed in the window's language, for a field's placeholder. */
export function dateHint() {
  return (DATES[lang] || DATES.en).hint;
}

/**
 * Words for a person: the rules name FORMAT.md's keys for those who write documents
 * (`a fault states its \`reason\` and the jury member (\`by\`)`); read on screen, a key
 * in brackets goes and a key in the sentence reads as a word.
 */
function forPeople(text) {
  return String(text ?? "").replace(/\s*\(`[^`]+`\)/g, "").replace(/`([^`]+)`/g, "$1");
}

/** What a refusal says of the case, without the rule: in the window's language, for people. */
export function detailOf(err) {
  return forPeople((err && err.detail_texts && err.detail_texts[lang]) || (err && err.detail));
}

/**
 * A refused change as the user reads it: the rule in their language, then the case, then
 * where. The rule's code is no word for a person: it is carried as `.rule` on the text (a
 * String), which the screens put in a tooltip and a `data-rule` attribute.
 */
export function explain(err) {
  if (err && err.rule) {
    const where = err.place ? [err.place.round && `${t("round")} ${err.place.round}`, err.place.table && `${t("table")} ${err.place.table}`, err.place.deal && `${t("line")} ${err.place.deal}`].filter(Boolean).join(", ") : "";
    const rule = forPeople((err.rule_texts && err.rule_texts[lang]) || err.rule_text);
    // Each sentence opens with a capital, as people write.
    const capital = (x) => (x ? `${x.charAt(0).toUpperCase()}${x.slice(1)}` : x);
    const detail = capital(detailOf(err));
    const text = new String(`${t("refused")} — ${capital(rule)}. ${detail}${where ? ` (${where})` : ""}`);
    text.rule = err.rule;
    return text;
  }
  // Not a rule's: the kind rides along (a line written meanwhile is a `conflict`, which no
  // later check of the draft takes away).
  const message = err && err.message_texts && err.message_texts[lang] ? err.message_texts[lang] : err && err.message ? err.message : String(err);
  // A sentence too, opening with a capital («liste de joueurs : aucune colonne…» did not).
  const said = new String(`${message.charAt(0).toUpperCase()}${message.slice(1)}`);
  if (err && err.kind) said.kind = err.kind;
  return said;
}
