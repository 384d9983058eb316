# AI tuning for thoughtwave: being written by the thoughtwave AI engineer.
