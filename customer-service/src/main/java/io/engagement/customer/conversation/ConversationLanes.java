package io.engagement.customer.conversation;

import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The messages of one conversation written on this replica, one after another, each from the
 * conversation as the one before left it. Writers of one conversation on one replica would
 * otherwise all reach for the same next seq and retry past each other (a seq is taken by insert
 * under a unique index), each try a write; in a lane only another replica's writes can come
 * between, so a message takes its seq at the first or second try. A lane lives while it has
 * writes waiting.
 */
@Component
class ConversationLanes {

    private final ConcurrentHashMap<String, Lane> lanes = new ConcurrentHashMap<>();

    /**
     * Runs {@code write} once the conversation's earlier writes on this replica are done, with the
     * newest of {@code known} and what they left; {@code left} says what this write leaves.
     */
    <T> Mono<T> inTurn(ConversationState known, Function<ConversationState, Mono<T>> write, Function<T, ConversationState> left) {
        String key = known.organizationId() + ":" + known.conversationId();
        return Mono.defer(() -> {
            Sinks.Empty<Void> done = Sinks.empty();
            Turn turn = new Turn();
            lanes.compute(key, (ignored, existing) -> {
                Lane lane = existing == null ? new Lane(known) : existing;
                lane.waiting++;
                turn.lane = lane;
                turn.after = lane.tail;
                lane.tail = done.asMono();
                return lane;
            });
            Lane lane = turn.lane;
            return turn.after
                    .then(Mono.defer(() -> write.apply(newer(known, lane.latest))))
                    .doOnNext(written -> lane.latest = newer(lane.latest, left.apply(written)))
                    .doFinally(signal -> {
                        lanes.computeIfPresent(key, (ignored, current) -> --current.waiting == 0 ? null : current);
                        done.tryEmitEmpty();
                    });
        });
    }

    private static ConversationState newer(ConversationState one, ConversationState other) {
        return other != null && other.version() > one.version() ? other : one;
    }

    /** A write's place in its lane: the lane, and the write it waits for. */
    private static final class Turn {
        private Lane lane;
        private Mono<Void> after;
    }

    /** Guarded by the map's compute for {@code waiting} and {@code tail}; {@code latest} is read and written in turn. */
    private static final class Lane {

        private Mono<Void> tail = Mono.empty();
        private volatile ConversationState latest;
        private int waiting;

        private Lane(ConversationState known) {
            this.latest = known;
        }
    }
}
