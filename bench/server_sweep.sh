#!/bin/bash
# bench/server_load.py, 1 vs 2 server processes, for a QUIET machine (issue #23; docs/scaling.md).
#
#   bash bench/server_sweep.sh            # about 10-15 minutes; stops starting new runs after 18 minutes
#   REPEATS=3 THINKS="15 12 11 10 8 7.25 6.5" SETTINGS="1 same,2 same" BUDGET=3000 bash bench/server_sweep.sh
#                                         # session 8's method: each setting 3 times, judged by the median p95
#
# It starts its own throwaway PostgreSQL 15 exactly as .ci/run does (the same lines, read from .ci/run: a cluster
# in /dev/shm on a free port of 127.0.0.1, fsync and synchronous_commit off, removed on exit), then runs:
#   1. closed loop, 500 games x 4 moves: {SQLite, PostgreSQL} x {1 process, 2 processes --push next, 2 --push same}
#   2. a --think sweep on PostgreSQL (500 games x 4 moves; think 15, 12, 10, 7, 5 s, stopping at the first p95 >= 250
#      ms) for 1 process, 2 processes --push same (each game served by one process) and 2 --push next (the bot
#      games' pushes followed on the other process, as session 6 measured)
# and prints a summary table (every run's figures are also in $OUT/*.json and its output in $OUT/*.log).
# Smaller runs for a check: GAMES=40 MOVES=2 THINKS="3" bash bench/server_sweep.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-500}
MOVES=${MOVES:-4}
THINKS=${THINKS:-"15 12 10 7 5"}
REPEATS=${REPEATS:-1}  # runs of each think setting; a setting holds if the median p95 of its runs is under 250 ms
SETTINGS=${SETTINGS:-"1 same,2 same,2 next"}  # the think sweep's "servers push" settings
BUDGET=${BUDGET:-1080}  # seconds after which no new run starts (each run is bounded too: --timeout 240)
OUT=${OUT:-$(mktemp -d)/server-sweep}
mkdir -p "$OUT"
sed -n '/^pg_bindir() {/,/^    "\$(awk -v a=/p' .ci/run > "$OUT/pgstart.sh"
# shellcheck disable=SC1091
source "$OUT/pgstart.sh"  # sets PG_BIN PG_DIR PG_PORT LUDOTECA_TEST_POSTGRES and the trap that removes it
PG="$LUDOTECA_TEST_POSTGRES"
began=$(date +%s)
echo "results in $OUT; $(nproc) cores; $(uptime)"

run() {  # run NAME sqlite|pg SERVERS [bench options...]: one bench run, its JSON in $OUT/NAME.json
    local name=$1 db=$2 servers=$3
    shift 3
    if (( $(date +%s) - began > BUDGET )); then
        echo "-- $name skipped: past the time budget"
        return 1
    fi
    local where=()
    if [ "$db" = pg ]; then
        local fresh="b_${name//[^a-z0-9]/_}"
        "$PG_BIN/psql" -h "$PG_DIR/socket" -p "$PG_PORT" -U postgres -d postgres -q -v ON_ERROR_STOP=1 \
            -c "CREATE DATABASE $fresh OWNER ludoteca"
        where=(--database "${PG%/ludoteca}/$fresh")
    fi
    echo "-- $name: load $(cut -d' ' -f1-3 /proc/loadavg)"
    if ! "${PYTHON:-python}" bench/server_load.py --servers "$servers" --games "$GAMES" --moves "$MOVES" \
            --timeout 240 --json "$OUT/$name.json" "${where[@]}" "$@" >"$OUT/$name.log" 2>&1; then
        echo "   FAILED (see $OUT/$name.log):"
        tail -n 5 "$OUT/$name.log" | cut -c1-300
    fi
    head -n 1 "$OUT/$name.log" | cut -c1-200
}

p95_over() {  # p95_over NAME...: true if a run failed or the median p95 of the runs is 250 ms or more
    python3 - "$OUT" "$@" <<'PY'
import json, pathlib, statistics, sys
out = pathlib.Path(sys.argv[1])
runs = [json.loads((out / f"{name}.json").read_text()) for name in sys.argv[2:] if (out / f"{name}.json").exists()]
failed = len(runs) < len(sys.argv) - 2 or any(run["problems"] for run in runs)
sys.exit(0 if failed or statistics.median(run["p95_ms"] for run in runs) >= 250 else 1)
PY
}

for db in sqlite pg; do
    run "closed-$db-1" "$db" 1 || true
    run "closed-$db-2-next" "$db" 2 --push next || true
    run "closed-$db-2-same" "$db" 2 --push same || true
done
IFS=, read -r -a settings <<<"$SETTINGS"
for setting in "${settings[@]}"; do
    read -r servers push <<<"$setting"
    for think in $THINKS; do
        names=()
        for repeat in $(seq "$REPEATS"); do
            name="think-pg-$servers-$push-$think-r$repeat"
            names+=("$name")
            run "$name" pg "$servers" --think "$think" --push "$push" || break 2
        done
        if p95_over "${names[@]}"; then break; fi
    done
done

python3 - "$OUT" <<'EOF'
import json, pathlib, statistics, sys

out = pathlib.Path(sys.argv[1])
runs = {path.stem: json.loads(path.read_text()) for path in sorted(out.glob("*.json"), key=lambda p: p.stat().st_mtime)}


def row(name: str, run: dict) -> str:
    each = " + ".join(f"{v:.1f}" for v in run["per_server_ms_per_action"])
    return (f"| {name} | {run['actions_per_second']:.0f}/s | {run['games_per_second']:.1f} | {run['p50_ms']:.0f} | "
            f"{run['p95_ms']:.0f} | {run['p99_ms']:.0f} | {run['server_ms_per_action']:.1f} ({each}) | "
            f"{run['machine_busy']:.0%} | {run['load_average']:.1f} | {run['problems']} |")


print("\n| run | accepted | games/s | p50 ms | p95 ms | p99 ms | server CPU ms/action (each) | machine busy | load | problems |")
print("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|")
for name, run in runs.items():
    print(row(name, run))
print()
for db in ("sqlite", "pg"):
    one = runs.get(f"closed-{db}-1")
    for push in ("next", "same"):
        two = runs.get(f"closed-{db}-2-{push}")
        if one and two:
            ratio = two["actions_per_second"] / max(one["actions_per_second"], 1e-9)
            print(f"closed loop {db}: 2 processes (--push {push}) / 1 = {ratio:.2f}x "
                  f"({two['actions_per_second']:.0f}/s vs {one['actions_per_second']:.0f}/s)")
for servers, push in (("1", "same"), ("2", "same"), ("2", "next")):
    settings: dict[float, list[dict]] = {}  # think -> its runs
    for name, run in runs.items():
        if name.startswith(f"think-pg-{servers}-{push}-"):
            settings.setdefault(run["think"], []).append(run)
    held = {think: group for think, group in settings.items()
            if not any(run["problems"] for run in group) and statistics.median(r["p95_ms"] for r in group) < 250}
    if held:
        think, group = max(held.items(), key=lambda item: statistics.median(r["actions_per_second"] for r in item[1]))
        rate = statistics.median(r["actions_per_second"] for r in group)
        p95 = statistics.median(r["p95_ms"] for r in group)
        print(f"--think, PostgreSQL, {servers} process(es) --push {push}: at most {rate:.0f} actions/s with a median "
              f"p95 < 250 ms (think {think:g} s, {len(group)} run(s), median p95 {p95:.0f} ms)")
    elif settings:
        print(f"--think, PostgreSQL, {servers} process(es) --push {push}: no setting held p95 < 250 ms")
EOF
echo "done in $(( $(date +%s) - began )) s; $(uptime)"
