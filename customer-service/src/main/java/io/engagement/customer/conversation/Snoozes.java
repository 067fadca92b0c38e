package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/**
 * Wakes snoozed conversations when their time comes: open again, within {@link #LOOK_EVERY} of
 * {@code snoozed_until}. Every replica looks; the conversation's guarded write lets one wake it.
 */
@Component
class Snoozes implements StartupWork, DisposableBean {

    static final Duration LOOK_EVERY = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(Snoozes.class);

    private final ReactiveMongoTemplate mongo;
    private final ConversationStore conversations;
    private final EntityOutbox<ConversationChanged> events;
    private volatile Disposable looks;

    Snoozes(ReactiveMongoTemplate mongo, ConversationStore conversations, EntityOutbox<ConversationChanged> events) {
        this.mongo = mongo;
        this.conversations = conversations;
        this.events = events;
    }

    @Override
    public Mono<Void> prepare() {
        looks = Flux.interval(LOOK_EVERY, LOOK_EVERY)
                .onBackpressureDrop()
                .concatMap(tick -> wakeDue().onErrorResume(failure -> {
                    log.warn("Waking snoozed conversations failed; trying again in {}: {}", LOOK_EVERY, failure.toString());
                    return Mono.empty();
                }))
                .subscribe();
        return Mono.empty();
    }

    @Override
    public void destroy() {
        if (looks != null) {
            looks.dispose();
        }
    }

    Mono<Void> wakeDue() {
        Instant now = Instant.now();
        Query due = Query.query(Criteria.where("status").is(ConversationView.SNOOZED).and("snoozed_until").lte(Date.from(now)));
        return mongo.find(due, Document.class, ConversationStore.COLLECTION)
                .map(ConversationStore::fromDocument)
                .concatMap(snoozed -> conversations.update(snoozed.organizationId(), snoozed.conversationId(), current -> current.woken(now)))
                .filter(ConversationStore.Written::changed)
                .doOnNext(written -> events.publish(List.of(written.document())))
                .then();
    }
}
