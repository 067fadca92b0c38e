package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * A body checked against its schema whose faults are still open for the checks only stored data can
 * make (a tag against the organization's tags, a company id against its companies): one answer
 * then lists the faults of both, as the contract's "one entry per fault" asks, instead of the
 * stored checks' faults coming only after the schema's are fixed.
 *
 * <p>{@link #partial} binds the fields that passed the schema (the others are {@code null}), so a
 * stored check reads only values of the right shape, as a pydantic validator sees only valid fields.
 * {@link #bind} answers the whole body, or the 422 with every fault found.
 */
public final class CheckedBody {

    private final ObjectMapper json;
    private final ObjectNode accepted;
    private final List<ErrorDetail> faults;

    CheckedBody(ObjectMapper json, ObjectNode accepted, List<ErrorDetail> faults) {
        this.json = json;
        this.accepted = accepted == null ? JsonNodeFactory.instance.objectNode() : accepted;
        this.faults = new ArrayList<>(faults);
    }

    /**
     * The fields that passed the schema, bound to {@code type}; a field that did not is {@code null},
     * or a primitive's zero.
     */
    public <T> T partial(Class<T> type) {
        return json.readerFor(type).without(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).readValue(accepted);
    }

    /** The fields that passed the schema, as {@link ObjectSchema} coerced them. */
    public JsonNode acceptedFields() {
        return accepted;
    }

    /** This body with the faults a stored check found added. */
    public CheckedBody withFaults(Collection<ErrorDetail> found) {
        faults.addAll(found);
        return this;
    }

    public boolean isValid() {
        return faults.isEmpty();
    }

    /** The 422 of the faults found so far; there must be one. */
    public RequestValidationException failure() {
        return new RequestValidationException(faults);
    }

    /** The whole body bound to {@code type}, or a 422 with every fault of the schema and of the stored checks. */
    public <T> T bind(Class<T> type) {
        return bind(accepted -> json.treeToValue(accepted, type));
    }

    /** The whole body made into a value by {@code reader}, or a 422 with every fault. */
    public <T> T bind(Function<JsonNode, T> reader) {
        if (!faults.isEmpty()) {
            throw failure();
        }
        return reader.apply(accepted);
    }
}
