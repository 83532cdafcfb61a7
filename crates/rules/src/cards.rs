//! What the card games share: the four suits and their names.

use crate::Tr;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// FORMAT.md's name of the suit.
    pub fn code(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    pub fn names(self) -> Tr {
        match self {
            Suit::Clubs => Tr::new("clubs", "trèfle", "klaveren"),
            Suit::Diamonds => Tr::new("diamonds", "carreau", "ruiten"),
            Suit::Hearts => Tr::new("hearts", "cœur", "harten"),
            Suit::Spades => Tr::new("spades", "pique", "schoppen"),
        }
    }
}

// The cards in the jury's words (docs/cards.md). FORMAT.md's notation (`QD`, `10H`, `JK`)
// is the file's; a jury reads and types its own language's letters, and the suit signs.

use crate::error::{rule, Lang, Rule, RuleDef};
use crate::play::{Card, Deck, ACE, JACK, KING, QUEEN};

rule!(NOT_A_CARD, "not-a-card", "a card is a rank, then a suit", "une carte est une hauteur, puis une couleur", "een kaart is een rang, dan een kleur");

/// A language's letters for the jack, queen, king and ace, and for spades, hearts,
/// diamonds and clubs (docs/cards.md).
struct Letters {
    ranks: [(char, u8); 4],
    suits: [(char, Suit); 4],
}

fn letters(lang: Lang) -> Letters {
    use Suit::*;
    match lang {
        Lang::En => {
            Letters { ranks: [('J', JACK), ('Q', QUEEN), ('K', KING), ('A', ACE)], suits: [('S', Spades), ('H', Hearts), ('D', Diamonds), ('C', Clubs)] }
        }
        // Valet, dame, roi, as; pique, cœur, carreau, trèfle (the French bridge letters).
        Lang::Fr => {
            Letters { ranks: [('V', JACK), ('D', QUEEN), ('R', KING), ('A', ACE)], suits: [('P', Spades), ('C', Hearts), ('K', Diamonds), ('T', Clubs)] }
        }
        // Boer, vrouw, heer, aas; schoppen, harten, ruiten, klaveren (the Dutch bridge letters).
        Lang::Nl => {
            Letters { ranks: [('B', JACK), ('V', QUEEN), ('H', KING), ('A', ACE)], suits: [('S', Spades), ('H', Hearts), ('R', Diamonds), ('K', Clubs)] }
        }
    }
}

/// The suit a sign stands for, in any language: ♠♥♦♣, and the white ♤♡♢♧.
fn suit_of_sign(c: char) -> Option<Suit> {
    match c {
        '♠' | '♤' => Some(Suit::Spades),
        '♥' | '♡' => Some(Suit::Hearts),
        '♦' | '♢' => Some(Suit::Diamonds),
        '♣' | '♧' => Some(Suit::Clubs),
        _ => None,
    }
}

/// What separates the cards typed: spaces, commas, semicolons, full stops.
fn separates(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '.')
}

/// A letter that ends a card in some language, or a sign: where a refused token is cut.
fn looks_like_suit(c: char) -> bool {
    suit_of_sign(c).is_some() || Lang::ALL.iter().any(|l| letters(*l).suits.iter().any(|(s, _)| *s == c))
}

impl Deck {
    /// The card in the jury's words: its rank (the language's letter for a jack, queen,
    /// king or ace; else its number) then its suit's sign: `R♦` (fr), `H♦` (nl), `K♦` (en);
    /// Double Lucky 7's `14♦` and `JK` in every language.
    pub fn name_in(self, card: Card, lang: Lang) -> String {
        match card {
            Card::Joker => "JK".to_string(),
            Card::Plain { suit, rank } => {
                let letter = letters(lang).ranks.iter().find(|(_, r)| *r == rank).map(|(l, _)| *l).filter(|_| self == Deck::French);
                match letter {
                    Some(l) => format!("{l}{}", suit.symbol()),
                    None => format!("{rank}{}", suit.symbol()),
                }
            }
        }
    }

    /// The cards a jury typed in `lang` (docs/cards.md): each a rank then a suit — the
    /// language's letters (or a number) for the rank, the suit's sign or the language's
    /// letter for the suit — separated by spaces or commas, or not at all (`ASKSQS`,
    /// `A♠K♠`); any case. `Err` holds the first token that is no card of this deck, as
    /// typed (`RD` in English).
    pub fn read_typed(self, text: &str, lang: Lang) -> Result<Vec<Card>, String> {
        let l = letters(lang);
        let mut cards = vec![];
        for word in text.split(separates).filter(|w| !w.is_empty()) {
            // Upper case, without the variation selectors a phone puts after a sign (♥️).
            let chars: Vec<char> = word.chars().filter(|c| !matches!(c, '\u{FE0E}' | '\u{FE0F}')).map(|c| c.to_ascii_uppercase()).collect();
            let mut at = 0;
            while at < chars.len() {
                match self.card_at(&chars[at..], &l) {
                    Some((card, used)) => {
                        cards.push(card);
                        at += used;
                    }
                    None => {
                        // The token refused: up to the next thing that looks like a suit.
                        let end = (at + 1..chars.len()).find(|i| looks_like_suit(chars[*i])).map_or(chars.len(), |i| i + 1);
                        return Err(chars[at..end].iter().collect());
                    }
                }
            }
        }
        Ok(cards)
    }

    /// The card at the start of `chars` and how many characters it takes.
    fn card_at(self, chars: &[char], l: &Letters) -> Option<(Card, usize)> {
        if self == Deck::Lucky && chars.starts_with(&['J', 'K']) {
            return Some((Card::Joker, 2));
        }
        let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
        let (rank, used) = match digits {
            0 => {
                let first = *chars.first()?;
                let (_, rank) = l.ranks.iter().find(|(c, _)| *c == first).filter(|_| self == Deck::French)?;
                (*rank, 1)
            }
            1 | 2 => (chars[..digits].iter().fold(0u8, |n, c| n * 10 + (*c as u8 - b'0')), digits),
            _ => return None,
        };
        let mark = *chars.get(used)?;
        let suit = suit_of_sign(mark).or_else(|| l.suits.iter().find(|(c, _)| *c == mark).map(|(_, s)| *s))?;
        let card = Card::Plain { suit, rank };
        // Of this deck; in the 52-card deck a jack to an ace is a letter, not 11 to 14.
        let numbers = if self == Deck::Lucky { 1..=14 } else { 2..=10 };
        (digits == 0 || numbers.contains(&rank)).then_some((card, used + 1))
    }
}

impl Deck {
    /// How the jury types this deck's cards in `lang`, for a field's hint and a refusal:
    /// `A R D V 10 … 2, puis ♠ ♥ ♦ ♣ ou P C K T`.
    pub fn typing(self, lang: Lang) -> String {
        let l = letters(lang);
        let ranks = match self {
            Deck::French => format!("{} 10 … 2", l.ranks.iter().rev().map(|(c, _)| c.to_string()).collect::<Vec<_>>().join(" ")),
            Deck::Lucky => "1 … 14, JK".to_string(),
        };
        let suits = l.suits.iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>().join(" ");
        let signs = "♠ ♥ ♦ ♣";
        match lang {
            Lang::En => format!("{ranks}, then {signs} or {suits}"),
            Lang::Fr => format!("{ranks}, puis {signs} ou {suits}"),
            Lang::Nl => format!("{ranks}, dan {signs} of {suits}"),
        }
    }
}
