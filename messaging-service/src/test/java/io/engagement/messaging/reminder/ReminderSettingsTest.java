package io.engagement.messaging.reminder;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReminderSettingsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theDefaultsPassTheirOwnSchema() {
        ReminderSettings defaults = ReminderSettings.DEFAULTS;
        String asJson = "{\"enabled\": %s, \"intervals_minutes\": %s, \"channels\": %s}".formatted(defaults.enabled(),
                JSON.writeValueAsString(defaults.intervalsMinutes()), JSON.writeValueAsString(defaults.channels()));

        assertThat(faults(asJson)).isEmpty();
    }

    @Test
    void ascendingIntervalsWithinAWeekAndDistinctChannelsAreAccepted() {
        assertThat(faults("{\"enabled\": true, \"intervals_minutes\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10080], "
                + "\"channels\": [\"email\", \"sms\", \"whatsapp\", \"push\"]}")).isEmpty();
        assertThat(faults("{\"enabled\": false, \"intervals_minutes\": [60], \"channels\": []}")).isEmpty();
    }

    @Test
    void anIntervalNotAboveTheOneBeforeIsAValueErrorAtThatElement() {
        List<ErrorDetail> faults = faults("{\"enabled\": true, \"intervals_minutes\": [60, 60, 30, 120], \"channels\": [\"email\"]}");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(
                List.of("body", "intervals_minutes", 1), List.of("body", "intervals_minutes", 2));
        assertThat(faults).extracting(ErrorDetail::type).containsOnly("value_error");
    }

    @Test
    void aRepeatedOrUnknownChannelIsReportedAtItsIndex() {
        List<ErrorDetail> faults = faults("{\"enabled\": true, \"intervals_minutes\": [5], \"channels\": [\"sms\", \"pager\", \"sms\"]}");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "channels", 1));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly("literal_error");

        List<ErrorDetail> repeated = faults("{\"enabled\": true, \"intervals_minutes\": [5], \"channels\": [\"sms\", \"push\", \"sms\"]}");
        assertThat(repeated).extracting(ErrorDetail::loc).containsExactly(List.of("body", "channels", 2));
        assertThat(repeated).extracting(ErrorDetail::type).containsExactly("value_error");
    }

    @Test
    void outOfRangeIntervalsMissingAndExtraFieldsAreEachReported() {
        List<ErrorDetail> faults = faults("{\"intervals_minutes\": [0, 10081], \"channels\": [\"email\"], \"quiet\": true}");

        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "enabled"),
                List.of("body", "intervals_minutes", 0), List.of("body", "intervals_minutes", 1), List.of("body", "quiet"));
        assertThat(faults).extracting(ErrorDetail::type).containsExactly(
                "missing", "greater_than_equal", "less_than_equal", "extra_forbidden");
    }

    @Test
    void noIntervalsOrMoreThanTenAreRefusedAsAWhole() {
        assertThat(faults("{\"enabled\": true, \"intervals_minutes\": [], \"channels\": []}"))
                .extracting(ErrorDetail::loc).containsExactly(List.of("body", "intervals_minutes"));
        assertThat(faults("{\"enabled\": true, \"intervals_minutes\": [1,2,3,4,5,6,7,8,9,10,11], \"channels\": []}"))
                .extracting(ErrorDetail::type).containsExactly("too_long");
    }

    private static List<ErrorDetail> faults(String body) {
        List<ErrorDetail> errors = new ArrayList<>();
        ReminderSettings.SCHEMA.apply(JSON.readTree(body), Loc.body(), errors);
        return errors;
    }
}
