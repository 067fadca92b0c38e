#!/usr/bin/env bash
# One organization's burst against another's freshness: organization A posts 500-event batches at
# 11,000 events/s for 60 s; 40 s in, A and B each send a new session with a failing call. Printed:
# each organization's delay until its session is visible and its alert listed, with every event on
# the main telemetry topic and with the installation's fair share, side by side (two fresh suites).
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.rate=9000 -Dbench.seconds=60 -Dbench.fair-share=2000
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" BurstFairnessBenchmark
