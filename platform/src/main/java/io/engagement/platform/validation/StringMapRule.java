package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;

/** A JSON object of string values; a fault is located at its key. */
public final class StringMapRule implements Rule {

    StringMapRule() {
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isObject()) {
            errors.add(Violations.dictType(loc, value));
            return null;
        }
        int before = errors.size();
        ObjectNode accepted = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            if (entry.getValue().isString()) {
                accepted.set(entry.getKey(), entry.getValue());
            } else {
                errors.add(Violations.stringType(loc.field(entry.getKey()), entry.getValue()));
            }
        }
        return errors.size() == before ? accepted : null;
    }
}
