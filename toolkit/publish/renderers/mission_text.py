"""Mission and insight cards in prose, as the table companion reads them out: what happens when the
card is revealed, its standing rules, its goals and what meeting each does, its rewards.

Leaf effects and conditions are the companion's own sentences (``interpreter.wording``) with the
site's words (:class:`~toolkit.publish.prose.LinkWords`); only choices and branches, which the
companion asks about one at a time, are laid out here as nested lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument
from toolkit.games.board.interpreter.book import CampaignNotFound, book_from_index
from toolkit.games.board.interpreter.wording import clause, condition, modifier_text, reward_text, trigger
from toolkit.games.board.mission import effects as e
from toolkit.games.board.mission.documents import NarrativeRule, Rule
from toolkit.publish import escape
from toolkit.publish.context import RenderContext, model_of
from toolkit.publish.language import localized
from toolkit.publish.prose import LinkWords

NO_HUNTERS = 0
"""The hunter count given to the wording: the site's words print scaling numbers as they scale."""


def words_for(ctx: RenderContext, document: LoadedDocument) -> tuple[LinkWords, Mapping[str, str]]:
    """The site's words for a card of a campaign, and the enemy's name for each spawned tag."""
    campaign = str(getattr(model_of(document), "campaign", "") or "") or None
    words = LinkWords(ctx, document.pack_id, campaign)
    try:
        tags = book_from_index(ctx.index, document.pack_id, campaign).tag_names
    except CampaignNotFound:
        tags = {}
    return words, tags


def _is_simple(effects: Sequence[BaseModel]) -> bool:
    return not any(isinstance(item, e.Choose | e.Branch) for item in effects)


def _inline(words: LinkWords, effects: Sequence[BaseModel]) -> str:
    """Simple effects as one clause: `reveal card 6; spawn 2 × Hunter Mob on Central Lamp`."""
    return "; ".join(modifier_text(item, NO_HUNTERS, words).rstrip(".") for item in effects)


def effect_lines(words: LinkWords, effects: Sequence[BaseModel], depth: int = 0) -> list[str]:
    """Bullet lines of an effect list; choices and branches nest their outcomes below them."""
    pad = "    " * depth
    lines: list[str] = []
    for item in effects:
        if isinstance(item, e.Choose):
            lines.append(f"{pad}- {words.sentence('choose: ' + words.text(item.choose.prompt))}")
            for option in item.choose.options:
                lines += _outcome(
                    words, f"**{escape.inline(localized(option.label))}:**", option.then, depth + 1
                )
        elif isinstance(item, e.Branch):
            test = clause(item.branch.condition, NO_HUNTERS, words)
            lines += _outcome(words, f"**If {words.markdown(test)}:**", item.branch.then, depth)
            lines += _outcome(words, "**Otherwise:**", item.branch.otherwise, depth)
        else:
            lines.append(f"{pad}- {words.sentence(modifier_text(item, NO_HUNTERS, words))}")
    return lines


def _outcome(words: LinkWords, label: str, effects: Sequence[BaseModel], depth: int) -> list[str]:
    pad = "    " * depth
    if _is_simple(effects):
        return [f"{pad}- {label} {words.sentence(_inline(words, effects))}"]
    return [f"{pad}- {label}", *effect_lines(words, effects, depth + 1)]


def _rule_line(words: LinkWords, rule: Any) -> list[str]:
    if isinstance(rule, NarrativeRule):
        return [f"- {words.sentence(words.text(rule.narrative) + ' (not simulated)')}"]
    if not isinstance(rule, Rule):
        return []
    when = "each time " + trigger(rule.when, words)
    if rule.only_if is not None:
        when += ", if " + clause(rule.only_if, NO_HUNTERS, words)
    return _outcome(words, f"**{words.sentence(when, end='')}:**", rule.do, 0)


def _goal_lines(words: LinkWords, goal: Any, tags: Mapping[str, str]) -> list[str]:
    met = words.sentence(condition(goal.goal, NO_HUNTERS, tags, words), end="")
    return _outcome(words, f"**{met}:**", goal.then, 0)


def _keeps(words: LinkWords, keeps: Any) -> str:
    kept = [f"the {escape.inline(name)} token" for name in keeps.tokens]
    kept += [f"the {escape.inline(tag)} enemies" for tag in keeps.enemies]
    kept += [f"the fog gates around {words.markdown(words.component(t, 'tile'))}" for t in keeps.fog_gates]
    kept += [f"the {escape.inline(name)} counter" for name in keeps.counters]
    if keeps.rules:
        kept.append("its standing rules")
    return "**Keeps from the card that revealed it:** " + ", ".join(kept) + "." if kept else ""


def mission_card_text(ctx: RenderContext, document: LoadedDocument) -> str:
    """A mission card's story, reveal effects, rules, goals and what it keeps, in prose."""
    model = model_of(document)
    words, tags = words_for(ctx, document)
    parts = []
    story = getattr(model, "story", None)
    if story:
        parts.append(f"*{escape.block(localized(story))}*")
    keeps = getattr(model, "keeps", None)
    if keeps is not None:
        parts.append(_keeps(words, keeps))
    on_reveal = list(getattr(model, "on_reveal", None) or [])
    if on_reveal:
        parts += ["**When the card is revealed:**", "\n".join(effect_lines(words, on_reveal))]
    rules = list(getattr(model, "rules", None) or [])
    if rules:
        lines = [line for rule in rules for line in _rule_line(words, rule)]
        parts += ["**While the card is in play:**", "\n".join(lines)]
    goals = list(getattr(model, "goals", None) or [])
    if goals:
        lines = [line for goal in goals for line in _goal_lines(words, goal, tags)]
        parts += ["**Goals** (meeting one ends the card's step):", "\n".join(lines)]
    return "\n\n".join(p for p in parts if p) or "*Nothing more on this card.*"


def insight_card_text(ctx: RenderContext, document: LoadedDocument) -> str:
    """An insight card's story and rewards, in prose."""
    model = model_of(document)
    words, _ = words_for(ctx, document)
    parts = []
    story = getattr(model, "story", None)
    if story:
        parts.append(f"*{escape.block(localized(story))}*")
    rewards = list(getattr(model, "rewards", None) or [])
    if rewards:
        lines = [f"- {words.sentence(reward_text(r, NO_HUNTERS, None, words))}" for r in rewards]
        parts += ["**Rewards:**", "\n".join(lines)]
    return "\n\n".join(parts) or "*Nothing more on this card.*"


def trigger_text(ctx: RenderContext, document: LoadedDocument, when: BaseModel) -> str:
    """A chapter trigger's condition in the companion's words, on one line."""
    words = LinkWords(ctx, document.pack_id, str(getattr(model_of(document), "campaign", "") or "") or None)
    return words.sentence(trigger(when, words), end="")
