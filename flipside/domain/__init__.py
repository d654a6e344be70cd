"""The pure game: cards, hands, the decider, views and shuffles. Standard library only."""
