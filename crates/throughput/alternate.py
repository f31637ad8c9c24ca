"""Compare benchmark builds against hearts on a noisy machine: alternate OpenSpiel's hearts with
each benchmark binary, ROUNDS times, and divide every row by the hearts runs just before and
after it.

    HEARTS_PYTHON=/tmp/hearts/bin/python python3 crates/throughput/alternate.py ROUNDS SECONDS BENCH...

BENCH is a benchmark binary (`cargo bench -p spellhall-throughput --no-run` prints its path;
copy it aside to keep one build per commit). HEARTS_PYTHON is a Python with `open_spiel`
installed (see hearts.py); SECONDS is each row's budget. Prints, for each binary and row, the
actions per CPU-second and the ratios to hearts (all actions, then player actions): lowest,
highest and median over the rounds.
"""

import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def hearts(python: str, seconds: str) -> tuple[int, int]:
    out = subprocess.run([python, os.path.join(HERE, "hearts.py"), seconds], capture_output=True, text=True).stdout
    every = int(re.search(r"all actions per CPU-second (\d+)", out).group(1))
    player = int(re.search(r"player actions per CPU-second (\d+)", out).group(1))
    return every, player


def bench(binary: str, seconds: str) -> dict[str, int]:
    out = subprocess.run([binary, "--bench", seconds], capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        found = re.match(r"\| (.+?) \| \d+ \| \d+ \| \d+ \| (\d+) \|", line)
        if found:
            rows[found.group(1)] = int(found.group(2))
    return rows


def main() -> None:
    rounds, seconds, binaries = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    python = os.environ.get("HEARTS_PYTHON", "python3")
    runs = [("hearts", hearts(python, seconds))]
    for _ in range(rounds):
        for binary in binaries:
            runs.append((binary, bench(binary, seconds)))
            runs.append(("hearts", hearts(python, seconds)))
    ratios: dict[tuple[str, str], list[tuple[int, float, float]]] = {}
    for at, (what, result) in enumerate(runs):
        if what == "hearts":
            continue
        every = (runs[at - 1][1][0] + runs[at + 1][1][0]) / 2
        player = (runs[at - 1][1][1] + runs[at + 1][1][1]) / 2
        for row, value in result.items():
            ratios.setdefault((what, row), []).append((value, value / every, value / player))
    every = [r[0] for w, r in runs if w == "hearts"]
    player = [r[1] for w, r in runs if w == "hearts"]
    print(f"hearts: {min(every):,}-{max(every):,} all actions, {min(player):,}-{max(player):,} player actions a CPU-second")
    for (binary, row), values in ratios.items():
        counts = [v[0] for v in values]
        by_all = [v[1] for v in values]
        by_player = [v[2] for v in values]
        print(
            f"{os.path.basename(binary):28} {row:40} {min(counts):>9,}-{max(counts):>9,}"
            f"  x hearts {min(by_all):.2f}-{max(by_all):.2f} (median {statistics.median(by_all):.2f})"
            f"  x player actions {min(by_player):.2f}-{max(by_player):.2f}"
        )


if __name__ == "__main__":
    main()
