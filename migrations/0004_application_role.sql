-- The application role (issue 8, "Privileges"): what a serving process may do, and no more.
-- `flipside_app` may read and append events, idempotency keys and seat credentials, and keep
-- the projections' read models; it may not change or remove a stored event, whatever the
-- triggers of 0001 say. Rebuilding a projection (TRUNCATE) and migrations stay with the
-- owner.
--
-- The role cannot log in: the server takes it on after connecting as a login role that is a
-- member of it, by asking for it in the connection URL (every pool, the notifier and the
-- command line then run as it), e.g.
--   postgresql://flipside@db/flipside?options=-c%20role%3Dflipside_app
-- (ops/BACKUP.md, "Roles").

-- Roles belong to the whole cluster, so another database's migration may have created it
-- already, or may be creating it at this moment.
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'flipside_app') THEN
        CREATE ROLE flipside_app NOLOGIN;
    END IF;
EXCEPTION
    WHEN duplicate_object OR unique_violation THEN NULL;  -- created concurrently
END;
$$;

GRANT USAGE ON SCHEMA public TO flipside_app;
GRANT SELECT, INSERT ON events, idempotency_keys, seat_credentials TO flipside_app;
GRANT SELECT ON schema_migrations TO flipside_app;
-- Projections upsert their rows and lock and advance their checkpoints (SELECT ... FOR
-- UPDATE needs UPDATE).
GRANT SELECT, INSERT, UPDATE
    ON projection_checkpoints, match_summaries, round_facts, player_stats TO flipside_app;
