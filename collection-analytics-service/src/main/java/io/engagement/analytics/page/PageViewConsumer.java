package io.engagement.analytics.page;

import io.engagement.platform.event.Topics;
import io.engagement.platform.time.UtcInstants;
import io.engagement.platform.url.CanonicalUrl;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Enters pages into the registry from {@code page_view} telemetry. A poll's views are folded to one
 * upsert per page (the latest title wins), written in one bulk; every upsert is idempotent, so a
 * redelivered batch leaves the registry as it was.
 */
@Component
class PageViewConsumer {

    private static final Logger log = LoggerFactory.getLogger(PageViewConsumer.class);

    private final PageStore pages;
    private final ObjectMapper json;

    PageViewConsumer(PageStore pages, ObjectMapper json) {
        this.pages = pages;
        this.json = json;
    }

    @KafkaListener(id = "page-registry", topics = Topics.TELEMETRY, batch = "true")
    void onTelemetry(List<ConsumerRecord<String, String>> records) {
        Map<PageKey, PageView> latest = new LinkedHashMap<>();
        records.stream()
                .map(this::pageView)
                .flatMap(Optional::stream)
                .forEach(view -> latest.put(new PageKey(view.organizationId(), view.url()), view));
        pages.seen(List.copyOf(latest.values())).block();
    }

    private Optional<PageView> pageView(ConsumerRecord<String, String> record) {
        try {
            JsonNode event = json.readTree(record.value());
            JsonNode data = event.get("data");
            if (data == null || !"page_view".equals(event.path("type").asString(""))) {
                return Optional.empty();
            }
            long organizationId = event.get("org_id").asLong();
            return CanonicalUrl.of(data.path("url").asString(""))
                    .map(url -> new PageView(organizationId, url, data.path("title").asString(null),
                            UtcInstants.read(event.get("occurred_at").asString())));
        } catch (RuntimeException unreadable) {
            // ingest checked every event; one that cannot be read here is skipped, not retried forever
            log.warn("Skipping unreadable telemetry record at {}-{}@{}", record.topic(), record.partition(), record.offset());
            return Optional.empty();
        }
    }

    private record PageKey(long organizationId, CanonicalUrl url) {
    }
}
