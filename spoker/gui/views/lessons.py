"""The Learn to play screen: the list of lessons, and a lesson on the board.

A thin view over :class:`spoker.gui.models.lessons.LessonBook`, which holds the
lessons, the one open, its position, the last try and the progress: the view
draws the board with the game's scene (the position, the group a try formed
lit, a group held back dashed, the cell "Show me" lights), the lesson's words
in the panel, and sends the learner's clicks and keys to the model.

The list: click a lesson (a mark on those done), or Start / Go on / Again and
Enter (the chosen lesson, at first the first not done); the pyramid shows the chosen lesson's position. A lesson: click a cell
to place the ball, or Tab to a cell and Enter; Show me (S) lights a right
cell; after a right answer Next (Enter, Space) goes on; Esc goes back to the
list, and from the list to the title screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Board, Cell
from spoker.engine.groups import Rank
from spoker.gui.models.lessons import Feedback, LessonBook
from spoker.gui.models.sounds import PLACE, WON
from spoker.gui.models.story import Mark, MarkRole
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.shapes import draw_ball, draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.views.base import TITLE_TIP, BaseView
from spoker.gui.views.common import board_cell_at, highlights, toggle_plan
from spoker.gui.views.placing import GO_KEYS, HOW_TO_PLACE, Placing
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.toolbar import TOOLBAR_H, place_toolbar
from spoker.notices import tell_all
from spoker.text.lessons_text import (
    ALL_DONE,
    HEADING,
    INTRO,
    LEGEND,
    SHOW_ME,
    done_words,
    step_heading,
)
from spoker.text.narrator import COLOUR_NAMES

if TYPE_CHECKING:
    from spoker.gui.host import AppHost

DONE_MARK = "\u2713"  # on a lesson done, in the list
DIGITS = {getattr(keys, f"KEY_{n}"): n for n in range(1, 10)} | {getattr(keys, f"NUM_{n}"): n for n in range(1, 10)}

HELP_KEYS = (
    ("click a cell", "place the ball there"),
    ("Tab, Shift+Tab", "choose a cell; Enter places the ball"),
    ("S", "show me: light a right cell"),
    ("Enter, Space", "next (after a right answer)"),
    ("\u2190 \u2192", "rotate the pyramid"),
    ("L", "the plan: the levels flat, side by side"),
    ("\u2191 \u2193, 1-9", "choose a lesson in the list; Enter opens it"),
    ("H, F1", "this help"),
    ("Esc", "back to the list; from the list, the title screen"),
)
"""The lessons' keys, for the help (spoker.gui.views.help)."""


class LessonsView(BaseView):
    """Learn to play: the lessons' list, or one lesson on the board."""

    help_keys = HELP_KEYS
    help_name = "the lessons"

    def __init__(self, app: AppHost, book: LessonBook) -> None:
        super().__init__(app)
        self.book = book
        self.scene = app.scene
        self.placing = Placing()  # the pointer's cell, the keyboard's (Tab), the ghost, the tip
        self.board_rect = (0.0, 0.0, 1.0, 1.0)
        self.panel_rect = (0.0, 0.0, 1.0, 1.0)
        self.row_rects: list[tuple[float, float, float, float]] = []  # the panel's boxes, last frame
        ui = self.ui
        self.rows = [
            ui.add(Button(lesson.title, lambda i=i: self.open(i),  # type: ignore[misc]
                          tooltip=f"Open lesson {i + 1} (key {i + 1})"))
            for i, lesson in enumerate(book.lessons)
        ]
        self.b_start = ui.add(Button("Start", self.start, "Enter", primary=True, tooltip=""))
        self.b_title = ui.add(Button("Back", self.app.show_title, "Esc", tooltip=f"The title screen ({TITLE_TIP})"))
        self.b_show = ui.add(Button("Show me", self.show_me, "S", tooltip="Light a right cell"))
        self.b_next = ui.add(Button("Next", self.next, "Enter", primary=True, tooltip="The next step or lesson"))
        self.b_back = ui.add(Button("Back", self.close, "Esc", tooltip="Back to the list of lessons"))
        self.b_help = ui.add(Button("Help", self.app.show_help, "H", tooltip="The rules in short and these keys"))
        self.toolbar = [self.b_show, self.b_next, self.b_back, self.b_help]
        self._heading = Label(HEADING, 12, THEME.muted, bold=True, anchor_y="top")
        self._count = Label("", 11, THEME.muted, anchor_x="right", anchor_y="top")
        self._title = TextBlock(17, bold=True)
        self._step = Label("", 11, THEME.muted, bold=True, anchor_y="top")
        self._words = TextBlock(12)
        self._words_small = TextBlock(10)
        self._task = TextBlock(13, bold=True)
        self._task_small = TextBlock(11, bold=True)
        self._ball = Label("", 11, THEME.muted, anchor_y="center")
        self._feedback = TextBlock(12)
        self._feedback_small = TextBlock(10.5)
        self._intro = TextBlock(12)
        self._caption = TextBlock(11)
        self._refresh_rows()
        self.attach_labels()
        self._tell_notices()

    # -- what the model says ----------------------------------------------------------
    def _tell_notices(self) -> None:
        """The progress file's notices (damaged, not writable): the whole line
        on stderr, the gist on the screen; each once."""
        shown = tell_all(self.book.progress.take_notices())
        if shown is not None:
            self.say("The lessons' progress file was damaged: set aside (see the terminal)" if shown.damaged
                     else "Cannot keep the lessons' progress (see the terminal)", "bad", 8)

    def _refresh_rows(self) -> None:
        book = self.book
        for i, (row, lesson) in enumerate(zip(self.rows, book.lessons)):
            done = book.progress.is_done(lesson.key)
            row.label = f"{i + 1}. {lesson.title}" + (f"  {DONE_MARK}" if done else "")
            row.active = i == book.chosen
        chosen = book.lessons[book.chosen]
        self.b_start.label = ("Again" if book.progress.is_done(chosen.key)
                              else "Start" if book.done_count() == 0 else "Go on")
        self.b_start.tooltip = f"Lesson {book.chosen + 1}, the one chosen in the list: {chosen.title}"
        self.changed()

    # -- actions ------------------------------------------------------------------------
    def open(self, index: int) -> None:
        """Lesson ``index`` (0-based) on the board."""
        self.book.open(index)
        self.placing.reset()
        self._show_position(animate=False)
        self.layout(*self.size)

    def start(self) -> None:
        """The button and Enter: the lesson chosen in the list (the first not
        done when the screen opens), so the key and the click mean one thing."""
        self.open(self.book.chosen)

    def close(self) -> None:
        """Back to the list (the lesson's try is dropped; done stays done)."""
        self.book.close()
        self.placing.reset()
        self._refresh_rows()
        self._show_position(animate=False)
        self.layout(*self.size)

    def place(self, cell: Cell) -> Feedback | None:
        """The ball on ``cell``: the engine's feedback, said on the board and in the panel."""
        book = self.book
        if book.lesson is None or book.solved:
            return None
        feedback = book.place(cell)
        if feedback.ok:
            self.placing.reset()
            self.scene.set_board(book.board)
            self.app.play_sound(WON if book.is_last_step else PLACE)
            self._refresh_rows()
        self._show_position(animate=True)
        return feedback

    def show_me(self) -> None:
        cell = self.book.show_me()
        if cell is None:
            return
        self.placing.cursor = cell  # the keyboard's cell: Enter places it
        self.say(SHOW_ME, "info", 5)
        self._show_position(animate=True)

    def next(self) -> None:
        book = self.book
        if book.lesson is None:
            self.start()
            return
        if not book.solved:
            self.say("Place the ball first: the task is above the ball in the panel.", "info", 4)
            return
        book.next()
        self.placing.reset()
        self._refresh_rows()
        self._show_position(animate=False)
        self.layout(*self.size)

    # -- the board ----------------------------------------------------------------------
    def _shown_board(self) -> Board:
        """The open lesson's position, else the chosen lesson's first."""
        book = self.book
        if book.lesson is not None:
            return book.board
        return book.lessons[book.chosen].steps[0].state.board

    def _show_position(self, animate: bool) -> None:
        """The scene shows the model: the position, the try's groups, the lit cell, the ghost."""
        book = self.book
        board = self._shown_board()
        if board != self.scene.board:
            self.scene.set_board(board, animate=animate)
        marks: list[Mark] = []
        feedback = book.feedback
        challenge = self._pending_challenge()
        if challenge is not None:  # what the ball must answer, gold as in a game
            marks.append(Mark(challenge, MarkRole.CHALLENGE))
        if feedback is not None:
            if feedback.formed is not None:
                role = MarkRole.RESPONSE if challenge is not None else MarkRole.FORMED  # cyan: the answer
                if feedback.formed.rank is Rank.STRAIGHT_FLUSH:
                    role = MarkRole.FLUSH
                marks.append(Mark(feedback.formed.cells, role))
            marks.extend(Mark(g.cells, MarkRole.BLOCKED) for g in feedback.blocked + feedback.elsewhere)
        if book.shown is not None:
            marks.append(Mark((book.shown,), MarkRole.HINT))
        self.scene.set_highlights(highlights(marks))  # type: ignore[arg-type]
        playing = book.lesson is not None and not book.solved
        self.scene.set_guides(playing, feedback.cell if feedback is not None and feedback.ok else None)
        ghost = self._ghost_cell() if playing else None
        drawn = book.state.drawn if book.state is not None else None
        self.placing.show(self.scene, ghost, drawn, ring=playing)
        self.changed()

    def _pending_challenge(self) -> tuple[Cell, ...] | None:
        """The cells of the challenge the step's ball answers (None: none)."""
        step = self.book.step
        if step is None:
            return None
        challenge = step.state.challenge
        return None if challenge is None else challenge.group.cells

    def _ghost_cell(self) -> Cell | None:
        """Where the ghost ball is: the keyboard's cell, the pointer's, else the wrong try's."""
        playable = self.book.playable()
        cell = self.placing.ghost(playable)
        if cell is not None:
            return cell
        feedback = self.book.feedback
        if feedback is not None and feedback.cell in playable:
            return feedback.cell
        return None

    # -- layout -------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        lesson_open = self.book.lesson is not None
        for row in self.rows:
            row.visible = not lesson_open
        self.b_start.visible = self.b_title.visible = not lesson_open
        for b in self.toolbar:
            b.visible = lesson_open
        if lesson_open:
            self._layout_lesson(width, height, s)
        else:
            self._layout_list(width, height, s)
        self.changed()

    def _layout_lesson(self, width: int, height: int, s: float) -> None:
        panel_w = max(300.0, min(460.0 * s, width * 0.4))
        board_w = width - panel_w
        self.panel_rect = (board_w, 0.0, panel_w, float(height))
        bar = TOOLBAR_H * s
        place_toolbar(self.toolbar, [self.b_help], board_w, bar, gap=6 * s, min_width=80 * s, max_width=150 * s)
        self.board_rect = (0.0, bar, board_w, height - bar)
        self.scene.set_viewport(10, bar + 4 * s, board_w - 20, height - bar - 16 * s)

    def _layout_list(self, width: int, height: int, s: float) -> None:
        col = max(300.0, min(520.0 * s, width * 0.45))
        left = 24.0 * s
        self.panel_rect = (0.0, 0.0, col + 2 * left, float(height))
        top = height - 16 * s - self._heading.content_height - 10 * s
        self.intro_top = top
        intro_h = self._intro.height([(INTRO, THEME.muted)], col)
        bottom = 16 * s
        self.b_start.place(left, bottom, (col - 10 * s) * 0.6, 44 * s)
        self.b_title.place(left + (col - 10 * s) * 0.6 + 10 * s, bottom, (col - 10 * s) * 0.4, 44 * s)
        room = top - intro_h - 12 * s - (bottom + 44 * s + 14 * s)
        n = len(self.rows)
        gap = 5 * s
        row_h = min(40 * s, (room - gap * (n - 1)) / n)
        y = top - intro_h - 12 * s
        for row in self.rows:
            y -= row_h
            row.place(left, y, col, row_h)
            y -= gap
        board_left = col + 2 * left
        self.board_rect = (board_left, 0.0, width - board_left, float(height))
        # Under the pyramid, the chosen lesson's first sentence: room for the longest.
        caption_w = width - board_left - 40 * s
        self.caption_top = 12 * s + max(
            self._caption.height([(self._caption_text(i), THEME.text)], caption_w) for i in range(n))
        self.scene.set_viewport(board_left + 10, self.caption_top + 4 * s, width - board_left - 20,
                                height - self.caption_top - 14 * s)

    # -- frame loop ---------------------------------------------------------------------
    def on_show_view(self) -> None:
        super().on_show_view()
        self._refresh_rows()
        self._show_position(animate=False)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.app.closed:
            return
        self.scene.update(min(delta_time, 0.25))

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        self.scene.draw()
        self.row_rects = []
        if self.book.lesson is not None:
            self._draw_lesson()
        else:
            self._draw_list()
        self.ui.draw()
        self.layer.draw()
        self._draw_board_tip()
        self.ui.draw_tooltip()
        left, _, width, _ = self.board_rect
        self.draw_message((TOOLBAR_H + 8) * ui_scale() if self.book.lesson is not None else 16 * ui_scale(),
                          (left, width))
        super().on_draw()

    def _draw_list(self) -> None:
        s = ui_scale()
        book = self.book
        left, _, panel_w, height = self.panel_rect
        x, w = left + 24 * s, panel_w - 48 * s
        self._heading.draw_at(x, height - 16 * s, HEADING)  # the label shows "LESSON n OF 9" in a lesson
        self._count.draw_at(x + w, height - 16 * s, self._count.fitted(
            done_words(book.done_count(), len(book.lessons)), w - self._heading.content_width - 16 * s))
        intro = ALL_DONE if book.done_count() == len(book.lessons) else INTRO
        self._intro.draw([(intro, THEME.accent if intro is ALL_DONE else THEME.muted)], x, self.intro_top, w)
        # Under the pyramid: the chosen lesson, what it teaches.
        bx, _, bw, _ = self.board_rect
        lines = [(self._caption_text(book.chosen), THEME.text)]
        top = self.caption_top
        self._caption.draw(lines, bx + 20 * s, top, bw - 40 * s, bottom_limit=8 * s)
        self.row_rects.append((bx + 20 * s, 8 * s, bw - 40 * s, top - 8 * s))

    def _caption_text(self, index: int) -> str:
        """What the list says of lesson ``index`` under its position."""
        lesson = self.book.lessons[index]
        return f"{index + 1}. {lesson.title}: {lesson.words.sentences[0]}"

    def _draw_lesson(self) -> None:
        s = ui_scale()
        book = self.book
        lesson, step = book.lesson, book.step
        assert lesson is not None and step is not None and book.index is not None
        left, _, width, height = self.panel_rect
        arcade.draw_lrbt_rectangle_filled(left, left + width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(left, 0, left, height, THEME.panel_border, 2)
        x, w = left + 14 * s, width - 28 * s
        y = height - 12 * s
        self._heading.draw_at(x, y, self._heading.fitted(f"LESSON {book.index + 1} OF {len(book.lessons)}", w * 0.6))
        self._step.draw_at(x + w * 0.62, y, self._step.fitted(
            step_heading(book.step_index + 1, len(lesson.steps)), w * 0.38))
        y -= self._heading.content_height + 8 * s
        y = self._title.draw([(lesson.title, THEME.accent)], x, y, w) - 6 * s
        words: list[tuple[str, tuple[int, int, int, int]]] = [(t, THEME.text) for t in lesson.words.sentences]
        task = [(step.words.task, THEME.text)]
        feedback = self._feedback_lines()
        inner = w - 16 * s
        ball_h = 30 * s
        # The paragraph, the task with the ball, the feedback from the top. In a
        # low window the smaller print, then (after a try) the feedback without
        # the paragraph, rather than feedback cut short.
        fits = False
        for block, task_block, vblock, with_words in self._print_sizes(bool(feedback)):
            shown = words if with_words else []
            need = (block.height(shown, w, gap=4 * s) + 8 * s + task_block.height(task, inner) + ball_h + 12 * s
                    + 8 * s + (vblock.height(feedback, inner) + 10 * s if feedback else 0.0))
            if need <= y - 10 * s:
                fits = True
                break
        if not fits and feedback:
            shown = []
        if shown:
            y = block.draw(shown, x, y, w, bottom_limit=10 * s, gap=4 * s) - 8 * s
        # The task in a box, with the ball the learner holds.
        task_h = task_block.height(task, inner) + ball_h + 12 * s
        box_bottom = max(10 * s, y - task_h)
        draw_box(x, box_bottom, w, y - box_bottom, (22, 26, 34, 240), THEME.accent, radius=8)
        self.row_rects.append((x, box_bottom, w, y - box_bottom))
        task_block.draw(task, x + 8 * s, y - 6 * s, inner, bottom_limit=box_bottom + ball_h)
        colour = step.state.drawn
        by = box_bottom + 6 * s + ball_h / 2
        if colour is not None:
            draw_ball(x + 20 * s, by, 11 * s, colour, mark=self.app.settings.colour_marks)
            text = f"Your ball: {COLOUR_NAMES[colour]}"
            if book.solved and book.feedback is not None:
                text += f", placed on {book.feedback.cell}"
            self._ball.draw_at(x + 38 * s, by, self._ball.fitted(text, w - 46 * s))
        y = box_bottom - 8 * s
        if feedback and y - 10 * s > 20 * s:
            h = min(vblock.height(feedback, inner) + 10 * s, y - 10 * s)
            ok = book.solved
            draw_box(x, y - h, w, h, (22, 30, 26, 240) if ok else (34, 24, 24, 240),
                     THEME.good if ok else THEME.bad, radius=8)
            vblock.draw(feedback, x + 8 * s, y - 5 * s, inner, bottom_limit=y - h)
            self.row_rects.append((x, y - h, w, h))
        self.b_next.enabled = book.solved
        self.b_show.enabled = not book.solved
        last = book.is_last_step and book.index == len(book.lessons) - 1
        self.b_next.label = "Done" if last else "Next"

    def _print_sizes(self, feedback: bool) -> list[tuple[TextBlock, TextBlock, TextBlock, bool]]:
        """The panel's print, largest first: (paragraph, task, feedback, with
        the paragraph); without it only when there is feedback to show."""
        sizes = [(self._words, self._task, self._feedback, True),
                 (self._words_small, self._task_small, self._feedback_small, True)]
        if feedback:
            sizes.append((self._words_small, self._task_small, self._feedback_small, False))
        return sizes

    def _feedback_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        feedback = self.book.feedback
        if feedback is None:
            return []
        first = THEME.good if feedback.ok else THEME.bad
        out = [(feedback.words[0], first)]
        out.extend((line, THEME.text) for line in feedback.words[1:])
        if feedback.formed is not None and self._pending_challenge() is not None:
            out.append((LEGEND, THEME.muted))
        if feedback.ok:
            out.append(("Next: Enter or Space." if self.book.index is not None else "", THEME.muted))
        else:
            out.append(("Try another cell, or Show me (S).", THEME.muted))
        return [line for line in out if line[0]]

    def _draw_board_tip(self) -> None:
        book = self.book
        if book.lesson is None or book.solved:
            return
        self.placing.draw_tip(self.placing.tip(book.board, book.playable()), self.scene, self.panel_rect[0],
                              self.size[1])

    # -- input --------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self.placing.point(board_cell_at(self, x, y) if self.book.lesson is not None else None):
            self._show_position(animate=True)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.ui.on_mouse_press(x, y, button):
            return
        if self.book.lesson is None or button != arcade.MOUSE_BUTTON_LEFT:
            return
        cell = board_cell_at(self, x, y)
        if cell is not None:
            self.place(cell)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in (keys.H, keys.F1) or (symbol == keys.SLASH and modifiers & keys.MOD_SHIFT):
            self.app.show_help()
        elif symbol == keys.LEFT:
            self.scene.rotate(1)
        elif symbol == keys.RIGHT:
            self.scene.rotate(-1)
        elif symbol == keys.L:
            toggle_plan(self)
        elif self.book.lesson is None:
            self._list_key(symbol)
        else:
            self._lesson_key(symbol, modifiers)

    def _list_key(self, symbol: int) -> None:
        if symbol in (keys.UP, keys.DOWN):
            self.book.choose(-1 if symbol == keys.UP else 1)
            self._refresh_rows()
            self._show_position(animate=False)
        elif symbol in GO_KEYS:
            self.start()
        elif symbol in DIGITS and DIGITS[symbol] <= len(self.book.lessons):
            self.open(DIGITS[symbol] - 1)
        elif symbol == keys.ESCAPE:
            self.app.show_title()

    def _lesson_key(self, symbol: int, modifiers: int) -> None:
        book = self.book
        if symbol == keys.ESCAPE:
            self.close()
        elif symbol in GO_KEYS:
            cell = self.placing.chosen(book.playable())
            if book.solved:
                self.next()
            elif cell is not None:
                self.place(cell)
            else:
                self.say(HOW_TO_PLACE, "info", 4)
        elif symbol == keys.TAB:
            self._cycle(-1 if modifiers & keys.MOD_SHIFT else 1)
        elif symbol == keys.S:
            self.show_me()

    def _cycle(self, step: int) -> None:
        """Tab: the keyboard's cell walks through the playable cells."""
        cell = self.placing.step(self.book.playable(), step)
        if cell is not None:
            self.placing.tell(self, cell)
            self._show_position(animate=True)
