"""Resource files (boards, icons, translations), importable as pegapp.resources from a wheel."""
