package io.engagement.alert.trigger;

import io.engagement.alert.detection.AlertRaised;
import io.engagement.alert.rule.Channel;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.TelemetryRecorded;
import io.engagement.platform.stream.ProcessorWithStores;
import io.engagement.platform.stream.SeenEvents;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Trigger evaluation for one organization's signals (the input is keyed by organization): it keeps
 * each session's and each customer's evidence, the companies' number metrics and the segment
 * thresholds in a persistent store ({@link TriggerState}, keyed by {@link StoreKey}), asks each
 * trigger's evaluator whether a signal makes it match, and forwards an {@link AlertRaised} of type
 * {@code trigger.<name>} the moment an enabled trigger matches with enough confidence. Under
 * exactly-once processing the store, the raised alerts and the input offsets commit together, so a
 * restart neither repeats nor loses a prompt.
 *
 * <p>What keeps a trigger to once per session lives in the session's evidence (its {@code fired}
 * marks, {@code re_engagement}'s among them) and is forgotten with it, {@code sessionRetention}
 * after the session started; what keeps one to once per customer lives in the customer's evidence
 * and is bounded by the settings (one mark per metric or set of collections the trigger was
 * configured with), not by the customer's sessions. An erased customer's evidence goes, with that
 * of every session naming them.
 *
 * <p>Wall clock times (a waiting leave's deadline, an alert's {@code raised_at}, the purge horizon)
 * are the processor context's, which is the system clock when the application runs.
 */
final class TriggerProcessor implements Processor<String, String, String, String> {

    static final String STATE = "alert-trigger-state";
    static final String SEEN_EVENTS = "alert-trigger-seen-event-buckets";

    private final ObjectMapper json;
    private final TriggerSource triggers;
    private final TriggerStreamsSettings settings;
    private ProcessorContext<String, String> context;
    private TriggerState state;
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
        this.state = new TriggerState(context.getStateStore(STATE), json);
        this.seen = SeenEvents.of(context, SEEN_EVENTS, settings.dedupWindow());
        context.schedule(settings.abandonmentCheckEvery(), PunctuationType.WALL_CLOCK_TIME, this::judgeLeaves);
        context.schedule(settings.purgeEvery(), PunctuationType.WALL_CLOCK_TIME, this::purge);
    }

    @Override
    public void process(Record<String, String> record) {
        json.readValue(record.value(), RepartitionedSignal.class).signal().ifPresent(this::on);
    }

    private void on(Signal signal) {
        long org = signal.organizationId();
        if (signal instanceof Signal.Event event) {
            if (event.eventId() == null || firstSighting(event)) {
                onEvent(event);
            }
        } else if (signal instanceof Signal.Session summary) {
            onSession(summary);
        } else if (signal instanceof Signal.CustomerInCompany customer) {
            state.put(org, customer.customerId(), state.customer(org, customer.customerId()).inCompany(customer.companyId()));
        } else if (signal instanceof Signal.CompanyMetric metric) {
            state.putCompanyMetric(org, metric.companyId(), metric.metricName(), metric.value());
        } else if (signal instanceof Signal.Segments segments) {
            state.put(org, segments.thresholds());
        } else if (signal instanceof Signal.Erasure erasure) {
            forget(org, erasure.customerId());
        } else if (signal instanceof Signal.Collection collection) {
            state.put(org, collection.membership());
        } else if (signal instanceof Signal.CollectionRemoved removed) {
            state.removeCollection(org, removed.collectionId());
        }
    }

    private void onEvent(Signal.Event event) {
        long org = event.organizationId();
        long at = event.at().toEpochMilli();
        SessionEvidence evidence = state.session(org, event.sessionId(), at).seenAt(at, event.customerId());
        TriggerSettings configured = triggers.of(org);
        switch (event.type()) {
            case TelemetryRecorded.CONSOLE_ERROR -> {
                evidence = evidence.withConsoleError();
                evidence = fireForSession(configured, event, evidence, TechnicalAssistance.judge(evidence), at);
            }
            case TelemetryRecorded.API_LOG -> {
                evidence = evidence.withCall(event.failedCall(), event.durationMs());
                evidence = fireForSession(configured, event, evidence, ApiFailure.judge(event, evidence), at);
                evidence = fireForSession(configured, event, evidence, SlowFailingActions.judge(event, evidence), at);
            }
            case TelemetryRecorded.PAGE_VIEW -> {
                viewedCollections(org, evidence.customerId(), event.url());
                boolean waiting = evidence.leaveAtMs() != null;
                evidence = evidence.withPageView(at);
                if (waiting && evidence.leaveAtMs() == null) {
                    state.stopWaiting(org, event.sessionId());
                }
            }
            case TelemetryRecorded.PAGE_LEAVE -> evidence = onLeave(configured, event, evidence, at);
            default -> {
            }
        }
        state.put(org, event.sessionId(), evidence);
    }

    private SessionEvidence onLeave(TriggerSettings configured, Signal.Event leave, SessionEvidence evidence, long at) {
        Optional<Double> waits = BillingAbandonment.waits(configured.billingAbandonment(), evidence, leave);
        if (waits.isEmpty()) {
            return evidence;
        }
        long deadline = context.currentSystemTimeMs() + settings.abandonmentWait().toMillis();
        state.waitLeave(leave.organizationId(), leave.sessionId(), deadline);
        return evidence.waitingLeave(at, waits.get(), deadline);
    }

    private void onSession(Signal.Session summary) {
        long org = summary.organizationId();
        CustomerEvidence customer = state.customer(org, summary.customerId())
                .withSession(summary.sessionId(), summary.startMs(), summary.lastSeenAt().toEpochMilli());
        SessionEvidence session = state.session(org, summary.sessionId(), summary.startMs()).seenAt(summary.startMs(), summary.customerId());
        TriggerSettings configured = triggers.of(org);
        boolean latest = summary.sessionId().equals(customer.latestSessionId());
        if (latest) {
            customer = fireForCustomer(configured, summary, customer, Onboarding.judge(summary, customer));
            Optional<TriggerMatch> reEngagement = ReEngagement.judge(summary, customer, session, state.segmentThresholds(org));
            if (raiseForCustomer(configured, summary, "session:" + summary.sessionId(), reEngagement)) {
                session = session.firing(TriggerName.RE_ENGAGEMENT);
            }
        }
        state.put(org, summary.sessionId(), session);
        customer = fireForCustomer(configured, summary, customer,
                Upsell.judge(configured.upsell(), summary, customer, (company, metric) -> state.companyMetric(org, company, metric)));
        if (latest) {
            customer = fireForCustomer(configured, summary, customer, FeatureDiscovery.judge(configured.featureDiscovery(), summary,
                    customer, collectionId -> state.knowsCollection(org, collectionId)));
        }
        state.put(org, summary.customerId(), customer);
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
        List<String> holding = state.collections(org).values().stream().filter(collection -> collection.holds(org, url))
                .map(CollectionMembership::collectionId).toList();
        if (holding.isEmpty()) {
            return;
        }
        CustomerEvidence customer = state.customer(org, customerId);
        CustomerEvidence viewing = customer.viewing(holding);
        if (viewing != customer) {
            state.put(org, customerId, viewing);
        }
    }

    private SessionEvidence fireForSession(TriggerSettings configured, Signal.Event event, SessionEvidence evidence,
                                           Optional<TriggerMatch> match, long at) {
        return fireForSession(configured, event.organizationId(), event.sessionId(), evidence, match, at);
    }

    private SessionEvidence fireForSession(TriggerSettings configured, long org, String sessionId, SessionEvidence evidence,
                                           Optional<TriggerMatch> match, long at) {
        if (match.isEmpty() || evidence.hasFired(match.get().trigger()) || !due(configured, match.get())) {
            return evidence;
        }
        String subject = evidence.customerId() != null ? evidence.customerId() : sessionId;
        raise(org, configured, match.get(), "session:" + sessionId, sessionId, subject, Instant.ofEpochMilli(evidence.startedAtMs()),
                Instant.ofEpochMilli(at));
        return evidence.firing(match.get().trigger());
    }

    private CustomerEvidence fireForCustomer(TriggerSettings configured, Signal.Session summary, CustomerEvidence customer,
                                             Optional<CustomerMatch> match) {
        return match.isPresent() && raiseForCustomer(configured, summary, match.get().scope(), match.map(CustomerMatch::match))
                ? customer.firing(match.get().mark()) : customer;
    }

    /** Raises the customer's alert when the match is due; the caller marks it fired. */
    private boolean raiseForCustomer(TriggerSettings configured, Signal.Session summary, String scope, Optional<TriggerMatch> match) {
        if (match.isEmpty() || !due(configured, match.get())) {
            return false;
        }
        raise(summary.organizationId(), configured, match.get(), scope, summary.sessionId(), summary.customerId(), summary.startedAt(),
                summary.lastSeenAt());
        return true;
    }

    /** An erased customer: their evidence, and the evidence (with its marks) and waiting leave of every session naming them. */
    private void forget(long org, String customerId) {
        state.delete(StoreKey.customer(org, customerId));
        state.sessionsWhere(org, session -> customerId.equals(session.customerId())).forEach(session -> {
            state.delete(session);
            state.stopWaiting(org, session.id());
        });
    }

    private static boolean due(TriggerSettings configured, TriggerMatch match) {
        TriggerSettings.Trigger trigger = configured.of(match.trigger());
        return trigger.enabled() && match.confidence() >= trigger.confidenceThreshold();
    }

    /** Waiting billing leaves whose wait is over, with no page view since, fire (when still enabled and sure enough). */
    private void judgeLeaves(long now) {
        for (TriggerState.WaitingLeave waiting : state.waitingLeaves()) {
            if (waiting.deadlineMs() > now) {
                continue;
            }
            long org = waiting.organizationId();
            String sessionId = waiting.sessionId();
            state.stopWaiting(org, sessionId);
            Optional<SessionEvidence> stored = state.session(org, sessionId).filter(evidence -> evidence.leaveAtMs() != null);
            if (stored.isEmpty()) {
                continue;
            }
            SessionEvidence evidence = fireForSession(triggers.of(org), org, sessionId, stored.get(),
                    BillingAbandonment.judge(stored.get()), stored.get().leaveAtMs());
            state.put(org, sessionId, evidence.leaveJudged());
        }
    }

    /** Forgets sessions that started longer ago than the retention (by the wall clock). */
    private void purge(long now) {
        long horizon = now - settings.sessionRetention().toMillis();
        state.sessionsWhere(session -> session.startedAtMs() < horizon).forEach(state::delete);
    }

    private void raise(long org, TriggerSettings configured, TriggerMatch match, String scope, String sessionId, String subject,
                       Instant windowStart, Instant windowEnd) {
        Instant now = Instant.ofEpochMilli(context.currentSystemTimeMs());
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

    private boolean firstSighting(Signal.Event event) {
        return seen.firstSighting(event.organizationId() + ":" + event.eventId(), event.at().toEpochMilli());
    }
}
