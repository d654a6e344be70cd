"""The games the engine hosts, one package each (docs/architecture.md, "Add a game")."""
