//! Double King (RULES.md §1): 4 players, 20 deals, each player deals 5 times and
//! chooses 3 negative games and 2 trump games; each negative game twice per sheet.

use crate::error::rule;
use crate::play::{self, Card, Conduct, Deck, Discard};
use crate::settings::RankingMethod;
use crate::{check_counts, said, seat_after, seat_index, Field, Game, GameId, Lang, Line, Rule, RuleDef, Said, Seat, Sheet, SheetError, Table, Tr, Violation};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

rule!(
    GAME_TWICE,
    "game-twice",
    "each negative game is played exactly twice per sheet",
    "chaque jeu négatif se joue exactement deux fois par feuille",
    "elk negatief spel wordt precies twee keer per blad gespeeld"
);
rule!(
    DEALER_NEGATIVES,
    "dealer-negatives",
    "each player chooses exactly 3 negative games",
    "chaque joueur choisit exactement 3 jeux négatifs",
    "elke speler kiest precies 3 negatieve spelen"
);
rule!(
    DEALER_TRUMPS,
    "dealer-trumps",
    "each player chooses exactly 2 trump games",
    "chaque joueur choisit exactement 2 jeux d'atout",
    "elke speler kiest precies 2 troefspelen"
);
rule!(
    REDEAL_TRUMP,
    "redeal-trump",
    "a trump deal voided by the dealer's fault is dealt again as trump",
    "une donne d'atout annulée par faute du donneur est redonnée en atout",
    "een troefspel dat door een fout van de gever ongeldig is, wordt opnieuw als troef gegeven"
);

pub const SEATS: usize = 4;
pub const DEALS: usize = 20;
pub const NEGATIVES_PER_PLAYER: u8 = 3;
pub const TRUMPS_PER_PLAYER: u8 = 2;
pub const TIMES_PER_GAME: u8 = 2;
/// Trump deal voided by a fault: the offender's and every other player's points.
pub const VOID_OFFENDER: i64 = -6;
pub const VOID_OTHERS: i64 = 2;

/// The game a dealer chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Contract {
    A,
    B,
    C,
    D,
    E,
    F,
    T,
}

impl Contract {
    pub const NEGATIVES: [Contract; 6] = [Contract::A, Contract::B, Contract::C, Contract::D, Contract::E, Contract::F];

    pub fn is_negative(self) -> bool {
        self != Contract::T
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Total the counts of a counted game add up to, and the points of one counted item.
    pub fn counting(self) -> Option<(i64, i64)> {
        match self {
            Contract::A | Contract::B => Some((13, -1)),
            Contract::C => Some((4, -2)),
            Contract::D => Some((8, -1)),
            Contract::T => Some((13, 1)),
            Contract::E | Contract::F => None,
        }
    }

    /// Points the deal hands out in all (negative for the negative games).
    pub fn deal_points(self) -> i64 {
        match self {
            Contract::A | Contract::B => -13,
            Contract::C | Contract::D => -8,
            Contract::E | Contract::F => -5,
            Contract::T => 13,
        }
    }

    pub fn name(self) -> &'static str {
        self.names().en
    }
}

pub use crate::cards::Suit;

/// One line of the Double King sheet, as FORMAT.md writes it. Seats and counts
/// are signed so that a wrong figure is reported by its rule, not as bad JSON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub contract: Option<Contract>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<Suit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taker: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seventh: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault_by: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void_by: Option<i64>,
}

impl Deal {
    pub fn counted(contract: Contract, counts: [i64; 4]) -> Deal {
        Deal { contract: Some(contract), counts: Some(counts.to_vec()), ..Deal::default() }
    }
    pub fn trump(suit: Suit, counts: [i64; 4]) -> Deal {
        Deal { trump: Some(suit), ..Deal::counted(Contract::T, counts) }
    }
    pub fn king_of_hearts(taker: Seat) -> Deal {
        Deal { contract: Some(Contract::E), taker: Some(taker as i64), ..Deal::default() }
    }
    pub fn tricks_7_13(seventh: Seat, last: Seat) -> Deal {
        Deal { contract: Some(Contract::F), seventh: Some(seventh as i64), last: Some(last as i64), ..Deal::default() }
    }
    pub fn fault(contract: Contract, by: Seat) -> Deal {
        Deal { contract: Some(contract), fault_by: Some(by as i64), ..Deal::default() }
    }
    pub fn void(suit: Suit, by: Seat) -> Deal {
        Deal { contract: Some(Contract::T), trump: Some(suit), void_by: Some(by as i64), ..Deal::default() }
    }
}

/// Why the next dealer has no free choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Forced {
    /// The dealer has played both trumps: only negatives remain.
    NegativesOnly,
    /// The dealer's remaining deals equal their remaining trumps.
    TrumpsOnly,
    /// The last deal was voided by the dealer's own fault: it is dealt again as trump.
    RedealAfterOwnFault,
}

impl Forced {
    pub fn explain(self) -> &'static str {
        match self {
            Forced::NegativesOnly => "the dealer has played both trump games: only negative games remain",
            Forced::TrumpsOnly => "the dealer's remaining deals equal their remaining trump games: trump only",
            Forced::RedealAfterOwnFault => "the trump deal was voided by the dealer's own fault: it is dealt again as trump",
        }
    }
}

/// What the dealer of the next line may choose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choices {
    #[serde(flatten)]
    pub turn: crate::Turn,
    /// Every contract the dealer may choose now, negatives first.
    pub allowed: Vec<Contract>,
    pub negatives_left: u8,
    pub trumps_left: u8,
    /// Set when the choice is forced, with the reason.
    pub forced: Option<Forced>,
    pub explanation: Option<&'static str>,
    /// True when this line redeals a voided trump deal.
    pub redeal: bool,
}

#[derive(Debug, Default)]
pub struct DoubleKing {
    /// What a void seat plays in the trump game when it cannot overruff the trick's trump.
    pub cannot_overruff: CannotOverruff,
}

/// RULES.md §1's decision and its variant: a void seat holding trumps that cannot overruff
/// still plays a trump (`ruff`, the default), or may discard (`discard`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CannotOverruff {
    #[default]
    Ruff,
    Discard,
}

/// The state of a sheet between two lines.
#[derive(Clone, Debug, Default)]
struct Progress {
    played: usize,
    negatives: [u8; SEATS],
    trumps: [u8; SEATS],
    games: [u8; 6],
    /// The lines each negative game was played on (a refusal names them).
    game_lines: [Vec<usize>; 6],
    /// After a voided trump deal: whether the dealer was at fault.
    redeal: Option<bool>,
}

impl Progress {
    fn dealer(&self, first: Seat) -> Seat {
        seat_after(first, self.played, SEATS)
    }

    fn check_choice(&self, dealer: Seat, contract: Contract) -> Result<(), Violation> {
        let d = dealer - 1;
        if self.redeal == Some(true) && contract != Contract::T {
            return Err(Violation::said(
                REDEAL_TRUMP,
                said!(
                    "seat {dealer} voided the last trump deal by their own fault and must deal trump again, not {contract:?}",
                    "la place {dealer} a fait annuler la dernière donne d'atout par sa propre faute et doit redonner en atout, pas {contract:?}",
                    "plaats {dealer} maakte het laatste troefspel ongeldig door een eigen fout en moet opnieuw troef geven, geen {contract:?}"
                ),
            ));
        }
        if contract.is_negative() {
            if self.games[contract.index()] >= TIMES_PER_GAME {
                let Tr { en, fr, nl } = contract.names();
                // The earlier lines that played it, not the line being written or corrected.
                let on = crate::lines_said(&self.game_lines[contract.index()]);
                let (on_en, on_fr, on_nl) = (on.en, on.fr, on.nl);
                return Err(Violation::said(
                    GAME_TWICE,
                    said!(
                        "game {contract:?} ({en}) has already been played twice on this sheet, {on_en}",
                        "le jeu {contract:?} ({fr}) a déjà été joué deux fois sur cette feuille, {on_fr}",
                        "spel {contract:?} ({nl}) werd al twee keer gespeeld op dit blad, {on_nl}"
                    ),
                ));
            }
            if self.negatives[d] >= NEGATIVES_PER_PLAYER {
                return Err(Violation::said(
                    DEALER_NEGATIVES,
                    said!(
                        "seat {dealer} has already chosen 3 negative games and must deal trump",
                        "la place {dealer} a déjà choisi 3 jeux négatifs et doit donner en atout",
                        "plaats {dealer} koos al 3 negatieve spelen en moet troef geven"
                    ),
                ));
            }
        } else if self.trumps[d] >= TRUMPS_PER_PLAYER {
            return Err(Violation::said(
                DEALER_TRUMPS,
                said!(
                    "seat {dealer} has already chosen 2 trump games and must choose a negative game",
                    "la place {dealer} a déjà choisi 2 jeux d'atout et doit choisir un jeu négatif",
                    "plaats {dealer} koos al 2 troefspelen en moet een negatief spel kiezen"
                ),
            ));
        }
        Ok(())
    }

    fn choices(&self, first: Seat, line: usize) -> Choices {
        let dealer = self.dealer(first);
        let d = dealer - 1;
        let negatives_left = NEGATIVES_PER_PLAYER - self.negatives[d];
        let trumps_left = TRUMPS_PER_PLAYER - self.trumps[d];
        let allowed: Vec<Contract> = Contract::NEGATIVES.into_iter().chain([Contract::T]).filter(|c| self.check_choice(dealer, *c).is_ok()).collect();
        let forced = if self.redeal == Some(true) {
            Some(Forced::RedealAfterOwnFault)
        } else if trumps_left == 0 {
            Some(Forced::NegativesOnly)
        } else if negatives_left == 0 {
            Some(Forced::TrumpsOnly)
        } else {
            None
        };
        Choices {
            turn: crate::Turn { line, deal: self.played + 1, dealer },
            allowed,
            negatives_left,
            trumps_left,
            forced,
            explanation: forced.map(Forced::explain),
            redeal: self.redeal.is_some(),
        }
    }
}

fn seat(value: i64, what: Tr) -> Result<usize, Violation> {
    seat_index(value, SEATS, what)
}

fn shape(said: Said) -> Violation {
    Violation::said(Rule::DEAL_SHAPE, said)
}

const AT_FAULT: Tr = Tr::new("the player at fault", "le fautif", "de overtreder");

/// Refuse any figure the contract does not use.
fn only_fields(deal: &Deal, contract: Contract, allowed: &[&str]) -> Result<(), Violation> {
    // The fault's fields first: written the wrong one, their hint says which is meant.
    let present = [
        ("fault_by", deal.fault_by.is_some()),
        ("void_by", deal.void_by.is_some()),
        ("trump", deal.trump.is_some()),
        ("counts", deal.counts.is_some()),
        ("taker", deal.taker.is_some()),
        ("seventh", deal.seventh.is_some()),
        ("last", deal.last.is_some()),
    ];
    for (name, is) in present {
        if is && !allowed.contains(&name) {
            let Tr { en, fr, nl } = match (name, contract.is_negative()) {
                ("fault_by", false) => Tr::new(
                    " (a fault in a trump deal is written void_by)",
                    " (une faute dans une donne d'atout s'écrit void_by)",
                    " (een fout in een troefspel schrijf je void_by)",
                ),
                ("void_by", true) => Tr::new(
                    " (a fault in a negative deal is written fault_by)",
                    " (une faute dans une donne négative s'écrit fault_by)",
                    " (een fout in een negatief spel schrijf je fault_by)",
                ),
                _ => Tr::new("", "", ""),
            };
            return Err(shape(said!(
                "game {contract:?} takes no `{name}`{en}",
                "le jeu {contract:?} n'a pas de `{name}`{fr}",
                "spel {contract:?} kent geen `{name}`{nl}"
            )));
        }
    }
    Ok(())
}

/// Points of one line: the shape and figures checked, no sheet context needed.
/// Returns the points per seat, whether the deal counts, and the seat at fault.
pub fn score_deal(deal: &Deal) -> Result<([i64; SEATS], bool, Option<Seat>), Violation> {
    let contract = deal.contract.ok_or_else(|| {
        shape(said!(
            "a deal names its `contract`: A, B, C, D, E, F or T",
            "une donne nomme son jeu (`contract`) : A, B, C, D, E, F ou T",
            "een spel noemt zijn contract (`contract`): A, B, C, D, E, F of T"
        ))
    })?;
    let mut points = [0i64; SEATS];
    if contract == Contract::T && deal.trump.is_none() {
        return Err(shape(said!(
            "a trump deal names its `trump`: clubs, diamonds, hearts or spades",
            "une donne d'atout nomme son atout (`trump`) : clubs (trèfle), diamonds (carreau), hearts (cœur) ou spades (pique)",
            "een troefspel noemt zijn troef (`trump`): clubs (klaveren), diamonds (ruiten), hearts (harten) of spades (schoppen)"
        )));
    }
    if let Some(by) = deal.fault_by {
        // Only a negative deal has a fault written `fault_by` (a trump deal is voided).
        let allowed: &[&str] = if contract.is_negative() { &["fault_by"] } else { &[] };
        only_fields(deal, contract, allowed)?;
        let s = seat(by, AT_FAULT)?;
        points[s] = contract.deal_points();
        return Ok((points, true, Some(s + 1)));
    }
    if let Some(by) = deal.void_by {
        // Only a trump deal is voided (RULES.md §1): a fault in a negative one is `fault_by`.
        let allowed: &[&str] = if contract == Contract::T { &["trump", "void_by"] } else { &[] };
        only_fields(deal, contract, allowed)?;
        let s = seat(by, AT_FAULT)?;
        points = [VOID_OTHERS; SEATS];
        points[s] = VOID_OFFENDER;
        return Ok((points, false, Some(s + 1)));
    }
    match contract {
        Contract::E => {
            only_fields(deal, contract, &["taker"])?;
            let taker = deal.taker.ok_or_else(|| {
                shape(said!(
                    "game E gives the `taker` of the king of hearts",
                    "le jeu E donne qui a pris le roi de cœur (`taker`)",
                    "spel E geeft wie de hartenheer nam (`taker`)"
                ))
            })?;
            points[seat(taker, Tr::new("the taker of the king of hearts", "celui qui a pris le roi de cœur", "wie de hartenheer nam"))?] = -5;
        }
        Contract::F => {
            only_fields(deal, contract, &["seventh", "last"])?;
            let (Some(seventh), Some(last)) = (deal.seventh, deal.last) else {
                return Err(shape(said!(
                    "game F gives the takers of trick 7 (`seventh`) and trick 13 (`last`)",
                    "le jeu F donne qui a pris le 7e pli (`seventh`) et le 13e pli (`last`)",
                    "spel F geeft wie de 7e slag (`seventh`) en de 13e slag (`last`) nam"
                )));
            };
            points[seat(seventh, Tr::new("the taker of trick 7", "celui qui a pris le 7e pli", "wie de 7e slag nam"))?] -= 2;
            points[seat(last, Tr::new("the taker of trick 13", "celui qui a pris le 13e pli", "wie de 13e slag nam"))?] -= 3;
        }
        counted => {
            let allowed: &[&str] = if counted == Contract::T { &["trump", "counts"] } else { &["counts"] };
            only_fields(deal, contract, allowed)?;
            let Some((total, each)) = counted.counting() else {
                return Err(shape(said!("game {contract:?} is not counted", "le jeu {contract:?} ne se compte pas", "spel {contract:?} wordt niet geteld")));
            };
            let counts = deal.counts.as_ref().ok_or_else(|| {
                shape(said!(
                    "game {contract:?} gives `counts`, one per seat",
                    "le jeu {contract:?} donne les chiffres (`counts`), un par place",
                    "spel {contract:?} geeft de cijfers (`counts`), één per plaats"
                ))
            })?;
            let what = match counted {
                Contract::A | Contract::T => Tr::new("tricks", "plis", "slagen"),
                Contract::B => Tr::new("hearts", "cœurs", "harten"),
                Contract::C => Tr::new("queens", "dames", "vrouwen"),
                _ => Tr::new("kings and jacks", "rois et valets", "heren en boeren"),
            };
            // The game by its letter, as on the paper sheet, and by its name.
            let named = contract.names();
            let (en, fr, nl) = (named.en, named.fr, named.nl);
            check_counts(counts, SEATS, total, what)
                .map_err(|v| v.after(said!("game {contract:?} ({en}): ", "jeu {contract:?} ({fr}) : ", "spel {contract:?} ({nl}): ")))?;
            for (p, c) in points.iter_mut().zip(counts) {
                *p = c * each;
            }
        }
    }
    Ok((points, true, None))
}

fn label(deal: &Deal) -> String {
    match (deal.contract, deal.trump) {
        (Some(Contract::T), Some(s)) => format!("T{}", s.symbol()),
        (Some(c), _) => format!("{c:?}"),
        (None, _) => "?".into(),
    }
}

impl DoubleKing {
    fn walk(&self, first_dealer: Seat, entries: &[Deal]) -> Result<(Sheet, Progress), SheetError> {
        if !(1..=SEATS).contains(&first_dealer) {
            return Err(SheetError::sheet(Violation::said(
                Rule::FIRST_DEALER,
                said!(
                    "the first dealer is seat {first_dealer}, not a seat from 1 to {SEATS}",
                    "le premier donneur est la place {first_dealer}, pas une place de 1 à {SEATS}",
                    "de eerste gever is plaats {first_dealer}, geen plaats van 1 tot {SEATS}"
                ),
            )));
        }
        let mut progress = Progress::default();
        let mut lines = Vec::with_capacity(entries.len());
        let mut totals = vec![0i64; SEATS];
        for (i, deal) in entries.iter().enumerate() {
            let line = i + 1;
            let at = |v: Violation| SheetError::at(line, v);
            if progress.played >= DEALS {
                return Err(at(Violation::said(
                    Rule::SHEET_FULL,
                    said!(
                        "all {DEALS} deals are already on the sheet",
                        "les {DEALS} donnes sont déjà sur la feuille",
                        "alle {DEALS} spelen staan al op het blad"
                    ),
                )));
            }
            let dealer = progress.dealer(first_dealer);
            let (points, counts, fault) = score_deal(deal).map_err(at)?;
            let contract = deal.contract.expect("scored deal has a contract");
            progress.check_choice(dealer, contract).map_err(at)?;
            let d = dealer - 1;
            if counts {
                if contract.is_negative() {
                    progress.negatives[d] += 1;
                    progress.games[contract.index()] += 1;
                    progress.game_lines[contract.index()].push(line);
                } else {
                    progress.trumps[d] += 1;
                }
                progress.played += 1;
                progress.redeal = None;
            } else {
                progress.redeal = Some(fault == Some(dealer));
            }
            for (t, p) in totals.iter_mut().zip(points) {
                *t += p;
            }
            lines.push(Line {
                line,
                deal: if counts { progress.played } else { progress.played + 1 },
                dealer: Some(dealer),
                label: label(deal),
                points: points.to_vec(),
                counts,
                chooser: contract.is_negative().then_some(dealer),
                fault,
                sits_out: None,
            });
        }
        let sheet =
            Sheet { seats: SEATS, lines, totals, deals_played: progress.played, deals_needed: DEALS, complete: progress.played == DEALS, next_scorer: vec![] };
        Ok((sheet, progress))
    }
}

impl Contract {
    /// The game's name in each language.
    pub fn names(self) -> Tr {
        match self {
            Contract::A => Tr::new("fewest tricks", "moindre plis", "minste slagen"),
            Contract::B => Tr::new("fewest hearts", "moindre cœurs", "minste harten"),
            Contract::C => Tr::new("fewest queens", "moindre dames", "minste vrouwen"),
            Contract::D => Tr::new("fewest kings and jacks", "moindre valets/rois", "minste heren en boeren"),
            Contract::E => Tr::new("king of hearts", "roi de cœur", "hartenheer"),
            Contract::F => Tr::new("7th and 13th trick", "7e et 13e pli", "7e en 13e slag"),
            Contract::T => Tr::new("trump", "atout", "troef"),
        }
    }
}

impl Forced {
    fn texts(self) -> Tr {
        match self {
            Forced::NegativesOnly => Tr::new(
                "both trump games are played: a negative game only",
                "les deux atouts sont joués : un jeu négatif uniquement",
                "beide troefspelen zijn gespeeld: enkel een negatief spel",
            ),
            Forced::TrumpsOnly => Tr::new(
                "the remaining deals equal the remaining trump games: trump only",
                "donnes restantes = atouts restants : atout uniquement",
                "resterende spelen = resterende troefspelen: enkel troef",
            ),
            Forced::RedealAfterOwnFault => Tr::new(
                "the dealer voided the trump deal by their own fault: it is dealt again as trump",
                "le donneur a fait annuler la donne d'atout : elle est redonnée en atout",
                "de gever maakte het troefspel ongeldig: het wordt opnieuw als troef gegeven",
            ),
        }
    }
}

impl Game for DoubleKing {
    type Entry = Deal;
    type Choices = Choices;

    const DECK: Option<Deck> = Some(Deck::French);
    const FIGURE_KEYS: &'static [&'static str] = &["counts", "taker", "seventh", "last"];

    fn play(&self, context: &play::Context, deal: &Deal) -> Result<play::DealPlay, Violation> {
        deal_play(context, deal, self.cannot_overruff)
    }

    fn figures(&self, context: &play::Context, deal: &Deal, replay: &play::Replay) -> Map<String, Value> {
        deal_figures(context, deal, replay)
    }

    const ID: GameId = GameId::DoubleKing;
    const NAME: Tr = Tr::new("Double King", "Double King", "Dubbele King");
    const SEATS: std::ops::RangeInclusive<usize> = SEATS..=SEATS;
    const RANKING: RankingMethod = RankingMethod::TablePoints;
    const KEYS: &'static [&'static str] = &["cannot_overruff"];
    const FIELDS: &'static [Field] = &[
        Field::new("counts", Tr::new("counts by seat", "chiffres par place", "cijfers per plaats"), false),
        Field::new("trump", Tr::new("trump", "atout", "troef"), false),
        Field::new("taker", Tr::new("taker of the K♥", "preneur du R♥", "nemer van de H♥"), true),
        Field::new("seventh", Tr::new("7th trick", "7e pli", "7e slag"), true),
        Field::new("last", Tr::new("13th trick", "13e pli", "13e slag"), true),
        Field::new("fault_by", Tr::new("fault by", "faute de", "fout van"), true),
        Field::new("void_by", Tr::new("at fault, the deal voided", "en faute, donne annulée", "in fout, spel ongeldig"), true),
        Field::new("reason", Tr::new("reason", "motif", "reden"), false),
        Field::new("by", Tr::new("jury member", "membre du jury", "jurylid"), false).person(),
    ];

    fn from_settings(settings: &Map<String, Value>) -> Result<Self, Violation> {
        Ok(DoubleKing { cannot_overruff: crate::setting(settings, "cannot_overruff", CannotOverruff::Ruff)? })
    }

    /// FORMAT.md's default bye (`"bye": {"table_points": 10, "score": 0}`), kept by each new
    /// tournament whose settings give none: 10 whatever the place points (the average of
    /// 16 12 8 4, but not of others), and never changed for one stored before.
    fn settings_defaults() -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("bye".into(), json!({"table_points": 10, "score": 0}));
        m
    }

    fn settings_form(lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!([
            {"key": "cannot_overruff", "label": t("Trump game: void, unable to overruff", "Donne d'atout : sans la couleur, ne pouvant surcouper", "Troefspel: geen kleur, kan niet overtroeven"), "options": [
                crate::form_option(t("still play a trump", "jouer quand même atout", "toch troef spelen"), json!({"cannot_overruff": "ruff"})),
                crate::form_option(t("may discard", "peut se défausser", "mag afgooien"), json!({"cannot_overruff": "discard"})),
            ]},
        ])
    }

    fn replay(&self, table: Table, entries: &[Deal]) -> Result<Sheet, SheetError> {
        self.walk(table.first_dealer, entries).map(|(sheet, _)| sheet)
    }

    /// 20 rows; the game column has room for the letter (and a trump suit), each seat's
    /// cell room to circle the chooser's negative.
    fn print_form(&self, table: Table, lang: Lang) -> Value {
        let rows = (0..DEALS).map(|i| crate::print_row((i + 1).to_string(), seat_after(table.first_dealer, i, SEATS), None, false)).collect();
        crate::print_form(
            json!([{"title": Tr::new("Game", "Jeu", "Contract").get(lang), "width": 2.0, "from": "label"}]),
            json!([{"title": Tr::new("pts", "pts", "ptn").get(lang), "from": "points"}]),
            rows,
        )
    }

    #[cfg(feature = "testing")]
    fn random_sheet(&self, table: Table, seed: u64) -> Vec<Deal> {
        use rand::SeedableRng;
        // Without jury faults: a fault written from the app states its reason and jury member.
        random_sheet(&mut rand::rngs::StdRng::seed_from_u64(seed), table.first_dealer, false)
    }

    fn next_choices(&self, table: Table, entries: &[Deal]) -> Result<Option<Choices>, SheetError> {
        let (sheet, progress) = self.walk(table.first_dealer, entries)?;
        Ok((!sheet.complete).then(|| progress.choices(table.first_dealer, entries.len() + 1)))
    }

    /// `contracts`: code, key, name, what the scorer enters (`counts` with their
    /// total, `taker`, or `seventh-last`) and whether a trump suit is named.
    fn describe(&self, lang: Lang) -> Value {
        let contracts: Vec<Value> = Contract::NEGATIVES
            .into_iter()
            .chain([Contract::T])
            .map(|c| {
                let figures = match c {
                    Contract::E => "taker",
                    Contract::F => "seventh-last",
                    _ => "counts",
                };
                json!({
                    "code": format!("{c:?}"),
                    "key": format!("{c:?}").to_lowercase(),
                    "name": c.names().get(lang),
                    "figures": figures,
                    "total": c.counting().map(|(t, _)| t),
                    "trump": c == Contract::T,
                    "negative": c.is_negative(),
                })
            })
            .collect();
        let suits: Vec<Value> = Suit::ALL
            .into_iter()
            .zip(["1", "2", "3", "4"])
            .map(|(s, key)| {
                let name = s.names().get(lang);
                json!({"code": s.code(), "symbol": s.symbol().to_string(), "name": name, "label": format!("{} {name}", s.symbol()), "key": key})
            })
            .collect();
        let forced: Map<String, Value> = [Forced::NegativesOnly, Forced::TrumpsOnly, Forced::RedealAfterOwnFault]
            .into_iter()
            .map(|f| (serde_json::to_value(f).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default(), json!(f.texts().get(lang))))
            .collect();
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!({
            "game": Self::ID.code(),
            "name": Self::NAME.get(lang),
            "deals": DEALS,
            "contracts": contracts,
            "suits": suits,
            "forced": forced,
            "labels": {
                "taker": t("took the K♥", "a pris le R♥", "nam de H♥"),
                "seventh": t("trick 7", "7e pli", "7e slag"),
                "last": t("trick 13", "13e pli", "13e slag"),
                "fault_negative": t("fault in a negative deal (the offender takes all its points)", "faute dans un jeu négatif (le fautif prend tous les points)", "fout in een negatief spel (de overtreder krijgt alle punten)"),
                "fault_trump": t("fault in a trump deal (offender −6, others +2; dealt again)", "faute dans un jeu d'atout (fautif −6, autres +2 ; redonné)", "fout in een troefspel (overtreder −6, anderen +2; opnieuw gegeven)"),
            },
        })
    }
}

/// A complete, valid sheet drawn at random: each seat's 3 negatives and 2
/// trumps in random order, each negative game twice, random figures, and
/// (when `faults`) some jury faults and voided trump deals. For property tests
/// and benchmarks.
#[cfg(feature = "testing")]
pub fn random_sheet<R: rand::Rng>(rng: &mut R, first: Seat, faults: bool) -> Vec<Deal> {
    use rand::seq::SliceRandom;
    fn split<R: rand::Rng>(rng: &mut R, total: i64) -> [i64; 4] {
        let mut cuts = [rng.random_range(0..=total), rng.random_range(0..=total), rng.random_range(0..=total)];
        cuts.sort_unstable();
        [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]
    }
    let mut plans: Vec<Vec<bool>> = (0..SEATS)
        .map(|_| {
            let mut p = vec![true, true, true, false, false];
            p.shuffle(rng);
            p
        })
        .collect();
    let mut games: Vec<Contract> = Contract::NEGATIVES.iter().flat_map(|c| [*c, *c]).collect();
    games.shuffle(rng);
    let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    let mut deals = Vec::with_capacity(DEALS + 2);
    for n in 0..DEALS {
        let dealer = (first - 1 + n) % SEATS;
        let negative = plans[dealer].remove(0);
        let suit = suits[rng.random_range(0..4)];
        // A voided trump deal (by another player, so the choice stays free) needs a trump left.
        let trump_left = !negative || plans[dealer].contains(&false);
        if faults && trump_left && rng.random_bool(0.1) {
            let other = (dealer + rng.random_range(1..SEATS)) % SEATS + 1;
            deals.push(Deal::void(suit, other));
        }
        let deal = if negative {
            let game = games.pop().expect("twelve negatives");
            match game {
                _ if faults && rng.random_bool(0.05) => Deal::fault(game, rng.random_range(1..=SEATS)),
                Contract::E => Deal::king_of_hearts(rng.random_range(1..=SEATS)),
                Contract::F => Deal::tricks_7_13(rng.random_range(1..=SEATS), rng.random_range(1..=SEATS)),
                g => Deal::counted(g, split(rng, g.counting().expect("counted").0)),
            }
        } else {
            Deal::trump(suit, split(rng, 13))
        };
        deals.push(deal);
    }
    deals
}

/// The cards a game of Double King penalises: a heart (B), a queen (C), a king or jack (D),
/// the K♥ (E).
fn penalty_of(contract: Contract) -> Option<fn(Card) -> bool> {
    match contract {
        Contract::B => Some(|c| c.is(Suit::Hearts)),
        Contract::C => Some(|c| c.rank() == play::QUEEN && c != Card::Joker),
        Contract::D => Some(|c| (c.rank() == play::KING || c.rank() == play::JACK) && c != Card::Joker),
        Contract::E => Some(|c| c == play::KING_OF_HEARTS),
        _ => None,
    }
}

/// How a deal of Double King is played (RULES.md §1 "Card play" and §7): the seat left of
/// the dealer leads; B and E forbid leading hearts while holding another suit; C, D, E
/// make a player under the trick's highest card play their penalty card of the suit; B to
/// E make a void player discard a penalty card and may stop once they have all fallen;
/// the trump game makes a player beat, ruff and overruff (or, by the `cannot_overruff`
/// variant, discard when it cannot overruff).
fn deal_play(context: &play::Context, deal: &Deal, cannot_overruff: CannotOverruff) -> Result<play::DealPlay, Violation> {
    let contract = deal.contract.ok_or_else(play::no_contract)?;
    let trump = match contract {
        Contract::T => Some(deal.trump.ok_or_else(|| {
            play::record_fault(said!(
                "the trump game names its trump (`deal.trump`)",
                "la donne d'atout nomme son atout (`deal.trump`)",
                "het troefspel noemt zijn troef (`deal.trump`)"
            ))
        })?),
        _ => None,
    };
    let penalty = penalty_of(contract);
    let conduct = Conduct {
        lead_hearts: matches!(contract, Contract::B | Contract::E),
        penalty,
        play_under: matches!(contract, Contract::C | Contract::D | Contract::E),
        discard: if penalty.is_some() { Discard::Penalty } else { Discard::Free },
        trump_duty: contract == Contract::T,
        discard_under: contract == Contract::T && cannot_overruff == CannotOverruff::Discard,
        early_end: penalty.is_some(),
        ..Conduct::plain(Deck::French, trump, DEALS_CARDS)
    };
    Ok(play::DealPlay { conduct, leader: context.left_of_dealer(None), expected: vec![DEALS_CARDS; SEATS] })
}

/// Cards a seat is dealt, and tricks in a deal.
const DEALS_CARDS: usize = 13;

/// The figures of the sheet line: counts (A to D, T), the K♥'s taker (E), the takers of
/// tricks 7 and 13 (F).
fn deal_figures(_context: &play::Context, deal: &Deal, replay: &play::Replay) -> Map<String, Value> {
    let mut out = Map::new();
    let Some(contract) = deal.contract else { return out };
    let counts = match contract {
        Contract::A | Contract::T => Some(replay.tricks_won(SEATS)),
        Contract::B | Contract::C | Contract::D => penalty_of(contract).map(|p| replay.taken(SEATS, p)),
        Contract::E | Contract::F => None,
    };
    if let Some(counts) = counts {
        out.insert("counts".into(), json!(counts));
    }
    match contract {
        Contract::E => {
            out.insert("taker".into(), json!(replay.taker_of(play::KING_OF_HEARTS)));
        }
        Contract::F => {
            out.insert("seventh".into(), json!(replay.winner_of(7)));
            out.insert("last".into(), json!(replay.winner_of(13)));
        }
        _ => {}
    }
    out
}
