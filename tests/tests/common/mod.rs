#![allow(dead_code)]
use atout_api::Atout;
use serde_json::Value;
use std::path::PathBuf;

pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join(name)
}

pub fn read(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).unwrap()
}

pub fn json(name: &str) -> Value {
    serde_json::from_str(&read(name)).unwrap()
}

pub fn imported(name: &str) -> (Atout, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&read(name)).unwrap();
    (app, t.id.to_string())
}

pub fn standings_json(app: &mut Atout, t: &str, after: Option<i64>) -> Value {
    serde_json::to_value(app.standings(t, after).unwrap()).unwrap()
}

/// RULES.md §1's worked example (first dealer seat 3): round scores 14, 3, 3, −20.
pub fn worked_example() -> Vec<Value> {
    serde_json::from_str(&read("worked-example-deals.json")).unwrap()
}

/// Where a word stands on a PDF's pages, read back by poppler's `pdftotext -bbox`: the left
/// edge (`xMin`) of each of its occurrences, in order, as poppler writes it.
pub fn word_lefts(pdf: &[u8], dir: &std::path::Path, word: &str) -> Vec<String> {
    let file = dir.join("boxes.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext").arg("-bbox").arg(&file).arg("-").output().expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.trim_end().ends_with(&format!(">{word}</word>")))
        .filter_map(|l| l.split("xMin=\"").nth(1).and_then(|r| r.split('"').next()).map(str::to_string))
        .collect()
}

/// A PDF read back as text, laid out (poppler's `pdftotext -layout`), never trusted from the writer.
pub fn pdftotext(pdf: &[u8], dir: &std::path::Path) -> String {
    let file = dir.join("out.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext").arg("-layout").arg(&file).arg("-").output().expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}
