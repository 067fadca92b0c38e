const FOCUSABLE = 'button,[href],input,select,textarea,[tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `container`: enabled and not inside anything hidden. */
export function focusables(container) {
  return Array.from(container.querySelectorAll(FOCUSABLE)).filter((element) => !element.disabled && !element.closest('[hidden]'));
}

/**
 * The dialog's keyboard handler: Tab and Shift+Tab wrap around inside `container`, so a keyboard
 * or screen-reader user cannot wander into the page behind a modal dialog, and Escape leaves it.
 * `activeElement` is asked for because inside a shadow root document.activeElement is the host.
 */
export function trapFocus(container, { activeElement, onEscape }) {
  return (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(container);
    const active = activeElement();
    const outside = !container.contains(active);
    if (!items.length) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (outside || active === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  };
}
