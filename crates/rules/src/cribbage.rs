//! Kings Cribbage (RULES.md §5, FORMAT.md "Kings Cribbage moves"): a tile game
//! for 2 to 4 players scored like cribbage. The sheet is the move log: every
//! move lists the hands (lines of 2 to 5 tiles) it creates or extends, whole;
//! a pass may exchange tiles; the end deducts the tiles left at face value.
//! Optional rules: joker claims and the "serviteur".
//!
//! The hand calculator ([`score_hand`]) stands on its own: the jury settling a
//! claim and the `atout cribbage score` command use it without a tournament.

use crate::error::rule;
use crate::settings::RankingMethod;
use crate::{
    form_option, said, seat_after, seat_index, setting, Field, Game, GameId, Lang, Line, Rule, RuleDef, Said, Seat, Sheet, SheetError, Table, TablePlan, Tr,
    Violation,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::fmt;

/// The tiles' two colours, by name (colour 1, colour 2), as the window draws them.
pub const COLOURS: [Tr; 2] = [Tr::new("yellow", "jaune", "geel"), Tr::new("blue", "bleu", "blauw")];

/// Tiles in the bag at the start: ranks A–K, two colours, four of each per colour.
pub const TILES: usize = 104;
/// Tiles of one rank in one colour.
pub const PER_COLOUR: usize = 4;
/// Tiles each player holds.
pub const HOLD: usize = 5;
/// A bonus (first move, all five tiles, a five-tile line of one colour).
pub const BONUS: i64 = 10;
/// What a wrong joker call costs the caller.
pub const WRONG_CALL: i64 = 5;
/// The most points a joker claim may move: about any move's score (six lines of five
/// tiles at 40 each is 240; with `first`, `all-five` and a `one-colour` per line, 320).
pub const CLAIM_MAX: i64 = 320;
/// Lines one move can create or extend: the row of the tiles laid and one column per tile.
pub const MOVE_LINES: usize = 1 + HOLD;
/// Entries on one sheet at most (104 tiles are laid one move at a time at the slowest,
/// and passes and claims come between).
pub const SHEET_MAX: usize = 400;
/// Players a table is planned for when the draw splits a field.
pub const PLANNED_TABLE: usize = 4;
/// Rows of a blank printed move log: a whole game's turns. The bag's 104 tiles go down two
/// to four at a move, so a game takes 30 to 40 turns whatever the table's size (a game of
/// two took 32 lines); the log runs onto a second page.
pub const PRINTED_TURNS: usize = 40;

rule!(
    TILE,
    "tile",
    "a tile is A, 2 … 10, J, Q or K (a 6 used as a 9 is written 9)",
    "un jeton s'écrit A, 2 … 10, J, Q ou K (valet, dame, roi ; un 6 retourné en 9 s'écrit 9)",
    "een steen schrijf je A, 2 … 10, J, Q of K (boer, vrouw, heer; een 6 gebruikt als 9 schrijf je 9)"
);
rule!(
    HAND_SIZE,
    "hand-size",
    "a hand is a straight line of 2 to 5 tiles",
    "une main est une ligne droite de 2 à 5 jetons",
    "een hand is een rechte lijn van 2 tot 5 stenen"
);
rule!(
    HAND_SCORES,
    "hand-scores",
    "every line a move makes or extends scores: a fifteen, a run or a pair",
    "chaque ligne qu'un coup forme ou allonge marque : quinze, suite ou paire",
    "elke lijn die een zet vormt of verlengt scoort: een vijftien, een reeks of een paar"
);
rule!(
    PLACED,
    "placed",
    "a move lays 1 to 5 of the tiles the player holds (2 to 5 on the first move)",
    "un coup pose 1 à 5 des jetons du joueur (2 à 5 au premier coup)",
    "een zet legt 1 tot 5 van de stenen van de speler (2 tot 5 bij de eerste zet)"
);
rule!(
    MOVE_LINES_RULE,
    "move-lines",
    "a move lists every line it makes or extends (1 to 6), and the tiles laid lie in them",
    "un coup donne chaque ligne qu'il forme ou allonge (1 à 6) et les jetons posés s'y trouvent",
    "een zet geeft elke lijn die hij vormt of verlengt (1 tot 6) en de gelegde stenen liggen erin"
);
rule!(BONUS_RULE, "bonus",
    "bonuses of 10: first (the first move of the game), all-five (five tiles laid at once), one-colour (a line of five tiles of one colour), each once per move (one-colour once per such line)",
    "bonus de 10 : first (le premier coup de la partie), all-five (cinq jetons posés d'un coup), one-colour (une ligne de cinq jetons d'une seule couleur), chacun une fois par coup (one-colour une fois par ligne)",
    "bonussen van 10: first (de eerste zet van het spel), all-five (vijf stenen in één zet), one-colour (een lijn van vijf stenen van één kleur), elk eenmaal per zet (one-colour eenmaal per lijn)");
rule!(
    TURN,
    "turn",
    "turns go clockwise from the first player; a joker claim is not a turn",
    "les tours vont dans le sens des aiguilles d'une montre à partir du premier joueur ; un joker n'est pas un tour",
    "de beurten gaan met de klok mee vanaf de eerste speler; een jokerclaim is geen beurt"
);
rule!(
    EXCHANGE,
    "exchange",
    "a player who passes exchanges 0 to 5 of their tiles, no more than the bag holds",
    "un joueur qui passe échange 0 à 5 de ses jetons, pas plus que le sac n'en contient",
    "een speler die past ruilt 0 tot 5 stenen, niet meer dan er in de zak zitten"
);
rule!(
    END,
    "end",
    "the end lists, for every seat, the tiles it still holds",
    "la fin donne, pour chaque place, les jetons qui lui restent",
    "het einde geeft voor elke plaats de stenen die ze nog heeft"
);
rule!(
    BOARD_CELL,
    "board-cell",
    "a tile is laid on a free cell of the board, one tile a cell",
    "un jeton se pose sur une case libre du plateau, un jeton par case",
    "een steen wordt op een vrij vak van het bord gelegd, één steen per vak"
);
rule!(
    BOARD_STRAIGHT,
    "board-straight",
    "the tiles of a move lie in one row or one column, with no gap the board does not fill",
    "les jetons d'un coup sont dans une seule rangée ou colonne, sans trou que le plateau ne comble",
    "de stenen van een zet liggen in één rij of kolom, zonder gat dat het bord niet vult"
);
rule!(
    BOARD_TOUCH,
    "board-touch",
    "after the first move, a move lays a tile next to a tile on the board",
    "après le premier coup, un coup pose un jeton à côté d'un jeton du plateau",
    "na de eerste zet legt een zet een steen naast een steen op het bord"
);
rule!(
    BOARD_LONG,
    "board-long",
    "no line on the board is longer than five tiles",
    "aucune ligne du plateau ne dépasse cinq jetons",
    "geen lijn op het bord is langer dan vijf stenen"
);
rule!(
    BOARD_SCORES,
    "board-scores",
    "every line a move makes or extends on the board scores",
    "chaque ligne qu'un coup forme ou allonge sur le plateau marque",
    "elke lijn die een zet op het bord vormt of verlengt scoort"
);
rule!(
    BOARD_TILES,
    "board-tiles",
    "the board holds no more tiles than the set: four of each rank in each colour (a 6 and a 9 stand for each other: eight of the two)",
    "le plateau ne porte pas plus de jetons que le jeu : quatre de chaque valeur dans chaque couleur (un 6 et un 9 se remplacent : huit des deux)",
    "het bord draagt niet meer stenen dan het spel: vier van elke waarde in elke kleur (een 6 en een 9 vervangen elkaar: acht van de twee)"
);
rule!(AFTER_END, "after-end", "nothing follows the end of the game", "rien ne suit la fin de la partie", "niets volgt op het einde van het spel");
rule!(
    JOKER_OFF,
    "joker-off",
    "joker claims are written only when the tournament plays the joker rule",
    "les jokers ne s'inscrivent que si le tournoi joue la règle du joker",
    "jokerclaims worden enkel genoteerd als het toernooi met de jokerregel speelt"
);
rule!(
    JOKER_CLAIM,
    "joker-claim",
    "a joker claim names the caller, the seat that missed the points and 1 to 320 points; a wrong call names the caller and 0 points",
    "un joker nomme celui qui l'annonce, la place qui a oublié les points et 1 à 320 points ; un faux joker nomme l'annonceur et 0 point",
    "een jokerclaim noemt de roeper, de plaats die de punten vergat en 1 tot 320 punten; een valse roep noemt de roeper en 0 punten"
);
rule!(SHEET_LONG, "sheet-long", "a game has at most 400 entries", "une partie compte 400 entrées au plus", "een spel telt hoogstens 400 regels");

/// A tile as it lies on the board: its rank, 1 (ace) to 13 (king).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// A tile as written: `A`, `2` … `10`, `J`, `Q`, `K` (any case; the French
    /// `V D R` and Dutch `B V H` letters are not accepted: FORMAT.md writes English).
    pub fn parse(text: &str) -> Result<Tile, Violation> {
        let t = text.trim();
        let rank = match t.to_ascii_uppercase().as_str() {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => match n.parse::<u8>() {
                Ok(r @ 2..=10) => r,
                _ => {
                    let t: String = t.chars().take(12).collect();
                    return Err(Violation::said(TILE, said!("«{t}» is not a tile", "«{t}» n'est pas un jeton", "«{t}» is geen steen")));
                }
            },
        };
        Ok(Tile(rank))
    }

    /// A tile as written in a document: a string, or a number from 2 to 10.
    pub fn of_value(v: &Value) -> Result<Tile, Violation> {
        match v {
            Value::String(s) => Tile::parse(s),
            Value::Number(n) => match n.as_u64() {
                Some(r @ 2..=10) => Ok(Tile(r as u8)),
                _ => Err(Violation::said(TILE, said!("{n} is not a tile", "{n} n'est pas un jeton", "{n} is geen steen"))),
            },
            other => {
                let other: String = other.to_string().chars().take(20).collect();
                Err(Violation::said(TILE, said!("{other} is not a tile", "{other} n'est pas un jeton", "{other} is geen steen")))
            }
        }
    }

    pub fn rank(self) -> u8 {
        self.0
    }

    /// Its value in a fifteen and at the end: faces 10, ace 1.
    pub fn value(self) -> i64 {
        i64::from(self.0.min(10))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => f.write_str("A"),
            11 => f.write_str("J"),
            12 => f.write_str("Q"),
            13 => f.write_str("K"),
            n => write!(f, "{n}"),
        }
    }
}

/// A hand's score, part by part.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandScore {
    pub tiles: Vec<String>,
    /// Subsets of tiles adding up to 15, 2 points each.
    pub fifteens: u32,
    /// Distinct runs (duplicates multiply), each of `run_length` tiles.
    pub runs: u32,
    pub run_length: u32,
    /// Pairs of alike tiles, 2 points each (three alike are 3 pairs, four 6, five 10).
    pub pairs: u32,
    pub points: i64,
}

/// The most a hand of `n` tiles can score (n from 2 to 5): a pair or a fifteen (2);
/// three fives (6 + 2); four fives (12 + 4 × 2); five fives (20 + 10 × 2).
pub fn max_points(n: usize) -> i64 {
    match n {
        2 => 2,
        3 => 8,
        4 => 20,
        5 => 40,
        _ => 0,
    }
}

/// A hand as typed, checked: 2 to 5 known tiles.
pub fn parse_hand<S: AsRef<str>>(texts: &[S]) -> Result<Vec<Tile>, Violation> {
    if !(2..=HOLD).contains(&texts.len()) {
        let n = texts.len();
        let Tr { en, fr, nl } = Tr::after(n as i64, Tr::new("tile", "jeton", "steen"), Tr::new("tiles", "jetons", "stenen"));
        return Err(Violation::said(
            HAND_SIZE,
            said!("{n} {en}; a hand has 2 to 5", "{n} {fr} ; une main en compte 2 à 5", "{n} {nl}; een hand telt er 2 tot 5"),
        ));
    }
    texts.iter().map(|t| Tile::parse(t.as_ref())).collect()
}

/// Score a hand of 2 to 5 tiles (a longer or shorter one scores what its tiles hold;
/// the callers check the size first).
pub fn score_hand(tiles: &[Tile]) -> HandScore {
    let n = tiles.len().min(HOLD);
    let tiles = &tiles[..n];
    let fifteens = (1u32..(1 << n)).filter(|mask| (0..n).filter(|i| mask & (1 << i) != 0).map(|i| tiles[i].value()).sum::<i64>() == 15).count() as u32;
    let mut count = [0u32; 14];
    for t in tiles {
        count[t.0 as usize] += 1;
    }
    let pairs: u32 = count.iter().map(|c| c * c.saturating_sub(1) / 2).sum();
    // The longest stretch of consecutive ranks present; with at most five tiles
    // there is at most one stretch of three or more.
    let (mut runs, mut run_length) = (0, 0);
    let mut start = 1;
    while start <= 13 {
        if count[start] == 0 {
            start += 1;
            continue;
        }
        let mut end = start;
        while end < 13 && count[end + 1] > 0 {
            end += 1;
        }
        let len = (end - start + 1) as u32;
        if len >= 3 {
            runs += count[start..=end].iter().product::<u32>();
            run_length = len;
        }
        start = end + 1;
    }
    let points = 2 * i64::from(fifteens) + i64::from(runs * run_length) + 2 * i64::from(pairs);
    HandScore { tiles: tiles.iter().map(Tile::to_string).collect(), fifteens, runs, run_length, pairs, points }
}

/// The calculator as the api offers it: tiles as typed, the score part by part.
/// Beside the figures, `parts` says each part in words, in every language, as
/// every front shows it: `{key, name: {en, fr, nl}, count, each, points}` — "Runs:
/// 2 × 3 = 6" — and `points` is their sum.
pub fn calculate(texts: &[String]) -> Result<Value, Violation> {
    Ok(hand_value(&parse_hand(texts)?))
}

/// A hand's score as JSON: the figures of [`HandScore`] and its `parts` in words.
fn hand_value(tiles: &[Tile]) -> Value {
    let s = score_hand(tiles);
    let part = |key: &str, name: Tr, count: u32, each: u32| json!({"key": key, "name": name.all(), "count": count, "each": each, "points": count * each});
    let parts = json!([
        part("fifteens", Tr::new("Fifteens", "Quinzes", "Vijftienen"), s.fifteens, 2),
        part("runs", Tr::new("Runs", "Suites", "Reeksen"), s.runs, s.run_length),
        part("pairs", Tr::new("Pairs", "Paires", "Paren"), s.pairs, 2),
    ]);
    let mut out = serde_json::to_value(&s).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut out {
        map.insert("parts".into(), parts);
    }
    out
}

/// A joker claim (FORMAT.md): `from` and `points` > 0, or a wrong call with 0 points.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub by: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<i64>,
    pub points: i64,
}

/// One entry of the move log, as FORMAT.md writes it. Which kind it is follows from
/// its fields: `lines` (a move), `pass`, `remaining` (the end) or `joker`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<Vec<Value>>>,
    /// A move on the board: each tile laid, with its colour and its cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<Vec<Laid>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonuses: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchanged: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<Vec<Vec<Value>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker: Option<Claim>,
}

/// A tile laid on the board (FORMAT.md "Kings Cribbage moves": a move on the board).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Laid {
    pub tile: Value,
    /// 1 or 2.
    pub colour: i64,
    /// Row and column.
    pub at: [i64; 2],
}

/// The board as the moves laid it: each tile and its colour by cell. Cells lie within
/// ±[`BOARD_REACH`] of the board's tiles (a game lays at most 106 tiles, so no honest board
/// comes near), the first move anywhere within ±[`BOARD_EDGE`].
pub type Board = std::collections::HashMap<(i64, i64), (Tile, i64)>;

/// How far from the first tile a cell may lie.
pub const BOARD_REACH: i64 = 1000;

/// How far from (0, 0) a cell may lie at all: 2⁵³, the integers every JSON tool keeps exact
/// (and far from where a neighbour's row or column would overflow).
pub const BOARD_EDGE: i64 = 1 << 53;

/// What an entry is, once its shape is checked.
enum Kind<'a> {
    Move { seat: i64, lines: &'a [Vec<Value>], placed: i64, bonuses: &'a [String] },
    OnBoard { seat: i64, tiles: &'a [Laid] },
    Pass { seat: i64, exchanged: i64 },
    End { remaining: &'a [Vec<Value>] },
    Joker(&'a Claim),
}

impl Entry {
    fn kind(&self) -> Result<Kind<'_>, Violation> {
        let shape = |said: Said| Violation::said(Rule::DEAL_SHAPE, said);
        let given = [self.lines.is_some() || self.tiles.is_some(), self.pass == Some(true), self.remaining.is_some(), self.joker.is_some()];
        if given.iter().filter(|g| **g).count() != 1 {
            return Err(shape(said!(
                "an entry is one of a move (`lines`, `placed`), a pass (`pass`), the end (`remaining`) or a joker claim (`joker`)",
                "une entrée est un coup (`lines`, `placed`), une passe (`pass`), la fin (`remaining`) ou un joker (`joker`)",
                "een regel is een zet (`lines`, `placed`), een pas (`pass`), het einde (`remaining`) of een jokerclaim (`joker`)"
            )));
        }
        if let Some(tiles) = &self.tiles {
            let seat =
                self.seat.ok_or_else(|| shape(said!("a move names its `seat`", "un coup nomme sa place (`seat`)", "een zet noemt zijn plaats (`seat`)")))?;
            if self.lines.is_some() || self.placed.is_some() || self.bonuses.is_some() {
                return Err(shape(said!(
                    "a move on the board gives its `tiles`; its lines, tiles laid and bonuses follow from the board",
                    "un coup sur le plateau donne ses jetons (`tiles`) ; ses lignes, jetons posés et bonus découlent du plateau",
                    "een zet op het bord geeft zijn stenen (`tiles`); lijnen, gelegde stenen en bonussen volgen uit het bord"
                )));
            }
            return Ok(Kind::OnBoard { seat, tiles });
        }
        if let Some(lines) = &self.lines {
            let seat =
                self.seat.ok_or_else(|| shape(said!("a move names its `seat`", "un coup nomme sa place (`seat`)", "een zet noemt zijn plaats (`seat`)")))?;
            let placed = self.placed.ok_or_else(|| {
                shape(said!(
                    "a move gives the number of tiles `placed`",
                    "un coup donne le nombre de jetons posés (`placed`)",
                    "een zet geeft het aantal gelegde stenen (`placed`)"
                ))
            })?;
            return Ok(Kind::Move { seat, lines, placed, bonuses: self.bonuses.as_deref().unwrap_or(&[]) });
        }
        if self.pass == Some(true) {
            let seat =
                self.seat.ok_or_else(|| shape(said!("a pass names its `seat`", "une passe nomme sa place (`seat`)", "een pas noemt zijn plaats (`seat`)")))?;
            if self.placed.is_some() || self.bonuses.is_some() {
                return Err(shape(said!(
                    "a pass lays no tile and earns no bonus",
                    "une passe ne pose aucun jeton et ne gagne aucun bonus",
                    "een pas legt geen steen en verdient geen bonus"
                )));
            }
            return Ok(Kind::Pass { seat, exchanged: self.exchanged.unwrap_or(0) });
        }
        if let Some(remaining) = &self.remaining {
            if self.seat.is_some() || self.placed.is_some() || self.bonuses.is_some() {
                return Err(shape(said!(
                    "the end gives only the tiles left per seat (`remaining`)",
                    "la fin ne donne que les jetons restants de chaque place (`remaining`)",
                    "het einde geeft enkel de overgebleven stenen per plaats (`remaining`)"
                )));
            }
            return Ok(Kind::End { remaining });
        }
        match &self.joker {
            Some(claim) if self.seat.is_none() && self.placed.is_none() && self.bonuses.is_none() => Ok(Kind::Joker(claim)),
            _ => Err(shape(said!(
                "a joker claim gives only `joker`: {{by, from, points}}",
                "un joker ne donne que `joker` : {{by, from, points}}",
                "een jokerclaim geeft enkel `joker`: {{by, from, points}}"
            ))),
        }
    }
}

/// Kings Cribbage under a tournament's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cribbage {
    /// Joker claims may be written (FORMAT.md's optional rule; on unless the settings say not).
    pub joker: bool,
    /// The lowest scorer of a game keeps the score of the next.
    pub serviteur: bool,
}

impl Default for Cribbage {
    fn default() -> Self {
        Cribbage { joker: true, serviteur: false }
    }
}

/// What the next entry may be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choices {
    /// The turn due (`deal`), and the seat whose turn it is (`dealer`), as every game says it.
    #[serde(flatten)]
    pub turn: crate::Turn,
    pub seat: Seat,
    /// No move has been made yet: the move due earns the `first` bonus and lays 2 to 5 tiles.
    pub first_move: bool,
    /// Tiles the seat due holds.
    pub holds: usize,
    /// Tiles left in the bag.
    pub bag: usize,
    /// Tiles each seat holds (what the end may list at most).
    pub holding: Vec<usize>,
    pub joker: bool,
    /// The board is known (every move so far was laid on it): the next move may be laid on it.
    pub board: bool,
}

/// The game as it stands after some entries.
struct Progress {
    /// The board, while every move was laid on it (none once a move was written as lines).
    board: Option<Board>,
    turn: Seat,
    turns: usize,
    moved: bool,
    ended: bool,
    bag: usize,
    holding: Vec<usize>,
}

/// The seat a move or a pass is written for.
const PLAYER: Tr = Tr::new("the player", "le joueur", "de speler");

fn tiles_of(line: &[Value]) -> Result<Vec<Tile>, Violation> {
    line.iter().map(Tile::of_value).collect()
}

fn names(tiles: &[Tile]) -> String {
    tiles.iter().map(Tile::to_string).collect::<Vec<_>>().join("-")
}

/// A move on the board as the lines it makes or extends, the tiles laid and its bonuses.
struct OnBoard {
    lines: Vec<Vec<Value>>,
    placed: i64,
    bonuses: Vec<String>,
}

/// «n tiles laid», singular or plural as the count asks.
fn laid(n: i64) -> Tr {
    Tr::after(n, Tr::new("tile laid", "jeton posé", "steen gelegd"), Tr::new("tiles laid", "jetons posés", "stenen gelegd"))
}

/// Read a move laid on `board` (RULES.md's board rules, FORMAT.md's codes): the cells free, the
/// tiles in one row or column with no gap the board does not fill, touching the board after the
/// first move; every run of two or more tiles through a tile laid, whole, no longer than five,
/// and scoring.
fn on_board(board: &Board, tiles: &[Laid], moved: bool) -> Result<OnBoard, Violation> {
    if tiles.is_empty() || tiles.len() > HOLD {
        let n = tiles.len();
        let Tr { en, fr, nl } = laid(n as i64);
        return Err(Violation::said(PLACED, said!("{n} {en}; a move lays 1 to 5", "{n} {fr} ; un coup en pose 1 à 5", "{n} {nl}; een zet legt er 1 tot 5")));
    }
    let mut laid: Board = Board::new();
    // Where the board is: any of its tiles (they touch one another), or the first tile laid.
    let anchor = board.keys().next().copied().unwrap_or((tiles[0].at[0], tiles[0].at[1]));
    let reach = BOARD_REACH.unsigned_abs();
    for t in tiles {
        let [r, c] = t.at;
        let tile = Tile::of_value(&t.tile)?;
        if !(1..=2).contains(&t.colour) {
            let colour = t.colour;
            return Err(Violation::said(
                Rule::DEAL_SHAPE,
                said!(
                    "colour {colour}: a tile is of colour 1 or 2",
                    "couleur {colour} : un jeton est de couleur 1 ou 2",
                    "kleur {colour}: een steen is van kleur 1 of 2"
                ),
            ));
        }
        let off = r.unsigned_abs() > BOARD_EDGE.unsigned_abs()
            || c.unsigned_abs() > BOARD_EDGE.unsigned_abs()
            || r.abs_diff(anchor.0) > reach
            || c.abs_diff(anchor.1) > reach;
        if off || board.contains_key(&(r, c)) || laid.insert((r, c), (tile, t.colour)).is_some() {
            return Err(Violation::said(
                BOARD_CELL,
                said!(
                    "the cell ({r}, {c}) is taken or off the board",
                    "la case ({r}, {c}) est prise ou hors du plateau",
                    "het vak ({r}, {c}) is bezet of buiten het bord"
                ),
            ));
        }
    }
    // No more of a tile than the set has (RULES.md §5: 4 of each rank per colour); a 6 turned
    // serves as a 9 and back, so those two count together.
    for (tile, colour) in laid.values() {
        let group = |t: &Tile| if matches!(t.rank(), 6 | 9) { 6 } else { t.rank() };
        let same = board.values().chain(laid.values()).filter(|(t, c)| c == colour && group(t) == group(tile)).count();
        let most = if group(tile) == 6 { 2 * PER_COLOUR } else { PER_COLOUR };
        if same > most {
            let what = if group(tile) == 6 { "6/9".to_string() } else { tile.to_string() };
            return Err(Violation::said(
                BOARD_TILES,
                said!(
                    "{same} tiles {what} of colour {colour} on the board; the set has {most}",
                    "{same} jetons {what} de couleur {colour} sur le plateau ; le jeu en a {most}",
                    "{same} stenen {what} van kleur {colour} op het bord; het spel heeft er {most}"
                ),
            ));
        }
    }
    let cell = |at: &(i64, i64)| laid.get(at).or_else(|| board.get(at)).copied();
    let rows: std::collections::BTreeSet<i64> = laid.keys().map(|k| k.0).collect();
    let cols: std::collections::BTreeSet<i64> = laid.keys().map(|k| k.1).collect();
    // The move's own direction: along its row (or column); one tile lies in both.
    let along_row = rows.len() == 1;
    if !along_row && cols.len() != 1 {
        return Err(Violation::said(
            BOARD_STRAIGHT,
            said!(
                "the tiles laid are not in one row or one column",
                "les jetons posés ne sont pas dans une seule rangée ou colonne",
                "de gelegde stenen liggen niet in één rij of kolom"
            ),
        ));
    }
    let (lo, hi) = if along_row { (cols.first(), cols.last()) } else { (rows.first(), rows.last()) };
    let (lo, hi) = (*lo.unwrap_or(&0), *hi.unwrap_or(&0));
    let fixed = if along_row { *rows.first().unwrap_or(&0) } else { *cols.first().unwrap_or(&0) };
    let at = |k: i64| if along_row { (fixed, k) } else { (k, fixed) };
    if (lo..=hi).any(|k| cell(&at(k)).is_none()) {
        return Err(Violation::said(
            BOARD_STRAIGHT,
            said!(
                "the tiles laid leave a gap the board does not fill",
                "les jetons posés laissent un trou que le plateau ne comble pas",
                "de gelegde stenen laten een gat dat het bord niet vult"
            ),
        ));
    }
    let neighbours = |(r, c): (i64, i64)| [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)];
    if moved && !laid.keys().any(|k| neighbours(*k).iter().any(|n| board.contains_key(n))) {
        return Err(Violation::said(
            BOARD_TOUCH,
            said!(
                "no tile laid lies next to a tile on the board",
                "aucun jeton posé n'est à côté d'un jeton du plateau",
                "geen gelegde steen ligt naast een steen op het bord"
            ),
        ));
    }
    // Every run through a tile laid, in its row and in its column, whole.
    let mut runs: Vec<Vec<(i64, i64)>> = vec![];
    for &(r, c) in laid.keys() {
        for (dr, dc) in [(0, 1), (1, 0)] {
            let mut start = (r, c);
            while cell(&(start.0 - dr, start.1 - dc)).is_some() {
                start = (start.0 - dr, start.1 - dc);
            }
            let mut run = vec![];
            let mut k = start;
            while cell(&k).is_some() && run.len() <= HOLD {
                run.push(k);
                k = (k.0 + dr, k.1 + dc);
            }
            if run.len() >= 2 && !runs.contains(&run) {
                runs.push(run);
            }
        }
    }
    runs.sort();
    let mut lines = vec![];
    let mut bonuses = vec![];
    if !moved {
        bonuses.push("first".to_string());
    }
    if tiles.len() == HOLD {
        bonuses.push("all-five".to_string());
    }
    for run in &runs {
        let row: Vec<(Tile, i64)> = run.iter().filter_map(cell).collect();
        let names = names(&row.iter().map(|x| x.0).collect::<Vec<_>>());
        if row.len() > HOLD {
            return Err(Violation::said(
                BOARD_LONG,
                said!("the line {names}… is longer than five tiles", "la ligne {names}… dépasse cinq jetons", "de lijn {names}… is langer dan vijf stenen"),
            ));
        }
        if score_hand(&row.iter().map(|x| x.0).collect::<Vec<_>>()).points == 0 {
            return Err(Violation::said(
                BOARD_SCORES,
                said!("the line {names} scores nothing", "la ligne {names} ne marque rien", "de lijn {names} scoort niets"),
            ));
        }
        if row.len() == HOLD && row.iter().all(|x| x.1 == row[0].1) {
            bonuses.push("one-colour".to_string());
        }
        lines.push(row.iter().map(|x| Value::String(x.0.to_string())).collect());
    }
    Ok(OnBoard { lines, placed: tiles.len() as i64, bonuses })
}

/// A move laid on `board` written as lines (what the move makes or extends, the tiles laid,
/// the bonuses), for a scorer who keeps the log, or a check.
pub fn as_lines(board: &Board, seat: i64, tiles: &[Laid], moved: bool) -> Result<Value, Violation> {
    let m = on_board(board, tiles, moved)?;
    Ok(serde_json::json!({"seat": seat, "lines": m.lines, "placed": m.placed, "bonuses": m.bonuses}))
}

/// The board after `entries` (empty before the first move; none once a move was written as
/// lines): the tiles of every move laid on it, by cell.
pub fn board_of(table: Table, entries: &[Entry]) -> Option<Board> {
    let game = Cribbage::default();
    let (_, p) = game.walk(table, entries).ok()?;
    p.board
}

impl Cribbage {
    /// Check a move's lines, tiles and bonuses; its points and label.
    fn score_move(&self, p: &Progress, lines: &[Vec<Value>], placed: i64, bonuses: &[String]) -> Result<(i64, String), Violation> {
        let held = p.holding[p.turn - 1];
        let least = if p.moved { 1 } else { 2 };
        let Tr { en, fr, nl } = laid(placed);
        if !(least..=HOLD as i64).contains(&placed) {
            return Err(Violation::said(
                PLACED,
                if p.moved {
                    said!(
                        "{placed} {en}; a move lays {least} to 5",
                        "{placed} {fr} ; un coup en pose {least} à 5",
                        "{placed} {nl}; een zet legt er {least} tot 5"
                    )
                } else {
                    said!(
                        "{placed} {en}; a first move lays {least} to 5",
                        "{placed} {fr} ; le premier coup en pose {least} à 5",
                        "{placed} {nl}; de eerste zet legt er {least} tot 5"
                    )
                },
            ));
        }
        if placed as usize > held {
            let s = p.turn;
            return Err(Violation::said(
                PLACED,
                said!("{placed} {en}; seat {s} holds {held}", "{placed} {fr} ; la place {s} en a {held}", "{placed} {nl}; plaats {s} heeft er {held}"),
            ));
        }
        if lines.is_empty() || lines.len() > MOVE_LINES {
            let n = lines.len();
            let Tr { en, fr, nl } =
                Tr::after(n as i64, Tr::new("line listed", "ligne donnée", "lijn gegeven"), Tr::new("lines listed", "lignes données", "lijnen gegeven"));
            return Err(Violation::said(
                MOVE_LINES_RULE,
                said!(
                    "{n} {en}; a move makes or extends 1 to {MOVE_LINES}",
                    "{n} {fr} ; un coup en forme ou allonge 1 à {MOVE_LINES}",
                    "{n} {nl}; een zet vormt of verlengt er 1 tot {MOVE_LINES}"
                ),
            ));
        }
        let mut total = 0i64;
        let mut labels = vec![];
        let mut fives = 0;
        let mut length = 0usize;
        let mut longest = 0usize;
        for (i, line) in lines.iter().enumerate() {
            let k = i + 1;
            if !(2..=HOLD).contains(&line.len()) {
                let n = line.len();
                let Tr { en, fr, nl } = Tr::after(n as i64, Tr::new("tile", "jeton", "steen"), Tr::new("tiles", "jetons", "stenen"));
                return Err(Violation::said(
                    HAND_SIZE,
                    said!(
                        "line {k} has {n} {en}; a hand has 2 to 5",
                        "la ligne {k} a {n} {fr} ; une main en compte 2 à 5",
                        "lijn {k} heeft {n} {nl}; een hand telt er 2 tot 5"
                    ),
                ));
            }
            let tiles = tiles_of(line).map_err(|v| v.after(said!("line {k}: ", "ligne {k} : ", "lijn {k}: ")))?;
            let score = score_hand(&tiles);
            if score.points == 0 {
                let names = names(&tiles);
                return Err(Violation::said(
                    HAND_SCORES,
                    said!("line {k} ({names}) scores nothing", "la ligne {k} ({names}) ne marque rien", "lijn {k} ({names}) scoort niets"),
                ));
            }
            fives += usize::from(tiles.len() == HOLD);
            length += tiles.len();
            longest = longest.max(tiles.len());
            total += score.points;
            labels.push(names(&tiles));
        }
        // Where the tiles lie is not written, so a move's lines are checked for what they
        // say (sizes, tiles, scores, room for the tiles laid), not for their geometry: a
        // document that lists a first move's lines as FORMAT.md's example does is read as written.
        // What the geometry allows all the same: the tiles laid lie in one row (or column),
        // which holds them all when they are two or more, and each makes at most one line
        // across it: at most one line more than the tiles laid.
        let (n, most) = (lines.len(), placed as usize + 1);
        if n > most {
            return Err(Violation::said(
                MOVE_LINES_RULE,
                said!(
                    "{n} lines listed; the tiles laid ({placed}) make or extend {most} at most (their row, and a line across each)",
                    "{n} lignes données ; les jetons posés ({placed}) en forment ou allongent {most} au plus (leur rangée, et une ligne en travers de chacun)",
                    "{n} lijnen gegeven; de gelegde stenen ({placed}) vormen of verlengen er hoogstens {most} (hun rij, en een lijn dwars op elke steen)"
                ),
            ));
        }
        if placed >= 2 && longest < placed as usize {
            return Err(Violation::said(
                MOVE_LINES_RULE,
                said!(
                    "{placed} tiles laid lie in one line, but the longest line listed holds {longest}",
                    "{placed} jetons posés sont sur une même ligne, mais la plus longue ligne donnée en contient {longest}",
                    "{placed} gelegde stenen liggen op één lijn, maar de langste gegeven lijn bevat er {longest}"
                ),
            ));
        }
        if length < placed as usize {
            return Err(Violation::said(
                MOVE_LINES_RULE,
                said!(
                    "{placed} tiles laid, but the lines listed hold only {length}",
                    "{placed} jetons posés, mais les lignes données n'en contiennent que {length}",
                    "{placed} stenen gelegd, maar de gegeven lijnen bevatten er maar {length}"
                ),
            ));
        }
        let (mut first, mut all_five, mut colour) = (0, 0, 0);
        for b in bonuses {
            match b.as_str() {
                "first" => first += 1,
                "all-five" => all_five += 1,
                "one-colour" => colour += 1,
                other => {
                    let b: String = other.chars().take(20).collect();
                    return Err(Violation::said(BONUS_RULE, said!("«{b}» is not a bonus", "«{b}» n'est pas un bonus", "«{b}» is geen bonus")));
                }
            }
        }
        if first > 1 || all_five > 1 {
            return Err(Violation::said(
                BONUS_RULE,
                said!("a bonus is counted once per move", "un bonus compte une fois par coup", "een bonus telt één keer per zet"),
            ));
        }
        if first == 1 && p.moved {
            return Err(Violation::said(
                BONUS_RULE,
                said!(
                    "the first-move bonus is for the first move of the game only",
                    "le bonus du premier coup (`first`) ne vaut que pour le premier coup de la partie",
                    "de bonus voor de eerste zet (`first`) geldt enkel voor de eerste zet van het spel"
                ),
            ));
        }
        if all_five == 1 && placed != HOLD as i64 {
            return Err(Violation::said(
                BONUS_RULE,
                said!(
                    "the all-five bonus needs 5 tiles laid, not {placed}",
                    "le bonus des cinq jetons (`all-five`) demande 5 jetons posés, pas {placed}",
                    "de bonus voor vijf stenen (`all-five`) vraagt 5 gelegde stenen, geen {placed}"
                ),
            ));
        }
        if colour > fives {
            return Err(Violation::said(
                BONUS_RULE,
                said!(
                    "{colour} one-colour bonus(es), but the move has {fives} line(s) of five tiles",
                    "{colour} bonus d'une couleur (`one-colour`), mais le coup a {fives} ligne(s) de cinq jetons",
                    "{colour} bonus(sen) voor één kleur (`one-colour`), maar de zet heeft {fives} lijn(en) van vijf stenen"
                ),
            ));
        }
        total += BONUS * (first + all_five + colour) as i64;
        let mut label = labels.join(" · ");
        if !bonuses.is_empty() {
            label = format!("{label} +{}", BONUS * bonuses.len() as i64);
        }
        Ok((total, label))
    }

    fn walk(&self, table: Table, entries: &[Entry]) -> Result<(Sheet, Progress), SheetError> {
        let n = table.seats;
        let mut p = Progress {
            board: Some(Board::new()),
            turn: table.first_dealer,
            turns: 0,
            moved: false,
            ended: false,
            bag: TILES - HOLD * n,
            holding: vec![HOLD; n],
        };
        let mut lines = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            let number = i + 1;
            let step = self.step(&mut p, n, number, entry).map_err(|v| SheetError::at(number, v))?;
            if step.turn_taken {
                p.turns += 1;
                p.turn = seat_after(p.turn, 1, n);
            }
            let Step { points, label, dealer, .. } = step;
            lines.push(Line { line: number, deal: p.turns.max(1), dealer, label, points, counts: true, chooser: None, fault: None, sits_out: None });
        }
        // Turns, not lines: a joker claim is not a turn (the printed sheet's rows to fill
        // follow the turns).
        let played = p.turns;
        let mut sheet = Sheet::of_lines(n, lines, played, if p.ended { played } else { played + 1 });
        if p.ended && self.serviteur {
            let low = sheet.totals.iter().min().copied().unwrap_or(0);
            sheet.next_scorer = (1..=n).filter(|s| sheet.totals[s - 1] == low).collect();
        }
        Ok((sheet, p))
    }

    /// Entry `number` of the sheet, checked against the game as it stands (`p`) and played
    /// into it.
    fn step(&self, p: &mut Progress, n: usize, number: usize, entry: &Entry) -> Result<Step, Violation> {
        if p.ended {
            return Err(Violation::said(AFTER_END, said!("the game has ended", "la partie est finie", "het spel is afgelopen")));
        }
        if number > SHEET_MAX {
            return Err(Violation::said(SHEET_LONG, said!("entry {number}", "entrée {number}", "regel {number}")));
        }
        // A move on the board: its lines, tiles laid and bonuses read off the board, then
        // scored as the same move written as lines.
        let laid;
        let kind = match entry.kind()? {
            Kind::OnBoard { seat, tiles } => {
                let board = p.board.as_ref().ok_or_else(|| {
                    Violation::said(
                        Rule::DEAL_SHAPE,
                        said!(
                            "a move was written as lines, so the board is not known: write this move as lines",
                            "un coup a été écrit en lignes, le plateau n'est donc pas connu : écrivez ce coup en lignes",
                            "een zet werd als lijnen geschreven, dus het bord is niet gekend: schrijf deze zet als lijnen"
                        ),
                    )
                })?;
                laid = on_board(board, tiles, p.moved)?;
                Kind::Move { seat, lines: &laid.lines, placed: laid.placed, bonuses: &laid.bonuses }
            }
            kind @ Kind::Move { .. } => {
                p.board = None;
                kind
            }
            other => other,
        };
        match kind {
            // Read off the board above into a move written as lines: never here.
            Kind::OnBoard { .. } => Err(Violation::said(Rule::DEAL_SHAPE, said!("a move on the board", "un coup sur le plateau", "een zet op het bord"))),
            Kind::Move { seat, lines, placed, bonuses } => self.moved(p, n, entry, Move { seat, lines, placed, bonuses }),
            Kind::Pass { seat, exchanged } => passed(p, n, seat, exchanged),
            Kind::End { remaining } => ended(p, n, remaining),
            Kind::Joker(claim) => self.joker(n, claim),
        }
    }

    /// A move: its lines, tiles laid and bonuses scored; the tiles drawn again from the bag.
    fn moved(&self, p: &mut Progress, n: usize, entry: &Entry, Move { seat, lines, placed, bonuses }: Move<'_>) -> Result<Step, Violation> {
        let s = on_turn(p, seat, n, |s| said!("seat {s} plays", "la place {s} joue", "plaats {s} speelt"))?;
        let (score, label) = self.score_move(p, lines, placed, bonuses)?;
        let placed = placed as usize;
        let refill = placed.min(p.bag);
        p.holding[s - 1] = p.holding[s - 1] - placed + refill;
        p.bag -= refill;
        p.moved = true;
        if let (Some(board), Some(tiles)) = (p.board.as_mut(), &entry.tiles) {
            for t in tiles {
                if let Ok(tile) = Tile::of_value(&t.tile) {
                    board.insert((t.at[0], t.at[1]), (tile, t.colour));
                }
            }
        }
        let mut points = vec![0i64; n];
        points[s - 1] = score;
        Ok(Step { points, label, dealer: Some(s), turn_taken: true })
    }

    /// A joker's call (RULES.md): points another seat missed, claimed; or a wrong call.
    fn joker(&self, n: usize, claim: &Claim) -> Result<Step, Violation> {
        if !self.joker {
            return Err(Violation::said(
                JOKER_OFF,
                said!("this tournament does not play the joker rule", "ce tournoi ne joue pas la règle du joker", "dit toernooi speelt niet met de jokerregel"),
            ));
        }
        let by = seat_index(claim.by, n, Tr::new("the caller", "l'annonceur", "de roeper"))? + 1;
        let mut points = vec![0i64; n];
        let label = match claim.from {
            None if claim.points == 0 => {
                points[by - 1] = -WRONG_CALL;
                "joker ×".to_string()
            }
            Some(from) if (1..=CLAIM_MAX).contains(&claim.points) => {
                let from =
                    seat_index(from, n, Tr::new("the seat that missed points", "la place qui a oublié les points", "de plaats die de punten vergat"))? + 1;
                if from == by {
                    return Err(Violation::said(
                        JOKER_CLAIM,
                        said!(
                            "a caller claims points another seat missed",
                            "l'annonceur réclame des points qu'une autre place a oubliés",
                            "de roeper eist punten op die een andere plaats vergat"
                        ),
                    ));
                }
                points[by - 1] = claim.points;
                points[from - 1] = -claim.points;
                format!("joker {from}→{by}")
            }
            _ => {
                let claimed = claim.points;
                return Err(Violation::said(
                    JOKER_CLAIM,
                    if claim.from.is_some() {
                        said!("a claim of {claimed} points", "un joker de {claimed} points", "een claim van {claimed} punten")
                    } else {
                        said!(
                            "a claim of {claimed} points naming no seat",
                            "un joker de {claimed} points qui ne nomme aucune place",
                            "een claim van {claimed} punten die geen plaats noemt"
                        )
                    },
                ));
            }
        };
        Ok(Step { points, label, dealer: Some(by), turn_taken: false })
    }
}

/// A move as its entry writes it (or as the board reads it).
struct Move<'a> {
    seat: i64,
    lines: &'a [Vec<Value>],
    placed: i64,
    bonuses: &'a [String],
}

/// What one entry does to the sheet: each seat's points, the line's label, the seat the line
/// is written for (the turn's, or a joker's caller; none: the end, every seat's), and whether
/// it took the turn.
struct Step {
    points: Vec<i64>,
    label: String,
    dealer: Option<Seat>,
    turn_taken: bool,
}

/// The seat a move or a pass is written for, when it is that seat's turn; `does` says what
/// it does ("seat 2 plays"), for the refusal.
fn on_turn(p: &Progress, seat: i64, n: usize, does: impl Fn(usize) -> Said) -> Result<usize, Violation> {
    // RULES.md §5: the game ends when the bag is empty and a player has laid all their tiles;
    // only the end (and a joker's call on the last move) follows.
    if let Some(out) = p.holding.iter().position(|h| *h == 0).filter(|_| p.bag == 0) {
        let out = out + 1;
        return Err(Violation::said(
            AFTER_END,
            said!(
                "seat {out} has laid its last tile and the bag is empty: the game has ended, its end is written next",
                "la place {out} a posé son dernier jeton et le sac est vide : la partie est finie, sa fin s'inscrit ensuite",
                "plaats {out} legde haar laatste steen en de zak is leeg: het spel is afgelopen, het einde wordt nu geschreven"
            ),
        ));
    }
    let s = seat_index(seat, n, PLAYER)? + 1;
    if s != p.turn {
        let turn = p.turn;
        let does = does(s);
        let (de, df, dn) = (&does.en, &does.fr, &does.nl);
        return Err(Violation::said(
            TURN,
            said!("{de}; it is seat {turn}'s turn", "{df} ; c'est le tour de la place {turn}", "{dn}; het is de beurt aan plaats {turn}"),
        ));
    }
    Ok(s)
}

/// A pass, with so many tiles exchanged with the bag.
fn passed(p: &Progress, n: usize, seat: i64, exchanged: i64) -> Result<Step, Violation> {
    let s = on_turn(p, seat, n, |s| said!("seat {s} passes", "la place {s} passe", "plaats {s} past"))?;
    let held = p.holding[s - 1];
    if exchanged < 0 || exchanged as usize > held.min(p.bag) {
        let bag = p.bag;
        let Tr { en, fr, nl } =
            Tr::after(exchanged, Tr::new("tile exchanged", "jeton échangé", "steen geruild"), Tr::new("tiles exchanged", "jetons échangés", "stenen geruild"));
        return Err(Violation::said(
            EXCHANGE,
            said!(
                "{exchanged} {en}; seat {s} holds {held} and the bag {bag}",
                "{exchanged} {fr} ; la place {s} en a {held} et le sac {bag}",
                "{exchanged} {nl}; plaats {s} heeft er {held} en de zak {bag}"
            ),
        ));
    }
    let label = if exchanged > 0 { format!("pass ×{exchanged}") } else { "pass".into() };
    Ok(Step { points: vec![0; n], label, dealer: Some(s), turn_taken: true })
}

/// The end of the game: each seat's tiles left, counted against it.
fn ended(p: &mut Progress, n: usize, remaining: &[Vec<Value>]) -> Result<Step, Violation> {
    if remaining.len() != n {
        let listed = remaining.len();
        let Tr { en, fr, nl } =
            Tr::after(listed as i64, Tr::new("seat listed", "place donnée", "plaats gegeven"), Tr::new("seats listed", "places données", "plaatsen gegeven"));
        return Err(Violation::said(
            END,
            said!("{listed} {en}; the table has {n}", "{listed} {fr} ; la table en a {n}", "{listed} {nl}; de tafel heeft er {n}"),
        ));
    }
    let mut points = vec![0i64; n];
    for (k, tiles) in remaining.iter().enumerate() {
        let s = k + 1;
        if tiles.len() > p.holding[k] {
            let (held, listed) = (p.holding[k], tiles.len());
            let Tr { en, fr, nl } = Tr::after(held as i64, Tr::new("tile", "jeton", "steen"), Tr::new("tiles", "jetons", "stenen"));
            let given = if listed <= 1 { "donné" } else { "donnés" };
            return Err(Violation::said(
                END,
                said!(
                    "seat {s} holds {held} {en}; {listed} listed",
                    "la place {s} a {held} {fr} ; {listed} {given}",
                    "plaats {s} heeft {held} {nl}; {listed} gegeven"
                ),
            ));
        }
        let tiles = tiles_of(tiles).map_err(|v| v.after(said!("seat {s}: ", "place {s} : ", "plaats {s}: ")))?;
        points[k] = -tiles.iter().map(|t| t.value()).sum::<i64>();
    }
    p.ended = true;
    // The end is no one's turn: every hand's tiles are counted (it was marked as the next
    // player's turn, on the window's sheet and the printed one).
    Ok(Step { points, label: "end".into(), dealer: None, turn_taken: false })
}

impl Game for Cribbage {
    type Entry = Entry;
    type Choices = Choices;

    const ID: GameId = GameId::KingsCribbage;
    const NAME: Tr = Tr::new("Kings Cribbage", "Kings Cribbage", "Kings Cribbage");
    const SEATS: std::ops::RangeInclusive<usize> = 2..=4;
    const RANKING: RankingMethod = RankingMethod::TotalScore;
    const KEYS: &'static [&'static str] = &["joker", "serviteur"];
    const FIELDS: &'static [Field] = &[
        Field::new("seat", Tr::new("seat", "place", "plaats"), true),
        Field::new("lines", Tr::new("lines", "lignes", "lijnen"), false),
        Field::new("placed", Tr::new("tiles laid", "jetons posés", "gelegde stenen"), false),
        Field::new("tiles", Tr::new("laid on the board", "posés sur le plateau", "op het bord gelegd"), false),
        Field::new("tile", Tr::new("tile", "jeton", "steen"), false),
        Field::new("colour", Tr::new("colour", "couleur", "kleur"), false),
        Field::new("at", Tr::new("cell", "case", "vak"), false),
        Field::new("bonuses", Tr::new("bonuses", "bonus", "bonussen"), false),
        Field::new("pass", Tr::new("pass", "passe", "pas"), false),
        Field::new("exchanged", Tr::new("exchanged", "échangés", "geruild"), false),
        Field::new("remaining", Tr::new("tiles left", "jetons restants", "overgebleven stenen"), false),
        Field::new("joker", Tr::new("joker", "joker", "joker"), false),
        Field::new("by", Tr::new("called by", "annoncé par", "geroepen door"), true),
        Field::new("from", Tr::new("missed by", "oublié par", "vergeten door"), true),
        Field::new("points", Tr::new("points", "points", "punten"), false),
    ];
    const CALCULATOR: Option<crate::Calculator> = Some(calculate);

    /// Turns, not deals: a game of Kings Cribbage ends when the tiles do, not at a count of
    /// lines («9/10 deals» read as if one were left).
    fn progress(played: usize, _needed: usize) -> Said {
        match played {
            1 => said!("1 turn played", "1 tour joué", "1 beurt gespeeld"),
            n => said!("{n} turns played", "{n} tours joués", "{n} beurten gespeeld"),
        }
    }

    fn from_settings(settings: &Map<String, Value>) -> Result<Cribbage, Violation> {
        Ok(Cribbage { joker: setting(settings, "joker", true)?, serviteur: setting(settings, "serviteur", false)? })
    }

    fn settings_form(lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!([
            {"key": "joker", "label": t("Joker claims", "Joker", "Joker"), "options": [
                form_option(t("played: a missed score may be claimed; a wrong call costs 5", "joué : un score oublié peut être réclamé ; un faux joker coûte 5", "gespeeld: vergeten punten mogen opgeëist worden; een valse roep kost 5"), json!({"joker": true})),
                form_option(t("not played", "non joué", "niet gespeeld"), json!({"joker": false})),
            ]},
            {"key": "serviteur", "label": t("Serviteur", "Serviteur", "Serviteur"), "options": [
                form_option(t("not played", "non joué", "niet gespeeld"), json!({"serviteur": false})),
                form_option(t("played: a game's lowest scorer keeps the score of the next", "joué : le joueur au score le plus bas d'une partie tient les comptes de la suivante", "gespeeld: de speler met de laagste score van een spel houdt de punten van het volgende bij"), json!({"serviteur": true})),
            ]},
        ])
    }

    fn replay(&self, table: Table, entries: &[Entry]) -> Result<Sheet, SheetError> {
        Ok(self.walk(table, entries)?.0)
    }

    fn board(&self, table: Table, entries: &[Entry]) -> Value {
        let Ok((_, p)) = self.walk(table, entries) else { return Value::Null };
        match p.board {
            Some(board) if !board.is_empty() => {
                let mut cells: Vec<_> = board.into_iter().collect();
                cells.sort_by_key(|(at, _)| *at);
                // Each cell as it reads on paper: the tile and its colour's letter (a: 1, b: 2).
                let cell = |((r, c), (tile, colour)): ((i64, i64), (Tile, i64))| json!({"at": [r, c], "tile": tile.to_string(), "colour": colour, "label": format!("{tile}{}", if colour == 2 { "b" } else { "a" })});
                json!({"cells": cells.into_iter().map(cell).collect::<Vec<_>>()})
            }
            _ => Value::Null,
        }
    }

    fn next_choices(&self, table: Table, entries: &[Entry]) -> Result<Option<Choices>, SheetError> {
        let (_, p) = self.walk(table, entries)?;
        Ok((!p.ended).then(|| Choices {
            turn: crate::Turn { line: entries.len() + 1, deal: p.turns + 1, dealer: p.turn },
            seat: p.turn,
            first_move: !p.moved,
            holds: p.holding[p.turn - 1],
            bag: p.bag,
            holding: p.holding.clone(),
            joker: self.joker,
            board: p.board.is_some(),
        }))
    }

    fn describe(&self, lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!({
            "game": Self::ID.code(),
            "name": Self::NAME.get(lang),
            "joker": self.joker,
            "serviteur": self.serviteur,
            "tiles": (1..=13u8).map(|r| Tile(r).to_string()).collect::<Vec<_>>(),
            "bonus": BONUS,
            "wrong_call": WRONG_CALL,
            "contracts": [
                {"code": "board", "key": "b", "name": t("Move on the board", "Coup sur le plateau", "Zet op het bord")},
                {"code": "move", "key": "m", "name": t("Move", "Coup", "Zet")},
                {"code": "pass", "key": "p", "name": t("Pass", "Passe", "Pas")},
                {"code": "end", "key": "e", "name": t("End of game", "Fin de partie", "Einde van het spel")},
                {"code": "joker", "key": "j", "name": t("Joker", "Joker", "Joker")},
            ],
            // The bonuses by name. Which a move earns is the hint's answer to the move as
            // typed (the entry view lists those); the scorer is asked only whether a
            // line of `line` tiles is of one colour (`asked`). When each is due, for a
            // table device that cannot reach the application and lists them alone (the
            // application checks them when the line arrives): on the first move of the
            // game (`first_move`, as the next choices say), when `placed` tiles are laid.
            "bonuses": [
                {"code": "first", "key": "f", "name": t("first move", "premier coup", "eerste zet"), "first_move": true},
                {"code": "all-five", "key": "a", "name": t("all five tiles", "les cinq jetons", "alle vijf stenen"), "placed": HOLD},
                {"code": "one-colour", "key": "c", "name": t("five of one colour", "cinq d'une couleur", "vijf van één kleur"), "line": HOLD, "asked": true},
            ],
            "labels": {
                // What the sheet's marked figure means on a line (the seat whose turn it was).
                "marked": t("played this turn", "a joué ce tour", "speelde deze beurt"),
                // Who starts a table's game, said on the seating plan (no card is dealt).
                "first": t("plays first", "joue en premier", "speelt eerst"),
                "turn": t("Seat {seat} ({name}) plays — turn {turn}", "Place {seat} ({name}) joue — tour {turn}", "Plaats {seat} ({name}) speelt — beurt {turn}"),
                "line": t("line", "ligne", "lijn"),
                "lines": t("Lines made or extended (tiles separated by spaces, Enter for the next line)", "Lignes formées ou allongées (jetons séparés par des espaces, Entrée pour la ligne suivante)", "Gevormde of verlengde lijnen (stenen gescheiden door spaties, Enter voor de volgende lijn)"),
                "placed": t("tiles laid", "jetons posés", "gelegde stenen"),
                "exchanged": t("tiles exchanged", "jetons échangés", "geruilde stenen"),
                "remaining": t("tiles left", "jetons restants", "overgebleven stenen"),
                // A seat's tiles held, in its field at the end; fewer listed are let through
                // (docs/rules-decisions.md) but said, so that a field left empty by mistake
                // is seen before the end is written.
                "held": t("{n} held", "{n} en main", "{n} in de hand"),
                "end_short": t(
                    "Fewer tiles listed than held for {seats}: only the tiles listed are deducted.",
                    "Moins de jetons donnés qu'en main pour {seats} : seuls les jetons donnés sont déduits.",
                    "Minder stenen gegeven dan in de hand voor {seats}: enkel de gegeven stenen worden afgetrokken."
                ),
                "move_total": t("move total", "total du coup", "totaal van de zet"),
                "board": t("Arrows move the cursor; A, 2 … 9, 0 (the 10), J, Q, K lay a tile there; X switches the colour; Backspace takes it back; Enter plays the move",
                    "Les flèches déplacent le curseur ; A, 2 … 9, 0 (le 10), J, Q, K y posent un jeton ; X change la couleur ; Retour arrière le reprend ; Entrée joue le coup",
                    "De pijltjes verplaatsen de cursor; A, 2 … 9, 0 (de 10), J, Q, K leggen er een steen; X wisselt de kleur; Backspace neemt hem terug; Enter speelt de zet"),
                "colour": t("colour", "couleur", "kleur"),
                "colours": COLOURS.iter().map(|c| c.get(lang)).collect::<Vec<_>>(),
                "take_back": t("take back", "reprendre", "terugnemen"),
                "board_unknown": t("A move was written as lines: the board is not known any more.", "Un coup a été écrit en lignes : le plateau n'est plus connu.", "Een zet werd als lijnen geschreven: het bord is niet meer gekend."),
                "by": t("called by", "annoncé par", "geroepen door"),
                "from": t("missed by", "oublié par", "vergeten door"),
                "wrong": t("wrong call (−5)", "faux joker (−5)", "valse roep (−5)"),
                "holds": t("holds {n} tiles; {bag} in the bag", "a {n} jetons ; {bag} dans le sac", "heeft {n} stenen; {bag} in de zak"),
                // Once the bag is empty a hand falls to one tile.
                "holds_one": t("holds 1 tile; {bag} in the bag", "a 1 jeton ; {bag} dans le sac", "heeft 1 steen; {bag} in de zak"),
                "fifteens": t("fifteens", "quinzes", "vijftienen"),
                "runs": t("runs", "suites", "reeksen"),
                "pairs": t("pairs", "paires", "paren"),
                "serviteur": t("keeps the score of the next game", "tient les comptes de la partie suivante", "houdt de punten van het volgende spel bij"),
                "calculator": t("Hand calculator", "Calculateur de main", "Rekenhulp voor een hand"),
            },
            // The sheet's words as this game says them: turns, not deals; a seat that plays
            // first, not a dealer (the sheet read «Donne», its tools «Premier donneur»).
            "words": {
                "deal": t("Turn", "Tour", "Beurt"),
                // Whose turn a line is, where another game says who dealt (as the printed sheet).
                "dealer": t("Player", "Joueur", "Speler"),
                "dealt_by": t("to play:", "au tour de", "aan de beurt:"),
                "new_first_dealer": t("Plays first", "Joue en premier", "Speelt eerst"),
                "first_dealer_change": t("Correct who plays first", "Corriger qui joue en premier", "Verbeteren wie eerst speelt"),
                "sheet_more": t("Undo, who plays first, history", "Annuler, qui joue en premier, historique", "Ongedaan maken, wie eerst speelt, geschiedenis"),
            },
        })
    }

    /// Tiles as FORMAT.md writes them (`Q`, `9`): a document may give `q` or 9, read the same
    /// (a move's lines, the tiles left at the end, a tile laid on the board).
    fn as_written(&self, entry: Value) -> Value {
        fn tile(v: &Value) -> Value {
            Tile::of_value(v).map_or_else(|_| v.clone(), |t| Value::String(t.to_string()))
        }
        fn walk(v: Value) -> Value {
            match v {
                Value::Object(m) => Value::Object(
                    m.into_iter()
                        .map(|(k, v)| {
                            let v = match (k.as_str(), v) {
                                ("lines" | "remaining", Value::Array(lines)) => Value::Array(
                                    lines.into_iter().map(|l| if let Value::Array(ts) = l { Value::Array(ts.iter().map(tile).collect()) } else { l }).collect(),
                                ),
                                ("tile", t) => tile(&t),
                                (_, other) => walk(other),
                            };
                            (k, v)
                        })
                        .collect(),
                ),
                Value::Array(xs) => Value::Array(xs.into_iter().map(walk).collect()),
                other => other,
            }
        }
        walk(entry)
    }

    /// About four a table, as even as possible, 2 to 4.
    fn plan(&self, players: usize) -> Option<TablePlan> {
        TablePlan::even(players, PLANNED_TABLE, Self::SEATS)
    }

    /// For a move being typed: every line's score part by part, or the rule it breaks.
    fn hint(&self, table: Table, entries: &[Entry], draft: &Value) -> Value {
        // A move being laid on the board: the lines it makes, each with its parts, or the
        // board's rule it breaks.
        if let Some(tiles) = draft.get("tiles") {
            let Ok(tiles) = serde_json::from_value::<Vec<Laid>>(tiles.clone()) else { return Value::Null };
            let Ok((_, p)) = self.walk(table, entries) else { return Value::Null };
            let Some(board) = &p.board else { return Value::Null };
            return match on_board(board, &tiles, p.moved) {
                Ok(m) => {
                    let lines: Vec<Value> = m
                        .lines
                        .iter()
                        .filter_map(|line| {
                            let tiles = tiles_of(line).ok()?;
                            let mut v = hand_value(&tiles);
                            v["line"] = json!(names(&tiles));
                            Some(v)
                        })
                        .collect();
                    let points: i64 = lines.iter().filter_map(|l| l.get("points").and_then(Value::as_i64)).sum();
                    json!({"lines": lines, "bonuses": m.bonuses, "total": points + BONUS * m.bonuses.len() as i64})
                }
                Err(v) => json!({"lines": [], "rule": v.rule.code(), "texts": v.rule.texts().all()}),
            };
        }
        let Some(lines) = draft.get("lines").and_then(Value::as_array) else { return Value::Null };
        let moved = self.walk(table, entries).map_or(true, |(_, p)| p.moved);
        let scored: Vec<Value> = lines
            .iter()
            .take(MOVE_LINES)
            .map(|line| {
                let Some(line) = line.as_array() else { return Value::Null };
                let refused = |r: Rule| json!({"rule": r.code(), "texts": r.texts().all()});
                if !(2..=HOLD).contains(&line.len()) {
                    return refused(HAND_SIZE);
                }
                match tiles_of(line) {
                    Ok(tiles) => hand_value(&tiles),
                    Err(v) => refused(v.rule),
                }
            })
            .collect();
        // The bonuses the move as typed earns, as the check counts them: the first move of
        // the game, five tiles laid, and a line of five the scorer marks as of one colour
        // (once per such line); and the move's total with them.
        let fives = lines.iter().take(MOVE_LINES).filter(|l| l.as_array().is_some_and(|l| l.len() == HOLD)).count();
        let marked = draft.get("bonuses").and_then(Value::as_array).map_or(0, |b| b.iter().filter(|b| b.as_str() == Some("one-colour")).count());
        let mut bonuses = vec![];
        if !moved {
            bonuses.push("first");
        }
        if draft.get("placed").and_then(Value::as_i64) == Some(HOLD as i64) {
            bonuses.push("all-five");
        }
        bonuses.extend(std::iter::repeat_n("one-colour", marked.min(fives)));
        let lines_points: i64 = scored.iter().filter_map(|l| l.get("points").and_then(Value::as_i64)).sum();
        json!({"lines": scored, "bonuses": bonuses, "total": lines_points + BONUS * bonuses.len() as i64})
    }

    /// A plausible game: moves of scoring lines, now and then a pass, then the end.
    #[cfg(feature = "testing")]
    fn random_sheet(&self, table: Table, seed: u64) -> Vec<Entry> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut entries = vec![];
        let mut moved = false;
        let mut seat = table.first_dealer;
        for _ in 0..rng.random_range(8..30) {
            if moved && rng.random_range(0..6) == 0 {
                entries.push(Entry { seat: Some(seat as i64), pass: Some(true), exchanged: Some(rng.random_range(0..=3)), ..Default::default() });
            } else {
                let line = loop {
                    let len = rng.random_range(2..=HOLD);
                    let tiles: Vec<Tile> = (0..len).map(|_| Tile(rng.random_range(1..=13))).collect();
                    if score_hand(&tiles).points > 0 {
                        break tiles;
                    }
                };
                let placed = if moved { rng.random_range(1..=line.len()) } else { line.len() };
                let mut bonuses = vec![];
                if !moved {
                    bonuses.push("first".to_string());
                }
                if placed == HOLD {
                    bonuses.push("all-five".to_string());
                }
                let lines = vec![line.iter().map(|t| json!(t.to_string())).collect()];
                entries.push(Entry { seat: Some(seat as i64), lines: Some(lines), placed: Some(placed as i64), bonuses: Some(bonuses), ..Default::default() });
                moved = true;
            }
            seat = seat_after(seat, 1, table.seats);
        }
        let remaining = (0..table.seats).map(|_| (0..rng.random_range(0..=2)).map(|_| json!(Tile(rng.random_range(1..=13)).to_string())).collect()).collect();
        entries.push(Entry { remaining: Some(remaining), ..Default::default() });
        entries
    }

    /// A blank move log: one row per turn, the player due marked as the dealer.
    /// A move on the board as a player says it: who, the tiles laid in the order they lie,
    /// their colour, and the row or column they lie in ("2. Bart: 5 and 10 in yellow, row 1").
    fn say(entry: &Entry, seats: &[String], lang: Lang) -> Option<String> {
        let tiles = entry.tiles.as_ref().filter(|t| !t.is_empty())?;
        let mut laid: Vec<&Laid> = tiles.iter().collect();
        laid.sort_by_key(|t| t.at);
        let face = |t: &Laid| t.tile.as_str().map_or_else(|| t.tile.to_string(), str::to_string);
        let colour =
            |t: &Laid| usize::try_from(t.colour - 1).ok().and_then(|i| COLOURS.get(i)).map_or_else(|| t.colour.to_string(), |c| c.get(lang).to_string());
        let one_colour = laid.iter().all(|t| t.colour == laid[0].colour);
        let named: Vec<String> = laid.iter().map(|t| if one_colour { face(t) } else { format!("{} ({})", face(t), colour(t)) }).collect();
        let and = Tr::new("and", "et", "en").get(lang);
        let mut said = match named.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, before)) => format!("{} {and} {last}", before.join(", ")),
            None => return None,
        };
        if one_colour {
            said = format!("{said} {} {}", Tr::new("in", "en", "in").get(lang), colour(laid[0]));
        }
        // Tiles in one row say their row, in one column their column; a single tile both.
        let (rows, columns) = (laid.iter().all(|t| t.at[0] == laid[0].at[0]), laid.iter().all(|t| t.at[1] == laid[0].at[1]));
        let row = format!("{} {}", Tr::new("row", "rangée", "rij").get(lang), laid[0].at[0].saturating_add(1));
        let column = format!("{} {}", Tr::new("column", "colonne", "kolom").get(lang), laid[0].at[1].saturating_add(1));
        match (rows, columns) {
            (true, true) => said = format!("{said}, {row}, {column}"),
            (true, false) => said = format!("{said}, {row}"),
            (false, true) => said = format!("{said}, {column}"),
            (false, false) => {}
        }
        let seat = entry.seat.and_then(|s| usize::try_from(s).ok()).and_then(|s| Some(format!("{s}. {}", seats.get(s.checked_sub(1)?)?)));
        Some(match seat {
            Some(who) => format!("{who}{}{said}", lang.colon()),
            None => said,
        })
    }

    fn print_form(&self, table: Table, lang: Lang) -> Value {
        let rows = (0..PRINTED_TURNS).map(|k| crate::print_row(String::new(), seat_after(table.first_dealer, k, table.seats), None, false)).collect();
        let mut form = crate::print_form(
            json!([{"title": Tr::new("Lines laid", "Lignes posées", "Gelegde lijnen").get(lang), "width": 5.0, "from": "label"}]),
            json!([{"title": Tr::new("pts", "pts", "ptn").get(lang), "from": "points"}]),
            rows,
        );
        // Turns, not deals: who plays each row, and the order they play in.
        form["dealer_title"] = json!(Tr::new("Player", "Joueur", "Speler").get(lang));
        form["order_title"] = json!(Tr::new("Players in turn", "Joueurs à tour de rôle", "Spelers om de beurt").get(lang));
        form
    }
}
