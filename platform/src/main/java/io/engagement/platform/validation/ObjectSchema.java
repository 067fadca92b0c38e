package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON object's declared fields. Unknown fields are dropped, as pydantic ignores them, unless
 * the schema {@linkplain #forbiddingExtras() forbids them}; every field is checked, so one answer
 * lists every fault.
 */
public final class ObjectSchema implements Rule {

    private final List<Field> fields;
    private final boolean forbidExtras;

    private ObjectSchema(List<Field> fields, boolean forbidExtras) {
        this.fields = List.copyOf(fields);
        this.forbidExtras = forbidExtras;
    }

    public static ObjectSchema of(Field... fields) {
        return new ObjectSchema(List.of(fields), false);
    }

    /** This schema's fields and then {@code more}. */
    public ObjectSchema and(Field... more) {
        List<Field> all = new ArrayList<>(fields);
        all.addAll(List.of(more));
        return new ObjectSchema(all, forbidExtras);
    }

    /**
     * The same fields, with every undeclared field answered {@code extra_forbidden} at its own
     * location, after the declared fields' faults (pydantic's {@code extra="forbid"}).
     */
    public ObjectSchema forbiddingExtras() {
        return new ObjectSchema(fields, true);
    }

    /** A field that must be present; {@code null} is checked against its rule like any other value. */
    public static Field required(String name, Rule rule) {
        return new Field(name, rule, true);
    }

    /** A field that may be absent or {@code null}. */
    public static Field optional(String name, Rule rule) {
        return new Field(name, rule, false);
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isObject()) {
            errors.add(Violations.modelAttributesType(loc, value));
            return null;
        }
        int before = errors.size();
        ObjectNode accepted = JsonNodeFactory.instance.objectNode();
        for (Field field : fields) {
            field.read(value, loc, errors, accepted);
        }
        if (forbidExtras) {
            for (String name : value.propertyNames()) {
                if (fields.stream().noneMatch(field -> field.name().equals(name))) {
                    errors.add(Violations.extraForbidden(loc.field(name), value.get(name)));
                }
            }
        }
        return errors.size() == before ? accepted : null;
    }

    /** One declared field of an object. */
    public record Field(String name, Rule rule, boolean required) {

        void read(JsonNode object, Loc loc, List<ErrorDetail> errors, ObjectNode accepted) {
            JsonNode value = object.get(name);
            Loc at = loc.field(name);
            if (value == null || value.isMissingNode()) {
                if (required) {
                    errors.add(Violations.missing(at, object));
                }
                return;
            }
            if (value.isNull() && !required) {
                accepted.putNull(name);
                return;
            }
            JsonNode coerced = rule.apply(value, at, errors);
            if (coerced != null) {
                accepted.set(name, coerced);
            }
        }
    }
}
