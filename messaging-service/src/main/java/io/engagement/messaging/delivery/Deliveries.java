package io.engagement.messaging.delivery;

import io.engagement.messaging.MessagingProperties;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import io.engagement.platform.trace.RecordTracing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;

/**
 * Delivers queued messages, the same for every channel: record the attempt, hand the message to its
 * provider, record the outcome. A transient failure goes back to the queue with backoff until the
 * attempts run out; a message that fails for good is dead-lettered on
 * {@code engagement.message.v1.dlq} as it was queued, and its outcome is published on
 * {@code engagement.delivery.v1} (best effort: the ledger is the record).
 *
 * <p>Messages go a batch at a time ({@code engagement.messaging.delivery.batch-size}): one claim
 * for the batch, the hand-overs one after the other, one write recording those handed over, so a
 * message costs the database a fraction of a round trip instead of two.
 *
 * <p>Per step: consuming the queue is at-least-once (offsets are committed after the work), the
 * ledger makes that idempotent, and the hand-over to the provider is at-most-once: an attempt
 * recorded but never finished (the worker died mid-batch) is marked failed, never repeated, since
 * neither SMTP nor SMPP can tell whether it arrived. A batch bounds how many a killed worker leaves
 * so; a worker that stops a batch on a transient failure puts the messages it had not tried back.
 */
@Component
public class Deliveries {

    static final String INTERRUPTED = "delivery was interrupted (the worker stopped while sending); not retried so it is never sent twice";
    /** The consumer the traces of deliveries name, the delivery binding's consumer group. */
    static final String DELIVERY = "message-delivery";
    private static final Logger log = LoggerFactory.getLogger(Deliveries.class);

    private final KafkaTemplate<String, String> kafka;
    private final EventPublisher events;
    private final DeliveryCounters counters;
    private final RecordTracing tracing;
    private final int maxAttempts;
    private final int batchSize;

    Deliveries(KafkaTemplate<String, String> kafka, EventPublisher events, DeliveryCounters counters, RecordTracing tracing,
               MessagingProperties properties) {
        this.kafka = kafka;
        this.events = events;
        this.counters = counters;
        this.tracing = tracing;
        this.maxAttempts = properties.delivery().maxAttempts();
        this.batchSize = properties.delivery().batchSize();
    }

    /**
     * Delivers one channel's messages in the order they were consumed. Blocks: it runs on a listener
     * thread. When one cannot be finished now, every message before it is finished and the
     * {@link BatchListenerFailedException} names its record, from which the container backs off and
     * consumes again.
     */
    public void deliver(List<Delivery> deliveries, ChannelWorker worker) {
        Set<String> met = new HashSet<>();
        for (int from = 0; from < deliveries.size(); from += batchSize) {
            deliverBatch(deliveries.subList(from, Math.min(deliveries.size(), from + batchSize)), worker, met);
        }
    }

    private void deliverBatch(List<Delivery> batch, ChannelWorker worker, Set<String> met) {
        MessageLedger ledger = worker.ledger();
        Claims claims;
        try {
            // an id met earlier in the poll was judged there: claimed again, it would stay claimed untried
            claims = ledger.claimAll(batch.stream().map(delivery -> delivery.message().id()).filter(id -> !met.contains(id)).toList())
                    .block();
        } catch (RuntimeException unavailable) {
            throw new BatchListenerFailedException("cannot claim " + batch.size() + " message(s)", unavailable, batch.get(0).record());
        }
        List<HandedOver> handedOver = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            Delivery delivery = batch.get(i);
            // a record met again in the same poll (a redelivery) was judged the first time
            Claim claim = met.add(delivery.message().id()) ? claims.of(delivery.message().id()) : Claim.skip();
            try {
                tracing.inTraceOf(delivery.record(), DELIVERY, () -> {
                    switch (claim.outcome()) {
                        case SKIP -> {
                        }
                        case INTERRUPTED -> failForGood(delivery, ledger, INTERRUPTED, claim.attempt());
                        case SEND -> attempt(delivery, ledger, claim.attempt())
                                .ifPresent(fields -> handedOver.add(new HandedOver(delivery, claim.attempt(), fields)));
                    }
                    return null;
                });
            } catch (RuntimeException stopped) {
                recordSent(handedOver, worker);
                List<String> untried = batch.subList(i + 1, batch.size()).stream().map(later -> later.message().id())
                        .filter(id -> claims.of(id).outcome() == Claim.Outcome.SEND).toList();
                ledger.release(claims, untried).retryWhen(MessageLedger.UNTIL_THE_DATABASE_ANSWERS).block();
                throw new BatchListenerFailedException(stopped.getMessage(), stopped, delivery.record());
            }
        }
        recordSent(handedOver, worker);
    }

    /** The fields the status shows of a message handed over; empty when it failed for good. */
    private Optional<Map<String, Object>> attempt(Delivery delivery, MessageLedger ledger, int attempt) {
        Queued message = delivery.message();
        try {
            return Optional.of(handOver(delivery.provider()));
        } catch (DeliveryFailure failure) {
            if (failure.permanent() || attempt >= maxAttempts) {
                failForGood(delivery, ledger, failure.getMessage(), attempt);
                return Optional.empty();
            }
            log.info("Attempt {} of {} for {} message {} failed, will retry: {}", attempt, maxAttempts, message.channel(),
                    message.id(), failure.getMessage());
            ledger.requeue(message.id(), failure.getMessage()).block();
            throw new RetryLater(failure.getMessage(), failure);
        }
    }

    /** The providers have these: from here on only recording is left, which is retried, never the sends. */
    private void recordSent(List<HandedOver> handedOver, ChannelWorker worker) {
        if (handedOver.isEmpty()) {
            return;
        }
        Map<String, Map<String, Object>> fields = new LinkedHashMap<>();
        handedOver.forEach(sent -> fields.put(sent.delivery().message().id(), sent.fields()));
        worker.handedOver(fields).then(worker.ledger().sentAll(fields)).retryWhen(MessageLedger.UNTIL_THE_DATABASE_ANSWERS)
                .doOnError(refused -> log.error("The database refused the record of {} message(s) handed over, {}; redelivered, they "
                        + "will show as interrupted: {}", fields.size(), fields.keySet(), refused.toString()))
                .block();
        handedOver.forEach(sent -> tracing.inTraceOf(sent.delivery().record(), DELIVERY, () -> {
            counters.count(sent.delivery().message().channel(), DeliveryStatus.SENT);
            publishOutcome(sent.delivery().message(), DeliveryStatus.SENT, sent.attempt(), null);
            return null;
        }));
        handedOver.clear();
    }

    /** A fault of our own before the hand-over is a transient failure, so the message is retried, not lost. */
    private static Map<String, Object> handOver(Provider provider) throws DeliveryFailure {
        try {
            return provider.send();
        } catch (RuntimeException unexpected) {
            throw new DeliveryFailure("unexpected failure: " + unexpected, false, unexpected);
        }
    }

    private void failForGood(Delivery delivery, MessageLedger ledger, String reason, int attempt) {
        Queued message = delivery.message();
        log.warn("{} message {} failed: {}", message.channel(), message.id(), reason);
        // dead-lettered first: if the ledger write then fails, the retried record finds the attempt unfinished and dead-letters again
        deadLetter(delivery.record(), reason);
        ledger.fail(message.id(), reason).block();
        counters.count(message.channel(), DeliveryStatus.FAILED);
        publishOutcome(message, DeliveryStatus.FAILED, attempt, reason);
    }

    private void deadLetter(ConsumerRecord<String, String> record, String reason) {
        ProducerRecord<String, String> dead = new ProducerRecord<>(Topics.MESSAGE_DEAD_LETTERS, record.key(), record.value());
        dead.headers().add("engagement-failure", reason.getBytes(StandardCharsets.UTF_8));
        dead.headers().add("engagement-original-offset",
                (record.topic() + "-" + record.partition() + "@" + record.offset()).getBytes(StandardCharsets.UTF_8));
        try {
            kafka.send(dead).get();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        } catch (ExecutionException failed) {
            throw new IllegalStateException("cannot dead-letter " + record.key(), failed.getCause());
        }
    }

    private void publishOutcome(Queued message, DeliveryStatus status, int attempts, String error) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("message_id", message.id());
        data.put("channel", message.channel());
        data.put("status", status.wireName());
        data.put("attempts", attempts);
        data.put("error", error);
        EventEnvelope<Map<String, Object>> event = new EventEnvelope<>(UUID.randomUUID(), "message." + status.wireName(), 1,
                message.org(), Instant.now(), data);
        // not awaited: the ledger is the record of the outcome, and waiting for the broker per message
        // would cap delivery at one message per producer round trip
        events.publish(Topics.DELIVERY, EventEnvelope.key(message.org(), message.id()), event)
                .subscribe(null, failure -> log.warn("Outcome of {} message {} not published: {}", message.channel(), message.id(),
                        failure.toString()));
    }

    /** The message a record carries: which one, whose, on which channel. */
    public record Queued(String id, long org, String channel) {
    }

    /** One consumed message: its record, which message it is, and how to hand it over. */
    public record Delivery(ConsumerRecord<String, String> record, Queued message, Provider provider) {
    }

    private record HandedOver(Delivery delivery, int attempt, Map<String, Object> fields) {
    }
}
