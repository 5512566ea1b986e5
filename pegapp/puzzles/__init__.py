"""Each puzzle family behind one small interface (see base.Puzzle). Never imports Qt."""
