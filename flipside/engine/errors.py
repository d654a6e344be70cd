"""The one error a game's rules raise: a refused command with a stable code."""

from __future__ import annotations


class RuleViolation(Exception):
    """A command the rules do not allow; ``code`` is stable, the message is for people.

    Nothing is appended when a command raises it: the decider never mutates.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
