"""Referee: a GTP-like line protocol over stdin/stdout for every registered game.

    python -m tools.referee

Commands: new GAME [key=value ...] | legal | play MOVE | undo | show | status | record | games |
genmove [LEVEL] (the AI plays and prints its move) | hint [LEVEL] (prints it, does not play) |
quit.  Answers start with '= ' (success) or '? ' and a reason, and end with an empty line.
A bad line never stops the referee.
"""
import sys

from shared_rules import ai, registry
from shared_rules.game import GameError
import shared_rules.games  # noqa: F401  (registers every game)


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
            raise GameError("usage: new GAME [key=value ...] (games: %s)" % " ".join(registry.game_names()))
        self.game = registry.create(args[0], registry.parse_option_words(args[1:]))
        return self.game.options_text()

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
            from tools.benchlib import cpu_pystones
            ai.set_host_speed(cpu_pystones(loops=10000, repeat=3))
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


def main(stdin=sys.stdin, stdout=sys.stdout):
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
