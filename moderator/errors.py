"""Domain errors: a refusal names the rule and changes nothing."""

from __future__ import annotations


class Refusal(Exception):
    """A command the rules forbid, or that does not parse.

    The message is what the banker reads (for example ``Bob already sold NYC
    this stock round (5.38)``); the state is left exactly as it was.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ExpectationFailed(Refusal):
    """An ``expect`` check whose value differs from the game."""


class SaveError(Exception):
    """A save file that cannot be loaded: corrupt, truncated, newer, or no longer replays."""
