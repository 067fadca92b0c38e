package io.engagement.local;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Request bodies written and answers, records and frames read as JSON, with one mapper for every test. */
final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Json() {
    }

    /** A request body: a map, list, record or node as JSON text. */
    static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    static JsonNode read(String text) {
        return MAPPER.readTree(text);
    }

    static JsonNode read(byte[] utf8) {
        return MAPPER.readTree(utf8);
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static <T extends JsonNode> T tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    static JsonNode missing() {
        return MAPPER.missingNode();
    }
}
