package io.engagement.customer.customer;

import io.engagement.customer.company.CompanyDirectory;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.ParamReader;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The customer operations of the contract. */
@RestController
class CustomerResource {

    private final CustomerStore store;
    private final CompanyDirectory companies;

    CustomerResource(CustomerStore store, CompanyDirectory companies) {
        this.store = store;
        this.companies = companies;
    }

    @EventListener(ApplicationReadyEvent.class)
    void createIndexes() {
        store.createIndexes().block();
    }

    @GetMapping("/external/v1/customers")
    Mono<PageEnvelope<Customer>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        CustomerQuery query = CustomerQuery.from(ParamReader.query(exchange));
        return companyFilter(organizationId, query)
                .flatMap(companyId -> Mono.zip(
                        store.count(organizationId, query, companyId),
                        store.page(organizationId, query, companyId).collectList()))
                .flatMap(countAndPage -> withCompanyNames(organizationId, countAndPage.getT2())
                        .map(rows -> PageEnvelope.of(rows, countAndPage.getT1(), query.page())))
                .switchIfEmpty(Mono.fromSupplier(() -> PageEnvelope.of(List.of(), 0, query.page())));
    }

    /** The filter's company id; empty when the client names a company the organization does not have. */
    private Mono<Long> companyFilter(long organizationId, CustomerQuery query) {
        return query.companyId()
                .map(publicId -> companies.idOf(organizationId, publicId))
                .orElse(Mono.just(-1L));
    }

    private Mono<List<Customer>> withCompanyNames(long organizationId, List<Customer> page) {
        List<Long> companyIds = page.stream().map(Customer::companyId).filter(Objects::nonNull).distinct().toList();
        return companies.namesOf(organizationId, companyIds)
                .map(names -> page.stream().map(customer -> named(customer, names)).toList());
    }

    private static Customer named(Customer customer, Map<Long, String> names) {
        return customer.companyId() == null ? customer : customer.withCompanyName(names.get(customer.companyId()));
    }
}
