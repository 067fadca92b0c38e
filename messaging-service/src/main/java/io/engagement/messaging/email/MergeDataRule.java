package io.engagement.messaging.email;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

/**
 * {@code merge_data}: an object of string values, also accepted as a string holding such an
 * object, since the contract's body table types the field as a string.
 */
final class MergeDataRule implements Rule {

    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private final Rule values = Rules.stringMap();

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isString()) {
            return values.apply(value, loc, errors);
        }
        try {
            JsonNode parsed = JSON.readTree(value.asString());
            if (parsed != null && parsed.isObject()) {
                return values.apply(parsed, loc, errors);
            }
        } catch (JacksonException notJson) {
            // answered below as any other string that holds no object
        }
        errors.add(Violations.dictType(loc, value));
        return null;
    }
}
