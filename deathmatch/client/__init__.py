"""The pygame client of Deathmatch: screens, sprites, input and sound."""
