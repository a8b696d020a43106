"""Engine calls run on one long-lived thread (python/src/engine_thread.hpp), and a call
made while that thread is busy runs on a thread of its own: from a progress callback,
from two Python threads at once, and in a forked child, every call still answers."""
import multiprocessing
import threading

import topoverify as tv


def test_a_call_from_a_progress_callback_runs_beside_the_busy_engine_thread():
    inner = []

    def progress(done, total, step):
        if not inner:
            # The long-lived thread is running the outer call: this one needs its own.
            inner.append(tv.network("hypercube", n=5).distances().diameter)

    outer = tv.network("postal", lam=2, n=16).distances(backend="cpu", words=1, progress=progress)
    assert inner == [5]
    assert outer.diameter == 16


def test_two_python_threads_call_at_once():
    answers = {}

    def work(n):
        answers[n] = tv.network("hypercube", n=n).distances(backend="cpu").diameter

    threads = [threading.Thread(target=work, args=(n,)) for n in (9, 10, 11, 12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert answers == {9: 9, 10: 10, 11: 11, 12: 12}


def _diameter_in_child(n):
    return tv.network("hypercube", n=n).distances(backend="cpu").diameter


def test_a_forked_child_gets_an_engine_thread_of_its_own():
    # The parent's long-lived thread exists before the fork and not in the child.
    assert tv.network("hypercube", n=3).distances().diameter == 3
    with multiprocessing.get_context("fork").Pool(1) as pool:
        assert pool.apply_async(_diameter_in_child, (6,)).get(120) == 6
