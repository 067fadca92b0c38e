package io.engagement.messaging.email;

/** The parts of an email as sent: placeholders filled. {@code html} or {@code text} may be null, not both. */
record ComposedEmail(String subject, String html, String text) {
}
