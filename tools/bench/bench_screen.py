"""Cursor -> screen on the reference board, estimated (`python -m tools.bench screen`).

tools/vm/vm_screen_session.py runs the app under the MicroPython VM on the device's hardware layer
and the real ST7789 driver (its SPI counts bytes) and times, at the 20th decision of a random
two-human game of each game, cursor moves between neighbouring places and whole redraws.

RP2040 estimate of one update = VM ms x the VM's pystones (measured in the same VM, warmed up,
around the timings) / the RP2040's 1,490 (drawing, the driver's GS4 -> RGB565 expansion, the
driver's Python) + the bytes sent at the SPI clock the firmware really runs (24 MHz: MicroPython
v1.27's 48 MHz peripheral clock / 2, whatever baudrate is asked; boards/pico_lcd13.py).
The expansion is C code, which the pystone ratio scales only roughly: on the virtual Pico
(tools/bench/bench_vpico.py, the real firmware) cursor moves took 17-19 ms (emulated, median, from
the press), about twice these estimates, and a whole frame's sending 107 ms.  So the targets (cursor move -> last byte
<= 30 ms median, <= 50 ms worst; a whole play screen <= 150 ms) are checked there, from the
press's GPIO edge; these figures, which need no firmware, compare the games and the changes.
"""
import statistics

SPI_HZ = 24_000_000
CURSOR_MEDIAN_MS = 30
CURSOR_WORST_MS = 50
FULL_MS = 150


def wire_ms(nbytes):
    return nbytes * 8 * 1000 / SPI_HZ


def run(benchlib):
    from shared_rules import registry
    import shared_rules.games  # noqa: F401
    out = {}
    for name in registry.game_names():
        fig = benchlib.run_mpy("tools/vm/vm_screen_session.py", [name, "1"],
                               mounts=("boards", "firmware", "shared_rules", "tools"))
        ratio = fig["vm_pystones"] / benchlib.DEVICE_PYSTONES["rp2040"]
        cursor = [ms * ratio + wire_ms(b) for ms, b in zip(fig["cursor_vm_ms"], fig["cursor_bytes"])]
        full = fig["full_vm_ms"] * ratio + wire_ms(fig["full_bytes"])
        median, worst = statistics.median(cursor), max(cursor)
        out[name] = {
            "cursor_median_ms_rp2040": round(median, 1),
            "cursor_worst_ms_rp2040": round(worst, 1),
            "cursor_bytes_median": statistics.median(fig["cursor_bytes"]),
            "full_screen_ms_rp2040": round(full, 1),
            "full_send_ms_rp2040": round(fig["send_vm_ms"] * ratio + wire_ms(fig["full_bytes"]), 1),
            "moves_timed": fig["pairs"],
            "vm_pystones": round(fig["vm_pystones"]),
        }
        print("   %s: cursor %.1f ms median, %.1f worst; whole screen %.1f ms" % (name, median, worst, full),
              flush=True)
    return {"screen": {"targets_ms": {"cursor_median": CURSOR_MEDIAN_MS, "cursor_worst": CURSOR_WORST_MS,
                                      "full_screen": FULL_MS},
                       "spi_hz": SPI_HZ, "games": out}}
