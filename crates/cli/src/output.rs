//! What every command prints with: the output macros (a reader gone quiet ends the command
//! quietly), the output formats, JSON, reading the files a command is given, and how a
//! command fails.

use atout_api::rules::Tr;
use atout_api::{ApiError, StandingsFormat};
use clap::ValueEnum;
use serde_json::Value;
use std::path::Path;

/// Print to standard output, as `print!` does, but a reader that has gone (`atout … | head`)
/// ends the command quietly, as a pipe's writer should, and is no panic.
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write_out(format_args!($($arg)*)) };
}

/// The same, with a new line (as `println!`).
macro_rules! outln {
    () => { $crate::output::write_out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

pub fn write_out(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: standard output: {e}");
        std::process::exit(1);
    }
}

/// The language the CLI speaks in: the command's `--lang` when it has one (a refusal of
/// `export --lang fr` was said in the system's language), else the system's (`LANG`).
pub fn lang() -> atout_api::rules::Lang {
    let args: Vec<String> = std::env::args().collect();
    let asked = args.iter().enumerate().find_map(|(i, a)| match a.strip_prefix("--lang") {
        Some("") => args.get(i + 1).cloned(),
        Some(rest) => rest.strip_prefix('=').map(str::to_string),
        None => None,
    });
    atout_api::rules::Lang::parse(&atout_api::print::print_lang(asked.as_deref()))
}

/// What a command says, in the language it speaks (the tables of rounds, sheets and lists
/// were English under French and Dutch words elsewhere).
pub fn say(said: atout_api::rules::Said) -> String {
    said.get(lang()).to_string()
}

/// A word in the language the CLI speaks.
pub fn word(en: &'static str, fr: &'static str, nl: &'static str) -> &'static str {
    atout_api::rules::Tr::new(en, fr, nl).get(lang())
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Output {
    Table,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum StandingsOut {
    Table,
    Json,
    Csv,
}

impl From<StandingsOut> for StandingsFormat {
    fn from(f: StandingsOut) -> Self {
        match f {
            StandingsOut::Table => StandingsFormat::Table,
            StandingsOut::Json => StandingsFormat::Json,
            StandingsOut::Csv => StandingsFormat::Csv,
        }
    }
}

/// How a command ends when it does not succeed.
#[derive(Debug)]
pub enum Failure {
    Api(ApiError),
    /// The api's error, then what the user can do about it (a backup to restore).
    ApiThen(ApiError, String),
    /// The api's error, said in the language the command was asked in (`--lang`).
    ApiIn(ApiError, atout_api::rules::Lang),
    /// Nothing went wrong, but the answer is no (`atout hand check`: an illegal card).
    Exit(u8),
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        Failure::Api(e)
    }
}

/// A count and its noun in the language the CLI speaks («1 joueur», «0 manche», «3 spelers»).
pub fn count<N: TryInto<i64>>(n: N, (one, many): (Tr, Tr)) -> String {
    let n: i64 = n.try_into().unwrap_or(i64::MAX);
    format!("{n} {}", Tr::after(n, one, many).get(lang()))
}

/// The nouns the commands count, singular and plural.
pub const PLAYERS: (Tr, Tr) = (Tr::new("player", "joueur", "speler"), Tr::new("players", "joueurs", "spelers"));
pub const ROUNDS: (Tr, Tr) = (Tr::new("round", "manche", "ronde"), Tr::new("rounds", "manches", "ronden"));
pub const TOURNAMENTS: (Tr, Tr) = (Tr::new("tournament", "tournoi", "toernooi"), Tr::new("tournaments", "tournois", "toernooien"));
pub const LINES: (Tr, Tr) = (Tr::new("line", "ligne", "lijn"), Tr::new("lines", "lignes", "lijnen"));

/// A JSON file's text, without the byte order mark Windows' Notepad starts its files with
/// (UTF-16 too, as Notepad saves "Unicode"); a file that is not UTF-8 text is refused saying so.
pub fn read(path: &Path) -> Result<String, Failure> {
    let bytes = read_bytes(path)?;
    let text = atout_api::text::json_text(&bytes, &path.display().to_string())?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The most a file given to a command may hold: no document, list, archive or hand record
/// comes near it (a federation's evening of 250 players is a few MB). A file past it is
/// refused as it is read, not once read whole (`/dev/zero` filled the memory).
pub const FILE_MAX: u64 = 64 * 1024 * 1024;

pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    // Said in the user's language, as the api says a file it cannot open.
    let failed = |source| Failure::Api(atout_api::ApiError::File { path: path.display().to_string(), source });
    let mut bytes = vec![];
    std::fs::File::open(path).and_then(|f| f.take(FILE_MAX + 1).read_to_end(&mut bytes)).map_err(failed)?;
    if bytes.len() as u64 > FILE_MAX {
        let (p, mb) = (path.display(), FILE_MAX / (1024 * 1024));
        return Err(Failure::Api(atout_api::ApiError::invalid(atout_api::rules::said!(
            "{p} is larger than {mb} MB: no file Atout reads is as large (is it the right file?)",
            "{p} dépasse {mb} Mo : aucun fichier que lit Atout n'est aussi grand (est-ce le bon fichier ?)",
            "{p} is groter dan {mb} MB: geen bestand dat Atout leest is zo groot (is het het juiste bestand?)"
        ))));
    }
    Ok(bytes)
}

/// An argument given as JSON (settings): refused in the user's language (serde's English
/// stood behind «erreur :»).
pub fn parse_json(text: &str) -> Result<Value, Failure> {
    atout_api::rules::unique_json(text.as_bytes()).map_err(|e| {
        let atout_api::rules::Said { en, fr, nl } = atout_api::rules::unread(&e);
        Failure::Api(atout_api::ApiError::invalid(atout_api::rules::said!("not JSON: {en}", "pas du JSON : {fr}", "geen JSON: {nl}")))
    })
}

/// A line of a sheet (or a ruling, `rule` saying which) typed as JSON text: text that does
/// not read as JSON is refused under the rule a line's shape answers to, as the api refuses
/// a line that reads but is not one (exit 2, the rule named), not as a mistyped command.
pub fn parse_line(text: &str, rule: atout_api::rules::Rule) -> Result<Value, Failure> {
    atout_api::rules::unique_json(text.as_bytes()).map_err(|e| {
        let atout_api::rules::Said { en, fr, nl } = atout_api::rules::unread(&e);
        let said = atout_api::rules::said!("the line is not JSON: {en}", "la ligne n'est pas du JSON : {fr}", "de lijn is geen JSON: {nl}");
        Failure::Api(atout_api::ApiError::refused_said(Default::default(), rule, said))
    })
}

pub fn json(v: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(v).expect("serializable")
}

/// A value as JSON (`--format json`), or as the command's own text.
pub fn show<T: serde::Serialize>(v: &T, format: Output, text: impl FnOnce(&T)) {
    match format {
        Output::Json => outln!("{}", json(v)),
        Output::Table => text(v),
    }
}
