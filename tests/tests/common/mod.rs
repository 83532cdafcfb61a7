#![allow(dead_code)]
use atout_api::Atout;
use serde_json::{json, Value};
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
    [
        json!({"contract": "E", "taker": 3}),
        json!({"contract": "E", "taker": 1}),
        json!({"contract": "D", "counts": [1, 7, 0, 0]}),
        json!({"contract": "C", "counts": [1, 2, 1, 0]}),
        json!({"contract": "F", "seventh": 3, "last": 3}),
        json!({"contract": "T", "trump": "spades", "counts": [10, 0, 3, 0]}),
        json!({"contract": "B", "counts": [1, 5, 2, 5]}),
        json!({"contract": "F", "seventh": 4, "last": 4}),
        json!({"contract": "T", "trump": "hearts", "counts": [11, 0, 2, 0]}),
        json!({"contract": "T", "trump": "clubs", "counts": [2, 8, 3, 0]}),
        json!({"contract": "A", "counts": [8, 2, 1, 2]}),
        json!({"contract": "T", "trump": "clubs", "counts": [7, 4, 2, 0]}),
        json!({"contract": "T", "trump": "spades", "counts": [1, 9, 3, 0]}),
        json!({"contract": "C", "counts": [2, 1, 1, 0]}),
        json!({"contract": "T", "trump": "spades", "counts": [4, 4, 5, 0]}),
        json!({"contract": "B", "counts": [7, 4, 1, 1]}),
        json!({"contract": "D", "counts": [3, 1, 2, 2]}),
        json!({"contract": "A", "counts": [0, 0, 2, 11]}),
        json!({"contract": "T", "trump": "spades", "counts": [3, 2, 3, 5]}),
        json!({"contract": "T", "trump": "hearts", "counts": [7, 1, 4, 1]}),
    ]
    .to_vec()
}

/// A PDF read back as text, laid out (poppler's `pdftotext -layout`), never trusted from the writer.
pub fn pdftotext(pdf: &[u8], dir: &std::path::Path) -> String {
    let file = dir.join("out.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext").arg("-layout").arg(&file).arg("-").output().expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}
