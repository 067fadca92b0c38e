package io.engagement.customer.conversation;

import io.engagement.platform.event.SessionView;
import org.bson.Document;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.util.Collection;
import java.util.List;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * The written-down context of sessions that have a conversation, {@code _id} {@code org:session_id}.
 * The pages and errors, and the summary, come from different topics and replicas: each write sets
 * only its own fields, so neither undoes the other.
 */
@Component
class SessionContextStore {

    static final String COLLECTION = "conversation_session_contexts";

    private final ReactiveMongoTemplate mongo;
    private final ObjectMapper json;

    SessionContextStore(ReactiveMongoTemplate mongo, ObjectMapper json) {
        this.mongo = mongo;
        this.json = json;
    }

    /** Writes what each session's snapshot holds: its summary once one was seen, its pages and errors always. */
    Mono<Void> write(Collection<Keyed> snapshots) {
        if (snapshots.isEmpty()) {
            return Mono.empty();
        }
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, COLLECTION);
        for (Keyed keyed : snapshots) {
            RecentActivity.Snapshot snapshot = keyed.snapshot();
            Update update = new Update().set("organization_id", keyed.organizationId())
                    .set("recent_pages", snapshot.pages())
                    .set("recent_errors", snapshot.errors().stream().map(error -> new Document("message", error.message())
                            .append("url", error.url()).append("at", date(error.at()))).toList());
            if (snapshot.session() != null) {
                update.set("session", json.writeValueAsString(snapshot.session()));
            }
            bulk.upsert(Query.query(Criteria.where("_id").is(keyed.key())), update);
        }
        return bulk.execute().then();
    }

    Mono<SessionContext> find(long organizationId, String sessionId) {
        return mongo.findById(WatchedSessions.key(organizationId, sessionId), Document.class, COLLECTION).map(this::fromDocument);
    }

    Mono<Void> delete(long organizationId, List<String> sessionIds) {
        return sessionIds.isEmpty() ? Mono.empty()
                : mongo.remove(Query.query(Criteria.where("_id").in(sessionIds.stream().map(id -> WatchedSessions.key(organizationId, id)).toList())),
                COLLECTION).then();
    }

    private SessionContext fromDocument(Document document) {
        String session = document.getString("session");
        return new SessionContext(session == null ? null : json.readValue(session, SessionView.class),
                document.getList("recent_pages", String.class, List.of()),
                document.getList("recent_errors", Document.class, List.of()).stream()
                        .map(error -> new SessionContext.RecentError(error.getString("message"), error.getString("url"), instantOf(error, "at")))
                        .toList());
    }

    /** A session's snapshot with its key and organization. */
    record Keyed(String key, long organizationId, RecentActivity.Snapshot snapshot) {
    }
}
