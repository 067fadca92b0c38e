package io.engagement.gateway.routing;

import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.loadbalancer.core.DelegatingServiceInstanceListSupplier;
import org.springframework.cloud.loadbalancer.core.ServiceInstanceListSupplier;
import reactor.core.publisher.Flux;

import java.util.List;

/**
 * The replicas that passed their last readiness probe, or all of them when none did: a probe that
 * timed out on a busy machine must not turn a working service into 503s. A replica that is really
 * gone refuses the connection, and {@link ReplicaFailover} sends the request to the next one.
 */
class ReadyOrAllReplicas extends DelegatingServiceInstanceListSupplier {

    private final List<ServiceInstance> all;

    ReadyOrAllReplicas(ServiceInstanceListSupplier ready, List<ServiceInstance> all) {
        super(ready);
        this.all = List.copyOf(all);
    }

    @Override
    public Flux<List<ServiceInstance>> get() {
        return delegate.get().map(ready -> ready.isEmpty() ? all : ready);
    }
}
