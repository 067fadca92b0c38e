package io.engagement.gateway.live;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The gateway's live operations in its own document, at the paths clients call: the ticket is
 * answered by a forward from its route, and the agents' WebSocket is proxied, so neither is a
 * controller springdoc would find there.
 */
@Configuration(proxyBeanMethods = false)
class LiveApiDocs {

    @Bean
    OpenApiCustomizer liveOperations() {
        return openApi -> {
            ObjectSchema ticket = new ObjectSchema();
            ticket.addProperty("ticket", new StringSchema());
            ticket.addProperty("expires_at", new StringSchema().format("date-time"));
            ObjectSchema request = new ObjectSchema();
            request.addProperty("agent_email", new StringSchema().format("email"));
            request.addRequiredItem("agent_email");
            openApi.path("/external/v1/live/tickets", new PathItem().post(new Operation()
                    .operationId("issueLiveTicket")
                    .summary("A single-use ticket (60 s) that opens one agent live connection")
                    .requestBody(new RequestBody().required(true).content(json(request)))
                    .responses(new ApiResponses().addApiResponse("201", new ApiResponse().description("The ticket").content(json(ticket))))));
            openApi.path("/widget/v1/live/tickets", new PathItem().post(new Operation()
                    .operationId("issueVisitorLiveTicket")
                    .summary("A single-use ticket (60 s) that opens the visitor's live connection, for its visitor token")
                    .addParametersItem(new Parameter().in("header").name("X-Visitor-Token").required(true).schema(new StringSchema()))
                    .responses(new ApiResponses()
                            .addApiResponse("201", new ApiResponse().description("The ticket").content(json(ticket)))
                            .addApiResponse("401", new ApiResponse().description("A missing, unknown or revoked visitor token")))));
            openApi.path("/external/v1/live", new PathItem().get(new Operation()
                    .operationId("agentLive")
                    .summary("An agent's live connection (WebSocket): every conversation event of the organization")
                    .addParametersItem(new Parameter().in("query").name("ticket").required(true).schema(new StringSchema()))
                    .responses(new ApiResponses()
                            .addApiResponse("101", new ApiResponse().description("Switching protocols to WebSocket"))
                            .addApiResponse("401", new ApiResponse().description("A missing, unknown, used or expired ticket")))));
        };
    }

    private static Content json(io.swagger.v3.oas.models.media.Schema<?> schema) {
        return new Content().addMediaType("application/json", new MediaType().schema(schema));
    }
}
