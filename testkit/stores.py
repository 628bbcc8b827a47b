"""A test's stand-in for an ObjectStore: every call handed on to a real store but those the stand-in changes."""

from fairdice.storage import ObjectStore, Stored


class PassingStore:
    """An ObjectStore that hands every call on to `inner`: a test's stand-in subclasses it and overrides just the
    calls it changes (a write that fails, a listing that misses keys), so a call the stores gain later still works."""

    def __init__(self, inner: ObjectStore) -> None:
        self.inner = inner

    def get(self, key: str) -> bytes | None:
        return self.inner.get(key)

    def read(self, key: str) -> Stored | None:
        return self.inner.read(key)

    def list(self, prefix: str) -> list[str]:
        return self.inner.list(prefix)

    def put_new(self, key: str, data: bytes) -> bool:
        return self.inner.put_new(key, data)

    def replace(self, key: str, data: bytes) -> None:
        self.inner.replace(key, data)
