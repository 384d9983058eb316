# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "board": ("Board sites", None),
    "ruleset": ("Rules", {"seed": "standard", "original": "Ludii 1.3"}),
    "start": ("Opening", {"pie": "pie (choose)"}),
}
# A line per option for the form's foot while it is under the cursor: the longest that fits.
EXPLAIN = {
    "board": ("Which board, and how many sites", "Board and its size", "Board size"),
    "ruleset": ("Today's rules, or Ludii's older ones", "New rules or Ludii's old ones",
                "Rules version"),
    "start": ("Fixed stones, or one player places", "Fixed stones or a pie choice",
              "Start stones"),
}
