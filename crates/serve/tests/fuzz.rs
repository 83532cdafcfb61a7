//! The devices' protocol fuzzed: a seeded generator of hostile requests (malformed and cut
//! JSON, wrong types, huge and negative numbers, unknown keys, odd Unicode, bad, other
//! tables' and repeated codes, missing headers, unknown paths and methods, bodies over the
//! bound, bodies cut mid-way, slow clients) sent over loopback to a running server, among the
//! well-formed lines of two tables' phones. Every answer is a status FORMAT.md gives, never
//! a 5xx, and every refusal's body is `{kind, message}`; the log holds exactly one change per
//! write the server acknowledged, every sheet replays, the database is whole, and a
//! well-formed device is served afterwards.
//!
//! ATOUT_FUZZ_REQUESTS=200000 ATOUT_FUZZ_SEED=7 cargo test -p atout-serve --test fuzz --release

use atout_api::{Atout, DrawRequest, NewTournament, TableRef};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// One exchange over a fresh connection: the status (none: the server closed without
/// answering, as it may for a body cut mid-way) and the body.
fn exchange(addr: SocketAddr, raw: &[u8], slow: bool, cut: bool) -> (Option<u16>, String) {
    let mut s = TcpStream::connect(addr).expect("the server accepts connections");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    if slow {
        // A slow client: the request in small pieces, a pause between them.
        for piece in raw.chunks(16) {
            if s.write_all(piece).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    } else {
        let _ = s.write_all(raw);
    }
    if cut {
        // The body announced longer than what is sent: the client goes away.
        let _ = s.shutdown(std::net::Shutdown::Write);
    }
    let mut out = vec![];
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text.strip_prefix("HTTP/1.1 ").and_then(|t| t.get(..3)).and_then(|c| c.parse().ok());
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn raw(method: &str, path: &str, headers: &[String], body: &[u8], length: Option<usize>) -> Vec<u8> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    if !body.is_empty() || length.is_some() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", length.unwrap_or(body.len())));
    }
    head.push_str("\r\n");
    let mut out = head.into_bytes();
    out.extend_from_slice(body);
    out
}

/// A JSON value of any shape, with the numbers and strings a hostile client would send.
fn junk(rng: &mut ChaCha8Rng, depth: u32) -> Value {
    match rng.random_range(0..10) {
        0 => Value::Null,
        1 => json!(rng.random_bool(0.5)),
        2 => [json!(-1), json!(0), json!(i64::MAX), json!(i64::MIN), json!(u64::MAX), json!(9_007_199_254_740_993_u64), json!(-4096)]
            .choose(rng)
            .cloned()
            .unwrap_or_default(),
        3 => json!([1e300, -1e300, 0.5, -0.0, 3.25].choose(rng).copied()),
        4 => json!(["", " ", "T", "A", "spades", "\u{202e}evil", "\u{0}", "😀🂡", "\u{fffd}", "<script>", "a\nb", &"x".repeat(300)].choose(rng).copied()),
        5 if depth < 3 => Value::Array((0..rng.random_range(0..5)).map(|_| junk(rng, depth + 1)).collect()),
        6 if depth < 3 => {
            let keys =
                ["contract", "counts", "trump", "taker", "seventh", "last", "fault_by", "reason", "seat", "points", "by", "sanction", "x", "__proto__", "é"];
            Value::Object((0..rng.random_range(0..5)).map(|_| (keys.choose(rng).unwrap().to_string(), junk(rng, depth + 1))).collect())
        }
        _ => json!(rng.random_range(-20..30)),
    }
}

/// A well-formed entry of `valid` with one figure made hostile.
fn mutated(rng: &mut ChaCha8Rng, valid: &Value) -> Value {
    let mut entry = valid.clone();
    if let Value::Object(map) = &mut entry {
        let keys: Vec<String> = map.keys().cloned().collect();
        if let Some(k) = keys.choose(rng) {
            map.insert(k.clone(), junk(rng, 1));
        }
        if rng.random_bool(0.2) {
            map.insert("unknown_key".into(), junk(rng, 1));
        }
    }
    entry
}

struct Table {
    code: String,
    number: i64,
    /// The whole sheet this table's phone means to write.
    plan: Vec<Value>,
    /// Lines stored (as the server acknowledged them), and whether the model is still
    /// certain of the next line (a jury's fault or a correction makes it ask the server).
    stored: usize,
    sure: bool,
    keys: Vec<String>,
}

const TABLE_ROUTES: [&str; 9] = [
    "/api/v1/check",
    "/api/v1/lines",
    "/api/v1/fix",
    "/api/v1/hand",
    "/api/v1/rulings",
    "/api/v1/hand-cards",
    "/api/v1/hand-check",
    "/api/v1/claim",
    "/api/v1/solve",
];
const GET_ROUTES: [&str; 7] = ["/api/v1/device", "/api/v1/sheet", "/api/v1/history", "/api/v1/game", "/api/v1/round", "/api/v1/rulings", "/api/v1/hand-record"];

#[test]
fn hostile_requests_are_answered_as_format_md_says_and_store_nothing_refused() {
    let requests: usize = std::env::var("ATOUT_FUZZ_REQUESTS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let seed: u64 = std::env::var("ATOUT_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fuzz.db");
    let mut app = Atout::open(&path).unwrap();
    let t = app.tournament_create(&NewTournament { name: "Fuzz".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    let codes = app.devices(&t, 1, "http://fuzz").unwrap();
    let jury = codes.jury.code.clone();
    let mut tables: Vec<Table> = codes
        .tables
        .iter()
        .map(|d| Table {
            code: d.code.clone(),
            number: d.table,
            plan: app.random_sheet(&TableRef::new(&t, 1, d.table), seed ^ d.table as u64).unwrap(),
            stored: 0,
            sure: true,
            keys: vec![],
        })
        .collect();
    let changes_before: HashSet<i64> = app.audit(&t).unwrap().iter().map(|e| e.change).collect();
    drop(app);

    let server = atout_serve::start(atout_serve::run_alone(Atout::open(&path).unwrap()), "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr;
    let clock = std::time::Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Writes the server acknowledged (each one change in the log), and what was seen.
    let (mut writes, mut created, mut unanswered) = (0usize, 0usize, 0usize);
    let mut seen = std::collections::BTreeMap::<u16, usize>::new();
    let ask_sheet = |code: &str| -> usize {
        let (s, body) = exchange(addr, &raw("GET", "/api/v1/sheet", &[format!("Authorization: Bearer {code}")], b"", None), false, false);
        assert_eq!(s, Some(200), "{body}");
        serde_json::from_str::<Value>(&body).unwrap()["lines"].as_array().unwrap().len()
    };

    for n in 0..requests {
        let ti = rng.random_range(0..tables.len());
        // A well-formed phone's next line, a third of the time (retried now and then).
        if rng.random_bool(0.33) && tables[ti].stored < tables[ti].plan.len() {
            let tb = &mut tables[ti];
            if !tb.sure {
                tb.stored = ask_sheet(&tb.code);
                tb.sure = true;
            }
            if tb.stored >= tb.plan.len() {
                continue;
            }
            let key = format!("ok-{}-{n}", tb.number);
            let body = json!({"key": key, "line": tb.stored + 1, "entry": tb.plan[tb.stored], "scorer": "Fuzz"}).to_string();
            let (s, answer) =
                exchange(addr, &raw("POST", "/api/v1/lines", &[format!("Authorization: Bearer {}", tb.code)], body.as_bytes(), None), false, false);
            // After a jury's fault or a correction the planned line may no longer fit the sheet.
            match s {
                Some(201) => {
                    tb.stored += 1;
                    writes += 1;
                    created += 1;
                    tb.keys.push(key.clone());
                    let (again, _) =
                        exchange(addr, &raw("POST", "/api/v1/lines", &[format!("Authorization: Bearer {}", tb.code)], body.as_bytes(), None), false, false);
                    assert_eq!(again, Some(200), "a retry under the same key stores nothing new");
                }
                Some(422) if tb.keys.len() != tb.stored => {}
                other => panic!("request {n}: a well-formed next line answered {other:?}: {answer}"),
            }
            continue;
        }
        // Otherwise a hostile request.
        let code = match rng.random_range(0..10) {
            0..=3 => tables[ti].code.clone(),
            4 => tables[(ti + 1) % tables.len()].code.clone(),
            5 => jury.clone(),
            6 => format!("{:016X}", rng.random::<u64>()),
            7 => String::new(),
            8 => "é😀\u{202e}".to_string(),
            _ => tables[ti].code.to_lowercase(),
        };
        let mut headers = vec![];
        match rng.random_range(0..8) {
            0 => {}
            1 => headers.push(format!("Authorization: Basic {code}")),
            2 => {
                headers.push(format!("Authorization: Bearer {code}"));
                headers.push(format!("Authorization: Bearer {}", tables[(ti + 1) % tables.len()].code));
            }
            _ => headers.push(format!("Authorization: Bearer {code}")),
        }
        if rng.random_bool(0.3) {
            headers.push(
                ["Accept-Language: fr", "Accept-Language: nl-BE,nl;q=0.9", "Accept-Language: *", "Accept-Language: ,,;q=", "Accept-Language: 😀"]
                    .choose(&mut rng)
                    .unwrap()
                    .to_string(),
            );
        }
        let (mut method, mut path) = ("POST", TABLE_ROUTES.choose(&mut rng).unwrap().to_string());
        match rng.random_range(0..12) {
            0..=2 => {
                method = "GET";
                path = GET_ROUTES.choose(&mut rng).unwrap().to_string();
                let query = [
                    "",
                    "?round=1&table=2",
                    "?table=99",
                    "?round=-1",
                    "?round=abc",
                    "?table=1e9",
                    "?lang=xx",
                    "?lang=",
                    "?round=1&round=2",
                    "?%ff=1",
                    "?round=1&table=1&line=1",
                    "?round=1&table=1&line=99999999999999999999",
                ];
                path.push_str(query.choose(&mut rng).unwrap());
            }
            3 => method = ["PUT", "DELETE", "PATCH", "GET"].choose(&mut rng).unwrap(),
            4 => {
                path = [
                    "/api/v2/lines",
                    "/api/v1/lines/1",
                    "/ui/../Cargo.toml",
                    "/ui/%2e%2e/x",
                    "/t/",
                    "/room/",
                    "/room/%ff",
                    "/api/v1/room/9999",
                    "/api/v1/room/%3Cscript%3E",
                    "/api/v1/room/%FF",
                    "/api/v1/room/1/player/%FF",
                    "/ui/%FF",
                ]
                .choose(&mut rng)
                .unwrap()
                .to_string()
            }
            _ => {}
        }
        if method == "POST" || rng.random_bool(0.1) {
            headers.push(
                ["Content-Type: application/json", "Content-Type: text/plain", "Content-Type: application/json; charset=latin1"]
                    .choose(&mut rng)
                    .unwrap()
                    .to_string(),
            );
        }
        let valid = tables[ti].plan.get(tables[ti].stored).cloned().unwrap_or(json!({"contract": "T"}));
        let body: Vec<u8> = match rng.random_range(0..12) {
            0 => json!({"key": format!("h-{n}"), "line": tables[ti].stored + 1, "entry": mutated(&mut rng, &valid)}).to_string().into_bytes(),
            1 => json!({"key": junk(&mut rng, 1), "line": junk(&mut rng, 1), "entry": junk(&mut rng, 0), "scorer": junk(&mut rng, 1)}).to_string().into_bytes(),
            2 => json!({"key": format!("h-{n}"), "line": rng.random_range(0..60), "entry": valid, "extra": 1}).to_string().into_bytes(),
            3 => {
                // Cut mid-way: not JSON any more.
                let whole = json!({"key": format!("h-{n}"), "line": 1, "entry": valid}).to_string();
                whole.as_bytes()[..rng.random_range(0..whole.len())].to_vec()
            }
            4 => "[".repeat(rng.random_range(1..5000)).into_bytes(),
            5 => vec![b'x'; 64 * 1024 + rng.random_range(1..4096)],
            6 => json!({"key": "\u{7f}\u{0}", "line": 1, "entry": valid}).to_string().into_bytes(),
            7 => json!({"line": 1, "entry": null, "reason": junk(&mut rng, 1), "before": junk(&mut rng, 1)}).to_string().into_bytes(),
            8 => json!({"round": junk(&mut rng, 1), "table": junk(&mut rng, 1), "entry": junk(&mut rng, 0), "scorer": "Jury"}).to_string().into_bytes(),
            9 if rng.random_bool(0.5) => json!({"game": junk(&mut rng, 1), "tiles": junk(&mut rng, 1)}).to_string().into_bytes(),
            // The jury's replay and claims: a record that is text of anything, any seat.
            9 => json!({"record": junk(&mut rng, 1).to_string(), "seat": junk(&mut rng, 1), "at_least": junk(&mut rng, 1), "names": junk(&mut rng, 1)})
                .to_string()
                .into_bytes(),
            10 => vec![0xff, 0xfe, b'{', 0xc3],
            _ => junk(&mut rng, 0).to_string().into_bytes(),
        };
        // Not HTTP at all now and then: refused at the door (400, or the connection closed).
        if rng.random_ratio(1, 100) {
            let garbage: &[&[u8]] = &[
                b"GET /api/v1/room/<x> HTTP/1.1\r\nHost: f\r\n\r\n",
                b"\x16\x03\x01\x02\x00\x01\x00",
                b"POST /api/v1/lines HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
                b"GET / HTTP/9.9\r\n\r\n",
                b"\r\n\r\n",
            ];
            let (status, _) = exchange(addr, garbage.choose(&mut rng).unwrap(), false, true);
            assert!(status.is_none_or(|s| s == 400 || s == 505), "request {n}: not HTTP, answered {status:?}");
            continue;
        }
        let (cut, slow) = (rng.random_ratio(1, 200), body.len() < 2048 && rng.random_ratio(1, 400));
        let length = if cut { Some(body.len() + 100) } else { None };
        let started = std::time::Instant::now();
        let (status, answer) = exchange(addr, &raw(method, &path, &headers, &body, length), slow, cut);
        assert!(started.elapsed() < Duration::from_secs(10), "request {n} ({method} {path}) took {:?}", started.elapsed());
        let Some(status) = status else {
            assert!(cut, "request {n} ({method} {path}) got no answer");
            unanswered += 1;
            continue;
        };
        *seen.entry(status).or_default() += 1;
        assert!(
            [200, 201, 400, 401, 403, 404, 405, 408, 409, 413, 422, 429].contains(&status),
            "request {n} ({method} {path}, body {:?}) answered {status}: {answer}",
            String::from_utf8_lossy(&body[..body.len().min(300)])
        );
        if status >= 400 {
            let v: Value = serde_json::from_str(&answer).unwrap_or_else(|_| panic!("request {n} ({method} {path}): a refusal's body is JSON: {answer:?}"));
            assert!(v["kind"].is_string() && v["message"].is_string(), "request {n} ({method} {path}): {{kind, message}}: {answer}");
        }
        if status == 201 || (status == 200 && method == "POST" && path.starts_with("/api/v1/fix")) {
            // A hostile request that was, after all, a well-formed write (a ruling, a fault, a correction).
            writes += 1;
            for tb in &mut tables {
                tb.sure = false;
            }
            if path.starts_with("/api/v1/lines") {
                panic!("request {n}: a hostile line was stored: {:?}", String::from_utf8_lossy(&body));
            }
        }
    }
    eprintln!("{requests} requests: statuses {seen:?}; {created} lines created; {unanswered} cut by the client");

    eprintln!("{requests} requests sent in {:?}", clock.elapsed());
    // A well-formed device is still served.
    let tb = &tables[0];
    let lines = ask_sheet(&tb.code);
    assert!(lines >= tb.keys.len());
    let (s, _) = exchange(addr, &raw("GET", "/api/v1/device", &[format!("Authorization: Bearer {}", tb.code)], b"", None), false, false);
    assert_eq!(s, Some(200));
    server.stop();

    // The log holds one change per acknowledged write, and nothing else; every sheet replays; the file is whole.
    let mut app = Atout::open(&path).unwrap();
    let changes: HashSet<i64> = app.audit(&t).unwrap().iter().map(|e| e.change).filter(|c| !changes_before.contains(c)).collect();
    assert_eq!(changes.len(), writes, "one change in the log per write acknowledged");
    for tb in &tables {
        let sheet = app.sheet(&TableRef::new(&t, 1, tb.number)).unwrap();
        let history = app.sheet_history(&TableRef::new(&t, 1, tb.number)).unwrap();
        assert!(sheet.lines.len() <= history.len());
    }
    assert_eq!(app.check().unwrap(), "ok");
}
