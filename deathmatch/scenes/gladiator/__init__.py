"""Gladiator!'s screens: the bout table, the ludus and its hub, seasons, ledger, setup, log, results."""
