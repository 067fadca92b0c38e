package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationView;
import io.engagement.platform.lifecycle.PollingLoop;
import org.bson.Document;
import org.slf4j.LoggerFactory;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * Wakes snoozed conversations when their time comes: open again, within {@link #LOOK_EVERY} of
 * {@code snoozed_until}. Every replica looks; the conversation's guarded write lets one wake it.
 */
@Component
class Snoozes extends PollingLoop {

    static final Duration LOOK_EVERY = Duration.ofSeconds(5);

    private final ReactiveMongoTemplate mongo;
    private final ConversationStore conversations;

    Snoozes(ReactiveMongoTemplate mongo, ConversationStore conversations) {
        super(LOOK_EVERY, LoggerFactory.getLogger(Snoozes.class), "snoozed conversations to wake");
        this.mongo = mongo;
        this.conversations = conversations;
    }

    @Override
    protected Mono<Void> poll() {
        Instant now = Instant.now();
        Query due = Query.query(Criteria.where("status").is(ConversationView.SNOOZED).and("snoozed_until").lte(Date.from(now)));
        return mongo.find(due, Document.class, ConversationStore.COLLECTION)
                .map(ConversationStore::fromDocument)
                .concatMap(snoozed -> conversations.update(snoozed, current -> current.woken(now)))
                .then();
    }
}
