package io.engagement.customer.activity;

import io.engagement.customer.settings.ActivitySegmentThresholds;
import org.bson.Document;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the customer feature asks of activity: the latest session of a customer, segments, and new customers' parked sessions. */
@Component
public class CustomerActivity {

    /**
     * A new customer's document starts this at 0, so even its first session is written through the
     * equality guard on {@code _id} and the revision.
     */
    public static final String REVISION = ActivityStore.REVISION;

    private final LatestSessions sessions;
    private final ActivitySegmentThresholds thresholds;

    CustomerActivity(LatestSessions sessions, ActivitySegmentThresholds thresholds) {
        this.sessions = sessions;
        this.thresholds = thresholds;
    }

    /** The organization's segments as of now. */
    public Mono<SegmentRule> segmentsOf(long organizationId) {
        return thresholds.of(organizationId).map(settings -> new SegmentRule(settings, Instant.now()));
    }

    /** The latest session kept on a customer document; null for a customer never seen. */
    public static LatestSession latestSessionOf(Document customer) {
        return LatestSession.storedIn(customer);
    }

    /**
     * Gives newly created customers the sessions parked for them (telemetry that came before the
     * customer); answers, by internal id, those that got one.
     */
    public Mono<Map<Long, LatestSession>> takeOverParked(long organizationId, List<NewlyCreated> customers) {
        Map<String, Long> byParkingKey = new HashMap<>();
        customers.stream().filter(customer -> customer.emailKey() != null)
                .forEach(customer -> byParkingKey.put(SessionOwner.byEmailKey(organizationId, customer.emailKey()), customer.id()));
        return sessions.takeOverParked(byParkingKey);
    }

    /** Forgets the sessions parked under an erased customer's e-mail (none when {@code emailKey} is null). */
    public Mono<Void> forgetParked(long organizationId, String emailKey) {
        return emailKey == null ? Mono.empty() : sessions.forgetParked(SessionOwner.byEmailKey(organizationId, emailKey));
    }

    /** A customer just written: its internal id and e-mail key. */
    public record NewlyCreated(long id, String emailKey) {
    }
}
