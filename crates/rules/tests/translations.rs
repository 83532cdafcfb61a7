//! Every refusal describes its case in English, French and Dutch: a spread of
//! refusals from every game, the settings and the rulings, each checked for its
//! three texts; and no rule check left writing English only.

use atout_rules::ruling::Ruling;
use atout_rules::{cribbage, GameId, Lang, Rules, Table, TournamentSettings, Violation};
use serde_json::{json, Map, Value};

/// The case is said in all three languages, French and Dutch each in their own words.
#[track_caller]
fn said_in_three(case: &str, v: &Violation) {
    let said = v.said.as_deref().unwrap_or_else(|| panic!("{case}: {} is said in English only: {}", v.rule, v.detail));
    assert_eq!(v.detail, said.en, "{case}: the detail is the English text");
    for (lang, text) in [(Lang::Fr, &said.fr), (Lang::Nl, &said.nl)] {
        assert!(!text.trim().is_empty(), "{case}: no {} text", lang.code());
        assert_ne!(text, &said.en, "{case}: the {} text is the English one", lang.code());
        assert_eq!(v.detail_in(lang), text.as_str(), "{case}");
    }
    assert_ne!(said.fr, said.nl, "{case}: French and Dutch are the same text");
}

fn settings(value: Value) -> Map<String, Value> {
    serde_json::from_value(value).unwrap()
}

fn rules(game: GameId, value: Value) -> Box<dyn Rules> {
    game.rules(&settings(value)).unwrap()
}

/// Replays `entries` at a table of `seats` (first dealer `first`); the refusal must name `rule`.
#[track_caller]
fn refusal(game: &dyn Rules, seats: usize, first: usize, entries: Value, rule: &str) -> Violation {
    let err = game.replay(Table::new(seats, first), entries.as_array().unwrap()).expect_err(rule);
    assert_eq!(err.rule().code(), rule, "{err}");
    err.violation
}

/// Each case: its name, and the violation it was refused with.
type Cases = Vec<(&'static str, Violation)>;

fn check(cases: Cases) {
    for (case, v) in &cases {
        said_in_three(case, v);
    }
}

#[test]
fn double_king_refusals_are_said_in_three_languages() {
    let g = rules(GameId::DoubleKing, json!({}));
    let a = json!({"contract": "A", "counts": [13, 0, 0, 0]});
    check(vec![
        ("counts over the total", refusal(&*g, 4, 1, json!([{"contract": "A", "counts": [13, 0, 0, 1]}]), "deal-total")),
        ("a trump deal without its suit", refusal(&*g, 4, 1, json!([{"contract": "T", "counts": [13, 0, 0, 0]}]), "deal-shape")),
        ("a figure the game does not use", refusal(&*g, 4, 1, json!([{"contract": "A", "counts": [13, 0, 0, 0], "taker": 1}]), "deal-shape")),
        ("the taker is no seat", refusal(&*g, 4, 1, json!([{"contract": "E", "taker": 7}]), "seat-range")),
        ("a negative game a third time", refusal(&*g, 4, 1, json!([a, a, a]), "game-twice")),
        ("the dealer's own fault voided the trump deal", refusal(&*g, 4, 1, json!([{"contract": "T", "trump": "spades", "void_by": 1}, a]), "redeal-trump")),
        ("a line that does not read", refusal(&*g, 4, 1, json!([{"contract": "G"}]), "deal-shape")),
        ("a table of three", refusal(&*g, 3, 1, json!([]), "table-size")),
        ("too few players to seat", g.plan(3).unwrap_err()),
    ]);
}

#[test]
fn king_refusals_are_said_in_three_languages() {
    let g = rules(GameId::King, json!({}));
    let no_tricks = json!({"game": "no-tricks", "counts": [4, 3, 3, 3]});
    // First dealer seat 1: seat 1 deals the first two deals, so seat 2 has the lead in the récup.
    let sold = |seller: i64, buyer: i64, tricks: i64| json!([no_tricks, {"game": "recup", "trump": "spades", "counts": [4, 3, 3, 3], "sale": {"seller": seller, "buyer": buyer, "tricks": tricks}}]);
    check(vec![
        ("a game out of order", refusal(&*g, 4, 1, json!([{"game": "no-hearts", "counts": [4, 3, 3, 3]}]), "phase-due")),
        ("counts over the total", refusal(&*g, 4, 1, json!([{"game": "no-tricks", "counts": [13, 0, 0, 1]}]), "deal-total")),
        ("a figure the game does not use", refusal(&*g, 4, 1, json!([{"game": "no-tricks", "counts": [4, 3, 3, 3], "taker": 1}]), "deal-shape")),
        ("the trump sold by a seat without the lead", refusal(&*g, 4, 1, sold(3, 1, 3), "sale-seller")),
        ("the trump sold to no seat", refusal(&*g, 4, 1, sold(2, 9, 3), "sale-buyer")),
        ("the trump sold to its seller", refusal(&*g, 4, 1, sold(2, 2, 3), "sale-buyer")),
        ("the trump sold for no tricks", refusal(&*g, 4, 1, sold(2, 1, 0), "sale-tricks")),
        ("K♥ and last two not worth 10", GameId::King.rules(&settings(json!({"king_of_hearts": 7}))).err().unwrap()),
    ]);
    let choice = rules(GameId::King, json!({"order": "choice"}));
    let played = json!([no_tricks, no_tricks]);
    check(vec![("a game played twice", refusal(&*choice, 4, 1, played, "phase-played"))]);
}

#[test]
fn rikken_refusals_are_said_in_three_languages() {
    let g = rules(GameId::Rikken, json!({}));
    check(vec![
        ("a declarer partnering themself", refusal(&*g, 4, 1, json!([{"contract": "rik", "declarer": 1, "partner": 1, "tricks": 9}]), "partner")),
        ("open misère without the jury", refusal(&*g, 4, 1, json!([{"contract": "open-misere", "declarers": [1], "tricks": [0]}]), "jury-call")),
        ("fourteen tricks", refusal(&*g, 4, 1, json!([{"contract": "rik", "declarer": 1, "partner": 2, "tricks": 14}]), "tricks-range")),
        ("the dealer of a table of five declares", refusal(&*g, 5, 1, json!([{"contract": "abondance-9", "declarer": 1, "tricks": 9}]), "plays-deal")),
        ("a fine naming no offender", refusal(&*g, 4, 1, json!([{"fine": "trump-not-turned"}]), "deal-shape")),
        ("a solo with a partner", refusal(&*g, 4, 1, json!([{"contract": "abondance-9", "declarer": 1, "partner": 2, "tricks": 9}]), "deal-shape")),
        ("five deals", GameId::Rikken.rules(&settings(json!({"deals": 5}))).err().unwrap()),
        ("a points table without a row", GameId::Rikken.rules(&settings(json!({"points": {}}))).err().unwrap()),
    ]);
    // Said by its name in English too, as in French and Dutch (it read «open-misere is played
    // only with the jury's consent», and the window opened it «Open-misere»).
    let open = refusal(&*g, 4, 1, json!([{"contract": "open-misere", "declarers": [1], "tricks": [0]}]), "jury-call");
    assert!(open.detail_in(Lang::En).contains("«open misère» is played only with the jury's consent"), "{}", open.detail_in(Lang::En));
}

#[test]
fn double_lucky_7_refusals_are_said_in_three_languages() {
    let g = rules(GameId::DoubleLucky7, json!({}));
    check(vec![
        ("two cards in hand 1", refusal(&*g, 4, 1, json!([{"cards": 2, "bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]}]), "hand-cards")),
        ("the bids add up to the cards", refusal(&*g, 4, 1, json!([{"cards": 1, "bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}]), "last-bid")),
        ("a bid over the cards", refusal(&*g, 4, 1, json!([{"cards": 1, "bids": [2, 0, 0, 0], "tricks": [1, 0, 0, 0]}]), "bid-range")),
        ("tricks short of the cards", refusal(&*g, 4, 1, json!([{"cards": 1, "bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 0]}]), "deal-total")),
        ("nine hands", GameId::DoubleLucky7.rules(&settings(json!({"hands": 9}))).err().unwrap()),
    ]);
}

#[test]
fn kings_cribbage_refusals_are_said_in_three_languages() {
    let g = rules(GameId::KingsCribbage, json!({}));
    let first = |bonuses: Value| json!({"seat": 1, "lines": [["4", "5", "5", "6"]], "placed": 4, "bonuses": bonuses});
    check(vec![
        ("a move out of turn", refusal(&*g, 3, 1, json!([{"seat": 2, "lines": [["4", "5", "5", "6"]], "placed": 4, "bonuses": ["first"]}]), "turn")),
        ("a tile that is none", refusal(&*g, 3, 1, json!([{"seat": 1, "lines": [["4", "X"]], "placed": 2, "bonuses": ["first"]}]), "tile")),
        ("a bonus twice", refusal(&*g, 3, 1, json!([first(json!(["first", "first"]))]), "bonus")),
        ("a line that scores nothing", refusal(&*g, 3, 1, json!([{"seat": 1, "lines": [["2", "9"]], "placed": 2, "bonuses": ["first"]}]), "hand-scores")),
        ("the end listing two seats of three", refusal(&*g, 3, 1, json!([first(json!(["first"])), {"remaining": [[], []]}]), "end")),
        ("a tile left that is none", refusal(&*g, 3, 1, json!([first(json!(["first"])), {"remaining": [[], ["Z"], []]}]), "tile")),
        ("an entry of two kinds", refusal(&*g, 3, 1, json!([{"seat": 1, "pass": true, "remaining": [[], [], []]}]), "deal-shape")),
        ("a hand of one tile", cribbage::parse_hand(&["4"]).unwrap_err()),
    ]);
    let no_joker = rules(GameId::KingsCribbage, json!({"joker": false}));
    check(vec![(
        "a joker claim without the joker rule",
        refusal(&*no_joker, 3, 1, json!([first(json!(["first"])), {"joker": {"by": 2, "from": 1, "points": 2}}]), "joker-off"),
    )]);
}

#[test]
fn settings_refusals_are_said_in_three_languages() {
    let parse = |value: Value, strict: bool| TournamentSettings::parse(GameId::DoubleKing, &value, strict).unwrap_err();
    check(vec![
        ("settings that are no object", parse(json!([1]), false)),
        ("no rounds", parse(json!({"rounds": 0}), false)),
        ("an unknown key", parse(json!({"roundz": 5}), true)),
        ("place points going up", parse(json!({"table_points": [4, 8, 12, 16]}), false)),
        ("place points for tables of five", parse(json!({"table_points": {"5": [20, 16, 12, 8, 4]}}), false)),
        ("a bye that is no object", parse(json!({"bye": 10}), false)),
        ("a bye worth too much", parse(json!({"bye": {"score": 5000}}), false)),
    ]);
}

#[test]
fn ruling_refusals_are_said_in_three_languages() {
    let ruling =
        |seat: i64, points: &[i64], reason: &str, by: &str| Ruling { seat, points: points.to_vec(), reason: reason.into(), by: by.into(), ..Ruling::default() };
    check(vec![
        ("a ruling on no seat", ruling(9, &[3, -1, -1, -1], "revoke", "Claes").check(4).unwrap_err()),
        ("three figures at a table of four", ruling(1, &[2, -1, -1], "revoke", "Claes").check(4).unwrap_err()),
        ("too many points", ruling(1, &[3000, -1000, -1000, -1000], "revoke", "Claes").check(4).unwrap_err()),
        ("no reason", ruling(1, &[3, -1, -1, -1], " ", "Claes").check(4).unwrap_err()),
        ("no jury member", ruling(1, &[3, -1, -1, -1], "revoke", "").check(4).unwrap_err()),
        ("points not adding up to 0", ruling(1, &[-3, 0, 0, 0], "revoke", "Claes").check(4).unwrap_err()),
    ]);
}

/// A rule check writes its case with `Violation::said`; `Violation::new` (English
/// only) is left to error.rs, which defines it.
#[test]
fn no_rule_check_writes_english_only() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "rs")).collect();
    files.sort();
    assert!(files.len() > 10, "the sources of the rules are read from {dir}");
    let mut english_only = vec![];
    for path in files.iter().filter(|p| !p.ends_with("error.rs")) {
        let text = std::fs::read_to_string(path).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains("Violation::new(") {
                english_only.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(english_only.is_empty(), "said in English only:\n{}", english_only.join("\n"));
}

#[test]
fn a_count_of_one_is_said_in_the_singular() {
    // «1 tiles laid», «1 chiffres donnés»: the count's words follow the count (French keeps the
    // singular for 0 and 1).
    let g = rules(GameId::KingsCribbage, json!({}));
    let one = refusal(&*g, 3, 1, json!([{"seat": 1, "lines": [["5", "10"]], "placed": 1, "bonuses": ["first"]}]), "placed").said.unwrap();
    assert!(one.en.starts_with("1 tile laid;") && one.fr.starts_with("1 jeton posé ;") && one.nl.starts_with("1 steen gelegd;"), "{one:?}");
    let six = refusal(&*g, 3, 1, json!([{"seat": 1, "lines": [["5", "10"]], "placed": 6, "bonuses": ["first"]}]), "placed").said.unwrap();
    assert!(six.en.starts_with("6 tiles laid;") && six.fr.starts_with("6 jetons posés ;") && six.nl.starts_with("6 stenen gelegd;"), "{six:?}");
    let dk = rules(GameId::DoubleKing, json!({}));
    let counts = refusal(&*dk, 4, 1, json!([{"contract": "A", "counts": [13]}]), "deal-shape").said.unwrap();
    assert!(counts.en.contains(": 1 count given;") && counts.fr.contains(" : 1 chiffre donné ;") && counts.nl.contains(": 1 cijfer gegeven;"), "{counts:?}");
    let hand = cribbage::parse_hand(&["5"]).unwrap_err().said.unwrap();
    assert!(hand.en.starts_with("1 tile;") && hand.fr.starts_with("1 jeton ;") && hand.nl.starts_with("1 steen;"), "{hand:?}");
    let none = atout_rules::check_counts(&[], 4, 13, atout_rules::Tr::new("tricks", "plis", "slagen")).unwrap_err().said.unwrap();
    assert!(none.en.starts_with("0 counts given;") && none.fr.starts_with("0 chiffre donné ;") && none.nl.starts_with("0 cijfers gegeven;"), "{none:?}");
}
