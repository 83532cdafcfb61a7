//! Season standings' invariants (RULES.md §6 "Seasons"), over random seasons.

use atout_rules::season::{self, Count, EveningPoints, Placed, SeasonPoints, SeasonRow, SeasonSettings};
use proptest::prelude::*;

/// An evening of up to `players` players with values from 0 to 64 in halves, ranked by
/// value as an evening's standings rank them (equal values share a place).
fn evening(players: usize) -> impl Strategy<Value = Vec<Placed>> {
    proptest::collection::vec(proptest::option::weighted(0.7, 0i64..=128), players).prop_map(|values| {
        let played: Vec<(usize, i64)> = values.iter().enumerate().filter_map(|(p, v)| v.map(|v| (p, v))).collect();
        played
            .iter()
            .map(|&(player, v)| {
                let better = played.iter().filter(|(_, w)| *w > v).count();
                let ways = played.iter().filter(|(_, w)| *w == v).count();
                Placed { player, rank: better + 1, ways, value: SeasonPoints::share(v, 2) }
            })
            .collect()
    })
}

fn settings() -> impl Strategy<Value = SeasonSettings> {
    (
        prop_oneof![
            Just(EveningPoints::Result),
            proptest::collection::vec(0i64..=30, 1..12).prop_map(|mut s| {
                s.sort_unstable_by(|a, b| b.cmp(a));
                EveningPoints::Scale(s)
            })
        ],
        prop_oneof![Just(Count::All), (1usize..6).prop_map(Count::Best)],
        1usize..4,
        1usize..4,
    )
        .prop_map(|(points, count, min_evenings, club_best)| SeasonSettings { points, count, min_evenings, club_best })
}

fn season() -> impl Strategy<Value = (SeasonSettings, Vec<Vec<Placed>>)> {
    (settings(), 1usize..12).prop_flat_map(|(s, players)| (Just(s), proptest::collection::vec(evening(players), 0..8)))
}

fn sum_all(row: &SeasonRow) -> SeasonPoints {
    row.results.iter().fold(SeasonPoints::ZERO, |t, r| t.plus(r.points))
}

proptest! {
    /// Evening points are never negative (table points and scales are not), so a season's
    /// total never exceeds the sum of all the player's evenings, and counts at most N of them.
    #[test]
    fn the_total_never_exceeds_all_evenings((s, evenings) in season()) {
        for row in season::standings(&s, &evenings) {
            prop_assert!(row.total <= sum_all(&row));
            let counted = row.results.iter().filter(|r| r.counted).count();
            let due = match s.count { Count::All => row.evenings, Count::Best(n) => n.min(row.evenings) };
            prop_assert_eq!(counted, due);
            let kept = row.results.iter().filter(|r| r.counted).fold(SeasonPoints::ZERO, |t, r| t.plus(r.points));
            prop_assert_eq!(kept, row.total);
            // No evening left out brings more than one counted.
            let lowest_counted = row.results.iter().filter(|r| r.counted).map(|r| r.points).min();
            for r in row.results.iter().filter(|r| !r.counted) {
                prop_assert!(Some(r.points) <= lowest_counted);
            }
        }
    }

    /// Under "all", adding an evening never lowers anyone's total.
    #[test]
    fn another_evening_never_lowers_a_total_under_all((s, mut evenings) in season(), extra in evening(11)) {
        let s = SeasonSettings { count: Count::All, ..s };
        let before = season::standings(&s, &evenings);
        evenings.push(extra);
        let after = season::standings(&s, &evenings);
        for row in &before {
            let later = after.iter().find(|r| r.player == row.player).expect("a player stays");
            prop_assert!(later.total >= row.total);
        }
    }

    /// The order is total: each row is at least as good as the next, ranks are one plus the
    /// number of strictly better rows, and a place is shared exactly when keys are equal.
    #[test]
    fn the_order_is_total_with_shared_places_only_for_equal_keys((s, evenings) in season()) {
        let rows = season::standings(&s, &evenings);
        let key = |r: &SeasonRow| (r.qualified, r.total, r.evenings, r.best);
        for (i, row) in rows.iter().enumerate() {
            if let Some(next) = rows.get(i + 1) {
                prop_assert!(season::compare(row, next).is_le());
            }
            let better = rows.iter().filter(|r| key(r) > key(row)).count();
            prop_assert_eq!(row.rank, better + 1);
            let equal = rows.iter().filter(|r| key(r) == key(row)).count();
            prop_assert_eq!(row.shared, equal > 1);
            prop_assert_eq!(row.qualified, row.evenings >= s.min_evenings);
        }
        // Club totals never exceed the sum of their members' totals.
        let clubs = season::clubs(&s, &rows, |p| Some(["A", "B", "C"][p % 3]));
        for c in &clubs {
            prop_assert!(c.players.len() <= s.club_best);
            let all = rows.iter().filter(|r| ["A", "B", "C"][r.player % 3] == c.club).fold(SeasonPoints::ZERO, |t, r| t.plus(r.total));
            prop_assert!(c.total <= all);
        }
    }
}

/// What set a player below another on the same total, in the season's order (RULES.md §6):
/// 166 in four evenings above 166 in three: the evenings; 150 in three with a best of 70
/// above 150 in three with a best of 64: the best evening; different totals, or a qualified
/// player above one under the minimum: nothing to break.
#[test]
fn what_broke_a_season_tie() {
    let p = SeasonPoints::whole;
    let said = |a, b| season::decided_by(a, b).map(|t| t.en);
    assert_eq!(said((true, p(166), 4, p(64)), (true, p(166), 3, p(70))), Some("evenings played"));
    assert_eq!(said((true, p(150), 3, p(70)), (true, p(150), 3, p(64))), Some("best evening"));
    assert_eq!(said((true, p(174), 4, p(70)), (true, p(166), 4, p(64))), None);
    assert_eq!(said((true, p(40), 2, p(30)), (false, p(40), 1, p(40))), None);
    assert_eq!(said((true, p(40), 2, p(30)), (true, p(40), 2, p(30))), None);
}
