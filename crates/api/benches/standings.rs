//! Standings at scale: a 1,000-player, 10-round Double King tournament in a
//! database file. Prints (a) a full recompute of the standings from the
//! database, (b) adding one deal and reading fresh standings, (c) one bare
//! SQLite commit on the same database, as medians over repeated runs.
//!
//! Run: `cargo bench -p atout-api --bench standings` (add `-- --players 200`
//! for a quicker, smaller run).

mod common;

use common::{median, ms};

use atout_api::Atout;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.iter().position(|a| a == "--players").and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(1000);
    let rounds = 10usize;
    let mut rng = ChaCha8Rng::seed_from_u64(1);

    // The document: every sheet complete except the last round's, which
    // stops after 10 lines so that deals can be added.
    let people: Vec<(String, String, String)> = (1..=players).map(|i| (format!("p{i:04}"), format!("Player p{i:04}"), String::new())).collect();
    let (doc, pending) = common::evening(&mut rng, "Bench Open", "2026-11-22", &people, rounds, 10);

    let dir = std::env::temp_dir().join(format!("atout-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bench.db");
    let mut app = Atout::open(&path).unwrap();
    let started = Instant::now();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let import = started.elapsed();
    let deals: usize =
        doc["rounds"].as_array().unwrap().iter().flat_map(|r| r["tables"].as_array().unwrap()).map(|t| t["deals"].as_array().unwrap().len()).sum();

    // For a profiler: `-- --only a N` (or `e N`) runs (a) (or (e)) N times and stops there.
    if let Some(i) = args.iter().position(|a| a == "--only") {
        let what = args.get(i + 1).map(String::as_str).unwrap_or("a");
        let n: usize = args.get(i + 2).and_then(|v| v.parse().ok()).unwrap_or(20);
        let started = Instant::now();
        for _ in 0..n {
            if what == "e" {
                app.print_standings(&t, None, Some("en")).unwrap();
            } else {
                Atout::open(&path).unwrap().standings(&t, None).unwrap();
            }
        }
        println!("({what}) {n} times: {} each", ms(started.elapsed() / n as u32));
        return;
    }

    // (a) Recompute everything from the database: a fresh connection each time.
    let full: Vec<Duration> = (0..7)
        .map(|_| {
            let mut fresh = Atout::open(&path).unwrap();
            let started = Instant::now();
            let s = fresh.standings(&t, None).unwrap();
            assert_eq!(s.rows.len(), players);
            started.elapsed()
        })
        .collect();

    // (b) Add one deal, then read fresh standings, on the warm application.
    app.standings(&t, None).unwrap();
    let (mut add, mut add_only, mut read_only) = (vec![], vec![], vec![]);
    for (table, rest) in pending.iter().take(100) {
        let started = Instant::now();
        let entry = common::as_written(&rest[0]);
        app.deal_add(&atout_api::TableRef::new(&t, rounds as i64, *table), None, entry).unwrap();
        let added = started.elapsed();
        let s = app.standings(&t, None).unwrap();
        add.push(started.elapsed());
        add_only.push(added);
        read_only.push(started.elapsed() - added);
        assert_eq!(s.rows.len(), players);
    }

    // For a profiler: `-- --repeat N` adds N more deals and standings (the sheets' last lines
    // again and again: each table's pending lines, corrected in turn), and stops there.
    if let Some(n) = args.iter().position(|a| a == "--repeat").and_then(|i| args.get(i + 1)).and_then(|v| v.parse::<usize>().ok()) {
        let started = Instant::now();
        let mut written = vec![0usize; pending.len()];
        for k in 0..n {
            let i = 100 + k % (pending.len() - 100);
            let (table, rest) = &pending[i];
            let at = atout_api::TableRef::new(&t, rounds as i64, *table);
            if let Some(entry) = rest.get(written[i]) {
                app.deal_add(&at, None, common::as_written(entry)).unwrap();
                written[i] += 1;
            }
            app.standings(&t, None).unwrap();
        }
        println!("{n} more: {} each", ms(started.elapsed() / n as u32));
        return;
    }

    // (c) One bare commit on the same database.
    let bare: Vec<Duration> = (0..100)
        .map(|_| {
            let started = Instant::now();
            app.bare_commit().unwrap();
            started.elapsed()
        })
        .collect();

    // (d) All prefilled sheets of the first round (one page per table) in one PDF.
    let sheets: Vec<Duration> = (0..3)
        .map(|_| {
            let started = Instant::now();
            let pdf = app.print_sheets(&t, 1, false, Some("en")).unwrap();
            assert!(pdf.len() > 10_000);
            started.elapsed()
        })
        .collect();
    // (e) The ranking of every player as a PDF.
    let mut ranking_size = 0;
    let ranking: Vec<Duration> = (0..5)
        .map(|_| {
            let started = Instant::now();
            let pdf = app.print_standings(&t, None, Some("en")).unwrap();
            assert!(pdf.len() > 10_000);
            ranking_size = pdf.len();
            started.elapsed()
        })
        .collect();

    let (a, b, c) = (median(full), median(add), median(bare));
    println!("standings bench: {players} players, {rounds} rounds, {deals} deal lines in {}", path.display());
    println!("  import of the whole document      {}", ms(import));
    println!("  (a) standings recomputed from db  {}   target < 50 ms", ms(a));
    println!("  (b) add one deal + standings      {}   target < 10 ms and < 3 x (c)", ms(b));
    println!("      of which: add the deal {}, standings {}", ms(median(add_only)), ms(median(read_only)));
    println!("  (c) one bare SQLite commit        {}", ms(c));
    println!("  (b) / (c) = {:.2}", b.as_secs_f64() / c.as_secs_f64());
    println!("  (d) prefilled sheets of a round, one PDF ({} tables)  {}   target < 2 s", players / 4, ms(median(sheets)));
    println!("  (e) the ranking as a PDF          {}   target < 100 ms ({} KB)", ms(median(ranking)), ranking_size / 1024);
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}
