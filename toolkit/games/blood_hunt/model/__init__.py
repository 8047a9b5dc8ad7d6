"""Blood Hunt content kinds: cards, citizens, districts, the set-up, rulings and scenarios."""
