//! The invariants of ARCHITECTURE.md, kept by a test (rust-analyzer's tidy tests are
//! the model): the source tree is read as text and every place that breaks a rule of
//! the house is named.
//!
//! - SQL lives only in `crates/store` (and `schema/`).
//! - A game's code and its entry's keys live only in `crates/rules` and `ui/games/`.
//! - A rule's text lives only in `crates/rules`.
//! - Every crate forbids `unsafe`.
//!
//! Tests, fixtures and the window test are not the product: they may name anything.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file under `dir` (relative to the root) with one of `exts`.
fn files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = vec![];
    let mut todo = vec![root().join(dir)];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())).flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().and_then(|x| x.to_str()).is_some_and(|x| exts.contains(&x)) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The product's source outside the rules: what must not hold rule knowledge.
fn outside_rules() -> Vec<PathBuf> {
    let mut all = vec![];
    for dir in ["crates/api/src", "crates/store/src", "crates/report/src", "crates/cli/src", "src-tauri/src"] {
        all.extend(files(dir, &["rs", "sql"]));
    }
    all.extend(files("ui", &["js", "html"]).into_iter().filter(|p| !p.starts_with(root().join("ui/games"))));
    all
}

fn relative(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}

/// The code of a file without its comments (`//`, `///`, `//!`, `/* */` lines, `--` in SQL)
/// and without its unit tests (from `#[cfg(test)]` on, which ends a file by convention).
fn code_lines(p: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(p).unwrap();
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !(t.starts_with("//") || t.starts_with("/*") || t.starts_with('*') || t.starts_with("--"))
        })
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Every line of `paths` holding one of `needles`, as `file:line: needle`.
fn hits(paths: &[PathBuf], needles: &[String]) -> Vec<String> {
    let mut out = vec![];
    for p in paths {
        for (n, line) in code_lines(p) {
            for needle in needles.iter().filter(|x| line.contains(x.as_str())) {
                out.push(format!("{}:{n}: {needle}", relative(p)));
            }
        }
    }
    out
}

#[test]
fn sql_lives_only_in_the_store() {
    let outside: Vec<PathBuf> =
        outside_rules().into_iter().filter(|p| !p.starts_with(root().join("crates/store"))).chain(files("crates/rules/src", &["rs"])).collect();
    let sql: Vec<String> = ["SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM", "CREATE TABLE", "PRAGMA ", "execute(", "prepare("].map(String::from).to_vec();
    let found = hits(&outside, &sql);
    assert!(found.is_empty(), "SQL outside crates/store:\n{}", found.join("\n"));
}

#[test]
fn game_codes_and_entry_keys_live_only_in_the_rules_and_the_game_views() {
    use atout_api::rules::{GameId, Lang};
    let mut needles = vec![];
    for game in GameId::ALL {
        // A game's code, as a string in Rust or in JavaScript.
        needles.push(format!("\"{}\"", game.code()));
        needles.push(format!("'{}'", game.code()));
        // Its entry's keys (FORMAT.md's), as strings: no front reads a game's figures by name.
        let rules = game.rules(&Default::default()).unwrap();
        for key in rules.describe(Lang::En)["fields"].as_object().unwrap().keys() {
            // Words that are the house's own vocabulary too: `seat`, `points`, `reason` and
            // `by` are every ruling's fields (a fault on a line states them as a ruling
            // does), `lines` the sheet's, `from` the printed form's, `jury` a role, `last`
            // a column of a player list, `at` when a change was made, `tiles` the hand
            // calculator's answer (the CLI prints what the rules computed).
            if !["seat", "points", "reason", "by", "lines", "from", "jury", "last", "at", "tiles"].contains(&key.as_str()) {
                needles.push(format!("\"{key}\""));
            }
        }
    }
    for lead in ["contract", "fine"] {
        needles.push(format!("\"{lead}\""));
    }
    needles.sort();
    needles.dedup();
    let found = hits(&outside_rules(), &needles);
    assert!(found.is_empty(), "a game's code or entry key outside crates/rules and ui/games:\n{}", found.join("\n"));
}

/// The statements of every rule (`rule!(NAME, "code", "en", "fr", "nl")`), read from the
/// rules' source.
fn rule_texts() -> Vec<String> {
    let mut out = vec![];
    for p in files("crates/rules/src", &["rs"]) {
        let text = std::fs::read_to_string(&p).unwrap();
        for part in text.split("rule!(").skip(1) {
            // The literals of one invocation: up to its closing `);`.
            let call = &part[..part.find(");").unwrap_or(part.len())];
            let literals: Vec<&str> = call.split('"').skip(1).step_by(2).collect();
            if literals.len() == 4 {
                out.extend(literals[1..].iter().filter(|t| t.len() > 12).map(|t| t.to_string()));
            }
        }
    }
    out
}

#[test]
fn rule_texts_live_only_in_the_rules() {
    let texts = rule_texts();
    assert!(texts.len() > 100, "found {} rule texts: the reader of rule! is broken", texts.len());
    let mut paths = outside_rules();
    paths.extend(files("templates", &["json"]));
    let found = hits(&paths, &texts);
    assert!(found.is_empty(), "a rule's text outside crates/rules:\n{}", found.join("\n"));
}

#[test]
fn every_crate_forbids_unsafe_code() {
    let roots = [
        "crates/rules/src/lib.rs",
        "crates/store/src/lib.rs",
        "crates/api/src/lib.rs",
        "crates/report/src/lib.rs",
        "crates/cli/src/main.rs",
        "src-tauri/src/lib.rs",
        "src-tauri/src/main.rs",
        "tests/lib.rs",
        "tests/bin/stress.rs",
    ];
    let missing: Vec<&str> = roots.iter().copied().filter(|r| !std::fs::read_to_string(root().join(r)).unwrap().contains("#![forbid(unsafe_code)]")).collect();
    assert!(missing.is_empty(), "crates without #![forbid(unsafe_code)]: {missing:?}");
    // And every crate of the workspace is among them.
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    for member in ["crates/rules", "crates/store", "crates/api", "crates/report", "crates/cli", "tests", "src-tauri"] {
        assert!(manifest.contains(&format!("\"{member}\"")), "{member} is a member");
        assert!(roots.iter().any(|r| r.starts_with(member)), "{member} has a root listed here");
    }
}
