"""Playing Blood Hunt at a terminal against bots: the table, saves and the prompt."""
