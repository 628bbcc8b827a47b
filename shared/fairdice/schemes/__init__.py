"""The five dice schemes, each a pure function of a keyed MAC and the game's public values."""
