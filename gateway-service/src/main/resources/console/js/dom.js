// Builds elements from data without ever parsing it as HTML.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (name in el && typeof value !== 'string') el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function mount(view, ...children) {
  view.replaceChildren();
  append(view, children);
}

export function badge(value) {
  return value == null ? '—' : h('span', { class: `badge ${String(value).toLowerCase()}` }, String(value).replace(/_/g, ' '));
}

export function when(iso) {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
}

export function table(caption, columns, rows, empty = 'Nothing yet.') {
  if (!rows.length) return h('p', { class: 'notice' }, empty);
  return h('div', { class: 'table-wrap' },
    h('table', {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, columns.map(([title]) => h('th', { scope: 'col' }, title)))),
      h('tbody', {}, rows.map(row => h('tr', {}, columns.map(([, cell]) => h('td', {}, cell(row) ?? '—')))))));
}

export function facts(entries) {
  return h('dl', { class: 'facts' }, entries.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value ?? '—')]));
}

export function announce(message) {
  document.getElementById('status').textContent = message;
}

const leaving = [];

/** Runs `close` when the console leaves the current page (another route, sign-out): sockets, timers, players. */
export function onLeave(close) {
  leaving.push(close);
}

export function leave() {
  for (const close of leaving.splice(0)) {
    try { close(); } catch { /* a page's clean-up never blocks the next one */ }
  }
}
