//! The corrections real evenings need, bounded input and the player registry
//! (issue "Nothing wrong stored"), through the api, with hand-computed expectations.

mod common;
use atout_api::{ApiError, Atout, NewTournament};
use common::worked_example;
use serde_json::{json, Value};

/// A one-table Double King tournament with its first dealer set to seat 3.
fn table() -> (Atout, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Fix".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    app.table_dealer(&atout_api::TableRef::new(&t, 1, 1), 3, "the cards were drawn for the deal").unwrap();
    (app, t)
}

fn rule(e: ApiError) -> String {
    e.rule().map(|r| r.code().to_string()).unwrap_or_else(|| e.kind().to_string())
}

/// Regression: seat 1 deals lines 3, 7, 11, 15 and 19; the scorer wrote line 15's trump
/// on line 3 and line 3's D on line 15. Correcting either line alone breaks a rule; the
/// whole sheet replaced at once is checked whole and accepted.
#[test]
fn two_contracts_written_on_each_others_lines_are_swapped_back_with_sheet_replace() {
    let (mut app, t) = table();
    let right = worked_example();
    let mut wrong = right.clone();
    wrong.swap(2, 14); // line 3 D ↔ line 15 T♠ (both dealt by seat 1)
    for entry in &wrong {
        app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, entry.clone()).unwrap();
    }
    // Line 3 back to D alone: seat 1 would choose D, B, A and D again — a fourth negative on line 15.
    assert_eq!(rule(app.deal_correct(&atout_api::TableRef::new(&t, 1, 1), 3, right[2].clone(), None, "D was line 3").unwrap_err()), "dealer-negatives");
    // Line 15 back to T alone: seat 1 would deal trump on lines 3, 15 and 19.
    assert_eq!(rule(app.deal_correct(&atout_api::TableRef::new(&t, 1, 1), 15, right[14].clone(), None, "T was line 15").unwrap_err()), "dealer-trumps");
    let sheet = app.sheet_replace(&atout_api::TableRef::new(&t, 1, 1), right.clone(), "lines 3 and 15 swapped back").unwrap();
    assert_eq!(sheet.scores, [14, 3, 3, -20]);
    let history = app.sheet_history(&atout_api::TableRef::new(&t, 1, 1)).unwrap();
    assert_eq!(history.iter().filter(|h| h.action == "sheet.replace").count(), 2, "one new version of each of the two lines");
    // A replaced sheet that breaks a rule stores nothing.
    let before = app.row_counts().unwrap();
    let mut broken = right.clone();
    broken[3] = json!({"contract": "C", "counts": [1, 1, 1, 0]});
    assert_eq!(rule(app.sheet_replace(&atout_api::TableRef::new(&t, 1, 1), broken, "typo").unwrap_err()), "deal-total");
    assert_eq!(app.row_counts().unwrap(), before);
}

#[test]
fn the_last_line_is_undone_and_stays_in_the_history() {
    let (mut app, t) = table();
    for entry in worked_example().iter().take(3) {
        app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, entry.clone()).unwrap();
    }
    let at = atout_api::TableRef::new(&t, 1, 1);
    // A line the sheet has not is said so (it was said «no longer the last», naming line 3).
    for line in [0, 5] {
        let e = app.deal_undo(&at, line, None, "typo").unwrap_err();
        assert_eq!(e.kind(), "not-found", "{e}");
        assert!(e.to_string().contains(&format!("the sheet has no line {line} (it has 3)")), "{e}");
    }
    let sheet = app.deal_undo(&at, 3, None, "written on the wrong table").unwrap();
    assert_eq!(sheet.lines.len(), 2);
    // Line 3 again, taken back meanwhile: no longer on the sheet.
    assert!(app.deal_undo(&at, 3, None, "twice").unwrap_err().to_string().contains("the sheet has no line 3 (it has 2)"));
    assert_eq!(sheet.totals, [-5, 0, -5, 0]);
    // The next line is line 3 again, dealt by seat 1.
    assert_eq!(sheet.next.as_ref().unwrap()["dealer"], 1);
    let e = app.deal_undo(&at, 2, None, "").unwrap_err();
    // Said as a sentence of its own (it read «une correction : donnez le motif»).
    assert_eq!(e.texts().fr, "Une annulation : donnez le motif.");
    let history = app.sheet_history(&atout_api::TableRef::new(&t, 1, 1)).unwrap();
    let undo = history.iter().find(|h| h.action == "deal.undo").unwrap();
    assert_eq!((undo.line, undo.entry.clone(), undo.reason.as_str()), (Some(3), Value::Null, "written on the wrong table"));
    app.deal_undo(&at, 2, None, "again").unwrap();
    app.deal_undo(&at, 1, None, "again").unwrap();
    assert_eq!(app.deal_undo(&at, 1, None, "nothing left").unwrap_err().kind(), "not-found");
}

#[test]
fn the_first_dealer_is_corrected_only_when_the_sheet_still_checks() {
    let (mut app, t) = table();
    let example = worked_example();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, example[0].clone()).unwrap();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, example[1].clone()).unwrap();
    // With seat 4 first, the same two lines are still valid: seat 4 and seat 1 chose E.
    let sheet = app.table_dealer(&atout_api::TableRef::new(&t, 1, 1), 4, "the first dealer was seat 4").unwrap();
    assert_eq!((sheet.first_dealer, sheet.lines[0].line.dealer), (4, Some(4)));
    assert_eq!(rule(app.table_dealer(&atout_api::TableRef::new(&t, 1, 1), 5, "no such seat").unwrap_err()), "first-dealer");
    assert_eq!(app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap().first_dealer, 4);
}

#[test]
fn a_ruling_is_withdrawn_and_the_table_scored_again() {
    let (mut app, t) = table();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, worked_example()[0].clone()).unwrap();
    let sheet =
        app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Jury Claes"})).unwrap();
    assert_eq!(sheet.scores, [1, -3, -4, 1]);
    let id = app.rulings_list(&t).unwrap()[0].id.unwrap();
    // Each of its keys once in its JSON (`seat` was written twice: a strict reader refuses it).
    let said = serde_json::to_string(&app.rulings_list(&t).unwrap()[0]).unwrap();
    assert_eq!(said.matches("\"seat\":").count(), 1, "{said}");
    app.set_actor("Jury: Claes").unwrap();
    let left = app.ruling_withdraw(&t, id, "the revoke was not one").unwrap();
    // The ruling stays listed, withdrawn: when, by whom and why (it vanished from the list).
    assert_eq!(left.len(), 1);
    let gone = left[0].withdrawn.as_ref().expect("said withdrawn");
    assert_eq!((left[0].id, gone.by.as_str(), gone.reason.as_str()), (Some(id), "Jury: Claes", "the revoke was not one"));
    assert!(gone.at.ends_with('Z') && !gone.at_local.is_empty());
    assert!(app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap().rulings.is_empty(), "it counts no more");
    assert_eq!(app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap().scores, [0, 0, -5, 0]);
    assert_eq!(app.ruling_withdraw(&t, id, "twice").unwrap_err().kind(), "not-found");
}

#[test]
fn a_fault_written_by_the_app_states_its_reason_and_jury_member() {
    let (mut app, t) = table();
    let bare = json!({"contract": "C", "fault_by": 2});
    // Said as it is typed (the preview showed it good, and the refusal came once it was sent).
    let checked = app.deal_check(&atout_api::TableRef::new(&t, 1, 1), None, bare.clone()).unwrap();
    assert_eq!(checked.refused.as_ref().and_then(|e| e.rule()).map(|r| r.code()), Some("ruling-shape"), "{:?}", checked.refused);
    assert_eq!(rule(app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, bare).unwrap_err()), "ruling-shape");
    let typed = json!({"contract": "C", "fault_by": 2, "reason": "renounce", "by": "Jury Claes"});
    assert!(app.deal_check(&atout_api::TableRef::new(&t, 1, 1), None, typed).unwrap().refused.is_none());
    let said = json!({"contract": "C", "fault_by": 2, "reason": "renounce", "by": "Jury Claes"});
    assert_eq!(app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, said).unwrap().totals, [0, -8, 0, 0]);
    // The sheet's history gives its reason as the log does (its column stood empty).
    let history = app.sheet_history(&atout_api::TableRef::new(&t, 1, 1)).unwrap();
    assert_eq!(history.last().map(|h| h.reason.as_str()), Some("renounce"));
    let log = app.audit(&t).unwrap();
    assert_eq!(log.iter().rev().find(|e| e.action == "deal.add").map(|e| e.reason.as_str()), Some("renounce"));
}

/// A line's words are bounded as the fields the window types: a fault's reason of 100,000
/// characters, a line break in it, a jury member's name of 5,000 characters were stored by a
/// write and by an import (the line break then broke the sheet's lines and a spreadsheet's
/// cell). Refused under the line's shape, nothing stored; the same words at their bounds go in.
#[test]
fn a_lines_words_are_bounded_as_the_windows_fields() {
    let (mut app, t) = table();
    let at = atout_api::TableRef::new(&t, 1, 1);
    let fault = |reason: &str, by: &str| json!({"contract": "C", "fault_by": 2, "reason": reason, "by": by});
    let long = "r".repeat(501);
    for bad in [
        fault(&long, "Jury"),
        fault("renounce\nand more", "Jury"),
        fault("renounce", &"J".repeat(101)),
        json!({"contract": "C", "fault_by": 2, "reason": "x", "by": "J", &"k".repeat(101): 1}),
        // A line break at the end of a reason, a tab before a name: as one within.
        fault("renounce\n", "Jury"),
        fault("renounce", "\tMarc"),
    ] {
        let e = app.deal_add(&at, None, bad.clone()).unwrap_err();
        assert_eq!(rule(e), "deal-shape", "{bad}");
    }
    assert!(app.sheet(&at).unwrap().lines.is_empty(), "nothing stored");
    // A ruling's words alike, kept as sent: a line break at the end of its reason came out in
    // the sheet under the ruling.
    for (reason, by) in [("revoke\n", "Jury"), ("revoke", "Jury\t")] {
        let e = app.ruling_add(&at, json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": reason, "by": by})).unwrap_err();
        assert_eq!(e.kind(), "invalid", "{e}");
    }
    assert!(app.sheet(&at).unwrap().rulings.is_empty(), "no ruling stored");
    assert_eq!(app.deal_add(&at, None, fault(&"r".repeat(500), &"J".repeat(100))).unwrap().totals, [0, -8, 0, 0]);
    // An import is held to the same bounds, and to the app's bound on a ruling's jury member.
    let mut doc = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
    doc["name"] = json!("Fix again");
    let mut broken = doc.clone();
    broken["rounds"][0]["tables"][0]["deals"][0]["reason"] = json!("line\nbreak");
    let e = app.import_document(&broken.to_string()).unwrap_err();
    assert_eq!(rule(e), "deal-shape");
    let mut ruled = doc.clone();
    ruled["rounds"][0]["tables"][0]["rulings"] = json!([{"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "J".repeat(101)}]);
    assert_eq!(rule(app.import_document(&ruled.to_string()).unwrap_err()), "ruling-shape");
    assert_eq!(app.tournament_list().unwrap().len(), 1, "nothing imported");
    app.import_document(&doc.to_string()).unwrap();
}

/// A Rikken consent's jury member (a game's own field) is bounded as every line's words are.
#[test]
fn a_rikken_consents_jury_member_is_bounded() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Rik".into(), game: "rikken".into(), rounds: Some(1), ..Default::default() }).unwrap().id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    let at = atout_api::TableRef::new(&t, 1, 1);
    let line = |jury: &str| json!({"contract": "grand-chelem", "declarer": 1, "tricks": 13, "jury": jury});
    assert_eq!(rule(app.deal_add(&at, None, line(&"J".repeat(5000))).unwrap_err()), "deal-shape");
    assert_eq!(app.deal_add(&at, None, line("Ghislaine Maréchal")).unwrap().totals.len(), 4);
}

/// Eight players over three rounds of Double King, round 1 drawn and begun at table 1.
fn eight_begun() -> (Atout, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament { name: "Late".into(), game: "double-king".into(), rounds: Some(3), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    app.players_import("name\nA1\nA2\nA3\nA4\nA5\nA6\nA7\nA8\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(5))).unwrap();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, json!({"contract": "E", "taker": 1})).unwrap();
    (app, t)
}

#[test]
fn withdrawals_and_late_entries_follow_the_draws_and_are_marked() {
    let (mut app, t) = eight_begun();
    // Four latecomers after round 1 has begun: they play from round 2.
    let late = app.players_import("name\nB1\nB2\nB3\nB4\n", Some(&t)).unwrap();
    assert_eq!(late.entered, 4);
    let info = app.tournament_info(&t).unwrap();
    assert_eq!(info.players, 12);
    let withdrawn = app.round_view(&t, 1).unwrap().tables[1].seats[0].player.clone();
    app.player_withdraw(&t, &withdrawn, None, "went home ill").unwrap();
    // The same withdrawal again is refused, writing nothing (it was logged a second time).
    let before = app.row_counts().unwrap();
    let again = app.player_withdraw(&t, &withdrawn, None, "went home ill").unwrap_err();
    assert!(again.to_string().contains("withdrawn from round 2 already"), "{again}");
    assert_eq!(app.row_counts().unwrap(), before);
    let r2 = app.round_draw(&t, &atout_api::DrawRequest::new(2, Some(5))).unwrap();
    // Round 2 drawn, the next round to draw is 3: withdrawn again without a round, it stays
    // withdrawn from round 2 (it moved to round 3 silently, «withdrawn after round 2», a round
    // never played).
    let drawn = app.row_counts().unwrap();
    let again = app.player_withdraw(&t, &withdrawn, None, "went home ill").unwrap_err();
    assert!(again.to_string().contains("withdrawn from round 2 already"), "{again}");
    assert_eq!(app.row_counts().unwrap(), drawn, "nothing written by the refusal");
    let seated: Vec<String> = r2.tables.iter().flat_map(|x| x.seats.iter().map(|s| s.player.clone())).chain(r2.byes.iter().map(|b| b.player.clone())).collect();
    assert_eq!(seated.len(), 11, "eight, less one withdrawn, plus four late");
    assert!(!seated.contains(&withdrawn));
    let s = app.standings(&t, Some(2)).unwrap();
    let latecomer = s.rows.iter().find(|r| &*r.name == "B1").unwrap();
    assert_eq!(latecomer.joined_round, Some(2));
    let gone = s.rows.iter().find(|r| *r.player == *withdrawn).unwrap();
    assert_eq!(gone.withdrawn_from, Some(2));
    // Taken back: plays again from the next draw.
    app.player_return(&t, &withdrawn, "feels better").unwrap();
    assert_eq!(app.standings(&t, Some(2)).unwrap().rows.iter().find(|r| *r.player == *withdrawn).unwrap().withdrawn_from, None);
    let again = app.player_return(&t, &withdrawn, "feels better").unwrap_err();
    assert!(again.to_string().contains("is not withdrawn"), "{again}");
}

/// A round drawn says whom it leaves out (entered or back after it was drawn) and whom it seats
/// though withdrawn, until it is drawn again; a withdrawal is not taken back once a round drawn
/// without the player has begun. Taken back then, the player had neither a seat nor a bye in
/// it, a blank in its place and was ranked on the rounds left, without a word.
#[test]
fn a_draw_says_whom_it_leaves_out_and_a_round_missed_keeps_the_withdrawal() {
    let (mut app, t) = eight_begun();
    let r1 = app.round_view(&t, 1).unwrap();
    let (gone, leaving) = (r1.tables[0].seats[0].player.clone(), r1.tables[1].seats[0].player.clone());
    app.player_withdraw(&t, &gone, None, "went home").unwrap();
    let names = |v: &[atout_api::SeatView]| v.iter().map(|p| p.player.clone()).collect::<Vec<_>>();
    let r2 = app.round_draw(&t, &atout_api::DrawRequest::new(2, Some(5))).unwrap();
    assert!(r2.not_seated.is_empty() && r2.withdrawn_seated.is_empty() && !r2.begun);
    // Back before round 2 begins: round 2 leaves them out until it is drawn again.
    app.player_return(&t, &gone, "came back").unwrap();
    let r2 = app.round_view(&t, 2).unwrap();
    assert_eq!((names(&r2.not_seated), r2.begun), (vec![gone.clone()], false));
    // A late entry, and a player withdrawn though seated in it.
    app.players_import("name\nB1\n", Some(&t)).unwrap();
    app.player_withdraw(&t, &leaving, None, "tired").unwrap();
    let r2 = app.round_view(&t, 2).unwrap();
    assert_eq!(r2.not_seated.iter().map(|p| &*p.name).collect::<Vec<_>>(), vec![r1.tables[0].seats[0].name.as_str(), "B1"]);
    assert_eq!(names(&r2.withdrawn_seated), vec![leaving.clone()]);
    // Drawn again: all as they stand.
    let r2 = app.round_draw(&t, &atout_api::DrawRequest::new(2, Some(6))).unwrap();
    assert!(r2.not_seated.is_empty() && r2.withdrawn_seated.is_empty(), "{:?} {:?}", r2.not_seated, r2.withdrawn_seated);
    // Round 1, before the last, is drawn again under no rule of numbering but its own.
    let e = app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(6))).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("round-redraw"), "{e}");
    // Round 2 begun without the player withdrawn: the withdrawal is not taken back.
    let at = atout_api::TableRef::new(&t, 2, 1);
    app.deal_add(&at, None, json!({"contract": "E", "taker": 1})).unwrap();
    let before = app.row_counts().unwrap();
    let refused = app.player_return(&t, &leaving, "came back").unwrap_err();
    assert!(refused.to_string().contains("round 2 was drawn without") && refused.to_string().contains("the withdrawal stands"), "{refused}");
    assert_eq!(app.row_counts().unwrap(), before, "nothing written by the refusal");
    assert_eq!(app.standings(&t, None).unwrap().rows.iter().find(|r| *r.player == *leaving).unwrap().withdrawn_from, Some(2));
}

/// Regression: a player list saved by Excel as "CSV (semicolon)" in Belgium is
/// Windows-1252; it imported as `Fran�ois` and lost the first names (`Prénom`).
#[test]
fn a_windows_1252_csv_keeps_its_accents() {
    let (text, _, _) = encoding_rs::WINDOWS_1252.encode("Prénom;Nom;Club\nFrançois;Verbeeck;Cercle Liégeois\nNoël;Verbeëk;KC De Troef\n");
    let mut app = Atout::open_in_memory().unwrap();
    let r = app.players_import_bytes(&text, None).unwrap();
    assert_eq!(r.encoding, "windows-1252");
    let names: Vec<String> = r.added.iter().map(|p| p.name.clone()).collect();
    assert_eq!(names, ["François Verbeeck", "Noël Verbeëk"]);
    assert_eq!(r.added[0].club, "Cercle Liégeois");
    // UTF-8 with a BOM, and UTF-16 (Excel's "Unicode text"), read the same.
    let mut utf16 = vec![0xFF, 0xFE];
    for u in "name;club\nÉlise;A\n".encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    let r = app.players_import_bytes(&utf16, None).unwrap();
    assert_eq!((r.encoding.as_str(), r.added[0].name.as_str()), ("UTF-16LE", "Élise"));
}

/// A list saved as tab-separated text (Excel's «Unicode text»), or opening with Excel's
/// «sep=;» line, is read by its columns; a workbook or a database given as a list is said to
/// be no CSV text. They were refused with «no name column among «name\tclub»», or with a
/// kilobyte of the file's bytes shown as its «columns».
#[test]
fn a_list_of_another_kind_is_read_or_said_to_be_no_csv() {
    let mut app = Atout::open_in_memory().unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    for u in "name\tclub\tmember\nÉlise Tab\tKC De Troef\t17\n".encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    let r = app.players_import_bytes(&utf16, None).unwrap();
    assert_eq!((r.added[0].name.as_str(), r.added[0].club.as_str(), r.added[0].member.as_str()), ("Élise Tab", "KC De Troef", "17"));
    let r = app.players_import_bytes(b"sep=;\r\nname;club\r\nBart Sep;KC, De Troef\r\n", None).unwrap();
    assert_eq!((r.added[0].name.as_str(), r.added[0].club.as_str()), ("Bart Sep", "KC, De Troef"));
    let r = app.players_import_bytes(b"sep=\t\nname\tclub\nKarel Tab\tX, Y\n", None).unwrap();
    assert_eq!((r.added[0].name.as_str(), r.added[0].club.as_str()), ("Karel Tab", "X, Y"));
    // A list in a DOS code page (its accents read as Windows-1252's C1 controls) is no
    // workbook: refused by its row, for its characters, not as «no CSV text».
    let e = app.players_import_bytes(b"nom;club\r\n\x90lise Wauters;KC Z\r\n", None).unwrap_err();
    assert!(!e.to_string().contains("not a CSV text file") && e.to_string().contains("row 2"), "{e}");
    let before = app.row_counts().unwrap();
    for bytes in [&b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xml"[..], &b"SQLite format 3\x00\x10\x00\x01\x01"[..]] {
        let e = app.players_import_bytes(bytes, None).unwrap_err();
        assert!(e.to_string().contains("not a CSV text file") && !e.to_string().contains('\0'), "{e}");
    }
    assert_eq!(app.row_counts().unwrap(), before);
}

/// Regression: "Anne Peeters / KC De Troef / 101" added by hand, then imported as
/// Anne;Peeters;KC De Troef, made two Anne Peeters.
#[test]
fn a_probable_duplicate_is_never_created_silently() {
    let mut app = Atout::open_in_memory().unwrap();
    let anne = app.player_add("Anne Peeters", "KC De Troef", "101", false).unwrap();
    let r = app.players_import("Voornaam;Naam;Club\nAnne;Peeters;KC De Troef\n", None).unwrap();
    assert_eq!((r.added.len(), r.known.len(), r.known[0].id), (0, 1, anne.id));
    // By hand: refused, naming the registered player; kept when they are two people.
    let e = app.player_add("anne  peeters", "", "", false).unwrap_err();
    assert!(e.to_string().contains("already registered as player"), "{e}");
    app.player_add("Anne Peeters", "Les Atouts", "", true).unwrap();
    // Now two could match a row without club: it is left for the secretary.
    let r = app.players_import("name\nAnne Peeters\n", None).unwrap();
    assert_eq!((r.added.len(), r.known.len(), r.unsure.len()), (0, 0, 1));
    assert_eq!(app.players_list().unwrap().len(), 2);
}

/// Regression: two namesakes in one exchange document failed with a raw UNIQUE error.
#[test]
fn namesakes_in_one_document_are_two_players() {
    let doc = json!({"format": "atout-tournament/1", "name": "Twins", "game": "double-king", "settings": {"rounds": 1},
        "players": [{"id": "a", "name": "Jan Peeters"}, {"id": "b", "name": "Jan Peeters"}, {"id": "c", "name": "C"}, {"id": "d", "name": "D"}],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["a", "b", "c", "d"], "first_dealer": 1, "deals": [{"contract": "E", "taker": 2}]}]}]});
    let mut app = Atout::open_in_memory().unwrap();
    app.import_document(&doc.to_string()).unwrap();
    app.import_document(&doc.to_string()).unwrap();
    assert_eq!(app.players_list().unwrap().iter().filter(|p| p.name == "Jan Peeters").count(), 2);
}

/// Regression: a 2 MB name was accepted and made every table 23 million pixels wide.
#[test]
fn every_text_field_is_bounded() {
    let mut app = Atout::open_in_memory().unwrap();
    let long = "x".repeat(2_000_000);
    assert_eq!(app.player_add(&long, "", "", false).unwrap_err().kind(), "invalid");
    assert!(app.players_import(&format!("name\n{long}\n"), None).is_err());
    assert!(app.player_add("Anne\nPeeters", "", "", false).is_err(), "a line break in a name");
    assert!(app.tournament_create(&NewTournament { name: long.clone(), game: "double-king".into(), ..Default::default() }).is_err());
    assert!(app.players_list().unwrap().is_empty());
}

/// The log of a whole tournament: every change with who, when and why, a correction
/// from what to what; as CSV and in the exported archive.
#[test]
fn the_log_tells_every_change_of_a_tournament() {
    let (mut app, t) = table();
    app.set_actor("Scorer table 1: Anne").unwrap();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, json!({"contract": "E", "taker": 3})).unwrap();
    app.deal_correct(&atout_api::TableRef::new(&t, 1, 1), 1, json!({"contract": "E", "taker": 2}), None, "K♥ was seat 2's").unwrap();
    app.set_actor("Jury: Claes").unwrap();
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Claes"})).unwrap();
    let log = app.audit(&t).unwrap();
    let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
    // Entering the four players is one change that writes four entrants.
    assert_eq!(
        actions,
        [
            "tournament.create",
            "tournament.enter",
            "tournament.enter",
            "tournament.enter",
            "tournament.enter",
            "round.draw",
            "table.dealer",
            "deal.add",
            "deal.correct",
            "ruling.add"
        ]
    );
    // An entrant said as the player it is (it read «name: Anne», beside the tournament's name).
    let entered = log.iter().find(|e| e.action == "tournament.enter").unwrap();
    assert!(entered.after_texts.en.starts_with("player: ") && entered.after_texts.fr.starts_with("joueur : "), "{:?}", entered.after_texts);
    let fix = log.iter().find(|e| e.action == "deal.correct").unwrap();
    assert_eq!((fix.by.as_str(), fix.reason.as_str(), fix.line), ("Scorer table 1: Anne", "K♥ was seat 2's", Some(1)));
    // In the game's own words, each seat named by the player the draw put there.
    let drawn = app.round_view(&t, 1).unwrap();
    let at = |seat: usize| drawn.tables[0].seats[seat - 1].name.clone();
    assert_eq!(
        (fix.before_text.clone(), fix.after_text.clone()),
        (format!("king of hearts · taker of the K♥: 3. {}", at(3)), format!("king of hearts · taker of the K♥: 2. {}", at(2)))
    );
    assert!(fix.after_texts.fr.contains("preneur du R♥") && fix.after_texts.nl.contains("nemer van de H♥"), "{:?}", fix.after_texts);
    let dealer = log.iter().find(|e| e.action == "table.dealer").unwrap();
    assert!((1..=4).contains(&dealer.before["first_dealer"].as_i64().unwrap()), "the drawn dealer");
    assert_eq!((dealer.after["first_dealer"].as_i64(), dealer.round, dealer.table), (Some(3), Some(1), Some(1)));
    let csv = app.audit_csv(&t, atout_api::rules::Lang::En).unwrap();
    assert!(csv.starts_with("\u{feff}time;by;action;reason;round;table;line;before;after\n"), "{csv}");
    assert!(
        csv.contains(&format!(";Jury: Claes;ruling;revoke;1;1;;;seat: 2. {} · points: 1 · -3 · 1 · 1 · reason: revoke · jury member: Claes", at(2))),
        "{csv}"
    );
    let archive = serde_json::to_value(app.export_document(&t).unwrap()).unwrap();
    assert_eq!(archive["audit"].as_array().unwrap().len(), log.len());
    // In UTC alone: the exporting machine's local time, with no offset, read as the reader's.
    let first = &archive["audit"][0];
    assert!(first["at"].as_str().unwrap().ends_with('Z') && first.get("at_local").is_none(), "{first}");
    // Imported again, the archive's log is not taken for this database's history.
    let again = app.import_document(&archive.to_string()).unwrap().id.to_string();
    assert_eq!(app.audit(&again).unwrap().iter().filter(|e| e.action == "deal.correct").count(), 0);
}

/// Two people correcting one line: the second, who corrected the version they saw, is told.
#[test]
fn a_correction_of_a_line_changed_meanwhile_is_refused() {
    let (mut app, t) = table();
    let first = json!({"contract": "E", "taker": 3});
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, first.clone()).unwrap();
    app.set_actor("Jury: Claes").unwrap();
    app.deal_correct(&atout_api::TableRef::new(&t, 1, 1), 1, json!({"contract": "E", "taker": 2}), Some(first.clone()), "seat 2 took it").unwrap();
    app.set_actor("Scorer: Anne").unwrap();
    let e = app.deal_correct(&atout_api::TableRef::new(&t, 1, 1), 1, json!({"contract": "E", "taker": 4}), Some(first), "seat 4 took it").unwrap_err();
    assert_eq!(e.kind(), "conflict");
    assert!(e.to_string().contains("line 1 was changed meanwhile by Jury: Claes"), "{e}");
    assert_eq!(app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap().lines[0].entry["taker"], 2);
}

/// Regression (issue "The house in order"): a scorer's undo names the line it takes
/// back. Another device wrote a line meanwhile: the undo is refused, naming who wrote
/// it, and the other device's line stays. Before, `deal undo` took back whatever line
/// was last — the other device's.
#[test]
fn an_undo_never_takes_back_a_line_written_meanwhile_by_another_device() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("undo.db");
    let t = {
        let mut app = Atout::open(&db).unwrap();
        let t = app.tournament_create(&NewTournament { name: "Undo".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
        app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some(&t.id.to_string())).unwrap();
        app.round_draw("Undo", &atout_api::DrawRequest::new(1, Some(1))).unwrap();
        app.table_dealer(&atout_api::TableRef::new("Undo", 1, 1), 3, "cards drawn").unwrap();
        t.id.to_string()
    };
    let at = atout_api::TableRef::new(&t, 1, 1);
    let lines = worked_example();
    // The window at the table writes line 1; a phone at the same table writes line 2.
    let mut window = Atout::open(&db).unwrap();
    window.set_actor("Scorer table 1: Anne").unwrap();
    let mut phone = Atout::open(&db).unwrap();
    phone.set_actor("Scorer table 1: Bart (phone)").unwrap();
    window.deal_add(&at, Some(1), lines[0].clone()).unwrap();
    phone.deal_add(&at, Some(2), lines[1].clone()).unwrap();
    // The window's Ctrl+Z means its own line 1: refused, naming the phone's line and author.
    let err = window.deal_undo(&at, 1, None, "typed on the wrong table").unwrap_err();
    assert_eq!(err.kind(), "conflict", "{err}");
    let message = err.to_string();
    assert!(message.contains("line 2") && message.contains("Bart (phone)"), "{message}");
    assert!(err.texts().fr.contains("Bart (phone)") && err.texts().nl.contains("lijn 2"), "{:?}", err.texts());
    // Nothing was taken back: both lines stand, and the history has no undo.
    let sheet = window.sheet(&at).unwrap();
    assert_eq!(sheet.lines.iter().map(|l| l.entry.clone()).collect::<Vec<_>>(), lines[..2].to_vec());
    assert!(window.sheet_history(&at).unwrap().iter().all(|h| h.action != "deal.undo"));
    // The window's Ctrl+Z names the line as it saw it: corrected meanwhile on the phone, it
    // is refused, naming the correction (the window took back a line it had not seen).
    let seen = lines[1].clone();
    phone.deal_correct(&at, 2, lines[2].clone(), None, "the phone's line mended").unwrap();
    let err = window.deal_undo(&at, 2, Some(seen), "typed on the wrong table").unwrap_err();
    assert_eq!(err.kind(), "conflict", "{err}");
    assert!(err.to_string().contains("Bart (phone)"), "{err}");
    assert_eq!(window.sheet(&at).unwrap().lines.len(), 2, "nothing taken back");
    // Named right, the last line goes.
    assert_eq!(phone.deal_undo(&at, 2, Some(lines[2].clone()), "wrong table").unwrap().lines.len(), 1);
}

/// Every message a user may see comes in FR, NL and EN, refusals and the rest alike.
#[test]
fn not_found_conflicts_and_refusals_are_said_in_every_language() {
    let (mut app, t) = table();
    let missing = app.sheet(&atout_api::TableRef::new(&t, 1, 7)).unwrap_err();
    assert_eq!(missing.kind(), "not-found");
    let texts = missing.texts();
    assert_eq!(
        (texts.en.as_str(), texts.fr.as_str(), texts.nl.as_str()),
        ("round 1 has no table 7", "la manche 1 n'a pas de table 7", "ronde 1 heeft geen tafel 7")
    );
    let json = serde_json::to_value(&missing).unwrap();
    assert_eq!(json["message_texts"]["nl"], "ronde 1 heeft geen tafel 7");
    let no_reason = app.deal_undo(&atout_api::TableRef::new(&t, 1, 1), 1, None, " ").unwrap_err();
    assert_eq!(no_reason.kind(), "invalid");
    assert!(no_reason.texts().fr.contains("motif"), "{:?}", no_reason.texts());
    let refused = app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, json!({"contract": "C", "counts": [1, 1, 1, 0]})).unwrap_err();
    assert_eq!(refused.kind(), "refused");
    assert!(refused.texts().fr.starts_with("manche 1, table 1, ligne 1 : "), "{:?}", refused.texts());
}

/// A line numbered 0 is no line of the sheet: it was said to have been «written meanwhile».
#[test]
fn line_zero_is_no_line_not_one_written_meanwhile() {
    let (mut app, t) = table();
    let at = atout_api::TableRef::new(&t, 1, 1);
    app.deal_add(&at, None, json!({"contract": "E", "taker": 3})).unwrap();
    let e = app.deal_add(&at, Some(0), json!({"contract": "E", "taker": 4})).unwrap_err();
    assert_eq!(e.kind(), "not-found", "{e}");
    assert!(!e.to_string().contains("meanwhile"), "{e}");
    assert_eq!(app.sheet(&at).unwrap().lines.len(), 1);
}

/// Another tool's document names the club's players as a person writes them: «Chloé» in
/// decomposed letters, a space after a name, no member number. They are the registered
/// players (RULES.md §6: one person across a season), not new ones: each was registered a
/// second time, and a season counted their evenings as two people's.
#[test]
fn an_imported_document_finds_the_registered_players_as_written_by_another_tool() {
    let doc = |chloe: &str, anne: &str, anne_member: &str| {
        json!({"format": "atout-tournament/1", "name": "Evening", "game": "double-king", "settings": {"rounds": 1},
            "players": [{"id": "a", "name": anne, "club": "De Troef", "member": anne_member}, {"id": "b", "name": chloe, "club": "De Troef"},
                {"id": "c", "name": "Dirk"}, {"id": "d", "name": "Eva"}],
            "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["a", "b", "c", "d"], "first_dealer": 1, "deals": [{"contract": "E", "taker": 2}]}]}]})
        .to_string()
    };
    let mut app = Atout::open_in_memory().unwrap();
    app.import_document(&doc("Chloé", "Anne Peeters", "1001")).unwrap();
    assert_eq!(app.players_list().unwrap().len(), 4);
    app.import_document(&doc("Chloe\u{301}", "Anne Peeters ", "")).unwrap();
    let names: Vec<String> = app.players_list().unwrap().iter().map(|p| p.name.clone()).collect();
    assert_eq!(names.len(), 4, "{names:?}");
    // A namesake of another club is a doubt left to the secretary, registered anew.
    let other = doc("Chloé", "Anne Peeters", "").replace("\"De Troef\"", "\"Les Atouts\"");
    app.import_document(&other).unwrap();
    assert_eq!(app.players_list().unwrap().len(), 6);
    assert_eq!(app.player_doubts().unwrap().len(), 2);
    // A namesake of another club listed before the registered player, both at one evening:
    // the registered one is found, the other is new, and no doubt links them (it was asked
    // whether the two players of one evening were one person).
    let mut app = Atout::open_in_memory().unwrap();
    app.import_document(&doc("Chloé", "Anne Peeters", "1001")).unwrap();
    let mut twins: serde_json::Value = serde_json::from_str(&doc("Chloé", "Anne Peeters", "1001")).unwrap();
    twins["players"][2] = json!({"id": "c", "name": "Chloé", "club": "Les Atouts"});
    twins["players"].as_array_mut().unwrap().swap(1, 2);
    let twins = twins.to_string();
    app.import_document(&twins).unwrap();
    assert_eq!(app.players_list().unwrap().len(), 5);
    assert!(app.player_doubts().unwrap().is_empty());
}

/// A player registered by hand without a member number (or a club) is found again by a
/// document or a club's list that knows them: the number and the club are added to the
/// registered player, as a new version (they were dropped, and the next list that matched by
/// number alone found no one).
#[test]
fn a_member_number_a_document_or_a_list_knows_is_added_to_the_registered_player() {
    let mut app = Atout::open_in_memory().unwrap();
    let anne = app.player_add("Anne Peeters", "De Troef", "", false).unwrap().id;
    let bart = app.player_add("Bart Claes", "", "", false).unwrap().id;
    let doc = json!({"format": "atout-tournament/1", "name": "Evening", "game": "double-king", "settings": {"rounds": 1},
        "players": [{"id": "a", "name": "Anne Peeters", "club": "De Troef", "member": "1001"}, {"id": "c", "name": "Chloé"},
            {"id": "d", "name": "Dirk"}, {"id": "e", "name": "Eva"}],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["a", "c", "d", "e"], "first_dealer": 1, "deals": []}], "byes": []}]});
    app.import_document(&doc.to_string()).unwrap();
    let find = |app: &mut Atout, id| app.players_list().unwrap().into_iter().find(|p| p.id == id).unwrap();
    assert_eq!((find(&mut app, anne).club, find(&mut app, anne).member), ("De Troef".to_string(), "1001".to_string()));
    // The club's list: Bart's club and number are taken; Anne's number is kept, not replaced.
    let listed = app.players_import("name;club;member\nBart Claes;De Troef;1002\nAnne Peeters;De Troef;\n", None).unwrap();
    assert_eq!(listed.known.iter().map(|p| (p.id, p.member.as_str())).collect::<Vec<_>>(), [(bart, "1002"), (anne, "1001")]);
    assert_eq!((find(&mut app, bart).club, find(&mut app, bart).member), ("De Troef".to_string(), "1002".to_string()));
    assert_eq!(app.players_list().unwrap().len(), 5);
    // Two namesakes in a list, the registry knowing one of them without club or number: which
    // one it is the list does not say, so neither's club goes to them (the first row's did, and
    // the second was registered anew).
    let jan = app.player_add("Jan Peeters", "", "", false).unwrap().id;
    app.players_import("name;club;member\nJan Peeters;Club X;111\nJan Peeters;Club Y;222\n", None).unwrap();
    let jan_now = find(&mut app, jan);
    assert_eq!((jan_now.club.as_str(), jan_now.member.as_str()), ("", ""));
    // The next document, matched by number alone under another spelling, finds Bart.
    let mut again = doc.clone();
    again["players"][0] = json!({"id": "a", "name": "Bart Claes", "club": "De Troef", "member": "1002"});
    app.import_document(&again.to_string()).unwrap();
    assert_eq!(app.players_list().unwrap().len(), 6);
}
