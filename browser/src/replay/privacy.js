// What rrweb may see: the organization's replay settings turned into rrweb's record options.
// Everything is masked by default; the chat widget and the settings' block selector are never recorded.

/** Marks on a page's elements that the recorder honours whatever the settings say. */
export const WIDGET_SELECTOR = '#engagement-widget, [data-engagement-block]';
export const UNMASK_ATTRIBUTE = 'data-engagement-unmask';

/** Each character but whitespace becomes '*', so the layout keeps its shape and the words are gone. */
export function mask(text) {
  return text.replace(/\S/g, '*');
}

/** rrweb's options for {@code record}, from {@code GET /sdk/v1/config}'s {@code replay}. */
export function recordOptions(settings) {
  const blockSelector = settings.block_selector ? `${settings.block_selector}, ${WIDGET_SELECTOR}` : WIDGET_SELECTOR;
  return {
    blockSelector,
    // rrweb's default masks only passwords; here inputs follow the settings and passwords are always masked
    maskAllInputs: settings.mask_all_inputs !== false,
    maskInputOptions: { password: true },
    maskInputFn: (value) => mask(value),
    // text: every node under an element matching '*', i.e. all of them, unless an ancestor opts out
    maskTextSelector: settings.mask_all_text !== false ? '*' : null,
    maskTextFn: (text, element) => (element && element.closest(`[${UNMASK_ATTRIBUTE}]`) ? text : mask(text)),
    // scripts, comments and head metadata are never replayed: sending them only costs bytes
    slimDOMOptions: 'all',
    sampling: { mousemove: 50, scroll: 150, media: 800, input: 'last' },
    collectFonts: false,
    recordCanvas: false,
  };
}
