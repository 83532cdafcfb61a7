//! The club's results website (`atout publish`, the window's "Publish the results"): every
//! evening, season and player as static pages in a folder (rendered by
//! `atout_report::site`), written safely: only inside that folder, never over a file this
//! publishing did not write, only the files whose content changed.

use crate::error::{ApiError, Result};
use crate::Atout;
use atout_report::site::{
    self, EveningPage, EveningStanding, LineRow, PlayerPage, RankRow, RoundPage, SeasonPage, SeasonRow, Site, TablePage, Upcoming, Words,
};
use atout_rules::season::SeasonSettings;
use atout_rules::{said, Lang};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The list of what publishing wrote, kept in the folder: what it may replace or remove.
const MANIFEST: &str = ".atout-published";

#[derive(Clone, Debug, Default, Serialize)]
pub struct Published {
    pub dir: String,
    /// Files written now (new or changed), left as they were, and removed (an evening or a
    /// player gone).
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
    pub evenings: usize,
    pub seasons: usize,
    pub players: usize,
}

/// How names are published.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Privacy {
    /// "Anne D." everywhere.
    pub initials: bool,
}

/// A name as published: the first name and the initial of the rest ("Anne D.") with `initials`.
pub fn published_name(name: &str, privacy: Privacy) -> String {
    if !privacy.initials {
        return name.to_string();
    }
    let initial = |surname: &str| surname.split_whitespace().filter_map(|word| word.chars().next()).find(|c| c.is_alphabetic());
    // A registry's way, the surname first: «Van den Broeck, Marie» and «PEETERS Anne» (the
    // surname in capitals, of three letters or more: «JP Claes» is a first name) are «Marie V.»
    // and «Anne P.» (they kept the surname whole).
    if let Some((surname, given)) = name.split_once(',').filter(|(s, g)| !s.trim().is_empty() && !g.trim().is_empty()) {
        let given = given.split_whitespace().next().unwrap_or_default();
        return initial(surname).map_or_else(|| given.to_string(), |i| format!("{given} {i}."));
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let capitals = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count() >= 3 && w.chars().all(|c| !c.is_lowercase());
    let upper = words.iter().take_while(|w| capitals(w)).count();
    if upper > 0 && upper < words.len() {
        let (surname, given) = (words[..upper].join(" "), words[upper]);
        return initial(&surname).map_or_else(|| given.to_string(), |i| format!("{given} {i}."));
    }
    let Some((first, rest)) = words.split_first() else { return String::new() };
    // The surname's initial is its first word's that starts with a letter: «Jan 't Hooft» is
    // «Jan H.», «Lucas (Luc) Peeters» «Lucas P.».
    match initial(&rest.join(" ")) {
        Some(i) => format!("{first} {i}."),
        None => first.to_string(),
    }
}

/// Every full name replaced by its published form in a text (longest names first, so that
/// "Anne Peeters-Claes" is not half replaced as "Anne Peeters"), as a whole name only: "Marc
/// Smet" kept off the site leaves "Marc Smets" as it is.
struct Masks {
    names: Vec<(String, String)>,
    initials: bool,
    /// The registry's players kept off the site.
    hidden: BTreeSet<i64>,
}

/// Whether `c` continues a name (a letter, a digit or a hyphen: «Smet-Claes»; not an
/// apostrophe, which ends one as in «Marc Smet's» or begins one as in «d'Anne»).
fn in_name(c: char) -> bool {
    c.is_alphanumeric() || c == '-'
}

/// `text` with every whole `full` (not within a longer name) replaced by `shown`.
fn replace_whole(text: &str, full: &str, shown: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (at, _) in text.match_indices(full) {
        let end = at + full.len();
        let starts = text[..at].chars().next_back().is_none_or(|c| !in_name(c));
        let ends = text[end..].chars().next().is_none_or(|c| !in_name(c));
        if at >= from && starts && ends {
            out.push_str(&text[from..at]);
            out.push_str(shown);
            from = end;
        }
    }
    out.push_str(&text[from..]);
    out
}

impl Masks {
    /// A registered player's name where the page knows who it is: "—" for a player kept off
    /// the site, else the name as published — a namesake kept off hides only their own
    /// (free text, which names people by name alone, hides every holder of a hidden name).
    fn player(&self, id: i64, name: &str) -> String {
        if self.hidden.contains(&id) {
            "—".to_string()
        } else {
            published_name(name, Privacy { initials: self.initials })
        }
    }
    /// [`Masks::player`] for a tournament's player named by their code there (`ids`: code
    /// → registry id), by name alone when unknown.
    fn entrant(&self, ids: &HashMap<String, i64>, code: &str, name: &str) -> String {
        match ids.get(code) {
            Some(id) => self.player(*id, name),
            None => self.text(name),
        }
    }
    /// A player's code as another tool wrote it may be made of their name («anne.peeters»):
    /// for a player kept off the site, or one whose name is published as initials and whose
    /// code holds a word of it, the code is published as their page's name (`player-12`),
    /// which says nothing of them. `None`: the code as it is.
    fn code(&self, ids: &HashMap<String, i64>, code: &str, name: &str) -> Option<String> {
        let id = *ids.get(code)?;
        let folded_code = atout_report::folded(code);
        let named = || atout_report::folded(name).split(|c: char| !c.is_alphanumeric()).any(|w| w.chars().count() >= 2 && folded_code.contains(w));
        (self.hidden.contains(&id) || (self.initials && named())).then(|| format!("player-{id}"))
    }
    fn text(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (full, shown) in &self.names {
            if out.contains(full.as_str()) {
                out = replace_whole(&out, full, shown);
            }
        }
        out
    }
    /// A person's name that may not be a registered player's (the jury's who): with
    /// initials, said as initials all the same.
    fn person(&self, name: &str) -> String {
        published_name(&self.text(name), Privacy { initials: self.initials })
    }
    fn words(&self, w: &atout_rules::Said) -> Words {
        [self.text(&w.en), self.text(&w.fr), self.text(&w.nl)]
    }
    /// Every `name` field of a JSON value, a player's (beside its `player` code) as that
    /// player's.
    fn json(&self, v: &mut Value, ids: &HashMap<String, i64>) {
        match v {
            Value::Object(map) => {
                let code = map.get("player").and_then(Value::as_str).map(str::to_string);
                if let (Some(code), Some(name)) = (&code, map.get("name").and_then(Value::as_str)) {
                    if let Some(shown) = self.code(ids, code, name) {
                        map.insert("player".into(), Value::String(shown));
                    }
                }
                for (k, x) in map.iter_mut() {
                    if k == "name" {
                        if let Value::String(s) = x {
                            *s = match &code {
                                Some(code) => self.entrant(ids, code, s),
                                None => self.text(s),
                            };
                        }
                    } else {
                        self.json(x, ids);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|x| self.json(x, ids)),
            _ => {}
        }
    }
}

/// How a season counts, as its page says it: what an evening brings (its ranking value, or
/// the points of a place), which evenings count, how many make a player ranked, and how
/// many of a club's players count (the page said only the middle two: a player could not
/// tell where 25, 20, 16 came from, nor how the clubs were ranked).
fn season_counts(settings: &Value) -> Words {
    let said = SeasonSettings::parse(settings).unwrap_or_default().said();
    let sentence = |t: &str| {
        let mut c = t.chars();
        c.next().map(|first| format!("{}{}.", first.to_uppercase(), c.as_str())).unwrap_or_default()
    };
    [sentence(&said.en), sentence(&said.fr), sentence(&said.nl)]
}

/// A short fingerprint of `text` (the first 8 bytes of its SHA-256, in hex).
fn digest(text: impl AsRef<[u8]>) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_ref()).iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Where the window proposes to publish: `Atout/site` in the user's documents.
pub fn default_site_dir() -> String {
    dirs::document_dir().or_else(dirs::home_dir).unwrap_or_else(std::env::temp_dir).join("Atout").join("site").display().to_string()
}

impl Atout {
    /// Publish every evening, season and player into `dir` (created if missing) as the club's
    /// results website, pages in `lang` first (and in every language beside them).
    pub fn publish(&mut self, dir: &Path, lang: &str, privacy: Privacy) -> Result<Published> {
        // Results with a sheet that no longer checks are not put before the players (its
        // table counted nothing, and the site said the round was still being played).
        let all: Vec<atout_store::Id> = self.tournament_list()?.iter().map(|t| t.id).collect();
        if let Some(e) = self.sheets_broken(&all)? {
            return Err(e);
        }
        let before = Manifest::read(dir)?;
        // The site's identity, the same wherever it is published: drawn at random the first
        // time and kept in the database (a change of its own, `site.identity`), so that its
        // feed and calendar stay the same feed and calendar in another folder too.
        let id = match self.store.first_reason(SITE_IDENTITY)?.filter(|id| !id.is_empty()) {
            Some(id) => id,
            None => {
                let id = new_site_id()?;
                self.store.write(atout_store::Change { actor: &self.actor, action: SITE_IDENTITY, reason: &id }, |_| Ok::<_, ApiError>(()))?;
                id
            }
        };
        let mut site = self.site(Lang::parse(lang).code(), privacy, &before)?;
        site.id = id.clone();
        let files = site::render(&site);
        // An evening unchanged since the last publishing keeps its files as they are.
        let kept: BTreeSet<String> = site
            .evenings
            .iter()
            .filter(|e| e.kept)
            .flat_map(|e| {
                let folder = format!("evening-{}/", e.id);
                before.paths.iter().filter(move |p| p.starts_with(&folder)).cloned().collect::<Vec<_>>()
            })
            .collect();
        let evenings: BTreeMap<i64, String> = site.evenings.iter().map(|e| (e.id, e.fingerprint.clone())).collect();
        let mut done = write_site(dir, &before, &files, &kept, &evenings)?;
        done.evenings = site.evenings.len();
        done.seasons = site.seasons.len();
        done.players = site.players.len();
        Ok(done)
    }

    /// The site's data: what each page shows.
    fn site(&mut self, lang: &str, privacy: Privacy, before: &Manifest) -> Result<Site> {
        let today = chrono::Local::now().date_naive().to_string();
        let tournaments = self.tournament_list()?;
        // One person under two registry numbers (the secretary's «same person», for the
        // seasons): one page, every evening on it, every link to it. The person counts as the
        // earliest registered, as the seasons count them (the site showed both, the season
        // linking to one page without the other's evenings).
        let same = crate::named::canonical(&self.store.player_links()?);
        // Every name as published: "—" for a player the registry marks as not to be published,
        // under any of their numbers (kept off under one, they showed under the other, and
        // its evenings linked to a page not published).
        let mut hidden: BTreeSet<i64> = self.unpublished_players()?.into_iter().collect();
        let off: BTreeSet<i64> = hidden.iter().map(|id| same.get(id).copied().unwrap_or(*id)).collect();
        let off: Vec<i64> = same.iter().filter(|(_, as_id)| off.contains(as_id)).map(|(id, _)| *id).chain(off.iter().copied()).collect();
        hidden.extend(off);
        let mut names: BTreeMap<String, bool> = BTreeMap::new();
        for p in self.players_list()? {
            *names.entry(p.name).or_default() |= hidden.contains(&p.id);
        }
        for t in &tournaments {
            for e in &self.loaded(t.id)?.entrants {
                *names.entry(e.player.name.clone()).or_default() |= hidden.contains(&e.player.id);
            }
        }
        let mut masks: Vec<(String, String)> = names
            .into_iter()
            .map(|(n, hide)| {
                let shown = if hide { "—".to_string() } else { published_name(&n, privacy) };
                (n, shown)
            })
            .filter(|(a, b)| a != b)
            .collect();
        masks.sort_by_key(|m| std::cmp::Reverse(m.0.len()));
        // What an evening's pages depend on beyond its own records: the layout, the language,
        // the names as published.
        let mut context = format!("{}|{lang}|{}|", site::LAYOUT, privacy.initials);
        for (full, shown) in &masks {
            context.push_str(&format!("{full}\u{1f}{shown}\u{1e}"));
        }
        // Who is kept off, by id: of two namesakes, which one.
        for id in &hidden {
            context.push_str(&format!("{id}\u{1e}"));
        }
        for (id, as_id) in same.iter().collect::<BTreeMap<_, _>>() {
            context.push_str(&format!("{id}={as_id}\u{1e}"));
        }
        let context = digest(&context);
        let masks = Masks { names: masks, initials: privacy.initials, hidden: hidden.clone() };
        let registry: HashMap<i64, (String, String)> = self.players_list()?.into_iter().map(|p| (p.id, (p.name, p.club))).collect();
        // A person as published: their earliest registry number, as it names them now.
        let person = |id: i64, name: &str, club: &str| -> (i64, String, String) {
            let as_id = same.get(&id).copied().unwrap_or(id);
            let (name, club) = registry.get(&as_id).cloned().unwrap_or_else(|| (name.to_string(), club.to_string()));
            (as_id, name, club)
        };

        let mut site = Site { lang: lang.to_string(), ..Default::default() };
        let mut players: BTreeMap<i64, PlayerPage> = BTreeMap::new();
        let games: HashMap<String, Words> = ["en", "fr", "nl"].iter().enumerate().fold(HashMap::new(), |mut acc: HashMap<String, Words>, (i, l)| {
            for g in crate::games(l) {
                acc.entry(g.code.to_string()).or_default()[i] = g.name.to_string();
            }
            acc
        });
        for t in &tournaments {
            let tid = t.id.to_string();
            let game = games.get(&t.game).cloned().unwrap_or_else(|| [t.game.clone(), t.game.clone(), t.game.clone()]);
            if t.rounds_drawn == 0 {
                if let Some(date) = t.date.clone().filter(|d| *d >= today) {
                    let changed_utc = self.store.tournament_last_change(t.id)?.map(|(_, at)| at).unwrap_or_default();
                    site.upcoming.push(Upcoming { id: t.id, name: t.name.clone(), date, game, changed_utc });
                }
                continue;
            }
            let (change, at) = self.store.tournament_last_change(t.id)?.unwrap_or_default();
            // Its players as the registry names them now: a name or a club corrected in the
            // registry changes the evening's pages, though none of its records changed.
            let people: String =
                self.loaded(t.id)?.entrants.iter().map(|e| format!("{}\u{1f}{}\u{1f}{}\u{1e}", e.player.id, e.player.name, e.player.club)).collect();
            let fingerprint = format!("{context}-{change}-{}", digest(&people));
            let unchanged = before.evenings.get(&t.id) == Some(&fingerprint) && before.paths.contains(&format!("evening-{}/index.html", t.id));
            let evening = if unchanged {
                self.evening_summary(t, game, &at, fingerprint)?
            } else {
                let mut e = self.evening_page(t, game, &masks, &hidden, &same, &at, lang)?;
                e.fingerprint = fingerprint;
                e
            };
            // Each player's evening, for their page.
            let entrants: HashMap<String, (i64, String, String)> = {
                let l = self.loaded(t.id)?;
                l.entrants
                    .iter()
                    .filter(|e| !hidden.contains(&e.player.id))
                    .map(|e| (e.code.clone(), person(e.player.id, &e.player.name, &e.player.club)))
                    .collect()
            };
            let standings = self.standings(&tid, None)?;
            for r in &standings.rows {
                let Some((pid, name, club)) = entrants.get(&*r.player).filter(|(pid, _, _)| !hidden.contains(pid)) else { continue };
                let page =
                    players.entry(*pid).or_insert_with(|| PlayerPage { id: *pid, name: masks.player(*pid, name), club: club.clone(), ..Default::default() });
                // Seated at a table not started, and nothing else played: no place yet (it read
                // «withdrawn»).
                let (place, value) = if r.rounds.is_empty() && r.withdrawn_from.is_some() {
                    (EveningStanding::Withdrawn, String::new())
                } else if r.rounds.is_empty() {
                    (EveningStanding::NotStarted, "—".to_string())
                } else {
                    (EveningStanding::Placed(r.rank, r.shared), r.table_points.map_or_else(|| r.score_sum.to_string(), |p| p.to_string()))
                };
                page.evenings.push((t.id, t.name.clone(), t.date.clone(), place, value));
            }
            for w in &standings.withdrawn {
                if let Some((pid, name, club)) = entrants.get(&*w.player).filter(|(pid, _, _)| !hidden.contains(pid)) {
                    let page = players.entry(*pid).or_insert_with(|| PlayerPage {
                        id: *pid,
                        name: masks.player(*pid, name),
                        club: club.clone(),
                        ..Default::default()
                    });
                    page.evenings.push((t.id, t.name.clone(), t.date.clone(), EveningStanding::Withdrawn, String::new()));
                }
            }
            site.evenings.push(evening);
        }
        site.evenings.sort_by(|a, b| b.date.cmp(&a.date).then(b.id.cmp(&a.id)));
        site.upcoming.sort_by(|a, b| a.date.cmp(&b.date));

        for s in self.seasons()? {
            let standings = self.season_standings(&s.id.to_string())?;
            let published: BTreeSet<i64> = site.evenings.iter().map(|e| e.id).collect();
            let evenings: Vec<(i64, String, Option<String>, bool)> =
                standings.tournaments.iter().filter(|e| published.contains(&e.id)).map(|e| (e.id, e.name.clone(), e.date.clone(), e.provisional)).collect();
            let rows = standings
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| SeasonRow {
                    // What set the player below the ones above on the same total: more evenings
                    // played, then the best single evening (RULES.md §6), as the evening's page
                    // says its tie-breaks.
                    decided_by: standings.rows[..i]
                        .iter()
                        .rev()
                        .find(|above| above.rank != r.rank)
                        .and_then(|above| {
                            let key = |x: &crate::seasons::SeasonStandingRow| (x.qualified, x.total, x.evenings, x.best);
                            atout_rules::season::decided_by(key(above), key(r))
                        })
                        .map(|tr| [tr.en.to_string(), tr.fr.to_string(), tr.nl.to_string()]),
                    place: r.rank,
                    shared: r.shared,
                    qualified: r.qualified,
                    player: (!hidden.contains(&r.player)).then_some(r.player),
                    name: masks.player(r.player, &r.name),
                    club: r.club.clone(),
                    total: r.total.to_string(),
                    results: evenings
                        .iter()
                        .map(|(id, _, _, _)| r.results.iter().find(|x| x.tournament_id == *id).map(|x| (x.points.to_string(), x.counted)))
                        .collect(),
                })
                .collect::<Vec<_>>();
            for r in &standings.rows {
                if let Some(page) = players.get_mut(&r.player) {
                    page.seasons.push((s.id, s.name.clone(), Some((r.rank, r.shared)), r.total.to_string()));
                }
            }
            site.seasons.push(SeasonPage {
                id: s.id,
                name: s.name.clone(),
                counts: season_counts(&s.settings),
                evenings,
                rows,
                clubs: standings.clubs.iter().map(|c| (c.rank, c.shared, c.club.clone(), c.total.to_string())).collect(),
                leaders: standings
                    .leaders
                    .iter()
                    .map(|l| {
                        // After each published evening (one to come, not drawn yet, is no
                        // point on the chart: the table has no column for it).
                        let totals = l.totals.iter().zip(&standings.tournaments).filter(|(_, e)| published.contains(&e.id));
                        (masks.player(l.player, &l.name), totals.map(|(x, _)| x.to_string().parse::<f64>().unwrap_or(0.0)).collect())
                    })
                    .collect(),
            });
        }
        for p in players.values_mut() {
            let places: Vec<f64> = p
                .evenings
                .iter()
                .filter_map(|e| match e.3 {
                    EveningStanding::Placed(place, _) => Some(place as f64),
                    _ => None,
                })
                .collect();
            p.average_place = (!places.is_empty()).then(|| places.iter().sum::<f64>() / places.len() as f64);
            p.evenings.sort_by(|a, b| b.2.cmp(&a.2).then(b.0.cmp(&a.0)));
        }
        site.players = players.into_values().collect();
        // As people read names: «Ïsa» among the i's, not after «Zoë».
        site.players.sort_by_cached_key(|p| (atout_report::folded(&p.name), p.name.clone(), p.id));
        Ok(site)
    }

    /// An evening unchanged since the last publishing: what the club's page and the feed say of it.
    fn evening_summary(&mut self, t: &crate::TournamentInfo, game: Words, at: &str, fingerprint: String) -> Result<EveningPage> {
        Ok(EveningPage {
            id: t.id,
            name: t.name.clone(),
            game,
            date: t.date.clone(),
            provisional: self.standings_open(t)?,
            computed_local: crate::text::local_time(at),
            computed_utc: at.to_string(),
            kept: true,
            fingerprint,
            ..Default::default()
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn evening_page(
        &mut self,
        t: &crate::TournamentInfo,
        game: Words,
        masks: &Masks,
        hidden: &BTreeSet<i64>,
        same: &HashMap<i64, i64>,
        at: &str,
        lang: &str,
    ) -> Result<EveningPage> {
        let tid = t.id.to_string();
        let standings = self.standings(&tid, None)?;
        let provisional = self.standings_open(t)?;
        let (computed_utc, computed_local) = (at.to_string(), crate::text::local_time(at));
        let corrected: BTreeSet<(i64, i64, i64)> = self.store.corrected_lines(t.id)?.into_iter().collect();
        let clubs: HashMap<String, String> = self.tournament_players(&tid)?.into_iter().map(|e| (e.player, e.club)).collect();
        // Entrants with a page of their own (not the players kept off the site).
        // (A person under two registry numbers links to their one page.)
        let registry: HashMap<String, i64> = self
            .loaded(t.id)?
            .entrants
            .iter()
            .filter(|e| !hidden.contains(&e.player.id))
            .map(|e| (e.code.clone(), same.get(&e.player.id).copied().unwrap_or(e.player.id)))
            .collect();
        // Every entrant's registry id, for the names said as that player's.
        let ids: HashMap<String, i64> = self.loaded(t.id)?.entrants.iter().map(|e| (e.code.clone(), e.player.id)).collect();
        let table_points = standings.rows.iter().any(|r| r.table_points.is_some());
        let chain = {
            let settings = &self.loaded(t.id)?.settings;
            atout_rules::ranking::criteria(settings.ranking, &settings.tie_breaks)
        };
        let mut ranking: Vec<RankRow> = vec![];
        for (i, r) in standings.rows.iter().enumerate() {
            // What set this player below the one above who had the same main value: the
            // first of the tournament's tie-breaks on which they differ (the rules say which).
            // Players sharing a place are compared with the one above them all.
            let decided_by = standings.rows[..i]
                .iter()
                .rev()
                .find(|above| above.rank != r.rank)
                .and_then(|above| atout_rules::ranking::decided_by(&above.totals(), &r.totals(), &chain))
                .map(|k| {
                    let code = serde_json::to_value(k).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
                    let name = atout_rules::settings::VALUE_NAMES.iter().find(|(c, _)| *c == code).map(|(_, tr)| *tr);
                    name.map_or_else(|| [code.clone(), code.clone(), code.clone()], |tr| [tr.en.to_string(), tr.fr.to_string(), tr.nl.to_string()])
                });
            ranking.push(RankRow {
                place: r.rank,
                shared: r.shared,
                player: registry.get(&*r.player).copied(),
                name: masks.entrant(&ids, &r.player, &r.name),
                club: clubs.get(&*r.player).cloned().unwrap_or_default(),
                table_points: r.table_points.map(|p| p.to_string()),
                score: r.score_sum,
                best_round: r.best_round,
                decided_by,
                joined_round: r.joined_round,
                withdrawn_from: r.withdrawn_from,
            });
        }
        // Every table's sheet, read from the loaded tournament: its lines in words (their label
        // and who played them, no more), its rulings and scores.
        let l = self.loaded(t.id)?;
        let uses_points = l.settings.uses_table_points();
        let mut rounds = vec![];
        for round in 1..=t.rounds_drawn {
            let r = l.round(round)?;
            let mut tables = vec![];
            for (table, result) in r.row.tables.iter().zip(&r.results) {
                let seats = l.seat_views(&table.seats);
                let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
                let lines = match &result.sheet {
                    Some(sheet) => sheet
                        .lines
                        .iter()
                        .zip(table.deals.values())
                        .map(|(line, entry)| LineRow {
                            line: line.line,
                            label: masks.words(&l.names.label(&line.label)),
                            // A jury member's name is a person's: initials where the players' are.
                            who: masks.words(&l.names.who_on_sheet(&l.names.persons_shown(entry, |n| masks.person(n)), &names)),
                            points: line
                                .points
                                .iter()
                                .enumerate()
                                .map(|(i, p)| if line.sits_out == Some(i + 1) { "—".into() } else { p.to_string() })
                                .collect(),
                            corrected: corrected.contains(&(round, table.number, line.line as i64)),
                            void: !line.counts,
                        })
                        .collect(),
                    None => vec![],
                };
                tables.push(TablePage {
                    number: table.number,
                    seats: seats.iter().map(|s| (masks.entrant(&ids, &s.player, &s.name), registry.get(&s.player).copied())).collect(),
                    complete: result.complete,
                    started: crate::state::started(table),
                    lines,
                    totals: result.sheet.as_ref().map_or_else(|| vec![0; names.len()], |s| s.totals.clone()),
                    rulings: result
                        .rulings
                        .iter()
                        .map(|r| {
                            let by = if r.by.is_empty() { String::new() } else { format!(" ({})", masks.person(&r.by)) };
                            let reason = masks.text(&r.reason);
                            ([format!("{reason}{by}"), format!("{reason}{by}"), format!("{reason}{by}")], r.points.clone(), r.sanction)
                        })
                        .collect(),
                    scores: result.scores.clone(),
                    points: if uses_points { result.points.iter().map(|p| p.to_string()).collect() } else { vec![] },
                });
            }
            let byes = l.seat_views(&r.row.byes).iter().map(|s| (masks.entrant(&ids, &s.player, &s.name), registry.get(&s.player).copied())).collect();
            let bye_worth = if uses_points { l.settings.bye_table_points().to_string() } else { l.settings.bye.score.to_string() };
            rounds.push(RoundPage { number: round, tables, byes, bye_worth });
        }
        // The standings as files, exactly as `atout standings` gives them (names as published),
        // the CSV in the site's language as `atout standings --lang` writes it (it was English
        // on a French site).
        let mut json = serde_json::to_value(&standings).map_err(|e| ApiError::internal("standings", e))?;
        masks.json(&mut json, &ids);
        let standings_json = serde_json::to_string_pretty(&json).map_err(|e| ApiError::internal("standings", e))? + "\n";
        let mut csv = self.standings_for_print(&tid, None)?;
        masks.json(&mut csv, &ids);
        let standings_csv = atout_report::standings_csv(&csv, &atout_report::Layout::standard(), lang).map_err(|e| ApiError::internal("standings", e))?;
        Ok(EveningPage {
            id: t.id,
            name: t.name.clone(),
            game,
            date: t.date.clone(),
            provisional,
            computed_local,
            computed_utc,
            table_points,
            ranking,
            withdrawn: standings.withdrawn.iter().map(|w| masks.entrant(&ids, &w.player, &w.name)).collect(),
            rounds,
            standings_json,
            standings_csv,
            kept: false,
            fingerprint: String::new(),
        })
    }
}

fn io(path: &Path, source: std::io::Error) -> ApiError {
    ApiError::File { path: path.display().to_string(), source }
}

/// Every file under `dir`, as site paths (`a/b.html`).
fn files_under(dir: &Path, base: &Path, out: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
        let entry = entry.map_err(|e| io(dir, e))?;
        let path = entry.path();
        let kind = entry.file_type().map_err(|e| io(&path, e))?;
        if kind.is_dir() {
            files_under(&path, base, out)?;
        } else {
            let rel = path.strip_prefix(base).unwrap_or(&path).components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/");
            out.push(rel);
        }
    }
    Ok(())
}

/// What the last publishing wrote (`.atout-published`): its files, each evening's
/// fingerprint (what its pages were made from), one per line as `#evening ID FINGERPRINT`,
/// and each file's digest as written, `#sum PATH DIGEST`.
#[derive(Default)]
struct Manifest {
    paths: BTreeSet<String>,
    evenings: BTreeMap<i64, String>,
    sums: BTreeMap<String, String>,
}

/// The action of the change that keeps the published site's identity.
const SITE_IDENTITY: &str = "site.identity";

/// A random UUID (version 4) for a site published for the first time: its feed's and its
/// calendar's identity, kept in the database so that the same site keeps it.
fn new_site_id() -> Result<String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| ApiError::internal("publish", format!("no random bytes for the site's identity: {e}")))?;
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    Ok(atout_report::site::uuid_text(&b))
}

impl Manifest {
    fn read(dir: &Path) -> Result<Manifest> {
        let path = dir.join(MANIFEST);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Manifest::default()),
            Err(e) => return Err(io(&path, e)),
        };
        let mut m = Manifest::default();
        for line in text.lines().filter(|l| !l.is_empty()) {
            if let Some((path, sum)) = line.strip_prefix("#sum ").and_then(|rest| rest.split_once(' ')) {
                m.sums.insert(path.to_string(), sum.to_string());
                continue;
            }
            match line.strip_prefix("#evening ").and_then(|rest| rest.split_once(' ')) {
                Some((id, fp)) => {
                    if let Ok(id) = id.parse() {
                        m.evenings.insert(id, fp.to_string());
                    }
                }
                // A path publishing would never write (one that leaves the folder: `..`, an
                // absolute path) is not one of its files, whoever wrote it into the list.
                None if site_path(line) => {
                    m.paths.insert(line.to_string());
                }
                None => {}
            }
        }
        // An evening with a file no longer there, or no longer as written (changed by hand, cut
        // off), is made again, whatever its fingerprint says: a damaged file of an evening
        // unchanged stayed damaged however often the site was published.
        let (paths, sums) = (&m.paths, &m.sums);
        m.evenings.retain(|id, _| {
            let folder = format!("evening-{id}/");
            paths.iter().filter(|p| p.starts_with(&folder)).all(|p| {
                let file = p.split('/').fold(dir.to_path_buf(), |d, part| d.join(part));
                std::fs::read(file).is_ok_and(|bytes| sums.get(p) == Some(&digest(bytes)))
            })
        });
        Ok(m)
    }

    fn text<'a>(paths: impl Iterator<Item = &'a String>, evenings: &BTreeMap<i64, String>, sums: &BTreeMap<String, String>) -> String {
        let mut out: String = evenings.iter().map(|(id, fp)| format!("#evening {id} {fp}\n")).collect();
        let mut listed = String::new();
        for p in paths {
            listed.push_str(p);
            listed.push('\n');
            if let Some(sum) = sums.get(p) {
                out.push_str(&format!("#sum {p} {sum}\n"));
            }
        }
        out + &listed
    }
}

/// Write the site's files into `dir`: refused when `dir` holds a file publishing did not
/// write (named); a file whose bytes are the same is left alone; `kept` files (an unchanged
/// evening's) stay as they are; a file written before and no longer part of the site is removed.
fn write_site(dir: &Path, manifest: &Manifest, files: &[(String, Vec<u8>)], kept: &BTreeSet<String>, evenings: &BTreeMap<i64, String>) -> Result<Published> {
    let manifest_path = dir.join(MANIFEST);
    let before = &manifest.paths;
    if dir.exists() {
        let mut present = vec![];
        files_under(dir, dir, &mut present)?;
        present.sort();
        if let Some(foreign) = present.iter().find(|p| p.as_str() != MANIFEST && !before.contains(p.as_str())) {
            let (d, f) = (dir.display().to_string(), foreign.clone());
            return Err(ApiError::invalid(said!(
                "{d} holds files publishing did not write (such as {f}): publish into an empty folder, or the one published before",
                "{d} contient des fichiers que la publication n'a pas écrits (par exemple {f}) : publiez dans un dossier vide, ou dans celui publié la fois précédente",
                "{d} bevat bestanden die het publiceren niet schreef (zoals {f}): publiceer in een lege map, of in die van de vorige keer"
            )));
        }
    }
    let mut done = Published { dir: dir.display().to_string(), ..Default::default() };
    let now: BTreeSet<String> = files.iter().map(|(p, _)| p.clone()).chain(kept.iter().cloned()).collect();
    done.unchanged += kept.len();
    // The manifest first lists what may be written (and no evening as unchanged), so that a
    // publishing cut short can be run again.
    let union: BTreeSet<&String> = before.iter().chain(now.iter()).collect();
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    write_if_changed(&manifest_path, Manifest::text(union.into_iter(), &BTreeMap::new(), &BTreeMap::new()).as_bytes())?;
    for (rel, bytes) in files {
        // Paths are the renderer's own (ids and fixed names); nothing may leave the folder.
        if !site_path(rel) {
            return Err(ApiError::internal("publish", format!("a page path leaves the folder: {rel}")));
        }
        let path: PathBuf = rel.split('/').fold(dir.to_path_buf(), |p, part| p.join(part));
        if write_if_changed(&path, bytes)? {
            done.written += 1;
        } else {
            done.unchanged += 1;
        }
    }
    for gone in before.difference(&now) {
        let path: PathBuf = gone.split('/').fold(dir.to_path_buf(), |p, part| p.join(part));
        match std::fs::remove_file(&path) {
            Ok(()) => done.removed += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(&path, e)),
        }
        // Its folder goes too once empty.
        if let Some(parent) = path.parent().filter(|p| *p != dir) {
            let _ = std::fs::remove_dir(parent);
        }
    }
    // Each file's digest as it now stands: a file written now, or kept from before.
    let mut sums: BTreeMap<String, String> = kept.iter().filter_map(|p| Some((p.clone(), manifest.sums.get(p)?.clone()))).collect();
    sums.extend(files.iter().map(|(p, bytes)| (p.clone(), digest(bytes))));
    write_if_changed(&manifest_path, Manifest::text(now.iter(), evenings, &sums).as_bytes())?;
    Ok(done)
}

/// Whether `rel` is a path inside the site's folder, as publishing writes them: plain names
/// joined by `/`, none of them empty, `.` or `..`.
fn site_path(rel: &str) -> bool {
    !rel.split('/').any(|part| part.is_empty() || part == ".." || part == "." || part.contains('\\') || part.contains(':'))
}

/// Write `bytes` to `path` (through a file beside it, renamed) unless it already holds them.
fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<bool> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
    }
    let temp = path.with_extension("atout-tmp");
    std::fs::write(&temp, bytes).map_err(|e| io(&temp, e))?;
    std::fs::rename(&temp, path).map_err(|e| io(path, e))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seasons_best_evening_is_said_as_one() {
        let one = season_counts(&serde_json::json!({"count": {"best": 1}}));
        assert!(one[1].contains(" ; compte : la meilleure soirée de chacun ; "), "{}", one[1]);
        let three = season_counts(&serde_json::json!({"count": {"best": 3}}));
        assert!(three[2].contains("; tellen mee: de beste 3 avonden"), "{}", three[2]);
    }

    /// The page says what an evening brings and how the clubs are ranked, not only which
    /// evenings count (a player could not tell where 25, 20, 16 came from).
    #[test]
    fn a_seasons_page_says_its_points_and_its_clubs() {
        let said = season_counts(&serde_json::json!({"points": [25, 20, 16], "count": {"best": 3}, "min_evenings": 2, "clubs": {"best": 2}}));
        assert_eq!(
            said[0],
            "Points by place: 25 20 16; counted: each player's best 3 evenings; at least 2 evenings to be ranked; a club's best 2 players count."
        );
        assert!(said[1].starts_with("Points par place : 25 20 16 ; ") && said[1].ends_with("les 2 meilleurs joueurs d'un club comptent."), "{}", said[1]);
    }

    #[test]
    fn initials_keep_the_first_name_and_the_surname_s_initial() {
        let on = Privacy { initials: true };
        assert_eq!(published_name("Anne Dubois", on), "Anne D.");
        assert_eq!(published_name("Jean-Pierre Van den Berg", on), "Jean-Pierre V.");
        assert_eq!(published_name("Cher", on), "Cher");
        assert_eq!(published_name("Jan 't Hooft", on), "Jan H.");
        assert_eq!(published_name("Lucas (Luc) Peeters", on), "Lucas P.");
        assert_eq!(published_name("Ïsa \"Zaza\" Ölmez", on), "Ïsa Ö.");
        // The surname first, as registries write it: no surname kept whole.
        assert_eq!(published_name("PEETERS Anne", on), "Anne P.");
        assert_eq!(published_name("VAN DEN BROECK Marie-Claire", on), "Marie-Claire V.");
        assert_eq!(published_name("Van den Broeck, Marie", on), "Marie V.");
        assert_eq!(published_name("O'Brien, Seán", on), "Seán O.");
        assert_eq!(published_name("JP Claes", on), "JP C.");
        assert_eq!(published_name("ANNE", on), "ANNE");
        assert_eq!(published_name("Bo 2", on), "Bo");
        assert_eq!(published_name("Anne Dubois", Privacy::default()), "Anne Dubois");
    }
}
