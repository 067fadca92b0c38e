package io.engagement.gateway.routing;

import org.springframework.cloud.loadbalancer.annotation.LoadBalancerClients;
import org.springframework.context.annotation.Configuration;

/**
 * Routes name their service as {@code lb://customer}; the load balancer picks, round robin, among the
 * configured replicas that answer their readiness probe (checked every
 * {@code spring.cloud.loadbalancer.health-check.interval}), so a replica that stops is out of rotation
 * within a probe interval and one that starts is in once it is ready ({@link ReadyOrAllReplicas}).
 */
@Configuration(proxyBeanMethods = false)
@LoadBalancerClients(defaultConfiguration = ReplicaSupplierConfiguration.class)
class ServiceReplicas {
}
