package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationView;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** One conversation's writes on a replica run one after another, each from what the one before left. */
class ConversationLanesTest {

    private static final Instant AT = Instant.parse("2026-11-28T09:00:00Z");
    private final Visitor visitor = new Visitor("vis_1", 7, "Ada", null, null, null, false, null, null, null, AT);
    private final ConversationLanes lanes = new ConversationLanes();

    @Test
    void concurrentWritesOfOneConversationRunInTurnEachFromThePreviousState() throws Exception {
        ConversationState known = ConversationState.started("cnv_1", visitor, ConversationView.WIDGET, ConversationView.OPEN, null, AT);
        AtomicInteger running = new AtomicInteger();
        List<Long> seen = new CopyOnWriteArrayList<>();
        // every write joins the lane before the first one may finish: a lane that empties in between
        // rightly starts again from what its caller knew, which is not what this test is about
        Sinks.Empty<Void> allWaiting = Sinks.empty();

        CompletableFuture<List<ConversationState>> written = Flux.range(0, 20)
                .flatMap(i -> lanes.inTurn(known, current -> {
                    assertThat(running.incrementAndGet()).as("one write at a time").isEqualTo(1);
                    seen.add(current.lastSeq());
                    ConversationState next = current.afterNote(current.lastSeq() + 1, AT).withVersion(current.version() + 1);
                    return allWaiting.asMono().then(Mono.delay(Duration.ofMillis(2), Schedulers.parallel()))
                            .doOnNext(tick -> running.decrementAndGet()).thenReturn(next);
                }, state -> state), 20)
                .collectList().toFuture();
        allWaiting.tryEmitEmpty();

        assertThat(written.get(10, TimeUnit.SECONDS)).hasSize(20);
        assertThat(seen).containsExactlyElementsOf(Flux.range(0, 20).map(Long::valueOf).collectList().block());
    }

    @Test
    void aFailedWriteLetsTheNextOneRun() {
        ConversationState known = ConversationState.started("cnv_2", visitor, ConversationView.WIDGET, ConversationView.OPEN, null, AT);

        Mono<ConversationState> failing = lanes.inTurn(known, current -> Mono.error(new IllegalStateException("boom")), state -> state);
        Mono<ConversationState> next = lanes.inTurn(known, Mono::just, state -> state);

        assertThat(failing.onErrorResume(failure -> Mono.empty()).block(Duration.ofSeconds(5))).isNull();
        assertThat(next.block(Duration.ofSeconds(5))).isEqualTo(known);
    }
}
