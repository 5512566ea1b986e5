import os

# Tests never need a display: Qt renders offscreen, also in CI.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
