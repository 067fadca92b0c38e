package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertStore;
import io.engagement.alert.raised.AlertView;
import io.engagement.alert.rule.Channel;
import io.engagement.platform.lifecycle.PollingLoop;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Claims due deliveries every poll (and as soon as new ones are planned) and sends each on its
 * own, without waiting for the others: a receiver that takes its full time limit holds up only its
 * own deliveries. An attempt that fails is rescheduled by the retry schedule; one that falls in
 * its rule's quiet hours is deferred to their end without counting as an attempt.
 */
@Component
class DeliveryPoller extends PollingLoop {

    private static final Logger log = LoggerFactory.getLogger(DeliveryPoller.class);

    private final DeliveryStore store;
    private final AlertStore alerts;
    private final Map<String, ChannelSender> senders;
    private final DeliverySettings settings;
    private final RetrySchedule schedule;
    private final AtomicInteger inFlight = new AtomicInteger();

    DeliveryPoller(DeliveryStore store, DeliveryWakeups wakeups, AlertStore alerts, List<ChannelSender> senders,
                   DeliverySettings settings) {
        super(settings.pollEvery(), wakeups.asFlux(), log, "due alert deliveries");
        this.store = store;
        this.alerts = alerts;
        this.senders = senders.stream().collect(Collectors.toUnmodifiableMap(ChannelSender::channel, Function.identity()));
        this.settings = settings;
        this.schedule = new RetrySchedule(settings.retryDelays(), settings.jitter());
    }

    /** The last to start and the first to stop (detection runs a phase earlier): no attempt begins during a shutdown. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE;
    }

    /** Claims due deliveries while there is room in flight, and starts an attempt for each. */
    @Override
    protected Mono<Void> poll() {
        return claimOne()
                .expand(claimed -> claimOne())
                .doOnNext(this::startAttempt)
                .then();
    }

    private Mono<Delivery> claimOne() {
        if (inFlight.get() >= settings.maxInFlight()) {
            return Mono.empty();
        }
        return store.claimDue(Instant.now(), settings.lease());
    }

    private void startAttempt(Delivery delivery) {
        inFlight.incrementAndGet();
        attempt(delivery)
                .onErrorResume(failure -> {
                    log.warn("Recording the attempt of delivery {} failed: {}", delivery.deliveryId(), failure.toString());
                    return Mono.empty();
                })
                .doFinally(signal -> inFlight.decrementAndGet())
                .subscribe();
    }

    private Mono<Void> attempt(Delivery delivery) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        if (delivery.quietHours() != null && delivery.quietHours().covers(now)) {
            return store.settle(delivery, Delivery.DEFERRED, delivery.attempts(), delivery.quietHours().endAfter(now), null);
        }
        ChannelSender sender = senders.get(delivery.channel());
        if (sender == null || delivery.channel().equals(Channel.DASHBOARD)) {
            return store.settle(delivery, Delivery.DELIVERED, delivery.attempts() + 1, now, null);
        }
        return alerts.find(delivery.organizationId(), delivery.alertId())
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .flatMap(alert -> alert.isPresent() ? send(sender, delivery, alert.get()) : notStoredYet(delivery, now));
    }

    private Mono<Void> send(ChannelSender sender, Delivery delivery, AlertView alert) {
        return Mono.defer(() -> sender.send(delivery, alert))
                .then(Mono.defer(() -> store.settle(delivery, Delivery.DELIVERED, delivery.attempts() + 1, Instant.now(), null)))
                .onErrorResume(failure -> failed(delivery, failure));
    }

    /** Deliveries are stored a moment before their alert: one claimed in between waits a second, no attempt spent. */
    private Mono<Void> notStoredYet(Delivery delivery, Instant now) {
        return store.settle(delivery, delivery.status(), delivery.attempts(), now.plusSeconds(1), null);
    }

    private Mono<Void> failed(Delivery delivery, Throwable failure) {
        int attempts = delivery.attempts() + 1;
        boolean permanent = failure instanceof PermanentFailure;
        String reason = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        log.info("Delivery {} ({}) attempt {} failed: {}", delivery.deliveryId(), delivery.channel(), attempts, reason);
        return (permanent ? java.util.Optional.<java.time.Duration>empty() : schedule.after(attempts, ThreadLocalRandom.current()::nextDouble))
                .map(wait -> store.settle(delivery, Delivery.PENDING, attempts, Instant.now().plus(wait), reason))
                .orElseGet(() -> store.settle(delivery, Delivery.FAILED, attempts, Instant.now(), reason));
    }
}
