"""Entry point of the PyInstaller bundle (packaging/pegapp.spec): the same as `pegapp`."""

import sys

from pegapp.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
