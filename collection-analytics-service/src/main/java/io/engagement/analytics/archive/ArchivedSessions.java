package io.engagement.analytics.archive;

import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Collection;

/** Erasure's way into the archive: every raw event and replay chunk of some sessions, in every month. */
@Component
public class ArchivedSessions {

    private final ReactiveMongoTemplate mongo;

    ArchivedSessions(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    public Mono<Void> forget(long organizationId, Collection<String> sessionIds) {
        if (sessionIds.isEmpty()) {
            return Mono.empty();
        }
        Query sessions = Query.query(Criteria.where("organization_id").is(organizationId).and("session_id").in(sessionIds));
        return mongo.getCollectionNames()
                .filter(name -> name.startsWith(RawEventArchive.PARTITION_PREFIX))
                .concatMap(month -> mongo.remove(sessions, month))
                .then();
    }
}
