//! King (RULES.md §2, FORMAT.md "King deals"): 4 players, 10 deals (9 in two
//! variants): six negative games and four récups that pay the negatives back,
//! so that every complete sheet sums to 0.
//!
//! Orders: `standard` (negatives alternate with récups; each player deals two
//! deals in a row, then the first dealer deals the K♥ and the next the last
//! two), `negatives-first` (the same deals dealt by the same players, the récups
//! last: each player deals one of them in turn, as the seed says), and `choice` (the
//! dealer moves every deal; the player with the lead picks any game not yet
//! played, a récup at most once per player).

use crate::cards::Suit;
use crate::error::rule;
use crate::play::{self, Card, Conduct, Deck, Discard};
use crate::settings::RankingMethod;
use crate::{
    check_counts, form_option, said, seat_after, seat_index, setting, Field, Game, GameId, Lang, Line, Rule, RuleDef, Said, Seat, Sheet, SheetError, Table, Tr,
    Violation,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

pub const SEATS: usize = 4;
/// Récups on a sheet, and tricks in a deal.
pub const RECUPS: usize = 4;
pub const TRICKS: i64 = 13;
/// Points the K♥ and last-two deals hand out together, whatever the variant.
pub const KING_AND_LAST_TWO_POINTS: i64 = 10;

rule!(
    PHASE_DUE,
    "phase-due",
    "in the standard and negatives-first orders each deal plays the game due at that point",
    "dans l'ordre standard et l'ordre négatifs d'abord, chaque donne joue le jeu prévu à ce moment",
    "in de standaardvolgorde en negatief-eerst speelt elk spel het spel dat op dat moment aan de beurt is"
);
rule!(
    PHASE_PLAYED,
    "phase-played",
    "each game of the variant is played once per sheet, the récup four times",
    "chaque jeu de la variante se joue une fois par feuille, la récupération quatre fois",
    "elk spel van de variant wordt één keer per blad gespeeld, de recup vier keer"
);
rule!(
    RECUP_ONCE,
    "recup-once",
    "in the choice form a player chooses a récup at most once",
    "dans la forme au choix, un joueur choisit une récupération une fois au plus",
    "in de keuzevorm kiest een speler hoogstens één keer een recup"
);
rule!(
    RECUP_LEFT,
    "recup-left",
    "in the choice form every récup left must still have a player to choose it",
    "dans la forme au choix, chaque récupération restante doit encore avoir un joueur pour la choisir",
    "in de keuzevorm moet elke resterende recup nog een speler hebben die ze kan kiezen"
);
rule!(
    SALE_SELLER,
    "sale-seller",
    "only the player with the lead (left of the dealer) sells the choice of trump",
    "seul le joueur qui a la main (à gauche du donneur) vend le choix de l'atout",
    "enkel de speler die uitkomt (links van de gever) verkoopt de troefkeuze"
);
rule!(
    SALE_BUYER,
    "sale-buyer",
    "the buyer of the trump is another player of the table",
    "l'acheteur de l'atout est un autre joueur de la table",
    "de koper van de troef is een andere speler aan tafel"
);
rule!(SALE_TRICKS, "sale-tricks", "the trump is sold for 1 to 13 tricks", "l'atout se vend pour 1 à 13 plis", "de troef wordt verkocht voor 1 tot 13 slagen");
rule!(
    CHOICE_SALE_ORDER,
    "choice-sale-order",
    "the choice of the game is sold only in the choice form",
    "le choix du jeu ne se vend que dans la forme au choix",
    "de keuze van het spel wordt enkel in de keuzevorm verkocht"
);
rule!(
    CHOICE_SALE_SELLER,
    "choice-sale-seller",
    "only the player with the lead (left of the dealer) sells the choice of the game",
    "seul le joueur qui a la main (à gauche du donneur) vend le choix du jeu",
    "enkel de speler die uitkomt (links van de gever) verkoopt de keuze van het spel"
);
rule!(
    CHOICE_SALE_BUYER,
    "choice-sale-buyer",
    "the buyer of the choice is another player of the table",
    "l'acheteur du choix est un autre joueur de la table",
    "de koper van de keuze is een andere speler aan tafel"
);
rule!(
    CHOICE_SALE_TRICKS,
    "choice-sale-tricks",
    "the choice of the game is sold for 1 to 13 tricks",
    "le choix du jeu se vend pour 1 à 13 plis",
    "de keuze van het spel wordt verkocht voor 1 tot 13 slagen"
);

/// What the player with the lead sells — the trump of a récup, or the choice of the game — and
/// the rules its sale follows: the seller has the lead, the buyer is another seat, 1 to 13 tricks.
struct SaleOf {
    /// What is sold ("the trump").
    what: Tr,
    seller: Rule,
    buyer: Rule,
    tricks: Rule,
}

const TRUMP_SALE: SaleOf = SaleOf { what: Tr::new("the trump", "l'atout", "de troef"), seller: SALE_SELLER, buyer: SALE_BUYER, tricks: SALE_TRICKS };

const CHOICE_SALE: SaleOf = SaleOf {
    what: Tr::new("the choice of the game", "le choix du jeu", "de keuze van het spel"),
    seller: CHOICE_SALE_SELLER,
    buyer: CHOICE_SALE_BUYER,
    tricks: CHOICE_SALE_TRICKS,
};

impl SaleOf {
    /// The sale's seller and buyer (seats), checked; `leader` has the lead.
    fn check(&self, sale: &Sale, leader: Seat) -> Result<(Seat, Seat), Violation> {
        let Tr { en, fr, nl } = self.what;
        let seller =
            seat_index(sale.seller, SEATS, Tr::new("the seller", "le vendeur", "de verkoper")).map_err(|v| Violation::said(self.seller, v.details()))?;
        if seller + 1 != leader {
            let s = sale.seller;
            return Err(Violation::said(
                self.seller,
                said!(
                    "seat {s} sells {en}, but seat {leader} has the lead",
                    "la place {s} vend {fr}, mais c'est la place {leader} qui a la main",
                    "plaats {s} verkoopt {nl}, maar plaats {leader} komt uit"
                ),
            ));
        }
        let buyer = seat_index(sale.buyer, SEATS, Tr::new("the buyer", "l'acheteur", "de koper")).map_err(|v| Violation::said(self.buyer, v.details()))?;
        if buyer == seller {
            let b = sale.buyer;
            return Err(Violation::said(
                self.buyer,
                said!(
                    "seat {b} cannot buy {en} from themself",
                    "la place {b} ne peut pas s'acheter {fr} à elle-même",
                    "plaats {b} kan {nl} niet van zichzelf kopen"
                ),
            ));
        }
        if !(1..=TRICKS).contains(&sale.tricks) {
            let t = sale.tricks;
            // A count in its number: «0 pli», «1 trick».
            let (tricks_en, plis, slagen) =
                (if t == 1 { "trick" } else { "tricks" }, if (-1..=1).contains(&t) { "pli" } else { "plis" }, if t == 1 { "slag" } else { "slagen" });
            return Err(Violation::said(
                self.tricks,
                said!("{en} is sold for {t} {tricks_en}", "{fr} est vendu pour {t} {plis}", "{nl} is verkocht voor {t} {slagen}"),
            ));
        }
        Ok((seller + 1, buyer + 1))
    }
}

/// The games of a King sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    NoTricks,
    NoHearts,
    NoKingsJacks,
    NoQueens,
    KingOfHearts,
    LastTwo,
    KingAndLastTwo,
    Recup,
}

impl Phase {
    pub const ALL: [Phase; 8] =
        [Phase::NoTricks, Phase::NoHearts, Phase::NoKingsJacks, Phase::NoQueens, Phase::KingOfHearts, Phase::LastTwo, Phase::KingAndLastTwo, Phase::Recup];

    pub fn code(self) -> &'static str {
        match self {
            Phase::NoTricks => "no-tricks",
            Phase::NoHearts => "no-hearts",
            Phase::NoKingsJacks => "no-kings-jacks",
            Phase::NoQueens => "no-queens",
            Phase::KingOfHearts => "king-of-hearts",
            Phase::LastTwo => "last-two",
            Phase::KingAndLastTwo => "king-and-last-two",
            Phase::Recup => "recup",
        }
    }

    pub fn names(self) -> Tr {
        match self {
            Phase::NoTricks => Tr::new("no tricks", "pas de plis", "geen slagen"),
            Phase::NoHearts => Tr::new("no hearts", "pas de cœurs", "geen harten"),
            Phase::NoKingsJacks => Tr::new("no kings or jacks", "ni rois ni valets", "geen heren of boeren"),
            Phase::NoQueens => Tr::new("no queens", "pas de dames", "geen vrouwen"),
            Phase::KingOfHearts => Tr::new("king of hearts", "le King (roi de cœur)", "hartenheer"),
            Phase::LastTwo => Tr::new("last two tricks", "deux der", "laatste twee slagen"),
            Phase::KingAndLastTwo => Tr::new("king of hearts and last two", "King et deux der", "hartenheer en laatste twee"),
            Phase::Recup => Tr::new("récup", "récupération", "recup"),
        }
    }

    /// For counted negatives: the deal's total, points per item, and what is counted.
    fn counting(self) -> Option<(i64, i64, Tr)> {
        match self {
            Phase::NoTricks => Some((13, -1, Tr::new("tricks", "plis", "slagen"))),
            Phase::NoHearts => Some((13, -1, Tr::new("hearts", "cœurs", "harten"))),
            Phase::NoKingsJacks => Some((8, -1, Tr::new("kings and jacks", "rois et valets", "heren en boeren"))),
            Phase::NoQueens => Some((4, -2, Tr::new("queens", "dames", "vrouwen"))),
            _ => None,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Phase::NoTricks => "p",
            Phase::NoHearts => "h",
            Phase::NoKingsJacks => "j",
            Phase::NoQueens => "q",
            Phase::KingOfHearts => "k",
            Phase::LastTwo => "l",
            Phase::KingAndLastTwo => "k",
            Phase::Recup => "r",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    Standard,
    NegativesFirst,
    Choice,
}

/// Trump of a récup: a suit or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trump {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    None,
}

impl Trump {
    const ALL: [Trump; 5] = [Trump::Clubs, Trump::Diamonds, Trump::Hearts, Trump::Spades, Trump::None];

    fn suit(self) -> Option<Suit> {
        match self {
            Trump::Clubs => Some(Suit::Clubs),
            Trump::Diamonds => Some(Suit::Diamonds),
            Trump::Hearts => Some(Suit::Hearts),
            Trump::Spades => Some(Suit::Spades),
            Trump::None => None,
        }
    }

    /// As a sheet's label writes it, the same in every language ("SA" for no trump).
    fn symbol(self) -> String {
        self.suit().map_or("SA".to_string(), |s| s.symbol().to_string())
    }

    /// As `lang` abbreviates it: no trump is NT, SA, ZT.
    fn symbol_in(self, lang: Lang) -> String {
        self.suit().map_or_else(|| Tr::new("NT", "SA", "ZT").get(lang).to_string(), |s| s.symbol().to_string())
    }

    fn names(self) -> Tr {
        self.suit().map_or(Tr::new("no trump", "sans atout", "zonder troef"), Suit::names)
    }

    /// As a choice of it reads: a suit's symbol and name (♣ trèfle), no trump by its name
    /// alone (its symbol, SA, is the name abbreviated).
    fn label(self, lang: Lang) -> String {
        let name = self.names().get(lang);
        self.suit().map_or_else(|| name.to_string(), |s| format!("{} {name}", s.symbol()))
    }
}

/// The lead player's right to name trump, sold for `tricks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sale {
    pub seller: i64,
    pub buyer: i64,
    pub tricks: i64,
}

/// One line of a King sheet, as FORMAT.md writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub game: Option<Phase>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taker: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takers: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<Trump>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sale: Option<Sale>,
    /// In the choice form, the lead's right to choose the game, sold: the buyer chooses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice_sale: Option<Sale>,
}

impl Deal {
    pub fn counted(game: Phase, counts: [i64; 4]) -> Deal {
        Deal { game: Some(game), counts: Some(counts.to_vec()), ..Deal::default() }
    }
    pub fn king(taker: Seat) -> Deal {
        Deal { game: Some(Phase::KingOfHearts), taker: Some(taker as i64), ..Deal::default() }
    }
    pub fn last_two(t12: Seat, t13: Seat) -> Deal {
        Deal { game: Some(Phase::LastTwo), takers: Some(vec![t12 as i64, t13 as i64]), ..Deal::default() }
    }
    pub fn king_and_last_two(taker: Seat, t12: Seat, t13: Seat) -> Deal {
        Deal { game: Some(Phase::KingAndLastTwo), taker: Some(taker as i64), ..Deal::last_two(t12, t13) }
    }
    pub fn recup(trump: Trump, counts: [i64; 4]) -> Deal {
        Deal { trump: Some(trump), ..Deal::counted(Phase::Recup, counts) }
    }
    pub fn sold(self, seller: Seat, buyer: Seat, tricks: i64) -> Deal {
        Deal { sale: Some(Sale { seller: seller as i64, buyer: buyer as i64, tricks }), ..self }
    }
    /// The deal's game chosen by `buyer`, who bought the choice from the lead for `tricks`.
    pub fn chosen_by(self, seller: Seat, buyer: Seat, tricks: i64) -> Deal {
        Deal { choice_sale: Some(Sale { seller: seller as i64, buyer: buyer as i64, tricks }), ..self }
    }
}

/// King under a tournament's variant settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct King {
    pub order: Order,
    pub king_of_hearts: i64,
    /// Points of tricks 12 and 13; `None`: no last-two deal.
    pub last_two: Option<[i64; 2]>,
    /// The K♥ and the last two are played in one deal.
    pub merged: bool,
}

impl Default for King {
    fn default() -> King {
        King { order: Order::Standard, king_of_hearts: 6, last_two: Some([2, 2]), merged: false }
    }
}

/// What the next line may be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choices {
    #[serde(flatten)]
    pub turn: crate::Turn,
    /// The player with the lead: names trump in a récup, chooses the game in the choice form.
    pub leader: Seat,
    pub allowed: Vec<Phase>,
    /// In the fixed orders, the game due.
    pub due: Option<Phase>,
    /// Why the choice is forced: `order` (a fixed order), `recup-only` or `negative-only` (choice form).
    pub forced: Option<&'static str>,
    /// In the choice form, the games each seat could choose having bought the choice from the
    /// lead (seat 1 first; empty for the lead, and in the fixed orders).
    pub buyers: Vec<Vec<Phase>>,
    pub recups_left: usize,
}

fn shape(said: Said) -> Violation {
    Violation::said(Rule::DEAL_SHAPE, said)
}

/// A game's name in English, French and Dutch, for the refusals' words (never its code).
fn called(phase: Phase) -> (&'static str, &'static str, &'static str) {
    let names = phase.names();
    (names.en, names.fr, names.nl)
}

impl King {
    /// The games of a sheet, in the order of the fixed orders.
    pub fn sequence(&self) -> Vec<Phase> {
        let tail: Vec<Phase> = if self.merged {
            vec![Phase::KingAndLastTwo]
        } else if self.last_two.is_some() {
            vec![Phase::KingOfHearts, Phase::LastTwo]
        } else {
            vec![Phase::KingOfHearts]
        };
        let negatives = [Phase::NoTricks, Phase::NoHearts, Phase::NoKingsJacks, Phase::NoQueens];
        match self.order {
            Order::NegativesFirst => negatives.into_iter().chain(tail).chain([Phase::Recup; RECUPS]).collect(),
            Order::Standard | Order::Choice => negatives.into_iter().flat_map(|n| [n, Phase::Recup]).chain(tail).collect(),
        }
    }

    pub fn deals(&self) -> usize {
        self.sequence().len()
    }

    /// The dealer of deal `index` (0-based).
    pub fn dealer(&self, first: Seat, index: usize) -> Seat {
        match self.order {
            Order::Choice => seat_after(first, index, SEATS),
            // Two deals in a row each (a negative, then a récup), then the first
            // dealer deals the K♥ and the next player the last two.
            Order::Standard if index < 2 * SEATS => seat_after(first, index / 2, SEATS),
            Order::Standard => seat_after(first, index - 2 * SEATS, SEATS),
            // Each deal dealt by whoever deals it in the standard order: the four negatives
            // one player each, the K♥ the first dealer and the last two the next, then the
            // four récups one player each in turn ("les quatre joueurs donnent à tour de
            // rôle"), the first dealer first.
            Order::NegativesFirst => {
                let tail = self.deals().saturating_sub(SEATS + RECUPS);
                let from = if index < SEATS + tail { index % SEATS } else { index - SEATS - tail };
                seat_after(first, from, SEATS)
            }
        }
    }

    /// Refuse any figure the game does not use.
    fn only_fields(deal: &Deal, phase: Phase, allowed: &[&str]) -> Result<(), Violation> {
        let present = [
            ("counts", deal.counts.is_some()),
            ("taker", deal.taker.is_some()),
            ("takers", deal.takers.is_some()),
            ("trump", deal.trump.is_some()),
            ("sale", deal.sale.is_some()),
        ];
        match present.iter().find(|(name, is)| *is && !allowed.contains(name)) {
            Some((name, _)) => {
                let (en, fr, nl) = called(phase);
                Err(shape(said!("the game “{en}” takes no `{name}`", "le jeu « {fr} » n'a pas de `{name}`", "spel '{nl}' kent geen `{name}`")))
            }
            None => Ok(()),
        }
    }

    /// Points of one deal; `leader` is the player with the lead (the only one who may sell trump).
    pub fn score(&self, deal: &Deal, leader: Seat) -> Result<[i64; SEATS], Violation> {
        let phase = deal.game.ok_or_else(|| {
            shape(said!(
                "a deal names its `game`: no-tricks, no-hearts, no-kings-jacks, no-queens, king-of-hearts, last-two, king-and-last-two or recup",
                "une donne nomme son jeu (`game`) : no-tricks, no-hearts, no-kings-jacks, no-queens, king-of-hearts, last-two, king-and-last-two ou recup",
                "een spel noemt wat gespeeld wordt (`game`): no-tricks, no-hearts, no-kings-jacks, no-queens, king-of-hearts, last-two, king-and-last-two of recup"
            ))
        })?;
        let (en, fr, nl) = called(phase);
        let mut points = [0i64; SEATS];
        let taker = |deal: &Deal, points: &mut [i64; SEATS]| -> Result<(), Violation> {
            let t = deal.taker.ok_or_else(|| {
                shape(said!(
                    "the game “{en}” gives the `taker` of the K♥",
                    "le jeu « {fr} » donne qui a pris le R♥ (`taker`)",
                    "spel '{nl}' geeft wie de H♥ nam (`taker`)"
                ))
            })?;
            points[seat_index(t, SEATS, Tr::new("the taker of the K♥", "celui qui a pris le R♥", "wie de H♥ nam"))?] -= self.king_of_hearts;
            Ok(())
        };
        let takers = |deal: &Deal, points: &mut [i64; SEATS], values: [i64; 2]| -> Result<(), Violation> {
            let t = deal.takers.as_deref().ok_or_else(|| {
                shape(said!(
                    "the game “{en}” gives the `takers` of tricks 12 and 13",
                    "le jeu « {fr} » donne qui a pris les plis 12 et 13 (`takers`)",
                    "spel '{nl}' geeft wie slagen 12 en 13 nam (`takers`)"
                ))
            })?;
            let [t12, t13] = t else {
                let n = t.len();
                return Err(shape(said!(
                    "`takers` gives 2 seats (tricks 12 and 13), not {n}",
                    "`takers` donne 2 places (plis 12 et 13), pas {n}",
                    "`takers` geeft 2 plaatsen (slagen 12 en 13), geen {n}"
                )));
            };
            points[seat_index(*t12, SEATS, Tr::new("the taker of trick 12", "celui qui a pris le 12e pli", "wie de 12e slag nam"))?] -= values[0];
            points[seat_index(*t13, SEATS, Tr::new("the taker of trick 13", "celui qui a pris le 13e pli", "wie de 13e slag nam"))?] -= values[1];
            Ok(())
        };
        match phase {
            Phase::KingOfHearts => {
                King::only_fields(deal, phase, &["taker"])?;
                taker(deal, &mut points)?;
            }
            Phase::LastTwo | Phase::KingAndLastTwo => {
                let values = self.last_two.ok_or_else(|| {
                    Violation::said(
                        PHASE_PLAYED,
                        said!(
                            "this tournament's variant has no last-two deal, so no “{en}”",
                            "la variante de ce tournoi n'a pas de donne des deux der, donc pas de « {fr} »",
                            "de variant van dit toernooi heeft geen spel van de laatste twee slagen, dus geen '{nl}'"
                        ),
                    )
                })?;
                if phase == Phase::KingAndLastTwo {
                    King::only_fields(deal, phase, &["taker", "takers"])?;
                    taker(deal, &mut points)?;
                } else {
                    King::only_fields(deal, phase, &["takers"])?;
                }
                takers(deal, &mut points, values)?;
            }
            Phase::Recup => {
                King::only_fields(deal, phase, &["counts", "trump", "sale"])?;
                let counts = deal.counts.as_deref().ok_or_else(|| {
                    shape(said!(
                        "a récup gives `counts`, the tricks of each seat",
                        "une récupération donne les chiffres (`counts`), les plis de chaque place",
                        "een recup geeft de cijfers (`counts`), de slagen van elke plaats"
                    ))
                })?;
                if deal.trump.is_none() {
                    return Err(shape(said!(
                        "a récup names its `trump`: clubs, diamonds, hearts, spades or none",
                        "une récupération nomme son atout (`trump`) : clubs (trèfle), diamonds (carreau), hearts (cœur), spades (pique) ou none (sans atout)",
                        "een recup noemt de troef (`trump`): clubs (klaveren), diamonds (ruiten), hearts (harten), spades (schoppen) of none (zonder troef)"
                    )));
                }
                check_counts(counts, SEATS, TRICKS, Tr::new("tricks", "plis", "slagen"))
                    .map_err(|v| v.after(said!("récup: ", "récupération : ", "recup: ")))?;
                points.iter_mut().zip(counts).for_each(|(p, c)| *p = *c);
                if let Some(sale) = &deal.sale {
                    let (seller, buyer) = TRUMP_SALE.check(sale, leader)?;
                    points[seller - 1] += sale.tricks;
                    points[buyer - 1] -= sale.tricks;
                }
            }
            counted => {
                King::only_fields(deal, phase, &["counts"])?;
                let (total, each, what) =
                    counted.counting().ok_or_else(|| shape(said!("not a counted game", "pas un jeu qui se compte", "geen spel dat geteld wordt")))?;
                let counts = deal.counts.as_deref().ok_or_else(|| {
                    shape(said!(
                        "the game “{en}” gives `counts`, one per seat",
                        "le jeu « {fr} » donne les chiffres (`counts`), un par place",
                        "spel '{nl}' geeft de cijfers (`counts`), één per plaats"
                    ))
                })?;
                check_counts(counts, SEATS, total, what).map_err(|v| v.after(said!("“{en}”: ", "« {fr} » : ", "'{nl}': ")))?;
                points.iter_mut().zip(counts).for_each(|(p, c)| *p = c * each);
            }
        }
        Ok(points)
    }

    /// Whether `phase` may be played as deal `index` after the games in `progress`, chosen by
    /// `chooser` (the lead, or who bought the choice from the lead).
    fn check_choice(&self, progress: &Progress, first: Seat, index: usize, phase: Phase, chooser: Seat) -> Result<(), Violation> {
        let deals = self.deals();
        if self.order != Order::Choice {
            let due = self.sequence()[index];
            if phase != due {
                let (k, (due, due_fr, due_nl), (en, fr, nl)) = (index + 1, called(due), called(phase));
                return Err(Violation::said(
                    PHASE_DUE,
                    said!("deal {k} is “{due}”, not “{en}”", "la donne {k} est « {due_fr} », pas « {fr} »", "spel {k} is '{due_nl}', niet '{nl}'"),
                ));
            }
            return Ok(());
        }
        let in_variant = self.sequence().iter().filter(|p| **p == phase).count();
        let played = progress.played.iter().filter(|p| **p == phase).count();
        if played >= in_variant {
            let (en, fr, nl) = called(phase);
            return Err(Violation::said(
                PHASE_PLAYED,
                if in_variant == 0 {
                    said!(
                        "this tournament's variant has no “{en}” deal",
                        "la variante de ce tournoi n'a pas de donne « {fr} »",
                        "de variant van dit toernooi heeft geen spel '{nl}'"
                    )
                } else {
                    // The earlier lines that played it (one line a deal), not the line being written or corrected.
                    let lines: Vec<usize> = progress.played.iter().enumerate().filter(|(_, p)| **p == phase).map(|(i, _)| i + 1).collect();
                    let on = crate::lines_said(&lines);
                    let (on_en, on_fr, on_nl) = (on.en, on.fr, on.nl);
                    if in_variant == 1 {
                        said!(
                            "“{en}” has been played already on this sheet, {on_en}",
                            "« {fr} » a déjà été joué sur cette feuille, {on_fr}",
                            "'{nl}' werd al gespeeld op dit blad, {on_nl}"
                        )
                    } else {
                        said!(
                            "“{en}” has been played {played} times on this sheet, {on_en}",
                            "« {fr} » a déjà été joué {played} fois sur cette feuille, {on_fr}",
                            "'{nl}' werd al {played} keer gespeeld op dit blad, {on_nl}"
                        )
                    }
                },
            ));
        }
        let recups_left = RECUPS - progress.recups();
        if phase == Phase::Recup {
            if progress.recup_by[chooser - 1] {
                return Err(Violation::said(
                    RECUP_ONCE,
                    said!(
                        "seat {chooser} has already chosen a récup",
                        "la place {chooser} a déjà choisi une récupération",
                        "plaats {chooser} koos al een recup"
                    ),
                ));
            }
            // A récup bought with the choice: the lead who sold it may lose the last chance
            // of its own, and the récups left after this one still need players to choose
            // them (RECUP_LEFT holds for a bought choice as for the lead's).
            let lead = seat_after(self.dealer(first, index), 1, SEATS);
            if chooser != lead {
                let later: Vec<Seat> = (index + 1..deals).map(|i| seat_after(self.dealer(first, i), 1, SEATS)).collect();
                let able = (1..=SEATS).filter(|s| *s != chooser && !progress.recup_by[s - 1] && later.contains(s)).count();
                let after = recups_left.saturating_sub(1);
                if able < after {
                    let Said { en, fr, nl } = could_choose(able, true);
                    let stay = if after == 1 { "zou er 1".to_string() } else { format!("zouden er {after}") };
                    return Err(Violation::said(
                        RECUP_LEFT,
                        said!(
                            "seat {chooser} may not buy the récup: {after} would be left and {en} — seat {lead} keeps the choice",
                            "la place {chooser} ne peut pas acheter la récupération : il en resterait {after} et {fr} — la place {lead} garde le choix",
                            "plaats {chooser} mag de recup niet kopen: er {stay} overblijven en {nl} — plaats {lead} houdt de keuze"
                        ),
                    ));
                }
            }
            return Ok(());
        }
        // Players still without a récup who choose again after this deal.
        let later: Vec<Seat> = (index + 1..deals).map(|i| seat_after(self.dealer(first, i), 1, SEATS)).collect();
        let able = (1..=SEATS).filter(|s| !progress.recup_by[s - 1] && later.contains(s)).count();
        if able < recups_left {
            let lead = seat_after(self.dealer(first, index), 1, SEATS);
            // The choice bought by a player who has had a récup: the récup is due now, and
            // only the lead may choose it.
            let Said { en: left_en, fr: left_fr, nl: left_nl } = recups_remaining(recups_left);
            let Said { en, fr, nl } = could_choose(able, false);
            let said = if progress.recup_by[chooser - 1] && chooser != lead {
                said!(
                    "{left_en} and {en}: the récup is due on this deal, and seat {chooser}, who bought the choice, has had one — seat {lead} keeps the choice and chooses the récup",
                    "{left_fr} et {fr} : la récupération est due à cette donne, et la place {chooser}, qui a acheté le choix, en a déjà eu une — la place {lead} garde le choix et choisit la récupération",
                    "{left_nl} en {nl}: de recup moet bij dit spel, en plaats {chooser}, die de keuze kocht, had er al een — plaats {lead} houdt de keuze en kiest de recup"
                )
            } else {
                said!(
                    "{left_en} and {en}: seat {chooser} must choose the récup",
                    "{left_fr} et {fr} : la place {chooser} doit choisir la récupération",
                    "{left_nl} en {nl}: plaats {chooser} moet de recup kiezen"
                )
            };
            return Err(Violation::said(RECUP_LEFT, said));
        }
        Ok(())
    }

    /// Who chooses the game of a deal: the lead, or the buyer of the lead's choice, checked.
    fn chooser(&self, deal: &Deal, leader: Seat) -> Result<Seat, Violation> {
        let Some(sale) = &deal.choice_sale else { return Ok(leader) };
        if self.order != Order::Choice {
            return Err(Violation::said(
                CHOICE_SALE_ORDER,
                said!(
                    "this tournament plays the games in a fixed order: there is no choice to sell",
                    "ce tournoi joue les jeux dans un ordre fixé : il n'y a pas de choix à vendre",
                    "dit toernooi speelt de spelen in een vaste volgorde: er is geen keuze te verkopen"
                ),
            ));
        }
        Ok(CHOICE_SALE.check(sale, leader)?.1)
    }

    fn walk(&self, table: Table, entries: &[Deal]) -> Result<(Sheet, Progress), SheetError> {
        let first = table.first_dealer;
        if !(1..=SEATS).contains(&first) {
            return Err(SheetError::sheet(Violation::said(
                Rule::FIRST_DEALER,
                said!("the first dealer is seat {first}", "le premier donneur est la place {first}", "de eerste gever is plaats {first}"),
            )));
        }
        let deals = self.deals();
        let mut progress = Progress::default();
        let mut lines = Vec::with_capacity(entries.len());
        for (i, deal) in entries.iter().enumerate() {
            let at = |v: Violation| SheetError::at(i + 1, v);
            if i >= deals {
                return Err(at(Violation::said(
                    Rule::SHEET_FULL,
                    said!(
                        "all {deals} deals are already on the sheet",
                        "les {deals} donnes sont déjà sur la feuille",
                        "alle {deals} spelen staan al op het blad"
                    ),
                )));
            }
            let dealer = self.dealer(first, i);
            let leader = seat_after(dealer, 1, SEATS);
            let phase = deal
                .game
                .ok_or_else(|| at(shape(said!("a deal names its `game`", "une donne nomme son jeu (`game`)", "een spel noemt wat gespeeld wordt (`game`)"))))?;
            let chooser = self.chooser(deal, leader).map_err(at)?;
            self.check_choice(&progress, first, i, phase, chooser).map_err(at)?;
            let mut points = self.score(deal, leader).map_err(at)?;
            // The choice bought: on top of the deal, the seller + N, the buyer − N (as a récup's sale).
            if let Some(sale) = &deal.choice_sale {
                points[leader - 1] += sale.tricks;
                points[chooser - 1] -= sale.tricks;
            }
            if phase == Phase::Recup && self.order == Order::Choice {
                progress.recup_by[chooser - 1] = true;
            }
            progress.played.push(phase);
            let mut label = match (phase, deal.trump, &deal.sale) {
                (Phase::Recup, Some(t), Some(sale)) => format!("recup {} ({}→{}: {})", t.symbol(), sale.seller, sale.buyer, sale.tricks),
                (Phase::Recup, Some(t), None) => format!("recup {}", t.symbol()),
                _ => phase.code().to_string(),
            };
            if let Some(sale) = &deal.choice_sale {
                label.push_str(&format!(" [{}→{}: {}]", sale.seller, sale.buyer, sale.tricks));
            }
            lines.push(Line {
                line: i + 1,
                deal: i + 1,
                dealer: Some(dealer),
                label,
                points: points.to_vec(),
                counts: true,
                chooser: (self.order == Order::Choice).then_some(chooser),
                fault: None,
                sits_out: None,
            });
        }
        let played = lines.len();
        Ok((Sheet::of_lines(SEATS, lines, played, deals), progress))
    }
}

#[derive(Clone, Debug, Default)]
struct Progress {
    played: Vec<Phase>,
    recup_by: [bool; SEATS],
}

impl Progress {
    fn recups(&self) -> usize {
        self.played.iter().filter(|p| **p == Phase::Recup).count()
    }
}

impl Game for King {
    type Entry = Deal;
    type Choices = Choices;

    const DECK: Option<Deck> = Some(Deck::French);
    const FIGURE_KEYS: &'static [&'static str] = &["counts", "taker", "takers"];

    fn play(&self, context: &play::Context, deal: &Deal) -> Result<play::DealPlay, Violation> {
        deal_play(context, deal)
    }

    fn figures(&self, _context: &play::Context, deal: &Deal, replay: &play::Replay) -> Map<String, Value> {
        deal_figures(deal, replay)
    }

    const ID: GameId = GameId::King;
    const NAME: Tr = Tr::new("King", "King", "King");
    const SEATS: std::ops::RangeInclusive<usize> = SEATS..=SEATS;
    const RANKING: RankingMethod = RankingMethod::TablePoints;
    const KEYS: &'static [&'static str] = &["order", "king_of_hearts", "last_two", "king_and_last_two"];
    const NULL_KEYS: &'static [&'static str] = &["last_two"];
    const FIELDS: &'static [Field] = &[
        Field::new("counts", Tr::new("counts by seat", "chiffres par place", "cijfers per plaats"), false),
        Field::new("taker", Tr::new("taker of the K♥", "preneur du R♥", "nemer van de H♥"), true),
        Field::new("takers", Tr::new("takers of tricks 12 and 13", "preneurs des plis 12 et 13", "nemers van slag 12 en 13"), true),
        Field::new("trump", Tr::new("trump", "atout", "troef"), false),
        Field::new("sale", Tr::new("sale", "vente", "verkoop"), false),
        Field::new("choice_sale", Tr::new("choice of the game sold", "choix du jeu vendu", "keuze van het spel verkocht"), false),
        Field::new("seller", Tr::new("seller", "vendeur", "verkoper"), true),
        Field::new("buyer", Tr::new("buyer", "acheteur", "koper"), true),
        Field::new("tricks", Tr::new("tricks", "plis", "slagen"), false),
    ];

    fn from_settings(settings: &Map<String, Value>) -> Result<King, Violation> {
        let bad = |said: Said| Violation::said(Rule::SETTINGS, said);
        let order = setting(settings, "order", Order::Standard)?;
        let last_two: Option<[i64; 2]> = setting(settings, "last_two", Some([2, 2]))?;
        let rest = last_two.map_or(0, |[a, b]| a.saturating_add(b));
        let king_of_hearts: i64 = setting(settings, "king_of_hearts", KING_AND_LAST_TWO_POINTS.saturating_sub(rest))?;
        let merged: bool = setting(settings, "king_and_last_two", false)?;
        if last_two.is_some_and(|[a, b]| !(0..=KING_AND_LAST_TWO_POINTS).contains(&a) || !(0..=KING_AND_LAST_TWO_POINTS).contains(&b)) {
            return Err(bad(said!(
                "last_two: each trick is worth 0 to 10 points",
                "last_two : chaque pli vaut de 0 à 10 points",
                "last_two: elke slag is 0 tot 10 punten waard"
            )));
        }
        if !(1..=KING_AND_LAST_TWO_POINTS).contains(&king_of_hearts) || king_of_hearts + rest != KING_AND_LAST_TWO_POINTS {
            return Err(bad(said!(
                "king_of_hearts {king_of_hearts} and last_two {rest}: together they are worth {KING_AND_LAST_TWO_POINTS}, so that a sheet sums to 0",
                "king_of_hearts {king_of_hearts} et last_two {rest} : ensemble ils valent {KING_AND_LAST_TWO_POINTS}, pour qu'une feuille fasse 0",
                "king_of_hearts {king_of_hearts} en last_two {rest}: samen zijn ze {KING_AND_LAST_TWO_POINTS} waard, zodat een blad op 0 uitkomt"
            )));
        }
        if merged && last_two.is_none() {
            return Err(bad(said!(
                "king_and_last_two needs a last-two deal (last_two is null)",
                "king_and_last_two demande une donne des deux der (last_two est null)",
                "king_and_last_two vraagt een spel van de laatste twee slagen (last_two is null)"
            )));
        }
        Ok(King { order, king_of_hearts, last_two, merged })
    }

    fn settings_form(lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!([
            {"key": "order", "label": t("Order of the games", "Ordre des jeux", "Volgorde van de spelen"), "options": [
                form_option(t("standard: negatives and récups alternate", "standard : négatifs et récupérations alternent", "standaard: negatief en recup om beurten"), json!({"order": "standard"})),
                form_option(t("all negatives first, then the four récups", "tous les négatifs d'abord, puis les quatre récupérations", "eerst alle negatieve, dan de vier recups"), json!({"order": "negatives-first"})),
                form_option(t("choice: the player with the lead picks the game", "au choix : le joueur qui a la main choisit le jeu", "keuze: de speler die uitkomt kiest het spel"), json!({"order": "choice"})),
            ]},
            {"key": "scoring", "label": t("King of hearts and last two", "Roi de cœur et deux der", "Hartenheer en laatste twee"), "options": [
                form_option(t("K♥ 6, last two 2 + 2", "R♥ 6, deux der 2 + 2", "H♥ 6, laatste twee 2 + 2"), json!({"king_of_hearts": 6, "last_two": [2, 2]})),
                form_option(t("K♥ 5, last two 2 + 3", "R♥ 5, deux der 2 + 3", "H♥ 5, laatste twee 2 + 3"), json!({"king_of_hearts": 5, "last_two": [2, 3]})),
                form_option(t("K♥ 10, no last-two deal (9 deals)", "R♥ 10, sans deux der (9 donnes)", "H♥ 10, geen laatste twee (9 spelen)"), json!({"king_of_hearts": 10, "last_two": null})),
            ]},
            {"key": "king_and_last_two", "label": t("K♥ and last two in one deal", "R♥ et deux der dans une seule donne", "H♥ en laatste twee in één spel"), "options": [
                form_option(t("no", "non", "nee"), json!({"king_and_last_two": false})),
                form_option(t("yes (9 deals)", "oui (9 donnes)", "ja (9 spelen)"), json!({"king_and_last_two": true})),
            ]},
        ])
    }

    fn replay(&self, table: Table, entries: &[Deal]) -> Result<Sheet, SheetError> {
        self.walk(table, entries).map(|(sheet, _)| sheet)
    }

    fn next_choices(&self, table: Table, entries: &[Deal]) -> Result<Option<Choices>, SheetError> {
        let (sheet, progress) = self.walk(table, entries)?;
        if sheet.complete {
            return Ok(None);
        }
        let index = entries.len();
        let dealer = self.dealer(table.first_dealer, index);
        let mut candidates: Vec<Phase> = self.sequence();
        candidates.dedup();
        candidates.sort();
        candidates.dedup();
        let leader = seat_after(dealer, 1, SEATS);
        let allowed: Vec<Phase> = candidates.iter().copied().filter(|p| self.check_choice(&progress, table.first_dealer, index, *p, leader).is_ok()).collect();
        // In the choice form, what each other player could choose having bought the choice.
        let buyers: Vec<Vec<Phase>> = (1..=SEATS)
            .map(|seat| match self.order {
                Order::Choice if seat != leader => {
                    candidates.iter().copied().filter(|p| self.check_choice(&progress, table.first_dealer, index, *p, seat).is_ok()).collect()
                }
                _ => vec![],
            })
            .collect();
        let forced = match (self.order, allowed.as_slice()) {
            (Order::Standard | Order::NegativesFirst, _) => Some("order"),
            (Order::Choice, [Phase::Recup]) => Some("recup-only"),
            (Order::Choice, list) if !list.contains(&Phase::Recup) && progress.recups() < RECUPS => Some("negative-only"),
            _ => None,
        };
        Ok(Some(Choices {
            turn: crate::Turn { line: index + 1, deal: index + 1, dealer },
            leader,
            due: (self.order != Order::Choice).then(|| self.sequence()[index]),
            allowed,
            buyers,
            forced,
            recups_left: RECUPS - progress.recups(),
        }))
    }

    /// The games in their order (in the choice form, blank: the lead chooses).
    fn print_form(&self, table: Table, lang: Lang) -> Value {
        let rows = self
            .sequence()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let label = if self.order == Order::Choice { String::new() } else { p.names().get(lang).to_string() };
                crate::print_row(label, self.dealer(table.first_dealer, i), None, false)
            })
            .collect();
        let mut form = crate::print_form(
            json!([{"title": Tr::new("Game", "Jeu", "Contract").get(lang), "width": 3.0, "from": "label"}]),
            json!([{"title": Tr::new("pts", "pts", "ptn").get(lang), "from": "points"}]),
            rows,
        );
        // How a sale is written on the sheet, said under it (a scorer read «(2→4 : 1)» unexplained).
        let mut key = Tr::new(
            "(2→4: 1): a sale, seat 2 sells to seat 4 for 1 trick",
            "(2→4 : 1) : une vente, la place 2 vend à la place 4 pour 1 pli",
            "(2→4: 1): een verkoop, plaats 2 verkoopt aan plaats 4 voor 1 slag",
        )
        .get(lang)
        .to_string();
        if self.order == Order::Choice {
            key.push_str(
                Tr::new("; [2→4: 1]: the choice of the game sold", " ; [2→4 : 1] : le choix du jeu vendu", "; [2→4: 1]: de keuze van het spel verkocht")
                    .get(lang),
            );
        }
        form["key"] = json!(key);
        form
    }

    fn describe(&self, lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        let mut in_variant = self.sequence();
        in_variant.sort();
        in_variant.dedup();
        let phases: Vec<Value> = in_variant
            .into_iter()
            .map(|p| {
                let (figures, total, points) = match p {
                    Phase::KingOfHearts => ("taker", None, json!(self.king_of_hearts)),
                    Phase::LastTwo => ("takers", None, json!(self.last_two)),
                    Phase::KingAndLastTwo => ("taker-takers", None, json!([self.king_of_hearts, self.last_two])),
                    Phase::Recup => ("counts", Some(TRICKS), json!(1)),
                    counted => ("counts", counted.counting().map(|c| c.0), json!(counted.counting().map(|c| c.1))),
                };
                json!({"code": p.code(), "key": p.key(), "name": p.names().get(lang), "figures": figures, "total": total,
                       "points": points, "trump": p == Phase::Recup, "negative": p != Phase::Recup})
            })
            .collect();
        let suits: Vec<Value> = Trump::ALL
            .into_iter()
            .zip(["1", "2", "3", "4", "0"])
            .map(|(s, key)| {
                json!({"code": serde_json::to_value(s).unwrap_or(Value::Null), "symbol": s.symbol_in(lang), "label_symbol": s.symbol(), "name": s.names().get(lang), "label": s.label(lang), "key": key})
            })
            .collect();
        json!({
            "game": Self::ID.code(),
            "name": Self::NAME.get(lang),
            "order": self.order,
            "deals": self.deals(),
            "sequence": self.sequence().iter().map(|p| p.code()).collect::<Vec<_>>(),
            "contracts": phases,
            "suits": suits,
            "forced": {
                "order": t("the order of the games is fixed", "l'ordre des jeux est fixé", "de volgorde van de spelen ligt vast"),
                "recup-only": t("the récups left need this player: récup only", "les récupérations restantes ont besoin de ce joueur : récupération uniquement", "de resterende recups hebben deze speler nodig: enkel recup"),
                "negative-only": t("this player has had a récup: a negative game only", "ce joueur a eu sa récupération : jeu négatif uniquement", "deze speler had al een recup: enkel een negatief spel"),
            },
            "labels": {
                "leader": t("lead", "main", "komt uit"),
                "taker": t("took the K♥", "a pris le R♥", "nam de H♥"),
                "trick12": t("trick 12", "12e pli", "12e slag"),
                "trick13": t("trick 13", "13e pli", "13e slag"),
                "sale": t("trump sold", "atout vendu", "troef verkocht"),
                "buyer": t("buyer", "acheteur", "koper"),
                "seller": t("seller", "vendeur", "verkoper"),
                "sale_tricks": t("sold for (tricks)", "vendu pour (plis)", "verkocht voor (slagen)"),
                "no_sale": t("not sold", "pas vendu", "niet verkocht"),
                "choice_sale": t("choice of the game sold", "choix du jeu vendu", "keuze van het spel verkocht"),
                "seller_needed": t("A sale names its seller: the lead of this line.", "Une vente nomme son vendeur : la main de cette ligne.", "Een verkoop noemt de verkoper: wie bij deze lijn uitkomt."),
            },
            // The keys its settings hold, in words: the log says the points of the K♥ and of
            // the last two by the games' names (they read «king of hearts : 6 · last two : 2 ·
            // 2» in French and Dutch: the scoring option sets two keys, which no form field names).
            "setting_words": {
                "king_of_hearts": Phase::KingOfHearts.names().get(lang),
                "last_two": Phase::LastTwo.names().get(lang),
                "king_and_last_two": Phase::KingAndLastTwo.names().get(lang),
            },
        })
    }
}

/// The cards a game of King counts: hearts, kings and jacks, queens, the K♥.
fn penalty_of(phase: Phase) -> Option<fn(Card) -> bool> {
    match phase {
        Phase::NoHearts => Some(|c| c.is(Suit::Hearts)),
        Phase::NoKingsJacks => Some(|c| c.rank() == play::KING || c.rank() == play::JACK),
        Phase::NoQueens => Some(|c| c.rank() == play::QUEEN),
        Phase::KingOfHearts | Phase::KingAndLastTwo => Some(|c| c == play::KING_OF_HEARTS),
        _ => None,
    }
}

/// How a deal of King is played (RULES.md §2 and §7): follow suit, nothing else, but that
/// no heart is led while holding another suit in the hearts and K♥ games, and the K♥ is
/// discarded the first time its holder cannot follow. The counted games and the K♥ game
/// may stop once every card they count has fallen. **Decision** (RULES.md §7): played
/// clockwise, the seat left of the dealer leading, unless the record names the leader.
fn deal_play(context: &play::Context, deal: &Deal) -> Result<play::DealPlay, Violation> {
    let phase = deal.game.ok_or_else(|| {
        play::record_fault(said!(
            "the deal names no game (`deal.game`)",
            "la donne ne nomme pas de jeu (`deal.game`)",
            "het spel noemt niet wat gespeeld wordt (`deal.game`)"
        ))
    })?;
    let trump = match phase {
        Phase::Recup => deal
            .trump
            .ok_or_else(|| {
                play::record_fault(said!(
                    "a récup names its trump, or no trump (`deal.trump`)",
                    "une récupération nomme son atout, ou sans atout (`deal.trump`)",
                    "een recup noemt zijn troef, of zonder troef (`deal.trump`)"
                ))
            })?
            .suit(),
        _ => None,
    };
    let king = matches!(phase, Phase::KingOfHearts | Phase::KingAndLastTwo);
    let conduct = Conduct {
        lead_hearts: matches!(phase, Phase::NoHearts | Phase::KingOfHearts | Phase::KingAndLastTwo),
        penalty: penalty_of(phase),
        discard: if king { Discard::PenaltyFirstVoid } else { Discard::Free },
        early_end: matches!(phase, Phase::NoHearts | Phase::NoQueens | Phase::NoKingsJacks | Phase::KingOfHearts),
        ..Conduct::plain(Deck::French, trump, 13)
    };
    Ok(play::DealPlay { conduct, leader: context.left_of_dealer(None), expected: vec![13; 4] })
}

/// The figures of the sheet line: counts (tricks, or the cards counted), the K♥'s taker,
/// the takers of the last two tricks.
fn deal_figures(deal: &Deal, replay: &play::Replay) -> Map<String, Value> {
    let mut out = Map::new();
    let Some(phase) = deal.game else { return out };
    match phase {
        Phase::NoTricks | Phase::Recup => {
            out.insert("counts".into(), json!(replay.tricks_won(4)));
        }
        Phase::NoHearts | Phase::NoKingsJacks | Phase::NoQueens => {
            if let Some(p) = penalty_of(phase) {
                out.insert("counts".into(), json!(replay.taken(4, p)));
            }
        }
        _ => {}
    }
    if matches!(phase, Phase::KingOfHearts | Phase::KingAndLastTwo) {
        out.insert("taker".into(), json!(replay.taker_of(play::KING_OF_HEARTS)));
    }
    if matches!(phase, Phase::LastTwo | Phase::KingAndLastTwo) {
        out.insert("takers".into(), json!([replay.winner_of(12), replay.winner_of(13)]));
    }
    out
}

/// «2 récups are left», «il reste 1 récupération», «er blijft 1 recup over»: the count in its
/// number («il reste 1 récupérations» was said).
fn recups_remaining(n: usize) -> Said {
    match n {
        1 => said!("1 récup is left", "il reste 1 récupération", "er blijft 1 recup over"),
        n => said!("{n} récups are left", "il reste {n} récupérations", "er blijven {n} recups over"),
    }
}

/// How many players could still choose a récup, in their number («seuls 0 joueurs peuvent»
/// was said); `would`: said of a sale not made.
fn could_choose(able: usize, would: bool) -> Said {
    let (peut, peuvent) = if would { ("pourrait", "pourraient") } else { ("peut", "peuvent") };
    match able {
        0 => said!("no player could still choose one", "aucun joueur ne {peut} plus en choisir une", "geen speler kan er nog een kiezen"),
        1 => said!("only 1 player could still choose one", "seul 1 joueur {peut} encore en choisir une", "maar 1 speler kan er nog een kiezen"),
        n => said!("only {n} players could still choose one", "seuls {n} joueurs {peuvent} encore en choisir une", "maar {n} spelers kunnen er nog een kiezen"),
    }
}
