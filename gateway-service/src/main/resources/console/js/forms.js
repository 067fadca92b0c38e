// Forms described as data, read back into the API's JSON, and the API's 422 messages shown beside
// the field their `loc` names. Every control carries data-path (["schedule","monday",0,"start"] is
// "schedule.monday.0.start"); a message for a path without its own control (an array element, a
// whole list) goes to the nearest enclosing one, else to the form.
import { h } from './dom.js';

let serial = 0;
const idFor = path => `f${++serial}-${path.join('-').replace(/[^A-Za-z0-9_-]/g, '_') || 'form'}`;
const key = path => path.join('.');

function errorSlot(path, id) {
  return h('p', { class: 'field-error', id: `${id}-error`, 'data-error-for': key(path), 'aria-live': 'polite' });
}

function control(field, value, path) {
  const id = idFor(path);
  const common = { id, name: key(path), 'data-path': key(path), 'aria-describedby': `${id}-error`, required: field.required };
  switch (field.type) {
    case 'checkbox': {
      // a disabled box (a choice the plan does not allow) still reads back, so the form saves as loaded
      const input = h('input', { ...common, type: 'checkbox', checked: Boolean(value), disabled: field.disabled });
      const hint = field.hint ? h('small', { id: `${id}-hint` }, field.hint) : null;
      if (hint) input.setAttribute('aria-describedby', `${id}-error ${id}-hint`);
      return { el: h('div', { class: 'field inline' }, input, h('label', { for: id }, field.label), hint, errorSlot(path, id)), read: () => input.checked };
    }
    case 'select': {
      const select = h('select', common, (field.empty !== undefined ? [['', field.empty]] : []).concat(field.options.map(o => Array.isArray(o) ? o : [o, o]))
        .map(([v, text]) => h('option', { value: v, selected: String(value ?? '') === v }, text)));
      return labelled(field, id, select, path, () => select.value === '' && field.empty !== undefined ? null : select.value);
    }
    case 'textarea':
    case 'lines': {
      const text = field.type === 'lines' ? (value ?? []).join('\n') : value ?? '';
      const area = h('textarea', { ...common, rows: field.rows ?? 3 }, text);
      return labelled(field, id, area, path, () => field.type === 'lines'
        ? area.value.split('\n').map(s => s.trim()).filter(Boolean) : area.value);
    }
    case 'list':
    case 'numbers': {
      const input = h('input', { ...common, type: 'text', value: (value ?? []).join(', '), placeholder: field.placeholder });
      return labelled(field, id, input, path, () => input.value.split(',').map(s => s.trim()).filter(Boolean)
        .map(s => field.type === 'numbers' && /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s));
    }
    case 'number': {
      const input = h('input', { ...common, type: 'text', inputmode: 'numeric', value: value ?? '' });
      return labelled(field, id, input, path, () => {
        const s = input.value.trim();
        return s === '' ? null : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
      });
    }
    case 'checks': return checks(field, value ?? [], path, id);
    case 'group': return group(field, value ?? {}, path, id);
    case 'rows': return rows(field, value ?? [], path, id);
    case 'file': {
      const input = h('input', { ...common, type: 'file', accept: field.accept });
      return labelled(field, id, input, path, () => input.files[0] ?? null);
    }
    default: {
      const input = h('input', { ...common, type: field.type ?? 'text', value: value ?? '', placeholder: field.placeholder, autocomplete: 'off' });
      return labelled(field, id, input, path, () => field.nullable && input.value === '' ? null : input.value);
    }
  }
}

function labelled(field, id, input, path, read) {
  const hint = field.hint ? h('small', { id: `${id}-hint` }, field.hint) : null;
  if (hint) input.setAttribute('aria-describedby', `${id}-error ${id}-hint`);
  return { el: h('div', { class: 'field' }, h('label', { for: id }, field.label), input, hint, errorSlot(path, id)), read };
}

function checks(field, value, path, id) {
  const boxes = field.options.map(option => {
    const boxId = idFor([...path, option]);
    const box = h('input', { id: boxId, type: 'checkbox', value: option, checked: value.includes(option), 'data-path': key(path) + '#' + option });
    return [box, h('div', { class: 'field inline' }, box, h('label', { for: boxId }, option))];
  });
  const el = h('fieldset', { 'data-path': key(path), 'aria-describedby': `${id}-error` },
    h('legend', {}, field.label), h('div', { class: 'row' }, boxes.map(([, wrap]) => wrap)), errorSlot(path, id));
  return { el, read: () => boxes.filter(([box]) => box.checked).map(([box]) => box.value) };
}

function group(field, value, path, id) {
  const parts = field.fields.map(sub => [sub.name, control(sub, value[sub.name], [...path, sub.name])]);
  const el = h('fieldset', { 'data-path': key(path), 'aria-describedby': `${id}-error` },
    h('legend', {}, field.label), h('div', { class: field.layout ?? 'grid' }, parts.map(([, part]) => part.el)), errorSlot(path, id));
  return {
    el,
    read: () => {
      const result = Object.fromEntries(parts.map(([name, part]) => [name, part.read()]));
      // an optional group left empty is sent as null (quiet hours off)
      return field.nullable && Object.values(result).every(v => v === null || v === '') ? null : result;
    },
  };
}

function rows(field, value, path, id) {
  const list = h('div', { class: 'rows' });
  let current = [];
  const readAll = () => current.map(row => row.read());
  const draw = values => {
    current = values.map((rowValue, index) => {
      const rowPath = [...path, index];
      const rowId = idFor(rowPath);
      const parts = field.fields.map(sub => [sub.name, control(sub, rowValue?.[sub.name], [...rowPath, sub.name])]);
      const remove = h('button', { type: 'button', class: 'secondary', 'aria-label': `Remove ${field.item ?? 'row'} ${index + 1} of ${field.label}`,
        onclick: () => { const all = readAll(); all.splice(index, 1); draw(all); } }, 'Remove');
      const el = h('div', { class: 'row', 'data-path': key(rowPath), role: 'group', 'aria-label': `${field.label} ${field.item ?? 'row'} ${index + 1}` },
        parts.map(([, part]) => part.el), remove, errorSlot(rowPath, rowId));
      return { el, read: () => Object.fromEntries(parts.map(([name, part]) => [name, part.read()])) };
    });
    list.replaceChildren(...current.map(row => row.el));
  };
  draw(value);
  const add = h('button', { type: 'button', class: 'secondary', onclick: () => draw([...readAll(), { ...field.blank }]) }, `Add ${field.item ?? 'row'}`);
  const el = h('fieldset', { 'data-path': key(path), 'aria-describedby': `${id}-error` },
    h('legend', {}, field.label), list, errorSlot(path, id), h('div', {}, add));
  return { el, read: readAll };
}

/** A form for `fields` filled from `value`; `read()` gives the JSON to send. */
export function buildForm(fields, value = {}, { submitLabel = 'Save', onSubmit, extra = [] } = {}) {
  const parts = fields.map(field => [field.name, control(field, value[field.name], [field.name])]);
  const formError = h('p', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit' }, submitLabel);
  const form = h('form', { novalidate: true }, parts.map(([, part]) => part.el), formError, h('div', { class: 'row' }, button, extra));
  const read = () => Object.fromEntries(parts.map(([name, part]) => [name, part.read()]));
  form.addEventListener('submit', async event => {
    event.preventDefault();
    clearErrors(form);
    button.disabled = true;
    try {
      await onSubmit(read(), form);
    } catch (failure) {
      showError(form, failure);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

export function clearErrors(form) {
  form.querySelectorAll('.field-error, .form-error').forEach(el => { el.textContent = ''; });
  form.querySelectorAll('[aria-invalid]').forEach(el => el.removeAttribute('aria-invalid'));
  form.querySelector('.form-error').className = 'form-error';
}

/** Puts each 422 entry beside its field; anything else (401, 403, 404, 409...) above the buttons. */
export function showError(form, failure) {
  const violations = failure.violations ?? [];
  if (!violations.length) {
    formMessage(form, failure.message ?? String(failure));
    return;
  }
  let first = null;
  for (const violation of violations) {
    const loc = Array.isArray(violation.loc) ? violation.loc : [];
    const path = loc[0] === 'body' || loc[0] === 'query' || loc[0] === 'path' ? loc.slice(1) : loc;
    const slot = nearestSlot(form, path);
    if (!slot) {
      formMessage(form, `${path.join('.') || 'Request'}: ${violation.msg}`);
      continue;
    }
    slot.textContent = slot.textContent ? `${slot.textContent} ${violation.msg}` : violation.msg;
    const target = form.querySelector(`[data-path="${CSS.escape(slot.dataset.errorFor)}"]`);
    if (target) {
      target.setAttribute('aria-invalid', 'true');
      first ??= target.matches('input, select, textarea') ? target : target.querySelector('input, select, textarea');
    }
  }
  first?.focus();
}

function nearestSlot(form, path) {
  for (let length = path.length; length > 0; length--) {
    const slot = form.querySelector(`[data-error-for="${CSS.escape(path.slice(0, length).join('.'))}"]`);
    if (slot) return slot;
  }
  return null;
}

export function formMessage(form, message, kind = 'error') {
  const el = form.querySelector('.form-error');
  el.className = kind === 'ok' ? 'form-error notice ok' : 'form-error';
  el.textContent = message;
}

/** Plain objects merged key by key; arrays and values replaced: fields a form does not show keep what was read. */
export function merge(base, changes) {
  if (!isObject(base) || !isObject(changes)) return changes;
  const result = { ...base };
  for (const [name, value] of Object.entries(changes)) result[name] = merge(base[name], value);
  return result;
}

const isObject = v => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The body without the optional fields left empty. */
export const compact = body => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== ''));
