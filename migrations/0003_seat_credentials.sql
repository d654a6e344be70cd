-- Seat credentials (DESIGN "HTTP API"): the sha256 of each person's bearer token, written
-- before the match's first append. Tokens themselves are shown once and never stored.

CREATE TABLE seat_credentials (
    match_id   text        NOT NULL,
    seat       integer     NOT NULL CHECK (seat >= 0),
    token_hash text        NOT NULL CHECK (length(token_hash) = 64),
    created_at timestamptz NOT NULL DEFAULT now(),
    -- The key starts with match_id, so the table can be distributed like `events` later.
    PRIMARY KEY (match_id, seat)
);
