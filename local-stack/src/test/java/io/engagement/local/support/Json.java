package io.engagement.local.support;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Request bodies written and answers, records and frames read as JSON, with one mapper for every test. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Json() {
    }

    /** A request body: a map, list, record or node as JSON text. */
    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static JsonNode read(String text) {
        return MAPPER.readTree(text);
    }

    public static JsonNode read(byte[] utf8) {
        return MAPPER.readTree(utf8);
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static <T extends JsonNode> T tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    public static JsonNode missing() {
        return MAPPER.missingNode();
    }
}
