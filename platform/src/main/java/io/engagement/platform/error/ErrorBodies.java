package io.engagement.platform.error;

import java.util.List;
import java.util.Map;

/** The error bodies of the contract. The only place they are built. */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    public static Map<String, Object> detail(String detail) {
        return Map.of("detail", detail);
    }

    /** The SMS endpoints' failure body. */
    public static Map<String, Object> error(String error) {
        return Map.of("error", error);
    }

    public static Map<String, Object> validation(List<ErrorDetail> errors) {
        return Map.of("detail", errors);
    }
}
