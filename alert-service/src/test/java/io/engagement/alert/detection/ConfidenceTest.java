package io.engagement.alert.detection;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConfidenceTest {

    @Test
    void aCountIsEightyAtTheCrossingEventAndTenMorePerEventPastItUpToAHundred() {
        assertThat(Confidence.ofCount(5, 5)).isEqualTo(80);
        assertThat(Confidence.ofCount(6, 5)).isEqualTo(90);
        assertThat(Confidence.ofCount(7, 5)).isEqualTo(100);
        assertThat(Confidence.ofCount(40, 5)).isEqualTo(100);
    }

    @Test
    void aFractionalOrZeroCountThresholdCrossesAtTheNextWholeEvent() {
        assertThat(Confidence.ofCount(3, 2.5)).isEqualTo(80);
        assertThat(Confidence.ofCount(1, 0)).isEqualTo(80);
    }

    @Test
    void latencyGrowsWithTheCallsBehindTheP95() {
        assertThat(Confidence.ofLatency(20)).isEqualTo(80);
        assertThat(Confidence.ofLatency(25)).isEqualTo(90);
        assertThat(Confidence.ofLatency(30)).isEqualTo(100);
    }

    @Test
    void aDropGrowsWithThePreviousWindowsVolume() {
        assertThat(Confidence.ofDrop(1)).isEqualTo(55);
        assertThat(Confidence.ofDrop(4)).isEqualTo(70);
        assertThat(Confidence.ofDrop(10)).isEqualTo(100);
    }

    @Test
    void churnGrowsWithTheSessionsEvents() {
        assertThat(Confidence.ofChurn(1)).isEqualTo(45);
        assertThat(Confidence.ofChurn(6)).isEqualTo(70);
        assertThat(Confidence.ofChurn(12)).isEqualTo(100);
    }
}
