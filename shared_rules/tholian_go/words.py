# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "variant": ("Variant", {"lucky_scrimmage": "lucky scrimmage"}),
    "push_limit": ("Push limit", None),
    "space": ("Board", {"periodic": "wrap-around", "wide": "two wide", "long": "two long"}),
    "transform": ("Transforming", None),
    "seed": ("Dice seed", None),
}
# A line per option for the form's foot while it is under the cursor: the longest that fits.
EXPLAIN = {
    "variant": ("Standard rules, or a variant game", "Rules variant", "Variant"),
    "push_limit": ("On: push no more enemy tokens than own", "On: own tokens >= enemy ones",
                   "Limit pushes"),
    "space": ("One board, wrapped, or two joined", "Board shape"),
    "transform": ("Lucky: light turns dark at target", "Light turns dark at target",
                  "Turn at target"),
    "seed": ("The dice: same number, same dice", "Same number, same dice", "Dice numbers"),
}
