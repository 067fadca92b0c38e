package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;

import java.util.List;

/**
 * One value's expected shape. A rule returns the accepted value, coerced as pydantic's lax mode
 * would ({@code "5"} for an integer becomes {@code 5}), or {@code null} after adding its fault.
 */
@FunctionalInterface
public interface Rule {

    JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors);
}
