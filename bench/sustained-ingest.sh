#!/usr/bin/env bash
# The sustained ingest benchmark: telemetry at a steady rate for five minutes with every consumer
# running, p50/p99 and events accepted vs counted, with one and with two replicas of
# collection-analytics-service side by side.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.rate=12000 -Dbench.seconds=60 -Dbench.replicas=2
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" SustainedIngestBenchmark
