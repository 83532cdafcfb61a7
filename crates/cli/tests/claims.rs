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
    // Made within the first trick, a failing claim's line plays the five cards left (FORMAT.md's
    // `line`); said trick by trick, its first trick opens with the card already on the table,
    // in the past (it showed the trick without it, led by seat 2).
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "2", "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["line"].as_array().map(Vec::len), v["line_tricks"][0]["before"].clone(), v["line_tricks"][0]["plays"][0].clone()),
        (Some(5), json!(1), json!([1, "14S"])),
        "{v}"
    );
    for (lang, said) in [
        ("en", " 1. Seat 1 played 14♠, seat 2 plays "),
        ("fr", " 1. La place 1 a joué 14♠, la place 2 joue "),
        ("nl", " 1. Plaats 1 speelde 14♠, plaats 2 speelt "),
    ] {
        let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "2", "--lang", lang]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(said), "{text}");
    }
    // Made after a whole trick, the line is numbered as the deal's tricks are: it opens at
    // trick 2 (it said «1.», and the jury looked at the deal's first trick).
    let file = record(dir.path(), &["14S", "2S", "1C"]);
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "1", "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["holds"].clone(), v["line_tricks"][0]["number"].clone()), (json!(false), json!(2)), "{v}");
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "1", "--lang", "en"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(" 2. Seat 1 plays 13♠") && !text.contains(" 1. Seat"), "{text}");
    // One trick left: the last trick, not «1 of the 1 trick left» («1 des 1 pli restant»).
    assert!(text.contains("Claim: seat 1 takes the last trick") && !text.contains("of the 1"), "{text}");
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-most", "0", "--lang", "fr"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Revendication : la place 1 ne fait pas le dernier pli"), "{text}");
    let file = record(dir.path(), &["14S"]);
    // Claiming none, it fails: the words say how many the others can make it take, in
    // tricks as in French and Dutch (the English said "take 1").
    let out = atout(&["hand", "claim", &file, "--seat", "3", "--at-most", "0", "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("The claim fails: seats 1 and 2 can make seat 3 take 1 trick\n"), "{text}");
    let out = atout(&["hand", "claim", &file, "--seat", "3", "--at-most", "0", "--lang", "fr"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("La revendication ne tient pas : les places 1 et 2 peuvent imposer 1 pli à la place 3"), "{text}");
    // Seat 2's low spades take nothing: held, said as no trick (it read «no more than 0»).
    for (lang, said) in [
        ("en", "The claim holds: whatever seats 1 and 3 play, seat 2 takes no trick\n"),
        ("fr", "La revendication tient : quoi que jouent les places 1 et 3, la place 2 ne fait aucun pli\n"),
        ("nl", "De claim klopt: wat plaatsen 1 en 3 ook spelen, plaats 2 haalt geen enkele slag\n"),
    ] {
        let out = atout(&["hand", "claim", &file, "--seat", "2", "--at-most", "0", "--lang", lang]);
        assert_eq!(out.status.code(), Some(0), "{lang}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(said), "{text}");
    }
    // A claim of more tricks than are left is judged, as FORMAT.md has it: at least 3 of 2
    // fails with its line (exit 2: the five cards still to play), at most 5 of 2 holds.
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "3", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["holds"].clone(), v["line"].as_array().map(Vec::len)), (json!(false), Some(5)), "{v}");
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-most", "5", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
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
    // In JSON, the same JSON error as `hand check`'s (FORMAT.md "Claims"), on stdout.
    let checked = atout(&["hand", "check", &file, "--format", "json"]);
    assert_eq!(checked.status.code(), Some(2));
    let checked: Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(checked["first_illegal"]["rule"], "card-not-held");
    for asked in [&["claim", "--at-least", "1"][..], &["solve"][..]] {
        let mut args = vec!["hand", asked[0], &file, "--seat", "1", "--format", "json"];
        args.extend(&asked[1..]);
        let out = atout(&args);
        assert_eq!(out.status.code(), Some(2), "{asked:?}");
        assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap(), checked, "{asked:?}");
    }
    // A seat that does not play.
    let file = record(dir.path(), &[]);
    let out = atout(&["hand", "solve", &file, "--seat", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("claim-seat"));
    // A deal played to its end leaves no trick to claim (it was judged: «at least 1 of the 0
    // tricks left»); "could it have been made?" is asked of it instead.
    let file = record(dir.path(), &["14S", "1S", "JK", "13S", "2S", "1C"]);
    let out = atout(&["hand", "claim", &file, "--seat", "1", "--at-least", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("claim-left") && err.contains("no trick is left to claim"), "{err}");
    assert!(out.stdout.is_empty());
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

/// `atout print hands --solve R.T.L:SEAT` prints "could it have been made?" with the finished
/// deal, as the window does when the jury asked it (read back with pdftotext). Each seat
/// holds one suit and Anne, leading, holds the spades: nobody else can follow, so she takes
/// all 13 tricks whatever is played — at least 13, at the fewest 13. A malformed place is
/// refused as the user's mistake (exit 1), and so is a place where no line carries its
/// cards; nothing is written.
#[test]
fn the_printed_hands_carry_could_it_have_been_made_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let cards: Vec<Vec<String>> = ["S", "H", "D", "C"].iter().map(|s| ranks.iter().map(|r| format!("{r}{s}")).collect()).collect();
    let doc = json!({
        "format": "atout-tournament/1", "name": "Hands", "date": "2026-11-23", "game": "double-king", "settings": {"rounds": 1},
        "players": [{"id": "p1", "name": "Anne"}, {"id": "p2", "name": "Bart"}, {"id": "p3", "name": "Chloé"}, {"id": "p4", "name": "Dirk"}],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["p1", "p2", "p3", "p4"], "first_dealer": 4,
            "deals": [{"contract": "C", "counts": [4, 0, 0, 0], "hand": {"cards": cards, "play": ["QS", "QH", "QD", "QC"]}},
                {"contract": "A", "counts": [13, 0, 0, 0], "hand": {"cards": cards, "play": ["2H", "2D", "2C", "AS"]}}], "rulings": []}], "byes": []}],
    });
    let file = dir.path().join("t.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let with_db = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_atout")).arg("--db").arg(&db).args(args).output().unwrap();
    let out = with_db(&["import", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pdf = dir.path().join("hands.pdf");
    let out = with_db(&["print", "hands", "--tournament", "1", "--out", pdf.to_str().unwrap(), "--solve", "1.1.1:1", "--lang", "en"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = Command::new("pdftotext").arg(&pdf).arg("-").output().unwrap().stdout;
    let text = String::from_utf8(text).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("From the first card (13 tricks) — Anne: at least 13 for sure playing for tricks; never fewer than 13 playing to lose them"),
        "{text}"
    );
    // The figures the cards give, in words as the window shows them (not as data).
    assert!(text.contains("Every card legal; the cards give counts by seat 4 · 0 · 0 · 0"), "{text}");
    // Asked of two seats of one deal, both are printed (the second was refused: «no line
    // carrying its cards there»); asked of a deal not played to its end, it says so (it was
    // left out without a word).
    let both = dir.path().join("both.pdf");
    let out = with_db(&[
        "print",
        "hands",
        "--tournament",
        "1",
        "--out",
        both.to_str().unwrap(),
        "--solve",
        "1.1.1:1",
        "--solve",
        "1.1.1:2",
        "--solve",
        "1.1.1:1",
        "--solve",
        "1.1.2:1",
        "--lang",
        "en",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = Command::new("pdftotext").arg(&both).arg("-").output().unwrap().stdout;
    let text = String::from_utf8(text).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("(13 tricks) — Anne: at least 13") && text.contains("(13 tricks) — Bart: at least 0"), "{text}");
    // A seat asked twice is answered once.
    assert_eq!(text.matches("(13 tricks) — Anne:").count(), 1, "{text}");
    assert!(text.contains("Could it have been made? Not searched: the deal is not played to its end"), "{text}");
    let again = dir.path().join("again.pdf");
    let out = with_db(&["print", "hands", "--tournament", "1", "--out", again.to_str().unwrap(), "--solve", "1.1:1"]);
    assert_eq!(out.status.code(), Some(1), "the user's mistake: {}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ROUND.TABLE.LINE:SEAT"));
    assert!(!again.exists());
    // A seat that does not play the deal: refused as the search refuses it, nothing written.
    let out = with_db(&["print", "hands", "--tournament", "1", "--out", again.to_str().unwrap(), "--solve", "1.1.1:9"]);
    assert!(!out.status.success());
    assert!(!again.exists(), "{}", String::from_utf8_lossy(&out.stderr));
    // A place with no line carrying its cards (a mistyped line) is refused, not printed without.
    let out = with_db(&["print", "hands", "--tournament", "1", "--out", again.to_str().unwrap(), "--solve", "1.1.3:1"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("round 1, table 1, line 3: no line carrying its cards there"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!again.exists());
}

/// A record refused by the claim checker is said in the language asked (`--lang`), its card
/// named as that language names it: it was said in English, the card as the record writes it.
#[test]
fn a_refused_claim_is_said_in_the_language_asked() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands/double-king-T-ruff.json");
    for (args, lang, want) in [
        (vec!["claim", "--at-least", "1"], "fr", "pli 6 : la place 3 joue 3♥, ce que les règles du jeu interdisent"),
        (vec!["solve"], "nl", "slag 6: plaats 3 speelt 3♥, wat de spelregels verbieden"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_atout"))
            .arg("hand")
            .args(&args[..1])
            .arg(&file)
            .args(["--seat", "1", "--lang", lang])
            .args(&args[1..])
            .env("LANG", "en_GB.UTF-8")
            .env_remove("LC_ALL")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(want), "{lang}: {err}");
    }
}

/// A record that is no record at all (not JSON, no game Atout plays) is refused as a record
/// is, under `hand-record`, exit 2 as FORMAT.md says; it exited 1 with no rule named.
#[test]
fn a_record_that_is_not_one_is_refused_as_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.json");
    let foreign = dir.path().join("foreign.json");
    std::fs::write(&broken, "{").unwrap();
    std::fs::write(&foreign, r#"{"format": "atout-hand/1", "game": "bridge", "seats": 4}"#).unwrap();
    for file in [&broken, &foreign] {
        let file = file.to_str().unwrap();
        for args in [vec!["hand", "check", file], vec!["hand", "claim", file, "--seat", "1", "--at-least", "1"], vec!["hand", "solve", file, "--seat", "1"]] {
            let out = atout(&args);
            let said = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
            assert!(said.contains("hand-record"), "{args:?}: {said}");
        }
    }
}

/// A Rikken pair named by its seats, said in French after «à»: «aux places 1 et 3» (it read
/// «à les places»). The fixture's rik cut after twelve tricks; seat 1 claims to take none.
#[test]
fn a_pair_is_said_in_french_with_the_article_joined() {
    let dir = tempfile::tempdir().unwrap();
    let mut r: Value =
        serde_json::from_str(&std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/hands/rikken-rik-4.json")).unwrap()).unwrap();
    let play = r["hand"]["play"].as_array_mut().unwrap();
    play.truncate(48);
    let path = dir.path().join("rik.json");
    std::fs::write(&path, r.to_string()).unwrap();
    let out = atout(&["hand", "claim", path.to_str().unwrap(), "--seat", "1", "--at-most", "0", "--lang", "fr"]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("peuvent imposer 1 pli aux places 1 et 3") && !text.contains("à les"), "{text}");
}

/// A negative claim is refused as a mistake in what was asked, saying why (−1 was taken for
/// an option and answered with clap's usage).
#[test]
fn a_negative_claim_is_refused_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), &[]);
    for (arg, value) in [("--at-least", "-1"), ("--at-most", "-3"), ("--at-least", "two")] {
        let out = atout(&["hand", "claim", &file, "--seat", "1", arg, value]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("a claim counts tricks") && err.contains(value) && !err.contains("unexpected argument"), "{err}");
    }
}
