//! Table points and the final ranking, with hand-computed values.

use atout_rules::ranking::{criteria, decided_by, rank, table_points, RoundResult, Totals};
use atout_rules::ruling::{round_scores, Ruling};
use atout_rules::settings::{RankingMethod, TieBreak};
use atout_rules::{Rule, TablePoints};

const DK: [i64; 4] = [16, 12, 8, 4];

fn tp(v: [i64; 4]) -> Vec<TablePoints> {
    v.map(TablePoints::whole).to_vec()
}

#[test]
fn no_tie() {
    assert_eq!(table_points(&[-3, 20, 5, -22], &DK), tp([8, 16, 12, 4]));
}

#[test]
fn two_way_ties() {
    // Tied first: (16 + 12) / 2 = 14.
    assert_eq!(table_points(&[10, 10, -5, -15], &DK), tp([14, 14, 8, 4]));
    // Tied last: (8 + 4) / 2 = 6.
    assert_eq!(table_points(&[30, -10, -10, -20], &DK), tp([16, 10, 10, 4]));
    assert_eq!(table_points(&[30, 0, -15, -15], &DK), tp([16, 12, 6, 6]));
    // Two pairs.
    assert_eq!(table_points(&[7, -7, 7, -7], &DK), tp([14, 6, 14, 6]));
}

#[test]
fn three_way_ties() {
    // (16 + 12 + 8) / 3 = 12; (12 + 8 + 4) / 3 = 8.
    assert_eq!(table_points(&[5, 5, 5, -15], &DK), tp([12, 12, 12, 4]));
    assert_eq!(table_points(&[-4, -4, 12, -4], &DK), tp([8, 8, 16, 8]));
}

#[test]
fn four_way_tie() {
    assert_eq!(table_points(&[0, 0, 0, 0], &DK), tp([10, 10, 10, 10]));
}

#[test]
fn shares_that_are_not_whole_stay_exact() {
    // Award 10/6/3/1 with a three-way tie for first: 19 / 3 each.
    let p = table_points(&[1, 1, 1, 0], &[10, 6, 3, 1]);
    assert_eq!(p[0].units() * 3, TablePoints::whole(19).units());
    let sum: TablePoints = p.iter().copied().sum();
    assert_eq!(sum, TablePoints::whole(20));
    assert_eq!(p[3], TablePoints::whole(1));
    assert_eq!(format!("{}", p[0]), "6.33");
}

#[test]
fn rulings_count_in_the_round_score() {
    let rulings = vec![
        Ruling { seat: 2, points: vec![1, -3, 1, 1], reason: "renege".into(), by: "J. Claes".into(), sanction: false, ..Default::default() },
        Ruling { seat: 4, points: vec![0, 0, 0, -5], reason: "late".into(), by: "J. Claes".into(), sanction: true, ..Default::default() },
    ];
    assert_eq!(round_scores(&[14, 3, 3, -20], &rulings), [15, 0, 4, -24]);
}

#[test]
fn a_ruling_must_be_zero_sum_unless_a_sanction() {
    let mut r = Ruling { seat: 2, points: vec![2, -6, 2, 0], reason: "fault".into(), by: "jury".into(), sanction: false, ..Default::default() };
    assert_eq!(r.check(4).unwrap_err().rule, Rule::RULING_ZERO_SUM);
    r.sanction = true;
    assert_eq!(r.check(4), Ok(2));
    r.seat = 5;
    assert_eq!(r.check(4).unwrap_err().rule, Rule::SEAT_RANGE);
    let unsigned = Ruling { seat: 1, points: vec![0; 4], reason: "x".into(), by: " ".into(), sanction: false, ..Default::default() };
    assert_eq!(unsigned.check(4).unwrap_err().rule, Rule::RULING_SHAPE);
    let short = Ruling { seat: 1, points: vec![0; 3], reason: "x".into(), by: "jury".into(), sanction: false, ..Default::default() };
    assert_eq!(short.check(4).unwrap_err().rule, Rule::RULING_SHAPE);
}

fn round(score: i64, points: i64) -> RoundResult {
    RoundResult { round: 1, table: Some(1), score, table_points: TablePoints::whole(points), bye: false, complete: true }
}

fn totals(rounds: &[(i64, i64)]) -> Totals {
    let rs: Vec<RoundResult> = rounds.iter().map(|(s, p)| round(*s, *p)).collect();
    Totals::of(&rs)
}

#[test]
fn final_ranking_uses_points_then_score_sum_then_best_round() {
    let chain = criteria(RankingMethod::TablePoints, &[TieBreak::ScoreSum, TieBreak::BestRound]);
    let players = vec![
        totals(&[(10, 16), (-5, 4)]), // 20 points, sum 5, best 10
        totals(&[(3, 12), (2, 12)]),  // 24 points
        totals(&[(1, 8), (4, 12)]),   // 20 points, sum 5, best 4
        totals(&[(8, 12), (-2, 8)]),  // 20 points, sum 6
        totals(&[(5, 12), (0, 8)]),   // 20 points, sum 5, best 5
    ];
    let places: Vec<(usize, usize, bool)> = rank(&players, &chain).iter().map(|p| (p.index, p.rank, p.shared)).collect();
    assert_eq!(places, [(1, 1, false), (3, 2, false), (0, 3, false), (4, 4, false), (2, 5, false)]);
}

/// Which tie-break placed one player above the next, worked by hand on the players above:
/// 24 points against 20 is the points' doing; 20 and sum 6 against 20 and sum 5, the sum's;
/// 20, sum 5, best 10 against best 5, the best round's; equal on everything, none.
#[test]
fn the_tie_break_that_decided_a_place_is_the_first_that_differs() {
    let chain = criteria(RankingMethod::TablePoints, &[TieBreak::ScoreSum, TieBreak::BestRound]);
    let (p24, p20s6) = (totals(&[(3, 12), (2, 12)]), totals(&[(8, 12), (-2, 8)]));
    let (p20b10, p20b5) = (totals(&[(10, 16), (-5, 4)]), totals(&[(5, 12), (0, 8)]));
    assert_eq!(decided_by(&p24, &p20s6, &chain), None);
    assert_eq!(decided_by(&p20s6, &p20b10, &chain), Some(TieBreak::ScoreSum));
    assert_eq!(decided_by(&p20b10, &p20b5, &chain), Some(TieBreak::BestRound));
    assert_eq!(decided_by(&p20b5, &p20b5.clone(), &chain), None);
    // Ranked by score alone, 20 points and sum 5 twice: nothing parts them.
    assert_eq!(decided_by(&p20b10, &p20b5, &criteria(RankingMethod::TotalScore, &[])), None);
}

#[test]
fn complete_ties_share_the_place_and_the_next_rank_skips() {
    let chain = criteria(RankingMethod::TablePoints, &[TieBreak::ScoreSum, TieBreak::BestRound]);
    let players = vec![totals(&[(4, 12), (6, 8)]), totals(&[(6, 12), (4, 8)]), totals(&[(30, 16), (1, 16)]), totals(&[(-6, 4), (-4, 4)])];
    let places: Vec<(usize, usize, bool)> = rank(&players, &chain).iter().map(|p| (p.index, p.rank, p.shared)).collect();
    assert_eq!(places, [(2, 1, false), (0, 2, true), (1, 2, true), (3, 4, false)]);
}

#[test]
fn total_score_ranking() {
    let chain = criteria(RankingMethod::TotalScore, &[TieBreak::BestRound]);
    let players = vec![totals(&[(10, 4), (10, 4)]), totals(&[(25, 16), (-6, 16)]), totals(&[(19, 4), (1, 4)])];
    let order: Vec<usize> = rank(&players, &chain).iter().map(|p| p.index).collect();
    assert_eq!(order, [2, 0, 1]);
}

#[test]
fn a_bye_counts_as_a_round_score_of_zero() {
    let bye = RoundResult { round: 2, table: None, score: 0, table_points: TablePoints::whole(10), bye: true, complete: true };
    let t = Totals::of(&[round(-5, 8), bye, round(-3, 10)]);
    assert_eq!(t.table_points, TablePoints::whole(28));
    assert_eq!((t.score_sum, t.best_round), (-8, Some(0)));
}

/// A bye's table points when the settings give none: the average of the places at the
/// game's smallest table (King at 20 15 10 5: 12½; Double Lucky 7, two seats at least: 8 4 →
/// 6); Double King's new tournaments keep FORMAT.md's 10 as their own (the game's defaults),
/// whatever the place points.
#[test]
fn a_bye_scores_the_table_average_unless_the_settings_give_its_points() {
    use atout_rules::{GameId, TournamentSettings};
    use serde_json::json;
    let bye = |game, settings| TournamentSettings::parse(game, &settings, true).unwrap().bye_table_points();
    assert_eq!(bye(GameId::King, json!({"table_points": [20, 15, 10, 5]})), TablePoints::share(50, 4));
    assert_eq!(bye(GameId::King, json!({"table_points": [20, 15, 10, 5]})).to_string(), "12.5");
    assert_eq!(bye(GameId::DoubleLucky7, json!({"ranking": "table-points"})), TablePoints::whole(6));
    assert_eq!(bye(GameId::DoubleKing, json!({"table_points": [20, 15, 10, 5], "bye": {"table_points": 12}})), TablePoints::whole(12));
    let defaults = (GameId::DoubleKing.spec().unwrap().defaults)();
    assert_eq!(defaults["bye"], json!({"table_points": 10, "score": 0}));
    let mut with = defaults.clone();
    with.insert("table_points".into(), json!([20, 15, 10, 5]));
    assert_eq!(bye(GameId::DoubleKing, serde_json::Value::Object(with)), TablePoints::whole(10));
}

/// The least figure of 64 bits has no positive twin: its absolute value overflowed (a panic
/// in a debug build) or stayed negative and passed the bound of ±1000 (stored in a release
/// build, summing to zero with another). Refused like any figure beyond the bound.
#[test]
fn the_least_figure_is_refused_by_the_bounds() {
    use atout_rules::{GameId, TournamentSettings};
    use serde_json::json;
    let r = Ruling { seat: 2, points: vec![i64::MIN, i64::MIN, 0, 0], reason: "x".into(), by: "jury".into(), sanction: true, ..Default::default() };
    assert_eq!(r.check(4).unwrap_err().rule, Rule::RULING_SHAPE);
    for settings in [
        json!({"table_points": [16, 12, 8, i64::MIN]}),
        json!({"bye": {"table_points": 10, "score": i64::MIN}}),
        json!({"bye": {"table_points": i64::MIN, "score": 0}}),
        json!({"table_points": {"4": [16, 12, 8, i64::MIN]}}),
    ] {
        assert_eq!(TournamentSettings::parse(GameId::DoubleKing, &settings, true).unwrap_err().rule, Rule::SETTINGS, "{settings}");
    }
}
