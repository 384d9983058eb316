# What the new-game form shows for each game's options: a label a player understands and the
# words for values that are not plain words.  Imported only while the form is shown.  An
# option not listed here shows its name with spaces ("first_player" -> "First player").

WORDS = {
    "tholian_go": {
        "variant": ("Variant", {"lucky_scrimmage": "lucky scrimmage"}),
        "push_limit": ("Push limit", None),
        "space": ("Board", {"periodic": "wrap-around", "wide": "two wide", "long": "two long"}),
        "transform": ("Transforming", None),
        "seed": ("Dice seed", None),
    },
    "throngs": {
        "board": ("Board sites", None),
        "ruleset": ("Rules", {"seed": "standard", "original": "Ludii 1.3"}),
        "start": ("Opening", {"pie": "pie (choose)"}),
    },
    "thoughtwave": {
        "red_links": ("Red joins", {"left-right": "left+right", "top-bottom": "top+bottom"}),
    },
    "trap": {
        "size": ("Board size", None),
        "dots": ("Dots", {"five": "five", "center": "one, centre"}),
        "first": ("Moves first", {"light": "Light", "dark": "Dark"}),
    },
}


def label(game, option):
    words = WORDS.get(game, {}).get(option)
    if words is not None:
        return words[0]
    return (option[:1].upper() + option[1:]).replace("_", " ")


def values(game, option):
    """value -> shown word, or None when every value is shown as it is."""
    words = WORDS.get(game, {}).get(option)
    return words[1] if words is not None else None
