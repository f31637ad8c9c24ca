"""The yardstick of issue 17: random playouts of OpenSpiel's hearts, driven from Python.

    python3 -m venv /tmp/hearts && /tmp/hearts/bin/pip install open_spiel==2.0.2
    /tmp/hearts/bin/python crates/throughput/hearts.py [SECONDS]

Plays whole games (each action drawn at random from the legal ones, each chance outcome, the
deal, drawn at random) for SECONDS (3 unless told) and prints the player actions and all
actions (chance included) per wall-clock second and per CPU-second of this process. Run it
next to `cargo bench -p spellhall-throughput` to compare in the same conditions.
"""

import random
import sys
import time

import pyspiel


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    games = moves = chance = 0
    wall_start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall_start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        games += 1
    wall = time.perf_counter() - wall_start
    cpu = time.process_time() - cpu_start
    print(f"hearts: {games} games, {moves} player actions and {chance} chance actions "
          f"in {wall:.2f} s wall clock, {cpu:.2f} s CPU")
    print(f"player actions per CPU-second {moves / cpu:.0f}; "
          f"all actions per CPU-second {(moves + chance) / cpu:.0f}")


if __name__ == "__main__":
    main()
