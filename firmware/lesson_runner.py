# Learn to play: the main menu's guided lessons.  Each game's lessons are data beside its rules
# (shared_rules/<game>/lessons.py, read by shared_rules/lessons.py); this module shows a step's
# rule, sets up its position on the game's own board view, checks the player's move against
# the expected one, explains a wrong one and, on request, plays the expected move.  Imported
# only while a lesson runs.
from shared_rules import lessons, registry
from shared_rules.game import DRAW, ONGOING
from firmware import residency
from firmware.app import HUMAN, Session
from firmware.builder import MoveBuilder

TRY = 0
SHOW = 1
SKIP = 2
ACTIONS = ("Try it", "Show me", "Skip")
BACK = -1               # what enter() returns for B at a decision's start
LEAVE = -2              # and for MENU: back to the step's text
_DEMO_MS = 700          # each decision of a demonstration stays this long on the screen


def learn(app):
    """The game list, then its lessons (when it has several), then the lesson; None (no game
    to play) when the player leaves."""
    from firmware.menus import pick_game
    index = 0
    while True:
        name, index = pick_game(app, "Learn to play", index)
        if not name:
            return None
        titles = lessons.titles(name)
        choice = 0
        while 0 <= choice < len(titles):
            if len(titles) > 1:
                choice = app.ui.menu(registry.game_title(name), titles, choice)
                if choice < 0:
                    break
            finished = run_lesson(app, name, choice)
            if len(titles) == 1:
                break
            choice += finished          # the next lesson is offered once one is finished


def run_lesson(app, name, number):
    """Lesson `number` of game `name`, step by step: True once finished, False when left."""
    app.residency.hold_game(name)
    play_legend = app.legend
    app.legend = app.screens(residency.PAGES_MODULE).legend(app.hw, "rule")
    app.residency.release(residency.PAGES_MODULE)
    try:
        return run_steps(app, name, number)
    finally:
        app.legend = play_legend


def run_steps(app, name, number):
    title, options, steps = lessons.lesson(name, number)
    i = 0
    action = TRY
    while i < len(steps):
        step = steps[i]
        heading = "%s %d/%d" % (title, i + 1, len(steps))
        if len(heading) > app.ui.cols:
            heading = "Step %d/%d" % (i + 1, len(steps))
        action = step_screen(app.ui, heading, step[lessons.SAY], action)
        if action < 0:
            return False
        if action == SKIP:
            i += 1
            action = TRY
            continue
        session = start_step(app, name, options, step)
        if action == SHOW:
            demonstrate(app, session, step)
            app.ui.message("Watch", step[lessons.DONE])
            action = TRY         # now the player makes it
            continue
        outcome = attempt(app, session, step)
        if outcome is None:
            continue              # back to the step's text
        if outcome:
            app.ui.message("Right", step[lessons.DONE])
            i += 1
        else:
            app.ui.message("Not that one", step[lessons.WRONG] + " Try again, or choose Show me.")
    app.ui.message(title, "Lesson finished: you have met every rule of %s." % title)
    return True


def start_step(app, name, options, step):
    """A session of two humans on the step's position, drawn by the game's board view; never
    saved (the saved game stays as it was)."""
    game = lessons.position(name, options, step)
    session = Session(name, game, [HUMAN, HUMAN])
    session.view = app.load_view(session)
    return session


def demonstrate(app, session, step):
    """Plays the step's expected decisions one by one, each shown on its board first."""
    game = session.game
    for text in lessons.decisions(step):
        move = game.move_from_text(text)
        builder = MoveBuilder(session.view, game.legal_moves())
        builder.select_move(move)
        app.draw_play(session, builder, "Watch")
        app.hw.sleep_ms(_DEMO_MS)
        session.play(move)
    app.draw_play(session, None, "Watch")
    app.hw.sleep_ms(_DEMO_MS)


def attempt(app, session, step):
    """The player makes the step's move: True when it is the expected one, False (after
    showing it on the board) when it is another, None when the player went back (B at the
    first decision, or MENU); B at a later decision takes back the one before."""
    game = session.game
    expected = lessons.decisions(step)
    made = 0
    while made < len(expected):
        builder = MoveBuilder(session.view, game.legal_moves())
        move = enter(app, session, builder, game.move_from_text(expected[made]))
        if move == LEAVE:
            return None
        if move < 0:
            if made == 0:
                return None
            session.undo()          # B at a decision's start takes back the one before
            made -= 1
            continue
        right = game.move_to_text(move) == expected[made]
        mover = game.to_move()
        session.play(move)
        if not right and ends_as_shown(game, step, mover):
            break                   # another move that ends the game as the step shows
        if not right:
            app.draw_play(session, None, "Not that one")
            app.hw.sleep_ms(_DEMO_MS)
            return False
        made += 1
    app.draw_play(session, None, "Right")
    app.hw.sleep_ms(_DEMO_MS)
    return True


def ends_as_shown(game, step, mover):
    """Whether the game has just ended as the step shows: a win for `mover`, a draw, any end."""
    shows = step[lessons.SHOWS]
    winner = game.winner()
    return shows == "win" and winner == mover or shows == "draw" and winner == DRAW \
        or shows == "end" and winner != ONGOING


def enter(app, session, builder, hint):
    """One decision entered with the cursor; BACK (B before any step), LEAVE (MENU); Y puts
    the cursor on the step's expected decision `hint`."""
    redraw = True
    while True:
        if redraw:
            app.draw_play(session, builder)     # no note: the legend and the step under the cursor show
        app.builder = builder
        key = app.ui.wait_key()
        app.builder = None
        redraw = True
        if key in ("up", "down", "left", "right"):
            dx = (key == "right") - (key == "left")
            dy = (key == "down") - (key == "up")
            if not builder.go(dx, dy):
                redraw = dy != 0 and session.view.look(dy)
        elif key == "a":
            move = builder.choose()
            if move >= 0:
                return move
        elif key == "b":
            if not builder.back():
                return BACK
        elif key == "menu":
            return LEAVE
        elif key == "y":
            builder.select_move(hint)


def step_screen(ui, title, text, action):
    """A step's rule in words, scrolled by UP/DOWN, over a line of the actions (LEFT/RIGHT
    choose, A takes one): the action, or -1 for back (B)."""
    lines = ui.wrap(text, ui.cols - 1)     # the last column for the "more below" mark
    lh = ui.line_h
    top = lh + 2
    bottom = ui.h - lh - 2          # the actions' line
    rows = max(1, (bottom - top) // lh)
    first = 0
    while True:
        ui.clear()
        from firmware import widgets
        widgets.heading(ui, title)
        for row in range(min(rows, len(lines) - first)):
            ui.text(lines[first + row], 0, top + row * lh)
        if first + rows < len(lines):
            ui.text("v", ui.w - 8, top + (rows - 1) * lh, ui.dim)
        draw_actions(ui, action, bottom + 2)
        ui.show()
        key = ui.wait_key()
        if key == "down":
            first = min(first + 1, max(0, len(lines) - rows))
        elif key == "up":
            first = max(first - 1, 0)
        elif key in ("left", "right"):
            action = (action + (1 if key == "right" else -1)) % len(ACTIONS)
        elif key == "a":
            return action
        elif key in ("b", "menu"):
            return -1


def draw_actions(ui, action, y):
    """The actions on one line, the chosen one highlighted; where they do not all fit, the
    chosen one alone between arrows."""
    words = " ".join(ACTIONS)
    if len(words) <= ui.cols:
        x = (ui.w - 8 * len(words)) // 2
        for i in range(len(ACTIONS)):
            word = ACTIONS[i]
            if i == action:
                ui.fb.fill_rect(x - 2, y - 1, 8 * len(word) + 4, 10, ui.sel_bg)
                ui.text(word, x, y, ui.sel_fg)
            else:
                ui.text(word, x, y)
            x += 8 * (len(word) + 1)
        return
    shown = "<" + ACTIONS[action] + ">"
    ui.fb.fill_rect(0, y - 1, ui.w, 10, ui.sel_bg)
    from firmware import widgets
    widgets.text_center(ui, shown, y, ui.sel_fg)
