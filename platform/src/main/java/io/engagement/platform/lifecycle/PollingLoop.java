package io.engagement.platform.lifecycle;

import org.slf4j.Logger;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.time.Duration;

/**
 * A component that polls for due work every interval and whenever it is woken (new work was just
 * planned, here or through {@code wakeups}), one poll at a time: a wake-up during a poll is dropped,
 * since the running poll or the next tick finds the work. A failed poll is logged and the loop goes
 * on. It starts and stops with the application context.
 */
public abstract class PollingLoop implements SmartLifecycle {

    private final Duration every;
    private final Flux<?> wakeups;
    private final Logger log;
    private final String what;
    private final Sinks.Many<Boolean> woken = Sinks.many().multicast().directBestEffort();
    private volatile Disposable polling;

    /** @param what the work polled for, as the failure's log line names it ("due alert deliveries") */
    protected PollingLoop(Duration every, Flux<?> wakeups, Logger log, String what) {
        this.every = every;
        this.wakeups = wakeups;
        this.log = log;
        this.what = what;
    }

    /** Woken only by {@link #wake()} and the interval. */
    protected PollingLoop(Duration every, Logger log, String what) {
        this(every, Flux.never(), log, what);
    }

    /** One poll: claims and does what is due. */
    protected abstract Mono<Void> poll();

    /** Polls now rather than at the next tick: new work was just planned. */
    public void wake() {
        woken.tryEmitNext(true);
    }

    @Override
    public void start() {
        polling = Flux.merge(Flux.interval(every).map(tick -> true), wakeups.map(wakeup -> true), woken.asFlux())
                .onBackpressureDrop()
                .concatMap(tick -> Mono.defer(this::poll).onErrorResume(failure -> {
                    log.warn("Polling for {} failed: {}", what, failure.toString());
                    return Mono.empty();
                }), 1)
                .subscribe();
    }

    @Override
    public void stop() {
        if (polling != null) {
            polling.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        return polling != null && !polling.isDisposed();
    }
}
