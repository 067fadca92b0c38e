package io.engagement.customer;

import io.engagement.platform.event.OrganizationPolicyFollowing;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * Customers, companies and company metrics of each organization, and the settings of its chat
 * widget; organization policies are followed for the plan, which white label needs.
 */
@SpringBootApplication
@Import(OrganizationPolicyFollowing.class)
public class CustomerServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(CustomerServiceApplication.class, args);
    }
}
