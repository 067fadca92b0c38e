package io.engagement.alert.raised;

import io.engagement.alert.detection.AlertRaised;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;

/**
 * What an alert needs of its deliveries, provided by the delivery feature: the alert feature owns
 * alerts and asks through this, so delivery can read alerts without the two depending on each other.
 */
public interface AlertDeliveries {

    /** Stores the alert's deliveries unless they are stored already; they are sent once {@link #startSending}. */
    Mono<Void> plan(long organizationId, AlertRaised alert);

    /** Sends what is due now, without waiting for the next poll. */
    void startSending();

    /** Each alert's deliveries in channel order, by alert id. */
    Mono<Map<String, List<AlertView.DeliveryView>>> statuses(long organizationId, List<String> alertIds);
}
