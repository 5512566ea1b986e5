"""The puzzle collection: every family, its presets, and how to build a puzzle from saved params."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pegapp.core.messages import msg
from pegapp.puzzles.base import BadInput


@dataclass(frozen=True)
class Preset:
    puzzle_id: str
    name: str
    name_ja: str
    params: dict[str, Any] = field(default_factory=dict)

    def display_name(self, language: str = "en") -> str:
        return self.name_ja if language == "ja" and self.name_ja else self.name


@dataclass(frozen=True)
class Family:
    key: str
    name: str
    name_ja: str
    rules: str
    presets: tuple[Preset, ...]


FAMILIES: tuple[Family, ...] = (
    Family("slide", "Sliding tiles", "スライドパズル",
           "Slide tiles into the blank until they are in order, blank last. A click on a tile in "
           "the blank's row or column slides all the tiles between (one move per tile).",
           (Preset("slide/2x5", "9-puzzle (2×5)", "9パズル (2×5)",
                   {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}),
            Preset("slide/3x3", "8-puzzle", "8パズル", {"shuffle": 1}),
            Preset("slide/4x4", "15-puzzle", "15パズル", {"shuffle": 1}))),
    Family("rotate", "Rotation puzzle", "回転スライドパズル",
           "Each move turns the three tiles on a line through the centre. Put 1 to 9 in order.",
           (Preset("rotate/3x3", "Rotation 3×3", "回転パズル 3×3",
                   {"start": [9, 8, 7, 6, 5, 4, 3, 2, 1]}),)),
    Family("flip8", "8-flip", "8めくり",
           "Pressing a button flips its up to eight neighbours, not itself. Turn every light off.",
           (Preset("flip8/4x4", "8-flip 4×4", "8めくり 4×4", {}),
            Preset("flip8/4x6", "8-flip 4×6", "8めくり 4×6", {}),
            Preset("flip8/6x6", "8-flip 6×6", "8めくり 6×6", {}))),
    Family("oshidori", "Stone pairs", "おしどりの遊び",
           "Lift two neighbouring stones, keeping their order, into the two empty cells. Pair up "
           "equal stones, empty cells last.",
           (Preset("oshidori/k3", "Stone pairs, 3 kinds", "おしどり 3種類", {"kinds": 3}),
            Preset("oshidori/k5", "Stone pairs, 5 kinds", "おしどり 5種類", {"kinds": 5}),
            Preset("oshidori/classic4", "Black and white, 4 each", "白黒 4個ずつ",
                   {"pairs": 4}))),
    Family("jugs", "Water jugs", "水差し問題",
           "Fill, empty or pour jugs (no markings, unlimited water) until one holds the target.",
           (Preset("jugs", "8 L and 5 L: measure 4 L", "8Lと5Lで4Lを量る",
                   {"capacities": [8, 5], "target": 4}),
            Preset("jugs", "12, 8 and 5 L: measure 6 L", "12L・8L・5Lで6Lを量る",
                   {"capacities": [12, 8, 5], "target": 6}))),
)


def make_puzzle(puzzle_id: str, params: dict[str, Any]):
    """Build a puzzle from its id and the params a preset or a save file gives."""
    family = puzzle_id.split("/", 1)[0]
    start = params.get("start")
    if family == "slide":
        from pegapp.puzzles.slide import SlidePuzzle, parse_size
        rows, cols = parse_size(puzzle_id)
        puzzle = SlidePuzzle(rows, cols)
        if start is not None:
            puzzle = SlidePuzzle(rows, cols, start=tuple(start))
        elif params.get("shuffle") is not None:
            puzzle = SlidePuzzle(rows, cols, start=puzzle.shuffle(seed=params["shuffle"]))
        return puzzle
    if family == "rotate":
        from pegapp.puzzles.rotate import RotatePuzzle
        if start is None and params.get("shuffle") is not None:
            start = RotatePuzzle().shuffle(params["shuffle"])
        return RotatePuzzle(tuple(start) if start is not None else None)
    if family == "flip8":
        from pegapp.puzzles.flip8 import Flip8, parse_size
        rows, cols = parse_size(puzzle_id)
        return Flip8(rows, cols, start)
    if family == "oshidori":
        from pegapp.puzzles.oshidori import Oshidori
        return Oshidori(kinds=params.get("kinds"), pairs=params.get("pairs"),
                        start=tuple(start) if start is not None else None)
    if family == "jugs":
        from pegapp.puzzles.jugs import Jugs
        return Jugs(tuple(params["capacities"]), int(params["target"]))
    raise BadInput(msg("unknown puzzle {puzzle!r}", puzzle=puzzle_id))


#: Guessing games have no board state to search; they get their own window (ui.bulls_window).
GUESSING: tuple[Family, ...] = (
    Family("bulls", "Bulls and cows", "数当てゲーム",
           "Find the secret of 4 different digits; each guess is scored in bulls (right digit, "
           "right place) and cows (right digit, wrong place). Or let the computer find yours.",
           (Preset("bulls", "Bulls and cows", "数当て (ヒット・アンド・ブロー)", {"ruleset": "bulls"}),
            Preset("mastermind", "Mastermind", "マスターマインド", {"ruleset": "mastermind"}))),
)
