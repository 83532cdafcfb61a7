-- Atout database, version 7: the key the jury's device chose for a ruling it wrote, written
-- once in the ruling's own change, so that a retry after a lost answer finds it and writes
-- nothing (a fault the jury writes on a sheet line keeps its key in line_keys, as a table's
-- line does).
CREATE TABLE ruling_keys (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    key       TEXT NOT NULL,
    ruling_id INTEGER NOT NULL REFERENCES rulings(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    code_id   INTEGER REFERENCES device_codes(id),
    PRIMARY KEY (table_id, key)
);

CREATE TRIGGER ruling_keys_no_update BEFORE UPDATE ON ruling_keys BEGIN SELECT RAISE(ABORT, 'append-only: ruling_keys'); END;
CREATE TRIGGER ruling_keys_no_delete BEFORE DELETE ON ruling_keys BEGIN SELECT RAISE(ABORT, 'append-only: ruling_keys'); END;
