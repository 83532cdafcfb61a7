-- Atout database, version 3: a tournament's settings can change (a new version,
-- the old ones kept); the latest holds, else the settings it was created with.
CREATE TABLE tournament_settings (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    change_id     INTEGER NOT NULL REFERENCES changes(id),
    settings      TEXT NOT NULL
);
CREATE INDEX tournament_settings_tournament ON tournament_settings(tournament_id, id);
CREATE TRIGGER tournament_settings_no_update BEFORE UPDATE ON tournament_settings BEGIN SELECT RAISE(ABORT, 'append-only: tournament_settings'); END;
CREATE TRIGGER tournament_settings_no_delete BEFORE DELETE ON tournament_settings BEGIN SELECT RAISE(ABORT, 'append-only: tournament_settings'); END;
