package io.engagement.customer.widget;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * How an organization's chat widget looks and greets. {@code white_label} hides the suite's
 * branding and needs the premium plan; the widget shows {@code online_status_message} while
 * support is open and {@code offline_status_message} while it is closed (see the support hours).
 */
record WidgetSettings(String themeColor, String position, String welcomeImage, String supportName, String buttonLabel,
                      String onlineStatusMessage, String offlineStatusMessage, boolean soundEnabled, boolean whiteLabel,
                      String identityVerification) {

    private static final String OFFLINE_STATUS_MESSAGE = "We're away right now. Leave a message and we'll get back to you.";

    static final WidgetSettings DEFAULTS = new WidgetSettings("#1F6FEB", "right", "modern", "Support", "Chat with us",
            "We typically reply in a few minutes", OFFLINE_STATUS_MESSAGE, true, false, IdentityVerification.OPTIONAL);

    private static final int MAX_STATUS_MESSAGE = 140;

    /** A client that sends only the contract's eight fields gets the default offline message, and verification stays optional. */
    WidgetSettings {
        offlineStatusMessage = offlineStatusMessage == null ? OFFLINE_STATUS_MESSAGE : offlineStatusMessage;
        identityVerification = identityVerification == null ? IdentityVerification.OPTIONAL : identityVerification;
    }

    WidgetSettings withoutWhiteLabel() {
        return new WidgetSettings(themeColor, position, welcomeImage, supportName, buttonLabel, onlineStatusMessage, offlineStatusMessage,
                soundEnabled, false, identityVerification);
    }

    /**
     * {@code PUT} replaces the whole object: the contract's fields required, nothing else allowed;
     * {@code offline_status_message} and {@code identity_verification}, additions to the contract, may be left out.
     */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("theme_color", Rules.string().pattern("^#[0-9A-Fa-f]{6}$")),
                    required("position", Rules.string().oneOf("left", "right")),
                    required("welcome_image", Rules.string().oneOf("collage", "modern", "classic")),
                    required("support_name", Rules.string().stripped().minLength(1).maxLength(60)),
                    required("button_label", Rules.string().stripped().minLength(1).maxLength(30)),
                    required("online_status_message", Rules.string().stripped().maxLength(MAX_STATUS_MESSAGE)),
                    optional("offline_status_message", Rules.string().stripped().maxLength(MAX_STATUS_MESSAGE)),
                    required("sound_enabled", Rules.bool()),
                    required("white_label", Rules.bool()),
                    optional("identity_verification", Rules.string().oneOf(IdentityVerification.OPTIONAL, IdentityVerification.REQUIRED)))
            .forbiddingExtra();
}
