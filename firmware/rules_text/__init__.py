# Rules pages shown on the handheld, one module per game (TEXT), imported only while shown.
