"""`python -m fairdice`: the same command as the `fairdice` console script."""

from fairdice.cli import main

raise SystemExit(main())
