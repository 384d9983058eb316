"""Child processes that end with the tool that started them.

A tool killed outright (SIGKILL, an out-of-memory kill) runs no cleanup, and its children would
run on as orphans (a MicroPython VM under node for up to its timeout, or for ever).  On Linux
the kernel can send the child SIGTERM when its parent dies (prctl PR_SET_PDEATHSIG), which
needs no cooperation from the child; elsewhere this does nothing (the virtual board is tied to
its parent by a pipe instead, tools/device/vboard.py).

A tool that is stopped by a signal it can catch (Ctrl-C's SIGINT, SIGTERM) cleans up as it does
on KeyboardInterrupt when it runs inside `interrupted_by_signals()`: its `with` blocks stop the
children and remove the temporary folders.
"""
import contextlib
import ctypes
import signal
import subprocess
import sys

_PR_SET_PDEATHSIG = 1


def die_with_parent():
    """A subprocess preexec_fn: the child gets SIGTERM when the thread that started it ends
    (start children from the main thread, or from a thread that outlives them)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def stop(proc, grace_s=10):
    """Ends a child started with subprocess.Popen: SIGTERM, then SIGKILL after `grace_s`."""
    if proc and proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def raise_interrupt(signum, frame):
    raise KeyboardInterrupt()


@contextlib.contextmanager
def interrupted_by_signals():
    """Inside, SIGTERM and SIGINT raise KeyboardInterrupt in the main thread, whatever the tool
    was started with (Python's default SIGTERM ends the process at once, so no cleanup runs;
    a shell starts a background job with SIGINT ignored); the handlers are put back after."""
    handlers = {sig: signal.signal(sig, raise_interrupt) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig in handlers:
            signal.signal(sig, handlers[sig])
