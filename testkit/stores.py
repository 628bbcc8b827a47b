"""A test's stand-in for an ObjectStore: every call handed on to a real store but those the stand-in changes."""

from collections.abc import Callable
from dataclasses import replace
from typing import NoReturn

from fairdice.errors import ArchiveUnavailable
from fairdice.storage import NOT_KNOWN, DatedKeys, EachPage, History, ObjectStore, Stored


class PassingStore:
    """An ObjectStore that hands every call on to `inner`: a test's stand-in subclasses it and overrides just the
    calls it changes (a write that fails, a listing that misses keys), so a call the stores gain later still works."""

    def __init__(self, inner: ObjectStore) -> None:
        self.inner = inner

    @property
    def witnessed(self) -> bool:
        return self.inner.witnessed

    def get(self, key: str) -> bytes | None:
        return self.inner.get(key)

    def read(self, key: str) -> Stored | None:
        return self.inner.read(key)

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        return self.inner.list(prefix, after, through, each_page=each_page)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        return self.inner.list_dated(prefix, after, through, each_page=each_page)

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        return self.inner.history(key, each_page=each_page)

    def put_new(self, key: str, data: bytes) -> bool:
        return self.inner.put_new(key, data)

    def replace(self, key: str, data: bytes) -> None:
        self.inner.replace(key, data)


class RivalWritesFirst(PassingStore):
    """The store as one run sees it while something else (`rival`: an overlapping run's whole run, or a request the
    game makes) runs right before this run's first write of a key starting with `prefix`: a run's write then loses the
    race to the rival's, or a request lands between two writes of a run."""

    def __init__(self, inner: ObjectStore, prefix: str, rival: Callable[[], object]) -> None:
        super().__init__(inner)
        self.prefix, self.rival = prefix, rival
        self.rival_ran = False

    def put_new(self, key: str, data: bytes) -> bool:
        if key.startswith(self.prefix) and not self.rival_ran:
            self.rival_ran = True
            self.rival()
        return self.inner.put_new(key, data)


class Unreachable(PassingStore):
    """A store that does not answer: every call fails with `error`, naming why (`reason`: an endpoint that does not
    answer, or SlowDown when S3 throttles), as the S3 store says an S3 that cannot be reached or asked, until the test
    sets `reachable`; then every call is handed on."""

    def __init__(
        self,
        inner: ObjectStore,
        error: type[ArchiveUnavailable] = ArchiveUnavailable,
        *,
        reason: str = "EndpointConnectionError",
    ) -> None:
        super().__init__(inner)
        self.error = error
        self.reason = reason
        self.reachable = False

    def get(self, key: str) -> bytes | None:
        self._reach(key)
        return super().get(key)

    def read(self, key: str) -> Stored | None:
        self._reach(key)
        return super().read(key)

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        self._reach(prefix)
        return super().list(prefix, after, through, each_page=each_page)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        self._reach(prefix)
        return super().list_dated(prefix, after, through, each_page=each_page)

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        self._reach(key)
        return super().history(key, each_page=each_page)

    def put_new(self, key: str, data: bytes) -> bool:
        self._reach(key)
        return super().put_new(key, data)

    def replace(self, key: str, data: bytes) -> None:
        self._reach(key)
        super().replace(key, data)

    def _reach(self, key: str) -> None:
        if not self.reachable:
            raise self.error(f"cannot reach the store for {key} ({self.reason}); try again later")


class Undated(PassingStore):
    """An archive as S3 answers for objects under `prefix` written in parts (a multipart upload) or replicated: with no
    time of their own (NOT_KNOWN)."""

    def __init__(self, inner: ObjectStore, prefix: str) -> None:
        super().__init__(inner)
        self.prefix = prefix

    def read(self, key: str) -> Stored | None:
        found = self.inner.read(key)
        return found if found is None or not key.startswith(self.prefix) else replace(found, modified=NOT_KNOWN)

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        listed = self.inner.list_dated(prefix, after, through, each_page=each_page)
        return [(key, NOT_KNOWN, False) if key.startswith(self.prefix) else (key, when, w) for key, when, w in listed]


class Unreadable:
    """An archive S3 will not let be read (`reason`, SlowDown when it throttles): every read fails as the S3 store says
    it, and a listing or a write, which no caller reading it may get to, fails the test, saying who never makes it
    (`who`: "a reader", "the watchdog")."""

    def __init__(self, who: str, reason: str = "SlowDown") -> None:
        self.who, self.reason = who, reason

    @property
    def witnessed(self) -> bool:
        """True: it stands for AWS's own S3, which the reader asks nothing to know it."""
        return True

    def get(self, key: str) -> bytes | None:
        self._refuse(key)

    def read(self, key: str) -> Stored | None:
        self._refuse(key)

    def _refuse(self, key: str) -> NoReturn:
        raise ArchiveUnavailable(f"S3 bucket fairdice-archive: cannot read {key} ({self.reason}); try again later")

    def list(self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None) -> list[str]:
        raise AssertionError(f"{self.who} never lists here: every read fails first")

    def list_dated(
        self, prefix: str, after: str = "", through: str = "", *, each_page: EachPage | None = None
    ) -> DatedKeys:
        raise AssertionError(f"{self.who} never lists here: every read fails first")

    def history(self, key: str, *, each_page: EachPage | None = None) -> History | None:
        raise AssertionError(f"{self.who} never lists here: every read fails first")

    def put_new(self, key: str, data: bytes) -> bool:
        raise AssertionError(f"{self.who} never writes")

    def replace(self, key: str, data: bytes) -> None:
        raise AssertionError(f"{self.who} never writes")
