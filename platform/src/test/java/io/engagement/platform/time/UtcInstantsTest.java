package io.engagement.platform.time;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UtcInstantsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-22T10:15:30Z", "2026-11-22T10:15:30.1Z", "2026-11-22T10:15:30.123Z",
            "2026-11-22T10:15:30.123456Z", "2026-11-22T10:15:30.123456789Z", "2024-02-29T23:59:59Z",
            "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"})
    void readsWhatTheIsoParserReads(String text) {
        assertThat(UtcInstants.parse(text)).isEqualTo(OffsetDateTime.parse(text).toInstant());
    }

    @Test
    void agreesWithTheIsoParserOnRandomInstants() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 250_000_000_000L), random.nextInt(1_000_000_000));
            String text = instant.toString();
            assertThat(UtcInstants.parse(text)).as(text).isEqualTo(OffsetDateTime.parse(text).toInstant());
        }
    }

    @Test
    void readsEveryIsoInstantWhateverItsShape() {
        assertThat(UtcInstants.read("2026-11-22T10:15:30.25Z")).isEqualTo(Instant.parse("2026-11-22T10:15:30.25Z"));
        assertThat(UtcInstants.read("2026-11-22T10:15:30+01:00")).isEqualTo(Instant.parse("2026-11-22T09:15:30Z"));
        assertThatThrownBy(() -> UtcInstants.read("yesterday")).isInstanceOf(DateTimeParseException.class);
    }

    /** Other shapes, right or wrong, are the general parser's to judge. */
    @ParameterizedTest
    @ValueSource(strings = {"2026-11-22T10:15:30+01:00", "2026-11-22T10:15:30z", "2026-11-22t10:15:30Z", "2026-11-22T10:15:30",
            "2026-11-22 10:15:30Z", "2026-11-22T10:15Z", "2026-11-22T10:15:30.Z", "2026-11-22T10:15:30.1234567890Z",
            "2026-02-30T10:15:30Z", "2026-13-01T10:15:30Z", "2026-00-01T10:15:30Z", "2026-11-22T24:00:00Z",
            "2026-11-22T23:60:00Z", "2026-12-31T23:59:60Z", "2026-11-2xT10:15:30Z", "+2026-11-22T10:15:30Z",
            "2026-11-22T10:15:30,5Z", " 2026-11-22T10:15:30Z", "2026-11-22T10:15:30Z "})
    void leavesEveryOtherShapeToTheGeneralParser(String text) {
        assertThat(UtcInstants.parse(text)).isNull();
    }
}
