package io.engagement.gateway.apidocs;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the gateway exposes of one route: the paths it matches, the keys it asks for
 * ({@code data}, {@code public}, {@code transactional}, {@code admin}, {@code none}) and whether it
 * rewrites the contract's doubled prefix to the single one.
 */
record PublicRoute(String id, List<PathPattern> patterns, Set<String> keyKinds, boolean rewritesDoubledPrefix) {

    static final String PREFIX = "/external/v1";

    static PublicRoute of(String id, List<String> patterns, Set<String> keyKinds, boolean rewritesDoubledPrefix) {
        return new PublicRoute(id, patterns.stream().map(PathPatternParser.defaultInstance::parse).toList(),
                Set.copyOf(keyKinds), rewritesDoubledPrefix);
    }

    /** Path templates such as {@code /customers/{customer_id}} match as the literal text they are. */
    boolean matches(String path) {
        PathContainer container = PathContainer.parsePath(path);
        return patterns.stream().anyMatch(pattern -> pattern.matches(container));
    }

    /** The doubled-prefix form of a path this route also answers, if it does. */
    Optional<String> doubledFormOf(String path) {
        if (!rewritesDoubledPrefix || !path.startsWith(PREFIX + "/")) {
            return Optional.empty();
        }
        String doubled = PREFIX + path;
        return matches(doubled) ? Optional.of(doubled) : Optional.empty();
    }
}
