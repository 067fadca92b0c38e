package io.engagement.gateway.apidocs;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** The one OpenAPI document of the suite, open to anyone like the contract it describes. */
@RestController
@Hidden
class ApiDocsResource {

    private final ServiceDocuments documents;
    private final PublicRoutes routes;

    ApiDocsResource(ServiceDocuments documents, PublicRoutes routes) {
        this.documents = documents;
        this.routes = routes;
    }

    @GetMapping(path = "/v3/api-docs", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<JsonNode> document() {
        return documents.current().map(current -> {
            List<String> unavailable = new ArrayList<>();
            documents.sourceNames().forEach(name -> {
                if (!current.containsKey(name)) {
                    unavailable.add(name);
                }
            });
            return ContractDocument.merge(current, routes, unavailable);
        });
    }
}
