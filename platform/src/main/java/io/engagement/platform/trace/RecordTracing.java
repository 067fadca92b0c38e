package io.engagement.platform.trace;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import reactor.util.context.ContextView;

import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Carries a request's trace through Kafka records where Spring's own observations cannot: records
 * sent in bulk straight to the producer, and records consumed in batches (spring-kafka observes
 * only record-by-record listeners). The trace travels as W3C {@code traceparent} headers.
 */
public final class RecordTracing {

    private static final ContextSnapshotFactory SNAPSHOTS = ContextSnapshotFactory.builder().build();

    private final Tracer tracer;
    private final Propagator propagator;

    public RecordTracing(Tracer tracer, Propagator propagator) {
        this.tracer = tracer;
        this.propagator = propagator;
    }

    /** For code that has no tracer: nothing is injected, work runs untraced. */
    public static RecordTracing none() {
        return new RecordTracing(Tracer.NOOP, Propagator.NOOP);
    }

    /**
     * Runs {@code work} with the observation of the reactive request (held in the Reactor context,
     * not in a thread local) as the current span, so what it sends belongs to the request's trace.
     */
    public <T> T inTraceOf(ContextView reactorContext, Supplier<T> work) {
        if (!reactorContext.hasKey(ObservationThreadLocalAccessor.KEY)) {
            return work.get();
        }
        try (ContextSnapshot.Scope scope = SNAPSHOTS.setThreadLocalsFrom(reactorContext, ObservationThreadLocalAccessor.KEY)) {
            return work.get();
        }
    }

    /** Writes the current span's trace into a record about to be sent. */
    public void inject(Headers headers) {
        TraceContext current = tracer.currentTraceContext().context();
        if (current != null) {
            propagator.inject(current, headers, RecordTracing::replace);
        }
    }

    /**
     * Handles one record of a batch in a consumer span that continues the record's trace, so what
     * is logged meanwhile carries the producer's trace id.
     */
    public <T> T inTraceOf(ConsumerRecord<?, ?> record, String consumer, Supplier<T> work) {
        Span span = propagator.extract(record.headers(), RecordTracing::header)
                .kind(Span.Kind.CONSUMER)
                .name(consumer + " receive")
                .tag("messaging.destination.name", record.topic())
                .start();
        try (Tracer.SpanInScope scope = tracer.withSpan(span)) {
            return work.get();
        } catch (RuntimeException failure) {
            span.error(failure);
            throw failure;
        } finally {
            span.end();
        }
    }

    private static void replace(Headers headers, String key, String value) {
        headers.remove(key);
        headers.add(key, value.getBytes(StandardCharsets.UTF_8));
    }

    private static String header(Headers headers, String key) {
        Header header = headers.lastHeader(key);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
