package io.engagement.customer.company;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.IntStream;

/** Companies: create one, create up to 50 at once, list. */
@RestController
@RequestMapping("/external/v1/customers/companies")
class CompanyResource {

    private static final String SEQUENCE = "companies";

    private final CompanyStore store;
    private final IdSequences ids;
    private final JsonBodyReader bodies;
    private final IdempotentRequests idempotent;

    CompanyResource(CompanyStore store, IdSequences ids, JsonBodyReader bodies, IdempotentRequests idempotent) {
        this.store = store;
        this.ids = ids;
        this.bodies = bodies;
        this.idempotent = idempotent;
    }

    @PostMapping
    Mono<ResponseEntity<JsonNode>> create(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED,
                () -> create(organizationId, List.of(bodies.bind(body, NewCompany.SCHEMA, NewCompany.class)))
                        .map(created -> created.get(0))));
    }

    @PostMapping("/bulk")
    Mono<ResponseEntity<JsonNode>> createAll(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED,
                () -> create(organizationId, bodies.bind(body, NewCompanies.SCHEMA, NewCompanies.class).companies())
                        .map(created -> new CreatedCompanies(created.size(), created))));
    }

    @GetMapping
    Mono<PageEnvelope<Company>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        CompanyQuery query = CompanyQuery.from(ParamReader.query(exchange));
        return store.page(organizationId, query);
    }

    private Mono<List<Company>> create(long organizationId, List<NewCompany> companies) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return ids.nextBlock(SEQUENCE, companies.size())
                .map(firstId -> IntStream.range(0, companies.size())
                        .mapToObj(i -> company(firstId + i, organizationId, companies.get(i), now))
                        .toList())
                .flatMap(store::insertAll);
    }

    private static Company company(long id, long organizationId, NewCompany company, Instant now) {
        return new Company(id, IdSequences.publicId(), company.companyName(), company.companyEmail(),
                company.statusOrDefault(), company.description(), company.industry(), company.website(),
                company.phone(), company.address(), organizationId, now, now);
    }

    /** The bulk answer: how many were created, and what. */
    record CreatedCompanies(int created, List<Company> companies) {
    }
}
