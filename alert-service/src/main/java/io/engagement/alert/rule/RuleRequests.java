package io.engagement.alert.rule;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.CheckedBody;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.NumberRule;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * The body of {@code POST} and {@code PUT /external/v1/alerts/rules}: one schema, whose
 * threshold bound depends on the rule's type, and whose channel targets are checked per channel type.
 */
@Component
class RuleRequests {

    private final JsonBodyReader bodies;

    RuleRequests(JsonBodyReader bodies) {
        this.bodies = bodies;
    }

    /** The body checked against its schema, its faults open for the checks of its targets. */
    Mono<CheckedBody> read(ServerWebExchange exchange) {
        return bodies.readTree(exchange).map(tree -> bodies.check(tree, schemaFor(tree)));
    }

    static ObjectSchema schemaFor(JsonNode body) {
        String type = body.isObject() && body.path("type").isString() ? body.get("type").asString() : "";
        return ObjectSchema.of(
                required("name", Rules.string().stripped().minLength(1).maxLength(200)),
                required("type", Rules.string().oneOf(AlertRule.TYPES.toArray(String[]::new))),
                required("threshold", thresholdOf(type)),
                required("frequency", Rules.string().oneOf(AlertRule.FREQUENCIES.toArray(String[]::new))),
                optional("channels", Rules.list(new ChannelRule()).maxItems(20)),
                optional("quiet_hours", QuietHours.SCHEMA),
                optional("confidence_threshold", Rules.number().min(0).max(100)),
                optional("enabled", Rules.bool())).forbiddingExtra();
    }

    private static NumberRule thresholdOf(String type) {
        return switch (type) {
            case AlertRule.CHURN_SIGNAL -> Rules.number().min(0).max(1);
            case AlertRule.INTERACTION_DROP -> Rules.number().min(0).max(100);
            default -> Rules.number().min(0);
        };
    }

    /** {@code {"type", "target"}}: the target a channel of that type needs. */
    static final class ChannelRule implements Rule {

        private static final ObjectSchema SHAPE = ObjectSchema.of(
                required("type", Rules.string().oneOf(Channel.TYPES.toArray(String[]::new))),
                optional("target", Rules.any())).forbiddingExtra();
        private static final Rule EMAIL = Rules.string().email();

        @Override
        public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
            JsonNode accepted = SHAPE.apply(value, loc, errors);
            if (accepted == null) {
                return null;
            }
            String type = accepted.get("type").asString();
            JsonNode target = accepted.path("target");
            Loc at = loc.field("target");
            if (type.equals(Channel.DASHBOARD)) {
                return accepted;
            }
            if (target.isMissingNode() || target.isNull()) {
                errors.add(Violations.missing(at, value));
                return null;
            }
            if (type.equals(Channel.EMAIL)) {
                JsonNode address = EMAIL.apply(target, at, errors);
                return address == null ? null : ((tools.jackson.databind.node.ObjectNode) accepted).set("target", address);
            }
            Optional<ErrorDetail> fault = type.equals(Channel.PUSH) ? subscriptionFault(target, at) : urlFault(target, at);
            fault.ifPresent(errors::add);
            return fault.isPresent() ? null : accepted;
        }

        private static Optional<ErrorDetail> urlFault(JsonNode target, Loc at) {
            if (!target.isString()) {
                return Optional.of(Violations.stringType(at, target));
            }
            return httpUrl(target.asString()).isPresent() ? Optional.empty()
                    : Optional.of(Violations.valueError(at, target, "target must be an absolute http or https URL"));
        }

        private static Optional<ErrorDetail> subscriptionFault(JsonNode target, Loc at) {
            return PushSubscription.parse(target).isPresent() ? Optional.empty()
                    : Optional.of(Violations.valueError(at, target,
                    "target must be a Web Push subscription {\"endpoint\": \"https://...\", \"keys\": {\"p256dh\": \"...\", \"auth\": \"...\"}}"));
        }
    }

    /** An absolute http or https URL with a host. */
    static Optional<URI> httpUrl(String text) {
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme();
            if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                    || uri.getHost() == null || uri.getHost().isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(uri);
        } catch (URISyntaxException malformed) {
            return Optional.empty();
        }
    }
}
