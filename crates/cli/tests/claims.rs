//! `atout hand claim` and `atout hand solve`, run as the jury would (FORMAT.md "Claims"):
//! exit 0 when the claim holds, 2 when it fails or the record is refused; the JSON's shape.

use serde_json::{json, Value};
use std::path::Path;
use std::process::{Command, Output};

fn atout(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_atout")).args(args).output().unwrap()
}

/// Double Lucky 7, three seats of two cards, hearts trump, seat 1 dealing (and leading every
/// trick): seat 3's joker takes one of seat 1's two top spades.
fn record(dir: &Path, play: &[&str]) -> String {
    let path = dir.join("deal.json");
    let r = json!({"format": "atout-hand/1", "game": "double-lucky-7", "seats": 3, "dealer": 1,
        "deal": {"cards": 2, "bids": [0, 0, 0], "tricks": [0, 0, 0]},
        "hand": {"cards": [["14S", "13S"], ["1S", "2S"], ["JK", "1C"]], "play": play, "trump": "hearts"}});
    std::fs::write(&path, r.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_claim_that_holds_exits_0_and_one_that_fails_exits_2_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), &[]);
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "1", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["remaining"], 2);
    assert_eq!(v["side"], json!([1]));
    assert_eq!(v["claim"], json!({"at_least": 1}));
    assert_eq!((v["holds"].clone(), v["best"].clone(), v["line"].clone()), (json!(true), json!(1), Value::Null));

    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "2", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["holds"].clone(), v["best"].clone()), (json!(false), json!(1)));
    let line = v["line"].as_array().unwrap();
    assert_eq!(line.len(), 6);
    assert_eq!(line[0], json!({"seat": 1, "card": line[0]["card"]}));
    assert!(line.iter().any(|p| p == &json!({"seat": 3, "card": "JK"})));

    // In words: who plays what, trick by trick.
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "2", "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("The claim fails: seats 2 and 3 can hold seat 1 to 1"), "{text}");
    assert!(text.contains("seat 3 plays JK") && text.contains("Claim: seat 1 takes at least 2 of the 2 tricks left"), "{text}");
    // In the jury's language: the words and the cards.
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "2", "--lang", "fr"]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("La revendication ne tient pas : les places 2 et 3 peuvent limiter la place 1 à 1"), "{text}");
    assert!(text.contains("la place 3 joue") && !text.contains("plays"), "{text}");
    let out = atout(&["hand", "solve", &file, "--seat", "1", "--lang", "fr"]);
    let text = String::from_utf8(out.stdout).unwrap();
    // Most and fewest each said with what the side plays for: the most can be below the
    // fewest (three seats against one decide), and the words must not then contradict.
    assert!(text.contains("2 plis restants — la place 1 : au moins 1 à coup sûr en jouant pour les plis ; jamais moins de"), "{text}");
    let out = atout(&["hand", "solve", &file, "--seat", "1", "--lang", "nl"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2 resterende slagen — plaats 1: minstens 1 zeker bij spelen op slagen; nooit minder dan"), "{text}");
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "2", "--lang", "nl"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("De claim klopt niet: plaatsen 2 en 3 kunnen plaats 1 op 1 houden") && text.contains("plaats 3 speelt"), "{text}");

    // Misère-like: seat 3 takes at most one, made within the first trick.
    let file = record(dir.path(), &["14S"]);
    let out = atout(&["hand", "claim", &file, "--seat", "3", "--at-most", "1", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["remaining"].clone(), v["claim"].clone(), v["best"].clone()), (json!(2), json!({"at_most": 1}), json!(1)));
}

#[test]
fn a_record_the_checker_refuses_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    // Seat 2 plays the joker, which seat 3 holds: refused as `hand check` finds it.
    let file = record(dir.path(), &["14S", "JK"]);
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("card-not-held"));
    let out = atout(&["hand", "solve", &file, "--seat", "1"]);
    assert_eq!(out.status.code(), Some(2));
    // A seat that does not play.
    let file = record(dir.path(), &[]);
    let out = atout(&["hand", "solve", &file, "--seat", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("claim-seat"));
}

#[test]
fn solve_gives_the_most_and_the_fewest_and_judges_each_card_of_a_finished_deal() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), &[]);
    let out = atout(&["hand", "solve", &file, "--seat", "3", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v, json!({"remaining": 2, "side": [3], "most": 1, "fewest": 1}));
    // Played out: seat 3 takes the first trick with its joker; seat 1 the second.
    let file = record(dir.path(), &["14S", "1S", "JK", "13S", "2S", "1C"]);
    let out = atout(&["hand", "solve", &file, "--seat", "1", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["remaining"].clone(), v["most"].clone()), (json!(0), json!(0)));
    assert_eq!(v["dealt"]["most"], 1);
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 6);
    assert_eq!(cards[0], json!({"trick": 1, "seat": 1, "card": "14S", "before": 1, "after": 1, "gave_away": false}));
}
