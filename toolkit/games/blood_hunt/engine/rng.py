"""A tiny seeded generator (SplitMix64) whose whole state is one integer.

The game state carries it, so cloning and serializing a state carries the generator too, and a game
replays identically on every Python version (unlike ``random.Random``'s internal algorithms).
"""

from __future__ import annotations

MASK = 0xFFFFFFFFFFFFFFFF


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; return (new state, a 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def next_below(state: int, bound: int) -> tuple[int, int]:
    """Advance ``state``; return (new state, a number in ``range(bound)``)."""
    if bound <= 0:
        raise ValueError("bound must be positive")
    state, value = next_u64(state)
    # The modulo bias is below 2**-58 for the bounds a card game uses.
    return state, value % bound


def derive_seed(*parts: int) -> int:
    """A seed mixed from several integers (base seed, game number, seat)."""
    state = 0x2545F4914F6CDD1D
    for part in parts:
        state, value = next_u64(state ^ (part & MASK))
        state ^= value
    return next_u64(state)[1]


class SeededRandom:
    """A mutable generator for bots and tools, built on :func:`next_below`."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def below(self, bound: int) -> int:
        self.state, value = next_below(self.state, bound)
        return value

    def choice(self, items: list[int]) -> int:
        return items[self.below(len(items))]

    def random(self) -> float:
        self.state, value = next_u64(self.state)
        return (value >> 11) / float(1 << 53)

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
