"""An audit's folder of results (`fairdice.audit.store`): the folders a write goes through under its root."""

import builtins
import errno
import os
import shutil
import signal
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fairdice.audit import store
from fairdice.audit.store import FolderResults


def test_a_junction_in_the_place_of_a_folder_of_results_is_refused_where_folders_are_looked_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given folders looked at rather than held open (as on Windows), and partials/ a reparse point (a junction: a
    # folder by its mode, which leads elsewhere), as Windows' lstat tells one
    monkeypatch.setattr(store, "HOLDS_FOLDERS", False)
    partials = tmp_path / "partials"
    partials.mkdir()
    lstat = os.lstat

    def junction(path: Any, *args: Any, **kwargs: Any) -> Any:
        status = lstat(path, *args, **kwargs)
        if Path(path) == partials:
            return SimpleNamespace(st_mode=status.st_mode, st_file_attributes=stat.FILE_ATTRIBUTE_REPARSE_POINT)
        return status

    monkeypatch.setattr(os, "lstat", junction)

    # When a block's result is written under it, Then the write is refused, naming it, and nothing is written there
    with pytest.raises(NotADirectoryError) as refused:
        FolderResults(tmp_path).put("partials/00000-0000000/summary.json", b"{}")
    assert refused.value.filename == str(partials)
    assert list(partials.iterdir()) == []


def test_a_write_that_fails_in_a_folder_it_holds_names_the_file_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a block's folder removed once the write has reached it (held open, where the platform can), so that no
    # file can be made in it
    reached = store._folder

    @contextmanager
    def removed_once_reached(root: Path, folders: list[str]) -> Iterator[Any]:
        with reached(root, folders) as folder:
            shutil.rmtree(folder.path)
            yield folder

    monkeypatch.setattr(store, "_folder", removed_once_reached)

    # When a result is written there, Then the error names the file it could not make by its path under the root, not
    # by its name alone, as a call relative to the folder held names it
    with pytest.raises(FileNotFoundError) as failed:
        FolderResults(tmp_path).put("partials/00000-0000000/summary.json", b"{}")
    assert Path(failed.value.filename).parent == tmp_path / "partials" / "00000-0000000"


def _opened_with_flags(monkeypatch: pytest.MonkeyPatch, binary: int) -> list[tuple[str, int]]:
    """Every file opened by path from now on, with the flags it was opened with, on a platform simulated to have
    `O_BINARY` (Windows, where a file `os.open` opens without it is in text mode: each LF written is CR LF, and a read
    stops at the first Ctrl-Z); the flag itself is not passed on to this platform's open."""
    monkeypatch.setattr(os, "O_BINARY", binary, raising=False)
    opened: list[tuple[str, int]] = []
    real = os.open

    def spy(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        opened.append((os.fspath(path), flags))
        return real(path, flags & ~binary, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    return opened


def test_a_file_of_results_is_made_in_binary_mode_where_the_platform_has_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a platform with O_BINARY, as Windows has (review: the staged file was opened without it, in text mode, so
    # each line of findings.jsonl, ids.txt and games.txt would be written with CR LF, not as the audit wrote it)
    opened = _opened_with_flags(monkeypatch, 0x40000000)

    # When a block's result and an output are written
    FolderResults(tmp_path).put("partials/00000-0000000/ids.txt", b"a\nb\n")
    scratch = tmp_path / "scratch"
    scratch.write_bytes(b"{}\n")
    FolderResults(tmp_path, fresh=("findings.jsonl",)).put_file("findings.jsonl", scratch)

    # Then each staged file is made in binary mode, and holds the bytes given
    made = [flags for path, flags in opened if flags & os.O_CREAT]
    assert len(made) == 2
    assert all(flags & 0x40000000 for flags in made)
    assert (tmp_path / "partials/00000-0000000/ids.txt").read_bytes() == b"a\nb\n"


def test_a_file_is_read_in_binary_mode_where_the_platform_has_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a platform with O_BINARY, as Windows has, and a file holding a Ctrl-Z and CR LF (as a gzip input may)
    # (review: open_file, which reads each input, each block's result and the plan, opened it without the flag, in text
    # mode: a read there stops at the first Ctrl-Z, and CR LF is read as LF)
    path = tmp_path / "day.jsonl.gz"
    path.write_bytes(b"\x1f\x8b\x1a\r\nrest")
    opened = _opened_with_flags(monkeypatch, 0x40000000)

    # When it is read, Then it is opened in binary mode, and read whole
    with store.open_file(path) as stream:
        assert stream.read() == b"\x1f\x8b\x1a\r\nrest"
    ((_, flags),) = opened
    assert flags & 0x40000000


def test_an_output_is_linked_into_its_place_where_os_link_takes_no_follow_symlinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given folders looked at rather than held (as on Windows), and an os.link that takes no follow_symlinks, True or
    # False, as the platform says by leaving it out of os.supports_follow_symlinks (review: Windows' os.link raises
    # NotImplementedError for follow_symlinks=True since Python 3.14, and some platforms' for False; the argument was
    # passed there all the same, True, where its comment said it was left at its default)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", False)
    real = os.link

    def link(src: Any, dst: Any, **kwargs: Any) -> None:
        if "follow_symlinks" in kwargs:
            raise NotImplementedError("link: follow_symlinks unavailable on this platform")
        real(src, dst, **kwargs)

    monkeypatch.setattr(os, "link", link)
    assert os.link not in os.supports_follow_symlinks

    # When an output written only where nothing is (a name of `fresh`) is written, Then it is in its place
    results = FolderResults(tmp_path, fresh=("summary.json",))
    results.put("summary.json", b"{}\n")
    results.release()
    assert (tmp_path / "summary.json").read_bytes() == b"{}\n"


def fails_once_made(monkeypatch: pytest.MonkeyPatch, failure: BaseException, *, stream_made: bool) -> None:
    """The staged file's stream fails with `failure` once the file is made, wherever the store makes the stream (the
    file made and then handed to os.fdopen, or made by `open`'s opener). Handed to os.fdopen: before the stream owns
    the descriptor, or (`stream_made`) once it does, the stream then dropped, and the descriptor closed with it (as
    io.open closes it where the buffer cannot be made, and as a stream dropped by a Ctrl-C as it is returned is closed).
    Made by the opener: closed by io, as io closes what its opener made whatever fails after it."""
    real_fdopen, real_open = os.fdopen, builtins.open

    def fdopen(descriptor: int, *args: Any, **kwargs: Any) -> Any:
        if stream_made:
            real_fdopen(descriptor, *args, **kwargs).close()
        raise failure

    def opened(file: Any, mode: str = "r", *args: Any, opener: Any = None, **kwargs: Any) -> Any:
        if opener is None:
            return real_open(file, mode, *args, **kwargs)
        # made, and its descriptor closed by io whatever fails once the opener made it
        real_open(file, mode, *args, opener=opener, **kwargs).close()
        raise failure

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.setattr(builtins, "open", opened)


def test_a_staged_file_that_cannot_be_opened_as_a_stream_is_closed_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given an os.fdopen that fails once the staged file is made (review: its descriptor was left open, for as long as
    # the process ran, and the empty file left beside the place); the stream is now made by open's opener, which is
    # made to fail alike
    (tmp_path / "partials" / "00000-0000000").mkdir(parents=True)
    before = sorted(os.listdir("/proc/self/fd"))
    fails_once_made(monkeypatch, OSError(12, "Cannot allocate memory"), stream_made=False)

    # When a result is written, Then the error is raised, no descriptor is left open, and nothing is left staged
    with pytest.raises(OSError, match="Cannot allocate memory"):
        FolderResults(tmp_path).put("partials/00000-0000000/summary.json", b"{}")
    assert sorted(os.listdir("/proc/self/fd")) == before
    assert list((tmp_path / "partials" / "00000-0000000").iterdir()) == []


@pytest.mark.parametrize(
    "failure", [KeyboardInterrupt(), MemoryError()], ids=["a-ctrl-c-as-it-is-made", "memory-short-for-its-buffer"]
)
def test_a_staged_files_stream_that_fails_once_made_is_not_closed_twice_and_the_failure_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    # Given a staged file's stream that fails once it is made and owns its descriptor, which is closed with it: a
    # Ctrl-C as it is returned, or memory short for its buffer (review: the store closed the descriptor again, by its
    # number: "Bad file descriptor" was raised in place of the failure, and a file opened since under that number
    # would have been closed)
    (tmp_path / "partials" / "00000-0000000").mkdir(parents=True)
    before = sorted(os.listdir("/proc/self/fd"))
    fails_once_made(monkeypatch, failure, stream_made=True)

    # When a result is written, Then that failure is raised, no descriptor is left open, and nothing is left staged
    with pytest.raises(type(failure)):
        FolderResults(tmp_path).put("partials/00000-0000000/summary.json", b"{}")
    monkeypatch.undo()
    assert sorted(os.listdir("/proc/self/fd")) == before
    assert list((tmp_path / "partials" / "00000-0000000").iterdir()) == []


@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
@pytest.mark.parametrize("place", ["partials", "partials/00000-0000000"])
@pytest.mark.parametrize("read", ["list", "open"])
def test_a_link_put_in_the_place_of_a_folder_of_results_once_written_is_not_read_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: bool, place: str, read: str
) -> None:
    # Given a block's results written, then partials/ or the block's folder moved aside and a link to a copy of it put
    # in its place; where each folder on the way is held open (POSIX), and where it is looked at instead (Windows)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    results = FolderResults(tmp_path)
    results.put("partials/00000-0000000/summary.json", b"{}")
    there = tmp_path / place
    shutil.copytree(there, tmp_path / "theirs")
    there.rename(tmp_path / "moved")
    there.symlink_to(tmp_path / "theirs", target_is_directory=True)

    # When the results are listed or read, Then it is refused, naming the link, as a write there is (review: the read
    # went through it, and the listing passed over a link put as a block's folder, its games uncounted)
    with pytest.raises(NotADirectoryError) as refused:
        if read == "list":
            results.list("partials/")
        else:
            with results.open("partials/00000-0000000/summary.json") as stream:
                stream.read()
    assert refused.value.filename == str(there)
    assert "not a folder, where the audit keeps its results" in str(refused.value)


@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
def test_results_are_listed_and_read_where_no_link_is_in_the_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: bool
) -> None:
    # Given two blocks' results, a staged file beside them, and no partials/ in a second store
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    results = FolderResults(tmp_path)
    for block in ("00000-0000000", "00000-0000001"):
        results.put(f"partials/{block}/summary.json", block.encode())
        results.put(f"partials/{block}/ids.txt", b"")
    (tmp_path / "partials" / "00000-0000001" / ".incoming-x").write_text("")

    # When they are listed and read, Then each is found and read, the staged file left out; and none is in a store
    # without partials/
    assert results.list("partials/") == [
        "partials/00000-0000000/ids.txt",
        "partials/00000-0000000/summary.json",
        "partials/00000-0000001/ids.txt",
        "partials/00000-0000001/summary.json",
    ]
    with results.open("partials/00000-0000001/summary.json") as stream:
        assert stream.read() == b"00000-0000001"
    assert FolderResults(tmp_path / "none").list("partials/") == []
    with pytest.raises(FileNotFoundError), FolderResults(tmp_path / "none").open("partials/a/summary.json"):
        pass


def _open_files_cannot_be_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """os.unlink and os.remove refusing a file while a descriptor on it is open, as Windows refuses to delete a file
    opened without FILE_SHARE_DELETE (as Python opens each): PermissionError, as Windows' sharing violation is."""
    real = os.unlink

    def unlink(path: Any, *, dir_fd: int | None = None) -> None:
        status = os.stat(path, dir_fd=dir_fd, follow_symlinks=False)
        for fd in os.listdir("/proc/self/fd"):
            try:
                held = os.fstat(int(fd))
            except OSError:
                continue
            if (held.st_dev, held.st_ino) == (status.st_dev, status.st_ino):
                raise PermissionError(errno.EACCES, "being used by another process", os.fspath(path))
        real(path, dir_fd=dir_fd)

    monkeypatch.setattr(os, "unlink", unlink)
    monkeypatch.setattr(os, "remove", unlink)


def test_an_output_written_where_an_open_file_cannot_be_removed_leaves_no_staged_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given folders looked at (as on Windows), and a file that cannot be removed while a descriptor on it is open, as
    # on Windows (review: each output, held open once in its place so that its inode is not given to another file, was
    # left staged beside it as well, .incoming-..., its removal refused and the error let be)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", False)
    _open_files_cannot_be_removed(monkeypatch)

    # When an output is written where nothing is, and another where something is
    results = FolderResults(tmp_path, fresh=("summary.json", "report.html"))
    results.put("summary.json", b"{}\n")
    (tmp_path / "report.html").write_text("theirs")
    with pytest.raises(FileExistsError) as taken:
        results.put("report.html", b"<html>")

    # Then the first is in its place, the second's error is the place taken, and nothing is left staged
    assert taken.value.filename == str(tmp_path / "report.html")
    assert sorted(os.listdir(tmp_path)) == ["report.html", "summary.json"]
    assert (tmp_path / "summary.json").read_bytes() == b"{}\n"
    assert results.still_written("summary.json")
    results.release()


def test_outputs_withdrawn_where_a_file_held_open_cannot_be_removed_are_let_go_of_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given two outputs written, each held open in its place, and from then on no file removed while a descriptor on
    # it is open, as on Windows (review: withdraw removed them while held, and raised PermissionError as the run
    # stopped on an error of its own, which it hid)
    results = FolderResults(tmp_path, fresh=("findings.jsonl", "report.html"))
    results.put("findings.jsonl", b"")
    results.put("report.html", b"<html>")
    _open_files_cannot_be_removed(monkeypatch)

    # When they are withdrawn, Then no error is raised, each is let go of and removed, and nothing is left to say
    assert results.withdraw() == {}
    assert os.listdir(tmp_path) == []


def test_an_output_that_cannot_be_withdrawn_is_said_not_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Given two outputs written, and the first that cannot be removed at all (a folder no longer written in, a file
    # another program holds open on Windows)
    results = FolderResults(tmp_path, fresh=("findings.jsonl", "report.html"))
    results.put("findings.jsonl", b"")
    results.put("report.html", b"<html>")
    real = os.unlink

    def unlink(path: Any, *args: Any, **kwargs: Any) -> None:
        if os.fspath(path) == str(tmp_path / "findings.jsonl"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        real(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)

    # When they are withdrawn, Then no error is raised: the one left is returned with why, the other removed
    assert results.withdraw() == {tmp_path / "findings.jsonl": "Permission denied"}
    assert os.listdir(tmp_path) == ["findings.jsonl"]


@pytest.mark.parametrize("no_follow", [True, False], ids=["opened-without-following", "looked-at"])
@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
def test_a_link_put_in_the_place_of_a_result_once_written_is_not_read_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: bool, no_follow: bool
) -> None:
    # Given a block's findings written, then a link to a file of someone else's put in their place; where each folder
    # on the way is held open (POSIX), or looked at (Windows), and where a file is opened without following a link
    # (O_NOFOLLOW), or looked at just before (Windows, which has no O_NOFOLLOW)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    if not no_follow:
        monkeypatch.setattr(store, "_NO_FOLLOW", 0)
    results = FolderResults(tmp_path)
    results.put("partials/00000-0000000/findings.jsonl", b"the audit's findings\n")
    (tmp_path / "theirs.jsonl").write_bytes(b"")
    there = tmp_path / "partials" / "00000-0000000" / "findings.jsonl"
    there.unlink()
    there.symlink_to(tmp_path / "theirs.jsonl")

    # When it is read, Then it is refused, naming the link, and nothing is read through it (review: the link was
    # followed, and a done block's findings read from wherever it led)
    with pytest.raises(OSError) as refused, results.open("partials/00000-0000000/findings.jsonl") as stream:
        stream.read()
    assert refused.value.filename == str(there)
    assert refused.value.strerror == (
        "a link, not a file, where the audit keeps its results: it is not read through; move it out"
    )


@pytest.mark.parametrize("held", [True, False], ids=["folders-held", "folders-looked-at"])
@pytest.mark.parametrize("no_follow", [True, False], ids=["o-nofollow", "no-o-nofollow"])
def test_a_link_in_the_place_of_a_file_in_a_folder_held_is_not_read_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: bool, no_follow: bool
) -> None:
    # Given a link to a file of someone else's in a block's folder, read in that folder as a run reads what an earlier
    # run left staged there (`held_folder`); where a file is opened without following a link (O_NOFOLLOW), or where
    # the platform has none (Windows), as its words promised either way (review: there it was read through)
    monkeypatch.setattr(store, "HOLDS_FOLDERS", held)
    if not no_follow:
        monkeypatch.setattr(store, "_NO_FOLLOW", 0)
    block = tmp_path / "partials" / "00000-0000000"
    block.mkdir(parents=True)
    (tmp_path / "theirs.jsonl").write_bytes(b"theirs\n")
    (block / ".incoming-0000aaaa0a1b2c3d").symlink_to(tmp_path / "theirs.jsonl")

    # When it is opened in the folder held, Then it is refused, and nothing is read through it
    with (
        pytest.raises(OSError) as refused,
        store.held_folder(tmp_path, ["partials", "00000-0000000"]) as folder,
        folder.open(".incoming-0000aaaa0a1b2c3d") as stream,
    ):
        stream.read()
    assert refused.value.filename == str(block / ".incoming-0000aaaa0a1b2c3d")


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signals are held back where the platform can")
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_that_comes_as_a_staged_file_is_made_leaves_no_descriptor_open_and_nothing_staged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: signal.Signals
) -> None:
    # Given a Ctrl-C (or a SIGTERM the command raises on) that comes as the staged file is made, handled as os.open
    # returns its descriptor, before the opener hands it to the stream (review: the descriptor was left open for as
    # long as the process ran, and the empty staged file beside the place)
    (tmp_path / "partials" / "00000-0000000").mkdir(parents=True)
    real = os.open

    def stopped_as_it_is_made(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        descriptor = real(path, flags, *args, **kwargs)
        if os.fspath(path).startswith(".incoming-"):
            os.kill(os.getpid(), stop)
        return descriptor

    def stopping(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "open", stopped_as_it_is_made)
    put_back = signal.signal(stop, stopping)
    before = sorted(os.listdir("/proc/self/fd"))

    # When a result is written, Then the stop is raised, no descriptor is left open, and nothing is left staged
    try:
        with pytest.raises(KeyboardInterrupt):
            FolderResults(tmp_path).put("partials/00000-0000000/summary.json", b"{}")
    finally:
        signal.signal(stop, put_back)
    monkeypatch.undo()
    assert sorted(os.listdir("/proc/self/fd")) == before
    assert list((tmp_path / "partials" / "00000-0000000").iterdir()) == []


def test_a_stop_that_comes_as_the_staged_file_is_handed_back_leaves_nothing_staged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a Ctrl-C handled at the first moment after the staged file is made and handed back to the write, as the
    # folder's naming of errors ends (review: a stop between `_new_file` returning and the write's `try` left the empty
    # staged file, which no resume removes where it is the plan's, in partials/)
    (tmp_path / "partials").mkdir()
    real_new_file, real_naming = store._new_file, store._Folder.naming
    made: list[str] = []

    def new_file(*args: Any, **kwargs: Any) -> Any:
        name, stream = real_new_file(*args, **kwargs)
        made.append(name)
        return name, stream

    @contextmanager
    def naming(self: Any) -> Iterator[None]:
        with real_naming(self):
            yield
        if made and made[0] != "stopped":
            made.insert(0, "stopped")
            raise KeyboardInterrupt

    monkeypatch.setattr(store, "_new_file", new_file)
    monkeypatch.setattr(store._Folder, "naming", naming)

    # When the plan is written, Then the stop is raised and nothing is left staged
    with pytest.raises(KeyboardInterrupt):
        FolderResults(tmp_path, "0a1b2c3d").put("partials/plan.json", b"{}")
    assert made[0] == "stopped"
    assert list((tmp_path / "partials").iterdir()) == []
