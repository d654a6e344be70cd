"""Read models folded from stored events (docs/architecture.md, docs/records.md).

`rows` holds the pure row builders (no database); `feed` reads stored events in commit-safe
order, `streams` whole matches for a rebuild; `postgres` writes the rows to their tables
with a checkpoint in the same transaction; `runner` follows new events; `queries` reads the
tables for the API and the command line. None of them knows a game: each game supplies its
part through its `read_models` (`flipside.engine.read_models`). `habits` is Flipside's
habits provider over its tables.
"""
