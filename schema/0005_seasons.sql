-- Atout database, version 5: seasons (RULES.md §6 "Seasons") and the players an
-- archive's import could not be sure of, still insert-only.

CREATE TABLE seasons (
    id        INTEGER PRIMARY KEY,
    change_id INTEGER NOT NULL REFERENCES changes(id),
    name      TEXT NOT NULL
);

-- A season's settings; the latest holds (the first is written with the season).
CREATE TABLE season_settings (
    id        INTEGER PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    settings  TEXT NOT NULL
);
CREATE INDEX season_settings_season ON season_settings(season_id, id);

-- A tournament put in a season (`present` 1) or taken out again (0): the latest row
-- of a pair holds. `archive` is the fingerprint of an imported archive (another
-- club's exported evening), so the same archive imported twice changes nothing.
CREATE TABLE season_tournaments (
    id            INTEGER PRIMARY KEY,
    season_id     INTEGER NOT NULL REFERENCES seasons(id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    change_id     INTEGER NOT NULL REFERENCES changes(id),
    present       INTEGER NOT NULL CHECK (present IN (0, 1)),
    archive       TEXT
);
CREATE INDEX season_tournaments_season ON season_tournaments(season_id, tournament_id, id);

-- An imported player the import could not tell from a registered one (`candidate`):
-- for the secretary to settle once.
CREATE TABLE player_doubts (
    id           INTEGER PRIMARY KEY,
    player_id    INTEGER NOT NULL REFERENCES players(id),
    candidate_id INTEGER NOT NULL REFERENCES players(id),
    change_id    INTEGER NOT NULL REFERENCES changes(id)
);

-- The secretary's word on two players: the same person (`same` 1: `player_id` counts
-- as `other_id` wherever players are matched across tournaments) or two people (0).
-- The latest row of a pair holds.
CREATE TABLE player_links (
    id        INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    other_id  INTEGER NOT NULL REFERENCES players(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    same      INTEGER NOT NULL CHECK (same IN (0, 1)),
    CHECK (player_id <> other_id)
);
CREATE INDEX player_links_pair ON player_links(player_id, other_id, id);

CREATE TRIGGER seasons_no_update BEFORE UPDATE ON seasons BEGIN SELECT RAISE(ABORT, 'append-only: seasons'); END;
CREATE TRIGGER seasons_no_delete BEFORE DELETE ON seasons BEGIN SELECT RAISE(ABORT, 'append-only: seasons'); END;
CREATE TRIGGER season_settings_no_update BEFORE UPDATE ON season_settings BEGIN SELECT RAISE(ABORT, 'append-only: season_settings'); END;
CREATE TRIGGER season_settings_no_delete BEFORE DELETE ON season_settings BEGIN SELECT RAISE(ABORT, 'append-only: season_settings'); END;
CREATE TRIGGER season_tournaments_no_update BEFORE UPDATE ON season_tournaments BEGIN SELECT RAISE(ABORT, 'append-only: season_tournaments'); END;
CREATE TRIGGER season_tournaments_no_delete BEFORE DELETE ON season_tournaments BEGIN SELECT RAISE(ABORT, 'append-only: season_tournaments'); END;
CREATE TRIGGER player_doubts_no_update BEFORE UPDATE ON player_doubts BEGIN SELECT RAISE(ABORT, 'append-only: player_doubts'); END;
CREATE TRIGGER player_doubts_no_delete BEFORE DELETE ON player_doubts BEGIN SELECT RAISE(ABORT, 'append-only: player_doubts'); END;
CREATE TRIGGER player_links_no_update BEFORE UPDATE ON player_links BEGIN SELECT RAISE(ABORT, 'append-only: player_links'); END;
CREATE TRIGGER player_links_no_delete BEFORE DELETE ON player_links BEGIN SELECT RAISE(ABORT, 'append-only: player_links'); END;
