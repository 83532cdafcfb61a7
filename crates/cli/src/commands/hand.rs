//! The tools that need no tournament: `atout hand …` (the jury's hand checker and claim
//! checker) and `atout cribbage score` (the hand calculator).

use crate::output::{json, read, Failure, Output};
use clap::Subcommand;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum HandCmd {
    /// Replay a hand record (FORMAT.md "Hand records") card by card: the first illegal
    /// card (trick, seat, card, rule, the cards allowed) and the figures the cards give.
    /// Exit 0 when every card is legal and the line's figures, if given, match; 2 otherwise.
    /// The words and the cards in the jury's language (R♦, H♦, K♦); the JSON in FORMAT.md's.
    Check {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// fr, nl or en (default: the system's language).
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
    },
    /// Judge a claim (FORMAT.md "Claims"): the record's play stops where the claim was
    /// made; with every card known and the other seats playing together against the
    /// claimer's side, is it sure of at least (or held to at most) N of the tricks left?
    /// Exit 0 when the claim holds; 2 when it fails or the record is refused; 3 when the
    /// search stopped at its budget (about ten seconds) without deciding.
    // One claim, either way (without one, both are named as the choice).
    #[command(group = clap::ArgGroup::new("claim").required(true).args(["at_least", "at_most"]))]
    Claim {
        file: PathBuf,
        /// The seat that claims (its side: the seat, or a Rikken pair's two seats).
        #[arg(long)]
        seat: usize,
        /// The side takes at least this many of the tricks still to play.
        #[arg(long, allow_negative_numbers = true, value_parser = tricks)]
        at_least: Option<usize>,
        /// The side takes at most this many of the tricks still to play.
        #[arg(long, allow_negative_numbers = true, value_parser = tricks)]
        at_most: Option<usize>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// fr, nl or en (default: the system's language): the words and the cards (R♦, H♦, K♦).
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
    },
    /// The most and the fewest of the tricks left that the seat's side can be sure of,
    /// from where the record stands (the start when it plays no card); for a finished deal,
    /// from the first card too, and whether each card played gave a trick away.
    Solve {
        file: PathBuf,
        /// The seat whose side is counted.
        #[arg(long)]
        seat: usize,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// fr, nl or en (default: the system's language): the words and the cards (R♦, H♦, K♦).
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
    },
}

#[derive(Subcommand)]
pub enum CribbageCmd {
    /// Score a hand of 2 to 5 tiles (A, 2 … 10, J, Q, K; a 6 used as a 9 is 9): the
    /// fifteens, runs and pairs, then the total alone on the last line.
    Score {
        /// The tiles of the hand.
        #[arg(required = true, num_args = 1..)]
        tiles: Vec<String>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

/// The jury's language: as asked, else the system's.
fn lang_of(lang: Option<&str>) -> atout_api::rules::Lang {
    atout_api::rules::Lang::parse(&atout_api::print::print_lang(lang))
}

pub fn run(cmd: HandCmd) -> Result<(), Failure> {
    match cmd {
        HandCmd::Check { file, format, lang } => {
            let checked = atout_api::hands::hand_check_in(&read(&file)?, lang_of(lang.as_deref()))?;
            match format {
                Output::Json => outln!("{}", json(&checked.verdict)),
                Output::Table => checked.said.iter().for_each(|line| outln!("{line}")),
            }
            if checked.settled {
                Ok(())
            } else {
                Err(Failure::Exit(2))
            }
        }
        HandCmd::Claim { file, seat, at_least, at_most, format, lang } => {
            let text = read(&file)?;
            refused_as_checked(&text, format)?;
            let asked = lang.as_deref().map(|l| lang_of(Some(l)));
            let answer = atout_api::hands::hand_claim_asked(&text, seat, at_least, at_most).map_err(|e| in_lang(e, asked))?;
            match format {
                Output::Json => outln!("{}", json(&answer)),
                Output::Table => atout_api::hands::claim_words(&text, &answer, lang_of(lang.as_deref()), &[])?.iter().for_each(|line| outln!("{line}")),
            }
            match answer.holds {
                Some(true) => Ok(()),
                Some(false) => Err(Failure::Exit(2)),
                None => Err(Failure::Exit(3)),
            }
        }
        HandCmd::Solve { file, seat, format, lang } => {
            let text = read(&file)?;
            refused_as_checked(&text, format)?;
            let asked = lang.as_deref().map(|l| lang_of(Some(l)));
            let answer = atout_api::hands::hand_solve(&text, seat).map_err(|e| in_lang(e, asked))?;
            match format {
                Output::Json => outln!("{}", json(&answer)),
                Output::Table => atout_api::hands::solve_words(&text, &answer, lang_of(lang.as_deref()), &[])?.iter().for_each(|line| outln!("{line}")),
            }
            Ok(())
        }
    }
}

/// The api's refusal, said in the language asked (`--lang`), else in the system's.
fn in_lang(e: atout_api::ApiError, asked: Option<atout_api::rules::Lang>) -> Failure {
    match asked {
        Some(lang) => Failure::ApiIn(e, lang),
        None => Failure::Api(e),
    }
}

/// A record the claim checker refuses for its cards (an illegal card so far, cards dealt
/// wrong) is answered in JSON as `hand check` answers it (FORMAT.md "Claims": "the same JSON
/// error"), exit 2; in words, the refusal names its rule on stderr as any other.
fn refused_as_checked(text: &str, format: Output) -> Result<(), Failure> {
    if !matches!(format, Output::Json) {
        return Ok(());
    }
    let checked = atout_api::hands::hand_check(text)?;
    if checked.verdict["legal"] == false {
        outln!("{}", json(&checked.verdict));
        return Err(Failure::Exit(2));
    }
    Ok(())
}

pub fn cribbage(cmd: CribbageCmd) -> Result<(), Failure> {
    let CribbageCmd::Score { tiles, format } = cmd;
    let score = atout_api::calculator_score(&tiles)?;
    match format {
        Output::Json => outln!("{}", json(&score)),
        Output::Table => {
            let tiles = score["tiles"].as_array().into_iter().flatten().filter_map(serde_json::Value::as_str).collect::<Vec<_>>().join(" ");
            outln!("{:<10}{tiles}", crate::output::word("hand", "main", "hand"));
            // Each part as the rules say it, in the language the CLI speaks.
            let code = crate::output::lang().code();
            for p in score["parts"].as_array().into_iter().flatten() {
                let name = p["name"][code].as_str().or(p["name"]["en"].as_str()).unwrap_or("").to_lowercase();
                outln!("{name:<11} {} × {} = {}", p["count"], p["each"], p["points"]);
            }
            outln!("{}", score["points"]);
        }
    }
    Ok(())
}

/// A number of tricks claimed: a whole number, 0 or more (−1 was taken for an option, and
/// clap answered with its usage).
fn tricks(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if n < 0 => Err(format!("a claim counts tricks, 0 or more: not {n}")),
        Ok(n) => usize::try_from(n).map_err(|_| format!("{n} tricks: too many")),
        Err(_) => Err(format!("a claim counts tricks, a whole number 0 or more: not «{text}»")),
    }
}
