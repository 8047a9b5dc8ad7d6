"""Text the companion prints: the setup checklist, outcomes, and the status of the hunt."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.core.model import text_in
from toolkit.core.strings.catalogue import N_, _
from toolkit.games.board.interpreter.book import CampaignBook
from toolkit.games.board.interpreter.machine import MissionInterpreter
from toolkit.games.board.interpreter.outcomes import Outcome
from toolkit.games.board.interpreter.wording import number
from toolkit.games.board.mission.deck import local_id

_PREFIX = {
    "reveal": "▶ ",
    "insight": "★ ",
    "reward": "  + ",
    "hunt-complete": "✔ ",
    "hunt-lost": "✘ ",
    "final-round": "! ",
    "choice": "? ",
}


def setup_checklist(
    book: CampaignBook, chapter_number: int, hunters: int, insight: Sequence[int]
) -> list[str]:
    """What to put on the table before the chapter's first round."""
    entry = book.chapter(chapter_number)
    chapter = entry.model
    setup = chapter.setup
    random_tiles = number(setup.random_tiles, hunters)
    named = ", ".join(book.tiles.get(local_id(t), local_id(t)) for t in setup.tiles) or _("none")
    who = _("1 hunter") if hunters == 1 else _("{count} hunters").format(count=hunters)
    lines = [
        _("=== Chapter {number}: {title} ({who}) ===").format(
            number=chapter.number, title=text_in(chapter.title), who=who
        )
    ]
    if chapter.story is not None:
        lines.append(text_in(chapter.story))
    lines.append(_("Setup checklist:"))
    start = book.tiles.get(local_id(setup.starting_tile), local_id(setup.starting_tile))
    lines.append(_("  [ ] Starting tile: {tile}; every hunter starts on it.").format(tile=start))
    lines.append(
        _(
            "  [ ] Tile deck: {named}, plus {count} random unused tiles (random tiles: {rule}); shuffle them."
        ).format(named=named, count=random_tiles, rule=setup.random_tiles)
        if random_tiles != 1
        else _(
            "  [ ] Tile deck: {named}, plus 1 random unused tile (random tiles: {rule}); shuffle them."
        ).format(named=named, rule=setup.random_tiles)
    )
    slots = "  ".join(f"{i}. {book.name_of(enemy)}" for i, enemy in enumerate(setup.enemies, 1))
    lines.append(_("  [ ] Enemy slots: {slots}").format(slots=slots))
    if setup.mission_enemies:
        extra = ", ".join(book.name_of(enemy) for enemy in setup.mission_enemies)
        lines.append(
            _(
                "  [ ] Set aside for the missions: {enemies} (enemy card and miniatures; they activate "
                "after the slot enemies)."
            ).format(enemies=extra)
        )
    for card in setup.special_rules:
        found = book.card(card)
        title = text_in(found.model.title) if found else "?"
        lines.append(_("  [ ] Special rules in play: card {card}, {title}.").format(card=card, title=title))
    track = book.track
    resets = ", ".join(map(str, track.reset_spaces))
    lines.append(
        _("  [ ] Hunt Track token on space 1 (resets at {resets}; the final round starts at {last}).").format(
            resets=resets, last=track.length
        )
    )
    if insight:
        held = ", ".join(map(str, insight))
        lines.append(
            _("  [ ] Insight cards kept from earlier chapters: {held} ({count} collected insight).").format(
                held=held, count=len(insight)
            )
        )
    return lines


def outcome_lines(outcomes: Sequence[Outcome]) -> list[str]:
    lines: list[str] = []
    for outcome in outcomes:
        lines.append(f"{_PREFIX.get(outcome.kind, '  ')}{outcome.text}")
        lines.extend(f"    {line}" for line in outcome.detail)
    return lines


def why_lines(outcomes: Sequence[Outcome]) -> list[str]:
    lines = [why_line(outcome) for outcome in outcomes if outcome.why]
    return lines or [_("Nothing to explain: the last report changed nothing.")]


def why_line(outcome: Outcome) -> str:
    """`Reveal card 3 …` and, on the next line, the instruction that did it and where it is written."""
    because = outcome.why.describe() if outcome.why is not None else _("the report itself")
    return _("{outcome}\n    because: {because}").format(outcome=outcome.text, because=because)


def status_lines(interpreter: MissionInterpreter) -> list[str]:
    book = interpreter.book
    state = interpreter.state
    chapter = state.chapter
    campaign = state.campaign
    track = book.track
    held = ", ".join(map(str, campaign.insight)) or _("none")
    lines = [
        _("Chapter {number} ({status}), round {round}, Hunt Track {space}/{length}").format(
            number=chapter.number,
            status=_(chapter.status),
            round=chapter.round,
            space=chapter.hunt_track,
            length=track.length,
        )
        + (_(" — FINAL ROUND") if chapter.final_round else "")
        + ".",
        _("Collected insight: {count} (cards: {held}).").format(count=len(campaign.insight), held=held),
    ]
    for card in chapter.in_play:
        entry = book.card(card.number)
        if entry is None:
            continue
        lines.append(
            _("In play: card {number}, {title} ({type}).").format(
                number=card.number, title=text_in(entry.model.title), type=_(entry.model.type)
            )
        )
    for card_number, goal in interpreter.open_goals():
        lines.append(_("  goal of card {number}: {goal}").format(number=card_number, goal=goal))
    if chapter.tokens:
        tokens = "; ".join(
            f"{name} ({token.type}×{token.count}{' on ' + token.tile if token.tile else ''})"
            for name, token in chapter.tokens.items()
        )
        lines.append(_("Tokens: {tokens}.").format(tokens=tokens))
    if chapter.enemies:
        groups = "; ".join(
            f"{tag}: {book.name_of(group.enemy)} {group.alive}/{group.count}"
            for tag, group in chapter.enemies.items()
        )
        lines.append(_("Mission enemies: {groups}.").format(groups=groups))
    if chapter.fog_gates:
        lines.append(_("Fog gates: {tiles}.").format(tiles=", ".join(chapter.fog_gates)))
    if chapter.counters:
        counters = ", ".join(f"{k} {v}" for k, v in chapter.counters.items())
        lines.append(_("Counters: {counters}.").format(counters=counters))
    for modifier in chapter.modifiers:
        lines.append(_("In force: {text}").format(text=modifier.text))
    if chapter.pending is not None:
        options = "  ".join(f"{i}. {label}" for i, label in enumerate(chapter.pending.options, 1))
        lines.append(
            _("Waiting for a choice: {prompt}  {options}").format(
                prompt=chapter.pending.prompt, options=options
            )
        )
    if campaign.rewards:
        lines.append(_("Rewards this campaign: {count}.").format(count=len(campaign.rewards)))
        lines.extend(
            _("  chapter {number}: {text}").format(number=r.chapter, text=r.text) for r in campaign.rewards
        )
    if campaign.defeats:
        lines.append(_("Defeats so far: {count}.").format(count=campaign.defeats))
    return lines


def help_text() -> str:
    """The companion's commands (their words stay English: scripts are shared across languages)."""
    return _(HELP)


VALUE_WORDS = (
    *(N_("playing"), N_("won"), N_("lost"), N_("untold")),  # chapter statuses
    *(N_("hunt"), N_("insight"), N_("special-rules")),  # mission card types
    *(N_("corpse"), N_("survivor"), N_("npc")),  # token types (`insight` is above)
)
"""Values shown through ``_(value)``, listed here so `pybabel extract` puts them in the catalogue."""

HELP = N_("""Report what happened at the table:
  move TILE [SPACE]      a hunter ended a move on TILE (its named space unless SPACE is given)
  tile TILE              a tile was revealed (TILE or `random`)
  slay NAME [COUNT]      an enemy, a boss or a tagged group was slain
  interact TOKEN         a hunter interacted with a named token
  token TOKEN TILE       a named token now stands on TILE (escorts, fleeing survivors)
  dream                  a hunter went to the Hunter's Dream (the Hunt Track advances)
  end                    the round ended (the next starts; the Hunt Track advances)
  choose N|LABEL         answer the pending choice (a bare number works too)
Companion:
  status   goals   setup   why   undo   save NAME   back NAME   points   next   help   quit""")
