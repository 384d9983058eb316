# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "board": ("Board sites", None),
    "ruleset": ("Rules", {"seed": "standard", "original": "Ludii 1.3"}),
    "start": ("Opening", {"pie": "pie (choose)"}),
}
