package io.engagement.local.support;

/** The gateway's paths that the tests of more than one area call. */
public final class Routes {

    /** Visitors made with the public key, as the chat widget makes them. */
    public static final String VISITORS = "/widget/v1/visitors";
    /** Conversations as the widget sees them, with a visitor's token. */
    public static final String WIDGET = "/widget/v1/conversations";
    /** Conversations as agents see them, with the data key. */
    public static final String INBOX = "/external/v1/conversations";
    public static final String TICKETS = "/external/v1/tickets";
    public static final String TICKETING_SETTINGS = "/external/v1/settings/ticketing";

    public static final String EMAIL_SEND = "/external/v1/transactional-email/send";
    public static final String EMAIL_BULK = "/external/v1/transactional-email/send/bulk";

    public static final String ALERT_TRIGGER_SETTINGS = "/external/v1/settings/alert-triggers";

    private Routes() {
    }
}
