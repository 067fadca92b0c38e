package io.engagement.customer.directory;

import io.engagement.customer.activity.CustomerActivity;
import io.engagement.customer.activity.SegmentRule;
import io.engagement.customer.company.CompanyDirectory;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.validation.CheckedBody;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;

/** The customer operations of the contract. */
@RestController
@RequestMapping("/external/v1/customers")
class CustomerResource {

    private final CustomerStore store;
    private final CustomerRegistration registration;
    private final CustomerErasure erasure;
    private final CompanyDirectory companies;
    private final CustomerActivity activity;
    private final JsonBodyReader bodies;
    private final IdempotentRequests idempotent;

    private final AuditTrail audit;

    CustomerResource(CustomerStore store, CustomerRegistration registration, CustomerErasure erasure,
                     CompanyDirectory companies, CustomerActivity activity, JsonBodyReader bodies, IdempotentRequests idempotent,
                     AuditTrail audit) {
        this.audit = audit;
        this.store = store;
        this.erasure = erasure;
        this.registration = registration;
        this.companies = companies;
        this.activity = activity;
        this.bodies = bodies;
        this.idempotent = idempotent;
    }

    @GetMapping
    Mono<PageEnvelope<CustomerRow>> list(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        CustomerQuery query = CustomerQuery.from(ParamReader.query(exchange));
        if (query.companyId().isEmpty()) {
            return store.page(organizationId, query, Optional.empty()).flatMap(page -> withCompanyNames(organizationId, page));
        }
        // a company the organization does not have filters everything out
        return companies.idOf(organizationId, query.companyId().get())
                .flatMap(companyId -> store.page(organizationId, query, Optional.of(companyId)))
                .flatMap(page -> withCompanyNames(organizationId, page))
                .switchIfEmpty(Mono.fromSupplier(() -> PageEnvelope.of(List.of(), 0, query.page())));
    }

    @GetMapping("/by-email/{email}")
    Mono<CustomerDetail> byEmail(@PathVariable String email, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.findByEmail(organizationId, email)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Customer")))
                .zipWith(activity.segmentsOf(organizationId), CustomerDetail::of);
    }

    @GetMapping("/{customer_id}")
    Mono<CustomerDetail> byId(@PathVariable("customer_id") String customerId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return store.findByPublicId(organizationId, customerId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Customer")))
                .zipWith(activity.segmentsOf(organizationId), CustomerDetail::of);
    }

    /** Erases the person: 204 once this service has deleted them; the other services forget them within a minute. */
    @DeleteMapping("/{customer_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> erase(@PathVariable("customer_id") String customerId, ServerWebExchange exchange) {
        OrgContext context = OrgContext.of(exchange);
        return erasure.erase(context.organizationId(), customerId)
                .then(Mono.defer(() -> audit.record(exchange, context, "customer.erased", new AuditRecorded.Target("customer", customerId), Map.of())));
    }

    @PostMapping
    Mono<ResponseEntity<JsonNode>> create(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED,
                () -> checked(organizationId, body, NewCustomer.SCHEMA, List.of(body), i -> Loc.body())
                        .flatMap(valid -> create(organizationId, valid.bind(NewCustomer.class)))));
    }

    @PostMapping("/bulk")
    Mono<ResponseEntity<JsonNode>> createAll(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED,
                () -> checked(organizationId, body, NewCustomers.SCHEMA, body.path("customers").valueStream().toList(),
                        i -> Loc.body().field("customers").index(i))
                        .flatMap(valid -> createAll(organizationId, valid.bind(NewCustomers.class)))));
    }

    /**
     * The body when its schema holds; else the 422 of its faults and of the companies it names that
     * the organization does not have. A valid body's companies are checked as it is registered, so
     * only a body already refused pays for the extra read.
     */
    private Mono<CheckedBody> checked(long organizationId, JsonNode body, ObjectSchema schema, List<JsonNode> customers,
                                      IntFunction<Loc> locOf) {
        CheckedBody checked = bodies.check(body, schema);
        if (checked.isValid()) {
            return Mono.just(checked);
        }
        List<NewCustomer> readable = customers.stream()
                .map(customer -> customer.isObject() ? bodies.check(customer, NewCustomer.SCHEMA).partial(NewCustomer.class) : null)
                .toList();
        return registration.unknownCompanies(organizationId, readable, locOf)
                .flatMap(unknown -> Mono.error(checked.withFaults(unknown).failure()));
    }

    private Mono<CreatedCustomer> create(long organizationId, NewCustomer customer) {
        return registration.register(organizationId, List.of(customer), i -> Loc.body())
                .zipWith(activity.segmentsOf(organizationId), (created, segments) -> CreatedCustomer.of(created.get(0), segments));
    }

    private Mono<CreatedCustomers> createAll(long organizationId, NewCustomers request) {
        return registration.register(organizationId, request.customers(), i -> Loc.body().field("customers").index(i))
                .zipWith(activity.segmentsOf(organizationId), CreatedCustomers::of);
    }

    private Mono<PageEnvelope<CustomerRow>> withCompanyNames(long organizationId, PageEnvelope<StoredCustomer> page) {
        List<Long> companyIds = page.data().stream().map(stored -> stored.customer().companyId()).filter(Objects::nonNull)
                .distinct().toList();
        return companies.namesOf(organizationId, companyIds)
                .zipWith(activity.segmentsOf(organizationId), (names, segments) -> page.map(stored -> row(stored, names, segments)));
    }

    private static CustomerRow row(StoredCustomer stored, Map<Long, String> names, SegmentRule segments) {
        Customer customer = stored.customer();
        return new CustomerRow(customer, customer.companyId() == null ? null : names.get(customer.companyId()),
                segments.segmentOf(stored.latestSession()));
    }

    /** The bulk answer: how many were created, and what. */
    record CreatedCustomers(int created, List<CreatedCustomer> customers) {

        static CreatedCustomers of(List<StoredCustomer> created, SegmentRule segments) {
            return new CreatedCustomers(created.size(), created.stream().map(stored -> CreatedCustomer.of(stored, segments)).toList());
        }
    }
}
