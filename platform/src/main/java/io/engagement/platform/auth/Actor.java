package io.engagement.platform.auth;

/**
 * The person a request acts for when it came with a signed-in session rather than a key, as the
 * gateway knew them when it let the request in: what a service records as who acted.
 *
 * @param personId the person's id ({@code per_...}), the same in every organization
 * @param email    the person's e-mail address
 * @param name     the person's name, {@code null} when they gave none
 * @param role     the person's role in the request's organization
 */
public record Actor(String personId, String email, String name, Role role) {
}
