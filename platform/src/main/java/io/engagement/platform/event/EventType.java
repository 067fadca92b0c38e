package io.engagement.platform.event;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The one place an event's {@code type} is named: the envelope's {@code type} of every record of a
 * {@link DomainEvent}. Past tense ({@code customer.created}); a rename is a new event, never an edit.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface EventType {

    String value();
}
