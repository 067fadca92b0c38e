package io.engagement.platform.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/**
 * One entry of a 422 {@code detail} list, shaped like a pydantic v2 error as FastAPI renders it.
 *
 * @param loc   where the fault is: {@code body}, {@code query}, {@code path} or {@code header} first,
 *              then field names and integer array indexes
 * @param msg   the human-readable message pydantic would give
 * @param type  the pydantic error type ({@code missing}, {@code int_parsing}, ...)
 * @param input the value that was supplied ({@code null} when it was absent)
 * @param ctx   the constraint that failed, when pydantic names one ({@code {"ge": 1}})
 */
@JsonPropertyOrder({"type", "loc", "msg", "input", "ctx"})
public record ErrorDetail(
        List<Object> loc,
        String msg,
        String type,
        @JsonInclude(JsonInclude.Include.ALWAYS) Object input,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> ctx) {

    public ErrorDetail {
        loc = List.copyOf(loc);
        ctx = ctx == null ? null : Map.copyOf(ctx);
    }

    public ErrorDetail(List<Object> loc, String msg, String type, Object input) {
        this(loc, msg, type, input, null);
    }
}
