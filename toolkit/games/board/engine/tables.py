"""Facts the rules modules look up on every turn, derived once per rules bundle.

Content models are immutable during play, so what the engine would otherwise recompute at each
decision — the option strings of a stat card, which items a hunter may use in their turn, the
spawn points and lamps of a tile, the flattened effect list of a card — is computed the first
time it is needed and kept with the rules (``rules.cache``), shared by every game played on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import accumulate
from typing import Any, TypeVar

from toolkit.games.board.engine.rules import Rules
from toolkit.games.board.model import effects as fx

Chances = tuple[list[str], list[float], list[float], int]
"""A draw's outcomes, their probabilities, the running sums of the probabilities, and the index
of the last outcome (the one taken when rounding leaves the sums short of 1)."""

CHANCE_CACHE = 50_000
"""Draw pools remembered per rules bundle before the memory starts over."""


UNKNOWN: Any = object()
"""What :attr:`Tables.chance_memo` answers for a pool it has not seen (``.get(key, UNKNOWN)``)."""

K = TypeVar("K")
V = TypeVar("V")


class OnDemand(dict[K, V]):
    """A dictionary that works out a missing entry the first time it is read (a tile added to
    the rules after the tables were built is still found)."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self.make(key)
        return value


class Tables:
    """Lookups derived from one rules bundle."""

    def __init__(self, rules: Rules) -> None:
        self.card_actions: dict[str, tuple[str, str, str, str]] = {
            card: (f"move [{card}]", f"interact [{card}]", f"transform [{card}]", f"dream [{card}]")
            for card in rules.stat_cards
        }
        """The four card-spending action options of each stat card, in the order offered."""
        self.card_actions_away: dict[str, tuple[str, str, str]] = {
            card: (move, transform, dream) for card, (move, _, transform, dream) in self.card_actions.items()
        }
        """The same without `interact` (offered where there is nothing to interact with)."""
        self.discard_options: OnDemand[str, str] = OnDemand(lambda card: f"discard {card}")
        """Card → its `discard <card>` option."""
        self.turn_consumables = frozenset(
            c for c, model in rules.consumables.items() if model.timing == "hunter-turn"
        )
        """Consumables used as an action in the hunter's turn."""
        self.turn_rewards = frozenset(
            r for r, model in rules.rewards.items() if model.timing == "hunter-turn"
        )
        """Rewards used as an action in the hunter's turn."""
        self.turn_ability: dict[tuple[str, str], bool] = {}
        """(weapon, form) → whether the form's ability has an effect usable in the turn."""
        for weapon_id, weapon in rules.weapons.items():
            for face, form in (("a", weapon.forms.a), ("b", weapon.forms.b)):
                self.turn_ability[(weapon_id, face)] = form.ability is not None and any(
                    t == "hunter-turn" for t, _ in fx.flatten(form.ability.effects)
                )
        tiles = rules.tiles
        self.spawn_points: OnDemand[str, list[tuple[str, int]]] = OnDemand(
            lambda tile: [
                (space.id, int(icon[-1]))
                for space in tiles[tile].spaces
                for icon in space.icons
                if icon.startswith("enemy-")
            ]
        )
        """Tile → its spawn points as (space id, Hunt board slot), in space and icon order."""
        self.consumable_spaces: OnDemand[str, list[str]] = OnDemand(
            lambda tile: [s.id for s in tiles[tile].spaces if "consumable" in s.icons]
        )
        """Tile → spaces with a consumable icon, in space order."""
        self.lamp_spaces: OnDemand[str, frozenset[str]] = OnDemand(
            lambda tile: frozenset(s.id for s in tiles[tile].spaces if "lamp" in s.icons)
        )
        """Tile → spaces with a lamp icon."""
        self.upgrade_deck = sorted(c.id for c in rules.upgrade_cards for _ in range(c.count))
        """The upgrade deck at setup, sorted (copy before use)."""
        self.consumable_deck = sorted(c.id for c in rules.consumables.values() for _ in range(c.count))
        """The consumable deck at setup, sorted (copy before use)."""
        self.reward_deck = sorted(c.id for c in rules.rewards.values() for _ in range(c.count))
        """The reward deck at setup, sorted (copy before use)."""
        self.action_deck = sorted(c.action for c in rules.action_deck.cards for _ in range(c.count))
        """The enemy action deck at setup, sorted (copy before use)."""
        self.basic_deck = sorted(c.id for c in rules.basic_cards for _ in range(c.count))
        """A hunter's starting deck, sorted (copy before use)."""
        self.chance_memo: dict[tuple[str, ...], Chances | None] = {}
        """`tuple(pool)` → :meth:`chances` of the pool, as far as known (the draw reads it first,
        and calls :meth:`chances` only when the pool is new)."""
        self.shared: dict[int, Any] | None = None
        """What copies of a game share instead of copying (:func:`.state.shared_objects`)."""
        self._flat: dict[int, tuple[list[fx.Effect], list[tuple[fx.Timing, fx.BasicEffect]]]] = {}
        """`id(effect list)` → (the list itself, its flattened form). Keeping the list alive keeps
        its id from being reused by another list."""

    def flat(self, effects: list[fx.Effect]) -> list[tuple[fx.Timing, fx.BasicEffect]]:
        """:func:`fx.flatten` of a content model's effect list, computed once per list.

        Only for lists owned by the content models of these rules (never changed during play);
        callers must not change the answer."""
        cached = self._flat.get(id(effects))
        if cached is not None and cached[0] is effects:
            return cached[1]
        flattened = fx.flatten(effects)
        self._flat[id(effects)] = (effects, flattened)
        return flattened

    def chances(self, pool: list[str]) -> Chances | None:
        """The outcomes of a draw from an unordered pool (sorted) with their probabilities and
        running sums, or None when every item in the pool is the same. Pools recur (a deck of 12
        cards losing one card at a time), so answers are kept; the lists are shared and must not
        be changed."""
        key = tuple(pool)
        if key in self.chance_memo:
            return self.chance_memo[key]
        counts = Counter(pool)
        found: Chances | None = None
        if len(counts) > 1:
            options = sorted(counts)
            total = len(pool)
            probabilities = [counts[o] / total for o in options]
            # Running sums from the first probability on, as a loop adding each to 0.0 makes them.
            found = (options, probabilities, list(accumulate(probabilities)), len(options) - 1)
        if len(self.chance_memo) >= CHANCE_CACHE:
            self.chance_memo.clear()
        self.chance_memo[key] = found
        return found


def tables(rules: Rules) -> Tables:
    """The lookups of a rules bundle, built on first use."""
    found = rules.cache.get("engine-tables")
    if isinstance(found, Tables):
        return found
    built = Tables(rules)
    rules.cache["engine-tables"] = built
    return built
