package io.engagement.platform.lifecycle;

import org.slf4j.Logger;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Runs a poll for due work every interval and whenever {@code wakeups} signal (new work was just
 * planned), one poll at a time: a wake-up during a poll is dropped, since the running poll or the
 * next tick finds the work. A failed poll is logged and the loop goes on.
 */
public final class PollingLoop {

    private final Duration every;
    private final Flux<?> wakeups;
    private final Supplier<Mono<Void>> poll;
    private final Logger log;
    private final String what;
    private volatile Disposable polling;

    /** @param what the work polled for, as the failure's log line names it ("due alert deliveries") */
    public PollingLoop(Duration every, Flux<?> wakeups, Supplier<Mono<Void>> poll, Logger log, String what) {
        this.every = every;
        this.wakeups = wakeups;
        this.poll = poll;
        this.log = log;
        this.what = what;
    }

    public void start() {
        polling = Flux.merge(Flux.interval(every).map(tick -> true), wakeups.map(wakeup -> true))
                .onBackpressureDrop()
                .concatMap(tick -> Mono.defer(poll).onErrorResume(failure -> {
                    log.warn("Polling for {} failed: {}", what, failure.toString());
                    return Mono.empty();
                }), 1)
                .subscribe();
    }

    public void stop() {
        if (polling != null) {
            polling.dispose();
        }
    }

    public boolean isRunning() {
        return polling != null && !polling.isDisposed();
    }
}
