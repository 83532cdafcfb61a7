//! Cards played one by one (RULES.md §7, FORMAT.md "Hand records"): the part of the hand
//! checker the games share — cards and decks, tricks and who wins them, the rules of play
//! in the order they are named, and the replay. What a game asks of its players is the
//! game's to say: each game module builds the [`Conduct`] of a deal from its contract and
//! reads the figures of its sheet line off the tricks ([`Replay`]).

use crate::cards::Suit;
use crate::error::{rule, Rule, RuleDef, Tr};
use serde::Serialize;

/// A card: a rank in a suit, or Double Lucky 7's joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// Ranks 2 to 14 (jack 11, queen 12, king 13, ace 14) in the 52-card games; 1 to 14 in
    /// Double Lucky 7.
    Plain {
        suit: Suit,
        rank: u8,
    },
    Joker,
}

pub const JACK: u8 = 11;
pub const QUEEN: u8 = 12;
pub const KING: u8 = 13;
pub const ACE: u8 = 14;

/// The king of hearts.
pub const KING_OF_HEARTS: Card = Card::Plain { suit: Suit::Hearts, rank: KING };

impl Card {
    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Plain { suit, .. } => Some(suit),
            Card::Joker => None,
        }
    }

    pub fn rank(self) -> u8 {
        match self {
            Card::Plain { rank, .. } => rank,
            Card::Joker => u8::MAX,
        }
    }

    pub fn is(self, suit: Suit) -> bool {
        self.suit() == Some(suit)
    }
}

fn suit_letter(suit: Suit) -> char {
    match suit {
        Suit::Spades => 'S',
        Suit::Hearts => 'H',
        Suit::Diamonds => 'D',
        Suit::Clubs => 'C',
    }
}

/// The decks: 52 cards, or Double Lucky 7's 57 (1 to 14 in four colours, and a joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deck {
    French,
    Lucky,
}

impl Deck {
    fn ranks(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Deck::French => 2..=ACE,
            Deck::Lucky => 1..=14,
        }
    }

    /// Every card of the deck, suit by suit (spades, hearts, diamonds, clubs), low to high.
    pub fn cards(self) -> Vec<Card> {
        let mut out: Vec<Card> = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
            .into_iter()
            .flat_map(|suit| self.ranks().map(move |rank| Card::Plain { suit, rank }))
            .collect();
        if self == Deck::Lucky {
            out.push(Card::Joker);
        }
        out
    }

    /// A card as FORMAT.md writes it: `10H`, `QS`, `AC`; Double Lucky 7 `14D`, `JK`.
    pub fn parse(self, text: &str) -> Option<Card> {
        let bytes = text.as_bytes().trim_ascii();
        if self == Deck::Lucky && bytes.eq_ignore_ascii_case(b"JK") {
            return Some(Card::Joker);
        }
        let (&last, rank) = bytes.split_last()?;
        let suit = match last.to_ascii_uppercase() {
            b'S' => Suit::Spades,
            b'H' => Suit::Hearts,
            b'D' => Suit::Diamonds,
            b'C' => Suit::Clubs,
            _ => return None,
        };
        let rank = match (self, rank) {
            (Deck::French, [r]) if r.eq_ignore_ascii_case(&b'J') => JACK,
            (Deck::French, [r]) if r.eq_ignore_ascii_case(&b'Q') => QUEEN,
            (Deck::French, [r]) if r.eq_ignore_ascii_case(&b'K') => KING,
            (Deck::French, [r]) if r.eq_ignore_ascii_case(&b'A') => ACE,
            // Only as FORMAT.md writes them: `2`…`10` (the 52-card deck names J Q K A by
            // letter: `11H` is no card), `1`…`14` (Double Lucky 7), never a leading zero.
            (Deck::French, [b'1', b'0']) => 10,
            (Deck::Lucky, [b'1', e]) if e.is_ascii_digit() => 10 + (e - b'0'),
            (_, [d]) if d.is_ascii_digit() && *d != b'0' => d - b'0',
            _ => return None,
        };
        self.ranks().contains(&rank).then_some(Card::Plain { suit, rank })
    }

    /// The card as FORMAT.md writes it.
    pub fn name(self, card: Card) -> String {
        match card {
            Card::Joker => "JK".to_string(),
            Card::Plain { suit, rank } => {
                let r = match (self, rank) {
                    (Deck::French, JACK) => "J".to_string(),
                    (Deck::French, QUEEN) => "Q".to_string(),
                    (Deck::French, KING) => "K".to_string(),
                    (Deck::French, ACE) => "A".to_string(),
                    (_, n) => n.to_string(),
                };
                format!("{r}{}", suit_letter(suit))
            }
        }
    }
}

/// What a void player must discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Discard {
    /// Anything.
    Free,
    /// One of the game's penalty cards, when holding one.
    Penalty,
    /// One of the game's penalty cards, the first time the seat cannot follow (King's K♥).
    PenaltyFirstVoid,
}

/// How a deal is played, as its game and contract ask (RULES.md §7).
#[derive(Clone, Copy, Debug)]
pub struct Conduct {
    pub deck: Deck,
    pub trump: Option<Suit>,
    /// Tricks in a deal played out.
    pub tricks: usize,
    /// `lead-hearts`: no heart led while holding another suit.
    pub lead_hearts: bool,
    /// `lead-called-ace`: the called ace is not led while its holder holds another card.
    pub called_ace: Option<Card>,
    /// The game's penalty cards (for `play-under`, `discard-penalty` and the early end).
    pub penalty: Option<fn(Card) -> bool>,
    /// `play-under`: following with a penalty card of the suit led lower than the trick's
    /// highest card of that suit in hand, play one of those.
    pub play_under: bool,
    pub discard: Discard,
    /// `beat-trump`, `ruff`, `overruff` (Double King's trump game).
    pub trump_duty: bool,
    /// Double King's variant (RULES.md §1, `cannot_overruff: "discard"`): a void seat that
    /// cannot overruff the trick's trump may play any card (by default it still plays a trump).
    pub discard_under: bool,
    /// The deal may stop at the end of a trick once every penalty card has fallen.
    pub early_end: bool,
    /// Double Lucky 7: the dealer leads every trick.
    pub dealer_leads: bool,
}

impl Conduct {
    /// Follow suit and nothing else: King's récup and no-tricks, Rikken, Double King A and F.
    pub fn plain(deck: Deck, trump: Option<Suit>, tricks: usize) -> Conduct {
        Conduct {
            deck,
            trump,
            tricks,
            lead_hearts: false,
            called_ace: None,
            penalty: None,
            play_under: false,
            discard: Discard::Free,
            trump_duty: false,
            discard_under: false,
            early_end: false,
            dealer_leads: false,
        }
    }
}

rule!(CARD_NOT_HELD, "card-not-held", "a seat plays a card it holds", "on joue une carte qu'on a en main", "men speelt een kaart die men in de hand heeft");
rule!(
    LEAD_HEARTS,
    "lead-hearts",
    "no heart is led while holding another suit",
    "on n'entame pas à cœur tant qu'on a une autre couleur",
    "men komt niet uit met harten zolang men een andere kleur heeft"
);
rule!(
    LEAD_CALLED_ACE,
    "lead-called-ace",
    "the holder of the called ace does not lead it while holding another card",
    "le détenteur de l'as appelé ne l'entame pas tant qu'il a une autre carte",
    "wie de gevraagde aas heeft, komt er niet mee uit zolang hij een andere kaart heeft"
);
rule!(
    FOLLOW_SUIT,
    "follow-suit",
    "a seat holding the suit led plays that suit",
    "on fournit la couleur demandée quand on l'a",
    "men bekent kleur wanneer men die heeft"
);
rule!(
    PLAY_UNDER,
    "play-under",
    "holding a penalty card of the suit led lower than the trick's highest card of that suit, play one",
    "qui a une carte de pénalité de la couleur demandée plus basse que la plus haute du pli doit la jouer",
    "wie een strafkaart van de gevraagde kleur heeft die lager is dan de hoogste van de slag, moet ze spelen"
);
rule!(
    BEAT_TRUMP,
    "beat-trump",
    "when trump is led, beat the highest trump in the trick when able",
    "à l'atout demandé, on monte sur le plus haut atout du pli quand on le peut",
    "bij gevraagde troef gaat men boven de hoogste troef van de slag wanneer men kan"
);
rule!(
    DISCARD_PENALTY,
    "discard-penalty",
    "a seat that cannot follow discards a penalty card of the game when holding one",
    "qui ne peut fournir se défausse d'une carte de pénalité du jeu quand il en a",
    "wie niet kan bekennen, gooit een strafkaart van het spel af wanneer hij er een heeft"
);
rule!(
    RUFF,
    "ruff",
    "a seat that cannot follow plays a trump when holding one",
    "qui ne peut fournir coupe quand il a de l'atout",
    "wie niet kan bekennen, troeft wanneer hij troef heeft"
);
rule!(
    OVERRUFF,
    "overruff",
    "a seat that cannot follow overtrumps a trump in the trick when able",
    "qui ne peut fournir surcoupe un atout du pli quand il le peut",
    "wie niet kan bekennen, overtroeft een troef in de slag wanneer hij kan"
);
rule!(
    DEAL_CARDS,
    "deal-cards",
    "each seat is dealt the right number of cards of the deck, no card twice",
    "chaque place reçoit le bon nombre de cartes du jeu, aucune carte deux fois",
    "elke plaats krijgt het juiste aantal kaarten van het spel, geen kaart twee keer"
);

/// The rules of play, in the order they are named (RULES.md §7), the answer's only codes: a
/// token that reads as no card of the deck is a card the seat does not hold when played, a
/// card not in the deck when dealt ([`Illegal::no_card`] says which it was).
pub const RULES: [Rule; 10] = [CARD_NOT_HELD, LEAD_HEARTS, LEAD_CALLED_ACE, FOLLOW_SUIT, PLAY_UNDER, BEAT_TRUMP, DISCARD_PENALTY, RUFF, OVERRUFF, DEAL_CARDS];

/// A trick played: who led, the cards in order with their seats (1-based), who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    pub leader: usize,
    pub cards: Vec<(usize, Card)>,
    pub winner: usize,
}

/// The first card that broke a rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Illegal {
    /// 1-based; 0 when the dealt cards are wrong.
    pub trick: usize,
    pub seat: usize,
    pub card: String,
    pub rule: &'static str,
    /// What the seat could have played at that moment.
    pub legal_cards: Vec<String>,
    /// The token is no card of the deck: its rule is RULES.md §7's (`card-not-held` played,
    /// `deal-cards` dealt), and the words say it is not a card.
    #[serde(skip)]
    pub no_card: bool,
}

impl Illegal {
    pub fn rule_texts(&self) -> Tr {
        RULES.iter().find(|r| r.code() == self.rule).map_or(DEAL_CARDS.texts(), |r| r.texts())
    }
}

/// A deal replayed: the tricks played (the last one possibly unfinished), the first
/// illegal card, and whether the deal was played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub tricks: Vec<Trick>,
    pub illegal: Option<Illegal>,
    pub complete: bool,
}

impl Replay {
    /// Tricks won per seat (index 0: seat 1).
    pub fn tricks_won(&self, seats: usize) -> Vec<i64> {
        let mut won = vec![0; seats];
        for t in self.finished() {
            won[t.winner - 1] += 1;
        }
        won
    }

    /// Cards matching `what` taken per seat.
    pub fn taken(&self, seats: usize, what: impl Fn(Card) -> bool) -> Vec<i64> {
        let mut n = vec![0; seats];
        for t in self.finished() {
            n[t.winner - 1] += t.cards.iter().filter(|(_, c)| what(*c)).count() as i64;
        }
        n
    }

    /// The seat that took `card`.
    pub fn taker_of(&self, card: Card) -> Option<usize> {
        self.finished().find(|t| t.cards.iter().any(|(_, c)| *c == card)).map(|t| t.winner)
    }

    /// Who won trick `n` (1-based).
    pub fn winner_of(&self, n: usize) -> Option<usize> {
        self.finished().nth(n.checked_sub(1)?).map(|t| t.winner)
    }

    fn finished(&self) -> impl Iterator<Item = &Trick> {
        self.tricks.iter().filter(|t| t.winner > 0)
    }
}

/// The suit a trick asks for: the first card's, or after a led joker the next card's.
fn suit_led(trick: &[(usize, Card)]) -> Option<Suit> {
    match trick.first()?.1 {
        Card::Joker => trick.get(1)?.1.suit(),
        Card::Plain { suit, .. } => Some(suit),
    }
}

/// Who wins a full trick: the joker; else the highest trump; else the highest card of
/// the suit led.
pub fn winner(trick: &[(usize, Card)], trump: Option<Suit>) -> usize {
    if let Some((seat, _)) = trick.iter().find(|(_, c)| *c == Card::Joker) {
        return *seat;
    }
    let led = suit_led(trick);
    let best = |suit: Option<Suit>| trick.iter().filter(|(_, c)| suit.is_some() && c.suit() == suit).max_by_key(|(_, c)| c.rank()).map(|(s, _)| *s);
    best(trump).or_else(|| best(led)).unwrap_or(0)
}

/// A set of cards, one bit each: a suit's ranks at 16 × the suit's index + rank, the
/// joker at bit 63.
pub(crate) type Cards = u64;

pub(crate) fn bit(card: Card) -> Cards {
    match card {
        Card::Joker => 1 << 63,
        Card::Plain { suit, rank } => 1 << (suit as u32 * 16 + u32::from(rank & 15)),
    }
}

/// Every card of a suit (never the joker, whose bit 63 lies among the spades' 16).
fn suit_cards(suit: Suit) -> Cards {
    (0xFFFF << (suit as u32 * 16)) & !(1 << 63)
}

/// The cards of `suit` ranked above `rank`, and below it.
fn above(suit: Suit, rank: u8) -> Cards {
    suit_cards(suit) & !below(suit, rank.saturating_add(1))
}

fn below(suit: Suit, rank: u8) -> Cards {
    // Ranks stop at 14: the shift stays under 64 whatever `rank` says.
    suit_cards(suit) & ((1u64 << (suit as u32 * 16 + u32::from(rank.min(15)))) - 1)
}

/// The rule `card` breaks, played by a seat holding `held` into `trick` (RULES.md §7, in
/// order); `penalty` the game's penalty cards; `void_before`: the seat could not follow
/// earlier in the deal.
fn breaks(c: &Conduct, penalty: Cards, held: Cards, trick: &[(usize, Card)], card: Card, void_before: bool) -> Option<Rule> {
    let of = |suit: Suit| held & suit_cards(suit);
    if held & bit(card) == 0 {
        return Some(CARD_NOT_HELD);
    }
    if trick.is_empty() {
        if c.lead_hearts && card.is(Suit::Hearts) && held & !suit_cards(Suit::Hearts) != 0 {
            return Some(LEAD_HEARTS);
        }
        if c.called_ace == Some(card) && held.count_ones() > 1 {
            return Some(LEAD_CALLED_ACE);
        }
        return None;
    }
    // After a led joker the next card is free: it sets the suit.
    let led = suit_led(trick)?;
    let highest_of = |suit: Suit| trick.iter().filter(|(_, x)| x.is(suit)).map(|(_, x)| x.rank()).max();
    if of(led) != 0 {
        if !(card.is(led) || card == Card::Joker) {
            return Some(FOLLOW_SUIT);
        }
        if let (true, Some(top)) = (c.play_under, highest_of(led)) {
            let under = held & penalty & below(led, top);
            if under != 0 && under & bit(card) == 0 {
                return Some(PLAY_UNDER);
            }
        }
        if let (true, Some(trump)) = (c.trump_duty, c.trump) {
            if led == trump {
                let top = highest_of(trump).unwrap_or(0);
                if held & above(trump, top) != 0 && card.rank() <= top {
                    return Some(BEAT_TRUMP);
                }
            }
        }
        return None;
    }
    match c.discard {
        Discard::Penalty if held & penalty != 0 && penalty & bit(card) == 0 => return Some(DISCARD_PENALTY),
        Discard::PenaltyFirstVoid if !void_before && held & penalty != 0 && penalty & bit(card) == 0 => return Some(DISCARD_PENALTY),
        _ => {}
    }
    if let (true, Some(trump)) = (c.trump_duty, c.trump) {
        if of(trump) != 0 {
            let top = highest_of(trump);
            let over = top.is_some_and(|top| held & above(trump, top) != 0);
            // The variant: a trump on the trick that the seat cannot beat frees it.
            if c.discard_under && top.is_some() && !over {
                return None;
            }
            if !card.is(trump) {
                return Some(RUFF);
            }
            if let Some(top) = top.filter(|_| over) {
                if card.rank() <= top {
                    return Some(OVERRUFF);
                }
            }
        }
    }
    None
}

/// A deal being played: the cards each seat still holds, the trick on the table, the
/// tricks played. Who plays next and what they may play (`legal`) is asked of it, card
/// by card; the replay, the property tests and the jury's card picker use it alike.
#[derive(Clone, Debug)]
pub struct Deal {
    pub(crate) conduct: Conduct,
    /// The game's penalty cards, as a set.
    pub(crate) penalty: Cards,
    pub(crate) dealer: usize,
    /// Seats that play, clockwise.
    pub(crate) playing: Vec<usize>,
    pub(crate) held: Vec<Cards>,
    pub(crate) current: Vec<(usize, Card)>,
    pub tricks: Vec<Trick>,
    /// Tricks finished (the tricks themselves may have been handed over to a replay).
    pub(crate) done: usize,
    pub(crate) leader: usize,
    pub(crate) to_play: usize,
    pub(crate) void_before: Vec<bool>,
    fallen: Cards,
}

impl Deal {
    /// A deal dealt `hands` (seat 1 first; an empty hand sits out), `leader` leading.
    pub fn new(conduct: Conduct, hands: Vec<Vec<Card>>, dealer: usize, leader: usize) -> Deal {
        Deal::dealt(conduct, hands.iter().map(|h| h.iter().fold(0, |m, c| m | bit(*c))).collect(), dealer, leader)
    }

    /// The same, each seat's cards as a set.
    fn dealt(conduct: Conduct, held: Vec<Cards>, dealer: usize, leader: usize) -> Deal {
        let playing: Vec<usize> = (1..=held.len()).filter(|s| held[s - 1] != 0).collect();
        let seats = held.len();
        let penalty = conduct.penalty.map_or(0, |p| {
            let ranks = conduct.deck.ranks();
            Suit::ALL.into_iter().flat_map(|suit| ranks.clone().map(move |rank| Card::Plain { suit, rank })).filter(|c| p(*c)).fold(0, |m, c| m | bit(c))
        });
        Deal {
            conduct,
            penalty,
            dealer,
            playing,
            held,
            current: vec![],
            tricks: vec![],
            done: 0,
            leader,
            to_play: leader,
            void_before: vec![false; seats + 1],
            fallen: 0,
        }
    }

    fn held_by(&self, seat: usize) -> Cards {
        self.held.get(seat.wrapping_sub(1)).copied().unwrap_or(0)
    }

    /// The seat to play, `None` once every card is played.
    pub fn to_play(&self) -> Option<usize> {
        (self.held_by(self.to_play) != 0).then_some(self.to_play)
    }

    /// The cards `seat` still holds, in the deck's order.
    pub fn hand(&self, seat: usize) -> Vec<Card> {
        let held = self.held_by(seat);
        self.conduct.deck.cards().into_iter().filter(|c| held & bit(*c) != 0).collect()
    }

    /// The tricks finished so far (those handed over to a replay counted too).
    pub fn finished(&self) -> usize {
        self.done
    }

    /// The trick on the table (seats and cards, in order).
    pub fn trick(&self) -> &[(usize, Card)] {
        &self.current
    }

    /// The rule `card` breaks if the seat to play plays it (RULES.md §7, in order).
    pub fn breaks(&self, card: Card) -> Option<Rule> {
        let seat = self.to_play;
        breaks(&self.conduct, self.penalty, self.held_by(seat), &self.current, card, self.void_before.get(seat).copied().unwrap_or(false))
    }

    /// What the seat to play may play, in the deck's order.
    pub fn legal(&self) -> Vec<Card> {
        self.hand(self.to_play).into_iter().filter(|c| self.breaks(*c).is_none()).collect()
    }

    /// Play `card` for the seat to play (checked beforehand with [`Deal::breaks`]).
    pub fn play(&mut self, card: Card) {
        let seat = self.to_play;
        if self.playing.is_empty() {
            return;
        }
        let Some(held) = self.held.get_mut(seat.wrapping_sub(1)) else { return };
        if let Some(led) = suit_led(&self.current) {
            if *held & suit_cards(led) == 0 {
                self.void_before[seat] = true;
            }
        }
        *held &= !bit(card);
        self.current.push((seat, card));
        self.fallen |= bit(card);
        let i = self.playing.iter().position(|s| *s == seat).unwrap_or(0);
        self.to_play = self.playing[(i + 1) % self.playing.len().max(1)];
        if self.current.len() == self.playing.len() {
            let won = winner(&self.current, self.conduct.trump);
            let cards = std::mem::replace(&mut self.current, Vec::with_capacity(self.playing.len()));
            self.tricks.push(Trick { leader: self.leader, cards, winner: won });
            self.done += 1;
            self.leader = if self.conduct.dealer_leads { self.dealer } else { won };
            self.to_play = self.leader;
        }
    }

    /// The deal may end here: every trick played, or (where the game allows) every
    /// penalty card fallen, at the end of a trick.
    pub fn may_end(&self) -> bool {
        let all_fallen = self.conduct.early_end && self.penalty != 0 && self.fallen & self.penalty == self.penalty;
        self.current.is_empty() && (self.done == self.conduct.tricks || all_fallen)
    }
}

/// A deal to replay: the table, the cards dealt and played, as typed.
pub struct Record<'a> {
    pub seats: usize,
    pub dealer: usize,
    /// The seat that leads the first trick.
    pub leader: usize,
    pub dealt: &'a [Vec<&'a str>],
    /// The same cards read (`None`: not a card of the deck).
    pub cards: &'a [Vec<Option<Card>>],
    /// Cards each seat is dealt (0: sits this deal out).
    pub expected: &'a [usize],
    pub play: &'a [&'a str],
}

/// The cards dealt, read and checked (`deal-cards`): of the deck, none twice, each seat
/// its number; as a set per seat. The fault: the seat, the card (empty for a wrong
/// number) and the rule (`deal-cards`, a token that reads as no card included).
fn dealt_cards(record: &Record<'_>) -> Result<Vec<Cards>, (usize, String, Rule)> {
    let mut hands: Vec<Cards> = vec![0; record.seats];
    let mut seen: Cards = 0;
    if record.dealt.len() > record.seats {
        return Err((record.seats + 1, String::new(), DEAL_CARDS));
    }
    for seat in 1..=record.seats {
        let dealt = record.dealt.get(seat - 1).map(Vec::as_slice).unwrap_or_default();
        let cards = record.cards.get(seat - 1).map(Vec::as_slice).unwrap_or_default();
        for (i, text) in dealt.iter().enumerate() {
            match cards.get(i).copied().flatten() {
                Some(card) if seen & bit(card) == 0 => {
                    seen |= bit(card);
                    hands[seat - 1] |= bit(card);
                }
                Some(_) => return Err((seat, text.to_string(), DEAL_CARDS)),
                None => return Err((seat, text.to_string(), DEAL_CARDS)),
            }
        }
        if dealt.len() != record.expected.get(seat - 1).copied().unwrap_or(0) {
            return Err((seat, String::new(), DEAL_CARDS));
        }
    }
    Ok(hands)
}

/// What a reader of a hand record needs to follow its tricks, in `lang`: who dealt (named
/// from `names`, seat 1 first), the trump and the called ace. The trump is the one the deal
/// is played in (`played`, from the check), with the card turned beside it where the contract
/// set another (a troela turned ♠ was printed «trump: ♠ spades», its tricks won by hearts).
pub fn record_setup(record: &serde_json::Value, names: &[String], lang: crate::Lang, played: Option<Suit>) -> Vec<String> {
    let said = |suit: Option<Suit>| match suit {
        Some(s) => format!("{} {}", s.symbol(), s.names().get(lang)),
        None => Tr::new("no trump", "sans atout", "zonder troef").get(lang).to_string(),
    };
    let given = |key: &str| {
        let code = record["hand"][key].as_str()?;
        Some(Suit::ALL.into_iter().find(|s| s.code() == code))
    };
    let dealer = record["dealer"].as_u64().filter(|d| *d >= 1).map(|d| {
        let who = names.get(d as usize - 1).map(|n| format!(" ({n})")).unwrap_or_default();
        format!("{}{d}{who}", Tr::new("dealer: seat ", "donneur : place ", "gever: plaats ").get(lang))
    });
    let turned = given("trump");
    let trump = match turned {
        Some(t) if t != played => {
            let (played, turned) = (said(played), said(t));
            let words = crate::said!(
                "trump: {played} (the contract's; turned: {turned})",
                "atout : {played} (celui du contrat ; retourné : {turned})",
                "troef: {played} (die van het contract; omgedraaid: {turned})"
            );
            Some(words.get(lang).to_string())
        }
        Some(t) => Some(format!("{}{}", Tr::new("trump: ", "atout : ", "troef: ").get(lang), said(t))),
        None => played.map(|p| format!("{}{}", Tr::new("trump: ", "atout : ", "troef: ").get(lang), said(Some(p)))),
    };
    let called = given("called").map(|t| format!("{}{}", Tr::new("called ace: ", "as appelé : ", "gevraagde aas: ").get(lang), said(t)));
    [dealer, trump, called].into_iter().flatten().collect()
}

/// The cards a hand record deals each seat, as written (seat 1 first).
pub fn dealt_as_written(record: &serde_json::Value) -> Vec<Vec<String>> {
    let seats = record.pointer("/hand/cards").and_then(|c| c.as_array()).cloned().unwrap_or_default();
    seats.iter().map(|s| s.as_array().into_iter().flatten().filter_map(|c| c.as_str().map(str::to_string)).collect()).collect()
}

/// A hand record's frame (FORMAT.md "Hand records"): the game, the table, the dealer and
/// the deal entry; no card yet.
pub fn record_frame(game: crate::GameId, seats: usize, dealer: usize, deal: &serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "format": "atout-hand/1",
        "game": game.code(),
        "seats": seats,
        "dealer": dealer,
        "deal": deal,
        "hand": {"cards": vec![Vec::<String>::new(); seats], "play": []},
    })
}

/// The hand record a sheet line carries (its `hand`), framed with the line's table and
/// dealer and the line without its cards as the deal; `None` when the line carries none.
pub fn line_record(game: crate::GameId, seats: usize, dealer: usize, entry: &serde_json::Value) -> Option<serde_json::Value> {
    let hand = entry.get("hand").filter(|h| !h.is_null())?;
    let mut deal = entry.clone();
    if let serde_json::Value::Object(map) = &mut deal {
        map.remove("hand");
    }
    let mut record = record_frame(game, seats, dealer, &deal);
    record["hand"] = hand.clone();
    Some(record)
}

/// A hand record checked: the answer, the tricks, the deck, and the deal as it stands
/// after the last legal card (`None` when the dealt cards are wrong): who plays next and
/// what they may play.
pub struct Checked {
    pub verdict: serde_json::Value,
    /// The deal gives figures the cards can be held against (some of the game's
    /// `FIGURE_KEYS`).
    pub carries: bool,
    pub replay: Replay,
    pub deck: Deck,
    pub state: Option<Deal>,
    /// The declarer and the partner the cards make, in a contract played by a pair (Rikken's
    /// `rik`, `rik-beter`, `trou`, `troela`): a claim by either counts the pair's tricks.
    pub pair: Option<(usize, usize)>,
    /// What the contract asks of each seat that it asks a count of tricks of ([`Game::demand`]):
    /// seat and claim over the whole deal.
    ///
    /// [`Game::demand`]: crate::Game::demand
    pub demands: Vec<(usize, crate::solve::Claim)>,
    /// The cards the deal gives each seat (0: sits it out), for the jury's deck.
    pub expected: Vec<usize>,
    /// The trump the deal is played in: the contract's where it sets one (Rikken's `trou` and
    /// `troela`), not always the card turned.
    pub trump: Option<Suit>,
}

/// Replay a deal card by card under `conduct`: stop at the first illegal card.
pub fn replay(conduct: &Conduct, record: &Record<'_>) -> Replay {
    replay_to(conduct, record).0
}

/// [`replay`], with the deal as it stands after the last legal card.
pub fn replay_to(conduct: &Conduct, record: &Record<'_>) -> (Replay, Option<Deal>) {
    let deck = conduct.deck;
    let hands = match dealt_cards(record) {
        Ok(hands) => hands,
        Err((seat, card, rule)) => {
            let no_card = !card.is_empty() && deck.parse(&card).is_none();
            let illegal = Illegal { trick: 0, seat, card, rule: rule.code(), legal_cards: vec![], no_card };
            return (Replay { tricks: vec![], illegal: Some(illegal), complete: false }, None);
        }
    };
    let mut deal = Deal::dealt(*conduct, hands, record.dealer, record.leader);
    let mut illegal = None;
    for text in record.play {
        let card = deck.parse(text);
        let fault = match (deal.to_play(), card) {
            (Some(_), Some(card)) => deal.breaks(card),
            (_, None) | (None, Some(_)) => Some(CARD_NOT_HELD),
        };
        if let Some(rule) = fault {
            illegal = Some(Illegal {
                trick: deal.done + 1,
                seat: deal.to_play,
                card: card.map_or_else(|| text.trim().to_string(), |c| deck.name(c)),
                rule: rule.code(),
                legal_cards: deal.legal().into_iter().map(|c| deck.name(c)).collect(),
                no_card: card.is_none(),
            });
            break;
        }
        if let Some(card) = card {
            deal.play(card);
        }
    }
    let complete = illegal.is_none() && deal.may_end();
    let mut tricks = std::mem::take(&mut deal.tricks);
    if !deal.current.is_empty() {
        tricks.push(Trick { leader: deal.leader, cards: deal.current.clone(), winner: 0 });
    }
    (Replay { tricks, illegal, complete }, Some(deal))
}

rule!(
    HAND_RECORD,
    "hand-record",
    "a hand record gives the table, the dealer, the deal and each seat's cards",
    "un relevé de donne donne la table, le donneur, la donne et les cartes de chaque place",
    "een spelverslag geeft de tafel, de gever, het spel en de kaarten van elke plaats"
);

rule!(
    HAND_CONTRACT,
    "hand-contract",
    "the cards dealt fit the contract declared, and the first leader plays the deal",
    "les cartes données conviennent au contrat annoncé, et le premier à jouer joue la donne",
    "de gegeven kaarten passen bij het aangekondigde contract, en wie eerst uitkomt speelt het spel mee"
);

/// The record's cards do not fit its contract (a troela without the four aces), or its first
/// leader sits the deal out: the record is refused, not left waiting for a choice.
pub fn contract_fault(what: crate::Said) -> crate::Violation {
    crate::Violation::said(HAND_CONTRACT, what)
}

rule!(
    HAND_FIGURES,
    "hand-figures",
    "a line that carries its cards gives the figures its cards give, unless a ruling set them",
    "une ligne qui porte ses cartes donne les chiffres de ses cartes, sauf si une décision les a fixés",
    "een lijn met haar kaarten geeft de cijfers van haar kaarten, tenzij een beslissing ze vastlegde"
);

/// What a hand record says besides the cards (FORMAT.md "Hand records").
#[derive(Clone, Debug)]
pub struct Context {
    pub seats: usize,
    pub dealer: usize,
    /// `hand.trump`: `Some(None)` for "none"; `None` when not given.
    pub trump: Option<Option<Suit>>,
    /// `hand.called`: the suit of the called ace.
    pub called: Option<Suit>,
    /// `hand.leader`.
    pub leader: Option<usize>,
    /// The cards dealt, as far as they read (the replay checks them).
    pub dealt: Vec<Vec<Card>>,
}

impl Context {
    /// The seat that holds `card`.
    pub fn holder(&self, card: Card) -> Option<usize> {
        self.dealt.iter().position(|h| h.contains(&card)).map(|i| i + 1)
    }

    /// The first leader by default: the next seat clockwise from the dealer that plays
    /// (`out` sits the deal out).
    pub fn left_of_dealer(&self, out: Option<usize>) -> usize {
        let mut seat = self.dealer % self.seats + 1;
        if Some(seat) == out {
            seat = seat % self.seats + 1;
        }
        self.leader.unwrap_or(seat)
    }
}

/// How a deal is played, from its game: the conduct, the first leader, the cards each
/// seat is dealt.
#[derive(Clone, Debug)]
pub struct DealPlay {
    pub conduct: Conduct,
    pub leader: usize,
    pub expected: Vec<usize>,
}

/// A refusal of the record itself, naming what is wrong.
pub fn record_fault(what: crate::Said) -> crate::Violation {
    crate::Violation::said(HAND_RECORD, what)
}

/// The record's deal names no contract (`deal.contract`), which the games played by
/// contract need before a card can be judged.
pub fn no_contract() -> crate::Violation {
    record_fault(crate::said!(
        "the deal names no contract (`deal.contract`)",
        "la donne ne nomme pas de contrat (`deal.contract`)",
        "het spel noemt geen contract (`deal.contract`)"
    ))
}

/// The checker's answer (FORMAT.md): `legal`, `complete`, `first_illegal`, `figures` (when
/// legal and complete), `line` (`matches` or `differs` when the deal carries figures).
pub fn verdict(replay: &Replay, figures: Option<serde_json::Map<String, serde_json::Value>>, deal: &serde_json::Value) -> serde_json::Value {
    let figures = figures.filter(|_| replay.illegal.is_none() && replay.complete);
    let line = figures.as_ref().and_then(|f| {
        let given: Vec<bool> = f.iter().filter_map(|(k, v)| deal.get(k).filter(|d| !d.is_null()).map(|d| d == v)).collect();
        (!given.is_empty()).then(|| if given.iter().all(|same| *same) { "matches" } else { "differs" })
    });
    serde_json::json!({
        "legal": replay.illegal.is_none(),
        "complete": replay.complete,
        "first_illegal": replay.illegal,
        "figures": figures,
        "line": line,
    })
}

/// Longest lists a record may hold: cards a seat is dealt, cards played.
const MOST_DEALT: usize = 60;
const MOST_PLAYED: usize = 7 * 60;

/// A hand record read and bounded: its context, its deal entry (as given), the cards dealt
/// and played as typed.
pub struct Read<'a> {
    pub context: Context,
    pub deal: &'a serde_json::Value,
    pub dealt: Vec<Vec<&'a str>>,
    pub cards: Vec<Vec<Option<Card>>>,
    pub play: Vec<&'a str>,
}

/// Read a hand record (FORMAT.md "Hand records") for a game seating `seats_allowed`.
pub fn read_record(record: &serde_json::Value, deck: Deck, seats_allowed: std::ops::RangeInclusive<usize>) -> Result<Read<'_>, crate::Violation> {
    use crate::said;
    let format = record.get("format").and_then(|f| f.as_str()).unwrap_or("atout-hand/1");
    if format != "atout-hand/1" {
        return Err(record_fault(said!(
            "format «{format}»: this version reads atout-hand/1",
            "format «{format}» : cette version lit atout-hand/1",
            "formaat «{format}»: deze versie leest atout-hand/1"
        )));
    }
    let seats = record.get("seats").and_then(|s| s.as_u64()).map(|s| s.min(100) as usize).unwrap_or(0);
    if !seats_allowed.contains(&seats) {
        let (from, to) = (seats_allowed.start(), seats_allowed.end());
        return Err(record_fault(said!(
            "the table seats {from} to {to} (`seats`)",
            "la table compte de {from} à {to} places (`seats`)",
            "de tafel telt {from} tot {to} plaatsen (`seats`)"
        )));
    }
    let dealer = record.get("dealer").and_then(|s| s.as_u64()).map(|s| s.min(100) as usize).unwrap_or(0);
    if !(1..=seats).contains(&dealer) {
        return Err(record_fault(said!(
            "the dealer is a seat from 1 to {seats} (`dealer`)",
            "le donneur est une place de 1 à {seats} (`dealer`)",
            "de gever is een plaats van 1 tot {seats} (`dealer`)"
        )));
    }
    let hand = record.get("hand").filter(|h| h.is_object()).ok_or_else(|| {
        record_fault(said!(
            "the cards dealt and played are missing (`hand`)",
            "les cartes données et jouées manquent (`hand`)",
            "de gegeven en gespeelde kaarten ontbreken (`hand`)"
        ))
    })?;
    fn strings(v: &serde_json::Value, most: usize) -> Option<Vec<&str>> {
        let list = v.as_array()?;
        (list.len() <= most).then_some(())?;
        list.iter().map(|c| c.as_str().filter(|s| s.len() <= 8)).collect()
    }
    let dealt: Vec<Vec<&str>> = hand
        .get("cards")
        .and_then(|c| c.as_array())
        .filter(|c| c.len() <= seats)
        .and_then(|c| c.iter().map(|s| strings(s, MOST_DEALT)).collect::<Option<Vec<_>>>())
        .ok_or_else(|| {
            record_fault(said!(
                "the cards dealt are given seat by seat, seat 1 first (`hand.cards`)",
                "les cartes données se donnent place par place, la place 1 d'abord (`hand.cards`)",
                "de gegeven kaarten staan plaats per plaats, plaats 1 eerst (`hand.cards`)"
            ))
        })?;
    let play = match hand.get("play") {
        None => vec![],
        Some(p) => strings(p, MOST_PLAYED).ok_or_else(|| {
            record_fault(said!(
                "the cards played are listed in order, at most {MOST_PLAYED} (`hand.play`)",
                "les cartes jouées se suivent dans l'ordre, {MOST_PLAYED} au plus (`hand.play`)",
                "de gespeelde kaarten staan in volgorde, hoogstens {MOST_PLAYED} (`hand.play`)"
            ))
        })?,
    };
    let suit = |name: &str| Suit::ALL.into_iter().find(|s| s.code() == name);
    let trump = match hand.get("trump") {
        None | Some(serde_json::Value::Null) => None,
        Some(t) => match t.as_str() {
            Some("none") => Some(None),
            Some(name) if suit(name).is_some() => Some(suit(name)),
            _ => {
                return Err(record_fault(said!(
                    "the trump is a suit, or no trump (`hand.trump: spades, hearts, diamonds, clubs or none`)",
                    "l'atout est une couleur, ou sans atout (`hand.trump: spades, hearts, diamonds, clubs or none`)",
                    "de troef is een kleur, of zonder troef (`hand.trump: spades, hearts, diamonds, clubs or none`)"
                )))
            }
        },
    };
    let called = match hand.get("called").and_then(|c| c.as_str()) {
        None => None,
        Some(name) => Some(suit(name).ok_or_else(|| {
            record_fault(said!(
                "the called ace is one of the four suits (`hand.called: spades, hearts, diamonds or clubs`)",
                "l'as appelé est d'une des quatre couleurs (`hand.called: spades, hearts, diamonds or clubs`)",
                "de gevraagde aas is van een van de vier kleuren (`hand.called: spades, hearts, diamonds or clubs`)"
            ))
        })?),
    };
    let leader = match hand.get("leader") {
        None | Some(serde_json::Value::Null) => None,
        Some(l) => Some(l.as_u64().map(|l| l as usize).filter(|l| (1..=seats).contains(l)).ok_or_else(|| {
            record_fault(said!(
                "the first trick is led by a seat from 1 to {seats} (`hand.leader`)",
                "le premier pli est entamé par une place de 1 à {seats} (`hand.leader`)",
                "de eerste slag wordt uitgekomen door een plaats van 1 tot {seats} (`hand.leader`)"
            ))
        })?),
    };
    let deal = record.get("deal").filter(|d| d.is_object()).ok_or_else(|| {
        record_fault(said!(
            "the deal is missing, as the game's sheet writes it (`deal`)",
            "la ligne de la donne manque, comme la feuille du jeu l'écrit (`deal`)",
            "de lijn van het spel ontbreekt, zoals het blad van het spel ze schrijft (`deal`)"
        ))
    })?;
    let cards: Vec<Vec<Option<Card>>> = dealt.iter().map(|h| h.iter().map(|c| deck.parse(c)).collect()).collect();
    let parsed = cards.iter().map(|h| h.iter().flatten().copied().collect()).collect();
    Ok(Read { context: Context { seats, dealer, trump, called, leader, dealt: parsed }, deal, dealt, cards, play })
}

/// Hands dealt at random made to fit a contract declared on aces (Rikken's troela on four,
/// trou on three: RULES.md §3): aces swapped into or out of the declarer's hand for its other
/// cards, seat 1 first (the tests' and benches' deals).
#[cfg(feature = "testing")]
pub fn aces_for(hands: &mut [Vec<String>], declarer: usize, aces: usize) {
    let ace = |c: &String| c.starts_with('A') && c.len() == 2;
    let d = declarer - 1;
    while hands[d].iter().filter(|c| ace(c)).count() < aces {
        let Some((o, i)) = hands.iter().enumerate().filter(|(o, _)| *o != d).find_map(|(o, h)| h.iter().position(ace).map(|i| (o, i))) else { return };
        let Some(j) = hands[d].iter().position(|c| !ace(c)) else { return };
        let (a, b) = (hands[o][i].clone(), hands[d][j].clone());
        (hands[o][i], hands[d][j]) = (b, a);
    }
    while hands[d].iter().filter(|c| ace(c)).count() > aces {
        let Some((o, i)) = hands.iter().enumerate().filter(|(o, h)| *o != d && !h.is_empty()).find_map(|(o, h)| h.iter().position(|c| !ace(c)).map(|i| (o, i)))
        else {
            return;
        };
        let Some(j) = hands[d].iter().position(ace) else { return };
        let (a, b) = (hands[o][i].clone(), hands[d][j].clone());
        (hands[o][i], hands[d][j]) = (b, a);
    }
}
