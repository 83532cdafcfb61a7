//! The table devices under load (docs/performance.md, "Table devices"): a 1,000-player
//! Double King round (250 tables) whose every table's phone writes its whole sheet over
//! loopback at the same time, each line sent twice (the second a retry after a lost
//! answer), some connections dropped before their answer is read. Then: 0 lost, 0
//! doubled (every sheet complete, each line written once), the acknowledgements' p50 and
//! p99, and lines stored per second.
//!
//! cargo bench -p atout-serve --bench devices                 # every table as fast as it can
//! cargo bench -p atout-serve --bench devices -- --pause 200  # a random pause up to 200 ms between a table's lines
//! cargo bench -p atout-serve --bench devices -- --close      # a new connection for every request

use atout_api::{Atout, DrawRequest, NewTournament, TableRef};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// The allocator `atout serve` runs with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A table's phone: it keeps its connection open between requests, as a browser does
/// (HTTP/1.1 keep-alive), and opens a new one when that connection is gone; with
/// `--close`, one connection per request as before.
struct Phone {
    addr: SocketAddr,
    code: String,
    close: bool,
    conn: Option<BufReader<TcpStream>>,
}

impl Phone {
    /// One request; the status, or none when the connection failed. `drop_answer`: the
    /// phone loses the network — the request went, the answer never comes back.
    fn post(&mut self, body: &str, drop_answer: bool) -> Option<u16> {
        let out = self.exchange(body, drop_answer);
        if out.is_none() || self.close {
            self.conn = None;
        }
        out
    }

    fn exchange(&mut self, body: &str, drop_answer: bool) -> Option<u16> {
        if drop_answer {
            let mut s = TcpStream::connect(self.addr).ok()?;
            s.write_all(self.raw(body, true).as_bytes()).ok()?;
            return None;
        }
        if self.conn.is_none() {
            let s = TcpStream::connect(self.addr).ok()?;
            s.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
            s.set_nodelay(true).ok()?;
            self.conn = Some(BufReader::new(s));
        }
        let raw = self.raw(body, self.close);
        let conn = self.conn.as_mut()?;
        conn.get_mut().write_all(raw.as_bytes()).ok()?;
        let mut line = String::new();
        conn.read_line(&mut line).ok()?;
        let status = line.split(' ').nth(1)?.parse().ok()?;
        let mut length = 0;
        loop {
            line.clear();
            if conn.read_line(&mut line).ok()? == 0 {
                return None;
            }
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().ok()?;
                }
            }
        }
        let mut answer = vec![0; length];
        conn.read_exact(&mut answer).ok()?;
        Some(status)
    }

    fn raw(&self, body: &str, close: bool) -> String {
        let connection = if close { "close" } else { "keep-alive" };
        format!(
            "POST /api/v1/lines HTTP/1.1\r\nHost: b\r\nConnection: {connection}\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.code,
            body.len()
        )
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: u64| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default);
    let (players, pause) = (arg("--players", 1000) as usize, arg("--pause", 0));
    let close = args.iter().any(|a| a == "--close");

    let dir = std::env::temp_dir().join(format!("atout-devices-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bench.db");
    let mut app = Atout::open(&path).unwrap();
    let t = app.tournament_create(&NewTournament { name: "Bench".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    let names: String = (1..=players).map(|i| format!("Player {i:04}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    let codes = app.devices(&t, 1, "http://bench").unwrap();
    let sheets: Vec<(String, Vec<Value>)> =
        codes.tables.iter().map(|d| (d.code.clone(), app.random_sheet(&TableRef::new(&t, 1, d.table), d.table as u64).unwrap())).collect();
    let lines: usize = sheets.iter().map(|s| s.1.len()).sum();
    let server = atout_serve::start(atout_serve::run_alone(app), "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr;

    let started = Instant::now();
    let workers: Vec<_> = sheets
        .into_iter()
        .enumerate()
        .map(|(i, (code, deals))| {
            std::thread::spawn(move || {
                let mut phone = Phone { addr, code: code.clone(), close, conn: None };
                let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
                let (mut times, mut created, mut dropped) = (vec![], 0usize, 0usize);
                // Paced, the tables start apart too (no evening starts 250 deals in the same millisecond).
                if pause > 0 {
                    std::thread::sleep(Duration::from_millis(rng.random_range(0..=pause)));
                }
                for (n, entry) in deals.iter().enumerate() {
                    let body = serde_json::json!({"key": format!("{code}-{n}"), "line": n + 1, "entry": entry, "scorer": "bench"}).to_string();
                    // One time in ten the first try's answer is lost.
                    if rng.random_bool(0.1) {
                        phone.post(&body, true);
                        dropped += 1;
                    }
                    // Sent (again), until acknowledged; then once more, as a retry would.
                    for attempt in 0..2 {
                        loop {
                            let at = Instant::now();
                            match phone.post(&body, false) {
                                Some(s @ (200 | 201)) => {
                                    times.push(at.elapsed());
                                    if s == 201 {
                                        created += 1;
                                    }
                                    assert!(attempt == 0 || s == 200, "a retry answered {s}");
                                    break;
                                }
                                Some(503) | None => std::thread::sleep(Duration::from_millis(5)),
                                Some(s) => panic!("line {} of {code}: {s}", n + 1),
                            }
                        }
                    }
                    if pause > 0 {
                        std::thread::sleep(Duration::from_millis(rng.random_range(0..=pause)));
                    }
                }
                (times, created, dropped)
            })
        })
        .collect();
    let mut times = vec![];
    let (mut created, mut dropped) = (0, 0);
    for w in workers {
        let (t, c, d) = w.join().unwrap();
        times.extend(t);
        created += c;
        dropped += d;
    }
    let wall = started.elapsed();
    server.stop();

    // Read back by a fresh connection: every sheet complete, each line written once.
    let mut check = Atout::open(&path).unwrap();
    let (mut stored, mut versions, mut complete) = (0, 0, 0);
    for d in &codes.tables {
        let at = TableRef::new(&t, 1, d.table);
        let sheet = check.sheet(&at).unwrap();
        stored += sheet.lines.len();
        complete += usize::from(sheet.complete);
        versions += check.sheet_history(&at).unwrap().len();
    }
    times.sort();
    println!("table devices: {} tables, {lines} lines, each sent twice, {dropped} first answers lost", codes.tables.len());
    println!("  lost {}  doubled {}  sheets complete {complete}/{}", lines - stored, versions - stored, codes.tables.len());
    println!(
        "  acknowledgements: {} — p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(times[times.len() - 1])
    );
    println!("  {:.0} lines stored per second ({created} created answers, {:.1} s in all)", stored as f64 / wall.as_secs_f64(), wall.as_secs_f64());
    assert_eq!((lines - stored, versions - stored, complete), (0, 0, codes.tables.len()), "lost or doubled");
    let _ = std::fs::remove_dir_all(&dir);
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
