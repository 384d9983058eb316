# What the app says when something fails: a menu or a game stopped by an error or a full heap,
# a save that could not be written, a settings file repaired.  Imported when that happens and
# released at once (firmware/residency.py), so that no screen holds these words.
from firmware import residency


def failure_words(e):
    """The storage's OSError in a player's words (MicroPython names few error numbers: a full
    flash is "28")."""
    code = e.args[0] if e.args else 0
    if code == 28:      # ENOSPC
        return "the storage is full"
    if code == 13 or code == 30:     # EACCES, EROFS
        return "the storage cannot be written"
    if code == 5:       # EIO
        return "the storage failed"
    return str(e)


def not_saved(app, e):
    """Says that the game could not be saved (`e`: a MemoryError, the storage's OSError or a
    SaveError), and that play goes on."""
    if isinstance(e, MemoryError):
        reason = "not enough memory"
    elif isinstance(e, OSError):
        reason = failure_words(e)
    else:
        reason = str(e)
    app.ui.message("Not saved", "The game could not be saved (%s). Play goes on; the app "
                   "tries again after each move." % reason)
    app.residency.release(residency.WIDGETS)


def menu_failed(app, e):
    """A menu stopped by `e`: said, and the app goes back to the main menu."""
    if isinstance(e, MemoryError):
        app.ui.message("Out of memory", "There was not enough memory for that. Back to the main menu.")
    else:
        app.ui.message("Error", "%s: %s" % (type(e).__name__, e))


def game_failed(app, session, e):
    """The game `session` stopped by `e`: said, with whether it is saved."""
    if isinstance(e, MemoryError):
        app.ui.message("Out of memory", "The game ran out of memory. " + left_words(app, session))
    else:
        app.ui.message("Error", "%s stopped with an error:\n%s: %s\n%s" % (
            session.name, type(e).__name__, e, left_words(app, session)))


def left_words(app, session):
    """What became of the game the app left on an error: saved, or not."""
    if session.unsaved:
        try:
            saved = app.save(session, False)
        except MemoryError:
            saved = False
        if not saved:
            return "Its last moves could not be saved."
    return "It is saved: %s it." % ("Review shows" if session.result else "Continue resumes")


def settings_repaired(app):
    """Says what was wrong with the settings file, once: the repaired settings replace it."""
    try:
        app.screens(residency.SAVES).save_settings(app.folder, app.settings)
    except OSError:
        pass    # the settings screen says so when the player saves them
    app.ui.message("Settings", "\n".join(app.settings_notes))
    app.settings_notes = []
