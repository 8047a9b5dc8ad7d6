"""A heuristic hunter team: heads for what the missions want, explores when that is not on the map,
fights when the exchange favours it, heals, and goes to the Dream when hurt or full of echoes.

The team reads the table through a :class:`~toolkit.games.board.bots.sight.Sight` made for each
decision (the mission situation, the enemies by space and the threat on a space are worked out
once per decision, not once per candidate space) and an option list through
:func:`~toolkit.games.board.bots.choices.read_options` (each string read once per rules bundle).
The choices are the same as when every helper asked the table afresh (the engine fingerprint in
``benchmarks/engine_fingerprint.py`` covers heuristic and search-bot games)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from toolkit.games.board.bots.cards import (
    CardFacts,
    card_effects,
    card_facts,
    card_value,
    is_dodge,
    known_cards,
    upgrade_value,
)
from toolkit.games.board.bots.choices import Blow, BlowFacts, Choices, blow_facts, form_blows, read_options
from toolkit.games.board.bots.sight import Sight, wants_slain
from toolkit.games.board.bots.targets import Targets
from toolkit.games.board.engine.combat import parse_slot_option, weapon_form
from toolkit.games.board.engine.core import Decision, Game
from toolkit.games.board.engine.enemies import max_hp
from toolkit.games.board.engine.map import MapView
from toolkit.games.board.engine.state import BoardState
from toolkit.games.board.engine.world import EnemyState, Place

__all__ = [
    "LOW_HP",
    "RESERVE",
    "CardFacts",
    "HeuristicBot",
    "attack_score",
    "card_effects",
    "card_facts",
    "card_value",
    "exposure",
    "is_dodge",
    "resets_next",
    "threat",
    "upgrade_value",
    "wants_unrevealed",
]

LOW_HP = 2
"""At or below this, the team heals or retreats to the Dream."""

RESERVE = 1
"""Cards kept for the enemy activation when enemies can reach where the turn ends: one counter or
dodge (hands refill only at the start of a round)."""


def resets_next(g: Game) -> bool:
    """Whether the next advance of the Hunt Track resets the map (enemies back, bosses healed)."""
    track = g.rules.track
    if g.world.track >= track.length:
        return track.final_space_resets
    return track.is_reset(g.world.track + 1)


def blow_score(facts: BlowFacts, left: int) -> float:
    """Expected worth of a blow on an enemy with ``left`` HP: damage dealt, a bonus for a kill and
    for speed, less the worth of the card spent."""
    damage = facts.damage
    score = (damage if damage <= left else left) + (4 if damage >= left else 0) + 0.5 * facts.speed
    score += 1 if facts.stagger else 0
    return score - 0.5 * facts.value


def attack_score(g: Game, index: int, option: str, enemy: EnemyState) -> float:
    """Expected worth of an attack (or counter) option on ``enemy``: :func:`blow_score`."""
    card, slot = parse_slot_option(option.split(" vs ")[0])
    return blow_score(blow_facts(g, index, card, slot), max_hp(g, enemy) - enemy.damage)


def threat(g: Game, index: int, place: Place) -> int:
    """Enemies that would reach and attack a hunter on ``place`` in the next activation."""
    return Sight(g).threat(place)


def exposure(g: Game, index: int, place: Place, leaving: Place | None = None) -> int:
    """Enemies that would attack a hunter ending the turn on ``place``: those within a step, and
    those on ``leaving`` (they pursue a hunter who walks away, then close in)."""
    return Sight(g).exposure(place, leaving)


def wants_unrevealed(g: Game, targets: Targets) -> bool:
    """Whether a target names a tile that is still in the tile deck (found only by exploring)."""
    deck = g.world.tile_deck
    if not deck or not (targets.tiles or targets.spaces):
        return False
    wanted = targets.tiles | {tile for tile, _ in targets.spaces}
    return not (wanted - {placed.tile for placed in g.world.tiles}).isdisjoint(deck)


Handler = Callable[["HeuristicBot", Game, int, list[str]], str]


class HeuristicBot:
    """The heuristic team."""

    name = "heuristic"
    _handlers: ClassVar[dict[tuple[type, str], Handler | None]] = {}
    """The ``on_<topic>`` method answering each topic asked so far, by class and topic (None: the
    first option is taken)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.retreat: Place | None = None
        """Where the current move runs to, when it is a retreat."""
        self.move_from: Place | None = None
        """Where the current move started: arriving means standing somewhere else."""
        self.heading: Place | None = None
        """Where the current move was chosen to go: kept for the whole move, since a destination
        recomputed at every step can flip between two goals and walk the hunter in circles."""
        self._move_places: dict[tuple[MapView, Targets, int], list[Place]] = {}
        self._answering: Game | None = None
        """The table of the decision being answered, while :meth:`answer` runs."""
        self._sight: Sight | None = None
        """That decision's reading of the table (made on first use)."""

    def _see(self, g: Game) -> Sight:
        """The current decision's :class:`Sight` of ``g``; outside :meth:`answer`, a fresh one
        (the table may have changed since the last call)."""
        sight = self._sight
        if sight is not None and sight.g is g:
            return sight
        sight = Sight(g)
        if self._answering is g:
            self._sight = sight
        return sight

    # --- where to go ----------------------------------------------------------------------------------

    def goal_places(self, g: Game, targets: Targets, *, moves_only: bool = False) -> list[Place]:
        """Spaces the targets point at; with ``moves_only``, only where to end a move."""
        return list(self._goal_places(self._see(g), targets, moves_only))

    def _goal_places(self, sight: Sight, targets: Targets, moves_only: bool) -> list[Place]:
        """:meth:`goal_places`, kept for the decision (do not change the list)."""
        for kept, only, found in sight.goals:
            if kept is targets and only == moves_only:
                return found
        g = sight.g
        if moves_only:
            places = list(self.move_places(g, targets))
        else:
            places = list(self._goal_places(sight, targets, True))
            if targets.tokens:
                places += [token.place for token in g.world.tokens if token.name in targets.tokens]
            wanted = sight.wanted(targets)
            if wanted:
                places += [enemy.place for enemy in wanted]
        sight.goals.append((targets, moves_only, places))
        return places

    def _goal_set(self, sight: Sight) -> set[Place]:
        """:meth:`goal_places` of every target in play, as a set (kept for the decision)."""
        found = sight.goal_set
        if found is None:
            found = sight.goal_set = set(self._goal_places(sight, sight.situation.targets, False))
        return found

    def move_places(self, g: Game, targets: Targets) -> list[Place]:
        """Spaces on the map where the targets want a move to end. Tiles are only ever added to
        the map, so the answer is kept per (table, targets, tiles on the map); do not change it."""
        world = g.world
        key = (g.map, targets, len(world.tiles))
        found = self._move_places.get(key)
        if found is not None:
            return found
        places: list[Place] = []
        for placed in world.tiles:
            tile = g.rules.tiles[placed.tile]
            if placed.tile in targets.tiles:
                named = tile.space(placed.tile)
                places.append((placed.uid, named.id if named else tile.spaces[0].id))
            for space in tile.spaces:
                if (placed.tile, space.id) in targets.spaces:
                    places.append((placed.uid, space.id))
        if len(self._move_places) >= 64:
            self._move_places.clear()
        self._move_places[key] = places
        return places

    def destination(self, g: Game, index: int) -> Place | None:
        """The nearest useful space: a goal on the map, else an unexplored exit, else an enemy."""
        return self._heading_for(self._see(g), index)

    def _heading_for(self, sight: Sight, index: int) -> Place | None:
        """:meth:`destination`, kept for the decision."""
        destinations = sight.destinations
        if index in destinations:
            return destinations[index]
        g = sight.g
        found: Place | None = None
        here = g.hunter(index).place
        if here is not None:
            distances = g.map.distances(here, enemy=False)
            situation = sight.situation
            # The hunt cards' goals come first when they can be pursued: insight missions and
            # untriggered cards only cost rounds unless a hunt goal waits on them.
            if not situation.insight_blocked:
                found = self._destination(sight, here, distances, situation.hunt, fallback=False)
            if found is None:
                found = self._destination(sight, here, distances, situation.targets, fallback=True)
        destinations[index] = found
        return found

    def _destination(
        self, sight: Sight, here: Place, distances: dict[Place, int], targets: Targets, *, fallback: bool
    ) -> Place | None:
        """The nearest place ``targets`` point at (or an exit, when they name an undrawn tile);
        with ``fallback``, any exit or enemy when they point at nothing on the map."""
        g = sight.g
        # A place to end a move on that the hunter already stands on is waiting for something else
        # (insight, say); tokens and enemies here are dealt with by the action itself.
        moves = set(self._goal_places(sight, targets, True))
        places: list[Place] = []
        for place in self._goal_places(sight, targets, False):
            if place in distances and (place != here or place not in moves) and place not in places:
                places.append(place)
        goals = set(places)
        if ((not places and fallback) or wants_unrevealed(g, targets)) and g.world.tile_deck:
            # A goal or trigger names a tile still in the deck: exploring is as useful as walking
            # to a goal already on the map, so the nearest of either wins (an exit counts one step
            # more, the step through it).
            places += [place for place in g.map.exit_spaces() if place in distances]
        if not places and fallback:
            places = [e.place for e in g.world.enemies if e.place in distances]
        # The team converges on the nearest goal (spreading out over goals did no better); ties go
        # to the first space in order.
        best: Place | None = None
        best_key: tuple[int, Place] | None = None
        for place in places:
            key = (distances[place] + (place not in goals), place)
            if best_key is None or key < best_key:
                best, best_key = place, key
        return best

    # --- deciding -------------------------------------------------------------------------------------

    def act(self, state: BoardState) -> str:
        decision = state.decision()
        assert decision is not None
        return self.answer(state.game, decision)

    def answer(self, g: Game, decision: Decision) -> str:
        """The option this bot takes for a question of the game (a rule scenario asks it too)."""
        options = decision.options
        handlers, key = self._handlers, (type(self), decision.topic)
        if key in handlers:
            handler = handlers[key]
        else:
            name = f"on_{decision.topic.replace('-', '_')}"
            handler = handlers[key] = getattr(type(self), name, None)
        if handler is not None:
            self._answering, self._sight = g, None
            try:
                choice = handler(self, g, decision.player, options)
            finally:
                self._answering = self._sight = None
            if choice in options:
                return choice
        return options[0]

    def cheapest(self, g: Game, options: list[str], word: str) -> str | None:
        """The option spending the least valuable card for an action word (`move`, `dream` …)."""
        return self._read(self._see(g), options).cheapest(word)

    @staticmethod
    def _read(sight: Sight, options: list[str]) -> Choices:
        """:func:`read_options` of this decision's option list, kept for the decision."""
        kept = sight.choices
        if kept is not None and kept[0] is options:
            return kept[1]
        read = read_options(sight.g, options)
        sight.choices = (options, read)
        return read

    def on_action(self, g: Game, index: int, options: list[str]) -> str:
        self.retreat = self.heading = None
        sight = self._see(g)
        hunter = g.hunter(index)
        here = hunter.place
        assert here is not None
        self.move_from = here
        enemies_here = sight.crowd(here)
        targets = sight.situation.targets
        wanted_here = [e for e in sight.wanted(targets) if e.place == here] if enemies_here else []
        if hunter.hp <= LOW_HP + 1 and "use blood-vial" in options:
            return "use blood-vial"
        if hunter.poison and "use antidote" in options:
            return "use antidote"
        read = self._read(sight, options)
        if read.fire is not None and g.world.enemies:
            return read.fire
        # Blows on an enemy that cannot be harmed yet are cards thrown away.
        attacks = read.attacks
        if attacks and g.world.invulnerable:
            attacks = [b for b in attacks if not sight.shielded(b.uid)]
        if wanted_here:
            # Goal enemies first: the others only take rounds the Hunt Track does not have.
            wanted_uids = {e.uid for e in wanted_here}
            attacks = [b for b in attacks if b.uid in wanted_uids] or attacks
        elif enemies_here and attacks and hunter.hand and not self.must_fight(sight, index, here):
            # Nothing here the missions want and somewhere to be: walk on (the enemies may
            # pursue one space) rather than spend the turn on enemies the map will respawn.
            goal = self._heading_for(sight, index)
            move = self.guarded_move(sight, index, options, goal) if goal is not None else None
            if goal is not None and goal != here and move:
                self.heading = goal
                return move
        keep = self.kept_dodge(sight, index, here)
        if keep is not None and not wanted_here:
            # Hands refill only at the start of a round: the enemy activation after this turn is
            # met with what is left, so the last dodge card is not spent on a side fight.
            attacks = [b for b in attacks if b.card != keep]
        if enemies_here and attacks:
            best, score, kills = self.best_blow(sight, index, attacks)
            if len(hunter.hand) == 1 and not kills:
                # The enemies here strike in the activation anyway: the last card lands the same
                # blow as a counter then, without giving them one more strike now.
                pass
            elif hunter.hp > LOW_HP or score >= 4 or (wanted_here and hunter.echoes < 2):
                # Hurt beside a goal enemy with nothing to spend in the Dream: a trip there costs
                # the track space a fall would, so strike first.
                return best
        spare = len(hunter.hand) - (keep is not None)
        if enemies_here and not attacks and any(hunter.slots) and spare > 0:
            transform = read.cheapest("transform")
            if transform:
                return transform
        hurt = hunter.hp <= LOW_HP or (hunter.hp <= LOW_HP + 1 and hunter.echoes >= 2)
        if hurt and hunter.hp > 1 and resets_next(g):
            # A trip now would reset the map: enemies back everywhere and bosses healed.
            hurt = False
        if hunter.hand and hurt:
            dream = read.cheapest("dream")
            if dream:
                return dream
        wants_token = False
        if targets.tokens:
            for token in g.world.tokens:
                if token.place == here and token.name in targets.tokens:
                    wants_token = True
                    break
        spare_card = len(hunter.hand) > RESERVE or sight.exposure(here) == 0
        if (
            wants_token or (here in g.world.consumable_tokens and not enemies_here and spare_card)
        ) and hunter.hand:
            interact = read.cheapest("interact")
            if interact:
                return interact
        danger = sight.threat(here)
        if danger >= 2 and hunter.hp <= 2 * danger and hunter.hand and not enemies_here:
            safer = self.safer_place(sight, here, danger)
            move = read.cheapest("move")
            if safer is not None and move:
                self.retreat = safer
                return move
        goal = self._heading_for(sight, index)
        if goal is not None and hunter.hand and (goal != here or g.map.open_exits(here)):
            move = self.guarded_move(sight, index, options, goal)
            if move:
                self.heading = goal
                return move
        if hunter.hand and all(s is not None for s in hunter.slots) and spare > 1:
            transform = read.cheapest("transform")
            if transform:
                return transform
        if hunter.hand:
            move = self.escape(sight, index, options)
            if move:
                return move
        return "end turn"

    @staticmethod
    def best_blow(sight: Sight, index: int, attacks: list[Blow]) -> tuple[str, float, bool]:
        """The blow with the best :func:`blow_score` (among equal scores, the option last in sorted
        order), its score, and whether it finishes its enemy (before the enemy's own effects)."""
        g = sight.g
        table = form_blows(g, index)
        targets: dict[int, tuple[EnemyState | None, int]] = {}
        best: tuple[float, str] | None = None
        kills = False
        for blow in attacks:
            facts = table.get(blow.where) or blow_facts(g, index, blow.card, blow.slot)
            if blow.uid in targets:
                enemy, left = targets[blow.uid]
            else:
                enemy = sight.enemy(blow.uid)
                left = max_hp(g, enemy) - enemy.damage if enemy is not None else 0
                targets[blow.uid] = (enemy, left)
            key = (blow_score(facts, left) if enemy is not None else -99.0, blow.option)
            if best is None or key > best:
                best, kills = key, enemy is not None and facts.damage >= left
        assert best is not None
        return best[1], best[0], kills

    @staticmethod
    def wanted(g: Game, enemy: EnemyState, targets: Targets) -> bool:
        """Whether the missions want this enemy slain (and it can be harmed now)."""
        return wants_slain(g, enemy, targets)

    @staticmethod
    def kept_dodge(sight: Sight, index: int, here: Place) -> str | None:
        """The dodge card to hold for the coming enemy activation, when enemies can reach here and
        the hand has exactly one dodge card left (more than one leaves a spare)."""
        if not sight.crowd(here) and not sight.threat(here):
            return None
        g = sight.g
        known = known_cards(g)
        found = None
        for card in g.hunter(index).hand:
            if (known[card] if card in known else card_facts(g, card)).dodge:
                if found is not None:
                    return None
                found = card
        return found

    def landing(self, sight: Sight, index: int, goal: Place) -> Place | None:
        """Where a move toward ``goal`` ends, stepping as :meth:`on_step` does; None when the move
        goes through an unexplored exit (what lies beyond is not known)."""
        g = sight.g
        here = g.hunter(index).place
        if here is None or goal == here:
            return None
        targets = self._goal_set(sight)
        # Distances toward the goal from every space at once (one search over the reversed graph).
        toward = g.map.distances_to(goal)
        for _ in range(2):
            d_here = toward.get(here)
            if d_here is None or here == goal:
                break
            # The closest step, then the one with fewest enemies, then the first in order.
            closest: tuple[int, int, Place] | None = None
            for place in g.map.hunter_steps(here):
                d = toward.get(place)
                if d is not None and d < d_here:
                    key = (d, len(sight.crowd(place)), place)
                    if closest is None or key < closest:
                        closest = key
            if closest is None:
                break
            here = closest[2]
            if here in targets:
                break
        return here

    def guarded_move(self, sight: Sight, index: int, options: list[str], goal: Place) -> str | None:
        """The move toward ``goal``, unless it would leave the hunter where enemies strike with no
        card left to counter or dodge (hands refill only at the start of a round)."""
        move = self._read(sight, options).cheapest("move")
        hunter = sight.g.hunter(index)
        here = hunter.place
        if move is None or here is None:
            return None
        land = self.landing(sight, index, goal)
        danger = sight.exposure(land, here) if land is not None else 1 + len(sight.crowd(here))
        return move if danger == 0 or len(hunter.hand) - 1 >= RESERVE else None

    def escape(self, sight: Sight, index: int, options: list[str]) -> str | None:
        """With cards left at the end of the turn and enemies about to strike: a move to a space
        within two steps where none would, if there is one (the nearest, then the first)."""
        g = sight.g
        here = g.hunter(index).place
        move = self._read(sight, options).cheapest("move")
        if here is None or move is None or sight.exposure(here) == 0:
            return None
        calm: tuple[int, Place] | None = None
        for place, d in g.map.distances(here, enemy=False).items():
            if 0 < d <= 2 and (calm is None or (d, place) < calm) and sight.exposure(place, here) == 0:
                calm = (d, place)
        if calm is None:
            return None
        self.retreat = calm[1]
        return move

    @staticmethod
    def must_fight(sight: Sight, index: int, here: Place) -> bool:
        """Whether walking away is unwise: too hurt to take the pursuers' blows on the way."""
        return sight.g.hunter(index).hp <= LOW_HP + len(sight.crowd(here))

    @staticmethod
    def safer_place(sight: Sight, here: Place, danger: int) -> Place | None:
        """A space within two steps where fewer enemies would attack (the fewest, then the
        nearest, then the first)."""
        best: tuple[int, int, Place] | None = None
        for place, d in sight.g.map.distances(here, enemy=False).items():
            if 0 < d <= 2:
                key = (sight.threat(place), d, place)
                if best is None or key < best:
                    best = key
        return best[2] if best is not None and best[0] < danger else None

    def on_step(self, g: Game, index: int, options: list[str]) -> str:
        sight = self._see(g)
        here = g.hunter(index).place
        goal = self.retreat or self.heading or self._heading_for(sight, index)
        if here == self.retreat:
            self.retreat = None
            return "stop"
        arrived = here != self.move_from and here in self._goal_set(sight)
        if self.retreat is None and arrived:
            return "stop"  # arrived: the rest of the move would only walk away again
        if here is None or goal is None:
            return "stop"
        if goal == here:
            explores = [o for o in options if o.startswith("explore ")]
            # Past the exit the map is new: the next step picks its goal afresh.
            self.heading = None
            return explores[0] if explores else "stop"
        # Distances are measured from each step toward the goal: the hunters' graph is one-way at
        # fog gates (they may enter a fogged tile, never leave it).
        toward = g.map.distances_to(goal)
        here_d = toward.get(here, 999)
        best, best_key = "stop", (here_d, 0)
        steps = g.map.step_places(here)
        for option in options:
            # Only `step <space>` options lead to a space (`explore` and `stop` do not).
            place = steps.get(option)
            if place is None:
                continue
            key = (toward.get(place, 999), len(sight.crowd(place)))
            # Closer first; among equals, the space with fewer enemies waiting.
            if key < best_key and key[0] < best_key[0] + (0 if best == "stop" else 1):
                best, best_key = option, key
        return best

    def on_counter(self, g: Game, index: int, options: list[str]) -> str:
        hunter = g.hunter(index)
        counters = [o for o in options if o.startswith("counter ")]
        keep_dodge = [o for o in counters if card_value(g, parse_slot_option(o)[0]) < 4]
        pool = keep_dodge or (counters if hunter.hp <= LOW_HP else [])
        if not pool:
            return "take the blow"
        here = hunter.place
        crowd = self._see(g).crowd(here) if here else ()
        if not crowd:
            return pool[0]
        enemy = crowd[0]
        return max(pool, key=lambda o: (attack_score(g, index, o, enemy), o))

    def on_dodge(self, g: Game, index: int, options: list[str]) -> str:
        dodges = [o for o in options if o.startswith("dodge ")]
        form = weapon_form(g, index)

        def cost(option: str) -> tuple[int, int, str]:
            card, slot = parse_slot_option(option)
            # The weakest attack slot goes under the dodge: the strong ones stay free for blows.
            return (form.attacks[slot].damage, card_value(g, card), option)

        return min(dodges, key=cost) if dodges else options[0]

    def on_boost(self, g: Game, index: int, options: list[str]) -> str:
        for option in options:
            if option.startswith(("fire ", "use molotov", "use fire-paper", "use bolt-paper")):
                return option
        return "strike"

    def on_incorporate(self, g: Game, index: int, options: list[str]) -> str:
        for basic in ("basic-vitality", "basic-skill", "basic-strength", "basic-endurance"):
            for option in options:
                if option.endswith(f" for {basic}"):
                    return option
        return options[-1]

    def on_upgrade(self, g: Game, index: int, options: list[str]) -> str:
        return max(options, key=lambda o: (upgrade_value(g, o.removeprefix("upgrade ")), o))

    def on_refresh(self, g: Game, index: int, options: list[str]) -> str:
        return "keep hand"

    def on_lamp(self, g: Game, index: int, options: list[str]) -> str:
        return options[0]

    def _cheap_discard(self, g: Game, options: list[str]) -> str:
        return min(options, key=lambda o: (card_value(g, o.removeprefix("discard ")), o))

    def on_stun(self, g: Game, index: int, options: list[str]) -> str:
        return self._cheap_discard(g, options)

    def on_discard(self, g: Game, index: int, options: list[str]) -> str:
        return self._cheap_discard(g, options)

    def on_enemy_discard(self, g: Game, index: int, options: list[str]) -> str:
        return self._cheap_discard(g, options)

    def on_mission_choice(self, g: Game, index: int, options: list[str]) -> str:
        # Story choices are taken at random (by the bot's seed) so that every branch of a
        # campaign is reached over many games.
        return self.rng.choice(options)

    def on_firearm(self, g: Game, index: int, options: list[str]) -> str:
        return options[0]

    def on_reward_overflow(self, g: Game, index: int, options: list[str]) -> str:
        """A third tool or rune: pass one on rather than lose it, a ready card before an exhausted
        one, to the ally holding the fewest rewards (the most hurt among equals)."""
        gives = [o for o in options if o.startswith("give ")]
        if not gives:
            return options[0]
        holder = g.hunter(index)
        ids = {h.id: i for i, h in enumerate(g.world.hunters)}

        def worth(option: str) -> tuple[int, int, int, str]:
            card, receiver = option.removeprefix("give ").split(" to ", 1)
            ally = g.hunter(ids[receiver])
            return (card in holder.exhausted_rewards, len(ally.rewards), ally.hp, option)

        return min(gives, key=worth)
