//! Group commit (issue "A full room of phones"): the lines written together are each
//! checked against the sheet as the lines before them left it, a line the rules refuse
//! keeps nothing and stops none of the others, and no line is acknowledged before the
//! commit that makes it durable — when that commit fails, every device hears so.

use atout_api::{ApiError, Atout, DrawRequest, LineStored, NewTournament, TableRef};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;

/// A Double King evening of eight players, round 1 drawn: its id, each table's code and
/// a complete valid sheet for it.
fn evening(path: &Path) -> (String, Tables) {
    let mut app = Atout::open(path).unwrap();
    let t = app.tournament_create(&NewTournament { name: "Batch".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    let codes = app.devices(&t, 1, "http://batch").unwrap();
    let tables = codes.tables.iter().map(|d| (d.table, d.code.clone(), app.random_sheet(&TableRef::new(&t, 1, d.table), d.table as u64).unwrap())).collect();
    (t, tables)
}

fn line(a: &mut Atout, code: &str, key: &str, n: usize, entry: &Value) -> Result<LineStored, ApiError> {
    let d = a.device(code)?;
    a.device_line(&d, "Anne", key, n, entry.clone(), None)
}

#[test]
fn a_refused_line_stops_none_of_its_batch() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    let (t, tables) = evening(&path);
    let (one, two) = (&tables[0], &tables[1]);
    let mut app = Atout::open(&path).unwrap();
    let answers = app
        .batch(|a| {
            vec![
                line(a, &one.1, "a1", 1, &one.2[0]),
                // Refused by the rules: no such contract.
                line(a, &two.1, "b1", 1, &json!({"contract": "Z"})),
                // Checked against table 1 as its line 1, written just before in this batch, left it.
                line(a, &one.1, "a2", 2, &one.2[1]),
                // The same line sent twice in one batch: stored once.
                line(a, &one.1, "a2", 2, &one.2[1]),
                line(a, &two.1, "b1-again", 1, &two.2[0]),
            ]
        })
        .unwrap();
    let stored: Vec<Option<bool>> = answers.iter().map(|r| r.as_ref().ok().map(|s| s.stored)).collect();
    assert_eq!(stored, vec![Some(true), None, Some(true), Some(false), Some(true)]);
    assert_eq!(answers[1].as_ref().unwrap_err().kind(), "refused");
    // Read back by a fresh connection: exactly the lines acknowledged as written.
    drop(app);
    let mut check = Atout::open(&path).unwrap();
    let sheet = |c: &mut Atout, table: i64| c.sheet(&TableRef::new(&t, 1, table)).unwrap().lines.len();
    assert_eq!((sheet(&mut check, one.0), sheet(&mut check, two.0)), (2, 1));
    assert_eq!(check.sheet_history(&TableRef::new(&t, 1, one.0)).unwrap().len(), 2);
}

fn post(addr: SocketAddr, code: &str, body: &Value) -> (u16, String) {
    post_text(addr, code, &body.to_string(), "en")
}

/// A line's body posted as written (a key twice stays twice), the answer asked in `lang`.
fn post_text(addr: SocketAddr, code: &str, body: &str, lang: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST /api/v1/lines HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer {code}\r\nAccept-Language: {lang}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    (status, out.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default())
}

/// A server over the Double King evening of [`evening`] in a new folder: the folder, the
/// tournament, each table's code and sheet, the application and the server.
/// Each table of an evening: its number, its code and a complete valid sheet for it.
type Tables = Vec<(i64, String, Vec<Value>)>;

fn served() -> (tempfile::TempDir, String, Tables, atout_serve::Run, atout_serve::Running) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    let (t, tables) = evening(&path);
    let run = atout_serve::run_alone(Atout::open(&path).unwrap());
    let server = atout_serve::start(run.clone(), "127.0.0.1:0".parse().unwrap()).unwrap();
    (dir, t, tables, run, server)
}

#[test]
fn no_line_is_acknowledged_before_its_commit() {
    let (_dir, t, tables, run, server) = served();
    let (table, code, deals) = &tables[0];
    let body = json!({"key": "k1", "line": 1, "entry": deals[0], "scorer": "Anne"});
    // The commit of the line's batch fails (a full disk, planted): the device hears an
    // error, never a 201, and nothing is stored.
    run(&mut |a| a.fail_next_commit());
    let (status, said) = post(server.addr, code, &body);
    assert_eq!(status, 500, "{said}");
    let stored = |run: &atout_serve::Run| {
        let mut n = 0;
        run(&mut |a| n = a.sheet(&TableRef::new(&t, 1, *table)).unwrap().lines.len());
        n
    };
    assert_eq!(stored(&run), 0);
    // Sent again, as the phone's outbox does: written now, once.
    assert_eq!(post(server.addr, code, &body).0, 201);
    assert_eq!(post(server.addr, code, &body).0, 200);
    assert_eq!(stored(&run), 1);
    server.stop();
}

/// A batch whose commit finds the database busy (another program writing to it): each device
/// hears 503 «busy», in its language, and the line goes when sent again. It heard 500
/// «internal», the English of the store inside the French text.
#[test]
fn a_busy_database_is_told_busy_in_the_devices_language() {
    let (_dir, _, tables, run, server) = served();
    let (_, code, deals) = &tables[0];
    let body = json!({"key": "k1", "line": 1, "entry": deals[0], "scorer": "Anne"});
    run(&mut |a| a.busy_next_commit());
    let (status, out) = post_text(server.addr, code, &body.to_string(), "fr");
    let said: Value = serde_json::from_str(&out).unwrap_or(Value::Null);
    assert_eq!(status, 503, "{out}");
    assert_eq!(said["kind"], "busy", "{out}");
    assert_eq!(said["message"], "la base de données est occupée par une autre modification ; réessayez dans un instant", "{out}");
    assert_eq!(post(server.addr, code, &body).0, 201);
    server.stop();
}

/// A line whose body gives a key twice is refused as malformed (400), naming the key, and
/// nothing is stored (the last `contract` was stored, the first dropped without a word).
#[test]
fn a_body_giving_a_key_twice_is_refused() {
    let (_dir, t, tables, run, server) = served();
    let (table, code, deals) = &tables[0];
    let entry = deals[0].to_string();
    let body = format!(r#"{{"key": "k1", "line": 1, "entry": {}, "scorer": "Anne"}}"#, entry.replacen('{', r#"{"contract": "Z", "#, 1));
    let (status, out) = post_text(server.addr, code, &body, "en");
    assert!(status == 400 && out.contains("the field `contract` is given twice"), "{body}\n{out}");
    let mut n = 0;
    run(&mut |a| n = a.sheet(&TableRef::new(&t, 1, *table)).unwrap().lines.len());
    assert_eq!(n, 0);
    server.stop();
}
