"""Drawing: palette and theme, shapes, texts, textures, the board's mesh
and sprites, the scene, the cached frame, off-screen pictures."""
