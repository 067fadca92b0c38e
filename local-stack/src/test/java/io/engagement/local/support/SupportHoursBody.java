package io.engagement.local.support;


import static org.assertj.core.api.Assertions.assertThat;

/** A support-hours body with the same slots every day, in UTC, and the {@code PUT} that stores it. */
public final class SupportHoursBody {

    public static final String ALWAYS_OPEN = "[{\"start\": \"00:00\", \"end\": \"24:00\"}]";
    public static final String ALWAYS_CLOSED = "[]";

    private SupportHoursBody() {
    }

    public static String everyDay(String slots) {
        return """
                {"timezone": "UTC", "days_off": [], "schedule": {"monday": %1$s, "tuesday": %1$s, "wednesday": %1$s,
                  "thursday": %1$s, "friday": %1$s, "saturday": %1$s, "sunday": %1$s}}""".formatted(slots);
    }

    public static void put(RunningSuite suite, RunningSuite.Organization organization, String slots) {
        Answer stored = suite.put("/external/v1/settings/support-hours", everyDay(slots), "x-api-key", organization.apiKey());
        assertThat(stored.status()).as(stored.body()).isEqualTo(200);
    }
}
