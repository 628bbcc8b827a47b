"""Independent answers to test the package against.

`seed_001`, `seed_002` and `seed_003` hold the seed documents' own Python, copied as printed
and wrapped in functions; `seed_000` and `seed_004` transcribe those documents' recipes (they
print no code). `fake_mac` makes MAC stand-ins that reject most bytes, for the branches a
real HMAC never reaches.
"""

# Each scheme's game by the title its seed document gives it (the game's own name, else its checking page's title),
# written out here rather than read from `Scheme.title`, so that a room whose title became another's fails.
GAME_TITLES = {
    "pair36": "Dice you can check",
    "bg-dice-v1": "Backgammon Room, against a bot",
    "bg-online-v1": "Backgammon Room, online match",
    "narde-v1": "Narde",
    "three-dice": "Provably-Fair Dice: three dice a ply",
    "daily": "Raredle’s daily roll",
}
