package io.engagement.customer.settings;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.Topics;
import org.bson.Document;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link ActivitySegmentsChanged} on {@code engagement.customer.v1}, keyed
 * {@code org:activity-segments}, so one organization's changes keep their order; the event's data
 * is the thresholds as written.
 */
@Configuration(proxyBeanMethods = false)
class ActivitySegmentSettingsEvents {

    private static final String ENTITY = "activity-segments";

    @Bean
    EntityOutbox<ActivitySegmentsChanged> activitySegmentSettingsOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, ActivitySegmentSettingsStore.COLLECTION, Topics.CUSTOMER, ActivitySegmentSettingsEvents::changed);
    }

    private static EntityOutbox.Entity<ActivitySegmentsChanged> changed(Document document) {
        return new EntityOutbox.Entity<>(longOf(document, "_id"), ENTITY,
                new ActivitySegmentsChanged(ActivitySegmentSettingsStore.fromDocument(document)));
    }
}
