//! A federation season: 40 evenings of 250 players each (10,000 player-evenings, about
//! 500,000 sheet lines) in one database file, drawn from a federation of 400 players. Prints
//! the season standings from a fresh start (a new connection: every evening loaded from the
//! database), and after one more line written in the last evening, as medians.
//!
//! Run: `cargo bench -p atout-api --bench season` (`-- --evenings 10 --players 100` for a
//! smaller one; `--federation N` the players the evenings are drawn from).

mod common;

use common::{median, ms};

use atout_api::{Atout, TableRef};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (evenings, players) = (arg(&args, "--evenings", 40), arg(&args, "--players", 250));
    let federation = arg(&args, "--federation", (players * 8 / 5).max(players));
    let rounds = 10;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let people: Vec<(String, String, String)> = (1..=federation).map(|i| (format!("f{i:05}"), format!("Member {i:05}"), format!("{}", 10_000 + i))).collect();

    let dir = std::env::temp_dir().join(format!("atout-season-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("season.db");
    let mut app = Atout::open(&path).unwrap();
    app.season_create("Federation", Some(&serde_json::json!({"count": {"best": 15}, "min_evenings": 5}))).unwrap();
    let started = Instant::now();
    let mut last = (String::new(), vec![]);
    let mut lines = 0usize;
    for e in 0..evenings {
        let mut field = people.clone();
        field.shuffle(&mut rng);
        field.truncate(players);
        // The last evening is still being played: its last round's sheets stop after 10 lines.
        let stop = if e + 1 == evenings { 10 } else { usize::MAX };
        let (doc, pending) =
            common::evening(&mut rng, &format!("Evening {:02}", e + 1), &format!("2026-{:02}-{:02}", 1 + e / 28, 1 + e % 28), &field, rounds, stop);
        lines +=
            doc["rounds"].as_array().unwrap().iter().flat_map(|r| r["tables"].as_array().unwrap()).map(|t| t["deals"].as_array().unwrap().len()).sum::<usize>();
        let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
        app.season_add("Federation", &t).unwrap();
        last = (t, pending);
    }
    let built = started.elapsed();

    // For a profiler: `-- --repeat N` reads the season standings N times, warm, and stops.
    if let Some(n) = args.iter().position(|a| a == "--repeat").and_then(|i| args.get(i + 1)).and_then(|v| v.parse::<u32>().ok()) {
        app.season_standings("Federation").unwrap();
        let started = Instant::now();
        for _ in 0..n {
            app.season_standings("Federation").unwrap();
        }
        println!("{n} times: {} each", ms(started.elapsed() / n));
        return;
    }

    // From a fresh start: a new connection, every evening read from the database.
    let fresh: Vec<Duration> = (0..5)
        .map(|_| {
            let mut fresh = Atout::open(&path).unwrap();
            let started = Instant::now();
            let s = fresh.season_standings("Federation").unwrap();
            assert_eq!(s.evenings, evenings);
            started.elapsed()
        })
        .collect();

    // The club's results website: from nothing, then again after one more line (on a fresh
    // application each time, as `atout publish` runs).
    let site = dir.join("site");
    let started = Instant::now();
    let first = Atout::open(&path).unwrap().publish(&site, "en", atout_api::publish::Privacy::default()).unwrap();
    let published = started.elapsed();
    {
        let (t, pending) = &last;
        let (table, rest) = &pending[pending.len() - 1];
        app.deal_add(&TableRef::new(t, rounds as i64, *table), None, common::as_written(&rest[0])).unwrap();
    }
    let started = Instant::now();
    let second = Atout::open(&path).unwrap().publish(&site, "en", atout_api::publish::Privacy::default()).unwrap();
    let republished = started.elapsed();
    // The last evening, its players and the season change; the other evenings are kept.
    assert!(second.written > 0 && second.written < first.written / 4, "{second:?}");
    // The window's way: the application that wrote the line publishes (its evenings loaded).
    app.publish(&site, "en", atout_api::publish::Privacy::default()).unwrap();
    {
        let (t, pending) = &last;
        let (table, rest) = &pending[pending.len() - 2];
        app.deal_add(&TableRef::new(t, rounds as i64, *table), None, common::as_written(&rest[0])).unwrap();
    }
    let started = Instant::now();
    app.publish(&site, "en", atout_api::publish::Privacy::default()).unwrap();
    let republished_warm = started.elapsed();

    // One more line in the last evening, then the season standings, on the warm application.
    app.season_standings("Federation").unwrap();
    let (t, pending) = &last;
    let (mut after, mut add_only) = (vec![], vec![]);
    for (table, rest) in pending.iter().take(pending.len().saturating_sub(2)).take(50) {
        let started = Instant::now();
        app.deal_add(&TableRef::new(t, rounds as i64, *table), None, common::as_written(&rest[0])).unwrap();
        let added = started.elapsed();
        let s = app.season_standings("Federation").unwrap();
        after.push(started.elapsed());
        add_only.push(added);
        assert!(s.rows.len() <= federation);
    }
    // The season standings alone, nothing changed (what a refreshing screen costs).
    let again: Vec<Duration> = (0..20)
        .map(|_| {
            let started = Instant::now();
            app.season_standings("Federation").unwrap();
            started.elapsed()
        })
        .collect();
    // The season printed: every player, every evening.
    let print: Vec<Duration> = (0..3)
        .map(|_| {
            let started = Instant::now();
            assert!(app.print_season("Federation", Some("en")).unwrap().len() > 10_000);
            started.elapsed()
        })
        .collect();

    println!(
        "season bench: {evenings} evenings of {players} players from {federation}, {} player-evenings, {lines} sheet lines in {}",
        evenings * players,
        path.display()
    );
    println!("  built (imports)                       {}", ms(built));
    println!("  season standings from a fresh start   {}   target < 1 s", ms(median(fresh)));
    println!("  one more line + season standings      {}   target < 10 ms", ms(median(after)));
    println!("      of which: add the line {}", ms(median(add_only)));
    println!("  season standings, nothing changed     {}", ms(median(again)));
    println!("  the season as a PDF                   {}", ms(median(print)));
    println!("  published (website) from nothing      {}   target < 5 s   ({} files)", ms(published), first.written);
    println!(
        "  published again after one more line   {}   target < 0.5 s ({} files rewritten; a fresh process, as `atout publish`)",
        ms(republished),
        second.written
    );
    println!("      the same from the window          {}   (the application that wrote the line)", ms(republished_warm));
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}
