"""Qt-free basics the families share: boards, peg positions and moves, notation, saves, statistics,
messages. Never imports Qt."""
