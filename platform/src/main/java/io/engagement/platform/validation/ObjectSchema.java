package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON object's declared fields. Unknown fields are dropped, as pydantic ignores them, unless
 * the schema {@linkplain #forbiddingExtra() forbids them}; every field is checked, so one answer
 * lists every fault.
 */
public final class ObjectSchema implements Rule {

    private final List<Field> fields;
    private final List<Check> checks;
    private final boolean extraForbidden;

    private ObjectSchema(List<Field> fields, List<Check> checks, boolean extraForbidden) {
        this.fields = List.copyOf(fields);
        this.checks = List.copyOf(checks);
        this.extraForbidden = extraForbidden;
    }

    public static ObjectSchema of(Field... fields) {
        return new ObjectSchema(List.of(fields), List.of(), false);
    }

    /** This schema's fields and then {@code more}. */
    public ObjectSchema and(Field... more) {
        List<Field> all = new ArrayList<>(fields);
        all.addAll(List.of(more));
        return new ObjectSchema(all, checks, extraForbidden);
    }

    /**
     * This schema, answering every undeclared field with {@code extra_forbidden}, as a pydantic
     * model with {@code extra="forbid"} does.
     */
    public ObjectSchema forbiddingExtra() {
        return new ObjectSchema(fields, checks, true);
    }

    /**
     * This schema with a check across fields, run after the fields' own rules on the values they
     * accepted: like a pydantic field validator reading {@code info.data}, it sees only the fields
     * that are valid, so it runs, and reports, alongside the faults of the others.
     */
    public ObjectSchema checking(Check check) {
        List<Check> all = new ArrayList<>(checks);
        all.add(check);
        return new ObjectSchema(fields, all, extraForbidden);
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
        int before = errors.size();
        ObjectNode accepted = acceptedFields(value, loc, errors);
        return errors.size() == before ? accepted : null;
    }

    /**
     * The fields of {@code value} that passed their rules, coerced, even when others did not (their
     * faults are added to {@code errors}); {@code null} when {@code value} is no object at all.
     */
    ObjectNode acceptedFields(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isObject()) {
            errors.add(Violations.modelAttributesType(loc, value));
            return null;
        }
        ObjectNode accepted = JsonNodeFactory.instance.objectNode();
        for (Field field : fields) {
            field.read(value, loc, errors, accepted);
        }
        for (Check check : checks) {
            check.apply(value, accepted, loc, errors);
        }
        if (extraForbidden) {
            value.properties().forEach(property -> {
                if (fields.stream().noneMatch(field -> field.name().equals(property.getKey()))) {
                    errors.add(Violations.extraForbidden(loc.field(property.getKey()), property.getValue()));
                }
            });
        }
        return accepted;
    }

    /** A check across an object's fields; it adds a fault for each field it finds wrong. */
    @FunctionalInterface
    public interface Check {

        /**
         * @param input    the object as the client sent it, for a fault's {@code input}
         * @param accepted the fields that passed their own rules, coerced; the others are absent
         * @param loc      where the object sits, so a fault names {@code loc.field(name)}
         */
        void apply(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors);
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
