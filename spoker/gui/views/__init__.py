"""The screens of the desktop game, one arcade.View each: title (new game),
game, end of game, help and the replay viewer."""
