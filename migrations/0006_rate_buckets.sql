-- The rate limit's token buckets, shared by every server process ("Limits" in the API
-- document): counted in one process each, a client spread over N gunicorn workers got N times
-- the rate. A bucket is refilled and taken from in one upsert (api/ratelimit.py), so two
-- processes never both spend its last token.
--
-- UNLOGGED: a bucket is a few seconds of memory, not a fact worth a WAL record per request;
-- a crash empties the table, which only forgives every client's debt.
CREATE UNLOGGED TABLE rate_buckets (
    key text PRIMARY KEY,          -- "address:<ip>", "token:<sha256>", "computer:<client>"
    tokens double precision NOT NULL,
    counted timestamptz NOT NULL,  -- the database's clock: the same for every process
    granted boolean NOT NULL       -- whether the last request took a token
);

GRANT SELECT, INSERT, UPDATE, DELETE ON rate_buckets TO flipside_app;
