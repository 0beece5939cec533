"""Small self-made widgets: buttons, choices, toggles, text fields, panels.

arcade.gui cannot be imported headless (arcade 3.3.3), so the screens use
these: plain shapes and cached :class:`arcade.Text` objects. A widget has a
rectangle in window pixels (left, bottom, width, height) set by its view's
``layout``; a :class:`~spoker.gui.widgets.group.WidgetGroup` dispatches mouse,
key and text events.

One module a kind: :mod:`.base` (``Widget``, the window's size),
:mod:`.buttons` (``Button``, ``Choice``, ``Toggle``), :mod:`.text_input`
(``TextInput``), :mod:`.panel` (``Panel``), :mod:`.group` (``WidgetGroup``),
:mod:`.toolbar` (``TOOLBAR_H``, ``place_toolbar``), :mod:`.modal` (a dialog's
box), :mod:`.text_block` (``TextBlock``), :mod:`.log_box`, :mod:`.player_cards`,
:mod:`.bag_box`, :mod:`.banner` (the side panel's and the board's parts),
:mod:`.ball_tip` (the tip over a ball).
The theme, shapes and text they draw with are :mod:`spoker.gui.render`'s.
"""
