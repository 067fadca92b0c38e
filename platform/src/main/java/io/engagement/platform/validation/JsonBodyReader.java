package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import org.springframework.core.io.buffer.DataBufferUtils;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.web.DataBuffers;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a request body, checks it against a schema and binds it to a record: the one way
 * handlers take a body, so every service answers bad JSON and bad fields alike.
 */
public final class JsonBodyReader {

    private final ObjectMapper json;
    private final int maxBytes;

    public JsonBodyReader(ObjectMapper json, int maxBytes) {
        this.json = json;
        this.maxBytes = maxBytes;
    }

    /** The body checked against {@code schema} and bound to {@code type}, or a 422 with every fault. */
    public <T> Mono<T> read(ServerWebExchange exchange, Rule schema, Class<T> type) {
        return readTree(exchange).map(tree -> bind(tree, schema, type));
    }

    /** A body already read, checked against {@code schema} and bound to {@code type}, or a 422 with every fault. */
    public <T> T bind(JsonNode tree, Rule schema, Class<T> type) {
        return json.treeToValue(validate(tree, schema), type);
    }

    /** The body as a JSON tree, without a schema; 422 {@code json_invalid} when it is not JSON. */
    public Mono<JsonNode> readTree(ServerWebExchange exchange) {
        requireJsonContentType(exchange);
        return parseBody(exchange);
    }

    /**
     * Like {@link #readTree}, but also takes {@code text/plain}: what {@code navigator.sendBeacon}
     * sends for a string, and the one type a browser posts cross-origin without a preflight; and a
     * gzip-compressed body ({@link GzipBody}), its size limit counted on what it inflates to.
     */
    public Mono<JsonNode> readTreeFromBrowser(ServerWebExchange exchange) {
        MediaType contentType = contentType(exchange);
        if (contentType == null || !MediaType.TEXT_PLAIN.isCompatibleWith(contentType)) {
            requireJsonContentType(exchange);
        }
        if (!GzipBody.marked(exchange)) {
            return parseBody(exchange);
        }
        return readBytes(exchange)
                .map(compressed -> parse(GzipBody.inflate(compressed, maxBytes)))
                .switchIfEmpty(Mono.error(() -> new RequestValidationException(Violations.missing(Loc.body(), null))));
    }

    private Mono<JsonNode> parseBody(ServerWebExchange exchange) {
        return readBytes(exchange)
                .map(this::parse)
                .switchIfEmpty(Mono.error(() -> new RequestValidationException(Violations.missing(Loc.body(), null))));
    }

    /**
     * The body's bytes as they came, for a caller that must see them unparsed (a signed webhook);
     * empty for no body, 413 over the size limit.
     */
    public Mono<byte[]> readBytes(ServerWebExchange exchange) {
        // refused before reading, so an oversized body is never half-consumed
        if (exchange.getRequest().getHeaders().getContentLength() > maxBytes) {
            return Mono.error(new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Request body is larger than " + maxBytes + " bytes"));
        }
        return DataBufferUtils.join(exchange.getRequest().getBody(), maxBytes).map(DataBuffers::bytesOf);
    }

    /**
     * The body checked against {@code schema}, its faults kept open for checks against stored data
     * ({@link CheckedBody}), where {@link #validate} answers the schema's faults at once.
     */
    public CheckedBody check(JsonNode tree, ObjectSchema schema) {
        List<ErrorDetail> errors = new ArrayList<>();
        return new CheckedBody(json, schema.acceptedFields(tree, Loc.body(), errors), errors);
    }

    public JsonNode validate(JsonNode tree, Rule schema) {
        List<ErrorDetail> errors = new ArrayList<>();
        JsonNode accepted = schema.apply(tree, Loc.body(), errors);
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
        return accepted;
    }

    private JsonNode parse(byte[] bytes) {
        try {
            JsonNode tree = json.readTree(bytes);
            // an empty or whitespace-only body reads as no value at all
            if (tree == null || tree.isMissingNode()) {
                throw new RequestValidationException(Violations.missing(Loc.body(), null));
            }
            return tree;
        } catch (JacksonException malformed) {
            throw new RequestValidationException(Violations.jsonInvalid(malformed.getOriginalMessage()));
        }
    }

    private static void requireJsonContentType(ServerWebExchange exchange) {
        MediaType contentType = contentType(exchange);
        // a request without a Content-Type is read as JSON; any other type is refused, as the contract says
        if (contentType == null || MediaType.APPLICATION_JSON.isCompatibleWith(contentType)
                || contentType.getSubtype().endsWith("+json")) {
            return;
        }
        throw new RequestValidationException(
                Violations.jsonInvalid("Content-Type must be application/json, not " + contentType));
    }

    private static MediaType contentType(ServerWebExchange exchange) {
        try {
            return exchange.getRequest().getHeaders().getContentType();
        } catch (InvalidMediaTypeException malformed) {
            throw new RequestValidationException(Violations.jsonInvalid("Content-Type is not a media type"));
        }
    }
}
