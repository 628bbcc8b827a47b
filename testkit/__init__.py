"""What the tests and the benchmark share: stand-ins for Lambda, the seeds' oracles, a scheme made in tests."""
