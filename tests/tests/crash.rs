//! Crash safety, proven (issue "Nothing lost"): a process enters lines in a loop
//! (taking backups as it goes) and is killed with SIGKILL at random moments. After
//! every kill the database passes `integrity_check`, and at the end every line the
//! process reported as saved is on its sheet; every finished backup checks too.
//!
//! `ATOUT_KILLS` sets the number of kills (20 here; `scripts/crash-run` runs 200).

use atout_api::{Atout, DrawRequest, NewTournament};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The database opened afresh, as the next process would.
fn open(db: &Path) -> Atout {
    Atout::open(db).unwrap()
}

#[test]
fn every_line_reported_saved_survives_a_kill() {
    let kills: usize = std::env::var("ATOUT_KILLS").ok().and_then(|k| k.parse().ok()).unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let csv = dir.path().join("players.csv");
    let names: String = (1..=200).map(|i| format!("Player {i:03}\n")).collect();
    std::fs::write(&csv, format!("name\n{names}")).unwrap();
    let mut app = open(&db);
    app.tournament_create(&NewTournament { name: "Crash".into(), game: "double-king".into(), rounds: Some(99), ..Default::default() }).unwrap();
    app.players_import(&std::fs::read_to_string(&csv).unwrap(), Some("Crash")).unwrap();
    app.round_draw("Crash", &DrawRequest::new(1, Some(1))).unwrap();
    drop(app);

    let mut saved: Vec<(i64, String, String, String)> = vec![];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut killed = 0;
    let mut backups_during = 0;
    let mut round = 1;
    while killed < kills {
        let mut child = Command::new(env!("CARGO_BIN_EXE_atout-stress"))
            .arg(&db)
            .args(["Crash", &round.to_string(), "9", "5"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || BufReader::new(out).lines().map_while(Result::ok).collect::<Vec<String>>());
        // A random moment: 10 to 160 ms after the start (opening takes part of it).
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        std::thread::sleep(Duration::from_millis(10 + state % 150));
        let finished = child.try_wait().unwrap().is_some();
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        let lines = reader.join().unwrap();
        backups_during += lines.iter().filter(|l| l.starts_with("backup ")).count();
        for l in lines.iter().filter(|l| l.starts_with("saved ")) {
            let mut parts = l.splitn(4, ' ').skip(1);
            saved.push((round, parts.next().unwrap().into(), parts.next().unwrap().into(), parts.next().unwrap().into()));
        }
        assert_eq!(open(&db).check().unwrap(), "ok", "after kill {killed}");
        if finished {
            // Every sheet of the round is full: play the next round.
            round += 1;
            assert!(round <= 99, "out of rounds");
            open(&db).round_draw("Crash", &DrawRequest::new(round, Some(1))).unwrap();
            continue;
        }
        killed += 1;
    }
    assert!(saved.len() > 10, "the runs saved {} lines", saved.len());
    // Every line reported as saved is on its sheet, as reported.
    let doc = serde_json::to_value(open(&db).export_document("Crash").unwrap()).unwrap();
    for (round, table, line, entry) in &saved {
        let tables = doc["rounds"][(*round - 1) as usize]["tables"].as_array().unwrap();
        let t = tables.iter().find(|t| t["number"].as_i64() == table.parse::<i64>().ok()).unwrap();
        let stored = &t["deals"][line.parse::<usize>().unwrap() - 1];
        assert_eq!(stored, &serde_json::from_str::<serde_json::Value>(entry).unwrap(), "round {round} table {table} line {line}");
    }
    // Every finished backup checks (a backup killed half-way stays a `.part` file).
    let backups: Vec<_> = std::fs::read_dir(atout_api::backups::backup_dir(&db)).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
    for b in backups.iter().filter(|p| p.extension().is_some_and(|x| x == "db")) {
        let check = Atout::open(b).and_then(|mut a| a.check());
        assert!(matches!(check.as_deref(), Ok("ok")), "backup {} does not check: {check:?}", b.display());
    }
    eprintln!(
        "crash run: {killed} kills over {round} rounds, {} lines reported saved and found, {backups_during} backups taken while being killed",
        saved.len()
    );
}
