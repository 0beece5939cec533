"""What decides a game: shapes and judging, rules and variants, groups,
events (plain data), the game state and its strings, settling a challenge."""
