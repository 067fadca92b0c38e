package io.engagement.customer.widget;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engagement.customer.supporthours.SupportHours;

import java.time.Instant;

/**
 * What the chat widget needs, read with the public key: the widget settings ({@code white_label}
 * left out unless the plan allows it), whether support is open now, the status message that goes with it and
 * when that changes (null when it does not within a year), and whether the widget may offer a
 * ticket form while support is closed (the ticketing settings' {@code user_tickets_enabled}).
 */
record WidgetConfig(String themeColor, String position, String welcomeImage, String supportName, String buttonLabel,
                    String onlineStatusMessage, String offlineStatusMessage, boolean soundEnabled,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean whiteLabel, String identityVerification,
                    boolean online, String statusMessage, Instant nextChangeAt, boolean userTicketsEnabled) {

    static WidgetConfig of(WidgetSettings settings, boolean premium, SupportHours.Status status, boolean userTicketsEnabled) {
        return new WidgetConfig(settings.themeColor(), settings.position(), settings.welcomeImage(), settings.supportName(),
                settings.buttonLabel(), settings.onlineStatusMessage(), settings.offlineStatusMessage(), settings.soundEnabled(),
                premium ? settings.whiteLabel() : null, settings.identityVerification(), status.open(),
                status.open() ? settings.onlineStatusMessage() : settings.offlineStatusMessage(), status.nextChangeAt(),
                userTicketsEnabled);
    }
}
