package io.engagement.customer.supporthours;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.time.DayOfWeek;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * When an organization's support team answers: a week of opening slots in the organization's time
 * zone, and whole days off. {@code PUT} replaces the whole object, so every day of the week is
 * required (an empty list is a closed day).
 *
 * @param timezone an IANA zone name; the slots and days off are its wall-clock times and dates
 * @param daysOff  {@code YYYY-MM-DD} dates closed all day
 */
public record SupportHoursSettings(String timezone, Week schedule, List<String> daysOff) {

    static final List<Slot> NINE_TO_FIVE = List.of(new Slot("09:00", "17:00"));
    static final SupportHoursSettings DEFAULTS = new SupportHoursSettings("UTC",
            new Week(NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, List.of(), List.of()), List.of());

    /** A day has at most this many slots, and a year or so of holidays fits many times in the days off. */
    private static final int MAX_SLOTS = 24;
    private static final int MAX_DAYS_OFF = 1000;
    private static final String START = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
    /** A slot may run until midnight, {@code 24:00}. */
    private static final String END = "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$";

    private static final ObjectSchema SLOT = ObjectSchema.of(
                    required("start", Rules.string().pattern(START)),
                    required("end", Rules.string().pattern(END)))
            .forbiddingExtra()
            .checking(SupportHoursSettings::refuseEndNotAfterStart);

    private static final Rule DAY = SupportHoursSettings::daySlots;

    private static final ObjectSchema WEEK = ObjectSchema.of(IntStream.range(0, 7)
                    .mapToObj(day -> required(dayName(DayOfWeek.of(day + 1)), DAY))
                    .toArray(ObjectSchema.Field[]::new))
            .forbiddingExtra();

    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("timezone", Rules.timeZone()),
                    required("schedule", WEEK),
                    required("days_off", Rules.list(Rules.date()).maxItems(MAX_DAYS_OFF)))
            .forbiddingExtra();

    /** {@code monday} .. {@code sunday}, as the schedule's keys name them. */
    static String dayName(DayOfWeek day) {
        return day.name().toLowerCase(Locale.ROOT);
    }

    private static void refuseEndNotAfterStart(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        if (accepted.has("start") && accepted.has("end")
                && Slot.minuteOf(accepted.get("end").asString()) <= Slot.minuteOf(accepted.get("start").asString())) {
            errors.add(Violations.valueError(loc.field("end"), input.get("end"), "end must be after start"));
        }
    }

    /** A day's slots, each valid on its own, then none overlapping another; the fault sits at the later-starting slot. */
    private static JsonNode daySlots(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        JsonNode slots = Rules.list(SLOT).maxItems(MAX_SLOTS).apply(value, loc, errors);
        if (slots == null) {
            return null;
        }
        List<Integer> byStart = IntStream.range(0, slots.size()).boxed()
                .sorted(Comparator.comparingInt(index -> Slot.minuteOf(slots.get(index).get("start").asString())))
                .toList();
        // reported in the body's order, like every other list's faults
        Map<Integer, ErrorDetail> overlaps = new TreeMap<>();
        JsonNode latestEnding = null;
        for (int index : byStart) {
            JsonNode slot = slots.get(index);
            if (latestEnding != null && Slot.minuteOf(slot.get("start").asString()) < Slot.minuteOf(latestEnding.get("end").asString())) {
                overlaps.put(index, Violations.valueError(loc.index(index), value.get(index), "slot overlaps "
                        + latestEnding.get("start").asString() + "-" + latestEnding.get("end").asString()));
            }
            if (latestEnding == null || Slot.minuteOf(slot.get("end").asString()) > Slot.minuteOf(latestEnding.get("end").asString())) {
                latestEnding = slot;
            }
        }
        errors.addAll(overlaps.values());
        return overlaps.isEmpty() ? slots : null;
    }

    /** The seven days' slots. */
    public record Week(List<Slot> monday, List<Slot> tuesday, List<Slot> wednesday, List<Slot> thursday, List<Slot> friday,
                       List<Slot> saturday, List<Slot> sunday) {

        List<Slot> of(DayOfWeek day) {
            return switch (day) {
                case MONDAY -> monday;
                case TUESDAY -> tuesday;
                case WEDNESDAY -> wednesday;
                case THURSDAY -> thursday;
                case FRIDAY -> friday;
                case SATURDAY -> saturday;
                case SUNDAY -> sunday;
            };
        }
    }

    /**
     * Open from {@code start} until {@code end}, wall-clock times of the day, {@code HH:MM};
     * {@code end} may be {@code 24:00}, the midnight that ends the day.
     */
    public record Slot(String start, String end) {

        /** Minutes since the day's midnight: {@code 24:00} is 1440. */
        static int minuteOf(String time) {
            return Integer.parseInt(time.substring(0, 2)) * 60 + Integer.parseInt(time.substring(3, 5));
        }
    }
}
