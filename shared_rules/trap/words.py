# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "size": ("Board size", None),
    "dots": ("Dots", {"five": "five", "center": "one, centre"}),
    "first": ("Moves first", {"light": "Light", "dark": "Dark"}),
}
