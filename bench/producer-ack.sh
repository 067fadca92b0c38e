#!/usr/bin/env bash
# What waiting for the broker's acknowledgement costs with spring-kafka's template and with StreamBridge (sync=true).
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.batches=4000 -Dbench.batch=50 -Dbench.in-flight=16
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" ProducerAckBenchmark
