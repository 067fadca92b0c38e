#!/usr/bin/env bash
# The customer benchmark: the suite and its database on this machine, 100,000 customers in one
# organization, p50/p99 of the customer operations through the gateway and straight against MongoDB.
#   BENCH_JAVA_OPTS  extra JVM options of the benchmark, e.g. -Dbench.customers=20000 -Dbench.seconds=10
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" CustomerBenchmark
