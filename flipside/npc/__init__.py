"""Computer players: policies that decide from a `MatchView`, never from the full state."""
