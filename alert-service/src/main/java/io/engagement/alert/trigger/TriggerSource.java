package io.engagement.alert.trigger;

/** An organization's trigger settings, as evaluation reads them with every signal (the cache in the service). */
@FunctionalInterface
interface TriggerSource {

    TriggerSettings of(long organizationId);
}
