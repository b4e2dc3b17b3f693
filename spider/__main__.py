"""``python -m spider``: see :mod:`spider.cli`."""

import sys

from .cli import main

sys.exit(main())
