package io.engagement.messaging.template;

import java.time.Instant;

/** A stored email template: its parts are Mustache texts, filled per send from {@code merge_data}. */
public record EmailTemplate(String uid, String name, String subject, String html, String text,
                            Instant createdAt, Instant updatedAt) {
}
