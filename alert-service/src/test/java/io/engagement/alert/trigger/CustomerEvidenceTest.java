package io.engagement.alert.trigger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CustomerEvidenceTest {

    @Test
    void theFirstSessionHasNoPriorLastSeenAndItsUpdatesKeepItFirst() {
        CustomerEvidence customer = CustomerEvidence.unknown().withSession("a", 100, 200).withSession("a", 100, 300);

        assertThat(customer.firstSession()).isTrue();
        assertThat(customer.latestLastSeenMs()).isEqualTo(300);
        assertThat(customer.firstSeenMs()).isEqualTo(100);
    }

    @Test
    void aNewerSessionMakesTheLatestOneThePrior() {
        CustomerEvidence customer = CustomerEvidence.unknown().withSession("a", 100, 300).withSession("b", 1_000, 1_100);

        assertThat(customer.firstSession()).isFalse();
        assertThat(customer.latestSessionId()).isEqualTo("b");
        assertThat(customer.priorLastSeenMs()).isEqualTo(300);
    }

    @Test
    void anOlderSessionReadLateOnlyMovesThePrior() {
        CustomerEvidence customer = CustomerEvidence.unknown().withSession("b", 1_000, 1_100).withSession("a", 100, 300);

        assertThat(customer.latestSessionId()).isEqualTo("b");
        assertThat(customer.priorLastSeenMs()).isEqualTo(300);
        assertThat(customer.firstSeenMs()).isEqualTo(100);
    }
}
