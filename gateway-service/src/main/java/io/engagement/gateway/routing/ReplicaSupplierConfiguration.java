package io.engagement.gateway.routing;

import org.springframework.cloud.loadbalancer.core.ServiceInstanceListSupplier;
import org.springframework.cloud.loadbalancer.support.LoadBalancerClientFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Applied once per service, in the load balancer's own context for that service. Deliberately neither
 * a component nor nested in one, so the gateway's own context does not pick it up.
 */
class ReplicaSupplierConfiguration {

    @Bean
    ServiceInstanceListSupplier replicaSupplier(ConfigurableApplicationContext context, ServiceUris services) {
        String service = context.getEnvironment().getRequiredProperty(LoadBalancerClientFactory.PROPERTY_NAME);
        ConfiguredReplicas configured = new ConfiguredReplicas(service, services.replicasOf(service));
        return ServiceInstanceListSupplier.builder()
                .withBase(configured)
                .withHealthChecks(WebClient.create())
                .with((ignored, ready) -> new ReadyOrAllReplicas(ready, configured.instances()))
                .build(context);
    }
}
