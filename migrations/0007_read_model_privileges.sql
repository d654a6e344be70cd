-- The projection role ("Privileges"): the read models are written by the projections alone.
-- With 0004's grants a serving process (`flipside_app`) could rewrite `player_stats` or any
-- other read model, and nothing would notice until an audit. Now `flipside_app` may only read
-- them, and `flipside_projections` may read the events and keep the read models (upserts, and
-- SELECT ... FOR UPDATE of the checkpoints, which needs UPDATE). Neither may DELETE or
-- TRUNCATE: rebuilding a projection and migrations stay with the owner. A read-model table
-- added later is granted to `flipside_projections` (SELECT, INSERT, UPDATE) and only SELECT
-- to `flipside_app` by the migration that creates it.
--
-- The runner takes the role on by itself when its login may (flipside/projections/runner.py:
-- SET ROLE), so one URL serves the server and the runner; the login role must be a member of
-- both (ops/BACKUP.md, "Roles"):
--   GRANT flipside_projections TO flipside_server;

-- Roles belong to the whole cluster, so another database's migration may have created it
-- already, or may be creating it at this moment (as in 0004).
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'flipside_projections') THEN
        CREATE ROLE flipside_projections NOLOGIN;
    END IF;
EXCEPTION
    WHEN duplicate_object OR unique_violation THEN NULL;  -- created concurrently
END;
$$;

GRANT USAGE ON SCHEMA public TO flipside_projections;
GRANT SELECT ON events, schema_migrations TO flipside_projections;
GRANT SELECT, INSERT, UPDATE
    ON projection_checkpoints, match_summaries, round_facts, player_stats
    TO flipside_projections;

REVOKE INSERT, UPDATE, DELETE, TRUNCATE
    ON projection_checkpoints, match_summaries, round_facts, player_stats
    FROM flipside_app;
