//! The `atout` binary, run as a user would.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name)
}

fn atout(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_atout")).arg("--db").arg(db).args(args).output().unwrap()
}

/// `atout` run with `LANG` set to `lang` (and nothing overriding it).
fn atout_in<S: AsRef<std::ffi::OsStr>>(lang: &str, db: &Path, args: impl IntoIterator<Item = S>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_atout")).env("LANG", lang).env_remove("LC_ALL").env_remove("LC_MESSAGES").arg("--db").arg(db).args(args).output().unwrap()
}

fn ok(db: &Path, args: &[&str]) -> String {
    let out = atout(db, args);
    assert!(out.status.success(), "atout {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json_file(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Everything a user can read back: players, tournaments, each tournament's export.
fn content(db: &Path) -> String {
    let mut all = ok(db, &["players", "list", "--format", "json"]) + &ok(db, &["tournament", "list", "--format", "json"]);
    let list: Value = serde_json::from_str(&ok(db, &["tournament", "list", "--format", "json"])).unwrap();
    for t in list.as_array().unwrap() {
        all += &ok(db, &["export", "--tournament", &t["id"].to_string(), "-"]);
    }
    all
}

#[test]
fn import_then_standings_json_prints_the_format_output() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let id = ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    assert_eq!(id.trim(), "1");
    let out = ok(&db, &["standings", "--tournament", "Spring Open 2026", "--format", "json"]);
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got, json_file(&fixture("spring-open-16.expected.json")));
    let csv = ok(&db, &["standings", "--tournament", "1", "--format", "csv", "--after-round", "2"]);
    assert_eq!(csv.lines().next(), Some("Rank,Id,Player,Points,Score,Best,R1,R2"));
    assert_eq!(csv.lines().count(), 17);
}

#[test]
fn a_rejected_import_leaves_the_database_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.db");
    ok(&db, &["import", fixture("bye-18.json").to_str().unwrap()]);
    let before = content(&db);
    let out = atout(&db, &["import", fixture("broken/sheet-full.json").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("round 3, table 1, line 21") && err.contains("sheet-full"), "{err}");
    assert_eq!(content(&db), before);
}

/// A document saved by Windows' Notepad as "Unicode" (UTF-16 with its byte-order mark) is read
/// as the text it is; one in another encoding is refused saying so, in the user's language,
/// and nothing is stored (it was the bare «stream did not contain valid UTF-8»).
#[test]
fn a_document_in_utf16_imports_and_one_not_in_utf8_is_refused_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("e.db");
    let text = std::fs::read_to_string(fixture("bye-18.json")).unwrap();
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let file = dir.path().join("unicode.json");
    std::fs::write(&file, utf16).unwrap();
    assert_eq!(ok(&db, &["import", file.to_str().unwrap()]).trim(), "1");
    let before = content(&db);
    // The same document with a name in Latin-1 (é as the single byte 0xE9).
    let latin1: Vec<u8> = text.replacen("\"name\": \"", "\"name\": \"Caf\u{e9} ", 1).chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect();
    let file = dir.path().join("latin1.json");
    std::fs::write(&file, latin1).unwrap();
    let out =
        Command::new(env!("CARGO_BIN_EXE_atout")).env("LANG", "fr_BE.UTF-8").arg("--db").arg(&db).args(["import", file.to_str().unwrap()]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("latin1.json n'est pas un texte en UTF-8") && err.contains("enregistrez-le à nouveau en UTF-8"), "{err}");
    assert_eq!(content(&db), before, "nothing stored");
}

#[test]
fn a_secretary_runs_a_round_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let csv = dir.path().join("players.csv");
    std::fs::write(&csv, "name,club,member\nAnn,KC,1\nBart,KC,2\nChris,KC,3\nDirk,KC,4\nEls,KC,5\n").unwrap();
    let id = ok(&db, &["tournament", "create", "--name", "Tuesday", "--game", "double-king", "--rounds", "3"]);
    assert!(ok(&db, &["players", "import", csv.to_str().unwrap(), "--tournament", id.trim()]).contains("5 players added"));
    // One more, said in the singular (it read «1 players added»).
    std::fs::write(&csv, "name,club,member\nAnn,KC,1\nFons,KC,6\n").unwrap();
    let one = ok(&db, &["players", "import", csv.to_str().unwrap()]);
    assert!(one.starts_with("1 player added, 1 already registered"), "{one}");
    let seating = ok(&db, &["round", "draw", "--tournament", "Tuesday", "--round", "1", "--seed", "9"]);
    assert!(seating.contains("draw number 9") && seating.contains("table 1") && seating.contains("bye:"), "{seating}");
    assert_eq!(seating, ok(&db, &["round", "show", "--tournament", "Tuesday", "--round", "1"]));

    // A bad line: refused, named, non-zero, nothing stored.
    let out = atout(&db, &["deal", "add", "--tournament", "Tuesday", "--round", "1", "--table", "1", r#"{"contract":"A","counts":[5,5,5,0]}"#]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("deal-total") && err.contains("add up to 15"), "{err}");
    let sheet: Value = serde_json::from_str(&ok(&db, &["sheet", "--tournament", "Tuesday", "--round", "1", "--table", "1", "--format", "json"])).unwrap();
    assert_eq!(sheet["lines"].as_array().unwrap().len(), 0);

    ok(&db, &["deal", "add", "--tournament", "Tuesday", "--round", "1", "--table", "1", r#"{"contract":"A","counts":[5,5,3,0]}"#]);
    ok(
        &db,
        &[
            "--by",
            "Jury",
            "deal",
            "correct",
            "--tournament",
            "Tuesday",
            "--round",
            "1",
            "--table",
            "1",
            "--deal",
            "1",
            r#"{"contract":"A","counts":[5,5,2,1]}"#,
            "--reason",
            "miscounted",
        ],
    );
    let history = ok(&db, &["sheet", "--tournament", "Tuesday", "--round", "1", "--table", "1", "--history"]);
    assert_eq!(history.lines().count(), 2);
    assert!(history.contains("line corrected") && history.contains("Jury") && history.contains("miscounted"), "{history}");
    let sheet: Value = serde_json::from_str(&ok(&db, &["sheet", "--tournament", "Tuesday", "--round", "1", "--table", "1", "--format", "json"])).unwrap();
    assert_eq!(sheet["totals"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).sum::<i64>(), -13);
    assert_eq!(sheet["lines"][0]["entry"]["counts"], serde_json::json!([5, 5, 2, 1]));
}

/// A King and a Double Lucky 7 tournament run from the command line: create with
/// variant settings, enter players, draw, add lines, read the sheet and standings.
#[test]
fn king_and_lucky_7_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let csv = dir.path().join("p.csv");
    std::fs::write(&csv, "name;club\nAnne Peeters;A\nBart Maes;A\nChloé Dubois;B\nDirk Claes;B\nEls Janssens;A\nFrançois Lambert;B\nGert Wouters;A\nHélène Renard;B\nIngrid Smets;A\n").unwrap();
    ok(&db, &["players", "import", csv.to_str().unwrap()]);

    // An unknown settings key is refused by name, and nothing is created.
    let out = atout(&db, &["tournament", "create", "--name", "K", "--game", "king", "--settings", r#"{"king_of_heart": 5}"#]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("king_of_heart"));
    let k = ok(&db, &["tournament", "create", "--name", "K", "--game", "king", "--rounds", "1", "--settings", r#"{"king_of_hearts": 5, "last_two": [2, 3]}"#]);
    let k = k.trim();
    ok(&db, &["tournament", "enter", "--tournament", k]);
    let round: Value = serde_json::from_str(&ok(&db, &["round", "draw", "--tournament", k, "--round", "1", "--seed", "3", "--format", "json"])).unwrap();
    // Nine players at tables of four: two tables and a bye.
    assert_eq!((round["tables"].as_array().unwrap().len(), round["byes"].as_array().unwrap().len()), (2, 1));
    let at = ["--tournament", k, "--round", "1", "--table", "1"];
    let add = |entry: &str| ok(&db, &[&["deal", "add"][..], &at, &[entry, "--format", "json"]].concat());
    let sheet: Value = serde_json::from_str(&add(r#"{"game":"no-tricks","counts":[3,4,2,4]}"#)).unwrap();
    assert_eq!(sheet["lines"][0]["points"], serde_json::json!([-3, -4, -2, -4]));
    assert_eq!(sheet["next"]["due"], "recup");
    // The game due is forced: a no-queens now is refused with its rule.
    let out = atout(&db, &[&["deal", "add"][..], &at, &[r#"{"game":"no-queens","counts":[1,1,1,1]}"#]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("phase-due"), "{}", String::from_utf8_lossy(&out.stderr));
    // A line checked without being written.
    let check: Value =
        serde_json::from_str(&ok(&db, &[&["deal", "check"][..], &at, &[r#"{"game":"recup","trump":"none","counts":[4,3,3,3]}"#]].concat())).unwrap();
    assert_eq!(check["points"], serde_json::json!([4, 3, 3, 3]));
    // A refused line checked: the answer printed with the rule it breaks, and exit 2 (README).
    let out = atout(&db, &[&["deal", "check"][..], &at, &[r#"{"game":"recup","trump":"none","counts":[4,3,3,4]}"#]].concat());
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let refused: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(refused["refused"]["rule"], "deal-total", "{refused}");
    let shown = ok(&db, &[&["sheet"][..], &at].concat());
    // The checked récup was not written: the sheet still has one line, and the récup is due.
    // The sheet in words (no game code, no JSON): the game by its name, the next line by its number.
    assert!(shown.contains("no tricks") && !shown.contains("no-tricks") && !shown.contains("récup"), "{shown}");
    assert!(shown.contains("next: line 2, deal 2, dealt by ") && !shown.contains('{'), "{shown}");

    let l = ok(&db, &["tournament", "create", "--name", "L", "--game", "double-lucky-7", "--rounds", "1", "--settings", r#"{"hands": 7}"#]);
    let l = l.trim();
    ok(&db, &["tournament", "enter", "--tournament", l]);
    let round: Value = serde_json::from_str(&ok(&db, &["round", "draw", "--tournament", l, "--round", "1", "--seed", "3", "--format", "json"])).unwrap();
    // Nine players, about four a table: 5 and 4, nobody sits out.
    let sizes: Vec<usize> = round["tables"].as_array().unwrap().iter().map(|t| t["seats"].as_array().unwrap().len()).collect();
    assert_eq!((sizes, round["byes"].as_array().unwrap().len()), (vec![5, 4], 0));
    // Three a table asked for in `--settings` (`table_size`, FORMAT.md "Tables"): three tables of three.
    let l3 = ok(&db, &["tournament", "create", "--name", "L3", "--game", "double-lucky-7", "--rounds", "1", "--settings", r#"{"hands": 7, "table_size": 3}"#]);
    ok(&db, &["tournament", "enter", "--tournament", l3.trim()]);
    let three: Value =
        serde_json::from_str(&ok(&db, &["round", "draw", "--tournament", l3.trim(), "--round", "1", "--seed", "3", "--format", "json"])).unwrap();
    let sizes: Vec<usize> = three["tables"].as_array().unwrap().iter().map(|t| t["seats"].as_array().unwrap().len()).collect();
    assert_eq!((sizes, three["byes"].as_array().unwrap().len()), (vec![3, 3, 3], 0));
    let at = ["--tournament", l, "--round", "1", "--table", "2"];
    let out = atout(&db, &[&["deal", "add"][..], &at, &[r#"{"cards":1,"bids":[1,0,0,0],"tricks":[1,0,0,0]}"#]].concat());
    assert!(String::from_utf8_lossy(&out.stderr).contains("last-bid"));
    ok(&db, &[&["deal", "add"][..], &at, &[r#"{"cards":1,"bids":[1,1,0,0],"tricks":[1,0,0,0]}"#]].concat());
    let standings: Value = serde_json::from_str(&ok(&db, &["standings", "--tournament", l, "--format", "json"])).unwrap();
    let top = &standings["rows"][0];
    assert_eq!((top["score_sum"].as_i64(), top["table_points"].clone()), (Some(12), Value::Null));
    let text = ok(&db, &["standings", "--tournament", l]);
    assert!(!text.contains("Points"), "{text}");
    let games = ok(&db, &["games", "--lang", "fr"]);
    assert!(games.contains("king") && games.contains("double-lucky-7") && games.contains("Ordre des jeux"), "{games}");
}

#[test]
fn the_cribbage_hand_calculator_needs_no_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("none.db");
    let out = ok(&db, &["cribbage", "score", "4", "5", "5", "6"]);
    assert_eq!(out.lines().last(), Some("12"), "{out}");
    assert!(out.contains("fifteens    2 × 2 = 4") && out.contains("runs        2 × 3 = 6") && out.contains("pairs       1 × 2 = 2"), "{out}");
    assert_eq!(ok(&db, &["cribbage", "score", "5", "5", "5", "5", "5"]).lines().last(), Some("40"));
    assert_eq!(ok(&db, &["cribbage", "score", "Q", "K", "A"]).lines().last(), Some("0"));
    for (args, rule) in [(&["4"][..], "hand-size"), (&["4", "5", "5", "6", "7", "8"][..], "hand-size"), (&["4", "Z"][..], "tile")] {
        let out = atout(&db, &[&["cribbage", "score"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(rule), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(!db.exists(), "the calculator opened no database");
}

#[test]
fn a_kings_cribbage_evening_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let csv = dir.path().join("p.csv");
    std::fs::write(&csv, "name;club\nAnne Peeters;A\nBart Maes;A\nChloé Dubois;B\nDirk Claes;B\nEls Janssens;A\n").unwrap();
    ok(&db, &["players", "import", csv.to_str().unwrap()]);
    let c = ok(&db, &["tournament", "create", "--name", "C", "--game", "kings-cribbage", "--rounds", "2", "--settings", r#"{"serviteur": true}"#]);
    let c = c.trim();
    // A player named by their number as a tournament's lists show it (p1), or as registered (2):
    // «p1» was refused in clap's English.
    ok(&db, &["tournament", "enter", "--tournament", c, "--player", "p1", "--player", "2"]);
    let out = atout_in("fr_BE.UTF-8", &db, ["tournament", "enter", "--tournament", c, "--player", "x1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("«x1» n'est pas un numéro de joueur"), "{}", String::from_utf8_lossy(&out.stderr));
    ok(&db, &["tournament", "enter", "--tournament", c]);
    let round: Value = serde_json::from_str(&ok(&db, &["round", "draw", "--tournament", c, "--round", "1", "--seed", "4", "--format", "json"])).unwrap();
    // Five players, about four a table: 3 and 2, nobody sits out.
    let sizes: Vec<usize> = round["tables"].as_array().unwrap().iter().map(|t| t["seats"].as_array().unwrap().len()).collect();
    assert_eq!((sizes, round["byes"].as_array().unwrap().len()), (vec![3, 2], 0));
    let first = round["tables"][1]["first_dealer"].as_i64().unwrap();
    let other = 3 - first;
    let at = ["--tournament", c, "--round", "1", "--table", "2"];
    let add = |entry: String| ok(&db, &[&["deal", "add"][..], &at, &[entry.as_str(), "--format", "json"]].concat());
    let sheet: Value = serde_json::from_str(&add(format!(r#"{{"seat":{first},"lines":[["4","5","5","6"]],"placed":4,"bonuses":["first"]}}"#))).unwrap();
    assert_eq!(sheet["lines"][0]["points"][(first - 1) as usize], 22);
    assert_eq!(sheet["next"]["seat"], other);
    // Whose turn next, not who deals (it said «donnée par»).
    let out = atout_in("fr_BE.UTF-8", &db, [&["sheet"][..], &at].concat());
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains(&format!("au tour de {other}. ")) && !shown.contains("donnée par"), "{shown}");
    // Out of turn: refused with its rule.
    let out = atout(&db, &[&["deal", "add"][..], &at, &[format!(r#"{{"seat":{first},"pass":true}}"#).as_str()]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("turn"));
    add(format!(r#"{{"seat":{other},"lines":[["6","9"]],"placed":1}}"#));
    let done: Value = serde_json::from_str(&add(r#"{"remaining":[["K"],["A","2"]]}"#.to_string())).unwrap();
    assert_eq!(done["complete"], true);
    // Seat `other` scored 2 − its tiles; seat `first` 22 − its tiles: the lower is the serviteur.
    let totals: Vec<i64> = done["totals"].as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect();
    let low = if totals[0] < totals[1] { 1 } else { 2 };
    assert_eq!(done["next_scorer"], serde_json::json!([low]));
    let shown = ok(&db, &[&["sheet"][..], &at].concat());
    assert!(shown.contains(&format!("serviteur: {low}. ")), "{shown}");
    // Turns and whose turn, in the game's words: no deal, no dealer (it said «line deal dealer
    // game» and «sheet complete (3 deals)»); who plays first at each table.
    let out = atout_in("fr_BE.UTF-8", &db, [&["sheet"][..], &at].concat());
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("ligne  tour  joueur jeu") && shown.contains("feuille complète (2 tours joués)") && !shown.contains("donne"), "{shown}");
    let out = atout_in("nl_BE.UTF-8", &db, ["round", "show", "--tournament", c, "--round", "1"]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("(speelt eerst: plaats ") && !shown.contains("gever"), "{shown}");
    // Round 2 names the serviteur as a scorer at their new table.
    let player = done["seats"][low - 1]["name"].as_str().unwrap().to_string();
    ok(&db, &["round", "draw", "--tournament", c, "--round", "2", "--seed", "5"]);
    let shown = ok(&db, &["round", "show", "--tournament", c, "--round", "2"]);
    let line = shown.lines().find(|l| l.contains(&player)).unwrap();
    assert!(line.contains("[keeps the score]"), "{shown}");
}

/// A Double King table of four drawn from the command line, first dealer seat 1.
fn one_table(db: &Path, dir: &Path) -> String {
    let csv = dir.join("four.csv");
    std::fs::write(&csv, "name\nAnne\nBart\nChloé\nDirk\n").unwrap();
    let t = ok(db, &["tournament", "create", "--name", "Race", "--game", "double-king", "--rounds", "1"]);
    ok(db, &["players", "import", csv.to_str().unwrap(), "--tournament", "Race"]);
    ok(db, &["round", "draw", "--tournament", "Race", "--round", "1", "--seed", "1"]);
    ok(db, &["table", "dealer", "--tournament", "Race", "--round", "1", "--table", "1", "--seat", "1", "--reason", "drawn again at the table"]);
    t.trim().to_string()
}

/// Twenty lines that stay valid when each is written twice in a row, from seat 1:
/// T T T T T T T T (two trumps each), then A A B B C C D D E E F F.
fn doubled_lines() -> Vec<String> {
    let t = r#"{"contract":"T","trump":"spades","counts":[4,3,3,3]}"#.to_string();
    let mut lines = vec![t; 4];
    lines.extend(
        [
            r#"{"contract":"A","counts":[4,3,3,3]}"#,
            r#"{"contract":"B","counts":[4,3,3,3]}"#,
            r#"{"contract":"C","counts":[1,1,1,1]}"#,
            r#"{"contract":"D","counts":[2,2,2,2]}"#,
            r#"{"contract":"E","taker":2}"#,
            r#"{"contract":"F","seventh":1,"last":2}"#,
        ]
        .map(String::from),
    );
    lines
}

/// Regression (issue "Nothing wrong stored"): two `deal add` at one table at the same
/// moment both said «saved» and the second overwrote the first. Now each is checked
/// and written on the sheet as stored: every line reported saved is on the sheet.
#[test]
fn two_processes_adding_at_one_table_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("race.db");
    let t = one_table(&db, dir.path());
    let mut saved = 0;
    for entry in doubled_lines() {
        let spawn = || {
            Command::new(env!("CARGO_BIN_EXE_atout"))
                .arg("--db")
                .arg(&db)
                .args(["deal", "add", "--tournament", &t, "--round", "1", "--table", "1", &entry])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (a, b) = (spawn(), spawn());
        for child in [a, b] {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "a valid line was refused: {}", String::from_utf8_lossy(&out.stderr));
            saved += 1;
        }
    }
    let sheet: Value = serde_json::from_str(&ok(&db, &["sheet", "--tournament", &t, "--round", "1", "--table", "1", "--format", "json"])).unwrap();
    assert_eq!((saved, sheet["lines"].as_array().unwrap().len(), sheet["complete"].clone()), (20, 20, Value::Bool(true)));
    let history: Value =
        serde_json::from_str(&ok(&db, &["sheet", "--tournament", &t, "--round", "1", "--table", "1", "--history", "--format", "json"])).unwrap();
    let adds = history.as_array().unwrap().iter().filter(|h| h["action"] == "deal.add").count();
    assert_eq!(adds, 20, "one version per line: nothing overwritten");
}

/// Two writers who both mean line k: one wins, the other is told who wrote it.
#[test]
fn a_line_written_meanwhile_is_refused_with_its_author() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("line.db");
    let t = one_table(&db, dir.path());
    let lines = doubled_lines();
    for (k, entry) in lines.iter().enumerate().take(6) {
        let line = (k + 1).to_string();
        let spawn = |who: &str| {
            Command::new(env!("CARGO_BIN_EXE_atout"))
                .arg("--db")
                .arg(&db)
                .args(["--by", who])
                .args(["deal", "add", "--tournament", &t, "--round", "1", "--table", "1", "--line", &line, entry])
                .output()
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| spawn("scorer A").unwrap());
            let b = s.spawn(|| spawn("scorer B").unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        let won = [&a, &b].iter().filter(|o| o.status.success()).count();
        assert_eq!(won, 1, "line {line}: exactly one writer wins");
        let lost = if a.status.success() { &b } else { &a };
        let message = String::from_utf8_lossy(&lost.stderr);
        assert!(message.contains(&format!("line {line} was written meanwhile by scorer")), "{message}");
        // As the README says: what it would change changed meanwhile, no rule broken.
        assert_eq!(lost.status.code(), Some(1), "{message}");
    }
}

/// Regression: counts near i64::MAX overflowed the sum (a panic, exit 101, in a debug build).
#[test]
fn huge_counts_are_refused_by_rule_not_by_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("big.db");
    let t = one_table(&db, dir.path());
    for entry in [
        r#"{"contract":"A","counts":[9223372036854775807,9223372036854775807,15,0]}"#,
        r#"{"contract":"A","counts":[4611686018427387904,4611686018427387904,0,0]}"#,
        r#"{"contract":"A","counts":[99999999999999999999,0,0,0]}"#,
    ] {
        let out = atout(&db, &["deal", "add", "--tournament", &t, "--round", "1", "--table", "1", entry]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("deal-total") || err.contains("deal-shape"), "{err}");
    }
    let out = atout(
        &db,
        &[
            "ruling",
            "add",
            "--tournament",
            &t,
            "--round",
            "1",
            "--table",
            "1",
            r#"{"seat":1,"points":[9223372036854775807,1,0,0],"reason":"x","by":"j","sanction":true}"#,
        ],
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("ruling-shape"));
}

/// A line typed as text that is not JSON, or a sheet that is not a list of lines, is refused
/// under the rule of a line's shape (exit 2, the rule named) and writes nothing, as a line
/// that reads but is none; both exited 1 naming no rule.
#[test]
fn a_line_that_is_not_json_is_refused_by_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("text.db");
    let t = one_table(&db, dir.path());
    let at = ["--tournament", t.as_str(), "--round", "1", "--table", "1"];
    let before = content(&db);
    for (args, rule) in [
        (vec!["deal", "add"], "deal-shape"),
        (vec!["deal", "check"], "deal-shape"),
        (vec!["ruling", "add"], "ruling-shape"),
        (vec!["sheet", "replace", "--reason", "typed again"], "deal-shape"),
    ] {
        let mut full = args.clone();
        full.extend(at);
        full.push("{contract: A}");
        let out = atout(&db, &full);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{full:?}: {err}");
        assert!(err.contains(rule) && err.contains("not JSON"), "{full:?}: {err}");
    }
    let mut full = vec!["sheet", "replace", "--reason", "typed again"];
    full.extend(at);
    full.push(r#"{"contract":"A","counts":[1,2,1,0]}"#);
    let out = atout(&db, &full);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code() == Some(2) && err.contains("deal-shape") && err.contains("JSON array"), "{err}");
    assert_eq!(content(&db), before, "nothing written");
}

/// A line that reads as JSON but not as a line: the JSON reader's words said in French too
/// (a French refusal quoted serde's «unknown variant `Z`, expected one of …»).
#[test]
fn a_line_that_does_not_read_is_refused_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fr.db");
    let t = one_table(&db, dir.path());
    let check = |line: &str| {
        let out = atout_in("fr_BE.UTF-8", &db, ["deal", "check", "--tournament", t.as_str(), "--round", "1", "--table", "1", line]);
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let err = check(r#"{"contract":"Z","counts":[1,2,1,0]}"#);
    assert!(err.contains("la ligne se lit mal : `Z` n'est pas une valeur permise ; au choix : `A`, `B`, `C`, `D`, `E`, `F`, `T`"), "{err}");
    assert!(!err.contains("unknown variant") && !err.contains("expected"), "{err}");
    let err = check(r#"{"contract":"T","trump":"stars","counts":[1,2,1,9]}"#);
    assert!(err.contains("`stars` n'est pas une valeur permise ; au choix : `clubs`, `diamonds`, `hearts`, `spades`"), "{err}");
}

/// Settings given as JSON that is not, and a port another program holds, are said in the
/// user's language (serde's and the English words stood behind «erreur :»).
#[test]
fn settings_that_are_not_json_and_a_port_taken_are_said_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fr.db");
    let t = one_table(&db, dir.path());
    let out = atout_in("fr_BE.UTF-8", &db, ["tournament", "settings", "--tournament", t.as_str(), "{points", "--reason", "x"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("erreur : pas du JSON : une clé doit être un texte entre guillemets"), "{err}");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = atout_in("nl_BE.UTF-8", &db, ["serve", "--bind", "127.0.0.1", "--port", port.as_str()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("de tafeltoestellen kunnen niet luisteren op poort {port}: een ander programma")), "{err}");
    // An address this machine does not have is said so, named (the port was named alone, and
    // another Atout suspected).
    let out = atout_in("fr_BE.UTF-8", &db, ["serve", "--bind", "192.0.2.77", "--port", "18765"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ne peuvent écouter sur 192.0.2.77 : cette machine n'a pas cette adresse"), "{err}");
}

/// A file that cannot be read is said so in the user's language, and a document that is no
/// document in plain words (they read «No such file or directory (os error 2)» in French,
/// «invalid type: sequence, expected struct Document» in English).
#[test]
fn a_file_that_cannot_be_read_is_said_so_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("f.db");
    let run = |lang: &str, file: &Path| {
        let out = atout_in(lang, &db, [std::ffi::OsStr::new("import"), file.as_os_str()]);
        (out.status.code(), String::from_utf8_lossy(&out.stderr).to_string())
    };
    let missing = dir.path().join("nosuch.json");
    let (code, err) = run("fr_BE.UTF-8", &missing);
    assert!(code == Some(1) && err.contains("nosuch.json : ce fichier ou ce dossier n'existe pas") && !err.contains("os error"), "{err}");
    let (code, err) = run("nl_BE.UTF-8", dir.path());
    assert!(code == Some(1) && err.contains("een map, geen bestand"), "{err}");
    let list = dir.path().join("list.json");
    std::fs::write(&list, "[]").unwrap();
    let (code, err) = run("C", &list);
    assert!(code == Some(2) && err.contains("an object is needed, not a list (line 1, column 0)") && !err.contains("expected struct"), "{err}");
}

/// The standings and the games are said in the system's language unless `--lang` says
/// otherwise, as every message is (they were English unless asked).
#[test]
fn the_standings_speak_the_systems_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fr.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let run = |lang: &str, args: &[&str]| {
        let out = atout_in(lang, &db, args);
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run("fr_BE.UTF-8", &["standings", "--tournament", "1"]).starts_with("Spring Open 2026 — classement après la manche 5\nRang"));
    assert!(run("nl_BE.UTF-8", &["standings", "--tournament", "1"]).starts_with("Spring Open 2026 — stand na ronde 5\n"));
    assert!(run("fr_BE.UTF-8", &["standings", "--tournament", "1", "--lang", "en"]).starts_with("Spring Open 2026 — standings after round 5\n"));
    assert!(run("fr_BE.UTF-8", &["games"]).contains("tables de 4"));
}

/// One version everywhere: `atout --version`, `atout about`, the exported document's
/// `generator`, all the workspace's.
#[test]
fn the_version_is_the_workspaces_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v.db");
    let workspace = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml")).unwrap();
    let version = workspace.lines().find_map(|l| l.strip_prefix("version = \"")).and_then(|v| v.strip_suffix('"')).unwrap();
    assert_eq!(ok(&db, &["--version"]).trim(), format!("atout {version}"));
    assert!(ok(&db, &["about", "--fonts"]).contains("Bitstream"), "the fonts' licence");
    let id = ok(&db, &["import", fixture("bye-18.json").to_str().unwrap()]);
    let about = ok(&db, &["about"]);
    assert!(about.starts_with(&format!("Atout {version}\n")), "{about}");
    assert!(about.contains(db.to_str().unwrap()) && about.contains("backups") && about.contains("MIT"), "{about}");
    // The size's unit as each language writes it (it said KB in every language).
    let fr = String::from_utf8(atout_in("fr_BE.UTF-8", &db, ["about"]).stdout).unwrap();
    assert!(fr.contains(" Ko)") && !fr.contains("KB"), "{fr}");
    let doc: Value = serde_json::from_str(&ok(&db, &["export", "--tournament", id.trim(), "-"])).unwrap();
    assert_eq!(doc["generator"], format!("Atout {version}"));
    // The tauri window takes its version from the same place (tauri.conf.json names none).
    let conf = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src-tauri/tauri.conf.json")).unwrap();
    assert!(!conf.contains("\"version\""), "tauri.conf.json leaves the version to Cargo.toml");
}

/// The jury's hand checker from the command line (issue "The hand checker"): plain words
/// naming the trick, seat, card, rule and the cards allowed, or FORMAT.md's JSON; exit 0
/// when every card is legal and the line's figures match, 2 otherwise; no database.
#[test]
fn the_hand_checker_says_the_first_illegal_card_and_exits_two() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("none.db");
    let hands = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands");
    let expected = json_file(&hands.join("expected.json"));
    let file = |name: &str| hands.join(format!("{name}.json")).to_str().unwrap().to_string();
    // Legal, complete, the line's figures those the cards give.
    let out = ok(&db, &["hand", "check", &file("double-king-T"), "--lang", "en"]);
    assert!(out.contains("every card is legal; the deal is complete") && out.contains("the line gives the same figures"), "{out}");
    assert!(out.contains("trick 13") && out.contains("won by seat"), "{out}");
    assert!(out.contains("the cards give: counts by seat 5 · 1 · 5 · 2"), "the figures by the game's names for them: {out}");
    // Illegal: the words, the rule said (not its code), and exit 2. The fixture's seat 3
    // played the 3 of hearts where it held the queen (FORMAT.md: 3H; allowed QH).
    let want = &expected["double-king-C-play-under"]["first_illegal"];
    assert_eq!((&want["card"], &want["legal_cards"], &want["rule"]), (&json!("3H"), &json!(["QH"]), &json!("play-under")));
    let out = atout(&db, &["hand", "check", &file("double-king-C-play-under"), "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stdout);
    let line = format!("illegal: trick {}, seat {} played 3♥: holding a penalty card of the suit led lower", want["trick"], want["seat"]);
    assert!(said.contains(&line), "{said}\nwanted: {line}");
    assert!(said.contains("allowed: Q♥") && !said.contains("play-under"), "{said}");
    // The JSON is FORMAT.md's answer, exactly.
    let out = atout(&db, &["hand", "check", &file("rikken-trou-4"), "--format", "json"]);
    assert_eq!(out.status.code(), Some(2), "the line's figures differ");
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap(), expected["rikken-trou-4"]);
    // A Double Lucky 7 deal may leave its figures to the cards (FORMAT.md): no `tricks`, no
    // refusal; seat 2 deals and leads the 14 of hearts over seat 1's 13 of diamonds.
    let lucky = dir.path().join("lucky.json");
    std::fs::write(
        &lucky,
        r#"{"format": "atout-hand/1", "game": "double-lucky-7", "seats": 2, "dealer": 2, "deal": {"cards": 1, "bids": [0, 0]}, "hand": {"cards": [["13D"], ["14H"]], "play": ["14H", "13D"], "trump": "spades"}}"#,
    )
    .unwrap();
    let out = ok(&db, &["hand", "check", lucky.to_str().unwrap(), "--lang", "en"]);
    assert!(out.contains("every card is legal; the deal is complete") && !out.contains("missing field"), "{out}");
    // A record that does not read is refused, naming what is wrong.
    std::fs::write(dir.path().join("bad.json"), r#"{"game": "king", "seats": 4, "dealer": 9, "deal": {}, "hand": {"cards": []}}"#).unwrap();
    let out = atout(&db, &["hand", "check", dir.path().join("bad.json").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("dealer"), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!db.exists(), "the checker opened no database");
}

/// `atout hand check --lang fr|nl`: the jury's cards in its words (R D V, H V B, with the
/// suit signs) and the rule said in its language (issue 32); the JSON stays FORMAT.md's.
#[test]
fn the_hand_checker_speaks_the_jurys_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("none.db");
    let hands = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands");
    let file = |name: &str| hands.join(format!("{name}.json")).to_str().unwrap().to_string();
    let said = |args: &[&str]| {
        let out = atout(&db, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    // Seat 3 played the 3 of hearts holding the queen; trick 6 had the king of hearts (2:KH).
    let fr = said(&["hand", "check", &file("double-king-C-play-under"), "--lang", "fr"]);
    assert!(fr.contains("interdite : pli 6, la place 3 a joué 3♥ : qui a une carte de pénalité de la couleur demandée plus basse"), "{fr}");
    assert!(fr.contains("permises : D♥") && fr.contains("2:R♥") && fr.contains("pris par la place"), "{fr}");
    assert!(!fr.contains("play-under") && !fr.contains("KH") && !fr.contains("QH"), "no code, no FORMAT.md letters: {fr}");
    let nl = said(&["hand", "check", &file("double-king-C-play-under"), "--lang", "nl"]);
    assert!(nl.contains("verboden: slag 6, plaats 3 speelde 3♥: wie een strafkaart van de gevraagde kleur heeft"), "{nl}");
    assert!(nl.contains("toegelaten: V♥") && nl.contains("2:H♥") && nl.contains("genomen door plaats"), "{nl}");
    // A card dealt twice, a seat a card short: said, in French.
    let twice = said(&["hand", "check", &file("double-king-A-deal-twice"), "--lang", "fr"]);
    assert!(twice.contains("les cartes données sont fausses : place 4 : 4♠ est donnée deux fois"), "{twice}");
    let short = said(&["hand", "check", &file("double-king-A-deal-short"), "--lang", "nl"]);
    assert!(short.contains("plaats 4 heeft 12 van zijn 13 kaarten; nog 1 te geven"), "{short}");
    // A token of the play that is no card: said as such (not "a card not held"); its JSON
    // code is RULES.md §7's, which other tools know.
    let mut record: Value = json_file(&hands.join("double-king-C-play-under.json"));
    record["hand"]["play"][1] = json!("RD");
    std::fs::write(dir.path().join("typo.json"), record.to_string()).unwrap();
    let typo = dir.path().join("typo.json");
    let en = said(&["hand", "check", typo.to_str().unwrap(), "--lang", "en"]);
    assert!(en.contains("«RD» is not a card (a card is a rank, then a suit)"), "{en}");
    let fr = said(&["hand", "check", typo.to_str().unwrap(), "--lang", "fr"]);
    assert!(fr.contains("«RD» n'est pas une carte (une carte est une hauteur, puis une couleur)"), "{fr}");
    let out = atout(&db, &["hand", "check", typo.to_str().unwrap(), "--lang", "fr", "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((&v["first_illegal"]["card"], &v["first_illegal"]["rule"]), (&json!("RD"), &json!("card-not-held")));
    // The JSON is FORMAT.md's whatever the language: the same answer, in its notation.
    let expected = json_file(&hands.join("expected.json"));
    for lang in ["fr", "nl", "en"] {
        let out = atout(&db, &["hand", "check", &file("double-king-C-play-under"), "--lang", lang, "--format", "json"]);
        assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap(), expected["double-king-C-play-under"], "{lang}");
    }
    // Without --lang, the system's language (LANG), as the prints do.
    let out = Command::new(env!("CARGO_BIN_EXE_atout"))
        .args(["--db", db.to_str().unwrap(), "hand", "check", &file("double-king-C-play-under")])
        .env_remove("LC_ALL")
        .env("LANG", "nl_BE.UTF-8")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("toegelaten: V♥"));
    // An empty LC_ALL (as a desktop session may set it) stands for no choice: LANG says it
    // (the prints came out in English).
    let out = Command::new(env!("CARGO_BIN_EXE_atout"))
        .args(["--db", db.to_str().unwrap(), "hand", "check", &file("double-king-C-play-under")])
        .env("LC_ALL", "")
        .env_remove("LC_MESSAGES")
        .env("LANG", "nl_BE.UTF-8")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("toegelaten: V♥"), "{}", String::from_utf8_lossy(&out.stdout));
}

/// `atout … | head`: a reader that stops early ends the command quietly (exit 0, nothing
/// on standard error), where it used to panic with "failed printing to stdout".
#[test]
fn a_reader_that_stops_early_is_no_panic() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    ok(&db, &["import", fixture("cribbage-9.json").to_str().unwrap()]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_atout"))
        .arg("--db")
        .arg(&db)
        .args(["export", "--tournament", "1", "-"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The export (about 250 KB) is far more than a pipe holds: the writer is still writing
    // when the reader goes.
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    assert_eq!(&first, b"{");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.is_empty(), "status {:?}, standard error: {stderr}", out.status);
}

/// The subcommands a `--help` page lists under "Commands:" (but `help` itself).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn every_command_option_and_argument_has_a_help_line() {
    let mut todo = vec![vec![]];
    let mut bare = vec![];
    let mut pages = 0;
    while let Some(path) = todo.pop() {
        let out = Command::new(env!("CARGO_BIN_EXE_atout")).args(&path).arg("--help").output().unwrap();
        assert!(out.status.success(), "atout {path:?} --help");
        let help = String::from_utf8(out.stdout).unwrap();
        pages += 1;
        // An option or argument line: two spaces, the flag or <NAME>, then two spaces and its help.
        for line in help.lines().filter(|l| l.starts_with("  ") && !l.starts_with("   ") || l.starts_with("      -")) {
            let item = line.trim_start();
            if !(item.starts_with('-') || item.starts_with('<') || item.starts_with('[')) {
                continue;
            }
            if item.split("  ").filter(|part| !part.trim().is_empty()).count() < 2 {
                bare.push(format!("atout {} {item}", path.join(" ")));
            }
        }
        // A subcommand line: its name, then what it does («list» said nothing under `players`).
        let listed = help.lines().skip_while(|l| !l.starts_with("Commands:")).skip(1).take_while(|l| l.starts_with("  "));
        for line in listed.filter(|l| !l.starts_with("   ")) {
            if line.split("  ").filter(|part| !part.trim().is_empty()).count() < 2 {
                bare.push(format!("atout {} {}", path.join(" "), line.trim()));
            }
        }
        for sub in subcommands(&help) {
            let mut next = path.clone();
            next.push(sub);
            todo.push(next);
        }
    }
    assert!(pages > 40, "only {pages} help pages were read");
    assert!(bare.is_empty(), "commands and options without a help line:\n{}", bare.join("\n"));
}

#[test]
fn the_club_s_results_website_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    let site = dir.path().join("site");
    let said = ok(&db, &["publish", "--out", site.to_str().unwrap(), "--lang", "nl", "--initials"]);
    // Said in the language asked, as the site is written.
    assert!(said.contains("avonden: 1") && said.contains("ongewijzigd: 0"), "{said}");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("<html lang=\"nl\">") && index.contains("Noël L.") && !index.contains("Noël Lejeune"), "{index}");
    // Again: nothing to write.
    assert!(ok(&db, &["publish", "--out", site.to_str().unwrap(), "--lang", "nl", "--initials"]).contains("bestanden geschreven: 0,"));
    // A folder holding the secretary's own file is refused, naming it.
    std::fs::write(site.join("notes.txt"), "mine").unwrap();
    let out = atout(&db, &["publish", "--out", site.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("notes.txt"));
}

/// A print or an export keeps a file that exists (as the window does, and as `--out`'s help
/// says): refused, exit 1, the file untouched; `--replace` replaces it.
#[test]
fn an_existing_file_is_kept_unless_replace_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let pdf = dir.path().join("ranking.pdf");
    std::fs::write(&pdf, "the club's own file").unwrap();
    let out = atout(&db, &["print", "standings", "--tournament", "1", "--out", pdf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists; it was not replaced"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&pdf).unwrap(), "the club's own file");
    ok(&db, &["print", "standings", "--tournament", "1", "--out", pdf.to_str().unwrap(), "--replace"]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let csv = dir.path().join("standings.csv");
    std::fs::write(&csv, "kept").unwrap();
    let out = atout(&db, &["export", "--tournament", "1", "--format", "csv", csv.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "kept");
    ok(&db, &["export", "--tournament", "1", "--format", "csv", csv.to_str().unwrap(), "--replace"]);
    assert!(std::fs::read_to_string(&csv).unwrap().contains("Spring") || std::fs::read_to_string(&csv).unwrap().lines().count() > 10);
}

/// A user's mistake and a failure that is not theirs end differently: a tournament that does
/// not exist exits 1; a damaged database file exits 4 and says it is no mistake of theirs,
/// offering the latest backup that checks.
#[test]
fn a_damaged_database_is_not_the_users_mistake() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let out = atout(&db, &["standings", "--tournament", "No such evening"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    ok(&db, &["backup"]);
    // Every page after the first overwritten: the file is damaged.
    let mut bytes = std::fs::read(&db).unwrap();
    for b in bytes.iter_mut().skip(4096) {
        *b = 0x5a;
    }
    std::fs::write(&db, bytes).unwrap();
    let out = atout(&db, &["standings", "--tournament", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert!(
        err.contains("not a mistake in what you asked") && err.contains("the latest good backup is") && err.contains("restore it with: atout --db"),
        "{err}"
    );
    assert!(err.find("error: ") < err.find("the latest good backup"), "the error first, then what to do: {err}");
    // Its backups are listed though it cannot be opened (`atout backups` failed with the damage).
    let listed = atout(&db, &["backups"]);
    assert_eq!(listed.status.code(), Some(0), "{}", String::from_utf8_lossy(&listed.stderr));
    assert!(String::from_utf8_lossy(&listed.stdout).contains("manual-"), "{}", String::from_utf8_lossy(&listed.stdout));
    // The command as said restores this database, named with --db (without it, the default
    // database was overwritten with this one's backup, and this one stayed damaged).
    let typed = err.lines().find_map(|l| l.split_once("restore it with: ")).map(|(_, c)| c.trim().to_string()).expect(&err);
    let words: Vec<&str> = typed.split(' ').collect();
    assert_eq!(words[..3], ["atout", "--db", db.to_str().unwrap()], "{typed}");
    assert_eq!(words[3], "restore", "{typed}");
    let out = Command::new(env!("CARGO_BIN_EXE_atout")).args(&words[1..]).env_remove("ATOUT_DB").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    ok(&db, &["standings", "--tournament", "1"]);
}

/// A command line that cannot be read is the user's mistake (exit 1, as README says), not a
/// refusal by a rule (2, clap's own code); help is an answer (0).
#[test]
fn a_command_line_that_cannot_be_read_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    for args in [
        &["devices", "--tournament", "1", "--round", "1", "--revoke", "x"][..],
        &["devices", "--tournament", "1", "--round", "1", "--lock", "1", "--unlock", "1"],
        &["no-such-command"],
    ] {
        let out = atout(&db, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert_eq!(atout(&db, &["games", "--help"]).status.code(), Some(0));
    // A claim without its kind names both (it named only --at-least).
    let out = atout(&db, &["hand", "claim", "x.json", "--seat", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code() == Some(1) && err.contains("--at-least") && err.contains("--at-most"), "{err}");
}

/// `deal undo` without `--line` takes back the last line as the sheet stands when the api
/// writes (the api decides which, inside its transaction); with `--line`, a line that is no
/// longer the last is refused.
#[test]
fn deal_undo_takes_back_the_last_line_as_stored() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("u.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let at = ["--tournament", "1", "--round", "1", "--table", "1"];
    let lines = |db: &Path| -> usize {
        let sheet: Value = serde_json::from_str(&ok(db, &[&["sheet"][..], &at, &["--format", "json"]].concat())).unwrap();
        sheet["lines"].as_array().unwrap().len()
    };
    let before = lines(&db);
    assert!(before > 2);
    ok(&db, &[&["deal", "undo"][..], &at, &["--reason", "typed twice"]].concat());
    assert_eq!(lines(&db), before - 1);
    let stale = before.to_string();
    let out = atout(&db, &[&["deal", "undo"][..], &at, &["--line", &stale, "--reason", "again"]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(lines(&db), before - 1);
}

/// `atout sheet` speaks the game's words (issue "The club evening, tried again"): a Rikken
/// misère and a fine read as the window says them, never the codes FORMAT.md writes.
#[test]
fn the_sheet_in_words_names_no_code() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let csv = dir.path().join("p.csv");
    std::fs::write(&csv, "name\nAnne Peeters\nBart Maes\nChloé Dubois\nDirk Claes\n").unwrap();
    let r = ok(&db, &["tournament", "create", "--name", "Rik", "--game", "rikken", "--rounds", "1"]);
    let r = r.trim();
    ok(&db, &["players", "import", csv.to_str().unwrap(), "--tournament", r]);
    ok(&db, &["round", "draw", "--tournament", r, "--round", "1", "--seed", "2"]);
    let at = ["--tournament", r, "--round", "1", "--table", "1"];
    ok(&db, &[&["deal", "add"][..], &at, &[r#"{"contract": "misere", "declarers": [2, 4], "tricks": [0, 1]}"#]].concat());
    ok(&db, &[&["deal", "add"][..], &at, &[r#"{"fine": "jury-not-called", "offender": 3, "reason": "settled alone", "by": "Jury Claes"}"#]].concat());
    let shown = ok(&db, &[&["sheet"][..], &at].concat());
    assert!(shown.contains("misère") && !shown.contains("misere") && !shown.contains("jury-not-called") && !shown.contains('{'), "{shown}");
    assert!(shown.contains("settled alone"), "the fine's reason: {shown}");
}

/// One is said as one: «1 round», «1 tournament, 1 round», «1 ruling or fault remains» (they
/// said «1 rounds», «1 tournaments»).
#[test]
fn counts_of_one_read_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("one.db");
    let out = atout(&db, &["import", fixture("rikken-custom-9.json").to_str().unwrap()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.contains(": 9 players, 1 round\n"), "{said}");
    assert!(ok(&db, &["tournament", "list"]).contains("9 players, 1/1 rounds drawn"));
    ok(&db, &["backup"]);
    let backups = ok(&db, &["backups"]);
    assert!(backups.contains("(1 tournament, 1 round, "), "{backups}");
}

/// `atout backup FILE` keeps a file already there (another database, say) unless --replace;
/// a folder given as the database is the user's mistake (exit 1), with no backup offered.
#[test]
fn a_backup_never_replaces_a_file_unasked_and_a_folder_is_no_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "precious").unwrap();
    let out = atout(&db, &["backup", precious.to_str().unwrap()]);
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "precious");
    ok(&db, &["backup", precious.to_str().unwrap(), "--replace"]);
    assert!(std::fs::read(&precious).unwrap().starts_with(b"SQLite format 3"));
    let out = atout(dir.path(), &["about"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("is a folder") && !err.contains("backup"), "{err}");
}

/// A refusal is said in the system's language, its rule's code kept for a script (it was
/// said in English whatever the language, when the rest of the output was French).
#[test]
fn a_refusal_is_said_in_the_systems_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let said = |lang: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_atout"))
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .args(["--db", db.to_str().unwrap(), "standings", "--tournament", "1", "--after-round", "9"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    let fr = said("fr_BE.UTF-8");
    assert!(fr.starts_with("erreur : règle round-order (") && fr.contains("le tournoi a les manches 1 à 5"), "{fr}");
    let nl = said("nl_BE.UTF-8");
    assert!(nl.starts_with("fout: regel round-order (") && nl.contains("het toernooi heeft ronden 1 tot 5"), "{nl}");
    let en = said("C");
    assert!(en.starts_with("error: rule round-order (") && en.contains("the tournament has rounds 1 to 5"), "{en}");
}

/// A tournament `name` of `game` in a new database under `dir`: two rounds, Ann, Bob, Cas
/// and Dirk entered, round 1 drawn.
fn four_drawn(dir: &Path, name: &str, game: &str) -> PathBuf {
    let db = dir.join(format!("{name}.db"));
    let players = dir.join("p.csv");
    std::fs::write(&players, "name\nAnn\nBob\nCas\nDirk\n").unwrap();
    ok(&db, &["tournament", "create", "--name", name, "--game", game, "--rounds", "2"]);
    ok(&db, &["players", "import", players.to_str().unwrap(), "--tournament", name]);
    ok(&db, &["round", "draw", "--tournament", name, "--round", "1", "--seed", "1"]);
    db
}

/// A player entered or withdrawn once a round is drawn but before it begins: the answer says
/// to draw the round again (the player has no seat there, or keeps one, until it is).
#[test]
fn entering_or_withdrawing_after_the_draw_says_to_draw_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = four_drawn(dir.path(), "Rik", "rikken");
    let eva = ok(&db, &["players", "add", "--name", "Eva"]);
    let said = ok(&db, &["tournament", "enter", "--tournament", "Rik", "--player", eva.trim()]);
    assert!(said.contains("round 1 is drawn and not begun: draw it again"), "{said}");
    let said = ok(&db, &["player", "withdraw", "--tournament", "Rik", "--player", "Bob", "--reason", "did not come"]);
    assert!(said.contains("round 1 is drawn and not begun: draw it again"), "{said}");
    // Taken back: Bob plays again, and the round is to be drawn again to seat him.
    let said = ok(&db, &["player", "return", "--tournament", "Rik", "--player", "Bob", "--reason", "came after all"]);
    assert!(said.contains("plays again") && said.contains("draw it again to seat the player back"), "{said}");
}

/// A player entered once a round has begun is told to play from the next one (it said only
/// how many players the tournament has).
#[test]
fn a_player_entered_during_a_round_is_told_the_round_they_play_from() {
    let dir = tempfile::tempdir().unwrap();
    let db = four_drawn(dir.path(), "DK", "double-king");
    ok(&db, &["deal", "add", "--tournament", "DK", "--round", "1", "--table", "1", r#"{"contract":"C","counts":[1,2,1,0]}"#]);
    let eva = ok(&db, &["players", "add", "--name", "Eva"]);
    let said = ok(&db, &["tournament", "enter", "--tournament", "DK", "--player", eva.trim()]);
    assert!(said.contains("Eva (p5) plays from round 2: round 1 can no longer be drawn again"), "{said}");
}

#[test]
fn a_language_atout_does_not_speak_is_refused_not_taken_for_english() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    ok(&db, &["import", fixture("bye-18.json").to_str().unwrap()]);
    let site = dir.path().join("site");
    for args in [
        vec!["publish", "--out", site.to_str().unwrap(), "--lang", "de"],
        vec!["standings", "--tournament", "1", "--lang", "de"],
        vec!["games", "--lang", "FR"],
    ] {
        let out = atout(&db, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("possible values: en, fr, nl"), "{args:?}");
    }
    assert!(!site.exists(), "nothing published");
    ok(&db, &["standings", "--tournament", "1", "--lang", "nl"]);
}

/// A document or a hand record saved by Windows' Notepad starts with a byte order mark, and
/// often ends its lines with CRLF: read as JSON all the same (they were refused as «expected
/// value at line 1 column 1»).
#[test]
fn a_file_with_a_byte_order_mark_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bom.db");
    let doc = std::fs::read_to_string(fixture("spring-open-16.json")).unwrap();
    let bom = dir.path().join("notepad.json");
    std::fs::write(&bom, format!("\u{feff}{}", doc.replace('\n', "\r\n"))).unwrap();
    ok(&db, &["import", bom.to_str().unwrap()]);
    let got: Value = serde_json::from_str(&ok(&db, &["standings", "--tournament", "1", "--format", "json"])).unwrap();
    assert_eq!(got, json_file(&fixture("spring-open-16.expected.json")));
    let hand = std::fs::read_to_string(fixture("hands/double-king-T.json")).unwrap();
    let hand_bom = dir.path().join("hand.json");
    std::fs::write(&hand_bom, format!("\u{feff}{hand}")).unwrap();
    let plain = atout(&db, &["hand", "check", fixture("hands/double-king-T.json").to_str().unwrap(), "--format", "json"]);
    let out = atout(&db, &["hand", "check", hand_bom.to_str().unwrap(), "--format", "json"]);
    assert_eq!(plain.status.code(), Some(0), "{}", String::from_utf8_lossy(&plain.stderr));
    assert_eq!((out.status.code(), out.stdout), (plain.status.code(), plain.stdout));
}

/// Where no USER is set (a service, cron), the author is the system's LOGNAME, or said to be
/// unknown: it was recorded blank.
#[test]
fn an_author_is_never_recorded_blank() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("who.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let run = |args: &[&str], logname: Option<&str>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_atout"));
        c.arg("--db").arg(&db).args(args).env_remove("USER").env_remove("USERNAME").env_remove("LOGNAME");
        if let Some(l) = logname {
            c.env("LOGNAME", l);
        }
        let out = c.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    run(&["tournament", "settings", "--tournament", "1", "{\"rounds\": 6}", "--reason", "one more"], Some("secretaris"));
    run(&["tournament", "settings", "--tournament", "1", "{\"rounds\": 7}", "--reason", "and another"], None);
    let log = ok(&db, &["audit", "--tournament", "1"]);
    assert!(log.lines().any(|l| l.contains("secretaris") && l.contains("one more")), "{log}");
    assert!(log.lines().any(|l| l.contains("unknown user") && l.contains("and another")), "{log}");
}

/// A damaged database, said in the system's language: the file's trouble, that it is no
/// mistake of the user's, and the backup to restore (they were said in English only).
#[test]
fn a_damaged_database_is_said_in_the_systems_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    ok(&db, &["backup"]);
    let mut bytes = std::fs::read(&db).unwrap();
    for b in bytes.iter_mut().skip(4096) {
        *b = 0x5a;
    }
    std::fs::write(&db, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_atout"))
        .arg("--db")
        .arg(&db)
        .args(["standings", "--tournament", "1"])
        .env_remove("LC_ALL")
        .env("LANG", "fr_BE.UTF-8")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{err}");
    assert!(
        err.contains("est abîmé") && err.contains("pas une erreur dans ce que vous avez demandé") && err.contains("la dernière sauvegarde valable"),
        "{err}"
    );
    assert!(!err.contains("is damaged") && !err.contains("not a mistake"), "{err}");
    // A command line that cannot be read: its word in French too.
    let out = Command::new(env!("CARGO_BIN_EXE_atout"))
        .arg("--db")
        .arg(&db)
        .args(["hand", "check", "no-such-file.json"])
        .env_remove("LC_ALL")
        .env("LANG", "fr_BE.UTF-8")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("erreur : "), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A refusal is said in the language the command was asked for (`--lang`), whatever the
/// system's: `export --lang fr` said «no tournament» in English.
#[test]
fn a_refusal_is_said_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    ok(&db, &["tournament", "create", "--name", "T", "--game", "king", "--rounds", "1"]);
    for args in [vec!["export", "--tournament", "999", "--lang", "fr", "-"], vec!["standings", "--tournament", "999", "--lang=fr"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_atout")).arg("--db").arg(&db).args(&args).env("LANG", "en_GB.UTF-8").env_remove("LC_ALL").output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && said.contains("erreur") && said.contains("pas de tournoi"), "{args:?}: {said}");
    }
}

/// A command that reads a database, named with a mistyped `--db`: refused, and nothing made
/// there (a new empty database was made, its folders with it, and `check` said ok).
#[test]
fn a_mistyped_database_is_refused_not_made() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("no-such-folder").join("club.db");
    // The lists, `about`, a season's standings and the devices' server made one too.
    for args in [
        vec!["check"],
        vec!["standings", "--tournament", "1"],
        vec!["export", "--tournament", "1", "-"],
        vec!["tournament", "list"],
        vec!["players", "list"],
        vec!["season", "list"],
        vec!["season", "standings", "--season", "1"],
        vec!["about"],
        vec!["serve", "--bind", "127.0.0.1", "--port", "0"],
    ] {
        let out = atout(&typo, &args);
        assert!(!out.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no database at"), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(!typo.exists() && !typo.parent().unwrap().exists(), "{args:?}: nothing made");
    }
    // Creating is still how a database begins.
    ok(&typo, &["tournament", "create", "--name", "New", "--game", "king", "--rounds", "1"]);
    assert!(typo.exists());
}

/// `players edit` corrects what it is given and keeps the rest (the window could, the
/// command could not); a reason is required, and an unknown player is said so.
#[test]
fn a_registered_player_is_corrected_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let id = ok(&db, &["players", "add", "--name", "Anne Peters", "--club", "KC Troef", "--member", "2951"]).trim().to_string();
    let out = ok(&db, &["players", "edit", &id, "--name", "Anne Peeters", "--reason", "spelled wrong"]);
    assert!(out.contains("Anne Peeters") && out.contains("KC Troef") && out.contains("2951"), "{out}");
    let list: Value = serde_json::from_str(&ok(&db, &["players", "list", "--format", "json"])).unwrap();
    assert_eq!((list[0]["name"].as_str(), list[0]["club"].as_str(), list[0]["member"].as_str()), (Some("Anne Peeters"), Some("KC Troef"), Some("2951")));
    let out = atout(&db, &["players", "edit", &id, "--club", "KC Gent", "--reason", ""]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("reason"));
    let out = atout(&db, &["players", "edit", "999", "--club", "KC Gent", "--reason", "moved"]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("no player 999"));
}

/// `--round` is a CSV export's: asked of a JSON export (the whole tournament) it was quietly
/// left out, every round written. Refused now, and no file written.
#[test]
fn a_json_export_refuses_a_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    ok(&db, &["import", fixture("bye-18.json").to_str().unwrap()]);
    let file = dir.path().join("out.json");
    let out = atout(&db, &["export", "--tournament", "1", "--round", "2", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--round is for --format csv"));
    assert!(!file.exists());
    ok(&db, &["export", "--tournament", "1", "--format", "csv", "--round", "2", file.to_str().unwrap()]);
}

/// The rulings of an imported document: said imported that day (not ruled at the import's
/// time), and a fault whose jury member the document does not name shows no empty «()».
#[test]
fn imported_rulings_are_listed_as_imported_with_no_empty_jury() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let list = ok(&db, &["ruling", "list", "--tournament", "1"]);
    let fault = list.lines().find(|l| l.contains("fault in deal 1 (C), line 1")).unwrap_or_else(|| panic!("{list}"));
    assert!(fault.contains("  imported 20") && fault.trim_end().ends_with("line 1"), "{fault}");
    let named = list.lines().find(|l| l.contains("Revoke in deal 14")).unwrap_or_else(|| panic!("{list}"));
    assert!(named.ends_with("(Annick Declercq)"), "{named}");
}

/// The season commands speak the system's language, counts in their number (review of
/// 2026-11-28: «1 evenings», and English under LANG=fr_BE.UTF-8).
#[test]
fn season_commands_speak_the_systems_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    ok(&db, &["import", fixture("season/home-1.json").to_str().unwrap()]);
    ok(&db, &["season", "create", "--name", "Hiver"]);
    let said = |lang: &str, args: &[&str]| {
        let out = atout_in(lang, &db, args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(said("fr_BE.UTF-8", &["season", "add", "--season", "Hiver", "--tournament", "1"]).trim(), "1 soirée dans «Hiver»");
    assert!(said("nl_BE.UTF-8", &["season", "list"]).contains("1 avond "), "the list in Dutch");
    assert!(said("en_GB.UTF-8", &["season", "list"]).contains("1 evening "), "one evening, not «1 evenings»");
    let back = said("fr_BE.UTF-8", &["season", "import", "--season", "Hiver", fixture("season/archive-harten.json").to_str().unwrap()]);
    assert!(back.starts_with("«Harten Cup» importé (tournoi 2) : ") && back.contains("nouveaux"), "{back}");
    let player = said("nl_BE.UTF-8", &["season", "player", "--season", "Hiver", "--player", "Julie Mertens"]);
    assert!(player.contains(": plaats ") && player.contains(" punten"), "{player}");
}

/// A player list named as the database is the user's mistake, said as such (review of
/// 2026-11-28: «spelers.csv is beschadigd … geen fout in wat u vroeg», exit 4, a backup offered
/// in its place): exit 1, the file left as it was.
#[test]
fn a_text_file_named_as_the_database_is_said_so() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("spelers.csv");
    std::fs::write(&csv, "Voornaam;Naam;Club\nAnne;Peeters;KC De Troef\n").unwrap();
    let out = atout_in("nl_BE.UTF-8", &csv, ["standings", "--tournament", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("is een tekstbestand (een lijst, een document), geen databank") && !err.contains("beschadigd"), "{err}");
    // Said so that it reads in the window too (a restore): no command line's option in it.
    assert!(err.contains("een .db-bestand") && !err.contains("--db"), "{err}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "Voornaam;Naam;Club\nAnne;Peeters;KC De Troef\n");
}

/// What the commands print is said in the user's language, as the standings were: a round,
/// a sheet, the lists of tournaments and rulings, the backups (all English before, under French
/// and Dutch refusals).
#[test]
fn the_command_lines_tables_speak_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    let fr = |args: &[&str]| {
        let out = atout_in("fr_BE.UTF-8", &db, args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let round = fr(&["round", "show", "--tournament", "1", "--round", "1"]);
    assert!(round.starts_with("Spring Open 2026 — manche 1") && round.contains("table 1  (premier donneur : place "), "{round}");
    let sheet = fr(&["sheet", "--tournament", "1", "--round", "1", "--table", "1"]);
    assert!(sheet.contains("ligne donne donneur") && sheet.contains("\ntotaux  ") && sheet.contains("feuille complète (20/20 donnes)"), "{sheet}");
    let list = fr(&["tournament", "list"]);
    assert!(list.contains("16 joueurs, 5/5 manches tirées"), "{list}");
    let rulings = fr(&["ruling", "list", "--tournament", "1"]);
    assert!(rulings.contains("importée ") && rulings.contains("manche 1 table 3 place 2") && rulings.contains("faute dans la donne"), "{rulings}");
    let backups = fr(&["backups"]);
    assert!(backups.contains("1 tournoi, 5 manches, ") && backups.contains(" ; dernière modification "), "{backups}");
    let nl = atout_in("nl_BE.UTF-8", &db, ["audit", "--tournament", "1"]);
    let audit = String::from_utf8(nl.stdout).unwrap();
    assert!(audit.contains("ronde 1, tafel 1, lijn 2") && audit.contains("cijfers per plaats"), "{audit}");
}

/// The log as a spreadsheet speaks the user's language, as the log's table does: its headings,
/// each action and what changed in words (it was English whatever the language).
#[test]
fn the_logs_spreadsheet_speaks_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    ok(&db, &["sample"]);
    let out = atout_in("fr_BE.UTF-8", &db, ["audit", "--tournament", "1", "--format", "csv"]);
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next(), Some("heure;par;action;motif;manche;table;ligne;avant;après"));
    assert!(csv.contains(";tournoi importé;") && csv.contains("jeu : Double King") && !csv.contains("tournament.import"), "{csv}");
    let out = atout_in("nl_BE.UTF-8", &db, ["audit", "--tournament", "1", "--format", "csv"]);
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.trim_start_matches('\u{feff}').starts_with("tijd;door;actie;reden;ronde;tafel;lijn;voor;na"), "{csv}");
}

/// An export or a print with `--replace` onto the database's own file (or the journal beside
/// it) is refused, naming it, and the database is whole afterwards: it was overwritten by one
/// evening's document, or a PDF, every evening and season lost.
#[test]
fn an_export_never_replaces_the_database_itself() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    let before = ok(&db, &["tournament", "list"]);
    let name = db.display().to_string();
    let wal = format!("{name}-wal");
    for args in [
        vec!["export", "--tournament", "1", name.as_str(), "--replace"],
        vec!["export", "--tournament", "1", "--format", "csv", name.as_str(), "--replace"],
        vec!["print", "standings", "--tournament", "1", "--out", name.as_str(), "--replace"],
        vec!["export", "--tournament", "1", wal.as_str(), "--replace"],
        // Through a folder not made yet.
        vec!["export", "--tournament", "1", &format!("{}/new/../club.db", dir.path().display()), "--replace"],
    ] {
        let out = atout(&db, &args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && said.contains("this database's own file"), "{args:?}: {said}");
    }
    // Named another way (through its folder, relative), the same file.
    let out = Command::new(env!("CARGO_BIN_EXE_atout"))
        .current_dir(dir.path())
        .args(["--db", "club.db", "export", "--tournament", "1", "./club.db", "--replace"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(ok(&db, &["tournament", "list"]), before);
    ok(&db, &["check"]);
    // Beside it, under another name, the export is written, and written again whole.
    let other = dir.path().join("club.json");
    ok(&db, &["export", "--tournament", "1", other.to_str().unwrap()]);
    ok(&db, &["export", "--tournament", "1", other.to_str().unwrap(), "--replace"]);
    assert!(json_file(&other)["players"].as_array().is_some_and(|p| !p.is_empty()));
    assert!(std::fs::read_dir(dir.path()).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().ends_with(".atout-tmp")));
}

/// A database file emptied (0 bytes) beside its backups is refused, the latest backup offered,
/// and left as it is: it was made a new empty database, `check` said ok, and the club saw no
/// tournament with nothing pointing to the backups. Restored, everything is back. An empty
/// file with no backup beside it is still a new database.
#[test]
fn an_emptied_database_is_refused_and_its_backup_offered() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    ok(&db, &["backup"]);
    let before = ok(&db, &["tournament", "list"]);
    std::fs::write(&db, b"").unwrap();
    for args in [vec!["tournament", "list"], vec!["check"], vec!["sample"]] {
        let out = atout(&db, &args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(4), "{args:?}: {said}");
        assert!(said.contains("is empty (0 bytes)") && said.contains("restore"), "{args:?}: {said}");
    }
    assert_eq!(std::fs::metadata(&db).unwrap().len(), 0, "the emptied file is left as it was");
    let backup = std::fs::read_dir(dir.path().join("backups").join("club")).unwrap().next().unwrap().unwrap().path().display().to_string();
    assert!(ok(&db, &["backups"]).contains(backup.rsplit('/').next().unwrap()), "the backup is listed");
    ok(&db, &["restore", &backup]);
    assert_eq!(ok(&db, &["tournament", "list"]), before);
    let fresh = dir.path().join("new.db");
    std::fs::write(&fresh, b"").unwrap();
    ok(&fresh, &["sample"]);
}

/// A withdrawal and a return say who they were about, by name and id, whatever way the
/// player was named (a registry number mistyped withdrew someone else, and the answer only
/// repeated «3 withdrawn»).
#[test]
fn a_withdrawal_says_whom_it_withdrew() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    let standings: Value = serde_json::from_str(&ok(&db, &["standings", "--tournament", "1", "--format", "json"])).unwrap();
    let third = standings["rows"].as_array().unwrap().iter().find(|p| p["player"] == "p03").unwrap()["name"].as_str().unwrap().to_string();
    let said = ok(&db, &["player", "withdraw", "--tournament", "1", "--player", "p03", "--reason", "went home"]);
    assert_eq!(said.trim(), format!("{third} (p03) withdrawn from Spring Open 2026"));
    let said = ok(&db, &["player", "return", "--tournament", "1", "--player", "p03", "--reason", "back"]);
    assert!(said.starts_with(&format!("{third} (p03) plays again in Spring Open 2026")), "{said}");
}

/// A tournament whose every round is under way or played takes no more players: entered one
/// by one or with a list, they are refused and nobody is registered by the list (they were
/// entered «from round 6» of five, and counted among its players).
#[test]
fn a_tournament_played_to_its_last_round_takes_no_more_players() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    let before = ok(&db, &["tournament", "list"]);
    let id = ok(&db, &["players", "add", "--name", "Late Comer"]);
    let out = atout(&db, &["tournament", "enter", "--tournament", "1", "--player", id.trim()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("every round of Spring Open 2026 is under way or played (5 of 5)"), "{said}");
    let list = dir.path().join("late.csv");
    std::fs::write(&list, "name\nNew One\n").unwrap();
    let out = atout(&db, &["players", "import", list.to_str().unwrap(), "--tournament", "1"]);
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!ok(&db, &["players", "list"]).contains("New One"), "the list registered nobody");
    assert_eq!(ok(&db, &["tournament", "list"]), before);
}

/// A file past the bound (64 MB) is refused as it is read, naming it, and nothing is stored:
/// it was read whole first (`/dev/zero` filled the memory).
#[test]
fn a_file_too_large_is_refused_as_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    let before = ok(&db, &["tournament", "list"]);
    let big = dir.path().join("big.json");
    std::fs::File::create(&big).unwrap().set_len(65 * 1024 * 1024).unwrap();
    let big = big.to_str().unwrap();
    for args in [vec!["import", big], vec!["players", "import", big], vec!["hand", "check", big]] {
        let out = atout(&db, &args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && said.contains("is larger than 64 MB"), "{args:?}: {said}");
    }
    assert_eq!(ok(&db, &["tournament", "list"]), before);
}

/// A key given twice in a line or in settings is refused, naming it, and nothing is stored (the
/// last was stored, the first dropped without a word).
#[test]
fn a_key_given_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let t = ok(&db, &["tournament", "create", "--name", "Friday", "--game", "double-king", "--rounds", "1"]);
    let t = t.trim();
    let list = dir.path().join("p.csv");
    std::fs::write(&list, "name\nAnne\nBart\nChloé\nDirk\n").unwrap();
    ok(&db, &["players", "import", list.to_str().unwrap(), "--tournament", t]);
    ok(&db, &["round", "draw", "--tournament", t, "--round", "1", "--seed", "1"]);
    let out = atout(&db, &["deal", "add", "--tournament", t, "--round", "1", "--table", "1", r#"{"contract":"A","counts":[5,5,1,2],"contract":"B"}"#]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("the field `contract` is given twice"), "{said}");
    let out = atout(&db, &["tournament", "settings", "--tournament", t, "--reason", "x", r#"{"rounds":1,"rounds":2}"#]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("the field `rounds` is given twice"), "{said}");
    let sheet: Value = serde_json::from_str(&ok(&db, &["sheet", "--tournament", t, "--round", "1", "--table", "1", "--format", "json"])).unwrap();
    assert!(sheet["lines"].as_array().unwrap().is_empty(), "{sheet}");
}

/// An automatic backup that fails is said after the command, in the user's language, and the
/// change is stored all the same (it was said in English, «automatic backup failed: …»).
#[test]
fn a_failed_automatic_backup_is_said_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    // The backups' folder made unusable: a file in its place.
    let folder = dir.path().join("backups").join("club");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(folder.parent().unwrap()).unwrap();
    std::fs::write(&folder, "in the way").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_atout"))
        .env("LANG", "fr_BE.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("ATOUT_BACKUP_MINUTES", "0")
        .args([
            "--db",
            db.to_str().unwrap(),
            "ruling",
            "add",
            "--tournament",
            "1",
            "--round",
            "1",
            "--table",
            "1",
            r#"{"seat": 1, "points": [0, 0, 0, 0], "reason": "talking", "by": "Jury"}"#,
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("la sauvegarde automatique a échoué") && said.contains("votre changement est enregistré") && !said.contains("automatic backup failed"),
        "{said}"
    );
    assert!(ok(&db, &["audit", "--tournament", "1"]).contains("talking"), "the ruling is stored");
}

/// A database from a newer Atout is refused, left as it is, and pointed to that Atout: no
/// backup is offered in its place (restored, it set the file aside as damaged).
#[test]
fn a_database_from_a_newer_atout_is_pointed_to_it_not_to_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    ok(&db, &["sample"]);
    ok(&db, &["backup"]);
    // SQLite's header keeps the schema's version (`user_version`) at byte 60.
    let mut data = std::fs::read(&db).unwrap();
    data[60..64].copy_from_slice(&99u32.to_be_bytes());
    std::fs::write(&db, &data).unwrap();
    let out = atout(&db, &["tournament", "list"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("written by a newer version of Atout") && said.contains("open it with that newer Atout"), "{said}");
    assert!(!said.contains("latest good backup") && !said.contains("atout restore") && !said.contains(" restore "), "no backup offered: {said}");
    assert_eq!(std::fs::read(&db).unwrap(), data, "left as it is");
}

/// A database that may not be written (a file marked read-only in a folder of someone else's:
/// a club's file on a locked stick) is read, exported and checked; a change is refused saying
/// the file may not be written, and nothing of it is stored. It was refused whole («cannot be
/// opened»): not even its standings could be read.
#[cfg(unix)]
#[test]
fn a_database_that_may_not_be_written_is_read_and_exported_and_changes_are_refused() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let mode = |p: &Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (stick, out) = (dir.path().join("stick"), dir.path().join("out"));
    std::fs::create_dir(&stick).unwrap();
    std::fs::create_dir(&out).unwrap();
    let db = stick.join("club.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let standings = ok(&db, &["standings", "--tournament", "1", "--format", "json"]);
    // Whoever runs it may not write it. Root may write anything: there it runs as nobody, from
    // a copy of the binary nobody may run.
    let root = std::fs::metadata(&db).unwrap().uid() == 0;
    let bin = dir.path().join("atout");
    std::fs::copy(env!("CARGO_BIN_EXE_atout"), &bin).unwrap();
    mode(&bin, 0o755);
    mode(dir.path(), 0o755);
    mode(&out, 0o777);
    for sub in std::fs::read_dir(&stick).unwrap() {
        let sub = sub.unwrap().path();
        mode(&sub, if sub.is_dir() { 0o555 } else { 0o444 });
    }
    mode(&stick, 0o555);
    let run = |args: &[&str]| {
        let mut c = if root { Command::new("runuser") } else { Command::new(&bin) };
        if root {
            c.args(["-u", "nobody", "--"]).arg(&bin);
        }
        c.env("LANG", "C").env_remove("LC_ALL").arg("--db").arg(&db).args(args).output().unwrap()
    };
    let read = run(&["standings", "--tournament", "1", "--format", "json"]);
    assert!(read.status.success(), "{}", String::from_utf8_lossy(&read.stderr));
    assert_eq!(String::from_utf8_lossy(&read.stdout), standings);
    let exported = out.join("spring.json");
    let export = run(&["export", "--tournament", "1", exported.to_str().unwrap()]);
    assert!(export.status.success() && exported.exists(), "{}", String::from_utf8_lossy(&export.stderr));
    let about = run(&["about"]);
    assert!(String::from_utf8_lossy(&about.stdout).contains("may not be written: it is open to be read"), "{about:?}");
    let check = run(&["check"]);
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
    let add = run(&["players", "add", "--name", "Zoë Claes"]);
    let said = String::from_utf8_lossy(&add.stderr);
    assert!(!add.status.success() && said.contains("cannot be written") && said.contains("nothing was stored"), "{said}");
    mode(&stick, 0o755);
    assert!(!ok(&db, &["players", "list"]).contains("Zoë"));
    assert_eq!(ok(&db, &["standings", "--tournament", "1", "--format", "json"]), standings);
}

/// A refusal that an option gets past names it: a file kept because it exists (--replace), a
/// probable duplicate of a registered player (--anyway). The user was stuck.
#[test]
fn a_refusal_names_the_option_that_gets_past_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("o.db");
    ok(&db, &["import", fixture("spring-open-16.json").to_str().unwrap()]);
    let file = dir.path().join("spring.json");
    ok(&db, &["export", "--tournament", "1", file.to_str().unwrap()]);
    let out = atout_in("fr_BE.UTF-8", &db, ["export", "--tournament", "1", file.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code() == Some(1) && said.contains("existe déjà") && said.contains("--replace"), "{said}");
    let out = atout_in("nl_BE.UTF-8", &db, ["players", "add", "--name", "Anne Peeters", "--club", "KC De Troef"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("al geregistreerd") && said.contains("--anyway"), "{said}");
    // A code revoked without its reason: --reason (the refusal named none).
    let out = atout_in("fr_BE.UTF-8", &db, ["devices", "--tournament", "1", "--round", "5", "--revoke", "2"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("donnez le motif") && said.contains("--reason"), "{said}");
    // Nothing to settle: said so (it printed nothing at all).
    let out = atout_in("fr_BE.UTF-8", &db, ["season", "doubts"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("aucun joueur dont les imports n'étaient pas sûrs"));
}
