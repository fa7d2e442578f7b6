#!/usr/bin/env bash
# Builds and runs Gloss's libFuzzer targets: Tests/Fuzz/run.sh TARGET|all SECONDS [libFuzzer options…]
#
# Each target (Targets/NAME.swift) feeds its bytes to one parser or protocol layer and aborts when an invariant
# fails (see the comment at the top of each target). SECONDS is per target. The seed corpus is made from the test
# fixtures and examples/ on every run; what libFuzzer finds is kept in .build/fuzz/corpus/NAME between runs.
# Reproducers worth keeping go to Tests/Fixtures/fuzz/NAME/, which seeds the corpus and feeds the regression tests.
#
# Environment:
#   FUZZ_JOBS=N        run N targets at once (default 1)
#   FUZZ_SANITIZE=…    swiftc -sanitize value (default fuzzer,address; CI uses fuzzer)
#   FUZZ_KEEP_GOING=1  do not stop at the first crash (libFuzzer -fork=1 -ignore_crashes=1), for long runs
#   FUZZ_DIR=…         where binaries, corpora, crashes and logs go (default .build/fuzz)
#   FUZZ_NO_BUILD=1    run the binaries already in FUZZ_DIR, even if the sources changed since
# Exit status: 0 when no target found a crash, 1 otherwise (each crash's reproducer is printed).
set -euo pipefail

# The whole script is one function, read in full before it runs: editing the file during a long run is safe.
main() {
cd "$(dirname "$0")/../.."
root=$(pwd)

all_targets=(framer jsonrpc note frontmatter bibtex csljson html locator quote pdf sqlite)
if [ $# -lt 2 ]; then
  echo "usage: Tests/Fuzz/run.sh TARGET|all SECONDS [libFuzzer options…]" >&2
  echo "targets: ${all_targets[*]}" >&2
  exit 2
fi
target_arg=$1
seconds=$2
shift 2
extra=("$@")
if [ "$target_arg" = all ]; then targets=("${all_targets[@]}"); else IFS=, read -r -a targets <<<"$target_arg"; fi
for target in "${targets[@]}"; do
  [ -f "Tests/Fuzz/Targets/$target.swift" ] || { echo "unknown target '$target'" >&2; exit 2; }
done

sanitize=${FUZZ_SANITIZE:-fuzzer,address}
jobs=${FUZZ_JOBS:-1}
dir=${FUZZ_DIR:-$root/.build/fuzz}
build="$dir/build-${sanitize//,/-}"
mkdir -p "$build" "$dir/logs"
flags=(-O -wmo -num-threads 2 -sanitize="$sanitize" -parse-as-library -swift-version 6 -package-name gloss
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault)

# The module a target tests.
module_of() {
  case $1 in
    framer | jsonrpc) echo LanguageServerProtocol ;;
    quote) echo GlossMatching ;;
    *) echo GlossSyntax ;;
  esac
}

# The modules $1 imports, built (and linked) before it.
deps_of() {
  case $1 in
    LanguageServerProtocol) echo JSONStrings ;;
    GlossMatching) echo GlossSyntax ;;
  esac
}

# Whether $1 is missing or older than any file after it.
stale() {
  local out=$1
  shift
  [ -f "$out" ] || return 0
  [ -n "$(find "$@" -newer "$out" -print -quit)" ]
}

build_module() {
  local module=$1 dep
  local lib="$build/lib$module.a" deps=()
  for dep in $(deps_of "$module"); do
    build_module "$dep"
    deps+=("$build/lib$dep.a")
  done
  if stale "$lib" "Sources/$module" "${deps[@]}"; then
    echo "building $module for fuzzing ($sanitize)"
    swiftc "${flags[@]}" -enable-testing -module-name "$module" -I "$build" -emit-module \
      -emit-module-path "$build/$module.swiftmodule" -emit-library -static -o "$lib" \
      $(find "Sources/$module" -name '*.swift' | sort)
  fi
}

build_target() {
  local target=$1 module
  module=$(module_of "$target")
  if stale "$build/$target" "$build/lib$module.a" Tests/Fuzz/Support Tests/Fuzz/SyntaxChecks \
    "Tests/Fuzz/Targets/$target.swift"; then
    local sources=(Tests/Fuzz/Support/*.swift "Tests/Fuzz/Targets/$target.swift")
    [ "$module" != GlossSyntax ] || sources+=(Tests/Fuzz/SyntaxChecks/*.swift)
    rm -f "$build/$target"
    swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$build" -L "$build" -l"$module" \
      $(for dep in $(deps_of "$module"); do echo "-l$dep"; done) \
      -lFoundation -lFoundationEssentials -lFoundationInternationalization -lswiftSynchronization \
      "${sources[@]}" -o "$build/$target" 2>&1 | grep -v 'Cannot export local symbol' >&2 || true
    [ -x "$build/$target" ] || { echo "building target '$target' failed" >&2; exit 1; }
  fi
}

# Writes the seed corpus of $1 into directory $2 (made afresh: it is derived from files in the repository).
make_seeds() {
  local target=$1 out=$2
  rm -rf "$out"
  mkdir -p "$out"
  local notes=(examples/research/notes/*.md examples/research/sources/*.md examples/research/README.md README.md)
  local sources=(examples/research/sources/*)
  local n=0
  seed() { n=$((n + 1)); cat >"$out/seed-$n"; }
  case $target in
    note | frontmatter)
      for file in "${notes[@]}"; do seed <"$file"; done
      ;;
    bibtex)
      for file in examples/research/references.bib Tests/Fixtures/bibtex/*.bib; do seed <"$file"; done
      ;;
    csljson)
      for file in examples/research/references.csl.json Tests/Fixtures/bibtex/*.json; do seed <"$file"; done
      ;;
    html)
      for file in "${sources[@]}"; do seed <"$file"; done
      ;;
    locator)
      local suffixes=("p. 4" "pp. 33-35, the framework" "§ 2.1" "sec. Related work" "chap. 3" "para. 3 & 7"
        "l. iv–xii" "ll. 10–12" "p. 34(1)(a)" "第3页" "§ \"Ký ức\"" "33" "{pp. 1-2}" "¶ 2")
      for suffix in "${suffixes[@]}"; do
        for file in "${sources[@]}"; do { printf '%s\0' "$suffix"; cat "$file"; } | seed; done
      done
      ;;
    quote)
      for file in "${sources[@]}"; do
        # The source with a sentence of its own, and with that sentence cut by an ellipsis.
        local line
        line=$(grep -E '^[A-Za-z].{40,}' "$file" | head -n 1 || true)
        { cat "$file"; printf '\0%s' "$line"; } | seed
        { cat "$file"; printf '\0%s … %s' "${line:0:20}" "${line: -15}"; } | seed
        { cat "$file"; printf '\0%s [x] %s' "${line:0:20}" "${line:25:15}"; } | seed
      done
      ;;
    pdf)
      # The PDFs of the fixtures, each whole, and its first and last 16 KB (where trailers and catalogs are), and
      # two zlib streams (fixed Huffman codes, a stored block).
      for file in $(find Tests/Fixtures/pdfs -name '*.pdf' | sort); do
        seed <"$file"
        head -c 16384 "$file" | seed
        tail -c 16384 "$file" | seed
      done
      printf '\x78\xda\xcb\x48\xcd\xc9\xc9\x57\xc8\x40\x27\x01\x68\x03\x08\xb1' | seed
      printf '\x78\x01\x01\x03\x00\xfc\xff\x61\x62\x63\x02\x4d\x01\x27' | seed
      ;;
    sqlite)
      # The small fixture databases, each whole and as its first 4 KB, and each write-ahead log after its file.
      for file in $(find Tests/Fixtures/sqlite -name '*.sqlite' -size -17k | sort); do
        seed <"$file"
        head -c 4096 "$file" | seed
        if [ -f "$file-wal" ]; then
          { cat "$file"; head -c $((16384 - $(wc -c <"$file"))) "$file-wal"; } | seed
        fi
      done
      head -c 16384 Tests/Fixtures/sqlite/basic.sqlite | seed
      ;;
    framer | jsonrpc)
      local bodies=(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file:///w","capabilities":{"general":{"positionEncodings":["utf-16"]}}}}'
        '{"jsonrpc":"2.0","method":"initialized","params":{}}'
        '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///w/a.md","languageId":"markdown","version":1,"text":"# A\n[@smith2020, p. 4]\n"}}}'
        '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///w/a.md","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"text":"é"}]}}'
        '{"jsonrpc":"2.0","id":"s1","method":"textDocument/completion","params":{"textDocument":{"uri":"file:///w/a.md"},"position":{"line":1,"character":3}}}'
        '{"jsonrpc":"2.0","id":7,"result":{"applied":true}}'
        '{"jsonrpc":"2.0","id":8,"error":{"code":-32601,"message":"no"}}'
        '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
        '[1,2,{"a":"\u00e9\\"}]'
      )
      for body in "${bodies[@]}"; do
        if [ "$target" = jsonrpc ]; then
          printf '%s' "$body" | seed
        else
          printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body" | seed
          printf 'Content-Type: application/vscode-jsonrpc; charset=utf-8\nContent-Length: %d\n\n%s\n' \
            "${#body}" "$body" | seed
        fi
      done
      if [ "$target" = framer ]; then
        for body in "${bodies[@]}"; do printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body"; done | seed
      fi
      ;;
  esac
  if [ -d "Tests/Fixtures/fuzz/$target" ]; then cp "Tests/Fixtures/fuzz/$target"/* "$out/" 2>/dev/null || true; fi
}

# Runs one target for $seconds; prints a summary line; returns 1 when it found a crash.
run_target() {
  local target=$1
  local corpus="$dir/corpus/$target" seeds="$dir/seeds/$target" crashes="$dir/crashes/$target"
  local log="$dir/logs/$target.log"
  mkdir -p "$corpus" "$crashes"
  make_seeds "$target" "$seeds"
  local options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384
    -artifact_prefix="$crashes/" -print_final_stats=1)
  if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); fi
  local before
  before=$(find "$crashes" -type f | wc -l)
  local status=0
  SWIFT_BACKTRACE=enable=no "$build/$target" "${options[@]}" "${extra[@]}" "$corpus" "$seeds" >"$log" 2>&1 ||
    status=$?
  local stats runs
  stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || true)
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -n 1 || true)
  [ -n "$runs" ] || runs=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | grep -oE '^#[0-9]+' | tr -d '#' || true)
  local found
  found=$(find "$crashes" -type f | wc -l)
  printf '%-12s %10s executions in %ss, %s\n' "$target" "${runs:-?}" "$seconds" "${stats:-no stats}"
  if [ "$status" -ne 0 ] || [ "$found" -gt "$before" ]; then
    echo "FUZZ FAILURE in '$target' (exit status $status), log $log:"
    grep -E 'invariant failed|ERROR: |Fatal error|SUMMARY|deadly signal|Test unit written|^Base64' "$log" | head -n 20
    for file in $(find "$crashes" -type f -newer "$build/$target" | head -n 5); do
      echo "reproducer $file (base64): $(base64 -w 0 "$file" | head -c 2000)"
      echo "replay: $build/$target $file"
    done
    return 1
  fi
}

needed=()
for target in "${targets[@]}"; do
  module=$(module_of "$target")
  [[ " ${needed[*]} " == *" $module "* ]] || needed+=("$module")
done
# A module that another needed module imports is built by that one's build_module first: leave it out, so that two
# builds running at once never write the same module.
roots=()
for module in "${needed[@]}"; do
  imported=0
  for other in "${needed[@]}"; do
    [[ " $(deps_of "$other") " != *" $module "* ]] || imported=1
  done
  [ "$imported" = 1 ] || roots+=("$module")
done
needed=("${roots[@]}")
# The modules left are independent: build them at once when asked to run several targets at once.
if [ "${FUZZ_NO_BUILD:-0}" = 1 ]; then
  :
elif [ "$jobs" -gt 1 ] && [ ${#needed[@]} -gt 1 ]; then
  pids=()
  for module in "${needed[@]}"; do
    build_module "$module" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
else
  for module in "${needed[@]}"; do build_module "$module"; done
fi
[ "${FUZZ_NO_BUILD:-0}" = 1 ] || for target in "${targets[@]}"; do build_target "$target"; done

failed=0
if [ "$jobs" -gt 1 ]; then
  running=0
  pids=()
  for target in "${targets[@]}"; do
    run_target "$target" >"$dir/logs/$target.summary" 2>&1 &
    pids+=($!)
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
      wait -n || failed=1
      running=$((running - 1))
    fi
  done
  while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
  done
  for target in "${targets[@]}"; do cat "$dir/logs/$target.summary"; done
else
  for target in "${targets[@]}"; do run_target "$target" || failed=1; done
fi
exit "$failed"
}

main "$@"
