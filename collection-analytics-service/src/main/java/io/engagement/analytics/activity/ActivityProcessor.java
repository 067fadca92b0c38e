package io.engagement.analytics.activity;

import io.engagement.platform.stream.ProcessorWithStores;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns distinct telemetry events into page activity. It keeps each session's latest page view, so
 * that exactly one view per session — its last — counts as an exit. Runs under exactly-once
 * processing, so the store, the output and the input offsets commit together.
 */
final class ActivityProcessor implements Processor<String, JsonNode, String, String> {

    static final String LAST_VIEWS = "last-page-views";

    private final ObjectMapper json;
    private final Duration sessionIdle;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> lastViews;

    ActivityProcessor(ObjectMapper json, Duration sessionIdle) {
        this.json = json;
        this.sessionIdle = sessionIdle;
    }

    /** The processor with its store of each session's last view. */
    static ProcessorWithStores<String, JsonNode, String, String> withStore(ObjectMapper json, Duration sessionIdle) {
        return ProcessorWithStores.of(() -> new ActivityProcessor(json, sessionIdle),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(LAST_VIEWS), Serdes.String(), Serdes.String()));
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
        this.lastViews = context.getStateStore(LAST_VIEWS);
        context.schedule(Duration.ofMinutes(10), PunctuationType.WALL_CLOCK_TIME, this::forgetIdleSessions);
    }

    @Override
    public void process(Record<String, JsonNode> record) {
        TelemetryFacts.read(record.value())
                .filter(TelemetryFacts::countsForPages)
                .ifPresent(event -> activityOf(event, record.timestamp()).forEach(contribution ->
                        context.forward(record.withKey(contribution.key()).withValue(json.writeValueAsString(contribution)))));
    }

    private List<PageActivity> activityOf(TelemetryFacts event, long ingestedAt) {
        long org = event.organizationId();
        return switch (event.type()) {
            case "page_view" -> viewActivity(event, ingestedAt);
            case "page_leave" -> List.of(PageActivity.leave(org, event.pageId(), event.at(), event.number("duration_ms"),
                    Math.max(0, Math.min(1, event.number("scroll_depth")))));
            case "rage_click" -> List.of(PageActivity.rageClick(org, event.pageId(), event.at()));
            default -> List.of(PageActivity.error(org, event.pageId(), event.at()));
        };
    }

    /** A view is its session's exit until a later view arrives; an earlier one arriving late never is. */
    private List<PageActivity> viewActivity(TelemetryFacts event, long ingestedAt) {
        long org = event.organizationId();
        String previous = lastViews.get(event.sessionKey());
        LastView last = previous == null ? null : LastView.decode(previous);
        if (last != null && event.at().isBefore(last.at())) {
            return List.of(PageActivity.view(org, event.pageId(), event.at(), event.user(), false));
        }
        lastViews.put(event.sessionKey(), new LastView(event.at(), ingestedAt, event.pageId()).encoded());
        return last == null
                ? List.of(PageActivity.view(org, event.pageId(), event.at(), event.user(), true))
                : List.of(PageActivity.view(org, event.pageId(), event.at(), event.user(), true),
                        PageActivity.exitMoved(org, last.pageId(), last.at()));
    }

    private void forgetIdleSessions(long now) {
        List<String> idle = new ArrayList<>();
        try (KeyValueIterator<String, String> all = lastViews.all()) {
            while (all.hasNext()) {
                KeyValue<String, String> session = all.next();
                if (LastView.decode(session.value).seenAt() < now - sessionIdle.toMillis()) {
                    idle.add(session.key);
                }
            }
        }
        idle.forEach(lastViews::delete);
    }

    /**
     * A session's latest page view: when it happened, when it was ingested (sessions idle longer
     * than the limit by ingest time are forgotten) and its page; stored as three space-separated fields.
     */
    record LastView(Instant at, long seenAt, String pageId) {

        static LastView decode(String encoded) {
            String[] fields = encoded.split(" ", 3);
            return new LastView(Instant.ofEpochMilli(Long.parseLong(fields[0])), Long.parseLong(fields[1]), fields[2]);
        }

        String encoded() {
            return at.toEpochMilli() + " " + seenAt + " " + pageId;
        }
    }
}
