"""Rule scenarios as worked examples: the table, the play and what follows, in plain words.

Each scenario gets its own page, and every rules page of the board game lists the scenarios whose
`rule` names it (the site's hook appends them to the hand-written page), so a reader sees each
rule played out on the engine that the project tests.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.games.board.scenarios.model import Scenario
from toolkit.games.board.scenarios.rule_model import (
    AttackStep,
    Choose,
    Counter,
    Dodge,
    Draws,
    EndRound,
    EndTurn,
    EnemyAtTable,
    ExploreStep,
    Fire,
    GoToDream,
    HunterAtTable,
    Interact,
    Move,
    RuleExpect,
    RuleScenario,
    Table,
    Transform,
    Use,
    UseReward,
)
from toolkit.publish import escape
from toolkit.publish.context import SEARCH_EXCLUDE, RenderContext, model_of
from toolkit.publish.documents import renders
from toolkit.publish.language import localized, note
from toolkit.publish.messages import SOURCE_LANGUAGE
from toolkit.publish.renderers.mission_examples import mission_worked_example

RULES_PAGES = "rules/board"
"""Where the board game's hand-written rules pages live; `rule: combat` is `rules/board/combat.md`."""


def _code(text: object) -> str:
    # An HTML element rather than a code span: entities stay entities inside it, so the escaped
    # text of a third-party pack shows as written.
    return f"<code>{escape.inline(str(text))}</code>"


def _cards(cards: Iterable[str | None]) -> str:
    return ", ".join("empty" if c is None else _code(c) for c in cards) or "none"


def _hunter(hunter: HunterAtTable) -> str:
    facts = [f"form {hunter.form}"]
    if hunter.hp is not None:
        facts.append(f"{hunter.hp} HP")
    if hunter.echoes:
        facts.append(f"{hunter.echoes} blood echoes")
    facts += [name for name, on in (("poisoned", hunter.poison), ("in frenzy", hunter.frenzy)) if on]
    if hunter.firearm_exhausted:
        facts.append("firearm exhausted")
    if hunter.at == "dream":
        where = "in the Hunter's Dream"
    else:
        where = f"at {_code(hunter.at)}" if hunter.at else "at the starting tile's lamp"
    line = f"{_code(hunter.hunter)} ({', '.join(facts)}) {where}; hand {_cards(hunter.hand)}"
    if hunter.slots is not None:
        line += f"; slots {_cards(hunter.slots)}"
    if hunter.deck_top:
        line += f"; next cards of the deck {_cards(hunter.deck_top)}"
    for label, items in (("consumables", hunter.consumables), ("rewards", hunter.rewards)):
        if items:
            line += f"; {label} {_cards(items)}"
    return line


def _enemy(enemy: EnemyAtTable) -> str:
    what = enemy.boss or enemy.enemy or "?"
    facts = []
    if enemy.side:
        facts.append(f"side {enemy.side}")
    if enemy.boss:
        facts.append(f"phase {enemy.phase}")
    if enemy.damage:
        facts.append(f"{enemy.damage} damage")
    if enemy.card:
        facts.append(f"brought in by card {enemy.card}")
    label = f" — called {_code(enemy.label)}" if enemy.label else ""
    extra = f" ({', '.join(facts)})" if facts else ""
    return f"{_code(what)}{extra} at {_code(enemy.at)}{label}"


def _table(table: Table) -> list[str]:
    lines = [f"- {_hunter(h)}" for h in table.hunters]
    lines += [f"- {_enemy(e)}" for e in table.enemies]
    for tile in table.tiles:
        lines.append(
            f"- tile {_code(tile.tile)} joined by its {tile.join} edge "
            f"to the {tile.edge} exit of {_code(tile.to)}"
        )
    if table.slots:
        slots = ", ".join(f"{n}: {_code(c.enemy)} side {c.side}" for n, c in sorted(table.slots.items()))
        lines.append(f"- Hunt board slots {slots}")
    decks = (
        ("enemy action deck, top first", table.enemy_actions),
        ("enemy action discard pile", table.enemy_action_discard),
        ("tile deck, in order", table.tile_deck),
        ("consumable deck, top first", table.consumable_deck_top),
        ("upgrade row", table.upgrade_row or []),
        ("upgrade deck, top first", table.upgrade_deck_top),
        ("consumable tokens on", table.consumable_tokens),
        ("mission cards in play", [str(n) for n in table.in_play]),
    )
    lines += [f"- {label}: {_cards(items)}" for label, items in decks if items]
    lines += [f"- fog gates around {_code(g.tile)} (card {g.card})" for g in table.fog_gates]
    lines += [f"- token {_code(t.name)} at {_code(t.at)}" for t in table.tokens]
    if table.round != 1 or table.hunt_track != 1:
        lines.append(f"- round {table.round}, Hunt Track on space {table.hunt_track}")
    return lines


def _path(step: Move) -> str:
    parts = [
        f"explores {item.explore}" if isinstance(item, ExploreStep) else f"steps to {_code(item)}"
        for item in step.move.path
    ]
    return ", then ".join(parts)


def _step(step: BaseModel) -> str:
    if isinstance(step, Move):
        return f"Move, discarding {_code(step.move.card)}: the hunter {_path(step)}."
    if isinstance(step, AttackStep):
        target = f" {_code(step.attack.enemy)}" if step.attack.enemy else ""
        return f"Attack{target} with {_code(step.attack.card)} in slot {step.attack.slot}."
    if isinstance(step, Counter | Dodge):
        params = step.counter if isinstance(step, Counter) else step.dodge
        return f"{step.verb.capitalize()} with {_code(params.card)} in slot {params.slot}."
    if isinstance(step, Interact | Transform | GoToDream):
        words = {
            "interact": "Interact",
            "transform": "Transform the weapon",
            "dream": "Go to the Hunter's Dream",
        }
        return f"{words[step.verb]}, discarding {_code(getattr(step, step.verb).card)}."
    if isinstance(step, Use):
        return f"Use {_code(step.use)}."
    if isinstance(step, UseReward):
        return f"Use the reward {_code(step.use_reward)}."
    if isinstance(step, Fire):
        return "Fire the firearm."
    if isinstance(step, EndTurn):
        return "End the turn; the enemies answer."
    if isinstance(step, EndRound):
        return "End the round and begin the next."
    if isinstance(step, Choose):
        answers = [step.choose] if isinstance(step.choose, str) else step.choose
        return "Answer " + ", then ".join(_code(a) for a in answers) + "."
    if isinstance(step, Draws):
        return "The draw gives " + ", then ".join(_code(d) for d in step.draws) + "."
    if isinstance(step, RuleExpect):
        return "**Then** " + "; ".join(_expectations(step)) + "."
    return escape.inline(type(step).__name__)


def _expectations(step: RuleExpect) -> list[str]:
    expected = step.expect
    found: list[str] = []
    for name, hunter in (expected.hunters or {}).items():
        values = hunter.model_dump(exclude_none=True)
        found.append(
            f"{_code(name)} has " + ", ".join(f"{k.replace('_', ' ')} {_value(v)}" for k, v in values.items())
        )
    for name, enemy in (expected.enemies or {}).items():
        values = enemy.model_dump(exclude_none=True)
        found.append(f"{_code(name)} has " + ", ".join(f"{k} {_value(v)}" for k, v in values.items()))
    rest = expected.model_dump(exclude_none=True, exclude={"hunters", "enemies"})
    words = {
        "slain": "no longer on the map:",
        "on_map": "on the map, exactly:",
        "placed": "on the map, exactly:",
        "asks": "the engine asks for",
        "heuristic_picks": "the heuristic bot would answer",
        "log": "the game log says",
        "not_log": "the game log never says",
        "outcome": "the chapter is",
        "revealed": "mission cards revealed:",
        "tokens": "named tokens on the map:",
        "fog_gates": "fog gates around",
        "consumable_tokens": "consumable tokens on",
        "hunt_track": "the Hunt Track on space",
        "resets": "resets so far:",
        "final_round": "the final round begun:",
        "enemy_actions": "the enemy action deck holds",
        "enemy_action_discard": "the enemy action discard pile holds",
    }
    for key, value in rest.items():
        if key == "offered":
            if value.get("includes"):
                found.append("offered " + _value(value["includes"]))
            if value.get("excludes"):
                found.append("not offered " + _value(value["excludes"]))
        else:
            found.append(f"{words.get(key, key.replace('_', ' '))} {_value(value)}")
    return found


def _value(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) if value else "nothing"
    if isinstance(value, dict):
        return " at ".join(_value(v) for v in value.values())
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _code(value)


def worked_example(ctx: RenderContext, document: LoadedDocument, level: int = 2) -> str:
    """A scenario as a worked example: its name, what it pins, the table, the play."""
    scenario = model_of(document)
    assert isinstance(scenario, RuleScenario)
    heading = "#" * level
    # A scenario that plays the mission cards quotes them (choices, what they say): a spoiler.
    exclude = SEARCH_EXCLUDE if scenario.missions and not ctx.options.search_spoilers else ""
    lines = [f"{heading} {escape.inline(localized(scenario.name))}{exclude}", ""]
    if scenario.description is not None:
        lines += [escape.block(localized(scenario.description)), ""]
    setting = "the chapter's mission cards in play" if scenario.missions else "no mission cards"
    where = (
        f"chapter {scenario.chapter} of {_code(scenario.campaign)}"
        if scenario.campaign
        else "the components alone"
    )
    lines += [f"*On the table* ({where}, {setting}):", ""]
    lines += _table(scenario.table)
    lines += ["", "*Play:*", ""]
    lines += [f"{n}. {_step(step)}" for n, step in enumerate(scenario.steps, start=1)]
    lines += [
        "",
        f"<small>Pinned by {ctx.link_document(document, _code(scenario.id))}, run by `huntkit test`.</small>",
    ]
    return "\n".join(lines) + "\n"


@renders("rule-scenario")
def rule_scenario(ctx: RenderContext, document: LoadedDocument) -> str:
    scenario = model_of(document)
    rule = getattr(scenario, "rule", "")
    page = f"{RULES_PAGES}/{rule}.md"
    shown = worked_example(ctx, document, level=2).split("\n", 2)[2]  # the page title is the name
    intro = f"A worked example of {ctx.link(page, _code(rule))}, played on the engine." if rule else ""
    return f"{intro}\n\n{shown}"


def rule_examples(index: ContentIndex, ctx: RenderContext, pages: Iterable[str]) -> dict[str, str]:
    """The worked-example section of every rules page some scenario names, by page path."""
    by_rule: dict[str, list[LoadedDocument]] = defaultdict(list)
    for pack in index.packs.values():
        for document in pack.documents:
            model = document.model
            if isinstance(model, RuleScenario) or (isinstance(model, Scenario) and model.rule):
                by_rule[str(model.rule)].append(document)
    found: dict[str, str] = {}
    known = set(pages)
    for rule, documents in sorted(by_rule.items()):
        page = f"{RULES_PAGES}/{rule}.md"
        if page not in known:
            continue
        at = ctx.at(page)
        say = ctx.words
        parts = [
            f"## {say('Worked examples from the rule scenarios')}",
            "",
            say(
                "Each example below is a rule scenario that `huntkit test` plays on the engine (or, for "
                "the flow of missions, a scenario it plays on the mission interpreter): if the rule "
                "stopped being played this way, the test would fail."
            ),
            "",
        ]
        if ctx.options.language != SOURCE_LANGUAGE:
            # The examples' sentences are written from the scenario steps, in English.
            parts.append(note(ctx.options.language, [SOURCE_LANGUAGE]))
        parts += [
            worked_example(at, d, level=3)
            if isinstance(d.model, RuleScenario)
            else mission_worked_example(at, d, level=3)
            for d in documents
        ]
        found[page] = "\n".join(parts)
    return found
