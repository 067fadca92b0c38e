package io.engagement.customer.conversation;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The visitors' live connection in the service's document: a WebSocket handler, which springdoc does not find by itself. */
@Configuration(proxyBeanMethods = false)
class LiveApiDocs {

    @Bean
    OpenApiCustomizer visitorLive() {
        return openApi -> openApi.path("/widget/v1/live", new PathItem().get(new Operation()
                .operationId("visitorLive")
                .summary("A visitor's live connection (WebSocket): the events of its own conversations, never a private note")
                .addParametersItem(new Parameter().in("query").name("ticket").required(false)
                        .description("A single-use live ticket from POST /widget/v1/live/tickets; keeps the visitor token out of the URL")
                        .schema(new StringSchema()))
                .addParametersItem(new Parameter().in("query").name("visitor_token").required(false)
                        .description("The visitor token itself, where no ticket is given").schema(new StringSchema()))
                .responses(new ApiResponses()
                        .addApiResponse("101", new ApiResponse().description("Switching protocols to WebSocket"))
                        .addApiResponse("401", new ApiResponse().description("A missing or unknown public key, ticket or visitor token")))));
    }
}
