"""The board game's vocabularies and what of them the engine and the mission interpreter do not
play (issue 13, "nothing is silently ignored"); see :mod:`toolkit.core.vocabulary`."""

from __future__ import annotations

from toolkit.core.vocabulary import DESCRIBED, NotSimulated, ReadByName, Vocabulary
from toolkit.games.board.mission import CONDITION_VERBS, MISSION_KINDS, TRIGGER_VERBS
from toolkit.games.board.mission import EFFECT_VERBS as MISSION_EFFECT_VERBS
from toolkit.games.board.mission.conditions import NarrativeCondition
from toolkit.games.board.mission.documents import MissionCard, NarrativeRule
from toolkit.games.board.mission.effects import BranchParams, NarrativeEffect, UntoldEffect
from toolkit.games.board.mission.triggers import NarrativeTrigger, UntoldTrigger
from toolkit.games.board.model import COMPONENT_KINDS
from toolkit.games.board.model.effects import EFFECT_VERBS, HunterTurn, OnAttack, OnKill, OnTransform
from toolkit.games.board.model.enemies import EnemySide, NpcSide
from toolkit.games.board.model.ruling import Ruling

_FLATTEN = (
    "unwrapped by `model.effects.flatten` (`TimedEffect.wrapped`: `getattr(self, self.verb)`), "
    "which the engine calls through `tables.flat`"
)
_BY_TIMING = "dispatched by its timing (`on-attack`, `on-kill` …) after `flatten` unwrapped it"
_FLIPPED = "`combat.flip_enemy_action`: `getattr(side, action)` with the flipped enemy action card"

BOARD_EFFECTS = Vocabulary(
    name="board effects and abilities",
    models=tuple(model for model in COMPONENT_KINDS.values() if model is not Ruling),
    readers=(
        "toolkit.games.board.engine",
        "toolkit.games.board.model.effects:flatten",
        "toolkit.games.board.model.enemies:NpcEnemy.side_for",
        "toolkit.games.board.model.track:HuntTrack",
    ),
    verbs=tuple(EFFECT_VERBS.values()),
    read_by_name=(
        ReadByName(OnAttack, "on_attack", _FLATTEN),
        ReadByName(OnTransform, "on_transform", _FLATTEN),
        ReadByName(HunterTurn, "hunter_turn", _FLATTEN),
        ReadByName(OnAttack, "*", _BY_TIMING),
        ReadByName(OnKill, "*", _BY_TIMING),
        ReadByName(OnTransform, "*", _BY_TIMING),
        ReadByName(HunterTurn, "*", _BY_TIMING),
        ReadByName(EnemySide, "basic", _FLIPPED),
        ReadByName(EnemySide, "special", _FLIPPED),
        ReadByName(NpcSide, "basic", _FLIPPED),
        ReadByName(NpcSide, "special", _FLIPPED),
    ),
    # A stat card's stat and a tile's printed location name are labels (its effects and its spaces
    # are what play reads); a starting firearm's flag is a constraint validation checks (BB0417):
    # no chapter in play ever hands a firearm over.
    described=DESCRIBED | {"StatCard.stat", "Tile.named_location", "Firearm.starting"},
)
"""Components: hunters, weapons, cards, enemies, bosses, tiles and the track, played by the engine."""

MISSION_VERBS = Vocabulary(
    name="mission verbs",
    models=tuple(MISSION_KINDS.values()),
    readers=(
        "toolkit.games.board.interpreter",
        "toolkit.games.board.engine",
        "toolkit.games.board.mission.handover",
    ),
    verbs=(*MISSION_EFFECT_VERBS.values(), *CONDITION_VERBS.values(), *TRIGGER_VERBS.values()),
    not_simulated=(
        NotSimulated(NarrativeTrigger, "*", "a trigger written as prose never fires", code="BB0210"),
        NotSimulated(NarrativeRule, "*", "a standing rule written as prose never applies", code="BB0210"),
        NotSimulated(NarrativeCondition, "*", "a goal written as prose is never met", code="BB0210"),
        NotSimulated(NarrativeEffect, "*", "an effect written as prose is skipped", code="BB0210"),
        NotSimulated(UntoldTrigger, "*", "the source does not say what sets it off", code="BB0518"),
        NotSimulated(
            UntoldEffect, "*", "the source does not say what happens; play stops there", code="BB0518"
        ),
    ),
    # A chapter's extra mission enemy types tell the table which cards and miniatures to set out;
    # validation checks the spawns against them (BB0525), and the engine spawns any type it is given.
    described=DESCRIBED | {"ChapterSetup.mission_enemies"},
    read_by_name=(
        ReadByName(
            MissionCard, "on_reveal", "the interpreter runs effect lists by path: `Frame(path=['on_reveal'])`"
        ),
        ReadByName(BranchParams, "otherwise", "the interpreter runs a branch's side by its key (`else`)"),
    ),
)
"""Chapters, mission and insight cards: triggers, conditions and effects, played by the interpreter
and carried out on the table by the engine."""

VOCABULARIES: tuple[Vocabulary, ...] = (BOARD_EFFECTS, MISSION_VERBS)
"""Every vocabulary of the board game."""
