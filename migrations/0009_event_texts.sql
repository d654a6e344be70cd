-- The canonical JSON text of each event's data and metadata (docs/records.md, "Stored
-- canonical text"), written by the append beside the jsonb it is parsed into: the text the
-- event's hash covers. A jsonl export splices its lines from these texts instead of
-- encoding every event again, and the audit checks each against the canonical JSON of the
-- jsonb. Events stored before this migration keep NULL (no UPDATE can backfill them: the
-- table is immutable), and their readers encode the jsonb as before.

ALTER TABLE events ADD COLUMN data_text text, ADD COLUMN metadata_text text;
