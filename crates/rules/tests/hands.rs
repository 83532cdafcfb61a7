//! The hand checker (RULES.md §7): every rule of play of every game, legal and illegal,
//! on deals worked by hand. Most deals start from one suit a seat (seat 1 spades, seat 2
//! hearts, seat 3 diamonds, seat 4 clubs) with a few cards exchanged, so that who holds
//! what can be checked at a glance.

use atout_rules::GameId;
use serde_json::{json, Map, Value};

const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// One suit a seat: spades, hearts, diamonds, clubs.
fn by_suit() -> Vec<Vec<String>> {
    ["S", "H", "D", "C"].iter().map(|s| RANKS.iter().map(|r| format!("{r}{s}")).collect()).collect()
}

/// `hands` with cards `a` (held by one seat) and `b` (by another) exchanged.
fn swap(mut hands: Vec<Vec<String>>, pairs: &[(&str, &str)]) -> Vec<Vec<String>> {
    for (a, b) in pairs {
        let find = |hands: &Vec<Vec<String>>, c: &str| hands.iter().enumerate().find_map(|(s, h)| h.iter().position(|x| x == c).map(|i| (s, i))).unwrap();
        let ((sa, ia), (sb, ib)) = (find(&hands, a), find(&hands, b));
        hands[sa][ia] = b.to_string();
        hands[sb][ib] = a.to_string();
    }
    hands
}

fn check(game: GameId, seats: usize, dealer: usize, deal: Value, cards: &[Vec<String>], play: &str, extra: Value) -> Value {
    let rules = game.rules(&Map::new()).unwrap();
    let mut hand = json!({"cards": cards, "play": play.split_whitespace().collect::<Vec<_>>()});
    if let (Value::Object(h), Value::Object(e)) = (&mut hand, extra) {
        h.extend(e);
    }
    rules.hand_check(&json!({"format": "atout-hand/1", "game": game.code(), "seats": seats, "dealer": dealer, "deal": deal, "hand": hand})).unwrap()
}

/// The first illegal card: (trick, seat, card, rule, legal cards).
fn illegal(v: &Value) -> (u64, u64, String, String, Vec<String>) {
    let f = &v["first_illegal"];
    assert!(f.is_object(), "no illegal card: {v}");
    let legal = f["legal_cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    (f["trick"].as_u64().unwrap(), f["seat"].as_u64().unwrap(), f["card"].as_str().unwrap().into(), f["rule"].as_str().unwrap().into(), legal)
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn legal_so_far(v: &Value) {
    assert_eq!((v["legal"].as_bool(), v["first_illegal"].is_null()), (Some(true), true), "{v}");
}

/// Double King C: seat 1 leads the ace of clubs; seat 2 holds the queen and the 5 of clubs:
/// the queen is lower than the ace in the trick, so it must be played.
#[test]
fn a_queen_is_forced_under_an_ace_in_c() {
    let cards = swap(by_suit(), &[("2S", "AC"), ("2H", "QC"), ("3H", "5C")]);
    let deal = json!({"contract": "C"});
    let v = check(GameId::DoubleKing, 4, 4, deal.clone(), &cards, "AC 5C", json!({}));
    assert_eq!(illegal(&v), (1, 2, "5C".into(), "play-under".into(), strings(&["QC"])));
    assert_eq!(v["complete"], false);
    legal_so_far(&check(GameId::DoubleKing, 4, 4, deal, &cards, "AC QC", json!({})));
}

/// Double King D: the queen of clubs led; seat 2 holds the jack and the 4: the jack.
#[test]
fn a_jack_is_forced_under_a_queen_in_d() {
    let cards = swap(by_suit(), &[("2S", "QC"), ("2H", "JC"), ("3H", "4C")]);
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "D"}), &cards, "QC 4C", json!({}));
    assert_eq!(illegal(&v), (1, 2, "4C".into(), "play-under".into(), strings(&["JC"])));
    // B has no such rule: any club will do.
    legal_so_far(&check(GameId::DoubleKing, 4, 4, json!({"contract": "B"}), &cards, "QC 4C", json!({})));
}

/// Double King E and King's K♥ game: seat 2 (all hearts) cannot follow the ace of spades
/// and must discard the K♥.
#[test]
fn the_king_of_hearts_is_discarded_at_the_first_void() {
    let cards = by_suit();
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "E"}), &cards, "AS 2H", json!({}));
    assert_eq!(illegal(&v), (1, 2, "2H".into(), "discard-penalty".into(), strings(&["KH"])));
    let v = check(GameId::King, 4, 4, json!({"game": "king-of-hearts"}), &cards, "AS 2H", json!({}));
    assert_eq!(illegal(&v), (1, 2, "2H".into(), "discard-penalty".into(), strings(&["KH"])));
    // In King's no-hearts game a void player discards what they like.
    legal_so_far(&check(GameId::King, 4, 4, json!({"game": "no-hearts"}), &cards, "AS 2H", json!({})));
}

/// Double King B, King no-hearts: seat 1 holds the 2 of hearts and twelve spades, and may
/// not lead the heart.
#[test]
fn hearts_are_not_led_while_holding_another_suit() {
    let cards = swap(by_suit(), &[("2S", "2H")]);
    let spades: Vec<String> = RANKS[1..].iter().map(|r| format!("{r}S")).collect();
    for (game, deal) in [(GameId::DoubleKing, json!({"contract": "B"})), (GameId::King, json!({"game": "no-hearts"}))] {
        let v = check(game, 4, 4, deal, &cards, "2H", json!({}));
        assert_eq!(illegal(&v), (1, 1, "2H".into(), "lead-hearts".into(), spades.clone()), "{game:?}");
    }
    // Double King A and King's no-tricks allow it.
    legal_so_far(&check(GameId::DoubleKing, 4, 4, json!({"contract": "A"}), &cards, "2H", json!({})));
}

/// Double King T, spades trump: seat 1 leads the 9 of spades; seat 2 holds the ace and the
/// 3 of spades and must beat the 9.
#[test]
fn trump_led_must_be_beaten() {
    let cards = swap(by_suit(), &[("AS", "2H"), ("3S", "3H")]);
    let deal = json!({"contract": "T", "trump": "spades"});
    let v = check(GameId::DoubleKing, 4, 4, deal.clone(), &cards, "9S 3S", json!({}));
    assert_eq!(illegal(&v), (1, 2, "3S".into(), "beat-trump".into(), strings(&["AS"])));
    legal_so_far(&check(GameId::DoubleKing, 4, 4, deal, &cards, "9S AS", json!({})));
}

/// Double King T, diamonds trump: seat 2 (hearts only) discards freely; seat 3, void in
/// spades, holds the 2 of clubs and twelve diamonds: it must ruff the ace of spades.
#[test]
fn a_void_player_must_ruff() {
    let cards = swap(by_suit(), &[("2D", "2C")]);
    let diamonds: Vec<String> = RANKS[1..].iter().map(|r| format!("{r}D")).collect();
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "T", "trump": "diamonds"}), &cards, "AS 3H 2C", json!({}));
    assert_eq!(illegal(&v), (1, 3, "2C".into(), "ruff".into(), diamonds));
}

/// Double King T, diamonds trump: seat 2 ruffs the ace of spades with the 5 of diamonds;
/// seat 3 must overruff (6 to ace); when seat 2 ruffed with the ace, seat 3 cannot
/// overruff and must still play a trump.
#[test]
fn overruff_when_able_and_a_low_trump_when_not() {
    let cards = swap(by_suit(), &[("2H", "5D")]);
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "T", "trump": "diamonds"}), &cards, "AS 5D 3D", json!({}));
    let higher: Vec<String> = RANKS[4..].iter().map(|r| format!("{r}D")).collect();
    assert_eq!(illegal(&v), (1, 3, "3D".into(), "overruff".into(), higher));

    let cards = swap(by_suit(), &[("2H", "AD"), ("3H", "2D")]);
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "T", "trump": "diamonds"}), &cards, "AS AD 2H", json!({}));
    let lower: Vec<String> = RANKS[1..12].iter().map(|r| format!("{r}D")).collect();
    assert_eq!(illegal(&v), (1, 3, "2H".into(), "ruff".into(), lower));
}

/// Following suit, in every game: seat 2 holds a spade and must play it.
#[test]
fn suit_is_followed() {
    let cards = swap(by_suit(), &[("2H", "2S")]);
    for (game, deal, extra) in [
        (GameId::DoubleKing, json!({"contract": "A"}), json!({})),
        (GameId::King, json!({"game": "recup", "trump": "none"}), json!({})),
        (GameId::Rikken, json!({"contract": "misere", "declarers": [1]}), json!({"trump": "none"})),
    ] {
        let v = check(game, 4, 4, deal, &cards, "AS 3H", extra);
        assert_eq!(illegal(&v), (1, 2, "3H".into(), "follow-suit".into(), strings(&["2S"])), "{game:?}");
    }
}

/// Rikken `rik`, hearts called: seat 2 holds the ace of hearts and may not lead it while
/// holding other cards; when seat 1 leads a heart, seat 2 may play the ace or another
/// heart (decision on "l'As choisi ne sort pas").
#[test]
fn the_called_ace_is_not_led() {
    let deal = json!({"contract": "rik", "declarer": 1, "partner": 2});
    let extra = json!({"trump": "spades", "called": "hearts", "leader": 2});
    let v = check(GameId::Rikken, 4, 4, deal.clone(), &by_suit(), "AH", extra);
    let others: Vec<String> = RANKS[..12].iter().map(|r| format!("{r}H")).collect();
    assert_eq!(illegal(&v), (1, 2, "AH".into(), "lead-called-ace".into(), others));
    let cards = swap(by_suit(), &[("2S", "2H")]);
    for answer in ["AH", "3H"] {
        legal_so_far(&check(GameId::Rikken, 4, 4, deal.clone(), &cards, &format!("2H {answer}"), json!({"trump": "spades", "called": "hearts"})));
    }
}

/// Rikken at a table of five: the dealer (seat 3) sits out; seat 4 leads, then 5, 1, 2.
/// A card of the dealer's is held by nobody playing.
#[test]
fn a_rikken_table_of_five_skips_the_dealer() {
    let mut cards = by_suit();
    cards.insert(2, vec![]);
    // Seats 1, 2, 4, 5 hold spades, hearts, diamonds, clubs.
    let deal = json!({"contract": "misere", "declarers": [4]});
    let v = check(GameId::Rikken, 5, 3, deal.clone(), &cards, "2D 2C 2S 2H", json!({"trump": "none"}));
    legal_so_far(&v);
    let v = check(GameId::Rikken, 5, 3, deal, &cards, "2D 2C 2S 2H AD 3D", json!({"trump": "none"}));
    // Seat 4 took the trick (2D led, no diamond followed) and leads AD; seat 5 plays next
    // and holds clubs only, not the 3 of diamonds.
    assert_eq!(illegal(&v).2, "3D");
    assert_eq!((illegal(&v).0, illegal(&v).1, illegal(&v).3), (2, 5, "card-not-held".into()));
}

/// Double Lucky 7: the joker led, the next card sets the suit; a seat holding that suit
/// follows it (or plays the joker); the joker wins, and the dealer leads every trick.
#[test]
fn the_joker_is_led_and_followed() {
    let cards = vec![strings(&["JK", "5S", "7H"]), strings(&["3S", "9S", "2D"]), strings(&["4H", "8H", "1C"]), strings(&["6S", "2S", "14C"])];
    let deal = json!({"cards": 3, "bids": [1, 1, 0, 0], "tricks": [2, 1, 0, 0]});
    let v = check(GameId::DoubleLucky7, 4, 1, deal.clone(), &cards, "JK 9S 4H 1D", json!({"trump": "hearts"}));
    // 1D is not dealt: first the card; a legal card instead shows the suit rule.
    assert_eq!(illegal(&v).3, "card-not-held");
    let v = check(GameId::DoubleLucky7, 4, 1, deal.clone(), &cards, "JK 9S 4H 14C", json!({"trump": "hearts"}));
    assert_eq!(illegal(&v), (1, 4, "14C".into(), "follow-suit".into(), strings(&["2S", "6S"])));
    // Legal: JK wins trick 1; the dealer (seat 1) leads again: 7H (trump) beats all; then 5S.
    let v = check(GameId::DoubleLucky7, 4, 1, deal, &cards, "JK 9S 4H 6S 7H 2D 8H 2S 5S 3S 1C 14C", json!({"trump": "hearts"}));
    assert_eq!((v["legal"].as_bool(), v["complete"].as_bool()), (Some(true), Some(true)), "{v}");
    // Trick 2: 7H led, 8H (seat 3) is the higher trump: seat 3 takes it. Trick 3: 5S led,
    // 3S, 1C, 14C: seat 1's 5S is the highest spade.
    assert_eq!(v["figures"], json!({"tricks": [2, 0, 1, 0]}));
    assert_eq!(v["line"], "differs");
}

/// Double King C: the four queens fall in trick 1 (seats 2 to 4 must discard theirs), and
/// the deal may stop there, complete: seat 1 took them all.
#[test]
fn a_deal_stops_once_every_penalty_card_has_fallen() {
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "C", "counts": [4, 0, 0, 0]}), &by_suit(), "QS QH QD QC", json!({}));
    assert_eq!((v["legal"].as_bool(), v["complete"].as_bool()), (Some(true), Some(true)), "{v}");
    assert_eq!((&v["figures"], &v["line"]), (&json!({"counts": [4, 0, 0, 0]}), &json!("matches")));
    // A (fewest tricks) is always played out: one trick is not the end.
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "A"}), &by_suit(), "QS QH QD QC", json!({}));
    assert_eq!((v["legal"].as_bool(), v["complete"].as_bool(), &v["figures"]), (Some(true), Some(false), &Value::Null));
}

/// A card dealt twice, a seat with twelve cards: `deal-cards`, trick 0.
#[test]
fn wrong_dealt_cards_are_refused() {
    let cards = swap(by_suit(), &[]);
    let mut twice = cards.clone();
    twice[1][0] = "AS".into();
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "A"}), &twice, "", json!({}));
    assert_eq!(illegal(&v), (0, 2, "AS".into(), "deal-cards".into(), vec![]));
    let mut short = cards;
    short[3].pop();
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "A"}), &short, "", json!({}));
    assert_eq!((illegal(&v).0, illegal(&v).1, illegal(&v).3), (0, 4, "deal-cards".into()));
}

/// A whole deal played out by hand: Double King F, one suit a seat, each seat leading its
/// own suit in turn. Seat 1 leads spades (others void: they discard freely); the leader
/// wins each trick and leads again, so seat 1 takes all 13: seventh and last are seat 1.
#[test]
fn tricks_seven_and_thirteen_are_read_off_the_cards() {
    let mut play = vec![];
    for r in RANKS.iter().rev() {
        play.push(format!("{r}S"));
        for s in ["H", "D", "C"] {
            play.push(format!("{r}{s}"));
        }
    }
    let v = check(GameId::DoubleKing, 4, 4, json!({"contract": "F", "seventh": 1, "last": 2}), &by_suit(), &play.join(" "), json!({}));
    assert_eq!((v["legal"].as_bool(), v["complete"].as_bool()), (Some(true), Some(true)), "{v}");
    assert_eq!(v["figures"], json!({"seventh": 1, "last": 1}));
    assert_eq!(v["line"], "differs");
}

/// fixtures/hands: records dealt and played at random, each with the answer computed by
/// fixtures/gen/make_hands.py's own checker of RULES.md §7 (not by Atout).
#[test]
fn fixture_records_get_the_answers_computed_outside_rust() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands");
    let expected: Map<String, Value> = serde_json::from_str(&std::fs::read_to_string(dir.join("expected.json")).unwrap()).unwrap();
    assert!(expected.len() > 90, "{} records", expected.len());
    let mut rules_seen = std::collections::BTreeSet::new();
    for (name, want) in &expected {
        let record: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap()).unwrap();
        let game = GameId::parse(record["game"].as_str().unwrap()).unwrap();
        let got = game.rules(&Map::new()).unwrap().hand_check(&record).unwrap();
        assert_eq!(&got, want, "{name}");
        rules_seen.insert(want["first_illegal"]["rule"].as_str().unwrap_or("none").to_string());
    }
    assert!(rules_seen.len() >= 9, "{rules_seen:?}");
}

/// What a game's hand records use besides the cards, as the window asks it: Rikken the
/// turned trump and the called ace, Double Lucky 7 the trump, Double King and King neither;
/// Kings Cribbage is not played in tricks.
#[test]
fn each_game_says_what_its_hand_records_use() {
    for (game, tricks, fields) in [
        (GameId::DoubleKing, true, json!([])),
        (GameId::King, true, json!([])),
        (GameId::Rikken, true, json!(["trump", "called"])),
        (GameId::DoubleLucky7, true, json!(["trump"])),
        (GameId::KingsCribbage, false, json!([])),
    ] {
        let described = game.rules(&Map::new()).unwrap().describe(atout_rules::Lang::En);
        assert_eq!((described["plays_tricks"].as_bool(), &described["hand_fields"]), (Some(tricks), &fields), "{game:?}");
        let deck = described["deck"].as_array().unwrap().len();
        assert_eq!(deck, [0, 52, 57][usize::from(tricks) + usize::from(game == GameId::DoubleLucky7)], "{game:?}");
        // Whether the jury's replay may offer "no trump": never for Double Lucky 7 (it offered
        // it, and the record was refused).
        assert_eq!(described["hand_no_trump"].as_bool(), Some(game != GameId::DoubleLucky7), "{game:?}");
    }
}

#[test]
fn a_lucky_7_record_may_leave_its_figures_to_the_cards() {
    // Two seats, one card each, spades trump; seat 2 deals and leads the 14 of hearts, which
    // beats seat 1's 13 of diamonds (no trump played, not the suit led): tricks 0 and 1. The deal
    // names no tricks (FORMAT.md: a deal's figures are optional), so there is no line to match.
    let cards = vec![vec!["13D".to_string()], vec!["14H".to_string()]];
    let v = check(GameId::DoubleLucky7, 2, 2, json!({"cards": 1, "bids": [0, 0]}), &cards, "14H 13D", json!({"trump": "spades"}));
    assert_eq!((v["legal"].as_bool(), v["complete"].as_bool()), (Some(true), Some(true)), "{v}");
    assert_eq!(v["figures"]["tricks"], json!([0, 1]));
    assert!(v["line"].is_null());
    // Nor need it give the bids: the deal's `cards` alone is its context (it was refused,
    // "missing field `bids`").
    let v = check(GameId::DoubleLucky7, 2, 2, json!({"cards": 1}), &cards, "14H 13D", json!({"trump": "spades"}));
    assert_eq!((v["legal"].as_bool(), v["figures"]["tricks"].clone()), (Some(true), json!([0, 1])), "{v}");
}

/// Double Lucky 7 is never played without a trump (RULES.md §4: the turned card's colour, or
/// the suit the dealer names when the joker is turned): a record saying `none` is refused as
/// the record's fault, as one saying nothing is. It was replayed without trump.
#[test]
fn a_lucky_7_record_without_trump_is_refused() {
    let rules = GameId::DoubleLucky7.rules(&Map::new()).unwrap();
    // Seat 1 ruffs seat 2's lead with the 1 of diamonds: with diamonds trump, seat 1's trick.
    let record = |trump: Value| {
        json!({"format": "atout-hand/1", "game": "double-lucky-7", "seats": 2, "dealer": 2, "deal": {"cards": 1},
               "hand": {"cards": [["1D"], ["14H"]], "play": ["14H", "1D"], "trump": trump}})
    };
    for trump in [json!("none"), Value::Null] {
        let e = rules.hand_check(&record(trump.clone())).unwrap_err();
        assert_eq!(e.rule.code(), "hand-record", "{trump}: {e:?}");
        assert!(e.detail.contains("a suit"), "{}", e.detail);
    }
    let v = rules.hand_check(&record(json!("diamonds"))).unwrap();
    assert_eq!(v["figures"]["tricks"], json!([1, 0]), "{v}");
}

/// A record whose cards do not fit its contract is refused as the record's fault, naming
/// why: a troela's declarer without the four aces, a trou's without three (the partner the
/// cards make would be anyone's guess); a first leader who sits the deal out.
#[test]
fn a_record_whose_cards_do_not_fit_its_contract_is_refused() {
    let rikken = GameId::Rikken.rules(&Map::new()).unwrap();
    let record = |seats: usize, dealer: usize, deal: Value, cards: &[Vec<String>], extra: Value| {
        let mut hand = json!({"cards": cards, "play": []});
        if let (Value::Object(h), Value::Object(e)) = (&mut hand, extra) {
            h.extend(e);
        }
        json!({"format": "atout-hand/1", "game": "rikken", "seats": seats, "dealer": dealer, "deal": deal, "hand": hand})
    };
    // One suit a seat: seat 1 holds one ace (spades).
    let refused = rikken.hand_replay(&record(4, 4, json!({"contract": "troela", "declarer": 1}), &by_suit(), json!({}))).err().unwrap();
    // Its own code: the window's replay shows it as a refusal, not as a record still waiting
    // for a choice (`hand-record`).
    assert_eq!(refused.rule.code(), "hand-contract");
    assert!(refused.to_string().contains("a troela is declared on 4 aces; the declarer (seat 1) holds 1"), "{refused}");
    // Three aces to seat 1: a trou stands (its partner holds the fourth, clubs trump)…
    let three = swap(by_suit(), &[("AH", "2S"), ("AD", "3S")]);
    let trou = rikken.hand_replay(&record(4, 4, json!({"contract": "trou", "declarer": 1}), &three, json!({}))).ok().unwrap();
    assert_eq!(trou.pair, Some((1, 4)));
    // …a troela does not.
    let refused = rikken.hand_replay(&record(4, 4, json!({"contract": "troela", "declarer": 1}), &three, json!({}))).err().unwrap();
    assert!(refused.to_string().contains("holds 3"), "{refused}");
    // A table of five: seat 5 deals and sits out; an abondance declared by seat 5 would
    // have it lead.
    let mut five = by_suit();
    five.push(vec![]);
    let refused = rikken.hand_replay(&record(5, 5, json!({"contract": "abondance-9", "declarer": 5}), &five, json!({"trump": "spades"}))).err().unwrap();
    assert!(refused.to_string().contains("seat 5 would lead the first trick, but it does not play this deal"), "{refused}");
    // Nor may a misère or a rik name it: the sheet refuses it (`plays-deal`), so does the record.
    for deal in [json!({"contract": "misere", "declarers": [2, 5]}), json!({"contract": "rik", "declarer": 5})] {
        let refused = rikken.hand_replay(&record(5, 5, deal.clone(), &five, json!({"trump": "spades", "called": "hearts"}))).err().unwrap();
        assert_eq!(refused.rule.code(), "hand-contract", "{deal}");
        assert!(refused.to_string().contains("seat 5 does not play this deal, but the contract asks tricks of it"), "{refused}");
    }
    // A misère of the seats that play stands.
    assert!(rikken.hand_replay(&record(5, 5, json!({"contract": "misere", "declarers": [2, 4]}), &five, json!({"trump": "spades"}))).is_ok());
    // Cards dealt wrong are answered as such first (`deal-cards` at trick 0), whatever the
    // contract: seat 2 listing the A♥ seat 1 also holds, for a troela of seat 1's four aces…
    let four = swap(by_suit(), &[("AH", "2S"), ("AD", "3S"), ("AC", "4S")]);
    let mut twice = four.clone();
    twice[1][0] = "AH".into();
    let checked = rikken.hand_replay(&record(4, 4, json!({"contract": "troela", "declarer": 1}), &twice, json!({}))).ok().unwrap();
    assert_eq!(checked.verdict["first_illegal"]["rule"], "deal-cards", "{}", checked.verdict);
    // …and at the table of five, a card dealt twice before the leader who sits out.
    let mut five_twice = five.clone();
    five_twice[1][0] = "AS".into();
    let checked = rikken.hand_replay(&record(5, 5, json!({"contract": "abondance-9", "declarer": 5}), &five_twice, json!({"trump": "spades"}))).ok().unwrap();
    assert_eq!(checked.verdict["first_illegal"]["rule"], "deal-cards", "{}", checked.verdict);
}

/// A hand record's deal with its whole numbers written as decimals (2.0, as Python and some
/// spreadsheets write them) reads as a sheet's line does: the same answer as with integers,
/// the line matching its cards (it was refused, "invalid type: floating point").
#[test]
fn a_deal_written_with_decimals_reads_as_with_integers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands");
    for name in ["double-king-A", "double-king-E"] {
        let record: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap()).unwrap();
        let rules = GameId::DoubleKing.rules(&Map::new()).unwrap();
        let want = rules.hand_check(&record).unwrap();
        let mut decimal = record.clone();
        for (_, v) in decimal["deal"].as_object_mut().unwrap().iter_mut() {
            match v {
                Value::Number(n) => *v = json!(n.as_f64().unwrap()),
                Value::Array(xs) => xs.iter_mut().for_each(|x| *x = json!(x.as_f64().unwrap())),
                _ => {}
            }
        }
        assert_ne!(decimal, record, "{name}: the deal has figures to write as decimals");
        assert_eq!(rules.hand_check(&decimal).unwrap(), want, "{name}");
    }
}

/// A trou and a troela are played in the trump their contract sets (the fourth ace's suit,
/// hearts), whatever card was turned: the printed deal says that trump, and the card turned
/// beside it. The troela turned ♠ was printed «trump: ♠ spades», its tricks won by hearts.
#[test]
fn a_contract_that_sets_its_trump_is_said_with_that_trump() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/hands");
    let rules = GameId::Rikken.rules(&Map::new()).unwrap();
    let names: Vec<String> = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from).to_vec();
    let setup = |name: &str, lang| {
        let record: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap()).unwrap();
        let checked = rules.hand_replay(&record).unwrap();
        atout_rules::play::record_setup(&record, &names, lang, checked.trump).join(" · ")
    };
    use atout_rules::Lang;
    // The troela's record turned spades; hearts are trump.
    assert!(setup("rikken-troela-4", Lang::En).contains("trump: ♥ hearts (the contract's; turned: ♠ spades)"), "{}", setup("rikken-troela-4", Lang::En));
    assert!(setup("rikken-troela-4", Lang::Fr).contains("atout : ♥ cœur (celui du contrat ; retourné : ♠ pique)"));
    // The trou's declarer (seat 1) holds A♣ A♦ A♠; the fourth ace, the A♥, sets the trump.
    let said = setup("rikken-trou-4", Lang::En);
    assert!(said.contains("trump: ♥ hearts (the contract's; turned: ♦ diamonds)"), "{said}");
}
