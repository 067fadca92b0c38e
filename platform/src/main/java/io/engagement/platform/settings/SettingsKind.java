package io.engagement.platform.settings;

import io.engagement.platform.validation.Rule;

/**
 * What makes one settings resource: its name in paths and events ({@code widget}, {@code
 * support-hours}, ...), where it is kept, the topic its changes go to, the schema a {@code PUT}
 * must pass, the record it binds to and the values it has before any write.
 *
 * @param name       the resource's name as in {@code /external/v1/settings/{name}}
 * @param collection one document per organization, its {@code _id} the organization's id
 * @param topic      where each change is published, keyed {@code org:settings-{name}}
 * @param schema     the whole object: a {@code PUT} replaces it, so every field is checked
 * @param type       the record the settings bind to, written and read as its snake_case JSON
 * @param defaults   what the first read writes and answers
 * @param <T>        the settings record
 */
public record SettingsKind<T>(String name, String collection, String topic, Rule schema, Class<T> type, T defaults) {

    /** {@code settings.support_hours.changed} for {@code support-hours}. */
    public String changedEventType() {
        return "settings." + name.replace('-', '_') + ".changed";
    }

    String entityId() {
        return "settings-" + name;
    }
}
