#!/usr/bin/env bash
# Live delivery through the gateway: 2,000 visitor and 20 agent sockets open, 200 messages/s for
# 60 s, visitor -> agent and agent -> visitor p50/p99, beside a bare WebSocket echo's round trip.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.visitors=500 -Dbench.rate=100 -Dbench.seconds=30
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
exec "$(dirname "$0")/run-benchmark.sh" ConversationsBenchmark
