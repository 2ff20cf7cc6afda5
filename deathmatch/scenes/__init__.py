"""The screens (pygame): the shell every game shares (title, menus, setup, the table, hand-off, results,
rules, load and save) and one package a game (`celebrity/`, `skirmish/`, `gladiator/`, `supers/`) for what
only that game has. Above `deathmatch.client`, which never imports a scene (docs/ARCHITECTURE.md)."""
