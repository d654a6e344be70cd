"""Match records for any game (docs/records.md, docs/fairness.md): the canonical jsonl
(`jsonl`), exports (`export`), verified imports (`importer`), replays (`replay`) and the
audit (`audit`). Each dispatches on the record: the game of a stream is the game of its
first event's type, and what is the game's own (its formats, replay text and audit checks)
is its `GameRecords` (`flipside.engine.records`).
"""
