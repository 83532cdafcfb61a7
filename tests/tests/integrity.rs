//! What is stored and cannot be read back is said loudly, never skipped (issue "The
//! house in order"), and draws run for every round a tournament has.

mod common;
use atout_api::{Atout, DrawRequest, NewTournament, TableRef};
use serde_json::json;

/// Regression: a stored ruling that does not parse (the database changed by other
/// means) made the tournament load without it — its points silently gone from the
/// standings. It is now an integrity error naming the table and the ruling.
#[test]
fn a_stored_ruling_that_cannot_be_read_is_an_integrity_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad.db");
    {
        let mut app = Atout::open(&db).unwrap();
        app.tournament_create(&NewTournament { name: "R".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
        app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some("R")).unwrap();
        app.round_draw("R", &DrawRequest::new(1, Some(1))).unwrap();
        app.ruling_add(&TableRef::new("R", 1, 1), json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Jury"})).unwrap();
    }
    // Another program adds a ruling Atout would never write (rows are insert-only).
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (table, change): (i64, i64) = conn.query_row("SELECT table_id, change_id FROM rulings", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    conn.execute("INSERT INTO rulings (table_id, entry, change_id) VALUES (?1, ?2, ?3)", rusqlite::params![table, r#"{"seat":"two","points":"many"}"#, change])
        .unwrap();
    drop(conn);
    let mut app = Atout::open(&db).unwrap();
    let err = app.standings("R", None).unwrap_err();
    assert_eq!(err.kind(), "integrity", "{err}");
    assert!(err.to_string().contains("table 1") && err.to_string().contains("cannot be read"), "{err}");
    assert!(err.texts().fr.contains("illisible"), "{:?}", err.texts());
}

/// Regression (issue "Seating for every field"): a tournament of 12 rounds could not
/// draw round 11 or 12 (an index past the ten rounds planned, a panic). Every round
/// draws, the planned ones and those after.
#[test]
fn every_round_of_a_twelve_round_tournament_draws() {
    let mut app = Atout::open_in_memory().unwrap();
    app.tournament_create(&NewTournament { name: "Long".into(), game: "double-king".into(), rounds: Some(12), ..Default::default() }).unwrap();
    let names: String = (1..=12).map(|i| format!("Player {i}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some("Long")).unwrap();
    for round in 1..=12 {
        let drawn = app.round_draw("Long", &DrawRequest::new(round, Some(round as u64 * 7))).unwrap();
        assert_eq!((drawn.round, drawn.tables.len()), (round, 3), "round {round}");
        // Every player seated once.
        let mut seated: Vec<String> = drawn.tables.iter().flat_map(|t| t.seats.iter().map(|s| s.player.clone())).collect();
        seated.sort();
        seated.dedup();
        assert_eq!(seated.len(), 12, "round {round}");
    }
}

/// Issue "Seating for every field": 28 players over 9 rounds (a field of 12k + 4) meet
/// nobody twice, drawn round by round each with its own number, as the window draws;
/// the plan's figure is seen before each draw, and the draw keeps to it.
#[test]
fn twenty_eight_players_meet_nobody_twice_over_nine_rounds_and_the_plan_is_shown_first() {
    let mut app = Atout::open_in_memory().unwrap();
    app.tournament_create(&NewTournament { name: "Club".into(), game: "double-king".into(), rounds: Some(9), ..Default::default() }).unwrap();
    let names: String = (1..=28).map(|i| format!("Player {i}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some("Club")).unwrap();
    let mut met = std::collections::HashMap::new();
    for round in 1..=9 {
        let seen = app.round_plan("Club", &DrawRequest::new(round, None)).unwrap();
        assert_eq!((seen.from, seen.to, seen.repeats, seen.following), (round, 9, 0, round > 1), "round {round}");
        // Drawn with the number the plan was shown with: the same plan.
        let drawn = app.round_draw("Club", &DrawRequest { seed: Some(seen.seed.clone()), ..DrawRequest::new(round, None) }).unwrap();
        assert_eq!((drawn.repeats, drawn.tables.len()), (Some(0), 7), "round {round}");
        for t in &drawn.tables {
            for (i, a) in t.seats.iter().enumerate() {
                for b in &t.seats[i + 1..] {
                    let pair = if a.player < b.player { (a.player.clone(), b.player.clone()) } else { (b.player.clone(), a.player.clone()) };
                    *met.entry(pair).or_insert(0) += 1;
                }
            }
        }
    }
    // 9 rounds × 7 tables × 6 pairs: every one of the 378 pairs once.
    assert_eq!(met.len(), 378);
    assert!(met.values().all(|m| *m == 1));
    // Checked as a draw is: a round out of order is refused, naming the rule.
    let err = app.round_plan("Club", &DrawRequest::new(11, None)).unwrap_err();
    assert!(err.rule().is_some(), "{err}");
}

/// Regression: a line whose whole number was written as a decimal (`5.0`, `-0`, as tools that
/// write every number so give it) was checked as the integer it is but stored as given, and
/// the sheet stored so no longer read: the table counted for nobody, `atout check` said the
/// database had been changed by other means. Written now as integers — by a write, by an
/// import —, exported so; a line stored so before reads again.
#[test]
fn a_whole_number_written_as_a_decimal_is_kept_as_an_integer() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("whole.db");
    let at = TableRef::new("W", 1, 1);
    {
        let mut app = Atout::open(&db).unwrap();
        app.tournament_create(&NewTournament { name: "W".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
        app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some("W")).unwrap();
        app.round_draw("W", &DrawRequest::new(1, Some(1))).unwrap();
        app.deal_add(&at, None, json!({"contract": "A", "counts": [4.0, 4, 3, 2]})).unwrap();
        app.deal_add(&at, None, json!({"contract": "B", "counts": [-0.0, 3, 9.0, 1]})).unwrap();
        // Its twin, written with integers from the start: what the decimals must score.
        app.tournament_create(&NewTournament { name: "V".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
        app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some("V")).unwrap();
        app.round_draw("V", &DrawRequest::new(1, Some(1))).unwrap();
        let twin = TableRef::new("V", 1, 1);
        for line in [
            json!({"contract": "A", "counts": [4, 4, 3, 2]}),
            json!({"contract": "B", "counts": [0, 3, 9, 1]}),
            json!({"contract": "C", "counts": [2, 1, 0, 1]}),
        ] {
            app.deal_add(&twin, None, line).unwrap();
        }
    }
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: Vec<String> =
        conn.prepare("SELECT entry FROM deals ORDER BY id LIMIT 2").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    assert_eq!(stored, [r#"{"contract":"A","counts":[4,4,3,2]}"#, r#"{"contract":"B","counts":[0,3,9,1]}"#]);
    // Another program (or an earlier Atout) stored a line with a decimal: it reads.
    let (table, change): (i64, i64) = conn.query_row("SELECT table_id, change_id FROM deals ORDER BY id LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    conn.execute(
        "INSERT INTO deals (table_id, change_id, line, entry) VALUES (?1, ?2, 3, ?3)",
        rusqlite::params![table, change, r#"{"contract":"C","counts":[2.0,1,0,1]}"#],
    )
    .unwrap();
    drop(conn);
    let mut app = Atout::open(&db).unwrap();
    let sheet = app.sheet(&at).unwrap();
    assert_eq!(sheet.lines.len(), 3, "every line read");
    // Worked by hand, seat by seat: A −1 a trick (4, 4, 3, 2), B −1 a heart (0, 3, 9, 1),
    // C −2 a queen (2, 1, 0, 1).
    assert_eq!(sheet.totals, [-4 - 4, -4 - 3 - 2, -3 - 9, -2 - 1 - 2], "A + B + C: seat 1 −4 −0 −4, seat 3 −3 −9 −0");
    // Taken back as the page saw it, whole numbers as integers (it was "changed meanwhile":
    // the page reads 2.0 as 2), then written again; the twin's totals still hold below.
    let seen = json!({"contract": "C", "counts": [2, 1, 0, 1]});
    app.deal_undo(&at, 3, Some(seen.clone()), "written too early").unwrap();
    app.deal_add(&at, None, seen.clone()).unwrap();
    app.deal_correct(&at, 3, seen.clone(), Some(seen.clone()), "looked at again").unwrap();
    let totals: Vec<i64> = app.standings("W", None).unwrap().rows.iter().map(|r| r.score_sum).collect::<Vec<_>>();
    assert_eq!(totals, app.standings("V", None).unwrap().rows.iter().map(|r| r.score_sum).collect::<Vec<_>>());
    // Exported as the format writes a line: integers.
    let doc = serde_json::to_value(app.export_document("W").unwrap()).unwrap();
    assert_eq!(doc["rounds"][0]["tables"][0]["deals"][2], json!({"contract": "C", "counts": [2, 1, 0, 1]}));
    // Imported from a document that writes them as decimals: the same standings, integers kept.
    let mut text = serde_json::to_string(&doc).unwrap().replace(r#""counts":[4,4,3,2]"#, r#""counts":[4.0,4.0,3.0,2.0]"#);
    text = text.replace(r#""name":"W""#, r#""name":"W2""#);
    assert!(text.contains("4.0,4.0"));
    app.import_document(&text).unwrap();
    let again: Vec<i64> = app.standings("W2", None).unwrap().rows.iter().map(|r| r.score_sum).collect();
    assert_eq!(again, totals);
    let doc = serde_json::to_value(app.export_document("W2").unwrap()).unwrap();
    assert_eq!(doc["rounds"][0]["tables"][0]["deals"][0], json!({"contract": "A", "counts": [4, 4, 3, 2]}));
    assert_eq!(app.check().unwrap(), "ok");
}

/// A late entry plays from the round it joined: a document that seats one (or gives them a
/// bye) in an earlier round contradicts itself, and imported so the player was left out of
/// the standings of the rounds they played. Refused, naming the player and both rounds.
#[test]
fn a_late_entry_seated_before_the_round_it_joined_is_refused() {
    let text = common::read("spring-open-16.json");
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let seated: Vec<String> = doc["rounds"][0]["tables"][0]["seats"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    let player = doc["players"].as_array_mut().unwrap().iter_mut().find(|p| p["id"] == seated[0].as_str()).unwrap();
    player["joined_round"] = json!(3);
    let mut app = Atout::open_in_memory().unwrap();
    let e = app.import_document(&doc.to_string()).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("unknown-player"), "{e}");
    let said = e.texts();
    assert!(said.en.contains(&format!("«{}» plays round 1, before round 3", seated[0])), "{}", said.en);
    assert!(app.tournament_list().unwrap().is_empty(), "nothing imported");
    // Joined in round 1 (or said with no round), the same document imports.
    let player = doc["players"].as_array_mut().unwrap().iter_mut().find(|p| p["id"] == seated[0].as_str()).unwrap();
    player["joined_round"] = json!(1);
    app.import_document(&doc.to_string()).unwrap();
}
