package io.engagement.customer.directory;

import io.engagement.customer.activity.CustomerActivity;
import io.engagement.customer.company.CompanyDirectory;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * Creates customers all or none: every company reference is resolved and every e-mail checked
 * before anything is written.
 */
@Component
class CustomerRegistration {

    private static final String SEQUENCE = "customers";

    private final CustomerStore store;
    private final CompanyDirectory companies;
    private final IdSequences ids;
    private final CustomerActivity activity;
    private final CustomerListing listing;

    CustomerRegistration(CustomerStore store, CompanyDirectory companies, IdSequences ids, CustomerActivity activity,
                         CustomerListing listing) {
        this.store = store;
        this.listing = listing;
        this.companies = companies;
        this.ids = ids;
        this.activity = activity;
    }

    /**
     * @param locOf where element {@code i} sits in the request body, for 422s on its company
     */
    Mono<List<StoredCustomer>> register(long organizationId, List<NewCustomer> customers, IntFunction<Loc> locOf) {
        // both reads at once; an unknown company (422) still wins over a taken e-mail (409)
        return Mono.zip(resolveCompanies(organizationId, customers, locOf), takenEmail(organizationId, customers))
                .flatMap(checked -> checked.getT2().isPresent()
                        ? Mono.error(emailTaken(checked.getT2().get()))
                        : write(organizationId, customers, checked.getT1()))
                .onErrorMap(DuplicateKeyException.class, duplicate -> emailTaken(null))
                .flatMap(written -> withParkedSessions(organizationId, written));
    }

    /** Sessions seen before their customer existed become the new customers' latest. */
    private Mono<List<StoredCustomer>> withParkedSessions(long organizationId, List<Customer> written) {
        List<CustomerActivity.NewlyCreated> created = written.stream()
                .map(customer -> new CustomerActivity.NewlyCreated(customer.id(), CustomerStore.emailKey(customer.email())))
                .toList();
        return activity.takeOverParked(organizationId, created)
                .map(sessions -> written.stream()
                        .map(customer -> new StoredCustomer(customer, sessions.get(customer.id())))
                        .toList());
    }

    /** Each customer's company id by index; a 422 for every public id the organization does not have. */
    private Mono<Map<Integer, Long>> resolveCompanies(long organizationId, List<NewCustomer> customers, IntFunction<Loc> locOf) {
        return companiesNamed(organizationId, customers).map(found -> {
            List<ErrorDetail> unknown = unknownCompanies(customers, found, locOf);
            if (!unknown.isEmpty()) {
                throw new RequestValidationException(unknown);
            }
            Map<Integer, Long> byIndex = new HashMap<>();
            for (int i = 0; i < customers.size(); i++) {
                String companyId = customers.get(i).companyId();
                if (companyId != null) {
                    byIndex.put(i, found.get(companyId));
                }
            }
            return byIndex;
        });
    }

    /**
     * A fault for every company id the organization does not have, for a request whose other faults
     * are being reported: {@code customers} may hold {@code null} for an element too broken to read.
     */
    Mono<List<ErrorDetail>> unknownCompanies(long organizationId, List<NewCustomer> customers, IntFunction<Loc> locOf) {
        return companiesNamed(organizationId, customers).map(found -> unknownCompanies(customers, found, locOf));
    }

    private Mono<Map<String, Long>> companiesNamed(long organizationId, List<NewCustomer> customers) {
        List<String> named = customers.stream().filter(Objects::nonNull).map(NewCustomer::companyId).filter(Objects::nonNull)
                .distinct().toList();
        return companies.idsOf(organizationId, named);
    }

    private static List<ErrorDetail> unknownCompanies(List<NewCustomer> customers, Map<String, Long> found, IntFunction<Loc> locOf) {
        List<ErrorDetail> unknown = new ArrayList<>();
        for (int i = 0; i < customers.size(); i++) {
            String companyId = customers.get(i) == null ? null : customers.get(i).companyId();
            if (companyId != null && !found.containsKey(companyId)) {
                unknown.add(Violations.valueError(locOf.apply(i).field("company_id"), companyId, "company not found"));
            }
        }
        return unknown;
    }

    /** An e-mail the request names twice or a customer of the organization already has; empty when all are free. */
    private Mono<Optional<String>> takenEmail(long organizationId, List<NewCustomer> customers) {
        Set<String> seen = new HashSet<>();
        for (NewCustomer customer : customers) {
            if (!seen.add(CustomerStore.emailKey(customer.email()))) {
                return Mono.just(Optional.of(customer.email()));
            }
        }
        return store.findAnyByEmail(organizationId, customers.stream().map(NewCustomer::email).toList())
                .map(taken -> Optional.of(taken.customer().email()))
                .defaultIfEmpty(Optional.empty());
    }

    private Mono<List<Customer>> write(long organizationId, List<NewCustomer> customers, Map<Integer, Long> companyIds) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return Mono.zip(ids.nextBlock(SEQUENCE, customers.size()), listing.reserve(organizationId, customers.size(), now))
                .flatMap(reserved -> store.insertAll(organizationId, IntStream.range(0, customers.size())
                        .mapToObj(i -> customer(reserved.getT1() + i, organizationId, customers.get(i), companyIds.get(i),
                                reserved.getT2().timeCreated()))
                        .toList(), reserved.getT2().firstOrdinal()));
    }

    private static Customer customer(long id, long organizationId, NewCustomer customer, Long companyId, Instant now) {
        return new Customer(id, IdSequences.publicId(), customer.name(), customer.email(), customer.whatsappNumber(),
                customer.source(), customer.ip(), customer.city(), customer.country(), customer.location(),
                customer.latitude(), customer.longitude(), customer.activeOrDefault(), organizationId, companyId, now, now);
    }

    private static ApiException emailTaken(String email) {
        return ApiException.conflict(Objects.isNull(email)
                ? "A customer with this email already exists"
                : "A customer with email '" + email + "' already exists");
    }
}
