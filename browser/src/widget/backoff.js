export const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 30000;

/**
 * The wait before retry number `attempt` (0 first): 0.5 s doubling up to 30 s. Half of it is
 * random so that the thousands of widgets one server restart drops do not all come back in the
 * same instant, and the other half fixed so a retry never comes straight back.
 */
export function backoffDelay(attempt, random = Math.random) {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * Math.pow(2, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
