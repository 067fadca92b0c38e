package io.engagement.analytics.ingest;

import io.engagement.platform.event.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class FairShareTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    static FairShare everythingOnTheMainTopic() {
        return new FairShare(new FairShare.Properties(0), new SimpleMeterRegistry());
    }

    @Test
    void batchesBeyondAnOrganizationsShareGoToTheOverflowWhileAnotherOrganizationStaysOnTheMainTopic() {
        FairShare share = new FairShare(new FairShare.Properties(1_000), meters);

        assertThat(share.topicFor(1, 500)).isEqualTo(Topics.TELEMETRY);
        assertThat(share.topicFor(1, 500)).isEqualTo(Topics.TELEMETRY);
        assertThat(share.topicFor(1, 500)).isEqualTo(Topics.TELEMETRY_OVERFLOW);
        assertThat(share.topicFor(1, 1)).isEqualTo(Topics.TELEMETRY_OVERFLOW);
        assertThat(share.topicFor(2, 500)).isEqualTo(Topics.TELEMETRY);

        assertThat(meters.get("engagement.ingest.overflowed").counter().count()).isEqualTo(501);
    }

    @Test
    void anOrganizationBeyondItsShareStaysOnTheOverflowUntilItHasKeptWithinTheShareForAWhile() {
        FairShare share = new FairShare(new FairShare.Properties(600), meters);

        assertThat(share.topicFor(1, 500)).isEqualTo(Topics.TELEMETRY);
        assertThat(share.topicFor(1, 500)).isEqualTo(Topics.TELEMETRY_OVERFLOW);
        assertThat(share.topicFor(1, 100)).as("within what is left of the share, but still bursting").isEqualTo(Topics.TELEMETRY_OVERFLOW);

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> share.topicFor(1, 1).equals(Topics.TELEMETRY));
        assertThat(share.topicFor(1, 1)).isEqualTo(Topics.TELEMETRY);
    }

    @Test
    void withoutAShareEverythingStaysOnTheMainTopic() {
        FairShare share = everythingOnTheMainTopic();

        for (int batch = 0; batch < 100; batch++) {
            assertThat(share.topicFor(1, 500)).isEqualTo(Topics.TELEMETRY);
        }
    }
}
