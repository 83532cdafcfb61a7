//! The table devices' protocol (FORMAT.md, "Table devices") against a running
//! `atout serve`, spoken over a raw TCP socket so that nothing between the test and
//! the server tidies a request up (paths, bodies and headers go as written): every
//! status, every refusal with nothing stored, and a server killed while devices write.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn atout(db: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_atout")).arg("--db").arg(db).args(args).output().unwrap();
    assert!(out.status.success(), "atout {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// RULES.md §1's worked example, first dealer seat 3: twenty lines.
fn worked_example() -> Vec<Value> {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/worked-example-deals.json");
    serde_json::from_str(&std::fs::read_to_string(fixture).unwrap()).unwrap()
}

/// A Double King evening: eight players, round 1 drawn, first dealers at seat 3, the codes.
fn evening(dir: &Path) -> (PathBuf, Value) {
    let db = dir.join("club.db");
    let t = atout(&db, &["tournament", "create", "--name", "Club", "--game", "double-king", "--rounds", "2"]);
    let t = t.trim();
    let players = dir.join("players.csv");
    std::fs::write(&players, "name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo\n").unwrap();
    atout(&db, &["players", "import", players.to_str().unwrap(), "--tournament", t]);
    atout(&db, &["round", "draw", "--tournament", t, "--round", "1", "--seed", "1"]);
    for table in ["1", "2"] {
        atout(&db, &["table", "dealer", "--tournament", t, "--round", "1", "--table", table, "--seat", "3", "--reason", "cards drawn"]);
    }
    let codes: Value = serde_json::from_str(&atout(&db, &["devices", "--tournament", t, "--round", "1", "--format", "json"])).unwrap();
    (db, codes)
}

/// `atout serve` on a free port of the loopback, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_atout"))
            .arg("--db")
            .arg(db)
            .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let addr = line.trim().trim_start_matches("http://").parse().unwrap_or_else(|_| panic!("serve printed «{line}»"));
        Server { child, addr }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The evening of [`evening`] in a folder of its own, served: the folder (kept while it is
/// used), the database, the codes, the server.
fn served() -> (tempfile::TempDir, PathBuf, Value, Server) {
    let dir = tempfile::tempdir().unwrap();
    let (db, codes) = evening(dir.path());
    let server = Server::start(&db);
    (dir, db, codes, server)
}

/// One request as written; the status and the body (JSON when it reads as JSON).
fn send(addr: SocketAddr, raw: &[u8]) -> std::io::Result<(u16, Value, String)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
    s.write_all(raw)?;
    let mut out = vec![];
    // The server may answer and close before it has read a body it refuses.
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text.split(' ').nth(1).and_then(|c| c.parse().ok()).ok_or_else(|| std::io::Error::other(format!("no answer: «{text}»")))?;
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    Ok((status, serde_json::from_str(&body).unwrap_or(Value::Null), body))
}

fn request(addr: SocketAddr, method: &str, path: &str, code: Option<&str>, headers: &str, body: &str) -> (u16, Value, String) {
    let auth = code.map(|c| format!("Authorization: Bearer {c}\r\n")).unwrap_or_default();
    let raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{auth}{headers}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    send(addr, raw.as_bytes()).unwrap()
}

fn get(addr: SocketAddr, path: &str, code: &str) -> (u16, Value) {
    let (s, v, _) = request(addr, "GET", path, Some(code), "", "");
    (s, v)
}

fn post(addr: SocketAddr, path: &str, code: &str, body: &Value) -> (u16, Value) {
    let (s, v, _) = request(addr, "POST", path, Some(code), "", &body.to_string());
    (s, v)
}

fn line(key: &str, n: usize, entry: &Value) -> Value {
    json!({"key": key, "line": n, "entry": entry, "scorer": "Anne"})
}

/// Everything written about the tournament, to show that a refusal wrote nothing.
fn log(db: &Path) -> String {
    atout(db, &["audit", "--tournament", "1", "--format", "json"])
}

#[test]
fn every_status_of_the_protocol_and_nothing_stored_by_a_refusal() {
    let (_dir, db, codes, server) = served();
    let a = server.addr;
    let one = codes["tables"][0]["code"].as_str().unwrap();
    let deals = worked_example();

    // 201 written now; 200 the same key again (a retry): nothing new.
    assert_eq!(post(a, "/api/v1/lines", one, &line("k1", 1, &deals[0])), (201, json!({"line": 1, "stored": true})));
    assert_eq!(post(a, "/api/v1/lines", one, &line("k1", 1, &deals[0])), (200, json!({"line": 1, "stored": false})));
    let (s, sheet) = get(a, "/api/v1/sheet", one);
    assert_eq!((s, sheet["lines"].as_array().unwrap().len(), sheet["table"].as_i64()), (200, 1, Some(1)));
    // The sheet is `atout sheet --format json`'s.
    let cli: Value = serde_json::from_str(&atout(&db, &["sheet", "--tournament", "1", "--round", "1", "--table", "1", "--format", "json"])).unwrap();
    assert_eq!(sheet, cli);

    let before = log(&db);
    // 409: line 1 holds another key's entry; who wrote it, when.
    let (s, body) = post(a, "/api/v1/lines", one, &line("k-other", 1, &deals[1]));
    assert_eq!((s, body["kind"].as_str(), body["by"].as_str()), (409, Some("conflict"), Some("Anne [table 1]")));
    // Its words say who in words, in the phone's language (the record «Anne [table 1]» read
    // in English in every language).
    assert!(body["message"].as_str().unwrap().contains("by Anne (table 1, on the phone) at"), "{body}");
    assert!(body["message_texts"]["nl"].as_str().unwrap().contains("door Anne (tafel 1, op de telefoon) op "), "{body}");
    // The day as each language writes it (it read «à 2026-11-27 23:09:00» in French).
    let (day, time) = body["at_local"].as_str().unwrap().split_once(' ').unwrap();
    let [y, m, d]: [&str; 3] = day.split('-').collect::<Vec<_>>().try_into().unwrap();
    assert!(body["message_texts"]["fr"].as_str().unwrap().contains(&format!("le {d}/{m}/{y} à {time}")), "{body}");
    assert!(body["message_texts"]["nl"].as_str().unwrap().contains(&format!("op {d}-{m}-{y} om {time}")), "{body}");
    assert!(body["at"].as_str().unwrap().ends_with('Z'), "{body}");
    // 409 for a line past the next one too (the device's sheet is behind): FORMAT.md's shape,
    // `by` and `at` null as no line is there.
    let (s, body) = post(a, "/api/v1/lines", one, &line("k-far", 7, &deals[1]));
    assert_eq!((s, body["kind"].as_str()), (409, Some("conflict")), "{body}");
    assert_eq!((body.get("by"), body.get("at")), (Some(&Value::Null), Some(&Value::Null)), "{body}");
    // 422: the rules refuse it, naming the rule.
    let (s, body) = post(a, "/api/v1/lines", one, &line("k2", 2, &json!({"contract": "D", "counts": [9, 0, 0, 0]})));
    assert_eq!((s, body["kind"].as_str()), (422, Some("rule")), "{body}");
    assert!(!body["rule"].as_str().unwrap().is_empty() && !body["message"].as_str().unwrap().is_empty());
    // 400: malformed JSON, a field missing, a key too long.
    for bad in ["{", "[]", r#"{"line": 2, "entry": {}}"#, &json!({"key": "k".repeat(65), "line": 2, "entry": deals[1]}).to_string()] {
        let (s, body, _) = request(a, "POST", "/api/v1/lines", Some(one), "", bad);
        assert_eq!((s, body["kind"].is_string(), body["message"].is_string()), (400, true, true), "{bad:.40}: {body}");
    }
    // 401: no code, a guessed code, a code that is not one.
    for code in [None, Some("AAAAAAAAAAAAAAAA"), Some("../../etc/passwd")] {
        let (s, body, _) = request(a, "POST", "/api/v1/lines", code, "", &line("k2", 2, &deals[1]).to_string());
        assert_eq!((s, body["kind"].as_str()), (401, Some("unauthorized")), "{code:?}");
    }
    // The code before the body: no code, with a body that does not read, is refused for its
    // code (it was 400 for its body); and a wrong code on a search, whatever its body.
    for (path, code) in [("/api/v1/lines", None), ("/api/v1/fix", None), ("/api/v1/hand-check", None), ("/api/v1/claim", Some("AAAAAAAAAAAAAAAA"))] {
        let (s, body, _) = request(a, "POST", path, code, "Accept-Language: fr\r\n", "{");
        assert_eq!((s, body["kind"].as_str()), (401, Some("unauthorized")), "{path} {code:?}: {body}");
        assert!(body["message"].as_str().unwrap().contains("code"), "{body}");
    }
    // 403: table 1's code asks for table 2, or round 2; writes a ruling.
    assert_eq!(get(a, "/api/v1/sheet?table=2", one).0, 403);
    assert_eq!(get(a, "/api/v1/sheet?round=2", one).0, 403);
    let ruling = json!({"round": 1, "table": 1, "key": "r1", "entry": {"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "x"}});
    assert_eq!(post(a, "/api/v1/rulings", one, &ruling).0, 403);
    // 413: a body over 64 KiB, refused before it is read whole.
    let big = json!({"key": "k2", "line": 2, "entry": {"contract": "E", "taker": 1, "pad": "x".repeat(70 * 1024)}}).to_string();
    let (s, body, _) = request(a, "POST", "/api/v1/lines", Some(one), "", &big);
    assert_eq!((s, body["kind"].as_str()), (413, Some("too-large")));
    // The message in the language of Accept-Language.
    let (s, body, _) =
        request(a, "POST", "/api/v1/lines", Some("AAAAAAAAAAAAAAAA"), "Accept-Language: nl-BE,nl;q=0.9\r\n", &line("k2", 2, &deals[1]).to_string());
    assert_eq!(s, 401);
    assert!(body["message"].as_str().unwrap().contains("onbekend"), "{body}");
    let (_, body, _) = request(a, "POST", "/api/v1/lines", Some(one), "Accept-Language: fr\r\n", &line("k-other", 1, &deals[1]).to_string());
    assert!(body["message"].as_str().unwrap().contains("entre-temps"), "{body}");
    // The language it prefers most, by its q (French named first, but barely wanted: Dutch);
    // none with q=0 (English then, the default).
    let asked = |accept: &str| {
        request(a, "POST", "/api/v1/lines", Some("AAAAAAAAAAAAAAAA"), &format!("Accept-Language: {accept}\r\n"), &line("k3", 2, &deals[1]).to_string()).1
            ["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(asked("fr;q=0.1, nl").contains("onbekend"), "{}", asked("fr;q=0.1, nl"));
    assert!(asked("fr;q=0, de").contains("unknown"), "{}", asked("fr;q=0, de"));
    // The scheme's name in any case: «bearer» reads the code as «Bearer» does.
    let raw = format!("GET /api/v1/sheet HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: bearer {one}\r\n\r\n");
    assert_eq!(send(a, raw.as_bytes()).unwrap().0, 200);
    assert_eq!(log(&db), before, "no refusal wrote anything");

    // The jury's code: a ruling at table 2; no played deal.
    let jury = codes["jury"]["code"].as_str().unwrap();
    // Its address is given as the tables' are (FORMAT.md).
    assert!(codes["jury"]["url"].as_str().is_some_and(|u| u.ends_with(&format!("/t/{jury}"))), "{}", codes["jury"]);
    let ruling =
        json!({"round": 1, "table": 2, "key": "r2", "entry": {"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "Marc"}, "scorer": "Marc"});
    let (s, sheet) = post(a, "/api/v1/rulings", jury, &ruling);
    assert_eq!((s, sheet["rulings"].as_array().unwrap().len()), (201, 1));
    assert_eq!(post(a, "/api/v1/lines", jury, &line("j1", 1, &deals[0])).0, 403);
    assert_eq!(get(a, "/api/v1/sheet?round=1&table=2", jury).0, 200);
}

#[test]
fn wrong_codes_from_one_address_are_throttled() {
    let dir = tempfile::tempdir().unwrap();
    let (db, codes) = evening(dir.path());
    let server = Server::start(&db);
    let (one, two) = (codes["tables"][0]["code"].as_str().unwrap(), codes["tables"][1]["code"].as_str().unwrap());
    // Table 1's phone is at work from this address…
    assert_eq!(get(server.addr, "/api/v1/sheet", one).0, 200);
    for i in 0..10 {
        assert_eq!(get(server.addr, "/api/v1/sheet", &format!("{i:0>16}")).0, 401);
    }
    // … the eleventh unknown code is refused before it is looked at, saying how long to wait
    // (in the body and in `Retry-After`), and so is a code this server has not served yet…
    let raw = "GET /api/v1/sheet HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer 0000000000000099\r\nAccept-Language: fr\r\n\r\n";
    let (s, body, _) = send(server.addr, raw.as_bytes()).unwrap();
    assert_eq!((s, body["kind"].as_str()), (429, Some("throttled")));
    let wait = body["retry_after"].as_u64().unwrap();
    assert!((1..=60).contains(&wait), "{body}");
    assert!(body["message"].as_str().unwrap().contains(&format!("{wait} s")), "{body}");
    let head = answer_head(server.addr, raw.as_bytes());
    assert!(head.lines().any(|l| l.to_ascii_lowercase().starts_with("retry-after: ")), "{head}");
    assert_eq!(get(server.addr, "/api/v1/sheet", two).0, 429);
    // … but table 1's phone, whose code this server served, goes on writing its sheet —
    // its code typed as people type it too (dashes, lower case: it was refused, 429).
    assert_eq!(get(server.addr, "/api/v1/sheet", one).0, 200);
    let typed: String = one.to_lowercase().chars().collect::<Vec<_>>().chunks(4).map(|c| c.iter().collect::<String>()).collect::<Vec<_>>().join("-");
    assert_eq!(get(server.addr, "/api/v1/sheet", &typed).0, 200, "{typed}");
    let deals = worked_example();
    assert_eq!(post(server.addr, "/api/v1/lines", one, &line("k1", 1, &deals[0])).0, 201);
    // A player's page takes no code: a served code carried along lets the address walk no
    // list of players while it is throttled (it answered 404 for an unknown one, 200 for the
    // others).
    assert_eq!(get(server.addr, "/api/v1/room/1/player/p99", one).0, 429);
    assert_eq!(get(server.addr, "/api/v1/room/1/player/p1", one).0, 429);
}

/// A file of the pages that is not there is said so in the language asked, as every refusal.
#[test]
fn a_page_not_there_is_said_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = evening(dir.path());
    let server = Server::start(&db);
    let (s, body, _) = request(server.addr, "GET", "/ui/nope.js", None, "Accept-Language: fr\r\n", "");
    assert_eq!((s, body["kind"].as_str(), body["message"].as_str()), (404, Some("not-found"), Some("rien n'est servi ici")), "{body}");
}

/// The status line and headers of an answer.
fn answer_head(addr: SocketAddr, raw: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(raw).unwrap();
    let mut out = vec![];
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    text.split_once("\r\n\r\n").map(|(h, _)| h.to_string()).unwrap_or(text)
}

#[test]
fn revoked_codes_codes_of_the_round_before_and_locked_tables_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (db, codes) = evening(dir.path());
    let server = Server::start(&db);
    let a = server.addr;
    let (one, two) = (codes["tables"][0]["code"].as_str().unwrap(), codes["tables"][1]["code"].as_str().unwrap());
    let deals = worked_example();
    // A line written, its answer lost; the code revoked while the server runs (the secretary's
    // CLI is another process). The retry is told the line is stored (it was refused, 401, as
    // if lost); a new line with the revoked code is refused.
    assert_eq!(post(a, "/api/v1/lines", one, &line("k0", 1, &deals[0])).0, 201);
    atout(&db, &["devices", "--tournament", "1", "--round", "1", "--revoke", "1", "--reason", "phone lost"]);
    let (s, body) = post(a, "/api/v1/lines", one, &line("k0", 1, &deals[0]));
    assert_eq!((s, body), (200, json!({"line": 1, "stored": false})));
    assert_eq!(post(a, "/api/v1/lines", one, &line("k1", 2, &deals[1])).0, 401);
    // Locked, then unlocked.
    atout(&db, &["devices", "--tournament", "1", "--round", "1", "--lock", "2", "--reason", "settled"]);
    let (s, body) = post(a, "/api/v1/lines", two, &line("k1", 1, &deals[0]));
    assert_eq!((s, body["kind"].as_str()), (403, Some("forbidden")));
    let before = log(&db);
    atout(&db, &["devices", "--tournament", "1", "--round", "1", "--unlock", "2"]);
    assert_ne!(log(&db), before, "the unlock is in the log");
    for (i, d) in deals.iter().enumerate() {
        assert_eq!(post(a, "/api/v1/lines", two, &line(&format!("t2-{i}"), i + 1, d)).0, 201);
    }
    // Table 1 finished from the window (here the CLI), then round 2 drawn: round 1's codes are
    // done — but a retry of a line they wrote is still told it is stored.
    for d in &deals[1..] {
        atout(&db, &["deal", "add", "--tournament", "1", "--round", "1", "--table", "1", &d.to_string()]);
    }
    atout(&db, &["round", "draw", "--tournament", "1", "--round", "2", "--seed", "2"]);
    let (s, body) = get(a, "/api/v1/sheet", two);
    assert_eq!((s, body["kind"].as_str()), (403, Some("forbidden")));
    let (s, body) = post(a, "/api/v1/lines", two, &line("t2-0", 1, &deals[0]));
    assert_eq!((s, body), (200, json!({"line": 1, "stored": false})));
    // Another table's code does not learn of a key it did not write.
    assert_eq!(post(a, "/api/v1/lines", one, &line("t2-0", 1, &deals[0])).0, 401);
}

#[test]
fn pages_are_served_from_the_app_folder_and_no_path_leaves_it() {
    let dir = tempfile::tempdir().unwrap();
    let (db, codes) = evening(dir.path());
    let server = Server::start(&db);
    let one = codes["tables"][0]["code"].as_str().unwrap();
    let (s, _, page) = request(server.addr, "GET", &format!("/t/{one}"), None, "", "");
    assert_eq!(s, 200);
    assert!(page.contains("device.js"), "{page:.200}");
    let (s, _, js) = request(server.addr, "GET", "/ui/sheet.js", None, "", "");
    assert_eq!(s, 200);
    assert!(js.contains("export function"));
    for path in [
        "/ui/../Cargo.toml",
        "/ui/%2e%2e/%2e%2e/Cargo.toml",
        "/ui/..%2f..%2fCargo.toml",
        "/ui//etc/passwd",
        "/ui/games/../../../../etc/passwd",
        "/../../etc/passwd",
        "/ui/",
    ] {
        let (s, _, body) = request(server.addr, "GET", path, None, "", "");
        assert!(s == 404 || s == 400, "{path}: {s}");
        assert!(!body.contains("[package]") && !body.contains("root:"), "{path}: {body:.100}");
    }
    // A request of a kind a path does not take (a POST to the room's display) answers 405
    // with FORMAT.md's body, in the request's language, like every other refusal.
    for (path, lang) in [("/room/1", "fr"), ("/api/v1/room/1", "nl"), ("/api/v1/lines", "en")] {
        let method = if path == "/api/v1/lines" { "GET" } else { "POST" };
        let (s, body, _) = request(server.addr, method, path, None, &format!("Accept-Language: {lang}\r\n"), "{}");
        assert_eq!((s, body["kind"].as_str()), (405, Some("method")), "{method} {path}: {body}");
        let message = body["message"].as_str().unwrap_or("");
        assert!(message.contains(["requête", "verzoek", "request"][["fr", "nl", "en"].iter().position(|l| *l == lang).unwrap()]), "{path}: {message}");
    }
}

/// A SIGKILL of the server while devices write, then a restart: every line the server
/// acknowledged is stored, none twice; the devices send again what was not acknowledged.
#[test]
fn a_server_killed_while_devices_write_loses_nothing_acknowledged_and_doubles_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (db, codes) = evening(dir.path());
    let deals = worked_example();
    let tables: Vec<String> = codes["tables"].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()).collect();
    let mut server = Server::start(&db);
    let acks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    // Each device sends its lines in order, each under its own key, until the server dies.
    let writers: Vec<_> = tables
        .iter()
        .map(|code| {
            let (code, deals, addr, acks) = (code.clone(), deals.clone(), server.addr, acks.clone());
            std::thread::spawn(move || {
                let mut acked = 0;
                for (i, d) in deals.iter().enumerate() {
                    let body = line(&format!("{code}-{i}"), i + 1, d).to_string();
                    let raw = format!("POST /api/v1/lines HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {code}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
                    match send(addr, raw.as_bytes()) {
                        Ok((201, _, _)) => {
                            acked = i + 1;
                            acks.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        }
                        _ => break,
                    }
                }
                acked
            })
        })
        .collect();
    // Killed mid-evening: once a third of the lines are acknowledged.
    while acks.load(std::sync::atomic::Ordering::SeqCst) < 12 {
        std::thread::sleep(Duration::from_millis(1));
    }
    server.kill();
    let acked: Vec<usize> = writers.into_iter().map(|w| w.join().unwrap()).collect();
    assert!(acked.iter().all(|n| *n < 20), "the kill came while the devices were writing: {acked:?}");
    // Restarted: every device sends its whole outbox again, acknowledged lines included.
    let server = Server::start(&db);
    for (code, acked) in tables.iter().zip(&acked) {
        for (i, d) in deals.iter().enumerate() {
            let (s, body) = post(server.addr, "/api/v1/lines", code, &line(&format!("{code}-{i}"), i + 1, d));
            let expected = if i < *acked { 200 } else { 201 };
            // A line written but not acknowledged before the kill answers 200 too: stored once.
            assert!(s == expected || (s == 200 && i == *acked), "line {}: {s} {body}", i + 1);
        }
        let (_, sheet) = get(server.addr, "/api/v1/sheet", code);
        assert_eq!(sheet["lines"].as_array().unwrap().len(), 20);
        assert!(sheet["complete"].as_bool().unwrap());
    }
    // Each line written once: one row per line in each sheet's history.
    for table in ["1", "2"] {
        let history: Value =
            serde_json::from_str(&atout(&db, &["sheet", "--tournament", "1", "--round", "1", "--table", table, "--history", "--format", "json"])).unwrap();
        assert_eq!(history.as_array().unwrap().len(), 20, "table {table}");
    }
}

/// A full round of phones killed at once, again and again: 50 tables (200 players) write
/// their whole sheets, each phone sending its outbox in order; the server is killed with
/// SIGKILL at several points of the evening (after 5%, 35% and 70% of the lines were
/// acknowledged) and restarted, and every phone sends its outbox again from its first line
/// not acknowledged. At the end every phone resends everything: 0 lost (every sheet complete),
/// 0 doubled (one version per line in each sheet's history), and `atout check` (PRAGMA
/// integrity_check) says ok.
#[test]
fn a_round_of_fifty_tables_killed_at_several_points_loses_nothing_and_doubles_nothing() {
    const TABLES: usize = 50;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let t = atout(&db, &["tournament", "create", "--name", "Final", "--game", "double-king", "--rounds", "1"]);
    let t = t.trim().to_string();
    let players = dir.path().join("players.csv");
    std::fs::write(&players, format!("name\n{}", (1..=TABLES * 4).map(|i| format!("Player {i:03}\n")).collect::<String>())).unwrap();
    atout(&db, &["players", "import", players.to_str().unwrap(), "--tournament", &t]);
    atout(&db, &["round", "draw", "--tournament", &t, "--round", "1", "--seed", "1"]);
    for table in 1..=TABLES {
        atout(&db, &["table", "dealer", "--tournament", &t, "--round", "1", "--table", &table.to_string(), "--seat", "3", "--reason", "cards drawn"]);
    }
    let codes: Value = serde_json::from_str(&atout(&db, &["devices", "--tournament", &t, "--round", "1", "--format", "json"])).unwrap();
    let tables: Vec<String> = codes["tables"].as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap().to_string()).collect();
    assert_eq!(tables.len(), TABLES);
    let deals = worked_example();
    let total = TABLES * deals.len();
    // Each phone's first line not acknowledged yet (its outbox starts there).
    let acked: Vec<std::sync::Arc<std::sync::atomic::AtomicUsize>> = (0..TABLES).map(|_| Default::default()).collect();
    let count = |acked: &[std::sync::Arc<std::sync::atomic::AtomicUsize>]| acked.iter().map(|a| a.load(std::sync::atomic::Ordering::SeqCst)).sum::<usize>();
    for point in [total / 20, total * 7 / 20, total * 14 / 20] {
        let mut server = Server::start(&db);
        let writers: Vec<_> = tables
            .iter()
            .zip(&acked)
            .map(|(code, acked)| {
                let (code, deals, addr, acked) = (code.clone(), deals.clone(), server.addr, acked.clone());
                std::thread::spawn(move || {
                    let from = acked.load(std::sync::atomic::Ordering::SeqCst);
                    for (i, d) in deals.iter().enumerate().skip(from) {
                        let body = line(&format!("{code}-{i}"), i + 1, d).to_string();
                        let raw = format!("POST /api/v1/lines HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {code}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
                        match send(addr, raw.as_bytes()) {
                            // Stored now, or before the last kill without its answer: acknowledged either way.
                            Ok((201 | 200, _, _)) => acked.store(i + 1, std::sync::atomic::Ordering::SeqCst),
                            _ => break,
                        }
                    }
                })
            })
            .collect();
        while count(&acked) < point && writers.iter().any(|w| !w.is_finished()) {
            std::thread::sleep(Duration::from_millis(1));
        }
        server.kill();
        for w in writers {
            w.join().unwrap();
        }
        eprintln!("killed once {point} lines were acknowledged: {} were", count(&acked));
        assert!(count(&acked) < total, "killed at {point} while the phones were still writing: {}", count(&acked));
    }
    // Restarted: every phone sends its whole outbox again, acknowledged lines included.
    let server = Server::start(&db);
    for (code, acked) in tables.iter().zip(&acked) {
        let acked = acked.load(std::sync::atomic::Ordering::SeqCst);
        for (i, d) in deals.iter().enumerate() {
            let (s, body) = post(server.addr, "/api/v1/lines", code, &line(&format!("{code}-{i}"), i + 1, d));
            // A line written but not acknowledged before the last kill answers 200 too: stored once.
            assert!(s == if i < acked { 200 } else { 201 } || (s == 200 && i == acked), "line {}: {s} {body}", i + 1);
        }
        let (_, sheet) = get(server.addr, "/api/v1/sheet", code);
        assert_eq!(sheet["lines"].as_array().unwrap().len(), 20);
        assert!(sheet["complete"].as_bool().unwrap());
    }
    drop(server);
    for table in 1..=TABLES {
        let history: Value =
            serde_json::from_str(&atout(&db, &["sheet", "--tournament", &t, "--round", "1", "--table", &table.to_string(), "--history", "--format", "json"]))
                .unwrap();
        assert_eq!(history.as_array().unwrap().len(), 20, "table {table}: each line once");
    }
    assert_eq!(atout(&db, &["check"]).trim(), "ok");
}

/// A phone holding lines it could not send yet asks what may follow them: the server answers
/// as if they were written (who deals, the games open), and checks a new line as following
/// them — the same answers the sheet gives once they are stored. When a waiting line would be
/// refused, nothing is said (`known` false) and a new line is not judged: both wait for it.
#[test]
fn what_may_follow_the_lines_waiting_on_a_phone() {
    let (_dir, _db, codes, server) = served();
    let a = server.addr;
    let one = codes["tables"][0]["code"].as_str().unwrap();
    let deals = worked_example();
    assert_eq!(post(a, "/api/v1/lines", one, &line("w1", 1, &deals[0])).0, 201);
    let waiting = json!([deals[1], deals[2]]);
    let (s, asked) = post(a, "/api/v1/next", one, &json!({"after": waiting}));
    assert_eq!((s, &asked["known"]), (200, &json!(true)), "{asked}");
    let (_, checked) = post(a, "/api/v1/check", one, &json!({"line": null, "entry": deals[3], "after": waiting}));
    assert!(checked["refused"].is_null(), "{checked}");
    // Nothing of it stored: the sheet still holds one line.
    assert_eq!(get(a, "/api/v1/sheet", one).1["lines"].as_array().unwrap().len(), 1);
    // Stored, the lines give the same next line and the same points.
    for (k, d) in [("w2", &deals[1]), ("w3", &deals[2]), ("w4", &deals[3])] {
        let (_, sheet) = get(a, "/api/v1/sheet", one);
        if k == "w4" {
            assert_eq!(sheet["next"], asked["next"], "what may follow, said before and after");
        }
        let n = sheet["lines"].as_array().unwrap().len() + 1;
        assert_eq!(post(a, "/api/v1/lines", one, &line(k, n, d)).0, 201);
    }
    let (_, sheet) = get(a, "/api/v1/sheet", one);
    assert_eq!(sheet["lines"][3]["points"], checked["points"], "the line checked after those waiting scores as stored");
    // A waiting line the rules refuse (a deal whose counts do not add up): nothing is known.
    let bad = json!({"contract": "A", "counts": [1, 1, 1, 1]});
    let (s, asked) = post(a, "/api/v1/next", one, &json!({"after": [bad]}));
    assert_eq!((s, &asked["known"], &asked["next"]), (200, &json!(false), &Value::Null), "{asked}");
    let (_, checked) = post(a, "/api/v1/check", one, &json!({"line": null, "entry": deals[5], "after": [bad]}));
    assert!(checked["refused"].is_null() && checked["points"].is_null(), "{checked}");
    // A line refused is said in the request's language, its message as its texts (English).
    let (s, checked, _) =
        request(a, "POST", "/api/v1/check", Some(one), "Accept-Language: nl\r\n", &json!({"line": null, "entry": bad, "after": []}).to_string());
    let refused = &checked["refused"];
    assert_eq!((s, &refused["message"]), (200, &refused["message_texts"]["nl"]), "{checked}");
    assert!(refused["message"].as_str().unwrap().starts_with("ronde 1, tafel 1"), "{checked}");
    // The jury's code has no sheet of its own to follow.
    let jury = codes["jury"]["code"].as_str().unwrap();
    assert_eq!(post(a, "/api/v1/next", jury, &json!({"after": []})).0, 403);
}

/// How far each table is, in its game's words: Double King's deals, Kings Cribbage's turns
/// (it said «0/1 deals» of a game that ends when the tiles do).
#[test]
fn the_codes_say_how_far_each_table_is_in_its_games_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let players = dir.path().join("p.csv");
    std::fs::write(&players, "name\nAnne\nBart\nChloé\nDirk\n").unwrap();
    for (game, said) in [("double-king", "0/20 deals"), ("kings-cribbage", "0 turns played")] {
        let t = atout(&db, &["tournament", "create", "--name", game, "--game", game, "--rounds", "1"]);
        let t = t.trim();
        atout(&db, &["players", "import", players.to_str().unwrap(), "--tournament", t]);
        atout(&db, &["round", "draw", "--tournament", t, "--round", "1", "--seed", "1"]);
        let listed = atout(&db, &["devices", "--tournament", t, "--round", "1"]);
        assert!(listed.contains(said), "{game}: {listed}");
    }
}
