package io.engagement.gateway.apidocs;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The contract's error bodies, keys and the statuses each operation may answer, as OpenAPI
 * components that the operations reference. The bodies are built by {@code platform} at run time;
 * this is their description.
 */
final class ErrorShapes {

    static final String VALIDATION_ERROR = "HTTPValidationError";
    static final String DETAIL_ERROR = "ErrorDetail";
    static final String SMS_ERROR = "SmsError";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> BODY_METHODS = Set.of("post", "put", "patch");
    private static final Set<String> API_KEY_KINDS = Set.of("data", "transactional", "public");

    /** The error answers that follow from what an operation's route takes, in the document's order. */
    private static final List<Answer> ANSWERS = List.of(
            new Answer("401", "Unauthorized", operation -> operation.keyed() || operation.admin() || operation.person()),
            new Answer("403", "Forbidden", operation -> operation.keyed() || operation.person()),
            new Answer("429", "TooManyRequests", Operation::keyed),
            new Answer("404", "NotFound", Operation::namesAnId),
            new Answer("413", "PayloadTooLarge", Operation::takesBody),
            new Answer("409", "Conflict", operation -> operation.takesBody() && (operation.keyed() || operation.person())),
            new Answer("422", "ValidationFailed", operation -> operation.keyed() || operation.admin() || operation.person() || operation.namesAnId()),
            new Answer("503", "ServiceUnavailable", operation -> true));

    private ErrorShapes() {
    }

    /** The security schemes, one per way of presenting a key. */
    static ObjectNode securitySchemes() {
        ObjectNode schemes = NODES.objectNode();
        schemes.set("ApiKey", apiKey("header", "x-api-key", "A data key (eng_data_...) of one organization"));
        schemes.set("TransactionalKey", apiKey("header", "X-Transactional-Key", "A transactional key (eng_tx_...) for transactional email"));
        schemes.set("PublicKey", apiKey("header", "X-Public-Key", "A public key (eng_pub_...) of the browser SDK and chat widget: telemetry, and tickets where the organization allows them"));
        schemes.set("PublicKeyQuery", apiKey("query", "public_key", "The public key as a query parameter, so navigator.sendBeacon can send telemetry"));
        schemes.set("AdminToken", apiKey("header", "X-Admin-Token", "The operator's admin token, from configuration"));
        schemes.set("Session", apiKey("cookie", "engagement_session", "A signed-in person's session (POST /auth/v1/sign-in), within"
                + " what their role allows; a POST, PUT, PATCH or DELETE also sends X-XSRF-TOKEN, the XSRF-TOKEN cookie's value"));
        return schemes;
    }

    static ObjectNode schemas() {
        ObjectNode schemas = NODES.objectNode();
        schemas.set("ValidationError", object(Map.of(
                        "loc", NODES.objectNode().put("type", "array").set("items", NODES.objectNode().set("anyOf", NODES.arrayNode()
                                .add(NODES.objectNode().put("type", "string")).add(NODES.objectNode().put("type", "integer")))),
                        "msg", NODES.objectNode().put("type", "string"),
                        "type", NODES.objectNode().put("type", "string"),
                        "input", NODES.objectNode().put("description", "the value supplied"),
                        "ctx", NODES.objectNode().put("type", "object").put("description", "the rule's parameters, for some types")),
                "loc", "msg", "type")
                .put("description", "One fault, in pydantic v2's types and messages; loc starts with body, query, path or header"));
        schemas.set(VALIDATION_ERROR, object(Map.of("detail", NODES.objectNode().put("type", "array")
                .set("items", ref("ValidationError"))), "detail")
                .put("description", "Every fault of the request at once"));
        schemas.set(DETAIL_ERROR, object(Map.of("detail", NODES.objectNode().put("type", "string")), "detail"));
        schemas.set(SMS_ERROR, object(Map.of("error", NODES.objectNode().put("type", "string")), "error"));
        return schemas;
    }

    static ObjectNode responses() {
        ObjectNode responses = NODES.objectNode();
        responses.set("ValidationFailed", response("Validation failed", VALIDATION_ERROR));
        responses.set("Unauthorized", response("Missing, unknown or revoked key", DETAIL_ERROR));
        responses.set("Forbidden", response("A key of the wrong kind for this route", DETAIL_ERROR));
        responses.set("NotFound", response("Unknown id, or another organization's", DETAIL_ERROR));
        responses.set("Conflict", response("A duplicate, or a request with the same Idempotency-Key still being processed", DETAIL_ERROR));
        responses.set("PayloadTooLarge", response("Body over the route's limit (1 MiB unless documented)", DETAIL_ERROR));
        ObjectNode limited = response("Over the rate limit; every keyed answer carries the RateLimit headers", DETAIL_ERROR);
        ObjectNode headers = limited.putObject("headers");
        headers.set("Retry-After", integerHeader("Seconds until a request may succeed"));
        headers.set("RateLimit-Limit", integerHeader("The requests the key's budget allows per period"));
        headers.set("RateLimit-Remaining", integerHeader("The requests left in the current period"));
        headers.set("RateLimit-Reset", integerHeader("Seconds until the budget is full again"));
        responses.set("TooManyRequests", limited);
        responses.set("ServiceUnavailable", response("A backing service is down or too slow", DETAIL_ERROR));
        responses.set("WalletInsufficient", response("The SMS wallet cannot cover the send", SMS_ERROR));
        responses.set("SmsProviderFailed", response("The SMS provider failed", SMS_ERROR));
        return responses;
    }

    /**
     * Adds the route's key requirement and the error answers it can give, keeping what the service
     * declared: an answer of one operation alone (a send's 402) is the service's to declare on its
     * handler, by reference to these components.
     */
    static void decorate(String path, String method, ObjectNode operation, PublicRoute route) {
        Operation facts = new Operation(path, method, route.keyKinds());
        operation.set("security", security(facts.kinds()));
        if (facts.idempotent()) {
            acceptIdempotencyKey(operation);
        }
        ObjectNode responses = operation.has("responses") ? (ObjectNode) operation.get("responses") : operation.putObject("responses");
        ANSWERS.stream().filter(answer -> answer.givenBy().test(facts) && !responses.has(answer.status()))
                .forEach(answer -> responses.set(answer.status(), NODES.objectNode().put("$ref", "#/components/responses/" + answer.response())));
    }

    /** What an operation's error answers follow from: the keys its route takes, its method, its path. */
    private record Operation(String path, String method, Set<String> kinds) {

        /** Presents a key the rate limits count (the admin token is not one of them). */
        boolean keyed() {
            return kinds.stream().anyMatch(API_KEY_KINDS::contains);
        }

        boolean admin() {
            return kinds.contains("admin");
        }

        /** Takes a signed-in person's session. */
        boolean person() {
            return kinds.contains("data") || kinds.contains(PublicRoute.SESSION);
        }

        boolean namesAnId() {
            return path.contains("{");
        }

        boolean takesBody() {
            return BODY_METHODS.contains(method);
        }

        /** The data and transactional API's POSTs take an {@code Idempotency-Key}. */
        boolean idempotent() {
            return "post".equals(method) && (kinds.contains("data") || kinds.contains("transactional"));
        }
    }

    /** An error answer and the operations that can give it. */
    private record Answer(String status, String response, Predicate<Operation> givenBy) {
    }

    private static void acceptIdempotencyKey(ObjectNode operation) {
        var parameters = operation.has("parameters") ? (ArrayNode) operation.get("parameters")
                : operation.putArray("parameters");
        parameters.add(NODES.objectNode().put("name", "Idempotency-Key").put("in", "header").put("required", false)
                .put("description", "The same key with the same body within 24 h replays the first answer and does nothing more;"
                        + " with another body it is a 422, while the first is still processing a 409")
                .set("schema", NODES.objectNode().put("type", "string").put("minLength", 1).put("maxLength", 255)));
    }

    private static ObjectNode integerHeader(String description) {
        return NODES.objectNode().put("description", description).set("schema", NODES.objectNode().put("type", "integer"));
    }

    private static JsonNode security(Set<String> kinds) {
        var requirements = NODES.arrayNode();
        if (kinds.contains("data")) {
            requirements.add(NODES.objectNode().set("ApiKey", NODES.arrayNode()));
        }
        if (kinds.contains("data") || kinds.contains(PublicRoute.SESSION)) {
            requirements.add(NODES.objectNode().set("Session", NODES.arrayNode()));
        }
        if (kinds.contains("public")) {
            requirements.add(NODES.objectNode().set("PublicKey", NODES.arrayNode()));
            requirements.add(NODES.objectNode().set("PublicKeyQuery", NODES.arrayNode()));
        }
        if (kinds.contains("transactional")) {
            requirements.add(NODES.objectNode().set("TransactionalKey", NODES.arrayNode()));
        }
        if (kinds.contains("admin")) {
            requirements.add(NODES.objectNode().set("AdminToken", NODES.arrayNode()));
        }
        return requirements;
    }

    private static ObjectNode apiKey(String in, String name, String description) {
        return NODES.objectNode().put("type", "apiKey").put("in", in).put("name", name).put("description", description);
    }

    private static ObjectNode object(Map<String, JsonNode> properties, String... required) {
        ObjectNode schema = NODES.objectNode().put("type", "object");
        ObjectNode props = schema.putObject("properties");
        properties.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(property -> props.set(property.getKey(), property.getValue()));
        var requiredNames = schema.putArray("required");
        for (String name : required) {
            requiredNames.add(name);
        }
        return schema;
    }

    private static ObjectNode response(String description, String schema) {
        ObjectNode response = NODES.objectNode().put("description", description);
        response.putObject("content").putObject("application/json").set("schema", ref(schema));
        return response;
    }

    private static ObjectNode ref(String schema) {
        return NODES.objectNode().put("$ref", "#/components/schemas/" + schema);
    }
}
