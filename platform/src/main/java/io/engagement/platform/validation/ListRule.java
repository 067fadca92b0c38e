package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.util.List;

/** An array whose every element follows one rule; faults are located by element index. */
public final class ListRule implements Rule {

    private final Rule items;
    private final Integer minItems;
    private final Integer maxItems;

    ListRule(Rule items, Integer minItems, Integer maxItems) {
        this.items = items;
        this.minItems = minItems;
        this.maxItems = maxItems;
    }

    public ListRule minItems(int min) {
        return new ListRule(items, min, maxItems);
    }

    public ListRule maxItems(int max) {
        return new ListRule(items, minItems, max);
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isArray()) {
            errors.add(Violations.listType(loc, value));
            return null;
        }
        // pydantic checks the length first and does not look inside a list of the wrong size
        if (minItems != null && value.size() < minItems) {
            errors.add(Violations.tooShort(loc, value, minItems, value.size()));
            return null;
        }
        if (maxItems != null && value.size() > maxItems) {
            errors.add(Violations.tooLong(loc, value, maxItems, value.size()));
            return null;
        }
        int before = errors.size();
        ArrayNode accepted = JsonNodeFactory.instance.arrayNode(value.size());
        for (int i = 0; i < value.size(); i++) {
            accepted.add(items.apply(value.get(i), loc.index(i), errors));
        }
        return errors.size() == before ? accepted : null;
    }
}
