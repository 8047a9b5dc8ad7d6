"""Batch play of board-game chapters and the reports that explain it: how games end, where hunters
fall, where games stall, how much the result depends on the bot, and tuning a number to a target."""
