# Which parity command runs on which fixture sets.
