package io.engagement.gateway.limit;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class LocalBucketTest {

    private static final RateBudget TEN_A_MINUTE = new RateBudget(10, Duration.ofMinutes(1));

    private final LocalBucket bucket = new LocalBucket(TEN_A_MINUTE);
    private long now = 1_000_000;

    @Test
    void spendsWhatItLeasedAndThenAsksForMore() {
        assertThat(bucket.tryTake(now)).isNull();

        lease(new Lease(2, 5, 0));
        Decision first = bucket.tryTake(now);
        Decision second = bucket.tryTake(now);

        assertThat(first.allowed()).isTrue();
        assertThat(first.limit()).isEqualTo(10);
        assertThat(first.remaining()).isEqualTo(6);
        assertThat(second.remaining()).isEqualTo(5);
        assertThat(second.resetSeconds()).isEqualTo(30);
        assertThat(bucket.tryTake(now)).isNull();
    }

    @Test
    void anEmptySharedBucketIsRefusedLocallyUntilItHoldsATokenAgain() {
        lease(new Lease(0, 0.5, 3_000));

        Decision refused = bucket.tryTake(now + 1_000);

        assertThat(refused.allowed()).isFalse();
        assertThat(refused.remaining()).isZero();
        assertThat(refused.retryAfterSeconds()).isEqualTo(2);
        assertThat(bucket.tryTake(now + 3_000)).isNull();
    }

    @Test
    void whileTheSharedBucketCannotBeReadRequestsPassForAWhile() {
        lease(Lease.unenforced(TEN_A_MINUTE));

        assertThat(bucket.tryTake(now + 1).allowed()).isTrue();
        assertThat(bucket.tryTake(now + LocalBucket.UNENFORCED_FOR - 1).allowed()).isTrue();
        assertThat(bucket.tryTake(now + LocalBucket.UNENFORCED_FOR)).isNull();
    }

    @Test
    void requestsWaitingTogetherShareOneLeaseAndTheNextWaiterStartsAnother() {
        AtomicInteger leases = new AtomicInteger();
        Sinks.One<Lease> answer = Sinks.one();

        Mono<Void> first = bucket.lease(() -> {
            leases.incrementAndGet();
            return answer.asMono();
        }, () -> now);
        Mono<Void> second = bucket.lease(() -> {
            leases.incrementAndGet();
            return Mono.just(new Lease(1, 0, 0));
        }, () -> now);
        answer.tryEmitValue(new Lease(1, 0, 0));
        first.block();
        second.block();
        bucket.lease(() -> {
            leases.incrementAndGet();
            return Mono.just(new Lease(1, 0, 0));
        }, () -> now).block();

        assertThat(leases).hasValue(2);
        assertThat(bucket.tryTake(now).allowed()).isTrue();
        assertThat(bucket.tryTake(now).allowed()).isTrue();
        assertThat(bucket.tryTake(now)).isNull();
    }

    private void lease(Lease lease) {
        bucket.lease(() -> Mono.just(lease), () -> now).block();
    }
}
