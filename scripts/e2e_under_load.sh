#!/usr/bin/env bash
# The tmux end-to-end tests, again and again, on a loaded machine (issue 18.3).
#
# Starts one CPU burner per core (busy shell loops), then runs the tmux tests RUNS times
# in a row (default 30), each run a fresh pytest process, and counts the runs that
# failed.  Every failing run's output is kept in the log folder.  The burners are
# stopped on exit, also on Ctrl-C.  Exit status: 0 when no run failed.
#
# usage: scripts/e2e_under_load.sh [RUNS] [PYTEST ARGS...]
#   RUNS         how many runs (default 30)
#   PYTEST ARGS  what to run (default: tests/e2e/test_tmux.py)
#   BURNERS=N    CPU burners (default: one per core, `nproc`)
#   LOGS=DIR     where the failing runs' output goes (default: a new temporary folder)
# example:
#   scripts/e2e_under_load.sh 30
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-30}"
if [[ $# -gt 0 ]]; then shift; fi
if ! [[ "$runs" =~ ^[0-9]+$ ]] || [[ "$runs" -lt 1 ]]; then
  echo "usage: scripts/e2e_under_load.sh [RUNS] [PYTEST ARGS...]" >&2
  exit 2
fi
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(tests/e2e/test_tmux.py)
python=.venv/bin/python
[[ -x "$python" ]] || python=python3
if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux is not installed: the tests would only skip" >&2
  exit 2
fi
burners="${BURNERS:-$(nproc)}"
logs="${LOGS:-$(mktemp -d -t e2e-under-load.XXXXXX)}"
mkdir -p "$logs"

pids=()
stop_burners() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  pids=()
}
trap stop_burners EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$burners"); do
  (while :; do :; done) &
  pids+=($!)
done
echo "== $burners CPU burner(s) running (pids ${pids[*]}); load: $(cut -d' ' -f1-3 /proc/loadavg)"

failed=0
start=$SECONDS
for run in $(seq "$runs"); do
  t0=$SECONDS
  out="$logs/run-$run.txt"
  if "$python" -m pytest -p no:cacheprovider "${targets[@]}" >"$out" 2>&1; then
    result="passed"
  else
    result="FAILED (output kept: $out)"
    failed=$((failed + 1))
  fi
  summary=$(tail -n 1 "$out")
  [[ $result == passed ]] && rm -f "$out"
  echo "run $run/$runs: $result in $((SECONDS - t0)) s ($summary; load $(cut -d' ' -f1 /proc/loadavg))"
done
stop_burners
echo "== $runs runs, $failed failed, $((SECONDS - start)) s in all (${targets[*]})"
[[ $failed -eq 0 ]]
