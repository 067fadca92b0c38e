package io.engagement.analytics.session;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.messaging.Message;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Hears of erased customers and publishes a tombstone on the compacted session topic for each of
 * their sessions this service stored: the topic forgets the summaries, and the tombstone's
 * consumers (the session store here, the customer service, alert detection) forget what they
 * kept of the session. Sessions still in the stream's state are tombstoned by the stream itself.
 * Binding {@code erasedCustomers-in-0}, batch, following the busy customer topic for its erasures;
 * an erasure that cannot be read goes to the dead letters once those before it are handled.
 */
@Configuration(proxyBeanMethods = false)
class ErasedCustomerListener {

    private final SessionStore store;
    private final KafkaTemplate<String, String> kafka;
    private final EventReader events;

    ErasedCustomerListener(SessionStore store, KafkaTemplate<String, String> kafka, EventReader events) {
        this.store = store;
        this.kafka = kafka;
        this.events = events;
    }

    @Bean
    Consumer<Message<List<String>>> erasedCustomers() {
        return poll -> onCustomerEvents(ReceivedRecords.batchOf(poll));
    }

    void onCustomerEvents(List<ConsumerRecord<String, String>> records) {
        PolledRecords<ErasedCustomer> polled = PolledRecords.read(records,
                record -> events.read(record.value(), CustomerErased.class).map(ErasedCustomer::of));
        Flux.fromIterable(polled.values())
                .concatMap(this::tombstoneSessions)
                .blockLast();
        polled.rejectUnreadable();
    }

    private Mono<Void> tombstoneSessions(ErasedCustomer erased) {
        return store.sessionIdsOf(erased.organizationId(), erased.customerId(), erased.email())
                .collect(() -> new LinkedHashSet<>(erased.sessionIds()), Set::add)
                .flatMapMany(Flux::fromIterable)
                .concatMap(sessionId -> Mono.fromFuture(() -> kafka.send(Topics.SESSION, EventEnvelope.key(erased.organizationId(), sessionId), null)))
                .then();
    }
}
