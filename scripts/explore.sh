#!/usr/bin/env bash
# The open-ended search of the property tests (issue 18.3).
#
# CI runs every hypothesis test under the derandomized "ci" profile (tests/conftest.py):
# the same examples on every run, so CI never fails by chance.  This script runs them
# under the "explore" profile instead: fresh random examples, HYPOTHESIS_EXPLORE_FACTOR
# (default 10) times as many as CI, and the example database in .hypothesis/ so a
# failure found is tried first on the next run.  Each round uses a new seed, printed so
# the round can be repeated.  It stops at the first failure.
#
# When it finds a failure: fix the bug, and keep the failing case as an explicit
# @example on its test (for the fuzz tests, also a line in tests/hardening/corpus/lines.json).
#
# usage: scripts/explore.sh [ROUNDS] [PYTEST ARGS...]
#   ROUNDS      rounds of the whole search (default 1; 0 = until a failure or Ctrl-C)
#   PYTEST ARGS passed on, e.g. tests/core/test_script.py or -k fuzz (default: every
#               property test in tests/, selected by hypothesis's own `hypothesis` mark)
# examples:
#   scripts/explore.sh                       # one round of everything, 10x CI's examples
#   HYPOTHESIS_EXPLORE_FACTOR=3 scripts/explore.sh 0 tests/core   # core, until a failure
set -uo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-1}"
if [[ $# -gt 0 ]]; then shift; fi
if ! [[ "$rounds" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/explore.sh [ROUNDS] [PYTEST ARGS...]" >&2
  exit 2
fi
python=.venv/bin/python
[[ -x "$python" ]] || python=python3

export HYPOTHESIS_PROFILE=explore
export HYPOTHESIS_EXPLORE_FACTOR="${HYPOTHESIS_EXPLORE_FACTOR:-10}"
start=$SECONDS
round=0
while [[ "$rounds" -eq 0 || "$round" -lt "$rounds" ]]; do
  round=$((round + 1))
  seed=$(( (RANDOM << 15) | RANDOM ))
  echo "== round $round: --hypothesis-seed=$seed, ${HYPOTHESIS_EXPLORE_FACTOR}x CI's examples"
  "$python" -m pytest -m hypothesis -p no:cacheprovider --hypothesis-seed="$seed" \
    --hypothesis-show-statistics "$@"
  status=$?
  if [[ $status -ne 0 ]]; then
    echo "== round $round FAILED (seed $seed) after $((SECONDS - start)) s." >&2
    echo "   Repeat it: HYPOTHESIS_PROFILE=explore HYPOTHESIS_EXPLORE_FACTOR=$HYPOTHESIS_EXPLORE_FACTOR \\" >&2
    echo "     $python -m pytest -m hypothesis --hypothesis-seed=$seed $*" >&2
    echo "   Then keep the falsifying example as an @example on its test." >&2
    exit "$status"
  fi
done
echo "== $round round(s), no failure, $((SECONDS - start)) s"
