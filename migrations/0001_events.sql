-- The event store (DESIGN "Event store"): the append-only `events` table, its immutability
-- triggers, and the idempotency keys stored alongside appends.

CREATE TABLE events (
    global_position bigint GENERATED ALWAYS AS IDENTITY,
    stream_id       text        NOT NULL,
    version         integer     NOT NULL CHECK (version >= 1),
    event_id        uuid        NOT NULL,
    type            text        NOT NULL,
    schema_version  integer     NOT NULL,
    data            jsonb       NOT NULL,
    metadata        jsonb       NOT NULL DEFAULT '{}',
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    prev_hash       text        NOT NULL,
    hash            text        NOT NULL,
    txid            xid8        NOT NULL DEFAULT pg_current_xact_id(),
    PRIMARY KEY (stream_id, version),
    -- Every unique key includes stream_id, so the table can be distributed by it later.
    UNIQUE (stream_id, event_id)
);

-- read_all pages through all streams in (txid, global_position) order.
CREATE INDEX events_txid_position ON events (txid, global_position);

-- list_streams pages through stream ids without visiting every event of every stream, in
-- code point order (the "C" collation), whatever the database's collation.
CREATE INDEX events_stream_starts ON events (stream_id COLLATE "C") WHERE version = 1;

CREATE FUNCTION events_reject_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are immutable: % on events is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER events_immutable
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_reject_change();

CREATE TRIGGER events_no_truncate
    BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_reject_change();

-- A command's response, stored in the same transaction as the events it appended, so that
-- a retry with the same key gets the same answer and appends nothing.
CREATE TABLE idempotency_keys (
    scope       text        NOT NULL,
    key         text        NOT NULL,
    fingerprint text        NOT NULL,
    response    jsonb       NOT NULL,
    stream_id   text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
