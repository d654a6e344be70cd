-- Registered player names (api/players.py): a name is a player's once registered, and a
-- match's seat may take it only when its create request presents the player's token. The
-- token is shown once and stored only as its sha256, like a seat's (0003). Unlike the read
-- models, these rows cannot be rebuilt from `events`: a backup must keep them.

CREATE TABLE players (
    -- The name folded (NFKC, case folded): one registration however a name is capitalised.
    folded     text        PRIMARY KEY,
    name       text        NOT NULL UNIQUE,  -- as registered: the spelling seats take
    token_hash text        NOT NULL CHECK (length(token_hash) = 64),
    created_at timestamptz NOT NULL DEFAULT now()
);

GRANT SELECT, INSERT ON players TO flipside_app;

-- Every person's seat stored so far was a guest's: nobody could prove a name. The read
-- models key a guest's play as guest:<name> (flipside/projections/rows.py), apart from a
-- registered player's <name>; what the projections folded before is re-keyed to match, as
-- a rebuild would fold it. Computer players keep npc:<level>. Lists of players are sorted
-- by code point, as the projections sort them ("C" collation).
UPDATE player_stats SET player = 'guest:' || player WHERE player NOT LIKE 'npc:%';

UPDATE match_summaries
SET players = ARRAY(
    SELECT rekeyed FROM (
        SELECT CASE WHEN key LIKE 'npc:%' THEN key ELSE 'guest:' || key END AS rekeyed
        FROM unnest(players) AS key
    ) AS keys
    ORDER BY rekeyed COLLATE "C"
)
WHERE EXISTS (SELECT FROM unnest(players) AS key WHERE key NOT LIKE 'npc:%');
