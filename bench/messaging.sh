#!/usr/bin/env bash
# The messaging benchmark: accepted sends/s and delivered messages/s for 10,000 transactional emails
# and 10,000 SMS, as ratios to what the embedded SMTP server and SMSC take straight from a client over
# the same number of connections, measured in the same run.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.emails=2000 -Dbench.sms=0 -Dbench.clients=4
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" MessagingBenchmark
