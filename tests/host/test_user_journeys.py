"""What a player does, end to end, for every game on every board profile, against the AI and
between two humans: a new game with an option changed, a few moves, undo, a hint, pause and
resume, save and quit, Continue after a restart, then resign (Trap between humans: played to
its end), the game-over screen and the Review it leaves on the main menu.  Every step checks
the exact position (replayed from the expected moves), the highlighted menu item and the texts
on the screen.  The two-human journeys are then replayed by the simulator from a script of
back-to-back presses, which must end on the same save."""
import os
import random

import pytest

from app_harness import FakeHW, PROFILES, game_modules, presses_for, put_back, run_app
from firmware import saves
from shared_rules import registry
import shared_rules.games  # noqa: F401

GAMES = registry.game_names()
PAUSE_KEY = {"pico_lcd13": "x", "odroid_go": "menu", "mono128": "b"}


class JourneyFailed(BaseException):
    """A failed check inside the app's loop (BaseException: the app's error screen must not
    swallow it)."""


def replayed(name, options, moves):
    game = registry.create(name, options)
    for move in moves:
        game.play(move)
    return game


class Journey:
    """One player's session, written as a generator of button presses; between presses it
    checks what the app shows.  `driver` hands its presses to the harness."""

    def __init__(self, name, profile, humans, seed):
        self.name = name
        self.profile = profile
        self.humans = humans
        self.rng = random.Random(seed)
        self.cls = registry.game_class(name)
        self.title = registry.game_title(name)
        self.options = None
        self.hw = None

    def driver(self, steps):
        def drive(hw):
            self.hw = hw
            try:
                return next(steps)
            except StopIteration:
                return None
            except AssertionError as e:
                raise JourneyFailed("%s on %s (%s): %s" % (
                    self.name, self.profile, "2 humans" if self.humans else "vs AI", e)) from e
        return drive

    # --- what the screen shows ---------------------------------------------------------------
    def app(self):
        return self.hw.app

    def shown(self):
        return self.hw.frames[-1]

    def check_position(self, moves):
        session = self.app().session
        assert session.game.history == moves, (session.game.history, moves)
        assert session.game.encode() == replayed(self.name, session.game.options, moves).encode()

    def idle(self):
        """Yields nothing while the AI thinks (the harness holds presses back meanwhile)."""
        while self.app().busy:
            yield []

    def select(self, item, limit=12):
        """Moves a menu's highlight down to `item`, checking the highlight, not just the text."""
        for _ in range(limit):
            if self.hw.selected() == [item]:
                return
            yield ["down"]
        assert False, "no %r in the menu: %s" % (item, self.shown())

    def human_start(self):
        app = self.app()
        s = app.session
        return app.builder is not None and not app.builder.prefix and (
            not s.movers or s.movers[-1] != s.game.to_move())

    def to_human_turn(self):
        """Waits (the AI moving) until a human starts a turn."""
        for _ in range(200):
            yield from self.idle()
            if self.human_start():
                return
            yield []
        assert False, "no human turn came: %s after %s" % (self.shown(), self.app().session.texts())

    def play_human_turn(self):
        """Random legal decisions until the turn passes (or the game ends)."""
        app = self.app()
        game = app.session.game
        player = game.to_move()
        while True:
            before = len(game.history)
            move = self.rng.choice(app.builder.moves)
            yield presses_for(app.builder, move)
            yield from self.idle()
            assert game.history[before] == move
            if game.winner() != -1 or len(game.history) > before + 1 or game.to_move() != player:
                return

    def finish_turn(self):
        """Plays the rest of a human turn begun (B, the pause key on some boards, would take
        its decisions back before it pauses)."""
        yield from self.idle()
        s = self.app().session
        if self.app().builder is not None and s.movers and s.movers[-1] == s.game.to_move():
            yield from self.play_human_turn()

    def pause(self, item):
        yield [PAUSE_KEY[self.profile]]
        assert self.shown()[0] == "Paused" and self.hw.selected() == ["Resume"], self.shown()
        yield from self.select(item)
        yield ["a"]

    # --- the journey ---------------------------------------------------------------------------
    def first_run(self):
        """Main menu to Save and quit."""
        hw = self.hw
        assert self.shown()[:2] == ["Tholia", "New game"] and hw.selected() == ["New game"]
        yield ["a"]
        title = self.title
        yield from self.select(title)
        yield ["a"]
        assert self.shown()[0] == title and hw.selected() == ["Start"]
        if self.cls.OPTIONS:
            yield ["up", "up", "up"]                          # the last option's row
            row = hw.selected()
            assert row and row[0] not in self.cls.PLAYERS, self.shown()
            yield ["right"]
            assert hw.selected() != row                       # its value changed
            yield ["down", "down"]                            # the second player's row
        else:
            yield ["up"]
        shown = hw.selected()[-1].strip("<>")      # the level with its word of strength, as it fits
        assert hw.selected()[0] == self.cls.PLAYERS[1] and shown in ("AI easy (weakest)", "easy (weak)"), shown
        if self.humans:
            yield ["left"]
            assert hw.selected()[-1] == "<Human>"
        yield ["down"]
        assert hw.selected() == ["Start"]
        yield ["a"]
        session = self.app().session
        assert session.players == (["human", "human"] if self.humans else ["human", "ai-easy"])
        self.options = dict(session.game.options)
        for option in sorted(self.cls.OPTIONS)[-1:]:
            assert self.options[option] != self.cls.OPTIONS[option][0]   # the form's change
        # A few turns.
        starts = []
        for _ in range(2):
            yield from self.to_human_turn()
            starts.append(list(session.game.history))
            yield from self.play_human_turn()
        yield from self.to_human_turn()
        # (named by the side played: Throngs' pie start may have swapped the colours)
        assert session.game.player_name(session.game.to_move()) in " ".join(self.shown())
        # Undo: between humans one decision, against the AI back to the human's last turn.
        history = list(session.game.history)
        yield from self.pause("Undo")
        yield from self.idle()
        self.check_position(history[:-1] if self.humans else starts[-1])
        assert saves.load_game(hw.save_dir)[0].moves == session.texts()
        yield from self.finish_turn()
        # A hint from the pause menu: the move is preselected and A plays it.
        yield from self.to_human_turn()
        history = list(session.game.history)
        yield from self.pause("Hint")
        yield from self.idle()
        builder = self.app().builder
        assert builder is not None and builder.cursor_count() == 1, self.shown()
        hinted = builder.cursor_move()
        flat = "".join(self.shown()).replace(" ", "")
        assert ("Hint:" + session.game.move_to_text(hinted)).replace(" ", "") in flat, self.shown()
        yield ["a"]
        yield from self.idle()
        assert session.game.history[len(history)] == hinted
        yield from self.finish_turn()
        # Pause and resume change nothing.
        yield from self.to_human_turn()
        history = list(session.game.history)
        yield from self.pause("Resume")
        self.check_position(history)
        assert self.shown()[0] != "Paused"
        yield from self.pause("Save and quit")
        assert self.shown()[:2] == ["Tholia", "Continue"] and hw.selected() == ["Continue"]
        assert self.shown()[-1].startswith(self.title), self.shown()
        self.saved = list(history)
        self.saved_texts = saves.load_game(hw.save_dir)[0].moves

    def second_run(self):
        """Continue after a restart, then the end of the game and its Review."""
        hw = self.hw
        assert hw.selected() == ["Continue"]
        # A new game of another kind asks before it replaces the unfinished save; kept, the
        # save stays as it was.
        other = registry.game_title(GAMES[(GAMES.index(self.name) + 1) % len(GAMES)])
        yield from self.select("New game")
        yield ["a"]
        yield from self.select(other)
        yield ["a"]
        assert self.shown()[0] == other and hw.selected() == ["Start"], self.shown()
        yield ["a"]
        assert self.shown()[0] == "Saved game" and hw.selected() == ["Keep it"], self.shown()
        assert self.title in " ".join(self.shown()), self.shown()
        yield ["a"]
        assert self.shown()[0] == other and hw.selected() == ["Start"], self.shown()
        yield ["b"]
        yield ["b"]
        assert self.shown()[:2] == ["Tholia", "Continue"], self.shown()
        assert saves.load_game(hw.save_dir)[0].moves == self.saved_texts
        for _ in range(len(self.shown())):
            if hw.selected() == ["Continue"]:
                break
            yield ["up"]
        n = len(self.saved) + 1
        line = self.shown()[-1]
        assert line.startswith(self.title) and ("#%d" % n in line or "move %d" % n in line), line
        yield ["a"]
        yield from self.idle()
        session = self.app().session
        self.check_position(self.saved)
        assert session.game.options == self.options
        yield from self.to_human_turn()
        if self.name == "trap" and self.humans:
            while session.game.winner() == -1:
                yield from self.play_human_turn()
            from firmware import endings
            words = endings.result_words(session)
        else:
            resigner = session.game.to_move()
            yield from self.pause("Resign")
            assert self.shown()[0] == "Resign" and hw.selected() == ["No"]
            yield ["down"]
            assert hw.selected() == ["Yes"]
            yield ["a"]
            name = session.game.player_name
            words = "%s resigned: %s wins" % (name(resigner), name(1 - resigner))
            from firmware import endings
            assert endings.result_words(session) == words
            if words.replace(" ", "") not in "".join(self.shown()).replace(" ", ""):
                words = "%s wins" % name(1 - resigner)    # a one-line status
        assert saves.load_game(hw.save_dir)[0].result == "over" or session.result.startswith("resign")
        # The game-over screen says the result once; a key, then its menu.
        status = " ".join(" ".join(self.shown()).split())
        assert status.replace(" ", "").count(words.replace(" ", "")) == 1, (words, self.shown())
        yield ["a"]
        assert self.shown()[0] == "Game over" and hw.selected() == ["Main menu"]
        yield ["a"]
        assert self.shown()[:2] == ["Tholia", "Review"] and hw.selected() == ["Review"]
        assert "finished" in self.shown()[-1] or self.shown()[-1] == self.title + " over"
        self.final = saves.load_game(hw.save_dir)[0]


def settle_settings(folder):
    """AI level easy (the hint and the opponent think quickly); the rest as shipped."""
    saves.save_settings(str(folder), {"level": "easy", "targets": "on", "demo": "normal"})


def run_journey(folder, name, profile, humans, seed=1):
    settle_settings(folder)
    journey = Journey(name, profile, humans, seed)
    hw = FakeHW(folder, [], profile, driver=journey.driver(journey.first_run()))
    run_app(hw)
    first_presses = list(hw.pressed)
    assert hw.misfits() == [], (name, profile, hw.misfits())
    hw = FakeHW(folder, [], profile, driver=journey.driver(journey.second_run()))
    games = game_modules()
    run_app(hw)     # it opens another game's form, so the app drops this game's modules
    put_back(games)
    assert hw.misfits() == [], (name, profile, hw.misfits())
    return journey, first_presses


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_a_player_against_the_ai(tmp_path, name, profile):
    journey, _ = run_journey(tmp_path, name, profile, humans=False)
    assert journey.final.players == ["human", "ai-easy"]


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", GAMES)
def test_two_players_and_the_same_presses_in_the_simulator(tmp_path, name, profile):
    journey, presses = run_journey(tmp_path / "harness", name, profile, humans=True)
    assert journey.final.players == ["human", "human"]
    # The first run's presses back to back (the simulator must neither merge nor drop one):
    # the same game saved, and the main menu on Continue.
    from desktop_sim.sim import Simulator
    import firmware.app
    lines = ["press %s 30" % button for button in presses] + ["wait 200", "expect-selected Continue"]
    folder = tmp_path / "sim"
    os.makedirs(folder)
    settle_settings(folder)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sim = Simulator(profile, 1, True, "\n".join(lines) + "\n", str(folder), 120)
    status, reason = sim.run(firmware.app.run)
    assert status == 0, reason
    saved = saves.load_game(str(folder))[0]
    assert saved.moves == journey.saved_texts and saved.options == journey.options
