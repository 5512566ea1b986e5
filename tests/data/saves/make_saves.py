"""Write save files with PegApp as of 636423d (PegGame 'pegapp-game' v1, Session 'pegapp-puzzle' v1)."""
import sys
from pathlib import Path
from pegapp.core.board import get_board, parse_board
from pegapp.core.game import PegGame
from pegapp.core.notation import parse_moves
from pegapp.puzzles.registry import make_puzzle
from pegapp.puzzles.session import Session

out = Path(sys.argv[1])

def peg(name, game, text=""):
    for m in parse_moves(text):
        game.play_move(m)
    game.save(out / f"{name}.pegapp.json")

peg("peg-english-new", PegGame(get_board("english")))
# mid-chain: the last move is a chain of one jump whose peg can jump on
peg("peg-english-midchain", PegGame(get_board("english")), "(28,16)(21,23)( 7,21)(16,14)(30,22)(13,15)")
peg("peg-english-chain2", PegGame(get_board("english")), "(28,16)(21,23)( 7,21)(16,14)(30,22)(13,15,27)")
peg("peg-diamond13-solved", PegGame(get_board("diamond13")),
    "( 0, 6)(10, 2)( 4, 0, 6)(11, 1)( 8, 0, 4, 6)( 7, 5)(12, 4, 6)")
peg("peg-hoppers-chain", PegGame(get_board("hoppers")), "( 0, 6)( 9, 3)( 2, 0, 6)")
peg("peg-english-start-finish-any", PegGame(get_board("english"), frozenset({0}), None),
    "( 8, 0)")
peg("peg-english-stuck", PegGame(get_board("english"), frozenset(set(range(33)) - {0, 32})))
mine = parse_board('name = "Mine"\nlayout = """\nooooo\n"""\nstart = [0]\nfinish = "any"\n',
                   source="mine.toml", default_id="mine")
peg("peg-players-board", PegGame(mine), "( 2, 0)")

def puz(name, puzzle_id, params, text="", start=None):
    p = make_puzzle(puzzle_id, params)
    s = Session(p, params, start, p.parse_moves(text))
    s.save(out / f"{name}.pegapp.json")
    return s

puz("slide-2x5", "slide/2x5", {"start": [0, 9, 3, 7, 1, 5, 4, 8, 2, 6]}, "9 3")
puz("slide-3x3-shuffle", "slide/3x3", {"shuffle": 1})
puz("rotate-3x3", "rotate/3x3", {"start": [9, 8, 7, 6, 5, 4, 3, 2, 1]})
puz("flip8-4x4-drawn", "flip8/4x4", {"start": 1}, "")
puz("oshidori-k3", "oshidori/k3", {"kinds": 3}, "( 1, 6)")
puz("oshidori-classic4", "oshidori/classic4", {"pairs": 4})
puz("jugs-8-5", "jugs", {"capacities": [8, 5], "target": 4}, "fill 0, pour 0 1")
puz("flip8-4x6-played", "flip8/4x6", {}, "(0)(5)")
puz("slide-4x4-shuffle", "slide/4x4", {"shuffle": 1}, "")
