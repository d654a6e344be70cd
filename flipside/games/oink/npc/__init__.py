"""Oink Poker's computer players: policies that decide from a `MatchView`, never from the
full state (`driver` is the one place that holds both)."""

from .policy import OINK, Answer, Policy

__all__ = ["OINK", "Answer", "Policy"]
