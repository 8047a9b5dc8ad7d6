"""A card-game table that scenario steps act on, built from the content in play for a pack.

It holds no rules of its own: each step calls the expansion's rule modules (the damage pipeline
and its modifiers, the killing blow, banking, triggers, the weapons' clarifications, the death
track). What the base game would decide — the order things happen in, who attacks whom — the
scenario's steps say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.model import NamedDocument
from toolkit.games.card.content import CardSet, card_set
from toolkit.games.card.model.cards import CardUpgrade, Monster, NightmareBoss, Rune, WeaponClass
from toolkit.games.card.model.effects import (
    BankEchoes,
    BasicEffect,
    DamageHunters,
    DamageMonster,
    GainEchoes,
    Heal,
    Situation,
    Trigger,
)
from toolkit.games.card.rules.death_track import (
    DeathTrackError,
    HunterTrack,
    TrackSpec,
    hunter_kills_hunter,
    monster_kills_hunter,
    place_trophy,
)
from toolkit.games.card.rules.echoes import Echoes
from toolkit.games.card.rules.killing_blow import Hit, MonsterCard, strike
from toolkit.games.card.rules.modifiers import CardInPlay, DamageEvent, Party, Round, damage_after_modifiers
from toolkit.games.card.rules.triggers import apply_echo_effects, fired_effects
from toolkit.games.card.rules.weapons import instant_damage_to_hunters, transform_step
from toolkit.games.card.scenarios.model import STARTING_CARDS, Table

Fighter = Monster | NightmareBoss
M = TypeVar("M", bound=NamedDocument)
P = ParamSpec("P")
R = TypeVar("R")


class TableError(ValueError):
    """A step the table cannot carry out: the rules refuse it, or it names what is not there."""


@dataclass(slots=True)
class Seat:
    """One hunter at the table."""

    name: str
    rune: Rune | None
    echoes: Echoes
    track: HunterTrack
    received: int = 0
    healed: int = 0
    played: str | None = None
    """The card played this round: an upgrade id or a starting card."""
    upgrade: CardUpgrade | None = None
    """The upgrade played this round, if the card is one."""

    @property
    def party(self) -> Party:
        return Party.hunter(self.name)

    @property
    def weapon(self) -> WeaponClass | None:
        if self.upgrade is not None:
            return self.upgrade.weapon
        if self.played == "melee":
            return "melee"
        return "ranged" if self.played == "ranged" else None


@dataclass(slots=True)
class CardTable:
    """The state scenario steps change."""

    cards: CardSet
    seats: dict[str, Seat]
    main_boss: NightmareBoss | None = None
    fighter: Fighter | None = None
    monster: MonsterCard | None = None
    last_dealt: int | None = None
    revealing: tuple[str, ...] = ()
    round: Round = field(default_factory=Round)

    # --- set-up --------------------------------------------------------------------------------

    @classmethod
    def arrange(cls, index: ContentIndex, pack_id: str, table: Table) -> CardTable:
        """The table a scenario describes, with the content in play for ``pack_id``."""
        cards = card_set(index, pack_id)
        track = cards.track
        if track is None:
            raise TableError("no trophy track is in play for this pack")
        spec = TrackSpec.from_model(track)
        seats: dict[str, Seat] = {}
        for name, seated in table.hunters.items():
            rune = _find(cards.runes, seated.rune, "rune") if seated.rune else None
            hunter_track = _starting_track(cards, spec, track.death_token_types, seated.death_tokens)
            for _ in range(seated.trophies):
                hunter_track = _rules(place_trophy, hunter_track)
            echoes = Echoes(seated.echoes.unbanked, seated.echoes.banked)
            seats[name] = Seat(name, rune, echoes, hunter_track)
        main = _find(cards.bosses, table.main_boss, "main boss") if table.main_boss else None
        if main is not None and not main.main:
            raise TableError(f"`{main.id}` is a boss, not a main boss (`main: true`)")
        result = cls(cards, seats, main_boss=main)
        if table.monster is not None:
            result.bring_out(table.monster)
        return result

    def bring_out(self, reference: str) -> None:
        """A monster or boss comes out with its full Blood Echoes."""
        key = reference.split(":", 1)[-1]
        found: list[Fighter] = [m for _, m in self.cards.monsters if m.id == key]
        found += [b for _, b in self.cards.bosses if b.id == key]
        if not found:
            raise TableError(f"no monster or boss `{reference}` is in play")
        fighter = found[0]
        if fighter.blood_echoes is None:
            raise TableError(f"`{fighter.id}` has no Blood Echo count, so it cannot be fought")
        self.fighter = fighter
        self.monster = MonsterCard(fighter.id, fighter.blood_echoes)

    # --- what is in play -----------------------------------------------------------------------

    def seat(self, name: str) -> Seat:
        if name not in self.seats:
            raise TableError(f"no hunter `{name}` at the table; seated: {', '.join(self.seats)}")
        return self.seats[name]

    def monster_party(self) -> Party:
        if self.fighter is None:
            raise TableError("no monster is being fought")
        return Party.monster(self.fighter.id, *self.fighter.types())

    def in_play(self) -> list[CardInPlay]:
        """Every card whose effects are in effect, with its owner."""
        cards: list[CardInPlay] = []
        for seat in self.seats.values():
            if seat.rune is not None:
                cards.append(CardInPlay(seat.rune, seat.party))
            if seat.upgrade is not None:
                cards.append(CardInPlay(seat.upgrade, seat.party))
        if self.fighter is not None:
            cards.append(CardInPlay(self.fighter, self.monster_party()))
        if self.main_boss is not None:
            cards.append(CardInPlay(self.main_boss, None))
        return cards

    # --- steps ---------------------------------------------------------------------------------

    def play(self, plays: dict[str, str]) -> None:
        """A new round: what each hunter reveals, then their instant and weapon-play effects."""
        for seat in self.seats.values():
            seat.played, seat.upgrade = None, None
        for name, card in plays.items():
            seat = self.seat(name)
            seat.played = card
            if card not in STARTING_CARDS:
                seat.upgrade = _find(self.cards.upgrades, card, "upgrade")
        self.round = Round({s.name: s.weapon for s in self.seats.values() if s.weapon is not None})
        self.last_dealt = None
        for seat in self.seats.values():
            if seat.upgrade is not None:
                # A trigger written under `instant` waits for its own moment, not the reveal.
                self._instants(seat, [e for e in seat.upgrade.instant if not isinstance(e, Trigger)])
            if seat.weapon is not None:
                self._fire(seat, "playing-weapon")

    def hit(self, hunter: str, damage: int | None, target: str | None) -> None:
        """A hunter hits the monster (or another hunter) with ``damage`` before modifiers."""
        seat = self.seat(hunter)
        if damage is None:
            if seat.upgrade is None or seat.upgrade.damage is None:
                raise TableError(f"{hunter} plays no weapon whose damage is known this round; give `damage`")
            damage = seat.upgrade.damage
        if target is None:
            self._hit_monster(seat, damage)
        else:
            self._hurt(seat.party, self.seat(target), damage)

    def monster_attacks(self, hunters: list[str], damage: int | None) -> None:
        """The monster hits each of ``hunters``."""
        party = self.monster_party()
        assert self.fighter is not None
        base = damage if damage is not None else self.fighter.attack
        if base is None:
            raise TableError(f"`{self.fighter.id}` has no attack value; give `damage`")
        for name in hunters:
            self._hurt(party, self.seat(name), base)

    def kill(self, hunter: str, by: str, token: str | None) -> None:
        """A hunter dies: death tokens move and unbanked Blood Echoes are lost."""
        seat = self.seat(hunter)
        if by == "monster":
            if self.fighter is None:
                raise TableError("no monster is being fought, so none can kill")
            seat.track = _rules(monster_kills_hunter, seat.track, self.fighter.types())
        else:
            self.seat(by)
            if token is None:
                raise TableError(f"{hunter} was killed by a hunter; give the `token` type they move")
            seat.track = _rules(hunter_kills_hunter, seat.track, token)
        seat.echoes = Echoes(0, seat.echoes.banked)

    def trophy(self, hunter: str) -> None:
        seat = self.seat(hunter)
        seat.track = _rules(place_trophy, seat.track)

    def transform(self, decisions: dict[str, bool]) -> None:
        """The Transform Weapons step, with the choosing hunters' decisions."""
        plays = {s.name: s.played for s in self.seats.values() if s.played is not None}
        choosers = {u.id for _, u in self.cards.upgrades if u.transform_choice}
        step = transform_step(
            list(self.seats), plays, choosers, lambda hunter, _: decisions.get(hunter, False)
        )
        unknown = set(decisions) - set(step.decision_order)
        if unknown:
            raise TableError(
                f"{', '.join(sorted(unknown))} played no weapon that lets them choose to transform"
            )
        self.revealing = step.revealing

    # --- effects -------------------------------------------------------------------------------

    def _fire(self, seat: Seat, situation: Situation) -> None:
        effects = [effect for _, effect in fired_effects(situation, seat.party, self.in_play())]
        self._instants(seat, effects)

    def _instants(self, seat: Seat, effects: list[BasicEffect]) -> None:
        for effect in effects:
            if isinstance(effect, BankEchoes | GainEchoes):
                seat.echoes = apply_echo_effects(seat.echoes, [effect])
            elif isinstance(effect, Heal):
                seat.healed += effect.heal
            elif isinstance(effect, DamageMonster):
                if self.monster is not None and not self.monster.is_dead:
                    self._hit_monster(seat, effect.damage_monster.amount)
            elif isinstance(effect, DamageHunters):
                plays = {s.name: s.played or "" for s in self.seats.values()}
                for event in instant_damage_to_hunters(seat.name, effect.damage_hunters, plays):
                    self._hurt(event.source, self.seat(event.target.id), event.amount)

    def _hit_monster(self, seat: Seat, damage: int) -> None:
        if self.monster is None:
            raise TableError("no monster is being fought")
        event = DamageEvent(seat.party, self.monster_party(), damage)
        final = damage_after_modifiers(event, self.in_play(), self.round).final
        self.last_dealt = final
        self.monster, removed = strike(self.monster, Hit(seat.name, final))
        seat.echoes = Echoes(seat.echoes.unbanked + removed, seat.echoes.banked)
        if self.monster.killing_blow == seat.name and removed:
            self._fire(seat, "killing-blow")

    def _hurt(self, source: Party, target: Seat, damage: int) -> None:
        event = DamageEvent(source, target.party, damage)
        final = damage_after_modifiers(event, self.in_play(), self.round).final
        target.received += final
        self.last_dealt = final


def _find(found: Sequence[tuple[LoadedDocument, M]], reference: str, what: str) -> M:
    key = reference.split(":", 1)[-1]
    for _, model in found:
        if model.id == key:
            return model
    raise TableError(f"no {what} `{reference}` is in play")


def _starting_track(
    cards: CardSet, spec: TrackSpec, types: list[str], positions: dict[str, int]
) -> HunterTrack:
    start = spec.start_after + 1
    death: dict[str, tuple[int, ...]] = {}
    for token_type in types:
        index = positions.get(token_type, start + 1) - 1
        if not 0 <= index <= len(spec.spaces):
            raise TableError(f"a `{token_type}` death token cannot stand at position {index + 1}")
        death[token_type] = (index,) * cards.per_hunter(token_type)
    unknown = set(positions) - set(types)
    if unknown:
        raise TableError(f"the trophy track places no {', '.join(sorted(unknown))} death token")
    return HunterTrack(spec, frozenset(), death)


def _rules(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Call a rule function; its refusal becomes the step's rejection."""
    try:
        return function(*args, **kwargs)
    except DeathTrackError as error:
        raise TableError(str(error)) from None
