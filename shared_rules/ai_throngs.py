# AI tuning for throngs: being written by the throngs AI engineer.
