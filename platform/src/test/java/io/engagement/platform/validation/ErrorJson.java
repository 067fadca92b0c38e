package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Compares errors by their JSON wire form, so loc, msg, type, input and ctx are all checked exactly. */
public final class ErrorJson {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private ErrorJson() {
    }

    public static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    public static JsonNode wire(Object value) {
        return JSON.readTree(JSON.writeValueAsString(value));
    }

    public static void assertErrors(List<ErrorDetail> errors, String expectedJson) {
        assertThat(wire(errors)).isEqualTo(json(expectedJson));
    }

    /** Applies a rule at {@code ["body"]} and returns the faults it found. */
    public static List<ErrorDetail> faults(Rule rule, String bodyJson) {
        List<ErrorDetail> errors = new ArrayList<>();
        rule.apply(json(bodyJson), Loc.body(), errors);
        return errors;
    }

    public static List<ErrorDetail> errorsOf(Runnable action) {
        RequestValidationException failure = catchThrowableOfType(RequestValidationException.class, action::run);
        assertThat(failure).as("a RequestValidationException").isNotNull();
        return failure.errors();
    }
}
