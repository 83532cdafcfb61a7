//! A whole Double King evening through the api, as the secretary and scorers run it.

mod common;
use atout_api::{Atout, NewTournament};
use common::worked_example;
use serde_json::{json, Value};

/// Seat `s` of the worked example (first dealer 3) at a table whose first dealer is `first`.
fn moved(s: i64, first: i64) -> i64 {
    (s - 1 + first - 3).rem_euclid(4) + 1
}

/// RULES.md §1's worked example, turned so that seat 3's part falls to the drawn first dealer.
fn rotated(first: i64) -> Vec<Value> {
    worked_example()
        .into_iter()
        .map(|mut d| {
            for key in ["taker", "seventh", "last"] {
                if let Some(s) = d.get(key).and_then(Value::as_i64) {
                    d[key] = json!(moved(s, first));
                }
            }
            if let Some(c) = d.get("counts").and_then(Value::as_array).cloned() {
                let mut turned = vec![json!(0); 4];
                for (i, v) in c.into_iter().enumerate() {
                    turned[(moved(i as i64 + 1, first) - 1) as usize] = v;
                }
                d["counts"] = json!(turned);
            }
            d
        })
        .collect()
}

/// Per-seat values of the example, placed at the seats of a table whose first dealer is `first`.
fn at_seats(values: [i64; 4], first: i64) -> Vec<i64> {
    let mut out = vec![0; 4];
    for (i, v) in values.into_iter().enumerate() {
        out[(moved(i as i64 + 1, first) - 1) as usize] = v;
    }
    out
}

const PLAYERS: &str = "\u{feff}Prénom;Nom;Club;Numéro\nAnne;Peeters;KC De Troef;101\nBart;Maes;KC De Troef;102\nChloé;Dubois;Les Atouts;201\nDirk;Claes;Les Atouts;202\nEls;Janssens;KC De Troef;103\nFrançois;Lambert;Les Atouts;203\nGert;Wouters;KC De Troef;104\nHélène;Renard;Les Atouts;204\n";

#[test]
fn a_two_table_evening() {
    let mut app = Atout::open_in_memory().unwrap();
    app.set_actor("secretary").unwrap();
    let t = app.tournament_create(&NewTournament { name: "Friday".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
    let tid = t.id.to_string();
    let imported = app.players_import(PLAYERS, Some(&tid)).unwrap();
    assert_eq!((imported.added.len(), imported.entered), (8, 8));
    assert_eq!(imported.added[2].name, "Chloé Dubois");
    assert_eq!(imported.added[2].member, "201");
    // Importing the same list again registers nobody twice.
    let again = app.players_import(PLAYERS, Some("Friday")).unwrap();
    assert_eq!((again.added.len(), again.known.len(), again.entered), (0, 8, 0));

    let round = app.round_draw(&tid, &atout_api::DrawRequest::new(1, Some(2026))).unwrap();
    assert_eq!(round.tables.len(), 2);
    assert_eq!(round.repeats, Some(0));
    // Drawing again before any line is written replaces the draw; the same seed gives the same seats.
    let redrawn = app.round_draw(&tid, &atout_api::DrawRequest::new(1, Some(2026))).unwrap();
    assert_eq!(redrawn.tables, round.tables);

    let (table, first) = (round.tables[0].number, round.tables[0].first_dealer);
    let deals = rotated(first);
    for (i, d) in deals.iter().enumerate() {
        if i == 3 {
            // A refused line: queens add up to 3, not 4. Nothing is stored.
            let before = app.row_counts().unwrap();
            let err =
                app.deal_add(&atout_api::TableRef::new(&tid, 1, table), None, json!({"contract": "C", "counts": at_seats([1, 1, 1, 0], first)})).unwrap_err();
            assert_eq!(err.rule().map(|r| r.code()), Some("deal-total"));
            assert!(err.to_string().contains("round 1, table"), "{err}");
            assert_eq!(app.row_counts().unwrap(), before);
        }
        let written = app.deal_add(&atout_api::TableRef::new(&tid, 1, table), None, d.clone()).unwrap();
        assert_eq!(written.line, i + 1);
    }
    let sheet = app.sheet(&atout_api::TableRef::new(&tid, 1, table)).unwrap();
    assert!(sheet.complete);
    assert_eq!(sheet.scores, at_seats([14, 3, 3, -20], first));
    assert!(sheet.next.is_none());
    let points: Vec<i64> = sheet.table_points.iter().map(|p| p.as_f64() as i64).collect();
    assert_eq!(points, at_seats([16, 10, 10, 4], first));

    // Correction: example seat 4 took the queen in deal 4, not example seat 1: +2 and −2.
    let fixed = json!({"contract": "C", "counts": at_seats([0, 2, 1, 1], first)});
    let err = app.deal_correct(&atout_api::TableRef::new(&tid, 1, table), 4, fixed.clone(), None, "").unwrap_err();
    assert!(err.to_string().contains("reason"));
    let corrected = app.deal_correct(&atout_api::TableRef::new(&tid, 1, table), 4, fixed, None, "queen of clubs was seat 4's").unwrap();
    assert_eq!(corrected.scores, at_seats([16, 3, 3, -22], first));
    // A correction that breaks a later line is refused: deal 1 as trump gives its dealer a third trump at deal 13.
    let err = app
        .deal_correct(&atout_api::TableRef::new(&tid, 1, table), 1, json!({"contract": "T", "trump": "clubs", "counts": [13, 0, 0, 0]}), None, "x")
        .unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("dealer-trumps"), "{err}");
    assert!(err.to_string().contains("line 13"), "{err}");
    // The refusal names the player, not only the seat: "seat 3 (Name) has already chosen …".
    let names: Vec<String> = sheet.seats.iter().map(|s| format!("({})", s.name)).collect();
    assert!(names.iter().any(|n| err.to_string().contains(&format!("seat {} {n}", names.iter().position(|m| m == n).unwrap() + 1))), "{err}");
    // Jury: a zero-sum ruling on example seat 2, and a refused unbalanced one.
    let ruling = at_seats([1, -3, 1, 1], first);
    let ruled = app
        .ruling_add(&atout_api::TableRef::new(&tid, 1, table), json!({"seat": moved(2, first), "points": ruling, "reason": "revoke", "by": "Jury Claes"}))
        .unwrap();
    assert_eq!(ruled.scores, at_seats([17, 0, 4, -21], first));
    let err = app.ruling_add(&atout_api::TableRef::new(&tid, 1, table), json!({"seat": 2, "points": [0, -3, 0, 0], "reason": "late", "by": "J"})).unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("ruling-zero-sum"));

    let history = app.sheet_history(&atout_api::TableRef::new(&tid, 1, table)).unwrap();
    assert_eq!(history.len(), 22);
    let correction = history.iter().find(|h| h.action == "deal.correct").unwrap();
    assert_eq!((correction.line, correction.reason.as_str(), correction.by.as_str()), (Some(4), "queen of clubs was seat 4's", "secretary"));
    // The original line 4 is still there.
    assert!(history.iter().any(|h| h.line == Some(4) && h.entry == deals[3]));

    // Live standings: the other table has not started, so only this table's players have a round.
    let s = app.standings(&tid, None).unwrap();
    let with_round: Vec<_> = s.rows.iter().filter(|r| !r.rounds.is_empty()).collect();
    assert_eq!(with_round.len(), 4);
    assert_eq!(s.rows[0].table_points.map(|p| p.as_f64()), Some(16.0));
    assert_eq!(s.rows[0].score_sum, 17);

    // Once a line is written, the round cannot be drawn again: refused naming its rule.
    let e = app.round_draw(&tid, &atout_api::DrawRequest::new(1, Some(1))).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("round-redraw"), "{e}");
    // Round 2 avoids round 1's pairs where possible: with 8 players, at least 4 repeats.
    let r2 = app.round_draw(&tid, &atout_api::DrawRequest::new(2, Some(5))).unwrap();
    assert_eq!(r2.repeats, Some(4));
    assert!(app.round_draw(&tid, &atout_api::DrawRequest::new(3, None)).is_err());
}

#[test]
fn a_file_database_keeps_committed_lines_across_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    let tid;
    {
        let mut app = Atout::open(&path).unwrap();
        tid = app.import_document(&common::read("bye-18.json")).unwrap().id.to_string();
    }
    let mut a = Atout::open(&path).unwrap();
    let mut b = Atout::open(&path).unwrap();
    let before = a.standings(&tid, None).unwrap();
    // Another connection's write is seen: b corrects a line, a reads fresh standings.
    let sheet = b.sheet(&atout_api::TableRef::new(&tid, 1, 1)).unwrap();
    let line = sheet.lines.iter().find(|l| l.entry["contract"] == "E" && l.entry.get("taker").is_some()).unwrap();
    let taker = line.entry["taker"].as_i64().unwrap();
    let other = taker % 4 + 1;
    b.deal_correct(&atout_api::TableRef::new(&tid, 1, 1), line.line.line, json!({"contract": "E", "taker": other}), None, "wrong taker").unwrap();
    let after = a.standings(&tid, None).unwrap();
    assert_ne!(before, after);
    let sheet_a = a.sheet(&atout_api::TableRef::new(&tid, 1, 1)).unwrap();
    assert_eq!(sheet_a.scores[(taker - 1) as usize], sheet.scores[(taker - 1) as usize] + 5);
    assert_eq!(sheet_a.scores[(other - 1) as usize], sheet.scores[(other - 1) as usize] - 5);
}

#[test]
fn the_jury_list_holds_faults_and_free_rulings() {
    let (mut app, t) = common::imported("spring-open-16.json");
    let list = app.rulings_list(&t).unwrap();
    // The fixture has one negative fault (R1 T3), two voided trump deals (R2 T2, R3 T4),
    // a zero-sum ruling (R2 T4) and a sanction (R4 T1).
    let places: Vec<(i64, i64)> = list.iter().map(|r| (r.round, r.table)).collect();
    assert_eq!(places, [(1, 3), (2, 2), (2, 4), (3, 4), (4, 1)]);
    assert_eq!(list[0].ruling.points.iter().sum::<i64>(), -8);
    assert!(list[4].ruling.sanction);
    // A fault on a complete sheet is refused like any 21st deal.
    let err =
        app.deal_add(&atout_api::TableRef::new(&t, 5, 1), None, json!({"contract": "A", "fault_by": 1, "reason": "renounce", "by": "Jury Claes"})).unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("sheet-full"));
}

/// Seating that plans ahead, end to end: five rounds drawn one at a time, each with its
/// own seed, follow the plan made when round 1 was drawn — 16 players meet nobody twice.
#[test]
fn sixteen_players_drawn_round_by_round_meet_nobody_twice() {
    assert_eq!(drawn_round_by_round(16, 5), 120, "every pair met exactly once");
    // 32 players over 10 rounds: 480 pairs met, nobody twice (each misses one other) —
    // the 8-4-10 schedule, followed round by round from round 1's plan.
    assert_eq!(drawn_round_by_round(32, 10), 480);
}

/// `players` players drawn round by round through the api, each round with its own seed:
/// the pairs met, asserting nobody meets twice.
fn drawn_round_by_round(players: usize, rounds: i64) -> usize {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament { name: "Plan".into(), game: "double-king".into(), rounds: Some(rounds as u32), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    let names: String = (1..=players).map(|i| format!("P{i}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some(&t)).unwrap();
    let mut met = std::collections::HashSet::new();
    for round in 1..=rounds {
        let drawn = app.round_draw(&t, &atout_api::DrawRequest::new(round, Some(1000 + round as u64))).unwrap();
        assert_eq!(drawn.repeats, Some(0), "round {round}");
        for table in &drawn.tables {
            for (i, a) in table.seats.iter().enumerate() {
                for b in &table.seats[i + 1..] {
                    assert!(
                        met.insert((a.player.clone().min(b.player.clone()), a.player.clone().max(b.player.clone()))),
                        "round {round}: {} met {} again",
                        a.name,
                        b.name
                    );
                }
            }
        }
    }
    met.len()
}

/// A roster change replans from the next round on: the withdrawn player is not seated,
/// the others still meet as few again as can be.
#[test]
fn a_withdrawal_replans_the_rounds_left() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament { name: "Replan".into(), game: "double-king".into(), rounds: Some(4), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    let names: String = (1..=20).map(|i| format!("Q{i}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(5))).unwrap();
    let gone = app.round_view(&t, 1).unwrap().tables[0].seats[0].player.clone();
    app.player_withdraw(&t, &gone, Some(2), "left").unwrap();
    for round in 2..=4 {
        let drawn = app.round_draw(&t, &atout_api::DrawRequest::new(round, Some(50 + round as u64))).unwrap();
        let seated: Vec<String> =
            drawn.tables.iter().flat_map(|x| x.seats.iter().map(|s| s.player.clone())).chain(drawn.byes.iter().map(|b| b.player.clone())).collect();
        assert_eq!(seated.len(), 19);
        assert!(!seated.contains(&gone));
        assert_eq!(drawn.byes.len(), 3);
        assert_eq!(drawn.repeats, Some(0), "round {round}");
    }
}

/// The Spring Open as played up to its fourth round: its fifth is still to draw.
fn spring_open_before_its_last_round() -> (atout_api::Atout, String) {
    let mut doc = common::json("spring-open-16.json");
    doc["rounds"].as_array_mut().unwrap().truncate(4);
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    (app, t)
}

/// A final round seated by ranking: table 1 takes the four leaders, table 2 the next
/// four, …; the draw says so, and the default draw does not.
#[test]
fn a_final_round_seated_by_ranking() {
    let (mut app, t) = spring_open_before_its_last_round();
    let standings = app.standings(&t, Some(4)).unwrap();
    // After a round not drawn yet: no standings (they were titled «after round 5» over
    // round 4's).
    assert_eq!(app.standings(&t, Some(5)).unwrap_err().kind(), "not-found");
    let order: Vec<String> = standings.rows.iter().map(|r| r.player.to_string()).collect();
    let round = app.round_draw(&t, &atout_api::DrawRequest::new(5, Some(3)).seated(atout_api::Seating::ByRanking)).unwrap();
    assert!(round.by_ranking);
    for (k, table) in round.tables.iter().enumerate() {
        let mut got: Vec<String> = table.seats.iter().map(|s| s.player.clone()).collect();
        let mut want: Vec<String> = order[4 * k..4 * k + 4].to_vec();
        got.sort();
        want.sort();
        assert_eq!(got, want, "table {}", k + 1);
    }
    // Drawn again the usual way: planned, not by ranking.
    let again = app.round_draw(&t, &atout_api::DrawRequest::new(5, Some(3))).unwrap();
    assert!(!again.by_ranking);
    assert!(!app.round_view(&t, 5).unwrap().by_ranking);
}

/// Seat by ranking with a player withdrawn and one entered late (review of 2026-11-28: the
/// latecomer, whom the standings before the round do not rank, was seated nowhere, and a
/// Double King table was drawn with three players): every player of the round is seated, the
/// latecomer after those ranked, every table full.
#[test]
fn seat_by_ranking_seats_a_latecomer_last() {
    let (mut app, t) = spring_open_before_its_last_round();
    let gone = app.standings(&t, Some(4)).unwrap().rows[3].player.to_string();
    app.player_withdraw(&t, &gone, Some(5), "went home").unwrap();
    app.players_import("name\nXavier Tardif\n", Some(&t)).unwrap();
    let round = app.round_draw(&t, &atout_api::DrawRequest::new(5, Some(5)).seated(atout_api::Seating::ByRanking)).unwrap();
    assert!(round.tables.iter().all(|t| t.seats.len() == 4), "every table of four: {:?}", round.tables.iter().map(|t| t.seats.len()).collect::<Vec<_>>());
    let seated: Vec<&str> = round.tables.iter().flat_map(|t| t.seats.iter().map(|s| s.name.as_str())).collect();
    assert_eq!(seated.len(), 16);
    assert!(seated.contains(&"Xavier Tardif") && !round.tables.iter().flat_map(|t| &t.seats).any(|s| s.player == gone));
    // Last: at the last table.
    assert!(round.tables.last().unwrap().seats.iter().any(|s| s.name == "Xavier Tardif"), "the latecomer at the last table");
}

/// Seat by ranking with byes and mixed table sizes: byes rotate first (never the one
/// who sat out last), the rest fill the tables in standings order; and where each round
/// stands (`round_status`), complete or being played.
#[test]
fn seat_by_ranking_with_byes_and_round_status() {
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let doc = common::json("bye-18.json");
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let status = app.round_status(&t).unwrap();
    assert_eq!(status.len(), 3);
    assert!(status.iter().all(|r| r.complete == r.tables && r.open.is_empty()), "{status:?}");
    // A fourth round is not in the settings (3 rounds): raise them, then draw by ranking.
    app.tournament_settings(&t, &serde_json::json!({"rounds": 4}), "a final round").unwrap();
    let standings = app.standings(&t, Some(3)).unwrap();
    let last_byes: Vec<String> = app.round_view(&t, 3).unwrap().byes.iter().map(|b| b.player.clone()).collect();
    let round = app.round_draw(&t, &atout_api::DrawRequest::new(4, Some(11)).seated(atout_api::Seating::ByRanking)).unwrap();
    let byes: Vec<String> = round.byes.iter().map(|b| b.player.clone()).collect();
    assert_eq!(byes.len(), 2);
    assert!(byes.iter().all(|b| !last_byes.contains(b)), "byes {byes:?} after {last_byes:?}");
    let order: Vec<String> = standings.rows.iter().map(|r| r.player.to_string()).filter(|p| !byes.contains(p)).collect();
    let mut at = 0;
    for table in &round.tables {
        let mut got: Vec<String> = table.seats.iter().map(|s| s.player.clone()).collect();
        let mut want = order[at..at + got.len()].to_vec();
        at += got.len();
        got.sort();
        want.sort();
        assert_eq!(got, want, "table {}", table.number);
    }
    // Round 4 drawn, nothing written yet: being played, every table open.
    let status = app.round_status(&t).unwrap();
    let r4 = status.last().unwrap();
    assert_eq!((r4.round, r4.complete, r4.started, r4.open.len()), (4, 0, 0, round.tables.len()));
}

/// The standings after the last round are kept between calls and only the written table's
/// players' parts are built again: after every kind of write (a line added, corrected, undone,
/// a ruling, a new first dealer) they equal the standings a fresh connection computes.
#[test]
fn kept_standings_equal_fresh_ones_after_every_kind_of_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.db");
    let mut app = Atout::open(&path).unwrap();
    let t = app.import_document(&common::read("spring-open-16.json")).unwrap().id.to_string();
    let fresh = |t: &str| Atout::open(&path).unwrap().standings(t, None).unwrap();
    assert_eq!(app.standings(&t, None).unwrap(), fresh(&t));
    let at = |table| atout_api::TableRef::new(&t, 5, table);
    let last = app.sheet(&at(2)).unwrap().lines.last().unwrap().entry.clone();
    app.deal_undo(&at(2), 20, None, "bench of the kept standings").unwrap();
    assert_eq!(app.standings(&t, None).unwrap(), fresh(&t), "after an undo");
    app.deal_add(&at(2), Some(20), last).unwrap();
    assert_eq!(app.standings(&t, None).unwrap(), fresh(&t), "after a line added");
    app.ruling_add(&at(3), json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Jury"})).unwrap();
    assert_eq!(app.standings(&t, None).unwrap(), fresh(&t), "after a ruling");
    let first = app.sheet(&at(1)).unwrap().lines[0].entry.clone();
    let before = app.standings(&t, None).unwrap();
    if first.get("counts").is_some() {
        let mut changed = first.clone();
        let counts: Vec<i64> = serde_json::from_value(first["counts"].clone()).unwrap();
        changed["counts"] = json!([counts[1], counts[0], counts[2], counts[3]]);
        if app.deal_correct(&at(1), 1, changed, None, "counts swapped").is_ok() {
            assert_eq!(app.standings(&t, None).unwrap(), fresh(&t), "after a correction");
        }
    }
    // Standings after an earlier round are built afresh and leave the kept ones alone.
    assert_eq!(app.standings(&t, Some(2)).unwrap(), Atout::open(&path).unwrap().standings(&t, Some(2)).unwrap());
    assert_eq!(app.standings(&t, None).unwrap(), fresh(&t));
    assert!(before.rows.len() == 16);
}
