package io.engagement.messaging.reminder;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When the reminders of one ticket waiting on its customer fall due: each interval counts from the
 * moment the ticket began waiting, and nothing is due while reminders are off.
 */
record ReminderSchedule(ReminderSettings settings, Duration unit) {

    /** The next reminder after {@code sent} have gone, if the settings still hold one. */
    Optional<Instant> nextDue(Instant waitingSince, int sent) {
        List<Integer> intervals = settings.intervalsMinutes();
        if (!settings.enabled() || sent >= intervals.size()) {
            return Optional.empty();
        }
        return Optional.of(dueAt(waitingSince, intervals.get(sent)));
    }

    /**
     * How many reminders count as sent once one goes at {@code now}: that one and every later one
     * already past. A reminder sent late (reminders just turned on, a service down for a while)
     * stands for those it overtook, rather than several reaching the customer at once.
     */
    int sentAfter(Instant waitingSince, int sent, Instant now) {
        List<Integer> intervals = settings.intervalsMinutes();
        int count = sent + 1;
        while (count < intervals.size() && !dueAt(waitingSince, intervals.get(count)).isAfter(now)) {
            count++;
        }
        return count;
    }

    private Instant dueAt(Instant waitingSince, int intervals) {
        return waitingSince.plus(unit.multipliedBy(intervals));
    }
}
