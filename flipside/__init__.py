"""Flipside: a server for poker-like card games on one event-sourced engine; its first game
is the two-sided 78-card poker of docs/rules/flipside.md."""
