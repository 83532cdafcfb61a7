//! Seasons (RULES.md §6 "Seasons"): a club's championship over many evenings, ranked
//! from each evening's standings. Pure: the api hands over each evening's places and
//! ranking values; this module says what each evening brings, which evenings count, the
//! order and the club ranking.

use crate::ranking::{TablePoints, SHARE_UNIT};
use crate::{said, Rule, Said, Tr, Violation};
use serde::{Serialize, Serializer};
use serde_json::{json, Map, Value};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// Denominator of [`SeasonPoints`]: the least common multiple of 1 to 16, so a place
/// scale's points shared by up to sixteen players stay exact (and table points, in
/// 1/840ths, convert exactly). Beyond sixteen ways a share is rounded toward zero to
/// the 1/720720th of a point.
pub const POINT_UNIT: i64 = 720_720;

/// The largest figure a season setting takes (scale points, best N, minimum, clubs' K).
pub const SETTING_BOUND: i64 = 1000;

/// A season's points, kept exact (see [`POINT_UNIT`]); sums saturate, never wrap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeasonPoints(i64);

impl SeasonPoints {
    pub const ZERO: SeasonPoints = SeasonPoints(0);

    pub fn whole(points: i64) -> Self {
        SeasonPoints(points.saturating_mul(POINT_UNIT))
    }

    pub fn of_table_points(points: TablePoints) -> Self {
        SeasonPoints(points.units().saturating_mul(POINT_UNIT / SHARE_UNIT))
    }

    /// `pool` points shared equally by `ways` players.
    pub fn share(pool: i64, ways: usize) -> Self {
        SeasonPoints(pool.saturating_mul(POINT_UNIT) / ways.max(1) as i64)
    }

    pub fn units(self) -> i64 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / POINT_UNIT as f64
    }

    pub fn plus(self, other: SeasonPoints) -> SeasonPoints {
        SeasonPoints(self.0.saturating_add(other.0))
    }
}

impl fmt::Display for SeasonPoints {
    /// Whole points as they are, halves with one decimal, anything else with two.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.as_f64();
        if self.0 % POINT_UNIT == 0 {
            write!(f, "{}", self.0 / POINT_UNIT)
        } else if (self.0 % (POINT_UNIT / 2)) == 0 {
            write!(f, "{v:.1}")
        } else {
            write!(f, "{v:.2}")
        }
    }
}

impl Serialize for SeasonPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// What an evening brings a player (the setting `points`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EveningPoints {
    /// The evening's ranking value: table points, or the score sum under total-score.
    Result,
    /// Points by place, first place first; places past the scale bring 0.
    Scale(Vec<i64>),
}

/// Which evenings count (the setting `count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    All,
    Best(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonSettings {
    pub points: EveningPoints,
    pub count: Count,
    /// Players with fewer evenings are ranked after all the others.
    pub min_evenings: usize,
    /// The club ranking sums the season totals of each club's `club_best` best players.
    pub club_best: usize,
}

impl Default for SeasonSettings {
    fn default() -> Self {
        SeasonSettings { points: EveningPoints::Result, count: Count::All, min_evenings: 1, club_best: 3 }
    }
}

/// A place scale the season form offers when a club ranks evenings by place (the first 15
/// places; a place past it brings nothing): the scale most card clubs here use.
pub const OFFERED_SCALE: [i64; 15] = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/// The season settings' keys, in the order RULES.md lists them.
pub const KEYS: [&str; 4] = ["points", "count", "min_evenings", "clubs"];

fn bad(said: Said) -> Violation {
    Violation::said(Rule::SEASON_SETTINGS, said)
}

/// A whole number from 1 to [`SETTING_BOUND`] under `key`, said by the field's label in the
/// window (`what`) and its key (the key alone read «Points: de schaal…» in Dutch).
fn bounded(value: &Value, key: &str, what: Tr) -> Result<usize, Violation> {
    let Tr { en, fr, nl } = what;
    match value.as_i64() {
        Some(n) if (1..=SETTING_BOUND).contains(&n) => Ok(n as usize),
        _ => Err(bad(said!(
            "«{en}» ({key}) is a whole number from 1 to {SETTING_BOUND}, not {value}",
            "« {fr} » ({key}) est un nombre entier de 1 à {SETTING_BOUND}, pas {value}",
            "'{nl}' ({key}) is een geheel getal van 1 tot {SETTING_BOUND}, niet {value}"
        ))),
    }
}

/// The settings' fields as the window labels them.
const BEST_EVENINGS: Tr = Tr::new("Best evenings counting", "Meilleures soirées comptées", "Beste avonden die tellen");
const EVENINGS_NEEDED: Tr = Tr::new("Evenings needed to be ranked", "Soirées requises pour être classé", "Avonden nodig om gerangschikt te worden");
const PER_CLUB: Tr = Tr::new("Players counting per club", "Joueurs comptés par club", "Spelers die per club tellen");

impl SeasonSettings {
    /// Read a season's settings (a JSON object or null); every omitted key takes its
    /// default, an unknown key is refused (a typo must not pass silently). Read as a
    /// tournament's are: a whole number written as a decimal (2.0) is that number, a key
    /// set to null is left out (another tool's way to leave it unset; both were refused).
    pub fn parse(value: &Value) -> Result<SeasonSettings, Violation> {
        let map: Map<String, Value> = match crate::whole_numbers(value) {
            Value::Null => Map::new(),
            Value::Object(m) => m,
            _ => return Err(bad(said!("settings are a JSON object", "les paramètres sont un objet JSON", "de instellingen zijn een JSON-object"))),
        };
        if let Some(k) = map.keys().find(|k| !KEYS.contains(&k.as_str())) {
            let known = KEYS.join(", ");
            return Err(bad(said!(
                "unknown key `{k}` for a season; known keys: {known}",
                "clé `{k}` inconnue pour une saison ; clés connues : {known}",
                "onbekende sleutel `{k}` voor een seizoen; gekende sleutels: {known}"
            )));
        }
        let map: Map<String, Value> = map.into_iter().filter(|(_, v)| !v.is_null()).collect();
        let mut s = SeasonSettings::default();
        match map.get("points") {
            None => {}
            Some(Value::String(r)) if r == "result" => {}
            Some(Value::Array(list)) => {
                let max = SETTING_BOUND;
                if list.is_empty() || list.len() > max as usize {
                    return Err(bad(said!(
                        "the points by place (points) list 1 to {max} places",
                        "les points par place (points) comptent de 1 à {max} places",
                        "de punten per plaats (points) tellen 1 tot {max} plaatsen"
                    )));
                }
                let mut scale = Vec::with_capacity(list.len());
                for v in list {
                    match v.as_i64() {
                        Some(n) if (0..=SETTING_BOUND).contains(&n) => scale.push(n),
                        _ => {
                            return Err(bad(said!(
                                "the points by place (points): a place brings a whole number of points from 0 to {max}, not {v}",
                                "les points par place (points) : une place rapporte un nombre entier de points de 0 à {max}, pas {v}",
                                "de punten per plaats (points): een plaats levert een geheel aantal punten van 0 tot {max} op, niet {v}"
                            )))
                        }
                    }
                }
                if scale.windows(2).any(|w| w[0] < w[1]) {
                    return Err(bad(said!(
                        "the points by place (points) go down from first place to last",
                        "les points par place (points) décroissent de la première place à la dernière",
                        "de punten per plaats (points) dalen van de eerste plaats tot de laatste"
                    )));
                }
                s.points = EveningPoints::Scale(scale);
            }
            Some(other) => {
                return Err(bad(said!(
                    "points is \"result\" or a list of points by place, not {other}",
                    "points vaut \"result\" ou une liste de points par place, pas {other}",
                    "points is \"result\" of een lijst van punten per plaats, niet {other}"
                )))
            }
        }
        match map.get("count") {
            None => {}
            Some(Value::String(a)) if a == "all" => {}
            Some(Value::Object(o)) if o.len() == 1 && o.contains_key("best") => s.count = Count::Best(bounded(&o["best"], "count.best", BEST_EVENINGS)?),
            Some(other) => {
                return Err(bad(said!(
                    "count is \"all\" or {{\"best\": N}}, not {other}",
                    "count vaut \"all\" ou {{\"best\": N}}, pas {other}",
                    "count is \"all\" of {{\"best\": N}}, niet {other}"
                )))
            }
        }
        if let Some(v) = map.get("min_evenings") {
            s.min_evenings = bounded(v, "min_evenings", EVENINGS_NEEDED)?;
        }
        match map.get("clubs") {
            None => {}
            Some(Value::Object(o)) if o.len() == 1 && o.contains_key("best") => s.club_best = bounded(&o["best"], "clubs.best", PER_CLUB)?,
            Some(other) => {
                return Err(bad(said!(
                    "clubs is {{\"best\": K}}, not {other}",
                    "clubs vaut {{\"best\": K}}, pas {other}",
                    "clubs is {{\"best\": K}}, niet {other}"
                )))
            }
        }
        Ok(s)
    }

    /// Every key with its value, defaults included (what the season is ranked by).
    pub fn to_json(&self) -> Value {
        json!({
            "points": match &self.points { EveningPoints::Result => json!("result"), EveningPoints::Scale(s) => json!(s) },
            "count": match self.count { Count::All => json!("all"), Count::Best(n) => json!({"best": n}) },
            "min_evenings": self.min_evenings,
            "clubs": {"best": self.club_best},
        })
    }

    /// Which evenings count, in words: «Counted: each player's best 15 evenings».
    pub fn counted_said(&self) -> Said {
        match self.count {
            Count::All => said!("Counted: every evening", "Comptent : toutes les soirées", "Tellen mee: alle avonden"),
            Count::Best(1) => {
                said!("Counted: each player's best evening", "Compte : la meilleure soirée de chacun", "Telt mee: de beste avond van elke speler")
            }
            Count::Best(n) => said!(
                "Counted: each player's best {n} evenings",
                "Comptent : les {n} meilleures soirées de chacun",
                "Tellen mee: de beste {n} avonden van elke speler"
            ),
        }
    }

    /// The evenings a player needs to be ranked, in words.
    pub fn least_said(&self) -> Said {
        match self.min_evenings {
            1 => said!("one evening played to be ranked", "une soirée jouée pour être classé", "één gespeelde avond om gerangschikt te worden"),
            n => said!("at least {n} evenings to be ranked", "au moins {n} soirées pour être classé", "minstens {n} avonden om gerangschikt te worden"),
        }
    }

    /// Every setting in words, as a list or a heading says them: what an evening brings,
    /// which count, the evenings needed and the club ranking's players.
    pub fn said(&self) -> Said {
        let brings = match &self.points {
            EveningPoints::Result => {
                said!("an evening brings its ranking value", "une soirée rapporte sa valeur de classement", "een avond brengt zijn rangschikkingswaarde op")
            }
            EveningPoints::Scale(scale) => {
                let scale = scale.iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
                said!("points by place: {scale}", "points par place : {scale}", "punten per plaats: {scale}")
            }
        };
        // «counted: …» within the line, as the other parts open.
        let lower = |t: &str| t.chars().next().map(|c| c.to_lowercase().chain(t.chars().skip(1)).collect::<String>()).unwrap_or_default();
        let counted = self.counted_said();
        let counted = Said { en: lower(&counted.en), fr: lower(&counted.fr), nl: lower(&counted.nl) };
        let least = self.least_said();
        let clubs = match self.club_best {
            1 => said!("a club's best player counts", "le meilleur joueur d'un club compte", "de beste speler van een club telt"),
            n => said!("a club's best {n} players count", "les {n} meilleurs joueurs d'un club comptent", "de beste {n} spelers van een club tellen"),
        };
        let join = |parts: [&str; 4], sep: &str| parts.join(sep);
        Said {
            en: join([&brings.en, &counted.en, &least.en, &clubs.en], "; "),
            fr: join([&brings.fr, &counted.fr, &least.fr, &clubs.fr], " ; "),
            nl: join([&brings.nl, &counted.nl, &least.nl, &clubs.nl], "; "),
        }
    }
}

/// One player's place in one evening: the evening's rank, how many players share it,
/// and the evening's ranking value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The player, numbered by the caller (0, 1, 2 …). Within a shared season place,
    /// players are listed by this number: number them in the order to list them.
    pub player: usize,
    pub rank: usize,
    pub ways: usize,
    pub value: SeasonPoints,
}

/// What tells one evening from another in a season, and what its own result is worth beside
/// another's: its game and how it ranks, its name (as compared: case and accents aside), its
/// date and its players by name (as compared).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveningIdentity {
    pub game: String,
    pub ranking: crate::ranking::RankingMethod,
    pub name: String,
    pub date: Option<String>,
    pub players: std::collections::BTreeSet<String>,
}

impl EveningIdentity {
    /// Its own result worth the same as `other`'s (`points: "result"`): the same game,
    /// ranked the same way — table points beside table points, score sums beside score sums.
    pub fn comparable(&self, other: &EveningIdentity) -> bool {
        self.game == other.game && self.ranking == other.ranking
    }

    /// The same evening under another copy (a club's own evening exported and imported again
    /// as an archive, or an archive imported as a tournament and then into the season): the
    /// same game, name, date and players. Two evenings without a date are not taken for one
    /// (a club's undated «Clubavond» evenings, the same players each week).
    pub fn same(&self, other: &EveningIdentity) -> bool {
        self.date.is_some() && self.game == other.game && self.name == other.name && self.date == other.date && self.players == other.players
    }
}

/// The points an evening brings each of its players, in the order of `places`.
pub fn evening_points(settings: &SeasonSettings, places: &[Placed]) -> Vec<SeasonPoints> {
    places
        .iter()
        .map(|p| match &settings.points {
            EveningPoints::Result => p.value,
            EveningPoints::Scale(scale) => {
                // The places the shared rank covers: rank, rank + 1, … rank + ways − 1.
                let first = p.rank.saturating_sub(1).min(scale.len());
                let last = p.rank.saturating_sub(1).saturating_add(p.ways).min(scale.len());
                SeasonPoints::share(scale[first..last].iter().sum(), p.ways)
            }
        })
        .collect()
}

/// What one evening brought a player, and whether it counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeasonResult {
    /// The evening's number in the season (0: the first).
    pub evening: usize,
    pub points: SeasonPoints,
    pub counted: bool,
}

/// One player's line of the season standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeasonRow {
    pub player: usize,
    /// Competition rank (1, 1, 3); the players under the minimum follow the others.
    pub rank: usize,
    pub shared: bool,
    pub qualified: bool,
    pub evenings: usize,
    pub total: SeasonPoints,
    /// The best single evening.
    pub best: SeasonPoints,
    /// Each evening the player played, in season order.
    pub results: Vec<SeasonResult>,
}

impl SeasonRow {
    /// The order's key, best first when compared in reverse: qualified, counted total,
    /// evenings played, best single evening.
    fn key(&self) -> SeasonKey {
        (self.qualified, self.total, self.evenings, self.best)
    }
}

/// A player's place in the season's order: qualified, counted total, evenings played, best
/// single evening (RULES.md §6), compared in that order.
pub type SeasonKey = (bool, SeasonPoints, usize, SeasonPoints);

/// What set a player below another on the same total in the season's order: more evenings
/// played, then the best single evening; none when their totals differ or nothing does.
pub fn decided_by(above: SeasonKey, below: SeasonKey) -> Option<Tr> {
    if above.0 != below.0 || above.1 != below.1 {
        return None;
    }
    if above.2 != below.2 {
        Some(Tr::new("evenings played", "soirées jouées", "gespeelde avonden"))
    } else if above.3 != below.3 {
        Some(Tr::new("best evening", "meilleure soirée", "beste avond"))
    } else {
        None
    }
}

/// The season standings of `evenings` (each the places of the players who played it).
pub fn standings(settings: &SeasonSettings, evenings: &[Vec<Placed>]) -> Vec<SeasonRow> {
    let mut by_player: BTreeMap<usize, Vec<SeasonResult>> = BTreeMap::new();
    for (evening, places) in evenings.iter().enumerate() {
        for (p, points) in places.iter().zip(evening_points(settings, places)) {
            by_player.entry(p.player).or_default().push(SeasonResult { evening, points, counted: false });
        }
    }
    let mut rows: Vec<SeasonRow> = by_player
        .into_iter()
        .map(|(player, mut results)| {
            // The evenings that count: the best ones, the earlier first among equals.
            let mut order: Vec<usize> = (0..results.len()).collect();
            order.sort_by(|a, b| results[*b].points.cmp(&results[*a].points).then(results[*a].evening.cmp(&results[*b].evening)));
            let counted = match settings.count {
                Count::All => results.len(),
                Count::Best(n) => n.min(results.len()),
            };
            let mut total = SeasonPoints::ZERO;
            for i in &order[..counted] {
                results[*i].counted = true;
                total = total.plus(results[*i].points);
            }
            let best = results.iter().map(|r| r.points).max().unwrap_or_default();
            let evenings = results.len();
            SeasonRow { player, rank: 0, shared: false, qualified: evenings >= settings.min_evenings, evenings, total, best, results }
        })
        .collect();
    rows.sort_by(|a, b| b.key().cmp(&a.key()).then(a.player.cmp(&b.player)));
    let keys: Vec<_> = rows.iter().map(SeasonRow::key).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        let start = keys[..i].iter().rposition(|k| *k != keys[i]).map_or(0, |p| p + 1);
        row.rank = start + 1;
        row.shared = keys.get(i + 1) == Some(&keys[i]) || (i > start);
    }
    rows
}

/// A player's season total after each of the first `evenings` evenings, counted as the
/// season counts (the best N so far, or all so far): the line of the leaders' chart.
pub fn progression(settings: &SeasonSettings, results: &[SeasonResult], evenings: usize) -> Vec<SeasonPoints> {
    let mut so_far: Vec<SeasonPoints> = Vec::with_capacity(results.len());
    (0..evenings)
        .map(|e| {
            so_far.extend(results.iter().filter(|r| r.evening == e).map(|r| r.points));
            so_far.sort_unstable_by(|a, b| b.cmp(a));
            let n = match settings.count {
                Count::All => so_far.len(),
                Count::Best(n) => n.min(so_far.len()),
            };
            so_far[..n].iter().fold(SeasonPoints::ZERO, |t, p| t.plus(*p))
        })
        .collect()
}

/// One club's line of the club ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClubRow {
    pub rank: usize,
    pub shared: bool,
    pub club: String,
    pub total: SeasonPoints,
    /// The players whose totals count (the club's `club_best` best), as numbered by the caller.
    pub players: Vec<usize>,
}

/// The club ranking: each club's `club_best` best season totals (qualified or not)
/// summed; `club_of(player)` is the club the registry gives the player (none: no club).
pub fn clubs<'a>(settings: &SeasonSettings, rows: &[SeasonRow], club_of: impl Fn(usize) -> Option<&'a str>) -> Vec<ClubRow> {
    let mut members: BTreeMap<&str, Vec<&SeasonRow>> = BTreeMap::new();
    for row in rows {
        if let Some(club) = club_of(row.player).filter(|c| !c.trim().is_empty()) {
            members.entry(club).or_default().push(row);
        }
    }
    let mut clubs: Vec<ClubRow> = members
        .into_iter()
        .map(|(club, mut rows)| {
            // Equal totals in the season's own order (more evenings, the best evening), so
            // that a cut between them names the player the season ranks higher (they were
            // listed by player number, the lower-ranked one counted).
            rows.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| compare(a, b)).then(a.player.cmp(&b.player)));
            rows.truncate(settings.club_best);
            let total = rows.iter().fold(SeasonPoints::ZERO, |t, r| t.plus(r.total));
            ClubRow { rank: 0, shared: false, club: club.to_string(), total, players: rows.iter().map(|r| r.player).collect() }
        })
        .collect();
    clubs.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.club.cmp(&b.club)));
    let totals: Vec<SeasonPoints> = clubs.iter().map(|c| c.total).collect();
    for (i, club) in clubs.iter_mut().enumerate() {
        let start = totals[..i].iter().rposition(|t| *t != totals[i]).map_or(0, |p| p + 1);
        club.rank = start + 1;
        club.shared = totals.get(i + 1) == Some(&totals[i]) || i > start;
    }
    clubs
}

/// Order two season rows as the standings do (for checks outside this module).
pub fn compare(a: &SeasonRow, b: &SeasonRow) -> Ordering {
    b.key().cmp(&a.key())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(player: usize, rank: usize, ways: usize, value: i64) -> Placed {
        Placed { player, rank, ways, value: SeasonPoints::whole(value) }
    }

    fn settings(v: Value) -> SeasonSettings {
        SeasonSettings::parse(&v).unwrap()
    }

    fn totals(rows: &[SeasonRow]) -> Vec<(usize, usize, bool, f64)> {
        rows.iter().map(|r| (r.player, r.rank, r.shared, r.total.as_f64())).collect()
    }

    /// Three evenings, best two counting: player 0 scores 40, 52, 52 and counts 52 + 52 =
    /// 104; player 1 scores 60, 44: 104 too, in two evenings; player 2 scores 30, 50, 56 and
    /// counts 106. Player 0 is ahead of player 1 on evenings played.
    #[test]
    fn best_n_counts_the_best_evenings_the_earlier_among_equals() {
        let s = settings(json!({"count": {"best": 2}}));
        let evenings = vec![
            vec![placed(0, 2, 1, 40), placed(1, 1, 1, 60), placed(2, 3, 1, 30)],
            vec![placed(0, 1, 1, 52), placed(2, 2, 1, 50), placed(1, 3, 1, 44)],
            vec![placed(2, 1, 1, 56), placed(0, 2, 1, 52)],
        ];
        let rows = standings(&s, &evenings);
        assert_eq!(totals(&rows), vec![(2, 1, false, 106.0), (0, 2, false, 104.0), (1, 3, false, 104.0)]);
        let zero = &rows[1];
        // 52 on evenings 1 and 2: both count; 40 does not.
        assert_eq!(zero.results.iter().map(|r| r.counted).collect::<Vec<_>>(), vec![false, true, true]);
        assert_eq!(zero.best, SeasonPoints::whole(52));
        // Player 2: 56 and 50 count, 30 does not.
        assert_eq!(rows[0].results.iter().map(|r| r.counted).collect::<Vec<_>>(), vec![false, true, true]);
    }

    /// Among equal evenings, the earlier counts: 20, 20, 20 with best 2 marks the first two.
    #[test]
    fn equal_evenings_mark_the_earlier() {
        let s = settings(json!({"count": {"best": 2}}));
        let evenings: Vec<Vec<Placed>> = (0..3).map(|_| vec![placed(0, 1, 1, 20)]).collect();
        let rows = standings(&s, &evenings);
        assert_eq!(rows[0].results.iter().map(|r| r.counted).collect::<Vec<_>>(), vec![true, true, false]);
        assert_eq!(rows[0].total, SeasonPoints::whole(40));
    }

    /// Scale 25, 20, 16, 13: two players sharing 2nd share 20 + 16 = 36 → 18 each; three
    /// sharing 3rd on a scale of four places share 16 + 13 + 0 = 29 → 9 2/3 each; a place
    /// past the scale brings 0.
    #[test]
    fn a_place_scale_is_shared_by_the_places_covered() {
        let s = settings(json!({"points": [25, 20, 16, 13]}));
        let places = vec![placed(0, 1, 1, 99), placed(1, 2, 2, 50), placed(2, 2, 2, 50), placed(3, 4, 1, 10), placed(4, 5, 1, 3)];
        let p = evening_points(&s, &places);
        assert_eq!(p, vec![SeasonPoints::whole(25), SeasonPoints::whole(18), SeasonPoints::whole(18), SeasonPoints::whole(13), SeasonPoints::ZERO]);
        let places = vec![placed(0, 1, 1, 9), placed(1, 2, 1, 8), placed(2, 3, 3, 1), placed(3, 3, 3, 1), placed(4, 3, 3, 1)];
        let p = evening_points(&s, &places);
        assert_eq!(p[2], SeasonPoints::share(29, 3));
        assert_eq!(p[2].to_string(), "9.67");
        // Exact: three thirds make 29.
        assert_eq!(p[2].units() * 3, 29 * POINT_UNIT);
    }

    /// Sixteen players sharing a place keep an exact share; a scale's total is never exceeded.
    #[test]
    fn sixteen_ways_stay_exact() {
        let s = settings(json!({"points": [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}));
        let places: Vec<Placed> = (0..16).map(|i| placed(i, 1, 16, 0)).collect();
        let p = evening_points(&s, &places);
        // 17 + 16 + … + 2 = 152; 152 / 16 = 9.5.
        assert!(p.iter().all(|x| *x == SeasonPoints::share(152, 16)));
        assert_eq!(p[0].to_string(), "9.5");
    }

    /// Minimum two evenings: a player with one evening and the highest total ranks after
    /// every qualified player; ranks run on.
    #[test]
    fn players_under_the_minimum_follow_the_others() {
        let s = settings(json!({"min_evenings": 2}));
        let evenings = vec![vec![placed(0, 1, 1, 70), placed(1, 2, 1, 30), placed(2, 3, 1, 20)], vec![placed(1, 1, 1, 25), placed(2, 2, 1, 10)]];
        let rows = standings(&s, &evenings);
        assert_eq!(totals(&rows), vec![(1, 1, false, 55.0), (2, 2, false, 30.0), (0, 3, false, 70.0)]);
        assert!(!rows[2].qualified && rows[0].qualified);
    }

    /// Equal totals: more evenings first; then the best evening; then a shared place,
    /// listed by player number, and the next rank skips.
    #[test]
    fn ties_are_broken_by_evenings_then_best_evening_then_shared() {
        let s = SeasonSettings::default();
        let evenings = vec![
            vec![placed(0, 1, 1, 30), placed(1, 1, 1, 30), placed(2, 1, 1, 20), placed(3, 1, 1, 20), placed(4, 1, 1, 10)],
            vec![placed(2, 1, 1, 10), placed(3, 1, 1, 10), placed(4, 1, 1, 20)],
        ];
        let rows = standings(&s, &evenings);
        // 2, 3 and 4 have 30 in two evenings; 0 and 1 have 30 in one. Among 2, 3, 4: best
        // evening 20 each → shared rank 1; 0 and 1 share rank 4.
        assert_eq!(totals(&rows), vec![(2, 1, true, 30.0), (3, 1, true, 30.0), (4, 1, true, 30.0), (0, 4, true, 30.0), (1, 4, true, 30.0)]);
        // Equal totals and evenings: the better single evening (25 against 20) goes first.
        let evenings = vec![vec![placed(0, 1, 1, 25), placed(1, 1, 1, 20)], vec![placed(0, 1, 1, 5), placed(1, 1, 1, 10)]];
        let rows = standings(&s, &evenings);
        assert_eq!(totals(&rows), vec![(0, 1, false, 30.0), (1, 2, false, 30.0)]);
    }

    /// The club ranking sums each club's K best totals, qualified or not; players without
    /// a club are left out; equal totals share a place.
    #[test]
    fn the_club_ranking_sums_the_k_best() {
        let s = settings(json!({"clubs": {"best": 2}, "min_evenings": 2}));
        let evenings = vec![vec![placed(0, 1, 1, 50), placed(1, 2, 1, 40), placed(2, 3, 1, 30), placed(3, 4, 1, 20), placed(4, 5, 1, 10)]];
        let rows = standings(&s, &evenings);
        let club = |p: usize| -> Option<&str> { [Some("A"), Some("B"), Some("A"), Some("A"), None][p] };
        let c = clubs(&s, &rows, club);
        // A: 50 + 30 (20 is third); B: 40 alone.
        assert_eq!(
            c.iter().map(|c| (c.club.as_str(), c.rank, c.shared, c.total.as_f64())).collect::<Vec<_>>(),
            vec![("A", 1, false, 80.0), ("B", 2, false, 40.0)]
        );
        assert_eq!(c[0].players, vec![0, 2]);
        let club = |p: usize| -> Option<&str> { [Some("A"), Some("B"), Some("B"), Some("A"), None][p] };
        let c = clubs(&s, &rows, club);
        // A: 50 + 20 = 70; B: 40 + 30 = 70 → shared first, listed by name.
        assert_eq!(c.iter().map(|c| (c.club.as_str(), c.rank, c.shared)).collect::<Vec<_>>(), vec![("A", 1, true), ("B", 1, true)]);
    }

    /// Club members on equal totals are taken in the season's order: with one counted, the
    /// player of more evenings (player 1: 20 + 10) counts, not the lower number (player 0: 30).
    #[test]
    fn a_club_counts_its_equal_totals_in_the_seasons_order() {
        let s = settings(json!({"clubs": {"best": 1}}));
        let evenings = vec![vec![placed(0, 1, 1, 30), placed(1, 2, 1, 20)], vec![placed(1, 1, 1, 10)]];
        let rows = standings(&s, &evenings);
        assert_eq!(totals(&rows), vec![(1, 1, false, 30.0), (0, 2, false, 30.0)]);
        let c = clubs(&s, &rows, |_| Some("A"));
        assert_eq!(c[0].players, vec![1]);
    }

    /// Best two: 10, then 30 (40), then 20 (30 + 20 = 50), then not played (50), then 40 (70).
    #[test]
    fn the_progression_counts_as_the_season_does() {
        let s = settings(json!({"count": {"best": 2}}));
        let evenings = vec![vec![placed(0, 1, 1, 10)], vec![placed(0, 1, 1, 30)], vec![placed(0, 1, 1, 20)], vec![], vec![placed(0, 1, 1, 40)]];
        let rows = standings(&s, &evenings);
        let line: Vec<f64> = progression(&s, &rows[0].results, 5).iter().map(|p| p.as_f64()).collect();
        assert_eq!(line, vec![10.0, 40.0, 50.0, 50.0, 70.0]);
        assert_eq!(*progression(&s, &rows[0].results, 5).last().unwrap(), rows[0].total);
    }

    /// Table points convert exactly: 10.5 table points are 10.5 season points.
    #[test]
    fn table_points_convert_exactly() {
        let tp = TablePoints::share(21, 2);
        assert_eq!(SeasonPoints::of_table_points(tp), SeasonPoints::share(21, 2));
        assert_eq!(SeasonPoints::of_table_points(tp).to_string(), "10.5");
    }

    #[test]
    fn settings_are_said_in_words_in_their_number() {
        let s = settings(json!({"points": [25, 20, 16], "count": {"best": 15}, "min_evenings": 5, "clubs": {"best": 4}}));
        assert_eq!(
            s.said().en,
            "points by place: 25 20 16; counted: each player's best 15 evenings; at least 5 evenings to be ranked; a club's best 4 players count"
        );
        let one = settings(json!({"count": {"best": 1}, "clubs": {"best": 1}}));
        assert_eq!(
            one.said().fr,
            "une soirée rapporte sa valeur de classement ; compte : la meilleure soirée de chacun ; une soirée jouée pour être classé ; le meilleur joueur d'un club compte"
        );
        assert_eq!(one.counted_said().nl, "Telt mee: de beste avond van elke speler");
    }

    #[test]
    fn settings_are_checked_and_defaults_written_out() {
        assert_eq!(SeasonSettings::parse(&Value::Null).unwrap(), SeasonSettings::default());
        let s = settings(json!({"points": [25, 20], "count": {"best": 15}, "min_evenings": 5, "clubs": {"best": 4}}));
        assert_eq!(s.to_json(), json!({"points": [25, 20], "count": {"best": 15}, "min_evenings": 5, "clubs": {"best": 4}}));
        assert_eq!(SeasonSettings::parse(&s.to_json()).unwrap(), s);
        // Another tool's way: whole numbers as decimals, a key left unset as null (refused).
        let written = json!({"points": [25.0, 20], "count": {"best": 15.0}, "min_evenings": 5.0, "clubs": {"best": 4}});
        assert_eq!(SeasonSettings::parse(&written).unwrap(), s);
        assert_eq!(SeasonSettings::parse(&json!({"points": null, "count": null})).unwrap(), SeasonSettings::default());
        for bad in [
            json!({"pionts": "result"}),
            json!({"points": "place"}),
            json!({"points": []}),
            json!({"points": [10, 20]}),
            json!({"points": [-1]}),
            json!({"points": [1001]}),
            json!({"count": {"best": 0}}),
            json!({"count": {"best": 2.5}}),
            json!({"count": "best"}),
            json!({"min_evenings": 0}),
            json!({"min_evenings": 100000}),
            json!({"clubs": {"best": 0}}),
            json!({"clubs": 3}),
            json!({"pionts": null}),
            json!([1]),
        ] {
            let e = SeasonSettings::parse(&bad).unwrap_err();
            assert_eq!(e.rule, Rule::SEASON_SETTINGS, "{bad}");
        }
        // Said by the window's labels, the key beside (Dutch read «Points: de schaal…»).
        let said = |v: Value| SeasonSettings::parse(&v).unwrap_err().said.unwrap();
        let rising = said(json!({"points": [10, 20]}));
        assert!(rising.nl.starts_with("de punten per plaats (points) dalen"), "{}", rising.nl);
        let best = said(json!({"count": {"best": 0}}));
        assert!(best.fr.starts_with("« Meilleures soirées comptées » (count.best) est un nombre entier"), "{}", best.fr);
    }
}
