"""The table companion for the board game (`huntkit play`)."""
