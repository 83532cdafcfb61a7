//! The jury's claim checker (RULES.md §7 "Claims", FORMAT.md "Claims"): a deal searched to
//! its end with every card known. The claimer's side plays for the claim; every other seat
//! plays together against it; each card obeys the rules of play of [`crate::play`] — the
//! same [`Conduct`] the hand checker replays with, read off the [`Deal`] it stands at.
//!
//! The search is a double-dummy solver in the manner of bridge's and Skat's: cards as bit
//! sets per seat, null-window searches ("can the side be sure of at least k tricks?") that
//! fail soft, whose bounds are kept in a transposition table between tricks — each filed by
//! the cards its proof rested on (the bridge solvers' "winning ranks"), so that it answers
//! for every position of the same suit lengths whose top cards down to those sit with the
//! same seats —, cards of a hand adjacent in the remaining play tried once, and a card tried
//! answering for its seat's lower ones of the suit when the proof after it rested on none of
//! them; the tricks that cannot be taken from their holders first (top trumps, the joker,
//! the leader's team's top cards, through a teammate's too), moves ordered by what usually
//! wins.
//! It counts its nodes: past its budget it stops and says which bounds it had proved.

use crate::cards::Suit;
use crate::error::{rule, Rule, RuleDef, Tr};
use crate::play::{bit, Card, Cards, Deal, Discard};
use crate::{said, Violation};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Nodes a search may visit before it stops: under ten seconds on the reference machine
/// (docs/performance.md "Claims"). Counted, not timed, so that an answer never depends on
/// the machine's load.
pub const NODE_BUDGET: u64 = 60_000_000;

/// Positions the line of a claim that fails may visit at least (its budget is a quarter of
/// the search's): a tenth of a second or so.
const LINE_LEAST: u64 = 1_000_000;

/// Most seats that play a deal (Double Lucky 7 at seven).
const MOST: usize = 7;
const JOKER: Cards = 1 << 63;
/// Entries the transposition table holds at most (its memory stays about 100 MB): past it,
/// the positions nearest the deal's end are forgotten until it is half full (a position
/// forgotten is searched again, never misjudged).
const TABLE_MOST: usize = 1 << 20;
/// Entries kept for one shape (proofs of positions alike but for the cards they rested on),
/// one forgotten in turn past it.
const SHAPE_MOST: usize = 512;

rule!(
    CLAIM_SEAT,
    "claim-seat",
    "a claim is made by a seat that plays the deal",
    "une revendication est faite par une place qui joue la donne",
    "een claim wordt gedaan door een plaats die het spel speelt"
);

rule!(
    CLAIM_LEFT,
    "claim-left",
    "a claim is of tricks still to play",
    "une revendication porte sur des plis encore à jouer",
    "een claim gaat over slagen die nog te spelen zijn"
);

/// What the side plays for: the most tricks it can be sure of (the others holding it
/// down), or the fewest it can be held to (the others forcing tricks on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    Most,
    Fewest,
}

/// A search stopped at its budget, with the bounds it proved on the side's tricks still
/// to play: `at_least ≤ value ≤ at_most`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    pub nodes: u64,
    pub at_least: usize,
    pub at_most: usize,
}

/// The seats whose tricks count for a claim by `seat` (FORMAT.md "Claims"): the seat
/// alone, or the declarer and the partner the cards make when `seat` is one of them.
/// Refused when `seat` does not play the deal.
pub fn side_of(deal: &Deal, pair: Option<(usize, usize)>, seat: usize) -> Result<Vec<usize>, Violation> {
    if !deal.playing.contains(&seat) {
        let seats: Vec<String> = deal.playing.iter().map(usize::to_string).collect();
        let seats = seats.join(", ");
        return Err(Violation::said(
            CLAIM_SEAT,
            said!(
                "seat {seat} does not play this deal (the seats playing: {seats})",
                "la place {seat} ne joue pas cette donne (les places qui jouent : {seats})",
                "plaats {seat} speelt dit spel niet (de plaatsen die spelen: {seats})"
            ),
        ));
    }
    Ok(match pair {
        Some((d, p)) if seat == d || seat == p => {
            let mut side = vec![d, p];
            side.sort_unstable();
            side.dedup();
            side
        }
        _ => vec![seat],
    })
}

/// Whether a claim can be made where the hand checker's `replay` stands: a trick is still to
/// play (refused on a deal played to its end, or stopped early as its game allows).
pub fn claimable(replay: &crate::play::Replay) -> Result<(), Violation> {
    if !replay.complete {
        return Ok(());
    }
    Err(Violation::said(
        CLAIM_LEFT,
        said!(
            "the deal is played to its end: no trick is left to claim",
            "la donne est jouée jusqu'au bout : il ne reste aucun pli à revendiquer",
            "het spel is uitgespeeld: er blijft geen slag over om te claimen"
        ),
    ))
}

/// The tricks still to play, the one in progress included.
pub fn remaining(deal: &Deal) -> usize {
    deal.conduct.tricks.saturating_sub(deal.done)
}

/// A deal as the search sees it: each seat's cards (by its place in the order of play),
/// the trick in progress, who led it, who has been void (King's K♥), the tricks left.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    held: [Cards; MOST],
    /// The cards of the trick in progress, in the order played.
    trick: [Cards; MOST],
    in_trick: usize,
    leader: usize,
    void: u8,
    left: usize,
}

/// The rules of play of the deal and who plays for what, by place in the order of play.
struct Table {
    n: usize,
    seats: [usize; MOST],
    /// Double Lucky 7: the dealer's place, who leads every trick.
    dealer: Option<usize>,
    trump: Cards,
    lead_hearts: bool,
    called: Cards,
    penalty: Cards,
    play_under: bool,
    discard: Discard,
    trump_duty: bool,
    discard_under: bool,
    /// Plays for more tricks of the counted seats (else for fewer).
    maxer: [bool; MOST],
    /// Its tricks are the side's.
    counts: [bool; MOST],
    /// Everyone plays to take tricks (Most) or to give them away (Fewest).
    take: bool,
}

fn suit_of(card: Cards) -> Cards {
    if card == JOKER || card == 0 {
        0
    } else {
        (0xFFFF << (card.trailing_zeros() / 16 * 16)) & !JOKER
    }
}

/// The holders of a suit's top `n` cards, out of its holders from the top down (three bits a
/// card, as `Solver::shape` gives them).
fn first(tops: u64, n: u8) -> u64 {
    tops & ((1u64 << (3 * u32::from(n))) - 1)
}

fn highest(set: Cards) -> Cards {
    if set == 0 {
        0
    } else {
        1 << (63 - set.leading_zeros())
    }
}

/// The cards ranked above `top` in its suit (the whole suit when `top` is none).
fn above(suit: Cards, top: Cards) -> Cards {
    if top == 0 {
        suit
    } else {
        suit & !((top << 1) - 1)
    }
}

fn card_of(b: Cards) -> Card {
    if b == JOKER {
        return Card::Joker;
    }
    let i = b.trailing_zeros();
    let suit = match i / 16 {
        0 => Suit::Clubs,
        1 => Suit::Diamonds,
        2 => Suit::Hearts,
        _ => Suit::Spades,
    };
    Card::Plain { suit, rank: (i % 16) as u8 }
}

const HEARTS: Cards = 0xFFFF << (Suit::Hearts as u32 * 16);

/// Bounds on the side's tricks proved at a position between tricks, for every position of
/// the same shape (`Shape`) whose top cards in each suit — as many as the proof rested on
/// (`n`) — are held by the same seats (`holders`, three bits a card from the top down).
#[derive(Clone, Copy)]
struct Entry {
    holders: [u64; 4],
    n: [u8; 4],
    lo: u8,
    hi: u8,
    /// The card that last proved a bound here, tried first next time.
    best: Cards,
}

/// What every position an entry answers for shares with it: each seat's length in each
/// suit (four bits each), the penalty cards' places in their suits, and in `meta` the
/// leader, who has been void (King's K♥), whether the called ace is still in play and who
/// holds the joker. Which cards count beyond that is the entry's.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Shape {
    lens: [u64; 2],
    penalty: Cards,
    meta: u64,
}

impl Shape {
    /// The tricks left at a position of this shape between tricks, `n` seats playing.
    fn left(&self, n: usize) -> usize {
        let cards: u64 = self.lens.iter().map(|l| (0..16).map(|i| (l >> (4 * i)) & 0xF).sum::<u64>()).sum();
        cards as usize / n.max(1)
    }
}

impl Hash for Shape {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.lens[0]);
        state.write_u64(self.lens[1]);
        state.write_u64(self.penalty);
        state.write_u64(self.meta);
    }
}

/// A multiply-and-rotate hash: the keys are card sets, well spread already.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The budget ran out.
struct Out;

/// A double-dummy search of one deal for one side and aim, its transposition table kept
/// from one question to the next (the positions of a deal keep their values).
pub struct Solver {
    table: Table,
    tt: HashMap<Shape, Vec<Entry>, BuildHasherDefault<Mix>>,
    /// Entries kept, over all shapes.
    kept: usize,
    /// Entries kept at most (`TABLE_MOST`; less in the tests, to see it fill).
    table_most: usize,
    /// Times the table was full and forgot.
    forgot: u64,
    /// Every card counts in every proof, and every card is tried (the tests' reference:
    /// positions kept exactly, no card taken for another by what a proof rested on).
    exact: bool,
    nodes: u64,
    budget: u64,
}

/// The moves tried at a node, best first.
struct Moves {
    cards: [Cards; 16],
    /// Each move with the cards it stands for (the same as it, not tried).
    group: [Cards; 16],
    len: usize,
}

impl Solver {
    /// A solver for `deal` (as the hand checker leaves it), `side` the seats whose tricks
    /// count, playing for `aim`; `budget` the nodes it may visit over all its questions.
    pub fn new(deal: &Deal, side: &[usize], aim: Aim, budget: u64) -> Solver {
        let n = deal.playing.len().min(MOST);
        let mut seats = [0; MOST];
        seats[..n].copy_from_slice(&deal.playing[..n]);
        let mut counts = [false; MOST];
        let mut maxer = [false; MOST];
        for i in 0..n {
            counts[i] = side.contains(&seats[i]);
            maxer[i] = counts[i] == (aim == Aim::Most);
        }
        let c = &deal.conduct;
        let table = Table {
            n,
            seats,
            dealer: if c.dealer_leads { seats[..n].iter().position(|s| *s == deal.dealer) } else { None },
            trump: c.trump.map_or(0, |t| (0xFFFF << (t as u32 * 16)) & !JOKER),
            lead_hearts: c.lead_hearts,
            called: c.called_ace.map_or(0, bit),
            penalty: deal.penalty,
            play_under: c.play_under,
            discard: c.discard,
            trump_duty: c.trump_duty,
            discard_under: c.discard_under,
            maxer,
            counts,
            take: aim == Aim::Most,
        };
        Solver { table, tt: HashMap::default(), kept: 0, table_most: TABLE_MOST, forgot: 0, exact: false, nodes: 0, budget }
    }

    /// The same search with positions kept exactly, every card counting in every proof: the
    /// reference the tests hold the search's proofs to.
    #[cfg(feature = "testing")]
    pub fn exactly(mut self) -> Solver {
        self.exact = true;
        self
    }

    /// The same search with a transposition table of at most `most` entries (the tests' way
    /// to see it fill and forget).
    #[cfg(feature = "testing")]
    pub fn with_table(mut self, most: usize) -> Solver {
        self.table_most = most.max(1);
        self
    }

    /// Times the table was full and forgot positions.
    #[cfg(feature = "testing")]
    pub fn forgot(&self) -> u64 {
        self.forgot
    }

    /// Forget the positions nearest the deal's end (the quickest to search again) until the
    /// table is at most half full: those of the most tricks left are kept.
    fn forget(&mut self) {
        self.forgot += 1;
        let n = self.table.n;
        let mut by_left = [0usize; 64];
        for (shape, entries) in &self.tt {
            by_left[shape.left(n).min(63)] += entries.len();
        }
        let mut from = by_left.len();
        let mut kept = 0;
        while from > 0 && kept + by_left[from - 1] <= self.table_most / 2 {
            from -= 1;
            kept += by_left[from];
        }
        self.tt.retain(|shape, _| shape.left(n).min(63) >= from);
        self.kept = kept;
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The position `deal` stands at.
    pub fn position(&self, deal: &Deal) -> Position {
        let t = &self.table;
        let mut held = [0; MOST];
        let mut void = 0u8;
        let mut leader = 0;
        for (i, seat) in t.seats[..t.n].iter().enumerate() {
            held[i] = deal.held.get(seat - 1).copied().unwrap_or(0);
            if deal.void_before.get(*seat).copied().unwrap_or(false) {
                void |= 1 << i;
            }
            if *seat == deal.leader {
                leader = i;
            }
        }
        let mut trick = [0; MOST];
        for (i, (_, card)) in deal.current.iter().take(MOST).enumerate() {
            trick[i] = bit(*card);
        }
        Position { held, trick, in_trick: deal.current.len().min(MOST), leader, void, left: remaining(deal) }
    }

    /// The seat to play at `s`.
    fn to_play(&self, s: &Position) -> usize {
        (s.leader + s.in_trick) % self.table.n.max(1)
    }

    /// The suit the trick asks for (none before the second card after a led joker).
    fn led(s: &Position) -> Cards {
        match s.in_trick {
            0 => 0,
            _ if s.trick[0] == JOKER => {
                if s.in_trick >= 2 {
                    suit_of(s.trick[1])
                } else {
                    0
                }
            }
            _ => suit_of(s.trick[0]),
        }
    }

    /// What the seat to play may play: the rules of play of `crate::play` (RULES.md §7),
    /// as sets (the property test holds it to `Deal::legal`).
    fn legal(&self, s: &Position) -> Cards {
        let t = &self.table;
        let p = self.to_play(s);
        let held = s.held[p];
        if s.in_trick == 0 {
            let mut ok = held;
            if t.lead_hearts && held & !HEARTS != 0 {
                ok &= !HEARTS;
            }
            if t.called != 0 && held & t.called != 0 && held.count_ones() > 1 {
                ok &= !t.called;
            }
            return ok;
        }
        let led = Self::led(s);
        if led == 0 {
            return held;
        }
        let played = s.trick[..s.in_trick].iter().fold(0, |m, c| m | c);
        if held & led != 0 {
            let mut ok = held & (led | JOKER);
            let top = highest(played & led);
            if t.play_under && top != 0 {
                let under = held & t.penalty & led & (top - 1);
                if under != 0 {
                    ok &= under;
                }
            }
            if t.trump_duty && t.trump == led {
                let over = held & above(t.trump, highest(played & t.trump));
                if over != 0 {
                    ok &= over;
                }
            }
            return ok;
        }
        let mut ok = held;
        let must_discard = match t.discard {
            Discard::Free => false,
            Discard::Penalty => true,
            Discard::PenaltyFirstVoid => s.void & (1 << p) == 0,
        };
        if must_discard && held & t.penalty != 0 {
            ok &= t.penalty;
        }
        if t.trump_duty && t.trump != 0 && held & t.trump != 0 {
            let top = highest(played & t.trump);
            let over = if top == 0 { 0 } else { held & above(t.trump, top) };
            // Double King's variant: a trump on the trick it cannot beat frees the seat.
            if !(t.discard_under && top != 0 && over == 0) {
                ok &= t.trump;
                if over != 0 {
                    ok &= over;
                }
            }
        }
        ok
    }

    /// Who is winning the trick so far (its place in the order of play).
    fn winning(&self, s: &Position) -> usize {
        let cards = &s.trick[..s.in_trick];
        let played = cards.iter().fold(0, |m, c| m | c);
        let top = if played & JOKER != 0 {
            JOKER
        } else if played & self.table.trump != 0 {
            highest(played & self.table.trump)
        } else {
            highest(played & Self::led(s))
        };
        let i = cards.iter().position(|c| *c == top).unwrap_or(0);
        (s.leader + i) % self.table.n.max(1)
    }

    /// Who would be winning the trick in progress at `s` (a card or more played) with
    /// `card` played to it: [`Solver::winning`] without playing it.
    fn winner_with(&self, s: &Position, card: Cards) -> usize {
        let cards = &s.trick[..s.in_trick];
        let played = cards.iter().fold(card, |m, c| m | c);
        let led = if s.trick[0] == JOKER { suit_of(if s.in_trick >= 2 { s.trick[1] } else { card }) } else { suit_of(s.trick[0]) };
        let top = if played & JOKER != 0 {
            JOKER
        } else if played & self.table.trump != 0 {
            highest(played & self.table.trump)
        } else {
            highest(played & led)
        };
        let i = if top == card { s.in_trick } else { cards.iter().position(|c| *c == top).unwrap_or(0) };
        (s.leader + i) % self.table.n.max(1)
    }

    /// Play `card` at `s`; the trick's winner when it completes the trick.
    fn play(&self, s: &mut Position, card: Cards) -> Option<usize> {
        let n = self.table.n;
        let p = self.to_play(s);
        if s.in_trick > 0 {
            let led = Self::led(s);
            if led != 0 && s.held[p] & led == 0 {
                s.void |= 1 << p;
            }
        }
        s.held[p] &= !card;
        s.trick[s.in_trick] = card;
        s.in_trick += 1;
        if s.in_trick < n {
            return None;
        }
        let w = self.winning(s);
        s.in_trick = 0;
        s.trick = [0; MOST];
        s.left = s.left.saturating_sub(1);
        s.leader = self.table.dealer.unwrap_or(w);
        Some(w)
    }

    fn team(&self, p: usize) -> bool {
        self.table.counts[p]
    }

    /// The moves worth trying at `s`, best first: one card of each run of equal cards
    /// (adjacent in its suit among the cards still in play, the same for every rule of
    /// play), ordered by what usually wins.
    fn moves(&self, s: &Position, hint: Cards) -> Moves {
        let t = &self.table;
        let p = self.to_play(s);
        let legal = self.legal(s);
        let mut live = s.trick[..s.in_trick].iter().fold(0, |m, c| m | c);
        for h in &s.held[..t.n] {
            live |= h;
        }
        let mut out = Moves { cards: [0; 16], group: [0; 16], len: 0 };
        let mut scores = [0i32; 16];
        let mut rest = legal;
        // The cards left out so far as the same as the next one up (the next legal card).
        let mut same = 0;
        while rest != 0 && out.len < 16 {
            let c = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if c != JOKER && c != t.called {
                // The next card up in play: mine, as legal, alike for the rules? Then `c` is
                // the same card as that one.
                let next = live & suit_of(c) & !((c << 1) - 1);
                let next = next & next.wrapping_neg();
                if next != 0 && legal & next != 0 && next != t.called && (t.penalty & next == 0) == (t.penalty & c == 0) {
                    same |= c;
                    continue;
                }
            }
            out.cards[out.len] = c;
            out.group[out.len] = c | same;
            same = 0;
            scores[out.len] = self.score(s, p, c, live) + if c == hint { 100_000 } else { 0 };
            out.len += 1;
        }
        // Insertion sort, best first: a handful of cards.
        for i in 1..out.len {
            let mut j = i;
            while j > 0 && scores[j - 1] < scores[j] {
                scores.swap(j - 1, j);
                out.cards.swap(j - 1, j);
                out.group.swap(j - 1, j);
                j -= 1;
            }
        }
        out
    }

    /// How promising `c` is for `p` at `s` (higher is tried first). Playing for tricks: lead
    /// a winner no one can beat, else low toward a teammate's top card (where the other team
    /// cannot ruff) or ruff, from a short suit, not into the other team's ruff, a top card
    /// that may be ruffed last; follow by taking the trick for sure as cheaply as may be, never
    /// over a teammate's card that no one after can beat, else (without trumps) with the
    /// highest card that takes it for now, else low, a discard from a long suit. Playing to
    /// lose them: lead a card the other team must beat, highest first, a winner last; follow
    /// with the highest card that loses for sure, and take a trick that is the team's anyway
    /// with the highest.
    fn score(&self, s: &Position, p: usize, c: Cards, live: Cards) -> i32 {
        let t = &self.table;
        let rank = if c == JOKER { 16 } else { (c.trailing_zeros() % 16) as i32 };
        let trump = i32::from(c & t.trump != 0) * 20;
        if s.in_trick == 0 {
            let top = c == JOKER || highest(live & suit_of(c)) == c;
            return match (t.take, top) {
                (true, true) if self.sure_with(s, c) => 1000 + rank,
                (true, true) => 20 + rank,
                (true, false) if self.mate_tops(s, p, c, live) && !self.ruffs(s, p, c, false) => 300 - rank - trump,
                (true, false) if self.ruffs(s, p, c, true) => 250 - rank - trump,
                (true, false) if self.ruffs(s, p, c, false) => 50 - rank - trump,
                (true, false) => 100 - rank - trump - 4 * (s.held[p] & suit_of(c)).count_ones() as i32,
                (false, _) if self.forced_over(s, p, c) => 300 + rank - trump,
                (false, true) => -rank - trump,
                (false, false) => 100 - rank - trump,
            };
        }
        let w = self.winner_with(s, c);
        let ours = self.team(w) == self.team(p);
        match (t.take, ours) {
            (true, true) if w == p && self.secure(s) => 300 - rank - trump,
            (true, true) if w == p && self.sure_with(s, c) => 600 - rank - trump,
            (true, true) if w == p && t.trump == 0 => 500 + rank,
            (true, true) if w == p => 500 - rank - trump,
            (true, true) => 400 - rank - trump,
            (true, false) if s.held[p] & Self::led(s) == 0 => 100 - rank - trump + 8 * (s.held[p] & suit_of(c)).count_ones() as i32,
            (true, false) => 100 - rank - trump,
            (false, false) if self.sure_with(s, c) => 600 + rank + trump,
            (false, false) => 500 + rank + trump,
            (false, true) if self.secure(s) => 100 + rank + trump,
            (false, true) => 100 - rank - trump,
        }
    }

    /// Is the trick in progress at `s` won by the team of the seat to play whatever the seats
    /// after it play (none of the other team could beat its top card)?
    fn secure(&self, s: &Position) -> bool {
        let t = &self.table;
        let w = self.winning(s);
        self.team(w) == self.team(self.to_play(s)) && self.stands(s, w, s.trick[(w + t.n - s.leader) % t.n], Self::led(s))
    }

    /// With `card` played by the seat to play at `s`, is the trick won by the team then on top
    /// whatever the seats after it play?
    fn sure_with(&self, s: &Position, card: Cards) -> bool {
        let t = &self.table;
        let p = self.to_play(s);
        let led = if s.in_trick == 0 || s.in_trick == 1 && s.trick[0] == JOKER { suit_of(card) } else { Self::led(s) };
        let (w, top) = if s.in_trick == 0 {
            (p, card)
        } else {
            let w = self.winner_with(s, card);
            (w, if w == p { card } else { s.trick[(w + t.n - s.leader) % t.n] })
        };
        self.stands(s, w, top, led)
    }

    /// Could none of the seats after the seat to play at `s` that are of another team than
    /// `w`'s beat `top`, `led` the suit led?
    fn stands(&self, s: &Position, w: usize, top: Cards, led: Cards) -> bool {
        let t = &self.table;
        (s.in_trick + 1..t.n).map(|i| (s.leader + i) % t.n).all(|o| self.team(o) == self.team(w) || !self.could_beat(s.held[o], top, led))
    }

    /// Must a seat of the other team than `p`'s take a trick `c` leads (it holds the suit
    /// only above `c`)?
    fn forced_over(&self, s: &Position, p: usize, c: Cards) -> bool {
        let suit = suit_of(c);
        suit != 0
            && (0..self.table.n).any(|o| {
                let h = s.held[o] & suit;
                self.team(o) != self.team(p) && h != 0 && h & h.wrapping_neg() > c
            })
    }

    /// Does a teammate of `p` hold the top card in play of `c`'s suit?
    fn mate_tops(&self, s: &Position, p: usize, c: Cards, live: Cards) -> bool {
        let top = highest(live & suit_of(c));
        top != 0 && (0..self.table.n).any(|o| o != p && self.team(o) == self.team(p) && s.held[o] & top != 0)
    }

    /// Is a seat of `p`'s team (`mates`, `p` aside) or of the other team out of `c`'s suit (not
    /// trumps) with a trump to ruff it?
    fn ruffs(&self, s: &Position, p: usize, c: Cards, mates: bool) -> bool {
        let t = &self.table;
        let suit = suit_of(c);
        t.trump != 0
            && suit != t.trump
            && (0..t.n).any(|o| o != p && (self.team(o) == self.team(p)) == mates && s.held[o] & suit == 0 && s.held[o] & t.trump != 0)
    }

    /// Could a seat holding `held` take a trick whose top card so far is `top`, `led` the suit
    /// led? Said generously: a higher card of the suit (or a higher trump where a trump is on
    /// top), a trump when out of the suit led, the joker.
    fn could_beat(&self, held: Cards, top: Cards, led: Cards) -> bool {
        let trump = self.table.trump;
        if top == JOKER {
            return false;
        }
        if held & JOKER != 0 {
            return true;
        }
        if top & trump != 0 {
            held & above(trump, top) != 0 && (led == trump || held & led == 0)
        } else {
            held & above(led, top) != 0 || (held & led == 0 && held & trump != 0)
        }
    }

    /// Tricks no play can take from their holders' team: the joker's, and the top trumps
    /// its seats hold in a row (as many as one of them holds). As bounds on the side's tricks
    /// still to play.
    fn quick(&self, s: &Position) -> (usize, usize) {
        let (lo, hi, _) = self.quick_on(s);
        (lo, hi)
    }

    /// [`Solver::quick`], with the cards its bounds rest on (the top trumps in a row).
    fn quick_on(&self, s: &Position) -> (usize, usize, Cards) {
        let t = &self.table;
        let mut sure = [0usize; 2];
        let owner = |card: Cards| s.held[..t.n].iter().position(|h| h & card != 0);
        let joker = owner(JOKER);
        if let Some(j) = joker {
            sure[usize::from(self.team(j))] = 1;
        }
        let trumps = s.held[..t.n].iter().fold(0, |m, h| m | h) & t.trump & !JOKER;
        let mut on = 0;
        if let Some(top) = owner(highest(trumps)) {
            // The top trumps in a row of the top trump's team: each takes the trick it is
            // played to, and one seat plays its own to as many tricks.
            let mut each = [0usize; MOST];
            let mut rest = trumps;
            while let Some(o) = owner(highest(rest)).filter(|o| self.team(*o) == self.team(top)) {
                each[o] += 1;
                rest &= !highest(rest);
            }
            on = trumps & !rest;
            let h = (0..t.n).max_by_key(|o| (each[*o], usize::from(*o == top))).unwrap_or(top);
            let run = each[h];
            let team = usize::from(self.team(h));
            match joker {
                None => sure[team] = run,
                Some(j) if j == h => sure[team] = run + 1,
                Some(j) if self.team(j) == self.team(h) => sure[team] = run.max(1),
                Some(_) => sure[team] = run - 1,
            }
        }
        // A team that alone holds trumps takes a trick with each trump of its longest hand
        // (the highest trump of each trick is its own): less one when the other holds the
        // joker.
        if t.trump != 0 {
            for team in [false, true] {
                let mut longest = 0;
                let mut others = false;
                for (o, h) in s.held[..t.n].iter().enumerate() {
                    let n = (h & t.trump).count_ones() as usize;
                    if self.team(o) == team {
                        longest = longest.max(n);
                    } else {
                        others |= n > 0;
                    }
                }
                if !others {
                    let less = joker.is_some_and(|j| self.team(j) != team);
                    let i = usize::from(team);
                    let long = longest.saturating_sub(usize::from(less));
                    if long >= sure[i] {
                        // The lengths alone say it: no card's place counts.
                        on = 0;
                    }
                    sure[i] = sure[i].max(long);
                }
            }
        }
        // Each trump a seat holds takes the trick it falls to unless a higher trump of the
        // other team falls to it too (or the joker): the seat's trumps less as many as the
        // other team's higher trumps can cover one each — plus its joker, a trick apart.
        if trumps != 0 {
            for o in 0..t.n {
                let mine = s.held[o] & trumps;
                if mine == 0 {
                    continue;
                }
                let theirs = (0..t.n).filter(|x| self.team(*x) != self.team(o)).fold(0, |m, x| m | s.held[x]) & trumps;
                let cover = Self::covers(mine, theirs);
                let joker_theirs = joker.is_some_and(|j| self.team(j) != self.team(o));
                let n = (mine.count_ones() as usize + usize::from(joker == Some(o))).saturating_sub(cover + usize::from(joker_theirs));
                let i = usize::from(self.team(o));
                if n > sure[i] {
                    sure[i] = n;
                    on |= trumps;
                }
            }
        }
        (sure[1].min(s.left), s.left.saturating_sub(sure[0]), on)
    }

    /// How many of `mine` the cards `theirs` (of the same suit) can each go over, one card
    /// for one: the largest matching, lowest first.
    fn covers(mine: Cards, theirs: Cards) -> usize {
        let mut free = theirs;
        let mut n = 0;
        let mut rest = mine;
        while rest != 0 {
            let c = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let over = free & !((c << 1) - 1);
            if over != 0 {
                free &= !(over & over.wrapping_neg());
                n += 1;
            }
        }
        n
    }

    /// The shape of the position `s` (between tricks), and each suit's cards in play from the
    /// top down by who holds them (three bits a card: the holder's place and one).
    fn shape(&self, s: &Position) -> (Shape, [u64; 4]) {
        let t = &self.table;
        // Who has been void matters only while the K♥ must be discarded at a first void.
        let void = if t.discard == Discard::PenaltyFirstVoid { s.void } else { 0 };
        let live = s.held[..t.n].iter().fold(0, |m, h| m | h) & !JOKER;
        // A card's place from the top of its suit: how many cards in play rank above it.
        let place = |c: Cards| (live & (0xFFFF << (c.trailing_zeros() / 16 * 16)) & !((c << 1) - 1)).count_ones();
        let mut lens = [0u64; 2];
        let mut tops = [0u64; 4];
        for (h, cards) in s.held[..t.n].iter().enumerate() {
            for suit in 0..4 {
                let l = u64::from((cards & (0xFFFF << (16 * suit)) & !JOKER).count_ones());
                lens[h / 4] |= l << (16 * (h % 4) + 4 * suit);
            }
            let mut rest = cards & !JOKER;
            while rest != 0 {
                let c = rest & rest.wrapping_neg();
                rest &= rest - 1;
                tops[(c.trailing_zeros() / 16) as usize] |= (h as u64 + 1) << (3 * place(c));
            }
        }
        let mut penalty = 0;
        let mut rest = live & t.penalty;
        while rest != 0 {
            let c = rest & rest.wrapping_neg();
            rest &= rest - 1;
            penalty |= 1u64 << (c.trailing_zeros() / 16 * 16 + place(c));
        }
        let called = u64::from(live & t.called != 0);
        let joker = s.held[..t.n].iter().position(|h| h & JOKER != 0).map_or(0, |j| j as u64 + 1);
        let meta = (s.leader as u64) | (u64::from(void) << 4) | (called << 12) | (joker << 16);
        (Shape { lens, penalty, meta }, tops)
    }

    /// How many of each suit's top cards in play the cards `on` reach down to (every card in
    /// play ranked at or above the lowest of `on` in its suit), the penalty cards and the
    /// called ace always among them.
    fn reach(&self, live: Cards, on: Cards) -> [u8; 4] {
        let t = &self.table;
        let on = if self.exact { live } else { on | t.penalty | t.called } & live & !JOKER;
        let mut n = [0u8; 4];
        for (suit, n) in n.iter_mut().enumerate() {
            let sm = live & (0xFFFF << (16 * suit)) & !JOKER;
            let low = on & sm;
            let low = low & low.wrapping_neg();
            if low != 0 {
                *n = (sm & !(low - 1)).count_ones() as u8;
            }
        }
        n
    }

    /// The top `n` cards in play of each suit.
    fn tops_of(live: Cards, n: [u8; 4]) -> Cards {
        let mut on = 0;
        for (suit, n) in n.iter().enumerate() {
            let mut rest = live & (0xFFFF << (16 * suit)) & !JOKER;
            for _ in 0..*n {
                let c = highest(rest);
                on |= c;
                rest &= !c;
            }
        }
        on
    }

    /// The cards a trick's outcome rests on, `cards` as played from `leader` on (`last`: the
    /// deal's last trick): its winner when it beat another card of its suit (of the other
    /// team's, when the dealer leads every trick or no trick follows: who of a team takes it
    /// then changes nothing); the trumps played when each had to go over the last.
    fn trick_on(&self, cards: &[Cards], leader: usize, last: bool) -> Cards {
        let t = &self.table;
        let played = cards.iter().fold(0, |m, c| m | c);
        let led = match cards {
            [] => return 0,
            [first, rest @ ..] if *first == JOKER => rest.first().map_or(0, |c| suit_of(*c)),
            [first, ..] => suit_of(*first),
        };
        let mut on = 0;
        if played & JOKER == 0 {
            let top = if played & t.trump != 0 { highest(played & t.trump) } else { highest(played & led) };
            let suit = suit_of(top);
            let beat = match t.dealer {
                None if !last => (played & suit).count_ones() >= 2,
                _ => {
                    let seat = |i: usize| (leader + i) % t.n.max(1);
                    let mine = cards.iter().position(|c| *c == top).map_or(0, seat);
                    cards.iter().enumerate().any(|(i, c)| c & suit != 0 && self.team(seat(i)) != self.team(mine))
                }
            };
            if beat {
                on |= top;
            }
        }
        // Who had to go over a trump and with what rests on every trump played (the play-under
        // rule needs nothing more: the penalty cards always count, and a top card below them
        // all makes no card go under it).
        if t.trump_duty {
            on |= played & t.trump;
        }
        on
    }

    /// Tricks the seat to lead at `s` and its team can take one after the other whatever
    /// the others play: the leader's top cards in each suit it may lead, or a trick won by a
    /// teammate's top card over a low one the leader leads, then that teammate's own top
    /// cards — each run as long as no other seat holding a trump (a partner too: a ruff it is
    /// made to play takes the lead away) can have run out of the suit (less one when
    /// another team holds the joker; one at most when the dealer, not the winner, leads the
    /// next trick).
    fn cashable(&self, s: &Position) -> (usize, Cards) {
        let t = &self.table;
        let p = s.leader;
        let live = s.held[..t.n].iter().fold(0, |m, h| m | h);
        let mut len = [[0u8; 4]; MOST];
        let mut trumps = 0u8;
        for (o, h) in s.held[..t.n].iter().enumerate() {
            for (suit, l) in len[o].iter_mut().enumerate() {
                *l = (h & (0xFFFF << (16 * suit)) & !JOKER).count_ones() as u8;
            }
            if h & t.trump != 0 {
                trumps |= 1 << o;
            }
        }
        let (mut q, mut on) = self.runs(p, s.held[p], live, &len, trumps);
        if t.dealer.is_none() {
            for mate in (0..t.n).filter(|m| *m != p && self.team(*m) == self.team(p)) {
                let (qm, om) = self.through(s, p, mate, live, &len, trumps);
                if qm > q {
                    (q, on) = (qm, om);
                }
            }
        }
        if (0..t.n).any(|o| self.team(o) != self.team(p) && s.held[o] & JOKER != 0) {
            q = q.saturating_sub(1);
        }
        if t.dealer.is_some_and(|d| d != p) {
            q = q.min(1);
        }
        (q, on)
    }

    /// The leader's top cards in a row in each suit it may lead (`live` the cards in play,
    /// `len` each seat's suit lengths, `trumps` the seats that may hold a trump).
    fn runs(&self, p: usize, mine: Cards, live: Cards, len: &[[u8; 4]; MOST], trumps: u8) -> (usize, Cards) {
        let t = &self.table;
        let mut q = 0;
        let mut on = 0;
        for (suit, _) in len[p].iter().enumerate() {
            let sm: Cards = (0xFFFF << (16 * suit)) & !JOKER;
            if t.lead_hearts && sm == HEARTS && mine & !HEARTS != 0 {
                continue;
            }
            let mut rest = live & sm & !JOKER;
            let mut run = 0;
            while rest != 0 {
                let top = highest(rest);
                if mine & top == 0 || top == t.called {
                    break;
                }
                run += 1;
                rest &= !top;
            }
            if run > 0 && t.trump != 0 && sm != t.trump {
                for o in (0..t.n).filter(|o| *o != p && trumps & (1 << o) != 0) {
                    run = run.min(usize::from(len[o][suit]));
                }
            }
            if run > 0 {
                on |= live & sm & !JOKER & !rest;
            }
            q += run;
        }
        (q, on)
    }

    /// Tricks the leader `p`'s team takes by leading low to `mate`'s top card in a suit
    /// (every other seat that holds a trump following it), then cashing `mate`'s top cards:
    /// the most over the suits, none when no suit makes the way.
    fn through(&self, s: &Position, p: usize, mate: usize, live: Cards, len: &[[u8; 4]; MOST], trumps: u8) -> (usize, Cards) {
        let t = &self.table;
        let mut best = (0, 0);
        for suit in 0..4 {
            let sm: Cards = (0xFFFF << (16 * suit)) & !JOKER;
            let low = s.held[p] & sm;
            let low = low & low.wrapping_neg();
            if low == 0 || low == t.called || (t.lead_hearts && sm == HEARTS && s.held[p] & !HEARTS != 0) {
                continue;
            }
            let top = highest(live & sm);
            if s.held[mate] & top == 0 || (t.play_under && s.held[mate] & t.penalty & sm & !top != 0) {
                continue;
            }
            // A seat out of the suit with a trump could ruff (or must): no way through.
            let ruff = (0..t.n).any(|o| o != p && o != mate && len[o][suit] == 0 && trumps & (1 << o) != 0 && sm != t.trump);
            if ruff {
                continue;
            }
            let mut after = *len;
            for (o, l) in after[..t.n].iter_mut().enumerate() {
                l[suit] = l[suit].saturating_sub(u8::from(o == p || o == mate || len[o][suit] > 0));
            }
            let (q, on) = self.runs(mate, s.held[mate] & !top, live & !low & !top, &after, trumps);
            if q + 1 > best.0 {
                best = (q + 1, on | top);
            }
        }
        best
    }

    /// A card the seat to play at `s` (a card or more into the trick) may play that takes the
    /// trick whatever the seats after it play: the top card in play of the suit led, no trump
    /// played, no seat after it out of the suit with a trump to ruff, the joker out of reach.
    fn sure_winner(&self, s: &Position) -> Option<Cards> {
        let t = &self.table;
        let led = Self::led(s);
        let played = s.trick[..s.in_trick].iter().fold(0, |m, c| m | c);
        if led == 0 || played & JOKER != 0 || (led != t.trump && played & t.trump != 0) {
            return None;
        }
        let live = s.held[..t.n].iter().fold(played, |m, h| m | h) & !JOKER;
        let top = highest(live & led);
        if top == 0 || self.legal(s) & top == 0 {
            return None;
        }
        let p = self.to_play(s);
        let after = (s.in_trick + 1..t.n).map(|i| (p + i - s.in_trick) % t.n);
        for o in after {
            let h = s.held[o];
            if h & JOKER != 0 || (h & led == 0 && h & t.trump != 0) {
                return None;
            }
        }
        Some(top)
    }

    /// Can the side's players (`maxer`) make sure the counted seats take at least `k` of the
    /// tricks left, whatever the others play?
    fn at_least(&mut self, s: &Position, k: i32) -> Result<bool, Out> {
        Ok(self.bound(s, k)?.0 >= k)
    }

    /// A null-window search about `k` that fails soft: a bound `g` on the side's tricks from
    /// `s` — at least `g` when `g >= k` (the side makes sure of `k`), at most `g` when
    /// `g < k` —, and the cards the proof rests on: it holds for every position that differs
    /// from `s` only in cards below the lowest of these in each suit, the seats' suit lengths
    /// the same (the bridge solvers' "winning ranks").
    fn bound(&mut self, s: &Position, k: i32) -> Result<(i32, Cards), Out> {
        if k <= 0 {
            return Ok((0, 0));
        }
        if k > s.left as i32 {
            return Ok((s.left as i32, 0));
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Out);
        }
        let t = &self.table;
        let mut stored = None;
        let mut hint = 0;
        if s.in_trick == 0 {
            if s.held[..t.n].iter().all(|h| h.count_ones() == 1) {
                let mut last = *s;
                let leader = s.leader;
                let mut won = None;
                let mut cards = [0; MOST];
                for card in cards[..t.n].iter_mut() {
                    let p = self.to_play(&last);
                    *card = last.held[p];
                    won = self.play(&mut last, *card);
                }
                return Ok((i32::from(won.is_some_and(|w| self.team(w))), self.trick_on(&cards[..t.n], leader, true)));
            }
            let (lo, hi, on) = self.quick_on(s);
            if lo as i32 >= k {
                return Ok((lo as i32, on));
            }
            if (hi as i32) < k {
                return Ok((hi as i32, on));
            }
            if self.table.take {
                let (q, on) = self.cashable(s);
                if self.team(s.leader) && q as i32 >= k {
                    return Ok((q as i32, on));
                }
                if !self.team(s.leader) && (s.left.saturating_sub(q) as i32) < k {
                    return Ok((s.left.saturating_sub(q) as i32, on));
                }
            }
            let live = s.held[..t.n].iter().fold(0, |m, h| m | h);
            let (shape, tops) = self.shape(s);
            if let Some(entries) = self.tt.get(&shape) {
                for e in entries.iter().rev() {
                    let fits = (0..4).all(|i| first(tops[i], e.n[i]) == e.holders[i]);
                    if !fits {
                        continue;
                    }
                    if i32::from(e.lo) >= k {
                        return Ok((i32::from(e.lo), Self::tops_of(live, e.n)));
                    }
                    if i32::from(e.hi) < k {
                        return Ok((i32::from(e.hi), Self::tops_of(live, e.n)));
                    }
                    if hint == 0 {
                        hint = e.best;
                    }
                }
            }
            stored = Some((shape, tops, live));
        }
        let p = self.to_play(s);
        let maxer = self.table.maxer[p];
        // Playing for tricks, a seat that can take the trick in progress whatever follows
        // settles a question that this trick decides: the side's one trick more, or the one
        // the others keep from it.
        if s.in_trick > 0 && t.take && (k == 1 && maxer || k == s.left as i32 && !maxer) {
            if let Some(card) = self.sure_winner(s) {
                return Ok(if maxer { (1, card) } else { (k - 1, card) });
            }
        }
        let moves = self.moves(s, hint);
        // The best bound found so far: the most a maxer's card gives, the least another's.
        let mut g = if maxer { -1 } else { s.left as i32 + 1 };
        let mut on = 0;
        let mut best = 0;
        // Per suit, cards below which a card tried here already answered for this seat's
        // others: the proof after it rested on no card of its suit ranked as low (the
        // bridge solvers' small-card skip).
        let mut below = [0 as Cards; 4];
        for &card in &moves.cards[..moves.len] {
            let suit = if card == JOKER { 4 } else { (card.trailing_zeros() / 16) as usize };
            if suit < 4 && card < below[suit] {
                continue;
            }
            let mut child = *s;
            let won = self.play(&mut child, card);
            let taken = won.map_or(0, |w| i32::from(self.team(w)));
            let (v, child_on) = self.bound(&child, k - taken)?;
            let v = v + taken;
            let mut card_on = child_on;
            if won.is_some() {
                let mut cards = s.trick;
                cards[s.in_trick] = card;
                card_on |= self.trick_on(&cards[..=s.in_trick], s.leader, s.left == 1);
            }
            if (v >= k) == maxer {
                g = v;
                on = card_on;
                best = card;
                break;
            }
            g = if maxer { g.max(v) } else { g.min(v) };
            on |= card_on;
            if suit < 4 {
                let sm = suit_of(card);
                let rests = (card_on | self.table.penalty | self.table.called) & sm;
                let low = rests & rests.wrapping_neg();
                let under = if low == 0 { highest(sm) << 1 } else { low };
                if card < under && under > below[suit] && !self.exact {
                    below[suit] = under;
                }
            }
        }
        if best == 0 {
            // Every card was tried: the cards left out as the same as one tried count as
            // soon as that one does (another seat's card could then fall between them).
            for &group in &moves.group[..moves.len] {
                let card = highest(group);
                if group != card && on & suit_of(card) & ((card << 1) - 1) != 0 {
                    on |= group;
                }
            }
        }
        if let Some((shape, tops, live)) = stored {
            if self.kept >= self.table_most {
                self.forget();
            }
            let left = s.left as u8;
            let bound = g.clamp(0, i32::from(left)) as u8;
            let n = self.reach(live, on);
            let holders = std::array::from_fn(|i| first(tops[i], n[i]));
            let entries = self.tt.entry(shape).or_default();
            let e = match entries.iter().position(|e| e.n == n && e.holders == holders) {
                Some(i) => &mut entries[i],
                None => {
                    let fresh = Entry { holders, n, lo: 0, hi: left, best: 0 };
                    if entries.len() >= SHAPE_MOST {
                        // Full: one of them forgotten, in turn.
                        let i = (self.nodes % SHAPE_MOST as u64) as usize;
                        entries[i] = fresh;
                        &mut entries[i]
                    } else {
                        self.kept += 1;
                        entries.push(fresh);
                        let last = entries.len() - 1;
                        &mut entries[last]
                    }
                }
            };
            if g >= k {
                e.lo = e.lo.max(bound);
            } else {
                e.hi = e.hi.min(bound);
            }
            if best != 0 {
                e.best = best;
            }
            on |= Self::tops_of(live, n);
        }
        Ok((g, on))
    }

    /// Can the side be sure of at least `k` of the tricks left (aim Most), or be held to
    /// fewer than `k` (aim Fewest: the others cannot force `k` on it)? As the aim asks.
    pub fn reaches(&mut self, s: &Position, k: usize) -> Result<bool, Stopped> {
        let k = k.min(s.left + 1) as i32;
        let (lo, hi) = if s.in_trick == 0 { self.quick(s) } else { (0, s.left) };
        self.at_least(s, k).map_err(|Out| Stopped { nodes: self.nodes, at_least: lo, at_most: hi })
    }

    /// The side's tricks from `s` with best play by all: the most it can be sure of (Most),
    /// the fewest it can be held to (Fewest). Searched between `lo` and `hi` when known.
    pub fn value(&mut self, s: &Position) -> Result<usize, Stopped> {
        let (mut lo, mut hi) = self.quick(s);
        if s.in_trick > 0 {
            (lo, hi) = (0, s.left);
        }
        // Upward from what is sure, one trick at a time (not halving the bounds): each proof
        // leaves its bounds in the table for the next, and the far thresholds a halving
        // tries first are the costly ones (measured: docs/performance.md). Within all of the
        // budget but a sixteenth, kept for the bound from above should this stop.
        let whole = self.budget;
        self.budget = whole - whole / 16;
        let upward = self.search(s, &mut lo, &mut hi, |lo, _| lo + 1);
        self.budget = whole;
        if upward.is_ok() {
            return Ok(lo);
        }
        // Stopped: downward from the top, one trick at a time, with what is left. Far above
        // the value the others' (or the side's) refutation comes quickly, so that the bounds
        // said close in on the value from both sides (docs/performance.md).
        self.search(s, &mut lo, &mut hi, |_, hi| hi).map(|()| lo).map_err(|Out| Stopped { nodes: self.nodes, at_least: lo, at_most: hi })
    }

    /// Narrow `lo ≤ value ≤ hi` until they meet, asking at each step whether the side can be
    /// sure of the threshold `next` picks between them.
    fn search(&mut self, s: &Position, lo: &mut usize, hi: &mut usize, next: impl Fn(usize, usize) -> usize) -> Result<(), Out> {
        while *lo < *hi {
            let k = next(*lo, *hi);
            let g = self.bound(s, k as i32)?.0;
            if g >= k as i32 {
                *lo = (g as usize).min(*hi);
            } else {
                *hi = (g.max(0) as usize).max(*lo);
            }
        }
        Ok(())
    }

    /// A play of every card left from `s`, best play by all, that keeps the side's tricks at
    /// `value` (the position's value): seat and card, in order.
    pub fn line(&mut self, s: &Position, value: usize) -> Result<Vec<(usize, Card)>, Stopped> {
        let mut s = *s;
        let mut v = value as i32;
        let mut out = vec![];
        while s.held[..self.table.n].iter().any(|h| *h != 0) && s.left > 0 {
            let p = self.to_play(&s);
            let maxer = self.table.maxer[p];
            let moves = self.moves(&s, 0);
            let mut chosen = None;
            for &card in &moves.cards[..moves.len] {
                let mut child = s;
                let won = self.play(&mut child, card).map_or(0, |w| i32::from(self.team(w)));
                let keeps = if maxer { self.at_least(&child, v - won) } else { self.at_least(&child, v - won + 1).map(|r| !r) };
                match keeps {
                    Ok(true) => {
                        chosen = Some((card, child, won));
                        break;
                    }
                    Ok(false) => {}
                    Err(Out) => return Err(Stopped { nodes: self.nodes, at_least: value, at_most: value }),
                }
            }
            let Some((card, child, won)) = chosen else { break };
            out.push((self.table.seats[p], card_of(card)));
            s = child;
            v -= won;
        }
        Ok(out)
    }

    /// What the seat to play at `s` may play (for the property test against
    /// [`Deal::legal`]).
    pub fn legal_cards(&self, s: &Position) -> Vec<Card> {
        cards_of(self.legal(s))
    }

    /// The tricks left at `s`, the one in progress included.
    pub fn left(s: &Position) -> usize {
        s.left
    }

    /// Play `card` at `s` for the seat to play (a card [`Solver::legal_cards`] allows); the
    /// seat that won the trick when it completes one.
    pub fn advance(&self, s: &mut Position, card: Card) -> Option<usize> {
        self.play(s, bit(card)).map(|w| self.table.seats[w])
    }
}

/// A claim: the side takes at least, or at most, so many of the tricks still to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    AtLeast(usize),
    AtMost(usize),
}

impl Claim {
    /// What the side plays for to make it.
    pub fn aim(self) -> Aim {
        match self {
            Claim::AtLeast(_) => Aim::Most,
            Claim::AtMost(_) => Aim::Fewest,
        }
    }

    /// Whether the claim holds given the side's best for its aim (`Err`: the bounds a
    /// stopped search proved, which decide it or not).
    pub fn holds(self, best: &Result<usize, Stopped>) -> Option<bool> {
        match (self, best) {
            (Claim::AtLeast(n), Ok(v)) => Some(*v >= n),
            (Claim::AtMost(n), Ok(v)) => Some(*v <= n),
            (Claim::AtLeast(n), Err(s)) if s.at_least >= n => Some(true),
            (Claim::AtLeast(n), Err(s)) if s.at_most < n => Some(false),
            (Claim::AtMost(n), Err(s)) if s.at_most <= n => Some(true),
            (Claim::AtMost(n), Err(s)) if s.at_least > n => Some(false),
            _ => None,
        }
    }
}

/// A claim judged (FORMAT.md "Claims"): `best` the most tricks the side is sure of (at
/// least) or the fewest it can be held to (at most); `line`, when the claim fails, a play
/// to the end, best play by all, that beats it. `stopped`: the search ran out of its
/// budget; `holds` is then known only when the bounds it proved decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub remaining: usize,
    pub best: Option<usize>,
    pub holds: Option<bool>,
    pub line: Option<Vec<(usize, Card)>>,
    pub stopped: Option<Stopped>,
}

/// Judge `claim` by the side `side` at the position `deal` stands at.
pub fn judge(deal: &Deal, side: &[usize], claim: Claim, budget: u64) -> Judged {
    let mut solver = Solver::new(deal, side, claim.aim(), budget);
    let at = solver.position(deal);
    let remaining = Solver::left(&at);
    let (holds, best) = settle(&mut solver, &at, claim);
    match best {
        Ok(value) => {
            // The line has a budget of its own, a quarter of the search's: the search may have
            // spent all of its, and a claim that fails is shown how (FORMAT.md: `line` when
            // the claim fails). With the value's proofs in the table, it asks a few questions a
            // card.
            let line = if holds == Some(false) {
                solver.budget = solver.nodes.saturating_add((budget / 4).max(LINE_LEAST));
                solver.line(&at, value).ok()
            } else {
                None
            };
            Judged { remaining, best: Some(value), holds, line, stopped: None }
        }
        Err(stopped) => Judged { remaining, best: None, holds, line: None, stopped: Some(stopped) },
    }
}

/// Whether `claim` holds at `at`, and the side's best for its aim: the claim's own question
/// first (it is the one the jury needs, and often the quicker), so that it is answered even
/// when the search for the best then stops.
fn settle(solver: &mut Solver, at: &Position, claim: Claim) -> (Option<bool>, Result<usize, Stopped>) {
    let threshold = match claim {
        Claim::AtLeast(n) => n,
        Claim::AtMost(n) => n.saturating_add(1),
    };
    let first = solver.reaches(at, threshold);
    let mut best = first.and_then(|_| solver.value(at));
    // The claim's answer bounds the value too, whatever the search for it reached after.
    if let (Ok(reached), Err(stopped)) = (first, &mut best) {
        if reached {
            stopped.at_least = stopped.at_least.max(threshold).min(stopped.at_most);
        } else {
            stopped.at_most = stopped.at_most.min(threshold.saturating_sub(1)).max(stopped.at_least);
        }
    }
    let holds = match (first, &best) {
        (_, Ok(_)) => claim.holds(&best),
        (Ok(reached), Err(_)) => Some(reached == (claim.aim() == Aim::Most)),
        (Err(s), _) => claim.holds(&Err(s)),
    };
    (holds, best)
}

/// The side's most and fewest tricks from where a deal stands, each `Err` with its bounds
/// when its search ran out of budget; with a claim, whether it holds.
#[derive(Clone, Copy, Debug)]
pub struct Both {
    pub remaining: usize,
    pub most: Result<usize, Stopped>,
    pub fewest: Result<usize, Stopped>,
    pub holds: Option<bool>,
}

/// The side's most and fewest tricks from the position `deal` stands at: `claim`'s aim
/// searched first (the claim judged on the way), the most without one, with `budget`; the
/// other aim's with `other`, or what the first left.
pub fn most_and_fewest(deal: &Deal, side: &[usize], claim: Option<Claim>, budget: u64, other: Option<u64>) -> Both {
    let aim = claim.map_or(Aim::Most, Claim::aim);
    let mut one = Solver::new(deal, side, aim, budget);
    let at = one.position(deal);
    let (holds, a) = match claim {
        Some(claim) => settle(&mut one, &at, claim),
        None => (None, one.value(&at)),
    };
    let left = other.unwrap_or(budget.saturating_sub(one.nodes()));
    drop(one);
    let then = if aim == Aim::Most { Aim::Fewest } else { Aim::Most };
    let b = Solver::new(deal, side, then, left).value(&at);
    let (most, fewest) = if aim == Aim::Most { (a, b) } else { (b, a) };
    Both { remaining: Solver::left(&at), most, fewest, holds }
}

/// A card of a deal played, judged: the side's tricks over the whole deal, with best
/// play from there, before the card and after it (`None` past the budget).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardJudged {
    pub trick: usize,
    pub seat: usize,
    pub card: Card,
    pub before: Option<usize>,
    pub after: Option<usize>,
}

/// Every card of a played deal judged for the side playing for `aim` (the most it is sure
/// of, or the fewest it can be held to): `start` the deal as dealt, `played` its cards in
/// order (each legal, as the hand checker found them). One search keeps its table from card
/// to card; the budget is shared by all.
pub fn card_by_card(start: &Deal, side: &[usize], played: &[Card], aim: Aim, budget: u64) -> Vec<CardJudged> {
    let mut solver = Solver::new(start, side, aim, budget);
    let mut at = solver.position(start);
    let mut taken = 0usize;
    let mut trick = 1usize;
    let value = |solver: &mut Solver, at: &Position, taken: usize| solver.value(at).ok().map(|v| v + taken);
    let mut before = value(&mut solver, &at, taken);
    let mut out = Vec::with_capacity(played.len());
    for card in played {
        let seat = solver.table.seats[solver.to_play(&at)];
        let won = solver.advance(&mut at, *card);
        if won.is_some_and(|w| side.contains(&w)) {
            taken += 1;
        }
        let after = if before.is_some() { value(&mut solver, &at, taken) } else { None };
        out.push(CardJudged { trick, seat, card: *card, before, after });
        before = after;
        if won.is_some() {
            trick += 1;
        }
    }
    out
}

/// The deal `deal` was before any card of `replay` was played: the same rules of play,
/// each seat its cards back, the first trick's leader leading.
pub fn as_dealt(deal: &Deal, replay: &crate::play::Replay) -> Deal {
    let mut held = deal.held.clone();
    for t in &replay.tricks {
        for (seat, card) in &t.cards {
            if let Some(h) = held.get_mut(seat.wrapping_sub(1)) {
                *h |= bit(*card);
            }
        }
    }
    let leader = replay.tricks.first().map_or(deal.leader, |t| t.leader);
    let hands = held.iter().map(|h| cards_of(*h)).collect();
    Deal::new(deal.conduct, hands, deal.dealer, leader)
}

fn cards_of(mut set: Cards) -> Vec<Card> {
    let mut out = vec![];
    while set != 0 {
        let c = set & set.wrapping_neg();
        set &= set - 1;
        out.push(card_of(c));
    }
    out
}

/// An end position for the tests: `deal`'s rules of play, each seat `hands` (as many
/// cards each as tricks left), `leader` to lead.
#[cfg(feature = "testing")]
pub fn end_position(deal: &Deal, hands: Vec<Vec<Card>>, leader: usize) -> Deal {
    let tricks = hands.iter().map(Vec::len).max().unwrap_or(0);
    let conduct = crate::play::Conduct { tricks, ..deal.conduct };
    Deal::new(conduct, hands, deal.dealer, leader)
}
