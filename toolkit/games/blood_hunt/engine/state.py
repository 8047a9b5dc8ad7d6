"""The Blood Hunt engine, with OpenSpiel's contract.

``new_initial_state(rules, players, seed)`` gives a :class:`BloodHuntState`; ``current_player()`` is a
seat, :data:`CHANCE` or :data:`TERMINAL`; ``legal_actions()`` and ``chance_outcomes()`` list integer
actions (:mod:`.actions`) that ``apply_action`` plays; ``action_to_string`` names them. Every random
draw is a chance node, and ``sample_chance()`` picks one with the state's own seeded generator, so a
game replays exactly from (rules, players, seed, actions).

The deck is shuffled lazily: the unknown part is an unordered pool and a draw is a uniform chance
outcome over it; cards put under the deck by card 2 wait in order below the pool. That is the same
distribution as a shuffled deck and keeps chance nodes enumerable.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.games.blood_hunt.engine.actions import Op, decode, encode
from toolkit.games.blood_hunt.engine.constants import (
    CHANCE,
    CHOOSE,
    EFFECT,
    NO_CARD,
    OVER,
    PICK,
    PLACE,
    RESUME_END_TURN,
    RESUME_PLACE,
    SETUP,
    START_TURN,
    TERMINAL,
)
from toolkit.games.blood_hunt.engine.events import DistrictClosed, DistrictRevealed, Event, TokenTaken
from toolkit.games.blood_hunt.engine.render import render_state
from toolkit.games.blood_hunt.engine.rng import next_below
from toolkit.games.blood_hunt.engine.rules import Rules, RulesError


@dataclass(slots=True)
class GameStats:
    """What the simulator reports about one game."""

    turns: int = 0
    effects_used: dict[str, int] = field(default_factory=dict)
    effects_fizzled: dict[str, int] = field(default_factory=dict)
    end: str = ""
    """``set:<citizen>`` for an instant win, ``score`` for the final count."""
    rounds_played: int = 0


class BloodHuntState:
    """A full game state. Mutable; ``clone()`` before exploring."""

    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        rules.tokens_for(players)  # raises RulesError for unsupported counts
        n_districts = len(rules.districts)
        self.rules = rules
        self.n = players
        self.rng = seed & 0xFFFFFFFFFFFFFFFF
        self.phase = SETUP
        self.round = 1
        self.first_player = 0
        self.turn_player = 0
        self.actor = 0
        self.trump = 0
        self.deck_pool: list[int] = list(range(len(rules.cards)))
        self.deck_bottom: list[tuple[int, int]] = []
        """Cards under the pool, top first, with the seat that put them there."""
        self.holders: list[list[int]] = [[NO_CARD] * n_districts for _ in range(players)]
        self.revealed: list[list[bool]] = [[False] * n_districts for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(n_districts)]
        self.open: list[bool] = [True] * n_districts
        self.tokens: list[list[int]] = [[] for _ in range(n_districts)]
        self.bag: list[int] = [c.count for c in rules.citizens]
        self.collected: list[list[int]] = [[0] * rules.token_types for _ in range(players)]
        self.closed: list[list[int]] = [[] for _ in range(n_districts)]
        """The face-up cards on each closed district (its holders' cards, then its discards)."""
        self.drawn = NO_CARD
        self.effect_card = NO_CARD
        self.effect_verb: str | None = None
        self.effect_step = ""
        self.effect_district = -1
        self.pending_token = -1
        self.resolving = -1
        self.picks: list[int] = []
        self.resume = ""
        self.queue: list[tuple[str, int, int]] = [("first", 0, 0), ("trump", 0, 0)]
        """Pending chance draws: (what, player or district, slot)."""
        self.winners: list[int] = []
        self.stats = GameStats()
        self.history: list[int] = []
        self.events: list[Event] | None = None
        """What happened, for a table to show (see :mod:`.events`); ``None``: not recorded."""

    # ----------------------------------------------------------------- the OpenSpiel contract
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.queue:
            return CHANCE
        return self.actor

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase != OVER and bool(self.queue)

    def returns(self) -> list[float]:
        """Each winner gets an equal share of 1; everyone else 0 (all 0 before the end)."""
        if self.phase != OVER or not self.winners:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(self.n)]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) for the pending draw."""
        what = self.queue[0][0]
        if what == "first":
            return [(encode(Op.CHANCE_FIRST, p), 1.0 / self.n) for p in range(self.n)]
        if what == "trump":
            suits = len(self.rules.suits)
            return [(encode(Op.CHANCE_TRUMP, s), 1.0 / suits) for s in range(suits)]
        if what in ("citizen", "token"):
            total = sum(self.bag)
            return [(encode(Op.CHANCE_TOKEN, k), count / total) for k, count in enumerate(self.bag) if count]
        if self.deck_pool:
            p = 1.0 / len(self.deck_pool)
            return [(encode(Op.CHANCE_CARD, c), p) for c in sorted(self.deck_pool)]
        return [(encode(Op.CHANCE_CARD, self.deck_bottom[0][0]), 1.0)]

    def sample_chance(self) -> int:
        """Pick the pending draw's outcome with the state's own generator."""
        what = self.queue[0][0]
        if what == "first":
            return encode(Op.CHANCE_FIRST, self._random_below(self.n))
        if what == "trump":
            return encode(Op.CHANCE_TRUMP, self._random_below(len(self.rules.suits)))
        if what in ("citizen", "token"):
            roll = self._random_below(sum(self.bag))
            for kind, count in enumerate(self.bag):
                if roll < count:
                    return encode(Op.CHANCE_TOKEN, kind)
                roll -= count
            raise AssertionError("bag roll out of range")
        if self.deck_pool:
            pool = sorted(self.deck_pool)
            return encode(Op.CHANCE_CARD, pool[self._random_below(len(pool))])
        return encode(Op.CHANCE_CARD, self.deck_bottom[0][0])

    def legal_actions(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.queue:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == CHOOSE:
            return [encode(Op.DISCARD_DRAWN)] + [
                encode(Op.SWAP_IN, d) for d in self._filled_slots(self.actor)
            ]
        if self.phase == PLACE:
            return [encode(Op.PLACE, d) for d in self._open_districts()]
        if self.phase == PICK:
            return [encode(Op.PICK, t) for t in sorted(set(self.tokens[self.resolving]))]
        return self._effect_actions()

    def apply_action(self, action: int) -> None:
        op, a, b, c, d = decode(action)
        if self.phase == OVER:
            raise ValueError("the game is over")
        if self.queue:
            self._apply_chance(op, a)
        else:
            if action not in self.legal_actions():
                raise ValueError(f"illegal action {self.action_to_string(action)} ({action})")
            self._apply_decision(op, a, b, c, d)
        self.history.append(action)
        if not self.queue:
            self._advance()

    def clone(self) -> BloodHuntState:
        other = BloodHuntState.__new__(BloodHuntState)
        other.rules = self.rules
        other.n = self.n
        other.rng = self.rng
        other.phase = self.phase
        other.round = self.round
        other.first_player = self.first_player
        other.turn_player = self.turn_player
        other.actor = self.actor
        other.trump = self.trump
        other.deck_pool = self.deck_pool[:]
        other.deck_bottom = self.deck_bottom[:]
        other.holders = [h[:] for h in self.holders]
        other.revealed = [r[:] for r in self.revealed]
        other.discards = [d[:] for d in self.discards]
        other.open = self.open[:]
        other.tokens = [t[:] for t in self.tokens]
        other.bag = self.bag[:]
        other.collected = [c[:] for c in self.collected]
        other.closed = [c[:] for c in self.closed]
        other.drawn = self.drawn
        other.effect_card = self.effect_card
        other.effect_verb = self.effect_verb
        other.effect_step = self.effect_step
        other.effect_district = self.effect_district
        other.pending_token = self.pending_token
        other.resolving = self.resolving
        other.picks = self.picks[:]
        other.resume = self.resume
        other.queue = self.queue[:]
        other.winners = self.winners[:]
        other.stats = GameStats(
            self.stats.turns,
            dict(self.stats.effects_used),
            dict(self.stats.effects_fizzled),
            self.stats.end,
            self.stats.rounds_played,
        )
        other.history = self.history[:]
        other.events = None  # copies are for looking ahead: they record nothing
        return other

    # ----------------------------------------------------------------- serialization
    _FIELDS: tuple[str, ...] = (
        "n", "rng", "phase", "round", "first_player", "turn_player", "actor", "trump",
        "deck_pool", "holders", "revealed", "discards", "open", "tokens", "bag", "collected",
        "closed", "drawn", "effect_card", "effect_verb", "effect_step", "effect_district",
        "pending_token", "resolving", "picks", "resume", "winners", "history",
    )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in self._FIELDS}
        data["deck_bottom"] = [list(item) for item in self.deck_bottom]
        data["queue"] = [list(item) for item in self.queue]
        data["stats"] = {
            "turns": self.stats.turns,
            "effects_used": self.stats.effects_used,
            "effects_fizzled": self.stats.effects_fizzled,
            "end": self.stats.end,
            "rounds_played": self.stats.rounds_played,
        }
        return data

    def serialize(self) -> str:
        """The whole state as canonical JSON text."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def deserialize(cls, rules: Rules, text: str) -> BloodHuntState:
        """Rebuild a state that :meth:`serialize` wrote, for the same rules."""
        data = json.loads(text)
        state = cls.__new__(cls)
        state.rules = rules
        for name in cls._FIELDS:
            setattr(state, name, data[name])
        state.deck_bottom = [(card, seat) for card, seat in data["deck_bottom"]]
        state.events = None
        state.queue = [(what, x, y) for what, x, y in data["queue"]]
        stats = data["stats"]
        state.stats = GameStats(
            stats["turns"],
            dict(stats["effects_used"]),
            dict(stats["effects_fizzled"]),
            stats["end"],
            stats["rounds_played"],
        )
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BloodHuntState):
            return NotImplemented
        return self.rules is other.rules and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------------- reading the state
    def card_label(self, card: int) -> str:
        return self.rules.cards[card].label

    def district_name(self, district: int) -> str:
        return self.rules.district_names[district]

    def strength(self, card: int) -> int:
        """Trump cards beat every non-trump card; within each group the higher value wins."""
        info = self.rules.cards[card]
        return info.value + (1000 if info.suit == self.trump else 0)

    def score(self, player: int) -> int:
        return sum(
            count * self.rules.token_points(token) for token, count in enumerate(self.collected[player])
        )

    @property
    def closed_pile(self) -> list[int]:
        """Every card lying face up on a closed district this round."""
        return [card for cards in self.closed for card in cards]

    def open_districts(self) -> list[int]:
        return self._open_districts()

    def _open_districts(self) -> list[int]:
        return [d for d, is_open in enumerate(self.open) if is_open]

    def _filled_slots(self, player: int) -> list[int]:
        return [d for d, card in enumerate(self.holders[player]) if card != NO_CARD]

    def _random_below(self, bound: int) -> int:
        self.rng, value = next_below(self.rng, bound)
        return value

    # ----------------------------------------------------------------- chance
    def _apply_chance(self, op: Op, value: int) -> None:
        what, x, y = self.queue.pop(0)
        if what == "first":
            self.first_player = value
        elif what == "trump":
            self.trump = value
        elif what in ("token", "citizen"):
            if self.bag[value] <= 0:
                raise ValueError("that token is not in the bag")
            self.bag[value] -= 1
            if what == "token":
                self.tokens[x].append(2 * value)
            else:
                self.pending_token = 2 * value
        else:
            card = self._take_from_deck(value)
            if what == "draw":
                self.drawn = card
            else:  # "deal" or "cycle": into a slot, hidden
                self.holders[x][y] = card
                self.revealed[x][y] = False
        self._drop_impossible_draws()

    def _take_from_deck(self, card: int) -> int:
        if self.deck_pool:
            if card not in self.deck_pool:
                raise ValueError("that card is not in the deck")
            self.deck_pool.remove(card)
            return card
        if not self.deck_bottom or self.deck_bottom[0][0] != card:
            raise ValueError("that card is not on top of the deck")
        self.deck_bottom.pop(0)
        return card

    def _drop_impossible_draws(self) -> None:
        """Ruling deck-exhausted / empty-bag: draws that cannot happen are skipped."""
        while self.queue:
            what = self.queue[0][0]
            no_token = what in ("token", "citizen") and sum(self.bag) == 0
            no_card = what in ("deal", "draw", "cycle") and not (self.deck_pool or self.deck_bottom)
            if not (no_token or no_card):
                return
            self.queue.pop(0)

    # ----------------------------------------------------------------- flow
    def _advance(self) -> None:
        """Run automatic steps until a decision or a chance draw is pending."""
        while not self.queue and self.phase != OVER:
            if self.phase == SETUP:
                self._queue_setup()
            elif self.phase == START_TURN:
                if not self.deck_pool and not self.deck_bottom:
                    self._end_round()  # ruling deck-exhausted
                    continue
                self.stats.turns += 1
                self.actor = self.turn_player
                self.queue.append(("draw", self.turn_player, 0))
                self.phase = CHOOSE
            else:
                return

    def _queue_setup(self) -> None:
        for district, count in enumerate(self.rules.tokens_for(self.n)):
            self.queue.extend(("token", district, 0) for _ in range(count))
        self._queue_deals()
        self.turn_player = self.first_player
        self.phase = START_TURN
        self._drop_impossible_draws()

    def _queue_deals(self) -> None:
        """Ruling refill-deal-order: first player first, clockwise, slots in holder order."""
        for offset in range(self.n):
            player = (self.first_player + offset) % self.n
            for slot, card in enumerate(self.holders[player]):
                if card == NO_CARD:
                    self.queue.append(("deal", player, slot))

    def _apply_decision(self, op: Op, a: int, b: int, c: int, d: int) -> None:
        if op is Op.DISCARD_DRAWN:
            self.effect_card, self.drawn = self.drawn, NO_CARD
            self._start_effect()
        elif op is Op.SWAP_IN:
            player = self.actor
            self.effect_card = self.holders[player][a]
            self.holders[player][a], self.drawn = self.drawn, NO_CARD
            self.revealed[player][a] = False
            self._start_effect()
        elif op is Op.PLACE:
            self._place(a)
        elif op is Op.PICK:
            self._take_token(self.actor, a)
            self._continue_resolution()
        else:
            self._apply_effect(op, a, b, c, d)

    def _place(self, district: int) -> None:
        self.discards[district].append(self.effect_card)
        self.effect_card = NO_CARD
        if len(self.discards[district]) >= self.rules.cards_to_close:
            self._resolve(district, RESUME_END_TURN)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turn_player = (self.turn_player + 1) % self.n
        self.phase = START_TURN

    def _to_place(self) -> None:
        self.effect_verb = None
        self.effect_step = ""
        self.phase = PLACE
        self.actor = self.turn_player

    # ----------------------------------------------------------------- effects
    def _start_effect(self) -> None:
        verb = self.rules.cards[self.effect_card].verb
        self.effect_verb = verb
        player = self.turn_player
        if verb is None:
            self._to_place()
            return
        if verb == "take_first_player":
            self.first_player = player
            self._count_effect(verb, used=True)
            self._to_place()
            return
        if verb == "draw_citizen":
            if sum(self.bag) == 0:
                self._count_effect(verb, used=False)
                self._to_place()
                return
            self._count_effect(verb, used=True)
            self.effect_step = "citizen-place"
            self.phase = EFFECT
            self.queue.append(("citizen", player, 0))
            return
        self.effect_step = verb
        self.phase = EFFECT
        if self._effect_actions():
            self._count_effect(verb, used=True)
        else:
            self._count_effect(verb, used=False)  # ruling fullest-if-possible
            self._to_place()

    def _count_effect(self, verb: str, *, used: bool) -> None:
        bucket = self.stats.effects_used if used else self.stats.effects_fizzled
        bucket[verb] = bucket.get(verb, 0) + 1

    def _effect_actions(self) -> list[int]:
        player = self.turn_player
        step = self.effect_step
        opens = self._open_districts()
        opponents = [(player + k) % self.n for k in range(1, self.n)]
        if step == "force_reveal":
            return [
                encode(Op.REVEAL, d, o)
                for d in opens
                for o in opponents
                if self.holders[o][d] != NO_CARD and not self.revealed[o][d]
            ]
        if step == "cycle_card":
            return [encode(Op.CYCLE, d) for d in self._filled_slots(player)]
        if step == "swap_own_cards":
            slots = self._filled_slots(player)
            return [encode(Op.SWAP_OWN, x, y) for i, x in enumerate(slots) for y in slots[i + 1 :]]
        if step == "turn_vampire":
            return [
                encode(Op.VAMPIRE, d, t)
                for d in range(len(self.tokens))
                for t in sorted(set(self.tokens[d]))
                if t % 2 == 0
            ]
        if step == "citizen-place":
            return [encode(Op.CITIZEN_PLACE, d) for d in opens]
        if step == "citizen-return":
            return [encode(Op.CITIZEN_RETURN, t) for t in sorted(set(self.tokens[self.effect_district]))]
        if step == "swap_citizens":
            return self._swap_citizen_actions()
        if step == "move_discard":
            return [
                encode(Op.MOVE, card, dest)
                for source in opens
                for card in sorted(self.discards[source])
                for dest in opens
                if dest != source
            ]
        if step == "swap_with_opponent":
            return [
                encode(Op.SWAP_OPPONENT, d, o)
                for d in opens
                if self.holders[player][d] != NO_CARD
                for o in opponents
                if self.holders[o][d] != NO_CARD
            ]
        if step == "change_trump":
            return [encode(Op.TRUMP, s) for s in range(len(self.rules.suits)) if s != self.trump]
        raise RulesError(f"unknown effect step {step!r}")

    def _swap_citizen_actions(self) -> list[int]:
        actions = []
        districts = range(len(self.tokens))
        for d1 in districts:
            for d2 in districts:
                if d2 <= d1:
                    continue
                for t1 in sorted(set(self.tokens[d1])):
                    for t2 in sorted(set(self.tokens[d2])):
                        if t1 != t2:  # swapping equal tokens changes nothing
                            actions.append(encode(Op.SWAP_CITIZENS, d1, t1, d2, t2))
        return actions

    def _apply_effect(self, op: Op, a: int, b: int, c: int, d: int) -> None:
        player = self.turn_player
        if op is Op.REVEAL:
            self.revealed[b][a] = True
        elif op is Op.CYCLE:
            self.deck_bottom.append((self.holders[player][a], player))
            self.holders[player][a] = NO_CARD
            self.revealed[player][a] = False
            self.queue.append(("cycle", player, a))
        elif op is Op.SWAP_OWN:
            hold, rev = self.holders[player], self.revealed[player]
            hold[a], hold[b] = hold[b], hold[a]
            rev[a], rev[b] = rev[b], rev[a]
        elif op is Op.VAMPIRE:
            self.tokens[a][self.tokens[a].index(b)] = b + 1
        elif op is Op.CITIZEN_PLACE:
            self.tokens[a].append(self.pending_token)
            self.pending_token = -1
            self.effect_district = a
            self.effect_step = "citizen-return"
            return
        elif op is Op.CITIZEN_RETURN:
            self.tokens[self.effect_district].remove(a)
            self.bag[a // 2] += 1  # ruling tokens-lose-side-in-bag
            self.effect_district = -1
        elif op is Op.SWAP_CITIZENS:
            self.tokens[a][self.tokens[a].index(b)] = d
            self.tokens[c][self.tokens[c].index(d)] = b
        elif op is Op.MOVE:
            for pile in self.discards:
                if a in pile:
                    pile.remove(a)
            self.discards[b].append(a)
            if len(self.discards[b]) >= self.rules.cards_to_close:
                self.effect_verb = None
                self.effect_step = ""
                self._resolve(b, RESUME_PLACE)
                return
        elif op is Op.SWAP_OPPONENT:
            mine, theirs = self.holders[player], self.holders[b]
            mine[a], theirs[a] = theirs[a], mine[a]
            mine_rev, theirs_rev = self.revealed[player], self.revealed[b]
            mine_rev[a], theirs_rev[a] = theirs_rev[a], mine_rev[a]
        elif op is Op.TRUMP:
            self.trump = a
        else:
            raise ValueError(f"{op.name} is not an effect action")
        self._to_place()

    # ----------------------------------------------------------------- districts and rounds
    def ranking(self, district: int) -> list[int]:
        """Players by the strength of their card for ``district``, strongest first; ties go to
        the player earlier clockwise from the first player."""
        contenders = [p for p in range(self.n) if self.holders[p][district] != NO_CARD]
        return sorted(
            contenders,
            key=lambda p: (
                -self.strength(self.holders[p][district]),
                (p - self.first_player) % self.n,
            ),
        )

    def _resolve(self, district: int, resume: str) -> None:
        self.open[district] = False
        for p in range(self.n):
            if self.holders[p][district] != NO_CARD:
                self.revealed[p][district] = True
        order = self.ranking(district)
        count = len(self.tokens[district])
        if self.events is not None:
            ranking = tuple((p, self.holders[p][district]) for p in order)
            self.events.append(DistrictRevealed(district, self.trump, ranking, tuple(self.tokens[district])))
        self.picks = [order[i % len(order)] for i in range(count)] if order else []
        self.resolving = district
        self.resume = resume
        self._continue_resolution()

    def _continue_resolution(self) -> None:
        district = self.resolving
        while self.picks and self.phase != OVER:
            player = self.picks[0]
            options = set(self.tokens[district])
            if len(options) > 1:
                self.phase = PICK
                self.actor = player
                return
            self._take_token(player, next(iter(options)), chosen=False)
        if self.phase == OVER:
            return
        self._close(district)

    def _take_token(self, player: int, token: int, *, chosen: bool = True) -> None:
        self.picks.pop(0)
        if self.events is not None:
            self.events.append(TokenTaken(self.resolving, player, token, chosen))
        self.tokens[self.resolving].remove(token)
        self.collected[player][token] += 1
        kind = self.rules.citizens[token // 2]
        target = kind.instant_win
        if token % 2 == 0 and target is not None and self.collected[player][token] >= target:
            self._finish([player], f"set:{kind.id}")

    def _close(self, district: int) -> None:
        pile = self.closed[district]
        for p in range(self.n):
            card = self.holders[p][district]
            if card != NO_CARD:
                pile.append(card)
                self.holders[p][district] = NO_CARD
                self.revealed[p][district] = False
        pile.extend(self.discards[district])
        self.discards[district] = []
        for token in self.tokens[district]:  # nobody could take them (ruling deck-exhausted)
            self.bag[token // 2] += 1
        if self.events is not None:
            self.events.append(DistrictClosed(district, tuple(pile), tuple(self.tokens[district])))
        self.tokens[district] = []
        self.resolving = -1
        if sum(self.open) <= self.rules.open_districts_to_end_round:
            self._end_round()
        elif self.resume == RESUME_PLACE:
            self._to_place()
        else:
            self._end_turn()

    def _end_round(self) -> None:
        self.stats.rounds_played = self.round
        if self.round >= self.rules.rounds:
            self._final_count()
            return
        self.round += 1
        in_holders = {card for holder in self.holders for card in holder if card != NO_CARD}
        self.deck_pool = [c for c in range(len(self.rules.cards)) if c not in in_holders]
        self.deck_bottom = []
        self.closed = [[] for _ in self.closed]
        self.discards = [[] for _ in self.discards]
        self.drawn = NO_CARD
        self.effect_card = NO_CARD
        self.effect_verb = None
        self.effect_step = ""
        counts = self.rules.tokens_for(self.n)
        for district, is_open in enumerate(self.open):
            if not is_open:  # refill resolved districts only
                self.queue.extend(("token", district, 0) for _ in range(counts[district]))
        self.open = [True] * len(self.open)
        self._queue_deals()
        self.turn_player = self.first_player
        self.phase = START_TURN
        self._drop_impossible_draws()

    def _final_count(self) -> None:
        scores = [self.score(p) for p in range(self.n)]
        best = max(scores)
        winners = [p for p in range(self.n) if scores[p] == best]
        if len(winners) > 1 and self.rules.final_ties == "most-vampires":
            vampires = {p: sum(self.collected[p][1::2]) for p in winners}
            most = max(vampires.values())
            winners = [p for p in winners if vampires[p] == most]
        self._finish(winners, "score")

    def _finish(self, winners: Sequence[int], end: str) -> None:
        self.winners = list(winners)
        self.stats.end = end
        self.stats.rounds_played = self.round
        self.phase = OVER
        self.queue = []
        self.picks = []

    # ----------------------------------------------------------------- strings
    def action_to_string(self, action: int, player: int | None = None) -> str:
        """A readable name for ``action`` (which must be meaningful in this state)."""
        op, a, b, c, d = decode(action)
        cards, names = self.rules.cards, self.rules.district_names
        token = self.rules.token_label
        if op is Op.CHANCE_FIRST:
            return f"first player is P{a + 1}"
        if op is Op.CHANCE_TRUMP:
            return f"trump is {self.rules.suits[a]}"
        if op is Op.CHANCE_TOKEN:
            return f"bag gives {self.rules.citizens[a].name}"
        if op is Op.CHANCE_CARD:
            return f"deck gives {cards[a].label}"
        texts: dict[Op, Callable[[], str]] = {
            Op.DISCARD_DRAWN: lambda: "discard the drawn card",
            Op.SWAP_IN: lambda: f"keep the drawn card in the {names[a]} slot",
            Op.PLACE: lambda: f"place the discard at {names[a]}",
            Op.PICK: lambda: f"take {token(a)}",
            Op.REVEAL: lambda: f"make P{b + 1} reveal their {names[a]} card",
            Op.CYCLE: lambda: f"cycle the {names[a]} card under the deck",
            Op.SWAP_OWN: lambda: f"swap own {names[a]} and {names[b]} cards",
            Op.VAMPIRE: lambda: f"turn {token(b)} in {names[a]} to a vampire",
            Op.CITIZEN_PLACE: lambda: f"put the drawn citizen in {names[a]}",
            Op.CITIZEN_RETURN: lambda: f"return {token(a)} to the bag",
            Op.SWAP_CITIZENS: lambda: f"swap {token(b)} of {names[a]} with {token(d)} of {names[c]}",
            Op.MOVE: lambda: f"move {cards[a].label} to {names[b]}",
            Op.SWAP_OPPONENT: lambda: f"swap own {names[a]} card with P{b + 1}'s",
            Op.TRUMP: lambda: f"make {self.rules.suits[a]} the trump",
        }
        return texts[op]()

    def __str__(self) -> str:
        return self.observation_string(None)

    # ----------------------------------------------------------------- observations
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: their own holder and drawn card, face-up cards, discards,
        closed districts, tokens, the bag's counts, the trump and the first player."""
        return observe(self, player)

    def observation_string(self, player: int | None) -> str:
        """A text picture of the state as ``player`` sees it (``None``: everything)."""
        return render_state(self, player)


MIN_RETURN = 0.0
MAX_RETURN = 1.0
"""Bounds of ``returns()``: winners share 1, everyone else gets 0."""


def max_turns(rules: Rules) -> int:
    """The most turns a game can take: every round may run until only the last districts are
    open, each holding one card short of closing (card 7 moves cards but never adds one)."""
    districts = len(rules.districts)
    keep_open = rules.open_districts_to_end_round
    per_round = (districts - keep_open) * rules.cards_to_close + keep_open * (rules.cards_to_close - 1)
    return rules.rounds * per_round


def new_initial_state(rules: Rules, players: int, seed: int) -> BloodHuntState:
    """A game before set-up: the first chance nodes choose the first player and the trump."""
    return BloodHuntState(rules, players, seed)


def observe(state: BloodHuntState, player: int) -> dict[str, Any]:
    """The observation of ``player`` as plain data (see :meth:`BloodHuntState.observation`)."""
    rules = state.rules
    label = state.card_label

    def slot_view(seat: int, slot: int) -> str | None:
        card = state.holders[seat][slot]
        if card == NO_CARD:
            return None
        if seat == player or state.revealed[seat][slot]:
            return label(card) + (" (face up)" if state.revealed[seat][slot] else "")
        return "hidden"

    return {
        "player": player,
        "round": state.round,
        "phase": state.phase,
        "current_player": state.current_player(),
        "first_player": state.first_player,
        "trump": rules.suits[state.trump],
        "drawn": label(state.drawn) if state.drawn != NO_CARD and state.turn_player == player else None,
        "effect_card": label(state.effect_card) if state.effect_card != NO_CARD else None,
        "holders": [[slot_view(s, d) for d in range(len(rules.districts))] for s in range(state.n)],
        "districts": [
            {
                "id": rules.districts[d],
                "open": state.open[d],
                "discards": [label(c) for c in state.discards[d]],
                "tokens": sorted(rules.token_label(t) for t in state.tokens[d]),
                "closed_cards": [label(c) for c in state.closed[d]],
            }
            for d in range(len(rules.districts))
        ],
        "closed_pile": sorted(label(c) for c in state.closed_pile),
        "deck_size": len(state.deck_pool) + len(state.deck_bottom),
        "my_cards_under_deck": [label(c) for c, seat in state.deck_bottom if seat == player],
        "bag": {k.id: state.bag[i] for i, k in enumerate(rules.citizens)},
        "collected": [
            {rules.token_label(t): n for t, n in enumerate(counts) if n} for counts in state.collected
        ],
        "scores": [state.score(p) for p in range(state.n)],
    }


def play_random_chance(state: BloodHuntState) -> None:
    """Resolve pending chance draws with the state's own generator."""
    while state.queue and state.phase != OVER:
        state.apply_action(state.sample_chance())


__all__ = [
    "CHANCE",
    "MAX_RETURN",
    "MIN_RETURN",
    "TERMINAL",
    "BloodHuntState",
    "max_turns",
    "new_initial_state",
    "observe",
    "play_random_chance",
]
