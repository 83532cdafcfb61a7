//! Hostile input, fuzzed (issue "Nothing lost"): mutations of real documents, player
//! files and sheet lines of every game, at volume. No input may make Atout panic;
//! every refusal says what is wrong and stores nothing.
//!
//! Coverage-guided fuzzers (cargo-fuzz, libFuzzer) need a nightly toolchain, which
//! cannot be installed here; this is the documented fallback: a seeded mutational
//! fuzzer (JSON-aware and byte-level) over seed corpora from `fixtures/`.
//! `ATOUT_FUZZ_EXECS` sets the executions per target (default 600; `scripts/fuzz`
//! runs 100,000). A failing input is written to `fixtures/fuzz/found-*`.

mod common;
use atout_api::{Atout, NewTournament};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn execs() -> usize {
    std::env::var("ATOUT_FUZZ_EXECS").ok().and_then(|v| v.parse().ok()).unwrap_or(600)
}

/// A value a hostile or broken file might hold.
fn hostile(rng: &mut ChaCha8Rng) -> Value {
    match rng.random_range(0..14) {
        0 => json!(i64::MAX),
        1 => json!(i64::MIN),
        2 => json!(-1),
        3 => json!(0),
        4 => json!(1e300),
        5 => json!(u64::MAX),
        6 => json!(""),
        7 => json!("x".repeat(rng.random_range(1..5000))),
        8 => Value::Null,
        9 => json!([]),
        10 => json!({}),
        11 => json!(true),
        12 => json!("é\u{0}\n\t😀"),
        _ => json!(rng.random_range(-20..40)),
    }
}

/// Every path (object keys, array indexes) in a value.
fn paths(v: &Value, here: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| {
            here.push(k.clone());
            paths(x, here, out);
            here.pop();
        }),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
            here.push(i.to_string());
            paths(x, here, out);
            here.pop();
        }),
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, k| match v {
        Value::Object(m) => m.get_mut(k),
        Value::Array(a) => k.parse::<usize>().ok().and_then(move |i| a.get_mut(i)),
        _ => None,
    })
}

/// One to three JSON-aware mutations: replace a node by a hostile value, remove a key
/// or an element, duplicate an element, swap two sibling elements, nest deeply.
fn mutate_json(v: &mut Value, rng: &mut ChaCha8Rng) {
    for _ in 0..rng.random_range(1..=3) {
        let mut all = vec![];
        paths(v, &mut vec![], &mut all);
        let path = all[rng.random_range(0..all.len())].clone();
        let Some(node) = at(v, &path) else { continue };
        match rng.random_range(0..6) {
            0 | 1 => *node = hostile(rng),
            2 => match node {
                Value::Object(m) if !m.is_empty() => {
                    let k = m.keys().nth(rng.random_range(0..m.len())).cloned().unwrap();
                    m.remove(&k);
                }
                Value::Array(a) if !a.is_empty() => {
                    a.remove(rng.random_range(0..a.len()));
                }
                _ => *node = hostile(rng),
            },
            3 => {
                if let Value::Array(a) = node {
                    if !a.is_empty() {
                        let x = a[rng.random_range(0..a.len())].clone();
                        a.insert(rng.random_range(0..=a.len()), x);
                    }
                }
            }
            4 => {
                if let Value::Array(a) = node {
                    if a.len() > 1 {
                        let (i, j) = (rng.random_range(0..a.len()), rng.random_range(0..a.len()));
                        a.swap(i, j);
                    }
                }
            }
            _ => {
                let mut deep = node.clone();
                for _ in 0..rng.random_range(1..200) {
                    deep = json!([deep]);
                }
                *node = deep;
            }
        }
    }
}

/// Byte-level damage: flip, insert, delete or truncate.
fn mutate_bytes(b: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    if b.is_empty() {
        b.push(rng.random());
        return;
    }
    for _ in 0..rng.random_range(1..=4) {
        let i = rng.random_range(0..b.len());
        match rng.random_range(0..4) {
            0 => b[i] ^= 1 << rng.random_range(0..8),
            1 => b.insert(i, rng.random()),
            2 => {
                b.remove(i);
                if b.is_empty() {
                    return;
                }
            }
            _ => b.truncate(i.max(1)),
        }
    }
}

/// Run `f`; a panic fails the test after the input is kept in fixtures/fuzz/.
fn survive<T>(name: &str, input: &[u8], f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => {
            let path = common::fixture(&format!("fuzz/found-{name}-{:016x}", input.iter().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(*b as u64))));
            std::fs::write(&path, input).unwrap();
            panic!("{name}: a panic on the input kept in {}", path.display());
        }
    }
}

#[test]
fn fuzz_the_exchange_import() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xA70u64);
    let seeds: Vec<Value> = ["bye-18.json", "king-choice-8.json", "lucky7-short-9.json", "rikken-custom-9.json", "broken/dealer-trumps.json"]
        .iter()
        .map(|f| common::json(f))
        .collect();
    let mut app = Atout::open_in_memory().unwrap();
    let (mut accepted, mut refused) = (0, 0);
    for n in 0..execs() {
        let mut doc = seeds[n % seeds.len()].clone();
        let text = if rng.random_bool(0.8) {
            mutate_json(&mut doc, &mut rng);
            doc.to_string()
        } else {
            let mut b = doc.to_string().into_bytes();
            mutate_bytes(&mut b, &mut rng);
            String::from_utf8_lossy(&b).into_owned()
        };
        let before = app.row_counts().unwrap();
        match survive("import", text.as_bytes(), || app.import_document(&text)) {
            Ok(info) => {
                accepted += 1;
                // What was accepted ranks and exports without trouble.
                let id = info.id.to_string();
                survive("import-standings", text.as_bytes(), || {
                    app.standings(&id, None).unwrap();
                    app.export_document(&id).unwrap();
                });
            }
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().trim().is_empty());
                assert_eq!(app.row_counts().unwrap(), before, "a refused document stored something: {e}");
            }
        }
    }
    eprintln!("fuzz import: {} executions, {accepted} accepted, {refused} refused, 0 panics", execs());
    assert!(refused > execs() / 2, "the mutations are meant to break documents");
}

#[test]
fn fuzz_the_player_file_import() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC5Fu64);
    let (cp1252, _, _) = encoding_rs::WINDOWS_1252.encode("Prénom;Nom;Club;Numéro\nFrançois;Verbeeck;Cercle Liégeois;12\nNoël;Dubois;;\n");
    let seeds: Vec<Vec<u8>> = vec![
        "name,club,member\nAnne Peeters,KC De Troef,101\nBart Maes,,\n".as_bytes().to_vec(),
        "\u{feff}Voornaam;Naam;Club\nEls;Janssens;KC\n\"Wouters; Gert\";;\n".as_bytes().to_vec(),
        cp1252.into_owned(),
    ];
    let mut app = Atout::open_in_memory().unwrap();
    let (mut accepted, mut refused) = (0, 0);
    for n in 0..execs() {
        let mut b = seeds[n % seeds.len()].clone();
        mutate_bytes(&mut b, &mut rng);
        let before = app.row_counts().unwrap();
        match survive("csv", &b, || app.players_import_bytes(&b, None)) {
            Ok(_) => accepted += 1,
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().trim().is_empty());
                assert_eq!(app.row_counts().unwrap(), before);
            }
        }
    }
    eprintln!("fuzz player files: {} executions, {accepted} accepted, {refused} refused, 0 panics", execs());
}

/// A sheet line of every game, mutated, checked and written at a table with lines on it.
#[test]
fn fuzz_a_sheet_line_of_every_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EEu64);
    let mut app = Atout::open_in_memory().unwrap();
    let mut tables = vec![];
    // Every game from a fixture: its first table of round 1, cut to half its lines.
    for file in ["spring-open-16.json", "king-13.json", "lucky7-11.json", "rikken-18.json", "cribbage-9.json"] {
        let mut doc = common::json(file);
        let sheet = doc["rounds"][0]["tables"][0]["deals"].as_array().unwrap().clone();
        let half = sheet.len() / 2;
        doc["rounds"][0]["tables"][0]["deals"] = json!(sheet[..half]);
        doc["rounds"].as_array_mut().unwrap().truncate(1);
        doc["name"] = json!(format!("fuzz {file}"));
        let id = app.import_document(&doc.to_string()).unwrap().id.to_string();
        tables.push((id, sheet));
    }
    // A fresh tournament of each game too, for an empty sheet.
    for game in ["double-king", "king", "double-lucky-7", "rikken", "kings-cribbage"] {
        let t = app.tournament_create(&NewTournament { name: format!("fresh {game}"), game: game.into(), rounds: Some(1), ..Default::default() }).unwrap();
        let _ = t;
    }
    let mut outcomes = [0usize; 2];
    for n in 0..execs() {
        let (id, sheet) = &tables[n % tables.len()];
        let stored = app.sheet(&atout_api::TableRef::new(id, 1, 1)).unwrap().lines.len();
        let mut entry = sheet[rng.random_range(0..sheet.len())].clone();
        mutate_json(&mut entry, &mut rng);
        let input = entry.to_string();
        survive("check", input.as_bytes(), || app.deal_check(&atout_api::TableRef::new(id, 1, 1), None, entry.clone()).unwrap());
        let before = app.row_counts().unwrap();
        let line = rng.random_range(0..=stored + 1);
        let result = survive("write", input.as_bytes(), || {
            if line == 0 || line > stored {
                app.deal_add(&atout_api::TableRef::new(id, 1, 1), None, entry.clone()).map(|_| ())
            } else {
                app.deal_correct(&atout_api::TableRef::new(id, 1, 1), line, entry.clone(), None, "fuzz").map(|_| ())
            }
        });
        match result {
            Ok(_) => {
                outcomes[0] += 1;
                // Keep the sheet from filling: take the line back (an undo is a change too).
                if line == 0 || line > stored {
                    let at = atout_api::TableRef::new(id, 1, 1);
                    let last = app.sheet(&at).unwrap().lines.len();
                    app.deal_undo(&at, last, None, "fuzz").unwrap();
                }
            }
            Err(e) => {
                outcomes[1] += 1;
                assert!(!e.to_string().trim().is_empty());
                assert_eq!(app.row_counts().unwrap(), before, "a refused line stored something: {e}");
            }
        }
    }
    eprintln!("fuzz sheet lines: {} executions, {} written, {} refused, 0 panics", execs(), outcomes[0], outcomes[1]);
}

/// The kept corpus of broken files (fixtures/fuzz/): each is refused, naming the problem.
#[test]
fn the_corpus_of_broken_files_is_refused() {
    let dir = common::fixture("fuzz");
    let mut app = Atout::open_in_memory().unwrap();
    let mut n = 0;
    for file in std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path()) {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&file).unwrap();
        let before = app.row_counts().unwrap();
        let refused = if name.ends_with(".csv") {
            app.players_import_bytes(&bytes, None).err()
        } else if name.ends_with(".json") {
            app.import_document(&String::from_utf8_lossy(&bytes)).err()
        } else {
            continue;
        };
        let e = refused.unwrap_or_else(|| panic!("{name} was accepted"));
        assert!(!e.to_string().trim().is_empty(), "{name}");
        assert_eq!(app.row_counts().unwrap(), before, "{name}");
        n += 1;
    }
    assert!(n >= 6, "the corpus holds {n} files");
}
