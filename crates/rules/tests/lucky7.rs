//! Double Lucky 7 sheets (RULES.md §4), with expectations computed by hand.

use atout_rules::lucky7::{Hand, Lucky7, BID_RANGE, HAND_CARDS, LAST_BID};
use atout_rules::{Game, GameId, Rule, Table};
use serde_json::json;

fn hand(cards: i64, bids: &[i64], tricks: &[i64]) -> Hand {
    Hand { cards, bids: bids.to_vec(), tricks: tricks.to_vec() }
}

fn long() -> Lucky7 {
    Lucky7 { hands: 14 }
}

#[test]
fn one_card_hand_and_the_last_bidder() {
    // Four players, first dealer seat 2: bidding order 2, 3, 4, 1; seat 1 bids last.
    let c = Game::next_choices(&long(), Table::new(4, 2), &[]).unwrap().unwrap();
    assert_eq!((c.cards, c.turn.dealer, c.bidding_order.clone(), c.last_bidder, c.doubled), (1, 2, vec![2, 3, 4, 1], 1, false));
    let refused = Game::replay(&long(), Table::new(4, 2), &[hand(1, &[0, 1, 0, 0], &[0, 1, 0, 0])]).unwrap_err();
    assert_eq!((refused.line, refused.rule()), (Some(1), LAST_BID));
    let sheet = Game::replay(&long(), Table::new(4, 2), &[hand(1, &[1, 1, 0, 0], &[0, 1, 0, 0])]).unwrap();
    assert_eq!(sheet.lines[0].points, [0, 12, 10, 10]);
    // With bids 1, 0, 0 from seats 2, 3 and 4, seat 1 may not bid 0.
    let hint = Game::hint(&long(), Table::new(4, 2), &[], &json!({"bids": [null, 1, 0, 0]}));
    assert_eq!(hint, json!({"last_bidder": 1, "known": true, "forbidden": 0}));
    // Before everyone else has bid, nothing is forbidden yet.
    let hint = Game::hint(&long(), Table::new(4, 2), &[], &json!({"bids": [null, 1, null, 0]}));
    assert_eq!(hint, json!({"last_bidder": 1, "known": false, "forbidden": null}));
    // Seats 2, 3 and 4 bid 1 between them with 1 card: seat 1 may not bid 0... but with
    // bids 1, 1, 0 they already exceed the cards: seat 1 may bid anything.
    let hint = Game::hint(&long(), Table::new(4, 2), &[], &json!({"bids": [null, 1, 1, 0]}));
    assert_eq!(hint, json!({"last_bidder": 1, "known": true, "forbidden": null}));
}

/// Six hands on which seat 1 bids and takes every card and seat 2 bids 1 (so the
/// bids add up to one more than the cards).
fn first_six(seats: usize) -> Vec<Hand> {
    (1..=6)
        .map(|c| {
            let mut bids = vec![0; seats];
            bids[0] = c;
            bids[1] = 1;
            let mut tricks = vec![0; seats];
            tricks[0] = c;
            hand(c, &bids, &tricks)
        })
        .collect()
}

#[test]
fn hand_seven_counts_double_and_its_last_bidder() {
    let mut hands = first_six(4);
    // Hand 7 (7 cards), first dealer 2: dealer seat 4, the last bidder seat 3.
    let c = Game::next_choices(&long(), Table::new(4, 2), &hands).unwrap().unwrap();
    assert_eq!((c.hand, c.cards, c.turn.dealer, c.last_bidder, c.doubled), (7, 7, 4, 3, true));
    let hint = Game::hint(&long(), Table::new(4, 2), &hands, &json!({"bids": [2, 2, null, 2]}));
    assert_eq!(hint, json!({"last_bidder": 3, "known": true, "forbidden": 1}));
    hands.push(hand(7, &[2, 2, 1, 2], &[2, 2, 1, 2]));
    assert_eq!(Game::replay(&long(), Table::new(4, 2), &hands).unwrap_err().rule(), LAST_BID);
    hands[6] = hand(7, &[2, 2, 1, 3], &[2, 2, 1, 2]);
    let sheet = Game::replay(&long(), Table::new(4, 2), &hands).unwrap();
    // (10 + 2 × 2) × 2 = 28, (10 + 2 × 1) × 2 = 24, a missed bid 0.
    assert_eq!(sheet.lines[6].points, [28, 28, 24, 0]);
    assert_eq!(sheet.lines[6].label, "7 ×2");
}

#[test]
fn a_whole_sheet_of_fourteen_and_of_seven_hands_for_two_players() {
    // Seat 1 bids and takes every card; seat 2 bids 1 and takes nothing (the bids never
    // add up to the cards). Seat 1: Σ (10 + 2c) over 1…7, 7…1 = 140 + 112 = 252, plus
    // hand 7's 24 once more = 276. Seven hands: 70 + 56 + 24 = 150.
    for (hands, expected) in [(14, 276), (7, 150)] {
        let game = Lucky7 { hands };
        let sheet: Vec<Hand> = (1..=hands)
            .map(|h| {
                let c = game.cards(h) as i64;
                hand(c, &[c, 1], &[c, 0])
            })
            .collect();
        let s = Game::replay(&game, Table::new(2, 2), &sheet).unwrap();
        assert!(s.complete);
        assert_eq!(s.totals, [expected, 0]);
        let dealers: Vec<usize> = s.lines.iter().take(4).map(|l| l.dealer.unwrap_or(0)).collect();
        assert_eq!(dealers, [2, 1, 2, 1]);
        let mut more = sheet.clone();
        more.push(hand(1, &[1, 1], &[1, 0]));
        assert_eq!(Game::replay(&game, Table::new(2, 2), &more).unwrap_err().rule(), Rule::SHEET_FULL);
        assert_eq!(Game::next_choices(&game, Table::new(2, 2), &sheet).unwrap(), None);
    }
}

#[test]
fn seven_players() {
    // Hand 1 at a table of seven, first dealer 7: seat 6 bids last.
    let c = Game::next_choices(&long(), Table::new(7, 7), &[]).unwrap().unwrap();
    assert_eq!((c.bidding_order.clone(), c.last_bidder), (vec![7, 1, 2, 3, 4, 5, 6], 6));
    let sheet = Game::replay(&long(), Table::new(7, 7), &[hand(1, &[0, 0, 0, 0, 0, 0, 0], &[0, 0, 1, 0, 0, 0, 0])]).unwrap();
    assert_eq!(sheet.lines[0].points, [10, 10, 0, 10, 10, 10, 10]);
}

#[test]
fn figures_are_checked() {
    let t = Table::new(3, 1);
    let g = long();
    let first = |h: Hand| Game::replay(&g, t, &[h]).unwrap_err().rule();
    assert_eq!(first(hand(2, &[0, 0, 0], &[1, 0, 0])), HAND_CARDS);
    assert_eq!(first(hand(1, &[2, 0, 0], &[1, 0, 0])), BID_RANGE);
    assert_eq!(first(hand(1, &[-1, 0, 0], &[1, 0, 0])), BID_RANGE);
    assert_eq!(first(hand(1, &[0, 0, 0], &[1, 1, 0])), Rule::DEAL_TOTAL);
    assert_eq!(first(hand(1, &[0, 0, 0], &[2, -1, 0])), Rule::COUNT_NEGATIVE);
    assert_eq!(first(hand(1, &[0, 0], &[1, 0])), Rule::DEAL_SHAPE);
    assert_eq!(first(hand(1, &[0, 0, 0], &[i64::MAX, i64::MAX, 2])), Rule::DEAL_TOTAL);
}

#[test]
fn one_card_is_said_as_one_card() {
    // Hand 1 deals one card: «1 kaart», «1 carte», «1 card», never «1 kaarten».
    let t = Table::new(3, 1);
    let g = long();
    let said = |lines: &[Hand]| Game::replay(&g, t, lines).unwrap_err().violation.said.map(|s| *s).unwrap();
    let dealt = said(&[hand(2, &[0, 0, 0], &[1, 0, 0])]);
    assert_eq!(
        (dealt.en.as_str(), dealt.fr.as_str(), dealt.nl.as_str()),
        ("hand 1 deals 1 card, not 2", "la donne 1 distribue 1 carte, pas 2", "spel 1 deelt 1 kaart, geen 2")
    );
    let bid = said(&[hand(1, &[2, 0, 0], &[1, 0, 0])]);
    assert_eq!((bid.en.as_str(), bid.nl.as_str()), ("seat 1 bids 2 with 1 card in hand", "plaats 1 biedt 2 met 1 kaart in de hand"));
    // Two cards and more stay plural.
    let two = said(&[hand(1, &[0, 0, 0], &[1, 0, 0]), hand(2, &[3, 0, 0], &[2, 0, 0])]);
    assert_eq!(two.nl, "plaats 1 biedt 3 met 2 kaarten in de hand");
}

#[test]
fn tables_of_two_to_seven_and_the_settings() {
    let rules = GameId::DoubleLucky7.rules(json!({"hands": 7}).as_object().unwrap()).unwrap();
    assert_eq!(rules.replay(Table::new(8, 1), &[]).unwrap_err().rule(), Rule::TABLE_SIZE);
    assert_eq!(rules.replay(Table::new(1, 1), &[]).unwrap_err().rule(), Rule::TABLE_SIZE);
    assert!(rules.replay(Table::new(7, 1), &[]).is_ok());
    assert_eq!(GameId::DoubleLucky7.rules(json!({"hands": 10}).as_object().unwrap()).err().unwrap().rule, Rule::SETTINGS);
    // The draw plans about four a table, as even as possible: 11 → 4 4 3, 6 → 3 3, 2 → 2.
    assert_eq!(rules.plan(11).unwrap().sizes, [4, 4, 3]);
    assert_eq!(rules.plan(6).unwrap().sizes, [3, 3]);
    assert_eq!(rules.plan(2).unwrap().sizes, [2]);
    assert_eq!(rules.plan(1).unwrap_err().rule, Rule::TABLE_SIZE);
}

#[test]
fn a_hand_is_never_called_a_round_in_dutch() {
    // «ronde» is the tournament's round; a hand of Double Lucky 7 is a «spel», in the game's
    // description, its rules' texts and its refusals.
    let rules = GameId::DoubleLucky7.rules(json!({"hands": 14}).as_object().unwrap()).unwrap();
    let described = rules.describe(atout_rules::Lang::Nl).to_string();
    assert!(described.contains("spel") && !described.to_lowercase().contains("ronde"), "{described}");
    let g = long();
    let refusal = Game::replay(&g, Table::new(3, 1), &[hand(2, &[0, 0, 0], &[1, 0, 0])]).unwrap_err().violation.said.map(|s| s.nl).unwrap();
    assert!(refusal.starts_with("spel 1") && !refusal.contains("ronde"), "{refusal}");
}
