"""Referee: a GTP-like line protocol over stdin/stdout for every registered game.

    python -m tools.bench.referee

Commands: new GAME [key=value ...] | legal | play MOVE | undo | show | status | record | games |
genmove [LEVEL] (the AI plays and prints its move) | hint [LEVEL] (prints it, does not play) |
help | quit.  Answers start with '= ' (success) or '? ' and a reason, and end with an empty
line.  A bad line never stops the referee.
"""
import sys

from shared_rules import ai, registry
from shared_rules import host as ai_host
from shared_rules.game import GameError
import shared_rules.games  # noqa: F401  (registers every game)


HELP = """commands (answers start with '= ' or '? ', and end with an empty line):
  new GAME [key=value ...]   start a game (games: see 'games'); options as the game's rules list them
  games                      the games
  legal                      the legal moves (decisions) now, in notation
  play MOVE                  play one move in notation
  undo                       take back the last move
  show                       the board as text
  status                     who is to move, who won, why (reason=WORD) and the score if any
  record                     the whole game as one line of notation
  genmove [LEVEL]            the AI plays a move and prints it (levels: easy normal hard)
  hint [LEVEL]               the AI's move, printed, not played
  help                       this text
  quit                       stop"""


class Referee:
    def __init__(self):
        self.game = None
        self.speed_set = False

    def need_game(self):
        if self.game is None:
            raise GameError("no game: start one with 'new GAME' (games: %s)" % " ".join(registry.game_names()))
        return self.game

    def cmd_new(self, args):
        if not args:
            raise GameError("usage: new GAME [key=value ...] (games: %s)%s" % (
                " ".join(registry.game_names()), self.still_on()))
        try:
            self.game = registry.create(args[0], registry.parse_option_words(args[1:]))
        except GameError as e:
            raise GameError(str(e) + self.still_on()) from None
        return self.game.options_text()

    def still_on(self):
        """After a failed `new`: which game the next commands still go to."""
        if self.game is None:
            return "; no game is on"
        return "; the %s game (%s) is still on" % (self.game.NAME, self.game.options_text() or "no options")

    def cmd_help(self, args):
        return "\n" + HELP

    def cmd_games(self, args):
        return " ".join(registry.game_names())

    def cmd_legal(self, args):
        game = self.need_game()
        return " ".join(game.move_to_text(m) for m in game.legal_moves())

    def cmd_play(self, args):
        game = self.need_game()
        if len(args) != 1:
            raise GameError("usage: play MOVE")
        if game.is_over():
            raise GameError("the game is over (%s)" % game.status_text())
        game.play_text(args[0])
        return ""

    def cmd_undo(self, args):
        game = self.need_game()
        if not game.history:
            raise GameError("nothing to undo")
        game.undo()
        return ""

    def cmd_show(self, args):
        return "\n" + self.need_game().render()

    def cmd_status(self, args):
        return self.need_game().status_text()

    def cmd_record(self, args):
        return self.need_game().record()

    def cmd_genmove(self, args):
        game, move = self.ai_move(args, "genmove")
        text = game.move_to_text(move)
        game.play(move)
        return text

    def cmd_hint(self, args):
        game, move = self.ai_move(args, "hint")
        return game.move_to_text(move)

    def ai_move(self, args, command):
        """(game, the AI's move) at the level given (default: ai.DEFAULT_LEVEL)."""
        game = self.need_game()
        if len(args) > 1:
            raise GameError("usage: %s [LEVEL] (levels: %s)" % (command, " ".join(ai.LEVELS)))
        level = ai.level_name(args[0] if args else None)
        if game.is_over():
            raise GameError("the game is over (%s)" % game.status_text())
        if not self.speed_set:  # budgets are RP2040 seconds: scale them to this host once
            from tools.bench.benchlib import cpu_pystones
            ai_host.set_host_speed(cpu_pystones(loops=10000, repeat=3))
            self.speed_set = True
        return game, ai.choose_move(game, level, seed=len(game.history))

    def handle(self, line):
        """One command line -> (answer text, keep running)."""
        words = line.split()
        if not words:
            return None, True
        name, args = words[0].lower(), words[1:]
        if name == "quit":
            return "= ", False
        handler = getattr(self, "cmd_" + name, None)
        if handler is None:
            return "? unknown command '%s'; commands: %s" % (name, " ".join(self.commands())), True
        try:
            return "= " + handler(args), True
        except GameError as e:
            return "? " + str(e), True
        except Exception as e:  # a bug in a game must not kill the referee
            return "? internal error: %s: %s" % (type(e).__name__, e), True

    def commands(self):
        return sorted(n[4:] for n in dir(self) if n.startswith("cmd_")) + ["quit"]


def main(stdin=sys.stdin, stdout=sys.stdout, argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        if argv[0] in ("-h", "--help"):
            stdout.write((__doc__ or "").strip() + "\n\n" + HELP + "\n")
            return 0
        sys.stderr.write("referee: unknown argument '%s' (it reads commands from stdin; --help)\n" % argv[0])
        return 2
    referee = Referee()
    for line in stdin:
        answer, keep_going = referee.handle(line)
        if answer is None:
            continue
        # Keep "= " whole for an empty answer, as GTP does.
        stdout.write((answer.rstrip() if len(answer) > 2 else answer) + "\n\n")
        stdout.flush()
        if not keep_going:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
