//! Table devices through the api (issue "Table devices", FORMAT.md "Table devices"):
//! codes per round, a line written once per key, conflicts naming who wrote,
//! revoked codes, locked tables, other tables and rounds, the jury's code.

mod common;
use atout_api::{ApiError, Atout, DrawRequest, NewTournament, TableRef};
use common::worked_example;
use serde_json::json;

/// A two-table Double King tournament (eight players), round 1 drawn, first dealers at seat 3.
fn evening() -> (Atout, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Club".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    for table in [1, 2] {
        app.table_dealer(&TableRef::new(&t, 1, table), 3, "cards drawn for the deal").unwrap();
    }
    (app, t)
}

fn deals(app: &Atout) -> i64 {
    app.row_counts().unwrap().into_iter().find(|(n, _)| n == "deals").unwrap().1
}

#[test]
fn a_round_gets_a_code_per_table_and_one_for_the_jury_issued_once() {
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://10.0.0.2:8777/").unwrap();
    assert_eq!(codes.tables.iter().map(|x| x.table).collect::<Vec<_>>(), vec![1, 2]);
    let mut all: Vec<&str> = codes.tables.iter().map(|x| x.code.as_str()).chain([codes.jury.code.as_str()]).collect();
    for c in &all {
        assert_eq!(c.len(), 16, "{c}");
        assert!(c.bytes().all(|b| b"0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains(&b)), "{c}");
    }
    assert_eq!(codes.tables[0].url, format!("http://10.0.0.2:8777/t/{}", codes.tables[0].code));
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 3, "three distinct codes");
    // Asked again, the same codes: nothing new issued.
    let again = app.devices(&t, 1, "http://10.0.0.2:8777").unwrap();
    assert_eq!(again.tables[1].code, codes.tables[1].code);
    assert_eq!(again.jury.code, codes.jury.code);
    // A code is read as typed: lower case, in groups, O for 0, I and L for 1.
    let typed = atout_api::devices::spaced(&codes.tables[1].code).to_lowercase().replace('0', "o").replace('1', "l");
    let d = app.device(&typed).unwrap();
    assert_eq!((d.role, d.round, d.table), ("table", 1, Some(2)));
}

#[test]
fn a_line_is_written_once_under_its_key_and_a_retry_stores_nothing() {
    let (mut app, t) = evening();
    let code = app.devices(&t, 1, "http://x").unwrap().tables[0].code.clone();
    let d = app.device(&code).unwrap();
    let line = worked_example()[0].clone();
    let before = deals(&app);
    let first = app.device_line(&d, "Anne", "k-1", 1, line.clone(), None).unwrap();
    assert_eq!((first.line, first.stored), (1, true));
    let retry = app.device_line(&d, "Anne", "k-1", 1, line.clone(), None).unwrap();
    assert_eq!((retry.line, retry.stored), (1, false));
    assert_eq!(deals(&app), before + 1, "one row, not two");
    // The change names the scorer and the table.
    let history = app.sheet_history(&TableRef::new(&t, 1, 1)).unwrap();
    assert_eq!(history.last().unwrap().by, "Anne [table 1]");
    // Another key for line 1: the line is taken, by whom and when.
    let e = app.device_line(&d, "Bart", "k-other", 1, worked_example()[1].clone(), None).unwrap_err();
    assert_eq!(e.kind(), "conflict");
    let body = serde_json::to_value(&e).unwrap();
    assert_eq!(body["by"], "Anne [table 1]");
    assert_eq!(body["line"], 1);
    assert!(body["at"].as_str().unwrap().ends_with('Z'));
    assert!(e.texts().fr.contains("Anne (table 1, sur le téléphone)"), "{}", e.texts().fr);
    assert_eq!(deals(&app), before + 1);
    // A line the rules refuse (E by the dealer's neighbour twice is fine; a D with 9 hearts is not).
    let e = app.device_line(&d, "Anne", "k-2", 2, json!({"contract": "D", "counts": [9, 0, 0, 0]}), None).unwrap_err();
    assert_eq!(e.kind(), "refused");
    assert_eq!(deals(&app), before + 1, "nothing stored");
    // The key of a refused line was not stored: the corrected line under that key goes in.
    assert!(app.device_line(&d, "Anne", "k-2", 2, worked_example()[1].clone(), None).unwrap().stored);
    // A line after a gap is refused.
    assert_eq!(app.device_line(&d, "Anne", "k-9", 9, worked_example()[2].clone(), None).unwrap_err().kind(), "conflict");
}

/// A key is one line's own (FORMAT.md): sent again with another entry, it is no retry, and
/// answering "stored" would lose that line without a word. Refused as a conflict naming the
/// line the key wrote, nothing written — the table's line, the jury's fault and ruling, and a
/// line sent under a code revoked since.
#[test]
fn a_key_sent_again_with_another_entry_is_a_conflict_not_stored() {
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let d = app.device(&codes.tables[0].code).unwrap();
    let (one, two) = (worked_example()[0].clone(), worked_example()[1].clone());
    assert!(app.device_line(&d, "Anne", "k-1", 1, one.clone(), None).unwrap().stored);
    let rows = |app: &Atout| app.row_counts().unwrap().into_iter().filter(|(n, _)| n == "deals" || n == "rulings").collect::<Vec<_>>();
    let before = rows(&app);
    // The same key for line 2 with another deal: a conflict over line 1, which the key wrote.
    let e = app.device_line(&d, "Anne", "k-1", 2, two.clone(), None).unwrap_err();
    assert_eq!(e.kind(), "conflict");
    assert_eq!(serde_json::to_value(&e).unwrap()["line"], 1);
    assert!(e.texts().en.contains("already wrote line 1"), "{}", e.texts().en);
    // And for line 1 itself, another deal than the one written.
    assert_eq!(app.device_line(&d, "Anne", "k-1", 1, two.clone(), None).unwrap_err().kind(), "conflict");
    // The same entry again is the retry it always was, wherever the device now numbers it.
    let retry = app.device_line(&d, "Anne", "k-1", 1, one.clone(), None).unwrap();
    assert_eq!((retry.line, retry.stored), (1, false));
    assert_eq!(rows(&app), before, "nothing written");
    // Sent under its code revoked since: the key found, the entry not its own.
    app.device_revoke(&t, 1, Some(1), "phone lost", "http://x").unwrap();
    assert_eq!(app.device_stored(&codes.tables[0].code, "k-1", &two).unwrap_err().kind(), "conflict");
    assert_eq!(app.device_stored(&codes.tables[0].code, "k-1", &one).unwrap().map(|s| (s.line, s.stored)), Some((1, false)));
    // The jury's fault line and ruling, the same way.
    let jury = app.device(&codes.jury.code).unwrap();
    let fault = json!({"contract": "A", "fault_by": 1, "reason": "revoke", "by": "Marc"});
    assert!(app.device_fault(&jury, "Marc", 1, 2, fault.clone(), "f").unwrap().stored);
    let other = json!({"contract": "A", "fault_by": 2, "reason": "revoke", "by": "Marc"});
    assert_eq!(app.device_fault(&jury, "Marc", 1, 2, other, "f").unwrap_err().kind(), "conflict");
    assert!(!app.device_fault(&jury, "Marc", 1, 2, fault, "f").unwrap().stored);
    let ruling = json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "Marc"});
    assert!(app.device_ruling(&jury, "Marc", 1, 1, ruling.clone(), "r").unwrap().stored);
    let fine = json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Marc"});
    assert_eq!(app.device_ruling(&jury, "Marc", 1, 1, fine, "r").unwrap_err().kind(), "conflict");
    let again = app.device_ruling(&jury, "Marc", 1, 1, ruling, "r").unwrap();
    assert_eq!((again.stored, again.sheet.rulings.len()), (false, 1));
}

#[test]
fn a_table_code_covers_its_table_in_its_round_and_nothing_else() {
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let d = app.device(&codes.tables[0].code).unwrap();
    for (round, table) in [(None, Some(2)), (Some(2), None), (Some(1), Some(2))] {
        assert_eq!(app.device_sheet(&d, round, table).unwrap_err().kind(), "forbidden");
    }
    assert_eq!(app.device_sheet(&d, Some(1), Some(1)).unwrap().table, 1);
    // Rulings and faults are the jury's.
    let ruling = json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "Jury"});
    assert_eq!(app.device_ruling(&d, "Anne", 1, 1, ruling.clone(), "r-1").unwrap_err().kind(), "forbidden");
    // The jury's code: rulings at any table, no played deal.
    let jury = app.device(&codes.jury.code).unwrap();
    assert_eq!(jury.role, "jury");
    let written = app.device_ruling(&jury, "Marc", 1, 2, ruling, "r-2").unwrap();
    assert_eq!((written.sheet.rulings.len(), written.stored), (1, true));
    assert_eq!(app.device_line(&jury, "Marc", "j-1", 1, worked_example()[0].clone(), None).unwrap_err().kind(), "forbidden");
    assert_eq!(app.device_fault(&jury, "Marc", 1, 2, worked_example()[0].clone(), "f-0").unwrap_err().kind(), "forbidden");
    assert_eq!(app.device_check(&jury, None, worked_example()[0].clone()).unwrap_err().kind(), "forbidden", "a table's line is checked by its table");
    // Guessed codes: never issued, or not a code at all.
    for guess in ["AAAAAAAAAAAAAAAA", "", "x", &"7".repeat(5000), "../../etc/passwd"] {
        assert_eq!(app.device(guess).unwrap_err().kind(), "unauthorized", "{guess:.20}");
    }
}

#[test]
fn a_revoked_code_writes_nothing_even_when_read_before_it_was_revoked() {
    let (mut app, t) = evening();
    let old = app.devices(&t, 1, "http://x").unwrap().tables[0].code.clone();
    let d = app.device(&old).unwrap();
    assert_eq!(app.device_revoke(&t, 1, Some(1), "", "http://x").unwrap_err().kind(), "invalid", "a reason is asked");
    let new = app.device_revoke(&t, 1, Some(1), "phone lost", "http://x").unwrap().tables[0].code.clone();
    assert_ne!(new, old);
    assert_eq!(app.device(&old).unwrap_err().kind(), "unauthorized");
    let before = deals(&app);
    assert_eq!(app.device_line(&d, "Anne", "k", 1, worked_example()[0].clone(), None).unwrap_err().kind(), "unauthorized");
    assert_eq!(deals(&app), before);
    let d = app.device(&new).unwrap();
    assert!(app.device_line(&d, "Anne", "k", 1, worked_example()[0].clone(), None).unwrap().stored);
    // The log tells the revocation.
    let log = app.audit(&t).unwrap();
    assert!(log.iter().any(|e| e.kind == "device" && e.reason == "phone lost" && e.table == Some(1)));
}

/// A line stored, then the table's code replaced and an opponent's confirmation asked of
/// every line: the retry of that stored line under the new code is still that line (200, not
/// stored again). It was refused 403 for want of a confirmation, the page marked it refused,
/// and the scorer typing it again under a new key wrote it twice.
#[test]
fn a_stored_line_sent_again_once_confirmation_is_asked_is_still_that_line() {
    let (mut app, t) = evening();
    let old = app.devices(&t, 1, "http://x").unwrap().tables[0].code.clone();
    let d = app.device(&old).unwrap();
    let line = worked_example()[0].clone();
    assert!(app.device_line(&d, "Anne", "k-1", 1, line.clone(), None).unwrap().stored);
    let new = app.device_revoke(&t, 1, Some(1), "phone lost", "http://x").unwrap().tables[0].code.clone();
    app.tournament_settings(&t, &json!({"device_confirm": true}), "opponents confirm from now on").unwrap();
    let d = app.device(&new).unwrap();
    let before = deals(&app);
    let retry = app.device_line(&d, "Anne", "k-1", 1, line, None).unwrap();
    assert_eq!((retry.line, retry.stored), (1, false));
    assert_eq!(deals(&app), before);
    // A new line still needs its confirmation.
    assert_eq!(app.device_line(&d, "Anne", "k-2", 2, worked_example()[1].clone(), None).unwrap_err().kind(), "forbidden");
    assert!(app.device_line(&d, "Anne", "k-2", 2, worked_example()[1].clone(), Some("Bart")).unwrap().stored);
}

/// The jury's phone, its code read before the secretary revoked it: the check inside the
/// write refuses its ruling and its fault, and nothing is stored.
#[test]
fn a_revoked_jury_code_writes_nothing_even_when_read_before_it_was_revoked() {
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let jury = app.device(&codes.jury.code).unwrap();
    // A fault the jury may write (line 1 of table 1): it reads as a line there.
    let fault = json!({"contract": "A", "fault_by": 1});
    let table = app.device(&codes.tables[0].code).unwrap();
    let staged = app.device_check(&table, None, fault.clone());
    assert!(staged.is_ok(), "the fault reads as a line: {staged:?}");
    app.device_revoke(&t, 1, None, "jury phone lost", "http://x").unwrap();
    let rows = |app: &Atout| app.row_counts().unwrap().into_iter().filter(|(n, _)| n == "deals" || n == "rulings").collect::<Vec<_>>();
    let before = rows(&app);
    let ruling = json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "Marc"});
    assert_eq!(app.device_ruling(&jury, "Marc", 1, 1, ruling, "j-1").unwrap_err().kind(), "unauthorized");
    assert_eq!(app.device_fault(&jury, "Marc", 1, 1, fault, "j-2").unwrap_err().kind(), "unauthorized");
    assert_eq!(rows(&app), before);
}

/// The jury's code covers every table of every round: revoked in round 2 (a lost phone), the
/// code of round 1 that the same phone kept is revoked with it (it went on writing rulings at
/// round 2's tables); a table's code of round 1 is not touched by it.
#[test]
fn revoking_the_jurys_code_revokes_its_codes_of_earlier_rounds() {
    let (mut app, t) = evening();
    let first = app.devices(&t, 1, "http://x").unwrap();
    for table in [1, 2] {
        let at = TableRef::new(&t, 1, table);
        for line in worked_example() {
            app.deal_add(&at, None, line).unwrap();
        }
    }
    app.round_draw(&t, &DrawRequest::new(2, Some(2))).unwrap();
    let second = app.devices(&t, 2, "http://x").unwrap();
    assert_ne!(first.jury.code, second.jury.code);
    assert!(app.device(&first.jury.code).is_ok(), "round 1's jury code covers round 2's tables");
    app.device_revoke(&t, 2, None, "jury phone lost", "http://x").unwrap();
    for old in [&first.jury.code, &second.jury.code] {
        assert_eq!(app.device(old).unwrap_err().kind(), "unauthorized", "{old}");
    }
    let now = app.devices(&t, 2, "http://x").unwrap().jury.code;
    assert!(app.device(&now).is_ok(), "the new code works");
}

#[test]
fn a_locked_table_refuses_its_devices_but_not_the_window() {
    let (mut app, t) = evening();
    let code = app.devices(&t, 1, "http://x").unwrap().tables[1].code.clone();
    let d = app.device(&code).unwrap();
    let at = TableRef::new(&t, 1, 2);
    assert!(app.table_lock(&at, true, "sheet settled", "http://x").unwrap().tables[1].locked);
    assert_eq!(app.device_line(&d, "Els", "k", 1, worked_example()[0].clone(), None).unwrap_err().kind(), "forbidden");
    app.deal_add(&at, Some(1), worked_example()[0].clone()).unwrap();
    assert!(!app.table_lock(&at, false, "", "http://x").unwrap().tables[1].locked);
    assert!(app.device_line(&d, "Els", "k", 2, worked_example()[1].clone(), None).unwrap().stored);
}

#[test]
fn a_code_of_the_round_before_is_refused_once_the_next_round_is_drawn() {
    let (mut app, t) = evening();
    let one = app.devices(&t, 1, "http://x").unwrap();
    for table in [1, 2] {
        let at = TableRef::new(&t, 1, table);
        for (i, line) in worked_example().into_iter().enumerate() {
            app.deal_add(&at, Some(i + 1), line).unwrap();
        }
    }
    app.round_draw(&t, &DrawRequest::new(2, Some(7))).unwrap();
    assert_eq!(app.device(&one.tables[0].code).unwrap_err().kind(), "forbidden");
    // The jury's code of round 1 still covers the tournament.
    assert_eq!(app.device(&one.jury.code).unwrap().role, "jury");
    let two = app.devices(&t, 2, "http://x").unwrap();
    assert!(two.tables.iter().all(|x| one.tables.iter().all(|y| y.code != x.code)), "new codes every round");
    assert_eq!(app.device(&two.tables[0].code).unwrap().round, 2);
}

/// A round drawn again (no line written yet) seats other players at its tables: the codes of
/// the earlier draw are revoked with it, even on a phone that read its code before. Before,
/// table 1's phone went on writing table 1 of the new draw, a line typed for another seating.
#[test]
fn a_round_drawn_again_revokes_its_tables_codes_not_the_jurys() {
    let (mut app, t) = evening();
    let before = app.devices(&t, 1, "http://x").unwrap();
    let d = app.device(&before.tables[0].code).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(99))).unwrap();
    for table in [1, 2] {
        app.table_dealer(&TableRef::new(&t, 1, table), 3, "cards drawn for the deal").unwrap();
    }
    let rows = deals(&app);
    assert_eq!(app.device_line(&d, "Anne", "k-1", 1, worked_example()[0].clone(), None).unwrap_err().kind(), "unauthorized");
    assert_eq!(deals(&app), rows, "nothing stored");
    for old in &before.tables {
        assert_eq!(app.device(&old.code).unwrap_err().kind(), "unauthorized", "table {}", old.table);
    }
    assert_eq!(app.device(&before.jury.code).unwrap().role, "jury", "the jury's code covers any draw");
    // New codes for the new draw's tables, which write.
    let after = app.devices(&t, 1, "http://x").unwrap();
    assert!(after.tables.iter().all(|x| before.tables.iter().all(|y| y.code != x.code)));
    assert_eq!(after.jury.code, before.jury.code);
    let d = app.device(&after.tables[0].code).unwrap();
    assert!(app.device_line(&d, "Anne", "k-1", 1, worked_example()[0].clone(), None).unwrap().stored);
}

/// A table's phone that read its code in round 1 corrects a line after round 2 was drawn:
/// the check inside the write finds the round over and stores nothing. Before, only the
/// check when the code was read knew the round, and the correction was stored.
#[test]
fn a_table_code_read_before_the_next_round_was_drawn_writes_nothing_after() {
    use atout_api::devices::DeviceFix;
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let d = app.device(&codes.tables[0].code).unwrap();
    for table in [1, 2] {
        let at = TableRef::new(&t, 1, table);
        for (i, line) in worked_example().into_iter().enumerate() {
            app.deal_add(&at, Some(i + 1), line).unwrap();
        }
    }
    app.round_draw(&t, &DrawRequest::new(2, Some(7))).unwrap();
    let rows = deals(&app);
    let last = worked_example().len();
    let fix =
        DeviceFix { round: None, table: None, line: last, entry: None, before: Some(worked_example()[last - 1].clone()), reason: "typo".into(), key: None };
    let e = app.device_fix(&d, "Anne", fix).unwrap_err();
    assert_eq!(e.kind(), "forbidden", "{e:?}");
    assert!(e.to_string().contains("round 2 is being played"), "{e}");
    assert_eq!(deals(&app), rows, "nothing stored");
}

#[test]
fn every_device_refusal_is_said_in_every_language() {
    let (mut app, t) = evening();
    let e: ApiError = app.device("AAAAAAAAAAAAAAAA").unwrap_err();
    let s = e.texts();
    assert!(s.en.contains("unknown") && s.fr.contains("inconnu") && s.nl.contains("onbekend"));
    let code = app.devices(&t, 1, "http://x").unwrap().tables[0].code.clone();
    let d = app.device(&code).unwrap();
    for bad in ["", "with space", &"k".repeat(65)] {
        assert_eq!(app.device_line(&d, "Anne", bad, 1, worked_example()[0].clone(), None).unwrap_err().kind(), "invalid");
    }
    assert_eq!(app.device_line(&d, "", "k", 1, worked_example()[0].clone(), None).unwrap_err().kind(), "invalid", "the scorer says who");
    assert_eq!(app.device_line(&d, "Anne", "k", 0, worked_example()[0].clone(), None).unwrap_err().kind(), "invalid");
}

/// The jury's phone loses the answer to a ruling or a fault it wrote and sends it again under
/// the same key: stored once, the retry told so; another key writes another.
#[test]
fn the_jurys_ruling_or_fault_sent_again_under_its_key_is_stored_once() {
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let jury = app.device(&codes.jury.code).unwrap();
    let rows = |app: &Atout| app.row_counts().unwrap().into_iter().filter(|(n, _)| n == "deals" || n == "rulings").collect::<Vec<_>>();
    let ruling = json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "Marc"});
    let first = app.device_ruling(&jury, "Marc", 1, 1, ruling.clone(), "jury-r1").unwrap();
    assert!(first.stored);
    let after = rows(&app);
    let again = app.device_ruling(&jury, "Marc", 1, 1, ruling.clone(), "jury-r1").unwrap();
    assert_eq!((again.stored, again.sheet.rulings.len()), (false, 1));
    assert_eq!(rows(&app), after, "nothing written by the retry");
    // The same fine again under a key of its own is a second ruling, as the jury meant.
    assert!(app.device_ruling(&jury, "Marc", 1, 1, ruling.clone(), "jury-r2").unwrap().stored);
    assert_eq!(app.device_ruling(&jury, "Marc", 1, 1, ruling, "jury-r2").unwrap().sheet.rulings.len(), 2);
    // A fault line, the same way (its key kept as a table's line keeps its own).
    let fault = json!({"contract": "A", "fault_by": 1, "reason": "revoke", "by": "Marc"});
    let written = app.device_fault(&jury, "Marc", 1, 2, fault.clone(), "jury-f1").unwrap();
    assert_eq!((written.stored, written.sheet.lines.len()), (true, 1));
    let again = app.device_fault(&jury, "Marc", 1, 2, fault.clone(), "jury-f1").unwrap();
    assert_eq!((again.stored, again.sheet.lines.len()), (false, 1));
    // The jury's keys are its own: a table's device that numbers its lines' keys «1», «2»…
    // and the jury's phone sending «1» too write two lines, not one.
    let table = app.device(&codes.tables[1].code).unwrap();
    let line = app.sheet(&TableRef::new(&t, 1, 2)).unwrap().lines.len() + 1;
    assert!(app.device_line(&table, "Anne", "1", line, worked_example()[1].clone(), None).unwrap().stored);
    let faulted = app.device_fault(&jury, "Marc", 1, 2, fault.clone(), "1").unwrap();
    assert_eq!((faulted.stored, faulted.sheet.lines.len()), (true, line + 1));
    // A key no device would send is refused, and writes nothing.
    let before = rows(&app);
    assert_eq!(app.device_fault(&jury, "Marc", 1, 2, fault, "a key\n").unwrap_err().kind(), "invalid");
    assert_eq!(rows(&app), before);
}

/// The jury's phone corrects a line only as the cards it replayed give it: every card legal,
/// the deal played to its end, the line's figures the cards'. A play left half-way let any
/// figures through.
#[test]
fn the_jurys_phone_corrects_a_line_only_as_its_whole_play_gives_it() {
    let (mut app, t) = evening();
    let at = TableRef::new(&t, 1, 1);
    // The record's dealer (seat 4) deals line 1.
    app.table_dealer(&at, 4, "cards drawn again").unwrap();
    app.deal_add(&at, None, json!({"contract": "A", "counts": [4, 4, 3, 2]})).unwrap();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let jury = app.device(&codes.jury.code).unwrap();
    let record: serde_json::Value = serde_json::from_str(&common::read("hands/double-king-A.json")).unwrap();
    let fix = |entry: serde_json::Value| atout_api::devices::DeviceFix {
        round: Some(1),
        table: Some(1),
        line: 1,
        entry: Some(entry),
        before: None,
        reason: "replayed".into(),
        key: None,
    };
    let whole = json!({"contract": "A", "counts": record["deal"]["counts"], "hand": record["hand"]});
    // Half the play, and figures the cards cannot have given: refused, nothing written.
    let mut half = record["hand"].clone();
    half["play"] = json!(record["hand"]["play"].as_array().unwrap()[..20]);
    let refused = app.device_fix(&jury, "Marc", fix(json!({"contract": "A", "counts": [13, 0, 0, 0], "hand": half}))).unwrap_err();
    assert_eq!(refused.kind(), "forbidden", "{refused}");
    assert_eq!(app.sheet(&at).unwrap().lines[0].entry["counts"], json!([4, 4, 3, 2]));
    // The whole play, and the figures it gives: written.
    let sheet = app.device_fix(&jury, "Marc", fix(whole)).unwrap();
    assert_eq!(sheet.lines[0].entry["counts"], record["deal"]["counts"]);
}

/// A table's code corrects and takes back only its own table's lines, as the scorer saw them,
/// and never a jury's fault: the round and table a correction names were dropped, a fault
/// went in from a table's phone, and a correction without `before` overwrote anything.
#[test]
fn a_table_code_corrects_only_its_own_lines_as_seen_and_no_fault() {
    use atout_api::devices::DeviceFix;
    let (mut app, t) = evening();
    let codes = app.devices(&t, 1, "http://x").unwrap();
    let one = app.device(&codes.tables[0].code).unwrap();
    let two = app.device(&codes.tables[1].code).unwrap();
    let (a, b) = (worked_example()[0].clone(), worked_example()[1].clone());
    for d in [&one, &two] {
        app.device_line(d, "Anne", "k-1", 1, a.clone(), None).unwrap();
        app.device_line(d, "Anne", "k-2", 2, b.clone(), None).unwrap();
    }
    let lines = |app: &mut Atout, table: i64| app.sheet(&TableRef::new(&t, 1, table)).unwrap().lines.iter().map(|l| l.entry.clone()).collect::<Vec<_>>();
    let fix = |at: Option<(i64, i64)>, entry: Option<serde_json::Value>, before: Option<serde_json::Value>| DeviceFix {
        round: at.map(|(r, _)| r),
        table: at.map(|(_, t)| t),
        line: 2,
        entry,
        before,
        reason: "typo".into(),
        key: None,
    };
    // Table 1's code naming table 2: refused, and neither sheet changes.
    assert_eq!(app.device_fix(&one, "Anne", fix(Some((1, 2)), None, Some(b.clone()))).unwrap_err().kind(), "forbidden");
    assert_eq!(app.device_fix(&one, "Anne", fix(Some((2, 1)), None, Some(b.clone()))).unwrap_err().kind(), "forbidden");
    // A table named without its round (it was taken for the code's own table, and its line undone).
    let only_table = DeviceFix { round: None, table: Some(2), line: 2, entry: None, before: Some(b.clone()), reason: "typo".into(), key: None };
    assert_eq!(app.device_fix(&one, "Anne", only_table).unwrap_err().kind(), "forbidden");
    assert_eq!((lines(&mut app, 1).len(), lines(&mut app, 2).len()), (2, 2));
    // Without the line as the scorer saw it: refused; with another version: a conflict naming who.
    assert_eq!(app.device_fix(&one, "Anne", fix(None, None, None)).unwrap_err().kind(), "invalid");
    let e = app.device_fix(&one, "Anne", fix(None, None, Some(a.clone()))).unwrap_err();
    let body = serde_json::to_value(&e).unwrap();
    assert_eq!((e.kind(), body["line"].as_u64(), body["by"].as_str()), ("conflict", Some(2), Some("Anne [table 1]")));
    assert!(body["at_local"].is_string());
    assert_eq!(lines(&mut app, 1).len(), 2);
    // Its own line as seen: taken back.
    assert_eq!(app.device_fix(&one, "Anne", fix(Some((1, 1)), None, Some(b.clone()))).unwrap().lines.len(), 1);
    // A fault is the jury's: not written from a table's code, nor taken back.
    let fault = json!({"contract": "A", "fault_by": 1, "reason": "revoke", "by": "Marc"});
    assert_eq!(app.device_line(&one, "Anne", "k-3", 2, fault.clone(), None).unwrap_err().kind(), "forbidden");
    assert_eq!(lines(&mut app, 1).len(), 1, "nothing stored");
    let jury = app.device(&codes.jury.code).unwrap();
    app.device_fault(&jury, "Marc", 1, 1, fault.clone(), "f").unwrap();
    let e = app
        .device_fix(&one, "Anne", DeviceFix { round: None, table: None, line: 2, entry: None, before: Some(fault), reason: "no".into(), key: None })
        .unwrap_err();
    assert_eq!(e.kind(), "forbidden");
    assert_eq!(lines(&mut app, 1).len(), 2);
    // The rulings are the jury's to read.
    assert_eq!(atout_api::devices::device_jury(&one).unwrap_err().kind(), "forbidden");
    assert!(atout_api::devices::device_jury(&jury).is_ok());
    // The jury's code reads the table it names; naming none, it was answered table 1's.
    assert_eq!(app.device_sheet(&jury, None, None).unwrap_err().kind(), "invalid");
    assert_eq!(app.device_sheet(&jury, None, Some(2)).unwrap().table, 2);
}

/// A table's progress counts the deals played, not the lines: a voided deal is a line of
/// its own (round 2, table 2 of the Spring Open: 21 lines, 20 deals of 20). It read «21/20».
#[test]
fn a_tables_progress_counts_deals_not_lines() {
    let (mut app, t) = common::imported("spring-open-16.json");
    let round = app.devices(&t, 2, "http://x").unwrap();
    let two = round.tables.iter().find(|x| x.table == 2).unwrap();
    assert_eq!((two.lines, two.played, two.needed, two.complete), (21, 20, 20, true));
}

/// A table locked, or a code revoked, before the round's codes were ever listed: every code of
/// the round is issued and given (they were given blank, the addresses without them).
#[test]
fn a_lock_or_a_revoke_before_the_codes_were_listed_gives_every_code() {
    let (mut app, t) = evening();
    let at = TableRef::new(&t, 1, 1);
    let locked = app.table_lock(&at, true, "settled", "http://x").unwrap();
    assert!(locked.tables.iter().all(|x| x.code.len() == 16 && x.url.ends_with(&x.code)), "{:?}", locked.tables.iter().map(|x| &x.code).collect::<Vec<_>>());
    assert_eq!(locked.jury.code.len(), 16);
    // The same codes as listed after: issued once.
    let listed = app.devices(&t, 1, "http://x").unwrap();
    assert_eq!(listed.tables.iter().map(|x| &x.code).collect::<Vec<_>>(), locked.tables.iter().map(|x| &x.code).collect::<Vec<_>>());
    let (mut app, t) = evening();
    let revoked = app.device_revoke(&t, 1, Some(1), "phone lost", "http://x").unwrap();
    assert!(revoked.tables.iter().all(|x| x.code.len() == 16) && revoked.jury.code.len() == 16);
}
