#!/usr/bin/env bash
# Shared by the benchmark scripts: builds what is missing and runs one benchmark class.
#   BENCH_JAVA_OPTS  extra JVM options of the benchmark
#   MAVEN_ARGS       extra Maven arguments when a build is needed, e.g. -o
set -euo pipefail
cd "$(dirname "$0")/.."

jars_missing() {
  local module
  for module in gateway-service customer-service collection-analytics-service messaging-service alert-service; do
    ls "$module"/target/"$module"-*-exec.jar >/dev/null 2>&1 || return 0
  done
  ls local-stack/target/local-stack-*.jar >/dev/null 2>&1 || return 0
  ls bench/target/bench-*.jar >/dev/null 2>&1 || return 0
  return 1
}

if jars_missing; then
  echo "Building the Engagement Suite and the benchmark ..."
  ./mvnw -B -q ${MAVEN_ARGS:-} -DskipTests install
fi

classpath_file=bench/target/classpath.txt
if [ ! -s "$classpath_file" ] || [ bench/pom.xml -nt "$classpath_file" ] || [ pom.xml -nt "$classpath_file" ]; then
  ./mvnw -B -q ${MAVEN_ARGS:-} -pl bench dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
fi

bench_jar=$(ls bench/target/bench-*.jar | grep -v -- '-sources\|-javadoc' | head -n 1)
# the benchmark's JVM hosts the suite's broker and database, as ./run.sh's launcher does: G1 as there
# shellcheck disable=SC2086
exec java -XX:+UseG1GC -Xmx1g ${BENCH_JAVA_OPTS:-} -Dengagement.repository="$PWD" \
  -cp "$bench_jar:$(cat "$classpath_file")" "io.engagement.bench.$1"
