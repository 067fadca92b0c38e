package io.engagement.messaging.reminder;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code engagement.messaging.reminders.*}.
 *
 * @param sweepInterval how often due reminders are looked for: a reminder goes at most this late
 * @param intervalUnit  how long one of the settings' {@code intervals_minutes} lasts: a minute, shorter only where a
 *                      test or a demonstration cannot wait for real minutes
 * @param smsSenderId   the sender id of reminders sent by SMS
 * @param settledKeptFor how long a ticket no longer pending is remembered, so a late, older event of it cannot start its
 *                      reminders again
 */
@ConfigurationProperties("engagement.messaging.reminders")
public record ReminderProperties(Duration sweepInterval, Duration intervalUnit, String smsSenderId, Duration settledKeptFor) {
}
