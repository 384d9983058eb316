# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "red_links": ("Red joins", {"left-right": "left+right", "top-bottom": "top+bottom"}),
}
