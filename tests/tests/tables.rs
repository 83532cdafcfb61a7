//! Tables of the size the game is played at (`table_size`, FORMAT.md "Tables"), and players
//! withdrawn before they played a deal (listed apart, with no place), through the api.

mod common;
use atout_api::{Atout, DrawRequest, NewTournament, StandingsFormat, TableRef};
use common::pdftotext;
use serde_json::{json, Value};

fn club(app: &mut Atout, game: &str, settings: Value, players: usize) -> String {
    let t = app
        .tournament_create(&NewTournament {
            name: format!("{game} evening"),
            game: game.into(),
            rounds: Some(3),
            settings: Some(settings),
            ..Default::default()
        })
        .unwrap()
        .id
        .to_string();
    let names: String = (1..=players).map(|i| format!("Player {i:02}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some(&t)).unwrap();
    t
}

fn sizes(app: &mut Atout, t: &str, round: i64) -> (Vec<usize>, usize) {
    let drawn = app.round_draw(t, &DrawRequest::new(round, Some(11))).unwrap();
    (drawn.tables.iter().map(|x| x.seats.len()).collect(), drawn.byes.len())
}

#[test]
fn seven_friends_play_one_table_of_seven() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "double-lucky-7", json!({"table_size": 7, "hands": 7}), 7);
    // The plan before the draw, then the draw: one table of seven, nobody sits out. Over the
    // three rounds the same seven meet again: 21 pairs, twice more each.
    assert_eq!(app.round_plan(&t, &DrawRequest::new(1, Some(11))).unwrap().repeats, 21 * 2);
    assert_eq!(sizes(&mut app, &t, 1), (vec![7], 0));
    // The sheet is a table of seven: seven bids and seven tricks a hand.
    let sheet = app.sheet(&TableRef::new(&t, 1, 1)).unwrap();
    assert_eq!(sheet.seats.len(), 7);
    app.deal_add(&TableRef::new(&t, 1, 1), None, json!({"cards": 1, "bids": [0, 0, 0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0, 0, 0]})).unwrap();
    // The seating plan, the score sheets and the table devices follow the size: one table of
    // seven (read back from the PDF), one sheet with seven seats, one table code.
    let dir = tempfile::tempdir().unwrap();
    let seating = pdftotext(&app.print_seating(&t, 1, Some("en"), None).unwrap(), dir.path());
    let table_1 = seating.split("Players by name").next().unwrap();
    let seats: Vec<&str> = table_1.lines().filter(|l| l.contains("Player 0")).collect();
    assert!(table_1.contains("Table 1") && !seating.contains("Table 2") && seats.len() == 7, "{seating}");
    assert!(seats.iter().enumerate().all(|(i, l)| l.trim_start().starts_with(&format!("{} Player", i + 1))), "{seating}");
    let sheets = pdftotext(&app.print_sheets(&t, 1, false, Some("en")).unwrap(), dir.path());
    assert!(sheets.contains("Round 1, Table 1") && !sheets.contains("Table 2") && sheets.contains("7 bid tr. pts") && sheets.contains("7. Player"), "{sheets}");
    let devices = app.devices(&t, 1, "http://192.168.1.20:8777").unwrap();
    assert_eq!(devices.tables.len(), 1);
    // Without the setting, seven players draw as before: 4 + 3.
    let before = club(&mut app, "double-lucky-7", json!({}), 0);
    app.tournament_enter(&before, &[]).unwrap();
    assert_eq!(sizes(&mut app, &before, 1), (vec![4, 3], 0));
}

#[test]
fn ten_play_five_and_five() {
    for (game, size) in [("double-lucky-7", 7), ("rikken", 5)] {
        let mut app = Atout::open_in_memory().unwrap();
        let t = club(&mut app, game, json!({"table_size": size}), 10);
        assert_eq!(sizes(&mut app, &t, 1), (vec![5, 5], 0), "{game}");
    }
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "kings-cribbage", json!({"table_size": 3}), 6);
    assert_eq!(sizes(&mut app, &t, 1), (vec![3, 3], 0));
    // A size the game is not played at is refused, naming the rule.
    let refused = app
        .tournament_create(&NewTournament { name: "Too many".into(), game: "rikken".into(), settings: Some(json!({"table_size": 6})), ..Default::default() })
        .unwrap_err();
    assert_eq!(refused.rule().map(|r| r.code()), Some("settings"));
}

#[test]
fn an_imported_document_keeps_its_table_size_for_the_rounds_it_draws() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "double-lucky-7", json!({"table_size": 7}), 7);
    let doc = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
    assert_eq!(doc["settings"]["table_size"], 7);
    let mut other = Atout::open_in_memory().unwrap();
    let id = other.import_document(&doc.to_string()).unwrap().id.to_string();
    assert_eq!(sizes(&mut other, &id, 1), (vec![7], 0));
}

/// A Rikken evening of ten ranked by total score, Player 09 and Player 10 withdrawn before
/// round 1.
fn rikken_two_withdrawn(app: &mut Atout) -> String {
    let t = club(app, "rikken", json!({}), 10);
    let entrants = app.standings(&t, None).unwrap().rows;
    for gone in ["Player 09", "Player 10"] {
        let code = entrants.iter().find(|r| &*r.name == gone).unwrap().player.to_string();
        app.player_withdraw(&t, &code, Some(1), "ill").unwrap();
    }
    t
}

#[test]
fn players_withdrawn_before_playing_have_no_place() {
    // A Rikken evening ranked by total score: eight players, two withdrawn before round 1.
    let mut app = Atout::open_in_memory().unwrap();
    let t = rikken_two_withdrawn(&mut app);
    let drawn = app.round_draw(&t, &DrawRequest::new(1, Some(3))).unwrap();
    assert_eq!(drawn.tables.len(), 2);
    // At both tables the declarer (seat 1) and partner (seat 2) fail a rik with 7 tricks: the
    // declarer pays 2x, the partner 0, each opponent gains x (FORMAT.md "Rikken deals").
    for table in 1..=2 {
        app.deal_add(&TableRef::new(&t, 1, table), None, json!({"contract": "rik", "declarer": 1, "partner": 2, "tricks": 7})).unwrap();
    }
    let s = app.standings(&t, None).unwrap();
    // Eight ranked players; the two who never played are not among them, and are listed apart.
    assert_eq!(s.rows.len(), 8);
    assert!(s.rows.iter().all(|r| !r.name.starts_with("Player 09") && !r.name.starts_with("Player 10")));
    let apart: Vec<&str> = s.withdrawn.iter().map(|w| &*w.name).collect();
    assert_eq!(apart, ["Player 09", "Player 10"]);
    // Those who lost points are last among the ranked, below nobody who never played.
    let last = s.rows.last().unwrap();
    assert!(last.score_sum < 0, "{last:?}");
    // The JSON says so apart; the text, the CSV and the printed ranking too, with no place.
    let value = serde_json::to_value(&s).unwrap();
    assert_eq!(value["withdrawn"][0]["withdrawn_from"], 1);
    let text = app.standings_rendered(&t, None, StandingsFormat::Table, "en").unwrap();
    let line = text.lines().find(|l| l.contains("Player 09")).unwrap();
    assert!(line.trim_start().starts_with('—') && line.contains("played no deal"), "{line}");
    let csv = app.standings_rendered(&t, None, StandingsFormat::Csv, "fr").unwrap();
    let line = csv.lines().find(|l| l.contains("Player 10")).unwrap();
    assert!(line.starts_with('—') && line.contains("aucune donne"), "{line}");
    let dir = tempfile::tempdir().unwrap();
    let printed = pdftotext(&app.print_standings(&t, None, Some("nl")).unwrap(), dir.path());
    // Said whole after the name, over two lines where it must (the names wrap then).
    let said: String = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("— Player 09 (teruggetrokken vanaf ronde 1; speelde geen spel: geen plaats)"), "{printed}");
    // A tournament with nobody withdrawn writes no such key (FORMAT.md's output as it was).
    let plain = club(&mut app, "double-king", json!({}), 8);
    app.round_draw(&plain, &DrawRequest::new(1, Some(1))).unwrap();
    assert!(serde_json::to_value(app.standings(&plain, None).unwrap()).unwrap().get("withdrawn").is_none());
}

/// A withdrawal and a late entry go out in an exported document and come back in: the
/// tournament imported again ranks as it did (it ranked the withdrawn players, and seated
/// the late one from the first round).
#[test]
fn withdrawals_and_late_entries_go_out_and_come_back_with_the_document() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = rikken_two_withdrawn(&mut app);
    app.round_draw(&t, &DrawRequest::new(1, Some(3))).unwrap();
    for table in 1..=2 {
        app.deal_add(&TableRef::new(&t, 1, table), None, json!({"contract": "rik", "declarer": 1, "partner": 2, "tricks": 7})).unwrap();
    }
    let late = app.player_add("Late Comer", "", "", true).unwrap().id;
    app.tournament_enter(&t, &[late]).unwrap();
    let doc = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
    let players = doc["players"].as_array().unwrap();
    let field = |name: &str, key: &str| players.iter().find(|p| p["name"] == name).unwrap()[key].clone();
    assert_eq!((field("Player 09", "withdrawn_from"), field("Late Comer", "joined_round")), (json!(1), json!(2)));
    assert_eq!(field("Player 01", "withdrawn_from"), Value::Null, "written only when there is one");
    let mut other = Atout::open_in_memory().unwrap();
    let again = other.import_document(&doc.to_string()).unwrap().id.to_string();
    let (before, after) = (app.standings(&t, None).unwrap(), other.standings(&again, None).unwrap());
    assert_eq!(serde_json::to_value(&after.rows).unwrap(), serde_json::to_value(&before.rows).unwrap());
    assert_eq!(after.withdrawn.iter().map(|w| &*w.name).collect::<Vec<_>>(), ["Player 09", "Player 10"]);
    let entrants = other.tournament_players(&again).unwrap();
    let late = entrants.iter().find(|e| e.name == "Late Comer").unwrap();
    assert_eq!(late.joined_round, Some(2));
    // A withdrawal from a round the tournament no longer has (its rounds lowered since) goes
    // out and comes back as well: it takes nothing away.
    let mut fewer = doc.clone();
    fewer["settings"]["rounds"] = json!(1);
    fewer["players"][0]["withdrawn_from"] = json!(3);
    assert!(other.import_document(&fewer.to_string()).is_ok());
    // A round no tournament has is refused, naming the player.
    let mut bad = doc.clone();
    bad["players"][0]["withdrawn_from"] = json!(0);
    let err = other.import_document(&bad.to_string()).unwrap_err();
    assert!(err.to_string().contains("withdrawn_from"), "{err}");
    // A club or a member number written `null` by another tool reads as none.
    let mut nulls = doc.clone();
    nulls["players"][0]["club"] = Value::Null;
    nulls["players"][0]["member"] = Value::Null;
    assert!(other.import_document(&nulls.to_string()).is_ok());
}

/// The projector's chart follows a round under way line by line (issue "The club evening, tried
/// again"): each player's value after each line, at its deal; the last is the standings' total.
#[test]
fn the_progress_follows_a_round_line_by_line() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "double-lucky-7", json!({"hands": 7}), 4);
    app.round_draw(&t, &DrawRequest::new(1, Some(5))).unwrap();
    let at = TableRef::new(&t, 1, 1);
    // Hand 1 (1 card): seat 1 bids 1 and takes it (10 + 2), seat 2 bids 1 and takes none (0),
    // seats 3 and 4 bid 0 and take 0 (10). Hand 2 (2 cards): seat 1 bids 0 and takes 1 (0), seat 2
    // bids 1 and takes 1 (12), seats 3 and 4 again 10. Running: 12 12 20 20 after two lines of seven.
    app.deal_add(&at, None, json!({"cards": 1, "bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]})).unwrap();
    app.deal_add(&at, None, json!({"cards": 2, "bids": [0, 1, 0, 0], "tricks": [1, 1, 0, 0]})).unwrap();
    let seats = app.sheet(&at).unwrap().seats;
    let progress = app.standings_progress(&t, None).unwrap();
    assert!(!progress.points, "a Lucky 7 evening ranks by score");
    let steps = |seat: usize| -> Vec<(f64, f64)> {
        let p = progress.players.iter().find(|p| *p.name == *seats[seat - 1].name).unwrap();
        p.steps.iter().map(|(at, v)| ((at * 7.0).round() / 7.0, v.as_f64())).collect()
    };
    let (one, two) = (1.0 / 7.0, 2.0 / 7.0);
    assert_eq!(steps(1), [(0.0, 0.0), (one, 12.0), (two, 12.0)]);
    assert_eq!(steps(2), [(0.0, 0.0), (one, 0.0), (two, 12.0)]);
    assert_eq!(steps(3), [(0.0, 0.0), (one, 10.0), (two, 20.0)]);
    // In the standings' order, the last step being each one's total; a limit keeps the leaders.
    let standings = app.standings(&t, None).unwrap();
    for (row, p) in standings.rows.iter().zip(&progress.players) {
        assert_eq!((row.name.clone(), row.score_sum as f64), (p.name.clone(), p.steps.last().unwrap().1.as_f64()));
    }
    assert_eq!(app.standings_progress(&t, Some(2)).unwrap().players.len(), 2);
}

/// A bye is a round's result (RULES.md §6: 10 table points at Double King): a player given
/// the bye and withdrawn afterwards keeps it and a place. The bye's points vanished, and the
/// player was listed apart as one who never played.
#[test]
fn a_player_withdrawn_after_a_bye_keeps_it_and_a_place() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "double-king", json!({}), 5);
    let drawn = app.round_draw(&t, &DrawRequest::new(1, Some(5))).unwrap();
    assert_eq!(drawn.byes.len(), 1);
    let bye = drawn.byes[0].clone();
    app.player_withdraw(&t, &bye.player, Some(2), "moved away").unwrap();
    let s = app.standings(&t, None).unwrap();
    assert!(s.withdrawn.is_empty(), "{:?}", s.withdrawn);
    let row = s.rows.iter().find(|r| *r.name == *bye.name).expect("ranked");
    assert_eq!(row.table_points.map(|p| p.to_string()), Some("10".into()));
}

/// A player with a bye in a round under way is not withdrawn from that round: the bye is the
/// round's result (they were marked withdrawn from round 1 and scored its bye all the same).
#[test]
fn a_bye_in_a_round_under_way_is_played() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "double-king", json!({}), 5);
    let drawn = app.round_draw(&t, &DrawRequest::new(1, Some(5))).unwrap();
    let bye = drawn.byes[0].clone();
    let at = TableRef::new(&t, 1, drawn.tables[0].number);
    app.table_dealer(&at, 3, "cards drawn").unwrap();
    app.deal_add(&at, None, common::worked_example()[0].clone()).unwrap();
    let before = app.row_counts().unwrap();
    let e = app.player_withdraw(&t, &bye.player, Some(1), "went home").unwrap_err();
    assert!(e.to_string().contains("has played in round 1 or later (a bye in a round under way counts)"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    app.player_withdraw(&t, &bye.player, Some(2), "went home").unwrap();
}

/// A round after the first drawn again under other numbers seats other tables, not only the
/// same tables in another order: it leaves the plan made with round 1 (a secretary drawing
/// again to split two players got the same tables back under every number).
#[test]
fn a_later_round_drawn_again_seats_other_tables() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "double-king", json!({}), 16);
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    let tables = |app: &mut Atout, seed: u64| {
        let drawn = app.round_draw(&t, &DrawRequest::new(2, Some(seed))).unwrap();
        let mut sets: Vec<Vec<String>> = drawn
            .tables
            .iter()
            .map(|x| {
                let mut s: Vec<String> = x.seats.iter().map(|s| s.player.clone()).collect();
                s.sort();
                s
            })
            .collect();
        sets.sort();
        (sets, drawn.repeats)
    };
    let first = tables(&mut app, 10);
    let again: Vec<_> = [11, 12, 13].into_iter().map(|seed| tables(&mut app, seed)).collect();
    assert!(again.iter().any(|(sets, _)| *sets != first.0), "drawn again, the same tables under every number: {first:?}");
    // Still planned against round 1: nobody meets again (16 players meet nobody twice in two rounds).
    assert!(again.iter().all(|(_, repeats)| *repeats == Some(0)), "{again:?}");
    // The same number draws the same round.
    assert_eq!(tables(&mut app, 12), again[1]);
}

/// Round 1 is not seated by ranking: there is none yet (it seated the players by their ids,
/// nothing drawn, and said «seated by ranking»). Nothing is stored.
#[test]
fn round_one_is_not_seated_by_ranking() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = club(&mut app, "rikken", json!({}), 11);
    let before = app.row_counts().unwrap();
    let e = app.round_draw(&t, &DrawRequest::new(1, Some(4)).seated(atout_api::Seating::ByRanking)).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("round-order"), "{e}");
    assert!(e.to_string().contains("there is no ranking yet"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
}
