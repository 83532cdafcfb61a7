//! Invariants over random sheets, scores and draws (proptest).

use atout_rules::double_king::{Deal, DoubleKing};
use atout_rules::draw::{draw, History};
use atout_rules::ranking::{criteria, rank, table_points, Totals};
use atout_rules::settings::{RankingMethod, TieBreak};
use atout_rules::TablePlan;
use atout_rules::{Game, Table, TablePoints};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A complete, valid Double King sheet, with random faults and voided trump deals mixed in.
fn random_sheet(seed: u64, faults: bool) -> (usize, Vec<Deal>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let first = rng.random_range(1..=4);
    (first, atout_rules::double_king::random_sheet(&mut rng, first, faults))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_complete_sheet_sums_to_zero(seed in any::<u64>(), voids in any::<bool>()) {
        let (first, deals) = random_sheet(seed, voids);
        let sheet = Game::replay(&DoubleKing::default(), Table::new(4, first), &deals).unwrap();
        prop_assert!(sheet.complete);
        prop_assert_eq!(sheet.deals_played, 20);
        prop_assert_eq!(sheet.totals.iter().sum::<i64>(), 0);
        // Negatives alone total −104, trumps +104.
        let negative: i64 = sheet.lines.iter().filter(|l| l.counts && !l.label.starts_with('T')).flat_map(|l| l.points.clone()).sum();
        prop_assert_eq!(negative, -104);
        prop_assert_eq!(Game::next_choices(&DoubleKing::default(), Table::new(4, first), &deals).unwrap(), None);
    }

    #[test]
    fn every_prefix_of_a_valid_sheet_offers_its_next_line(seed in any::<u64>()) {
        let (first, deals) = random_sheet(seed, true);
        for k in 0..deals.len() {
            let c = Game::next_choices(&DoubleKing::default(), Table::new(4, first), &deals[..k]).unwrap().unwrap();
            prop_assert!(c.allowed.contains(&deals[k].contract.unwrap()), "line {} not offered", k + 1);
        }
    }

    #[test]
    fn table_points_add_up_to_forty(scores in prop::collection::vec(-60i64..60, 4)) {
        let points = table_points(&scores, &[16, 12, 8, 4]);
        prop_assert_eq!(points.iter().copied().sum::<TablePoints>(), TablePoints::whole(40));
        // A higher score never gets fewer points.
        for i in 0..4 {
            for j in 0..4 {
                if scores[i] > scores[j] { prop_assert!(points[i] > points[j]); }
                if scores[i] == scores[j] { prop_assert_eq!(points[i], points[j]); }
            }
        }
    }

    #[test]
    fn the_final_order_is_total_with_shared_places_only_on_complete_ties(
        rows in prop::collection::vec((0i64..6, -20i64..20, -10i64..10), 1..30)
    ) {
        let players: Vec<Totals> = rows.iter().map(|(p, s, b)| Totals {
            table_points: TablePoints::whole(*p * 4),
            score_sum: *s,
            best_round: Some(*b),
        }).collect();
        let chain = criteria(RankingMethod::TablePoints, &[TieBreak::ScoreSum, TieBreak::BestRound]);
        let places = rank(&players, &chain);
        prop_assert_eq!(places.len(), players.len());
        let mut seen: Vec<usize> = places.iter().map(|p| p.index).collect();
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..players.len()).collect::<Vec<_>>());
        let key = |t: &Totals| (t.table_points, t.score_sum, t.best_round);
        for (k, w) in places.windows(2).enumerate() {
            let (a, b) = (&players[w[0].index], &players[w[1].index]);
            prop_assert!(key(a) >= key(b));
            if key(a) == key(b) {
                prop_assert_eq!(w[0].rank, w[1].rank);
                prop_assert!(w[0].shared && w[1].shared);
            } else {
                prop_assert_eq!(w[1].rank, k + 2);
            }
        }
        for p in &places {
            let ties = players.iter().filter(|t| key(t) == key(&players[p.index])).count();
            prop_assert_eq!(p.shared, ties > 1);
        }
    }

    #[test]
    fn a_draw_seats_everyone_once_and_byes_rotate(n in 4usize..40, seed in any::<u64>()) {
        let players: Vec<u64> = (1..=n as u64).collect();
        let mut history = History::new();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let rounds = 6;
        for _ in 0..rounds {
            let d = draw(&mut rng, &players, &plan(players.len()), &history).unwrap();
            prop_assert_eq!(d.byes.len(), n % 4);
            let mut all: Vec<u64> = d.tables.iter().flat_map(|t| t.seats.clone()).chain(d.byes.clone()).collect();
            all.sort_unstable();
            prop_assert_eq!(&all, &players);
            // Nobody gets a second bye before everyone had one.
            let least = players.iter().map(|p| history.byes_of(*p)).min().unwrap();
            // A player with more byes than the least sits out only when all with the least do too.
            if d.byes.iter().any(|b| history.byes_of(*b) > least) {
                for p in players.iter().filter(|p| history.byes_of(**p) == least) {
                    prop_assert!(d.byes.contains(p));
                }
            }
            for b in &d.byes { history.bye(*b); }
            let counts: Vec<u32> = players.iter().map(|p| history.byes_of(*p)).collect();
            prop_assert!(counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1);
            for t in &d.tables {
                prop_assert!((1..=4).contains(&t.first_dealer));
                history.table(&t.seats);
            }
        }
    }
}

fn plan(players: usize) -> TablePlan {
    TablePlan::fixed(players, 4).unwrap()
}

/// A complete King sheet of the given variant, chosen at random among the games the
/// rules offer at each deal, with random figures and sales.
fn random_king_sheet(game: &atout_rules::king::King, rng: &mut ChaCha8Rng) -> (usize, Vec<atout_rules::king::Deal>) {
    use atout_rules::king::{Deal, Phase, Trump};
    fn split(rng: &mut ChaCha8Rng, total: i64) -> [i64; 4] {
        let mut cuts = [rng.random_range(0..=total), rng.random_range(0..=total), rng.random_range(0..=total)];
        cuts.sort_unstable();
        [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]
    }
    let first = rng.random_range(1..=4);
    let mut deals = vec![];
    while let Some(c) = Game::next_choices(game, Table::new(4, first), &deals).unwrap() {
        let phase = c.allowed[rng.random_range(0..c.allowed.len())];
        let seat = |rng: &mut ChaCha8Rng| rng.random_range(1..=4usize);
        let deal = match phase {
            Phase::Recup => {
                let d = Deal::recup(Trump::Hearts, split(rng, 13));
                if rng.random_bool(0.4) {
                    let buyer = (c.leader + rng.random_range(0..3)) % 4 + 1;
                    d.sold(c.leader, buyer, rng.random_range(1..=13))
                } else {
                    d
                }
            }
            Phase::KingOfHearts => Deal::king(seat(rng)),
            Phase::LastTwo => Deal::last_two(seat(rng), seat(rng)),
            Phase::KingAndLastTwo => Deal::king_and_last_two(seat(rng), seat(rng), seat(rng)),
            Phase::NoTricks | Phase::NoHearts => Deal::counted(phase, split(rng, 13)),
            Phase::NoKingsJacks => Deal::counted(phase, split(rng, 8)),
            Phase::NoQueens => Deal::counted(phase, split(rng, 4)),
        };
        deals.push(deal);
    }
    (first, deals)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn a_complete_king_sheet_sums_to_zero_in_every_variant(seed in any::<u64>(), order in 0usize..3, scoring in 0usize..3, merged in any::<bool>()) {
        let order = ["standard", "negatives-first", "choice"][order];
        let mut settings = serde_json::json!({"order": order});
        let (koh, last_two) = [(6, serde_json::json!([2, 2])), (5, serde_json::json!([2, 3])), (10, serde_json::Value::Null)][scoring].clone();
        settings["king_of_hearts"] = koh.into();
        settings["last_two"] = last_two.clone();
        settings["king_and_last_two"] = (merged && !last_two.is_null()).into();
        let game = atout_rules::king::King::from_settings(settings.as_object().unwrap()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (first, deals) = random_king_sheet(&game, &mut rng);
        let sheet = Game::replay(&game, Table::new(4, first), &deals).unwrap();
        prop_assert!(sheet.complete);
        prop_assert_eq!(deals.len(), if last_two.is_null() || merged { 9 } else { 10 });
        prop_assert_eq!(sheet.totals.iter().sum::<i64>(), 0);
        // Negatives total −52, récups +52 (a sale moves tricks between two players).
        let negative: i64 = sheet.lines.iter().filter(|l| !l.label.starts_with("recup")).flat_map(|l| l.points.clone()).sum();
        prop_assert_eq!(negative, -52);
    }

    #[test]
    fn every_lucky_7_hand_scores_0_or_10_plus_twice_the_tricks(seed in any::<u64>(), seats in 2usize..=7, hands in prop::sample::select(vec![7usize, 14])) {
        use atout_rules::lucky7::{Hand, Lucky7};
        let game = Lucky7 { hands };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let first = rng.random_range(1..=seats);
        let mut sheet = vec![];
        for h in 1..=hands {
            let cards = game.cards(h) as i64;
            let mut tricks = vec![0i64; seats];
            for _ in 0..cards { tricks[rng.random_range(0..seats)] += 1; }
            let mut bids: Vec<i64> = (0..seats).map(|s| if rng.random_bool(0.5) { tricks[s] } else { rng.random_range(0..=cards) }).collect();
            if bids.iter().sum::<i64>() == cards {
                // The last bidder must change: any other bid will do.
                let k = rng.random_range(0..seats);
                bids[k] = if bids[k] == 0 { 1.min(cards) } else { bids[k] - 1 };
                if bids.iter().sum::<i64>() == cards { bids[k] += 2.min(cards - bids[k]); }
            }
            prop_assume!(bids.iter().sum::<i64>() != cards);
            sheet.push(Hand { cards, bids: bids.clone(), tricks: tricks.clone() });
        }
        let checked = Game::replay(&game, Table::new(seats, first), &sheet).unwrap();
        for (i, line) in checked.lines.iter().enumerate() {
            let factor = if i + 1 == 7 { 2 } else { 1 };
            for (s, p) in line.points.iter().enumerate() {
                let exact = sheet[i].bids[s] == sheet[i].tricks[s];
                prop_assert_eq!(*p, if exact { (10 + 2 * sheet[i].tricks[s]) * factor } else { 0 });
            }
            // Somebody always misses: the bids never add up to the cards.
            prop_assert!(sheet[i].bids.iter().zip(&sheet[i].tricks).any(|(b, t)| b != t));
        }
    }

    #[test]
    fn table_points_add_up_at_every_table_size(size in 2usize..=7, scores in prop::collection::vec(-60i64..60, 7)) {
        let places = atout_rules::settings::default_places(size);
        let points = table_points(&scores[..size], &places);
        prop_assert_eq!(points.iter().copied().sum::<TablePoints>(), TablePoints::whole(places.iter().sum()));
    }
}

/// A random points table within the bounds (every contract, random figures).
fn random_points(rng: &mut ChaCha8Rng) -> serde_json::Value {
    let mut table = serde_json::Map::new();
    for c in atout_rules::rikken::Contract::ALL.iter().filter(|c| **c != atout_rules::rikken::Contract::Pass) {
        let mut row = serde_json::json!({"made": rng.random_range(0..=1000), "failed": rng.random_range(0..=1000),
                                         "over": rng.random_range(0..=50), "under": rng.random_range(0..=50)});
        if rng.random_bool(0.5) {
            row["all"] = rng.random_range(0..=1000).into();
        }
        table.insert(c.code().to_string(), row);
    }
    serde_json::Value::Object(table)
}

/// A random Rikken sheet (deals and fines), valid whatever the points table.
fn random_rikken_sheet(rng: &mut ChaCha8Rng, seats: usize, first: usize, deals: usize) -> Vec<atout_rules::rikken::Entry> {
    use atout_rules::rikken::{Contract, Entry, Fine};
    let mut out = vec![];
    for d in 0..deals {
        let dealer = (first - 1 + d) % seats + 1;
        let players: Vec<usize> = (1..=seats).filter(|s| seats == 4 || *s != dealer).collect();
        if rng.random_bool(0.1) {
            out.push(Entry::fine(Fine::ALL[rng.random_range(0..3)], rng.random_range(1..=seats)));
        }
        let pick = |rng: &mut ChaCha8Rng| players[rng.random_range(0..4)];
        let c = Contract::ALL[rng.random_range(0..Contract::ALL.len())];
        let e = match c.kind() {
            atout_rules::rikken::Kind::Partner => {
                let d = pick(rng);
                let p = loop {
                    let p = pick(rng);
                    if p != d {
                        break p;
                    }
                };
                Entry::partner(c, d, p, rng.random_range(0..=13))
            }
            atout_rules::rikken::Kind::Solo => Entry::solo(c, pick(rng), rng.random_range(0..=13)),
            atout_rules::rikken::Kind::Misere => {
                let mut ds = vec![pick(rng)];
                let other = pick(rng);
                if other != ds[0] && rng.random_bool(0.4) {
                    ds.push(other);
                }
                let ts: Vec<i64> = ds.iter().map(|_| if rng.random_bool(0.5) { 0 } else { rng.random_range(1..=6) }).collect();
                Entry::misere(c, &ds, &ts)
            }
            atout_rules::rikken::Kind::Pass => Entry::pass(),
        };
        // Every solo gets the jury's consent, so the sheet holds whatever the losses.
        out.push(if c.is_solo() { e.with_jury("Jury") } else { e });
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_rikken_deal_and_fine_sums_to_zero(seed in any::<u64>(), five in any::<bool>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = if five { 5 } else { 4 };
        let first = rng.random_range(1..=seats);
        let settings = serde_json::json!({"points": random_points(&mut rng)});
        let game = atout_rules::rikken::Rikken::from_settings(settings.as_object().unwrap()).unwrap();
        let sheet = random_rikken_sheet(&mut rng, seats, first, game.needed(seats));
        let checked = Game::replay(&game, Table::new(seats, first), &sheet).unwrap();
        prop_assert!(checked.complete);
        for line in &checked.lines {
            prop_assert_eq!(line.points.iter().sum::<i64>(), 0, "line {}", line.line);
            if let Some(out) = line.sits_out { prop_assert_eq!(line.points[out - 1], 0); }
        }
        // Another points table changes the points, never the deals or who dealt them.
        let other = serde_json::json!({"points": random_points(&mut rng)});
        let game2 = atout_rules::rikken::Rikken::from_settings(other.as_object().unwrap()).unwrap();
        let again = Game::replay(&game2, Table::new(seats, first), &sheet).unwrap();
        prop_assert_eq!(again.deals_played, checked.deals_played);
        let dealers = |s: &atout_rules::Sheet| s.lines.iter().map(|l| (l.deal, l.dealer)).collect::<Vec<_>>();
        prop_assert_eq!(dealers(&again), dealers(&checked));
    }
}
