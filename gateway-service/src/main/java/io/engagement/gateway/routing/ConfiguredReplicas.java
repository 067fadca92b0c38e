package io.engagement.gateway.routing;

import org.springframework.cloud.client.DefaultServiceInstance;
import org.springframework.cloud.client.ServiceInstance;
import org.springframework.cloud.loadbalancer.core.ServiceInstanceListSupplier;
import reactor.core.publisher.Flux;

import java.net.URI;
import java.util.List;

/** The replicas of one service exactly as configured; their health is the next supplier's concern. */
record ConfiguredReplicas(String serviceId, List<URI> replicas) implements ServiceInstanceListSupplier {

    @Override
    public String getServiceId() {
        return serviceId;
    }

    @Override
    public Flux<List<ServiceInstance>> get() {
        return Flux.just(instances());
    }

    List<ServiceInstance> instances() {
        return replicas.stream().map(this::instance).toList();
    }

    private ServiceInstance instance(URI uri) {
        boolean secure = "https".equals(uri.getScheme());
        int port = uri.getPort() > 0 ? uri.getPort() : (secure ? 443 : 80);
        return new DefaultServiceInstance(serviceId + "@" + uri.getAuthority(), serviceId, uri.getHost(), port, secure);
    }
}
