package io.engagement.customer.widget;

import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Whether the organization's widget settings require visitors who name a customer or an e-mail to
 * prove it with an identity hash ({@code identity_verification}: {@code optional} by default, or
 * {@code required}).
 */
@Component
public class IdentityVerification {

    static final String OPTIONAL = "optional";
    static final String REQUIRED = "required";

    private final OrganizationSettings<WidgetSettings> settings;

    IdentityVerification(OrganizationSettings<WidgetSettings> settings) {
        this.settings = settings;
    }

    public Mono<Boolean> required(long organizationId) {
        return settings.read(organizationId).map(widget -> REQUIRED.equals(widget.identityVerification()));
    }
}
