package io.engagement.gateway.routing;

import io.engagement.platform.auth.Role;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The role a signed-in person needs for a request on one route, from the route's {@code roles}
 * metadata: rules separated by {@code ;}, each {@code <METHOD|*> [<path pattern>] <role>}, the first
 * that matches deciding. Every route starts with {@code GET viewer} and ends with {@code * admin},
 * so a route declares only what an agent may write:
 * <pre>roles: "POST /external/v1/customers agent; POST /external/v1/customers/bulk agent"</pre>
 * Paths are matched in their single-prefix form, whichever the client sent.
 */
final class RouteRoles {

    static final String METADATA = "roles";
    private static final String DOUBLED_PREFIX = "/external/v1/external/v1/";
    private static final String PREFIX = "/external/v1/";
    private static final PathPatternParser PATTERNS = new PathPatternParser();

    private final List<Rule> rules;

    private RouteRoles(List<Rule> rules) {
        this.rules = rules;
    }

    static RouteRoles parse(Object declared) {
        List<Rule> rules = new ArrayList<>();
        rules.add(new Rule(HttpMethod.GET, null, Role.VIEWER));
        rules.add(new Rule(HttpMethod.HEAD, null, Role.VIEWER));
        if (declared != null) {
            Arrays.stream(declared.toString().split(";")).map(String::strip).filter(rule -> !rule.isEmpty()).map(RouteRoles::rule)
                    .forEach(rules::add);
        }
        rules.add(new Rule(null, null, Role.ADMIN));
        return new RouteRoles(List.copyOf(rules));
    }

    private static Rule rule(String text) {
        String[] parts = text.split("\\s+");
        if (parts.length < 2 || parts.length > 3) {
            throw new IllegalArgumentException("a role rule is '<METHOD|*> [<path pattern>] <role>', not '" + text + "'");
        }
        HttpMethod method = parts[0].equals("*") ? null : HttpMethod.valueOf(parts[0]);
        PathPattern path = parts.length == 3 ? PATTERNS.parse(parts[1]) : null;
        Role role = Role.fromWireName(parts[parts.length - 1])
                .orElseThrow(() -> new IllegalArgumentException("no role '" + parts[parts.length - 1] + "' in '" + text + "'"));
        return new Rule(method, path, role);
    }

    /** The role that the request needs. */
    Role needed(HttpMethod method, String path) {
        PathContainer single = PathContainer.parsePath(path.startsWith(DOUBLED_PREFIX) ? PREFIX + path.substring(DOUBLED_PREFIX.length()) : path);
        return rules.stream().filter(rule -> rule.matches(method, single)).map(Rule::role).findFirst().orElse(Role.ADMIN);
    }

    private record Rule(HttpMethod method, PathPattern path, Role role) {

        boolean matches(HttpMethod requested, PathContainer requestedPath) {
            return (method == null || method.equals(requested)) && Optional.ofNullable(path).map(pattern -> pattern.matches(requestedPath)).orElse(true);
        }
    }
}
