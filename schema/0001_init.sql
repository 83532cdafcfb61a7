-- Atout database, version 1.
--
-- Every table is insert-only: a change is a new row, never an UPDATE or DELETE
-- (the triggers at the end refuse both). Each write belongs to one row of
-- `changes`, which says when (UTC, RFC 3339), who, what and why.
-- The current state is the latest row: the latest version of a player, the
-- latest draw of a round, the latest entry of a sheet line.

CREATE TABLE changes (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL,
    actor   TEXT NOT NULL DEFAULT '',
    action  TEXT NOT NULL,
    reason  TEXT NOT NULL DEFAULT ''
);

CREATE TABLE players (
    id        INTEGER PRIMARY KEY,
    change_id INTEGER NOT NULL REFERENCES changes(id)
);

CREATE TABLE player_versions (
    id        INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    name      TEXT NOT NULL,
    club      TEXT NOT NULL DEFAULT '',
    member    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX player_versions_player ON player_versions(player_id, id);

CREATE TABLE tournaments (
    id        INTEGER PRIMARY KEY,
    change_id INTEGER NOT NULL REFERENCES changes(id),
    name      TEXT NOT NULL,
    game      TEXT NOT NULL,
    date      TEXT,
    settings  TEXT NOT NULL DEFAULT '{}',
    extra     TEXT NOT NULL DEFAULT '{}'
);

-- A player entered in a tournament; `code` is the id the exchange document uses.
CREATE TABLE entrants (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    player_id     INTEGER NOT NULL REFERENCES players(id),
    change_id     INTEGER NOT NULL REFERENCES changes(id),
    code          TEXT NOT NULL,
    extra         TEXT NOT NULL DEFAULT '{}',
    UNIQUE (tournament_id, code),
    UNIQUE (tournament_id, player_id)
);

-- The seating of one round. Drawing again adds a draw; the latest one holds.
CREATE TABLE draws (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    change_id     INTEGER NOT NULL REFERENCES changes(id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    seed          TEXT,
    repeats       INTEGER,
    extra         TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX draws_round ON draws(tournament_id, round, id);

CREATE TABLE tables (
    id           INTEGER PRIMARY KEY,
    draw_id      INTEGER NOT NULL REFERENCES draws(id),
    number       INTEGER NOT NULL CHECK (number >= 1),
    first_dealer INTEGER NOT NULL,
    extra        TEXT NOT NULL DEFAULT '{}',
    UNIQUE (draw_id, number)
);

CREATE TABLE seats (
    table_id   INTEGER NOT NULL REFERENCES tables(id),
    seat       INTEGER NOT NULL CHECK (seat >= 1),
    entrant_id INTEGER NOT NULL REFERENCES entrants(id),
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE byes (
    draw_id    INTEGER NOT NULL REFERENCES draws(id),
    entrant_id INTEGER NOT NULL REFERENCES entrants(id),
    PRIMARY KEY (draw_id, entrant_id)
);

-- One line of a score sheet, as the exchange format writes it (JSON).
-- A correction is a new row for the same line.
CREATE TABLE deals (
    id        INTEGER PRIMARY KEY,
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    line      INTEGER NOT NULL CHECK (line >= 1),
    entry     TEXT NOT NULL
);
CREATE INDEX deals_line ON deals(table_id, line, id);

CREATE TABLE rulings (
    id        INTEGER PRIMARY KEY,
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    entry     TEXT NOT NULL
);
CREATE INDEX rulings_table ON rulings(table_id, id);

CREATE TRIGGER changes_no_update BEFORE UPDATE ON changes BEGIN SELECT RAISE(ABORT, 'append-only: changes'); END;
CREATE TRIGGER changes_no_delete BEFORE DELETE ON changes BEGIN SELECT RAISE(ABORT, 'append-only: changes'); END;
CREATE TRIGGER players_no_update BEFORE UPDATE ON players BEGIN SELECT RAISE(ABORT, 'append-only: players'); END;
CREATE TRIGGER players_no_delete BEFORE DELETE ON players BEGIN SELECT RAISE(ABORT, 'append-only: players'); END;
CREATE TRIGGER player_versions_no_update BEFORE UPDATE ON player_versions BEGIN SELECT RAISE(ABORT, 'append-only: player_versions'); END;
CREATE TRIGGER player_versions_no_delete BEFORE DELETE ON player_versions BEGIN SELECT RAISE(ABORT, 'append-only: player_versions'); END;
CREATE TRIGGER tournaments_no_update BEFORE UPDATE ON tournaments BEGIN SELECT RAISE(ABORT, 'append-only: tournaments'); END;
CREATE TRIGGER tournaments_no_delete BEFORE DELETE ON tournaments BEGIN SELECT RAISE(ABORT, 'append-only: tournaments'); END;
CREATE TRIGGER entrants_no_update BEFORE UPDATE ON entrants BEGIN SELECT RAISE(ABORT, 'append-only: entrants'); END;
CREATE TRIGGER entrants_no_delete BEFORE DELETE ON entrants BEGIN SELECT RAISE(ABORT, 'append-only: entrants'); END;
CREATE TRIGGER draws_no_update BEFORE UPDATE ON draws BEGIN SELECT RAISE(ABORT, 'append-only: draws'); END;
CREATE TRIGGER draws_no_delete BEFORE DELETE ON draws BEGIN SELECT RAISE(ABORT, 'append-only: draws'); END;
CREATE TRIGGER tables_no_update BEFORE UPDATE ON tables BEGIN SELECT RAISE(ABORT, 'append-only: tables'); END;
CREATE TRIGGER tables_no_delete BEFORE DELETE ON tables BEGIN SELECT RAISE(ABORT, 'append-only: tables'); END;
CREATE TRIGGER seats_no_update BEFORE UPDATE ON seats BEGIN SELECT RAISE(ABORT, 'append-only: seats'); END;
CREATE TRIGGER seats_no_delete BEFORE DELETE ON seats BEGIN SELECT RAISE(ABORT, 'append-only: seats'); END;
CREATE TRIGGER byes_no_update BEFORE UPDATE ON byes BEGIN SELECT RAISE(ABORT, 'append-only: byes'); END;
CREATE TRIGGER byes_no_delete BEFORE DELETE ON byes BEGIN SELECT RAISE(ABORT, 'append-only: byes'); END;
CREATE TRIGGER deals_no_update BEFORE UPDATE ON deals BEGIN SELECT RAISE(ABORT, 'append-only: deals'); END;
CREATE TRIGGER deals_no_delete BEFORE DELETE ON deals BEGIN SELECT RAISE(ABORT, 'append-only: deals'); END;
CREATE TRIGGER rulings_no_update BEFORE UPDATE ON rulings BEGIN SELECT RAISE(ABORT, 'append-only: rulings'); END;
CREATE TRIGGER rulings_no_delete BEFORE DELETE ON rulings BEGIN SELECT RAISE(ABORT, 'append-only: rulings'); END;
