"""Where an audit's partial results and outputs live: a folder on disk, or a prefix in S3 (`audit.s3`).

Names are `/`-separated paths under the store's root. A written name appears whole or not at
all: a partial is complete once its `summary.json` exists, so it is written last.
"""

import errno
import os
import secrets
import shutil
import signal
import stat
from collections.abc import Collection, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
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

    def where(self, name: str) -> str:
        """Where a name is stored, as an error names it: a path, or an s3:// address."""
        ...


# The signals the command stops on (Ctrl-C, SIGTERM), held back for a moment where that must not be cut (`stops_held`)
STOPS = {signal.SIGINT, signal.SIGTERM}
# Errors of a copy that are the place written to's, not the file read from's.
_WRITING_FAILED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})
# Opened so, a pipe is not waited on for a writer (the flag is Unix's; a regular file reads alike with it)
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
# Whether a write holds each folder it goes through under the root open, opened without following a link, and makes
# and places its file relative to the folder held (POSIX): a link put in the place of a folder there (`partials/`, a
# block's) is refused as it is met, and one put there once the folder is open is not gone through, as the folder held
# is not where it leads; nothing is written outside the root. Elsewhere (Windows: no `O_NOFOLLOW`, no folder opened,
# no `dir_fd`) each folder under the root is looked at (`_looked_at`) as the file is made and again as it is placed,
# and a link or a reparse point (a junction) there is refused; one put there between that look and the step after it
# is gone through all the same: that moment is not closed.
HOLDS_FOLDERS = (
    bool(_NO_FOLLOW and _DIRECTORY)
    and {os.open, os.mkdir, os.rename, os.link, os.unlink, os.rmdir, os.stat} <= os.supports_dir_fd
    and os.scandir in os.supports_fd
)
# What opening what is not a folder answers, without following a link: a file, a pipe, or a link (FreeBSD: EMLINK)
_NOT_A_FOLDER = frozenset({errno.ENOTDIR, errno.ELOOP, errno.EMLINK})
# What opening a link with `O_NOFOLLOW` answers (FreeBSD: EMLINK)
_LINK_REFUSED = frozenset({errno.ELOOP, errno.EMLINK})


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
        # is given it, as ext4 and tmpfs give a freed one at once (review: one was taken for the file written); not
        # where a file held open cannot be removed (Windows), as its staged name could not be
        self._held: list[int] = []

    def __repr__(self) -> str:
        return f"FolderResults({str(self.root)!r})"

    def where(self, name: str) -> str:
        """The path of a name under the root."""
        return str(self.root.joinpath(*name.split("/")))

    def list(self, prefix: str) -> list[str]:
        """Every file under the root whose name starts with `prefix`, sorted. Each folder is reached as a write reaches
        it (`_folder`), not through a link: a link or junction to a folder in the place of one (`partials/`, a
        block's), put there once its results were written, is NotADirectoryError naming it, as a write there is
        (review: the listing went through a link put as `partials/`, and passed over one put as a block's folder, whose
        games went uncounted in a summary naming the file as read whole, exit 0)."""
        folders = [part for part in prefix.rpartition("/")[0].split("/") if part]
        try:
            names = _files_under(self.root, folders)
        except FileNotFoundError:
            return []
        return sorted(name for name in names if name.startswith(prefix) and STAGED_PREFIX not in name)

    @contextmanager
    def open(self, name: str) -> Iterator[BinaryIO]:
        """The file's bytes as a stream, as `open_file` opens one (a pipe put in a partial's place is not waited on;
        review: a resume's merge hung on one put as a block's findings.jsonl), its folder reached as a write reaches it
        (`_folder`), not through a link: a link or junction in the place of a folder on the way is NotADirectoryError
        naming it, as a write there is (review: a block's results were read through a link put as its folder, or as
        `partials/`, once they were written). Nor is a link in the place of the file itself read through: opened
        without following it (`O_NOFOLLOW`), or, where the platform cannot (Windows), looked at just before it is
        opened, a link or a reparse point refused (a look: one put there a moment after it is gone through); an OSError
        naming it (review: a done block's findings were read through a link put in their place, on a resume)."""
        *folders, leaf = name.split("/")
        with _folder(self.root, folders, make=False) as folder, folder.naming():
            if not _NO_FOLLOW and _a_link(os.lstat(folder.at(leaf), dir_fd=folder.fd)):
                raise _a_link_here(self.root / name)
            try:
                opened = os.open(folder.at(leaf), os.O_RDONLY | _NO_WAIT | _NO_FOLLOW | _binary(), dir_fd=folder.fd)
            except OSError as exc:
                if exc.errno in _LINK_REFUSED:
                    raise _a_link_here(self.root / name) from None
                raise
        with _stream(opened, self.root / name) as stream:
            yield stream

    def put(self, name: str, data: bytes) -> None:
        """Write a file whole: readers see it complete or not at all."""
        with self._staged(name) as staged:
            staged.write(data)

    def put_file(self, name: str, path: Path) -> None:
        """Copy a local file in under a name. A copy that fails for want of room (or of a writable disk) says where it
        was writing: the copy names no file, or the file copied from (review: a full disk was reported as a scratch
        file's)."""
        with self._staged(name) as staged, path.open("rb") as source:
            try:
                shutil.copyfileobj(source, staged)
                staged.flush()
            except OSError as exc:
                if exc.errno not in _WRITING_FAILED:
                    raise
                raise OSError(exc.errno, exc.strerror, str(self.root / name)) from exc

    @contextmanager
    def _staged(self, name: str) -> Iterator[BinaryIO]:
        """A new file beside the place of `name`, open to be written, given that place once written whole. Each folder
        on the way under the root is made where none is, and held or looked at (`HOLDS_FOLDERS`): what is not a folder
        there, a link to one too, stops the write, named (`_not_a_folder`), and nothing is written through it."""
        *folders, leaf = name.split("/")
        with _folder(self.root, folders) as folder:
            temporary = None
            held = None  # a file of `fresh`, held open once linked into its place: its inode is kept
            # The file is made within the `try`: a stop handled as it is handed back (as `naming` ends) removes it too
            # (review: one handled there left it, the plan's in partials/, which no resume removes)
            try:
                with folder.naming():
                    temporary, stream = _new_file(folder, self.mark)
                with stream:
                    yield stream
                    if name in self.fresh:
                        held = os.dup(stream.fileno())
                with folder.naming():
                    folder.look()
                    if held is None:
                        os.replace(folder.at(temporary), folder.at(leaf), src_dir_fd=folder.fd, dst_dir_fd=folder.fd)
                    else:
                        status = os.fstat(held)
                        _put_where_nothing_is(folder, temporary, leaf)
                        self.placed[name] = (status.st_dev, status.st_ino)
                        # Its staged name removed while it is held; where a file held open cannot be removed
                        # (Windows), it is let go of first, below, and not held (review: each output's staged file
                        # was left in --out)
                        if folder.remove(temporary):
                            self._held.append(held)
                            held = None
            finally:
                if held is not None:
                    os.close(held)
                if temporary is not None:
                    stream.close()  # closed already, but where the stop came before `with stream`
                    folder.remove(temporary)

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

    def withdraw(self) -> dict[Path, str]:
        """Remove each name of `fresh` this store wrote that is still the file it wrote there, so that a run that stops
        before its last output leaves none of the others to be read as a finished audit's; anything put in their place
        since is let be. Called as a run stops on an error of its own, the one to report, it raises no OSError of its
        own (review: a PermissionError removing one hid it): each it could not remove, once the files held are let go
        of and it is tried again (Windows removes no file held open), is returned, with why, to be said."""
        left = self._removed(self.placed)
        self.release()
        left = self._removed({name: self.placed[name] for name in left})
        self.placed.clear()
        return {self.root / name: why for name, why in left.items()}

    def _removed(self, written: dict[str, tuple[int, int]]) -> dict[str, str]:
        """Remove each name of `written` that is still the file written there (its device and inode); those that could
        not be, with why."""
        left = {}
        for name, placed in written.items():
            target = self.root / name
            try:
                status = os.lstat(target)
                if (status.st_dev, status.st_ino) == placed:
                    target.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                left[name] = exc.strerror or str(exc)
        return left


@contextmanager
def open_file(path: Path) -> Iterator[BinaryIO]:
    """A file's bytes as a stream. What is not a file (a pipe, a socket, a device, a folder) is an OSError naming it,
    opened without waiting, so that a pipe put where a file was looked at a moment before is not waited on for a writer
    for ever: a look (`is_file`) and then an open leave it that moment (review)."""
    with _stream(os.open(path, os.O_RDONLY | _NO_WAIT | _binary()), path) as stream:
        yield stream


@contextmanager
def _stream(descriptor: int, path: Path) -> Iterator[BinaryIO]:
    """A descriptor opened without waiting (`open_file`) as a stream, once it is known to be a file's; closed, as the
    stream, whatever happens. `path` names it."""
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


def _a_link(status: os.stat_result) -> bool:
    """Whether what `os.lstat` looked at is a link, or a reparse point (Windows)."""
    reparse = getattr(status, "st_file_attributes", 0) & stat.FILE_ATTRIBUTE_REPARSE_POINT
    return stat.S_ISLNK(status.st_mode) or bool(reparse)


def _a_link_here(place: Path) -> OSError:
    """The error a read stops with where `place`, a result it reads, is a link (to a file or to anything), put there
    by anyone: named, not read through, with what to do."""
    return OSError(
        errno.ELOOP,
        "a link, not a file, where the audit keeps its results: it is not read through; move it out",
        str(place),
    )


def _not_a_folder(place: Path) -> OSError:
    """The error a write stops with where `place`, a folder it goes through under the root, is something else (a file,
    a pipe, a link, to a folder or to nothing), put there while the audit ran or left by anyone: that one named, kept,
    with what to do (review: the mkdir's own "File exists", or "Not a directory" naming the folder under it, and a
    resume asked for that stopped alike; a link to a folder was written through, over a file where it leads)."""
    return NotADirectoryError(
        errno.ENOTDIR,
        "not a folder, where the audit keeps its results: it is kept, not written over; move it out",
        str(place),
    )


class _Folder:
    """A folder under a store's root as a write reaches it: `fd` held open (`HOLDS_FOLDERS`), each name in it given
    relative to it, or None: each name is its path, and the folders on the way are looked at again before a step that
    could go through one (`look`)."""

    def __init__(self, root: Path, folders: list[str], fd: int | None) -> None:
        self.root = root
        self.folders = folders
        self.path = root.joinpath(*folders)
        self.fd = fd

    def at(self, name: str) -> str:
        """`name` in the folder, as a call given `dir_fd=self.fd` takes it."""
        return name if self.fd is not None else str(self.path / name)

    def look(self) -> None:
        """Where no folder is held, refuse what is not a folder on the way, a link too (`_looked_at`)."""
        if self.fd is None:
            _looked_at(self.root, self.folders, make=False)

    @contextmanager
    def naming(self) -> Iterator[None]:
        """An OSError of a call relative to the folder held, which names a file by its name alone, naming its path."""
        try:
            yield
        except OSError as exc:
            if self.fd is None or exc.filename is None or os.path.isabs(exc.filename):
                raise
            raise OSError(exc.errno, exc.strerror, str(self.path / exc.filename)) from exc

    def listed(self) -> list[str]:
        """The names the folder holds, listed from the folder held, where one is."""
        return os.listdir(self.path if self.fd is None else self.fd)

    def status(self, name: str) -> os.stat_result:
        """What `name` in the folder is, a link itself (`os.lstat`), named by its path where it fails."""
        self.look()
        with self.naming():
            return os.stat(self.at(name), dir_fd=self.fd, follow_symlinks=False)

    @contextmanager
    def open(self, name: str) -> Iterator[BinaryIO]:
        """`name` in the folder as a stream, as `open_file` opens one, a link in its place refused: opened without
        following it (`O_NOFOLLOW`), or, where the platform cannot (Windows), looked at just before it is opened, a link
        or a reparse point refused (a look: one put there a moment after it is gone through), as `FolderResults.open`
        does."""
        self.look()
        with self.naming():
            if not _NO_FOLLOW and _a_link(os.stat(self.at(name), dir_fd=self.fd, follow_symlinks=False)):
                raise _a_link_here(self.path / name)
            descriptor = os.open(self.at(name), os.O_RDONLY | _NO_WAIT | _NO_FOLLOW | _binary(), dir_fd=self.fd)
        with _stream(descriptor, self.path / name) as stream:
            yield stream

    def unlink(self, name: str) -> None:
        """Remove `name` in the folder, named by its path where it fails."""
        self.look()
        with self.naming():
            os.unlink(self.at(name), dir_fd=self.fd)

    def rmdir(self, name: str) -> None:
        """Remove the empty folder `name` in the folder, not a link in its place, named by its path where it fails."""
        self.look()
        with self.naming():
            os.rmdir(self.at(name), dir_fd=self.fd)

    def remove(self, name: str) -> bool:
        """Remove `name` if it is still there (where no folder is held, only where the way to it still leads there);
        whether it is gone."""
        try:
            self.look()
            os.unlink(self.at(name), dir_fd=self.fd)
        except FileNotFoundError:
            pass
        except OSError:
            return False
        return True


def held_folder(root: Path, folders: list[str]) -> AbstractContextManager[_Folder]:
    """The folder `folders` under `root` as a read reaches it (`_folder`, none made): held open, each folder under the
    root opened without following a link, so that its names are listed, looked at, read and removed in the folder held,
    not through a link put in its place since (where the platform holds no folder, `HOLDS_FOLDERS`: each folder on the
    way looked at before each step, a link or a junction refused, which leaves a moment open between the look and the
    step); NotADirectoryError, naming it, for what is not a folder on the way."""
    return _folder(root, folders, make=False)


def _files_under(root: Path, folders: list[str]) -> list[str]:
    """The names of the files (a link to one too, as ever) under `folders` under `root`, each folder reached by
    `_folder`, as a read reaches it; a link (or junction) to a folder there is refused, named."""
    with (
        _folder(root, folders, make=False) as folder,
        os.scandir(folder.path if folder.fd is None else folder.fd) as listed,
    ):
        entries = [
            (entry.name, entry.is_dir(follow_symlinks=False), entry.is_dir(), entry.is_file()) for entry in listed
        ]
    names = []
    for name, folder_itself, leads_to_folder, file in entries:
        if folder_itself:
            with suppress(FileNotFoundError):  # gone since it was listed, as a listing a moment later finds it
                names += _files_under(root, [*folders, name])
        elif leads_to_folder:
            raise _not_a_folder(root.joinpath(*folders, name))
        elif file:
            names.append("/".join([*folders, name]))
    return names


@contextmanager
def _folder(root: Path, folders: list[str], *, make: bool = True) -> Iterator[_Folder]:
    """The folder `folders` under `root`, each made where none is (as the root is; to read, `make` False: none is
    made, and one not there is FileNotFoundError naming it): held open, each opened without following a link, relative
    to the one before (`HOLDS_FOLDERS`), or looked at (`_looked_at`). The root is reached as given (`--out` may be a
    link to a folder). What is not a folder on the way is NotADirectoryError, naming it."""
    if make:
        try:
            root.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise _not_a_folder(root) from None
    if not HOLDS_FOLDERS:
        _looked_at(root, folders, make=make, reading=not make)
        yield _Folder(root, folders, None)
        return
    held = os.open(root, os.O_RDONLY | _DIRECTORY)
    try:
        for count, part in enumerate(folders):
            place = root.joinpath(*folders[: count + 1])
            try:
                if make:
                    with suppress(FileExistsError):
                        os.mkdir(part, dir_fd=held)
                inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NO_FOLLOW, dir_fd=held)
            except OSError as exc:
                if exc.errno in _NOT_A_FOLDER:
                    raise _not_a_folder(place) from None
                raise OSError(exc.errno, exc.strerror, str(place)) from exc
            os.close(held)
            held = inner
        yield _Folder(root, folders, held)
    finally:
        os.close(held)


def _looked_at(root: Path, folders: list[str], *, make: bool, reading: bool = False) -> None:
    """Where no folder is held (`HOLDS_FOLDERS`): refuse what is not a folder on the way to `folders` under `root`, a
    link or a reparse point (a Windows junction) too, each made first where nothing is (`make`); to read (`reading`),
    one not there is FileNotFoundError naming it, as opening it would be. A look, not a hold: one put there once looked
    at is gone through by the step after it, a moment later; a look before each step is the best that can be done
    without a folder held open."""
    place = root
    for part in folders:
        place = place / part
        if make:
            with suppress(FileExistsError):
                place.mkdir()
        try:
            status = os.lstat(place)
        except FileNotFoundError:
            if reading:
                raise
            raise _not_a_folder(place) from None
        except NotADirectoryError:
            raise _not_a_folder(place) from None
        reparse = getattr(status, "st_file_attributes", 0) & stat.FILE_ATTRIBUTE_REPARSE_POINT
        if not stat.S_ISDIR(status.st_mode) or reparse:
            raise _not_a_folder(place)


# What a file system that keeps no hard links answers a link with (FAT, exFAT, some network shares)
_NO_HARD_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS})


def _put_where_nothing_is(folder: _Folder, staged: str, leaf: str) -> None:
    """Give a file staged in `folder` its place there, `leaf`, where nothing is: a hard link (`link_new`, as the
    archive writes once), which no file put there meanwhile can be written over by, as a rename would.
    FileExistsError, naming the place, for whatever is there. Where the file system keeps no hard links, the place is
    looked at just before the rename."""
    try:
        if link_new(folder.at(staged), folder.at(leaf), dir_fd=folder.fd):
            return
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        try:
            os.stat(folder.at(leaf), dir_fd=folder.fd, follow_symlinks=False)
        except FileNotFoundError:
            os.replace(folder.at(staged), folder.at(leaf), src_dir_fd=folder.fd, dst_dir_fd=folder.fd)
            return
    raise occupied(folder.path / leaf)


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


@contextmanager
def stops_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM (`STOPS`) held back in this thread, and handled once they are let in again, as the hold ends;
    the mask as it was put back whatever happens. A stop that came before the hold is handled as it begins, before
    anything is held. Windows has no signal masks: nothing is held there."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, ())  # the mask as it is, put back whatever happens after
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _binary() -> int:
    """The flag a file is opened with to be read or written byte for byte: Windows' `O_BINARY` (a file `os.open` opens
    without it is in text mode there, each LF written as CR LF, a read stopped at the first Ctrl-Z), none elsewhere."""
    return getattr(os, "O_BINARY", 0)


def _new_file(folder: _Folder, mark: str = "") -> tuple[str, BinaryIO]:
    """A new empty file in `folder`, named `STAGED_PREFIX`, `mark` and 8 random characters (as mkstemp names one),
    made as any other file is: as the umask of the moment has it; its name, and the file open to be written. mkstemp
    makes a file its owner alone may read (review: another user could not read the report, 0600 whatever the umask).
    Not flushed to disk before it is renamed, as the archive's are: an audit's results are made again by auditing
    again, where a day's record is not. Made and opened as a stream in one call (`open`'s `opener`), which closes its
    descriptor itself whatever fails once it is made: where the stream cannot be made, or a stop comes as it is, the
    empty file is removed, and no descriptor is closed by its number a second time (review: os.fdopen's own cleanup, or
    the stream dropped, closed it, and closing it again said "Bad file descriptor" in place of the memory that ran
    short or the Ctrl-C, or closed a file opened since under that number). A Ctrl-C or SIGTERM is held back while the
    file is made and the stream takes its descriptor (`stops_held`), and handled as the hold ends, the stream then
    closed and the file removed: handled as `os.open` returned, before the stream had the descriptor, it left both
    (review). Where no signal is held (Windows), that moment is not closed."""
    while True:
        name = f"{STAGED_PREFIX}{mark}{secrets.token_hex(4)}"
        made = False
        stream = None

        def opener(path: str, flags: int) -> int:
            nonlocal made
            descriptor = os.open(path, flags | _binary(), 0o666, dir_fd=folder.fd)
            made = True
            return descriptor

        try:
            with stops_held():
                stream = open(folder.at(name), "xb", opener=opener)  # noqa: SIM115 (returned, the caller closes it)
            return name, stream
        except BaseException as exc:
            if not made:
                if isinstance(exc, FileExistsError):
                    continue
                raise
            # neither its descriptor (closed with the stream, here where a stop held back came as the hold ended) nor
            # the empty file is left (review: both were, for as long as the run went on)
            if stream is not None:
                stream.close()
            with suppress(OSError):
                os.unlink(folder.at(name), dir_fd=folder.fd)
            raise
