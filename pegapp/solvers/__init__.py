"""Search code shared by every puzzle. Never imports Qt."""
