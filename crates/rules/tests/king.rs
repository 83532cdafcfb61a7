//! King sheets (RULES.md §2), every variant, with expectations computed by hand.

use atout_rules::king::{
    Deal, King, Order, Phase, Trump, CHOICE_SALE_BUYER, CHOICE_SALE_ORDER, CHOICE_SALE_SELLER, CHOICE_SALE_TRICKS, PHASE_DUE, PHASE_PLAYED, RECUP_LEFT,
    RECUP_ONCE, SALE_BUYER, SALE_SELLER, SALE_TRICKS,
};
use atout_rules::ranking::table_points;
use atout_rules::{Game, GameId, Rule, Sheet, SheetError, Table, TablePoints};
use serde_json::json;
use Phase::*;

fn king(settings: serde_json::Value) -> King {
    King::from_settings(settings.as_object().unwrap()).unwrap()
}

fn replay(k: &King, first: usize, deals: &[Deal]) -> Result<Sheet, SheetError> {
    Game::replay(k, Table::new(4, first), deals)
}

fn refused(k: &King, first: usize, deals: &[Deal]) -> (usize, Rule) {
    let e = replay(k, first, deals).expect_err("refused");
    (e.line.unwrap_or(0), e.rule())
}

/// Standard order, first dealer seat 2: dealers 2 2 3 3 4 4 1 1 2 3; the lead is left of the dealer.
/// Deal 4 is a récup whose trump seat 4 (the lead) sells to seat 1 for 3 tricks; seat 1 makes 2.
fn standard_sheet(last: Deal) -> Vec<Deal> {
    vec![
        Deal::counted(NoTricks, [3, 4, 2, 4]),
        Deal::recup(Trump::Spades, [4, 3, 3, 3]),
        Deal::counted(NoHearts, [0, 5, 6, 2]),
        Deal::recup(Trump::None, [2, 4, 4, 3]).sold(4, 1, 3),
        Deal::counted(NoKingsJacks, [2, 2, 2, 2]),
        Deal::recup(Trump::Hearts, [5, 2, 3, 3]),
        Deal::counted(NoQueens, [1, 0, 2, 1]),
        Deal::recup(Trump::Clubs, [3, 3, 3, 4]),
        Deal::king(3),
        last,
    ]
}

#[test]
fn standard_order_worked_example() {
    let k = King::default();
    let sheet = replay(&k, 2, &standard_sheet(Deal::last_two(1, 1))).unwrap();
    assert!(sheet.complete);
    let dealers: Vec<usize> = sheet.lines.iter().map(|l| l.dealer.unwrap_or(0)).collect();
    assert_eq!(dealers, [2, 2, 3, 3, 4, 4, 1, 1, 2, 3]);
    // The sale: base [2, 4, 4, 3]; seller 4 +3, buyer 1 −3 → seat 1 ends at −1.
    assert_eq!(sheet.lines[3].points, [-1, 4, 4, 6]);
    assert_eq!(sheet.lines[6].points, [-2, 0, -4, -2]);
    assert_eq!(sheet.lines[8].points, [0, 0, -6, 0]);
    assert_eq!(sheet.lines[9].points, [-4, 0, 0, 0]);
    assert_eq!(sheet.totals, [0, 1, -7, 6]);
    let w = TablePoints::whole;
    assert_eq!(table_points(&sheet.totals, &[16, 12, 8, 4]), [w(8), w(12), w(4), w(16)]);
}

#[test]
fn king_of_hearts_5_with_last_two_2_and_3() {
    let k = king(json!({"king_of_hearts": 5, "last_two": [2, 3]}));
    let sheet = replay(&k, 2, &standard_sheet(Deal::last_two(1, 1))).unwrap();
    assert_eq!(sheet.lines[8].points, [0, 0, -5, 0]);
    assert_eq!(sheet.lines[9].points, [-5, 0, 0, 0]);
    assert_eq!(sheet.totals, [-1, 1, -6, 6]);
}

#[test]
fn king_of_hearts_10_and_no_last_two_deal() {
    let k = king(json!({"last_two": null}));
    assert_eq!(k.king_of_hearts, 10);
    let mut deals = standard_sheet(Deal::last_two(1, 1));
    deals.pop();
    let sheet = replay(&k, 2, &deals).unwrap();
    assert!(sheet.complete);
    assert_eq!(sheet.deals_needed, 9);
    assert_eq!(sheet.totals, [4, 1, -11, 6]);
    deals.push(Deal::last_two(1, 1));
    assert_eq!(refused(&k, 2, &deals), (10, Rule::SHEET_FULL));
}

#[test]
fn king_and_last_two_in_one_deal() {
    let k = king(json!({"king_and_last_two": true}));
    let mut deals = standard_sheet(Deal::last_two(1, 1));
    deals.truncate(8);
    deals.push(Deal::king_and_last_two(3, 1, 1));
    let sheet = replay(&k, 2, &deals).unwrap();
    assert!(sheet.complete);
    assert_eq!(sheet.lines[8].points, [-4, 0, -6, 0]);
    assert_eq!(sheet.lines[8].dealer, Some(2));
    assert_eq!(sheet.totals, [0, 1, -7, 6]);
    // The separate K♥ deal is not the game due in this variant.
    let mut separate = deals.clone();
    separate[8] = Deal::king(3);
    assert_eq!(refused(&k, 2, &separate), (9, PHASE_DUE));
}

#[test]
fn negatives_first_order_and_its_dealers() {
    let k = king(json!({"order": "negatives-first"}));
    let deals = vec![
        Deal::counted(NoTricks, [3, 4, 2, 4]),
        Deal::counted(NoHearts, [0, 5, 6, 2]),
        Deal::counted(NoKingsJacks, [2, 2, 2, 2]),
        Deal::counted(NoQueens, [1, 0, 2, 1]),
        Deal::king(3),
        Deal::last_two(1, 1),
        Deal::recup(Trump::Spades, [4, 3, 3, 3]),
        Deal::recup(Trump::Hearts, [5, 2, 3, 3]),
        Deal::recup(Trump::Clubs, [3, 3, 3, 4]),
        // The four récups are dealt by each player in turn from the first dealer (seat 2):
        // seats 2, 3, 4 and 1. Deal 10 is dealt by seat 1: seat 2 has the lead and sells the
        // trump to seat 1 for 3 tricks (seat 2 +3, seat 1 −3 beside the tricks' points).
        Deal::recup(Trump::None, [2, 4, 4, 3]).sold(2, 1, 3),
    ];
    let dealers: Vec<usize> = (0..10).map(|i| k.dealer(2, i)).collect();
    assert_eq!(dealers, [2, 3, 4, 1, 2, 3, 2, 3, 4, 1], "the negatives one player each, the K♥ and last two as in the standard order, the récups in turn");
    let sheet = replay(&k, 2, &deals).unwrap();
    assert_eq!(sheet.totals, [0, 4, -7, 3]);
    let mut wrong_seller = deals.clone();
    wrong_seller[9] = Deal::recup(Trump::None, [2, 4, 4, 3]).sold(4, 1, 3);
    assert_eq!(refused(&k, 2, &wrong_seller), (10, SALE_SELLER));
    // Without a last-two deal (nine deals), the récups still go round: seats 2, 3, 4, 1.
    let nine = king(json!({"order": "negatives-first", "king_of_hearts": 10, "last_two": null}));
    let dealers: Vec<usize> = (0..9).map(|i| nine.dealer(2, i)).collect();
    assert_eq!(dealers, [2, 3, 4, 1, 2, 2, 3, 4, 1]);
    let mut early_recup = deals.clone();
    early_recup.swap(1, 6);
    assert_eq!(refused(&k, 2, &early_recup), (2, PHASE_DUE));
}

#[test]
fn the_game_due_is_shown_and_forced() {
    let k = King::default();
    let deals = standard_sheet(Deal::last_two(1, 1));
    let c = Game::next_choices(&k, Table::new(4, 2), &deals[..2]).unwrap().unwrap();
    assert_eq!((c.turn.deal, c.turn.dealer, c.leader, c.due, c.allowed.clone(), c.forced), (3, 3, 4, Some(NoHearts), vec![NoHearts], Some("order")));
    let mut wrong = deals[..2].to_vec();
    wrong.push(Deal::counted(NoQueens, [1, 1, 1, 1]));
    assert_eq!(refused(&k, 2, &wrong), (3, PHASE_DUE));
    assert_eq!(Game::next_choices(&k, Table::new(4, 2), &deals).unwrap(), None);
}

#[test]
fn sale_checks() {
    let k = King::default();
    let mut deals = standard_sheet(Deal::last_two(1, 1));
    deals[3] = Deal::recup(Trump::None, [2, 4, 4, 3]).sold(4, 4, 3);
    assert_eq!(refused(&k, 2, &deals[..4]), (4, SALE_BUYER));
    deals[3] = Deal::recup(Trump::None, [2, 4, 4, 3]).sold(4, 1, 0);
    assert_eq!(refused(&k, 2, &deals[..4]), (4, SALE_TRICKS));
    deals[3] = Deal::recup(Trump::None, [2, 4, 4, 3]).sold(4, 5, 2);
    assert_eq!(refused(&k, 2, &deals[..4]), (4, SALE_BUYER));
    // A récup names its trump.
    deals[3] = Deal { trump: None, ..Deal::recup(Trump::None, [2, 4, 4, 3]) };
    assert_eq!(refused(&k, 2, &deals[..4]), (4, Rule::DEAL_SHAPE));
}

#[test]
fn counts_are_checked() {
    let k = King::default();
    assert_eq!(refused(&k, 1, &[Deal::counted(NoTricks, [3, 4, 2, 3])]), (1, Rule::DEAL_TOTAL));
    assert_eq!(refused(&k, 1, &[Deal::counted(NoTricks, [-1, 4, 6, 4])]), (1, Rule::COUNT_NEGATIVE));
    let queens = vec![
        Deal::counted(NoTricks, [3, 4, 2, 4]),
        Deal::recup(Trump::Spades, [4, 3, 3, 3]),
        Deal::counted(NoHearts, [0, 5, 6, 2]),
        Deal::recup(Trump::Spades, [4, 3, 3, 3]),
        Deal::counted(NoKingsJacks, [2, 2, 2, 2]),
        Deal::recup(Trump::Spades, [4, 3, 3, 3]),
        Deal::counted(NoQueens, [1, 1, 1, 2]),
    ];
    assert_eq!(refused(&k, 1, &queens), (7, Rule::DEAL_TOTAL));
    assert_eq!(refused(&k, 1, &[Deal { takers: Some(vec![1]), ..Deal::counted(NoTricks, [3, 4, 2, 4]) }]), (1, Rule::DEAL_SHAPE));
}

/// Choice form, first dealer 1: dealers 1 2 3 4 1 2 3 4 1 2, so the choosers (the lead)
/// are 2 3 4 1 2 3 4 1 2 3: seats 2 and 3 choose three times, seats 4 and 1 twice.
fn choice_sheet() -> Vec<Deal> {
    vec![
        Deal::recup(Trump::Spades, [3, 4, 3, 3]),  // seat 2's récup
        Deal::counted(NoTricks, [4, 3, 3, 3]),     // seat 3
        Deal::counted(NoHearts, [1, 4, 4, 4]),     // seat 4
        Deal::recup(Trump::None, [4, 3, 3, 3]),    // seat 1's récup
        Deal::counted(NoQueens, [1, 1, 1, 1]),     // seat 2
        Deal::counted(NoKingsJacks, [2, 2, 2, 2]), // seat 3
        Deal::recup(Trump::Hearts, [3, 3, 4, 3]),  // seat 4: forced, see below
        Deal::king(2),                             // seat 1
        Deal::last_two(4, 3),                      // seat 2
        Deal::recup(Trump::Clubs, [3, 4, 3, 3]),   // seat 3
    ]
}

#[test]
fn choice_form_worked_example() {
    let k = king(json!({"order": "choice"}));
    let sheet = replay(&k, 1, &choice_sheet()).unwrap();
    assert!(sheet.complete);
    let dealers: Vec<usize> = sheet.lines.iter().map(|l| l.dealer.unwrap_or(0)).collect();
    assert_eq!(dealers, [1, 2, 3, 4, 1, 2, 3, 4, 1, 2]);
    let choosers: Vec<Option<usize>> = sheet.lines.iter().map(|l| l.chooser).collect();
    assert_eq!(choosers, [2, 3, 4, 1, 2, 3, 4, 1, 2, 3].map(Some));
    assert_eq!(sheet.totals, [4, -3, 0, -1]);
}

#[test]
fn choice_form_refusals_and_forced_recup() {
    let k = king(json!({"order": "choice"}));
    let deals = choice_sheet();
    // Seat 2 chose the récup on deal 1 and may not choose another on deal 5.
    let mut twice = deals[..4].to_vec();
    twice.push(Deal::recup(Trump::Spades, [4, 3, 3, 3]));
    assert_eq!(refused(&k, 1, &twice), (5, RECUP_ONCE));
    // No-tricks is played once.
    let mut again = deals[..2].to_vec();
    again.push(Deal::counted(NoTricks, [4, 3, 3, 3]));
    assert_eq!(refused(&k, 1, &again), (3, PHASE_PLAYED));
    // The refusal names the earlier line that played it (line 2), not the line written (3).
    let e = replay(&k, 1, &again).unwrap_err();
    let (en, fr) = (e.violation.detail_in(atout_rules::Lang::En).to_string(), e.violation.detail_in(atout_rules::Lang::Fr).to_string());
    assert!(en.ends_with("on line 2") && fr.ends_with("à la ligne 2"), "{en} / {fr}");
    // On deal 7 two récups are left; seat 4 chooses now and never again, seat 3 once more:
    // a negative would leave a récup nobody can choose.
    let c = Game::next_choices(&k, Table::new(4, 1), &deals[..6]).unwrap().unwrap();
    assert_eq!((c.leader, c.allowed.clone(), c.forced, c.recups_left), (4, vec![Recup], Some("recup-only"), 2));
    let mut negative = deals[..6].to_vec();
    negative.push(Deal::king(2));
    assert_eq!(refused(&k, 1, &negative), (7, RECUP_LEFT));
    // Said in their number: one player could (it read «seuls 1 joueurs peuvent»).
    let e = replay(&k, 1, &negative).unwrap_err();
    let (en, fr) = (e.violation.detail_in(atout_rules::Lang::En).to_string(), e.violation.detail_in(atout_rules::Lang::Fr).to_string());
    assert!(en.starts_with("2 récups are left and only 1 player could still choose one:"), "{en}");
    assert!(fr.starts_with("il reste 2 récupérations et seul 1 joueur peut encore en choisir une :"), "{fr}");
    // The choice sold by seat 4 to seat 2, who has had its récup: the refusal says that seat 4
    // keeps the choice (it said «seat 2 must choose the récup», which seat 2 may not).
    let mut sold = deals[..6].to_vec();
    sold.push(Deal::king(2).chosen_by(4, 2, 1));
    let e = replay(&k, 1, &sold).unwrap_err();
    assert_eq!((e.line, e.rule()), (Some(7), RECUP_LEFT));
    let en = e.violation.detail_in(atout_rules::Lang::En).to_string();
    assert!(en.contains("seat 4 keeps the choice") && !en.contains("seat 2 must choose"), "{en}");
    // Seat 1 has had its récup: a negative game only on deal 8.
    let c = Game::next_choices(&k, Table::new(4, 1), &deals[..7]).unwrap().unwrap();
    assert_eq!((c.leader, c.allowed.clone(), c.forced), (1, vec![KingOfHearts, LastTwo], Some("negative-only")));
}

/// The choice bought (FORMAT.md "King deals", `choice_sale`), on the choice sheet above. Deal 2:
/// seat 3 has the lead and sells the choice to seat 1 for 2 tricks; seat 1 picks no-tricks
/// (4, 3, 3, 3 tricks: −4, −3, −3, −3), so −6, −3, −1, −3. Deal 8: seat 1 sells to seat 4 for
/// 1; seat 4 picks the K♥ as before. Totals 4, −3, 0, −1 become 4 − 2 + 1, −3, 0 + 2, −1 − 1.
#[test]
fn the_choice_bought_is_scored_as_a_sale_and_the_buyer_chooses() {
    let k = king(json!({"order": "choice"}));
    let mut deals = choice_sheet();
    deals[1] = deals[1].clone().chosen_by(3, 1, 2);
    deals[7] = deals[7].clone().chosen_by(1, 4, 1);
    let sheet = replay(&k, 1, &deals).unwrap();
    assert_eq!(sheet.lines[1].points, [-6, -3, -1, -3]);
    assert_eq!(sheet.totals, [3, -3, 2, -2]);
    let choosers: Vec<Option<usize>> = sheet.lines.iter().map(|l| l.chooser).collect();
    assert_eq!(choosers, [2, 1, 4, 1, 2, 3, 4, 4, 2, 3].map(Some));
    assert_eq!(sheet.lines[1].label, "no-tricks [3→1: 2]");
    // The entry reads back as it was written (FORMAT.md's key).
    assert_eq!(serde_json::to_value(&deals[1]).unwrap()["choice_sale"], json!({"seller": 3, "buyer": 1, "tricks": 2}));
}

/// The buyer short, and the buyer's récup as the buyer's own. Deal 1: seat 2 (the lead) sells
/// the choice to seat 3 for 5 tricks; seat 3 picks the récup and makes 3: 3, 4 + 5, 3 − 5, 3.
/// Seat 3 has had its récup: on deal 9 the one récup left needs seat 2 (seat 3 leads deal 10),
/// so a negative there is refused, and the sheet ends with seat 2's récup and seat 3's last
/// two. Totals 4, −3, 0, −1 (the same games) with the sale: 4, 2, −5, −1.
#[test]
fn the_buyer_short_and_the_buyers_recup() {
    let k = king(json!({"order": "choice"}));
    let mut deals = choice_sheet();
    deals[0] = deals[0].clone().chosen_by(2, 3, 5);
    let negative_on_9 = [&deals[..8], &[Deal::last_two(4, 3)]].concat();
    assert_eq!(refused(&k, 1, &negative_on_9), (9, RECUP_LEFT));
    deals.swap(8, 9);
    let sheet = replay(&k, 1, &deals).unwrap();
    assert!(sheet.complete);
    assert_eq!(sheet.lines[0].points, [3, 9, -2, 3]);
    assert_eq!(sheet.totals, [4, 2, -5, -1]);
    assert_eq!(sheet.lines[0].chooser, Some(3));
    // Seat 3, having bought a récup, may not choose another when it leads deal 2.
    let twice = [deals[0].clone(), Deal::recup(Trump::Hearts, [4, 3, 3, 3])];
    assert_eq!(refused(&k, 1, &twice), (2, RECUP_ONCE));
}

/// A récup bought with the choice is held to `recup-left` as the lead's own is (the project's
/// decision, docs/rules-decisions.md "The choice bought"). On the choice sheet, deal 7: two
/// récups are left, seats 3 and 4 have had none, and seat 4 leads for the last time. Seat 4
/// selling the choice to seat 3, who takes a récup, would leave one récup that only seat 4
/// could choose — and seat 4 never leads again: refused, and seat 3 is not offered the
/// récup as a buyer. It was accepted, and the sheet then waited on another sale.
#[test]
fn a_bought_recup_may_not_leave_a_recup_nobody_can_choose() {
    let k = king(json!({"order": "choice"}));
    let deals = choice_sheet();
    let bought = [&deals[..6], &[Deal::recup(Trump::Hearts, [3, 3, 4, 3]).chosen_by(4, 3, 1)]].concat();
    assert_eq!(refused(&k, 1, &bought), (7, RECUP_LEFT));
    let e = replay(&k, 1, &bought).unwrap_err();
    let en = e.violation.detail_in(atout_rules::Lang::En).to_string();
    assert!(en.contains("seat 3 may not buy the récup") && en.contains("seat 4 keeps the choice"), "{en}");
    let c = Game::next_choices(&k, Table::new(4, 1), &deals[..6]).unwrap().unwrap();
    assert!(!c.buyers[2].contains(&Recup), "{:?}", c.buyers);
    assert!(c.buyers[2].is_empty(), "a negative would leave two récups for seat 4 alone: {:?}", c.buyers);
    // Bought on deal 1, a récup leaves three for seats 1, 2 and 4, who all lead again.
    let early = [deals[0].clone().chosen_by(2, 3, 5)];
    assert!(replay(&k, 1, &early).is_ok());
}

#[test]
fn a_choice_sale_is_refused_outside_its_rules() {
    let choice = king(json!({"order": "choice"}));
    let deals = choice_sheet();
    let sold = |seller, buyer, tricks| vec![deals[0].clone().chosen_by(seller, buyer, tricks)];
    // Seat 2 has the lead on deal 1 (first dealer 1).
    assert_eq!(refused(&choice, 1, &sold(3, 1, 2)), (1, CHOICE_SALE_SELLER));
    assert_eq!(refused(&choice, 1, &sold(2, 2, 2)), (1, CHOICE_SALE_BUYER));
    assert_eq!(refused(&choice, 1, &sold(2, 5, 2)), (1, CHOICE_SALE_BUYER));
    assert_eq!(refused(&choice, 1, &sold(2, 1, 0)), (1, CHOICE_SALE_TRICKS));
    assert_eq!(refused(&choice, 1, &sold(2, 1, 14)), (1, CHOICE_SALE_TRICKS));
    // The fixed orders have no choice to sell.
    let standard = King::default();
    let first = standard_sheet(Deal::last_two(1, 1))[0].clone().chosen_by(3, 1, 2);
    assert_eq!(refused(&standard, 2, &[first]), (1, CHOICE_SALE_ORDER));
    // What each other seat could choose having bought: seat 2 has had its récup by deal 4.
    let c = Game::next_choices(&choice, Table::new(4, 1), &deals[..3]).unwrap().unwrap();
    assert_eq!(c.leader, 1);
    assert!(c.buyers[0].is_empty(), "the lead buys nothing");
    assert!(!c.buyers[1].contains(&Recup) && c.buyers[2].contains(&Recup) && c.buyers[3].contains(&Recup), "{:?}", c.buyers);
}

#[test]
fn settings_that_do_not_sum_to_zero_are_refused() {
    for bad in [
        json!({"king_of_hearts": 7}),
        json!({"king_of_hearts": 6, "last_two": [2, 3]}),
        json!({"last_two": null, "king_and_last_two": true}),
        json!({"order": "random"}),
    ] {
        let e = King::from_settings(bad.as_object().unwrap()).unwrap_err();
        assert_eq!(e.rule, Rule::SETTINGS, "{bad}");
    }
    assert_eq!(king(json!({"last_two": [2, 3]})).king_of_hearts, 5);
}

#[test]
fn format_json_entries_and_the_table_size() {
    let rules = GameId::King.rules(json!({"order": "choice"}).as_object().unwrap()).unwrap();
    let entries = json!([{"game": "recup", "counts": [3, 4, 3, 3], "trump": "spades", "sale": {"seller": 2, "buyer": 3, "tricks": 2}}]);
    let sheet = rules.replay(Table::new(4, 1), entries.as_array().unwrap()).unwrap();
    assert_eq!(sheet.lines[0].points, [3, 6, 1, 3]);
    assert_eq!(rules.replay(Table::new(5, 1), &[]).unwrap_err().rule(), Rule::TABLE_SIZE);
    let bad = json!([{"game": "grand-slam", "counts": [13, 0, 0, 0]}]);
    assert_eq!(rules.replay(Table::new(4, 1), bad.as_array().unwrap()).unwrap_err().rule(), Rule::DEAL_SHAPE);
}

#[test]
fn choice_form_order() {
    assert_eq!(king(json!({"order": "choice"})).order, Order::Choice);
}

/// Who a line with two sales names (the choice of the game sold, then its trump): each sale
/// by its name, its seller and buyer apart — said as the line's own they ran together and one
/// sale's seller stood for both.
#[test]
fn a_line_with_two_sales_names_each_sale_apart() {
    let rules = GameId::King.rules(&serde_json::Map::new()).unwrap();
    let names = atout_rules::Names::of(rules.as_ref());
    let seats = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from);
    let two =
        json!({"game": "recup", "trump": "spades", "choice_sale": {"seller": 1, "buyer": 4, "tricks": 1}, "sale": {"seller": 2, "buyer": 3, "tricks": 2}});
    let who = names.who(&two, &seats).en;
    assert!(who.contains("choice of the game sold: (seller: 1. Anne · buyer: 4. Dirk)"), "{who}");
    assert!(who.contains("sale: (seller: 2. Bart · buyer: 3. Chloé)"), "{who}");
    // One sale alone reads as the line's own.
    let one = json!({"game": "recup", "trump": "spades", "sale": {"seller": 2, "buyer": 3, "tricks": 2}});
    assert_eq!(names.who(&one, &seats).fr, "vendeur : 2. Bart · acheteur : 3. Chloé");
}

/// A récup without trump is labelled alike in every language on the sheet ("SA"), and said
/// as each language abbreviates it: NT, SA, ZT (an English sheet read «récup SA»).
#[test]
fn no_trump_is_said_as_each_language_abbreviates_it() {
    let rules = GameId::King.rules(&serde_json::Map::new()).unwrap();
    let names = atout_rules::Names::of(rules.as_ref());
    let said = names.label("recup SA (4→1: 3)");
    assert!(said.en.ends_with("NT (4→1: 3)") && !said.en.contains("SA"), "{}", said.en);
    // French spaces its colon, on paper as in the window (the print read «(4→1: 3)»).
    assert!(said.fr.ends_with("SA (4→1 : 3)"), "{}", said.fr);
    assert!(said.nl.ends_with("ZT (4→1: 3)"), "{}", said.nl);
    // A suit's symbol is the same everywhere.
    assert!(names.label("recup ♠").en.ends_with('♠'));
    let described = rules.describe(atout_rules::Lang::En);
    let none = described["suits"].as_array().unwrap().iter().find(|s| s["code"] == "none").unwrap();
    assert_eq!(none["symbol"], "NT");
}

/// A choice of trump reads as a suit's symbol and name, no trump by its name alone: the
/// window's button and the log read «SA sans atout», the abbreviation beside its own words.
#[test]
fn no_trump_as_a_choice_is_its_name_alone() {
    let rules = GameId::King.rules(&serde_json::Map::new()).unwrap();
    let described = rules.describe(atout_rules::Lang::Fr);
    let label = |code: &str| described["suits"].as_array().unwrap().iter().find(|s| s["code"] == code).unwrap()["label"].clone();
    assert_eq!(label("none"), "sans atout");
    assert_eq!(label("clubs"), "♣ trèfle");
    let names = atout_rules::Names::of(rules.as_ref());
    let seats = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from);
    let said = names.entry(&json!({"game": "recup", "trump": "none", "counts": [3, 4, 3, 3]}), &seats);
    assert!(said.fr.contains("sans atout") && !said.fr.contains("SA"), "{}", said.fr);
    assert!(said.en.contains("no trump") && !said.en.contains("NT"), "{}", said.en);
}
