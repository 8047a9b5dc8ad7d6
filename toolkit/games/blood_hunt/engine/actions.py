"""Action encoding: every move, choice and chance outcome is one integer, as in OpenSpiel.

An action packs an operation and up to four small fields (each below 256) into an int, so actions
sort, hash and serialize cheaply and the same integer always means the same move.
"""

from __future__ import annotations

from enum import IntEnum


class Op(IntEnum):
    """What an action does. Values are part of the transcript format; never renumber."""

    CHANCE_CARD = 1
    CHANCE_TOKEN = 2
    CHANCE_FIRST = 3
    CHANCE_TRUMP = 4
    DISCARD_DRAWN = 10
    SWAP_IN = 11
    PLACE = 12
    PICK = 13
    REVEAL = 20
    CYCLE = 21
    SWAP_OWN = 22
    VAMPIRE = 23
    CITIZEN_PLACE = 24
    CITIZEN_RETURN = 25
    SWAP_CITIZENS = 26
    MOVE = 27
    SWAP_OPPONENT = 28
    TRUMP = 29


def encode(op: Op, a: int = 0, b: int = 0, c: int = 0, d: int = 0) -> int:
    """Pack an operation and its fields into one action integer."""
    return (int(op) << 32) | (a << 24) | (b << 16) | (c << 8) | d


def decode(action: int) -> tuple[Op, int, int, int, int]:
    """Unpack an action integer into its operation and four fields."""
    return (
        Op(action >> 32),
        (action >> 24) & 0xFF,
        (action >> 16) & 0xFF,
        (action >> 8) & 0xFF,
        action & 0xFF,
    )


def op_of(action: int) -> Op:
    return Op(action >> 32)


CHANCE_OPS = frozenset({Op.CHANCE_CARD, Op.CHANCE_TOKEN, Op.CHANCE_FIRST, Op.CHANCE_TRUMP})
