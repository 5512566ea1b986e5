"""Everything Qt lives here; the model and solvers never import it."""
