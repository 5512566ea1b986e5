"""Code-breaking engines for bulls and cows and Mastermind (no Qt).

* ``_bulls``: rulesets, score tables, strategies and whole-strategy analysis.
* ``optimal``: the exact branch-and-bound search that proves the fewest guesses.
* ``exact``: answers solved on the spot for hints and analysis mode.
* ``classes``: guesses that cost the same by the game's symmetries.
* ``repair``: the few decisions that make a heuristic strategy worst-case optimal.
"""
