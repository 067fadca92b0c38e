#!/usr/bin/env bash
# The telemetry benchmark: ingest rate against a bare Kafka producer, collection analytics latency
# at 10 k, 1 M and 10 M events over 50 pages, and the rate at which a backlog is caught up.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.levels=10000,1000000 -Dbench.ingest-seconds=10
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" TelemetryBenchmark
