-- Every record of one tournament with its change: one row per record written,
-- as (change, at, actor, action, reason, kind, round, table, line, after, before).
-- ?1 is the tournament.
WITH tt AS (SELECT t.id, t.number, w.round FROM tables t JOIN draws w ON w.id = t.draw_id WHERE w.tournament_id = ?1),
items AS (
  SELECT change_id, 'tournament' AS kind, NULL AS round, NULL AS tbl, NULL AS line,
         json_object('name', name, 'game', game, 'settings', json(settings)) AS after, NULL AS before
    FROM tournaments WHERE id = ?1
  UNION ALL
  SELECT s.change_id, 'settings', NULL, NULL, NULL, s.settings,
         coalesce((SELECT p.settings FROM tournament_settings p WHERE p.tournament_id = s.tournament_id AND p.id < s.id ORDER BY p.id DESC LIMIT 1),
                  (SELECT settings FROM tournaments WHERE id = s.tournament_id))
    FROM tournament_settings s WHERE s.tournament_id = ?1
  UNION ALL
  SELECT e.change_id, 'entrant', NULL, NULL, NULL,
         json_object('player', e.code, 'name', (SELECT name FROM player_versions WHERE player_id = e.player_id ORDER BY id DESC LIMIT 1)), NULL
    FROM entrants e WHERE e.tournament_id = ?1
  UNION ALL
  SELECT change_id, 'draw', round, NULL, NULL, json_object('seed', seed, 'repeats', repeats), NULL
    FROM draws WHERE tournament_id = ?1
  UNION ALL
  SELECT d.change_id, 'deal', tt.round, tt.number, d.line, d.entry,
         (SELECT p.entry FROM deals p WHERE p.table_id = d.table_id AND p.line = d.line AND p.id < d.id ORDER BY p.id DESC LIMIT 1)
    FROM deals d JOIN tt ON tt.id = d.table_id
  UNION ALL
  SELECT r.change_id, 'ruling', tt.round, tt.number, NULL, r.entry, NULL FROM rulings r JOIN tt ON tt.id = r.table_id
  UNION ALL
  SELECT x.change_id, 'ruling-withdrawn', tt.round, tt.number, NULL, r.entry, NULL
    FROM ruling_withdrawals x JOIN rulings r ON r.id = x.ruling_id JOIN tt ON tt.id = r.table_id
  UNION ALL
  SELECT x.change_id, 'dealer', tt.round, tt.number, NULL, json_object('first_dealer', x.first_dealer),
         json_object('first_dealer', coalesce((SELECT p.first_dealer FROM table_dealers p WHERE p.table_id = x.table_id AND p.id < x.id ORDER BY p.id DESC LIMIT 1),
                                              (SELECT first_dealer FROM tables WHERE id = x.table_id)))
    FROM table_dealers x JOIN tt ON tt.id = x.table_id
  UNION ALL
  SELECT x.change_id, 'status', NULL, NULL, NULL,
         json_object('player', e.code, 'from_round', x.from_round, 'withdrawn_from', x.withdrawn_from), NULL
    FROM entrant_status x JOIN entrants e ON e.id = x.entrant_id WHERE e.tournament_id = ?1
  UNION ALL
  SELECT x.change_id, 'device', c.round, c.table_number, NULL, json_object('code_revoked', json('true')), NULL
    FROM device_revocations x JOIN device_codes c ON c.id = x.code_id WHERE c.tournament_id = ?1
  UNION ALL
  SELECT l.change_id, 'lock', l.round, l.table_number, NULL, json_object('locked', json(CASE l.locked WHEN 1 THEN 'true' ELSE 'false' END)), NULL
    FROM table_locks l WHERE l.tournament_id = ?1
)
SELECT c.id, c.at, c.actor, c.action, c.reason, i.kind, i.round, i.tbl, i.line, i.after, i.before
  FROM items i JOIN changes c ON c.id = i.change_id
 ORDER BY c.id, i.round, i.tbl, i.line
