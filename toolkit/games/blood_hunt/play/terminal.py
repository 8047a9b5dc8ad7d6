"""Playing Blood Hunt in a terminal against bots.

The human's seat sees exactly its observation: its own holder, face-up and public cards, tokens.
Each decision lists the legal actions by number; a script (one answer per line) can stand in for
the keyboard, which is how tests play. The game is saved after every move when asked to
(:mod:`.saves`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from toolkit.games.blood_hunt.bots.base import Bot
from toolkit.games.blood_hunt.bots.registry import make_bot
from toolkit.games.blood_hunt.engine.actions import CHANCE_OPS, Op, decode
from toolkit.games.blood_hunt.engine.rng import derive_seed
from toolkit.games.blood_hunt.engine.rules import Rules
from toolkit.games.blood_hunt.engine.state import BloodHuntState
from toolkit.games.blood_hunt.play.menus import Choice, menu
from toolkit.games.blood_hunt.play.saves import Saver, TableSetup, replay
from toolkit.games.blood_hunt.play.telling import card_with_effect, option_text, tell_events

QUIT_WORDS = frozenset({"q", "quit", "exit"})
BACK_WORDS = frozenset({"b", "back"})


def public_chance_text(state: BloodHuntState, action: int, viewer: int) -> str | None:
    """What ``viewer`` learns from a chance outcome, or ``None`` when it is hidden from them."""
    op, a, _, _, _ = decode(action)
    what, x, _ = state.queue[0]
    if op is Op.CHANCE_CARD:
        if x == viewer:
            return f"you get {state.card_label(a)}"
        return None
    if op is Op.CHANCE_TOKEN and what == "citizen":
        return f"the bag gives a {state.rules.citizens[a].name}"
    if op is Op.CHANCE_TOKEN:
        return None  # set-up and refills: visible on the board the human is shown next
    return state.action_to_string(action)


def play_terminal(
    rules: Rules,
    table: TableSetup,
    answers: Iterator[str],
    out: TextIO,
    *,
    actions: Sequence[int] = (),
    state: BloodHuntState | None = None,
    save: Path | None = None,
) -> int:
    """Play to the end (or until the answers run out or the human quits); returns an exit code.

    The game starts from ``state`` when given (a checked resume), else from ``actions`` replayed.
    """
    state = state if state is not None else replay(rules, table, actions)
    state.events = []  # what happens from here on is told; a resumed game's past is not retold
    bots: dict[int, Bot] = {
        seat: make_bot(table.bots[(seat - 1) % len(table.bots)], seat, derive_seed(table.seed, seat))
        for seat in range(table.players)
        if seat != table.seat
    }
    say: Callable[[str], object] = lambda text: out.write(text + "\n")  # noqa: E731
    saver = Saver(save, rules, table, say)
    say(f"Blood Hunt · {table.players} players · you are P{table.seat + 1} · seed {table.seed}")
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance()
            text = public_chance_text(state, action, table.seat)
            if text:
                say(f"  · {text}")
            state.apply_action(action)
        elif state.current_player() == table.seat:
            action_or_none = _ask(state, table.seat, answers, say)
            if action_or_none is None:
                say("Game left unfinished." + (f" Saved to {save}." if save and not saver.failed else ""))
                return saver.exit_code()
            state.apply_action(action_or_none)
        else:
            player = state.current_player()
            action = bots[player].step(state)
            text = _public_decision(state, action, table.seat)
            state.apply_action(action)
            if decode(action)[0] is Op.DISCARD_DRAWN and state.effect_card >= 0:
                text = f"discard the drawn {card_with_effect(state, state.effect_card)}"
            elif decode(action)[0] is Op.SWAP_IN and state.effect_card >= 0:
                text += f", discarding {card_with_effect(state, state.effect_card)}"
            if decode(action)[0] is not Op.PICK:  # a pick is told with the resolution, and why
                say(f"  P{player + 1}: {text}")
        for line in tell_events(state, table.seat):
            say(line)
        saver.save(state)
    say(state.observation_string(None))
    scores = ", ".join(f"P{p + 1} {state.score(p)}" for p in range(state.n))
    winners = " and ".join(f"P{p + 1}" for p in state.winners)
    how = "an instant win" if state.stats.end.startswith("set:") else "the final count"
    say(f"Game over by {how}: {winners} won. Scores: {scores}.")
    return saver.exit_code()


def _public_decision(state: BloodHuntState, action: int, viewer: int) -> str:
    """What the table sees of another player's decision (which slot they swap, not the card)."""
    op = decode(action)[0]
    if op in CHANCE_OPS:
        return "draws"
    return state.action_to_string(action)


def _ask(
    state: BloodHuntState, seat: int, answers: Iterator[str], say: Callable[[str], object]
) -> int | None:
    """The human's action, asked as a menu (two steps for cards 6 and 7); ``None`` to quit.

    An answer is a number of the menu shown, or the full text of a legal action (as scripts write
    them); in the second step of a menu, ``b`` goes back to the first.
    """
    legal = state.legal_actions()
    say("")
    say(state.observation_string(seat))
    first = menu(state, legal)
    choices = first
    while True:
        _show(choices, say, nested=choices is not first)
        answer = next(answers, None)
        if answer is None or answer.strip().lower() in QUIT_WORDS:
            return None
        text = answer.strip()
        if choices is not first and text.lower() in BACK_WORDS:
            choices = first
            continue
        picked = _pick(choices, text)
        if picked is not None and picked.action is not None:
            return picked.action
        if picked is not None:
            choices = list(picked.then)
            continue
        named = [a for a in legal if text in (state.action_to_string(a), option_text(state, a))]
        if named:
            return named[0]
        # Quoted with repr and cut short: a control character or a pasted page is not echoed raw.
        shown = text if len(text) <= 60 else text[:57] + "..."
        say(f"{shown!r} is not one of the numbers 1-{len(choices)}")


def _show(choices: list[Choice], say: Callable[[str], object], *, nested: bool) -> None:
    for number, choice in enumerate(choices, start=1):
        more = " …" if choice.action is None else ""
        say(f"  {number}) {choice.text}{more}")
    say("choose a number (b to go back, q to quit):" if nested else "choose a number (q to quit):")


def _pick(choices: list[Choice], text: str) -> Choice | None:
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    return None
