package io.engagement.platform.error;

import java.util.List;

/** A request that broke its declared shape; answered with 422 and every fault found. */
public class RequestValidationException extends RuntimeException {

    private final transient List<ErrorDetail> errors;

    public RequestValidationException(List<ErrorDetail> errors) {
        super("request validation failed: " + errors.size() + " error(s)", null, false, false);
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a validation failure needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    public RequestValidationException(ErrorDetail error) {
        this(List.of(error));
    }

    public List<ErrorDetail> errors() {
        return errors;
    }
}
