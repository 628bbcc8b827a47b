"""The audit's progress bar on a terminal (rich), and nothing at all when stderr is not one."""

import sys

from fairdice.audit.local import Progress


class TerminalProgress(Progress):
    """Bytes read of all inputs, their rate and the time left; games audited so far."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            TextColumn,
            TimeRemainingColumn,
            TransferSpeedColumn,
        )
        from rich.progress import Progress as Bar

        self._games = 0
        self._bar = Bar(
            TextColumn("auditing"),
            BarColumn(),
            DownloadColumn(),
            TransferSpeedColumn(),
            TimeRemainingColumn(),
            TextColumn("{task.fields[games]:,} games"),
            console=Console(stderr=True),
        )
        self._task = self._bar.add_task("audit", total=None, games=0)

    def start(self, total_bytes: int) -> None:
        """Show the bar, sized to every input's bytes."""
        self._bar.update(self._task, total=total_bytes)
        self._bar.start()

    def advance(self, read_bytes: int, games: int) -> None:
        """Move the bar on."""
        self._games += games
        self._bar.update(self._task, advance=read_bytes, games=self._games)

    def stop(self) -> None:
        """Leave the finished bar on screen."""
        self._bar.stop()


def terminal_progress() -> Progress:
    """A progress bar when stderr is a terminal, otherwise a silent one."""
    return TerminalProgress() if sys.stderr.isatty() else Progress()
