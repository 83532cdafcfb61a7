//! The README's command lines, run in order on a fresh database, as a club secretary
//! would type them: every one must succeed, and what they print is checked where the
//! README says what it prints. A README that drifts from the program fails here.
//!
//! The test stands in for the secretary only where the README names a file of theirs:
//! `players.csv` (eight players), `lines.json` (the sheet's lines, edited), `hand.json` (a
//! deal typed card by card), `claim.json` (the same deal typed up to a claim, two tricks
//! from the end), and the
//! backup's time stamp (`manual-….db`, the newest backup made by hand).

use std::path::Path;
use std::process::Command;

/// The command lines of the README's "From the command line" block, without comments.
fn readme_lines() -> Vec<String> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap();
    let start = readme.find("### From the command line").expect("the README has its command-line section");
    let block = &readme[start..];
    let open = block.find("```sh\n").unwrap() + 6;
    let close = open + block[open..].find("```").unwrap();
    block[open..close]
        .lines()
        .filter(|l| l.starts_with("$atout"))
        .map(|l| match l.find("  #") {
            // A comment starts with two spaces and `#`, outside the JSON.
            Some(i) => l[..i].trim_end().to_string(),
            None => l.to_string(),
        })
        .collect()
}

#[test]
fn every_command_line_of_the_readme_runs_in_order() {
    let home = tempfile::tempdir().unwrap();
    let work = home.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let players: String = ["Anne", "Bart", "Chloé", "Dirk", "Els", "Frank", "Greet", "Hugo"].iter().map(|n| format!("{n};Club {}\n", n.len())).collect();
    std::fs::write(work.join("players.csv"), format!("Naam;Club\n{players}")).unwrap();
    // Another club's exported evening, as it reached the secretary.
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/season/archive-harten.json"), work.join("other-club.json")).unwrap();
    // A deal the jury typed card by card (FORMAT.md "Hand records").
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands/double-king-T.json"), work.join("hand.json")).unwrap();
    // The same deal typed up to a claim made with two tricks left.
    let mut claim: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(work.join("hand.json")).unwrap()).unwrap();
    claim["hand"]["play"].as_array_mut().unwrap().truncate(44);
    std::fs::write(work.join("claim.json"), claim.to_string()).unwrap();
    let lines = readme_lines();
    assert!(lines.len() > 40, "the README shows {} command lines", lines.len());
    let mut outputs = vec![];
    for line in &lines {
        if line.contains("lines.json") {
            // The secretary edits the sheet's lines: the first deal's queens recounted.
            let sheet: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(work.join("sheet.json")).unwrap()).unwrap();
            let mut entries: Vec<serde_json::Value> = sheet["lines"].as_array().unwrap().iter().map(|l| l["entry"].clone()).collect();
            entries[0]["counts"] = serde_json::json!([1, 1, 1, 1]);
            std::fs::write(work.join("lines.json"), serde_json::to_string(&entries).unwrap()).unwrap();
        }
        let script = line.replace("manual-….db", "$(ls -t ~/.local/share/atout/backups/ | grep '^manual-' | head -1)");
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -eo pipefail; {script}"))
            .current_dir(&work)
            .env("atout", env!("CARGO_BIN_EXE_atout"))
            .env("HOME", home.path())
            .env_remove("XDG_DATA_HOME")
            .env_remove("ATOUT_DB")
            .env("LANG", "C")
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout).to_string(), String::from_utf8_lossy(&out.stderr).to_string());
        assert!(out.status.success(), "README line failed: {line}\nstdout: {stdout}\nstderr: {stderr}");
        outputs.push((line.clone(), stdout));
    }
    let said = |prefix: &str| outputs.iter().find(|(l, _)| l.starts_with(prefix)).map(|(_, o)| o.clone()).unwrap_or_else(|| panic!("no README line {prefix}"));
    // What the README says each prints.
    assert!(said("$atout games --lang fr").contains("Ordre des jeux"), "{}", said("$atout games"));
    assert!(said("$atout tournament create --name \"Friday\"").trim().parse::<i64>().is_ok(), "create prints the id");
    assert_eq!(said("$atout cribbage score").lines().last(), Some("12"));
    // The move on the board: the line 5-10 found (a fifteen, 2) and the first move's 10.
    let board = said("$atout deal add --tournament Crib --round 1 --table 2");
    assert!(board.contains("5-10 +10") && board.contains("12"), "{board}");
    assert!(said("$atout deal check").contains("\"points\""), "a check prints the points");
    // The choice bought: no-tricks −4, −3, −3, −3; seller (seat 2) + 2, buyer (seat 3) − 2.
    let choice = said("$atout deal add --tournament \"Kings choice\"");
    assert!(choice.contains("no tricks [2→3: 2]") || choice.contains("no-tricks [2→3: 2]"), "{choice}");
    assert!(said("$atout sheet --tournament Friday --round 1 --table 2 --history").contains("queen miscounted"));
    assert!(said("$atout standings --tournament Friday").contains("Anne"));
    for file in ["ranking.pdf", "seating.pdf", "sheets.pdf", "rulings.pdf"] {
        assert!(std::fs::read(work.join(file)).unwrap().starts_with(b"%PDF"), "{file}");
    }
    // The log as a spreadsheet, in words (the system's language: English here).
    assert!(std::fs::read_to_string(work.join("log.csv")).unwrap().contains(";line corrected;"));
    assert!(std::fs::read_to_string(work.join("standings.csv")).unwrap().contains("Anne"));
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(work.join("friday.json")).unwrap()).unwrap();
    assert_eq!(doc["rounds"].as_array().map(Vec::len), Some(2), "round 1 and the final round drawn");
    // The season: Friday and the other club's evening; its standings rank both evenings' players.
    let standings = said("$atout season standings");
    assert!(standings.contains("Season — Winter 2026") && standings.contains("Harten Cup") && standings.contains("Olivier Leroy"), "{standings}");
    assert!(said("$atout season import").contains("imported «Harten Cup»"), "{}", said("$atout season import"));
    assert!(said("$atout season player").contains("Friday"), "{}", said("$atout season player"));
    assert!(std::fs::read(work.join("season.pdf")).unwrap().starts_with(b"%PDF"));
    // The database is the default one, in the data folder.
    assert!(home.path().join(".local/share/atout/atout.db").exists());
}
