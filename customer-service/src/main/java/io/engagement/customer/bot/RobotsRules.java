package io.engagement.customer.bot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A site's robots.txt as it concerns the crawler: the group naming its user agent, else the
 * {@code *} group; the longest matching {@code Allow} or {@code Disallow} path wins, {@code Allow}
 * on a tie (RFC 9309). Wildcards {@code *} and an ending {@code $} are understood.
 */
final class RobotsRules {

    static final String USER_AGENT = "EngagementBot";
    static final RobotsRules ALLOW_ALL = new RobotsRules(List.of());
    static final RobotsRules DISALLOW_ALL = new RobotsRules(List.of(new Rule("/", false)));

    private final List<Rule> rules;

    private RobotsRules(List<Rule> rules) {
        this.rules = rules;
    }

    static RobotsRules parse(String robotsTxt) {
        List<Rule> ours = new ArrayList<>();
        List<Rule> anyone = new ArrayList<>();
        boolean ourGroup = false;
        boolean anyoneGroup = false;
        boolean oursSeen = false;
        boolean agentsEnded = true;
        for (String raw : robotsTxt.split("\\r?\\n|\\r")) {
            String line = raw.replaceAll("#.*", "").strip();
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String field = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip();
            if (field.equals("user-agent")) {
                if (agentsEnded) {
                    ourGroup = false;
                    anyoneGroup = false;
                    agentsEnded = false;
                }
                ourGroup |= value.equalsIgnoreCase(USER_AGENT);
                oursSeen |= ourGroup;
                anyoneGroup |= value.equals("*");
            } else if (field.equals("allow") || field.equals("disallow")) {
                agentsEnded = true;
                if (value.isEmpty()) {
                    continue;
                }
                Rule rule = new Rule(value, field.equals("allow"));
                if (ourGroup) {
                    ours.add(rule);
                }
                if (anyoneGroup) {
                    anyone.add(rule);
                }
            } else {
                agentsEnded = true;
            }
        }
        // a group naming the crawler replaces the * group, even one that disallows nothing
        return new RobotsRules(oursSeen ? ours : anyone);
    }

    /** Whether the crawler may fetch {@code path} (with its query). */
    boolean allows(String path) {
        Rule winner = null;
        for (Rule rule : rules) {
            if (rule.matches(path) && (winner == null || rule.pattern().length() > winner.pattern().length()
                    || (rule.pattern().length() == winner.pattern().length() && rule.allow()))) {
                winner = rule;
            }
        }
        return winner == null || winner.allow();
    }

    private record Rule(String pattern, boolean allow) {

        boolean matches(String path) {
            boolean anchored = pattern.endsWith("$");
            String body = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
            StringBuilder regex = new StringBuilder();
            for (String literal : body.split("\\*", -1)) {
                regex.append(regex.isEmpty() ? "" : ".*").append(java.util.regex.Pattern.quote(literal));
            }
            return java.util.regex.Pattern.compile(regex + (anchored ? "" : ".*"), java.util.regex.Pattern.DOTALL).matcher(path).matches();
        }
    }
}
