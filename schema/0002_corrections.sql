-- Atout database, version 2: the corrections real evenings need, still insert-only.
--
-- A removed sheet line (an undone last line, or lines cut when a sheet is replaced
-- by a shorter one) is a `deals` row whose entry is JSON null: no new table needed.

-- A first dealer corrected after the draw; the latest row holds.
CREATE TABLE table_dealers (
    id           INTEGER PRIMARY KEY,
    table_id     INTEGER NOT NULL REFERENCES tables(id),
    change_id    INTEGER NOT NULL REFERENCES changes(id),
    first_dealer INTEGER NOT NULL
);
CREATE INDEX table_dealers_table ON table_dealers(table_id, id);

-- A jury ruling withdrawn (the ruling row itself stays).
CREATE TABLE ruling_withdrawals (
    ruling_id INTEGER PRIMARY KEY REFERENCES rulings(id),
    change_id INTEGER NOT NULL REFERENCES changes(id)
);

-- When an entrant plays: `from_round` for a late entry, `withdrawn_from` for a
-- withdrawal (the first round they no longer play). The latest row holds.
CREATE TABLE entrant_status (
    id             INTEGER PRIMARY KEY,
    entrant_id     INTEGER NOT NULL REFERENCES entrants(id),
    change_id      INTEGER NOT NULL REFERENCES changes(id),
    from_round     INTEGER,
    withdrawn_from INTEGER
);
CREATE INDEX entrant_status_entrant ON entrant_status(entrant_id, id);

CREATE TRIGGER table_dealers_no_update BEFORE UPDATE ON table_dealers BEGIN SELECT RAISE(ABORT, 'append-only: table_dealers'); END;
CREATE TRIGGER table_dealers_no_delete BEFORE DELETE ON table_dealers BEGIN SELECT RAISE(ABORT, 'append-only: table_dealers'); END;
CREATE TRIGGER ruling_withdrawals_no_update BEFORE UPDATE ON ruling_withdrawals BEGIN SELECT RAISE(ABORT, 'append-only: ruling_withdrawals'); END;
CREATE TRIGGER ruling_withdrawals_no_delete BEFORE DELETE ON ruling_withdrawals BEGIN SELECT RAISE(ABORT, 'append-only: ruling_withdrawals'); END;
CREATE TRIGGER entrant_status_no_update BEFORE UPDATE ON entrant_status BEGIN SELECT RAISE(ABORT, 'append-only: entrant_status'); END;
CREATE TRIGGER entrant_status_no_delete BEFORE DELETE ON entrant_status BEGIN SELECT RAISE(ABORT, 'append-only: entrant_status'); END;
