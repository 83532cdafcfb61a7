-- Atout database, version 6: a player the secretary marks as not to be published on the
-- club's results website (`published` 0: shown as "—"), or published again (1). The latest
-- row for a player holds; insert-only like everything else.

CREATE TABLE player_publishing (
    id        INTEGER PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id),
    change_id INTEGER NOT NULL REFERENCES changes(id),
    published INTEGER NOT NULL CHECK (published IN (0, 1))
);
CREATE INDEX player_publishing_player ON player_publishing(player_id, id);

CREATE TRIGGER player_publishing_no_update BEFORE UPDATE ON player_publishing BEGIN SELECT RAISE(ABORT, 'append-only: player_publishing'); END;
CREATE TRIGGER player_publishing_no_delete BEFORE DELETE ON player_publishing BEGIN SELECT RAISE(ABORT, 'append-only: player_publishing'); END;
