//! What is stored and cannot be read back is said loudly, never skipped (issue "The
//! house in order"), and draws run for every round a tournament has.

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
