#!/usr/bin/env bash
# Live conversations through the gateway, printed side by side:
#  - delivery: 2,000 visitor and 20 agent sockets open, 200 messages/s for 60 s, visitor -> agent and
#    agent -> visitor p50/p99, with one customer service replica and with two, beside a bare WebSocket
#    echo's round trip (the floor);
#  - connections held: idle visitor sockets opened in steps until delivery's p99 passes 250 ms or the
#    open-file limit is reached, with the gateway's and the customer service's heap and CPU.
#   BENCH_JAVA_OPTS  extra JVM options, e.g. -Dbench.part=delivery (or replicas, connections)
#                    -Dbench.visitors=500 -Dbench.rate=100 -Dbench.seconds=30 -Dbench.socket-step=1000
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
# the benchmark's JVM holds every client socket beside the broker and the database
export BENCH_JAVA_OPTS="-Xmx3g ${BENCH_JAVA_OPTS:-}"
exec "$(dirname "$0")/run-benchmark.sh" ConversationsBenchmark
