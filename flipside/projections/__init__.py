"""Read models folded from stored events (DESIGN "Event store", "Records for study").

`rows` holds the pure row builders (no database); `postgres` writes them to their tables
with a checkpoint in the same transaction; `runner` follows new events; `queries` reads the
tables for the API and the command line.
"""
