#!/usr/bin/env bash
# The monitoring benchmark: alert detection latency at a steady 1,000 events/s beside the ingest
# latency of the same events, then the sessions API at 1,000,000 sessions, through the gateway and
# straight against the database.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.sessions=100000 -Dbench.detection.seconds=30
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" MonitoringBenchmark
