"""Specific renderers, one module per family of kinds. Importing this package registers them."""

from toolkit.publish.renderers import board as board
from toolkit.publish.renderers import campaign as campaign
from toolkit.publish.renderers import card_games as card_games
from toolkit.publish.renderers import rule_scenarios as rule_scenarios
