package io.engagement.messaging.email;

import java.util.List;

/** An email on the queue: everything the worker needs to send it, placeholders already filled. */
record EmailRequested(String messageId, Party from, Party to, List<Party> cc, List<Party> bcc, Party replyTo,
                String subject, String html, String text, String emailType, String category) {

    static final String TYPE = "email.requested";

    record Party(String address, String name) {
    }
}
