package io.engagement.gateway.apidocs;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ContractDocumentTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PublicRoutes routes = new PublicRoutes(List.of(
            PublicRoute.of("customers", List.of("/external/v1/customers", "/external/v1/customers/**",
                    "/external/v1/external/v1/customers", "/external/v1/external/v1/customers/**"), Set.of("data"), true),
            PublicRoute.of("analytics", List.of("/external/v1/page-collections/**"), Set.of("data"), false),
            PublicRoute.of("sdk", List.of("/sdk/**"), Set.of("none"), false)));

    @Test
    void pathsOfADoubledPrefixRouteAppearUnderBothPrefixesWithDistinctOperationIds() {
        ObjectNode merged = ContractDocument.merge(Map.of("customer", document("""
                {"paths": {"/external/v1/customers": {"post": {"operationId": "create", "responses": {"201": {"description": "Created"}}}}}}
                """)), routes, List.of());

        assertThat(merged.at("/paths/~1external~1v1~1customers/post/operationId").asString()).isEqualTo("customer_create");
        assertThat(merged.at("/paths/~1external~1v1~1external~1v1~1customers/post/operationId").asString())
                .isEqualTo("customer_create_doubled_prefix");
        assertThat(merged.at("/paths/~1external~1v1~1external~1v1~1customers/post/responses/201/description").asString()).isEqualTo("Created");
    }

    @Test
    void anOperationWhoseMethodHasARouteOfItsOwnIsDescribedWithThatRoutesKeys() {
        PublicRoutes split = new PublicRoutes(List.of(
                PublicRoute.of("tickets-widget", List.of("/external/v1/tickets"), Set.of("data", "public"), false, Set.of("post")),
                PublicRoute.of("tickets", List.of("/external/v1/tickets", "/external/v1/tickets/**"), Set.of("data"), false)));

        ObjectNode merged = ContractDocument.merge(Map.of("customer", document("""
                {"paths": {"/external/v1/tickets": {"post": {}, "get": {}}}}
                """)), split, List.of());

        JsonNode post = merged.at("/paths/~1external~1v1~1tickets/post/security");
        JsonNode get = merged.at("/paths/~1external~1v1~1tickets/get/security");
        assertThat(post.valueStream().flatMap(scheme -> scheme.propertyNames().stream()).toList()).contains("ApiKey", "PublicKey");
        assertThat(get.valueStream().flatMap(scheme -> scheme.propertyNames().stream()).toList()).containsExactly("ApiKey", "Session");
    }

    @Test
    void pathsNoRouteForwardsAreLeftOut() {
        ObjectNode merged = ContractDocument.merge(Map.of("analytics", document("""
                {"paths": {"/internal/v1/replay": {"get": {}}, "/fallback/{service}": {"get": {}},
                           "/external/v1/page-collections/{collection_id}": {"get": {}}}}
                """)), routes, List.of());

        assertThat(merged.get("paths").propertyNames()).containsExactly("/external/v1/page-collections/{collection_id}");
    }

    @Test
    void aCaptureAllVariableBecomesAPlainPathParameter() {
        ObjectNode merged = ContractDocument.merge(Map.of("analytics", document("""
                {"paths": {"/external/v1/page-collections/{collection_id}/patterns/{*url_pattern}": {"delete": {}}}}
                """)), routes, List.of());

        assertThat(merged.get("paths").propertyNames()).containsExactly("/external/v1/page-collections/{collection_id}/patterns/{url_pattern}");
    }

    @Test
    void keyedOperationsReferenceTheContractsErrorAnswersAndKeepTheirOwn() {
        ObjectNode merged = ContractDocument.merge(Map.of("customer", document("""
                {"paths": {"/external/v1/customers/{customer_id}": {"get": {"responses": {"404": {"description": "own"}}}}}}
                """)), routes, List.of());

        JsonNode responses = merged.at("/paths/~1external~1v1~1customers~1{customer_id}/get/responses");
        assertThat(responses.at("/404/description").asString()).isEqualTo("own");
        assertThat(responses.at("/401/$ref").asString()).isEqualTo("#/components/responses/Unauthorized");
        assertThat(responses.at("/422/$ref").asString()).isEqualTo("#/components/responses/ValidationFailed");
        assertThat(responses.at("/503/$ref").asString()).isEqualTo("#/components/responses/ServiceUnavailable");
        assertThat(merged.at("/paths/~1external~1v1~1customers~1{customer_id}/get/security/0/ApiKey").isArray()).isTrue();
        assertThat(merged.at("/components/responses/Unauthorized/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/ErrorDetail");
    }

    @Test
    void aPublicOperationAsksForNoKeyAndAnswersNoKeyErrors() {
        ObjectNode merged = ContractDocument.merge(Map.of("analytics", document("""
                {"paths": {"/sdk/engagement.js": {"get": {}}}}
                """)), routes, List.of());

        JsonNode operation = merged.at("/paths/~1sdk~1engagement.js/get");
        assertThat(operation.get("security").isEmpty()).isTrue();
        assertThat(operation.get("responses").propertyNames()).containsExactly("503");
    }

    @Test
    void theGatewaysOwnAdminOperationsAskForTheAdminToken() {
        ObjectNode merged = ContractDocument.merge(Map.of(ServiceDocuments.GATEWAY, document("""
                {"paths": {"/admin/v1/organizations": {"post": {}}, "/v3/api-docs": {"get": {}}}}
                """)), routes, List.of());

        assertThat(merged.get("paths").propertyNames()).containsExactly("/admin/v1/organizations");
        assertThat(merged.at("/paths/~1admin~1v1~1organizations/post/security/0/AdminToken").isArray()).isTrue();
    }

    @Test
    void aServiceWhoseDocumentCouldNotBeReadIsNamedAndTheRestIsServed() {
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        documents.put("customer", document("""
                {"paths": {"/external/v1/customers": {"get": {}}}, "components": {"schemas": {"Customer": {"type": "object"}}}}
                """));
        ObjectNode merged = ContractDocument.merge(documents, routes, List.of("messaging"));

        assertThat(merged.at("/x-unavailable-services/0").asString()).isEqualTo("messaging");
        assertThat(merged.at("/paths/~1external~1v1~1customers/get").isObject()).isTrue();
        assertThat(merged.at("/components/schemas/Customer/type").asString()).isEqualTo("object");
        assertThat(merged.at("/components/schemas/HTTPValidationError/properties/detail/type").asString()).isEqualTo("array");
    }

    private static JsonNode document(String json) {
        return JSON.readTree(json);
    }
}
