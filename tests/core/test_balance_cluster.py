"""The balance lab beyond one process: a Dask cluster (`--cluster`) and the results file that a
stopped run keeps (`--results`, `--resume`). The same seed gives the same bytes however the
games are spread, and in whatever order they finish."""

import json
import subprocess
import sys

import pytest
from conftest import ROOT

from deathmatch import balance

ARGV = ["--games", "12", "--players", "4", "--beasts", "--seed", "5", "--quiet"]


def simulate(capsys, tmp_path, name, *extra):
    """Run the lab's command; its stdout, and the bytes of its JSON and CSV reports."""
    out_json, out_csv = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
    code = balance.cli([*ARGV, "--json", str(out_json), "--csv", str(out_csv), *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, out_json.read_bytes(), out_csv.read_bytes()


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    """The reference: every game in this process, one after the other."""
    tmp = tmp_path_factory.mktemp("one")
    out_json, out_csv = tmp / "one.json", tmp / "one.csv"
    assert balance.cli([*ARGV, "--jobs", "1", "--json", str(out_json), "--csv", str(out_csv)]) == 0
    return out_json.read_bytes(), out_csv.read_bytes(), balance.render_table(json.loads(out_json.read_text()))


def game_lines(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


# --- the cluster -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cluster():
    """A real Dask cluster of two worker processes, on 127.0.0.1 only, without a dashboard."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, scheduler_kwargs=balance.LOCAL_SCHEDULER) as running:
        yield running


@pytest.mark.timeout(240)
def test_a_cluster_of_two_workers_gives_the_same_bytes_as_one_process(capsys, tmp_path, cluster, one_process):
    address = cluster.scheduler_address
    assert address.startswith("tcp://127.0.0.1:")
    out, js, cs = simulate(capsys, tmp_path, "cluster", "--cluster", address)
    assert (js, cs) == one_process[:2]
    assert out == one_process[2]


@pytest.mark.timeout(240)
def test_jobs_two_and_the_local_cluster_give_the_same_bytes_and_keep_every_game(capsys, tmp_path, one_process):
    _, js, cs = simulate(capsys, tmp_path, "jobs", "--jobs", "2")
    assert (js, cs) == one_process[:2]
    results = tmp_path / "games.jsonl"
    _, js, cs = simulate(capsys, tmp_path, "local", "--cluster", "local", "--jobs", "2", "--results", str(results))
    assert (js, cs) == one_process[:2]
    header, games = game_lines(results)
    assert header["options"] == json.loads(js)["options"]
    assert sorted(g["index"] for g in games) == list(range(12))


def test_a_cluster_whose_scheduler_or_workers_have_other_cards_is_refused():
    here = balance.fingerprint()

    class Client:
        def __init__(self, workers, scheduler=here):
            self.workers, self.scheduler = workers, scheduler

        def run(self, function):
            assert function() == here  # the check itself, run here as a worker would run it
            return self.workers

        def run_on_scheduler(self, function):
            assert function() == here
            return self.scheduler

    balance._check_workers(Client({"tcp://10.0.0.2:4001": here}), "tcp://10.0.0.1:8786")
    with pytest.raises(balance.BalanceError, match="worker tcp://10.0.0.3:4001 of x has other code or cards"):
        balance._check_workers(Client({"tcp://10.0.0.2:4001": here, "tcp://10.0.0.3:4001": "0123"}), "x")
    with pytest.raises(balance.BalanceError, match=r"worker tcp://10.0.0.2:4001 of x has no deathmatch .*: "
                                                   r"install the same version on its machine \(deathmatch=="):
        balance._check_workers(Client({"tcp://10.0.0.2:4001": None}), "x")
    with pytest.raises(balance.BalanceError, match=r"the scheduler of x has no deathmatch"):
        balance._check_workers(Client({"tcp://10.0.0.2:4001": here}, scheduler=None), "x")


def test_without_dask_the_cluster_option_says_which_extra_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails as if not installed
    assert balance.cli([*ARGV, "--cluster", "local"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "pip install 'deathmatch[cluster]'" in err


def test_the_lab_imports_no_dask_until_a_cluster_is_asked_for():
    code = ("import sys, deathmatch.balance, deathmatch.cli\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_packaged_app_leaves_dask_out():
    seen = {}

    def analysis(*args, **kwargs):
        seen.update(kwargs)
        return type("A", (), {"pure": [], "scripts": [], "binaries": [], "datas": []})()

    step = type("Step", (), {"__init__": lambda self, *a, **k: None})
    spec = ROOT / "packaging" / "deathmatch.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),
         {"SPECPATH": str(spec.parent), "Analysis": analysis, "PYZ": step, "EXE": step, "COLLECT": step,
          "BUNDLE": step, "__name__": "__spec__"})
    assert {"dask", "distributed"} <= set(seen["excludes"])


@pytest.mark.parametrize("argv, words", [
    (["--cluster", "tcp://127.0.0.1:1", "--jobs", "2"], "--jobs does not apply"),
    (["--results", "a.jsonl", "--resume", "b.jsonl"], "give one of them"),
])
def test_options_that_do_not_go_together(capsys, argv, words):
    assert balance.cli([*ARGV, *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


# --- a stopped run keeps its games, and resumes to the same report -----------------------------


def stop_after(monkeypatch, games):
    """Ctrl-C while the lab plays game number `games` (counting from 0)."""
    real, calls = balance.play_game, []

    def play(config, index):
        if len(calls) == games:
            raise KeyboardInterrupt
        calls.append(index)
        return real(config, index)

    monkeypatch.setattr(balance, "play_game", play)


def test_a_stopped_run_keeps_its_games_and_the_resumed_run_gives_the_same_bytes(capsys, tmp_path, monkeypatch,
                                                                                 one_process):
    results = tmp_path / "games.jsonl"
    stop_after(monkeypatch, 5)
    assert balance.cli([*ARGV, "--results", str(results)]) == 130
    out, err = capsys.readouterr()
    assert out == ""
    assert f"5 of 12 games kept in {results}: continue with --resume {results}" in err
    header, games = game_lines(results)
    assert [g["index"] for g in games] == [0, 1, 2, 3, 4]
    monkeypatch.undo()

    out, js, cs = simulate(capsys, tmp_path, "resumed", "--resume", str(results))
    assert (js, cs) == one_process[:2] and out == one_process[2]
    assert sorted(g["index"] for g in game_lines(results)[1]) == list(range(12))  # no game played twice


def test_a_resumed_file_in_any_order_with_a_cut_last_line_gives_the_same_bytes(capsys, tmp_path, one_process):
    full = tmp_path / "full.jsonl"
    simulate(capsys, tmp_path, "full", "--results", str(full))
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    header, games = lines[0], lines[1:]
    assert len(games) == 12
    stopped = tmp_path / "stopped.jsonl"
    # the odd games, finished out of order (as a cluster finishes them), then a line cut by the stop
    stopped.write_text(header + "".join(games[i] for i in (9, 1, 5, 3, 11, 7)) + games[0][:40], encoding="utf-8")
    _, js, cs = simulate(capsys, tmp_path, "resumed", "--resume", str(stopped), "--jobs", "2")
    assert (js, cs) == one_process[:2]
    _, kept = game_lines(stopped)
    assert [g["index"] for g in kept[:6]] == [9, 1, 5, 3, 11, 7]
    assert sorted(g["index"] for g in kept) == list(range(12))


def test_a_results_file_is_not_overwritten_nor_resumed_by_another_run(capsys, tmp_path):
    results = tmp_path / "games.jsonl"
    assert balance.cli(["--games", "2", "--players", "2", "--seed", "9", "--quiet", "--results", str(results)]) == 0
    capsys.readouterr()
    before = results.read_bytes()
    assert balance.cli(["--games", "2", "--players", "2", "--seed", "9", "--quiet", "--results", str(results)]) == 2
    assert f"{results} already exists: continue its run with --resume" in capsys.readouterr().err
    assert balance.cli(["--games", "2", "--players", "2", "--seed", "10", "--quiet", "--resume", str(results)]) == 2
    err = capsys.readouterr().err
    assert "its games are of another run (deathmatch simulate --games 2 --players 2" in err and "--seed 9" in err
    not_ours = tmp_path / "notes.txt"
    not_ours.write_text("hello\nno newline at the end", encoding="utf-8")
    assert balance.cli(["--games", "2", "--players", "2", "--quiet", "--resume", str(not_ours)]) == 2
    assert "not a results file" in capsys.readouterr().err
    assert not_ours.read_text(encoding="utf-8") == "hello\nno newline at the end"  # left as it was
    assert results.read_bytes() == before
    # played by other code or cards: its games would not be this code's games
    header, *games = before.decode().splitlines(keepends=True)
    other = tmp_path / "other.jsonl"
    other.write_text(header.replace(balance.fingerprint(), "0123456789abcdef") + "".join(games), encoding="utf-8")
    assert balance.cli(["--games", "2", "--players", "2", "--seed", "9", "--quiet", "--resume", str(other)]) == 2
    assert "played by other code or cards (fingerprint 0123456789abcdef" in capsys.readouterr().err


def test_progress_of_a_resumed_run_starts_at_its_kept_games_and_says_the_eta():
    import io

    stream = io.StringIO()
    bar = balance.Progress(20, stream, start=10)
    for done in range(11, 21):
        bar.update(done)
    lines = stream.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == [f"{n}/20" for n in range(12, 21, 2)]
    assert "ETA" in lines[0] and "ETA" not in lines[-1]


@pytest.mark.parametrize("folder", ["heroes", "gladiators", "armies", "experience"])
def test_the_fingerprint_knows_every_rulesets_bundled_data(tmp_path, monkeypatch, folder):
    """A bundled hero (gladiator, army, experience card) edited is other data: a resumed run or a
    cluster worker with it must not match the run that began with the old one."""
    import shutil

    from deathmatch import paths

    real = paths.bundled_dir(folder)
    copy = tmp_path / real.name
    shutil.copytree(real, copy)
    monkeypatch.setattr(paths, "bundled_dir", lambda name, bundled=paths.bundled_dir: copy if name == folder else bundled(name))
    before = balance.fingerprint()
    first = sorted(copy.glob("*.yaml"))[0]
    first.write_text(first.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert balance.fingerprint() != before
