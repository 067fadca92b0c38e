package io.engagement.gateway.security;

import io.engagement.platform.net.AddressGuard;
import io.engagement.platform.net.GuardedAddressResolverGroup;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An OpenID provider's discovery document ({@code <issuer>/.well-known/openid-configuration}),
 * fetched through the SSRF guard: an issuer must be https (http only on a loopback host where
 * allowed), answer the document within the time limit, name itself as the issuer and give the
 * endpoints a sign-in needs.
 */
@Component
class OpenIdDiscovery {

    static final List<String> REQUIRED = List.of("authorization_endpoint", "token_endpoint", "jwks_uri");

    private final HttpClient http;
    private final SsoProperties properties;
    private final ObjectMapper json;

    OpenIdDiscovery(SsoProperties properties, ObjectMapper json) {
        this.properties = properties;
        this.json = json;
        AddressGuard guard = new AddressGuard(properties.allowLoopback(), false, "single sign-on");
        // a pool of its own: no connection opened without the guard is ever reused here
        this.http = HttpClient.create(ConnectionProvider.builder("openid-discovery").maxIdleTime(Duration.ofSeconds(30)).build())
                .resolver(new GuardedAddressResolverGroup(guard))
                .followRedirect(false)
                .responseTimeout(properties.timeout());
    }

    /** Why the issuer cannot be used, if it cannot; empty for a provider that answered as one. */
    Mono<Optional<String>> refusal(String issuer) {
        URI uri;
        try {
            uri = URI.create(issuer);
        } catch (IllegalArgumentException notAUrl) {
            return Mono.just(Optional.of("the issuer must be an https URL"));
        }
        boolean loopbackHttp = "http".equals(uri.getScheme()) && properties.allowLoopback() && isLoopback(uri.getHost());
        if (!"https".equals(uri.getScheme()) && !loopbackHttp) {
            return Mono.just(Optional.of("the issuer must be an https URL"));
        }
        String document = issuer.replaceAll("/+$", "") + "/.well-known/openid-configuration";
        return http.get().uri(document)
                .responseSingle((response, body) -> response.status().code() == 200 ? body.asString() : Mono.error(
                        new IllegalStateException("answered " + response.status().code())))
                .timeout(properties.timeout())
                .map(text -> check(issuer, json.readTree(text)))
                .onErrorResume(failure -> Mono.just(Optional.of("the issuer's OpenID discovery document cannot be read")));
    }

    private static Optional<String> check(String issuer, JsonNode document) {
        String named = document.path("issuer").asString("");
        if (!named.replaceAll("/+$", "").equals(issuer.replaceAll("/+$", ""))) {
            return Optional.of("the discovery document names another issuer");
        }
        return REQUIRED.stream().filter(field -> document.path(field).asString("").isBlank()).findFirst()
                .map(field -> "the discovery document has no " + field);
    }

    private static boolean isLoopback(String host) {
        return host != null && (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1"));
    }
}
