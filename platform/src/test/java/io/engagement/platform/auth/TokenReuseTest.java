package io.engagement.platform.auth;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The gateway sends a token again while fresh; a service trusts a repeated token only until it expires. */
class TokenReuseTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef";
    private static final OrgContext ORG = new OrgContext(42L, KeyKind.DATA);
    private static final OrgContext OTHER = new OrgContext(43L, KeyKind.DATA);

    private final SettableClock clock = new SettableClock(Instant.parse("2025-01-01T12:00:00Z"));
    private final InternalToken tokens = new InternalToken(SECRET, Duration.ofSeconds(60), clock);

    @Test
    void theSameContextGetsTheSameTokenUntilHalfItsLifetimeHasPassed() {
        ReusedTokens reused = new ReusedTokens(tokens);
        String first = reused.tokenFor(ORG);

        clock.advance(Duration.ofSeconds(29));
        assertThat(reused.tokenFor(ORG)).isEqualTo(first);
        assertThat(reused.tokenFor(OTHER)).isNotEqualTo(first);

        clock.advance(Duration.ofSeconds(1));
        String renewed = reused.tokenFor(ORG);
        assertThat(renewed).isNotEqualTo(first);
        assertThat(tokens.verify(renewed)).contains(ORG);
    }

    @Test
    void aTokenVerifiedBeforeIsTrustedOnlyUntilItExpires() {
        VerifiedTokens verified = new VerifiedTokens(tokens);
        String token = tokens.mint(ORG);
        assertThat(verified.verify(token)).contains(ORG);

        clock.advance(Duration.ofSeconds(59));
        assertThat(verified.verify(token)).contains(ORG);

        clock.advance(Duration.ofSeconds(1));
        assertThat(verified.verify(token)).isEmpty();
    }

    @Test
    void aForgedTokenIsRefusedEveryTime() {
        VerifiedTokens verified = new VerifiedTokens(tokens);
        String genuine = tokens.mint(ORG);
        String forged = genuine.substring(0, genuine.length() - 2) + (genuine.endsWith("AA") ? "BB" : "AA");

        assertThat(verified.verify(genuine)).contains(ORG);
        assertThat(verified.verify(forged)).isEmpty();
        assertThat(verified.verify(forged)).isEmpty();
    }

    private static final class SettableClock extends Clock {

        private Instant now;

        SettableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
