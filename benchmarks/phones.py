"""Phones benchmark (issue 30): a phone's answer to the table's update on loopback, and what phones connected
cost the screen's frames and its idle loop.

The table is a real one (Celebrity Deathmatch's, 1280×720, the dummy video driver unless SDL_VIDEODRIVER
says otherwise) in a new App; its phone seats are a `PhoneHost` on 127.0.0.1 and the phones are WebSocket
clients in **another process** (this script run with `--phone-process`), as phones are other machines: their
work does not share this process's interpreter.

1. **Latency** (`--phones 2,10`): a Celebrity game of N players, every seat a phone (2 players on the Classic
   Square, 10 on the Grand Arena), through the real main loop (`App.run`: `clock.tick` while something
   moves, the idle poll — `App.wait_for_events`, every IDLE_POLL_S — while the table waits), animations at
   the app's default speed. Each phone, asked a decision, thinks a random 0–`--think` seconds (so answers
   come both while the table animates — the turn banner, 1.6 s — and while it sleeps), answers a seeded random choice, and times from
   its send to its receipt of the first state showing the decision taken (a newer `seq`, its decision gone or
   another). `--answers` answers a run (a game that ends is followed by the next seed's); median and p95 in
   ms of each run, and of all runs' answers together; and where the time went, from marks on the table's
   side (`Marks`: perf_counter is the system's monotonic clock, the same in both processes).
2. **Frames**: the 10-player Grand Arena table (benchmarks/frames.py's Celebrity set-up) playing itself for
   `--frames` frames after the warm-up, timed like frames.py (the thread's CPU time and the wall clock of
   `App.frame`), once with every seat a phone and once with no phones, the same seeds and the same answers:
   each seat's phone and, without phones, each seat's computer player pick the same seeded random index of
   the same choices. The frames the table spends waiting for a phone's answer (a person takes seconds) are
   not run; without phones a seat answers on the frame after its decision (auto_delay 0).
3. **Idle**: that table settled at a phone's decision (the phone never answers) with 10 phones connected,
   through the real main loop for `--idle` seconds: the process's CPU time (the server's thread included)
   over the wall time, as % of one core, beside the same table settled at a person's decision at the screen
   with no phones (frames.py's `idle_cpu`).

    python benchmarks/phones.py [--phones 2,10] [--answers 200] [--runs 3] [--think 2.5]
                                [--frames 3000] [--idle 5] [--part all|latency|frames|idle]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

ARENAS = {2: "classic_square"}
"""The arena of an N-player game (the Grand Arena, for 5–10, otherwise)."""
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]
SIZE = (1280, 720)


def arena_for(players: int) -> str:
    return ARENAS.get(players, "grand_arena" if players >= 5 else "colosseum")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


# ------------------------------------------------------------------------------------------- the phones

class Phones:
    """The phones' process, seen from the table's: started with the seats' addresses, stopped by closing its
    stdin, after which it prints what it measured (one JSON object)."""

    def __init__(self, host, mode: str, think: float, seed: int):
        seats = [f"{s}={host.secret(s)}" for s in host.seats]
        cmd = [sys.executable, __file__, "--phone-process", f"http://{host.host_words()}", mode, str(think),
               str(seed), *seats]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.host = host

    def wait_connected(self, limit: float = 30.0) -> None:
        stop = time.monotonic() + limit
        while not all(self.host.connected(s) for s in self.host.seats):
            if time.monotonic() > stop or self.proc.poll() is not None:
                raise SystemExit("the phones did not connect")
            time.sleep(0.01)

    def finish(self) -> dict:
        out, _ = self.proc.communicate("", timeout=60)
        return json.loads(out.strip().splitlines()[-1])


def phone_process(base: str, mode: str, think: float, seed: int, seats: list[str]) -> None:
    """The phones (run in their own process): one WebSocket each, answering their seat's decisions.

    mode "latency": think a random 0–`think` s, answer a random choice, time the answer to its update;
    mode "frames": answer at once, the choice of a seeded random index (the same as `Picker`'s);
    mode "silent": never answer."""
    import aiohttp

    timings: list[float] = []
    marks: list[tuple] = []
    """(seat, decision id, sent, received): perf_counter is the system's monotonic clock, the same in every
    process, so the table's own marks (`Marks`) line up with these."""
    errors: list[str] = []
    received = [0]

    async def one(session, index: int, seat: str, secret: str) -> None:
        rng = Picker.rng(seed, index)
        pending = None  # (decision id, seq at the send, perf_counter at the send) of the answer in flight
        busy = False    # an answer is being thought of
        latest: dict = {}
        async with session.ws_connect(f"{base}/ws/{secret}", max_msg_size=0) as ws:

            async def answer_later():
                nonlocal pending, busy
                if mode == "latency":
                    await asyncio.sleep(rng.uniform(0, think))
                d = latest.get("decision")
                if d and pending is None:
                    c = rng.randrange(len(d["choices"]))
                    pending = (d["id"], latest["seq"], time.perf_counter())
                    await ws.send_str(json.dumps({"t": "answer", "d": d["id"], "c": c}))
                busy = False

            async for m in ws:
                if m.type != aiohttp.WSMsgType.TEXT:
                    break
                msg = json.loads(m.data)
                received[0] += 1
                if msg.get("t") == "error":
                    errors.append(f"{seat}: {msg.get('code')}")
                    pending = None
                    continue
                if msg.get("t") != "state":
                    continue
                latest = msg
                d = msg.get("decision")
                if pending is not None and msg["seq"] > pending[1] and (d is None or d["id"] != pending[0]):
                    now = time.perf_counter()
                    timings.append(now - pending[2])
                    marks.append((seat, pending[0], pending[2], now))
                    pending = None
                if d and pending is None and not busy and mode != "silent":
                    busy = True
                    asyncio.ensure_future(answer_later())

    async def main():
        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.ensure_future(one(session, i, *s.split("=", 1))) for i, s in enumerate(seats)]
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the table is done
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    print(json.dumps({"timings": timings, "marks": marks, "errors": errors, "received": received[0]}), flush=True)


class Picker:
    """A computer seat that answers as its phone would: the choice at a seeded random index of the table's
    answers (`Table.options`: the phone's choices, in the same order)."""

    thinks = False

    def __init__(self, seed: int, index: int):
        self.random = Picker.rng(seed, index)
        self.table = None

    @staticmethod
    def rng(seed: int, index: int) -> random.Random:
        return random.Random(seed * 100 + index)

    def choose(self, game):
        options = self.table.options
        return options[self.random.randrange(len(options))]


class Marks:
    """Where an answer's time goes, on the table's side: when the network thread admitted it (`PhoneHost.admit`),
    when the screen's loop took it (`PhoneLink.handle`) and when its update was published to every seat."""

    def __init__(self, host):
        self.admitted: dict[tuple, float] = {}
        self.taken: dict[tuple, float] = {}
        self.published: dict[tuple, float] = {}
        admit = host.admit

        def marked_admit(seat, raw):
            msg = admit(seat, raw)
            if isinstance(msg, dict) and msg.get("t") == "answer":
                self.admitted[(seat, msg["d"])] = time.perf_counter()
            return msg

        host.admit = marked_admit

    def link(self, link) -> None:
        handle = link.handle

        def marked_handle(seat, msg):
            key = (seat, msg.get("d"))
            self.taken[key] = time.perf_counter()
            handle(seat, msg)
            self.published[key] = time.perf_counter()

        link.handle = marked_handle

    def split(self, marks) -> dict[str, list[float]]:
        """Each answer's time in four parts, ms: to the network thread, waiting for the loop's next look, the
        table's work (the answer applied, every seat's state made and queued), back to the phone."""
        parts: dict[str, list[float]] = {"network in": [], "wait for the loop": [], "table's work": [],
                                         "network out": []}
        for seat, d, sent, received in marks:
            key = (seat, d)
            if key in self.admitted and key in self.taken and key in self.published:
                a, t, p = self.admitted[key], self.taken[key], self.published[key]
                for name, x in zip(parts, (a - sent, t - a, p - t, received - p)):
                    parts[name].append(x * 1000)
        return parts


# ------------------------------------------------------------------------------------------- the table

def new_app():
    from deathmatch.scenes.app import App

    app = App(SIZE)
    app.catch_errors = False
    return app


def open_table(app, players: int, seed: int, *, phones: bool, pickers: dict | None = None, anim_speed: float = 1.0):
    """A new Celebrity game of `players` on its battle table, pushed on `app` (the host `app.phones` links
    its phone seats when `phones`); with `pickers` (seat → `Picker`) every seat a computer's (no phones)."""
    from deathmatch.launch import hidden_cards, make_game

    names = NAMES[:players]
    game, path = make_game(players, arena_for(players), seed, names=names)
    cls = app.router.scene_class("battle", "celebrity")
    extra = {}
    if pickers:
        extra = {"auto_players": dict(pickers), "auto_delay": 0.0}
    saved = app.phones if hasattr(app, "phones") else None
    app.phones = saved if phones else None
    table = cls(app, game, path, handoff=True, anim_speed=anim_speed, **hidden_cards(cls, True), **extra)
    app.phones = saved
    for bot in extra.get("auto_players", {}).values():
        bot.table = table
    app.stack.scenes.clear()
    app.push(table)
    return table


def new_host(players: int):
    from deathmatch.phones.host import PhoneHost

    return PhoneHost({n: None for n in NAMES[:players]}, bind="127.0.0.1", port=0)


# ------------------------------------------------------------------------------------------- 1. latency

def latency_run(players: int, answers: int, think: float, seed: int, speed: float) -> dict:
    """One run: a game (or more) of `players` phones through `App.run` until `answers` answers are taken."""
    app = new_app()
    app.settings.animation_speed = speed
    host = new_host(players)
    app.phones = host
    marks = Marks(host)
    table = open_table(app, players, seed, phones=True)  # (the host starts listening)
    marks.link(table.phones)
    phones = Phones(host, "latency", think, seed)
    phones.wait_connected()
    taken = [0]
    games = [1]

    def enough(app):
        if app.stack.top is not table_box[0]:
            return
        if table_box[0].front.over or taken[0] + table_box[0].front.answers >= answers + 2:
            app.running = False

    table_box = [table]
    app.frame_hooks.append(enough)
    t0 = time.perf_counter()
    while True:
        app.running = True
        app.run()  # the app's own loop (clock.tick while animating, else the idle poll)
        t = table_box[0]
        if t.front.over and taken[0] + t.front.answers < answers + 2:
            taken[0] += t.front.answers
            games[0] += 1
            marks.admitted.clear()  # (a new game numbers its decisions from the start again)
            table_box[0] = open_table(app, players, seed + games[0] - 1, phones=True)
            marks.link(table_box[0].phones)
            continue
        break
    wall = time.perf_counter() - t0
    result = phones.finish()
    host.stop()
    times = result["timings"]
    return {"times": [x * 1000 for x in times], "errors": result["errors"], "games": games[0], "wall": wall,
            "frames": app.frames, "parts": marks.split(result["marks"])}


# ------------------------------------------------------------------------------------------- 2. frames

def frame_times(frames: int, with_phones: bool, seed0: int = 4) -> tuple[list[float], list[float], int]:
    """(CPU seconds, wall seconds) of each frame of the 10-player table playing itself, and the games played."""
    from frames import WARM_UP

    players = 10
    cpu: list[float] = []
    wall: list[float] = []
    seed = seed0
    app = new_app()
    host = phones = None
    if with_phones:
        host = new_host(players)
        app.phones = host
    games = 0
    pickers = None if with_phones else {n: Picker(seed0, i) for i, n in enumerate(NAMES[:players])}
    while len(cpu) < frames:  # (the same seeded pickers, or phones, from game to game)
        table = open_table(app, players, seed, phones=with_phones, pickers=pickers)
        games += 1
        if with_phones and phones is None:
            phones = Phones(host, "frames", 0.0, seed0)
            phones.wait_connected()
        n = 0
        while len(cpu) < frames and table.stage != "over" and app.stack.top is table:
            if with_phones:
                wait_for_phone(table)
            c0, w0 = time.thread_time(), time.perf_counter()
            app.frame([], 1 / 60)
            c1, w1 = time.thread_time(), time.perf_counter()
            n += 1
            if n > WARM_UP or seed > seed0:
                cpu.append(c1 - c0)
                wall.append(w1 - w0)
        seed += 1
    if phones is not None:
        phones.finish()
        host.stop()
    return cpu, wall, games


def wait_for_phone(table, limit: float = 30.0) -> None:
    """While the table only waits for a phone's answer (its state sent, nothing moving), wait for the answer
    without running frames: a person would take seconds, and those frames are the idle loop's (part 3)."""
    link = table.phones
    stop = time.monotonic() + limit
    while (table.stage == "auto" and table.on_phone() and not link.dirty and not link.host.waiting()
           and not table.animator.busy):
        if time.monotonic() > stop:
            raise SystemExit("a phone never answered")
        time.sleep(0.0005)


# ------------------------------------------------------------------------------------------- 3. idle

def idle_with_phones(seconds: float) -> tuple[float, int, float]:
    """(% of one core, frames drawn, seconds) of the 10-player table settled at a phone's decision, 10 phones
    connected, through the real main loop."""
    app = new_app()
    host = new_host(10)
    app.phones = host
    table = open_table(app, 10, 4, phones=True, anim_speed=100.0)
    phones = Phones(host, "silent", 0.0, 4)
    phones.wait_connected()
    for _ in range(20000):
        if (table.decision is not None and table.on_phone() and not app.stack.animating
                and all(host.state(s) for s in host.seats)):
            break
        app.frame([], 1 / 60)
    else:
        raise SystemExit("the table never settled at a phone's decision")
    time.sleep(0.5)  # (the board's picture, made on its worker thread, is sent and drawn)
    for _ in range(5):
        app.frame([], 1 / 60)
    frames = app.frames
    stop = time.perf_counter() + seconds
    c0, w0 = time.process_time(), time.perf_counter()
    while app.running and time.perf_counter() < stop:
        app.run(max_frames=app.frames + 1)
    wall = time.perf_counter() - w0
    cpu = time.process_time() - c0
    if app.stack.animating:
        raise SystemExit("the settled table started animating on its own")
    phones.finish()
    host.stop()
    return 100 * cpu / wall, app.frames - frames, wall


# ------------------------------------------------------------------------------------------- the report

def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--phones", default="2,10", help="phone counts of the latency part, comma-separated")
    ap.add_argument("--answers", type=int, default=200, help="answers timed a run (latency)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each phone count (latency)")
    ap.add_argument("--think", type=float, default=2.5,
                    help="a phone thinks 0 to this many seconds (latency; the turn banner animates for 1.6 s)")
    ap.add_argument("--speed", type=float, default=1.0, help="the animation speed setting (latency; the app's default 1)")
    ap.add_argument("--frames", type=int, default=3000, help="frames timed with and without phones")
    ap.add_argument("--idle", type=float, default=5.0, help="seconds of the settled table in the main loop")
    ap.add_argument("--part", default="all", choices=["all", "latency", "frames", "idle"])
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("DEATHMATCH_USER_DIR", tempfile.mkdtemp(prefix="deathmatch-phones-"))
    print(f"# python benchmarks/phones.py {' '.join(sys.argv[1:] if argv is None else argv)}", flush=True)
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; {uptime()}", flush=True)
    if args.part in ("all", "latency"):
        from deathmatch.scenes.app import IDLE_POLL_S

        print(f"\n== 1. answer → update on loopback, {args.answers} answers a run, phones think 0–{args.think:g} s, "
              f"animation speed {args.speed:g}, idle poll {IDLE_POLL_S * 1000:.0f} ms ==", flush=True)
        for n in [int(x) for x in args.phones.split(",")]:
            every: list[float] = []
            rows = []
            for r in range(args.runs):
                run = latency_run(n, args.answers, args.think, args.seed + 10 * r, args.speed)
                ts = run["times"]
                every += ts
                rows.append((statistics.median(ts), pct(ts, 0.95)))
                print(f"{n:>2} phones, run {r + 1}: {len(ts)} answers, median {statistics.median(ts):.1f} ms, "
                      f"p95 {pct(ts, 0.95):.1f} ms, worst {max(ts):.1f} ms; {run['games']} game(s), "
                      f"{run['frames']} frames in {run['wall']:.0f} s; refused: {len(run['errors'])} "
                      f"{sorted(set(run['errors']))[:3]}", flush=True)
                print("           where it went (median / p95 ms): " + "; ".join(
                    f"{k} {statistics.median(v):.1f} / {pct(v, 0.95):.1f}" for k, v in run["parts"].items() if v),
                    flush=True)
            print(f"{n:>2} phones: median of runs' medians {statistics.median(r[0] for r in rows):.1f} ms, "
                  f"of runs' p95 {statistics.median(r[1] for r in rows):.1f} ms; all {len(every)} answers: "
                  f"median {statistics.median(every):.1f} ms, p95 {pct(every, 0.95):.1f} ms", flush=True)
    if args.part in ("all", "frames"):
        from frames import summary

        print(f"\n== 2. frames of the 10-player Grand Arena table playing itself, {args.frames} frames each ==",
              flush=True)
        print(f"{'':<14} {'frame, CPU (ms)':^22} {'frame, wall (ms)':^22}")
        print(f"{'':<14} {'median':>7} {'p95':>7} {'worst':>6} {'median':>7} {'p95':>7} {'worst':>6}")
        for with_phones in (False, True, False, True):
            cpu, wall, games = frame_times(args.frames, with_phones)
            c, w = summary(cpu), summary(wall)
            label = "10 phones" if with_phones else "no phones"
            print(f"{label:<14} {c['median']:>7.2f} {c['p95']:>7.2f} {c['max']:>6.1f} {w['median']:>7.2f} "
                  f"{w['p95']:>7.2f} {w['max']:>6.1f}   ({len(cpu)} frames, {games} game(s))", flush=True)
    if args.part in ("all", "idle") and args.idle > 0:
        from frames import idle_cpu

        print(f"\n== 3. idle: the 10-player table settled, {args.idle:g} s through the main loop ==", flush=True)
        for with_phones in (False, True, False, True):
            if with_phones:
                p, f, s = idle_with_phones(args.idle)
                label = "at a phone's decision, 10 phones connected"
            else:
                p, f, s = idle_cpu("celebrity", args.idle, SIZE)
                label = "at a person's decision at the screen, no phones"
            print(f"{label:<50} {p:5.2f} % of a core, {f} frames in {s:.1f} s", flush=True)
    print(f"\n# done {time.strftime('%H:%M:%S UTC', time.gmtime())}; {uptime()}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--phone-process":
        base, mode, think, seed, *seats = sys.argv[2:]
        phone_process(base, mode, float(think), int(seed), seats)
    else:
        main()
