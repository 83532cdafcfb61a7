//! Double King sheets (RULES.md §1), with expectations computed by hand.

use atout_rules::double_king::{Choices, Contract, Deal, DoubleKing, Forced, Suit, DEALER_NEGATIVES, DEALER_TRUMPS, GAME_TWICE, REDEAL_TRUMP};
use atout_rules::ranking::table_points;
use atout_rules::{Game, GameId, Rule, Rules, Sheet, SheetError, Table, TablePoints};

fn dk_rules() -> Box<dyn Rules> {
    GameId::DoubleKing.rules(&serde_json::Map::new()).unwrap()
}
use Contract::*;
use Suit::*;

/// RULES.md §1's worked example, first dealer seat 3.
fn worked_example() -> Vec<Deal> {
    vec![
        Deal::king_of_hearts(3),
        Deal::king_of_hearts(1),
        Deal::counted(D, [1, 7, 0, 0]),
        Deal::counted(C, [1, 2, 1, 0]),
        Deal::tricks_7_13(3, 3),
        Deal::trump(Spades, [10, 0, 3, 0]),
        Deal::counted(B, [1, 5, 2, 5]),
        Deal::tricks_7_13(4, 4),
        Deal::trump(Hearts, [11, 0, 2, 0]),
        Deal::trump(Clubs, [2, 8, 3, 0]),
        Deal::counted(A, [8, 2, 1, 2]),
        Deal::trump(Clubs, [7, 4, 2, 0]),
        Deal::trump(Spades, [1, 9, 3, 0]),
        Deal::counted(C, [2, 1, 1, 0]),
        Deal::trump(Spades, [4, 4, 5, 0]),
        Deal::counted(B, [7, 4, 1, 1]),
        Deal::counted(D, [3, 1, 2, 2]),
        Deal::counted(A, [0, 0, 2, 11]),
        Deal::trump(Spades, [3, 2, 3, 5]),
        Deal::trump(Hearts, [7, 1, 4, 1]),
    ]
}

fn replay(first: usize, deals: &[Deal]) -> Result<Sheet, SheetError> {
    Game::replay(&DoubleKing::default(), Table::new(4, first), deals)
}

fn choices(first: usize, deals: &[Deal]) -> Choices {
    Game::next_choices(&DoubleKing::default(), Table::new(4, first), deals).unwrap().expect("sheet not complete")
}

fn rejected(first: usize, deals: &[Deal]) -> (usize, Rule) {
    let err = replay(first, deals).expect_err("the sheet must be refused");
    (err.line.expect("a line"), err.rule())
}

#[test]
fn worked_example_line_points() {
    let sheet = replay(3, &worked_example()).unwrap();
    let expected: [[i64; 4]; 20] = [
        [0, 0, -5, 0],
        [-5, 0, 0, 0],
        [-1, -7, 0, 0],
        [-2, -4, -2, 0],
        [0, 0, -5, 0],
        [10, 0, 3, 0],
        [-1, -5, -2, -5],
        [0, 0, 0, -5],
        [11, 0, 2, 0],
        [2, 8, 3, 0],
        [-8, -2, -1, -2],
        [7, 4, 2, 0],
        [1, 9, 3, 0],
        [-4, -2, -2, 0],
        [4, 4, 5, 0],
        [-7, -4, -1, -1],
        [-3, -1, -2, -2],
        [0, 0, -2, -11],
        [3, 2, 3, 5],
        [7, 1, 4, 1],
    ];
    for (line, want) in sheet.lines.iter().zip(expected) {
        assert_eq!(line.points, want, "deal {}", line.deal);
    }
    let dealers: Vec<usize> = sheet.lines.iter().map(|l| l.dealer.unwrap_or(0)).collect();
    assert_eq!(dealers, [3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2]);
    assert!(sheet.complete);
    assert_eq!(sheet.totals, [14, 3, 3, -20]);
}

#[test]
fn worked_example_table_points_share_second_and_third() {
    let sheet = replay(3, &worked_example()).unwrap();
    let points = table_points(&sheet.totals, &[16, 12, 8, 4]);
    assert_eq!(points, [16, 10, 10, 4].map(TablePoints::whole));
}

#[test]
fn worked_example_seat_one_chose_three_negatives_two_trumps() {
    let sheet = replay(3, &worked_example()).unwrap();
    let by_seat_one: Vec<&str> = sheet.lines.iter().filter(|l| l.dealer == Some(1)).map(|l| l.label.as_str()).collect();
    assert_eq!(by_seat_one, ["D", "B", "A", "T♠", "T♠"]);
    let circled: Vec<usize> = sheet.lines.iter().filter(|l| l.chooser == Some(1)).map(|l| l.deal).collect();
    assert_eq!(circled, [3, 7, 11]);
}

#[test]
fn counts_must_add_up_to_the_deal_total() {
    let mut deals = worked_example()[..3].to_vec();
    deals[2] = Deal::counted(D, [1, 6, 0, 0]);
    assert_eq!(rejected(3, &deals), (3, Rule::DEAL_TOTAL));
    deals[2] = Deal::counted(C, [1, 1, 1, 0]);
    assert_eq!(rejected(3, &deals), (3, Rule::DEAL_TOTAL));
    deals[2] = Deal::trump(Spades, [7, 7, 0, 0]);
    assert_eq!(rejected(3, &deals), (3, Rule::DEAL_TOTAL));
}

#[test]
fn a_count_is_never_negative() {
    let deals = vec![Deal::counted(A, [-1, 7, 7, 0])];
    assert_eq!(rejected(1, &deals), (1, Rule::COUNT_NEGATIVE));
}

#[test]
fn a_seat_out_of_range_is_refused() {
    assert_eq!(rejected(1, &[Deal::king_of_hearts(5)]), (1, Rule::SEAT_RANGE));
    assert_eq!(rejected(1, &[Deal::king_of_hearts(0)]), (1, Rule::SEAT_RANGE));
    assert_eq!(rejected(1, &[Deal::tricks_7_13(1, 9)]), (1, Rule::SEAT_RANGE));
    assert_eq!(rejected(1, &[Deal::fault(C, 7)]), (1, Rule::SEAT_RANGE));
}

#[test]
fn a_deal_needs_the_figures_of_its_game() {
    let no_trump_suit = Deal { trump: None, ..Deal::trump(Hearts, [13, 0, 0, 0]) };
    assert_eq!(rejected(1, &[no_trump_suit]), (1, Rule::DEAL_SHAPE));
    let three_counts = Deal { counts: Some(vec![13, 0, 0]), ..Deal::counted(A, [0; 4]) };
    assert_eq!(rejected(1, &[three_counts]), (1, Rule::DEAL_SHAPE));
    let taker_on_a = Deal { taker: Some(2), ..Deal::counted(A, [13, 0, 0, 0]) };
    assert_eq!(rejected(1, &[taker_on_a]), (1, Rule::DEAL_SHAPE));
    let fault_on_trump = Deal { fault_by: Some(2), ..Deal::trump(Hearts, [13, 0, 0, 0]) };
    assert_eq!(rejected(1, &[fault_on_trump]), (1, Rule::DEAL_SHAPE));
    // A trump deal's fault written `fault_by`: the refusal says it is written `void_by` (it
    // said «game T takes no `trump`», the trump being checked first).
    let fault_by_on_trump = Deal { contract: Some(T), trump: Some(Hearts), fault_by: Some(2), ..Deal::default() };
    let said = atout_rules::double_king::score_deal(&fault_by_on_trump).unwrap_err().to_string();
    assert!(said.contains("`fault_by`") && said.contains("void_by"), "{said}");
    assert_eq!(rejected(1, &[Deal::default()]), (1, Rule::DEAL_SHAPE));
}

#[test]
fn a_first_dealer_off_the_table_is_refused() {
    let err = replay(5, &[]).unwrap_err();
    assert_eq!((err.line, err.rule()), (None, Rule::FIRST_DEALER));
}

#[test]
fn a_negative_game_a_third_time_is_refused() {
    // Deals 1 and 2 are E by seats 3 and 4; seat 1 may not choose E a third time.
    let mut deals = worked_example()[..2].to_vec();
    deals.push(Deal::king_of_hearts(2));
    assert_eq!(rejected(3, &deals), (3, GAME_TWICE));
    // The refusal names the earlier lines that played it.
    let e = replay(3, &deals).unwrap_err();
    assert!(e.violation.detail_in(atout_rules::Lang::En).ends_with("on lines 1 and 2"), "{:?}", e.violation);
    assert!(e.violation.detail_in(atout_rules::Lang::Nl).ends_with("op lijnen 1 en 2"), "{:?}", e.violation);
}

#[test]
fn a_dealers_fourth_negative_is_refused() {
    // First dealer 1: seat 1 deals lines 1, 5, 9, 13, 17.
    let mut deals = vec![
        Deal::counted(A, [13, 0, 0, 0]),
        Deal::trump(Clubs, [13, 0, 0, 0]),
        Deal::trump(Clubs, [13, 0, 0, 0]),
        Deal::trump(Clubs, [13, 0, 0, 0]),
        Deal::counted(B, [13, 0, 0, 0]),
        Deal::trump(Clubs, [13, 0, 0, 0]),
        Deal::trump(Clubs, [13, 0, 0, 0]),
        Deal::trump(Clubs, [13, 0, 0, 0]),
        Deal::counted(C, [4, 0, 0, 0]),
        Deal::counted(A, [13, 0, 0, 0]),
        Deal::counted(B, [13, 0, 0, 0]),
        Deal::counted(C, [4, 0, 0, 0]),
    ];
    replay(1, &deals).expect("12 valid lines");
    deals.push(Deal::counted(D, [8, 0, 0, 0]));
    assert_eq!(rejected(1, &deals), (13, DEALER_NEGATIVES));
    let c = choices(1, &deals[..12]);
    assert_eq!((c.turn.dealer, c.forced, c.allowed.clone()), (1, Some(Forced::TrumpsOnly), vec![T]));
}

#[test]
fn a_dealers_third_trump_is_refused_and_the_choice_is_forced() {
    let mut deals = vec![
        Deal::trump(Hearts, [13, 0, 0, 0]),
        Deal::counted(A, [13, 0, 0, 0]),
        Deal::counted(A, [13, 0, 0, 0]),
        Deal::counted(B, [13, 0, 0, 0]),
        Deal::trump(Hearts, [13, 0, 0, 0]),
        Deal::counted(B, [13, 0, 0, 0]),
        Deal::counted(C, [4, 0, 0, 0]),
        Deal::counted(C, [4, 0, 0, 0]),
    ];
    let c = choices(1, &deals);
    assert_eq!(c.turn.dealer, 1);
    assert_eq!(c.forced, Some(Forced::NegativesOnly));
    assert_eq!(c.allowed, vec![D, E, F]);
    assert_eq!((c.negatives_left, c.trumps_left), (3, 0));
    deals.push(Deal::trump(Hearts, [13, 0, 0, 0]));
    assert_eq!(rejected(1, &deals), (9, DEALER_TRUMPS));
}

#[test]
fn the_first_choice_is_free() {
    let c = choices(2, &[]);
    assert_eq!((c.turn.line, c.turn.deal, c.turn.dealer, c.forced, c.redeal), (1, 1, 2, None, false));
    assert_eq!(c.allowed, vec![A, B, C, D, E, F, T]);
}

#[test]
fn no_deal_after_the_twentieth() {
    let mut deals = worked_example();
    assert_eq!(Game::next_choices(&DoubleKing::default(), Table::new(4, 3), &deals).unwrap(), None);
    deals.push(Deal::trump(Hearts, [13, 0, 0, 0]));
    assert_eq!(rejected(3, &deals), (21, Rule::SHEET_FULL));
}

#[test]
fn a_fault_in_a_negative_deal_gives_the_offender_all_its_points() {
    // Worked example with deal 4 (C, dealer 2) ruled a fault by seat 2.
    let mut deals = worked_example();
    deals[3] = Deal::fault(C, 2);
    let sheet = replay(3, &deals).unwrap();
    assert_eq!(sheet.lines[3].points, [0, -8, 0, 0]);
    assert_eq!(sheet.lines[3].fault, Some(2));
    assert!(sheet.lines[3].counts);
    // Original deal 4 gave −2 −4 −2 0: seat 1 +2, seat 2 −4, seat 3 +2.
    assert_eq!(sheet.totals, [16, -1, 5, -20]);
    assert!(sheet.complete);
    assert_eq!(sheet.totals.iter().sum::<i64>(), 0);
    // Each negative game still counts twice: E from the fault-free lines and a fault on F.
    let mut with_f_fault = worked_example();
    with_f_fault[4] = Deal::fault(F, 1);
    assert_eq!(replay(3, &with_f_fault).unwrap().lines[4].points, [-5, 0, 0, 0]);
    let mut with_a_fault = worked_example();
    with_a_fault[10] = Deal::fault(A, 4);
    assert_eq!(replay(3, &with_a_fault).unwrap().lines[10].points, [0, 0, 0, -13]);
}

#[test]
fn a_trump_deal_voided_by_another_player_is_redealt_by_the_same_dealer_with_a_free_choice() {
    // Deal 6 (dealer 4, T♠) is voided by seat 1; seat 4 redeals and may choose freely.
    let mut deals = worked_example();
    deals.insert(5, Deal::void(Spades, 1));
    let c = choices(3, &deals[..6]);
    assert_eq!((c.turn.line, c.turn.deal, c.turn.dealer, c.redeal, c.forced), (7, 6, 4, true, None));
    assert!(c.allowed.contains(&A) && c.allowed.contains(&T));
    let sheet = replay(3, &deals).unwrap();
    assert_eq!(sheet.lines.len(), 21);
    assert_eq!(sheet.lines[5].points, [-6, 2, 2, 2]);
    assert!(!sheet.lines[5].counts);
    assert_eq!((sheet.lines[5].deal, sheet.lines[6].deal), (6, 6));
    assert_eq!((sheet.lines[5].dealer, sheet.lines[6].dealer, sheet.lines[7].dealer), (Some(4), Some(4), Some(1)));
    assert!(sheet.complete);
    assert_eq!(sheet.totals, [8, 5, 5, -18]);
}

#[test]
fn a_trump_deal_voided_by_its_dealer_is_redealt_as_trump() {
    // Deal 6 (dealer 4) voided by seat 4 itself: the redeal must again be trump.
    let mut deals = worked_example()[..5].to_vec();
    deals.push(Deal::void(Diamonds, 4));
    let c = choices(3, &deals);
    assert_eq!((c.turn.dealer, c.forced, c.allowed.clone()), (4, Some(Forced::RedealAfterOwnFault), vec![T]));
    let mut negative_redeal = deals.clone();
    negative_redeal.push(Deal::counted(A, [13, 0, 0, 0]));
    assert_eq!(rejected(3, &negative_redeal), (7, REDEAL_TRUMP));
    let mut full = worked_example();
    full.insert(5, Deal::void(Diamonds, 4));
    let sheet = replay(3, &full).unwrap();
    assert_eq!(sheet.lines[5].points, [2, 2, 2, -6]);
    assert_eq!(sheet.totals, [16, 5, 5, -26]);
    // A void does not use up the dealer's trump: seat 4 still plays two trumps.
    assert!(sheet.complete);
}

#[test]
fn a_redeal_may_itself_be_voided() {
    let mut deals = worked_example()[..5].to_vec();
    deals.push(Deal::void(Hearts, 4));
    deals.push(Deal::void(Hearts, 2));
    let c = choices(3, &deals);
    assert_eq!((c.turn.deal, c.turn.dealer, c.forced), (6, 4, None));
    let sheet = replay(3, &deals).unwrap();
    // Deals 1-5 give [-8, -11, -12, 0]; the voids add [2, 2, 2, -6] and [2, -6, 2, 2].
    assert_eq!(sheet.totals, [-4, -15, -8, -4]);
    assert_eq!(sheet.deals_played, 5);
}

#[test]
fn deals_read_from_format_json() {
    let json = serde_json::json!([
        {"contract": "E", "taker": 3},
        {"contract": "T", "trump": "hearts", "void_by": 3},
        {"contract": "C", "fault_by": 2, "note": "kept"},
        {"contract": "F", "seventh": 1, "last": 1}
    ]);
    let entries = json.as_array().unwrap();
    let sheet = dk_rules().replay(Table::new(4, 1), entries).unwrap();
    let points: Vec<Vec<i64>> = sheet.lines.iter().map(|l| l.points.clone()).collect();
    assert_eq!(points, [vec![0, 0, -5, 0], vec![2, 2, -6, 2], vec![0, -8, 0, 0], vec![-5, 0, 0, 0]]);
    // Only a trump deal is voided: a fault in a negative deal is written fault_by, and takes
    // the deal's points (it was accepted as voided: 2 / −6 / 2 / 2, the deal not counted).
    let voided = serde_json::json!([{"contract": "C", "void_by": 2}]);
    let err = dk_rules().replay(Table::new(4, 1), voided.as_array().unwrap()).unwrap_err();
    assert_eq!((err.line, err.rule()), (Some(1), Rule::DEAL_SHAPE));
    assert!(err.to_string().contains("takes no `void_by` (a fault in a negative deal is written fault_by)"), "{err}");
    let bad = serde_json::json!([{"contract": "G", "counts": [13, 0, 0, 0]}]);
    let err = dk_rules().replay(Table::new(4, 1), bad.as_array().unwrap()).unwrap_err();
    assert_eq!((err.line, err.rule()), (Some(1), Rule::DEAL_SHAPE));
    assert!(err.to_string().contains("deal line 1"), "{err}");
}

#[test]
fn the_description_gives_each_contracts_figures_and_total() {
    let d = dk_rules().describe(atout_rules::Lang::Fr);
    let totals: Vec<(String, serde_json::Value)> =
        d["contracts"].as_array().unwrap().iter().map(|c| (c["code"].as_str().unwrap().to_string(), c["total"].clone())).collect();
    let expected: Vec<(String, serde_json::Value)> = [("A", 13), ("B", 13), ("C", 4), ("D", 8), ("E", -1), ("F", -1), ("T", 13)]
        .iter()
        .map(|(c, n)| (c.to_string(), if *n < 0 { serde_json::Value::Null } else { (*n).into() }))
        .collect();
    assert_eq!(totals, expected);
    assert_eq!(d["contracts"][2]["name"], "moindre dames");
}

/// Regression (issue "Nothing wrong stored"): huge counts overflowed the sum and panicked.
#[test]
fn huge_counts_are_refused_without_arithmetic_overflow() {
    let deal = Deal::counted(A, [i64::MAX, i64::MAX, 15, 0]);
    assert_eq!(rejected(1, &[deal]), (1, Rule::DEAL_TOTAL));
    let json = serde_json::json!([{"contract": "A", "counts": [4611686018427387904i64, 4611686018427387904i64, 0, 0]}]);
    let err = dk_rules().replay(Table::new(4, 1), json.as_array().unwrap()).unwrap_err();
    assert_eq!(err.rule(), Rule::DEAL_TOTAL);
}

#[test]
fn a_double_king_table_seats_four() {
    let err = dk_rules().replay(Table::new(5, 1), &[]).unwrap_err();
    assert_eq!((err.line, err.rule()), (None, Rule::TABLE_SIZE));
}

/// A line that cannot be read is said in words, in every language, not in the JSON reader's
/// own («invalid type: null, expected struct Entry», «floating point `1e+20`, expected i64»).
#[test]
fn a_line_that_cannot_be_read_is_said_in_words() {
    let said = |entry: serde_json::Value| {
        let e = dk_rules().replay(Table::new(4, 1), &[entry]).unwrap_err();
        assert_eq!((e.line, e.rule()), (Some(1), Rule::DEAL_SHAPE));
        let s = e.violation.said.expect("said in every language");
        (s.en, s.fr)
    };
    let (en, fr) = said(serde_json::json!(null));
    assert!(en.contains("a line is a JSON object") && en.ends_with("not null") && !en.contains("expected"), "{en}");
    assert!(fr.contains("une ligne est un objet JSON"), "{fr}");
    // A whole number too large is said too large, written out (it read «1e+20 is not one»,
    // a whole number said not to be one).
    let (en, fr) = said(serde_json::json!({"contract": "C", "counts": [1e20, 2, 1, 0]}));
    assert_eq!(en, "100000000000000000000 is far beyond what a figure of a line can be");
    assert_eq!(fr, "100000000000000000000 est bien au-delà de ce que peut valoir un chiffre d'une ligne");
    let (en, _) = said(serde_json::json!({"contract": "C", "counts": [u64::MAX, 2, 1, 0]}));
    assert_eq!(en, "18446744073709551615 is far beyond what a figure of a line can be");
    let (en, _) = said(serde_json::json!({"contract": "C", "counts": [-1e20, 2, 1, 0]}));
    assert_eq!(en, "-100000000000000000000 is far beyond what a figure of a line can be");
    // A line in decimals that is no line for another reason is said so (its 3.0 was said
    // «far too large»).
    let (en, _) = said(serde_json::json!({"contract": "Z", "counts": [3.0, 2, 1, 0]}));
    assert!(en.contains("`Z` is not an allowed value") && !en.contains("beyond"), "{en}");
    let (en, fr) = said(serde_json::json!({"contract": "C", "counts": [2.5e-3, 2, 1, 0]}));
    assert!(en.contains("whole numbers") && en.contains("0.0025 is not one") && !en.contains("i64"), "{en}");
    assert!(fr.contains("nombres entiers"), "{fr}");
    let (en, _) = said(serde_json::json!({"contract": "C", "counts": [1.5, 2, 1, 0]}));
    assert!(en.contains("1.5 is not one"), "{en}");
    // A whole number written as a decimal (Python writes 2.0; -0 reads as -0.0) is that
    // integer: queens 2, 1, 1, 0 at −2 each. It was refused as «2.0 is not one».
    for counts in [serde_json::json!([2.0, 1, 1, 0]), serde_json::json!([2, 1.0, 1, -0.0])] {
        let sheet = dk_rules().replay(Table::new(4, 1), &[serde_json::json!({"contract": "C", "counts": counts})]).unwrap();
        assert_eq!(sheet.lines[0].points, [-4, -2, -2, 0]);
    }
}

/// A line is kept with the fields another tool added, nested as deep as any reader takes
/// them: one nested past that was stored, and the tournament's export then refused by every
/// reader (its own import included).
#[test]
fn a_line_nested_too_deep_is_refused() {
    let mut note = serde_json::json!(1);
    for _ in 0..atout_rules::ENTRY_DEPTH {
        note = serde_json::json!({ "a": note });
    }
    let deep = serde_json::json!([{"contract": "E", "taker": 1, "note": note}]);
    let err = dk_rules().replay(Table::new(4, 1), deep.as_array().unwrap()).unwrap_err();
    assert_eq!((err.line, err.rule()), (Some(1), Rule::DEAL_SHAPE));
    // Nested as deep as a line may be: kept.
    let kept = serde_json::json!([{"contract": "E", "taker": 1, "note": note["a"]}]);
    assert!(dk_rules().replay(Table::new(4, 1), kept.as_array().unwrap()).is_ok());
}
