"""The desktop front end in arcade: the board renderer and the game's views.

Importing this package does not import arcade; modules that draw do. For a
display-less run set ``ARCADE_HEADLESS=1`` before they are imported
(:func:`spoker.gui.render.offscreen.ensure_headless` does it when no display is set).
"""
