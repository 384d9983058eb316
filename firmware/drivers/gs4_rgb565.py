# GS4 -> big-endian RGB565 in native code (viper), for the colour panels' drivers: several
# times faster than framebuf.blit() through a palette.
# Compiled only where MicroPython has a native emitter (mpy-cross -march=armv6m / xtensawin):
# elsewhere (the WebAssembly VM of the tests) importing this module raises SyntaxError.
# (ptr8, ptr16, ptr32 and uint are the viper compiler's own names)
# pyright: reportUndefinedVariable=false
import micropython


def pair_table(rgb565):
    """The 256 x 4 bytes of expand()'s table: for each GS4 byte (two pixels, the left one in the
    high nibble) the two pixels' colours rgb565(index) as big-endian RGB565."""
    table = bytearray(1024)
    for byte in range(256):
        left = rgb565(byte >> 4)
        right = rgb565(byte & 15)
        table[4 * byte] = left >> 8
        table[4 * byte + 1] = left & 0xFF
        table[4 * byte + 2] = right >> 8
        table[4 * byte + 3] = right & 0xFF
    return table


@micropython.viper
def expand(src: ptr8, first: int, shape: int, dst: ptr8, table: ptr32):
    """Expands `rows` rows of `w` pixels of the GS4_HMSB buffer `src` (`stride` pixels a row),
    from its pixel number `first`, into `dst` (the rows one after the other) through pair_table;
    shape = stride << 20 | w << 10 | rows (five arguments: the caller's frame then fits the 11
    words MicroPython keeps off the heap).  A rectangle of whole 32-bit words (x, w and the
    stride multiples of 8: the app's rectangles, whole rows) goes a source word at a time; any
    other a pixel at a time."""
    stride = shape >> 20
    w = (shape >> 10) & 1023
    rows = shape & 1023
    row = 0
    if (first | stride | w) & 7 == 0:
        out = ptr32(dst)
        while row < rows:
            word = ptr32(uint(src) + ((first + row * stride) >> 1))
            row_end = uint(word) + (w >> 1)
            while uint(word) < row_end:
                pixels = word[0]
                out[0] = table[pixels & 0xFF]
                out[1] = table[(pixels >> 8) & 0xFF]
                out[2] = table[(pixels >> 16) & 0xFF]
                out[3] = table[(pixels >> 24) & 0xFF]
                word = ptr32(uint(word) + 4)
                out = ptr32(uint(out) + 16)
            row += 1
        return
    # A pixel's colour is the first half of its byte doubled (n * 17): halfword n * 34.
    colours = ptr16(table)
    out16 = ptr16(dst)
    while row < rows:
        pixel = first + row * stride
        end = pixel + w
        while pixel < end:
            byte = src[pixel >> 1]
            nibble = (byte & 15) if pixel & 1 else (byte >> 4)
            out16[0] = colours[nibble * 34]
            out16 = ptr16(uint(out16) + 2)
            pixel += 1
        row += 1
