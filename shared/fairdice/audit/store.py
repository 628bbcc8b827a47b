"""Where an audit's partial results and outputs live: a folder on disk, or a prefix in S3 (`audit.s3`).

Names are `/`-separated paths under the store's root. A written name appears whole or not at
all: a partial is complete once its `summary.json` exists, so it is written last.
"""

import errno
import os
import secrets
import shutil
import stat
from collections.abc import Collection, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import BinaryIO, Protocol

from fairdice.storage import STAGED_PREFIX, link_new


class Results(Protocol):
    """An audit's store of partial results and outputs.

    `read_ahead` is how many objects are worth reading at once: many for S3, where each read is
    a round trip, one for local files.
    """

    read_ahead: int

    def list(self, prefix: str) -> list[str]:
        """Every name starting with `prefix`, sorted."""
        ...

    def open(self, name: str) -> AbstractContextManager[BinaryIO]:
        """Read a name as a binary stream."""
        ...

    def put(self, name: str, data: bytes) -> None:
        """Write a small object whole."""
        ...

    def put_file(self, name: str, path: Path) -> None:
        """Write a local file's bytes under a name (streamed, however large)."""
        ...


# Errors of a copy that are the place written to's, not the file read from's.
_WRITING_FAILED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})
# Opened so, a pipe is not waited on for a writer (the flag is Unix's; a regular file reads alike with it)
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)


class FolderResults:
    """`Results` in a folder: one file per name, each written beside its place and renamed into it. `mark` starts the
    random part of each staged file's name, so that a run can tell the files it staged from anyone's. The names in
    `fresh` are written only where nothing is: linked into their place, which fails if anything is there, never renamed
    over it (FileExistsError, naming it)."""

    # Reading local files with threads gains nothing and costs memory (a malloc arena per thread).
    read_ahead = 1

    def __init__(self, root: Path, mark: str = "", fresh: Collection[str] = ()) -> None:
        self.root = root
        self.mark = mark
        self.fresh = frozenset(fresh)
        self.placed: dict[str, tuple[int, int]] = {}  # each name of `fresh` written, by its file's device and inode
        # each file of `fresh` written, held open until `release`: its inode is not freed, so no file put in its place
        # is given it, as ext4 and tmpfs give a freed one at once (review: one was taken for the file written)
        self._held: list[int] = []

    def __repr__(self) -> str:
        return f"FolderResults({str(self.root)!r})"

    def list(self, prefix: str) -> list[str]:
        """Every file under the root whose name starts with `prefix`, sorted."""
        folder = self.root / prefix.rpartition("/")[0]
        if not folder.is_dir():
            return []
        names = (path.relative_to(self.root).as_posix() for path in folder.rglob("*") if path.is_file())
        return sorted(name for name in names if name.startswith(prefix) and STAGED_PREFIX not in name)

    def open(self, name: str) -> AbstractContextManager[BinaryIO]:
        """The file's bytes as a stream (`open_file`: a pipe put in a partial's place is not waited on; review: a
        resume's merge hung on one put as a block's findings.jsonl)."""
        return open_file(self.root / name)

    def put(self, name: str, data: bytes) -> None:
        """Write a file whole: readers see it complete or not at all."""
        with self._staged(name) as staged:
            staged.write_bytes(data)

    def put_file(self, name: str, path: Path) -> None:
        """Copy a local file in under a name. A copy that fails for want of room (or of a writable disk) says where it
        was writing: shutil names the file copied from (review: a full disk was reported as a scratch file's)."""
        with self._staged(name) as staged:
            try:
                shutil.copyfile(path, staged)
            except OSError as exc:
                if exc.errno not in _WRITING_FAILED:
                    raise
                raise OSError(exc.errno, exc.strerror, str(self.root / name)) from exc

    @contextmanager
    def _staged(self, name: str) -> Iterator[Path]:
        target = self.root / name
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise _not_a_folder(self.root, target.parent) from None
        temporary = _new_file(target.parent, self.mark)
        try:
            yield Path(temporary)
            if name in self.fresh:
                held = os.open(temporary, os.O_RDONLY)  # the file linked into its place, whose inode it keeps
                try:
                    status = os.fstat(held)
                    _put_where_nothing_is(temporary, target)
                except BaseException:
                    os.close(held)
                    raise
                self._held.append(held)
                self.placed[name] = (status.st_dev, status.st_ino)
            else:
                os.replace(temporary, target)
        finally:
            Path(temporary).unlink(missing_ok=True)

    def still_written(self, name: str, status: os.stat_result | None = None) -> bool:
        """Whether the place of `name`, a name of `fresh` this store wrote, still holds the file it wrote there (or
        `status`, a file opened from there, is that file); False where another was put in its place since, True where
        it is gone (nothing there is anyone's)."""
        if status is None:
            try:
                status = os.lstat(self.root / name)
            except FileNotFoundError:
                return True
        return (status.st_dev, status.st_ino) == self.placed.get(name)

    def release(self) -> None:
        """Let go of the files of `fresh` written, held open since (`still_written` is not to be asked after)."""
        while self._held:
            os.close(self._held.pop())

    def withdraw(self) -> None:
        """Remove each name of `fresh` this store wrote that is still the file it wrote there, so that a run that stops
        before its last output leaves none of the others to be read as a finished audit's; anything put in their place
        since is let be."""
        for name, written in self.placed.items():
            target = self.root / name
            try:
                status = os.lstat(target)
                if (status.st_dev, status.st_ino) == written:
                    target.unlink()
            except FileNotFoundError:
                pass
        self.placed.clear()
        self.release()


@contextmanager
def open_file(path: Path) -> Iterator[BinaryIO]:
    """A file's bytes as a stream. What is not a file (a pipe, a socket, a device, a folder) is an OSError naming it,
    opened without waiting, so that a pipe put where a file was looked at a moment before is not waited on for a writer
    for ever: a look (`is_file`) and then an open leave it that moment (review)."""
    descriptor = os.open(path, os.O_RDONLY | _NO_WAIT)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise OSError(errno.EINVAL, "not a file (a pipe, a socket, a device or a folder)", str(path))
        if _NO_WAIT:
            os.set_blocking(descriptor, True)
        stream = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with stream:
        yield stream


def _not_a_folder(root: Path, folder: Path) -> OSError:
    """The error a write stops with where `folder`, or a folder it lies in under `root`, is something else (a file, a
    pipe, a link to nothing), put there while the audit ran or left by anyone: that one named, kept, with what to do
    (review: the mkdir's own "File exists", or "Not a directory" naming the folder under it, and a resume asked for that
    stopped alike)."""
    parts = folder.relative_to(root).parts
    places = [root.joinpath(*parts[: count + 1]) for count in range(len(parts))]
    there = next((place for place in places if os.path.lexists(place) and not place.is_dir()), folder)
    return NotADirectoryError(
        errno.ENOTDIR,
        "not a folder, where the audit keeps its results: it is kept, not written over; move it out",
        str(there),
    )


# What a file system that keeps no hard links answers a link with (FAT, exFAT, some network shares)
_NO_HARD_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS})


def _put_where_nothing_is(staged: Path, target: Path) -> None:
    """Give a staged file its place, where nothing is: a hard link (`link_new`, as the archive writes once), which no
    file put there meanwhile can be written over by, as a rename would. FileExistsError, naming the place, for whatever
    is there. Where the file system keeps no hard links, the place is looked at just before the rename."""
    try:
        if link_new(staged, target):
            return
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        if not os.path.lexists(target):
            os.replace(staged, target)
            return
    raise occupied(target)


def occupied(place: Path, *also: Path) -> FileExistsError:
    """The error a run stops with where something not its own is in the place of one of its outputs: it is kept, not
    written over, and named, with what is in the places of its other outputs (`also`), so that one look finds them all
    (review: one was named a run, and the resume stopped at the next)."""
    others = f", and so are {', '.join(map(str, also))}, kept alike" if also else ""
    return FileExistsError(
        errno.EEXIST,
        f"put there while the audit ran, where it writes this result: it is kept, not written over{others}; move"
        f" {'them' if also else 'it'} out",
        str(place),
    )


def _new_file(folder: Path, mark: str = "") -> Path:
    """A new empty file in `folder`, named `STAGED_PREFIX`, `mark` and 8 random characters (as mkstemp names one),
    made as any other file is: as the umask of the moment has it. mkstemp makes a file its owner alone may read (review:
    another user could not read the report, 0600 whatever the umask). Not flushed to disk before it is renamed, as the
    archive's are: an audit's results are made again by auditing again, where a day's record is not."""
    while True:
        path = folder / f"{STAGED_PREFIX}{mark}{secrets.token_hex(4)}"
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        return path
