"""A heuristic hunter team: heads for what the missions want, explores when that is not on the map,
fights when the exchange favours it, heals, and goes to the Dream when hurt or full of echoes."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toolkit.games.board.bots.targets import Targets, insight_blocked, mission_targets
from toolkit.games.board.engine.activation import in_range, movement
from toolkit.games.board.engine.combat import parse_slot_option, weapon_form
from toolkit.games.board.engine.core import Decision, Game
from toolkit.games.board.engine.enemies import invulnerable, max_hp, selectors
from toolkit.games.board.engine.state import BoardState
from toolkit.games.board.engine.world import EnemyState, Place
from toolkit.games.board.model import effects as fx
from toolkit.games.board.model.combat import SPEED_RANK, Attack

LOW_HP = 2
"""At or below this, the team heals or retreats to the Dream."""

RESERVE = 1
"""Cards kept for the enemy activation when enemies can reach where the turn ends: one counter or
dodge (hands refill only at the start of a round)."""


@dataclass(slots=True, frozen=True)
class CardFacts:
    """What the team reads of a stat card, worked out once per rules bundle."""

    effects: list[fx.BasicEffect]
    value: int
    """How much the card is worth keeping (:func:`card_value`)."""
    upgrade: float
    """How much the card is worth taking as an upgrade (:func:`upgrade_value`)."""
    dodge: bool


def card_facts(g: Game, card: str) -> CardFacts:
    """A stat card's :class:`CardFacts`, kept in the rules bundle's cache (the bots ask about the
    same dozen cards tens of thousands of times a run)."""
    known = g.rules.cache.get("bot-card-facts")
    if not isinstance(known, dict):
        known = g.rules.cache["bot-card-facts"] = {}
    facts = known.get(card)
    if facts is None:
        facts = known[card] = _card_facts(g, card)
    return facts


def _card_facts(g: Game, card: str) -> CardFacts:
    effects = [e for _, e in g.tables.flat(g.rules.stat_cards[card].effects)]
    # Keeping: dodge cards most, then damage and stagger, then the rest.
    value = 1
    if any(isinstance(e, fx.Dodge) for e in effects):
        value += 3
    if any(isinstance(e, fx.DamageModifier | fx.Stagger) for e in effects):
        value += 2
    value += 1 if g.rules.stat_cards[card].tier == "upgrade" else 0
    # Taking: damage and stagger win fights, a dodge saves a blow.
    upgrade = 0.0
    for effect in effects:
        if isinstance(effect, fx.DamageModifier):
            upgrade += 1.5 * effect.damage
        elif isinstance(effect, fx.Stagger):
            upgrade += 1.5
        elif isinstance(effect, fx.Dodge):
            upgrade += 2
        elif isinstance(effect, fx.SpeedModifier):
            upgrade += 0.5 * effect.speed
        else:
            upgrade += 0.5
    return CardFacts(effects, value, upgrade, any(isinstance(e, fx.Dodge) for e in effects))


def card_effects(g: Game, card: str) -> list[fx.BasicEffect]:
    """A stat card's effects, flattened once per rules bundle."""
    return card_facts(g, card).effects


def card_value(g: Game, card: str) -> int:
    """How much a card is worth keeping: dodge cards most, then damage and stagger, then the rest."""
    return card_facts(g, card).value


def upgrade_value(g: Game, card: str) -> float:
    """How much an upgrade is worth taking: damage and stagger win fights, a dodge saves a blow."""
    return card_facts(g, card).upgrade


def resets_next(g: Game) -> bool:
    """Whether the next advance of the Hunt Track resets the map (enemies back, bosses healed)."""
    track = g.rules.track
    if g.world.track >= track.length:
        return track.final_space_resets
    return track.is_reset(g.world.track + 1)


def is_dodge(g: Game, card: str) -> bool:
    """Whether a stat card can dodge an enemy attack."""
    return card_facts(g, card).dodge


def blow(g: Game, index: int, option: str) -> tuple[str, int, list[fx.BasicEffect], Attack]:
    """An attack option's stat card, damage (weapon slot plus the card's modifiers), the card's
    effects and the weapon slot's attack."""
    card, slot = parse_slot_option(option.split(" vs ")[0])
    attack = weapon_form(g, index).attacks[slot]
    effects = card_effects(g, card)
    damage = attack.damage + sum(e.damage for e in effects if isinstance(e, fx.DamageModifier))
    return card, damage, effects, attack


def attack_score(g: Game, index: int, option: str, enemy: EnemyState) -> float:
    """Expected worth of an attack option: damage dealt, a bonus for a kill and for speed."""
    card, damage, effects, attack = blow(g, index, option)
    speed = SPEED_RANK[attack.speed] + sum(e.speed for e in effects if isinstance(e, fx.SpeedModifier))
    stagger = any(isinstance(e, fx.Stagger) for e in effects)
    left = max_hp(g, enemy) - enemy.damage
    score = min(damage, left) + (4 if damage >= left else 0) + 0.5 * speed + (1 if stagger else 0)
    return score - 0.5 * card_value(g, card)


def would_kill(g: Game, index: int, option: str) -> bool:
    """Whether an attack option's damage finishes its enemy (before the enemy's own effects)."""
    enemy = g.find_enemy(int(option.rsplit("#", 1)[1]))
    if enemy is None:
        return False
    return blow(g, index, option)[1] >= max_hp(g, enemy) - enemy.damage


def threat(g: Game, index: int, place: Place) -> int:
    """Enemies that would reach and attack a hunter on ``place`` in the next activation."""
    count = 0
    distances = g.map.distances(place, enemy=True)
    for enemy in g.world.enemies:
        d = distances.get(enemy.place)
        if d is not None and d <= movement(g, enemy) and in_range(g, enemy, place):
            count += 1
    return count


def exposure(g: Game, index: int, place: Place, leaving: Place | None = None) -> int:
    """Enemies that would attack a hunter ending the turn on ``place``: those within a step, and
    those on ``leaving`` (they pursue a hunter who walks away, then close in)."""
    count = threat(g, index, place)
    if leaving is not None and leaving != place:
        near = g.map.distances(place, enemy=True)
        count += sum(1 for e in g.enemies_at(leaving) if near.get(e.place, 99) > 1)
    return count


def wants_unrevealed(g: Game, targets: Targets) -> bool:
    """Whether a target names a tile that is still in the tile deck (found only by exploring)."""
    wanted = targets.tiles | {tile for tile, _ in targets.spaces}
    on_map = {placed.tile for placed in g.world.tiles}
    return any(tile in g.world.tile_deck for tile in wanted - on_map)


class HeuristicBot:
    """The heuristic team."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.retreat: Place | None = None
        """Where the current move runs to, when it is a retreat."""
        self.move_from: Place | None = None
        """Where the current move started: arriving means standing somewhere else."""
        self.heading: Place | None = None
        """Where the current move was chosen to go: kept for the whole move, since a destination
        recomputed at every step can flip between two goals and walk the hunter in circles."""
        self._move_places: dict[tuple[int, int, int], tuple[object, Targets, list[Place]]] = {}

    # --- where to go ----------------------------------------------------------------------------------

    def goal_places(self, g: Game, targets: Targets, *, moves_only: bool = False) -> list[Place]:
        """Spaces the targets point at; with ``moves_only``, only where to end a move."""
        places = list(self.move_places(g, targets))
        if moves_only:
            return places
        places += [t.place for t in g.world.tokens if t.name in targets.tokens]
        places += [e.place for e in g.world.enemies if self.wanted(g, e, targets)]
        return places

    def move_places(self, g: Game, targets: Targets) -> list[Place]:
        """Spaces on the map where the targets want a move to end. Tiles are only ever added to
        the map, so the answer is kept per (table, targets, tiles on the map); do not change it."""
        world = g.world
        key = (id(world), id(targets), len(world.tiles))
        found = self._move_places.get(key)
        if found is not None:
            return found[2]
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
        # The entry keeps the table and the targets alive, so their ids are not reused meanwhile.
        self._move_places[key] = (world, targets, places)
        return places

    def destination(self, g: Game, index: int) -> Place | None:
        """The nearest useful space: a goal on the map, else an unexplored exit, else an enemy."""
        here = g.hunter(index).place
        if here is None:
            return None
        distances = g.map.distances(here, enemy=False)
        # The hunt cards' goals come first when they can be pursued: insight missions and
        # untriggered cards only cost rounds unless a hunt goal waits on them.
        if not insight_blocked(g):
            hunt = mission_targets(g, hunt_only=True)
            primary = self._destination(g, here, distances, hunt, fallback=False)
            if primary is not None:
                return primary
        return self._destination(g, here, distances, mission_targets(g), fallback=True)

    def _destination(
        self, g: Game, here: Place, distances: dict[Place, int], targets: Targets, *, fallback: bool
    ) -> Place | None:
        """The nearest place ``targets`` point at (or an exit, when they name an undrawn tile);
        with ``fallback``, any exit or enemy when they point at nothing on the map."""
        # A place to end a move on that the hunter already stands on is waiting for something else
        # (insight, say); tokens and enemies here are dealt with by the action itself.
        moves = set(self.goal_places(g, targets, moves_only=True))
        others = set(self.goal_places(g, targets)) - moves
        places = [p for p in moves | others if p in distances and (p != here or p in others)]
        exits = [p for p in g.map.exit_spaces() if p in distances] if g.world.tile_deck else []
        goals = set(places)
        if (not places and fallback) or wants_unrevealed(g, targets):
            # A goal or trigger names a tile still in the deck: exploring is as useful as walking
            # to a goal already on the map, so the nearest of either wins (an exit counts one step
            # more, the step through it).
            places += exits
        if not places and fallback:
            places = [e.place for e in g.world.enemies if e.place in distances]
        if not places:
            return None
        # The team converges on the nearest goal (spreading out over goals did no better).
        return min(places, key=lambda p: (distances[p] + (p not in goals), p))

    # --- deciding -------------------------------------------------------------------------------------

    def act(self, state: BoardState) -> str:
        decision = state.decision()
        assert decision is not None
        return self.answer(state.game, decision)

    def answer(self, g: Game, decision: Decision) -> str:
        """The option this bot takes for a question of the game (a rule scenario asks it too)."""
        options = decision.options
        handler = getattr(self, f"on_{decision.topic.replace('-', '_')}", None)
        if handler is not None:
            choice = handler(g, decision.player, options)
            if choice in options:
                return str(choice)
        return options[0]

    def cheapest(self, g: Game, options: list[str], word: str) -> str | None:
        """The option spending the least valuable card for an action word (`move`, `dream` …)."""
        spends = [o for o in options if o.startswith(f"{word} [")]
        if not spends:
            return None
        return min(spends, key=lambda o: (card_value(g, o.split("[", 1)[1].rstrip("]")), o))

    def on_action(self, g: Game, index: int, options: list[str]) -> str:
        self.retreat = self.heading = None
        hunter = g.hunter(index)
        here = hunter.place
        assert here is not None
        self.move_from = here
        enemies_here = g.enemies_at(here)
        targets = mission_targets(g)
        wanted_here = [e for e in enemies_here if self.wanted(g, e, targets)]
        if hunter.hp <= LOW_HP + 1 and "use blood-vial" in options:
            return "use blood-vial"
        if hunter.poison and "use antidote" in options:
            return "use antidote"
        fires = [o for o in options if o.startswith("fire ")]
        if fires and g.world.enemies:
            return fires[0]
        # Blows on an enemy that cannot be harmed yet are cards thrown away.
        attacks = [o for o in options if o.startswith("attack ") and not self.shielded(g, o)]
        if wanted_here:
            # Goal enemies first: the others only take rounds the Hunt Track does not have.
            wanted_uids = {f"#{e.uid}" for e in wanted_here}
            attacks = [o for o in attacks if "#" + o.rsplit("#", 1)[1] in wanted_uids] or attacks
        elif enemies_here and attacks and hunter.hand and not self.must_fight(g, index, here):
            # Nothing here the missions want and somewhere to be: walk on (the enemies may
            # pursue one space) rather than spend the turn on enemies the map will respawn.
            goal = self.destination(g, index)
            move = self.guarded_move(g, index, options, goal) if goal is not None else None
            if goal is not None and goal != here and move:
                self.heading = goal
                return move
        keep = self.kept_dodge(g, index, here)
        if keep is not None and not wanted_here:
            # Hands refill only at the start of a round: the enemy activation after this turn is
            # met with what is left, so the last dodge card is not spent on a side fight.
            attacks = [o for o in attacks if parse_slot_option(o.split(" vs ")[0])[0] != keep]
        if enemies_here and attacks:

            def score(option: str) -> float:
                uid = int(option.rsplit("#", 1)[1])
                enemy = g.find_enemy(uid)
                return attack_score(g, index, option, enemy) if enemy else -99.0

            best = max(attacks, key=lambda o: (score(o), o))
            if len(hunter.hand) == 1 and not would_kill(g, index, best):
                # The enemies here strike in the activation anyway: the last card lands the same
                # blow as a counter then, without giving them one more strike now.
                pass
            elif hunter.hp > LOW_HP or score(best) >= 4 or (wanted_here and hunter.echoes < 2):
                # Hurt beside a goal enemy with nothing to spend in the Dream: a trip there costs
                # the track space a fall would, so strike first.
                return best
        spare = len(hunter.hand) - (keep is not None)
        if enemies_here and not attacks and any(hunter.slots) and spare > 0:
            transform = self.cheapest(g, options, "transform")
            if transform:
                return transform
        hurt = hunter.hp <= LOW_HP or (hunter.hp <= LOW_HP + 1 and hunter.echoes >= 2)
        if hurt and hunter.hp > 1 and resets_next(g):
            # A trip now would reset the map: enemies back everywhere and bosses healed.
            hurt = False
        if hunter.hand and hurt:
            dream = self.cheapest(g, options, "dream")
            if dream:
                return dream
        tokens_here = {t.name for t in g.world.tokens if t.place == here}
        wants_token = bool(tokens_here & targets.tokens)
        spare_card = len(hunter.hand) > RESERVE or exposure(g, index, here) == 0
        if (
            wants_token or (here in g.world.consumable_tokens and not enemies_here and spare_card)
        ) and hunter.hand:
            interact = self.cheapest(g, options, "interact")
            if interact:
                return interact
        danger = threat(g, index, here)
        if danger >= 2 and hunter.hp <= 2 * danger and hunter.hand and not enemies_here:
            safer = self.safer_place(g, index, here, danger)
            move = self.cheapest(g, options, "move")
            if safer is not None and move:
                self.retreat = safer
                return move
        goal = self.destination(g, index)
        if goal is not None and hunter.hand and (goal != here or g.map.open_exits(here)):
            move = self.guarded_move(g, index, options, goal)
            if move:
                self.heading = goal
                return move
        if hunter.hand and all(s is not None for s in hunter.slots) and spare > 1:
            transform = self.cheapest(g, options, "transform")
            if transform:
                return transform
        if hunter.hand:
            move = self.escape(g, index, options)
            if move:
                return move
        return "end turn"

    @staticmethod
    def wanted(g: Game, enemy: EnemyState, targets: Targets) -> bool:
        """Whether the missions want this enemy slain (and it can be harmed now)."""
        return bool(set(selectors(enemy)) & targets.enemies) and not invulnerable(g, enemy)

    @staticmethod
    def shielded(g: Game, option: str) -> bool:
        """Whether an attack option targets an enemy that cannot be harmed yet."""
        enemy = g.find_enemy(int(option.rsplit("#", 1)[1]))
        return enemy is not None and invulnerable(g, enemy)

    def kept_dodge(self, g: Game, index: int, here: Place) -> str | None:
        """The dodge card to hold for the coming enemy activation, when enemies can reach here and
        the hand has exactly one dodge card left (more than one leaves a spare)."""
        if not g.enemies_at(here) and not threat(g, index, here):
            return None
        dodges = [c for c in g.hunter(index).hand if is_dodge(g, c)]
        return dodges[0] if len(dodges) == 1 else None

    def landing(self, g: Game, index: int, goal: Place) -> Place | None:
        """Where a move toward ``goal`` ends, stepping as :meth:`on_step` does; None when the move
        goes through an unexplored exit (what lies beyond is not known)."""
        here = g.hunter(index).place
        if here is None or goal == here:
            return None
        targets = set(self.goal_places(g, mission_targets(g)))
        # Distances toward the goal from every space at once (one search over the reversed graph).
        toward = g.map.distances_to(goal)
        for _ in range(2):
            d_here = toward.get(here)
            if d_here is None or here == goal:
                break
            steps = [(toward.get(p), len(g.enemies_at(p)), p) for p in g.map.hunter_steps(here)]
            closer = sorted((d, n, p) for d, n, p in steps if d is not None and d < d_here)
            if not closer:
                break
            here = closer[0][2]
            if here in targets:
                break
        return here

    def guarded_move(self, g: Game, index: int, options: list[str], goal: Place) -> str | None:
        """The move toward ``goal``, unless it would leave the hunter where enemies strike with no
        card left to counter or dodge (hands refill only at the start of a round)."""
        move = self.cheapest(g, options, "move")
        hunter = g.hunter(index)
        here = hunter.place
        if move is None or here is None:
            return None
        land = self.landing(g, index, goal)
        danger = exposure(g, index, land, here) if land is not None else 1 + len(g.enemies_at(here))
        return move if danger == 0 or len(hunter.hand) - 1 >= RESERVE else None

    def escape(self, g: Game, index: int, options: list[str]) -> str | None:
        """With cards left at the end of the turn and enemies about to strike: a move to a space
        within two steps where none would, if there is one."""
        hunter = g.hunter(index)
        here = hunter.place
        move = self.cheapest(g, options, "move")
        if here is None or move is None or exposure(g, index, here) == 0:
            return None
        distances = g.map.distances(here, enemy=False)
        calm = sorted(
            (distances[p], p) for p in distances if 0 < distances[p] <= 2 and exposure(g, index, p, here) == 0
        )
        if not calm:
            return None
        self.retreat = calm[0][1]
        return move

    def must_fight(self, g: Game, index: int, here: Place) -> bool:
        """Whether walking away is unwise: too hurt to take the pursuers' blows on the way."""
        return g.hunter(index).hp <= LOW_HP + len(g.enemies_at(here))

    def safer_place(self, g: Game, index: int, here: Place, danger: int) -> Place | None:
        """A space within two steps where fewer enemies would attack."""
        distances = g.map.distances(here, enemy=False)
        choices = [p for p, d in distances.items() if 0 < d <= 2]
        scored = sorted((threat(g, index, p), distances[p], p) for p in choices)
        return scored[0][2] if scored and scored[0][0] < danger else None

    def on_step(self, g: Game, index: int, options: list[str]) -> str:
        here = g.hunter(index).place
        goal = self.retreat or self.heading or self.destination(g, index)
        if here == self.retreat:
            self.retreat = None
            return "stop"
        arrived = here != self.move_from and here in self.goal_places(g, mission_targets(g))
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
        here_d = toward.get(here)
        best, best_key = "stop", (999 if here_d is None else here_d, 0)
        for option in options:
            if option.startswith("step "):
                label = option.removeprefix("step ")
                place = next(p for p in g.map.hunter_steps(here) if g.label(p) == label)
                d = toward.get(place)
                key = (999 if d is None else d, len(g.enemies_at(place)))
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
        enemy = next(iter(g.enemies_at(here)), None) if here else None
        if enemy is None:
            return pool[0]
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
