package io.engagement.customer.directory;

import io.engagement.customer.activity.CustomerActivity;
import io.engagement.customer.directory.ErasureStore.Erasure;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import io.engagement.platform.lifecycle.StartupWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Erases a customer: records the erasure, deletes the customer, the sessions parked under their
 * e-mail and what other features keep of them ({@link ErasedCustomerData}, such as their tickets),
 * publishes {@link CustomerErased} and then a tombstone for the customer's key on
 * {@code engagement.customer.v1}, and forgets the record. The answer waits for the deletion, not
 * for the broker: an erasure the broker did not take is published again by the sweep that runs at
 * start-up and every {@link #SWEEP}, so the other services hear of it even after a crash.
 */
@Component
class CustomerErasure implements StartupWork, DisposableBean {

    static final Duration SWEEP = Duration.ofSeconds(15);
    /** An erasure younger than this may still be on its way to the broker from the request that made it. */
    private static final Duration IN_FLIGHT = Duration.ofSeconds(10);
    private static final Duration BROKER_WAIT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(CustomerErasure.class);

    private final CustomerStore customers;
    private final ErasureStore erasures;
    private final CustomerActivity activity;
    private final EventPublisher publisher;
    private final KafkaTemplate<String, String> kafka;
    private final List<ErasedCustomerData> elsewhere;
    private volatile Disposable sweeps;

    CustomerErasure(CustomerStore customers, ErasureStore erasures, CustomerActivity activity, EventPublisher publisher,
                    KafkaTemplate<String, String> kafka, List<ErasedCustomerData> elsewhere) {
        this.customers = customers;
        this.erasures = erasures;
        this.activity = activity;
        this.publisher = publisher;
        this.kafka = kafka;
        this.elsewhere = List.copyOf(elsewhere);
    }

    /** Empty once the customer is deleted here; 404 for a customer the organization does not have. */
    Mono<Void> erase(long organizationId, String customerId) {
        return customers.findByPublicId(organizationId, customerId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Customer")))
                .flatMap(erasures::record)
                .flatMap(erasure -> deleteHere(erasure).thenReturn(erasure))
                .flatMap(erasure -> announce(erasure).timeout(BROKER_WAIT).onErrorResume(failure -> {
                    log.warn("The erasure of customer {} is not published yet; the next sweep publishes it: {}", erasure.customerKey(),
                            failure.toString());
                    return Mono.empty();
                }));
    }

    /** Finishes what earlier runs left, then keeps finishing what a broker outage leaves. */
    @Override
    public Mono<Void> prepare() {
        return finishPending(Instant.now()).doOnSuccess(done -> sweeps = Flux.interval(SWEEP, SWEEP)
                        // a sweep slower than the interval skips ticks rather than ending the sweeps
                        .onBackpressureDrop()
                        .concatMap(tick -> finishPending(Instant.now().minus(IN_FLIGHT)).onErrorResume(failure -> {
                            log.warn("Sweeping pending erasures failed; trying again in {}: {}", SWEEP, failure.toString());
                            return Mono.empty();
                        }))
                        .subscribe());
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    private Mono<Void> finishPending(Instant recordedBefore) {
        return erasures.pending(recordedBefore).concatMap(erasure -> deleteHere(erasure).then(announce(erasure))).then();
    }

    private Mono<Void> deleteHere(Erasure erasure) {
        return customers.delete(erasure.customerKey())
                .then(activity.forgetParked(erasure.organizationId(), erasure.emailKey()))
                .thenMany(Flux.fromIterable(elsewhere).concatMap(data -> data.forget(erasure.organizationId(), erasure.erased())))
                .then();
    }

    /** The event, then the tombstone, each acknowledged before the record of the erasure goes. */
    private Mono<Void> announce(Erasure erasure) {
        String key = EventEnvelope.key(erasure.organizationId(), erasure.erased().customerId());
        return publisher.publish(Topics.CUSTOMER, key, erasure.envelope())
                .then(Mono.fromFuture(() -> kafka.send(Topics.CUSTOMER, key, null)))
                .then(erasures.remove(erasure));
    }
}
