package io.engagement.platform.event;

/**
 * An organization's activity segment thresholds in days changed ({@link Topics#CUSTOMER}, keyed
 * {@code org:settings-activity-segments}): a customer last seen longer ago than each stops being
 * {@code active}, {@code slightly_active} and {@code dormant}.
 */
@EventType("settings.activity_segments.changed")
public record ActivitySegmentsChanged(int activeDays, int slightlyActiveDays, int dormantDays) implements DomainEvent {
}
