//! Kings Cribbage (RULES.md §5): the hand calculator and the move log, with
//! expectations counted by hand (the counts are written out beside each case).

use atout_rules::cribbage::{self, max_points, parse_hand, score_hand, Tile};
use atout_rules::{GameId, Rules, Table};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn score(tiles: &[&str]) -> i64 {
    score_hand(&parse_hand(tiles).unwrap()).points
}

/// (tiles, points, how they were counted by hand)
const HANDS: &[(&[&str], i64, &str)] = &[
    (&["4", "5", "5", "6"], 12, "fifteens 4+5+6 twice = 4, pair of fives 2, runs 4-5-6 twice = 6"),
    (&["5", "5", "5", "5", "5"], 40, "ten pairs = 20, ten triples of fives = 20"),
    (&["K", "5"], 2, "one fifteen, the king as 10"),
    (&["J", "Q", "K", "5"], 9, "5 with each face: 3 fifteens = 6, run J-Q-K = 3"),
    (&["3", "4", "4", "5"], 8, "pair 2, runs 3-4-5 twice = 6, no fifteen (3+4+4+5 = 16)"),
    (&["3", "3", "3", "4", "5"], 21, "three pairs 6, three runs of 3 = 9, 3+3+4+5 three ways = 6"),
    (&["8", "8", "8", "8"], 12, "four alike: six pairs"),
    (&["7", "7", "7", "7"], 12, "four alike, 7+7 = 14 is no fifteen"),
    (&["2", "3", "4", "5", "6"], 9, "run of 5 = 5, fifteens 4+5+6 and 2+3+4+6 = 4"),
    (&["6", "9"], 2, "a 6 and a 6 turned into a 9: one fifteen"),
    (&["9", "6"], 2, "the same in the other order"),
    (&["6", "6"], 2, "two sixes: a pair, no fifteen"),
    (&["Q", "K", "A"], 0, "aces are low only: no run, no fifteen (11, 21, 23)"),
    (&["A", "2", "3"], 3, "run of 3, sum 6"),
    (&["7", "8"], 2, "one fifteen"),
    (&["5", "10"], 2, "one fifteen"),
    (&["5", "5"], 2, "a pair (5+5 = 10)"),
    (&["5", "5", "5"], 8, "three pairs 6, one fifteen 2"),
    (&["5", "5", "5", "5"], 20, "six pairs 12, four fifteens 8"),
    (&["5", "5", "5", "5", "J"], 28, "six pairs 12, four 5+5+5 and four 5+J = 16"),
    (&["7", "7", "8", "8"], 12, "two pairs 4, four 7+8 = 8"),
    (&["4", "5", "6"], 5, "run 3, one fifteen 2"),
    (&["3", "4", "5", "6", "7"], 9, "run of 5, fifteens 3+5+7 and 4+5+6 = 4"),
    (&["10", "J", "Q", "K"], 4, "run of 4; faces make no fifteen together"),
    (&["9", "9", "6"], 6, "pair 2, two 9+6 = 4"),
    (&["A", "4", "J"], 2, "A+4+J = 15"),
    (&["2", "2", "2", "9"], 8, "three pairs 6, 2+2+2+9 = 15 once"),
    (&["6", "6", "6", "9", "9"], 20, "pairs 3+1 = 8, six 6+9 = 12"),
    (&["3", "3", "4", "4", "5"], 20, "four runs of 3 = 12, two pairs 4, 3+3+4+5 twice = 4"),
    (&["K", "K"], 2, "a pair of kings"),
    (&["2", "3", "Q"], 2, "2+3+Q = 15"),
    (&["7", "8", "9"], 5, "run 3, 7+8 = 2"),
    (&["A", "2", "3", "4", "5"], 7, "run of 5, A+2+3+4+5 = 15"),
    (&["5", "J", "Q", "K", "10"], 12, "run 10-J-Q-K = 4, 5 with each of four tens = 8"),
    (&["4", "4", "4", "4", "4"], 20, "ten pairs, no fifteen (4s make 8, 12, 16, 20)"),
    (&["a", "k"], 0, "lower case read as A and K: nothing"),
];

#[test]
fn hands_counted_by_hand() {
    assert!(HANDS.len() >= 25);
    for (tiles, points, why) in HANDS {
        assert_eq!(score(tiles), *points, "{tiles:?}: {why}");
    }
}

#[test]
fn the_parts_of_a_hand() {
    let s = score_hand(&parse_hand(&["4", "5", "5", "6"]).unwrap());
    assert_eq!((s.fifteens, s.runs, s.run_length, s.pairs), (2, 2, 3, 1));
    let s = score_hand(&parse_hand(&["3", "3", "3", "4", "5"]).unwrap());
    assert_eq!((s.fifteens, s.runs, s.run_length, s.pairs), (3, 3, 3, 3));
    assert_eq!(s.tiles, ["3", "3", "3", "4", "5"]);
}

#[test]
fn bad_hands_are_refused_naming_the_rule() {
    for (tiles, rule) in [
        (vec!["5"], "hand-size"),
        (vec![], "hand-size"),
        (vec!["5", "5", "5", "5", "5", "5"], "hand-size"),
        (vec!["1", "5"], "tile"),
        (vec!["11", "5"], "tile"),
        (vec!["X", "5"], "tile"),
        (vec!["V", "5"], "tile"),
        (vec!["0", "5"], "tile"),
    ] {
        let err = parse_hand(&tiles).unwrap_err();
        assert_eq!(err.rule.code(), rule, "{tiles:?}");
    }
    // The calculator through the game's spec, as the api and the CLI use it.
    let calc = GameId::KingsCribbage.spec().unwrap().calculator.unwrap();
    assert_eq!(calc(&["4".into(), "5".into(), "5".into(), "6".into()]).unwrap()["points"], 12);
    assert_eq!(calc(&["4".into()]).unwrap_err().rule.code(), "hand-size");
    assert!(GameId::DoubleKing.spec().unwrap().calculator.is_none());
}

fn rank() -> impl Strategy<Value = u8> {
    1u8..=13
}

fn text(r: u8) -> String {
    match r {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        n => n.to_string(),
    }
}

proptest! {
    #[test]
    fn a_hands_score_does_not_depend_on_the_order_of_its_tiles(ranks in prop::collection::vec(rank(), 2..=5), seed in any::<u64>()) {
        let tiles: Vec<String> = ranks.iter().map(|r| text(*r)).collect();
        let mut shuffled = tiles.clone();
        // A rotation and a swap chosen by the seed.
        let n = shuffled.len();
        shuffled.rotate_left((seed % n as u64) as usize);
        shuffled.swap(0, ((seed / 7) % n as u64) as usize);
        prop_assert_eq!(score(&tiles.iter().map(String::as_str).collect::<Vec<_>>()), score(&shuffled.iter().map(String::as_str).collect::<Vec<_>>()));
    }

    #[test]
    fn a_hand_never_scores_above_the_maximum_for_its_size(ranks in prop::collection::vec(rank(), 2..=5)) {
        let tiles: Vec<String> = ranks.iter().map(|r| text(*r)).collect();
        let points = score(&tiles.iter().map(String::as_str).collect::<Vec<_>>());
        prop_assert!((0..=max_points(tiles.len())).contains(&points), "{:?} scored {}", tiles, points);
    }
}

/// The maxima 2 / 8 / 20 / 40 (reasoned in `max_points`) hold over every hand, and are reached.
#[test]
fn the_maxima_hold_over_every_hand_and_are_reached() {
    fn all(n: usize, from: u8, acc: &mut Vec<Tile>, best: &mut i64) {
        if acc.len() == n {
            *best = (*best).max(score_hand(acc).points);
            return;
        }
        for r in from..=13 {
            acc.push(Tile::parse(&text(r)).unwrap());
            all(n, r, acc, best);
            acc.pop();
        }
    }
    for n in 2..=5 {
        let mut best = 0;
        all(n, 1, &mut vec![], &mut best);
        assert_eq!(best, max_points(n), "{n} tiles");
    }
}

// ------------------------------------------------------------------ move log

fn game(settings: Value) -> Box<dyn Rules> {
    let map: Map<String, Value> = serde_json::from_value(settings).unwrap();
    GameId::KingsCribbage.rules(&map).unwrap()
}

fn mv(seat: i64, lines: Value, placed: i64, bonuses: &[&str]) -> Value {
    json!({"seat": seat, "lines": lines, "placed": placed, "bonuses": bonuses})
}

/// The points of each entry, or the (line, rule) of the first refusal.
fn replay(g: &dyn Rules, seats: usize, first: usize, entries: &[Value]) -> Result<Vec<Vec<i64>>, (Option<usize>, String)> {
    g.replay(Table::new(seats, first), entries).map(|s| s.lines.iter().map(|l| l.points.clone()).collect()).map_err(|e| (e.line, e.rule().code().to_string()))
}

fn opening() -> Vec<Value> {
    // Seat 2 opens at a table of three whose first player is seat 2.
    vec![mv(2, json!([["4", "5", "5", "6"]]), 4, &["first"])]
}

#[test]
fn a_game_move_by_move() {
    let g = game(json!({}));
    let mut log = opening();
    // Seat 3 extends 4-5-5-6 with a 6 at one end... no: a line has 5 tiles at most;
    // it lays a 9 beside the 6 across: the new line 6-9 (a fifteen, 2), and lays
    // nothing else: 1 tile.
    log.push(mv(3, json!([["6", "9"]]), 1, &[]));
    // Seat 1 passes and exchanges three tiles.
    log.push(json!({"seat": 1, "pass": true, "exchanged": 3}));
    // Seat 2 lays four tiles making a line of five with one on the board, and a
    // column: 3-4-5-6-7 (9) and 7-8 (2); the line is all one colour (+10).
    log.push(mv(2, json!([["3", "4", "5", "6", "7"], ["7", "8"]]), 4, &["one-colour"]));
    // Seat 3 lays all five: 5-5-5-5-J across the board (28) and 5-10 down (2): 30 + 10.
    log.push(mv(3, json!([["5", "5", "5", "5", "J"], ["5", "10"]]), 5, &["all-five"]));
    // A joker claim: seat 1 saw that seat 3 missed 2 points.
    log.push(json!({"joker": {"by": 1, "from": 3, "points": 2}}));
    // A wrong call by seat 2 costs it 5.
    log.push(json!({"joker": {"by": 2, "points": 0}}));
    // Five turns played (a pass is one), the claims none (the printed sheet's rows to fill follow the
    // turns; a claim counted as one put the next row under the wrong seat).
    let before_end = g.replay(Table::new(3, 2), &log).unwrap();
    assert_eq!((before_end.deals_played, before_end.deals_needed, before_end.complete), (5, 6, false));
    // The end: seat 1 holds K and 3 (13), seat 2 nothing, seat 3 an ace (1).
    log.push(json!({"remaining": [["K", "3"], [], ["A"]]}));
    let points = replay(&*g, 3, 2, &log).unwrap();
    assert_eq!(
        points,
        vec![
            vec![0, 22, 0], // 12 + first 10
            vec![0, 0, 2],
            vec![0, 0, 0],
            vec![0, 21, 0], // 9 + 2 + 10
            vec![0, 0, 40], // 28 + 2 + 10
            vec![2, 0, -2],
            vec![0, -5, 0],
            vec![-13, 0, -1],
        ]
    );
    let sheet = g.replay(Table::new(3, 2), &log).unwrap();
    assert!(sheet.complete);
    assert_eq!(sheet.totals, [-11, 38, 39]);
    // Whose each line is: the turns from seat 2 (first), a claim its caller's, the end no one's
    // (it was marked as seat 1's turn, on the window's sheet and the printed one).
    let whose: Vec<Option<usize>> = sheet.lines.iter().map(|l| l.dealer).collect();
    assert_eq!(whose, [Some(2), Some(3), Some(1), Some(2), Some(3), Some(1), Some(2), None]);
    assert!(sheet.next_scorer.is_empty(), "no serviteur unless the tournament plays it");
    assert_eq!(g.next_choices(Table::new(3, 2), &log).unwrap(), None);
    // Nothing follows the end.
    let mut after = log.clone();
    after.push(json!({"seat": 3, "pass": true}));
    assert_eq!(replay(&*g, 3, 2, &after), Err((Some(9), "after-end".into())));
    // With the serviteur, the lowest total (seat 1) keeps the next game's score.
    let s = game(json!({"serviteur": true})).replay(Table::new(3, 2), &log).unwrap();
    assert_eq!(s.next_scorer, [1]);
}

#[test]
fn what_the_next_entry_may_be() {
    let g = game(json!({}));
    let c = g.next_choices(Table::new(4, 3), &[]).unwrap().unwrap();
    assert_eq!((c["seat"].as_u64(), c["first_move"].as_bool(), c["holds"].as_u64(), c["bag"].as_u64()), (Some(3), Some(true), Some(5), Some(84)));
    let c = g.next_choices(Table::new(4, 3), &[mv(3, json!([["7", "8"]]), 2, &["first"])]).unwrap().unwrap();
    assert_eq!((c["seat"].as_u64(), c["first_move"].as_bool(), c["bag"].as_u64()), (Some(4), Some(false), Some(82)));
    // A pass before any move: the first move is still due.
    let c = g.next_choices(Table::new(2, 1), &[json!({"seat": 1, "pass": true})]).unwrap().unwrap();
    assert_eq!((c["seat"].as_u64(), c["first_move"].as_bool()), (Some(2), Some(true)));
}

#[test]
fn every_refusal_names_its_rule_and_line() {
    let g = game(json!({}));
    let cases: Vec<(Vec<Value>, usize, &str)> = vec![
        // Bonuses.
        (vec![opening()[0].clone(), mv(3, json!([["7", "8"]]), 1, &["first"])], 2, "bonus"),
        (vec![mv(2, json!([["4", "5", "5", "6"]]), 4, &["first", "all-five"])], 1, "bonus"),
        (vec![mv(2, json!([["4", "5", "5", "6"]]), 4, &["one-colour"])], 1, "bonus"),
        (vec![mv(2, json!([["4", "5", "5", "6"]]), 4, &["first", "first"])], 1, "bonus"),
        (vec![mv(2, json!([["4", "5", "5", "6"]]), 4, &["double"])], 1, "bonus"),
        (vec![opening()[0].clone(), mv(3, json!([["2", "3", "4", "5", "6"]]), 2, &["one-colour", "one-colour"])], 2, "bonus"),
        // Turns.
        (vec![mv(1, json!([["7", "8"]]), 2, &[])], 1, "turn"),
        (vec![opening()[0].clone(), json!({"seat": 1, "pass": true})], 2, "turn"),
        (vec![mv(4, json!([["7", "8"]]), 2, &[])], 1, "seat-range"),
        // Tiles laid.
        (vec![mv(2, json!([["7", "8"]]), 1, &[])], 1, "placed"),
        (vec![opening()[0].clone(), mv(3, json!([["7", "8"]]), 0, &[])], 2, "placed"),
        (vec![opening()[0].clone(), mv(3, json!([["7", "8"]]), 6, &[])], 2, "placed"),
        // Lines.
        (vec![mv(2, json!([["7", "8"], ["6", "9"]]), 5, &[])], 1, "move-lines"),
        (
            vec![opening()[0].clone(), mv(3, json!([["7", "8"], ["7", "8"], ["7", "8"], ["7", "8"], ["7", "8"], ["7", "8"], ["7", "8"]]), 1, &[])],
            2,
            "move-lines",
        ),
        (vec![opening()[0].clone(), mv(3, json!([["7", "8"]]), 3, &[])], 2, "move-lines"),
        (vec![opening()[0].clone(), mv(3, json!([]), 1, &[])], 2, "move-lines"),
        // One tile laid makes at most two lines (its row and its column): three are refused
        // (they were scored, 4 points more than the board allows).
        (vec![opening()[0].clone(), mv(3, json!([["5", "10"], ["5", "10"], ["5", "10"]]), 1, &[])], 2, "move-lines"),
        // Three tiles laid lie in one line: the longest listed holds at least three.
        (vec![opening()[0].clone(), mv(3, json!([["5", "10"], ["7", "8"], ["6", "9"]]), 3, &[])], 2, "move-lines"),
        (vec![mv(2, json!([["7"]]), 1, &[])], 1, "placed"),
        (vec![opening()[0].clone(), mv(3, json!([["7"]]), 1, &[])], 2, "hand-size"),
        (vec![opening()[0].clone(), mv(3, json!([["7", "8", "9", "10", "J", "Q"]]), 1, &[])], 2, "hand-size"),
        (vec![opening()[0].clone(), mv(3, json!([["Q", "K", "A"]]), 1, &[])], 2, "hand-scores"),
        (vec![opening()[0].clone(), mv(3, json!([["7", "8"], ["2", "4"]]), 1, &[])], 2, "hand-scores"),
        (vec![opening()[0].clone(), mv(3, json!([["7", "B"]]), 1, &[])], 2, "tile"),
        // Passes, the end, claims.
        (vec![json!({"seat": 2, "pass": true, "exchanged": 6})], 1, "exchange"),
        (vec![json!({"seat": 2, "pass": true, "exchanged": -1})], 1, "exchange"),
        (vec![json!({"remaining": [["K"], []]})], 1, "end"),
        (vec![json!({"remaining": [["K"], [], ["A", "2", "3", "4", "5", "6"]]})], 1, "end"),
        (vec![json!({"remaining": [["K"], [], ["Z"]]})], 1, "tile"),
        (vec![json!({"joker": {"by": 1, "from": 1, "points": 4}})], 1, "joker-claim"),
        (vec![json!({"joker": {"by": 1, "from": 2, "points": 0}})], 1, "joker-claim"),
        (vec![json!({"joker": {"by": 1, "points": 4}})], 1, "joker-claim"),
        (vec![json!({"joker": {"by": 1, "from": 2, "points": 321}})], 1, "joker-claim"),
        // Shapes.
        (vec![json!({"seat": 2, "pass": true, "lines": [["7", "8"]], "placed": 2})], 1, "deal-shape"),
        (vec![json!({"seat": 2, "lines": [["7", "8"]]})], 1, "deal-shape"),
        (vec![json!({"seat": 2})], 1, "deal-shape"),
        (vec![json!({"seat": 2, "pass": true, "placed": 1})], 1, "deal-shape"),
    ];
    for (log, line, rule) in cases {
        assert_eq!(replay(&*g, 3, 2, &log), Err((Some(line), rule.to_string())), "{log:?}");
    }
    // The joker rule switched off.
    let off = game(json!({"joker": false}));
    assert_eq!(replay(&*off, 3, 2, &[json!({"joker": {"by": 1, "from": 2, "points": 2}})]), Err((Some(1), "joker-off".into())));
    // A table of five is no Kings Cribbage table.
    assert_eq!(g.replay(Table::new(5, 1), &[]).unwrap_err().rule().code(), "table-size");
}

/// When the bag is empty, the tiles held shrink: a move may not lay more than
/// the player holds, nor the end list more.
#[test]
fn an_empty_bag_limits_what_is_laid_and_left() {
    let g = game(json!({}));
    let table = Table::new(2, 1);
    let five = json!([["5", "5", "5", "5", "5"]]);
    let mut log = vec![mv(1, five.clone(), 5, &["first", "all-five"])];
    loop {
        let c = g.next_choices(table, &log).unwrap().unwrap();
        if c["holds"].as_u64().unwrap() < 5 {
            break;
        }
        log.push(mv(c["seat"].as_i64().unwrap(), five.clone(), 5, &["all-five"]));
    }
    // 94 tiles in the bag at two seats: after 19 moves of five it is empty and
    // seat 1 (who made the 19th) holds the 4 it could draw; seat 2 then lays its
    // five and draws nothing.
    assert_eq!(log.len(), 20);
    let c = g.next_choices(table, &log).unwrap().unwrap();
    assert_eq!((c["seat"].as_u64(), c["holds"].as_u64(), c["bag"].as_u64(), c["holding"].clone()), (Some(1), Some(4), Some(0), json!([4, 0])));
    // Seat 2 has laid its last tile and the bag is empty: the game has ended (RULES.md §5),
    // and nothing but its end (or a joker's call) follows — a move of seat 1 was taken.
    let mut over = log.clone();
    over.push(mv(1, json!([["5", "5", "5", "10"]]), 4, &[]));
    assert_eq!(replay(&*g, 2, 1, &over), Err((Some(21), "after-end".into())));
    let mut exchange = log.clone();
    exchange.push(json!({"seat": 1, "pass": true}));
    assert_eq!(replay(&*g, 2, 1, &exchange), Err((Some(21), "after-end".into())));
    let mut claim = log.clone();
    claim.push(json!({"joker": {"by": 1, "from": 2, "points": 2}}));
    claim.push(json!({"remaining": [["A", "J"], []]}));
    assert!(replay(&*g, 2, 1, &claim).is_ok());
    let mut end = log.clone();
    end.push(json!({"remaining": [["A"], ["A"]]}));
    assert_eq!(replay(&*g, 2, 1, &end), Err((Some(21), "end".into())));
    end.pop();
    end.push(json!({"remaining": [["A", "J"], []]}));
    assert_eq!(replay(&*g, 2, 1, &end).unwrap().last().unwrap(), &vec![-11, 0]);
}

#[test]
fn the_hint_scores_each_line_as_it_is_typed() {
    let g = game(json!({}));
    let hint = g.hint(Table::new(2, 1), &[], &json!({"lines": [["4", "5", "5", "6"], ["7"], ["7", "X"]]}));
    assert_eq!(hint["lines"][0]["points"], 12);
    assert_eq!(hint["lines"][1]["rule"], "hand-size");
    assert_eq!(hint["lines"][2]["rule"], "tile");
}

/// The hint says the bonuses a move typed as lines earns and its total, as the check counts
/// them (the window shows them, adding up nothing): the first move of the game, five tiles
/// laid, a line of five marked as of one colour. Worked by hand: 4-5-5-6 scores 12; the
/// first move with five tiles laid and one line of five marked earns 3 × 10.
#[test]
fn the_hint_says_the_bonuses_due_and_the_moves_total() {
    let g = game(json!({}));
    let table = Table::new(2, 1);
    let first = json!({"lines": [["4", "5", "5", "6", "K"]], "placed": 5, "bonuses": ["one-colour"]});
    let hint = g.hint(table, &[], &first);
    // 4-5-5-6-K: fifteens 4-5-6 ×2, 5-K ×2 (8), a pair (2), runs 4-5-6 ×2 (6) = 16.
    assert_eq!(hint["lines"][0]["points"], 16);
    assert_eq!(hint["bonuses"], json!(["first", "all-five", "one-colour"]));
    assert_eq!(hint["total"], 16 + 30);
    // After a move: no first bonus; three tiles laid, no all-five; no line of five, no colour.
    let before = [json!({"seat": 1, "lines": [["4", "5", "5", "6"]], "placed": 4, "bonuses": ["first"]})];
    let next = json!({"seat": 2, "lines": [["7", "8"]], "placed": 3, "bonuses": ["one-colour"]});
    let hint = g.hint(table, &before, &next);
    assert_eq!(hint["bonuses"], json!([]));
    assert_eq!(hint["total"], 2);
}

#[test]
fn random_sheets_are_valid_and_complete() {
    let g = game(json!({}));
    for seats in 2..=4 {
        for seed in 0..20 {
            let table = Table::new(seats, 1 + (seed as usize % seats));
            let sheet = g.random_sheet(table, seed);
            let checked = g.replay(table, &sheet).unwrap();
            assert!(checked.complete, "{seats} seats, seed {seed}");
        }
    }
    // Sanity: the tile names.
    assert_eq!(cribbage::Tile::parse("10").unwrap().to_string(), "10");
}

/// FORMAT.md's own example of a first move (two lines, three tiles laid) is read as written:
/// where the tiles lie is not in the log (docs/rules-decisions.md).
#[test]
fn formats_example_move_is_read_as_written() {
    let g = game(json!({}));
    let example = json!({"seat": 1, "lines": [["4", "5", "5", "6"], ["6", "9"]], "placed": 3, "bonuses": ["first"]});
    // 12 + 2 + the first-move bonus.
    assert_eq!(replay(&*g, 2, 1, &[example]), Ok(vec![vec![24, 0]]));
}

// ------------------------------------------------------------ moves on the board

fn laid(seat: i64, tiles: &[(&str, i64, [i64; 2])]) -> Value {
    json!({"seat": seat, "tiles": tiles.iter().map(|(t, c, at)| json!({"tile": t, "colour": c, "at": at})).collect::<Vec<_>>()})
}

/// Two seats, seat 1 first. 1: 5 and 10 in row 0 (a fifteen, 2, and the first move's 10) = 12.
/// 2: a 10 under the 5 (column 5-10: a fifteen) = 2. 3: a 5 under the 10 makes two lines at
/// once, row 10-5 and column 10-5, a fifteen each = 4.
#[test]
fn a_move_on_the_board_scores_every_line_through_its_tiles() {
    let g = game(json!({}));
    let moves = vec![laid(1, &[("5", 1, [0, 0]), ("10", 2, [0, 1])]), laid(2, &[("10", 1, [1, 0])]), laid(1, &[("5", 2, [1, 1])])];
    assert_eq!(replay(g.as_ref(), 2, 1, &moves), Ok(vec![vec![12, 0], vec![0, 2], vec![4, 0]]));
    let sheet = g.replay(Table::new(2, 1), &moves).unwrap();
    assert_eq!(sheet.lines[2].label, "10-5 · 10-5");
    // The board after them, rebuilt from the moves in order.
    let entries: Vec<cribbage::Entry> = moves.iter().map(|m| serde_json::from_value(m.clone()).unwrap()).collect();
    let board = cribbage::board_of(Table::new(2, 1), &entries).unwrap();
    assert_eq!(board.len(), 4);
    assert_eq!(board[&(1, 1)].0.to_string(), "5");
}

/// A-2-3-4-5 in one row: a run of five (5) and one fifteen (2) = 7, with the first move's 10 and
/// all five tiles' 10 = 27; all of one colour, 10 more = 37. A sixth tile on that row makes a
/// line of six: refused.
#[test]
fn five_in_a_row_of_one_colour_and_a_line_of_six() {
    let g = game(json!({}));
    let row = |colour: [i64; 5]| {
        laid(1, &[("A", colour[0], [0, 0]), ("2", colour[1], [0, 1]), ("3", colour[2], [0, 2]), ("4", colour[3], [0, 3]), ("5", colour[4], [0, 4])])
    };
    assert_eq!(replay(g.as_ref(), 2, 1, &[row([1, 2, 1, 2, 1])]), Ok(vec![vec![27, 0]]));
    assert_eq!(replay(g.as_ref(), 2, 1, &[row([1; 5])]), Ok(vec![vec![37, 0]]));
    let six = [row([1; 5]), laid(2, &[("6", 1, [0, 5])])];
    assert_eq!(replay(g.as_ref(), 2, 1, &six), Err((Some(2), "board-long".into())));
}

#[test]
fn every_board_rule_is_refused_by_its_code() {
    let g = game(json!({}));
    let open = laid(1, &[("5", 1, [0, 0]), ("10", 2, [0, 1])]);
    let after = |m: Value| replay(g.as_ref(), 2, 1, &[open.clone(), m]);
    assert_eq!(after(laid(2, &[("5", 1, [0, 0])])), Err((Some(2), "board-cell".into())));
    assert_eq!(after(laid(2, &[("5", 1, [1, 0]), ("5", 2, [1, 0])])), Err((Some(2), "board-cell".into())));
    assert_eq!(after(laid(2, &[("5", 1, [1, 0]), ("5", 2, [2, 1])])), Err((Some(2), "board-straight".into())));
    assert_eq!(after(laid(2, &[("5", 1, [1, 0]), ("10", 2, [3, 0])])), Err((Some(2), "board-straight".into())));
    assert_eq!(after(laid(2, &[("5", 1, [5, 5])])), Err((Some(2), "board-touch".into())));
    // A king under the 5: the column 5-K is a fifteen, but under the 10, 10-K scores nothing.
    assert_eq!(after(laid(2, &[("K", 1, [1, 1])])), Err((Some(2), "board-scores".into())));
    assert_eq!(after(laid(2, &[("K", 3, [1, 0])])), Err((Some(2), "deal-shape".into())));
    assert_eq!(after(laid(2, &[("5", 1, [1001, 0])])), Err((Some(2), "board-cell".into())));
    // The first move anywhere (FORMAT.md): far from (0, 0) too (it was refused past ±1000),
    // the next ones within reach of it; past 2⁵³ (what JSON tools keep exact), off the board.
    let far = laid(1, &[("5", 1, [10_000, -7]), ("10", 2, [10_000, -6])]);
    assert_eq!(replay(g.as_ref(), 2, 1, &[far.clone(), laid(2, &[("5", 1, [10_001, -6])])]), Ok(vec![vec![12, 0], vec![0, 2]]));
    assert_eq!(replay(g.as_ref(), 2, 1, &[far, laid(2, &[("5", 1, [1, 0])])]), Err((Some(2), "board-cell".into())));
    // No more tiles of a rank and colour than the set's four: a fifth 5 of colour 1 (four are
    // laid across, 5-5-5-5 and a J), refused; a 6 and a 9 count together, eight of the two.
    let fives = laid(1, &[("5", 1, [0, 0]), ("5", 1, [0, 1]), ("5", 1, [0, 2]), ("5", 1, [0, 3]), ("J", 1, [0, 4])]);
    assert_eq!(replay(g.as_ref(), 2, 1, &[fives.clone(), laid(2, &[("10", 2, [1, 0])])]).map(|p| p.len()), Ok(2));
    assert_eq!(replay(g.as_ref(), 2, 1, &[fives, laid(2, &[("5", 1, [1, 4])])]), Err((Some(2), "board-tiles".into())));
    // Five 6s of colour 1 (one of them a 9 turned, as the set allows), then a ninth 6/9.
    let sixes = [
        laid(1, &[("6", 1, [0, 0]), ("9", 1, [0, 1]), ("6", 1, [0, 2]), ("9", 1, [0, 3]), ("6", 1, [0, 4])]),
        laid(2, &[("9", 1, [1, 0]), ("6", 1, [1, 1]), ("6", 1, [1, 2])]),
    ];
    assert!(replay(g.as_ref(), 2, 1, &sixes).is_ok(), "five 6s and three 9s: eight of the two");
    let ninth = [&sixes[..], &[laid(1, &[("9", 1, [2, 2])])]].concat();
    assert_eq!(replay(g.as_ref(), 2, 1, &ninth), Err((Some(3), "board-tiles".into())));
    let edge = laid(1, &[("5", 1, [i64::MAX, 0]), ("10", 2, [i64::MAX, 1])]);
    assert_eq!(replay(g.as_ref(), 2, 1, &[edge]), Err((Some(1), "board-cell".into())));
    // Once a move is written as lines, the board is not known: a move on the board is refused.
    let mixed = [mv(1, json!([["5", "10"]]), 2, &["first"]), laid(2, &[("10", 1, [1, 0])])];
    assert_eq!(replay(g.as_ref(), 2, 1, &mixed), Err((Some(2), "deal-shape".into())));
    // A move on the board gives its tiles only.
    let both = json!({"seat": 1, "tiles": [{"tile": "5", "colour": 1, "at": [0, 0]}], "placed": 1});
    assert_eq!(replay(g.as_ref(), 2, 1, &[both]), Err((Some(1), "deal-shape".into())));
}

proptest! {
    /// Any legal move on the board scores as the same move written as lines, and the moves
    /// replayed in order rebuild the board, tile by tile.
    #[test]
    fn a_board_move_scores_as_its_lines_and_rebuilds_the_board(tries in proptest::collection::vec((0usize..4, 1u8..=13, 1i64..=2, -3i64..=3, -3i64..=3, any::<bool>()), 1..60)) {
        let g = game(json!({}));
        let table = Table::new(2, 1);
        let (mut board_moves, mut line_moves): (Vec<Value>, Vec<Value>) = (vec![], vec![]);
        let mut seat = 1;
        for (len, rank, colour, r, c, across) in tries {
            let tiles: Vec<(String, i64, [i64; 2])> = (0..=len as i64)
                .map(|k| (text(((u64::from(rank) + k as u64 * 3) % 13 + 1) as u8), colour, if across { [r, c + k] } else { [r + k, c] }))
                .collect();
            let refs: Vec<(&str, i64, [i64; 2])> = tiles.iter().map(|(t, c, at)| (t.as_str(), *c, *at)).collect();
            let m = laid(seat, &refs);
            let mut trial = board_moves.clone();
            trial.push(m.clone());
            if g.replay(table, &trial).is_err() {
                continue;
            }
            let entries: Vec<cribbage::Entry> = board_moves.iter().map(|m| serde_json::from_value(m.clone()).unwrap()).collect();
            let board = cribbage::board_of(table, &entries).unwrap();
            let laid_tiles: Vec<cribbage::Laid> = serde_json::from_value(m["tiles"].clone()).unwrap();
            line_moves.push(cribbage::as_lines(&board, seat, &laid_tiles, !board_moves.is_empty()).unwrap());
            board_moves.push(m);
            seat = 3 - seat;
        }
        let by_board = g.replay(table, &board_moves).unwrap();
        let by_lines = g.replay(table, &line_moves).unwrap();
        prop_assert_eq!(by_board.lines.iter().map(|l| &l.points).collect::<Vec<_>>(), by_lines.lines.iter().map(|l| &l.points).collect::<Vec<_>>());
        let entries: Vec<cribbage::Entry> = board_moves.iter().map(|m| serde_json::from_value(m.clone()).unwrap()).collect();
        let board = cribbage::board_of(table, &entries).unwrap();
        let laid_count: usize = board_moves.iter().map(|m| m["tiles"].as_array().unwrap().len()).sum();
        prop_assert_eq!(board.len(), laid_count);
        for m in &board_moves {
            for t in m["tiles"].as_array().unwrap() {
                let at = (t["at"][0].as_i64().unwrap(), t["at"][1].as_i64().unwrap());
                prop_assert_eq!(board[&at].0.to_string(), t["tile"].as_str().unwrap());
            }
        }
    }
}

/// While a move is laid, the hint names the lines it makes on the board, each with its parts,
/// or the board's rule it breaks.
#[test]
fn the_hint_reads_the_lines_off_the_board() {
    let g = game(json!({}));
    let table = Table::new(2, 1);
    let before = [laid(1, &[("5", 1, [0, 0]), ("10", 2, [0, 1])]), laid(2, &[("10", 1, [1, 0])])];
    let hint = g.hint(table, &before, &laid(1, &[("5", 2, [1, 1])]));
    let lines: Vec<(String, i64)> =
        hint["lines"].as_array().unwrap().iter().map(|l| (l["line"].as_str().unwrap().to_string(), l["points"].as_i64().unwrap())).collect();
    assert_eq!(lines, [("10-5".to_string(), 2), ("10-5".to_string(), 2)]);
    assert_eq!(hint["lines"][0]["parts"][0]["key"], "fifteens");
    let refused = g.hint(table, &before, &laid(1, &[("K", 1, [1, 1])]));
    assert_eq!(refused["rule"], "board-scores");
}

/// A move on the board reads as a player says it (issue "The club evening, tried again"): the
/// tiles in the order they lie, their colour by name, the row or column — not cell numbers.
#[test]
fn a_move_on_the_board_reads_as_a_player_says_it() {
    let rules = atout_rules::GameId::KingsCribbage.rules(&serde_json::Map::new()).unwrap();
    let names = atout_rules::Names::of(rules.as_ref());
    let seats = ["Anne".to_string(), "Bart".to_string()];
    let row = serde_json::json!({"seat": 1, "tiles": [{"tile": "10", "colour": 1, "at": [0, 1]}, {"tile": "5", "colour": 1, "at": [0, 0]}]});
    let said = names.entry(&row, &seats);
    assert_eq!(said.en, "1. Anne: 5 and 10 in yellow, row 1");
    assert_eq!(said.nl, "1. Anne: 5 en 10 in geel, rij 1");
    let column = serde_json::json!({"seat": 2, "tiles": [{"tile": "K", "colour": 2, "at": [2, 3]}, {"tile": "3", "colour": 1, "at": [1, 3]}]});
    assert_eq!(names.entry(&column, &seats).fr, "2. Bart : 3 (jaune) et K (bleu), colonne 4");
    // A single tile: its row and its column.
    let one = serde_json::json!({"seat": 2, "tiles": [{"tile": "10", "colour": 1, "at": [1, 0]}]});
    assert_eq!(names.entry(&one, &seats).en, "2. Bart: 10 in yellow, row 2, column 1");
    // A move written as lines reads field by field, as before.
    let lines = serde_json::json!({"seat": 1, "lines": [["4", "5", "6"]], "placed": 3});
    assert!(names.entry(&lines, &seats).en.contains("4-5-6"));
    // No bonus: nothing said of the bonuses (it read «… · bonuses: » with nothing after).
    let plain = serde_json::json!({"seat": 1, "lines": [["4", "5", "6"]], "placed": 3, "bonuses": []});
    let said = names.entry(&plain, &seats);
    assert!(said.en.ends_with("tiles laid: 3") && !said.en.contains("bonus") && !said.fr.contains("bonus"), "{said:?}");
    // The end: a seat with no tile left reads «—», not an empty place («K-3 ·  · A»).
    let end = serde_json::json!({"end": true, "remaining": [["K", "3"], [], ["A"]]});
    let said = names.entry(&end, &seats).fr;
    assert!(said.contains("K-3 · — · A") && !said.contains(" ·  · "), "{said}");
}

/// Who a joker claim's line names, as the completed sheet prints it: who called it and who
/// missed it, as the line's own (it read «joker: (called by: … · missed by: … · points: 4)»,
/// the points already in the sheet's columns).
#[test]
fn a_joker_claims_line_names_who_called_and_who_missed_it() {
    let rules = atout_rules::GameId::KingsCribbage.rules(&serde_json::Map::new()).unwrap();
    let names = atout_rules::Names::of(rules.as_ref());
    let seats = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from);
    let claim = json!({"joker": {"by": 4, "from": 1, "points": 4}});
    let who = names.who(&claim, &seats);
    assert_eq!(who.en, "called by: 4. Dirk · missed by: 1. Anne");
    assert_eq!(who.fr, "annoncé par : 4. Dirk · oublié par : 1. Anne");
    // A move names its player alone, under the sheet's «played by».
    assert_eq!(names.who(&json!({"seat": 3, "lines": [["5", "5"]]}), &seats).fr, "3. Chloé");
    // A claim that found nothing missed names only who called it.
    assert_eq!(names.who(&json!({"joker": {"by": 2, "points": 0}}), &seats).nl, "geroepen door: 2. Bart");
}
