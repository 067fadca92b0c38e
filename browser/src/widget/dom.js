/**
 * Builds an element. Text (server data included) only ever goes in through textContent or an
 * attribute, never as markup: a message cannot inject anything into the page.
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  Object.entries(attributes).forEach(([name, value]) => {
    if (value === false || value == null) return;
    if (name === 'text') element.textContent = value;
    else if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : value);
  });
  children.flat().forEach((child) => child != null && element.append(child));
  return element;
}

export function show(element, visible) {
  element.hidden = !visible;
}
