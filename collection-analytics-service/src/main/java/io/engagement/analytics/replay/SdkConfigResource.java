package io.engagement.analytics.replay;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * {@code GET /sdk/v1/config} with the public key: what the browser SDK needs to know of the
 * organization's settings, today the replay settings. Browsers may keep it a minute, so a busy
 * site asks once per visitor and page burst rather than once per page.
 */
@RestController
class SdkConfigResource {

    private final OrganizationSettings<ReplaySettings> replay;

    SdkConfigResource(OrganizationSettings<ReplaySettings> replay) {
        this.replay = replay;
    }

    @GetMapping("/sdk/v1/config")
    Mono<ResponseEntity<SdkConfig>> config(ServerWebExchange exchange) {
        return replay.read(OrgContext.of(exchange).organizationId())
                .map(settings -> ResponseEntity.ok().cacheControl(CacheControl.maxAge(Duration.ofMinutes(1))).body(new SdkConfig(settings)));
    }

    /** The SDK's view of the organization's settings. */
    record SdkConfig(ReplaySettings replay) {
    }
}
