# One board view per game (firmware/views/<game>.py), imported only for the active game.
