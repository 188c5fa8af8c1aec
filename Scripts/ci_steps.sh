# Timed steps for .ci/run (sourced): `step NAME COMMAND...` runs in the foreground,
# `background NAME COMMAND...` starts one whose output goes to a log, and `finish NAME` waits
# for it, prints its log and fails the run when it failed. Each prints its wall time, and
# `print_step_times` closes the run with the table of them (Benchmarks/README, "CI's time").

step_times=()
declare -A step_pids step_logs
step_folder=$(mktemp -d)

record_step() {
  local name=$1 seconds=$2
  step_times+=("$(printf '%-28s %5d s' "$name" "$seconds")")
  echo "ci step: $name took $seconds s"
}

step() {
  local name=$1 start=$SECONDS
  shift
  echo "ci step: $name"
  "$@"
  record_step "$name" $((SECONDS - start))
}

background() {
  local name=$1
  shift
  step_logs[$name]="$step_folder/${name// /-}.log"
  echo "ci step: $name (in the background)"
  # Its own time, written when it ends: the wait in `finish` may come long after.
  # The command runs as a plain statement, so `set -e` stops a function at its first failure.
  (
    start=$SECONDS
    trap 'echo $((SECONDS - start)) >"${step_logs[$name]}.seconds"' EXIT
    "$@"
  ) >"${step_logs[$name]}" 2>&1 &
  step_pids[$name]=$!
}

finish() {
  local name=$1 status=0
  wait "${step_pids[$name]}" || status=$?
  cat "${step_logs[$name]}"
  if [ "$status" -ne 0 ]; then
    echo "ci step: $name failed ($status)"
    return "$status"
  fi
  record_step "$name (background)" "$(cat "${step_logs[$name]}.seconds")"
}

print_step_times() {
  echo "ci steps (wall seconds; background steps overlap the ones beside them):"
  printf '  %s\n' "${step_times[@]}"
  echo "ci total: $SECONDS s"
}
