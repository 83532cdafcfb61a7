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
