"""The sprites of the pyramid: the textures (made once per OpenGL context),
the sprites of one cell (contact shadow, glow, ball, rings, hover ring) and
keeping a SpriteList's members and order in step with what a frame shows."""

from __future__ import annotations

from functools import cache
from typing import Any

import arcade

from shibumi import Cell, Colour
from spoker.gui.render import textures

# Sub-order of the sprites drawn for one cell (same depth).
SPOT, SHADOW, HALO, BALL, LAST, RING0, RING1, HOVER = range(8)

@cache  # the context is hashed by identity: one set per OpenGL context
def scene_textures(ctx: arcade.ArcadeContext) -> dict[str, arcade.Texture]:
    """The scene's textures by name (``ballW``, ``ballWm`` with its mark,
    ``shadow``, ``halo``, ``ring``, ``dashed``, ``hover``, ``hole``, ``plate``,
    ``spot`` a playable cell, ``last`` the last move's mark)."""
    bbox = arcade.hitbox.algo_bounding_box

    def tex(name: str, image: Any) -> arcade.Texture:
        return arcade.Texture(image, hash=f"spoker:{name}", hit_box_algorithm=bbox)

    made: dict[str, arcade.Texture] = {}
    for colour in Colour:
        made[f"ball{colour.char}"] = tex(f"ball{colour.char}", textures.ball_image(colour))
        made[f"ball{colour.char}m"] = tex(f"ball{colour.char}m", textures.ball_image(colour, True))
    made["shadow"] = tex("shadow", textures.shadow_image())
    made["halo"] = tex("halo", textures.halo_image())
    made["ring"] = tex("ring", textures.ring_image())
    made["dashed"] = tex("dashed", textures.ring_image(dashed=True, width=0.12))
    made["hover"] = tex("hover", textures.ring_image(width=0.13))
    made["hole"] = tex("hole", textures.hole_image())
    made["plate"] = tex("plate", textures.plate_image())
    made["spot"] = tex("spot", textures.spot_image())
    made["last"] = tex("last", textures.marker_image())
    return made


class CellSprites:
    """The sprites of one cell: contact shadow, glow, ball, rings, hover ring,
    the playable spot and the last move's mark."""

    def __init__(self, cell: Cell, res: dict[str, arcade.Texture]) -> None:
        self.cell = cell
        self.shadow = arcade.Sprite(res["shadow"])
        self.halo = arcade.Sprite(res["halo"])
        self.ball = arcade.Sprite(res["ballW"])
        self.rings = (arcade.Sprite(res["ring"]), arcade.Sprite(res["ring"]))
        self.hover = arcade.Sprite(res["hover"])
        self.board_shadow = arcade.Sprite(res["shadow"])
        self.spot = arcade.Sprite(res["spot"])  # a playable empty cell
        self.last = arcade.Sprite(res["last"])  # the last ball placed


def sync_members(sprite_list: arcade.SpriteList, wanted: list[arcade.Sprite]) -> None:
    """Make ``sprite_list`` hold exactly ``wanted``, in that order."""
    current = set(sprite_list.sprite_list)
    target = set(wanted)
    for sprite in current - target:
        sprite_list.remove(sprite)
    for sprite in wanted:
        if sprite not in current:
            sprite_list.append(sprite)
    rank = {id(s): i for i, s in enumerate(wanted)}
    sprite_list.sort(key=lambda s: rank[id(s)])
