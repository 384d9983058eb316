# The end of a game in words: why it ended, the final score, for the end screen's status and the
# Game over menu.  Imported once a game is over and dropped with the game-over screen (memory);
# the words of each game's reasons live in its own shared_rules/<game>/ending.py.
from firmware.ui import PANEL, STRIP, TOP
from shared_rules.game import DRAW


def result_words(session, cols=80):
    """The end of the game in words, as fully as `cols` characters allow: "Dark wins",
    "Red resigned: Blue wins" (or "Blue wins"), "Draw by agreement" (or "Draw")."""
    winner = session.winner()
    name = session.game.player_name
    if winner == DRAW:
        words = "Draw by agreement" if session.result == "draw agreed" else "Draw"
        return words if len(words) <= cols else "Draw"
    if session.resigned() >= 0:
        words = "%s resigned: %s wins" % (name(1 - winner), name(winner))
        if len(words) <= cols:
            return words
    return name(winner) + " wins"


def result_room(ui, words, moves):
    """How many characters the status has for the result `words`: TOP left of the move
    number `moves`, STRIP the line; PANEL wraps them in the column, where every word must
    fit a line (else 0: the shortest form)."""
    pw = ui.panel_rect[2]
    if ui.mode == TOP:
        return (pw - 8 * len(moves) - 13) // 8
    if ui.mode == STRIP:
        return (pw - 9) // 8
    for word in words.split(" "):
        if len(word) > pw // 8 - 1:
            return 0
    return 80


def status(ui, session, moves):
    """(the result, the status's lines beside it) of the end screen, whose move number is
    `moves`."""
    who = result_words(session, result_room(ui, result_words(session), moves))
    return status_lines(ui, session, who)


def words(session):
    """(a few words, a sentence) saying why the game ended, resignation and agreed draws too."""
    game = session.game
    if session.resigned() >= 0:
        return "Gave up", "%s resigned." % game.PLAYERS[session.resigned()]
    if session.result == "draw agreed":
        return "Draw agreed", "The players agreed to a draw."
    return game.ending().WORDS[game.end_reason()]


def score_parts(session):
    """The final score as ["Black 26", "White 36"], or what else decided it (Tholian Go's token
    counts), or []; nothing after a resignation or an agreed draw."""
    game = session.game
    if session.resigned() >= 0 or session.result == "draw agreed":
        return []
    score = game.end_score()
    if score is not None:
        return ["%s %d" % (game.PLAYERS[0], score[0]), "%s %d" % (game.PLAYERS[1], score[1])]
    facts = game.end_facts()
    return facts.split(", ") if facts else []


def status_lines(ui, session, who):
    """(who, lines): the result `who` and the status's lines beside it: the reason, then the
    score, each within the status (the column's width in the PANEL layout, else one line; in a
    one-line STRIP what fits after `who`, whole words only, or else "Black won: Loop" in as
    few words as fit: the winner's stone is left of the line)."""
    short = words(session)[0]
    parts = score_parts(session)
    if ui.mode == PANEL:
        cols = ui.panel_rect[2] // 8
        lines = ui.wrap(short, cols)
        for part in parts:
            lines += ui.wrap(part, cols)
        return who, lines
    room = ui.cols
    one_line = ui.mode == STRIP and ui.strip_lines == 1
    if one_line:
        room = (ui.w - 9) // 8 - len(who) - 1
    line = short
    for part in parts:
        line += " " + part
    for fitting in (line, short + " " + ":".join(part.split(" ")[-1] for part in parts), short):
        if len(fitting) <= room:
            return who, [fitting]
    # "White won: Gave up" would read as if the winner resigned.
    if one_line and who.endswith(" wins") and session.resigned() < 0:
        for won in (who[:-5] + " won:", who[:-5] + " won", "Won:"):
            if len(won) + 1 + len(short) <= (ui.w - 9) // 8:
                return won, [short]
    return who, []


def summary(ui, session, rows):
    """The Game over menu's lines: the sentence and the score, wrapped; the few words instead
    when the sentence would leave less than `rows` lines of the screen."""
    short, sentence = words(session)
    score = ", ".join(score_parts(session))
    lines = ui.wrap(sentence + (" " + score + "." if score else ""))
    if (ui.h // ui.line_h) - 2 - len(lines) < rows:
        lines = ui.wrap(short + (": " + score if score else ""))
    return lines
