package io.engagement.platform.binding;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.springframework.cloud.stream.binder.ExtendedConsumerProperties;
import org.springframework.cloud.stream.binder.kafka.ListenerContainerWithDlqAndRetryCustomizer;
import org.springframework.cloud.stream.binder.kafka.properties.KafkaConsumerProperties;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.ExponentialBackOff;

import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;

/**
 * What every binding of the suite does with a record it fails on, set by the binding's own
 * properties:
 * <ul>
 *   <li>a record it cannot read ({@link UnreadableRecord}, or one the binder cannot convert) goes to
 *       {@code <topic>.dlq} at once, so it never stalls its partition;</li>
 *   <li>any other failure (the database away) is retried with the binding's back-off
 *       ({@code back-off-initial-interval}, {@code -multiplier}, {@code -max-interval}): for as long as
 *       it takes where the binding keeps {@code enable-dlq} off, since skipping would break an exact
 *       count; {@code max-attempts} times, then to {@code <topic>.dlq}, where it turns it on.</li>
 * </ul>
 * A dead letter keeps the record's key and value and carries the error and origin in spring-kafka's
 * {@code kafka_dlt-*} headers (exception, message, original topic, partition, offset, consumer group), and is
 * counted in {@code engagement.events.dead.lettered} (tags {@code binding}, {@code topic}). A batch
 * binding names its failing record by throwing spring-kafka's {@code BatchListenerFailedException}:
 * the records before it are committed, those after it read again.
 */
public final class DeadLetterPolicy implements ListenerContainerWithDlqAndRetryCustomizer {

    /** The suffix of a topic's dead letters. */
    public static final String SUFFIX = ".dlq";
    static final String METRIC = "engagement.events.dead.lettered";

    private final KafkaOperations<?, ?> template;
    private final MeterRegistry meters;
    private final BindingContainers containers;

    public DeadLetterPolicy(KafkaOperations<?, ?> template, MeterRegistry meters, BindingContainers containers) {
        this.template = template;
        this.meters = meters;
        this.containers = containers;
    }

    /** Retries and dead letters are the container's, as set here, never the binding's own. */
    @Override
    public boolean retryAndDlqInBinding(String destinationName, String group) {
        return false;
    }

    @Override
    public void configure(AbstractMessageListenerContainer<?, ?> container, String destinationName, String group,
                          BiFunction<ConsumerRecord<?, ?>, Exception, TopicPartition> dlqDestinationResolver, BackOff backOff) {
        throw new IllegalStateException("the binder passes every binding's properties");
    }

    @Override
    public void configure(AbstractMessageListenerContainer<?, ?> container, String destinationName, String group,
                          BiFunction<ConsumerRecord<?, ?>, Exception, TopicPartition> dlqDestinationResolver, BackOff backOff,
                          ExtendedConsumerProperties<KafkaConsumerProperties> properties) {
        String binding = properties.getBindingName();
        containers.register(binding, container);
        DeadLetterPublishingRecoverer publisher = new DeadLetterPublishingRecoverer(template,
                // no partition named: a topic's dead letters need not have as many partitions as the topic
                (record, failure) -> new TopicPartition(record.topic() + SUFFIX, -1));
        // spring-kafka names the group only from the listener exception that reported() unwraps; several
        // groups read one topic, so the dead letter says which of them gave the record up
        String consumerGroup = container.getGroupId();
        publisher.setHeadersFunction((record, failure) -> consumerGroup == null ? new RecordHeaders()
                : new RecordHeaders(new Header[] {new RecordHeader(KafkaHeaders.DLT_ORIGINAL_CONSUMER_GROUP,
                        consumerGroup.getBytes(StandardCharsets.UTF_8))}));
        // each counter exists from the start, at 0, so the first dead letter is an increase a rate can see
        for (String topic : destinationName.split(",")) {
            deadLettered(binding, topic.strip());
        }
        DefaultErrorHandler handler = new DefaultErrorHandler((record, failure) -> {
            publisher.accept(record, reported(failure));
            deadLettered(binding, record.topic()).increment();
        }, retries(properties));
        handler.addNotRetryableExceptions(UnreadableRecord.class);
        // a batch's failed record, once dead-lettered, ends in the handler's "seek to current" exception:
        // the path working as meant, which the metric and the dead letter already report, not an error
        handler.setLogLevel(KafkaException.Level.WARN);
        container.setCommonErrorHandler(handler);
    }

    /** The count of a binding's records sent to the dead letters of their topic (the topic they came from). */
    private Counter deadLettered(String binding, String topic) {
        return Counter.builder(METRIC).description("records sent to their topic's dead letters")
                .tag("binding", binding).tag("topic", topic).register(meters);
    }

    /**
     * The failure the headers name: the reason a record is unreadable, else the innermost cause,
     * rather than the listener and binder exceptions wrapped around it.
     */
    static Exception reported(Exception failure) {
        Exception innermost = failure;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnreadableRecord unreadable) {
                return unreadable;
            }
            if (cause instanceof Exception exception) {
                innermost = exception;
            }
        }
        return innermost;
    }

    private static BackOff retries(ExtendedConsumerProperties<KafkaConsumerProperties> properties) {
        ExponentialBackOff backOff = new ExponentialBackOff(properties.getBackOffInitialInterval(), properties.getBackOffMultiplier());
        backOff.setMaxInterval(properties.getBackOffMaxInterval());
        if (properties.getExtension().isEnableDlq()) {
            backOff.setMaxAttempts(Math.max(0, properties.getMaxAttempts() - 1));
        }
        return backOff;
    }
}
