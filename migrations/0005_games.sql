-- The read models of an engine that hosts several games (docs/architecture.md): every match
-- summary and every player's statistics belong to a game. Rows from before were all
-- Flipside's. A game's own tables (Flipside's round_facts) are the game's: this migration
-- leaves them as they are.
--
-- Adding a column keeps the grants of 0004: they are on the tables, not on their columns.

ALTER TABLE match_summaries ADD COLUMN game text NOT NULL DEFAULT 'flipside';
ALTER TABLE match_summaries ALTER COLUMN game DROP DEFAULT;  -- the projections always say

-- Newest first within a game, paged by (created_at, match_id) like the others.
CREATE INDEX match_summaries_game ON match_summaries (game, created_at DESC, match_id DESC);

-- Statistics per game and player: a name (or npc:<level>) has a row in each game it
-- finished a match of. The key leads with the player, whose every game is read at once.
ALTER TABLE player_stats ADD COLUMN game text NOT NULL DEFAULT 'flipside';
ALTER TABLE player_stats ALTER COLUMN game DROP DEFAULT;
ALTER TABLE player_stats DROP CONSTRAINT player_stats_pkey;
ALTER TABLE player_stats ADD PRIMARY KEY (player, game);

-- The counts every game keeps are matches, wins and place_sum; the other counters are one
-- game's own (here Flipside's), 0 in the rows of the games that do not keep them.
ALTER TABLE player_stats
    ALTER COLUMN placements SET DEFAULT 0,
    ALTER COLUMN up_favoured SET DEFAULT 0,
    ALTER COLUMN exchanges SET DEFAULT 0,
    ALTER COLUMN cards_discarded SET DEFAULT 0;
