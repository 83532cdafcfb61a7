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
