package io.engagement.messaging.reminder;

import java.time.Instant;

/**
 * What the reminder schedule knows of one thread (a ticket or a conversation): its last state seen
 * (its {@code time_updated} orders the events), since when it has waited on its person (null when
 * it does not), how many reminders have gone, and when the next is due.
 */
record WaitingThread(FollowedThread thread, Instant waitingSince, int sent, Instant dueAt) {

    /** The state after {@code next}, an event newer than this state's. A thread that stays pending keeps waiting since it first did. */
    static WaitingThread after(WaitingThread current, FollowedThread next, ReminderSchedule schedule) {
        if (!next.isPending()) {
            return new WaitingThread(next, null, 0, null);
        }
        boolean stillWaiting = current != null && current.waitingSince() != null;
        Instant since = stillWaiting ? current.waitingSince() : next.timeUpdated();
        int sent = stillWaiting ? current.sent() : 0;
        return new WaitingThread(next, since, sent, schedule.nextDue(since, sent).orElse(null));
    }

    boolean isWaiting() {
        return waitingSince != null;
    }
}
