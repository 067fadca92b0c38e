#!/usr/bin/env bash
# The messaging benchmark: accepted sends/s and delivered mails/s for 10,000 transactional emails,
# as ratios to the embedded SMTP server's raw acceptance rate measured in the same run.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.emails=2000 -Dbench.clients=4
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" MessagingBenchmark
