package io.engagement.customer.ticket;

import java.time.Instant;
import java.util.List;

/**
 * What one {@code PATCH} writes: a null {@code status} or {@code tags} is left as stored, and the
 * assignee is written only when {@code setsAssignee} (given, or chosen by auto-assignment).
 */
record TicketUpdate(String status, List<String> tags, boolean setsAssignee, String assigneeEmail, Instant at) {
}
