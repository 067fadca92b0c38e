package io.engagement.local;

/** The gateway's paths that the tests of more than one area call. */
final class Routes {

    /** Visitors made with the public key, as the chat widget makes them. */
    static final String VISITORS = "/widget/v1/visitors";
    /** Conversations as the widget sees them, with a visitor's token. */
    static final String WIDGET = "/widget/v1/conversations";
    /** Conversations as agents see them, with the data key. */
    static final String INBOX = "/external/v1/conversations";
    static final String TICKETS = "/external/v1/tickets";
    static final String TICKETING_SETTINGS = "/external/v1/settings/ticketing";

    static final String EMAIL_SEND = "/external/v1/transactional-email/send";
    static final String EMAIL_BULK = "/external/v1/transactional-email/send/bulk";

    static final String ALERT_TRIGGER_SETTINGS = "/external/v1/settings/alert-triggers";

    private Routes() {
    }
}
