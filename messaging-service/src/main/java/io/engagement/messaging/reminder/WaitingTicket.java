package io.engagement.messaging.reminder;

import java.time.Instant;

/**
 * What the reminder schedule knows of one ticket: the ticket's last state seen (its
 * {@code time_updated} orders the events), since when it has waited on its customer (null when it
 * does not), how many reminders have gone, and when the next is due.
 */
record WaitingTicket(TicketSnapshot ticket, Instant waitingSince, int sent, Instant dueAt) {

    /** The state after {@code next}, an event newer than this state's. A ticket that stays pending keeps waiting since it first did. */
    static WaitingTicket after(WaitingTicket current, TicketSnapshot next, ReminderSchedule schedule) {
        if (!next.isPending()) {
            return new WaitingTicket(next, null, 0, null);
        }
        boolean stillWaiting = current != null && current.waitingSince() != null;
        Instant since = stillWaiting ? current.waitingSince() : next.timeUpdated();
        int sent = stillWaiting ? current.sent() : 0;
        return new WaitingTicket(next, since, sent, schedule.nextDue(since, sent).orElse(null));
    }

    boolean isWaiting() {
        return waitingSince != null;
    }
}
