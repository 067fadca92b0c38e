package io.engagement.gateway.security;

import io.engagement.gateway.signin.SignedIn;
import io.engagement.gateway.signin.SignedInPerson;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.Role;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code GET|PUT /external/v1/settings/security}: an organization's MFA and single sign-on policy,
 * for its admins. {@code PUT} replaces it whole; the client secret is write-only, kept as it was when
 * the body leaves it out. An issuer is checked by reading its discovery document.
 */
@RestController
@RequestMapping("/external/v1/settings/security")
class SecuritySettingsResource {

    private static final String DOMAIN = "(?i)^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$";
    private static final ObjectSchema SSO = ObjectSchema.of(
            required("enabled", Rules.bool()),
            optional("issuer", Rules.string().maxLength(2048)),
            optional("client_id", Rules.string().minLength(1).maxLength(256)),
            optional("client_secret", Rules.string().minLength(1).maxLength(1024)),
            // what GET shows in its place, so a form saves as it was loaded
            optional("client_secret_set", Rules.bool()),
            required("allowed_domains", Rules.list(Rules.string().stripped().pattern(DOMAIN)).maxItems(100)),
            required("default_role", Rules.string().oneOf("admin", "agent", "viewer")),
            required("enforced", Rules.bool())).forbiddingExtra();
    private static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("require_mfa", Rules.bool()),
            required("sso", SSO)).forbiddingExtra();

    private final SecuritySettingsStore store;
    private final OpenIdDiscovery discovery;
    private final AuditTrail audit;
    private final JsonBodyReader bodies;

    SecuritySettingsResource(SecuritySettingsStore store, OpenIdDiscovery discovery, AuditTrail audit, JsonBodyReader bodies) {
        this.store = store;
        this.discovery = discovery;
        this.audit = audit;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<SecuritySettings.View> get(ServerWebExchange exchange) {
        return SignedInPerson.require(exchange, Role.ADMIN).flatMap(signedIn -> store.of(signedIn.organizationId())).map(SecuritySettings.View::of);
    }

    @PutMapping
    Mono<SecuritySettings.View> replace(ServerWebExchange exchange) {
        return SignedInPerson.require(exchange, Role.ADMIN).flatMap(signedIn -> bodies.readTree(exchange)
                .map(body -> bodies.validate(body, SCHEMA))
                .flatMap(body -> store.of(signedIn.organizationId()).flatMap(current -> checked(body, current)))
                .flatMap(settings -> store.replace(signedIn.organizationId(), settings))
                .flatMap(settings -> audited(exchange, signedIn).thenReturn(SecuritySettings.View.of(settings))));
    }

    /** The settings the body asks for, the secret kept where it left it out; an enabled SSO needs its secret, an issuer its document. */
    private Mono<SecuritySettings> checked(JsonNode body, SecuritySettings current) {
        JsonNode sso = body.get("sso");
        String secret = sso.has("client_secret") ? nullable(sso.get("client_secret")) : current.sso().clientSecret();
        List<String> domains = new ArrayList<>();
        sso.get("allowed_domains").forEach(domain -> domains.add(domain.asString().toLowerCase(Locale.ROOT)));
        SecuritySettings wanted = new SecuritySettings(body.get("require_mfa").asBoolean(), new SecuritySettings.Sso(sso.get("enabled").asBoolean(),
                nullable(sso.get("issuer")), nullable(sso.get("client_id")), secret, domains, sso.get("default_role").asString(),
                sso.get("enforced").asBoolean()));
        List<ErrorDetail> errors = new ArrayList<>();
        Loc at = Loc.body().field("sso");
        if (wanted.sso().enabled()) {
            if (wanted.sso().issuer() == null) {
                errors.add(Violations.missing(at.field("issuer"), null));
            }
            if (wanted.sso().clientId() == null) {
                errors.add(Violations.missing(at.field("client_id"), null));
            }
            if (secret == null) {
                errors.add(Violations.missing(at.field("client_secret"), null));
            }
        }
        if (!errors.isEmpty()) {
            return Mono.error(new RequestValidationException(errors));
        }
        if (wanted.sso().issuer() == null) {
            return Mono.just(wanted);
        }
        return discovery.refusal(wanted.sso().issuer()).flatMap(refusal -> refusal.isPresent()
                ? Mono.error(new RequestValidationException(Violations.valueError(at.field("issuer"), wanted.sso().issuer(), refusal.get())))
                : Mono.just(wanted));
    }

    /** Which settings changed, never their values: the client secret is among them. */
    private Mono<Void> audited(ServerWebExchange exchange, SignedIn signedIn) {
        return audit.record(signedIn.organizationId(), "settings.changed",
                new AuditRecorded.Actor("person", signedIn.personId(), signedIn.member().email(), null),
                new AuditRecorded.Target("settings", "security"), exchange.getRequest(), Map.of());
    }

    private static String nullable(JsonNode value) {
        return value == null || value.isNull() ? null : value.asString();
    }
}
