//! The help lines of the options many commands share, said once: an option that a command
//! declares without a help line of its own gets its line here, by the option's name.

use clap::{Arg, Command};

/// What the shared options mean, by their names.
const SHARED: &[(&str, &str)] = &[
    ("tournament", "The tournament: its number or its name"),
    ("round", "The round's number"),
    ("table", "The table's number"),
    ("seat", "The seat, from 1 (clockwise)"),
    ("after_round", "Count the rounds up to this one (by default the last drawn)"),
    ("out", "The file to write (an existing file is kept, unless --replace)"),
    ("file", "The file to read"),
    ("format", "How to print the answer"),
    ("lang", "Language of the words: en, fr or nl"),
    ("completed", "The sheets as written, not blank"),
    ("reason", "Why (kept in the tournament's log)"),
    ("player", "The player: their number or their name"),
    ("season", "The season: its number or its name"),
    ("seed", "The draw number: the same number gives the same seating"),
    ("port", "The TCP port to listen on"),
    ("bind", "The address to listen on"),
    ("line", "The line's number on the sheet"),
    ("entry", "The line as JSON (FORMAT.md's entry shape)"),
    ("settings", "Settings as JSON (FORMAT.md); omitted keys take their defaults"),
    ("name", "The name"),
    ("game", "The game: double-king, king, rikken, double-lucky-7 or kings-cribbage"),
    ("rounds", "How many rounds"),
    ("date", "The date (2026-11-24)"),
    ("by", "Who decides (the jury member's name)"),
];

/// `command` and every subcommand under it, each option without a help line given the shared one.
pub fn with_shared_help(command: Command) -> Command {
    command.mut_args(shared).mut_subcommands(with_shared_help)
}

fn shared(arg: Arg) -> Arg {
    if arg.get_help().is_some() {
        return arg;
    }
    match SHARED.iter().find(|(id, _)| arg.get_id() == *id) {
        Some((_, help)) => arg.help(*help),
        None => arg,
    }
}
