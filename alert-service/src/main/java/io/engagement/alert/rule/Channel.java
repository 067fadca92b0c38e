package io.engagement.alert.rule;

import tools.jackson.databind.JsonNode;

import java.util.List;

/**
 * Where a rule's alerts go.
 *
 * @param type   {@code dashboard}, {@code email}, {@code webhook}, {@code team_workspace} or {@code push}
 * @param target an address, a URL, or a Web Push subscription (as the client gave it: a JSON string
 *               or an object); null for the dashboard
 */
public record Channel(String type, JsonNode target) {

    public static final String DASHBOARD = "dashboard";
    public static final String EMAIL = "email";
    public static final String WEBHOOK = "webhook";
    public static final String TEAM_WORKSPACE = "team_workspace";
    public static final String PUSH = "push";
    /** A prompt in the end user's widget, fetched by the widget: alert triggers only, never a rule's channel. */
    public static final String WIDGET = "widget";
    public static final List<String> TYPES = List.of(DASHBOARD, EMAIL, WEBHOOK, TEAM_WORKSPACE, PUSH);

    /** The target as text: the address or URL, or the subscription's JSON. */
    public String targetText() {
        if (target == null || target.isNull()) {
            return null;
        }
        return target.isString() ? target.asString() : target.toString();
    }

    /** Channels whose target is reached over HTTP at a host the client names, and so pass the address guard. */
    public boolean reachedOverHttp() {
        return type.equals(WEBHOOK) || type.equals(TEAM_WORKSPACE) || type.equals(PUSH);
    }
}
