#!/usr/bin/env bash
# Starts the whole Engagement Suite in the foreground: a real Kafka broker, a MongoDB
# wire-protocol server and the five services. Ctrl-C stops everything.
#   ENGAGEMENT_HOME  where data, logs and credentials.json live (default ./.engagement)
#   ENGAGEMENT_PORT  the gateway's port (default 8080)
set -euo pipefail
cd "$(dirname "$0")"

launcher() { ls local-stack/target/local-stack-*-exec.jar 2>/dev/null | head -n 1; }

needs_build() {
  local jar module
  jar=$(launcher)
  [ -n "$jar" ] || return 0
  for module in platform embedded-infra gateway-service customer-service collection-analytics-service \
                messaging-service alert-service local-stack; do
    ls "$module"/target/*.jar >/dev/null 2>&1 || return 0
    # a source or build file newer than the launcher means the jars are stale
    [ -z "$(find "$module/src/main" "$module/pom.xml" pom.xml -newer "$jar" -print -quit 2>/dev/null)" ] || return 0
  done
  return 1
}

if needs_build; then
  echo "Building the Engagement Suite (first start, or sources changed) ..."
  ./mvnw -B -q -DskipTests install
fi

export ENGAGEMENT_REPOSITORY="$PWD"
# the launcher hosts the broker and the database: G1's short pauses rather than the serial
# collector's full collections (about 200 ms every few seconds while telemetry is archived)
exec java -XX:+UseG1GC -Xmx512m -jar "$(launcher)"
