# The pause menu (undo, hint, draw offer, resign, save and quit) and the game-over screen.
# Imported when the player pauses or a game ends, and dropped again (firmware/residency.py).
from shared_rules import registry
from shared_rules.game import INT_RANGE, GameError
from firmware import residency
from firmware.app import PAUSE, Session

DRAW_FROM = 20      # decisions: before that the game is in its opening, too early to call a draw


def pause_menu(app, session, index=0):
    """Returns False when the player leaves the game (it is saved).  `index`: the item the
    cursor starts on (back from Help or Rules: that item)."""
    game = session.game
    player = game.to_move()
    human_to_move = not session.is_ai(player)
    items = ["Resume"]
    if can_undo(session):
        items.append("Undo")
    if session.redo:
        items.append("Redo")
    if human_to_move and session.view is not None and app.has_ai(session.name):
        items.append("Hint")
    items += ["Help", "Rules"]
    if session.humans():
        items.append("Offer draw")
        items.append("Resign")
    items.append("Save and quit")
    choice = app.ui.menu("Paused", items, index)
    item = items[choice] if choice >= 0 else "Resume"
    if item in ("Help", "Rules"):
        app.residency.enter(residency.PAUSE_PAGE)
        from firmware import help_pages
        if item == "Help":
            help_pages.game_help(app, session.name)
        else:
            help_pages.rules(app, session.name)
        del help_pages
        app.residency.enter(residency.PAUSE)
        return pause_menu(app, session, choice)
    if item == "Undo":
        undo(app, session)
    elif item == "Redo":
        for move in session.redo.pop():     # what the last Undo took back
            session.play(move)
        app.save(session)
    elif item == "Hint":
        move = app.think(session, app.settings["level"], "Hint...|Hint")
        if move >= 0:
            move = app.human_turn(session, move)
            if move == PAUSE:
                return pause_menu(app, session)
            if move >= 0:
                session.redo = []
                session.play(move)
                app.save(session)
    elif item == "Offer draw":
        offer_draw(app, session)
    elif item == "Resign":
        resigner = player if human_to_move else (0 if not session.is_ai(0) else 1)
        if app.ui.ask("Resign", "%s resigns?" % game.player_name(resigner)):
            session.result = "resign %d" % resigner
            app.save(session)
    elif item == "Save and quit":
        return not may_leave(app, session)
    return True


def can_undo(session):
    if not session.game.history:
        return False
    if session.humans() == 0:
        return True
    for p in session.movers:
        if not session.is_ai(p):
            return True
    return False


def undo(app, session):
    """Takes back one decision between humans or AIs only; against the AI, the AI's
    decisions since the human's last turn and that whole turn (all its decisions), so the
    human chooses again where they last chose.  Redo can play them again."""
    group = []
    if session.humans() == 0 or session.humans() == 2:
        group.append(session.undo())
    else:
        while session.movers and session.is_ai(session.movers[-1]):
            group.append(session.undo())
        human = session.movers[-1] if session.movers else 0
        while session.movers and session.movers[-1] == human:
            group.append(session.undo())
    group.reverse()
    session.redo.append(group)
    app.save(session)


def may_leave(app, session):
    """Save and quit: True once the game is saved (after every move already, unless that
    failed: then once more), or the player chose to leave it unsaved; False: back to it."""
    while session.unsaved and not app.save(session):
        choice = app.ui.menu("Save and quit", ["Try again", "Quit unsaved", "Back"], 0, "",
                             app.ui.wrap("The game is not saved."))
        if choice != 0:
            return choice == 1
    return True


def offer_draw(app, session):
    game = session.game
    offerer = game.to_move()
    if session.is_ai(offerer):
        offerer = 1 - offerer
    other = 1 - offerer
    if session.is_ai(other):
        app.residency.hold_ai(True)     # its evaluation answers
        accepted = ai_takes_draw(game, other)
        app.ui.message("Draw offer", "The AI %s the draw." % ("accepts" if accepted else "declines"))
    else:
        accepted = app.ui.ask("Draw offer", "%s offers a draw. %s, do you accept?" % (
            game.player_name(offerer), game.player_name(other)))
    if accepted:
        session.result = "draw agreed"
        app.save(session)


def ai_takes_draw(game, player):
    """The AI agrees to a draw only past the opening, and only when its own evaluation does not
    put it ahead."""
    if len(game.history) < DRAW_FROM:
        return False
    from shared_rules import ai
    return ai.tuner_class(game)(game, ai.DEFAULT_LEVEL).evaluate(player) <= 0


def game_over(app, session):
    """The final position and what next: the session to go on with (after an undo, or a
    rematch), or None to leave to the main menu."""
    game = session.game
    if not session.result:
        session.result = "over"     # the save says the game is finished (a review, not a Continue)
        app.save(session)
    app.draw_play(session, None)
    app.ui.wait_key()
    items = ["Main menu", "Rematch", "Show board"]
    if session.result == "over" and can_undo(session):
        items.append("Undo")
    items.append("Review")
    while True:
        from firmware import endings
        intro = endings.summary(app.ui, session, 3)
        del endings
        choice = app.ui.menu("Game over", items, 0, "", intro)
        item = items[choice] if choice >= 0 else "Main menu"
        if item == "Show board":
            app.draw_play(session, None)
            app.ui.wait_key()
            continue
        if item == "Review":
            from firmware import review
            review.review(app, session)
            del review
            app.residency.release("firmware.review")
            continue
        if item == "Undo":
            session.result = ""
            undo(app, session)
            return session
        if item == "Rematch":
            options = {}
            for k in game.options:
                options[k] = game.options[k]
            if "seed" in options:      # new dice, the seed kept within its range
                low, high = game.INT_RANGES.get("seed", INT_RANGE)
                options["seed"] = str(low + (int(options["seed"]) + 1 - low) % (high - low + 1))
            session.view = None
            session.game = None
            app.residency.hold_ai(False)    # its tables hold the last game: not beside the new one
            try:
                fresh = Session(session.name, registry.create(session.name, options), session.players)
            except GameError as e:
                session.game = game
                session.view = app.load_view(session)
                app.ui.message("Rematch", "No rematch: %s" % e)
                continue
            fresh.view = app.load_view(fresh)
            app.save(fresh)
            return fresh
        return None
