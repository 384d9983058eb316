# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "red_links": ("Red joins", {"left-right": "left+right", "top-bottom": "top+bottom"}),
}
# A line per option for the form's foot while it is under the cursor: the longest that fits.
EXPLAIN = {
    "red_links": ("The two sides Red's wave must join", "The sides Red must join", "Red's sides"),
}
