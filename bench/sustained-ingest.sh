#!/usr/bin/env bash
# The sustained pipeline benchmark: the floors (ingest with the analytics processing paused, a bare
# Kafka producer into the same broker), then telemetry at a steady rate for five minutes with every
# consumer running: the rate and its ratios to the floors, accepted vs counted, every consumer
# group's lag, and CPU seconds per 1,000 events per process.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.rate=12000 -Dbench.seconds=60 -Dbench.replicas=1,2
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" SustainedIngestBenchmark
