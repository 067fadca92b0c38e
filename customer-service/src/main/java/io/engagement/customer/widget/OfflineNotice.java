package io.engagement.customer.widget;

import io.engagement.customer.supporthours.OpeningStatus;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Optional;

/** What a conversation started while support is closed is told: the widget's offline status message. */
@Component
public class OfflineNotice {

    private final OrganizationSettings<WidgetSettings> settings;
    private final OpeningStatus opening;

    OfflineNotice(OrganizationSettings<WidgetSettings> settings, OpeningStatus opening) {
        this.settings = settings;
        this.opening = opening;
    }

    /** The offline status message while support is closed at {@code at}; empty while it is open. */
    public Mono<Optional<String>> at(long organizationId, Instant at) {
        return opening.of(organizationId, at).flatMap(status -> status.open() ? Mono.just(Optional.<String>empty())
                : settings.read(organizationId).map(widget -> Optional.of(widget.offlineStatusMessage())));
    }
}
