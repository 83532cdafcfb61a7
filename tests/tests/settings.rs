//! Tournament settings changed after play has begun (any game; Rikken's points table
//! first): a new version, every sheet checked again, standings recomputed.

mod common;
use atout_api::{Atout, NewTournament};
use serde_json::json;

fn rikken_nine() -> (Atout, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Rik".into(), game: "rikken".into(), rounds: Some(1), ..Default::default() }).unwrap();
    // The new tournament keeps its own copy of the house-default points table.
    assert_eq!(t.settings["points"]["rik"]["made"], 10);
    let t = t.id.to_string();
    app.players_import("name\nA\nB\nC\nD\nE\nF\nG\nH\nI\n", Some(&t)).unwrap();
    let round = app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(2))).unwrap();
    assert_eq!(round.tables.iter().map(|x| x.seats.len()).collect::<Vec<_>>(), [5, 4]);
    (app, t)
}

#[test]
fn a_points_table_change_recomputes_every_sheet_and_the_standings() {
    let (mut app, t) = rikken_nine();
    app.table_dealer(&atout_api::TableRef::new(&t, 1, 2), 1, "cut for the deal").unwrap();
    // Table 2 (four): rik by seats 2 and 3 with 9 tricks: x = 10 + 5 = 15.
    let sheet = app.deal_add(&atout_api::TableRef::new(&t, 1, 2), None, json!({"contract": "rik", "declarer": 2, "partner": 3, "tricks": 9})).unwrap();
    assert_eq!(sheet.totals, [-15, 15, 15, -15]);
    let before = app.standings(&t, None).unwrap();
    let top = before.rows[0].score_sum;
    let info = app.tournament_settings(&t, &json!({"points": {"rik": {"made": 20, "over": 1}}}), "our club's own table").unwrap();
    // Merged: only the keys given change; the rest of the row and the table stay.
    assert_eq!(info.settings["points"]["rik"], json!({"made": 20, "over": 1, "all": 70, "failed": 10, "under": 5}));
    assert_eq!(info.settings["points"]["troela"]["made"], 10);
    // x = 20 + 1 = 21 now.
    assert_eq!(app.sheet(&atout_api::TableRef::new(&t, 1, 2)).unwrap().totals, [-21, 21, 21, -21]);
    let after = app.standings(&t, None).unwrap();
    assert_eq!((top, after.rows[0].score_sum), (15, 21));
    // The change is in the log, from what to what, with its reason.
    let log = app.audit(&t).unwrap();
    let change = log.iter().find(|e| e.action == "tournament.settings").unwrap();
    assert_eq!(
        (change.reason.as_str(), change.before["points"]["rik"]["made"].as_i64(), change.after["points"]["rik"]["made"].as_i64()),
        ("our club's own table", Some(10), Some(20))
    );
    // A table that breaks a rule, or a sheet that would no longer check, is refused; nothing changes.
    let counts = app.row_counts().unwrap();
    assert_eq!(app.tournament_settings(&t, &json!({"points": {"rik": {"made": -1}}}), "typo").unwrap_err().rule().unwrap().code(), "settings");
    assert_eq!(app.tournament_settings(&t, &json!({"rounds": 0}), "typo").unwrap_err().rule().unwrap().code(), "settings");
    assert_eq!(app.tournament_settings(&t, &json!({"king_of_hearts": 5}), "wrong game").unwrap_err().rule().unwrap().code(), "settings");
    assert_eq!(app.row_counts().unwrap(), counts);
}

#[test]
fn settings_under_which_a_stored_sheet_breaks_are_refused() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "K".into(), game: "king".into(), rounds: Some(1), ..Default::default() }).unwrap().id.to_string();
    app.players_import("name\nA\nB\nC\nD\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, json!({"game": "no-tricks", "counts": [3, 4, 2, 4]})).unwrap();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, json!({"game": "recup", "trump": "none", "counts": [3, 4, 2, 4]})).unwrap();
    // In the negatives-first order, deal 2 would be no-hearts: the stored récup breaks that.
    let e = app.tournament_settings(&t, &json!({"order": "negatives-first"}), "we play negatives first").unwrap_err();
    assert_eq!(e.rule().unwrap().code(), "phase-due");
    assert!(e.to_string().contains("round 1, table 1, line 2"), "{e}");
    // The choice form accepts the same two deals.
    app.tournament_settings(&t, &json!({"order": "choice"}), "we play the choice form").unwrap();
}

#[test]
fn a_jury_call_is_recorded_with_its_contract_and_decision() {
    let (mut app, t) = rikken_nine();
    let call = json!({"seat": 2, "points": [0, 0, 0, 0], "reason": "a hand for it", "by": "Jury Claes", "call": {"contract": "petit-chelem", "consent": true}});
    let sheet = app.ruling_add(&atout_api::TableRef::new(&t, 1, 2), call).unwrap();
    assert_eq!(sheet.rulings[0].extra["call"]["contract"], "petit-chelem");
    assert_eq!(sheet.scores, [0, 0, 0, 0]);
    // Listed (the window's rulings, the printed rulings, `ruling list`), it says the contract
    // and the decision in words (they said only «a hand for it»).
    let refusal = json!({"seat": 3, "points": [0, 0, 0, 0], "reason": "too late", "by": "Jury Claes", "call": {"contract": "open-misere", "consent": false}});
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 2), refusal).unwrap();
    let listed = app.rulings_list(&t).unwrap();
    let said: Vec<(String, String)> = listed.iter().map(|r| (r.reason_texts.en.clone(), r.reason_texts.fr.clone())).collect();
    assert!(said.iter().any(|(en, _)| en.starts_with("call: ") && en.contains("— consent; a hand for it")), "{said:?}");
    assert!(said.iter().any(|(en, fr)| en.contains("— refusal; too late") && fr.starts_with("appel : ") && fr.contains("— refus ; too late")), "{said:?}");
    // The sheet says it too (its ruling rows, on screen and printed).
    let sheet = app.sheet(&atout_api::TableRef::new(&t, 1, 2)).unwrap();
    assert_eq!(sheet.ruling_texts.len(), sheet.rulings.len());
    assert!(sheet.ruling_texts[1].nl.starts_with("oproep: ") && sheet.ruling_texts[1].nl.contains("— weigering; too late"), "{:?}", sheet.ruling_texts);
    // The log and the sheet's history say the call by the contract's name too (they read
    // «oproep: (contract: grand-chelem · consent: ✓)», the code and an English key).
    let log = app.audit(&t).unwrap();
    let added: Vec<&atout_api::AuditEntry> = log.iter().filter(|e| e.action == "ruling.add").collect();
    let nl = &added.last().unwrap().after_texts.nl;
    assert!(nl.starts_with("oproep: open misère — weigering · ") && !nl.contains("consent") && !nl.contains("open-misere"), "{nl}");
    let history = app.sheet_history(&atout_api::TableRef::new(&t, 1, 2)).unwrap();
    let fr = &history.iter().rev().find(|h| h.kind == "ruling").unwrap().texts.fr;
    assert!(fr.starts_with("appel : ") && fr.contains(" — refus · ") && !fr.contains("open-misere"), "{fr}");
}

/// The log says a bye's points by the setting's name in each language («exempt : (points de
/// table : 10 · score : 0)»), not by its key in the exchange format («bye»).
#[test]
fn the_log_names_the_bye_setting_in_words() {
    let (mut app, t) = rikken_nine();
    app.tournament_settings(&t, &json!({"bye": {"table_points": 10, "score": 0}}), "a bye scores ten").unwrap();
    let log = app.audit(&t).unwrap();
    let change = log.iter().rev().find(|e| e.action == "tournament.settings").unwrap();
    let (fr, nl) = (&change.after_texts.fr, &change.after_texts.nl);
    assert!(fr.contains("exempt : ") && !fr.contains("bye"), "{fr}");
    assert!(nl.contains("vrij: ") && !nl.contains("bye"), "{nl}");
    // Rikken's points table in the game's words: each row its contract, each column its figure
    // (it read «rik-beter : (made : 10 · over : 5 …)»).
    assert!(fr.contains("rik en atout (beter) : (réussi : 10 · par pli en plus : 5"), "{fr}");
    assert!(!fr.contains("made") && !fr.contains("rik-beter"), "{fr}");
}

/// A tournament imported with a settings key Atout does not know (another tool's, kept as
/// FORMAT.md asks) has its settings changed all the same: the key is kept; a key the
/// secretary mistypes is still refused, naming the known ones.
#[test]
fn an_imported_tournaments_own_keys_do_not_stop_a_change_of_settings() {
    let doc = json!({
        "format": "atout-tournament/1", "name": "Imported", "game": "double-king", "settings": {"rounds": 1, "club_scale": "A"},
        "players": [{"id": "p1", "name": "Anne"}, {"id": "p2", "name": "Bart"}, {"id": "p3", "name": "Chloé"}, {"id": "p4", "name": "Dirk"}],
        "rounds": [],
    });
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let info = app.tournament_settings(&t, &json!({"rounds": 3}), "two rounds more").unwrap();
    assert_eq!((info.settings["rounds"].clone(), info.settings["club_scale"].clone()), (json!(3), json!("A")));
    let refused = app.tournament_settings(&t, &json!({"roundz": 4}), "typo").unwrap_err();
    assert_eq!(refused.rule().map(|r| r.code()), Some("settings"), "{refused}");
    assert!(refused.to_string().contains("roundz"), "{refused}");
    // The document's key taken away.
    let info = app.tournament_settings(&t, &json!({"club_scale": null}), "not ours").unwrap();
    assert!(info.settings.get("club_scale").is_none(), "{}", info.settings);
}

/// A Double King bye earns FORMAT.md's 10 table points in a tournament created or imported
/// without any (kept in its own settings, whatever its place points: not their average,
/// 12½ for 20 15 10 5); taken away, it goes back to that default.
#[test]
fn a_double_king_bye_earns_ten_unless_set_and_a_change_adds_no_default() {
    let mut app = Atout::open_in_memory().unwrap();
    let custom = json!({"table_points": [20, 15, 10, 5]});
    let created = app
        .tournament_create(&NewTournament { name: "Custom".into(), game: "double-king".into(), settings: Some(custom.clone()), ..Default::default() })
        .unwrap();
    assert_eq!(created.settings["bye"], json!({"table_points": 10, "score": 0}));
    let doc = json!({"format": "atout-tournament/1", "name": "Imported", "game": "double-king", "settings": custom, "players": [], "rounds": []});
    let imported = app.import_document(&doc.to_string()).unwrap();
    assert_eq!(imported.settings["bye"]["table_points"], 10);
    // Given, it holds.
    let own = app
        .tournament_create(&NewTournament {
            name: "Own".into(),
            game: "double-king".into(),
            settings: Some(json!({"table_points": [20, 15, 10, 5], "bye": {"table_points": 12}})),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(own.settings["bye"]["table_points"], 12);
    // A bye given only its score, or null, takes the default table points (any omitted key
    // does, FORMAT.md says): it earned the table average, 12½.
    for bye in [json!({"score": 0}), json!(null), json!({"score": 0, "table_points": null})] {
        let doc = json!({"format": "atout-tournament/1", "name": format!("Bye {bye}"), "game": "double-king",
            "settings": {"table_points": [20, 15, 10, 5], "bye": bye}, "players": [], "rounds": []});
        let imported = app.import_document(&doc.to_string()).unwrap();
        assert_eq!(imported.settings["bye"], json!({"table_points": 10, "score": 0}), "{bye}");
    }
    // Taken away, it goes back to its default, as an omitted key does (it scored the table
    // average, which no export could say: read again, it scored 10).
    let t = created.id.to_string();
    let info = app.tournament_settings(&t, &json!({"bye": null}), "the default").unwrap();
    assert_eq!(info.settings["bye"], json!({"table_points": 10, "score": 0}), "{}", info.settings);
    // Another change leaves it as it is.
    let info = app.tournament_settings(&t, &json!({"rounds": 3}), "three rounds").unwrap();
    assert_eq!(info.settings["bye"], json!({"table_points": 10, "score": 0}), "{}", info.settings);
}

/// A key another tool writes `null` to leave it unset takes its default, in every game
/// (rounds, ranking, tie-breaks, a game's own keys); King's `last_two: null` keeps its own
/// meaning, no last-two deal. Each of these documents was refused («invalid type: null»).
#[test]
fn a_key_written_null_takes_its_default() {
    let mut app = Atout::open_in_memory().unwrap();
    let common = json!({"rounds": null, "ranking": null, "tie_breaks": null, "table_size": null});
    let own = [
        ("double-king", json!({"cannot_overruff": null, "table_points": null})),
        ("king", json!({"order": null, "king_of_hearts": null})),
        ("rikken", json!({"deals": null, "points": null})),
        ("double-lucky-7", json!({"hands": null})),
        ("kings-cribbage", json!({"joker": null, "serviteur": null})),
    ];
    for (game, keys) in own {
        let mut settings = common.clone();
        settings.as_object_mut().unwrap().extend(keys.as_object().unwrap().clone());
        let doc = json!({"format": "atout-tournament/1", "name": game, "game": game, "settings": settings, "players": [], "rounds": []});
        let imported = app.import_document(&doc.to_string()).unwrap_or_else(|e| panic!("{game}: {e}"));
        let made = app.tournament_create(&NewTournament { name: format!("{game} new"), game: game.into(), ..Default::default() }).unwrap();
        for id in [imported.id, made.id] {
            app.standings(&id.to_string(), None).unwrap();
        }
        assert_eq!(imported.rounds, made.rounds, "{game}: the default number of rounds");
    }
    // King: null last two is no last-two deal (nine deals), as FORMAT.md says.
    let doc = json!({"format": "atout-tournament/1", "name": "K9", "game": "king", "settings": {"last_two": null}, "players": [], "rounds": []});
    let k9 = app.import_document(&doc.to_string()).unwrap();
    assert!(k9.settings["last_two"].is_null(), "{}", k9.settings);
}

/// King's K♥-10 variant (no last-two deal: `last_two: null`) chosen after the tournament was
/// created: the change kept `null` away (a merge patch's `null` takes a key away), so that
/// the last two came back as [2, 2] and the change was refused. Other keys' `null` still
/// takes them back to their default.
#[test]
fn kings_last_two_null_is_kept_by_a_change_of_settings() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "K".into(), game: "king".into(), ..Default::default() }).unwrap().id.to_string();
    let info = app.tournament_settings(&t, &json!({"king_of_hearts": 10, "last_two": null}), "the K♥-10 variant").unwrap();
    assert!(info.settings["last_two"].is_null() && info.settings.get("last_two").is_some(), "{}", info.settings);
    assert_eq!(info.settings["king_of_hearts"], 10);
    let info = app.tournament_settings(&t, &json!({"order": "negatives-first"}), "negatives first").unwrap();
    assert!(info.settings["last_two"].is_null(), "kept through another change: {}", info.settings);
    let info = app.tournament_settings(&t, &json!({"order": null, "king_of_hearts": 6, "last_two": [2, 2]}), "back").unwrap();
    assert!(info.settings.get("order").is_none(), "{}", info.settings);
    assert_eq!(info.settings["last_two"], json!([2, 2]));
}

/// The log says a game's setting by the option its settings form offers («donne d'atout :
/// sans la couleur, ne pouvant surcouper : jouer quand même atout»), not by its value in the
/// exchange format («ruff»), in every language.
#[test]
fn the_log_says_a_games_setting_as_its_form_offers_it() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament { name: "Trumps".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    app.tournament_settings(&t, &json!({"cannot_overruff": "discard"}), "the club's way").unwrap();
    let log = app.audit(&t).unwrap();
    let change = log.iter().rev().find(|e| e.action == "tournament.settings").unwrap();
    let said = &change.after_texts;
    assert!(said.en.contains("may discard") && !said.en.contains(": discard"), "{}", said.en);
    assert!(said.fr.contains("peut se défausser"), "{}", said.fr);
    assert!(said.nl.contains("mag afgooien"), "{}", said.nl);
}

/// King's points of the K♥ and of the last two are said in the log by the games' names in
/// each language (they read «king of hearts : 10 · last two : —» in French and Dutch: the
/// scoring option sets two keys, which no form field names).
#[test]
fn the_log_names_kings_scoring_settings_in_words() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament {
            name: "King neuf".into(),
            game: "king".into(),
            rounds: Some(1),
            settings: Some(json!({"king_of_hearts": 10, "last_two": null})),
            ..Default::default()
        })
        .unwrap()
        .id
        .to_string();
    let log = app.audit(&t).unwrap();
    let made = &log.iter().find(|e| e.action == "tournament.create").unwrap().after_texts;
    assert!(made.fr.contains("le King (roi de cœur) : 10 · deux der : —") && !made.fr.contains("king of hearts"), "{}", made.fr);
    assert!(made.nl.contains("hartenheer: 10 · laatste twee slagen: —") && !made.nl.contains("last two"), "{}", made.nl);
}

/// Double King's bye taken away (`null`) goes back to its default, FORMAT.md's 10 table
/// points, as an omitted key does; exported and read again it scores the same. It scored the
/// table average (12.5 of 20-15-10-5), which the export could not say, and read again, 10.
#[test]
fn a_double_king_bye_taken_away_goes_back_to_its_default_and_round_trips() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament {
            name: "Five".into(),
            game: "double-king".into(),
            rounds: Some(1),
            settings: Some(json!({"table_points": [20, 15, 10, 5]})),
            ..Default::default()
        })
        .unwrap()
        .id
        .to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    app.tournament_settings(&t, &json!({"bye": null}), "the club's default").unwrap();
    let bye_points = |app: &mut Atout, t: &str| {
        let s = serde_json::to_value(app.standings(t, None).unwrap()).unwrap();
        s["rows"].as_array().unwrap().iter().find(|r| r["rounds"][0]["bye"] == true).map(|r| r["table_points"].as_f64().unwrap())
    };
    assert_eq!(bye_points(&mut app, &t), Some(10.0));
    let mut doc = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
    doc["name"] = "Five again".into();
    let again = app.import_document(&doc.to_string()).unwrap().id.to_string();
    assert_eq!(bye_points(&mut app, &again), Some(10.0));
}
