package io.engagement.customer.settings;

import io.engagement.platform.event.DocumentOutbox;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** One settings document per organization, its {@code _id} the organization's id. */
@Component
class ActivitySegmentSettingsStore {

    static final String COLLECTION = "activity_segment_settings";

    private final ReactiveMongoTemplate mongo;

    ActivitySegmentSettingsStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The organization's settings, written with the defaults on first read. */
    Mono<ActivitySegmentSettings> findOrCreate(long organizationId) {
        return find(organizationId).switchIfEmpty(Mono.defer(() -> createDefaults(organizationId)));
    }

    /** Replaces the organization's settings, marked with the change event to publish; answers what was written. */
    Mono<Document> replace(long organizationId, ActivitySegmentSettings settings) {
        Document document = toDocument(organizationId, settings)
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(ActivitySegmentsChanged.TYPE));
        return mongo.replace(Query.query(Criteria.where("_id").is(organizationId)), document,
                        ReplaceOptions.replaceOptions().upsert(), COLLECTION)
                .thenReturn(document);
    }

    private Mono<ActivitySegmentSettings> find(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION).map(ActivitySegmentSettingsStore::fromDocument);
    }

    /** Defaults are no change of behaviour, so they are written without an event; a racing first read wins alike. */
    private Mono<ActivitySegmentSettings> createDefaults(long organizationId) {
        return mongo.insert(toDocument(organizationId, ActivitySegmentSettings.DEFAULTS), COLLECTION)
                .map(ActivitySegmentSettingsStore::fromDocument)
                .onErrorResume(DuplicateKeyException.class, raced -> find(organizationId));
    }

    private static Document toDocument(long organizationId, ActivitySegmentSettings settings) {
        return new Document("_id", organizationId)
                .append("active_days", settings.activeDays())
                .append("slightly_active_days", settings.slightlyActiveDays())
                .append("dormant_days", settings.dormantDays());
    }

    static ActivitySegmentSettings fromDocument(Document document) {
        return new ActivitySegmentSettings(
                ((Number) document.get("active_days")).intValue(),
                ((Number) document.get("slightly_active_days")).intValue(),
                ((Number) document.get("dormant_days")).intValue());
    }
}
