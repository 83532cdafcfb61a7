//! One module per command group, each with its arguments and its function (Jujutsu's
//! `commands/` is the model): `main.rs` parses and dispatches, `output.rs` prints, the api
//! decides.

pub mod database;
pub mod devices;
pub mod files;
pub mod hand;
pub mod players;
pub mod round;
pub mod season;
pub mod sheet;
pub mod tournament;

/// The languages a `--lang` may ask (FORMAT.md: `--lang fr|nl|en`): another code is refused,
/// not taken for English.
pub const LANGS: [&str; 3] = ["en", "fr", "nl"];
