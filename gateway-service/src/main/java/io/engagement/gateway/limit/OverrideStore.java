package io.engagement.gateway.limit;

import io.engagement.platform.auth.KeyKind;
import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/** Each organization's overrides, one document per organization in {@code rate_limits}. */
@Component
class OverrideStore {

    private static final String COLLECTION = "rate_limits";
    private static final String ORGANIZATION = "organization";

    private final ReactiveMongoTemplate mongo;

    OverrideStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    Mono<RateLimitOverride> find(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION)
                .map(OverrideStore::fromDocument)
                .defaultIfEmpty(RateLimitOverride.NONE);
    }

    Mono<RateLimitOverride> replace(long organizationId, RateLimitOverride override) {
        Document document = toDocument(override).append("_id", organizationId);
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(organizationId)), document,
                        FindAndReplaceOptions.options().upsert(), Document.class, COLLECTION)
                .thenReturn(override);
    }

    private static Document toDocument(RateLimitOverride override) {
        Document document = new Document();
        if (override.organization() != null) {
            document.append(ORGANIZATION, budget(override.organization()));
        }
        override.byKind().forEach((kind, budget) -> document.append(kind.wireName(), budget(budget)));
        return document;
    }

    private static Document budget(RateBudget budget) {
        return new Document("limit", budget.limit()).append("period_ms", budget.period().toMillis());
    }

    private static RateLimitOverride fromDocument(Document document) {
        Map<KeyKind, RateBudget> byKind = new EnumMap<>(KeyKind.class);
        for (KeyKind kind : Budgets.LIMITED_KINDS) {
            Document budget = document.get(kind.wireName(), Document.class);
            if (budget != null) {
                byKind.put(kind, budget(budget));
            }
        }
        Document organization = document.get(ORGANIZATION, Document.class);
        return new RateLimitOverride(organization == null ? null : budget(organization), byKind);
    }

    private static RateBudget budget(Document budget) {
        return new RateBudget(((Number) budget.get("limit")).longValue(), Duration.ofMillis(((Number) budget.get("period_ms")).longValue()));
    }
}
