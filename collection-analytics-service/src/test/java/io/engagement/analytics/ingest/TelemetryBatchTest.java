package io.engagement.analytics.ingest;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class TelemetryBatchTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void aValidPageViewIsAcceptedWithAnIdOfItsOwn() {
        TelemetryBatch batch = TelemetryBatch.sort(JSON.readTree("""
                [{"type": "page_view", "session_id": "s-1", "url": "https://app.example.com/a", "title": "A",
                  "timestamp": "2026-11-22T09:59:00Z"}]
                """), NOW);

        assertThat(batch.rejected()).isEmpty();
        assertThat(batch.accepted()).hasSize(1);
        assertThat(batch.accepted().get(0).event().get("event_id").asString()).isNotBlank();
        assertThat(batch.accepted().get(0).event().get("timestamp").asString()).isEqualTo("2026-11-22T09:59:00Z");
        assertThat(batch.accepted().get(0).occurredAt()).isEqualTo(Instant.parse("2026-11-22T09:59:00Z"));
    }

    @Test
    void anIdentifyNeedsNoUrlButEveryOtherTypeDoes() {
        TelemetryBatch batch = TelemetryBatch.sort(JSON.readTree("""
                [{"type": "identify", "session_id": "s-1", "email": "ada@example.com", "timestamp": 1763805540},
                 {"type": "click", "session_id": "s-1", "timestamp": "2026-11-22T09:59:00Z"}]
                """), NOW);

        assertThat(batch.accepted()).hasSize(1);
        assertThat(batch.rejected()).singleElement().satisfies(rejection -> {
            assertThat(rejection.index()).isEqualTo(1);
            assertThat(rejection.loc()).containsExactly("body", "events", 1, "url");
            assertThat(rejection.type()).isEqualTo("missing");
        });
    }

    @Test
    void anIdentifyNamesTheVisitorByEmailOrCustomerId() {
        TelemetryBatch batch = TelemetryBatch.sort(JSON.readTree("""
                [{"type": "identify", "session_id": "s-1", "timestamp": "2026-11-22T09:59:00Z"},
                 {"type": "identify", "session_id": "s-1", "customer_id": "c-1", "timestamp": "2026-11-22T09:59:00Z"},
                 {"type": "identify", "session_id": "s-1", "email": "ada@example.com", "timestamp": "2026-11-22T09:59:00Z"}]
                """), NOW);

        assertThat(batch.accepted()).hasSize(2);
        assertThat(batch.rejected()).singleElement().satisfies(rejection -> {
            assertThat(rejection.index()).isZero();
            assertThat(rejection.loc()).containsExactly("body", "events", 0, "email");
            assertThat(rejection.type()).isEqualTo("missing");
        });
    }

    @Test
    void aPageUrlMustBeAbsoluteHttp() {
        TelemetryBatch batch = TelemetryBatch.sort(JSON.readTree("""
                [{"type": "page_view", "session_id": "s-1", "url": "/checkout", "timestamp": "2026-11-22T09:59:00Z"},
                 {"type": "page_view", "session_id": "s-1", "url": "ftp://files.example.com/a", "timestamp": "2026-11-22T09:59:00Z"},
                 {"type": "page_view", "session_id": "s-1", "url": "HTTPS://app.example.com/a", "timestamp": "2026-11-22T09:59:00Z"}]
                """), NOW);

        assertThat(batch.accepted()).hasSize(1);
        assertThat(batch.rejected()).extracting(rejection -> rejection.index() + " " + rejection.type())
                .containsExactly("0 url_parsing", "1 url_scheme");
        assertThat(batch.rejected().get(0).loc()).containsExactly("body", "events", 0, "url");
    }

    @Test
    void everyFaultOfAnEventIsListedUnderItsIndex() {
        TelemetryBatch batch = TelemetryBatch.sort(JSON.readTree("""
                [{"type": "page_leave", "url": 5, "timestamp": "yesterday", "scroll_depth": 2}]
                """), NOW);

        assertThat(batch.accepted()).isEmpty();
        assertThat(batch.rejected()).extracting(Rejection::type)
                .containsExactlyInAnyOrder("missing", "datetime_parsing", "string_type", "less_than_equal");
    }
}
