package io.engagement.gateway.apidocs;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the gateway exposes of one route: the paths it matches, the keys it asks for
 * ({@code data}, {@code public}, {@code transactional}, {@code admin}, {@code none}), whether it
 * rewrites the contract's doubled prefix to the single one, and the methods it is limited to, if any
 * (a path whose {@code POST} takes other keys than its other methods has a route for each).
 */
record PublicRoute(String id, List<PathPattern> patterns, Set<String> keyKinds, boolean rewritesDoubledPrefix, Set<String> methods) {

    static final String PREFIX = "/external/v1";
    /** The kind of a route that takes only a signed-in person's session: sign-in itself, people. */
    static final String SESSION = "session";

    static PublicRoute of(String id, List<String> patterns, Set<String> keyKinds, boolean rewritesDoubledPrefix) {
        return of(id, patterns, keyKinds, rewritesDoubledPrefix, Set.of());
    }

    /** @param methods lower-case, as the document names operations; none for a route of every method */
    static PublicRoute of(String id, List<String> patterns, Set<String> keyKinds, boolean rewritesDoubledPrefix, Set<String> methods) {
        return new PublicRoute(id, patterns.stream().map(PathPatternParser.defaultInstance::parse).toList(),
                Set.copyOf(keyKinds), rewritesDoubledPrefix, Set.copyOf(methods));
    }

    /** Whether the route takes requests of this method ({@code get}, {@code post}, ...). */
    boolean answers(String method) {
        return methods.isEmpty() || methods.contains(method);
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
