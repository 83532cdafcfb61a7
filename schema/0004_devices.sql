-- Atout database, version 4: the table devices (a table's phone or tablet, the
-- jury's), still insert-only.

-- A code that lets a device write: a table's sheet in one round (`table_number`),
-- or the jury's rulings at any table of the tournament (`table_number` NULL).
-- Codes are issued per round and never reused.
CREATE TABLE device_codes (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    change_id     INTEGER NOT NULL REFERENCES changes(id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_number  INTEGER CHECK (table_number IS NULL OR table_number >= 1),
    code          TEXT NOT NULL UNIQUE
);
CREATE INDEX device_codes_round ON device_codes(tournament_id, round, id);

-- A code revoked by the secretary (a lost phone); the code row stays.
CREATE TABLE device_revocations (
    code_id   INTEGER PRIMARY KEY REFERENCES device_codes(id),
    change_id INTEGER NOT NULL REFERENCES changes(id)
);

-- A table's sheet locked against its devices (settled), or unlocked; the latest row holds.
CREATE TABLE table_locks (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    change_id     INTEGER NOT NULL REFERENCES changes(id),
    round         INTEGER NOT NULL CHECK (round >= 1),
    table_number  INTEGER NOT NULL CHECK (table_number >= 1),
    locked        INTEGER NOT NULL CHECK (locked IN (0, 1))
);
CREATE INDEX table_locks_table ON table_locks(tournament_id, round, table_number, id);

-- The key a device chose for a line it wrote: written once, in the line's own
-- change, so that a retry after a lost answer finds it and writes nothing.
CREATE TABLE line_keys (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    key       TEXT NOT NULL,
    line      INTEGER NOT NULL CHECK (line >= 1),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    code_id   INTEGER REFERENCES device_codes(id),
    PRIMARY KEY (table_id, key)
);

CREATE TRIGGER device_codes_no_update BEFORE UPDATE ON device_codes BEGIN SELECT RAISE(ABORT, 'append-only: device_codes'); END;
CREATE TRIGGER device_codes_no_delete BEFORE DELETE ON device_codes BEGIN SELECT RAISE(ABORT, 'append-only: device_codes'); END;
CREATE TRIGGER device_revocations_no_update BEFORE UPDATE ON device_revocations BEGIN SELECT RAISE(ABORT, 'append-only: device_revocations'); END;
CREATE TRIGGER device_revocations_no_delete BEFORE DELETE ON device_revocations BEGIN SELECT RAISE(ABORT, 'append-only: device_revocations'); END;
CREATE TRIGGER table_locks_no_update BEFORE UPDATE ON table_locks BEGIN SELECT RAISE(ABORT, 'append-only: table_locks'); END;
CREATE TRIGGER table_locks_no_delete BEFORE DELETE ON table_locks BEGIN SELECT RAISE(ABORT, 'append-only: table_locks'); END;
CREATE TRIGGER line_keys_no_update BEFORE UPDATE ON line_keys BEGIN SELECT RAISE(ABORT, 'append-only: line_keys'); END;
CREATE TRIGGER line_keys_no_delete BEFORE DELETE ON line_keys BEGIN SELECT RAISE(ABORT, 'append-only: line_keys'); END;
