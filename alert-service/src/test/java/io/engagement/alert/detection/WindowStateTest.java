package io.engagement.alert.detection;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

class WindowStateTest {

    @Test
    void theP95OfTwentyCallsIsTheNineteenthSmallestExactly() {
        WindowState state = WindowState.empty();
        for (int i = 0; i < 20; i++) {
            state = state.withDuration(i < 18 ? 100 : 250);
        }

        assertThat(state.count()).isEqualTo(20);
        assertThat(state.p95()).isEqualTo(250);
    }

    @Test
    void nineteenFastCallsKeepTheP95Fast() {
        WindowState state = WindowState.empty();
        for (int i = 0; i < 20; i++) {
            state = state.withDuration(i < 19 ? 100 : 5000);
        }

        assertThat(state.p95()).isEqualTo(100);
    }

    @Test
    void theEvidenceAndTheRaisedMarkSurviveEncoding() {
        WindowState state = WindowState.empty();
        for (int i = 1; i <= 300; i++) {
            state = state.withDuration(i);
        }
        WindowState decoded = WindowState.decode(state.markedRaised().encoded());

        assertThat(decoded.count()).isEqualTo(300);
        assertThat(decoded.raised()).isTrue();
        assertThat(decoded.p95()).isBetween(270.0, 300.0);
        assertThat(WindowState.decode(WindowState.empty().counted().encoded())).isEqualTo(new WindowState(1, false, null));
    }
}
