"""MAC stand-ins that reject most bytes, so rolls need the blocks a real HMAC never needs.

A `StreamMac` is a pure function of the message (SHA-256 of a salt and the message, with
every byte at or above `cut` moved into the rejected range), so the package and an oracle fed
the same stand-in see the same blocks. It also quacks like the `hmac` module
(`new(key, msg, digestmod).digest()`), so the seeds' own snippets can be run on it.
"""

import hashlib


class StreamMac:
    def __init__(self, salt: bytes, cut: int, rejected_from: int = 252) -> None:
        self.salt = salt
        self.cut = cut
        self.rejected_from = rejected_from
        self.messages: list[bytes] = []

    def __call__(self, message: bytes) -> bytes:
        self.messages.append(message)
        span = 256 - self.rejected_from
        digest = hashlib.sha256(self.salt + message).digest()
        return bytes(b if b < self.cut else self.rejected_from + b % span for b in digest)

    def new(self, key: bytes, msg: bytes, digestmod: object) -> "_Digest":
        return _Digest(self(msg))


class _Digest:
    def __init__(self, value: bytes) -> None:
        self.value = value

    def digest(self) -> bytes:
        return self.value


class TableMac:
    """A MAC that knows only the listed messages: asking for any other one fails the test.

    `asked` lists the messages asked for, in order, so a test can check every block was needed.
    """

    def __init__(self, blocks: dict[bytes, bytes]) -> None:
        self.blocks = blocks
        self.asked: list[bytes] = []

    def __call__(self, message: bytes) -> bytes:
        assert message in self.blocks, f"asked for a block the scheme should not need: {message!r}"
        self.asked.append(message)
        return self.blocks[message]
