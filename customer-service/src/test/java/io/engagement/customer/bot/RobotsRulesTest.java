package io.engagement.customer.bot;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RobotsRulesTest {

    @Test
    void theLongestMatchingRuleOfTheAnyoneGroupDecides() {
        RobotsRules rules = RobotsRules.parse("""
                User-agent: OtherBot
                Disallow: /

                User-agent: *
                Disallow: /private
                Allow: /private/press
                Disallow: /*.pdf$
                """);

        assertThat(rules.allows("/")).isTrue();
        assertThat(rules.allows("/private")).isFalse();
        assertThat(rules.allows("/private/team")).isFalse();
        assertThat(rules.allows("/private/press/2026")).isTrue();
        assertThat(rules.allows("/docs/guide.pdf")).isFalse();
        assertThat(rules.allows("/docs/guide.pdf?v=2")).isTrue();
    }

    @Test
    void aGroupNamingThisCrawlerReplacesTheAnyoneGroup() {
        RobotsRules rules = RobotsRules.parse("""
                User-agent: *
                Disallow: /

                User-agent: engagementbot
                Disallow: /drafts # not ready
                """);

        assertThat(rules.allows("/help")).isTrue();
        assertThat(rules.allows("/drafts/one")).isFalse();
        assertThat(RobotsRules.parse("").allows("/anything")).isTrue();
        assertThat(RobotsRules.parse("User-agent: *\nDisallow: /\n\nUser-agent: EngagementBot\nDisallow:\n").allows("/help")).isTrue();
        assertThat(RobotsRules.DISALLOW_ALL.allows("/")).isFalse();
    }
}
