"""Take the Pot: the tiny example game of docs/adding-a-game.md (lives with the tests only).

2-4 seats, 12 numbered cards, 3 in each hand; the highest card takes the pot.  Registered
for tests by ``tests/example_game/register.py``, never in data/games.yaml.
"""
