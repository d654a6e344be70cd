"""Flipside: the two-sided 78-card poker of RULES.md as an event-sourced game server."""
