"""Set a rule scenario's table: the engine's world built from what the `table` lists, and the
decks it stacks in order.

Only what is written is on the table; what it leaves out takes the value the chapter's setup
would give without drawing anything (full decks, the chapter's three enemies in slots 1-3 on side
`a`, the starting tile alone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from toolkit.core.document import PathKey
from toolkit.core.index import ContentIndex
from toolkit.core.validation import did_you_mean
from toolkit.games.board.engine.assembly import UPCALLS
from toolkit.games.board.engine.core import Decision, Game, Gen
from toolkit.games.board.engine.missions import MissionPort, NullMissions
from toolkit.games.board.engine.rules import Rules, load_components, load_rules, strip_pack
from toolkit.games.board.engine.setup import UPGRADE_ROW
from toolkit.games.board.engine.spawn import spawn_boss
from toolkit.games.board.engine.world import EnemyState, HunterState, Place, PlacedTile, SpawnGroup, Token
from toolkit.games.board.mission.documents import Campaign, Chapter
from toolkit.games.board.scenarios.rule_model import EnemyAtTable, HunterAtTable, RuleScenario, Table

COMPONENTS_CAMPAIGN = "components-only"
"""The stand-in campaign of a rule scenario that names none: no mission cards at all."""


class TableError(ValueError):
    """The table cannot be set as written: a message and the path of the key to edit."""

    def __init__(self, message: str, path: PathKey) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class StackedGame(Game):
    """A game whose listed decks are drawn in the order the scenario gave.

    The engine draws from unordered pools; a pool registered here gives its next stacked card
    instead of a chance node, until its stack runs out (or the pool is replaced, as a reshuffle
    does, which makes later draws chance nodes again)."""

    def __init__(self, rules: Rules, hunters: int, missions: MissionPort) -> None:
        super().__init__(rules, hunters, 0, missions, UPCALLS)
        self.stacks: list[tuple[list[str], list[str]]] = []
        """(pool, the cards on its top in draw order)."""

    def stack(self, pool: list[str], top: Sequence[str]) -> None:
        if top:
            self.stacks.append((pool, list(top)))

    def ask(self, player: int, options: list[str], topic: str = "") -> Gen[str]:
        """As the engine asks, except that the hunter's action is asked even when `end turn` is
        the only option: a scenario ends a turn with a step of its own, never by itself."""
        if topic == "action" and options:
            choice = yield Decision(player, options, None, topic)
            return choice
        return (yield from super().ask(player, options, topic))

    def draw(self, pool: list[str], topic: str) -> Gen[str]:
        for stacked_pool, top in self.stacks:
            if stacked_pool is pool and top:
                card = top.pop(0)
                if card in pool:
                    pool.remove(card)
                    self.log(f"{topic}: {card} comes off the top")
                    return card
                # Something took the card out of the deck since the table was set.
                self.log(f"{topic}: the stacked {card} is no longer in the deck; the draw is by chance")
        return (yield from super().draw(pool, topic))


def scenario_rules(index: ContentIndex, pack_id: str, scenario: RuleScenario) -> Rules:
    """The rules the scenario plays: its chapter's, or the components alone."""
    if scenario.campaign is not None:
        return load_rules(index, pack_id, scenario.campaign, scenario.chapter)
    return component_rules(index, pack_id)


def component_rules(index: ContentIndex, pack_id: str) -> Rules:
    """The pack's components with a stand-in chapter that has no mission cards."""
    packs = index.visible_packs(pack_id)
    stand_in = Campaign.model_validate(
        {"kind": "campaign", "id": COMPONENTS_CAMPAIGN, "name": "Components", "introduction": "-"}
    )
    components = load_components(index, packs)
    enemies = list(components["enemies"])
    chapter = Chapter.model_validate(
        {
            "kind": "chapter",
            "campaign": COMPONENTS_CAMPAIGN,
            "number": 1,
            "title": "The rules alone",
            "setup": {"enemies": (enemies * 3)[:3], "random_tiles": 0},
            "triggers": [{"when": {"start_of_hunt": True}, "reveal": 1}],
        }
    )
    return Rules(**components, campaign=stand_in, chapter=chapter, pack_id=pack_id)


# --- the table --------------------------------------------------------------------------------------


class TableBuilder:
    """Builds the world of a :class:`StackedGame` from a table, step by step."""

    def __init__(self, game: StackedGame, table: Table) -> None:
        self.game = game
        self.table = table
        self.labels: dict[str, int] = {}
        """Enemy label (or type, when only one of it is on the table) → its uid."""

    # places -------------------------------------------------------------------------------------

    def place(self, written: str, path: PathKey) -> Place:
        """The placed space a `tile/space` (or `tile`) names."""
        tile_id, _, space = written.partition("/")
        tile_id = self.known(self.game.rules.tiles, tile_id, "tile", path)
        uid = self.game.map.find_tile(tile_id)
        if uid is None:
            on_table = ", ".join(t.tile for t in self.game.world.tiles)
            raise TableError(f"tile `{tile_id}` is not on the table (on it: {on_table})", path)
        model = self.game.rules.tiles[tile_id]
        spaces = [s.id for s in model.spaces]
        if not space:
            space = tile_id if tile_id in spaces else (spaces[0] if len(spaces) == 1 else "")
        if space not in spaces:
            raise TableError(
                f"tile `{tile_id}` has no space `{space or tile_id}` (its spaces: {', '.join(spaces)})", path
            )
        return (uid, space)

    # building -----------------------------------------------------------------------------------

    def known(self, found: Mapping[str, object], written: str, what: str, path: PathKey) -> str:
        """The id without its pack, when the rules have it; a table error naming it otherwise."""
        local = strip_pack(written)
        if local not in found:
            hint = did_you_mean(local, list(found))
            raise TableError(f"there is no {what} `{local}`" + (f" ({hint})" if hint else ""), path)
        return local

    def cards(self, written: Sequence[str | None], path: PathKey) -> list[str | None]:
        cards = self.game.rules.stat_cards
        return [
            None if c is None else self.known(cards, c, "stat card", (*path, i))
            for i, c in enumerate(written)
        ]

    def build(self) -> None:
        g, table = self.game, self.table
        world, rules = g.world, g.rules
        start = strip_pack(table.start or rules.chapter.setup.starting_tile)
        if start not in rules.tiles:
            raise TableError(f"there is no tile `{start}`", ("table", "start"))
        world.tiles.append(PlacedTile(0, start))
        g.map.rebuild()
        for position, tile in enumerate(table.tiles):
            self._join(tile.tile, tile.to, tile.edge, tile.join, ("table", "tiles", position))
        self._decks()
        self._slots()
        for position, hunter in enumerate(table.hunters):
            self._hunter(hunter, ("table", "hunters", position))
        for position, enemy in enumerate(table.enemies):
            self._enemy(enemy, ("table", "enemies", position))
        for position, written in enumerate(table.consumable_tokens):
            world.consumable_tokens.append(self.place(written, ("table", "consumable_tokens", position)))
        for position, token in enumerate(table.tokens):
            at = self.place(token.at, ("table", "tokens", position, "at"))
            world.tokens.append(Token(token.name, token.type, at, token.card))
        for position, gates in enumerate(table.fog_gates):
            uid = g.map.find_tile(strip_pack(gates.tile))
            if uid is None:
                raise TableError(f"tile `{gates.tile}` is not on the table", ("table", "fog_gates", position))
            world.tiles[uid].fog_owner = gates.card
        for position, group in enumerate(table.spawned):
            where: PathKey = ("table", "spawned", position)
            kind_id = self.known({**g.rules.enemies, **g.rules.npcs}, group.enemy, "enemy", (*where, "enemy"))
            at = self.place(group.at, (*where, "at"))
            world.groups.append(
                SpawnGroup(group.card, kind_id, at, group.count, group.tag or "", group.respawn)
            )
        g.map.rebuild()
        world.round = table.round
        world.track = table.hunt_track
        world.final_round = table.final_round

    def _join(self, tile_id: str, to: str, edge: str, join: str, path: PathKey) -> None:
        g = self.game
        tile_id = self.known(g.rules.tiles, tile_id, "tile", (*path, "tile"))
        if g.map.find_tile(tile_id) is not None:
            raise TableError(f"tile `{tile_id}` is already on the table", (*path, "tile"))
        origin = self.place(to, (*path, "to"))
        placed_from = g.world.tiles[origin[0]]
        exits: dict[str, str] = {e.edge: e.space for e in g.rules.tiles[placed_from.tile].exits}
        if exits.get(edge) != origin[1]:
            where = ", ".join(f"{e} ({s})" for e, s in exits.items())
            raise TableError(f"`{to}` has no exit {edge} (the tile's exits: {where})", (*path, "edge"))
        if edge in placed_from.links:
            raise TableError(f"exit {edge} of `{placed_from.tile}` is already joined", (*path, "edge"))
        own = {e.edge for e in g.rules.tiles[tile_id].exits}
        if join not in own:
            raise TableError(
                f"tile `{tile_id}` has no exit {join} (its exits: {', '.join(sorted(own))})", (*path, "join")
            )
        uid = len(g.world.tiles)
        placed = PlacedTile(uid, tile_id)
        placed.links[join] = [origin[0], edge]
        placed_from.links[edge] = [uid, join]
        g.world.tiles.append(placed)
        g.map.rebuild()

    def _decks(self) -> None:
        g, table, world = self.game, self.table, self.game.world
        tables = g.tables
        world.action_discard = list(table.enemy_action_discard)
        world.action_deck = _less(
            tables.action_deck, table.enemy_action_discard, ("table", "enemy_action_discard")
        )
        _less(world.action_deck, table.enemy_actions, ("table", "enemy_actions"))
        g.stack(world.action_deck, table.enemy_actions)
        world.tile_deck = [
            self.known(g.rules.tiles, t, "tile", ("table", "tile_deck", i))
            for i, t in enumerate(table.tile_deck)
        ]
        g.stack(world.tile_deck, list(world.tile_deck))
        world.consumable_deck = list(tables.consumable_deck)
        top = [strip_pack(c) for c in table.consumable_deck_top]
        _less(world.consumable_deck, top, ("table", "consumable_deck_top"))
        g.stack(world.consumable_deck, top)
        world.reward_deck = list(tables.reward_deck)
        upgrades = list(tables.upgrade_deck)
        if table.upgrade_row is None:
            world.upgrade_row = upgrades[:UPGRADE_ROW]
            upgrades = upgrades[UPGRADE_ROW:]
        else:
            world.upgrade_row = [strip_pack(c) for c in table.upgrade_row]
            upgrades = _less(upgrades, world.upgrade_row, ("table", "upgrade_row"))
        world.upgrade_deck = upgrades
        top = [strip_pack(c) for c in table.upgrade_deck_top]
        _less(list(upgrades), top, ("table", "upgrade_deck_top"))
        g.stack(world.upgrade_deck, top)

    def _slots(self) -> None:
        world, chapter = self.game.world, self.game.rules.chapter
        for number, enemy in zip(("1", "2", "3"), chapter.setup.enemies, strict=True):
            world.slots[number] = [strip_pack(enemy), "a"]
        for number, card in self.table.slots.items():
            enemy = self.known(
                self.game.rules.enemies, card.enemy, "enemy", ("table", "slots", number, "enemy")
            )
            world.slots[number] = [enemy, card.side]

    def _hunter(self, written: HunterAtTable, path: PathKey) -> None:
        g = self.game
        rules = g.rules
        hunter_id = self.known(rules.hunters, written.hunter, "hunter", (*path, "hunter"))
        for key in ("hand", "discard", "deck_top", "slots"):
            self.cards(getattr(written, key) or [], (*path, key))
        for position, item in enumerate(written.consumables):
            self.known(rules.consumables, item, "consumable", (*path, "consumables", position))
        for key in ("rewards", "exhausted_rewards"):
            for position, item in enumerate(getattr(written, key)):
                self.known(rules.rewards, item, "reward", (*path, key, position))
        if any(h.id == hunter_id for h in g.world.hunters):
            raise TableError(f"hunter `{hunter_id}` sits at the table twice", (*path, "hunter"))
        model = g.rules.hunters[hunter_id]
        weapon = self.known(
            rules.weapons, written.weapon or model.trick_weapon, "trick weapon", (*path, "weapon")
        )
        hp = model.max_hp if written.hp is None else written.hp
        if hp > model.max_hp:
            raise TableError(f"`{hunter_id}` has at most {model.max_hp} HP", (*path, "hp"))
        hunter = HunterState(hunter_id, weapon, form=written.form, hp=hp, max_hp=model.max_hp)
        hunter.firearm = strip_pack(model.starting_firearm)
        forms = g.rules.weapons[weapon].forms
        attacks = len((forms.b if written.form == "b" else forms.a).attacks)
        slots: list[str | None] = [None] * attacks
        if written.slots is not None:
            if len(written.slots) != attacks:
                raise TableError(
                    f"form {written.form} of `{weapon}` has {attacks} slots, not {len(written.slots)}",
                    (*path, "slots"),
                )
            slots = [None if c is None else strip_pack(c) for c in written.slots]
        hunter.slots = slots
        hunter.hand = sorted(strip_pack(c) for c in written.hand)
        hunter.discard = [strip_pack(c) for c in written.discard]
        top = [strip_pack(c) for c in written.deck_top]
        placed = [*hunter.hand, *hunter.discard, *(c for c in slots if c is not None), *top]
        hunter.deck = sorted([*_less(g.tables.basic_deck, placed, None), *top])
        g.stack(hunter.deck, top)
        hunter.echoes = written.echoes
        hunter.poison, hunter.frenzy = written.poison, written.frenzy
        hunter.consumables = [strip_pack(c) for c in written.consumables]
        hunter.rewards = [strip_pack(r) for r in written.rewards]
        hunter.exhausted_rewards = [strip_pack(r) for r in written.exhausted_rewards]
        hunter.firearm_exhausted = written.firearm_exhausted
        hunter.turn_taken = written.turn_taken
        if written.at == "dream":
            hunter.place = None
        elif written.at is not None:
            hunter.place = self.place(written.at, (*path, "at"))
        else:
            lamps = g.map.lamp_spaces()
            hunter.place = lamps[0] if lamps else (0, g.rules.tiles[g.world.tiles[0].tile].spaces[0].id)
        g.world.hunters.append(hunter)

    def _enemy(self, written: EnemyAtTable, path: PathKey) -> None:
        g, world = self.game, self.game.world
        if (written.enemy is None) == (written.boss is None):
            raise TableError("write either `enemy` or `boss`", path)
        at = self.place(written.at, (*path, "at"))
        if written.boss is not None:
            boss = self.known(g.rules.bosses, written.boss, "boss", (*path, "boss"))
            piece = spawn_boss(g, boss, at, tag=written.tag or "", owner=written.card or 0)
            if piece is None:
                raise TableError(f"boss `{boss}` is on the table twice", (*path, "boss"))
            piece.phase, piece.damage = written.phase, written.damage
            self._label(piece, written.label, path)
            return
        assert written.enemy is not None
        kind_id = self.known({**g.rules.enemies, **g.rules.npcs}, written.enemy, "enemy", (*path, "enemy"))
        if kind_id in g.rules.npcs:
            piece = EnemyState(world.take_uid(), "npc", kind_id, at)
        else:
            slot = written.slot or next(
                (int(n) for n, card in sorted(world.slots.items()) if card[0] == kind_id), 1
            )
            holder = world.slots[str(slot)][0]
            if holder != kind_id and any(e.kind == "enemy" and e.slot == slot for e in world.enemies):
                raise TableError(
                    f"slot {slot} already holds `{holder}` for another enemy of the table", (*path, "slot")
                )
            if holder != kind_id or written.side is not None:
                world.slots[str(slot)] = [kind_id, written.side or world.slots[str(slot)][1]]
            piece = EnemyState(world.take_uid(), "enemy", kind_id, at, slot=slot)
        piece.damage = written.damage
        piece.tag, piece.owner = written.tag or "", written.card or 0
        piece.respawn, piece.home = written.respawn, at if written.respawn else None
        world.enemies.append(piece)
        self._label(piece, written.label, path)

    def _label(self, piece: EnemyState, label: str | None, path: PathKey) -> None:
        if label is not None:
            if label in self.labels:
                raise TableError(f"two enemies are labelled `{label}`", (*path, "label"))
            self.labels[label] = piece.uid


def _less(pool: Sequence[str], taken: Sequence[str], path: PathKey | None) -> list[str]:
    """``pool`` without one copy of each card of ``taken`` (cards not in it are left alone, unless
    ``path`` is given: then taking more than the pool holds is a table error)."""
    rest = list(pool)
    for card in taken:
        if card in rest:
            rest.remove(card)
        elif path is not None:
            have = Counter(pool)
            raise TableError(f"the deck holds only {have[card]} `{card}`", path)
    return rest


def set_table(
    index: ContentIndex, pack_id: str, scenario: RuleScenario
) -> tuple[StackedGame, dict[str, int]]:
    """The game at the scenario's table, and its enemy labels."""
    rules = scenario_rules(index, pack_id, scenario)
    missions: MissionPort = NullMissions()
    if scenario.missions:
        if scenario.campaign is None:
            raise TableError("`missions: true` needs a `campaign`", ("missions",))
        from toolkit.games.board.engine.interpreter_adapter import InterpreterPort

        missions = InterpreterPort(rules, len(scenario.table.hunters))
    game = StackedGame(rules, len(scenario.table.hunters), missions)
    game.lineup = [strip_pack(h.hunter) for h in scenario.table.hunters]
    builder = TableBuilder(game, scenario.table)
    builder.build()
    labels = dict(builder.labels)
    types = Counter(e.type for e in game.world.enemies)
    for enemy in game.world.enemies:
        if types[enemy.type] == 1:
            labels.setdefault(enemy.type, enemy.uid)
    return game, labels


__all__ = ["Decision", "StackedGame", "TableError", "set_table"]
