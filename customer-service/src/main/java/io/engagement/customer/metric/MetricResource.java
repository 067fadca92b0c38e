package io.engagement.customer.metric;

import io.engagement.customer.company.Company;
import io.engagement.customer.company.CompanyDirectory;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.idempotency.IdempotentRequests;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Metric definitions, and each company's values of them. */
@RestController
class MetricResource {

    private static final String DEFINITION_SEQUENCE = "metric_definitions";
    private static final String VALUE_SEQUENCE = "company_metric_values";

    private final MetricStore store;
    private final CompanyDirectory companies;
    private final IdSequences ids;
    private final JsonBodyReader bodies;
    private final IdempotentRequests idempotent;

    MetricResource(MetricStore store, CompanyDirectory companies, IdSequences ids, JsonBodyReader bodies,
                   IdempotentRequests idempotent) {
        this.store = store;
        this.companies = companies;
        this.ids = ids;
        this.bodies = bodies;
        this.idempotent = idempotent;
    }

    @PostMapping("/external/v1/customers/metrics")
    Mono<ResponseEntity<JsonNode>> define(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED,
                () -> define(organizationId, bodies.bind(body, NewMetric.SCHEMA, NewMetric.class))));
    }

    @PostMapping("/external/v1/customers/companies/{company_id}/metrics")
    Mono<ResponseEntity<JsonNode>> setValue(@PathVariable("company_id") String companyPublicId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.readTree(exchange).flatMap(body -> idempotent.answer(exchange, body, HttpStatus.CREATED, () -> {
            NewMetricValue request = bodies.bind(body, NewMetricValue.SCHEMA, NewMetricValue.class);
            return company(organizationId, companyPublicId).flatMap(company -> set(organizationId, company, request));
        }));
    }

    private Mono<MetricDefinition> define(long organizationId, NewMetric request) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return ids.next(DEFINITION_SEQUENCE)
                .map(id -> new MetricDefinition(id, IdSequences.publicId(), request.name(), request.description(),
                        request.dataType(), organizationId, now, now))
                .flatMap(store::insertDefinition)
                .onErrorMap(DuplicateKeyException.class, duplicate -> ApiException.conflict("A metric with this name already exists"));
    }

    @GetMapping("/external/v1/customers/companies/{company_id}/metrics")
    Mono<List<MetricValue>> values(@PathVariable("company_id") String companyPublicId, ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return company(organizationId, companyPublicId)
                .flatMap(company -> store.values(organizationId, company.id()).collectList());
    }

    private Mono<Company> company(long organizationId, String companyPublicId) {
        return companies.find(organizationId, companyPublicId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Company")));
    }

    private Mono<MetricValue> set(long organizationId, Company company, NewMetricValue request) {
        return store.findDefinition(organizationId, request.metricId())
                .switchIfEmpty(Mono.error(() -> new RequestValidationException(Violations.valueError(
                        Loc.body().field("metric_id"), request.metricId(), "metric not found"))))
                .flatMap(definition -> {
                    DataType.Parsed parsed = DataType.valueOf(definition.dataType()).parse(request.value());
                    String value = parsed.value().orElseThrow(() -> new RequestValidationException(
                            Violations.valueError(Loc.body().field("value"), request.value(), parsed.problem())));
                    return upsert(organizationId, company, definition, value);
                });
    }

    /** One value per company and metric: update it, or create it; a racing creation turns into an update. */
    private Mono<MetricValue> upsert(long organizationId, Company company, MetricDefinition definition, String value) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Mono<MetricValue> update = store.updateValue(organizationId, company.id(), definition.id(), value, now);
        return update.switchIfEmpty(Mono.defer(() -> ids.next(VALUE_SEQUENCE)
                        .map(id -> new MetricValue(id, company.id(), definition.id(), definition.name(), definition.dataType(),
                                value, now, now))
                        .flatMap(created -> store.insertValue(created, organizationId, company.companyId()))))
                .onErrorResume(DuplicateKeyException.class, raced -> update);
    }
}
