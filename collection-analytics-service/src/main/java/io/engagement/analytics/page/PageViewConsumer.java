package io.engagement.analytics.page;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.time.UtcInstants;
import io.engagement.platform.url.CanonicalUrl;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Enters pages into the registry from {@code page_view} telemetry (binding {@code pageViews-in-0},
 * batch). A poll's views are folded to one upsert per page (the latest title wins), written in one
 * bulk; every upsert is idempotent, so a redelivered batch leaves the registry as it was.
 */
@Configuration(proxyBeanMethods = false)
class PageViewConsumer {

    private final PageStore pages;
    private final ObjectMapper json;

    PageViewConsumer(PageStore pages, ObjectMapper json) {
        this.pages = pages;
        this.json = json;
    }

    @Bean
    Consumer<Message<List<String>>> pageViews() {
        return poll -> onTelemetry(ReceivedRecords.batchOf(poll));
    }

    void onTelemetry(List<ConsumerRecord<String, String>> records) {
        PolledRecords<PageView> polled = PolledRecords.read(records, this::pageView);
        Map<PageKey, PageView> latest = new LinkedHashMap<>();
        polled.values().forEach(view -> latest.put(new PageKey(view.organizationId(), view.url()), view));
        pages.seen(List.copyOf(latest.values())).block();
        polled.rejectUnreadable();
    }

    /** Empty for every other event, and for a page view whose URL is not an absolute one. */
    private Optional<PageView> pageView(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
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
            throw new UnreadableRecord("an unreadable telemetry event: " + unreadable, unreadable);
        }
    }

    private record PageKey(long organizationId, CanonicalUrl url) {
    }
}
