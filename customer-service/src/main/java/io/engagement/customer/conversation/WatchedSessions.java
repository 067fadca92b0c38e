package io.engagement.customer.conversation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * The sessions that have a conversation, whose context is written down as it arrives. Every
 * replica knows all of them: it reads the conversations of the last {@link #WATCHED_FOR} at
 * start-up, and every conversation created after from the conversation topic.
 */
@Component
class WatchedSessions implements StartupWork {

    static final Duration WATCHED_FOR = Duration.ofDays(7);

    private final ReactiveMongoTemplate mongo;
    private final Cache<String, Boolean> watched = Caffeine.newBuilder()
            .maximumSize(1_000_000)
            .expireAfterWrite(WATCHED_FOR)
            .build();

    WatchedSessions(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    static String key(long organizationId, String sessionId) {
        return organizationId + ":" + sessionId;
    }

    @Override
    public Mono<Void> prepare() {
        Query recent = Query.query(Criteria.where("session_id").ne(null).and("last_activity_at").gte(Date.from(Instant.now().minus(WATCHED_FOR))));
        recent.fields().include("organization_id", "session_id");
        return mongo.find(recent, Document.class, ConversationStore.COLLECTION)
                .doOnNext(conversation -> watch(key(conversation.get("organization_id", Number.class).longValue(),
                        conversation.getString("session_id"))))
                .then();
    }

    void watch(String sessionKey) {
        watched.put(sessionKey, true);
    }

    boolean isWatched(String sessionKey) {
        return watched.getIfPresent(sessionKey) != null;
    }
}
