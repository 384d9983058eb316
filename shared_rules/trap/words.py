# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "size": ("Board size", None),
    "dots": ("Dots", {"five": "five", "center": "one, centre"}),
    "first": ("Moves first", {"light": "Light", "dark": "Dark"}),
}
# A line per option for the form's foot while it is under the cursor: the longest that fits.
EXPLAIN = {
    "size": ("How many holes along each side", "Holes along each side", "Holes per side"),
    "dots": ("Where the red dots to trap are", "Where the red dots are", "Red dots"),
    "first": ("Who places the first ball", "First ball"),
}
