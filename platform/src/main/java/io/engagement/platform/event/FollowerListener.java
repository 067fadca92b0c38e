package io.engagement.platform.event;

import org.springframework.core.annotation.AliasFor;
import org.springframework.kafka.annotation.KafkaListener;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@link KafkaListener} that follows a busy topic for what little of it concerns its service (an
 * erasure among the customer events, a reminder setting), where a quarter of a second does not
 * matter. Such a listener on the defaults fetches and commits once for every few records, one
 * thread per partition: a bulk import of customers kept a dozen of them fetching and committing a
 * few records at a time, which cost the messaging service and the broker about a core between
 * them (with two cores in all) and slowed the import by a third. A follower has one thread for
 * every partition, and the broker answers its fetch once it holds 64 kB or 250 ms have passed, so
 * it fetches and commits a few times a second however its topic trickles.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@KafkaListener(concurrency = "1", properties = {"fetch.min.bytes=65536", "fetch.max.wait.ms=250"})
public @interface FollowerListener {

    /** The listener's id, which is also its consumer group. */
    @AliasFor(annotation = KafkaListener.class, attribute = "id")
    String id();

    @AliasFor(annotation = KafkaListener.class, attribute = "topics")
    String[] topics();

    /** {@code "true"} for a listener of a poll's records at once. */
    @AliasFor(annotation = KafkaListener.class, attribute = "batch")
    String batch() default "";
}
