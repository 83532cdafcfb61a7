//! What a user names by its id or its name (a tournament, a season, a player): found the
//! same way everywhere; and which registered players the secretary said are one person.

use crate::error::ApiError;
use atout_report::folded;
use atout_rules::{said, Rule};
use atout_store::{Id, LinkRow, PlayerRow};
use std::collections::{HashMap, HashSet};

/// What a name or an id found among the candidates.
pub(crate) enum Named<'a, T> {
    One(&'a T),
    Missing,
    /// Several share the name: the user gives the id.
    Several(Vec<&'a T>),
}

/// The candidate whose id is `asked`, else the ones whose name `same` finds equal to it:
/// one is found, none is missing, more than one must be told apart by the id.
pub(crate) fn by_id_or_name<'a, T>(all: &'a [T], asked: &str, id: impl Fn(&T) -> Id, same: impl Fn(&T, &str) -> bool) -> Named<'a, T> {
    let asked = asked.trim();
    if let Some(one) = asked.parse::<Id>().ok().and_then(|n| all.iter().find(|t| id(t) == n)) {
        return Named::One(one);
    }
    let mut named: Vec<&T> = all.iter().filter(|t| same(t, asked)).collect();
    match named.len() {
        0 => Named::Missing,
        1 => Named::One(named.remove(0)),
        _ => Named::Several(named),
    }
}

/// A person named as people name them: by id, by their whole name, else by their first name
/// or their surname alone when only one person has it («Anne» for Anne Peeters) — case,
/// accents and spacing aside.
pub(crate) fn person<'a, T>(all: &'a [T], asked: &str, id: impl Fn(&T) -> Id, name: impl Fn(&T) -> &str) -> Named<'a, T> {
    let folded = atout_report::folded;
    let whole = by_id_or_name(all, asked, &id, |t, a| folded(name(t)) == folded(a));
    if !matches!(whole, Named::Missing) {
        return whole;
    }
    let asked = folded(asked);
    if asked.is_empty() {
        return Named::Missing;
    }
    let (first, last) = (format!("{asked} "), format!(" {asked}"));
    by_id_or_name(all, "", &id, |t, _| {
        let n = folded(name(t));
        n.starts_with(&first) || n.ends_with(&last)
    })
}

/// Who each registered player counts as: the secretary's "same person" links joined,
/// each group counting as its earliest registered player.
pub(crate) fn canonical(links: &[LinkRow]) -> HashMap<Id, Id> {
    let mut parent: HashMap<Id, Id> = HashMap::new();
    fn root(parent: &HashMap<Id, Id>, mut id: Id) -> Id {
        while let Some(p) = parent.get(&id).copied().filter(|p| *p != id) {
            id = p;
        }
        id
    }
    for l in links.iter().filter(|l| l.same) {
        let (a, b) = (root(&parent, l.player), root(&parent, l.other));
        if a != b {
            let (low, high) = if a < b { (a, b) } else { (b, a) };
            parent.insert(high, low);
        }
    }
    let ids: Vec<Id> = parent.keys().copied().collect();
    ids.into_iter().map(|id| (id, root(&parent, id))).collect()
}

/// Two of `players` the secretary said are one person (for the seasons), if any: one
/// evening cannot seat them both, or the season counts that person's evening twice.
pub(crate) fn one_person_twice(links: &[LinkRow], players: impl IntoIterator<Item = Id>) -> crate::error::Result<()> {
    let group = canonical(links);
    let mut seen: HashMap<Id, Id> = HashMap::new();
    for p in players {
        if let Some(other) = seen.insert(*group.get(&p).unwrap_or(&p), p).filter(|o| *o != p) {
            let (a, b) = (other.min(p), other.max(p));
            return Err(ApiError::refused_said(
                Default::default(),
                Rule::PLAYER_TWICE,
                said!(
                    "players {a} and {b} are one person (as said for the seasons): one evening seats only one of them",
                    "les joueurs {a} et {b} sont une seule personne (comme dit pour les saisons) : une soirée n'en accueille qu'un",
                    "spelers {a} en {b} zijn één persoon (zo gezegd voor de seizoenen): een avond telt maar een van beiden"
                ),
            ));
        }
    }
    Ok(())
}

/// `players` in order, each person once: a player the secretary said is the same person
/// as one before in the list is left out.
pub(crate) fn once_each(links: &[LinkRow], players: impl IntoIterator<Item = Id>) -> Vec<Id> {
    let group = canonical(links);
    let mut seen = HashSet::new();
    players.into_iter().filter(|p| seen.insert(*group.get(p).unwrap_or(p))).collect()
}

/// How a document's player is matched to the registry (RULES.md §6): by member number,
/// then by name and club, as a person writes them (accents, case and spaces aside, a member
/// number one side left empty); several or doubtful candidates leave it unsure.
pub(crate) enum Match {
    Known(Id),
    New,
    Unsure(Vec<Id>),
}

pub(crate) fn match_player(registry: &[PlayerRow], used: &HashSet<Id>, name: &str, club: &str, member: &str) -> Match {
    let open: Vec<&PlayerRow> = registry.iter().filter(|r| !used.contains(&r.id)).collect();
    let (name, club, member) = (folded(name), folded(club), member.trim());
    if !member.is_empty() {
        let numbered: Vec<&&PlayerRow> = open.iter().filter(|r| r.member.trim() == member).collect();
        let named: Vec<&&&PlayerRow> = numbered.iter().filter(|r| folded(&r.name) == name).collect();
        match (numbered.as_slice(), named.as_slice()) {
            (_, [one]) => return Match::Known(one.id),
            ([], _) => {}
            (several, _) => return Match::Unsure(several.iter().map(|r| r.id).collect()),
        }
    }
    let same_name: Vec<&&PlayerRow> = open.iter().filter(|r| folded(&r.name) == name).collect();
    let same_club: Vec<&&&PlayerRow> = same_name.iter().filter(|r| folded(&r.club) == club).collect();
    let fitting: Vec<&&&&PlayerRow> = same_club.iter().filter(|r| member.is_empty() || r.member.trim().is_empty()).collect();
    match (same_club.as_slice(), fitting.as_slice()) {
        (_, [one]) if same_club.len() == 1 => Match::Known(one.id),
        ([], _) if same_name.is_empty() => Match::New,
        ([], _) => Match::Unsure(same_name.iter().map(|r| r.id).collect()),
        (several, _) => Match::Unsure(several.iter().map(|r| r.id).collect()),
    }
}

impl Match {
    /// The registered player matched, if sure.
    pub(crate) fn known(&self) -> Option<Id> {
        match self {
            Match::Known(id) => Some(*id),
            _ => None,
        }
    }
}

/// A registered player matched by a list or a document that knows more of them: the club
/// and the member number the registry left empty are taken from it, as a new version of the
/// player (the old one stays in the history). Returns the details as they now stand.
pub(crate) fn filled_in(w: &mut atout_store::Writer<'_>, known: &PlayerRow, club: &str, member: &str) -> Result<PlayerRow, ApiError> {
    let pick = |kept: &str, offered: &str| if kept.trim().is_empty() { offered.trim().to_string() } else { kept.to_string() };
    let now = PlayerRow { id: known.id, name: known.name.clone(), club: pick(&known.club, club), member: pick(&known.member, member) };
    if now != *known {
        w.player_version(now.id, &now.name, &now.club, &now.member)?;
    }
    Ok(now)
}

/// The unsure `matches` written as doubts, each beside the player registered anew for it
/// (`players`, in the same order), for the secretary to settle.
pub(crate) fn doubts_written(w: &mut atout_store::Writer<'_>, matches: &[Match], players: &[Id]) -> Result<(), ApiError> {
    for (m, player) in matches.iter().zip(players) {
        if let Match::Unsure(candidates) = m {
            for c in candidates {
                w.add_player_doubt(*player, *c)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(all: &[(Id, &'static str)], asked: &str) -> Result<Id, Vec<Id>> {
        match by_id_or_name(all, asked, |t| t.0, |t, a| t.1 == a) {
            Named::One(t) => Ok(t.0),
            Named::Missing => Err(vec![]),
            Named::Several(ts) => Err(ts.iter().map(|t| t.0).collect()),
        }
    }

    #[test]
    fn an_id_first_then_a_name_only_one_has() {
        let all = [(1, "Friday"), (2, "Winter"), (3, "Winter"), (4, "2")];
        assert_eq!(find(&all, " Friday "), Ok(1));
        assert_eq!(find(&all, "2"), Ok(2), "an id before a name that reads as one");
        assert_eq!(find(&all, "Winter"), Err(vec![2, 3]), "a shared name is told apart, not missing");
        assert_eq!(find(&all, "Summer"), Err(vec![]));
        assert_eq!(find(&all, "9"), Err(vec![]));
    }

    /// A person by their whole name, else by a first name or a surname only one person has
    /// («--player Anne» found nobody, as the README writes it, with one Anne in the club).
    #[test]
    fn a_person_by_a_first_name_or_a_surname_only_one_has() {
        let all = [(1, "Anne Peeters"), (2, "Bart Maes"), (3, "Marie Maes"), (4, "Émile Dubois"), (5, "Anne")];
        let person = |asked: &str| match person(&all, asked, |t| t.0, |t| t.1) {
            Named::One(t) => Ok(t.0),
            Named::Missing => Err(vec![]),
            Named::Several(ts) => Err(ts.iter().map(|t| t.0).collect()),
        };
        assert_eq!(person("anne peeters"), Ok(1));
        assert_eq!(person("Anne"), Ok(5), "a whole name before a first name");
        assert_eq!(person("Bart"), Ok(2));
        assert_eq!(person("emile"), Ok(4), "accents aside");
        assert_eq!(person("Peeters"), Ok(1));
        assert_eq!(person("Maes"), Err(vec![2, 3]), "a surname two share is told apart by the id");
        assert_eq!(person("Ann"), Err(vec![]), "a part of a name is no name");
        assert_eq!(person("3"), Ok(3));
    }
}
