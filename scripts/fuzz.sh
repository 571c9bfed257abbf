#!/usr/bin/env bash
# Fuzzes teamflow's parsers with libFuzzer (docs/FUZZING.md).
#
#   scripts/fuzz.sh [--seconds N | --runs N] [--work DIR] [--max-len N] [--no-build] [TARGET...]
#
# Builds Sources/teamflow-fuzz with `-sanitize=fuzzer,address` into .build-fuzz (apart from
# the normal .build), then runs each TARGET (default: all, see `teamflow-fuzz list`) for N
# seconds (default 7, about a minute for all) starting from the checked-in seeds in
# Fuzz/corpus/<target>. New inputs go to DIR/corpus/<target> (default
# ${TMPDIR:-/tmp}/teamflow-fuzz), outside the repository; keep DIR between runs to build on them.
# Inputs are at most --max-len bytes (default 8192; longer seeds are cut for mutation).
# Exits 1 when any target crashes, hangs (-timeout) or runs out of memory, naming the input.
# Needs only the Swift toolchain on Linux (its libFuzzer runtime and ld.lld).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=7
# --runs N: exactly N inputs per target from a fixed seed instead of a time budget, so a run
# explores the same inputs on every machine (what CI uses: it cannot turn red by luck).
runs=
work="${TMPDIR:-/tmp}/teamflow-fuzz"
max_len=8192
build=yes
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --max-len) max_len=$2; shift 2 ;;
    --no-build) build=no; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    *) targets+=("$1"); shift ;;
  esac
done

# The Swift runtime's crash backtracer hangs under ASan; libFuzzer prints the stack itself.
export SWIFT_BACKTRACE=enable=no
# No leak checks: Swift packs enum tags into pointer bits, so LeakSanitizer reports reachable
# objects (statics, indirect enum payloads) as leaked. Options already set win.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

binary="$root/.build-fuzz/release/teamflow-fuzz"
if [ "$build" = yes ]; then
  if [ "$(uname -s)" != Linux ]; then
    echo "fuzz.sh: needs Linux: Swift's libFuzzer support (-sanitize=fuzzer) exists only there" >&2
    exit 2
  fi
  # SwiftPM links an executable target's main as <module>_main with `--defsym main=...`; with
  # gold that clashes with libFuzzer's own main, so link with the toolchain's lld. The tool keeps
  # its main and calls LLVMFuzzerRunDriver itself. (The build's own tools get the sanitizers too.)
  echo "fuzz.sh: building teamflow-fuzz with -sanitize=fuzzer,address into .build-fuzz" >&2
  swift build -c release --product teamflow-fuzz --scratch-path "$root/.build-fuzz" \
    -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld \
    2> >(grep -v "Cannot export local symbol" >&2)
fi
[ -x "$binary" ] || { echo "fuzz.sh: $binary is missing; run without --no-build" >&2; exit 2; }

if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(ls "$root/Fuzz/corpus")
fi

# Dictionaries of tokens each input language is made of.
dictionary() {
  case "$1" in
    yaml|yaml-decoder|event|graph) echo "$root/Fuzz/dict/yaml.dict" ;;
    gh-json|template-data) echo "$root/Fuzz/dict/json.dict" ;;
    template) echo "$root/Fuzz/dict/template.dict" ;;
    pr-body|weekly-page) echo "$root/Fuzz/dict/markdown.dict" ;;
  esac
}

failed=0
printf '%-14s %8s %10s %9s %8s %7s  %s\n' target seconds executions exec/s corpus rss_mb result
for target in "${targets[@]}"; do
  seeds="$root/Fuzz/corpus/$target"
  [ -d "$seeds" ] || { echo "fuzz.sh: no seed corpus $seeds" >&2; exit 64; }
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target"
  log="$work/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  flags=(-max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0
         -print_final_stats=1 -artifact_prefix="$artifacts/")
  if [ -n "$runs" ]; then
    # A fresh work corpus too: what earlier runs kept would change what this one explores.
    rm -rf "$corpus" && mkdir -p "$corpus"
    flags+=(-runs="$runs" -seed=1)
  else
    flags+=(-max_total_time="$seconds")
  fi
  dict=$(dictionary "$target")
  [ -n "$dict" ] && [ -f "$dict" ] && flags+=(-dict="$dict")
  start=$(date +%s)
  status=0
  TEAMFLOW_FUZZ_TARGET="$target" "$binary" "${flags[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  figure() { grep -m1 "stat::$1:" "$log" | awk '{print $2}'; }
  executions=$(figure number_of_executed_units); speed=$(figure average_exec_per_sec); rss=$(figure peak_rss_mb)
  size=$(ls "$corpus" | wc -l)
  if [ "$status" -eq 0 ]; then
    result=ok
  else
    result="FAILED (exit $status)"
    failed=1
  fi
  printf '%-14s %8s %10s %9s %8s %7s  %s\n' "$target" "$elapsed" "${executions:-?}" "${speed:-?}" "$size" "${rss:-?}" "$result"
  if [ "$status" -ne 0 ]; then
    grep -E "ERROR: |SUMMARY: |property broken|Fatal error|Test unit written" "$log" | head -8 | sed 's/^/    /'
    input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    if [ -n "$input" ]; then
      echo "    input: $input"
      echo "    replay: swift run teamflow-fuzz replay $target $input"
    fi
    echo "    log: $log"
  fi
done
exit $failed
