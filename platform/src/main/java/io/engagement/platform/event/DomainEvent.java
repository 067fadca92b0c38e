package io.engagement.platform.event;

/**
 * An event that crosses a service boundary: the {@code data} of an {@link EventEnvelope}, a record
 * named in the past tense whose {@link EventType} names its {@code type}. Producers publish these
 * records and consumers receive them ({@link EventReader}); each has a stored JSON sample that its
 * contract test round-trips, so a renamed or retyped field fails the build. Fields are added, never
 * renamed or repurposed: a consumer built before a field existed ignores it.
 */
public sealed interface DomainEvent permits CustomerCreated, CompanyCreated, MetricDefined, CompanyMetricSet, CustomerErased,
        ActivitySegmentsChanged, TicketChanged, CollectionChanged, CollectionDeleted, SessionSummarized, OrganizationPolicy,
        AlertEmailRequested, AccountEmailRequested, AuditRecorded, MemberChanged, ConversationChanged, MessageCreated, TypingChanged, ConversationEmailRequested,
        WhatsAppConnectionChanged {

    /** The {@code type} of {@code event}'s envelopes. */
    static String typeOf(Class<? extends DomainEvent> event) {
        return EventTypes.nameOf(event);
    }
}
