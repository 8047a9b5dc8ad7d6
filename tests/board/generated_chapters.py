"""Generated campaigns of any size, for the tests and benchmarks of the mission-graph and flow checks.

A chapter of N mission cards is about N/3 hunt steps in a row; at each step the hunters choose to
press on or to take a side mission first (find a clue, or slay a tagged mob), which earns an insight
card and leads on to the next step. Every fourth step needs collected insight, and the step before
it offers no way to press on, so the chapter can always be won; the last step completes the hunt.
Play is sequential, as in a real chapter, so the number of states grows with the cards, not
exponentially. The other two chapters are one step each.
"""

from __future__ import annotations

from pathlib import Path

TILES = ("oedon-chapel", "graveyard", "alleyway", "ransacked-house", "courtyard-lamp")
MOST_CARDS = 993
"""Chapter 1 takes at most this many cards: card numbers go up to 999, the other two chapters take
one each (994, 995) and the side missions award four insight cards in turn (996-999)."""
INSIGHT = (996, 997, 998, 999)


def chapter_documents(cards: int, campaign: str = "generated") -> str:
    """The YAML of chapter 1 with about ``cards`` mission cards (3 a step, 1 for the last)."""
    steps = max(1, (min(cards, MOST_CARDS) + 2) // 3)
    docs = [
        f"kind: chapter\ncampaign: {campaign}\nnumber: 1\ntitle: Generated\n"
        f"setup:\n  enemies: [scourge-beast, hunter-mob, male-beast-patient]\n  tiles: [{', '.join(TILES)}]\n"
        "  random_tiles: 2\ntriggers:\n  - when: {start_of_hunt: true}\n    reveal: 1\n"
    ]
    for step in range(steps):
        hunt, clue, mob = 1 + 3 * step, 2 + 3 * step, 3 + 3 * step
        tile = TILES[step % len(TILES)]
        needs = step > 0 and step % 4 == 0
        goal = (
            f"    goal:\n      all:\n        - collected_insight: 1\n        - end_move_on: {tile}\n"
            if needs
            else f"    goal: {{end_move_on: {tile}}}\n"
        )
        if step + 1 == steps:  # the last step completes the hunt; it has no side missions
            docs.append(
                f"kind: mission-card\ncampaign: {campaign}\nchapter: 1\nnumber: {hunt}\ntype: hunt\n"
                f"title: Step {step + 1}\ngoals:\n  -\n{goal}    then: [complete_hunt: true]\n"
            )
            break
        onward = f"reveal: {hunt + 3}"
        press_on = "" if (step + 1) % 4 == 0 else f"            - {{label: Press on, then: [{onward}]}}\n"
        docs.append(
            f"kind: mission-card\ncampaign: {campaign}\nchapter: 1\nnumber: {hunt}\ntype: hunt\n"
            f"title: Step {step + 1}\ngoals:\n  -\n{goal}"
            "    then:\n      - choose:\n          prompt: Which way?\n          options:\n"
            f"{press_on}"
            f"            - {{label: Follow the clue, then: [reveal: {clue}]}}\n"
            f"            - {{label: Hunt the mob, then: [reveal: {mob}]}}\n"
        )
        docs.append(
            f"kind: mission-card\ncampaign: {campaign}\nchapter: 1\nnumber: {clue}\ntype: insight\n"
            f"title: Clue {step + 1}\non_reveal:\n"
            f"  - place_token: {{token: clue-{step}, type: insight, at: {{space: {tile}}}}}\n"
            f"goals:\n  - goal: {{interact: clue-{step}}}\n"
            f"    then: [complete_mission: {{insight: {INSIGHT[step % 2]}}}, {onward}]\n"
        )
        docs.append(
            f"kind: mission-card\ncampaign: {campaign}\nchapter: 1\nnumber: {mob}\ntype: insight\n"
            f"title: Mob {step + 1}\non_reveal:\n"
            f"  - spawn: {{enemy: hunter-mob, at: {{space: {tile}}}, tag: mob-{step}}}\n"
            f"goals:\n  - goal: {{slay: {{tag: mob-{step}}}}}\n"
            f"    then: [complete_mission: {{insight: {INSIGHT[2 + step % 2]}}}, {onward}]\n"
        )
    docs.extend(
        f"kind: insight-card\ncampaign: {campaign}\nnumber: {number}\ntitle: Insight {number}\n"
        for number in INSIGHT
    )
    return "---\n".join(docs)


def later_chapters(campaign: str = "generated") -> str:
    docs = [f"kind: campaign\nid: {campaign}\nname: Generated\nintroduction: A generated campaign.\n"]
    for chapter in (2, 3):
        number = 992 + chapter  # 994 and 995: above every card of chapter 1
        docs.append(
            f"kind: chapter\ncampaign: {campaign}\nnumber: {chapter}\ntitle: Chapter {chapter}\n"
            "setup:\n  enemies: [scourge-beast, hunter-mob, church-servant]\n  tiles: [graveyard]\n"
            f"  random_tiles: 2\ntriggers:\n  - when: {{start_of_hunt: true}}\n    reveal: {number}\n"
        )
        docs.append(
            f"kind: mission-card\ncampaign: {campaign}\nchapter: {chapter}\nnumber: {number}\n"
            "type: hunt\ntitle: The only step\ngoals:\n  - goal: {end_move_on: graveyard}\n"
            "    then: [complete_hunt: true]\n"
        )
    return "---\n".join(docs)


def write_campaign(folder: Path, cards: int, pack_id: str = "generated") -> Path:
    """A pack folder holding a campaign whose chapter 1 has ``cards`` mission cards."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(
        f"id: {pack_id}\ngame: bloodborne-board\nname: Generated\nversion: 0.1.0\nrequires: [core]\n",
        encoding="utf-8",
    )
    (folder / "campaign.yaml").write_text(later_chapters(), encoding="utf-8")
    (folder / "chapter-1.yaml").write_text(chapter_documents(cards), encoding="utf-8")
    return folder
