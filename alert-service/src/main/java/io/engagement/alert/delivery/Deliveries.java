package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertDeliveries;
import io.engagement.alert.raised.AlertView;
import io.engagement.alert.detection.AlertRaised;
import io.engagement.alert.rule.Channel;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * An alert's deliveries: planned when it is stored (the dashboard first and delivered at once, then
 * the rule's other channels, deferred while quiet hours last), and their statuses for the API.
 */
@Component
public class Deliveries implements AlertDeliveries {

    private final DeliveryStore store;
    private final DeliveryWakeups wakeups;

    Deliveries(DeliveryStore store, DeliveryWakeups wakeups) {
        this.store = store;
        this.wakeups = wakeups;
    }

    @Override
    public Mono<Void> plan(long organizationId, AlertRaised alert) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return Flux.fromIterable(planned(organizationId, alert, now))
                .concatMap(store::insertIfAbsent)
                .then();
    }

    @Override
    public void startSending() {
        wakeups.wake();
    }

    @Override
    public Mono<Map<String, List<AlertView.DeliveryView>>> statuses(long organizationId, List<String> alertIds) {
        if (alertIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return store.ofAlerts(organizationId, alertIds)
                .collect(Collectors.groupingBy(Delivery::alertId,
                        Collectors.mapping(Deliveries::viewOf, Collectors.toList())));
    }

    static List<Delivery> planned(long organizationId, AlertRaised alert, Instant now) {
        List<Channel> channels = new ArrayList<>();
        channels.add(new Channel(Channel.DASHBOARD, null));
        alert.channels().stream().filter(channel -> !channel.type().equals(Channel.DASHBOARD)).forEach(channels::add);
        boolean quiet = alert.quietHours() != null && alert.quietHours().covers(now);
        List<Delivery> deliveries = new ArrayList<>();
        for (int position = 0; position < channels.size(); position++) {
            Channel channel = channels.get(position);
            String id = idOf(alert.alertId(), position, channel.type());
            if (channel.type().equals(Channel.DASHBOARD)) {
                deliveries.add(new Delivery(id, organizationId, alert.alertId(), alert.ruleId(), position, channel.type(), null,
                        Delivery.DELIVERED, 1, now, alert.quietHours()));
            } else {
                deliveries.add(new Delivery(id, organizationId, alert.alertId(), alert.ruleId(), position, channel.type(),
                        channel.target(), quiet ? Delivery.DEFERRED : Delivery.PENDING, 0,
                        quiet ? alert.quietHours().endAfter(now) : now, alert.quietHours()));
            }
        }
        return deliveries;
    }

    static String idOf(String alertId, int position, String channel) {
        return UUID.nameUUIDFromBytes((alertId + "|" + position + "|" + channel).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static AlertView.DeliveryView viewOf(Delivery delivery) {
        return new AlertView.DeliveryView(delivery.channel(), delivery.status(), delivery.attempts());
    }
}
