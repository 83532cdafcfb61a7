//! The jury's device replays a disputed deal, judges a claim and asks "could it have been
//! made?" over the devices' protocol (docs/devices.md), as the Jury screen does in the
//! window: the jury's code only, a table's refused; a line corrected with the cards
//! replayed, and none without them.

use atout_api::{Atout, TableRef};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// One suit a seat: Anne spades, Bart hearts, Chloé diamonds, Dirk clubs.
fn one_suit_each() -> Vec<Vec<String>> {
    ["S", "H", "D", "C"].iter().map(|s| RANKS.iter().map(|r| format!("{r}{s}")).collect()).collect()
}

/// A Double King evening whose table 1 wrote line 1 as C with one queen each; Dirk deals,
/// so Anne leads.
fn document() -> String {
    json!({
        "format": "atout-tournament/1", "name": "Jury", "date": "2026-11-25", "game": "double-king", "settings": {"rounds": 1},
        "players": [{"id": "p1", "name": "Anne"}, {"id": "p2", "name": "Bart"}, {"id": "p3", "name": "Chloé"}, {"id": "p4", "name": "Dirk"}],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["p1", "p2", "p3", "p4"], "first_dealer": 4,
            "deals": [{"contract": "C", "counts": [1, 1, 1, 1]}], "rulings": []}], "byes": []}],
    })
    .to_string()
}

/// One request to the server: its status and its JSON body.
fn ask(addr: SocketAddr, method: &str, path: &str, code: &str, body: Option<&Value>) -> (u16, Value) {
    ask_in("en", addr, method, path, code, body)
}

/// [`ask`] in a language (`Accept-Language`).
fn ask_in(lang: &str, addr: SocketAddr, method: &str, path: &str, code: &str, body: Option<&Value>) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer {code}\r\nAccept-Language: {lang}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let body = out.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// The evening on disk, its round's codes issued, and a server running over it.
struct Served {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
    t: String,
    jury: String,
    table: String,
    server: atout_serve::Running,
}

fn served() -> Served {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jury.db");
    let mut app = Atout::open(&path).unwrap();
    let t = app.import_document(&document()).unwrap().id.to_string();
    let codes = app.devices(&t, 1, "http://jury").unwrap();
    let (jury, table) = (codes.jury.code.clone(), codes.tables[0].code.clone());
    drop(app);
    let server = atout_serve::start(atout_serve::run_alone(Atout::open(&path).unwrap()), "127.0.0.1:0".parse().unwrap()).unwrap();
    Served { _dir: dir, path, t, jury, table, server }
}

#[test]
fn the_jurys_device_replays_a_deal_judges_claims_and_corrects_with_the_cards() {
    let Served { _dir, path, t, jury, table, server } = served();
    let addr = server.addr;
    let names = json!(["Anne", "Bart", "Chloé", "Dirk"]);

    // The line's frame: the game, the seats, the dealer and the line as the table wrote it.
    let (s, frame) = ask(addr, "GET", "/api/v1/hand-record?round=1&table=1&line=1", &jury, None);
    assert_eq!(s, 200, "{frame}");
    assert_eq!((frame["dealer"].clone(), frame["deal"]["counts"].clone()), (json!(4), json!([1, 1, 1, 1])), "{frame}");
    let (s, refused) = ask(addr, "GET", "/api/v1/hand-record?round=1&table=1&line=1", &table, None);
    assert_eq!((s, refused["kind"].clone()), (403, json!("forbidden")), "a table's device replays nothing: {refused}");

    // The cards as the jury types them, in its language; a token that is no card, said so.
    let game = frame["game"].clone();
    let (s, cards) = ask(addr, "POST", "/api/v1/hand-cards", &jury, Some(&json!({"game": game, "typed": "A♠ RP 10k", "lang": "fr"})));
    assert_eq!((s, cards), (200, json!(["AS", "KS", "10D"])));
    let (s, bad) = ask(addr, "POST", "/api/v1/hand-cards", &jury, Some(&json!({"game": game, "typed": "RD", "lang": "fr"})));
    assert_eq!((s, bad["rule"].clone()), (422, json!("not-a-card")), "{bad}");

    // The deal replayed: Anne leads her queen and the others, void, must discard theirs —
    // C ends there, Anne's four queens (not one each, as written).
    let record = |play: &[&str]| {
        let mut r = frame.clone();
        r["hand"] = json!({"cards": one_suit_each(), "play": play});
        r.to_string()
    };
    let queens = ["QS", "QH", "QD", "QC"];
    let (s, checked) = ask(addr, "POST", "/api/v1/hand-check", &jury, Some(&json!({"record": record(&queens)})));
    assert_eq!(s, 200, "{checked}");
    assert_eq!((checked["verdict"]["complete"].clone(), checked["verdict"]["line"].clone()), (json!(true), json!("differs")), "{checked}");
    // Said in the phone's language (it was English whatever the phone asked).
    let (_, nl) = ask_in("nl", addr, "POST", "/api/v1/hand-check", &jury, Some(&json!({"record": record(&queens)})));
    let (en, nl) = (checked["said"].to_string(), nl["said"].to_string());
    assert!(nl != en && nl.contains("slag"), "{nl} / {en}");

    // A claim within trick 1, by the players' names: nobody else holds a spade, so Anne
    // takes all 13 tricks; "at most 12" fails, with the line that beats it.
    let claim = |at_least: Option<usize>, at_most: Option<usize>, code: &str| {
        let asked = json!({"record": record(&queens[..2]), "seat": 1, "at_least": at_least, "at_most": at_most, "lang": "en", "names": names});
        ask(addr, "POST", "/api/v1/claim", code, Some(&asked))
    };
    let (s, holds) = claim(Some(13), None, &jury);
    assert_eq!((s, holds["holds"].clone()), (200, json!(true)), "{holds}");
    assert_eq!(holds["words"][1], "The claim holds: whatever Bart, Chloé and Dirk play, Anne takes at least 13");
    let (s, fails) = claim(None, Some(12), &jury);
    assert_eq!((s, fails["holds"].clone(), fails["best"].clone()), (200, json!(false), json!(13)), "{fails}");
    assert_eq!(fails["line_tricks"].as_array().map(Vec::len), Some(13), "the line that beats it, to the end: {fails}");
    let (s, refused) = claim(Some(13), None, &table);
    assert_eq!((s, refused["kind"].clone()), (403, json!("forbidden")), "{refused}");

    // "Could it have been made?" on the finished deal: Anne is sure of every trick.
    let (s, solved) = ask(addr, "POST", "/api/v1/solve", &jury, Some(&json!({"record": record(&queens), "seat": 1, "lang": "en", "names": names})));
    assert_eq!(s, 200, "{solved}");
    assert!(
        solved["words"]
            .as_array()
            .unwrap()
            .contains(&json!("From the first card (13 tricks) — Anne: at least 13 for sure playing for tricks; never fewer than 13 playing to lose them")),
        "{solved}"
    );
    let (s, refused) = ask(addr, "POST", "/api/v1/solve", &table, Some(&json!({"record": record(&queens), "seat": 1})));
    assert_eq!(s, 403, "{refused}");
    // A record that does not read: refused, in the language asked.
    let (s, bad) = ask(addr, "POST", "/api/v1/hand-check", &jury, Some(&json!({"record": "{"})));
    assert!((400..500).contains(&s), "{s} {bad}");

    // "Use these figures": the jury corrects the line with the cards replayed; the line
    // then carries them. Without the cards, the jury's code corrects nothing.
    let before = frame["deal"].clone();
    let mut entry = before.clone();
    entry["counts"] = json!([4, 0, 0, 0]);
    let (s, refused) = ask(
        addr,
        "POST",
        "/api/v1/fix",
        &jury,
        Some(&json!({"round": 1, "table": 1, "line": 1, "entry": entry, "before": before, "reason": "the jury says so", "scorer": "Marc"})),
    );
    assert_eq!((s, refused["kind"].clone()), (403, json!("forbidden")), "{refused}");
    entry["hand"] = serde_json::from_str::<Value>(&record(&queens)).unwrap()["hand"].clone();
    let fix = json!({"round": 1, "table": 1, "line": 1, "entry": entry, "before": before, "reason": "figures from the cards, replayed by the jury", "scorer": "Marc"});
    let (s, sheet) = ask(addr, "POST", "/api/v1/fix", &jury, Some(&fix));
    assert_eq!(s, 200, "{sheet}");
    assert_eq!(sheet["lines"][0]["entry"]["counts"], json!([4, 0, 0, 0]), "{sheet}");
    // Sent again on the line as it now stands: it moved since the version the jury saw.
    let (s, moved) = ask(addr, "POST", "/api/v1/fix", &jury, Some(&fix));
    assert_eq!(s, 409, "{moved}");
    drop(server);

    let mut app = Atout::open(&path).unwrap();
    let history = app.sheet_history(&TableRef::new(&t, 1, 1)).unwrap();
    let last = history.last().unwrap();
    assert_eq!(serde_json::to_value(last).unwrap()["by"], "Marc [jury]", "{history:?}");
    assert_eq!(last.entry["hand"]["play"], json!(queens), "the line keeps the cards it was settled by");
}

#[test]
fn a_revoked_jury_code_writes_no_ruling_fault_or_correction() {
    let Served { _dir, path, t, jury, server, .. } = served();
    let addr = server.addr;
    let ruling =
        json!({"round": 1, "table": 1, "key": "r1", "entry": {"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Marc"}, "scorer": "Marc"});
    assert_eq!(ask(addr, "POST", "/api/v1/rulings", &jury, Some(&ruling)).0, 201, "the code writes while it is live");

    // The secretary revokes the jury's code from the window (another connection) while the
    // server runs: every write of the old code is refused, and nothing is stored.
    let mut secretary = Atout::open(&path).unwrap();
    let fresh = secretary.device_revoke(&t, 1, None, "jury phone lost", "http://jury").unwrap().jury.code;
    assert_ne!(fresh, jury);
    let at = TableRef::new(&t, 1, 1);
    let (history, rulings) = (secretary.sheet_history(&at).unwrap().len(), secretary.rulings_list(&t).unwrap().len());
    let (_, frame) = ask(addr, "GET", "/api/v1/hand-record?round=1&table=1&line=1", &fresh, None);
    let mut entry = frame["deal"].clone();
    entry["counts"] = json!([4, 0, 0, 0]);
    entry["hand"] = json!({"cards": one_suit_each(), "play": ["QS", "QH", "QD", "QC"]});
    let fix = json!({"round": 1, "table": 1, "line": 1, "entry": entry, "before": frame["deal"], "reason": "replayed", "scorer": "Marc"});
    let fault = json!({"round": 1, "table": 1, "key": "f1", "entry": {"contract": "D", "fault_by": 2}, "scorer": "Marc"});
    let mut another = ruling.clone();
    another["key"] = json!("r9");
    for (route, body) in [("/api/v1/rulings", &another), ("/api/v1/faults", &fault), ("/api/v1/fix", &fix)] {
        let (s, refused) = ask(addr, "POST", route, &jury, Some(body));
        assert_eq!((s, refused["kind"].clone()), (401, json!("unauthorized")), "{route}: {refused}");
    }
    // The ruling it wrote before, sent again after a lost answer, is told it is stored (it was
    // refused 401: the jury typed it again under the new code, and it was stored twice); and
    // no more: the lost phone's code reads no sheet by it.
    let (s, again) = ask(addr, "POST", "/api/v1/rulings", &jury, Some(&ruling));
    assert_eq!((s, again), (200, json!({"stored": false})));
    assert_eq!(secretary.sheet_history(&at).unwrap().len(), history, "no line written or corrected");
    assert_eq!(secretary.rulings_list(&t).unwrap().len(), rulings, "no ruling written");
    // The new code writes the same ruling (under another key: the first is written).
    let mut ruling = ruling;
    ruling["key"] = json!("r2");
    assert_eq!(ask(addr, "POST", "/api/v1/rulings", &fresh, Some(&ruling)).0, 201);
}

/// A ruling sent again under its key after a lost answer: `201` the first time, `200` and
/// nothing new the second; a fault line the same way.
#[test]
fn the_jurys_writes_sent_again_under_their_key_are_stored_once() {
    let Served { _dir, path: _, t: _, jury, table: _, server } = served();
    let addr = server.addr;
    let ruling = json!({"round": 1, "table": 1, "key": "jury-7", "scorer": "Marc",
        "entry": {"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Marc"}});
    let (s, first) = ask(addr, "POST", "/api/v1/rulings", &jury, Some(&ruling));
    assert_eq!((s, first["rulings"].as_array().map(Vec::len)), (201, Some(1)), "{first}");
    let (s, again) = ask(addr, "POST", "/api/v1/rulings", &jury, Some(&ruling));
    assert_eq!((s, again["rulings"].as_array().map(Vec::len)), (200, Some(1)), "{again}");
    // Written by another tool as 1.0: the same ruling (it was told its key wrote another).
    let mut decimals = ruling.clone();
    decimals["entry"]["points"] = json!([1.0, -3.0, 1.0, 1.0]);
    let (s, again) = ask(addr, "POST", "/api/v1/rulings", &jury, Some(&decimals));
    assert_eq!((s, again["rulings"].as_array().map(Vec::len)), (200, Some(1)), "{again}");
    let fault = json!({"round": 1, "table": 1, "key": "jury-8", "scorer": "Marc",
        "entry": {"contract": "A", "fault_by": 3, "reason": "revoke", "by": "Marc"}});
    let (s, first) = ask(addr, "POST", "/api/v1/faults", &jury, Some(&fault));
    assert_eq!((s, first["lines"].as_array().map(Vec::len)), (201, Some(2)), "{first}");
    let (s, again) = ask(addr, "POST", "/api/v1/faults", &jury, Some(&fault));
    assert_eq!((s, again["lines"].as_array().map(Vec::len)), (200, Some(2)), "{again}");
    // The key sent again with another fault: refused, naming the line it wrote, who wrote it
    // and when (they were said as nobody).
    let mut other = fault.clone();
    other["entry"]["fault_by"] = json!(4);
    let (s, refused) = ask(addr, "POST", "/api/v1/faults", &jury, Some(&other));
    assert_eq!((s, refused["line"].clone()), (409, json!(2)), "{refused}");
    assert!(refused["by"].as_str().is_some_and(|b| b.contains("Marc")) && refused["at"].is_string(), "{refused}");
    // Without a key a retry could not be told from a second ruling: refused, nothing written
    // (it was written, and its retry written again).
    for (route, mut body) in [("/api/v1/rulings", ruling), ("/api/v1/faults", fault)] {
        body.as_object_mut().unwrap().remove("key");
        let (s, refused) = ask(addr, "POST", route, &jury, Some(&body));
        assert_eq!((s, refused["kind"].clone()), (400, json!("malformed")), "{route}: {refused}");
    }
    let (_, sheet) = ask(addr, "GET", "/api/v1/sheet?round=1&table=1", &jury, None);
    assert_eq!((sheet["rulings"].as_array().map(Vec::len), sheet["lines"].as_array().map(Vec::len)), (Some(1), Some(2)), "{sheet}");
    // An address that does not read is refused in the phone's words, naming the parameter
    // (the framework's English stood inside the French).
    let (s, refused) = ask_in("fr", addr, "GET", "/api/v1/sheet?round=1&table=abc", &jury, None);
    let message = refused["message"].as_str().unwrap_or("");
    assert_eq!(s, 400, "{refused}");
    assert!(message.contains("paramètre `table`") && !message.contains("Failed"), "{refused}");
}

/// A correction or an undo sent again under its key after a lost answer is made once: the
/// jury's «Use these figures» sent again was refused over its own correction, and a table's
/// undo, rebuilt from the sheet as it then stood, took back a second line. The jury's code
/// changes a line's figures as the cards give them, never its game.
#[test]
fn corrections_and_undos_sent_again_under_their_key_are_made_once() {
    let Served { _dir, path, t, jury, table, server } = served();
    let addr = server.addr;
    let (_, frame) = ask(addr, "GET", "/api/v1/hand-record?round=1&table=1&line=1", &jury, None);
    let before = frame["deal"].clone();
    // Anne leads each spade and takes every trick; Bart, void, discards a heart on each.
    let mut all = vec![];
    for r in RANKS {
        all.extend([format!("{r}S"), format!("{r}H"), format!("{r}D"), format!("{r}C")]);
    }
    let hand = |play: &[String]| json!({"cards": one_suit_each(), "play": play});
    // Another game with the same cards (B, the hearts, Anne's 13 as the cards give them): the
    // table wrote C, and C it stays.
    let other = json!({"contract": "B", "counts": [13, 0, 0, 0], "hand": hand(&all)});
    let (s, refused) = ask(
        addr,
        "POST",
        "/api/v1/fix",
        &jury,
        Some(&json!({"round": 1, "table": 1, "line": 1, "entry": other, "before": before, "reason": "cards", "scorer": "Marc", "key": "j-1"})),
    );
    assert_eq!((s, refused["kind"].clone()), (403, json!("forbidden")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("not its game"), "{refused}");
    // C's figures from its cards, sent twice under one key: made once, answered twice.
    let queens = ["QS", "QH", "QD", "QC"].map(String::from);
    let entry = json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": hand(&queens)});
    let fix = json!({"round": 1, "table": 1, "line": 1, "entry": entry, "before": before, "reason": "cards", "scorer": "Marc", "key": "j-2"});
    for _ in 0..2 {
        let (s, sheet) = ask(addr, "POST", "/api/v1/fix", &jury, Some(&fix));
        assert_eq!((s, sheet["lines"][0]["entry"]["counts"].clone()), (200, json!([4, 0, 0, 0])), "{sheet}");
    }
    // The table writes lines 2 and 3, then takes line 3 back; the answer is lost, and the
    // undo goes again as sent, then as rebuilt from the sheet as it now stands: one undo.
    let lines = [json!({"contract": "A", "counts": [4, 3, 3, 3]}), json!({"contract": "E", "taker": 1})];
    for (i, entry) in lines.iter().enumerate() {
        let (s, written) = ask(addr, "POST", "/api/v1/lines", &table, Some(&json!({"key": format!("t-{i}"), "line": i + 2, "entry": entry})));
        assert_eq!(s, 201, "{written}");
    }
    let undo = |line: usize, before: &Value| json!({"line": line, "entry": null, "before": before, "reason": "wrong line", "key": "t-undo"});
    for body in [undo(3, &lines[1]), undo(3, &lines[1]), undo(2, &lines[0])] {
        let (s, sheet) = ask(addr, "POST", "/api/v1/fix", &table, Some(&body));
        assert_eq!((s, sheet["lines"].as_array().map(Vec::len)), (200, Some(2)), "{body}: {sheet}");
    }
    let (_, history) = ask(addr, "GET", "/api/v1/history", &table, None);
    let undos = history.as_array().unwrap().iter().filter(|h| h["action"] == "deal.undo").count();
    assert_eq!(undos, 1, "{history}");
    // The table's code revoked meanwhile (its round over would do the same): the undo sent
    // again is told it was made, not refused (the scorer was told it had failed); another
    // change under the old code is refused.
    Atout::open(&path).unwrap().device_revoke(&t, 1, Some(1), "lost phone", "http://jury").unwrap();
    let (s, told) = ask(addr, "POST", "/api/v1/fix", &table, Some(&undo(3, &lines[1])));
    assert_eq!((s, told["stored"].clone()), (200, json!(false)), "{told}");
    let mut other = undo(2, &lines[0]);
    other["key"] = json!("t-undo-2");
    let (s, refused) = ask(addr, "POST", "/api/v1/fix", &table, Some(&other));
    assert_eq!(s, 401, "{refused}");
}

/// What is the jury's stays the jury's over HTTP: a table's code reads no rulings; and a path
/// that is no text is refused in JSON like every other refusal (it was plain text).
#[test]
fn a_tables_code_reads_no_rulings_and_every_refusal_is_json() {
    let Served { _dir, jury, table, server, .. } = served();
    let addr = server.addr;
    assert_eq!(ask(addr, "GET", "/api/v1/rulings", &table, None).0, 403);
    assert_eq!(ask(addr, "GET", "/api/v1/rulings", &jury, None).0, 200);
    for path in ["/api/v1/room/%FF", "/api/v1/room/1/player/%FF", "/ui/%FF"] {
        let (status, body) = ask(addr, "GET", path, &table, None);
        assert_eq!((status, body["kind"].as_str()), (400, Some("malformed")), "{path}: {body}");
    }
}

/// A body announced and never sent holds the connection no longer than the server waits for
/// it (ten seconds), then is refused in JSON: it was held for as long as the client liked.
#[test]
fn a_body_announced_and_never_sent_is_refused_in_time() {
    let Served { _dir, table, server, .. } = served();
    let mut s = TcpStream::connect(server.addr).unwrap();
    write!(
        s,
        "POST /api/v1/lines HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {table}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"key\""
    )
    .unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
    let started = std::time::Instant::now();
    let mut out = vec![0u8; 4096];
    let n = s.read(&mut out).unwrap();
    let answer = String::from_utf8_lossy(&out[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"kind\":\"timeout\""), "{answer}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

/// A body announced larger than a request may be (its Content-Length over 64 KiB) is refused
/// at once as too large, before any of it is sent: it was awaited for ten seconds and answered
/// 408.
#[test]
fn a_body_announced_too_large_is_refused_at_once() {
    let Served { _dir, table, server, .. } = served();
    let mut s = TcpStream::connect(server.addr).unwrap();
    write!(
        s,
        "POST /api/v1/lines HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer {table}\r\nContent-Type: application/json\r\nAccept-Language: nl\r\nContent-Length: 10000000\r\n\r\n"
    )
    .unwrap();
    // Nothing of the body is sent: the answer comes all the same, before the wait runs out.
    s.set_read_timeout(Some(std::time::Duration::from_secs(5))).unwrap();
    let mut out = vec![0u8; 4096];
    let n = s.read(&mut out).unwrap();
    let answer = String::from_utf8_lossy(&out[..n]).to_string();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"kind\":\"too-large\""), "{answer}");
    assert!(answer.contains("64 KiB groot"), "{answer}");
}
