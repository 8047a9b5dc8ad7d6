"""Hostile input to `huntkit play` and `huntkit simulate` on Blood Hunt: every bad option, save or
answer is a message and exit 2 (or a re-ask), never an internal error, and a save is never lost."""

from __future__ import annotations

import pytest

from tests.blood_hunt.helpers import CONTENT
from toolkit.__main__ import main

HUGE = str(2**70)


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run huntkit, expect exit 2 with no internal error, and return standard error."""
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err
    return err


# --- simulate ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--games", HUGE), "--games must be 1 to 100,000"),
        (("--games", "100001"), "--games must be 1 to 100,000, not 100001"),
        (("--workers", HUGE), "--workers must be 1 to 256"),
        (("--workers", "0"), "--workers must be 1 to 256, not 0"),
        (("--players", "2..1000000000"), "1000000000 is not a player count (at most 99)"),
        (("--players", "٣"), "is not a count, a range like 2..4"),
        (("--bot", ",,"), "--bot needs at least one bot name"),
    ],
)
def test_simulate_refuses_sizes_it_could_not_run_at_once(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], message: str
) -> None:
    assert message in refused(capsys, "simulate", str(CONTENT), *extra)


def test_simulate_with_more_workers_than_games_gives_the_one_worker_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", str(CONTENT), "--players", "2", "--games", "2", "--bot", "random", "--format", "json"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--workers", "64"]) == 0
    assert capsys.readouterr().out == alone
