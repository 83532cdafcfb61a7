//! Atout's rules engine: pure functions over the score sheets of each game.
//!
//! No IO, no clock, no global state. Randomness comes in as an argument.
//! User data never makes this crate panic: every bad input is a [`Violation`]
//! naming the rule it breaks, and every figure is bounded before arithmetic.
//!
//! Every game has the same shape ([`Game`]): it reads its own settings keys,
//! says which table sizes it allows and how a field is split into tables, and
//! turns a sheet (a list of entries, one per line the scorer writes) into
//! checked lines with points. The rest of Atout sees a game only through
//! [`Rules`], built by [`GameId::rules`] from the tournament's settings.
//! Adding a game is adding a module that implements [`Game`] and one arm in
//! [`GameId::spec`].
#![forbid(unsafe_code)]

pub mod cards;
pub mod cribbage;
pub mod double_king;
pub mod draw;
mod error;
pub mod king;
pub mod lucky7;
pub mod planner;
pub mod play;
pub mod ranking;
pub mod rikken;
pub mod ruling;
pub mod season;
pub mod settings;
pub mod solve;
mod unread;
pub mod words;

pub use error::{Lang, Rule, RuleDef, Said, SheetError, Tr, Violation};
pub use ranking::TablePoints;
pub use settings::TournamentSettings;
pub use unread::{unique_json, unread};
pub use words::Names;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::{Map, Value};
use settings::RankingMethod;
use std::ops::RangeInclusive;

/// A seat at a table, 1-based, numbered clockwise.
pub type Seat = usize;

/// The games Atout knows by name (FORMAT.md's `game`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    DoubleKing,
    King,
    Rikken,
    #[serde(rename = "double-lucky-7")]
    DoubleLucky7,
    KingsCribbage,
}

impl GameId {
    pub const ALL: [GameId; 5] = [GameId::DoubleKing, GameId::King, GameId::Rikken, GameId::DoubleLucky7, GameId::KingsCribbage];

    pub fn code(self) -> &'static str {
        match self {
            GameId::DoubleKing => "double-king",
            GameId::King => "king",
            GameId::Rikken => "rikken",
            GameId::DoubleLucky7 => "double-lucky-7",
            GameId::KingsCribbage => "kings-cribbage",
        }
    }

    pub fn parse(code: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.code() == code)
    }

    /// What this build knows of the game; `None` for a game it does not score yet.
    /// The one place a new game is registered.
    pub fn spec(self) -> Option<GameSpec> {
        match self {
            GameId::DoubleKing => Some(GameSpec::of::<double_king::DoubleKing>()),
            GameId::King => Some(GameSpec::of::<king::King>()),
            GameId::DoubleLucky7 => Some(GameSpec::of::<lucky7::Lucky7>()),
            GameId::Rikken => Some(GameSpec::of::<rikken::Rikken>()),
            GameId::KingsCribbage => Some(GameSpec::of::<cribbage::Cribbage>()),
        }
    }

    /// The game's rules under the given settings (the whole settings object:
    /// the game reads its own keys from it).
    pub fn rules(self, settings: &Map<String, Value>) -> Result<Box<dyn Rules>, Violation> {
        let spec = self.spec().ok_or_else(|| {
            let game = self.code();
            Violation::said(
                Rule::GAME_UNSUPPORTED,
                said!("{game} sheets are not scored yet", "les feuilles de {game} ne sont pas encore comptées", "{game}-bladen worden nog niet geteld"),
            )
        })?;
        (spec.load)(settings)
    }
}

/// A table as its sheet sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// Players at the table.
    pub seats: usize,
    /// Seat of the first dealer (or first player).
    pub first_dealer: Seat,
}

impl Table {
    pub fn new(seats: usize, first_dealer: Seat) -> Table {
        Table { seats, first_dealer }
    }
}

/// How a field of players is split into tables for one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TablePlan {
    /// Size of each table, table 1 first.
    pub sizes: Vec<usize>,
    /// Players who sit out the round.
    pub byes: usize,
}

impl TablePlan {
    /// Tables of `size`; the players left over sit out.
    pub fn fixed(players: usize, size: usize) -> Option<TablePlan> {
        (size > 0 && players >= size).then(|| TablePlan { sizes: vec![size; players / size], byes: players % size })
    }

    /// The fewest tables of at most `most` players that seat everyone, their sizes differing
    /// by at most one, none under the least of `sizes`; when no such split exists, the most
    /// players that can be seated so are, and the others sit out (FORMAT.md "Tables").
    pub fn at_most(players: usize, most: usize, sizes: RangeInclusive<usize>) -> Option<TablePlan> {
        let least = (*sizes.start()).max(1);
        let most = most.min(*sizes.end());
        if most < least {
            return None;
        }
        (least..=players).rev().find_map(|seated| {
            let tables = seated.div_ceil(most);
            (seated / tables >= least).then(|| {
                let (base, bigger) = (seated / tables, seated % tables);
                TablePlan { sizes: (0..tables).map(|i| base + usize::from(i < bigger)).collect(), byes: players - seated }
            })
        })
    }

    /// About `target` players a table, as even as possible, every table within `sizes`; no byes.
    pub fn even(players: usize, target: usize, sizes: RangeInclusive<usize>) -> Option<TablePlan> {
        if players < *sizes.start() || target == 0 {
            return None;
        }
        let mut tables = ((players + target / 2) / target).max(1);
        while players / tables > *sizes.end() || (!players.is_multiple_of(tables) && players / tables + 1 > *sizes.end()) {
            tables += 1;
        }
        while tables > 1 && players / tables < *sizes.start() {
            tables -= 1;
        }
        let (base, bigger) = (players / tables, players % tables);
        let plan: Vec<usize> = (0..tables).map(|i| base + usize::from(i < bigger)).collect();
        plan.iter().all(|s| sizes.contains(s)).then_some(TablePlan { sizes: plan, byes: 0 })
    }
}

/// Builds a game's rules from a tournament's settings.
type Loader = fn(&Map<String, Value>) -> Result<Box<dyn Rules>, Violation>;

/// A game as Atout knows it before any settings are read.
#[derive(Clone)]
pub struct GameSpec {
    pub id: GameId,
    pub name: Tr,
    /// Table sizes the game is played at.
    pub seats: RangeInclusive<usize>,
    /// The ranking method when the settings name none.
    pub ranking: RankingMethod,
    /// The settings keys the game reads, beside the common ones.
    pub keys: &'static [&'static str],
    /// Its keys whose `null` is a value of its own (see [`Game::NULL_KEYS`]).
    pub null_keys: &'static [&'static str],
    load: Loader,
    form: fn(Lang) -> Value,
    /// Settings a new tournament keeps its own copy of (Rikken's points table).
    pub defaults: fn() -> Map<String, Value>,
    /// The game's hand calculator, if it has one (see [`Game::CALCULATOR`]).
    pub calculator: Option<Calculator>,
}

/// A field of a game's entry: its key, its name, and whether it holds a seat (or seats).
pub struct Field {
    pub key: &'static str,
    pub name: Tr,
    pub seat: bool,
    /// For a list of seats: its name when it names one seat (a misère played alone).
    pub one: Option<Tr>,
    /// Said with who played the line on the sheet, where the sheet has no column for it
    /// (Rikken's tricks: checking a line against the paper meant opening it).
    pub on_line: bool,
    /// A person's name who plays at no seat (the jury member who consented or fined): the
    /// published results hide it as they hide the players' names.
    pub person: bool,
}

impl Field {
    pub const fn new(key: &'static str, name: Tr, seat: bool) -> Field {
        Field { key, name, seat, one: None, on_line: false, person: false }
    }

    /// A list of seats, `name` for several and `one` for a single seat.
    pub const fn seats(key: &'static str, name: Tr, one: Tr) -> Field {
        Field { key, name, seat: true, one: Some(one), on_line: false, person: false }
    }

    /// This field said with who played the line, on the sheet.
    pub const fn on_line(self) -> Field {
        Field { on_line: true, ..self }
    }

    /// This field names a person who plays at no seat (a jury member).
    pub const fn person(self) -> Field {
        Field { person: true, ..self }
    }
}

/// A hand calculator: the pieces of a hand as typed, its score part by part.
pub type Calculator = fn(&[String]) -> Result<Value, Violation>;

impl GameSpec {
    fn of<G: Game>() -> GameSpec {
        GameSpec {
            id: G::ID,
            name: G::NAME,
            seats: G::SEATS,
            ranking: G::RANKING,
            keys: G::KEYS,
            null_keys: G::NULL_KEYS,
            load: |settings| Ok(Box::new(G::from_settings(settings)?)),
            form: G::settings_form,
            defaults: G::settings_defaults,
            calculator: G::CALCULATOR,
        }
    }

    /// The game's own settings as a form: `[{key, label, options: [{label, settings}]}]`,
    /// the first option being the default.
    pub fn settings_form(&self, lang: Lang) -> Value {
        (self.form)(lang)
    }
}

/// The common shape of every game. A game reads its own settings keys, checks
/// and scores its sheet, and describes itself to the window in each language.
pub trait Game: Sized + Send + Sync + 'static {
    /// One line of the sheet as the scorer writes it (FORMAT.md's entry shape).
    type Entry: DeserializeOwned + Serialize + Clone;
    /// What the next line may be.
    type Choices: Serialize;

    const ID: GameId;
    const NAME: Tr;
    const SEATS: RangeInclusive<usize>;
    const RANKING: RankingMethod;
    const KEYS: &'static [&'static str];
    /// Keys whose `null` means something of its own rather than "the default" (King's
    /// `last_two`: no last-two deal): a change of settings that writes them `null` keeps the
    /// `null` rather than taking the key away.
    const NULL_KEYS: &'static [&'static str] = &[];
    /// The fields of an entry (FORMAT.md's keys) by name, for the history and the log in
    /// words; those that hold seats say so.
    const FIELDS: &'static [Field] = &[];
    /// A calculator usable without a tournament (Kings Cribbage's hand score), for
    /// the jury settling a claim and for players checking a count.
    const CALCULATOR: Option<Calculator> = None;

    /// Read the game's own keys from the tournament's settings (the whole
    /// object; the common keys are not the game's business).
    fn from_settings(settings: &Map<String, Value>) -> Result<Self, Violation>;

    /// The settings form (see [`GameSpec::settings_form`]).
    fn settings_form(lang: Lang) -> Value;

    /// How far a table's sheet is, in words: `played` of the `needed` deals («9/20 deals»). A
    /// game whose lines are no deals says it in its own (Kings Cribbage's turns, Double Lucky
    /// 7's hands).
    fn progress(played: usize, needed: usize) -> Said {
        said!("{played}/{needed} deals", "{played}/{needed} donnes", "{played}/{needed} spellen")
    }

    /// Settings that each tournament keeps a copy of when it is created, so that a
    /// later default never changes a tournament's scores (Rikken's points table).
    fn settings_defaults() -> Map<String, Value> {
        Map::new()
    }

    /// Check every entry in order; the first broken rule stops the replay.
    /// The table's size and first dealer have been checked against [`Game::SEATS`].
    fn replay(&self, table: Table, entries: &[Self::Entry]) -> Result<Sheet, SheetError>;

    /// The choices open to the next line, `None` when the sheet is complete.
    fn next_choices(&self, table: Table, entries: &[Self::Entry]) -> Result<Option<Self::Choices>, SheetError>;

    /// Everything the window needs to show this game's sheet and entry: names of
    /// contracts, figures and their totals, texts — in `lang`.
    fn describe(&self, lang: Lang) -> Value;

    /// How `players` players are split into tables.
    fn plan(&self, players: usize) -> Option<TablePlan> {
        TablePlan::fixed(players, *Self::SEATS.start())
    }

    /// A line as FORMAT.md writes it, where the game reads it more freely (Kings Cribbage's
    /// tiles in any case, or as numbers); whole numbers are already integers. As given by
    /// default.
    fn as_written(&self, entry: Value) -> Value {
        entry
    }

    /// Help for a line still being typed (`draft` may be incomplete), e.g. the
    /// bid the last bidder may not make. `Null` when there is nothing to say.
    fn hint(&self, _table: Table, _entries: &[Self::Entry], _draft: &Value) -> Value {
        Value::Null
    }

    /// A complete valid sheet drawn from `seed`, for crash runs, fuzzing and
    /// benchmarks; empty when the game has no generator.
    #[cfg(feature = "testing")]
    fn random_sheet(&self, _table: Table, _seed: u64) -> Vec<Self::Entry> {
        vec![]
    }

    /// The printed score sheet's grid (see [`print_form`]).
    fn print_form(&self, table: Table, lang: Lang) -> Value;

    /// An entry in words, where the game says it better than its fields one by one (a move
    /// on the board as a player says it: "5 and 10 in yellow, row 1"); `None`: as
    /// [`Names::entry`] reads any entry. `seats[0]` is seat 1's name.
    fn say(_entry: &Self::Entry, _seats: &[String], _lang: Lang) -> Option<String> {
        None
    }

    /// Where the tiles lie, for a game played on a board (Kings Cribbage): `{"cells":
    /// [{"at": [row, column], "label", …}]}`, `label` the cell as it reads on paper; or
    /// `Null` (no board, or not known).
    fn board(&self, _table: Table, _entries: &[Self::Entry]) -> Value {
        Value::Null
    }

    /// The deck its deals are played with, for the hand checker; `None` when the game is
    /// not played in tricks (Kings Cribbage).
    const DECK: Option<play::Deck> = None;

    /// The keys of its entry that carry the figures the cards decide (FORMAT.md's names).
    const FIGURE_KEYS: &'static [&'static str] = &[];

    /// The fields of a hand record besides the cards that its deals use (FORMAT.md "Hand
    /// records": `trump`, `called`), for the jury's replay to ask for.
    const HAND_FIELDS: &'static [&'static str] = &[];

    /// Whether a hand record's `trump` may be `none` (Rikken's misères; never in Double Lucky 7,
    /// whose every deal turns a trump): the jury's replay offers it only then.
    const HAND_NO_TRUMP: bool = true;

    /// How `deal` is played card by card (RULES.md §7): the rules of play of its contract,
    /// the first leader, the cards each seat is dealt.
    fn play(&self, _context: &play::Context, _deal: &Self::Entry) -> Result<play::DealPlay, Violation> {
        Err(play::record_fault(said!("this game is not played in tricks", "ce jeu ne se joue pas en plis", "dit spel wordt niet in slagen gespeeld")))
    }

    /// The declarer and the partner the cards make, when `deal` is played by a pair whose
    /// tricks count together (RULES.md §7 "Claims"); `None` when every seat plays for itself.
    fn pair(&self, _context: &play::Context, _deal: &Self::Entry) -> Option<(usize, usize)> {
        None
    }

    /// What `deal`'s contract asks of `seat`'s side over the whole deal, as a claim from the
    /// first card ("could it have been made?": a declarer's tricks to make, a misère's none to
    /// take); `None` when it asks the seat for no count of tricks.
    fn demand(&self, _context: &play::Context, _deal: &Self::Entry, _seat: usize) -> Option<solve::Claim> {
        None
    }

    /// The sheet figures the tricks of a legal, complete deal give (FORMAT.md's names).
    fn figures(&self, _context: &play::Context, _deal: &Self::Entry, _replay: &play::Replay) -> Map<String, Value> {
        Map::new()
    }
}

/// A printed sheet's grid: `columns` (the game's own, between the line number and
/// the seats: `{title, width, from}`), `per_seat` (one or more columns per seat:
/// `{title, from}`), and `rows` (`{label, dealer, out, mark}`), one per deal. `from`
/// names what fills the cell on a completed sheet: `label`, `points`, `who` (who played
/// the line, in words: [`Names::who`]), or a field of the entry (its value at the seat's
/// index when it is a list). A completed sheet whose form has no `who` column gets one.
pub fn print_form(columns: Value, per_seat: Value, rows: Vec<Value>) -> Value {
    serde_json::json!({"columns": columns, "per_seat": per_seat, "rows": rows})
}

/// One printed row: its label, its dealer, who sits out, whether it is marked.
pub fn print_row(label: impl Into<String>, dealer: Seat, out: Option<Seat>, mark: bool) -> Value {
    serde_json::json!({"label": label.into(), "dealer": dealer, "out": out, "mark": mark})
}

/// A game under a tournament's settings, as the rest of Atout uses it: entries
/// and choices as FORMAT.md's JSON.
pub trait Rules: Send + Sync {
    fn id(&self) -> GameId;
    fn seats(&self) -> RangeInclusive<usize>;
    /// Check a table (size, first dealer) and its whole sheet, and score it.
    fn replay(&self, table: Table, entries: &[Value]) -> Result<Sheet, SheetError>;
    /// The same, each line given as its JSON text (read straight into the game's entries, with
    /// no JSON value made on the way: how a tournament is loaded).
    fn replay_texts(&self, table: Table, entries: &[Box<str>]) -> Result<Sheet, SheetError>;
    /// What the next line may be, or `None` when the sheet is complete.
    fn next_choices(&self, table: Table, entries: &[Value]) -> Result<Option<Value>, SheetError>;
    /// A line as an export writes it: FORMAT.md's way (whole numbers as integers, the game's
    /// own written forms), whatever way it was read.
    fn as_written(&self, entry: &Value) -> Value;
    fn describe(&self, lang: Lang) -> Value;
    /// How `players` players are split into tables; refused when they cannot be seated.
    fn plan(&self, players: usize) -> Result<TablePlan, Violation>;
    fn hint(&self, table: Table, entries: &[Value], draft: &Value) -> Value;
    /// A complete valid sheet drawn from `seed` (empty when the game has no generator).
    #[cfg(feature = "testing")]
    fn random_sheet(&self, table: Table, seed: u64) -> Vec<Value>;
    /// The printed sheet's grid (see [`print_form`]).
    fn print_form(&self, table: Table, lang: Lang) -> Value;
    /// Where the tiles lie (see [`Game::board`]); `Null` when a line does not read.
    fn board(&self, table: Table, entries: &[Value]) -> Value;
    /// How the game says an entry in words itself (see [`Game::say`]), for [`Names`].
    fn sayer(&self) -> Sayer;
    /// Replay a hand record card by card (RULES.md §7): FORMAT.md's answer; refused when
    /// the record itself does not read.
    fn hand_check(&self, record: &Value) -> Result<Value, Violation>;
    /// The same, with the tricks as played and the deal as it stands (for the jury's
    /// screen, the printed record and the tests).
    fn hand_replay(&self, record: &Value) -> Result<play::Checked, Violation>;
    /// The lines of a sheet that carry their `hand` (FORMAT.md "Hand records"), checked:
    /// a record that does not read is refused, and so is one whose legal, complete play
    /// gives other figures than its line (but a fault, whose figures a ruling set).
    /// `changed`: the lines to check (the others were checked when written).
    fn check_hands(&self, table: Table, sheet: &Sheet, entries: &[Value], changed: &dyn Fn(usize) -> bool) -> Result<(), SheetError>;
    /// The deck the game's deals are played with; `None` when it is not played in tricks.
    fn deck(&self) -> Option<play::Deck>;
    /// The keys of a line that the cards played decide ([`Game::FIGURE_KEYS`]); the others
    /// (the contract, its declarers, its trump) are the table's choice.
    fn figure_keys(&self) -> &'static [&'static str];
    /// [`Game::progress`].
    fn progress(&self, played: usize, needed: usize) -> Said;
}

impl<G: Game> Rules for G {
    fn id(&self) -> GameId {
        G::ID
    }

    fn deck(&self) -> Option<play::Deck> {
        G::DECK
    }
    fn figure_keys(&self) -> &'static [&'static str] {
        G::FIGURE_KEYS
    }
    fn progress(&self, played: usize, needed: usize) -> Said {
        G::progress(played, needed)
    }

    fn seats(&self) -> RangeInclusive<usize> {
        G::SEATS
    }

    fn replay(&self, table: Table, entries: &[Value]) -> Result<Sheet, SheetError> {
        check_table::<G>(table)?;
        Game::replay(self, table, &parse_entries::<G>(entries)?)
    }

    fn replay_texts(&self, table: Table, entries: &[Box<str>]) -> Result<Sheet, SheetError> {
        check_table::<G>(table)?;
        // Read straight from the text; a line stored with a whole number as a decimal (before
        // writes kept them as integers) reads as a line given so does.
        let parsed = entries
            .iter()
            .enumerate()
            .map(|(i, text)| {
                serde_json::from_str::<G::Entry>(text).or_else(|e| match serde_json::from_str::<Value>(text) {
                    Ok(v) => parse_entries::<G>(std::slice::from_ref(&v)).map(|mut one| one.remove(0)).map_err(|err| SheetError::at(i + 1, err.violation)),
                    Err(_) => Err(unreadable(i, &e)),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Game::replay(self, table, &parsed)
    }

    fn as_written(&self, entry: &Value) -> Value {
        Game::as_written(self, whole_numbers(entry))
    }

    fn next_choices(&self, table: Table, entries: &[Value]) -> Result<Option<Value>, SheetError> {
        check_table::<G>(table)?;
        let choices = Game::next_choices(self, table, &parse_entries::<G>(entries)?)?;
        Ok(choices.map(|c| serde_json::to_value(c).unwrap_or(Value::Null)))
    }

    /// The game's description, with its entry's `fields`: `{key: {name, seat}}` (and `one`,
    /// a list of seats' name when it names one).
    fn describe(&self, lang: Lang) -> Value {
        let mut described = Game::describe(self, lang);
        let field = |f: &Field| {
            let mut d = serde_json::json!({"name": f.name.get(lang), "seat": f.seat});
            if f.on_line {
                d["on_line"] = true.into();
            }
            if f.person {
                d["person"] = true.into();
            }
            if let Some(one) = f.one {
                d["one"] = one.get(lang).into();
            }
            d
        };
        let fields: Map<String, Value> = G::FIELDS.iter().map(|f| (f.key.to_string(), field(f))).collect();
        if let Value::Object(map) = &mut described {
            map.insert("fields".into(), Value::Object(fields));
            // Whether the jury can replay its deals card by card (the hand checker).
            map.insert("plays_tricks".into(), Value::Bool(G::DECK.is_some()));
            map.insert("hand_fields".into(), serde_json::json!(G::HAND_FIELDS));
            map.insert("hand_no_trump".into(), serde_json::json!(G::HAND_NO_TRUMP));
            // Its deck, card by card as a hand record writes them (the jury's card grid).
            let deck: Vec<String> = G::DECK.map(|d| d.cards().into_iter().map(|c| d.name(c)).collect()).unwrap_or_default();
            map.insert("deck".into(), serde_json::json!(deck));
            // The same cards in the jury's words (`R♦`), and how the jury types them (docs/cards.md).
            let shown: Vec<String> = G::DECK.map(|d| d.cards().into_iter().map(|c| d.name_in(c, lang)).collect()).unwrap_or_default();
            map.insert("deck_names".into(), serde_json::json!(shown));
            map.insert("cards_typed".into(), serde_json::json!(G::DECK.map(|d| d.typing(lang))));
        }
        described
    }

    fn plan(&self, players: usize) -> Result<TablePlan, Violation> {
        Game::plan(self, players).ok_or_else(|| {
            // The game by its name, one size alone, one player in the singular (it read «3
            // players cannot be seated at double-king tables of 4 to 4», «1 players»).
            let (from, to) = (G::SEATS.start(), G::SEATS.end());
            let Tr { en: game_en, fr: game_fr, nl: game_nl } = G::NAME;
            let [size_en, size_fr, size_nl] = if from == to {
                [from.to_string(), from.to_string(), from.to_string()]
            } else {
                [format!("{from} to {to}"), format!("{from} à {to}"), format!("{from} tot {to}")]
            };
            let Tr { en, fr, nl } = Tr::after(players as i64, Tr::new("player", "joueur", "speler"), Tr::new("players", "joueurs", "spelers"));
            let (peut, kan) = if players < 2 { ("peut", "kan") } else { ("peuvent", "kunnen") };
            Violation::said(
                Rule::TABLE_SIZE,
                said!(
                    "{players} {en} cannot be seated at tables of {game_en}, of {size_en}",
                    "{players} {fr} ne {peut} s'asseoir aux tables du {game_fr}, de {size_fr}",
                    "{players} {nl} {kan} niet aan tafels van {game_nl} zitten, van {size_nl}"
                ),
            )
        })
    }

    fn print_form(&self, table: Table, lang: Lang) -> Value {
        if check_table::<G>(table).is_err() {
            return Value::Null;
        }
        Game::print_form(self, table, lang)
    }

    fn hand_check(&self, record: &Value) -> Result<Value, Violation> {
        self.hand_replay(record).map(|checked| checked.verdict)
    }

    fn check_hands(&self, table: Table, sheet: &Sheet, entries: &[Value], changed: &dyn Fn(usize) -> bool) -> Result<(), SheetError> {
        for (i, entry) in entries.iter().enumerate() {
            let Some(line) = sheet.lines.get(i).filter(|_| changed(i + 1)) else { continue };
            let Some(record) = line.dealer.and_then(|dealer| play::line_record(G::ID, table.seats, dealer, entry)) else { continue };
            let checked = self.hand_replay(&record).map_err(|v| SheetError::at(i + 1, v))?;
            let v = &checked.verdict;
            if let Some(bad) = checked.replay.illegal.as_ref().filter(|b| b.trick == 0) {
                let (seat, card) = (bad.seat, if bad.card.is_empty() { "—" } else { bad.card.as_str() });
                if bad.no_card {
                    return Err(SheetError::at(
                        i + 1,
                        Violation::said(
                            cards::NOT_A_CARD,
                            said!(
                                "«{card}» is not a card (seat {seat}'s cards in this line's hand)",
                                "«{card}» n'est pas une carte (cartes de la place {seat} dans la donne de cette ligne)",
                                "«{card}» is geen kaart (kaarten van plaats {seat} in het spel van deze lijn)"
                            ),
                        ),
                    ));
                }
                return Err(SheetError::at(
                    i + 1,
                    Violation::said(
                        play::DEAL_CARDS,
                        said!(
                            "the cards dealt in this line's hand are wrong at seat {seat} ({card})",
                            "les cartes données de cette ligne sont fausses à la place {seat} ({card})",
                            "de gegeven kaarten van deze lijn kloppen niet bij plaats {seat} ({card})"
                        ),
                    ),
                ));
            }
            if v["legal"] == true && v["complete"] == true && v["line"] == "differs" && line.fault.is_none() {
                let figures = v["figures"].to_string();
                return Err(SheetError::at(
                    i + 1,
                    Violation::said(
                        play::HAND_FIGURES,
                        said!(
                            "the cards of this line's hand give {figures}",
                            "les cartes de la donne de cette ligne donnent {figures}",
                            "de kaarten van het spel van deze lijn geven {figures}"
                        ),
                    ),
                ));
            }
        }
        Ok(())
    }

    fn hand_replay(&self, record: &Value) -> Result<play::Checked, Violation> {
        let Some(deck) = G::DECK else {
            return Err(play::record_fault(said!(
                "this game is not played in tricks",
                "ce jeu ne se joue pas en plis",
                "dit spel wordt niet in slagen gespeeld"
            )));
        };
        let read = play::read_record(record, deck, G::SEATS)?;
        // A whole number written as a decimal (2.0) reads as on a sheet's line.
        let whole = as_integers(read.deal);
        let written = whole.as_ref().unwrap_or(read.deal);
        let deal: G::Entry = G::Entry::deserialize(written).map_err(|e| {
            let Said { en, fr, nl } = unread(&e);
            play::record_fault(said!("the deal does not read (`deal`: {en})", "la donne se lit mal (`deal` : {fr})", "het spel leest verkeerd (`deal`: {nl})"))
        })?;
        let how = Game::play(self, &read.context, &deal)?;
        let (replayed, state) = play::replay_to(
            &how.conduct,
            &play::Record {
                seats: read.context.seats,
                dealer: read.context.dealer,
                leader: how.leader,
                dealt: &read.dealt,
                cards: &read.cards,
                expected: &how.expected,
                play: &read.play,
            },
        );
        // The first leader plays the deal (not the dealer sitting out at a table of five); cards
        // dealt wrong are answered first (`deal-cards`).
        let dealt_right = replayed.illegal.as_ref().is_none_or(|i| i.trick != 0);
        if dealt_right && how.expected.get(how.leader.wrapping_sub(1)).is_none_or(|n| *n == 0) {
            let leader = how.leader;
            return Err(play::contract_fault(said!(
                "seat {leader} would lead the first trick, but it does not play this deal (`hand.leader`, the declarer)",
                "la place {leader} entamerait le premier pli, mais elle ne joue pas cette donne (`hand.leader`, le déclarant)",
                "plaats {leader} zou de eerste slag uitkomen, maar speelt dit spel niet (`hand.leader`, de speler)"
            )));
        }
        // Nor is any seat the contract asks tricks of one that sits the deal out (the game's
        // `demand`; its sheet refuses such a line as well).
        if let Some(seat) =
            (1..=read.context.seats).find(|s| dealt_right && how.expected.get(s - 1) == Some(&0) && Game::demand(self, &read.context, &deal, *s).is_some())
        {
            return Err(play::contract_fault(said!(
                "seat {seat} does not play this deal, but the contract asks tricks of it (`deal`)",
                "la place {seat} ne joue pas cette donne, mais le contrat lui demande des plis (`deal`)",
                "plaats {seat} speelt dit spel niet, maar het contract vraagt haar slagen (`deal`)"
            )));
        }
        let figures = Game::figures(self, &read.context, &deal, &replayed);
        let carries = G::FIGURE_KEYS.iter().any(|k| written.get(k).is_some_and(|v| !v.is_null()));
        let pair = Game::pair(self, &read.context, &deal);
        let demands = (1..=read.context.seats).filter_map(|seat| Game::demand(self, &read.context, &deal, seat).map(|d| (seat, d))).collect();
        Ok(play::Checked {
            verdict: play::verdict(&replayed, Some(figures), written),
            carries,
            replay: replayed,
            deck,
            state,
            pair,
            demands,
            expected: how.expected,
            trump: how.conduct.trump,
        })
    }

    fn sayer(&self) -> Sayer {
        say_value::<G>
    }

    fn board(&self, table: Table, entries: &[Value]) -> Value {
        match parse_entries::<G>(entries) {
            Ok(entries) if check_table::<G>(table).is_ok() => Game::board(self, table, &entries),
            _ => Value::Null,
        }
    }

    #[cfg(feature = "testing")]
    fn random_sheet(&self, table: Table, seed: u64) -> Vec<Value> {
        if check_table::<G>(table).is_err() {
            return vec![];
        }
        Game::random_sheet(self, table, seed).iter().filter_map(|e| serde_json::to_value(e).ok()).collect()
    }

    fn hint(&self, table: Table, entries: &[Value], draft: &Value) -> Value {
        match parse_entries::<G>(entries) {
            Ok(parsed) if check_table::<G>(table).is_ok() => Game::hint(self, table, &parsed, draft),
            _ => Value::Null,
        }
    }
}

/// Earlier lines of a sheet in words, for a refusal that names them: "on line 4", "on lines 2
/// and 9" (and "à la ligne 4", "aux lignes 2 et 9", "op lijn 4", "op lijnen 2 en 9").
pub fn lines_said(lines: &[usize]) -> Said {
    let list = |and: &str| match lines.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, before)) => format!("{} {and} {last}", before.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
        None => String::new(),
    };
    let many = lines.len() > 1;
    Said {
        en: format!("on line{} {}", if many { "s" } else { "" }, list("and")),
        fr: format!("{} {}", if many { "aux lignes" } else { "à la ligne" }, list("et")),
        nl: format!("op lijn{} {}", if many { "en" } else { "" }, list("en")),
    }
}

/// An entry in words as its game says it, read from JSON (see [`Game::say`]).
pub type Sayer = fn(&Value, &[String], Lang) -> Option<String>;

fn say_value<G: Game>(entry: &Value, seats: &[String], lang: Lang) -> Option<String> {
    G::say(&G::Entry::deserialize(entry).ok()?, seats, lang)
}

/// A first dealer that is no seat of a table of `seats`, said as given (a document's −1 too).
pub fn first_dealer_refused(first: i64, seats: usize) -> Violation {
    Violation::said(
        Rule::FIRST_DEALER,
        said!(
            "the first dealer is seat {first}, not a seat from 1 to {seats}",
            "le premier donneur est la place {first}, pas une place de 1 à {seats}",
            "de eerste gever is plaats {first}, geen plaats van 1 tot {seats}"
        ),
    )
}

fn check_table<G: Game>(table: Table) -> Result<(), SheetError> {
    if !G::SEATS.contains(&table.seats) {
        let (n, game, from, to) = (table.seats, G::ID.code(), G::SEATS.start(), G::SEATS.end());
        return Err(SheetError::sheet(Violation::said(
            Rule::TABLE_SIZE,
            said!(
                "{n} players at a {game} table; it seats {from} to {to}",
                "{n} joueurs à une table de {game} ; elle en compte de {from} à {to}",
                "{n} spelers aan een {game}-tafel; die telt er {from} tot {to}"
            ),
        )));
    }
    if !(1..=table.seats).contains(&table.first_dealer) {
        return Err(SheetError::sheet(first_dealer_refused(table.first_dealer as i64, table.seats)));
    }
    Ok(())
}

/// A checked sheet: every line's points and the running result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sheet {
    pub seats: usize,
    pub lines: Vec<Line>,
    /// Sum of every line's points per seat (rulings not included).
    pub totals: Vec<i64>,
    /// Counting deals played so far and needed in all.
    pub deals_played: usize,
    pub deals_needed: usize,
    pub complete: bool,
    /// Seats the game names to keep the score of the next game (Kings Cribbage's
    /// "serviteur"); empty for most games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub next_scorer: Vec<Seat>,
}

/// Where every game's next line stands (each game's choices carry it, flattened: `line`,
/// `deal`, `dealer` in the JSON, which every front's sheet reads alike): its number on the
/// sheet, the deal (the hand, the turn) it plays, and who deals (whose turn it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Turn {
    pub line: usize,
    pub deal: usize,
    pub dealer: Seat,
}

/// One checked line of a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// 1-based position of the entry on the sheet.
    pub line: usize,
    /// Number of the deal this line plays (a voided deal and its redeal share it).
    pub deal: usize,
    /// The seat that deals it (in Kings Cribbage, whose turn it is); none: the line is no
    /// one's turn (Kings Cribbage's end of the game, the tiles left in every hand).
    pub dealer: Option<Seat>,
    /// Short label of the game played, e.g. `C`, `T♠` or `no-hearts`.
    pub label: String,
    pub points: Vec<i64>,
    /// False for a voided deal that is dealt again.
    pub counts: bool,
    /// Seat whose own choice this line's game is (the paper sheet circles it).
    pub chooser: Option<Seat>,
    /// Seat ruled at fault on this line, if any.
    pub fault: Option<Seat>,
    /// The seat that sits this deal out (the dealer at a table of five in Rikken).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sits_out: Option<Seat>,
}

impl Sheet {
    /// A sheet from its checked lines; totals are summed here.
    pub fn of_lines(seats: usize, lines: Vec<Line>, deals_played: usize, deals_needed: usize) -> Sheet {
        let mut totals = vec![0i64; seats];
        for line in &lines {
            for (t, p) in totals.iter_mut().zip(&line.points) {
                *t = t.saturating_add(*p);
            }
        }
        Sheet { seats, lines, totals, deals_played, deals_needed, complete: deals_played == deals_needed, next_scorer: vec![] }
    }
}

/// How deep a line's JSON may nest (a hand record, the deepest field a game has, nests four
/// deep): a line is kept with the fields another tool added, and one nested past what a
/// reader takes (128 levels, the document around it included) could be stored but never
/// exported and read back.
pub const ENTRY_DEPTH: usize = 24;

/// How deep `v` nests: 0 for a number or a text, 1 for an object of those, and so on.
pub fn depth(v: &Value) -> usize {
    match v {
        Value::Array(xs) => 1 + xs.iter().map(depth).max().unwrap_or(0),
        Value::Object(m) => 1 + m.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

fn parse_entries<G: Game>(entries: &[Value]) -> Result<Vec<G::Entry>, SheetError> {
    entries
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if depth(v) > ENTRY_DEPTH {
                return Err(SheetError::at(
                    i + 1,
                    Violation::said(
                        Rule::DEAL_SHAPE,
                        said!(
                            "a line nests at most {ENTRY_DEPTH} levels deep",
                            "une ligne s'imbrique sur {ENTRY_DEPTH} niveaux au plus",
                            "een lijn is hoogstens {ENTRY_DEPTH} niveaus diep genest"
                        ),
                    ),
                ));
            }
            G::Entry::deserialize(v).or_else(|e| {
                // A tool that writes every number as a decimal (Python's 3.0): a whole one is
                // read as the integer it is.
                let whole = as_integers(v).ok_or_else(|| unreadable_value(i, v, &e))?;
                // Still not a line: said of the line as read (its 3.0 read as 3, not said too large).
                G::Entry::deserialize(&whole).map_err(|e| unreadable_value(i, &whole, &e))
            })
        })
        .collect()
}

/// A line (or any JSON) as it is kept: every decimal that is a whole number (3.0, -0.0, as
/// tools that write every number as a decimal give it) written as that integer (RULES.md's
/// "4 integers"), the rest as given. What a write stores and an export writes.
pub fn whole_numbers(v: &Value) -> Value {
    as_integers(v).unwrap_or_else(|| v.clone())
}

/// `v` with every decimal that is a whole number (3.0, -0.0) written as that integer; none
/// when it has none.
fn as_integers(v: &Value) -> Option<Value> {
    fn walk(v: &Value, changed: &mut bool) -> Value {
        match v {
            Value::Number(n) if n.as_i64().is_none() && n.as_u64().is_none() => match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 => {
                    *changed = true;
                    Value::from(f as i64)
                }
                _ => v.clone(),
            },
            Value::Array(xs) => Value::Array(xs.iter().map(|x| walk(x, changed)).collect()),
            Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), walk(x, changed))).collect()),
            _ => v.clone(),
        }
    }
    let mut changed = false;
    let out = walk(v, &mut changed);
    changed.then_some(out)
}

/// Line `i + 1` does not read as the game's entry.
/// Line `i + 1`, `v`, does not read as the game's entry: said in words where the reader's
/// own message would not be (a line that is no object, a figure that is no whole number).
fn unreadable_value(i: usize, v: &Value, e: &serde_json::Error) -> SheetError {
    let said = match v {
        Value::Object(_) => match not_whole(v) {
            Some((n, false)) => said!(
                "the figures of a line are whole numbers: {n} is not one",
                "les chiffres d'une ligne sont des nombres entiers : {n} n'en est pas un",
                "de cijfers van een lijn zijn gehele getallen: {n} is er geen"
            ),
            Some((n, true)) => said!(
                "{n} is far beyond what a figure of a line can be",
                "{n} est bien au-delà de ce que peut valoir un chiffre d'une ligne",
                "{n} ligt ver buiten wat een cijfer van een lijn kan zijn"
            ),
            None => return unreadable(i, e),
        },
        other => {
            let shown: String = other.to_string().chars().take(40).collect();
            said!(
                "a line is a JSON object (FORMAT.md's entry shape, such as {{\"contract\": …}}), not {shown}",
                "une ligne est un objet JSON (la forme d'une entrée de FORMAT.md, comme {{\"contract\": …}}), pas {shown}",
                "een lijn is een JSON-object (de vorm van een regel uit FORMAT.md, zoals {{\"contract\": …}}), geen {shown}"
            )
        }
    };
    SheetError::at(i + 1, Violation::said(Rule::DEAL_SHAPE, said))
}

/// The first number in `v` that is no whole number a figure can hold, as written, and
/// whether it is whole (past what a figure can be: 1e20, written out; it read «1e+20 is not a
/// whole number») or not (a fraction). `v`'s whole decimals are integers already
/// ([`as_integers`]): a whole one left is past 2⁵³.
fn not_whole(v: &Value) -> Option<(String, bool)> {
    match v {
        Value::Number(n) if n.as_i64().is_none() => Some(match (n.as_u64(), n.as_f64()) {
            (Some(big), _) => (big.to_string(), true),
            (None, Some(f)) if f.fract() == 0.0 && f.is_finite() => (format!("{f:.0}"), true),
            _ => (n.to_string(), false),
        }),
        Value::Array(xs) => xs.iter().find_map(not_whole),
        Value::Object(m) => m.values().find_map(not_whole),
        _ => None,
    }
}

fn unreadable(i: usize, e: &serde_json::Error) -> SheetError {
    let Said { en, fr, nl } = unread(e);
    SheetError::at(i + 1, Violation::said(Rule::DEAL_SHAPE, said!("the line reads wrong: {en}", "la ligne se lit mal : {fr}", "de lijn leest verkeerd: {nl}")))
}

/// The seat `steps` places clockwise from `seat` at a table of `seats`.
pub fn seat_after(seat: Seat, steps: usize, seats: usize) -> Seat {
    (seat - 1 + steps) % seats + 1
}

/// Words naming a seat's role in every language ("the taker", "the declarer"…).
pub type Role = Tr;

/// A seat number as typed (any integer), checked against the table: its 0-based index.
/// `what` names the seat's role in each language.
pub fn seat_index(value: i64, seats: usize, what: Role) -> Result<usize, Violation> {
    if value >= 1 && (value as u64) <= seats as u64 {
        Ok(value as usize - 1)
    } else {
        let (en, fr, nl) = (what.en, what.fr, what.nl);
        Err(Violation::said(
            Rule::SEAT_RANGE,
            said!(
                "{en} is seat {value}, not a seat from 1 to {seats}",
                "{fr} : place {value}, pas une place de 1 à {seats}",
                "{nl}: plaats {value}, geen plaats van 1 tot {seats}"
            ),
        ))
    }
}

/// Counts as typed, one per seat, checked before any arithmetic: the right number
/// of them, none negative, none above the deal's total, and adding up to it.
/// `what` names the counted items in each language ("tricks", "plis", "slagen"; …).
pub fn check_counts(counts: &[i64], seats: usize, total: i64, what: Tr) -> Result<(), Violation> {
    let (en, fr, nl) = (what.en, what.fr, what.nl);
    if counts.len() != seats {
        let n = counts.len();
        let Tr { en, fr, nl } =
            Tr::after(n as i64, Tr::new("count given", "chiffre donné", "cijfer gegeven"), Tr::new("counts given", "chiffres donnés", "cijfers gegeven"));
        return Err(Violation::said(
            Rule::DEAL_SHAPE,
            said!(
                "{n} {en}; the table has {seats} seats, one count each",
                "{n} {fr} ; la table a {seats} places, un chiffre chacune",
                "{n} {nl}; de tafel heeft {seats} plaatsen, één cijfer elk"
            ),
        ));
    }
    if let Some((i, c)) = counts.iter().enumerate().find(|(_, c)| **c < 0) {
        let s = i + 1;
        return Err(Violation::said(Rule::COUNT_NEGATIVE, said!("seat {s} has count {c}", "la place {s} a le chiffre {c}", "plaats {s} heeft cijfer {c}")));
    }
    if let Some((i, c)) = counts.iter().enumerate().find(|(_, c)| **c > total) {
        let s = i + 1;
        return Err(Violation::said(
            Rule::DEAL_TOTAL,
            said!(
                "seat {s} has {c} {en}; the deal has {total} in all",
                "la place {s} a {c} {fr} ; la donne en a {total} en tout",
                "plaats {s} heeft {c} {nl}; het spel heeft er {total} in totaal"
            ),
        ));
    }
    // Each count is within 0..=total (total is small), so the sum cannot overflow.
    let sum: i64 = counts.iter().sum();
    if sum != total {
        return Err(Violation::said(
            Rule::DEAL_TOTAL,
            said!(
                "the counts add up to {sum}; the deal has {total} {en}",
                "les chiffres font {sum} ; la donne a {total} {fr}",
                "de cijfers tellen op tot {sum}; het spel heeft {total} {nl}"
            ),
        ));
    }
    Ok(())
}

/// A settings value read by a game: the key's value, or its default when absent — or
/// written `null` where null means nothing of its own (another tool's way to leave a key
/// unset; King's `last_two: null`, no last-two deal, keeps its meaning).
pub fn setting<T: DeserializeOwned>(settings: &Map<String, Value>, key: &str, default: T) -> Result<T, Violation> {
    match settings.get(key) {
        None => Ok(default),
        Some(v) => match T::deserialize(v) {
            Ok(t) => Ok(t),
            Err(_) if v.is_null() => Ok(default),
            Err(e) => {
                let Said { en, fr, nl } = unread(&e);
                Err(Violation::said(Rule::SETTINGS, said!("`{key}`: {en}", "`{key}` : {fr}", "`{key}`: {nl}")))
            }
        },
    }
}

/// One option of a settings form field.
pub fn form_option(label: &str, settings: Value) -> Value {
    serde_json::json!({"label": label, "settings": settings})
}
