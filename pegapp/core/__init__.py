"""The peg solitaire model: boards, positions, moves, notation, games. Never imports Qt."""
