//! Tables of the size the game is played at (FORMAT.md "Tables", `table_size`): the fewest
//! tables of at most N that seat everyone, as even as possible, none under the game's least.

use atout_rules::{GameId, Rule, TablePlan, TournamentSettings};
use serde_json::json;

fn plan(game: GameId, size: usize, players: usize) -> Result<(Vec<usize>, usize), Rule> {
    let settings = TournamentSettings::parse(game, &json!({ "table_size": size }), true).unwrap();
    let rules = game.rules(&serde_json::Map::new()).unwrap();
    settings.table_plan(rules.as_ref(), players).map(|p| (p.sizes, p.byes)).map_err(|v| v.rule)
}

#[test]
fn the_examples_of_the_format() {
    // 7 players at 7 → one table of 7; 10 at 7 → 5 + 5.
    assert_eq!(plan(GameId::DoubleLucky7, 7, 7), Ok((vec![7], 0)));
    assert_eq!(plan(GameId::DoubleLucky7, 7, 10), Ok((vec![5, 5], 0)));
    // 6 cribbage players at 3 → 3 + 3; 10 Rikken players at 5 → 5 + 5.
    assert_eq!(plan(GameId::KingsCribbage, 3, 6), Ok((vec![3, 3], 0)));
    assert_eq!(plan(GameId::Rikken, 5, 10), Ok((vec![5, 5], 0)));
}

#[test]
fn the_fewest_tables_as_even_as_possible() {
    // 15 at 7: three tables (two would hold 14), 5 + 5 + 5.
    assert_eq!(plan(GameId::DoubleLucky7, 7, 15), Ok((vec![5, 5, 5], 0)));
    // 16 at 7: three tables, 6 + 5 + 5 (the bigger ones first).
    assert_eq!(plan(GameId::DoubleLucky7, 7, 16), Ok((vec![6, 5, 5], 0)));
    // 7 cribbage players at 3: three tables, 3 + 2 + 2.
    assert_eq!(plan(GameId::KingsCribbage, 3, 7), Ok((vec![3, 2, 2], 0)));
    // 9 Rikken players at 5: 5 + 4.
    assert_eq!(plan(GameId::Rikken, 5, 9), Ok((vec![5, 4], 0)));
    // 2 Lucky 7 players at 7: one table of two.
    assert_eq!(plan(GameId::DoubleLucky7, 7, 2), Ok((vec![2], 0)));
}

#[test]
fn players_who_cannot_be_seated_so_sit_out() {
    // 11 Rikken players at 5: three tables would seat 3 or 4 (under 4 for some), so 5 + 5 and a bye.
    assert_eq!(plan(GameId::Rikken, 5, 11), Ok((vec![5, 5], 1)));
    // 10 Rikken players at 4: 4 + 4, two byes (a table of three is no Rikken table).
    assert_eq!(plan(GameId::Rikken, 4, 10), Ok((vec![4, 4], 2)));
    // 3 Rikken players: not one table.
    assert_eq!(plan(GameId::Rikken, 5, 3), Err(Rule::TABLE_SIZE));
    // One Lucky 7 player: nobody to play with.
    assert_eq!(plan(GameId::DoubleLucky7, 4, 1), Err(Rule::TABLE_SIZE));
}

#[test]
fn a_size_outside_the_game_is_refused() {
    for (game, size) in
        [(GameId::DoubleLucky7, 8), (GameId::DoubleLucky7, 1), (GameId::Rikken, 3), (GameId::Rikken, 6), (GameId::KingsCribbage, 5), (GameId::DoubleKing, 5)]
    {
        let refused = TournamentSettings::parse(game, &json!({ "table_size": size }), true).unwrap_err();
        assert_eq!(refused.rule, Rule::SETTINGS, "{game:?} at {size}");
    }
    assert_eq!(TournamentSettings::parse(GameId::Rikken, &json!({ "table_size": "five" }), true).unwrap_err().rule, Rule::SETTINGS);
    // A game played at one size takes that size.
    assert_eq!(plan(GameId::DoubleKing, 4, 9), Ok((vec![4, 4], 1)));
}

#[test]
fn without_the_setting_the_game_draws_as_before() {
    let settings = TournamentSettings::parse(GameId::DoubleLucky7, &json!({}), true).unwrap();
    let rules = GameId::DoubleLucky7.rules(&serde_json::Map::new()).unwrap();
    assert_eq!(settings.table_plan(rules.as_ref(), 7).unwrap().sizes, rules.plan(7).unwrap().sizes);
    assert_eq!(settings.table_plan(rules.as_ref(), 7).unwrap().sizes, [4, 3]);
}

#[test]
fn every_split_seats_everyone_it_can_within_the_sizes() {
    for most in 2..=7 {
        for players in 2..=60 {
            let p = TablePlan::at_most(players, most, 2..=7).unwrap();
            // Tables of two leave the odd player out; from three up, everyone finds a table.
            let byes = if most == 2 { players % 2 } else { 0 };
            assert_eq!(p.byes, byes, "{players} at {most}");
            assert_eq!(p.sizes.iter().sum::<usize>() + byes, players);
            assert_eq!(p.sizes.len(), (players - byes).div_ceil(most), "the fewest tables");
            let (big, small) = (p.sizes.iter().max().unwrap(), p.sizes.iter().min().unwrap());
            assert!(big - small <= 1 && *big <= most && *small >= 2, "{players} at {most}: {:?}", p.sizes);
        }
    }
}
