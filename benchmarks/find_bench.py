"""How long the search for each event every scene names takes (sandbox.kit.events.find), and
how often it finds one: ``python benchmarks/find_bench.py [--seeds N] [EVENT...]`` runs each
event's search for seeds 0 to N - 1 and prints the median and the slowest, by the clock and
in processor time, with how many seeds found a layout. The issue asks for under two seconds."""

import argparse
import statistics
import time

from sandbox.app.registry import all_scenes
from sandbox.kit.events import events_of, find


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10, help="seeds per event (default 10)")
    parser.add_argument("events", nargs="*", help="only these events (default: all)")
    args = parser.parse_args()
    print(f"{'scene':18} {'event':18} {'found':>6} {'median s':>9} {'slowest s':>9} {'median CPU s':>12} {'slowest CPU s':>13}")
    for cls in all_scenes():
        for event in events_of(cls):
            if args.events and event.name not in args.events:
                continue
            clock, cpu, found = [], [], 0
            for seed in range(args.seeds):
                t0, c0 = time.perf_counter(), time.process_time()
                found += find(cls, event, seed) is not None
                clock.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            print(f"{cls.id:18} {event.name:18} {found:>3}/{args.seeds:<2} {statistics.median(clock):9.2f} {max(clock):9.2f} {statistics.median(cpu):12.2f} {max(cpu):13.2f}")


if __name__ == "__main__":
    main()
