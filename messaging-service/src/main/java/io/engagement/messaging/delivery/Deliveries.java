package io.engagement.messaging.delivery;

import io.engagement.messaging.MessagingProperties;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

import reactor.util.retry.Retry;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;

/**
 * One delivery attempt of one queued message, the same for every channel: record the attempt,
 * hand the message to its provider, record the outcome. A transient failure goes back to the
 * queue with backoff until the attempts run out; a message that fails for good is dead-lettered
 * on {@code engagement.message.v1.dlq} as it was queued, and its outcome is published on
 * {@code engagement.delivery.v1} (best effort: the ledger is the record).
 *
 * <p>Per step: consuming the queue is at-least-once (offsets are committed after the work), the
 * ledger makes that idempotent, and the hand-over to the provider is at-most-once: an attempt
 * recorded but never finished (the worker died mid-send) is marked failed, never repeated, since
 * neither SMTP nor SMPP can tell whether it arrived.
 */
@Component
public class Deliveries {

    static final String INTERRUPTED = "delivery was interrupted (the worker stopped while sending); not retried so it is never sent twice";
    private static final Logger log = LoggerFactory.getLogger(Deliveries.class);
    private static final Retry RECORDING = Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(100)).maxBackoff(Duration.ofSeconds(30));

    private final KafkaTemplate<String, String> kafka;
    private final EventPublisher events;
    private final DeliveryCounters counters;
    private final int maxAttempts;

    Deliveries(KafkaTemplate<String, String> kafka, EventPublisher events, DeliveryCounters counters, MessagingProperties properties) {
        this.kafka = kafka;
        this.events = events;
        this.counters = counters;
        this.maxAttempts = properties.delivery().maxAttempts();
    }

    /** Blocks: it runs on a listener thread, one record at a time per partition. */
    public void deliver(ConsumerRecord<String, String> record, MessageLedger ledger, Queued message, Provider provider) {
        Claim claim = ledger.claim(message.id()).block();
        switch (claim.outcome()) {
            case SKIP -> {
            }
            case INTERRUPTED -> failForGood(record, ledger, message, INTERRUPTED, claim.attempt());
            case SEND -> attempt(record, ledger, message, provider, claim.attempt());
        }
    }

    private void attempt(ConsumerRecord<String, String> record, MessageLedger ledger, Queued message, Provider provider, int attempt) {
        Map<String, Object> fields;
        try {
            fields = handOver(provider);
        } catch (DeliveryFailure failure) {
            if (failure.permanent() || attempt >= maxAttempts) {
                failForGood(record, ledger, message, failure.getMessage(), attempt);
                return;
            }
            log.info("Attempt {} of {} for {} message {} failed, will retry: {}", attempt, maxAttempts, message.channel(),
                    message.id(), failure.getMessage());
            ledger.requeue(message.id(), failure.getMessage()).block();
            throw new RetryLater(failure.getMessage(), failure);
        }
        // the provider has it: from here on only recording is left, which is retried, never the send
        ledger.sent(message.id(), fields).retryWhen(RECORDING).block();
        counters.count(message.channel(), DeliveryStatus.SENT);
        publishOutcome(message, DeliveryStatus.SENT, attempt, null);
    }

    /** A fault of our own before the hand-over is a transient failure, so the message is retried, not lost. */
    private static Map<String, Object> handOver(Provider provider) throws DeliveryFailure {
        try {
            return provider.send();
        } catch (RuntimeException unexpected) {
            throw new DeliveryFailure("unexpected failure: " + unexpected, false, unexpected);
        }
    }

    private void failForGood(ConsumerRecord<String, String> record, MessageLedger ledger, Queued message, String reason, int attempt) {
        log.warn("{} message {} failed: {}", message.channel(), message.id(), reason);
        // dead-lettered first: if the ledger write then fails, the retried record finds the attempt unfinished and dead-letters again
        deadLetter(record, reason);
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
}
