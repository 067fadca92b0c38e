package io.engagement.alert.trigger;

import io.engagement.alert.detection.AlertRaised;
import io.engagement.alert.rule.Channel;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.TelemetryRecorded;
import io.engagement.platform.stream.ProcessorWithStores;
import io.engagement.platform.stream.SeenEvents;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Trigger evaluation for one organization's signals (the input is keyed by organization): it keeps
 * each session's and each customer's evidence, the companies' number metrics and the segment
 * thresholds in a persistent store, and forwards an {@link AlertRaised} of type
 * {@code trigger.<name>} the moment a signal makes an enabled trigger match with enough
 * confidence. Under exactly-once processing the store, the raised alerts and the input offsets
 * commit together, so a restart neither repeats nor loses a prompt.
 *
 * <p>Store keys, each with the organization: {@code s|org|session} ({@link SessionEvidence}),
 * {@code c|org|customer} ({@link CustomerEvidence}), {@code m|org|company|metric} (a number),
 * {@code g|org} ({@link SegmentThresholds}), {@code p|org|session} (a billing leave waiting to be
 * judged: its deadline) and {@code k|org|collection} (a page collection's {@link CollectionMembership}).
 *
 * <p>What keeps a trigger to once per session lives in the session's evidence (its {@code fired}
 * marks, {@code re_engagement}'s among them) and is forgotten with it, {@code sessionRetention}
 * after the session started; what keeps one to once per customer lives in the customer's evidence
 * and is bounded by the settings (one mark per metric or set of collections the trigger was
 * configured with), not by the customer's sessions. An erased customer's evidence goes, with that
 * of every session naming them.
 */
final class TriggerProcessor implements Processor<String, String, String, String> {

    static final String STATE = "alert-trigger-state";
    static final String SEEN_EVENTS = "alert-trigger-seen-event-buckets";

    private static final StringSerializer KEYS = new StringSerializer();

    private final ObjectMapper json;
    private final TriggerSource triggers;
    private final TriggerStreamsSettings settings;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> state;
    /**
     * Each organization's page collections as the store holds them ({@code k|org|…}), read once per
     * task and kept in step with every write of them here: a page view of a customer would otherwise
     * scan the store for them. Emptied whenever the task is initialized, so a restored store is read again.
     */
    private final Map<Long, SortedMap<String, CollectionMembership>> collections = new HashMap<>();
    private SeenEvents seen;

    TriggerProcessor(ObjectMapper json, TriggerSource triggers, TriggerStreamsSettings settings) {
        this.json = json;
        this.triggers = triggers;
        this.settings = settings;
    }

    /**
     * The processor with its stores. The state is cached: a key written by many records (a session's
     * evidence) reaches RocksDB and its changelog once per commit, not once per record.
     */
    static ProcessorWithStores<String, String, String, String> withStores(ObjectMapper json, TriggerSource triggers,
                                                                           TriggerStreamsSettings settings) {
        return ProcessorWithStores.of(() -> new TriggerProcessor(json, triggers, settings),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STATE), Serdes.String(), Serdes.String()).withCachingEnabled(),
                SeenEvents.store(SEEN_EVENTS, settings.dedupWindow()));
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
        this.state = context.getStateStore(STATE);
        this.seen = SeenEvents.of(context, SEEN_EVENTS, settings.dedupWindow());
        this.collections.clear();
        context.schedule(settings.abandonmentCheckEvery(), PunctuationType.WALL_CLOCK_TIME, this::judgeLeaves);
        context.schedule(settings.purgeEvery(), PunctuationType.WALL_CLOCK_TIME, this::purge);
    }

    @Override
    public void process(Record<String, String> record) {
        Signal signal = json.readValue(record.value(), Signal.class);
        long org = signal.organizationId();
        switch (signal.kind()) {
            case Signal.EVENT -> {
                if (signal.eventId() == null || firstSighting(signal)) {
                    onEvent(signal);
                }
            }
            case Signal.SESSION -> onSession(signal);
            case Signal.CUSTOMER -> {
                String key = customerKey(org, signal.customerId());
                state.put(key, write(customer(key).inCompany(signal.companyId())));
            }
            case Signal.METRIC -> state.put(metricKey(org, signal.companyId(), signal.metricName()), Double.toString(signal.metricValue()));
            case Signal.SEGMENTS -> state.put("g|" + org, write(signal.segments()));
            case Signal.ERASED -> forget(org, signal.customerId());
            case Signal.COLLECTION -> {
                state.put(collectionKey(org, signal.collection().collectionId()), write(signal.collection()));
                collectionsOf(org).put(signal.collection().collectionId(), signal.collection());
            }
            case Signal.COLLECTION_DELETED -> {
                state.delete(collectionKey(org, signal.collection().collectionId()));
                collectionsOf(org).remove(signal.collection().collectionId());
            }
            default -> {
            }
        }
    }

    private void onEvent(Signal signal) {
        long org = signal.organizationId();
        long at = signal.at().toEpochMilli();
        String key = sessionKey(org, signal.sessionId());
        SessionEvidence evidence = session(key, at).seenAt(at, signal.customerId());
        TriggerSettings configured = triggers.of(org);
        switch (signal.type()) {
            case TelemetryRecorded.CONSOLE_ERROR -> {
                evidence = evidence.withConsoleError();
                evidence = fireForSession(configured, signal, evidence, TriggerMatch.technicalAssistance(evidence.consoleErrors()), at);
            }
            case TelemetryRecorded.API_LOG -> {
                evidence = evidence.withCall(signal.failedCall(), signal.durationMs());
                if (signal.failedCall()) {
                    evidence = fireForSession(configured, signal, evidence, TriggerMatch.apiFailure(evidence.failedCalls()), at);
                }
                if (signal.durationMs() != null) {
                    evidence = fireForSession(configured, signal, evidence,
                            TriggerMatch.slowFailingActions(evidence.calls(), evidence.p95()), at);
                }
            }
            case TelemetryRecorded.PAGE_VIEW -> {
                viewedCollections(org, evidence.customerId(), signal.url());
                boolean waiting = evidence.leaveAtMs() != null;
                evidence = evidence.withPageView(at);
                if (waiting && evidence.leaveAtMs() == null) {
                    state.delete(waitingKey(org, signal.sessionId()));
                }
            }
            case TelemetryRecorded.PAGE_LEAVE -> evidence = onLeave(configured, signal, evidence, at);
            default -> {
            }
        }
        state.put(key, write(evidence));
    }

    /**
     * A billing page left within 30 s waits: it is abandoned when no page view of the session at or
     * after the leave's time arrives within the wait (by the wall clock of this service).
     */
    private SessionEvidence onLeave(TriggerSettings configured, Signal signal, SessionEvidence evidence, long at) {
        Double duration = signal.durationMs() != null ? signal.durationMs()
                : evidence.lastViewAtMs() != null && evidence.lastViewAtMs() <= at ? Double.valueOf(at - evidence.lastViewAtMs()) : null;
        if (!configured.billingAbandonment().enabled() || evidence.hasFired(TriggerName.BILLING_ABANDONMENT)
                || evidence.leaveAtMs() != null || duration == null || !TriggerMatch.billingPage(signal.url())
                || TriggerMatch.billingAbandonment(duration).isEmpty() || evidence.viewedSince(at)) {
            return evidence;
        }
        long deadline = context.currentSystemTimeMs() + settings.abandonmentWait().toMillis();
        state.put(waitingKey(signal.organizationId(), signal.sessionId()), Long.toString(deadline));
        return evidence.waitingLeave(at, duration, deadline);
    }

    private void onSession(Signal signal) {
        long org = signal.organizationId();
        long start = signal.startedAt().toEpochMilli();
        String key = customerKey(org, signal.customerId());
        // before the session's evidence is read: moving an older mark may write to it
        CustomerEvidence customer = movingSessionMarks(org, customer(key))
                .withSession(signal.sessionId(), start, signal.at().toEpochMilli());
        String sessionKey = sessionKey(org, signal.sessionId());
        SessionEvidence session = session(sessionKey, start).seenAt(start, signal.customerId());
        TriggerSettings configured = triggers.of(org);
        if (signal.sessionId().equals(customer.latestSessionId())) {
            if (!customer.hasFired(TriggerName.ONBOARDING)) {
                customer = fireForCustomer(configured, signal, customer, TriggerName.ONBOARDING, "customer",
                        TriggerMatch.onboarding(customer.firstSession(), signal.pageViewCount()));
            }
            // once per session: the mark is the session's, forgotten with its evidence
            if (customer.priorLastSeenMs() != null && !session.hasFired(TriggerName.RE_ENGAGEMENT)) {
                Duration gap = Duration.ofMillis(Math.max(0, start - customer.priorLastSeenMs()));
                if (raiseForCustomer(configured, signal, "session:" + signal.sessionId(), TriggerMatch.reEngagement(gap, thresholds(org)))) {
                    session = session.firing(TriggerName.RE_ENGAGEMENT);
                }
            }
        }
        state.put(sessionKey, write(session));
        TriggerSettings.UpsellTrigger upsell = configured.upsell();
        if (upsell.enabled() && upsell.metric() != null && upsell.value() != null && customer.companyId() != null) {
            String mark = TriggerName.UPSELL + ":" + upsell.metric();
            String value = state.get(metricKey(org, customer.companyId(), upsell.metric()));
            if (value != null && !customer.hasFired(mark)) {
                customer = fireForCustomer(configured, signal, customer, mark, "customer:" + upsell.metric(),
                        TriggerMatch.upsell(Double.parseDouble(value), upsell.value()));
            }
        }
        if (configured.featureDiscovery().enabled() && signal.sessionId().equals(customer.latestSessionId())) {
            customer = discovery(configured, signal, customer, start);
        }
        state.put(key, write(customer));
    }

    /**
     * Feature discovery, once per customer and set of collections: only the trigger's collections
     * whose membership is known count (one deleted, or not published yet, cannot be judged), and
     * the customer must have viewed a page of none of them.
     */
    private CustomerEvidence discovery(TriggerSettings configured, Signal signal, CustomerEvidence customer, long start) {
        List<String> wanted = configured.featureDiscovery().collectionIds().stream().distinct().sorted().toList();
        String mark = TriggerName.FEATURE_DISCOVERY + ":" + String.join(",", wanted);
        if (customer.hasFired(mark) || customer.firstSeenMs() == null) {
            return customer;
        }
        List<String> known = wanted.stream().filter(id -> state.get(collectionKey(signal.organizationId(), id)) != null).toList();
        if (known.isEmpty() || known.stream().anyMatch(customer::viewed)) {
            return customer;
        }
        Duration active = Duration.ofMillis(Math.max(0, start - customer.firstSeenMs()));
        return fireForCustomer(configured, signal, customer, mark, "customer:" + String.join(",", wanted),
                TriggerMatch.featureDiscovery(active));
    }

    /**
     * A customer's page view: every known collection of the organization that holds the page is
     * remembered as viewed, whether or not a trigger names it yet, so a trigger configured later
     * still knows what the customer has seen (from the collections' membership when the view arrived).
     */
    private void viewedCollections(long org, String customerId, String url) {
        if (customerId == null || url == null) {
            return;
        }
        List<String> holding = collectionsOf(org).values().stream().filter(collection -> collection.holds(org, url))
                .map(CollectionMembership::collectionId).toList();
        if (holding.isEmpty()) {
            return;
        }
        String key = customerKey(org, customerId);
        CustomerEvidence customer = customer(key);
        CustomerEvidence viewing = customer.viewing(holding);
        if (viewing != customer) {
            state.put(key, write(viewing));
        }
    }

    private SessionEvidence fireForSession(TriggerSettings configured, Signal signal, SessionEvidence evidence,
                                           Optional<TriggerMatch> match, long at) {
        if (match.isEmpty() || evidence.hasFired(match.get().trigger()) || !due(configured, match.get())) {
            return evidence;
        }
        String subject = evidence.customerId() != null ? evidence.customerId() : signal.sessionId();
        raise(signal.organizationId(), configured, match.get(), "session:" + signal.sessionId(), signal.sessionId(), subject,
                Instant.ofEpochMilli(evidence.startedAtMs()), Instant.ofEpochMilli(at));
        return evidence.firing(match.get().trigger());
    }

    /** {@code mark} keeps the trigger to once per customer (or per customer and metric, or set of collections); {@code scope} names the alert. */
    private CustomerEvidence fireForCustomer(TriggerSettings configured, Signal signal, CustomerEvidence customer, String mark,
                                             String scope, Optional<TriggerMatch> match) {
        return raiseForCustomer(configured, signal, scope, match) ? customer.firing(mark) : customer;
    }

    /** Raises the customer's alert when the match is due; the caller marks it fired. */
    private boolean raiseForCustomer(TriggerSettings configured, Signal signal, String scope, Optional<TriggerMatch> match) {
        if (match.isEmpty() || !due(configured, match.get())) {
            return false;
        }
        String alertScope = scope.equals("customer") || scope.startsWith("customer:")
                ? "customer:" + signal.customerId() + scope.substring("customer".length()) : scope;
        raise(signal.organizationId(), configured, match.get(), alertScope, signal.sessionId(), signal.customerId(),
                signal.startedAt(), signal.at());
        return true;
    }

    /**
     * Re-engagement marks once kept in the customer's evidence ({@code re_engagement:<session>}, one
     * per returning session, never removed) move to the evidence of their session, which forgets
     * them with it; a mark whose session is already forgotten goes.
     */
    private CustomerEvidence movingSessionMarks(long org, CustomerEvidence customer) {
        List<String> sessionIds = customer.reEngagementSessionMarks();
        for (String sessionId : sessionIds) {
            String key = sessionKey(org, sessionId);
            String stored = state.get(key);
            if (stored != null) {
                SessionEvidence evidence = json.readValue(stored, SessionEvidence.class);
                if (!evidence.hasFired(TriggerName.RE_ENGAGEMENT)) {
                    state.put(key, write(evidence.firing(TriggerName.RE_ENGAGEMENT)));
                }
            }
        }
        return sessionIds.isEmpty() ? customer : customer.withoutReEngagementSessionMarks();
    }

    /** An erased customer: their evidence, and the evidence (with its marks) and waiting leave of every session naming them. */
    private void forget(long org, String customerId) {
        state.delete(customerKey(org, customerId));
        List<String> sessionIds = new ArrayList<>();
        String prefix = sessionKey(org, "");
        try (KeyValueIterator<String, String> all = state.prefixScan(prefix, KEYS)) {
            all.forEachRemaining(entry -> {
                if (customerId.equals(json.readValue(entry.value, SessionEvidence.class).customerId())) {
                    sessionIds.add(entry.key.substring(prefix.length()));
                }
            });
        }
        sessionIds.forEach(sessionId -> {
            state.delete(sessionKey(org, sessionId));
            state.delete(waitingKey(org, sessionId));
        });
    }

    private static boolean due(TriggerSettings configured, TriggerMatch match) {
        TriggerSettings.Trigger trigger = configured.of(match.trigger());
        return trigger.enabled() && match.confidence() >= trigger.confidenceThreshold();
    }

    /** Waiting billing leaves whose wait is over, with no page view since, fire (when still enabled and sure enough). */
    private void judgeLeaves(long now) {
        List<KeyValue<String, String>> waiting = new ArrayList<>();
        try (KeyValueIterator<String, String> all = state.prefixScan("p|", KEYS)) {
            all.forEachRemaining(waiting::add);
        }
        for (KeyValue<String, String> entry : waiting) {
            if (Long.parseLong(entry.value) > now) {
                continue;
            }
            String[] parts = entry.key.split("\\|", 3);
            long org = Long.parseLong(parts[1]);
            String sessionId = parts[2];
            String key = sessionKey(org, sessionId);
            state.delete(entry.key);
            String stored = state.get(key);
            if (stored == null) {
                continue;
            }
            SessionEvidence evidence = json.readValue(stored, SessionEvidence.class);
            if (evidence.leaveAtMs() == null) {
                continue;
            }
            Signal leave = new Signal(Signal.EVENT, org, null, TelemetryRecorded.PAGE_LEAVE, sessionId, evidence.customerId(),
                    Instant.ofEpochMilli(evidence.leaveAtMs()), null, null, evidence.leaveDurationMs(), null, null, null, null, null, null,
                    null);
            evidence = fireForSession(triggers.of(org), leave, evidence, TriggerMatch.billingAbandonment(evidence.leaveDurationMs()),
                    evidence.leaveAtMs());
            state.put(key, write(evidence.leaveJudged()));
        }
    }

    /** Forgets sessions that started longer ago than the retention (by the wall clock). */
    private void purge(long now) {
        long horizon = now - settings.sessionRetention().toMillis();
        List<String> old = new ArrayList<>();
        try (KeyValueIterator<String, String> all = state.prefixScan("s|", KEYS)) {
            all.forEachRemaining(entry -> {
                if (json.readValue(entry.value, SessionEvidence.class).startedAtMs() < horizon) {
                    old.add(entry.key);
                }
            });
        }
        old.forEach(state::delete);
    }

    private void raise(long org, TriggerSettings configured, TriggerMatch match, String scope, String sessionId, String subject,
                       Instant windowStart, Instant windowEnd) {
        Instant now = Instant.ofEpochMilli(System.currentTimeMillis());
        String type = TriggerName.alertType(match.trigger());
        String alertId = UUID.nameUUIDFromBytes((type + "|" + org + "|" + scope).getBytes(StandardCharsets.UTF_8)).toString();
        TriggerSettings.Trigger trigger = configured.of(match.trigger());
        AlertRaised raised = new AlertRaised(alertId, null, type, trigger.message(), match.value(), match.threshold(),
                match.confidence(), windowStart, windowEnd.isBefore(windowStart) ? windowStart : windowEnd, subject, now,
                List.of(new Channel(Channel.WIDGET, json.valueToTree(sessionId))), configured.quietHours());
        EventEnvelope<AlertRaised> envelope = new EventEnvelope<>(UUID.fromString(alertId), AlertRaised.TYPE, 1, org, now, raised);
        context.forward(new Record<>(EventEnvelope.key(org, "trigger-" + match.trigger()), json.writeValueAsString(envelope),
                now.toEpochMilli()));
    }

    private boolean firstSighting(Signal signal) {
        return seen.firstSighting(signal.organizationId() + ":" + signal.eventId(), signal.at().toEpochMilli());
    }

    private SortedMap<String, CollectionMembership> collectionsOf(long org) {
        return collections.computeIfAbsent(org, unread -> {
            SortedMap<String, CollectionMembership> stored = new TreeMap<>();
            try (KeyValueIterator<String, String> all = state.prefixScan("k|" + org + "|", KEYS)) {
                all.forEachRemaining(entry -> {
                    CollectionMembership collection = json.readValue(entry.value, CollectionMembership.class);
                    stored.put(collection.collectionId(), collection);
                });
            }
            return stored;
        });
    }

    private SessionEvidence session(String key, long at) {
        String stored = state.get(key);
        return stored == null ? SessionEvidence.startingAt(at) : json.readValue(stored, SessionEvidence.class);
    }

    private CustomerEvidence customer(String key) {
        String stored = state.get(key);
        return stored == null ? CustomerEvidence.unknown() : json.readValue(stored, CustomerEvidence.class);
    }

    private SegmentThresholds thresholds(long org) {
        String stored = state.get("g|" + org);
        return stored == null ? SegmentThresholds.DEFAULTS : json.readValue(stored, SegmentThresholds.class);
    }

    private String write(Object value) {
        return json.writeValueAsString(value);
    }

    private static String sessionKey(long org, String sessionId) {
        return "s|" + org + "|" + sessionId;
    }

    private static String waitingKey(long org, String sessionId) {
        return "p|" + org + "|" + sessionId;
    }

    private static String customerKey(long org, String customerId) {
        return "c|" + org + "|" + customerId;
    }

    private static String collectionKey(long org, String collectionId) {
        return "k|" + org + "|" + collectionId;
    }

    private static String metricKey(long org, long companyId, String metric) {
        return "m|" + org + "|" + companyId + "|" + metric;
    }
}
