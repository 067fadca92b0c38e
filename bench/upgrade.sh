#!/usr/bin/env bash
# Upgrading a local stack in place: an older build (OLD_REPOSITORY, a built checkout) counts a
# collection's page views and stops; this build starts on the same ENGAGEMENT_HOME and must show the
# same counts at once (its Kafka Streams application ids, state stores and offsets are the old
# ones, so nothing is counted again or lost), then count what comes after exactly.
#   OLD_REPOSITORY  e.g. a worktree of 84b8519 (before the event backbone), built with ./mvnw install
#   ENGAGEMENT_PORT the gateway's port for both (default 18180)
set -euo pipefail
cd "$(dirname "$0")/.."
old=${OLD_REPOSITORY:?a built checkout of the older build}
home=$(mktemp -d /tmp/engagement-upgrade-XXXXXX)
port=${ENGAGEMENT_PORT:-18180}
gateway="http://localhost:$port"
day=$(date -u -d yesterday +%F)
pid=

start() { # repository, name
  (cd "$1" && ENGAGEMENT_HOME="$home" ENGAGEMENT_PORT="$port" exec ./run.sh) > "$home/run-$2.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    grep -q "The Engagement Suite is running" "$home/run-$2.log" && return 0
    kill -0 "$pid" 2>/dev/null || { tail -20 "$home/run-$2.log"; exit 1; }
    sleep 1
  done
  echo "the $2 build did not start"; exit 1
}

stop() {
  kill -INT "$pid"
  wait "$pid" || true
}

key() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$home/credentials.json" "$1"; }

send() { # first, count: page views numbered first..first+count-1, 20 sessions, two pages
  python3 - "$gateway" "$(key public_key)" "$day" "$1" "$2" <<'PY'
import json, sys, urllib.request
gateway, public_key, day, first, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
for start in range(first, first + count, 100):
    events = [{"type": "page_view", "session_id": f"upgrade-{n % 20}", "anonymous_id": f"visitor-{n % 20}",
               "url": f"https://shop.example/upgrade/{'a' if n % 2 else 'b'}",
               "timestamp": f"{day}T10:{(n // 60) % 60:02d}:{n % 60:02d}Z"} for n in range(start, min(start + 100, first + count))]
    request = urllib.request.Request(f"{gateway}/external/v1/events?public_key={public_key}", json.dumps({"events": events}).encode(),
                                     {"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(request))
    assert answer["accepted"] == len(events), answer
PY
}

visits() { # the collection's total_visits and unique_users for the day
  curl -sf -H "x-api-key: $(key api_key)" "$gateway/external/v1/page-collections/$collection?start=$day&end=$day" |
    python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(s["total_visits"], s["unique_users"])'
}

await_visits() { # expected total_visits
  for _ in $(seq 1 180); do
    [ "$(visits | cut -d' ' -f1)" = "$1" ] && return 0
    sleep 1
  done
  echo "total_visits stayed at $(visits) instead of $1"; exit 1
}

echo "Data in $home"
start "$old" old
collection=$(curl -sf -X POST -H "x-api-key: $(key api_key)" -H 'Content-Type: application/json' \
  -d '{"name": "Upgrade", "url_patterns": ["/upgrade"]}' "$gateway/external/v1/page-collections" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["collection_id"])')
send 0 500
await_visits 500
counted_old=$(visits)
stop

start . new
counted_at_start=$(visits)
send 500 300
await_visits 800
counted_after=$(visits)
# nothing more may arrive: a replayed or double-counted event would show now
sleep 10
counted_later=$(visits)
stop

printf '\n%-46s %-14s %s\n' "" "total_visits" "unique_users"
printf '%-46s %-14s %s\n' "old build, 500 page views counted" ${counted_old}
printf '%-46s %-14s %s\n' "new build, on start (expected 500, 20)" ${counted_at_start}
printf '%-46s %-14s %s\n' "new build, 300 more (expected 800, 20)" ${counted_after}
printf '%-46s %-14s %s\n' "new build, 10 s later (expected 800, 20)" ${counted_later}
[ "$counted_at_start" = "500 20" ] && [ "$counted_after" = "800 20" ] && [ "$counted_later" = "800 20" ]
