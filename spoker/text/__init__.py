"""Every sentence about a game: the narrator, value words, text views."""
