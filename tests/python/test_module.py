# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""The Python module beyond the pixels: no copies on the way out or in, the worker threads and
the GIL, errors, resize_folder()'s events, its summary and its cancel, the GPU fallback."""
import os
import pathlib
import shutil
import signal
import sys
import threading
import time
import tracemalloc
import warnings

import numpy as np
import pytest
from PIL import Image

import dropsize

PHOTOS = ["exif-orientation/Landscape_1.jpg", "exif-orientation/Portrait_6.jpg",
          "libjpeg-turbo/testorig.jpg", "pngsuite/basn6a08.png", "pngsuite/basn0g08.png",
          "libjpeg-turbo/testimgint.jpg", "exif-orientation/Landscape_8.jpg"]


def big_photo(tmp_path, side=3000):
    """A photo-like JPEG of side × side·3/4, made here with Pillow."""
    path = tmp_path / f"big-{side}.jpg"
    if not path.exists():
        y, x = np.mgrid[0:side * 3 // 4, 0:side]
        rgb = np.dstack([(x * 255 // side), (y * 255 // side), ((x ^ y) & 255)]).astype(np.uint8)
        Image.fromarray(rgb).save(path, quality=90)
    return path


def test_the_array_owns_the_engines_buffer(testdata):
    a = dropsize.thumbnail(testdata / PHOTOS[0], (120, 120))
    pixels = a.base
    assert isinstance(pixels, dropsize.Pixels)
    assert a.ctypes.data == pixels.address and a.flags.c_contiguous and a.flags.writeable
    assert pixels.shape == a.shape and pixels.mode == "RGB"
    assert np.shares_memory(a, np.asarray(pixels))
    assert np.shares_memory(a, np.frombuffer(memoryview(pixels), np.uint8))
    from_dlpack = np.from_dlpack(pixels)
    assert np.shares_memory(a, from_dlpack) and np.array_equal(a, from_dlpack)
    assert pixels.__dlpack_device__() == (1, 0)  # kDLCPU
    assert np.shares_memory(a, np.from_dlpack(a))  # numpy's own, over the same memory
    grey = dropsize.thumbnail(testdata / PHOTOS[4], (16, 16))
    assert grey.shape == (16, 16) and grey.base.mode == "L"
    assert np.from_dlpack(grey.base).shape == (16, 16)


def test_pixels_outlive_their_array_through_dlpack(testdata):
    a = dropsize.thumbnail(testdata / PHOTOS[1], (64, 64))
    want = a.copy()
    capsule_consumer = np.from_dlpack(a.base)
    del a  # the DLPack consumer keeps the Pixels (and so the pixels) alive
    assert np.array_equal(capsule_consumer, want)
    unused = dropsize.thumbnail(testdata / PHOTOS[1], (64, 64)).base.__dlpack__()
    del unused  # a capsule nobody took frees its tensor


def test_the_hand_off_allocates_nothing(tmp_path):
    # numpy reports its allocations to tracemalloc; the engine's buffer is not numpy's. Pillow's
    # np.asarray() copies the image (at least once); Dropsize's array is a view of the engine's.
    path = big_photo(tmp_path)
    tracemalloc.start()
    try:
        a = dropsize.thumbnail(path, (3000, 3000))  # kept at its size: 3000 × 2250 × 3 bytes
        _, dropsize_peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        im = Image.open(path)
        im.load()
        b = np.asarray(im)
        _, pillow_peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert a.nbytes == b.nbytes == 3000 * 2250 * 3
    assert pillow_peak >= a.nbytes  # the copy np.asarray makes
    assert dropsize_peak < 2 * 1024 * 1024  # the file's bytes only, read by Python
    assert np.array_equal(a, b)


def test_resize_reads_its_input_in_place():
    rng = np.random.default_rng(7)
    a = rng.integers(0, 256, (2000, 3000, 3), dtype=np.uint8)
    for view in (a, a[100:1900]):  # packed rows: read where they are
        tracemalloc.start()
        try:
            out = dropsize.resize(view, (300, 200))
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert out.shape == (200, 300, 3) and peak < 1024 * 1024
    tracemalloc.start()
    try:
        dropsize.resize(a[:, ::2], (300, 200))  # not packed: one copy
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak >= a[:, ::2].nbytes


def test_thumbnails_in_order_equal_to_thumbnail(testdata):
    paths = [testdata / p for p in PHOTOS] * 3
    want = [dropsize.thumbnail(p, (90, 60), exif_transpose=True) for p in paths]
    for threads in (0, 1, 3):
        got = list(dropsize.thumbnails(paths, (90, 60), exif_transpose=True, threads=threads))
        assert len(got) == len(want)
        assert all(np.array_equal(g, w) for g, w in zip(got, want))
    sources = [p.read_bytes() if i % 2 else str(p) for i, p in enumerate(paths)]
    got = list(dropsize.thumbnails(iter(sources), (90, 60), exif_transpose=True))
    assert all(np.array_equal(g, w) for g, w in zip(got, want))
    assert list(dropsize.thumbnails([], (10, 10))) == []


def test_a_bad_source_fails_alone(testdata, tmp_path):
    bad = tmp_path / "notes.jpg"
    bad.write_text("not an image at all\n")
    missing = tmp_path / "missing.jpg"
    good = testdata / PHOTOS[2]
    sources = [good, bad, good, missing, b"\xff\xd8\xff\xe0 cut", good]
    results = list(dropsize.thumbnails(sources, (40, 40), errors="yield"))
    assert [type(r).__name__ for r in results] == [
        "ndarray", "ImageError", "ndarray", "ImageError", "ImageError", "ndarray"]
    assert results[1].source == str(bad) and str(bad) in str(results[1])
    assert results[3].source == str(missing) and "No such file" in results[3].reason
    assert results[4].source == "<bytes>"
    assert isinstance(results[1], OSError)
    it = dropsize.thumbnails(sources, (40, 40))
    assert next(it).shape[:2] == (26, 40)  # testorig.jpg: 227x149
    with pytest.raises(dropsize.ImageError) as e:
        next(it)
    assert e.value.source == str(bad) and e.value.code == "unsupported-format"
    with pytest.raises(dropsize.ImageError, match="notes.jpg"):
        dropsize.thumbnail(bad, (10, 10))
    with pytest.raises(FileNotFoundError):
        dropsize.thumbnail(missing, (10, 10))
    with pytest.raises(ValueError):
        list(dropsize.thumbnails([good], (10, 10), errors="ignore"))
    fifo = tmp_path / "pipe.jpg"
    os.mkfifo(fifo)  # read to its end, it would wait for a writer forever
    [refused] = dropsize.thumbnails([fifo], (10, 10), errors="yield")
    assert refused.source == str(fifo) and "not a regular file" in refused.reason
    [folder] = dropsize.thumbnails([tmp_path], (10, 10), errors="yield")
    assert "folder" in folder.reason


def test_other_python_threads_run_during_thumbnails(tmp_path):
    path = big_photo(tmp_path, 2400)
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        start = time.perf_counter()
        for _ in dropsize.thumbnails([path] * 6, (2000, 2000), reducing_gap=None, threads=2):
            pass
        end = time.perf_counter()
    finally:
        stop.set()
        t.join()
    during = [x for x in ticks if start <= x <= end]
    # With the GIL held throughout, the ticker would not run at all while the engine works.
    assert len(during) >= 0.2 * (end - start) / 0.001 / 10


def os_threads():
    return len(os.listdir("/proc/self/task"))


def test_breaking_out_stops_the_workers(tmp_path):
    path = big_photo(tmp_path, 2400)
    before = os_threads()
    gen = dropsize.thumbnails([path] * 50, (100, 100), threads=3)
    assert os_threads() == before + 3
    next(gen)
    gen.close()  # cancels what runs and joins the workers
    assert os_threads() == before
    unused = dropsize.thumbnails([path], (100, 100), threads=2)
    assert os_threads() == before + 2
    del unused  # never iterated: the pool's own destructor joins them
    assert os_threads() == before
    with pytest.raises(ValueError, match="1024"):
        dropsize.thumbnails([path], (10, 10), threads=5000)


def test_gpu_without_a_gpu_says_why_once(testdata):
    reason = dropsize._native.gpu_unavailable_reason()
    if not reason:
        pytest.skip("a GPU is usable here: the fallback is not taken")
    dropsize._gpu_said = False
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        a = dropsize.thumbnail(testdata / PHOTOS[0], (100, 100), device="gpu")
        b = dropsize.thumbnail(testdata / PHOTOS[0], (100, 100), device="gpu")
    said = [w for w in caught if issubclass(w.category, RuntimeWarning)]
    assert len(said) == 1 and reason in str(said[0].message)
    assert np.array_equal(a, b)
    assert np.array_equal(a, dropsize.thumbnail(testdata / PHOTOS[0], (100, 100), device="cpu"))
    with pytest.raises(ValueError, match="device"):
        dropsize.thumbnail(testdata / PHOTOS[0], (100, 100), device="tpu")


def folder_of_photos(testdata, tmp_path, copies=2):
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    for i in range(copies):
        for p in PHOTOS:
            shutil.copy(testdata / p, (src / "sub" if i else src) / f"{i}-{pathlib.Path(p).name}")
    (src / "broken.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really")
    return src


def snapshot(folder):
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_resize_folder_events_and_summary(testdata, tmp_path):
    src = folder_of_photos(testdata, tmp_path)
    before = snapshot(src)
    out = tmp_path / "out"
    events = []
    summary = dropsize.resize_folder(src, out, 25, on_event=events.append,
                                     filter="lanczos", threads=2)
    assert snapshot(src) == before  # the originals, untouched
    finished = [e for e in events if e["event"] == "job-finished"]
    assert events[0]["event"] == "batch-started" and events[-1] == summary
    assert summary["event"] == "batch-finished" and summary["total"] == len(finished) == 15
    assert summary["ok"] == 14 and summary["failed"] == 1
    failed = [e for e in finished if e["status"] == "failed"]
    assert failed[0]["input"].endswith("broken.jpg") and failed[0]["error"]
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.*") if p.is_file())
    assert len([w for w in written if w.startswith("sub/")]) == 7  # the structure kept
    one = next(e for e in finished if e["input"].endswith("0-Landscape_1.jpg"))
    im = Image.open(testdata / PHOTOS[0])
    im.thumbnail((im.width * 0.25, im.height * 0.25), Image.Resampling.LANCZOS)
    assert tuple(one["output_size"]) == im.size
    assert Image.open(one["output"]).size == im.size


def test_resize_folder_options_and_errors(testdata, tmp_path):
    src = folder_of_photos(testdata, tmp_path, copies=1)
    out = tmp_path / "out"
    s = dropsize.resize_folder([src / "0-Landscape_1.jpg", src / "0-testorig.jpg"], out,
                               fit="64x64", format="png")
    assert s["ok"] == 2 and sorted(p.suffix for p in out.iterdir() if p.is_file()
                                   and not p.name.startswith(".")) == [
        ".png", ".png"]
    assert max(Image.open(next(out.glob("0-Landscape_1*"))).size) == 64
    with pytest.raises(ValueError, match="--no-such-flag"):
        dropsize.resize_folder(src, out, no_such_flag=3)
    with pytest.raises(ValueError, match="--dry-run"):
        dropsize.resize_folder(src, out, dry_run=True)
    events = []
    s = dropsize.resize_folder(tmp_path / "nowhere", out, on_event=events.append)
    assert s["failed"] == 1  # a missing input is accounted for, as on the command line
    assert events[2]["error"]["code"] == "not-found"


def no_partial_files(out):
    for p in out.rglob("*"):
        if p.is_file() and not p.name.startswith("."):
            Image.open(p).load()  # every file with a final name is whole


def test_an_exception_from_on_event_cancels(testdata, tmp_path):
    src = folder_of_photos(testdata, tmp_path, copies=4)
    out = tmp_path / "out"
    seen = []

    def stop_after_two(event):
        seen.append(event)
        if sum(e["event"] == "job-finished" for e in seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        dropsize.resize_folder(src, out, on_event=stop_after_two, threads=1)
    no_partial_files(out)
    # A KeyboardInterrupt is a Ctrl-C: the events go on, every file accounted for.
    summary = seen[-1]
    assert summary["event"] == "batch-finished" and summary["cancelled"] > 0
    assert summary["ok"] + summary["failed"] + summary["cancelled"] == summary["total"] == 29
    assert sum(e["event"] == "job-finished" for e in seen) == 29


def test_another_exception_from_on_event_cancels_and_ends_the_calls(testdata, tmp_path):
    src = folder_of_photos(testdata, tmp_path, copies=4)
    seen = []

    def fail_at_the_second(event):
        seen.append(event)
        if sum(e["event"] == "job-finished" for e in seen) == 2:
            raise RuntimeError("on_event failed")

    with pytest.raises(RuntimeError, match="on_event failed"):
        dropsize.resize_folder(src, tmp_path / "out", on_event=fail_at_the_second, threads=1)
    assert sum(e["event"] == "job-finished" for e in seen) == 2  # not called after it raised
    no_partial_files(tmp_path / "out")


def test_ctrl_c_cancels_cleanly(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    photo = big_photo(tmp_path, 2400)
    for i in range(150):
        shutil.copy(photo, src / f"{i:03}.jpg")
    before = snapshot(src)
    out = tmp_path / "out"
    first_done = threading.Event()
    # SIGINT from another thread once the batch is under way, as a terminal's Ctrl-C comes.
    sender = threading.Thread(target=lambda: first_done.wait(60) and os.kill(os.getpid(),
                                                                             signal.SIGINT))
    sender.start()
    events = []

    def on_event(event):
        events.append(event)
        if event["event"] == "job-finished":
            first_done.set()

    # The sender needs the GIL to send: with no switch while Python code runs, it sends while
    # resize_folder() waits for events (without the GIL), never inside on_event.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(100)
    try:
        with pytest.raises(KeyboardInterrupt):
            dropsize.resize_folder(src, out, 50, on_event=on_event, threads=2, filter="lanczos")
    finally:
        sys.setswitchinterval(interval)
    sender.join()
    assert snapshot(src) == before
    no_partial_files(out)
    finished = [e for e in events if e["event"] == "job-finished"]
    assert events[-1]["event"] == "batch-finished" and events[-1]["cancelled"] > 0
    assert len(finished) == 150  # every file accounted for: done or cancelled
    assert {e["status"] for e in finished} <= {"ok", "cancelled"}


def test_names_that_are_not_utf8_or_look_like_flags(testdata, tmp_path, monkeypatch):
    src = tmp_path / "-in"
    src.mkdir()
    odd = src / os.fsdecode(b"caf\xe9 \r photo.jpg")  # Latin-1, not UTF-8, and a CR
    shutil.copy(testdata / PHOTOS[2], odd)
    bad = src / os.fsdecode(b"bad\xff.jpg")
    bad.write_bytes(b"not an image")
    want = dropsize.thumbnail(testdata / PHOTOS[2], (50, 50))
    assert np.array_equal(dropsize.thumbnail(odd, (50, 50)), want)
    assert np.array_equal(next(dropsize.thumbnails([odd], (50, 50))), want)
    with pytest.raises(dropsize.ImageError) as e:
        dropsize.thumbnail(bad, (5, 5))
    assert e.value.source == str(bad)
    [failed] = dropsize.thumbnails([bad], (5, 5), errors="yield")
    assert failed.source == str(bad)
    # Relative names starting with "-" stay names; the events give the exact bytes back.
    monkeypatch.chdir(tmp_path)
    events = []
    summary = dropsize.resize_folder("-in", "-out", on_event=events.append)
    assert summary["ok"] == 1 and summary["failed"] == 1
    finished = {os.fsencode(e["input"]): e for e in events if e["event"] == "job-finished"}
    assert finished[os.fsencode(odd)]["status"] == "ok"  # the planner's absolute names
    assert finished[os.fsencode(bad)]["status"] == "failed"
    assert (tmp_path / "-out" / odd.name).is_file()
