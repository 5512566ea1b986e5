"""Do harder-rated training puzzles beat the program's weak players more often? (issue #74 point 3)

Makes a sample of `pegapp train` puzzles (pegapp.puzzles.training), splits it into difficulty
bands (equal thirds by rating), and plays two weak players on each puzzle, TRIALS times with
their ties broken at random:

- greedy: plays a move whose position looks best (peg solitaire: fewest isolated pegs, then
  fewest pegs, as the ratings weigh a tempting move; the 8-puzzle: the
  least Manhattan distance), a finish first;
- shallow: looks two moves deep (the best-looking position within two moves, a finish first).

A player solves a puzzle when it finishes in the puzzle's number of moves (with one right move at
every step, only by playing the line). Prints, per sample and band, the ratings and the fraction
each player solves. Figures, not a test:

    PYTHONPATH=. python benchmarks/bench_train.py [--count 60] [--trials 20]

2026-12-07, --count 60 --trials 20 (seed 1; triangle15 has fewer 4-move puzzles):

    sample              band  ratings      puzzles  greedy  shallow
    pegs/english N=3    easy  4.6-5.7            20    1.00     1.00
    pegs/english N=3    mid   5.7-7.7            20    0.17     1.00
    pegs/english N=3    hard  7.7-9.7            20    0.00     1.00
    pegs/english N=5    easy  8.1-12.3           20    0.07     0.35
    pegs/english N=5    mid   12.5-15.2          20    0.00     0.41
    pegs/english N=5    hard  15.3-20.9          20    0.00     0.00
    pegs/english N=7    easy  13.3-19.5          20    0.01     0.00
    pegs/english N=7    mid   19.8-21.4          20    0.00     0.01
    pegs/english N=7    hard  21.6-29.6          20    0.00     0.01
    pegs/triangle15 N=4 easy  4.9-8.2            20    0.25     0.80
    pegs/triangle15 N=4 mid   8.2-10.1           20    0.01     0.21
    pegs/triangle15 N=4 hard  10.7-13.4          20    0.00     0.02
    slide/3x3 N=10      easy  26.2-28.7          20    0.29     0.44
    slide/3x3 N=10      mid   28.7-28.7          20    0.27     0.41
    slide/3x3 N=10      hard  28.7-29.9          20    0.21     0.23

Harder bands are solved less, but for English N=5's easy and mid bands under the shallow player
(0.35, 0.41), and the longer puzzles less than the shorter. The shallow player sees every finish
of three moves, so English N=3 is all solved; N=7 is beyond both players. The 8-puzzle's ratings
spread little: without a look of its own a family's rating weighs the moves at each step only.
"""

from __future__ import annotations

import argparse
import random
import statistics

from pegapp.core.board import get_board
from pegapp.puzzles import registry, training
from pegapp.puzzles.peg_training import looks_of

SAMPLES = [("pegs/english", 3), ("pegs/english", 5), ("pegs/english", 7),
           ("pegs/triangle15", 4), ("slide/3x3", 10)]


def manhattan(state) -> int:
    total = 0
    for cell, tile in enumerate(state):
        if tile:
            home = tile - 1
            total += abs(cell // 3 - home // 3) + abs(cell % 3 - home % 3)
    return total


def player_looks(puzzle_id: str):
    if puzzle_id.startswith("slide/"):
        return manhattan
    return looks_of(get_board(puzzle_id.split("/")[1]))


def value(puzzle, state, depth: int, looks) -> tuple:
    """(finish within depth moves: 0 first, the best look) of state, looking depth moves on."""
    if puzzle.is_solved(state):
        return (0, 0)
    best = (1, looks(state))
    if depth > 0:
        for m in puzzle.moves(state):
            best = min(best, value(puzzle, puzzle.apply(state, m), depth - 1, looks))
    return best


def plays(puzzle, item, depth: int, looks, rng: random.Random) -> bool:
    """Whether a player looking `depth` moves past its move finishes in item.moves moves."""
    state = item.start
    for _ in range(item.moves):
        scored = [(value(puzzle, puzzle.apply(state, m), depth, looks), i, m)
                  for i, m in enumerate(puzzle.moves(state))]
        if not scored:
            return False
        best = min(s for s, _, _ in scored)
        state = puzzle.apply(state, rng.choice([m for s, _, m in scored if s == best]))
    return puzzle.is_solved(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60, help="puzzles a sample")
    parser.add_argument("--trials", type=int, default=20, help="plays a puzzle a player")
    args = parser.parse_args()
    rng = random.Random(1)
    print("sample              band  ratings      puzzles  greedy  shallow")
    for puzzle_id, moves in SAMPLES:
        puzzle = registry.family_of(puzzle_id).make(puzzle_id, {})
        looks = player_looks(puzzle_id)
        found = sorted(training.training(puzzle, moves, args.count, 1),
                       key=lambda t: t.difficulty)
        third = max(1, len(found) // 3)
        bands = [found[:third], found[third:2 * third], found[2 * third:]]
        for name, band in zip(("easy", "mid", "hard"), bands):
            solved = {0: [], 1: []}
            for item in band:
                for depth in (0, 1):
                    wins = sum(plays(puzzle, item, depth, looks, rng)
                               for _ in range(args.trials))
                    solved[depth].append(wins / args.trials)
            ratings = f"{band[0].difficulty:.1f}-{band[-1].difficulty:.1f}"
            print(f"{puzzle_id + ' N=' + str(moves):20}{name:6}{ratings:13}{len(band):8}"
                  f"{statistics.mean(solved[0]):8.2f}{statistics.mean(solved[1]):9.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
