"""The death-token track: how deaths shrink the row of trophy spaces on a hunter board.

Each hunter places one death token per monster type just right of the "8" space. When a monster
kills the hunter, every token of that monster's type moves one space left; when another hunter kills
them, the slain hunter moves one token of their choice one space left. A token's space and every
space right of it are unavailable for the rest of the game; a trophy on the space a token moves to
is pushed left to make room.

Positions are indexes into the track's spaces, 0 at the left. Where the booklet is silent the
rulings in ``content/hunters-nightmare/rulings.yaml`` decide: several death tokens may share a space
(`death-tokens-share-spaces`); a token on the leftmost space stays there
(`death-token-at-left-end`); a trophy with no free space left of it is lost
(`trophy-pushed-off-track`).

>>> spec = TrackSpec(spaces=(1, 2, 3, 4, 5, 6, 7, 8), start_after=7)
>>> track = new_track(spec, ["kin", "humanoid", "beast"])
>>> track = monster_kills_hunter(track, "beast")
>>> track.death["beast"], track.capacity
((7,), 7)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from toolkit.games.card.model.track import TrophyTrack


class DeathTrackError(ValueError):
    """A move the death-token rules do not allow."""


class TrackFullError(DeathTrackError):
    """A trophy cannot be placed: every available space holds one."""


@dataclass(frozen=True, slots=True)
class TrackSpec:
    """The shape of a trophy track."""

    spaces: tuple[int, ...]
    """The values printed on the spaces, left to right."""

    start_after: int
    """The index of the space death tokens start right of (the "8" space)."""

    step: int = 1
    """How many spaces a token moves each time."""

    @classmethod
    def from_model(cls, track: TrophyTrack) -> TrackSpec:
        """The spec of a validated ``trophy-track`` document."""
        return cls(
            spaces=tuple(track.spaces),
            start_after=track.spaces.index(track.death_tokens_start_after),
            step=track.death_rules.step,
        )


@dataclass(frozen=True, slots=True)
class HunterTrack:
    """One hunter's track: trophies, death tokens and trophies lost to them."""

    spec: TrackSpec
    """The track's shape."""

    trophies: frozenset[int]
    """The indexes of the spaces holding a trophy."""

    death: Mapping[str, tuple[int, ...]]
    """For each death-token type, the positions of the hunter's tokens of that type."""

    lost_trophies: int = 0
    """Trophies pushed off the left end of the track."""

    @property
    def first_blocked(self) -> int:
        """The index of the leftmost blocked space (the number of spaces when none is)."""
        positions = [p for tokens in self.death.values() for p in tokens]
        return min([len(self.spec.spaces), *positions])

    @property
    def capacity(self) -> int:
        """How many trophies the track can hold now."""
        return self.first_blocked

    def is_available(self, index: int) -> bool:
        """Whether a trophy may stand on the space at ``index``."""
        return 0 <= index < self.first_blocked


def new_track(spec: TrackSpec, types: Iterable[str], per_hunter: int = 1) -> HunterTrack:
    """A hunter's track at set-up: no trophies, ``per_hunter`` tokens of each type right of "8"."""
    start = spec.start_after + 1
    return HunterTrack(spec, frozenset(), {t: (start,) * per_hunter for t in types})


def place_trophy(track: HunterTrack) -> HunterTrack:
    """Put a trophy on the leftmost free available space."""
    for index in range(track.first_blocked):
        if index not in track.trophies:
            return replace(track, trophies=track.trophies | {index})
    raise TrackFullError("every available trophy space holds a trophy")


def _push_trophies(track: HunterTrack, blocked_from: int) -> HunterTrack:
    """Move trophies standing on spaces from ``blocked_from`` on to the nearest free space left."""
    trophies = set(track.trophies)
    lost = track.lost_trophies
    for index in sorted((t for t in trophies if t >= blocked_from), reverse=True):
        trophies.discard(index)
        free = [i for i in range(min(index, blocked_from)) if i not in trophies]
        if free:
            trophies.add(free[-1])
        else:
            lost += 1
    return replace(track, trophies=frozenset(trophies), lost_trophies=lost)


def _move_token(track: HunterTrack, token_type: str, which: int) -> HunterTrack:
    tokens = list(track.death[token_type])
    target = max(0, tokens[which] - track.spec.step)
    tokens[which] = target
    moved = replace(track, death={**track.death, token_type: tuple(tokens)})
    return _push_trophies(moved, target)


def monster_kills_hunter(track: HunterTrack, monster_type: str | Sequence[str] | None) -> HunterTrack:
    """A monster of ``monster_type`` killed the hunter: all their tokens of that type move left.

    A monster of several types (ruling `monster-with-several-types`) moves the tokens of each of
    its types. Validation makes sure every type a monster names has a token on the track (BB0813),
    so these errors only meet content that did not validate.
    """
    types = (monster_type,) if isinstance(monster_type, str) else tuple(monster_type or ())
    if not types:
        raise DeathTrackError("the monster's type is unknown, so no death token can move")
    for token_type in dict.fromkeys(types):
        if token_type not in track.death:
            raise DeathTrackError(f"the hunter has no {token_type!r} death token")
        for which in range(len(track.death[token_type])):
            track = _move_token(track, token_type, which)
    return track


def hunter_kills_hunter(track: HunterTrack, chosen_type: str) -> HunterTrack:
    """Another hunter killed this hunter: one token of the type they choose moves left.

    With several tokens of the chosen type, the rightmost one moves (it blocks the fewest spaces).
    """
    tokens = track.death.get(chosen_type)
    if not tokens:
        raise DeathTrackError(
            f"the slain hunter has no {chosen_type!r} death token; choose one of {sorted(track.death)}"
        )
    rightmost = max(range(len(tokens)), key=lambda i: tokens[i])
    return _move_token(track, chosen_type, rightmost)
