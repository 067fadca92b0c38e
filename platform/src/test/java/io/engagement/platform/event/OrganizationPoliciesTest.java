package io.engagement.platform.event;

import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OrganizationPoliciesTest {

    private static OrganizationPolicy plan(String plan, long version) {
        return new OrganizationPolicy(OrganizationPolicy.Retention.DEFAULT, List.of(), plan, version);
    }

    @Test
    void ofTwoCopiesTheLaterVersionWins() {
        OrganizationPolicy older = plan(OrganizationPolicy.FREE, 3);
        OrganizationPolicy later = plan(OrganizationPolicy.PREMIUM, 4);

        assertThat(older.newer(later)).isEqualTo(later);
        assertThat(later.newer(older)).isEqualTo(later);
        assertThat(later.newer(null)).isEqualTo(later);
    }

    @Test
    void aPolicyPublishedBeforeVersionsReadsAsVersionZero() {
        assertThat(OrganizationPolicy.DEFAULT.version()).isZero();
        assertThat(new OrgContext(1, KeyKind.DATA).policy()).isNull();
    }
}
