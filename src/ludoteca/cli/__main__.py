"""``python -m ludoteca.cli``: the ``ludoteca`` command, for environments without the console script."""

from ludoteca.cli import main

main()
