package io.engagement.customer.company;

import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

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
    private final EntityOutbox<CompanyCreated> events;
    private final IdSequences ids;
    private final JsonBodyReader bodies;

    CompanyResource(CompanyStore store, EntityOutbox<CompanyCreated> events, IdSequences ids, JsonBodyReader bodies) {
        this.store = store;
        this.events = events;
        this.ids = ids;
        this.bodies = bodies;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Company> create(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.read(exchange, NewCompany.SCHEMA, NewCompany.class)
                .flatMap(company -> create(organizationId, List.of(company)))
                .map(created -> created.get(0));
    }

    @PostMapping("/bulk")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<CreatedCompanies> createAll(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.read(exchange, NewCompanies.SCHEMA, NewCompanies.class)
                .flatMap(request -> create(organizationId, request.companies()))
                .map(created -> new CreatedCompanies(created.size(), created));
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
                        .mapToObj(i -> CompanyStore.toDocument(company(firstId + i, organizationId, companies.get(i), now)))
                        .toList())
                .flatMap(store::insertAll)
                .doOnNext(events::publish)
                .map(written -> written.stream().map(CompanyStore::fromDocument).toList());
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
