//! The cards in the jury's words (docs/cards.md): read as a French, Dutch or English jury
//! types them, and named in its language, every expectation worked out by hand.

use atout_rules::cards::{Suit, NOT_A_CARD};
use atout_rules::play::{Card, Deck, ACE, JACK, KING, QUEEN};
use atout_rules::{GameId, Lang};
use serde_json::{json, Map};

fn card(rank: u8, suit: Suit) -> Card {
    Card::Plain { suit, rank }
}

use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};

#[track_caller]
fn reads(lang: Lang, text: &str, want: &[Card]) {
    assert_eq!(Deck::French.read_typed(text, lang), Ok(want.to_vec()), "{} «{text}»", lang.code());
}

#[track_caller]
fn refuses(deck: Deck, lang: Lang, text: &str, token: &str) {
    assert_eq!(deck.read_typed(text, lang), Err(token.to_string()), "{} «{text}»", lang.code());
}

#[test]
fn an_english_jury_types_kqja_and_the_format_letters() {
    reads(Lang::En, "ASKSQS", &[card(ACE, S), card(KING, S), card(QUEEN, S)]);
    reads(Lang::En, "A♠K♠", &[card(ACE, S), card(KING, S)]);
    reads(Lang::En, "10h, 9H;jh", &[card(10, H), card(9, H), card(JACK, H)]);
    reads(Lang::En, " kd  ac ", &[card(KING, D), card(ACE, C)]);
    reads(Lang::En, "", &[]);
    // R is no English rank: the typo is named as typed, and no card is read before it counts.
    refuses(Deck::French, Lang::En, "RD", "RD");
    refuses(Deck::French, Lang::En, "AS RD KS", "RD");
    refuses(Deck::French, Lang::En, "ASRDKS", "RD");
    // A card's suit is after its rank, never before.
    refuses(Deck::French, Lang::En, "SA", "SA");
    // 1 is no card of the 52-card deck, 11 neither (the jack is J).
    refuses(Deck::French, Lang::En, "1S", "1S");
    refuses(Deck::French, Lang::En, "11S", "11S");
    refuses(Deck::French, Lang::En, "1OH", "1OH");
}

/// French: roi R, dame D, valet V, as A; pique P, cœur C, carreau K, trèfle T. So C is the
/// heart (not FORMAT.md's clubs) and D the queen (never a suit).
#[test]
fn a_french_jury_types_rdva_and_pckt() {
    reads(Lang::Fr, "RK", &[card(KING, D)]);
    reads(Lang::Fr, "AC", &[card(ACE, H)]);
    reads(Lang::Fr, "DP VT", &[card(QUEEN, S), card(JACK, C)]);
    reads(Lang::Fr, "RCDCVC", &[card(KING, H), card(QUEEN, H), card(JACK, H)]);
    reads(Lang::Fr, "r♦ d♥ 10♣", &[card(KING, D), card(QUEEN, H), card(10, C)]);
    reads(Lang::Fr, "10K2T", &[card(10, D), card(2, C)]);
    // D is no French suit: « RD » is no card (the king of diamonds is RK or R♦).
    refuses(Deck::French, Lang::Fr, "RD", "RD");
    // FORMAT.md's letters are not French ones: Q is no French rank, S no French suit.
    refuses(Deck::French, Lang::Fr, "QS", "QS");
    refuses(Deck::French, Lang::Fr, "RP QSKS", "QS");
    refuses(Deck::French, Lang::Fr, "KD", "KD");
}

/// Dutch: heer H, vrouw V, boer B, aas A; schoppen S, harten H, ruiten R, klaveren K. H is
/// the king before a suit and the hearts after a rank.
#[test]
fn a_dutch_jury_types_hvba_and_shrk() {
    let spades = [card(ACE, S), card(KING, S), card(QUEEN, S), card(JACK, S), card(10, S)];
    reads(Lang::Nl, "AS HS VS BS 10S", &spades);
    reads(Lang::Nl, "ASHSVSBS10S", &spades);
    reads(Lang::Nl, "HH", &[card(KING, H)]);
    reads(Lang::Nl, "HHHS", &[card(KING, H), card(KING, S)]);
    reads(Lang::Nl, "VH AH", &[card(QUEEN, H), card(ACE, H)]);
    reads(Lang::Nl, "HR BK", &[card(KING, D), card(JACK, C)]);
    reads(Lang::Nl, "h♥\u{fe0f}b♣", &[card(KING, H), card(JACK, C)]);
    // K is no Dutch rank (the king is H): « KH » is no card, nor is « H » alone.
    refuses(Deck::French, Lang::Nl, "KH", "KH");
    refuses(Deck::French, Lang::Nl, "AS H", "H");
    refuses(Deck::French, Lang::Nl, "QD", "QD");
}

#[test]
fn double_lucky_7_is_typed_by_number_in_every_language() {
    for lang in Lang::ALL {
        assert_eq!(Deck::Lucky.read_typed("14D 1S JK", Lang::En), Ok(vec![card(14, D), card(1, S), Card::Joker]));
        assert_eq!(Deck::Lucky.read_typed("14♦1♠jk", lang), Ok(vec![card(14, D), card(1, S), Card::Joker]));
        refuses(Deck::Lucky, lang, "15♠", "15♠");
        refuses(Deck::Lucky, lang, "A♠", "A♠");
    }
    assert_eq!(Deck::Lucky.read_typed("14K", Lang::Fr), Ok(vec![card(14, D)]));
    assert_eq!(Deck::Lucky.read_typed("14R", Lang::Nl), Ok(vec![card(14, D)]));
    // The joker is no card of the 52-card deck.
    refuses(Deck::French, Lang::En, "JK", "JK");
}

#[test]
fn cards_are_named_in_the_jurys_language_with_suit_signs() {
    let named = |c: Card| Lang::ALL.map(|l| Deck::French.name_in(c, l));
    assert_eq!(named(card(KING, D)), ["K♦", "R♦", "H♦"]);
    assert_eq!(named(card(QUEEN, S)), ["Q♠", "D♠", "V♠"]);
    assert_eq!(named(card(JACK, C)), ["J♣", "V♣", "B♣"]);
    assert_eq!(named(card(ACE, H)), ["A♥", "A♥", "A♥"]);
    assert_eq!(named(card(10, H)), ["10♥", "10♥", "10♥"]);
    assert_eq!(Lang::ALL.map(|l| Deck::Lucky.name_in(card(14, D), l)), ["14♦", "14♦", "14♦"]);
    assert_eq!(Deck::Lucky.name_in(Card::Joker, Lang::Fr), "JK");
    // Every card of both decks reads back as itself, one by one and all run together.
    for deck in [Deck::French, Deck::Lucky] {
        for lang in Lang::ALL {
            let all = deck.cards();
            let names: Vec<String> = all.iter().map(|c| deck.name_in(*c, lang)).collect();
            for (c, n) in all.iter().zip(&names) {
                assert_eq!(deck.read_typed(n, lang), Ok(vec![*c]), "{n}");
            }
            assert_eq!(deck.read_typed(&names.concat(), lang), Ok(all), "{}", lang.code());
        }
    }
}

#[test]
fn how_to_type_the_cards_is_said_in_each_language() {
    assert_eq!(Deck::French.typing(Lang::Fr), "A R D V 10 … 2, puis ♠ ♥ ♦ ♣ ou P C K T");
    assert_eq!(Deck::French.typing(Lang::Nl), "A H V B 10 … 2, dan ♠ ♥ ♦ ♣ of S H R K");
    assert_eq!(Deck::French.typing(Lang::En), "A K Q J 10 … 2, then ♠ ♥ ♦ ♣ or S H D C");
    let t = NOT_A_CARD.texts();
    assert!(t.en != t.fr && t.fr != t.nl && t.en != t.nl);
}

/// A hand record whose play holds a token that is no card: RULES.md §7's code where it stands
/// (`card-not-held`: the seat holds no such card; in the cards dealt, `deal-cards` at trick
/// 0, "a card not in the deck"), never a code of our own that another tool would not know;
/// the words say it is no card.
#[test]
fn a_token_that_is_no_card_breaks_the_rules_of_play_codes_in_a_record() {
    let rules = GameId::DoubleKing.rules(&Map::new()).unwrap();
    let by_suit: Vec<Vec<String>> = ["S", "H", "D", "C"]
        .iter()
        .map(|s| ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].iter().map(|r| format!("{r}{s}")).collect())
        .collect();
    let record = |cards: &Vec<Vec<String>>, play: &[&str]| json!({"format": "atout-hand/1", "game": "double-king", "seats": 4, "dealer": 4, "deal": {"contract": "A"}, "hand": {"cards": cards, "play": play}});
    // Seat 1 leads 2S; seat 2 types « RD ».
    let v = rules.hand_check(&record(&by_suit, &["2S", "RD"])).unwrap();
    let f = &v["first_illegal"];
    assert_eq!((f["trick"].as_u64(), f["seat"].as_u64(), f["card"].as_str(), f["rule"].as_str()), (Some(1), Some(2), Some("RD"), Some("card-not-held")), "{v}");
    assert!(rules.hand_replay(&record(&by_suit, &["2S", "RD"])).unwrap().replay.illegal.unwrap().no_card);
    // A card of the deck another seat holds is not held, and is a card.
    let checked = rules.hand_replay(&record(&by_suit, &["2S", "KD"])).unwrap();
    assert_eq!(checked.verdict["first_illegal"]["rule"], "card-not-held");
    assert!(!checked.replay.illegal.unwrap().no_card);
    let mut typo = by_suit.clone();
    typo[2][0] = "XD".into();
    let v = rules.hand_check(&record(&typo, &[])).unwrap();
    assert_eq!(v["first_illegal"], json!({"trick": 0, "seat": 3, "card": "XD", "rule": "deal-cards", "legal_cards": []}));
    // FORMAT.md writes a jack J, never 11; a rank with a leading zero is no card either.
    for (bad, seat) in [("11S", 1), ("02H", 2)] {
        let mut typo = by_suit.clone();
        typo[seat - 1][if seat == 1 { 9 } else { 0 }] = bad.into();
        let v = rules.hand_check(&record(&typo, &[])).unwrap();
        assert_eq!((v["first_illegal"]["card"].as_str(), v["first_illegal"]["rule"].as_str()), (Some(bad), Some("deal-cards")), "{v}");
    }
}

/// FORMAT.md's notation, exactly: `2`…`10`, `J` `Q` `K` `A` in the 52-card deck; `1`…`14`
/// and `JK` in Double Lucky 7's.
#[test]
fn a_card_is_read_only_as_the_format_writes_it() {
    for (deck, good, bad) in [
        (Deck::French, &["2S", "9H", "10H", "JD", "qs", " AC "][..], &["1S", "11H", "14S", "02S", "010H", "0H", "JK"][..]),
        (Deck::Lucky, &["1S", "9H", "10D", "14C", "JK"][..], &["0S", "01S", "15H", "014C", "JH"][..]),
    ] {
        for g in good {
            assert!(deck.parse(g).is_some(), "{g}");
        }
        for b in bad {
            assert_eq!(deck.parse(b), None, "{b}");
        }
    }
}
