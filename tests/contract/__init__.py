"""The contract every registered game must keep (`flipside.engine.game.Game`), checked
through the interface alone: a game registered in `flipside.engine.registry` is covered.
"""
