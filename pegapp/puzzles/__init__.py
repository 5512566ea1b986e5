"""The game model: every family behind one interface (base.Puzzle), played through one history
(session.Session), registered once (registry, entry points pegapp.families). Never imports Qt."""
