"""``python -m spoker``: the command line."""

import sys

from spoker.cli import main

sys.exit(main())
