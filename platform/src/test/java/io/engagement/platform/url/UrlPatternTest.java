package io.engagement.platform.url;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UrlPatternTest {

    @Test
    void aPatternGetsALeadingSlashWhenItHasNone() {
        assertThat(UrlPattern.normalize("reports/q1")).isEqualTo("/reports/q1");
        assertThat(UrlPattern.normalize("/reports")).isEqualTo("/reports");
    }

    @Test
    void aPatternIsAPrefixOfTheDisplayUrlNotAPathSegment() {
        assertThat(UrlPattern.matches("/reports", "/reports")).isTrue();
        assertThat(UrlPattern.matches("/reports", "/reports/q1/summary")).isTrue();
        assertThat(UrlPattern.matches("/reports", "/reportsarchive")).isTrue();
        assertThat(UrlPattern.matches("/reports", "/settings/reports")).isFalse();
        assertThat(UrlPattern.matches("/", "/anything")).isTrue();
    }
}
