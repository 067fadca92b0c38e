package io.engagement.customer.settings;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import org.bson.Document;
import org.springframework.stereotype.Component;

import java.util.List;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@code settings.activity_segments.changed} on {@code engagement.customer.v1}, keyed
 * {@code org:activity-segments}, so one organization's changes keep their order.
 */
@Component
class ActivitySegmentSettingsEvents {

    static final String CHANGED = "settings.activity_segments.changed";
    private static final String ENTITY = "activity-segments";

    private final DocumentOutbox outbox;

    ActivitySegmentSettingsEvents(DocumentOutbox outbox) {
        this.outbox = outbox;
    }

    void published(Document written) {
        outbox.publish(ActivitySegmentSettingsStore.COLLECTION, List.of(written), ActivitySegmentSettingsEvents::eventOf);
    }

    void recoverPending() {
        outbox.recover(ActivitySegmentSettingsStore.COLLECTION, ActivitySegmentSettingsEvents::eventOf).block();
    }

    private static DocumentOutbox.Event eventOf(Document document) {
        long organizationId = longOf(document, "_id");
        return new DocumentOutbox.Event(Topics.CUSTOMER, EventEnvelope.key(organizationId, ENTITY),
                DocumentOutbox.eventOf(document, organizationId, ActivitySegmentSettingsStore.fromDocument(document)));
    }
}
