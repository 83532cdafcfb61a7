//! The fixtures' standings, as computed independently (fixtures/gen) and by hand.

mod common;
use common::*;
use serde_json::Value;

#[test]
fn spring_open_standings_match_the_independent_computation() {
    let (mut app, t) = imported("spring-open-16.json");
    assert_eq!(standings_json(&mut app, &t, None), json("spring-open-16.expected.json"));
    assert_eq!(standings_json(&mut app, &t, Some(2)), json("spring-open-16.after-round-2.expected.json"));
}

fn row<'a>(standings: &'a Value, player: &str) -> &'a Value {
    standings["rows"].as_array().unwrap().iter().find(|r| r["player"] == player).unwrap()
}

/// Values added up by hand from fixtures/README.md's round-by-round lines.
#[test]
fn spring_open_checked_by_hand() {
    let (mut app, t) = imported("spring-open-16.json");
    let s = standings_json(&mut app, &t, None);
    // p14: 10 + 16 + 12 + 16 + 16 = 70; scores −1 + 8 + 1 + 15 + 19 = 42; best 19.
    let p14 = row(&s, "p14");
    assert_eq!(
        (p14["rank"].as_u64(), p14["table_points"].as_f64(), p14["score_sum"].as_i64(), p14["best_round"].as_i64()),
        (Some(1), Some(70.0), Some(42), Some(19))
    );
    // p01 and p11 both have 64 points; p01's score sum 23 beats p11's 13.
    assert_eq!((row(&s, "p01")["rank"].as_u64(), row(&s, "p11")["rank"].as_u64()), (Some(2), Some(3)));
    // p02 and p10: 46 points, sum −4, best 14 — a shared tenth place, next rank 12.
    for p in ["p02", "p10"] {
        assert_eq!((row(&s, p)["rank"].as_u64(), row(&s, p)["shared"].as_bool()), (Some(10), Some(true)), "{p}");
    }
    assert!(s["rows"].as_array().unwrap().iter().all(|r| r["rank"] != 11));
    // Round 5, table 3: all four tied at 0 → 10 points each.
    let r5t3: Vec<&Value> =
        s["rows"].as_array().unwrap().iter().flat_map(|r| r["rounds"].as_array().unwrap()).filter(|x| x["round"] == 5 && x["table"] == 3).collect();
    assert_eq!(r5t3.len(), 4);
    assert!(r5t3.iter().all(|x| x["score"] == 0 && x["table_points"] == 10.0));
    // Every round hands out 16 tables × 40 / 4 = 160 points in all.
    let total: f64 = s["rows"].as_array().unwrap().iter().map(|r| r["table_points"].as_f64().unwrap()).sum();
    assert_eq!(total, 5.0 * 4.0 * 40.0);
}

#[test]
fn byes_score_ten_points_and_zero() {
    let (mut app, t) = imported("bye-18.json");
    let s = standings_json(&mut app, &t, None);
    assert_eq!(s, json("bye-18.expected.json"));
    // p12: bye in round 1, then −3 and −3: the bye's 0 is the best round.
    let p12 = row(&s, "p12");
    assert_eq!(p12["rounds"][0], serde_json::json!({"round": 1, "table": null, "score": 0, "table_points": 10.0, "bye": true}));
    assert_eq!((p12["score_sum"].as_i64(), p12["best_round"].as_i64()), (Some(-6), Some(0)));
}

#[test]
fn broken_documents_are_refused_with_their_place_and_rule_and_store_nothing() {
    let expected = json("broken/expected.json");
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    app.import_document(&read("bye-18.json")).unwrap();
    let before = app.row_counts().unwrap();
    for (file, want) in expected.as_object().unwrap() {
        let err = app.import_document(&read(&format!("broken/{file}"))).expect_err(file);
        let got = serde_json::to_value(&err).unwrap();
        assert_eq!(got["rule"], want["rule"], "{file}: {err}");
        assert_eq!(got["place"]["round"], want["round"], "{file}: {err}");
        assert_eq!(got["place"]["table"], want["table"], "{file}: {err}");
        assert_eq!(got["place"].get("deal").unwrap_or(&Value::Null), &want["deal"], "{file}: {err}");
        let message = err.to_string();
        assert!(message.contains(want["rule"].as_str().unwrap()), "{file}: the message names the rule: {message}");
        assert_eq!(app.row_counts().unwrap(), before, "{file} stored something");
    }
}

#[test]
fn an_exported_tournament_imports_again_to_the_same_standings_and_keeps_unknown_fields() {
    let mut doc = json("spring-open-16.json");
    doc["organiser"] = "KC De Troef".into();
    doc["players"][0]["phone"] = "0470 00 00 00".into();
    doc["rounds"][0]["started"] = "19:30".into();
    doc["rounds"][0]["tables"][0]["room"] = "back".into();
    doc["rounds"][0]["tables"][0]["deals"][0]["note"] = "kept".into();
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let a = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let exported = serde_json::to_value(app.export_document(&a).unwrap()).unwrap();
    for path in ["/organiser", "/players/0/phone", "/rounds/0/started", "/rounds/0/tables/0/room", "/rounds/0/tables/0/deals/0/note"] {
        assert_eq!(exported.pointer(path), doc.pointer(path), "{path}");
    }
    let b = app.import_document(&exported.to_string()).unwrap().id.to_string();
    assert_ne!(a, b);
    let (sa, sb) = (standings_json(&mut app, &a, None), standings_json(&mut app, &b, None));
    assert_eq!(sa, sb);
    assert_eq!(sa, json("spring-open-16.expected.json"));
    // The same players were matched in the registry, not registered twice.
    assert_eq!(app.players_list().unwrap().len(), 16);
}

/// A document whose every number is written as a decimal (as a tool that writes every
/// number so gives it: Python's 3.0) imports and ranks as the one written in integers, and
/// exports integers: only the sheet lines were read so, the table numbers, first dealers,
/// rulings and settings were refused.
#[test]
fn a_document_written_all_in_decimals_reads_as_the_one_in_integers() {
    fn decimals(v: &Value) -> Value {
        match v {
            Value::Number(n) => serde_json::json!(n.as_f64().unwrap()),
            Value::Array(xs) => Value::Array(xs.iter().map(decimals).collect()),
            Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), decimals(x))).collect()),
            other => other.clone(),
        }
    }
    for (file, settings) in [
        ("spring-open-16.json", serde_json::json!({"rounds": 5, "table_points": [16, 12, 8, 4]})),
        ("rikken-custom-9.json", Value::Null),
        ("king-13.json", Value::Null),
    ] {
        let mut doc = json(file);
        if !settings.is_null() {
            doc["settings"] = settings;
        }
        let all = decimals(&doc);
        fn integers(v: &Value) -> usize {
            match v {
                Value::Number(n) => usize::from(n.is_i64() || n.is_u64()),
                Value::Array(xs) => xs.iter().map(integers).sum(),
                Value::Object(m) => m.values().map(integers).sum(),
                _ => 0,
            }
        }
        assert!(integers(&doc) > 0 && integers(&all) == 0, "{file}: every number written as a decimal");
        let mut app = atout_api::Atout::open_in_memory().unwrap();
        let a = app.import_document(&doc.to_string()).unwrap().id.to_string();
        let b = app.import_document(&all.to_string()).unwrap_or_else(|e| panic!("{file}: {e}")).id.to_string();
        assert_eq!(standings_json(&mut app, &a, None), standings_json(&mut app, &b, None), "{file}");
        let (ea, eb) = (serde_json::to_value(app.export_document(&a).unwrap()).unwrap(), serde_json::to_value(app.export_document(&b).unwrap()).unwrap());
        assert_eq!(ea["rounds"], eb["rounds"], "{file}: exported as integers");
        assert_eq!(ea["settings"], eb["settings"], "{file}");
    }
    // A ruling and a change of settings typed so, too.
    let (mut app, t) = imported("spring-open-16.json");
    let ruling = serde_json::json!({"seat": 1, "points": [-3.0, 1.0, 1.0, 1.0], "reason": "slow play", "by": "Jo"});
    let sheet = app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), ruling).unwrap();
    assert_eq!(serde_json::to_value(&sheet.rulings.last().unwrap().points).unwrap(), serde_json::json!([-3, 1, 1, 1]));
    let info = app.tournament_settings(&t, &serde_json::json!({"rounds": 6.0}), "one more round").unwrap();
    assert_eq!(info.settings["rounds"], 6);
    // A fraction where a whole number is needed is still refused, saying what was wanted.
    let mut doc = json("spring-open-16.json");
    doc["rounds"][0]["tables"][0]["first_dealer"] = serde_json::json!(2.5);
    let e = atout_api::Atout::open_in_memory().unwrap().import_document(&doc.to_string()).unwrap_err();
    assert!(e.to_string().contains("2.5"), "{e}");
}

/// Kings Cribbage tiles read in any case or as numbers are exported as FORMAT.md writes
/// them (`Q`, `A`, `9`): the export gave back «q» and 9 as they came.
#[test]
fn kings_cribbage_tiles_are_exported_as_the_format_writes_them() {
    for (file, path, plain) in [
        ("cribbage-9.json", "/rounds/0/tables/0/deals/1/lines/0", serde_json::json!(["8", 9, "q", "a", "Q"])),
        ("cribbage-9.json", "/rounds/0/tables/0/deals/17/remaining/0", serde_json::json!([4, "k", "2"])),
        ("cribbage-board-6.json", "/rounds/0/tables/0/deals/0/tiles/0/tile", serde_json::json!("a")),
    ] {
        let mut doc = json(file);
        let written = doc.pointer(path).unwrap().clone();
        *doc.pointer_mut(path).unwrap() = plain;
        let mut app = atout_api::Atout::open_in_memory().unwrap();
        let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
        assert_eq!(standings_json(&mut app, &t, None), json(&file.replace(".json", ".expected.json")), "{file}");
        let exported = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
        assert_eq!(exported.pointer(path), Some(&written), "{file}");
    }
}

/// A Rikken document without a points table is imported as a tournament created here is
/// created: with its own copy of the house table, so that a later default never changes
/// its scores (it kept none, and scored by whatever default the program carried).
#[test]
fn a_rikken_document_without_a_points_table_keeps_its_own_copy() {
    let mut doc = json("rikken-18.json");
    let given = doc["settings"].as_object_mut().unwrap().remove("points").unwrap();
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let exported = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
    let created =
        app.tournament_create(&atout_api::NewTournament { name: "Rikken".into(), game: "rikken".into(), ..Default::default() }).unwrap().id.to_string();
    let house = serde_json::to_value(app.export_document(&created).unwrap()).unwrap()["settings"]["points"].clone();
    assert!(house.is_object(), "a created tournament keeps the house table");
    assert_eq!(exported["settings"]["points"], house);
    // The fixture's own table is the house table: the standings are the same without it.
    assert_eq!(given, house);
    assert_eq!(standings_json(&mut app, &t, None), json("rikken-18.expected.json"));
}

/// King and Double Lucky 7 fixtures: standings computed by fixtures/gen/make_games.py,
/// an independent Python implementation.
#[test]
fn king_and_lucky_7_standings_match_the_independent_computation() {
    for name in
        ["king-13", "king-choice-8", "king-choice-sales-8", "lucky7-11", "lucky7-short-9", "rikken-18", "rikken-custom-9", "cribbage-9", "cribbage-board-6"]
    {
        let (mut app, t) = imported(&format!("{name}.json"));
        assert_eq!(standings_json(&mut app, &t, None), json(&format!("{name}.expected.json")), "{name}");
    }
}

/// Values added up by hand from fixtures/README.md.
#[test]
fn king_and_lucky_7_checked_by_hand() {
    let (mut app, t) = imported("king-choice-8.json");
    let s = standings_json(&mut app, &t, None);
    // Round 2, table 2 is in progress: its four players' round 2 is provisional.
    let provisional = s["rows"].as_array().unwrap().iter().flat_map(|r| r["rounds"].as_array().unwrap()).filter(|x| x["provisional"] == true).count();
    assert_eq!(provisional, 4);
    let (mut app, t) = imported("lucky7-11.json");
    let s = standings_json(&mut app, &t, None);
    // A total-score tournament: no table points; l01 and l04 share a place.
    assert!(s["rows"].as_array().unwrap().iter().all(|r| r["table_points"].is_null()));
    let (l01, l04) = (row(&s, "l01"), row(&s, "l04"));
    assert_eq!((l01["score_sum"].as_i64(), l01["best_round"].as_i64()), (Some(176), Some(84)));
    assert_eq!((l01["rank"].clone(), l01["shared"].clone()), (l04["rank"].clone(), Value::Bool(true)));
}

#[test]
fn king_and_lucky_7_export_and_import_again_to_the_same_standings() {
    for name in ["king-13", "lucky7-short-9", "cribbage-9"] {
        let (mut app, a) = imported(&format!("{name}.json"));
        let exported = serde_json::to_value(app.export_document(&a).unwrap()).unwrap();
        let b = app.import_document(&exported.to_string()).unwrap().id.to_string();
        assert_eq!(standings_json(&mut app, &a, None), standings_json(&mut app, &b, None), "{name}");
    }
}

/// Rikken: tables of five and four, fines, jury calls; checked by hand in fixtures/README.md.
#[test]
fn rikken_checked_by_hand() {
    let (mut app, t) = imported("rikken-18.json");
    let s = standings_json(&mut app, &t, None);
    let (r06, r14) = (row(&s, "r06"), row(&s, "r14"));
    assert_eq!((r06["score_sum"].as_i64(), r06["best_round"].as_i64()), (Some(-160), Some(30)));
    assert_eq!((r06["rank"].as_u64(), r14["rank"].as_u64(), r14["shared"].as_bool()), (Some(13), Some(13), Some(true)));
    // Every round is zero-sum over the field: the score sums add up to 0.
    assert_eq!(s["rows"].as_array().unwrap().iter().map(|r| r["score_sum"].as_i64().unwrap()).sum::<i64>(), 0);
}

/// Kings Cribbage: tables of 4, 3 and 2; values added up by hand from the fixture.
#[test]
fn cribbage_checked_by_hand() {
    let doc = json("cribbage-9.json");
    // Round 1, table 3 (two seats): every entry's points, added up here from the
    // lines as written, with the hand scores of the calculator checked by hand above.
    let (mut app, t) = imported("cribbage-9.json");
    let sheet = app.sheet(&atout_api::TableRef::new(&t, 1, 3)).unwrap();
    let deals = doc["rounds"][0]["tables"][2]["deals"].as_array().unwrap();
    assert_eq!(sheet.lines.len(), deals.len());
    assert!(sheet.complete);
    // The end deducts each seat's tiles at face value (faces 10, ace 1).
    let end = deals.last().unwrap()["remaining"].as_array().unwrap();
    let face = |t: &Value| match t.as_str().unwrap() {
        "A" => 1,
        "J" | "Q" | "K" => 10,
        n => n.parse::<i64>().unwrap(),
    };
    let deducted: Vec<i64> = end.iter().map(|tiles| -tiles.as_array().unwrap().iter().map(face).sum::<i64>()).collect();
    assert_eq!(sheet.lines.last().unwrap().line.points, deducted);
    // Round 3, table 3 has no end yet: its four players' round 3 is provisional.
    let s = standings_json(&mut app, &t, None);
    let provisional = s["rows"].as_array().unwrap().iter().flat_map(|r| r["rounds"].as_array().unwrap()).filter(|x| x["provisional"] == true).count();
    assert_eq!(provisional, 4);
    // Round 3, table 1 played the bag empty: a whole game of two.
    let r3 = app.sheet(&atout_api::TableRef::new(&t, 3, 1)).unwrap();
    let next_after: Vec<i64> = r3.lines.iter().filter(|l| l.entry.get("placed").is_some()).map(|l| l.entry["placed"].as_i64().unwrap()).collect();
    assert!(next_after.iter().sum::<i64>() > 94, "more tiles laid than the bag held at first: {}", next_after.iter().sum::<i64>());
    // The serviteur of round 1, table 1 (the lowest total) keeps the score in round 2.
    let low = app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap();
    assert_eq!(low.next_scorer.len(), 1);
    let who = low.seats[low.next_scorer[0] - 1].player.clone();
    let round2 = app.round_view(&t, 2).unwrap();
    let table = round2.tables.iter().find(|tb| tb.seats.iter().any(|s| s.player == who)).unwrap();
    let seat = table.seats.iter().find(|s| s.player == who).unwrap().seat;
    assert!(table.scorers.contains(&seat));
}

/// Loading replays each sheet from its stored text (`Rules::replay_texts`), a screen or a write
/// from its values (`Rules::replay`): both read every fixture's every sheet alike — the same
/// sheet, or the same rule refused on the same line (serde words a line that is not the game's
/// entry its own way for each) — the broken fixtures and such a line included.
#[test]
fn sheets_replay_alike_from_their_text_and_from_their_values() {
    let mut files: Vec<std::path::PathBuf> =
        std::fs::read_dir(fixture("")).unwrap().chain(std::fs::read_dir(fixture("broken")).unwrap()).map(|e| e.unwrap().path()).collect();
    files
        .retain(|p| p.extension().is_some_and(|e| e == "json") && !p.to_string_lossy().contains("expected") && !p.to_string_lossy().contains("worked-example"));
    files.sort();
    let mut sheets = 0;
    for file in &files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let Some(game) = doc["game"].as_str().and_then(atout_api::rules::GameId::parse) else { continue };
        let Ok(rules) = game.rules(doc["settings"].as_object().unwrap_or(&serde_json::Map::new())) else { continue };
        for round in doc["rounds"].as_array().into_iter().flatten() {
            for table in round["tables"].as_array().into_iter().flatten() {
                let at = atout_api::rules::Table::new(table["seats"].as_array().unwrap().len(), table["first_dealer"].as_u64().unwrap_or(0) as usize);
                let mut values: Vec<Value> = table["deals"].as_array().cloned().unwrap_or_default();
                // A line that is not the game's entry at all, after the table's own.
                for extra in [None, Some(serde_json::json!({"contract": 7, "counts": "four"}))] {
                    values.extend(extra);
                    let texts: Vec<Box<str>> = values.iter().map(|v| v.to_string().into_boxed_str()).collect();
                    let place = format!("{} round {} table {}", file.display(), round["number"], table["number"]);
                    match (rules.replay(at, &values), rules.replay_texts(at, &texts)) {
                        (Ok(a), Ok(b)) => assert_eq!(a, b, "{place}"),
                        (Err(a), Err(b)) => assert_eq!((a.line, a.violation.rule), (b.line, b.violation.rule), "{place}"),
                        (a, b) => panic!("{place}: {a:?} against {b:?}"),
                    }
                    sheets += 1;
                }
            }
        }
    }
    assert!(sheets > 100, "{sheets} sheets compared");
}

/// The room's board says what placed each player, worked by hand on bye-18's standings: five
/// players on 32 table points at ranks 4 to 8 — 4 above 5 by the score sum (9 against 4), 5
/// above 6 by the best round (sums 4 and 4, best 12 against 10), 6 above 7 and 7 above 8 by
/// the score sum; 3 above 4 by the points themselves (36 against 32).
#[test]
fn the_board_says_which_tie_break_placed_each_player() {
    use atout_api::rules::settings::TieBreak::{BestRound, ScoreSum, TablePoints};
    let (mut app, t) = imported("bye-18.json");
    let board = app.standings_board(&t).unwrap();
    assert_eq!(board.criteria, [TablePoints, ScoreSum, BestRound]);
    let by_rank: Vec<(usize, Vec<_>)> = board.standings.rows.iter().zip(&board.decided).map(|(r, d)| (r.rank, d.clone())).take(9).collect();
    assert_eq!(
        by_rank,
        [
            (1, vec![]),
            (2, vec![]),
            (3, vec![]),
            (4, vec![ScoreSum]),
            (5, vec![ScoreSum, BestRound]),
            (6, vec![BestRound, ScoreSum]),
            (7, vec![ScoreSum]),
            (8, vec![ScoreSum]),
            (9, vec![ScoreSum]),
        ]
    );
    assert_eq!(board.decided_by, [ScoreSum, BestRound]);
    // The standings as FORMAT.md gives them are unchanged: the board only adds to them.
    assert_eq!(serde_json::to_value(&board.standings).unwrap(), standings_json(&mut app, &t, None));
}

/// A document's words are bounded as the window's and the CLI's are, and its date is a day
/// of the calendar: a tournament named with an escape sequence (it cleared the terminal
/// listing the tournaments), a ruling's reason of 200,000 characters, a date of 30 February
/// were imported. Refused, naming the rule, and nothing stored.
#[test]
fn a_documents_words_and_date_are_bounded() {
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let before = app.row_counts().unwrap();
    let doc = json("spring-open-16.json");
    let mut named = doc.clone();
    named["name"] = serde_json::json!("\u{1b}[2J\u{1b}[31mRED");
    let mut long = doc.clone();
    long["rounds"][1]["tables"][3]["rulings"][0]["reason"] = serde_json::json!("x".repeat(200_000));
    let mut dated = doc.clone();
    dated["date"] = serde_json::json!("2026-02-30");
    for (what, bad, rule) in [("name", named, "format"), ("reason", long, "ruling-shape"), ("date", dated, "format")] {
        let err = app.import_document(&bad.to_string()).expect_err(what);
        assert_eq!(serde_json::to_value(&err).unwrap()["rule"], rule, "{what}: {err}");
        assert_eq!(app.row_counts().unwrap(), before, "{what}: nothing stored");
    }
    let new = atout_api::NewTournament { name: "Dated".into(), game: "king".into(), date: Some("27/11/2026".into()), ..Default::default() };
    assert_eq!(app.tournament_create(&new).unwrap_err().kind(), "invalid");
}

#[test]
fn a_documents_date_is_stored_as_checked() {
    // « 2026-04-18» and «2026-04-18\n» read as the day they say: stored with the space or the
    // line break, they printed «2/11/ 20268» and sorted before every other evening.
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    for (name, written) in [("Spaced", " 2026-04-18"), ("Broken", "2026-04-18\n")] {
        let mut doc = json("spring-open-16.json");
        doc["name"] = serde_json::json!(name);
        doc["date"] = serde_json::json!(written);
        let id = app.import_document(&doc.to_string()).unwrap().id.to_string();
        let exported = app.export_document(&id).unwrap();
        assert_eq!(exported.date.as_deref(), Some("2026-04-18"), "{name}");
    }
    // Names too, as a person types them: « Zed Trailing» was listed before «Amélie».
    let mut doc = json("spring-open-16.json");
    doc["name"] = serde_json::json!("  Spaced  ");
    doc["players"][0]["name"] = serde_json::json!(" Zed Trailing ");
    doc["players"][0]["club"] = serde_json::json!("Club ");
    let id = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let exported = app.export_document(&id).unwrap();
    assert_eq!((exported.name.as_str(), exported.players[0].name.as_str(), exported.players[0].club.as_str()), ("Spaced", "Zed Trailing", "Club"));
    assert!(app.players_list().unwrap().iter().any(|p| p.name == "Zed Trailing" && p.club == "Club"));
}

#[test]
fn a_documents_own_fields_on_a_ruling_do_not_stand_over_the_rulings_view() {
    // Another tool's ruling carrying `at` and `at_local` (kept, as unknown fields are): the view
    // wrote each twice, the later the document's, unconverted.
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let mut doc = json("spring-open-16.json");
    let ruling = &mut doc["rounds"][1]["tables"][3]["rulings"][0];
    ruling["at"] = serde_json::json!("2026-11-27T23:30:00+01:00");
    ruling["at_local"] = serde_json::json!("2026-11-27 23:30:00");
    ruling["name"] = serde_json::json!("Someone else");
    ruling["note"] = serde_json::json!("kept");
    let id = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let views = app.rulings_list(&id).unwrap();
    let view = views.iter().find(|v| v.ruling.extra.contains_key("note")).expect("the ruling with its own fields");
    let written = serde_json::to_string(view).unwrap();
    for key in ["\"at\":", "\"at_local\":", "\"name\":"] {
        assert_eq!(written.matches(key).count(), 1, "{key} once: {written}");
    }
    assert!(view.at.ends_with('Z') && view.at.starts_with(&view.at_local[..4]), "Atout's own time: {}", view.at);
    assert_ne!(view.name, "Someone else");
    // The document keeps them, as it keeps every field it does not know.
    let exported = serde_json::to_value(app.export_document(&id).unwrap()).unwrap();
    assert_eq!(exported["rounds"][1]["tables"][3]["rulings"][0]["at"], "2026-11-27T23:30:00+01:00");
}

#[test]
fn players_sharing_a_place_are_listed_as_their_ids_count() {
    // Hélène Dubois («p2» here) and Céline Renard («p10») share 10th place: listed by id as
    // a person counts, «p2» first (as text, «p10» came first).
    let text = read("spring-open-16.json").replace("\"p02\"", "\"p2\"");
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&text).unwrap().id.to_string();
    let standings = standings_json(&mut app, &t, None);
    let tenth: Vec<&str> = standings["rows"].as_array().unwrap().iter().filter(|r| r["rank"] == 10).map(|r| r["player"].as_str().unwrap()).collect();
    assert_eq!(tenth, ["p2", "p10"]);
}

#[test]
fn a_late_entry_seated_early_is_named_first_as_ids_count() {
    // Two players said to join at round 3 and seated in round 1: the refusal names «p2», the
    // first as ids count (as text, «p10»).
    let mut doc: Value = serde_json::from_str(&read("spring-open-16.json").replace("\"p02\"", "\"p2\"")).unwrap();
    for p in doc["players"].as_array_mut().unwrap() {
        if p["id"] == "p2" || p["id"] == "p10" {
            p["joined_round"] = serde_json::json!(3);
        }
    }
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let err = app.import_document(&doc.to_string()).unwrap_err();
    let said = err.to_string();
    assert!(said.contains("«p2»") && !said.contains("p10"), "{said}");
}

#[test]
fn a_round_without_byes_leaves_no_player_without_a_seat() {
    // Another tool that knows no byes leaves the key out: round 2's «p07» and «p16», seated
    // nowhere, would have lost their bye's 10 points without a word. Refused, naming the
    // first of them and the round; nothing stored.
    let mut doc: Value = serde_json::from_str(&read("bye-18.json")).unwrap();
    doc["rounds"][1].as_object_mut().unwrap().remove("byes");
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let before = app.row_counts().unwrap();
    let err = app.import_document(&doc.to_string()).unwrap_err();
    let got = serde_json::to_value(&err).unwrap();
    assert_eq!((got["rule"].as_str(), got["place"]["round"].as_i64()), (Some("format"), Some(2)), "{err}");
    assert!(err.to_string().contains("«p07»") && err.to_string().contains("`byes`"), "{err}");
    assert_eq!(app.row_counts().unwrap(), before);
    // Withdrawn from round 2, they are no one's to seat: the round reads without its byes.
    for p in doc["players"].as_array_mut().unwrap() {
        if p["id"] == "p07" || p["id"] == "p16" {
            p["withdrawn_from"] = serde_json::json!(2);
        }
    }
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let s = standings_json(&mut app, &t, None);
    assert_eq!(row(&s, "p07")["rounds"].as_array().unwrap().iter().filter(|r| r["bye"] == true).count(), 0);
    // A round with no table is no round drawn: refused as such, whether its byes are left out
    // or written empty (asked for its byes, the empty list then stored an empty round).
    for byes in [None, Some(serde_json::json!([]))] {
        let mut ahead: Value = serde_json::from_str(&read("bye-18.json")).unwrap();
        ahead["settings"]["rounds"] = serde_json::json!(4);
        let mut next = serde_json::json!({"number": 4, "tables": []});
        if let Some(b) = &byes {
            next["byes"] = b.clone();
        }
        ahead["rounds"].as_array_mut().unwrap().push(next);
        let err = app.import_document(&ahead.to_string()).unwrap_err();
        let got = serde_json::to_value(&err).unwrap();
        assert_eq!((got["rule"].as_str(), got["place"]["round"].as_i64()), (Some("round-order"), Some(4)), "{err}");
        assert!(err.to_string().contains("has no table"), "{err}");
    }
    // And a round that had no byes may leave the key out.
    let mut whole: Value = serde_json::from_str(&read("spring-open-16.json")).unwrap();
    for r in whole["rounds"].as_array_mut().unwrap() {
        r.as_object_mut().unwrap().remove("byes");
    }
    app.import_document(&whole.to_string()).unwrap();
}

/// A first dealer below 1 is refused as given, naming the table (it read «seat 0» for −1).
#[test]
fn a_negative_first_dealer_is_said_as_given() {
    let mut doc = json("bye-18.json");
    doc["rounds"][0]["tables"][1]["first_dealer"] = (-1).into();
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let err = app.import_document(&doc.to_string()).unwrap_err();
    let got = serde_json::to_value(&err).unwrap();
    assert_eq!((got["rule"].as_str(), got["place"]["round"].as_i64(), got["place"]["table"].as_i64()), (Some("first-dealer"), Some(1), Some(2)), "{err}");
    assert!(err.to_string().contains("the first dealer is seat -1, not a seat from 1 to 4"), "{err}");
    assert!(app.tournament_list().unwrap().is_empty());
}
