package io.engagement.analytics.collection;

import io.engagement.platform.event.CollectionChanged;
import io.engagement.platform.event.CollectionDeleted;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EventEnvelope;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The outbox publishes the event the collection's mark names, with the membership as the wire has always carried it. */
class CollectionEventsTest {

    private static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final PageCollection CHECKOUT = new PageCollection("col_checkout", "Checkout", "", List.of("3f2a9c1d8e7b6a50"),
            List.of("/checkout"), Instant.EPOCH, Instant.EPOCH);

    @Test
    void aChangedCollectionIsPublishedAsCollectionChanged() {
        EventEnvelope<DomainEvent> event = eventOf(CollectionEvents.CHANGED);

        assertThat(event.type()).isEqualTo("collection.changed");
        assertThat(event.data()).isEqualTo(new CollectionChanged("col_checkout", "Checkout", List.of("3f2a9c1d8e7b6a50"), List.of("/checkout")));
        assertThat(dataFields(event)).containsExactly("collection_id", "name", "page_ids", "url_patterns");
    }

    @Test
    void aDeletedCollectionIsPublishedAsCollectionDeletedWithItsLastMembership() {
        EventEnvelope<DomainEvent> event = eventOf(CollectionEvents.DELETED);

        assertThat(event.type()).isEqualTo("collection.deleted");
        assertThat(event.data()).isEqualTo(new CollectionDeleted("col_checkout", "Checkout", List.of("3f2a9c1d8e7b6a50"), List.of("/checkout")));
        assertThat(dataFields(event)).containsExactly("collection_id", "name", "page_ids", "url_patterns");
    }

    private static EventEnvelope<DomainEvent> eventOf(String markType) {
        Document document = new Document(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(markType));
        return DocumentOutbox.eventOf(document, 7, CollectionEvents.eventOf(document, CHECKOUT));
    }

    private static List<String> dataFields(EventEnvelope<DomainEvent> event) {
        JsonNode data = JSON.valueToTree(event).get("data");
        return data.propertyNames().stream().toList();
    }
}
