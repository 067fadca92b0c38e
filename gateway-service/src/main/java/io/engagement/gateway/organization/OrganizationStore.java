package io.engagement.gateway.organization;

import io.engagement.platform.id.IdSequences;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.Date;

@Component
public class OrganizationStore {

    private static final String COLLECTION = "organizations";

    private final ReactiveMongoTemplate mongo;
    private final IdSequences ids;
    private final Clock clock = Clock.systemUTC();

    OrganizationStore(ReactiveMongoTemplate mongo, IdSequences ids) {
        this.mongo = mongo;
        this.ids = ids;
    }

    Mono<Organization> create(String name) {
        return ids.next(COLLECTION)
                .map(id -> new Organization(id, name, clock.instant()))
                .flatMap(organization -> mongo.insert(new Document("_id", organization.organizationId())
                                .append("name", organization.name())
                                .append("created_at", Date.from(organization.createdAt())), COLLECTION)
                        .thenReturn(organization));
    }

    public Mono<Boolean> exists(long organizationId) {
        return mongo.exists(Query.query(Criteria.where("_id").is(organizationId)), COLLECTION);
    }
}
