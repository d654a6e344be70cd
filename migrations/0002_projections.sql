-- Read models folded from events (DESIGN "Event store", "Records for study"); the code that
-- fills them is flipside/projections. Every row here can be rebuilt from `events`.

-- Where each projection is in the (txid, global_position) order of `read_all`: the last
-- event folded. Written in the same transaction as the projection's rows (exactly once).
CREATE TABLE projection_checkpoints (
    projection      text        PRIMARY KEY,
    txid            bigint      NOT NULL DEFAULT 0,
    global_position bigint      NOT NULL DEFAULT 0,
    events          bigint      NOT NULL DEFAULT 0,  -- folded since the last rebuild
    updated_at      timestamptz NOT NULL DEFAULT now()
);

-- One row per match: what lists of matches show.
CREATE TABLE match_summaries (
    match_id    text        PRIMARY KEY,
    status      text        NOT NULL CHECK (status IN ('active', 'finished')),
    seats       jsonb       NOT NULL,  -- [{seat, kind, name, level}]
    players     text[]      NOT NULL,  -- player keys: names, and npc:<level>
    lives       integer[]   NOT NULL,
    round       integer     NOT NULL,
    winner      integer,
    places      integer[],             -- finishing place per seat once finished
    version     integer     NOT NULL,  -- the stream version folded
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    finished_at timestamptz
);

-- Newest first, optionally by status, paged by (created_at, match_id).
CREATE INDEX match_summaries_recent ON match_summaries (created_at DESC, match_id DESC);
CREATE INDEX match_summaries_status ON match_summaries (status, created_at DESC, match_id DESC);
CREATE INDEX match_summaries_players ON match_summaries USING gin (players);

-- One row per seat per finished round: the shape of the CSV export.
CREATE TABLE round_facts (
    match_id      text    NOT NULL,
    round         integer NOT NULL,
    seat          integer NOT NULL,
    player        text,
    level         text,
    start_seat    integer NOT NULL,
    turn_position integer NOT NULL,  -- 1 = the start seat
    dealt         text    NOT NULL,  -- cards, space-separated, high rank first
    discarded     text    NOT NULL,
    drawn         text    NOT NULL,
    up_ranks      text    NOT NULL,  -- the five up ranks in placed order
    down_ranks    text    NOT NULL,
    up_category   text    NOT NULL,
    down_category text    NOT NULL,
    up_value      integer NOT NULL,  -- hands.hand_value: a higher value is a stronger hand
    down_value    integer NOT NULL,
    up_place      integer NOT NULL,  -- 1 = strongest
    down_place    integer,           -- null: out (or the match over) before the down side
    life_before   integer NOT NULL,
    life_after    integer NOT NULL,
    eliminated    boolean NOT NULL,
    PRIMARY KEY (match_id, round, seat)
);

CREATE INDEX round_facts_player ON round_facts (player);

-- Per player key over finished matches: additive counts (averages are computed on read).
CREATE TABLE player_stats (
    player          text   PRIMARY KEY,
    matches         bigint NOT NULL,  -- seats played in finished matches
    wins            bigint NOT NULL,
    place_sum       bigint NOT NULL,
    placements      bigint NOT NULL,  -- hands placed (one per round played)
    up_favoured     bigint NOT NULL,  -- placements whose up hand beats their down hand
    exchanges       bigint NOT NULL,
    cards_discarded bigint NOT NULL
);
