package io.engagement.platform.error;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * A failure answered with {@code {"detail": "..."}} and a chosen status (401, 403, 404, 409, 429, 503),
 * or, for the SMS endpoints, with {@code {"error": "..."}} ({@link #error}).
 * Throw the factory methods' results; never write the body by hand.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final transient HttpHeaders headers;
    private final boolean errorShape;

    public ApiException(HttpStatus status, String detail, HttpHeaders headers) {
        this(status, detail, headers, false);
    }

    private ApiException(HttpStatus status, String detail, HttpHeaders headers, boolean errorShape) {
        super(detail, null, false, false);
        this.status = status;
        this.headers = headers == null ? HttpHeaders.EMPTY : HttpHeaders.readOnlyHttpHeaders(headers);
        this.errorShape = errorShape;
    }

    /** A failure the contract answers as {@code {"error": "..."}}: the SMS wallet (402) and provider (502, 503). */
    public static ApiException error(HttpStatus status, String error) {
        return new ApiException(status, error, null, true);
    }

    public ApiException(HttpStatus status, String detail) {
        this(status, detail, null);
    }

    public static ApiException unauthorized(String detail) {
        return new ApiException(HttpStatus.UNAUTHORIZED, detail);
    }

    /** 403 for a key of a kind the operation does not take. */
    public static ApiException keyKindRefused(String kindWireName) {
        return forbidden("A " + kindWireName + " key cannot be used for this operation");
    }

    public static ApiException forbidden(String detail) {
        return new ApiException(HttpStatus.FORBIDDEN, detail);
    }

    /** 404 with the contract's wording, for a missing id and another organization's id alike. */
    public static ApiException notFound(String what) {
        return new ApiException(HttpStatus.NOT_FOUND, what + " not found");
    }

    public static ApiException conflict(String detail) {
        return new ApiException(HttpStatus.CONFLICT, detail);
    }

    public static ApiException unavailable(String detail) {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, detail);
    }

    public HttpStatus status() {
        return status;
    }

    public String detail() {
        return getMessage();
    }

    /** {@code true} when the body is {@code {"error": ...}} instead of {@code {"detail": ...}}. */
    public boolean errorShape() {
        return errorShape;
    }

    public HttpHeaders headers() {
        return headers;
    }
}
