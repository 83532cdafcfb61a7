//! The club's results website (`atout publish`): plain HTML pages, an Atom feed and an
//! iCalendar file, from data the api gathers. Pure: it returns each file's path (relative,
//! `/`-separated, inside the site) and its bytes; the api decides what is written.
//!
//! Layout: `index.html` is the club's page in the club's language, and every page also
//! exists in each other language as `index.<lang>.html` beside it; `evening-<id>/`, `season-<id>/`
//! and `player-<id>/` each hold a page. Links are relative and stay inside the site; nothing
//! is loaded from elsewhere; nothing needs JavaScript. Every text from the database is
//! escaped.

use std::fmt::Write;

/// A text in every language: English, French, Dutch.
pub type Words = [String; 3];

pub const LANGS: [&str; 3] = ["en", "fr", "nl"];

/// The pages' layout: raised whenever what a page shows changes, so that publishing rewrites
/// every evening rather than keep pages made by an earlier layout.
pub const LAYOUT: u32 = 6;

fn index_of(lang: &str) -> usize {
    LANGS.iter().position(|l| *l == lang).unwrap_or(0)
}

#[derive(Clone, Debug, Default)]
pub struct Site {
    /// The site's identity (a UUID, kept from one publishing to the next): its feed's and
    /// its calendar's, so that two clubs' feeds and calendars never merge.
    pub id: String,
    /// The club's language: `index.html` pages are in it.
    pub lang: String,
    pub evenings: Vec<EveningPage>,
    pub seasons: Vec<SeasonPage>,
    pub players: Vec<PlayerPage>,
    pub upcoming: Vec<Upcoming>,
}

#[derive(Clone, Debug, Default)]
pub struct EveningPage {
    pub id: i64,
    pub name: String,
    pub game: Words,
    pub date: Option<String>,
    /// Rounds still open (the ranking is provisional), and when the standings last changed (local time) and in UTC.
    pub provisional: bool,
    pub computed_local: String,
    pub computed_utc: String,
    pub table_points: bool,
    pub ranking: Vec<RankRow>,
    /// Players who never played: listed apart, no place.
    pub withdrawn: Vec<String>,
    pub rounds: Vec<RoundPage>,
    pub standings_json: String,
    pub standings_csv: String,
    /// Unchanged since the last publishing: its own files are kept as they are (only what
    /// the club's page and the feed say of it is given).
    pub kept: bool,
    /// What its pages were made from (the publishing's manifest keeps it).
    pub fingerprint: String,
}

#[derive(Clone, Debug, Default)]
pub struct RankRow {
    pub place: usize,
    pub shared: bool,
    pub player: Option<i64>,
    pub name: String,
    pub club: String,
    pub table_points: Option<String>,
    pub score: i64,
    pub best_round: Option<i64>,
    /// What separated this player from the one above, who had the same main value.
    pub decided_by: Option<Words>,
    /// A late entry: the round they joined; a withdrawal: the first round they no longer play.
    pub joined_round: Option<i64>,
    pub withdrawn_from: Option<i64>,
}

#[derive(Clone, Debug, Default)]
pub struct RoundPage {
    pub number: i64,
    pub tables: Vec<TablePage>,
    /// The players with a bye this round (their page, if published), and what a bye is
    /// worth: table points, or (ranked by score) a score.
    pub byes: Vec<(String, Option<i64>)>,
    pub bye_worth: String,
}

#[derive(Clone, Debug, Default)]
pub struct TablePage {
    pub number: i64,
    pub seats: Vec<(String, Option<i64>)>,
    pub complete: bool,
    /// A line or a ruling is written: a table without either shows its players only (its
    /// empty sheet's figures, a tie of table points, were shown as a result).
    pub started: bool,
    pub lines: Vec<LineRow>,
    pub totals: Vec<i64>,
    /// Each ruling: its words, its points, and whether it is a sanction (said so, as on paper).
    pub rulings: Vec<(Words, Vec<i64>, bool)>,
    pub scores: Vec<i64>,
    pub points: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct LineRow {
    pub line: usize,
    pub label: Words,
    pub who: Words,
    pub points: Vec<String>,
    /// Written again after it was first entered (the log keeps every version).
    pub corrected: bool,
    /// Voided: it counts for nothing.
    pub void: bool,
}

#[derive(Clone, Debug, Default)]
pub struct SeasonPage {
    pub id: i64,
    pub name: String,
    /// What counts: the best N evenings, at least M played.
    pub counts: Words,
    /// Each evening: its id, name, date, and whether it is still being played (its places,
    /// counted as they stand, may change).
    pub evenings: Vec<(i64, String, Option<String>, bool)>,
    pub rows: Vec<SeasonRow>,
    pub clubs: Vec<(usize, bool, String, String)>,
    /// Each leader's total after each evening, for the chart.
    pub leaders: Vec<(String, Vec<f64>)>,
}

#[derive(Clone, Debug, Default)]
pub struct SeasonRow {
    pub place: usize,
    pub shared: bool,
    pub qualified: bool,
    /// The player's page (none: kept off the site).
    pub player: Option<i64>,
    pub name: String,
    pub club: String,
    pub total: String,
    /// Per evening of the season: the points, and whether they count (none: not played).
    pub results: Vec<Option<(String, bool)>>,
    /// What set the player below the one above on the same total (RULES.md §6's order).
    pub decided_by: Option<Words>,
}

/// A place, and whether it is shared (none: no place, a player who never played).
pub type Place = Option<(usize, bool)>;
/// Where a player stands in one evening of their page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EveningStanding {
    /// A place, and whether it is shared.
    Placed(usize, bool),
    /// Seated, but nothing is written at their table yet: no place so far.
    NotStarted,
    /// Withdrawn before playing a round.
    Withdrawn,
}

/// An evening on a player's page: its id, name, date, where the player stands, the main value.
pub type PlayerEvening = (i64, String, Option<String>, EveningStanding, String);
/// A season on a player's page: its id, name, the player's place, their total.
pub type PlayerSeason = (i64, String, Place, String);

#[derive(Clone, Debug, Default)]
pub struct PlayerPage {
    pub id: i64,
    pub name: String,
    pub club: String,
    pub evenings: Vec<PlayerEvening>,
    pub seasons: Vec<PlayerSeason>,
    pub average_place: Option<f64>,
}

#[derive(Clone, Debug, Default)]
pub struct Upcoming {
    pub id: i64,
    pub name: String,
    pub date: String,
    pub game: Words,
    /// When the evening was last changed (UTC, RFC 3339): its calendar entry's stamp.
    pub changed_utc: String,
}

/// Escaped for HTML text and attribute values.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The site's words, in every language.
fn w(key: &'static str, lang: usize) -> &'static str {
    let all: [&str; 3] = match key {
        "title" => ["Club results", "Résultats du club", "Uitslagen van de club"],
        // What stands between a name and what follows it: French spaces its colon.
        "colon" => [": ", " : ", ": "],
        "evenings" => ["Evenings", "Soirées", "Avonden"],
        "seasons" => ["Seasons", "Saisons", "Seizoenen"],
        "evening" => ["Evening", "Soirée", "Avond"],
        "season" => ["Season", "Saison", "Seizoen"],
        "upcoming" => ["Evenings to come", "Soirées à venir", "Komende avonden"],
        "players" => ["Players", "Joueurs", "Spelers"],
        "place" => ["Place", "Place", "Plaats"],
        "name" => ["Name", "Nom", "Naam"],
        "club" => ["Club", "Club", "Club"],
        "table_points" => ["Table points", "Points de table", "Tafelpunten"],
        "score" => ["Score", "Score", "Score"],
        "best_round" => ["Best round", "Meilleure manche", "Beste ronde"],
        "decided" => ["Tie broken by", "Départagé par", "Gelijkstand beslist door"],
        "ranking" => ["Ranking", "Classement", "Rangschikking"],
        "provisional" => {
            ["Provisional: rounds are still being played.", "Provisoire : des manches sont encore en cours.", "Voorlopig: er worden nog ronden gespeeld."]
        }
        "final" => ["Final ranking.", "Classement final.", "Eindrangschikking."],
        "computed" => ["Standings as of", "Classement mis à jour le", "Stand op"],
        "withdrawn" => ["Withdrawn before playing (no place)", "Retirés avant de jouer (sans place)", "Teruggetrokken voor ze speelden (geen plaats)"],
        "round" => ["Round", "Manche", "Ronde"],
        "table" => ["Table", "Table", "Tafel"],
        "line" => ["Line", "Ligne", "Lijn"],
        "game" => ["Game", "Jeu", "Spel"],
        // A sheet's column: what each line played (the window's and the paper's word).
        "line_game" => ["Game", "Jeu", "Contract"],
        "totals" => ["Totals", "Totaux", "Totalen"],
        "round_scores" => ["Round scores", "Scores de la manche", "Rondescores"],
        "corrected" => ["corrected", "corrigée", "verbeterd"],
        "void" => ["void", "annulée", "ongeldig"],
        "open" => ["being played", "en cours", "wordt gespeeld"],
        "done" => ["final", "final", "definitief"],
        "download" => ["Standings as data", "Classement en données", "Stand als gegevens"],
        "season_ranking" => ["Season ranking", "Classement de la saison", "Seizoensrangschikking"],
        "club_ranking" => ["Clubs", "Clubs", "Clubs"],
        "total" => ["Total", "Total", "Totaal"],
        "qualified" => ["qualified", "qualifié", "gekwalificeerd"],
        "not_qualified" => ["not yet qualified", "pas encore qualifié", "nog niet gekwalificeerd"],
        "not_counted" => ["does not count", "ne compte pas", "telt niet"],
        "chart" => ["The leaders' totals after each evening", "Les totaux des premiers après chaque soirée", "De totalen van de leiders na elke avond"],
        "average" => ["Average place", "Place moyenne", "Gemiddelde plaats"],
        "date" => ["Date", "Date", "Datum"],
        "points" => ["Points", "Points", "Punten"],
        "home" => ["Club results", "Résultats du club", "Uitslagen van de club"],
        "languages" => ["Other languages", "Autres langues", "Andere talen"],
        "feed" => ["Feed of published evenings (Atom)", "Fil des soirées publiées (Atom)", "Feed van de gepubliceerde avonden (Atom)"],
        "calendar" => ["Calendar of the evenings (iCalendar)", "Calendrier des soirées (iCalendar)", "Kalender van de avonden (iCalendar)"],
        "none" => ["None yet.", "Aucune pour l'instant.", "Nog geen."],
        "sheets" => ["Tables and sheets", "Tables et feuilles", "Tafels en bladen"],
        "ruling" => ["Ruling", "Décision", "Beslissing"],
        "sanction" => ["Sanction", "Sanction", "Sanctie"],
        "withdrawn_short" => ["withdrawn", "retiré", "teruggetrokken"],
        "not_started_short" => ["not started", "pas commencé", "nog niet begonnen"],
        "not_started" => ["not started", "pas encore commencée", "nog niet begonnen"],
        "bye" => ["Bye", "Exempt", "Vrij"],
        "byes" => ["Byes", "Exempts", "Vrij"],
        // What a bye is worth, as the standings count it.
        "bye_points" => ["{n} table points", "{n} points de table", "{n} tafelpunten"],
        "bye_score" => ["score {n}", "score {n}", "score {n}"],
        _ => [key, key, key],
    };
    all[lang]
}

const LANG_NAMES: [&str; 3] = ["English", "Français", "Nederlands"];

/// Where a page is: its folder ("" for the site's root).
fn page_file(folder: &str, lang: usize, default: bool) -> String {
    let file = if default { "index.html".to_string() } else { format!("index.{}.html", LANGS[lang]) };
    if folder.is_empty() {
        file
    } else {
        format!("{folder}/{file}")
    }
}

/// A link from a page in `from` (a folder, "" the root) to the page of `to`, in the same language.
fn href(from: &str, to: &str, lang: usize, default: bool) -> String {
    let up = if from.is_empty() { "" } else { "../" };
    esc(&format!("{up}{}", page_file(to, lang, default)))
}

const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;margin:0 auto;max-width:60rem;padding:.8rem;color:#1a1a1a;background:#fff;line-height:1.45}\
a{color:#0b4f8a}a:focus{outline:3px solid #0b4f8a;outline-offset:2px}\
nav{display:flex;flex-wrap:wrap;gap:.3rem 1rem;font-size:.95rem;margin-bottom:.6rem}\
h1{font-size:1.5rem;margin:.4rem 0}h2{font-size:1.2rem;margin:1.2rem 0 .4rem}h3{font-size:1.05rem;margin:1rem 0 .3rem}\
.scroll{overflow-x:auto;max-width:100%;margin:.3rem 0 .8rem}\
table{border-collapse:separate;border-spacing:0;border-top:1px solid #8a8a8a;border-left:1px solid #8a8a8a;font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:600;padding:.2rem 0}\
th,td{border-right:1px solid #8a8a8a;border-bottom:1px solid #8a8a8a;padding:.25rem .45rem;text-align:left;vertical-align:top}td.num,th.num{text-align:right}\
thead th{background:#eef0f2}\
.pl{position:sticky;left:0;box-sizing:border-box;width:4.5rem;min-width:4.5rem;max-width:4.5rem;background:#fff;z-index:1}\
.sticky{position:sticky;left:0;background:#fff;z-index:1}.pl+.sticky{left:4.5rem}thead .sticky,thead .pl{background:#eef0f2}\
.note{color:#3d3d3d;font-size:.92rem}.who{display:block;color:#3d3d3d;font-size:.88rem;font-weight:normal}\
.tag{font-size:.8rem;border:1px solid #555;border-radius:3px;padding:0 .25rem;margin-left:.3rem;white-space:nowrap}\
.void th{text-decoration:line-through;color:#555}.void th .who,.void th .tag{display:inline-block;width:auto;text-decoration:none}.void th .who{width:100%}.void td.num:not(.pl){font-style:italic}\
.chart{display:block}\
.club-in{display:none}@media (max-width:40rem){th.club,td.club{display:none}.club-in{display:block}}\
@media print{nav,.langs,.data{display:none}body{max-width:none;padding:0}a{color:#000;text-decoration:none}.scroll{overflow:visible}}";

/// A player's club under their name, shown on a phone's narrow screen in place of the club's
/// column (the figures began past the screen's right edge).
fn club_under(club: &str) -> String {
    if club.is_empty() {
        String::new()
    } else {
        format!("<span class=\"who club-in\">{}</span>", esc(club))
    }
}

fn page(lang: usize, club: usize, folder: &str, title: &str, body: &str) -> String {
    let default = lang == club;
    let mut langs = String::new();
    for (i, l) in LANGS.iter().enumerate() {
        if i != lang {
            let _ = write!(langs, " <a href=\"{}\" hreflang=\"{l}\" lang=\"{l}\">{}</a>", esc(&page_file("", i, i == club)), LANG_NAMES[i]);
        }
    }
    let up = if folder.is_empty() { "" } else { "../" };
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang_code}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n<link rel=\"alternate\" type=\"application/atom+xml\" href=\"{up}feed.xml\" title=\"{feed}\">\n<style>{STYLE}</style>\n</head>\n<body>\n<nav aria-label=\"{home}\"><a href=\"{home_href}\">{home}</a><a href=\"{up}feed.xml\">{feed}</a><a href=\"{up}calendar.ics\">{calendar}</a><span class=\"langs\">{langs_label}{langs_colon}{langs}</span></nav>\n<main>\n{body}</main>\n</body>\n</html>\n",
        langs_colon = w("colon", lang).trim_end(),
        lang_code = LANGS[lang],
        title = esc(title),
        feed = w("feed", lang),
        calendar = w("calendar", lang),
        home = w("home", lang),
        home_href = href(folder, "", lang, default),
        langs_label = w("languages", lang),
    )
}

fn place_text(place: usize, shared: bool) -> String {
    if shared {
        format!("{place}=")
    } else {
        place.to_string()
    }
}

/// A stored date (`2026-11-22`, or a local time `2026-11-22 20:15:03`) as each language writes
/// it, as the window does: 2026-11-22, 22/11/2026, 22-11-2026 (the time as it is).
pub fn date_in(stored: &str, lang: usize) -> String {
    let (day, rest) = stored.split_at(stored.len().min(10));
    let parts: Vec<&str> = day.split('-').collect();
    let day = match (lang, parts.as_slice()) {
        (1, [y, m, d]) => format!("{d}/{m}/{y}"),
        (2, [y, m, d]) => format!("{d}-{m}-{y}"),
        _ => day.to_string(),
    };
    format!("{day}{rest}")
}

/// A figure given as text ("22.5") as the page's language writes it ("22,5" in French and
/// Dutch), escaped; any other text only escaped.
fn figure(text: &str, lang: usize) -> String {
    if lang != 0 && text.contains('.') && text.parse::<f64>().is_ok() {
        esc(&text.replace('.', ","))
    } else {
        esc(text)
    }
}

/// A decimal to one place as each language writes it (2.5, 2,5), a half rounded up as a
/// reader does by hand (an average place of 6.25 is 6.3; formatting alone gave 6.2).
fn decimal(x: f64, lang: usize) -> String {
    let text = format!("{:.1}", (x * 10.0).round() / 10.0);
    if lang == 0 {
        text
    } else {
        text.replace('.', ",")
    }
}

fn date_or_dash(date: &Option<String>, lang: usize) -> String {
    date.as_deref().map(|d| esc(&date_in(d, lang))).unwrap_or_else(|| "—".into())
}

fn evening_folder(id: i64) -> String {
    format!("evening-{id}")
}
fn season_folder(id: i64) -> String {
    format!("season-{id}")
}
fn player_folder(id: i64) -> String {
    format!("player-{id}")
}

fn player_link(from: &str, id: Option<i64>, name: &str, lang: usize, default: bool) -> String {
    match id {
        Some(id) => format!("<a href=\"{}\">{}</a>", href(from, &player_folder(id), lang, default), esc(name)),
        None => esc(name),
    }
}

fn index_page(site: &Site, lang: usize, club: usize) -> String {
    let default = lang == club;
    let mut b = String::new();
    let _ = writeln!(b, "<h1>{}</h1>", w("title", lang));
    let _ = writeln!(b, "<h2 id=\"evenings\">{}</h2>", w("evenings", lang));
    if site.evenings.is_empty() {
        let _ = writeln!(b, "<p>{}</p>", w("none", lang));
    } else {
        let _ = writeln!(
            b,
            "<div class=\"scroll\"><table><caption>{}</caption><thead><tr><th scope=\"col\" class=\"sticky\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
            w("evenings", lang),
            w("name", lang),
            w("date", lang),
            w("game", lang),
            w("ranking", lang)
        );
        for e in &site.evenings {
            // Said either way: a blank cell read as nothing known.
            let status = if e.provisional { w("open", lang) } else { w("done", lang) };
            let _ = writeln!(
                b,
                "<tr><th scope=\"row\" class=\"sticky\"><a href=\"{}\">{}</a></th><td>{}</td><td>{}</td><td>{}</td></tr>",
                href("", &evening_folder(e.id), lang, default),
                esc(&e.name),
                date_or_dash(&e.date, lang),
                esc(&e.game[lang]),
                status
            );
        }
        b.push_str("</tbody></table></div>\n");
    }
    let _ = writeln!(b, "<h2 id=\"seasons\">{}</h2>", w("seasons", lang));
    if site.seasons.is_empty() {
        let _ = writeln!(b, "<p>{}</p>", w("none", lang));
    } else {
        b.push_str("<ul>\n");
        for s in &site.seasons {
            let _ = writeln!(b, "<li><a href=\"{}\">{}</a></li>", href("", &season_folder(s.id), lang, default), esc(&s.name));
        }
        b.push_str("</ul>\n");
    }
    let _ = writeln!(b, "<h2 id=\"upcoming\">{}</h2>", w("upcoming", lang));
    if site.upcoming.is_empty() {
        let _ = writeln!(b, "<p>{}</p>", w("none", lang));
    } else {
        b.push_str("<ul>\n");
        for u in &site.upcoming {
            let _ = writeln!(b, "<li>{} — {} ({})</li>", esc(&date_in(&u.date, lang)), esc(&u.name), esc(&u.game[lang]));
        }
        b.push_str("</ul>\n");
    }
    let _ = writeln!(b, "<h2 id=\"players\">{}</h2>", w("players", lang));
    b.push_str("<ul>\n");
    for p in &site.players {
        // The club beside the name: two players of one name are told apart.
        let club = if p.club.is_empty() { String::new() } else { format!(" <span class=\"note\">({})</span>", esc(&p.club)) };
        let _ = writeln!(b, "<li>{}{club}</li>", player_link("", Some(p.id), &p.name, lang, default));
    }
    b.push_str("</ul>\n");
    page(lang, club, "", w("title", lang), &b)
}

fn evening_page(e: &EveningPage, lang: usize, club: usize) -> String {
    let default = lang == club;
    let folder = evening_folder(e.id);
    let mut b = String::new();
    let _ = writeln!(b, "<h1>{}</h1>", esc(&e.name));
    let _ = writeln!(b, "<p>{} · {}</p>", esc(&e.game[lang]), date_or_dash(&e.date, lang));
    let _ = writeln!(
        b,
        "<p class=\"note\"><strong>{}</strong> {} {}.</p>",
        if e.provisional { w("provisional", lang) } else { w("final", lang) },
        w("computed", lang),
        esc(&date_in(&e.computed_local, lang))
    );
    let _ = writeln!(b, "<h2>{}</h2>", w("ranking", lang));
    let _ = write!(
        b,
        "<div class=\"scroll\"><table><caption>{} — {}</caption><thead><tr><th scope=\"col\" class=\"num pl\">{}</th><th scope=\"col\" class=\"sticky\">{}</th><th scope=\"col\" class=\"club\">{}</th>",
        w("ranking", lang),
        esc(&e.name),
        w("place", lang),
        w("name", lang),
        w("club", lang)
    );
    if e.table_points {
        let _ = write!(b, "<th scope=\"col\" class=\"num\">{}</th>", w("table_points", lang));
    }
    let _ = writeln!(
        b,
        "<th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        w("score", lang),
        w("best_round", lang),
        w("decided", lang)
    );
    for r in &e.ranking {
        let _ = write!(
            b,
            "<tr><td class=\"num pl\">{}</td><th scope=\"row\" class=\"sticky\">{}{}{}</th><td class=\"club\">{}</td>",
            place_text(r.place, r.shared),
            player_link(&folder, r.player, &r.name, lang, default),
            // A late entry or a withdrawal, as the printed ranking says it: the rounds not played.
            {
                let notes = crate::entry_notes(r.joined_round, r.withdrawn_from, LANGS[lang]);
                if notes.is_empty() {
                    String::new()
                } else {
                    format!("<span class=\"who\">{}</span>", esc(&notes.join("; ")))
                }
            },
            club_under(&r.club),
            esc(&r.club)
        );
        if e.table_points {
            let _ = write!(b, "<td class=\"num\">{}</td>", figure(r.table_points.as_deref().unwrap_or(""), lang));
        }
        let _ = writeln!(
            b,
            "<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            r.score,
            r.best_round.map(|x| x.to_string()).unwrap_or_default(),
            r.decided_by.as_ref().map(|d| esc(&d[lang])).unwrap_or_default()
        );
    }
    b.push_str("</tbody></table></div>\n");
    if !e.withdrawn.is_empty() {
        let names: Vec<String> = e.withdrawn.iter().map(|n| esc(n)).collect();
        let _ = writeln!(b, "<p class=\"note\">{}{}{}</p>", w("withdrawn", lang), w("colon", lang), names.join(", "));
    }
    let _ = writeln!(
        b,
        "<p class=\"data\">{}{}<a href=\"standings.json\">standings.json</a> · <a href=\"standings.csv\">standings.csv</a></p>",
        w("download", lang),
        w("colon", lang)
    );
    let _ = writeln!(b, "<h2>{}</h2>", w("sheets", lang));
    for round in &e.rounds {
        let _ = writeln!(b, "<h3 id=\"round-{}\">{} {}</h3>", round.number, w("round", lang), round.number);
        if !round.byes.is_empty() {
            // Where a bye's points come from: the ranking counts them, no table shows them.
            let names: Vec<String> = round.byes.iter().map(|(name, id)| player_link(&folder, *id, name, lang, default)).collect();
            let label = w(if names.len() == 1 { "bye" } else { "byes" }, lang);
            let worth = w(if e.table_points { "bye_points" } else { "bye_score" }, lang).replace("{n}", &figure(&round.bye_worth, lang));
            let _ = writeln!(b, "<p class=\"note\" id=\"round-{}-byes\">{label} ({worth}){}{}</p>", round.number, w("colon", lang), names.join(", "));
        }
        for t in &round.tables {
            table_html(&mut b, &folder, round.number, t, lang, default);
        }
    }
    page(lang, club, &folder, &e.name, &b)
}

fn table_html(b: &mut String, folder: &str, round: i64, t: &TablePage, lang: usize, default: bool) {
    let state = match (t.complete, t.started) {
        (true, _) => String::new(),
        (false, true) => format!(" — {}", w("open", lang)),
        (false, false) => format!(" — {}", w("not_started", lang)),
    };
    let _ = write!(
        b,
        "<div class=\"scroll\"><table id=\"r{round}-t{}\"><caption>{} {round}, {} {}{state}</caption><thead><tr><th scope=\"col\" class=\"num pl\">{}</th><th scope=\"col\" class=\"sticky\">{}</th>",
        t.number,
        w("round", lang),
        w("table", lang),
        t.number,
        w("line", lang),
        w("line_game", lang)
    );
    for (name, id) in &t.seats {
        let _ = write!(b, "<th scope=\"col\" class=\"num\">{}</th>", player_link(folder, *id, name, lang, default));
    }
    b.push_str("</tr></thead><tbody>\n");
    if !t.started {
        b.push_str("</tbody></table></div>\n");
        return;
    }
    for l in &t.lines {
        let mut tags = String::new();
        if l.corrected {
            let _ = write!(tags, "<span class=\"tag\">{}</span>", w("corrected", lang));
        }
        if l.void {
            let _ = write!(tags, "<span class=\"tag\">{}</span>", w("void", lang));
        }
        let who = if l.who[lang].is_empty() { String::new() } else { format!("<span class=\"who\">{}</span>", esc(&l.who[lang])) };
        let _ = write!(
            b,
            "<tr{}><td class=\"num pl\">{}</td><th scope=\"row\" class=\"sticky\">{}{tags}{who}</th>",
            if l.void { " class=\"void\"" } else { "" },
            l.line,
            esc(&l.label[lang])
        );
        for p in &l.points {
            let _ = write!(b, "<td class=\"num\">{}</td>", figure(p, lang));
        }
        b.push_str("</tr>\n");
    }
    let row = |b: &mut String, head: &str, cells: &[String]| {
        let _ = write!(b, "<tr><th scope=\"row\" colspan=\"2\" class=\"sticky\">{}</th>", head);
        for c in cells {
            let _ = write!(b, "<td class=\"num\">{}</td>", figure(c, lang));
        }
        b.push_str("</tr>\n");
    };
    row(b, w("totals", lang), &t.totals.iter().map(|x| x.to_string()).collect::<Vec<_>>());
    for (words, points, sanction) in &t.rulings {
        let cells: Vec<String> = points.iter().map(|p| if *p > 0 { format!("+{p}") } else { p.to_string() }).collect();
        // One ruling a row, a sanction said so (every row read «Rulings:», sanctions too).
        let kind = if *sanction { w("sanction", lang) } else { w("ruling", lang) };
        row(b, &format!("{}{}{}", kind, w("colon", lang), esc(&words[lang])), &cells);
    }
    row(b, w("round_scores", lang), &t.scores.iter().map(|x| x.to_string()).collect::<Vec<_>>());
    if !t.points.is_empty() {
        row(b, w("table_points", lang), &t.points);
    }
    b.push_str("</tbody></table></div>\n");
}

/// The season's chart: each leader's total after each evening, as lines, every line labelled
/// at its end (the names, not the colours, tell them apart).
/// The most characters of a name a chart's label says.
const CHART_NAME: usize = 36;

fn chart_svg(s: &SeasonPage, lang: usize) -> String {
    let evenings = s.leaders.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    if evenings == 0 || s.leaders.is_empty() {
        return String::new();
    }
    // From the lowest total to the highest, zero included: a score-sum season goes below zero.
    let low = s.leaders.iter().flat_map(|(_, v)| v.iter().copied()).fold(0.0_f64, f64::min);
    let top = s.leaders.iter().flat_map(|(_, v)| v.iter().copied()).fold(low + 1.0, f64::max).max(0.0);
    let amount = |v: f64| {
        let v = format!("{v:.2}");
        figure(v.trim_end_matches('0').trim_end_matches('.'), lang)
    };
    // Each line's label: the name (a very long one shortened, the table below says it whole)
    // and the total, as the page's language writes a figure; the chart as wide as they need.
    let label = |name: &str, total: f64| {
        let name = if name.chars().count() > CHART_NAME {
            format!("{}…", name.chars().take(CHART_NAME - 1).collect::<String>().trim_end())
        } else {
            name.to_string()
        };
        format!("{} {}", esc(&name), amount(total))
    };
    let labels: Vec<String> = s.leaders.iter().map(|(name, v)| label(name, v.last().copied().unwrap_or(0.0))).collect();
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64;
    let right = (longest * 7.4 + 16.0).max(120.0);
    let (width, height, left, pad) = (450.0 + right, 260.0, 40.0, 20.0);
    // One evening: its points beside their labels, at the right end.
    let x = |i: usize| if evenings > 1 { left + i as f64 * (width - left - right) / (evenings - 1) as f64 } else { width - right };
    let y = |v: f64| height - pad - (v - low) / (top - low) * (height - 2.0 * pad);
    let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 4"];
    let mut out = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" aria-labelledby=\"chart-title\"><title id=\"chart-title\">{}</title>",
        esc(w("chart", lang))
    );
    let _ = write!(out, "<line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#555\"/><text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">0</text><text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>", y(0.0), width - right, y(0.0), left - 4.0, y(0.0) + 4.0, left - 4.0, y(top) + 4.0, amount(top));
    if low < 0.0 {
        let _ = write!(out, "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>", left - 4.0, y(low) + 4.0, amount(low));
    }
    let mut ends: Vec<(f64, String)> = vec![];
    for (i, (_, totals)) in s.leaders.iter().enumerate() {
        let points: Vec<String> = totals.iter().enumerate().map(|(k, v)| format!("{:.1},{:.1}", x(k), y(*v))).collect();
        let _ = write!(
            out,
            "<polyline fill=\"none\" stroke=\"#1f3b57\" stroke-width=\"2\" stroke-dasharray=\"{}\" points=\"{}\"/>",
            dashes[i % dashes.len()],
            points.join(" ")
        );
        // A mark at every evening: a season of one evening still shows where each leader stands.
        for (k, v) in totals.iter().enumerate() {
            let _ = write!(out, "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"#1f3b57\"/>", x(k), y(*v));
        }
        if let Some(last) = totals.last() {
            ends.push((y(*last), labels[i].clone()));
        }
    }
    // Labels at the lines' ends, pushed apart so that none lies on another.
    ends.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut at = f64::MIN;
    // (The labels are escaped already: `figure` escapes, the name is escaped here.)
    for (yy, label) in ends {
        let yy = yy.max(at + 14.0);
        at = yy;
        let _ = write!(out, "<text x=\"{}\" y=\"{:.1}\" font-size=\"12\" dominant-baseline=\"middle\">{}</text>", width - right + 6.0, yy, label);
    }
    out.push_str("</svg>");
    out
}

fn season_page(s: &SeasonPage, lang: usize, club: usize) -> String {
    let default = lang == club;
    let folder = season_folder(s.id);
    let mut b = String::new();
    let _ = writeln!(b, "<h1>{}</h1>", esc(&s.name));
    let _ = writeln!(b, "<p class=\"note\">{}</p>", esc(&s.counts[lang]));
    let _ = write!(
        b,
        "<div class=\"scroll\"><table><caption>{} — {}</caption><thead><tr><th scope=\"col\" class=\"num pl\">{}</th><th scope=\"col\" class=\"sticky\">{}</th><th scope=\"col\" class=\"club\">{}</th><th scope=\"col\" class=\"num\">{}</th>",
        w("season_ranking", lang),
        esc(&s.name),
        w("place", lang),
        w("name", lang),
        w("club", lang),
        w("total", lang)
    );
    for (id, name, date, open) in &s.evenings {
        let _ = write!(
            b,
            "<th scope=\"col\" class=\"num\"><a href=\"{}\">{}</a>{}{}</th>",
            href(&folder, &evening_folder(*id), lang, default),
            esc(name),
            date.as_deref().map(|d| format!("<br><span class=\"note\">{}</span>", esc(&date_in(d, lang)))).unwrap_or_default(),
            // Still being played: said, as the evening's own page says it.
            if *open { format!("<br><span class=\"tag\">{}</span>", w("open", lang)) } else { String::new() }
        );
    }
    let _ = write!(b, "<th scope=\"col\">{}</th>", w("decided", lang));
    b.push_str("</tr></thead><tbody>\n");
    for r in &s.rows {
        let _ = write!(
            b,
            "<tr><td class=\"num pl\">{}</td><th scope=\"row\" class=\"sticky\">{}{}{}</th><td class=\"club\">{}</td><td class=\"num\">{}</td>",
            place_text(r.place, r.shared),
            player_link(&folder, r.player, &r.name, lang, default),
            // Beside the name, where it has room: in the place's narrow column it was cut.
            if r.qualified { String::new() } else { format!(" <span class=\"tag\">{}</span>", w("not_qualified", lang)) },
            club_under(&r.club),
            esc(&r.club),
            figure(&r.total, lang)
        );
        for x in &r.results {
            match x {
                Some((points, true)) => {
                    let _ = write!(b, "<td class=\"num\">{}</td>", figure(points, lang));
                }
                Some((points, false)) => {
                    let _ = write!(b, "<td class=\"num\">({}) <span class=\"tag\">{}</span></td>", figure(points, lang), w("not_counted", lang));
                }
                None => b.push_str("<td class=\"num\">—</td>"),
            }
        }
        let _ = write!(b, "<td>{}</td>", r.decided_by.as_ref().map(|d| esc(&d[lang])).unwrap_or_default());
        b.push_str("</tr>\n");
    }
    b.push_str("</tbody></table></div>\n");
    if !s.clubs.is_empty() {
        let _ = writeln!(
            b,
            "<h2>{}</h2><div class=\"scroll\"><table><caption>{}</caption><thead><tr><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
            w("club_ranking", lang),
            w("club_ranking", lang),
            w("place", lang),
            w("club", lang),
            w("total", lang)
        );
        for (place, shared, club, total) in &s.clubs {
            let _ = writeln!(
                b,
                "<tr><td class=\"num\">{}</td><th scope=\"row\">{}</th><td class=\"num\">{}</td></tr>",
                place_text(*place, *shared),
                esc(club),
                figure(total, lang)
            );
        }
        b.push_str("</tbody></table></div>\n");
    }
    let chart = chart_svg(s, lang);
    if !chart.is_empty() {
        // In a box of its own that scrolls on a phone: shrunk to the screen, its words could
        // not be read.
        let _ = writeln!(b, "<h2>{}</h2>\n<div class=\"scroll\">{chart}</div>", w("chart", lang));
    }
    page(lang, club, &folder, &s.name, &b)
}

fn player_page(p: &PlayerPage, lang: usize, club: usize) -> String {
    let default = lang == club;
    let folder = player_folder(p.id);
    let mut b = String::new();
    let _ = writeln!(b, "<h1>{}</h1>", esc(&p.name));
    if !p.club.is_empty() {
        let _ = writeln!(b, "<p>{}</p>", esc(&p.club));
    }
    if let Some(avg) = p.average_place {
        let _ = writeln!(b, "<p>{}{}{}</p>", w("average", lang), w("colon", lang), decimal(avg, lang));
    }
    let _ = writeln!(
        b,
        "<div class=\"scroll\"><table><caption>{}</caption><thead><tr><th scope=\"col\" class=\"sticky\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
        w("evenings", lang),
        w("evening", lang),
        w("date", lang),
        w("place", lang),
        w("points", lang)
    );
    for (id, name, date, place, value) in &p.evenings {
        let _ = writeln!(
            b,
            "<tr><th scope=\"row\" class=\"sticky\"><a href=\"{}\">{}</a></th><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            href(&folder, &evening_folder(*id), lang, default),
            esc(name),
            date_or_dash(date, lang),
            match *place {
                EveningStanding::Placed(p, s) => place_text(p, s),
                EveningStanding::NotStarted => w("not_started_short", lang).into(),
                EveningStanding::Withdrawn => w("withdrawn_short", lang).into(),
            },
            figure(value, lang)
        );
    }
    b.push_str("</tbody></table></div>\n");
    if !p.seasons.is_empty() {
        let _ = writeln!(
            b,
            "<div class=\"scroll\"><table><caption>{}</caption><thead><tr><th scope=\"col\" class=\"sticky\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
            w("seasons", lang),
            w("season", lang),
            w("place", lang),
            w("total", lang)
        );
        for (id, name, place, total) in &p.seasons {
            let _ = writeln!(
                b,
                "<tr><th scope=\"row\" class=\"sticky\"><a href=\"{}\">{}</a></th><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
                href(&folder, &season_folder(*id), lang, default),
                esc(name),
                place.map(|(p, s)| place_text(p, s)).unwrap_or_else(|| "—".into()),
                figure(total, lang)
            );
        }
        b.push_str("</tbody></table></div>\n");
    }
    page(lang, club, &folder, &p.name, &b)
}

fn xml(text: &str) -> String {
    esc(text)
}

/// Sixteen bytes as a UUID's text (RFC 9562: 8-4-4-4-12 hexadecimal digits).
pub fn uuid_text(b: &[u8; 16]) -> String {
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

/// A UUID drawn from `text` (RFC 9562's version 8: the first 16 bytes of its SHA-256,
/// version and variant set): the same text, the same UUID.
pub fn uuid_from(text: &str) -> String {
    use sha2::{Digest, Sha256};
    let h = Sha256::digest(text.as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&h[..16]);
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    uuid_text(&b)
}

/// The identity of one thing of the site (`what`: an evening), drawn from the site's: the
/// same at every publishing, another for every site.
fn uuid_of(site: &str, what: &str) -> String {
    uuid_from(&format!("{site}/{what}"))
}

/// The Atom feed (RFC 4287): an entry per published evening, newest first; the club its
/// author, the site's UUID its identity.
fn feed(site: &Site) -> String {
    let lang = index_of(&site.lang);
    let updated = site.evenings.iter().map(|e| e.computed_utc.as_str()).max().unwrap_or("1970-01-01T00:00:00Z");
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">\n<title>{}</title>\n<id>urn:uuid:{}</id>\n<updated>{}</updated>\n<author><name>{}</name></author>\n<link rel=\"alternate\" href=\"index.html\"/>\n",
        LANGS[lang],
        xml(w("title", lang)),
        xml(&site.id),
        xml(updated),
        xml(w("title", lang))
    );
    let mut evenings: Vec<&EveningPage> = site.evenings.iter().collect();
    evenings.sort_by(|a, b| b.computed_utc.cmp(&a.computed_utc));
    for e in evenings {
        let _ = write!(
            out,
            "<entry>\n<title>{}</title>\n<id>urn:uuid:{}</id>\n<updated>{}</updated>\n<link rel=\"alternate\" href=\"{}/index.html\"/>\n<summary>{}</summary>\n</entry>\n",
            xml(&e.name),
            uuid_of(&site.id, &evening_folder(e.id)),
            xml(&e.computed_utc),
            evening_folder(e.id),
            // An evening without a date says its game and its state alone («Kings Cribbage ·  ·
            // Final standings» had an empty place between them).
            xml(&[e.game[lang].as_str(), e.date.as_deref().unwrap_or(""), if e.provisional { w("provisional", lang) } else { w("final", lang) }]
                .iter()
                .filter(|x| !x.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" · "))
        );
    }
    out.push_str("</feed>\n");
    out
}

/// An iCalendar text value: backslash, semicolon, comma and line breaks escaped.
fn ical_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,").replace(['\r', '\n'], " ")
}

/// A UTC time as RFC 3339 writes it (`2026-11-27T20:33:51.123Z`) in iCalendar's form
/// (`20261127T203351Z`); none when it is not one.
fn ical_stamp(utc: &str) -> Option<String> {
    let b = utc.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r.clone()).filter(|d| d.iter().all(u8::is_ascii_digit)).map(|_| &utc[r]);
    let shape = b.len() >= 20 && b[4] == b'-' && b[7] == b'-' && b[10] == b'T' && b[13] == b':' && b[16] == b':' && utc.ends_with('Z');
    shape.then_some(())?;
    Some(format!("{}{}{}T{}{}{}Z", digits(0..4)?, digits(5..7)?, digits(8..10)?, digits(11..13)?, digits(14..16)?, digits(17..19)?))
}

/// The club's dated evenings, to come and played, as whole-day events (RFC 5545; lines end
/// with CRLF). An evening stays once drawn: a member's calendar that subscribed to it lost the
/// evening on its own day, as soon as its first round was drawn, and kept an empty calendar.
fn calendar(site: &Site) -> String {
    let lang = index_of(&site.lang);
    let mut lines = vec!["BEGIN:VCALENDAR".to_string(), "VERSION:2.0".into(), "PRODID:-//Atout//club results//EN".into(), "CALSCALE:GREGORIAN".into()];
    let played = site.evenings.iter().filter_map(|e| Some((e.id, &e.name, e.date.as_deref()?, &e.game, e.computed_utc.as_str())));
    let mut dated: Vec<_> = played.chain(site.upcoming.iter().map(|u| (u.id, &u.name, u.date.as_str(), &u.game, u.changed_utc.as_str()))).collect();
    dated.sort_by(|a, b| (a.2, a.0).cmp(&(b.2, b.0)));
    for (id, name, date, game, changed) in dated {
        let day: String = date.chars().filter(|c| c.is_ascii_digit()).collect();
        if day.len() != 8 {
            continue;
        }
        lines.push("BEGIN:VEVENT".into());
        lines.push(format!("UID:{}@atout", uuid_of(&site.id, &evening_folder(id))));
        // When the evening was last changed: a calendar that holds an older stamp takes the
        // entry again; published again unchanged, the file is the same.
        lines.push(format!("DTSTAMP:{}", ical_stamp(changed).unwrap_or_else(|| format!("{day}T000000Z"))));
        lines.push(format!("DTSTART;VALUE=DATE:{day}"));
        lines.push(format!("SUMMARY:{}", ical_text(&format!("{} ({})", name, game[lang]))));
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    lines.iter().map(|l| folded(l)).collect::<Vec<_>>().join("\r\n") + "\r\n"
}

/// A content line folded as RFC 5545 asks (§3.1): at most 75 octets a line, a longer one
/// going on after CRLF and a space, never within a character.
fn folded(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out
}

/// Every file of the site: its path inside the site and its bytes.
pub fn render(site: &Site) -> Vec<(String, Vec<u8>)> {
    let club = index_of(&site.lang);
    let mut files: Vec<(String, Vec<u8>)> = vec![];
    // Each page once per language: the club's as index.html, the others as index.<lang>.html.
    let mut each = |folder: &str, make: &dyn Fn(usize, usize) -> String| {
        for lang in 0..LANGS.len() {
            files.push((page_file(folder, lang, lang == club), make(lang, club).into_bytes()));
        }
    };
    each("", &|lang, club| index_page(site, lang, club));
    for e in site.evenings.iter().filter(|e| !e.kept) {
        each(&evening_folder(e.id), &|lang, club| evening_page(e, lang, club));
    }
    for s in &site.seasons {
        each(&season_folder(s.id), &|lang, club| season_page(s, lang, club));
    }
    for p in &site.players {
        each(&player_folder(p.id), &|lang, club| player_page(p, lang, club));
    }
    for e in site.evenings.iter().filter(|e| !e.kept) {
        files.push((format!("{}/standings.json", evening_folder(e.id)), e.standings_json.clone().into_bytes()));
        files.push((format!("{}/standings.csv", evening_folder(e.id)), e.standings_csv.clone().into_bytes()));
    }
    files.push(("feed.xml".into(), feed(site).into_bytes()));
    files.push(("calendar.ics".into(), calendar(site).into_bytes()));
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Words {
        [s.to_string(), s.to_string(), s.to_string()]
    }

    #[test]
    fn names_from_the_database_are_shown_never_run() {
        let site = Site {
            lang: "fr".into(),
            evenings: vec![EveningPage {
                id: 1,
                name: "Soirée <b>1</b>".into(),
                game: words("King"),
                ranking: vec![RankRow { place: 1, name: "<script>alert(1)</script>".into(), player: Some(4), ..Default::default() }],
                ..Default::default()
            }],
            ..Default::default()
        };
        let files = render(&site);
        let page = String::from_utf8(files.iter().find(|(p, _)| p == "evening-1/index.html").unwrap().1.clone()).unwrap();
        assert!(!page.contains("<script>"), "{page}");
        assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(page.contains("<html lang=\"fr\">"));
        // The club's page links to the evening in the club's language; the English one to the English page.
        let index = String::from_utf8(files.iter().find(|(p, _)| p == "index.html").unwrap().1.clone()).unwrap();
        assert!(index.contains("href=\"evening-1/index.html\""), "{index}");
        let en = String::from_utf8(files.iter().find(|(p, _)| p == "index.en.html").unwrap().1.clone()).unwrap();
        assert!(en.contains("href=\"evening-1/index.en.html\"") && en.contains("<html lang=\"en\">"));
    }

    /// A score-sum season goes below zero: the chart runs from its lowest total (−730) to its
    /// highest (1384), every point inside the drawing (the first was drawn below it, cut off).
    /// Height 260, 20 each side: y = 240 − (v + 730) / 2114 × 220; 0 at 164.03, −730 at 240.
    #[test]
    fn a_total_below_zero_stays_inside_the_chart() {
        let s = SeasonPage { leaders: vec![("Joséphine".into(), vec![-730.0, -38.0, 1384.0])], ..Default::default() };
        let chart = chart_svg(&s, 1);
        let points = chart.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        let ys: Vec<f64> = points.split(' ').map(|p| p.split(',').nth(1).unwrap().parse().unwrap()).collect();
        assert_eq!(ys, vec![240.0, 168.0, 20.0], "{chart}");
        assert!(chart.contains("y1=\"164.03"), "the zero line: {chart}");
        assert!(chart.contains(">-730<"), "the lowest total labelled: {chart}");
        assert!(chart.contains(">1384<"), "{chart}");
    }

    #[test]
    fn dates_read_as_each_language_writes_them() {
        assert_eq!(date_in("2026-11-22", 0), "2026-11-22");
        assert_eq!(date_in("2026-11-22", 1), "22/11/2026");
        assert_eq!(date_in("2026-11-22 20:15:03", 2), "22-11-2026 20:15:03");
        assert_eq!(decimal(2.5, 1), "2,5");
        // Averages of places: four evenings' 25 / 4 and 29 / 4 round their half up.
        assert_eq!(decimal(25.0 / 4.0, 0), "6.3");
        assert_eq!(decimal(29.0 / 4.0, 1), "7,3");
        assert_eq!(decimal(20.0 / 3.0, 0), "6.7");
        // Half points given as text: «22,5» in French and Dutch, «22.5» in English.
        assert_eq!(figure("22.5", 1), "22,5");
        assert_eq!(figure("-0.5", 2), "-0,5");
        assert_eq!(figure("22.5", 0), "22.5");
        assert_eq!(figure("St. Jan", 1), "St. Jan");
    }

    #[test]
    fn the_calendar_is_rfc_5545_text() {
        let site = Site {
            lang: "en".into(),
            upcoming: vec![Upcoming {
                id: 7,
                name: "Winter, round; 1".into(),
                date: "2026-12-05".into(),
                game: words("Rikken"),
                changed_utc: "2026-11-20T18:04:09.512Z".into(),
            }],
            ..Default::default()
        };
        let files = render(&site);
        let ics = String::from_utf8(files.iter().find(|(p, _)| p == "calendar.ics").unwrap().1.clone()).unwrap();
        assert!(ics.contains("DTSTART;VALUE=DATE:20261205\r\n"), "{ics}");
        // Stamped when the evening was last changed (it was its own date, at midnight).
        assert!(ics.contains("DTSTAMP:20261120T180409Z\r\n"), "{ics}");
        assert_eq!(ical_stamp("2026-11-20T18:04:09Z").as_deref(), Some("20261120T180409Z"));
        assert_eq!((ical_stamp(""), ical_stamp("2026-11-20 18:04:09")), (None, None));
        assert!(ics.contains("SUMMARY:Winter\\, round\\; 1 (Rikken)\r\n"), "{ics}");
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
        // An evening drawn (published) stays in the calendar, under the same identity it had
        // to come, in date order with the others; one with no date is left out.
        let site = Site {
            lang: "en".into(),
            evenings: vec![
                EveningPage { id: 7, name: "Winter 1".into(), date: Some("2026-12-05".into()), game: words("Rikken"), ..Default::default() },
                EveningPage { id: 9, name: "Undated".into(), date: None, game: words("King"), ..Default::default() },
            ],
            upcoming: vec![Upcoming { id: 3, name: "Winter 0".into(), date: "2026-11-28".into(), game: words("King"), changed_utc: String::new() }],
            ..Default::default()
        };
        let ics = String::from_utf8(render(&site).into_iter().find(|(p, _)| p == "calendar.ics").unwrap().1).unwrap();
        let starts: Vec<&str> = ics.split("\r\n").filter(|l| l.starts_with("DTSTART")).collect();
        assert_eq!(starts, ["DTSTART;VALUE=DATE:20261128", "DTSTART;VALUE=DATE:20261205"], "{ics}");
        assert!(ics.contains(&format!("UID:{}@atout\r\n", uuid_of(&site.id, &evening_folder(7)))), "{ics}");
        assert!(!ics.contains("Undated"), "{ics}");
        // A long summary is folded at 75 octets, never within a character, and unfolds whole.
        let long = "Grand Tournoi International de la Fédération Royale Belge des Cartes — Soirée d'hiver";
        let site = Site {
            lang: "fr".into(),
            upcoming: vec![Upcoming { id: 8, name: long.into(), date: "2026-12-05".into(), game: words("Rikken"), changed_utc: String::new() }],
            ..Default::default()
        };
        let files = render(&site);
        let ics = String::from_utf8(files.iter().find(|(p, _)| p == "calendar.ics").unwrap().1.clone()).unwrap();
        assert!(ics.split("\r\n").all(|l| l.len() <= 75), "{ics}");
        assert!(ics.replace("\r\n ", "").contains(&format!("SUMMARY:{long} (Rikken)\r\n")), "{ics}");
    }
}
