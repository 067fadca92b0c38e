#!/usr/bin/env bash
# The browser side in Debian's headless Chromium against a fresh suite, printed side by side:
#  - the chat widget's loader: bytes raw and gzip, and its time to the launcher on a blank page,
#    beside the blank page's own load;
#  - session replay: kB per minute sent for a scripted minute on a reference page (target <= 100
#    compressed), beside the SDK's own telemetry without recording; and the main thread's time for
#    the first full snapshot of a page of 10,000 nodes (target < 100 ms), beside the page's own build.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.seconds=30 -Dbench.loads=10 -Dbench.snapshots=3
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" BrowserBenchmark
