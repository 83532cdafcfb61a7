//! The program and its database: opening it (and what to do when it cannot be opened),
//! `atout backup`, `atout backups`, `atout restore`, `atout check`, `atout about`, and
//! `atout games` (what this version scores).

use crate::output::{count, json, lang, say, word, Failure, Output, LINES, ROUNDS, TOURNAMENTS};
use atout_api::rules::said;
use atout_api::Atout;
use clap::Args;
use std::path::Path;

/// The games this version scores, with their variant settings.
#[derive(Args)]
pub struct GamesArgs {
    /// Language of the names: en, fr or nl (default: the system's, as for every message)
    #[arg(long, value_parser = super::LANGS)]
    lang: Option<String>,
    #[arg(long, value_enum, default_value = "table")]
    format: Output,
}

/// The database at `path`, with `by` as the author of its changes; a database that cannot
/// be opened is said, with the latest backup that checks offered in its place.
pub fn open(path: &Path, by: Option<&str>) -> Result<Atout, Failure> {
    // A folder named as the database is a mistake in what was asked, not a damaged file (no
    // backup offered: it would be another database's).
    if path.is_dir() {
        let p = path.display();
        return Err(Failure::Api(atout_api::ApiError::invalid(atout_api::rules::said!(
            "{p} is a folder, not a database file",
            "{p} est un dossier, pas un fichier de base de données",
            "{p} is een map, geen databankbestand"
        ))));
    }
    // (A file from a newer Atout is whole: that Atout opens it, no backup in its place.)
    let mut app = Atout::open(path).map_err(|e| match atout_api::backups::latest_good(path).filter(|_| !e.is_unavailable() && !e.is_newer()) {
        Some(b) => {
            let (p, at) = (&b.path, &b.written_local);
            // Into this database: a database named (`--db`) is named again, or the command
            // as written restored the default one with another's backup.
            let into = if path == Atout::default_db_path() { String::new() } else { format!(" --db {}", typed(&path.display().to_string())) };
            let p_typed = typed(p);
            let said = atout_api::rules::said!(
                "the latest good backup is {p} ({at}); restore it with: atout{into} restore {p_typed}",
                "la dernière sauvegarde valable est {p} ({at}) ; restaurez-la avec : atout{into} restore {p_typed}",
                "de laatste goede back-up is {p} ({at}); zet hem terug met: atout{into} restore {p_typed}"
            );
            Failure::ApiThen(e, said.get(lang()).to_string())
        }
        None => Failure::Api(e),
    })?;
    if let Some(by) = by {
        app.set_actor(by)?;
    }
    Ok(app)
}

/// A path as typed in a command line: quoted when a space or a shell's sign would split or
/// change it — in single quotes on Unix, where nothing inside them is expanded (a `'` written
/// `'\''`), in double quotes on Windows.
fn typed(path: &str) -> String {
    if path.chars().all(|c| c.is_alphanumeric() || "/\\._-:+,@=".contains(c)) {
        path.to_string()
    } else if cfg!(windows) {
        format!("\"{path}\"")
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    }
}

fn print_backup(b: &atout_api::backups::BackupInfo) {
    let holds = match &b.problem {
        Some(p) => format!("{}{}", word("does not check: ", "ne se vérifie pas : ", "klopt niet: "), p.get(lang())),
        None => format!(
            "{}, {}, {}{}{} {}",
            count(b.tournaments, TOURNAMENTS),
            count(b.rounds, ROUNDS),
            count(b.lines, LINES),
            word("; ", " ; ", "; "),
            word("last change", "dernière modification", "laatste wijziging"),
            b.last_change_local.as_deref().unwrap_or("-")
        ),
    };
    // Its kind in words, as the window's Backups screen says it («manual» stood in French).
    let kind = match b.kind {
        "auto" => word("automatic", "automatique", "automatisch"),
        "manual" => word("by hand", "à la main", "met de hand"),
        "before-migration" => word("before an upgrade", "avant une mise à jour", "voor een update"),
        "replaced" => word("replaced by a restore", "remplacée par une restauration", "vervangen bij terugzetten"),
        "damaged" => word("damaged, set aside", "endommagée, mise de côté", "beschadigd, opzij gezet"),
        other => other,
    };
    outln!("{}  {kind:<16} {}  ({holds})", b.written_local, b.path);
}

pub fn backup(app: &mut Atout, file: Option<&Path>, replace: bool) -> Result<(), Failure> {
    let made = match file {
        Some(f) if replace => app.backup_replacing(f)?,
        _ => app.backup(file)?,
    };
    print_backup(&made);
    Ok(())
}

/// The backups beside the database at `db`, which need not open (a damaged database's are
/// what its user looks for: `atout backups` failed with the same damage).
pub fn backups(db: &Path) -> Result<(), Failure> {
    // What the window's recovery screen lists, for a database opened or not.
    let listed = atout_api::backups::Recovery::of(db, None);
    if listed.backups.is_empty() {
        let d = &listed.dir;
        let said = atout_api::rules::said!("no backup in {d}", "aucune sauvegarde dans {d}", "geen back-up in {d}");
        outln!("{}", said.get(lang()));
    }
    listed.backups.iter().for_each(print_backup);
    Ok(())
}

/// A restore works on a database that cannot be opened (damaged, or newer).
pub fn restore(db: &Path, file: &Path) -> Result<(), Failure> {
    let kept = atout_api::backups::restore_into(db, file)?;
    let (file, db) = (file.display(), db.display());
    outln!(
        "{}",
        say(said!(
            "restored {file} into {db}; the replaced content is kept as {kept}",
            "{file} restauré dans {db} ; le contenu remplacé est gardé sous {kept}",
            "{file} teruggezet in {db}; de vervangen inhoud wordt bewaard als {kept}"
        ))
    );
    Ok(())
}

pub fn check(app: &mut Atout) -> Result<(), Failure> {
    outln!("{}", app.check()?);
    Ok(())
}

pub fn about(app: &Atout, fonts: bool) -> Result<(), Failure> {
    let a = app.about();
    if fonts {
        out!("{}", a.font_licence);
        return Ok(());
    }
    outln!("Atout {}", a.version);
    let (database, kb) = (a.database.as_deref().unwrap_or(word("in memory", "en mémoire", "in het geheugen")), a.size_bytes / 1024);
    // The unit as each language writes it, as the window's About says it.
    outln!("{:<12}{database} ({kb} {})", word("database", "base", "databank"), word("KB", "Ko", "kB"));
    outln!("{:<12}{}", word("backups", "sauvegardes", "back-ups"), a.backups.as_deref().unwrap_or("-"));
    if let Some(read_only) = app.read_only() {
        outln!("{}", say(read_only));
    }
    let (licence, font) = (&a.licence, &a.font);
    outln!(
        "{}",
        say(said!(
            "licence     {licence}; printed documents embed the {font} fonts (their licence: atout about --fonts)",
            "licence     {licence} ; les documents imprimés embarquent les polices {font} (leur licence : atout about --fonts)",
            "licentie    {licence}; gedrukte documenten bevatten de lettertypen {font} (hun licentie: atout about --fonts)"
        ))
    );
    Ok(())
}

pub fn games(a: GamesArgs) -> Result<(), Failure> {
    let lang = atout_api::print::print_lang(a.lang.as_deref());
    let games = atout_api::games(&lang);
    match a.format {
        Output::Json => outln!("{}", json(&games)),
        Output::Table => {
            for g in games {
                let seats = if g.seats[0] == g.seats[1] { g.seats[0].to_string() } else { format!("{}–{}", g.seats[0], g.seats[1]) };
                let tables = atout_api::rules::Tr::new("tables of", "tables de", "tafels van").get(atout_api::rules::Lang::parse(&lang));
                outln!("{:<16} {:<16} {tables} {seats}", g.code, g.name);
                for field in g.fields.as_array().into_iter().flatten() {
                    outln!("    {}", field["label"].as_str().unwrap_or(""));
                    for o in field["options"].as_array().into_iter().flatten() {
                        outln!("      {:<48} {}", o["label"].as_str().unwrap_or(""), o["settings"]);
                    }
                }
            }
        }
    }
    Ok(())
}
