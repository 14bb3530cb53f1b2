"""`python -m companion.cli COMMAND ...`: the `dicetable` entry point without the installed script
(scripts/bench_against.sh runs it this way in other revisions' trees)."""

from companion.cli import main

raise SystemExit(main())
