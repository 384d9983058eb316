# What the new-game form shows for the options: option -> (label, value -> word, or None).
# Read by firmware/option_words.py while the form is shown, then forgotten.
WORDS = {
    "variant": ("Variant", {"lucky_scrimmage": "lucky scrimmage"}),
    "push_limit": ("Push limit", None),
    "space": ("Board", {"periodic": "wrap-around", "wide": "two wide", "long": "two long"}),
    "transform": ("Transforming", None),
    "seed": ("Dice seed", None),
}
