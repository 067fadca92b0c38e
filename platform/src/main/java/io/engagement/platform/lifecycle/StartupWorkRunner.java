package io.engagement.platform.lifecycle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import reactor.core.publisher.Flux;

import java.util.List;

/**
 * Runs every {@link StartupWork} of the service once it has started, one after another. The
 * service reports itself ready only after they are done (readiness follows this event's listeners),
 * so no request finds an index missing; a failure stops the start.
 */
public final class StartupWorkRunner implements ApplicationListener<ApplicationReadyEvent> {

    private static final Logger log = LoggerFactory.getLogger(StartupWorkRunner.class);

    private final List<StartupWork> work;

    public StartupWorkRunner(List<StartupWork> work) {
        this.work = List.copyOf(work);
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        long started = System.nanoTime();
        Flux.fromIterable(work).concatMap(StartupWork::prepare).then().block();
        log.debug("{} start-up task(s) done in {} ms", work.size(), (System.nanoTime() - started) / 1_000_000);
    }
}
