package io.engagement.alert.detection;

import io.engagement.alert.rule.AlertRule;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.TelemetryRecorded;
import io.engagement.platform.stream.ProcessorWithStores;
import io.engagement.platform.stream.SeenEvents;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import tools.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Detection for one organization's facts (the input is keyed by organization): per rule, window
 * and subject it keeps the evidence and an "already raised" mark in a persistent store, and
 * forwards an {@link AlertRaised} the moment a fact crosses a rule's threshold. Runs under
 * exactly-once processing, so the stores, the raised alerts and the input offsets commit together:
 * a restart neither repeats nor loses an alert.
 *
 * <p>Store keys: {@code w|rule|windowStart|subject} (a {@link WindowState}), {@code d|rule}
 * (an interaction-drop rule's first window not yet evaluated: {@code org frequency start}), and
 * {@code o|org} (when the organization's latest fact arrived, by the wall clock).
 */
final class DetectionProcessor implements Processor<String, String, String, String> {

    static final String STATE = "alert-detection-state";
    static final String SEEN_EVENTS = "alert-seen-event-buckets";

    private final ObjectMapper json;
    private final RuleSource rules;
    private final DetectionSettings settings;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> state;
    private SeenEvents seen;

    DetectionProcessor(ObjectMapper json, RuleSource rules, DetectionSettings settings) {
        this.json = json;
        this.rules = rules;
        this.settings = settings;
    }

    /**
     * The processor with its stores. The state is cached: a key written by many records (an
     * organization's latest fact, a window's count) reaches RocksDB and its changelog once per
     * commit, not once per record.
     */
    static ProcessorWithStores<String, String, String, String> withStores(ObjectMapper json, RuleSource rules, DetectionSettings settings) {
        return ProcessorWithStores.of(() -> new DetectionProcessor(json, rules, settings),
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STATE), Serdes.String(), Serdes.String()).withCachingEnabled(),
                SeenEvents.store(SEEN_EVENTS, settings.dedupWindow()));
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
        this.state = context.getStateStore(STATE);
        this.seen = SeenEvents.of(context, SEEN_EVENTS, settings.dedupWindow());
        context.schedule(settings.idleCheckEvery(), PunctuationType.WALL_CLOCK_TIME, this::evaluateIdleDrops);
        context.schedule(settings.purgeEvery(), PunctuationType.WALL_CLOCK_TIME, this::purge);
    }

    @Override
    public void process(Record<String, String> record) {
        Fact fact = json.readValue(record.value(), Fact.class);
        if (fact.eventId() != null && !firstSighting(fact)) {
            return;
        }
        // events tell that an organization is active (its idle drops wait); a session summary follows them
        if (fact.kind().equals(Fact.EVENT)) {
            state.put("o|" + fact.organizationId(), Long.toString(System.currentTimeMillis()));
        }
        for (AlertRule rule : rules.enabledRules(fact.organizationId())) {
            if (fact.usedBy(rule)) {
                detect(rule, fact);
            }
        }
    }

    private void detect(AlertRule rule, Fact fact) {
        switch (rule.type()) {
            case AlertRule.HIGH_ERROR_FREQUENCY -> count(rule, fact, null, "errors (console errors and failed API calls)");
            case AlertRule.REPEATED_API_FAILURES -> count(rule, fact, fact.requestUrl(), "failed calls to " + fact.requestUrl());
            case AlertRule.LATENCY_SPIKE -> latency(rule, fact);
            case AlertRule.INTERACTION_DROP -> drop(rule, fact);
            case AlertRule.CHURN_SIGNAL -> churn(rule, fact);
            default -> {
            }
        }
    }

    private void count(AlertRule rule, Fact fact, String subject, String what) {
        Window window = Window.of(rule.frequency(), fact.at());
        String key = windowKey(rule, window, subject);
        WindowState current = WindowState.decode(state.get(key)).counted();
        double confidence = Confidence.ofCount(current.count(), rule.threshold());
        if (!current.raised() && current.count() >= rule.threshold() && confidence >= rule.confidenceThreshold()) {
            current = current.markedRaised();
            raise(rule, window, subject, current.count(), confidence,
                    String.format(Locale.ROOT, "%d %s in the %s window, threshold %s", current.count(), what,
                            rule.frequency(), plain(rule.threshold())));
        }
        state.put(key, current.encoded());
    }

    private void latency(AlertRule rule, Fact fact) {
        Window window = Window.of(rule.frequency(), fact.at());
        String key = windowKey(rule, window, null);
        WindowState current = WindowState.decode(state.get(key)).withDuration(fact.durationMs());
        double confidence = Confidence.ofLatency(current.count());
        double p95 = current.p95();
        if (!current.raised() && current.count() >= settings.latencyMinimumCalls() && p95 > rule.threshold()
                && confidence >= rule.confidenceThreshold()) {
            current = current.markedRaised();
            raise(rule, window, null, p95, confidence, String.format(Locale.ROOT,
                    "p95 API latency %s ms over %d calls in the %s window, threshold %s ms", plain(p95), current.count(),
                    rule.frequency(), plain(rule.threshold())));
        }
        state.put(key, current.encoded());
    }

    private void churn(AlertRule rule, Fact fact) {
        if (fact.churnRiskScore() == null || fact.churnRiskScore() < rule.threshold()) {
            return;
        }
        Window window = Window.of(rule.frequency(), fact.at());
        String key = windowKey(rule, window, fact.customerId());
        WindowState current = WindowState.decode(state.get(key)).counted();
        double confidence = Confidence.ofChurn(fact.sessionEvents());
        if (!current.raised() && confidence >= rule.confidenceThreshold()) {
            current = current.markedRaised();
            raise(rule, window, fact.customerId(), fact.churnRiskScore(), confidence, String.format(Locale.ROOT,
                    "Customer %s has a churn risk of %s, threshold %s", fact.customerId(), plain(fact.churnRiskScore()),
                    plain(rule.threshold())));
        }
        state.put(key, current.encoded());
    }

    /** Any event may end windows (by its time); a page view is also counted in its own window. */
    private void drop(AlertRule rule, Fact fact) {
        String pointerKey = "d|" + rule.ruleId();
        Window own = Window.of(rule.frequency(), fact.at());
        String pointer = state.get(pointerKey);
        if (pointer != null) {
            evaluateDrops(rule, Instant.ofEpochMilli(Long.parseLong(pointer.split(" ")[2])), fact.at());
        }
        if (fact.type().equals(TelemetryRecorded.PAGE_VIEW)) {
            String key = windowKey(rule, own, null);
            state.put(key, WindowState.decode(state.get(key)).counted().encoded());
            if (state.get(pointerKey) == null) {
                state.put(pointerKey, rule.organizationId() + " " + rule.frequency() + " " + own.start().toEpochMilli());
            }
        }
    }

    /** Evaluates every window from {@code first} that has ended by {@code upTo}, and moves the pointer past them. */
    private void evaluateDrops(AlertRule rule, Instant first, Instant upTo) {
        Window window = Window.of(rule.frequency(), first);
        while (!window.end().isAfter(upTo)) {
            long views = WindowState.decode(state.get(windowKey(rule, window, null))).count();
            long before = WindowState.decode(state.get(windowKey(rule, window.previous(), null))).count();
            if (before > 0) {
                raiseDropIfDue(rule, window, views, before);
            }
            window = window.next();
            if (views == 0 && before == 0) {
                // nothing to compare until page views come again: skip to the window of upTo
                window = Window.of(rule.frequency(), upTo);
            }
        }
        state.put("d|" + rule.ruleId(), rule.organizationId() + " " + rule.frequency() + " " + window.start().toEpochMilli());
    }

    private void raiseDropIfDue(AlertRule rule, Window window, long views, long before) {
        double dropPercent = 100.0 * (before - views) / before;
        double confidence = Confidence.ofDrop(before);
        String key = windowKey(rule, window, null);
        WindowState current = WindowState.decode(state.get(key));
        if (current.raised() || !(views < before * (100 - rule.threshold()) / 100) || confidence < rule.confidenceThreshold()) {
            return;
        }
        state.put(key, current.markedRaised().encoded());
        raise(rule, window, null, dropPercent, confidence, String.format(Locale.ROOT,
                "Page views fell %s %% in the %s window, from %d to %d, threshold %s %%", plain(dropPercent),
                rule.frequency(), before, views, plain(rule.threshold())));
    }

    /**
     * When an organization's events simply stop, its ended windows are evaluated by the wall clock,
     * once no fact of the organization has arrived for the idle period (so a backlog or a
     * back-dated batch still being read is never judged early).
     */
    private void evaluateIdleDrops(long now) {
        List<KeyValue<String, String>> pointers = new ArrayList<>();
        try (KeyValueIterator<String, String> all = state.prefixScan("d|", new org.apache.kafka.common.serialization.StringSerializer())) {
            all.forEachRemaining(pointers::add);
        }
        Instant idleSince = Instant.ofEpochMilli(now).minus(settings.idleEvaluation());
        for (KeyValue<String, String> pointer : pointers) {
            String[] fields = pointer.value.split(" ");
            long organizationId = Long.parseLong(fields[0]);
            String lastSeen = state.get("o|" + organizationId);
            if (lastSeen != null && Long.parseLong(lastSeen) > idleSince.toEpochMilli()) {
                continue;
            }
            String ruleId = pointer.key.substring(2);
            rules.enabledRules(organizationId).stream()
                    .filter(rule -> rule.ruleId().equals(ruleId) && rule.type().equals(AlertRule.INTERACTION_DROP))
                    .findFirst()
                    .ifPresentOrElse(
                            rule -> evaluateDrops(rule, Instant.ofEpochMilli(Long.parseLong(fields[2])), idleSince),
                            () -> state.delete(pointer.key));
        }
    }

    /** Forgets windows that ended longer ago than the retention (event ids expire with their own store). */
    private void purge(long now) {
        long horizon = now - settings.retention().toMillis();
        List<String> old = new ArrayList<>();
        try (KeyValueIterator<String, String> all = state.prefixScan("w|", new org.apache.kafka.common.serialization.StringSerializer())) {
            all.forEachRemaining(entry -> {
                String[] parts = entry.key.split("\\|", 4);
                if (Long.parseLong(parts[2]) < horizon) {
                    old.add(entry.key);
                }
            });
        }
        old.forEach(state::delete);
    }

    private boolean firstSighting(Fact fact) {
        return seen.firstSighting(fact.organizationId() + ":" + fact.eventId(), fact.at().toEpochMilli());
    }

    private void raise(AlertRule rule, Window window, String subject, double value, double confidence, String message) {
        Instant now = Instant.ofEpochMilli(System.currentTimeMillis());
        String alertId = AlertRaised.idOf(rule.ruleId(), window.start(), subject);
        AlertRaised raised = new AlertRaised(alertId, rule.ruleId(), rule.type(), message, value, rule.threshold(), confidence,
                window.start(), window.end(), subject, now, rule.channels(), rule.quietHours());
        EventEnvelope<AlertRaised> envelope = new EventEnvelope<>(UUID.fromString(alertId), AlertRaised.TYPE, 1,
                rule.organizationId(), now, raised);
        context.forward(new Record<>(EventEnvelope.key(rule.organizationId(), rule.ruleId()), json.writeValueAsString(envelope),
                now.toEpochMilli()));
    }

    private static String windowKey(AlertRule rule, Window window, String subject) {
        return "w|" + rule.ruleId() + "|" + window.start().toEpochMilli() + "|" + (subject == null ? "" : subject);
    }

    /** A number as people write it: {@code 5}, not {@code 5.0}; at most two decimals. */
    static String plain(double number) {
        if (number == Math.rint(number) && Math.abs(number) < 1e15) {
            return Long.toString((long) number);
        }
        return String.format(Locale.ROOT, "%.2f", number).replaceAll("0+$", "");
    }
}
