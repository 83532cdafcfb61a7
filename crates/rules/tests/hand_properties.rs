//! The hand checker's invariants (proptest): random deals played out at random, each card
//! among those the rules allow, always pass and give figures the sheet accepts; one
//! illegal card put anywhere is always caught, where it was put, with its rule.

use atout_rules::play::{Card, Deck};
use atout_rules::{GameId, Rules, Table};
use proptest::prelude::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};

/// A deal to play: the game, seats, dealer, the deal entry, the record's extra fields,
/// and the cards each seat is dealt.
struct Setup {
    game: GameId,
    seats: usize,
    dealer: usize,
    deal: Value,
    extra: Value,
    cards: Vec<usize>,
}

fn record(s: &Setup, dealt: &[Vec<String>], play: &[String]) -> Value {
    let mut hand = json!({"cards": dealt, "play": play});
    if let (Value::Object(h), Value::Object(e)) = (&mut hand, s.extra.clone()) {
        h.extend(e);
    }
    json!({"format": "atout-hand/1", "game": s.game.code(), "seats": s.seats, "dealer": s.dealer, "deal": s.deal, "hand": hand})
}

fn deck_of(game: GameId) -> Deck {
    if game == GameId::DoubleLucky7 {
        Deck::Lucky
    } else {
        Deck::French
    }
}

/// Deal at random, as `s.cards` says.
fn deal(s: &Setup, rng: &mut ChaCha8Rng) -> Vec<Vec<String>> {
    let deck = deck_of(s.game);
    let mut cards: Vec<Card> = deck.cards();
    cards.shuffle(rng);
    let mut rest = cards.as_slice();
    let mut hands: Vec<Vec<String>> = s
        .cards
        .iter()
        .map(|n| {
            let (h, tail) = rest.split_at(*n);
            rest = tail;
            h.iter().map(|c| deck.name(*c)).collect()
        })
        .collect();
    // A troela is declared on the four aces.
    if s.deal["contract"] == "troela" {
        atout_rules::play::aces_for(&mut hands, s.deal["declarer"].as_u64().unwrap() as usize, 4);
    }
    hands
}

/// A random legal play-out to the end (or, one time in three, to an early end the game
/// allows): the cards in order.
fn play_out(rules: &dyn Rules, s: &Setup, dealt: &[Vec<String>], rng: &mut ChaCha8Rng) -> Vec<String> {
    let checked = rules.hand_replay(&record(s, dealt, &[])).unwrap();
    let deck = checked.deck;
    let mut state = checked.state.expect("the dealt cards are right");
    let mut played = vec![];
    let stop_early = rng.random_range(0..3) == 0;
    while state.to_play().is_some() {
        if stop_early && state.may_end() {
            break;
        }
        let legal = state.legal();
        let card = *legal.choose(rng).expect("a seat to play always has a legal card");
        state.play(card);
        played.push(deck.name(card));
    }
    played
}

/// The setups: every contract of every game, at every table size.
fn setups(rng: &mut ChaCha8Rng) -> Vec<Setup> {
    let suits = ["spades", "hearts", "diamonds", "clubs"];
    let mut out = vec![];
    let dealer = rng.random_range(1..=4);
    for contract in ["A", "B", "C", "D", "E", "F", "T"] {
        let deal = if contract == "T" { json!({"contract": "T", "trump": suits.choose(rng)}) } else { json!({"contract": contract}) };
        out.push(Setup { game: GameId::DoubleKing, seats: 4, dealer, deal, extra: json!({}), cards: vec![13; 4] });
    }
    for game in ["no-tricks", "no-hearts", "no-kings-jacks", "no-queens", "king-of-hearts", "last-two", "king-and-last-two", "recup"] {
        let deal = if game == "recup" { json!({"game": game, "trump": *["spades", "hearts", "none"].choose(rng).unwrap()}) } else { json!({"game": game}) };
        out.push(Setup { game: GameId::King, seats: 4, dealer, deal, extra: json!({}), cards: vec![13; 4] });
    }
    for seats in [4, 5] {
        let dealer = rng.random_range(1..=seats);
        let mut cards = vec![13; seats];
        if seats == 5 {
            cards[dealer - 1] = 0;
        }
        let declarer = (dealer % seats) + 1;
        let trump = *suits.choose(rng).unwrap();
        for (deal, extra) in [
            (json!({"contract": "rik", "declarer": declarer}), json!({"trump": trump, "called": suits.choose(rng)})),
            (json!({"contract": "rik-beter", "declarer": declarer}), json!({"trump": "hearts", "called": suits.choose(rng)})),
            (json!({"contract": "abondance-9", "declarer": declarer}), json!({"trump": trump})),
            (json!({"contract": "misere", "declarers": [declarer]}), json!({"trump": "none"})),
            (json!({"contract": "troela", "declarer": declarer}), json!({"trump": trump})),
        ] {
            out.push(Setup { game: GameId::Rikken, seats, dealer, deal, extra, cards: cards.clone() });
        }
    }
    let seats = rng.random_range(2..=7);
    let n = rng.random_range(1..=7);
    out.push(Setup {
        game: GameId::DoubleLucky7,
        seats,
        dealer: rng.random_range(1..=seats),
        deal: json!({"cards": n, "bids": vec![0; seats], "tricks": vec![0; seats]}),
        // Never without trump (RULES.md §4).
        extra: json!({"trump": *["spades", "hearts", "diamonds", "clubs"].choose(rng).unwrap()}),
        cards: vec![n; seats],
    });
    out
}

/// What the figures must be whatever the cards: the counts add up to the game's total,
/// seats are seats, tricks add up to the deal's.
fn figures_hold(s: &Setup, f: &Map<String, Value>) {
    let sum = |k: &str| f[k].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).sum::<i64>();
    let seat = |v: &Value| v.as_u64().is_some_and(|x| (1..=s.seats as u64).contains(&x));
    match s.game {
        GameId::DoubleKing | GameId::King => {
            let code = s.deal.get("contract").or(s.deal.get("game")).and_then(Value::as_str).unwrap();
            let total = match code {
                "A" | "B" | "T" | "no-tricks" | "no-hearts" | "recup" => Some(13),
                "C" | "D" | "no-queens" | "no-kings-jacks" => Some(if code == "C" || code == "no-queens" { 4 } else { 8 }),
                _ => None,
            };
            if let Some(total) = total {
                assert_eq!(sum("counts"), total, "{code}: {f:?}");
            }
            for k in ["taker", "seventh", "last"] {
                if let Some(v) = f.get(k) {
                    assert!(seat(v), "{k}: {v}");
                }
            }
            if let Some(t) = f.get("takers") {
                assert!(t.as_array().unwrap().iter().all(seat), "{t}");
            }
        }
        GameId::Rikken => {
            if let Some(t) = f.get("tricks").and_then(Value::as_i64) {
                assert!((0..=13).contains(&t), "{f:?}");
            }
            if let Some(p) = f.get("partner") {
                assert!(seat(p) && s.cards[p.as_u64().unwrap() as usize - 1] == 13, "the partner plays: {f:?}");
            }
        }
        GameId::DoubleLucky7 => assert_eq!(sum("tricks"), s.deal["cards"].as_i64().unwrap()),
        GameId::KingsCribbage => unreachable!(),
    }
}

/// The figures written into the deal make a line the sheet accepts (Double King: the deal
/// as line 1, its dealer the first dealer).
fn sheet_accepts(rules: &dyn Rules, s: &Setup, f: &Map<String, Value>) {
    if s.game != GameId::DoubleKing {
        return;
    }
    let mut line = s.deal.clone();
    line.as_object_mut().unwrap().extend(f.clone());
    if let Err(e) = rules.replay(Table::new(s.seats, s.dealer), &[line.clone()]) {
        panic!("{line}: {e}");
    }
}

/// A setup dealt and played out legally at random: its rules, cards dealt, cards played.
type Played = (Setup, Box<dyn Rules>, Vec<Vec<String>>, Vec<String>);

fn played_setups(rng: &mut ChaCha8Rng) -> Vec<Played> {
    setups(rng)
        .into_iter()
        .map(|s| {
            let rules = s.game.rules(&Map::new()).unwrap();
            let dealt = deal(&s, rng);
            let played = play_out(rules.as_ref(), &s, &dealt, rng);
            (s, rules, dealt, played)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_play_outs_pass_and_give_figures_the_sheet_accepts(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for (s, rules, dealt, played) in played_setups(&mut rng) {
            let v = rules.hand_check(&record(&s, &dealt, &played)).unwrap();
            prop_assert_eq!(v["legal"].as_bool(), Some(true), "{}: {}", s.deal, v);
            prop_assert_eq!(v["complete"].as_bool(), Some(true), "{}: {}", s.deal, v);
            let f = v["figures"].as_object().cloned().unwrap_or_default();
            figures_hold(&s, &f);
            sheet_accepts(rules.as_ref(), &s, &f);
        }
    }

    #[test]
    fn one_illegal_card_anywhere_is_caught_with_its_rule(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for (s, rules, dealt, played) in played_setups(&mut rng) {
            let at = rng.random_range(0..played.len().max(1));
            let before = rules.hand_replay(&record(&s, &dealt, &played[..at])).unwrap();
            let (deck, state) = (before.deck, before.state.unwrap());
            let Some(seat) = state.to_play() else { continue };
            let legal = state.legal();
            let trick = before.replay.tricks.iter().filter(|t| t.winner > 0).count() as u64 + 1;
            // A card the seat holds but may not play: caught there, with a rule of play.
            let held_illegal: Vec<Card> = state.hand(seat).iter().copied().filter(|c| !legal.contains(c)).collect();
            if let Some(bad) = held_illegal.choose(&mut rng) {
                let mut play = played[..at].to_vec();
                play.push(deck.name(*bad));
                play.extend(played[at..].iter().cloned());
                let v = rules.hand_check(&record(&s, &dealt, &play)).unwrap();
                let f = &v["first_illegal"];
                let name = deck.name(*bad);
                prop_assert_eq!((f["trick"].as_u64(), f["seat"].as_u64(), f["card"].as_str()), (Some(trick), Some(seat as u64), Some(name.as_str())), "{}", v);
                prop_assert_eq!(Some(state.breaks(*bad).unwrap().code()), f["rule"].as_str());
                prop_assert!(f["rule"] != "card-not-held");
                let allowed: Vec<String> = legal.iter().map(|c| deck.name(*c)).collect();
                prop_assert_eq!(f["legal_cards"].clone(), json!(allowed));
                prop_assert_eq!(v["complete"].as_bool(), Some(false));
            }
            // A card another seat holds, or one already played: not held.
            let elsewhere: Vec<Card> = (1..=s.seats).filter(|o| *o != seat).flat_map(|o| state.hand(o).to_vec()).collect();
            if let Some(bad) = elsewhere.choose(&mut rng) {
                let mut play = played[..at].to_vec();
                play.push(deck.name(*bad));
                let v = rules.hand_check(&record(&s, &dealt, &play)).unwrap();
                prop_assert_eq!(v["first_illegal"]["rule"].as_str(), Some("card-not-held"), "{}", v);
                prop_assert_eq!(v["first_illegal"]["seat"].as_u64(), Some(seat as u64));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// No record, however wrong, makes the checker panic: any seats and dealer, cards of
    /// any text (cards, near-cards, noise), dealt and played in any number.
    #[test]
    fn any_record_is_answered_or_refused_never_a_panic(
        game in 0usize..4,
        seats in 0u64..9,
        dealer in 0u64..9,
        leader in proptest::option::of(0u64..9),
        dealt in proptest::collection::vec(proptest::collection::vec("(10|[1-9JQKA]|1[1-5]|JK|X)[SHDCx]?", 0..16), 0..9),
        play in proptest::collection::vec("(10|[1-9JQKA]|1[1-5]|JK)[SHDC]", 0..60),
        trump in proptest::option::of("(spades|hearts|none|x)"),
    ) {
        let (code, deal) = [
            ("double-king", json!({"contract": "T", "trump": "hearts"})),
            ("king", json!({"game": "king-of-hearts"})),
            ("rikken", json!({"contract": "rik", "declarer": 2})),
            ("double-lucky-7", json!({"cards": 3, "bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 0]})),
        ][game].clone();
        let rules = GameId::parse(code).unwrap().rules(&Map::new()).unwrap();
        let record = json!({"game": code, "seats": seats, "dealer": dealer, "deal": deal,
            "hand": {"cards": dealt, "play": play, "trump": trump, "called": "hearts", "leader": leader}});
        if let Ok(v) = rules.hand_check(&record) {
            prop_assert!(v["legal"].is_boolean());
        }
    }
}
