#!/usr/bin/env bash
# The people benchmark: sign-in latency with 4 sign-ins in flight beside the password encoder's own
# hash time, and a data-API GET with a session against the same GET with a data key, through the gateway.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.seconds=20 -Dbench.signins.in-flight=4
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" PeopleBenchmark
