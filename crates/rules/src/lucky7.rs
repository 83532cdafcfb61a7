//! Double Lucky 7 (RULES.md §4, FORMAT.md "Double Lucky 7 deals"): 2 to 7
//! players, 14 hands of 1…7…1 cards (or 7 hands of 1…7). Everyone bids the
//! tricks they will take, dealer first; the last bidder may not make the bids
//! add up to the cards. An exact bid scores 10 + 2 × tricks; hand 7 counts double.

use crate::error::rule;
use crate::play::{self, Conduct, Deck};
use crate::settings::RankingMethod;
use crate::{
    check_counts, form_option, said, seat_after, setting, Field, Game, GameId, Lang, Line, Rule, RuleDef, Seat, Sheet, SheetError, Table, TablePlan, Tr,
    Violation,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// The hand that counts double.
pub const DOUBLED_HAND: usize = 7;
/// Players a table is planned for when the draw splits a field.
pub const PLANNED_TABLE: usize = 4;

rule!(
    HAND_CARDS,
    "hand-cards",
    "each hand deals its own number of cards: 1, 2 … 7, 7, 6 … 1",
    "chaque donne distribue son nombre de cartes : 1, 2 … 7, 7, 6 … 1",
    "elk spel deelt zijn eigen aantal kaarten: 1, 2 … 7, 7, 6 … 1"
);
rule!(
    BID_RANGE,
    "bid-range",
    "a bid is a number of tricks from 0 to the cards in hand",
    "une mise est un nombre de plis de 0 au nombre de cartes en main",
    "een bod is een aantal slagen van 0 tot het aantal kaarten in de hand"
);
rule!(
    LAST_BID,
    "last-bid",
    "the last bidder may not make the bids add up to the number of cards",
    "le dernier à miser ne peut pas rendre la somme des mises égale au nombre de cartes",
    "de laatste bieder mag de biedingen niet laten optellen tot het aantal kaarten"
);

/// One hand as FORMAT.md writes it: figures by seat, seat 1 first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub cards: i64,
    /// The bids and the tricks are figures: absent in a hand record that leaves them to the
    /// cards (FORMAT.md "Hand records"); a sheet line without them is refused for its count.
    #[serde(default)]
    pub bids: Vec<i64>,
    #[serde(default)]
    pub tricks: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lucky7 {
    /// 14 or 7.
    pub hands: usize,
}

impl Default for Lucky7 {
    fn default() -> Self {
        Lucky7 { hands: 14 }
    }
}

/// What the next hand is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choices {
    /// The hand's number is the deal due, as every game says it.
    #[serde(flatten)]
    pub turn: crate::Turn,
    pub hand: usize,
    pub cards: usize,
    /// Seats in bidding order, the dealer first.
    pub bidding_order: Vec<Seat>,
    pub last_bidder: Seat,
    pub doubled: bool,
}

impl Lucky7 {
    /// Cards dealt in hand `hand` (1-based).
    pub fn cards(&self, hand: usize) -> usize {
        if hand <= 7 {
            hand
        } else {
            15 - hand
        }
    }

    /// Points of a hand at a table of `seats`, every figure checked first.
    pub fn score(&self, seats: usize, number: usize, hand: &Hand) -> Result<Vec<i64>, Violation> {
        let cards = self.cards(number) as i64;
        if hand.bids.len() != seats || hand.tricks.len() != seats {
            let (b, t) = (hand.bids.len(), hand.tricks.len());
            return Err(Violation::said(
                Rule::DEAL_SHAPE,
                said!(
                    "{b} bids and {t} tricks; the table has {seats} seats, one of each per seat",
                    "{b} mises et {t} plis ; la table a {seats} places, un de chaque par place",
                    "{b} biedingen en {t} slagen; de tafel heeft {seats} plaatsen, één van elk per plaats"
                ),
            ));
        }
        let [card_en, card_fr, card_nl] = [Lang::En, Lang::Fr, Lang::Nl].map(|l| cards_word(cards).get(l));
        if hand.cards != cards {
            let typed = hand.cards;
            return Err(Violation::said(
                HAND_CARDS,
                said!(
                    "hand {number} deals {cards} {card_en}, not {typed}",
                    "la donne {number} distribue {cards} {card_fr}, pas {typed}",
                    "spel {number} deelt {cards} {card_nl}, geen {typed}"
                ),
            ));
        }
        if let Some((i, b)) = hand.bids.iter().enumerate().find(|(_, b)| !(0..=cards).contains(*b)) {
            let s = i + 1;
            return Err(Violation::said(
                BID_RANGE,
                said!(
                    "seat {s} bids {b} with {cards} {card_en} in hand",
                    "la place {s} mise {b} avec {cards} {card_fr} en main",
                    "plaats {s} biedt {b} met {cards} {card_nl} in de hand"
                ),
            ));
        }
        check_counts(&hand.tricks, seats, cards, Tr::new("tricks", "plis", "slagen"))?;
        let bids: i64 = hand.bids.iter().sum();
        if bids == cards {
            return Err(Violation::said(
                LAST_BID,
                said!(
                    "the bids add up to {cards}, the cards of hand {number}",
                    "les mises font {cards}, les cartes de la donne {number}",
                    "de biedingen tellen op tot {cards}, de kaarten van spel {number}"
                ),
            ));
        }
        let factor = if number == DOUBLED_HAND { 2 } else { 1 };
        Ok(hand.bids.iter().zip(&hand.tricks).map(|(b, t)| if b == t { (10 + 2 * t) * factor } else { 0 }).collect())
    }

    fn dealer(&self, table: Table, hand: usize) -> Seat {
        seat_after(table.first_dealer, hand - 1, table.seats)
    }

    fn last_bidder(&self, table: Table, hand: usize) -> Seat {
        seat_after(self.dealer(table, hand), table.seats - 1, table.seats)
    }
}

impl Game for Lucky7 {
    type Entry = Hand;
    type Choices = Choices;

    const DECK: Option<Deck> = Some(Deck::Lucky);
    const FIGURE_KEYS: &'static [&'static str] = &["tricks"];
    const HAND_FIELDS: &'static [&'static str] = &["trump"];
    const HAND_NO_TRUMP: bool = false;

    /// RULES.md §4 and §7: the dealer leads every trick; follow suit (or play the joker),
    /// nothing else; the joker wins, and a led joker lets the next card set the suit.
    fn play(&self, context: &play::Context, deal: &Hand) -> Result<play::DealPlay, Violation> {
        let cards = usize::try_from(deal.cards).ok().filter(|c| (1..=7).contains(c)).ok_or_else(|| {
            play::record_fault(said!(
                "the cards dealt each seat are 1 to 7 (`deal.cards`)",
                "chaque place reçoit de 1 à 7 cartes (`deal.cards`)",
                "elke plaats krijgt 1 tot 7 kaarten (`deal.cards`)"
            ))
        })?;
        // Every deal has a trump (RULES.md §4): the turned card's colour, or the suit the dealer
        // names when the joker is turned — never none (a record "without trump" was replayed as such).
        let trump = context.trump.flatten().ok_or_else(|| {
            play::record_fault(said!(
                "choose the trump, a suit: the turned card's colour, or the one the dealer named (`hand.trump`; Double Lucky 7 is never played without)",
                "choisissez l'atout, une couleur : celle de la carte retournée, ou celle que le donneur a nommée (`hand.trump` ; le Double Lucky 7 ne se joue jamais sans)",
                "kies de troef, een kleur: die van de omgedraaide kaart, of die de gever noemde (`hand.trump`; Double Lucky 7 wordt nooit zonder gespeeld)"
            ))
        })?;
        let conduct = Conduct { dealer_leads: true, ..Conduct::plain(Deck::Lucky, Some(trump), cards) };
        Ok(play::DealPlay { conduct, leader: context.leader.unwrap_or(context.dealer), expected: vec![cards; context.seats] })
    }

    /// The tricks each seat took.
    fn figures(&self, context: &play::Context, _deal: &Hand, replay: &play::Replay) -> Map<String, Value> {
        let mut out = Map::new();
        out.insert("tricks".into(), json!(replay.tricks_won(context.seats)));
        out
    }

    const ID: GameId = GameId::DoubleLucky7;
    const NAME: Tr = Tr::new("Double Lucky 7", "Double Lucky 7", "Double Lucky 7");
    const SEATS: std::ops::RangeInclusive<usize> = 2..=7;
    const RANKING: RankingMethod = RankingMethod::TotalScore;
    const KEYS: &'static [&'static str] = &["hands"];
    const FIELDS: &'static [Field] = &[
        Field::new("cards", Tr::new("cards", "cartes", "kaarten"), false),
        Field::new("bids", Tr::new("bids", "mises", "biedingen"), false),
        Field::new("tricks", Tr::new("tricks", "plis", "slagen"), false),
    ];

    fn from_settings(settings: &Map<String, Value>) -> Result<Lucky7, Violation> {
        let hands: usize = setting(settings, "hands", 14)?;
        if hands != 14 && hands != 7 {
            return Err(Violation::said(
                Rule::SETTINGS,
                said!(
                    "hands: {hands}; a game has 14 hands (1…7…1) or 7 (1…7)",
                    "donnes : {hands} ; une feuille compte 14 donnes (1…7…1) ou 7 (1…7)",
                    "spelen: {hands}; een blad telt 14 spelen (1…7…1) of 7 (1…7)"
                ),
            ));
        }
        Ok(Lucky7 { hands })
    }

    /// Hands, as the game calls its deals.
    fn progress(played: usize, needed: usize) -> crate::Said {
        said!("{played}/{needed} hands", "{played}/{needed} donnes", "{played}/{needed} spellen")
    }

    fn settings_form(lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!([{"key": "hands", "label": t("Hands", "Donnes", "Spellen"), "options": [
            form_option(t("14 hands (1 … 7, 7 … 1 cards)", "14 donnes (1 … 7, 7 … 1 cartes)", "14 spelen (1 … 7, 7 … 1 kaarten)"), json!({"hands": 14})),
            form_option(t("7 hands (1 … 7 cards)", "7 donnes (1 … 7 cartes)", "7 spelen (1 … 7 kaarten)"), json!({"hands": 7})),
        ]}])
    }

    fn replay(&self, table: Table, entries: &[Hand]) -> Result<Sheet, SheetError> {
        let mut lines = Vec::with_capacity(entries.len());
        for (i, hand) in entries.iter().enumerate() {
            let number = i + 1;
            if number > self.hands {
                let n = self.hands;
                return Err(SheetError::at(
                    number,
                    Violation::said(
                        Rule::SHEET_FULL,
                        said!("all {n} hands are already on the sheet", "les {n} donnes sont déjà sur la feuille", "alle {n} spelen staan al op het blad"),
                    ),
                ));
            }
            let points = self.score(table.seats, number, hand).map_err(|v| SheetError::at(number, v))?;
            lines.push(Line {
                line: number,
                deal: number,
                dealer: Some(self.dealer(table, number)),
                label: format!("{}{}", self.cards(number), if number == DOUBLED_HAND { " ×2" } else { "" }),
                points,
                counts: true,
                chooser: None,
                fault: None,
                sits_out: None,
            });
        }
        Ok(Sheet::of_lines(table.seats, lines, entries.len(), self.hands))
    }

    fn next_choices(&self, table: Table, entries: &[Hand]) -> Result<Option<Choices>, SheetError> {
        let sheet = Game::replay(self, table, entries)?;
        if sheet.complete {
            return Ok(None);
        }
        let hand = entries.len() + 1;
        let dealer = self.dealer(table, hand);
        Ok(Some(Choices {
            turn: crate::Turn { line: hand, deal: hand, dealer },
            hand,
            cards: self.cards(hand),
            bidding_order: (0..table.seats).map(|k| seat_after(dealer, k, table.seats)).collect(),
            last_bidder: self.last_bidder(table, hand),
            doubled: hand == DOUBLED_HAND,
        }))
    }

    fn describe(&self, lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!({
            "game": Self::ID.code(),
            "name": Self::NAME.get(lang),
            "hands": self.hands,
            "cards": (1..=self.hands).map(|h| self.cards(h)).collect::<Vec<_>>(),
            "doubled": DOUBLED_HAND,
            "labels": {
                "hand": t("hand", "donne", "spel"),
                "cards": t("cards", "cartes", "kaarten"),
                "card": t("card", "carte", "kaart"),
                "bids": t("bids, in bidding order", "mises, dans l'ordre", "biedingen, in volgorde"),
                // A correction lists the bids by seat (it said «in bidding order» over them).
                "bids_by_seat": t("bids, by seat", "mises, par place", "biedingen, per plaats"),
                "tricks": t("tricks taken", "plis faits", "gehaalde slagen"),
                "doubled": t("counts double", "compte double", "telt dubbel"),
                "forbidden": t("{name} (seat {seat}) may not bid {bid}", "{name} (place {seat}) ne peut pas miser {bid}", "{name} (plaats {seat}) mag geen {bid} bieden"),
                "free": t("{name} (seat {seat}) may bid anything", "{name} (place {seat}) peut miser n'importe quel nombre", "{name} (plaats {seat}) mag alles bieden"),
            },
        })
    }

    /// One row per hand with its cards, hand 7 marked; bid, tricks and points per seat.
    fn print_form(&self, table: Table, lang: Lang) -> Value {
        let rows = (1..=self.hands)
            .map(|h| {
                let n = self.cards(h);
                let cards = cards_word(n as i64).get(lang);
                let label = format!("{n} {cards}{}", if h == DOUBLED_HAND { " ×2" } else { "" });
                crate::print_row(label, self.dealer(table, h), None, h == DOUBLED_HAND)
            })
            .collect();
        crate::print_form(
            json!([{"title": Tr::new("Hand", "Donne", "Spel").get(lang), "width": 1.6, "from": "label"}]),
            json!([
                {"title": Tr::new("bid", "mise", "bod").get(lang), "from": "bids"},
                {"title": Tr::new("tr.", "plis", "sl.").get(lang), "from": "tricks"},
                {"title": Tr::new("pts", "pts", "ptn").get(lang), "from": "points"}
            ]),
            rows,
        )
    }

    /// About four a table, as even as possible.
    fn plan(&self, players: usize) -> Option<TablePlan> {
        TablePlan::even(players, PLANNED_TABLE, Self::SEATS)
    }

    /// `{"last_bidder": seat, "known": bool, "forbidden": bid or null}`: `known` once
    /// every other bid is typed; `forbidden` is then the bid the last bidder may not
    /// make (null when no bid of theirs could make the total).
    fn hint(&self, table: Table, entries: &[Hand], draft: &Value) -> Value {
        let hand = entries.len() + 1;
        if hand > self.hands {
            return Value::Null;
        }
        let cards = self.cards(hand) as i64;
        let last = self.last_bidder(table, hand);
        let bids = draft.get("bids").and_then(Value::as_array);
        let others: Option<Vec<i64>> = (1..=table.seats)
            .filter(|s| *s != last)
            .map(|s| bids.and_then(|b| b.get(s - 1)).and_then(Value::as_i64).filter(|b| (0..=cards).contains(b)))
            .collect();
        let known = others.is_some();
        let forbidden = others.map(|o| cards - o.iter().sum::<i64>()).filter(|f| (0..=cards).contains(f));
        json!({"last_bidder": last, "known": known, "forbidden": forbidden})
    }
}

/// "card" or "cards" as `n` asks («1 kaart», «2 kaarten»).
fn cards_word(n: i64) -> Tr {
    if n == 1 {
        Tr::new("card", "carte", "kaart")
    } else {
        Tr::new("cards", "cartes", "kaarten")
    }
}
