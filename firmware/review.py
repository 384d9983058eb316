# Review: a finished game stepped through, back and forward, with its moves in notation.
# Imported from the Game over menu and dropped again (memory).  It steps the session's own game
# with the rules' undo and play (no second game in the heap) and leaves it at the final position;
# the session's log and save are never touched.
from firmware.ui import PANEL, TOP

_KEYS = ("<> turn ^v step A list", "<>^v A:list")    # the keys' help, long and short


def review(app, session):
    """Until B (or MENU): LEFT/RIGHT a turn back/on, UP/DOWN one decision, A the move list."""
    game = session.game
    ahead = []      # the decisions stepped back over, the next one last
    try:
        while True:
            draw(app, session)
            key = app.ui.wait_key()
            if key in ("b", "menu"):
                return
            if key == "a":
                app.ui.pager("Moves", move_list(session))
            elif key == "up" and game.history:
                ahead.append(game.history[-1])
                game.undo()
            elif key == "down" and ahead:
                game.play(ahead.pop())
            elif key == "left":
                mover = turn_mover(session, len(game.history))
                while game.history and turn_mover(session, len(game.history)) == mover:
                    ahead.append(game.history[-1])
                    game.undo()
            elif key == "right" and ahead:
                mover = session.movers[len(game.history)]
                while ahead and session.movers[len(game.history)] == mover:
                    game.play(ahead.pop())
    finally:
        while ahead:
            game.play(ahead.pop())


def turn_mover(session, played):
    """The player of the last of the first `played` decisions (-1 for none)."""
    return session.movers[played - 1] if played else -1


def turn_of(session, played):
    """The number of the turn of the last of the first `played` decisions (0 for none)."""
    movers = session.movers
    turns = 0
    for i in range(played):
        if i == 0 or movers[i] != movers[i - 1]:
            turns += 1
    return turns


def move_list(session):
    """The game in notation, a line per turn: "3 Dark: c6-d5"."""
    names = session.game.PLAYERS
    lines = []
    texts = session.texts()
    movers = session.movers
    for i in range(len(texts)):
        if i == 0 or movers[i] != movers[i - 1]:
            lines.append("%d %s: %s" % (len(lines) + 1, names[movers[i]], texts[i]))
        else:
            lines[-1] = joined([lines[-1], texts[i]])
    return "\n".join(lines) if lines else "No moves were played."


def joined(texts):
    """Decisions in one line: a path's next step ("-4", "-L4.2") follows the step before it."""
    line = ""
    for text in texts:
        line += text if not line or text[:1] == "-" else " " + text
    return line


def draw(app, session):
    """The board after the decisions shown, its last turn ringed; the status: where the review
    is ("Review #3/41"), the last decision in notation, the keys."""
    ui = app.ui
    game = session.game
    played = len(game.history)
    ui.clear()
    if session.view is not None:
        session.view.draw(None, session.last_turn() if played else [])
    ui.clear_status()
    turn = turn_of(session, played)
    where = "#%d/%d" % (turn, session.turns)
    move = short = "Start"
    if played:
        first = played - 1
        while first and session.movers[first - 1] == session.movers[played - 1]:
            first -= 1
        name = game.PLAYERS[session.movers[played - 1]][:1] + " "
        whole = joined(session.texts()[first:played])
        move, short = name + whole, name + whole.split(" ")[-1]
    keys = _KEYS[0] if ui.cols >= len(_KEYS[0]) else _KEYS[1]
    if ui.mode == TOP:      # the move number has its place at the right
        ui.draw_status("Review", where, [move + "|" + short], keys, -1, None)
    elif ui.mode == PANEL:
        cols = ui.panel_rect[2] // 8
        fits = max([len(part) for part in move.split(" ")]) <= cols     # no maneuver broken
        info = ["Review"] + ui.wrap(where, cols) + ui.wrap(move if fits else short, cols)
        ui.draw_status("", where, info, keys, -1, None)
    else:
        # STRIP: as much as fits, the move number first; the move on the second line if any.
        room = (ui.w - 9) // 8
        info = []
        if ui.strip_lines > 1:
            lines = ("Review " + where, where, "#%d" % turn)
            info = [move if len(move) <= room else short]
        else:
            lines = ("Review %s %s" % (where, move), "%s %s" % (where, move), "#%d %s" % (turn, move),
                     "#%d %s" % (turn, short), "#%d" % turn)
        line = lines[-1]
        for longer in lines:
            if len(longer) <= room:
                line = longer
                break
        ui.draw_status(line, where, info, "", -1, None)
    ui.show()
