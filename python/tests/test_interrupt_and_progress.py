"""A long call releases the GIL, reports its progress, and stops within a second of
Ctrl-C (SIGINT through Python's own handler) with topoverify.Interrupted, a
KeyboardInterrupt; the next call runs as usual."""
import os
import signal
import threading
import time

import pytest

import topoverify as tv

# All pairs of PN_2(27) (514,229 nodes) takes minutes on two cores, a batch of 2,048 of
# its sources at the default W seconds on a loaded machine: the engine polls its stop
# request after every level of a batch, so the one-second bound holds mid-batch.  Ctrl-C
# comes once the engine is past its first class of sources (987 fixed points, then the
# orbits of two), whose end builds the next class's engine: its rows' first touch, 400 MB
# here, is polled only once it is done, and took most of a second at load 18.
LONG = dict(lam=2, n=27)


def test_ctrl_c_stops_a_long_call_within_a_second():
    net = tv.network("postal", **LONG)
    sent = {}
    running = threading.Event()

    seen = set()

    def progress(done, total, step):
        if done > 0:
            seen.add(done)
        if len(seen) >= 2:
            running.set()  # the engine is in its batches of sources, past its first class's

    def press_ctrl_c():
        running.wait(60)
        time.sleep(0.2)
        sent["at"] = time.monotonic()
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=press_ctrl_c, daemon=True).start()
    with pytest.raises(KeyboardInterrupt) as e:
        net.distances(backend="cpu", progress=progress)
    stopped = time.monotonic() - sent["at"]
    assert isinstance(e.value, tv.Interrupted)
    assert "stopped" in str(e.value)
    assert stopped < 1.0, f"the call ended {stopped:.2f} s after Ctrl-C"
    # The engine is usable again.
    assert tv.network("hypercube", n=4).distances().diameter == 4


def test_the_gil_is_released_and_progress_is_reported():
    net = tv.network("postal", lam=2, n=20)
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    seen = []
    t = threading.Thread(target=count)
    t.start()
    try:
        d = net.distances(backend="cpu", words=1, progress=lambda done, total, step: seen.append((done, total, step)))
    finally:
        stop.set()
        t.join()
    assert d.diameter == 20
    assert len(ticks) > 10  # the other thread ran while the engine worked
    steps = {s for _, _, s in seen}
    assert "distances" in steps
    done = [x for x, total, s in seen if s == "distances" and total]
    assert done == sorted(done) and done[-1] == [t for _, t, s in seen if s == "distances" and t][-1]


def test_an_exception_in_the_progress_callback_stops_the_call():
    def fail(done, total, step):
        if done:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        tv.network("postal", **LONG).distances(backend="cpu", words=1, progress=fail)
