"""Independent answers to test the package against.

`seed_001`, `seed_002` and `seed_003` hold the seed documents' own Python, copied as printed
and wrapped in functions; `seed_000` and `seed_004` transcribe those documents' recipes (they
print no code). `fake_mac` makes MAC stand-ins that reject most bytes, for the branches a
real HMAC never reaches.
"""
