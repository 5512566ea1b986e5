"""PegApp: peg solitaire and the other puzzles of M. Hiroi's articles, in Qt."""

__version__ = "0.1.0"
