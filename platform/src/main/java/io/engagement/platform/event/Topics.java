package io.engagement.platform.event;

import java.util.Map;
import java.util.Set;

/** The suite's Kafka topics. */
public final class Topics {

    /**
     * Customer-side changes keyed {@code org:entity}; compacted, so an erased customer's tombstone
     * leaves nothing of them once the log is cleaned.
     */
    public static final String CUSTOMER = "engagement.customer.v1";
    public static final String TELEMETRY = "engagement.telemetry.v1";
    /**
     * Telemetry of an organization beyond its fair share of the ingest rate, the same records as
     * {@link #TELEMETRY} with the same keys and as many partitions, read by the same processing
     * after what waits on {@link #TELEMETRY} ({@code OverflowLast}): one organization's burst waits
     * here, not in front of every other organization's events.
     */
    public static final String TELEMETRY_OVERFLOW = "engagement.telemetry-overflow.v1";
    public static final String REPLAY = "engagement.replay.v1";
    /** Counted page activity, de-duplicated and keyed {@code org:page_id}; written exactly once by analytics. */
    public static final String PAGE_ACTIVITY = "engagement.page-activity.v1";
    /** Each session's latest {@link SessionSummarized}, keyed {@code org:session_id}; compacted. */
    public static final String SESSION = "engagement.session.v1";
    /** Email and SMS sends, queued for the delivery workers; keyed {@code org:message_id}. */
    public static final String MESSAGE = "engagement.message.v1";
    /** Messages whose delivery failed for good, as they were queued. */
    public static final String MESSAGE_DEAD_LETTERS = MESSAGE + ".dlq";
    public static final String DELIVERY = "engagement.delivery.v1";
    /**
     * The messaging service's organization settings (reminders, the WhatsApp connection), each
     * change keyed {@code org:settings-<name>}; compacted, so the latest of each stays.
     */
    public static final String MESSAGING_SETTINGS = "engagement.messaging-settings.v1";
    /**
     * The collection analytics service's organization settings (session replay), each change keyed
     * {@code org:settings-<name>}; compacted, so the latest of each stays.
     */
    public static final String ANALYTICS_SETTINGS = "engagement.analytics-settings.v1";
    public static final String ALERT = "engagement.alert.v1";
    /**
     * Alert e-mail for the messaging service to send ({@link AlertEmailRequested}), keyed
     * {@code org:delivery_id}. Not the message queue: a replica of the messaging service from before
     * this topic would dead-letter a request it does not know as a job of no known channel.
     */
    public static final String ALERT_EMAIL = "engagement.alert-email.v1";
    /**
     * Account e-mail (invitations, password resets) for the messaging service to send
     * ({@link AccountEmailRequested}), keyed {@code org:request_id}; a topic of its own for the
     * reason {@link #ALERT_EMAIL} has one.
     */
    public static final String ACCOUNT_EMAIL = "engagement.account-email.v1";
    /**
     * Acts for the organizations' audit logs ({@link AuditRecorded}), keyed {@code org:event_id}, from
     * every service; the gateway stores them, kept 400 days.
     */
    public static final String AUDIT = "engagement.audit.v1";
    /**
     * Each member's latest state ({@link MemberChanged}), keyed {@code org:person_id}; compacted. The
     * gateway writes it; the conversation feature follows it for sockets and assignment.
     */
    public static final String MEMBER = "engagement.member.v1";
    /**
     * Access the gateway withdrew before its cached copies expire: revoked API keys and ended
     * sign-in sessions, each keyed by its hash; compacted. Every gateway replica evicts them from its cache.
     */
    public static final String KEY = "engagement.key.v1";
    /** Each organization's latest {@link OrganizationPolicy}, keyed {@code org:policy}; compacted. */
    public static final String ORGANIZATION = "engagement.organization.v1";
    /** Support tickets created and changed ({@code ticket.created}, {@code ticket.updated}) and the ticketing settings; keyed {@code org:ticket_id}. */
    public static final String TICKET = "engagement.ticket.v1";
    /**
     * Each page collection's latest membership ({@code collection.changed}, or {@code collection.deleted}),
     * keyed {@code org:collection_id}; compacted, so a reader rebuilds every collection from the log.
     */
    public static final String COLLECTION = "engagement.collection.v1";
    /**
     * Conversations and their messages as they are written ({@link ConversationCreated},
     * {@link ConversationUpdated}, {@link MessageCreated}), keyed {@code org:conversation_id}, so
     * one conversation's events stay in order. Every replica of the conversation feature reads all
     * of it, each in a group of its own, to push what any replica wrote to the connections it holds.
     */
    public static final String CONVERSATION = "engagement.conversation.v1";
    /**
     * Unread agent replies for the messaging service to e-mail ({@link ConversationEmailRequested}),
     * keyed {@code org:conversation_id}; a topic of their own for the reason {@link #ALERT_EMAIL} has one.
     */
    public static final String CONVERSATION_EMAIL = "engagement.conversation-email.v1";

    /** Every topic with its partition count for a single-broker installation. */
    public static final Map<String, Integer> ALL = Map.ofEntries(
            Map.entry(CUSTOMER, 3), Map.entry(TELEMETRY, 6), Map.entry(TELEMETRY_OVERFLOW, 6), Map.entry(REPLAY, 3), Map.entry(PAGE_ACTIVITY, 6),
            Map.entry(SESSION, 3), Map.entry(MESSAGE, 3), Map.entry(MESSAGE_DEAD_LETTERS, 1), Map.entry(DELIVERY, 3),
            Map.entry(MESSAGING_SETTINGS, 3), Map.entry(ALERT, 3), Map.entry(ALERT_EMAIL, 3), Map.entry(ACCOUNT_EMAIL, 3), Map.entry(AUDIT, 3), Map.entry(MEMBER, 3), Map.entry(KEY, 1), Map.entry(ORGANIZATION, 3),
            Map.entry(TICKET, 3), Map.entry(COLLECTION, 3), Map.entry(CONVERSATION, 3),
            Map.entry(CONVERSATION_EMAIL, 3), Map.entry(ANALYTICS_SETTINGS, 3));

    /** Topics that keep only the latest record per key. */
    public static final Set<String> COMPACTED = Set.of(CUSTOMER, SESSION, KEY, MEMBER, ORGANIZATION, MESSAGING_SETTINGS, COLLECTION, ANALYTICS_SETTINGS);

    private Topics() {
    }
}
